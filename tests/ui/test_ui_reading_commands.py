"""The one-key reading commands in the window: each key says its answer with the READING priority,
a new reading replaces the one being said, letters type normally in the move box, and S stops."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.speech.announcer import Priority
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.ui.actions import ACTIONS
from checkers_desktop.session.reading import READERS, screen_rows
from checkers_desktop.session.game import Mode
from checkers_desktop.rules.geometry import SQUARES

READ_SPECS = [spec for spec in ACTIONS if spec.menu == "Read"]


def focus_board(window, qtbot):
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == window.board.cursor)


def press(window, qtbot, key):
    qtbot.keyClick(QApplication.focusWidget(), key)


def reading_said(window) -> list[str]:
    return [text for text, priority in window.synth.outputs if priority is Priority.READING]


def test_every_read_command_has_a_single_letter_and_a_reader():
    ids = {spec.id for spec in READ_SPECS}
    assert ids - {"stop_speaking"} == set(READERS)
    for spec in READ_SPECS:
        assert re.fullmatch(r"[A-Z]", spec.shortcut), spec.id
        assert spec.accessible_name and spec.help_text


@pytest.mark.parametrize("key, check", [
    (Qt.Key.Key_B, lambda text, board: all(f"{sq} " in text for sq in SQUARES)
     and text.index("Row 1: 32 ") < text.index("Row 8: 4 ")),  # from Black's chair
    (Qt.Key.Key_P, lambda text, board: all(str(sq) in text for sq in board.squares(BLACK))
     and "Red" not in text),
    (Qt.Key.Key_O, lambda text, board: all(str(sq) in text for sq in board.squares(WHITE))
     and "Red" in text),
    (Qt.Key.Key_M, lambda text, board: text.count("12 men") == 2 and "even" in text),
    (Qt.Key.Key_L, lambda text, board: text == "No moves yet."),
    (Qt.Key.Key_H, lambda text, board: text == "No moves yet."),
    (Qt.Key.Key_T, lambda text, board: text.startswith("Black to move.")),
    (Qt.Key.Key_C, lambda text, board: "No clocks" in text),
    (Qt.Key.Key_A, lambda text, board: f"{len(board.legal_moves)} moves" in text),
    (Qt.Key.Key_D, lambda text, board: "fifteen" in text and "sixteen" in text),
    (Qt.Key.Key_J, lambda text, board: "no jump" in text),
    (Qt.Key.Key_R, lambda text, board: "Practice" in text),
])
def test_reading_keys_on_the_start_position(make_window, qtbot, key, check):
    window = make_window()
    focus_board(window, qtbot)
    assert window.board.cursor == 11
    window.synth.clear()
    press(window, qtbot, key)
    said = reading_said(window)
    assert len(said) == 1
    assert check(said[0], window.session.board), said[0]
    assert window.session.board.ply == 0  # reading never changes the game


def test_d_with_a_piece_picked_up_reads_that_piece_s_moves(make_window, qtbot):
    """Picking up moves the cursor to a destination, an empty square: D read "There is no piece
    on 15." there, just when the player asked where the piece in hand can go."""
    window = make_window()
    focus_board(window, qtbot)
    assert window.board.cursor == 11
    press(window, qtbot, Qt.Key.Key_Return)  # pick up the man on 11
    qtbot.waitUntil(lambda: window.session.selected == 11)
    assert window.board.cursor != 11
    window.synth.clear()
    press(window, qtbot, Qt.Key.Key_D)
    said = reading_said(window)
    assert len(said) == 1
    assert "fifteen" in said[0] and "sixteen" in said[0] and "no piece" not in said[0]


def test_a_new_reading_replaces_the_one_being_said_and_s_stops(make_window, qtbot):
    synth = FakeSynth(hold=True)
    window = make_window(synth=synth)
    focus_board(window, qtbot)
    synth.clear()
    press(window, qtbot, Qt.Key.Key_B)
    board_text = synth.speaking
    assert board_text.startswith("Row 1")
    press(window, qtbot, Qt.Key.Key_T)
    assert board_text in synth.interrupted
    assert synth.speaking.startswith("Black to move")
    press(window, qtbot, Qt.Key.Key_S)
    assert synth.speaking is None and synth.cancels >= 1


def test_letters_type_in_the_move_box_and_read_nothing(make_window, qtbot):
    """After Ctrl+M the letters typed on the board go into the move box; none is a reading
    key's command then. The same in the move box itself (reached by Tab or the mouse)."""
    window = make_window()
    window.focus_move_box()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table)
    window.synth.clear()
    qtbot.keyClicks(QApplication.focusWidget(), "b11")
    assert window.move_box.text() == "b11"
    assert reading_said(window) == []
    window.move_box.clear()
    window.move_box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.move_box)
    qtbot.keyClicks(window.move_box, "b11")
    assert window.move_box.text() == "b11"
    assert reading_said(window) == []


def test_readings_follow_the_game(make_window, qtbot):
    window = make_window()
    window.session.load_position("B:W18,30:B14,15,1", Mode.TWO_PLAYERS)
    focus_board(window, qtbot)
    window.synth.clear()
    for key in (Qt.Key.Key_J, Qt.Key.Key_A):
        press(window, qtbot, key)
    jumps, moves = reading_said(window)
    assert "must jump" in jumps and "fourteen jumps twenty-three" in jumps
    assert moves.startswith("Black has 2 jumps")
    window.session.submit_text("14x23")
    window.synth.clear()
    for key in (Qt.Key.Key_L, Qt.Key.Key_H, Qt.Key.Key_M):
        press(window, qtbot, key)
    last, history, counts = reading_said(window)
    assert last == "Last move: Black, fourteen jumps twenty-three."
    assert history.startswith("1. Black fourteen jumps twenty-three")
    assert "Black is ahead by 2" in counts


def test_screen_rows_follow_the_arrow_keys():
    from checkers_desktop.ui.board_widget import neighbour
    rows = screen_rows()
    assert sorted(sq for row in rows for sq in row) == list(SQUARES)
    for row in rows:
        for left, right in zip(row, row[1:]):
            assert neighbour(left, "right") == right
    assert screen_rows(True)[0][0] == 32


def test_clock_reading_under_a_timed_profile(make_window, qtbot, settings):
    settings.profile_key = "va-standard"
    window = make_window()
    text = window.speech_controls.reading_text("read_clocks")
    assert "Game time left: 10 minutes" in text or "Game time left: 9 minutes" in text
    assert "of 30 seconds" in text
    rules = window.speech_controls.reading_text("read_rules")
    assert "Touch and move" in rules and "25 seconds" in rules
    assert Board().fen() == window.session.board.fen()
