"""Practice: playing Red against the computer with the board turned to the player's
side, and the review of the player's moves after the game and on demand (F8)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session.reading import screen_rows
from checkers_desktop.session.game import Mode


def key(qtbot, window, k, mods=Qt.KeyboardModifier.NoModifier):
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def test_black_against_the_computer_sees_the_board_from_blacks_chair(make_window):
    window = make_window()
    assert window.session.human_color is BLACK
    assert window.board.flipped
    # Black's men are at the bottom of the screen: the bottom row holds 1-4.
    bottom = window.board.squares[1].geometry().top()
    assert all(window.board.squares[sq].geometry().top() == bottom for sq in (2, 3, 4))
    assert bottom > window.board.squares[32].geometry().top()
    text = window.speech_controls.reading_text("read_board")
    assert text.index("Row 1: 32 ") < text.index("Row 8: 4 ")


def test_new_game_as_red_turns_the_board_and_the_computer_opens(make_window, qtbot):
    window = make_window()
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.ShiftModifier)
    c = window.session
    assert c.human_color is WHITE and not window.board.flipped
    assert window.synth.spoken[0] == f"New game against the computer at level {c.level}. You play Red."
    qtbot.waitUntil(lambda: c.board.ply == 1, timeout=5000)  # the computer (Black) moved first
    assert c.board.turn is WHITE and c.is_human_turn()
    # Red's men at the bottom: the standard diagram, 29-32 the bottom row; arrows follow it.
    assert window.board.squares[29].geometry().top() > window.board.squares[1].geometry().top()
    assert window.board.cursor == 22
    key(qtbot, window, Qt.Key.Key_Up)
    assert window.board.cursor == 18
    assert screen_rows(window.board.flipped)[0] == [1, 2, 3, 4]
    assert window.speech_controls.reading_text("read_board").index("Row 1: 1 ") >= 0
    # P reads the player's own pieces: Red's.
    assert "Red" in window.speech_controls.reading_text("read_my_pieces")
    # back to Black: the board turns again, and the cursor is on the player's own man (it was
    # on 18, now the computer's side)
    key(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert c.human_color is BLACK and window.board.flipped
    assert window.board.cursor == 11


def test_two_player_games_are_not_turned_by_the_practice_rules(make_window):
    window = make_window()
    window.board.set_flipped(False)
    window.session.new_game(Mode.TWO_PLAYERS, announce=False)
    assert not window.board.flipped


def test_after_a_practice_game_the_review_names_the_move_that_lost(make_window, qtbot):
    window = make_window()
    # Black's last man against Red's last man: 14-17 holds the draw (the endgame database says
    # so too), 14-18 walks into 23x14 and loses the game.
    window.session.load_position("B:W23:B14", Mode.COMPUTER)
    with qtbot.waitSignal(window.practice.review_ready, timeout=15000) as blocker:
        window.session.submit_text("14-18")
        qtbot.waitUntil(lambda: not window.session.running, timeout=5000)
    text = blocker.args[0]
    assert text == ("Review of your game: Your move 1, fourteen to eighteen, lost the game; "
                    "fourteen to seventeen was better.")
    spoken = window.synth.spoken
    assert spoken[-1] == text
    # the result, said in the same announcement as the move that ended the game
    assert any(t.endswith("The computer wins. You have no pieces left.") for t in spoken[:-1])
    finding, = window.practice.last_findings
    assert finding.move.pdn() == "14-18" and finding.better.pdn() == "14-17"


def test_review_on_demand_and_when_nothing_went_wrong(make_window, qtbot):
    window = make_window()
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_F8)
    assert window.synth.spoken == ["No move of yours to review yet."]
    window.session.load_position("B:W23,30,31,32:B14,1,2,3", Mode.COMPUTER)
    window.session.submit_text("14-17")  # a safe move
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    with qtbot.waitSignal(window.practice.review_ready, timeout=15000) as blocker:
        key(qtbot, window, Qt.Key.Key_F8)
    assert window.session.running  # no result yet to have changed
    assert blocker.args == ["Review of your game: So far, the computer found no mistake in "
                            "your moves."]
    window.session.take_back()
    window.session.submit_text("14-18")  # hangs a man; the computer's first move is 23x14
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    with qtbot.waitSignal(window.practice.review_ready, timeout=15000) as blocker:
        key(qtbot, window, Qt.Key.Key_F8)
    assert blocker.args[0].startswith(
        "Review of your game: Your move 1, fourteen to eighteen, lost a man; ")


def test_no_automatic_review_under_tournament_rules(make_window, qtbot):
    window = make_window()
    window.session.new_game(Mode.COMPUTER, profile_key="wcdf", announce=False,
                               fen="B:W23,27:B14")
    window.session.submit_text("14-18")
    qtbot.waitUntil(lambda: not window.session.running, timeout=5000)
    assert not window.practice.review_job.busy
    QApplication.processEvents()  # a review's answer, had one been asked for, is delivered now
    assert window.practice.last_review_text is None


def test_the_review_is_shown_under_the_moves_it_is_about_not_only_said(make_window, qtbot):
    """The review's finding is an item of the moves played list, right under the move it is
    about (a screen reader reads it there, arrowing the list), and the status line says where
    to find it; a new game takes both away."""
    window = make_window()
    window.session.load_position("B:W23:B14", Mode.COMPUTER)
    with qtbot.waitSignal(window.practice.review_ready, timeout=15000):
        window.session.submit_text("14-18")
        qtbot.waitUntil(lambda: not window.session.running, timeout=5000)
    history = window.play_aids.panel.history
    items = [history.item(i).text() for i in range(history.count())]
    at = next(i for i, text in enumerate(items) if text.endswith(": 14 to 18"))
    assert items[at + 1] == "Review: this move lost the game; 14 to 17 was better.", items
    note = "Review: 1 move to look at; its note is under it in Moves played (Control H)."
    assert note in window.status.text() and note in window.status.accessibleName()
    key(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.session.running and window.session.board.ply == 0)
    items = [history.item(i).text() for i in range(history.count())]
    assert not any(text.startswith("Review:") for text in items)
    assert note not in window.status.text()
