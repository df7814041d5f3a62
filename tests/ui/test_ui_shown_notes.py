"""What is said stays on the screen too: the hint found, the lesson's step, the match's score
and the last game's result are on the status line (its text and its accessible name), not
only heard."""

from __future__ import annotations

import random

from checkers_desktop.session.game import Mode
from checkers_desktop.texts import tutorial as lesson


def test_a_hint_is_shown_until_a_move_is_played(make_window, qtbot):
    window = make_window()
    with qtbot.waitSignal(window.practice.hint_ready, timeout=30_000) as found:
        assert window.practice.hint()
    hint = found.args[0]
    assert hint in window.status.text() and hint in window.status.accessibleName()
    window.session.submit_text(window.session.legal_moves()[0].pdn())
    assert hint not in window.status.text()


def test_the_lesson_step_is_on_the_status_line(make_window, qtbot):
    window = make_window()
    window.play_aids.tutorial.start()
    assert lesson.INTRO in window.status.text()


def test_the_match_score_and_the_last_result_stay_on_the_screen(make_window, qtbot, tmp_path):
    from checkers_desktop.session.match import MatchSession

    window = make_window()
    match = MatchSession.for_players(window.session, ("Ann Lee", "Bo Diaz"), tmp_path,
                                     best_of=3, rng=random.Random(11))
    window.event_menu.current = match
    match.start()
    assert "Score: Ann Lee zero, Bo Diaz zero." in window.status.text()
    window.new_game(Mode.TWO_PLAYERS)
    window.event_menu.current = None
    window.session.resign()
    result = window.session.result_text
    window.new_game(Mode.TWO_PLAYERS)
    assert f"Last game: {result}" in window.status.text()
    assert "Score:" not in window.status.text()


def test_the_score_on_the_status_line_counts_the_game_that_ended_the_match(make_window, qtbot,
                                                                            tmp_path):
    """The match's last game is in the score shown once the match is over, not only in the
    score said: "Score: Ann Lee two", not "one"."""
    from PySide6.QtCore import Qt

    from tests.ui.test_ui_event_match import CTRL_SHIFT, play_text, shortcut, start_match

    window = make_window()
    event, _clock, _menu = start_match(window, qtbot, tmp_path, "va-standard", seed=11)
    first = event.match.first_black
    other = "Bo Diaz" if first == "Ann Lee" else "Ann Lee"
    shortcut(qtbot, Qt.Key.Key_R, CTRL_SHIFT)  # game 1: Black (first) resigns
    qtbot.waitUntil(lambda: event.game.number == 2)
    qtbot.waitUntil(lambda: not event.awaiting_start)
    play_text(window, "11-15")  # game 2: other plays Black; first, Red, resigns
    shortcut(qtbot, Qt.Key.Key_R, CTRL_SHIFT)
    qtbot.waitUntil(lambda: event.is_over)
    qtbot.wait(50)
    ann, bo = ("two", "zero") if other == "Ann Lee" else ("zero", "two")
    assert f"Score: Ann Lee {ann}, Bo Diaz {bo}." in window.status.text()
    assert f"Score: Ann Lee {ann}, Bo Diaz {bo}." in window.status.accessibleName()
