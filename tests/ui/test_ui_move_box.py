"""The move box says its mistakes as precisely as the board does, says what to type on an empty
Return; a move is typed into it from the board, where the keyboard stays (Ctrl+M, or digits
then "-"), and the board's keys are its own again once the move is played (so the reading keys
work again); radio menu items (View > Theme, Text size, the Speech settings) stay one ticked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.session.game import Mode
from checkers_desktop.texts.move_box import typed_mistake
from checkers_desktop.ui.settings import SPEECH_SPECS

pytestmark = pytest.mark.timeout(60)


def type_move(qtbot, window, text):
    """Ctrl+M, ``text`` and Enter, typed as a player does (on the board, where the keyboard
    stays)."""
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.board.table
    assert window.board.entry is window.move_box
    if text:
        qtbot.keyClicks(QApplication.focusWidget(), text)
    assert window.move_box.text() == text
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_a_move_typed_after_ctrl_m_keeps_the_keyboard_on_the_board(make_window, qtbot):
    """Ctrl+M, 11-15, Enter: the move is typed into the move box (shown there, framed as the
    focus is) while the keyboard focus stays on the board's table, so a screen reader hears no
    focus leave the board and come back (it said the table's name, its size and the cursor's
    whole row after every move typed); the move and the computer's reply are what is said."""
    window = make_window()
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    moved: list = []
    QApplication.instance().focusChanged.connect(lambda _old, new: moved.append(new))
    window.synth.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert window.synth.spoken == ["Type a move, then Enter."]
    assert window.move_box.property("typing") is True
    qtbot.keyClicks(QApplication.focusWidget(), "11-15")
    assert window.move_box.text() == "11-15"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.session.board.move_stack[0].pdn() == "11-15"
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert moved == [] and QApplication.focusWidget() is window.board.table
    assert window.move_box.text() == "" and window.board.entry is None
    assert window.move_box.property("typing") is False
    assert any(t.startswith("You: eleven to fifteen") for t in window.synth.spoken)


def test_escape_ends_a_typed_move_and_says_the_square(make_window, qtbot):
    """Escape while a move is typed: the board's keys are its own again (the text stays in the
    box), and the square under the cursor is said; an arrow key ends the typing too and moves
    the cursor."""
    window = make_window()
    window.board.set_cursor(11)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "11-")
    window.synth.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert window.board.entry is None and window.move_box.text() == "11-"
    assert window.synth.spoken[-1].startswith("11, black man")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert window.move_box.selectedText() == "11-"  # what is typed next replaces it
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert window.board.entry is None and window.board.cursor != 11


@pytest.mark.parametrize("text,said", [
    ("", "The move box is empty. Type a move such as 11-15, or 22x15 for a jump, then press "
         "Enter. Escape goes back to the board."),
    ("   ", "The move box is empty."),
    ("0-4", "There is no square 0. Squares are 1 to 32."),
    ("33-29", "There is no square 33. Squares are 1 to 32."),
    ("11-99", "There is no square 99. Squares are 1 to 32."),
    ("hello", "'hello' is not a move: type the square a piece moves from and the square it "
              "moves to, such as 11-15, or 22x15 for a jump."),
    ("15", "'15' is one square: type the square the piece moves to as well, such as 15-19."),
])
def test_move_box_mistakes_are_precise(make_window, qtbot, text, said):
    window = make_window()
    fen = window.session.board.fen()
    window.synth.clear()
    type_move(qtbot, window, text)
    assert window.synth.spoken[-1].startswith(said)
    assert said in window.status.text()
    assert window.session.board.fen() == fen
    # stays, to be corrected, typed on from the board
    assert QApplication.focusWidget() is window.board.table
    assert window.board.entry is window.move_box
    assert window.sounds.played[-1] == "refused"


def test_a_move_played_gives_the_focus_back_to_the_board(make_window, qtbot):
    window = make_window()
    type_move(qtbot, window, "11-15")
    assert window.session.board.ply >= 1
    assert window.board.focused_square() == window.board.cursor
    # a reading key now reads, it is not typed into the box
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_J)
    assert window.move_box.text() == ""
    assert window.synth.spoken[-1].startswith(("Black", "No jump", "Red"))


def test_a_new_game_starts_with_an_empty_move_box(make_window, qtbot):
    """A refused move stays in the box to be corrected; it belonged to that game, and was still
    there after a new game and into a match (seen under a score-sheet screenshot)."""
    window = make_window()
    type_move(qtbot, window, "15-18")
    assert window.move_box.text() == "15-18"  # refused: kept to be corrected
    window.new_game(Mode.TWO_PLAYERS)
    qtbot.waitUntil(lambda: window.session.board.ply == 0)
    assert window.move_box.text() == ""


@pytest.mark.parametrize("keys, box", [("11-15", "11-15"), ("22x", "22x")])
def test_a_move_typed_on_the_board_goes_on_in_the_move_box(make_window, qtbot, keys, box):
    """A player who types moves on the board ("11-15", Enter) had the cursor sent to square 15,
    and nothing said why. The digits then "-" or "x" carry the move into the move box, typed on
    from the board (the keyboard stays there); "x" there is not the X key's command."""
    window = make_window()
    window.board.focus_cursor()
    for ch in keys:
        qtbot.keyClicks(QApplication.focusWidget(), ch)
    assert QApplication.focusWidget() is window.board.table
    assert window.board.entry is window.move_box
    assert window.move_box.text() == box and not window.move_box.hasSelectedText()
    assert any(t.startswith(f"Move box: {keys[:3]}") for t in window.synth.spoken)
    if box == "11-15":
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert window.session.board.ply >= 1 and window.session.board.move_stack[0].pdn() == \
            "11-15"


def test_digits_then_enter_on_the_board_still_go_to_a_square(make_window, qtbot):
    window = make_window()
    window.board.focus_cursor()
    qtbot.keyClicks(QApplication.focusWidget(), "23")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.board.cursor == 23 and QApplication.focusWidget() is not window.move_box
    # X alone (no digits before it) is still the board-as-text command
    window.synth.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_X)
    assert QApplication.focusWidget() is not window.move_box and window.synth.spoken


def test_digits_typed_on_the_board_are_said_as_they_are_typed(make_window, qtbot):
    """Each digit typed on the board is said at once, with the digits before it ("1", then
    "10"), to the screen reader as well (politely: the board's cell does not change, so a
    screen reader says nothing by itself); Backspace says what is left."""
    from PySide6.QtGui import QAccessible

    from checkers_desktop.speech.announcer import Priority

    window = make_window()
    window.board.focus_cursor()
    window.synth.clear()
    window.events.events.clear()
    qtbot.keyClicks(QApplication.focusWidget(), "1")
    assert window.announcer.history[-1] == ("1", Priority.READING)
    qtbot.keyClicks(QApplication.focusWidget(), "0")
    assert window.announcer.history[-1] == ("10", Priority.READING)
    assert window.synth.spoken == ["1", "10"]
    polite = QAccessible.AnnouncementPoliteness.Polite
    assert [(m, p) for m, p, _ in window.events.events] == [("1", polite), ("10", polite)]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backspace)
    assert window.synth.spoken[-1] == "1"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backspace)
    assert window.synth.spoken[-1] == "Nothing typed."
    qtbot.keyClicks(QApplication.focusWidget(), "23")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.board.cursor == 23 and window.synth.spoken[-1].startswith("23, ")


def test_a_digit_typed_does_not_cut_off_a_refusal(make_window, qtbot):
    """The echo of a digit waits behind an INTERRUPT text (here a refusal; the computer's move
    and the clock warnings are said the same way) instead of cutting it off, and a later digit
    takes the place of the earlier one still waiting."""
    from checkers_desktop.speech.fake import FakeSynth

    window = make_window(synth=FakeSynth(hold=True))
    window.board.focus_cursor()
    window.synth.finish_all()
    window.synth.clear()
    window.board.set_cursor(15)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # 15 is empty: refused
    refusal = window.synth.speaking
    assert refusal and refusal.startswith("Fifteen is empty")
    qtbot.keyClicks(QApplication.focusWidget(), "1")
    qtbot.keyClicks(QApplication.focusWidget(), "0")
    assert window.synth.speaking == refusal and refusal not in window.synth.interrupted
    assert window.synth.finish() == refusal
    assert window.synth.speaking == "10" and window.synth.dropped == ["1"]


def test_a_legal_looking_move_still_goes_to_the_referee():
    assert typed_mistake("11-15") is None and typed_mistake("26x17x10") is None
    assert typed_mistake("x" * 200).startswith("That is too long")


def _ticked(actions) -> list[str]:
    return [a.objectName() for a in actions if a.isChecked()]


def test_radio_items_stay_one_ticked(make_window):
    window = make_window()
    display = window.display
    themes = list(display.theme_actions.values())
    for _ in range(len(themes) + 1):
        display.next_theme()
        assert _ticked(themes) == [f"theme-{display.theme.key}"]
    sizes = list(display.text_size_actions.values())
    for percent in (200, 125, 300, 100):
        display.set_text_size(percent)
        assert _ticked(sizes) == [f"text-size-{percent}"]
    speech = window.speech_controls
    for key, actions in speech.setting_actions.items():
        values = list(actions)
        if len(values) < 2:
            continue
        for action in actions.values():  # the menu's exclusive group
            group = action.actionGroup()
            assert group is not None and group.isExclusive(), key
        spec = next(s for s in SPEECH_SPECS if s.key == key)
        for value in (values[-1], values[0]):
            speech._check(spec, value)
            assert len(_ticked(actions.values())) == 1, key
