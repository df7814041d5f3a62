"""Practice: the hint (F9) off the GUI thread, marked on the board; take back (Ctrl+Z);
both refused with a reason under other rules."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK
from checkers_desktop.speech.spoken import spoken_move
from checkers_desktop.ui import practice
from checkers_desktop.session.ports import first_legal_move
from checkers_desktop.session.game import Mode
from checkers_desktop.rules.geometry import SQUARES

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(practice, "HINT_SECONDS", 0.2)


def key(qtbot, window, k, mods=Qt.KeyboardModifier.NoModifier):
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def test_f9_says_the_forced_jump_and_marks_its_squares_until_the_move(make_window, qtbot):
    window = make_window()
    # Black's man on 11 must jump Red's man on 15 (to 18); Red keeps a man on 30.
    window.session.load_position("B:W15,30:B11,1", Mode.COMPUTER)
    window.synth.clear()
    with qtbot.waitSignal(window.practice.hint_ready, timeout=5000) as blocker:
        key(qtbot, window, Qt.Key.Key_F9)
        assert window.synth.spoken == ["Looking for a hint."]  # said at once, searched off-thread
    assert blocker.args == ["Hint: eleven jumps eighteen. This jump is forced."]
    assert window.synth.spoken[-1] == blocker.args[0]
    for sq in (11, 18):
        assert window.board.squares[sq].marks.destination
    # told once, on the piece: the landing square is named in the hint
    assert window.board.squares[11].accessibleDescription().endswith("Hint.")
    assert "Hint." not in window.board.squares[18].accessibleDescription()
    assert not window.board.squares[1].marks.destination
    window.session.submit_text("11x18")
    assert not any("Hint." in window.board.squares[sq].accessibleDescription()
                   for sq in SQUARES)
    assert window.practice.hint_squares() == set()


def test_a_hint_shown_goes_when_the_game_ends_without_a_move(make_window, qtbot):
    """A draw agreed or a resignation ends the game with the hint's marks still on the board:
    they are taken off, as after a move."""
    window = make_window()
    window.session.load_position("B:W15,30:B11,1", Mode.COMPUTER)
    with qtbot.waitSignal(window.practice.hint_ready, timeout=5000):
        key(qtbot, window, Qt.Key.Key_F9)
    assert window.practice.hint_squares() == {11, 18}
    window.session.resign()
    assert not window.session.running
    assert window.practice.hint_squares() == set()
    assert not any("Hint." in window.board.squares[sq].accessibleDescription()
                   for sq in SQUARES)


def test_a_hint_that_arrives_after_a_move_is_dropped(make_window, qtbot):
    window = make_window()
    window.practice.hint()
    window.session.submit_text("11-15")  # before the hint's search has answered
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    window.practice.hint_job.wait(5)
    QApplication.processEvents()  # deliver any queued answer (there must be none)
    assert window.practice.hint_move is None
    assert not any(t.startswith("Hint:") for t in window.synth.spoken)


def test_no_hint_on_the_computers_turn(make_window, qtbot):
    release = threading.Event()

    def thoughtful(board, level, stop=None):
        release.wait(10)
        return first_legal_move(board, level)

    window = make_window(engine_choose=thoughtful)
    window.session.submit_text("11-15")
    assert window.session.thinking
    assert not window.practice.hint()
    assert window.synth.spoken[-1] == "No hint now: it is the computer's turn."
    release.set()
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)


def test_hints_and_take_back_are_refused_under_tournament_rules(make_window, qtbot):
    window = make_window()
    window.session.new_game(Mode.COMPUTER, human_color=BLACK, profile_key="wcdf",
                               announce=False)
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_F9)
    assert window.synth.spoken == ["Hints are not allowed under these rules."]
    assert not window.practice.hint_job.busy
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.session.board.ply == 2
    assert "do not allow taking a move back" in window.synth.spoken[-1]
    assert window.sounds.played[-1] == "refused"


def test_ctrl_z_takes_back_the_move_and_the_computers_reply(make_window, qtbot):
    window = make_window()
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    reply = window.session.board.peek()
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    board = window.session.board
    assert board.ply == 0 and board.turn is BLACK
    assert window.session.is_human_turn()
    assert window.synth.spoken == [
        f"Took back {spoken_move(reply)} and eleven to fifteen. Your turn."]
    assert window.board.squares[11].accessibleName() == "11, black man"
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.synth.spoken == ["You have no move to take back."]


def test_take_back_while_the_computer_thinks_cancels_its_search(make_window, qtbot):
    release = threading.Event()
    answered = []

    def thoughtful(board, level, stop=None):
        release.wait(10)
        answered.append(board.ply)
        return first_legal_move(board, level)

    window = make_window(engine_choose=thoughtful)
    window.session.submit_text("11-15")
    assert window.session.thinking
    assert window.practice.take_back()
    assert not window.session.thinking
    assert window.session.board.ply == 0
    assert window.synth.spoken[-1] == "Took back eleven to fifteen. Your turn."
    release.set()
    qtbot.waitUntil(lambda: answered == [1], timeout=5000)
    window.worker.wait(5)
    QApplication.processEvents()  # the cancelled search's answer, were it sent, arrives now
    assert window.session.board.ply == 0


def test_take_back_reopens_a_finished_game(make_window, qtbot):
    window = make_window()
    window.session.load_position("B:W15:B11", Mode.COMPUTER)  # 11x18 takes Red's last man
    window.session.submit_text("11x18")
    assert not window.session.running
    assert window.practice.take_back()
    assert window.session.running and window.session.board.ply == 0
    assert window.session.result_text is None
    assert window.session.submit_text("11x18")  # and the game can be played again


def test_taking_back_after_resigning_says_the_game_goes_on(make_window, qtbot):
    """Ctrl+Z after a resignation in practice brings the game back: that is said, not only the
    moves taken back."""
    window = make_window()
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    window.session.resign()
    assert not window.session.running
    assert window.practice.take_back()
    assert window.session.running
    said = window.synth.spoken[-1]
    assert said.startswith("Took back ") and said.endswith(". The game goes on. Your turn.")


def test_take_back_in_a_game_of_two_players_says_whose_turn_not_your_turn(make_window):
    """At one board of two players "Your turn." names nobody (found in a play-through)."""
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    window.session.submit_text("11-15")
    window.session.submit_text("22-18")
    assert window.practice.take_back()
    said = window.synth.spoken[-1]
    assert said.startswith("Took back twenty-two to eighteen")
    assert said.endswith(" Red to move.") and "Your turn" not in said


def test_a_level_chosen_in_a_game_of_two_players_says_when_it_applies(make_window, qtbot):
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    window.practice.set_level(2)
    assert window.synth.spoken[-1].endswith(
        "No computer plays in this game: the level is for the next game against the computer.")
    window.board.focus_cursor()
    key(qtbot, window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.session.level == 3
    assert "the level is for the next game against the computer" in window.synth.spoken[-1]
    window.new_game(Mode.COMPUTER)
    window.practice.set_level(4)
    assert "No computer plays" not in window.synth.spoken[-1]


def test_f9_puts_the_cursor_on_the_hinted_piece_so_enter_picks_it_up(make_window, qtbot):
    """The hint's piece is under the cursor once the hint is said, the focus still on the
    board: Enter picks it up, and Enter again plays the hinted move."""
    window = make_window()
    window.session.load_position("B:W15,30:B11,1", Mode.COMPUTER)
    window.board.set_cursor(1)
    with qtbot.waitSignal(window.practice.hint_ready, timeout=5000):
        key(qtbot, window, Qt.Key.Key_F9)
    assert window.board.cursor == 11
    assert window.board.has_cursor_focus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.session.selected == 11
    window.board.set_cursor(18)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.session.board.move_stack[-1 if window.session.board.ply == 1 else -2].pdn() \
        == "11x18"
