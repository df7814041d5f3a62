"""A two-player match at one keyboard, through the window, as at an event table: the official
starts it with a PIN, warns the player to move for stalling and penalises her; she presses Enter
on her own man to make her jump and types the jump (nothing is removed, she is told it is her
opponent's choice); her opponent picks her checker on the board and confirms; the removal is said
once and is in the move history (H), the PDN and the score sheet."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.ui.event.match_dialog import MatchDialog

from modal import when_modal

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier
PIN = "1357"

pytestmark = pytest.mark.timeout(120)


class Answers:
    """The window's questions answered from a script: each question is kept; the answer is the
    next of ``script`` (a bool), or ``default``."""

    def __init__(self, default: bool = True) -> None:
        self.asked: list[str] = []
        self.script: list[bool] = []
        self.default = default

    def __call__(self, question: str, title: str = "", on_answer=None, **_) -> bool:
        self.asked.append(question)
        return self.script.pop(0) if self.script else self.default


def key(qtbot, k, modifiers=NONE) -> None:
    qtbot.keyClick(QApplication.focusWidget(), k, modifiers)


def form(qtbot, names):
    def make(parent):
        dialog = MatchDialog(parent)
        qtbot.keyClicks(dialog.fields["name-1"], names[0])
        qtbot.keyClicks(dialog.fields["name-2"], names[1])
        dialog.fields["profile"].setCurrentIndex(dialog.fields["profile"].findData("va-vi"))
        qtbot.keyClicks(dialog.fields["official"], "Carol Ruiz")
        qtbot.keyClicks(dialog.fields["pin"], PIN)
        qtbot.keyClicks(dialog.fields["pin-again"], PIN)

        def exec_():
            dialog.accept()
            return dialog.result()
        dialog.exec = exec_
        return dialog
    return make


def start(window, qtbot, tmp_path, names=("Mary Jones", "John Smith")):
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.now = lambda: datetime(2026, 6, 14, 10, 30, 0)
    seed = next(s for s in range(100) if random.Random(s).random() < 0.5)
    menu.rng = random.Random(seed)
    menu.dialog_factory = form(qtbot, names)
    window.board.focus_cursor()
    key(qtbot, Qt.Key.Key_M, CTRL_SHIFT)
    qtbot.waitUntil(lambda: menu.current is not None and menu.current.game is not None)
    return menu.current, menu


def pin(action, official, check):
    return official if check(PIN, official).ok else None


def on_square(qtbot, window, square):
    window.board.set_cursor(square)
    key(qtbot, Qt.Key.Key_Return)


def type_in_move_box(qtbot, window, text):
    key(qtbot, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert window.board.entry is window.move_box  # typed on the board, into the move box
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def new_lines(window, since):
    return window.synth.spoken[since:]


def test_the_penalty_is_chosen_by_the_opponent_and_confirmed(make_window, qtbot, tmp_path):
    answers = Answers()
    window = make_window()
    window.ask.confirm = answers
    match, menu = start(window, qtbot, tmp_path)
    offender, chooser = match.player(BLACK), match.player(BLACK.other)
    menu.desk.ask_pin = pin
    menu.desk.choose = lambda title, label, options: options.index(f"{offender} (Black)")
    # Black 11-15, Red 22-18: Black must jump 15x22
    type_in_move_box(qtbot, window, "11-15")
    assert window.board.focused_square() == window.board.cursor
    type_in_move_box(qtbot, window, "22-18")
    # the official warns the offender (Ctrl+Alt+W), then penalises her (Ctrl+Alt+S): said once
    # each
    said = len(window.synth.spoken)
    key(qtbot, Qt.Key.Key_W, CTRL_ALT)
    assert new_lines(window, said) == [
        f"The official, Carol Ruiz, warns {offender}, Black, for stalling. If it goes on, a "
        "checker will be removed."]
    said = len(window.synth.spoken)
    key(qtbot, Qt.Key.Key_S, CTRL_ALT)
    prompt = (f"Stalling penalty on {offender}. {chooser}, choose one of {offender}'s checkers "
              "to remove: move to it and press Enter, or type its square.")
    assert new_lines(window, said) == [prompt]
    assert answers.asked[-1] == (f"{offender} is penalized for stalling: {chooser} chooses one "
                                 f"of {offender}'s checkers, which is removed.")
    # T and the status line say whose choice it is
    headline = (f"Penalty: {chooser} chooses one of {offender}'s Black checkers to remove. "
                "Nobody moves until then.")
    assert window.status.text().startswith(headline)
    key(qtbot, Qt.Key.Key_T)
    assert window.synth.spoken[-1] == headline
    fen = window.session.board.fen()

    # the offender presses Enter on her own man on 15 to make her jump: a pick to confirm; the
    # question names the chooser; she answers No: nothing removed
    answers.script = [False]
    asked = len(answers.asked)
    on_square(qtbot, window, 15)
    qtbot.waitUntil(lambda: len(answers.asked) > asked)
    assert answers.asked[-1] == (f"Remove {offender}'s Black man on 15? Only {chooser} answers: "
                                 f"the choice is {chooser}'s, not {offender}'s.")
    qtbot.waitUntil(lambda: window.session.removal.candidate is None)
    assert window.session.board.fen() == fen and match.pending_penalty is not None
    assert window.synth.spoken[-1].startswith(f"Nothing removed. {chooser}, choose one of "
                                              f"{offender}'s checkers")
    # she types her jump: refused, told it is the opponent's choice
    type_in_move_box(qtbot, window, "15x22")
    assert window.session.board.fen() == fen
    assert window.synth.spoken[-1] == (f"Nobody moves now: it is {chooser}'s choice. {chooser} "
                                       f"first chooses one of {offender}'s checkers to remove.")
    key(qtbot, Qt.Key.Key_Escape)  # back to the board
    # N goes round the checkers that may be removed (nothing is picked up by it)
    allowed = sorted(match.pending_penalty.squares)
    key(qtbot, Qt.Key.Key_N)
    assert window.board.cursor in allowed and window.synth.spoken[-1].startswith(
        f"{window.board.cursor}, black")
    assert window.session.board.fen() == fen

    # the chooser picks her man on 9 on the board and confirms: removed, said once
    answers.script = [True]
    said = len(window.synth.spoken)
    on_square(qtbot, window, 9)
    qtbot.waitUntil(lambda: window.session.board.piece_at(9) is None)
    assert match.pending_penalty is None
    assert answers.asked[-1].startswith(f"Remove {offender}'s Black man on 9? Only {chooser}")
    removal = f"{chooser} removes {offender}'s Black man on nine."
    assert new_lines(window, said) == [f"{removal} {offender}, Black to move. Black must jump."]
    assert window.board.focused_square() == window.board.cursor

    # the list of moves played shows it after the move it followed
    history = window.play_aids.panel.history
    items = [history.item(i).text() for i in range(history.count())]
    assert items[-1] == f"Penalty: {chooser} removed {offender}'s Black checker on nine."
    # H: the move history reads the removal
    key(qtbot, Qt.Key.Key_H)
    assert window.synth.spoken[-1] == (
        "1. Black eleven to fifteen, Red twenty-two to eighteen. Penalty: "
        f"{chooser} removed {offender}'s Black checker on nine.")

    # play goes on; the official ends the game by a forfeit; the PDN and the score sheet
    type_in_move_box(qtbot, window, "15x22")
    assert window.session.board.ply == 3
    menu.desk.ask_text = lambda title, label: "left the table"
    key(qtbot, Qt.Key.Key_F, CTRL_ALT)
    qtbot.waitUntil(lambda: match.games[0].result is not None)
    record = next(read_games((match.folder / "game-1.pdn").read_text(encoding="utf-8"))).game
    comments = " ".join(c for cs in record.comments.values() for c in cs)
    assert f"{chooser} removes {offender}'s Black man on 9. [%remove 9]" in comments
    assert "Official: The official, Carol Ruiz, warns" in comments
    html = match.score_sheet_html()
    assert f"{chooser} removes {offender}&#x27;s Black man on 9." in html
    assert "The official, Carol Ruiz, applies a stalling penalty" in html


def test_the_answer_is_applied_before_the_question_closes(qtbot):
    """The removal is carried out when Yes is pressed, before the question closes: the focus then
    comes back to a square whose name already says it is empty (a screen reader reads the
    focused square at once)."""
    from PySide6.QtWidgets import QMessageBox

    from checkers_desktop.ui.interaction import Interaction

    spoken = []
    ask = Interaction(None, spoken.append, spoken.append)
    seen = []

    shown = []

    def press_yes(box):
        assert isinstance(box, QMessageBox)
        shown.append((box.text(), box.accessibleDescription()))
        box.button(QMessageBox.StandardButton.Yes).click()

    def on_answer(yes):
        seen.append((yes, QApplication.activeModalWidget() is not None))
    when_modal(press_yes)
    assert ask.confirm("Remove Mary Jones's Black man on 9?", "Penalty", on_answer=on_answer)
    assert seen == [(True, True)]  # answered while the question was still open
    # the question is the box's text, said once (Orca also read a description repeating it)
    assert shown == [("Remove Mary Jones's Black man on 9?", "")]
    assert spoken == ["Remove Mary Jones's Black man on 9? Yes or No."]  # the app's own voice


def test_a_question_is_at_least_14_points_and_keeps_a_larger_text_size(qtbot):
    """Yes/No questions and choices stop the game: at the system's 9-10 pt a low-vision player
    cannot read them, so they are at least QUESTION_MIN_POINTS; a larger View > Text size is
    kept."""
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from checkers_desktop.ui.display import QUESTION_MIN_POINTS, apply_text_percent, base_font
    from checkers_desktop.ui.interaction import Interaction

    ask = Interaction(None, lambda text: None, lambda text: None)
    sizes = []

    def answer(dialog):
        sizes.append(dialog.font().pointSizeF())
        if isinstance(dialog, QMessageBox):
            dialog.button(QMessageBox.StandardButton.No).click()
        else:
            assert isinstance(dialog, QInputDialog)
            dialog.reject()

    try:
        for percent in (100, 300):
            apply_text_percent(percent)
            when_modal(answer)
            assert not ask.confirm("Resign this game?", "Resign")
            when_modal(answer)
            assert ask.choose("Open game", "Which game?", ["1. London", "2. Boston"]) is None
        small, larger = max(QUESTION_MIN_POINTS, base_font().pointSizeF()), \
            base_font().pointSizeF() * 3
        assert sizes == [small, small, larger, larger]
    finally:
        apply_text_percent(100)
