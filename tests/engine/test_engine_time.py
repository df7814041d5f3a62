"""How a timed search spends its time: the emergency time when the best score falls from one
depth to the next, and an early stop when the endgame database values every move at the root."""

from __future__ import annotations

from checkers_desktop.engine.evaluate import WIN
from checkers_desktop.engine.levels import get_level
from checkers_desktop.engine.search import (EMERGENCY_DROP, WIN_BOUND, Searcher, score_falling,
                                            seconds_allowed)
from checkers_desktop.rules import Board


def test_a_fall_of_the_emergency_drop_or_more_is_an_emergency():
    assert score_falling(40, 40 - EMERGENCY_DROP)
    assert score_falling(0, -200)
    assert score_falling(WIN - 20, 0)  # a win that vanished deeper
    assert not score_falling(40, 41 - EMERGENCY_DROP)
    assert not score_falling(40, 90)  # rising


def test_nothing_to_compare_or_nothing_to_save_is_no_emergency():
    assert not score_falling(None, -500)  # no depth finished yet
    assert not score_falling(0, -WIN + 30)  # a proven loss: more time cannot change it
    assert not score_falling(WIN - 9, WIN - 51)  # a proven win, only longer
    assert score_falling(WIN_BOUND - 1, WIN_BOUND - 1 - EMERGENCY_DROP)


def test_the_emergency_time_is_taken_only_in_an_emergency_and_only_when_larger():
    assert seconds_allowed(5.0, 8.0, True) == 8.0
    assert seconds_allowed(5.0, 8.0, False) == 5.0
    assert seconds_allowed(5.0, None, True) == 5.0
    assert seconds_allowed(5.0, 3.0, True) == 5.0


def test_level_6_moves_in_5_seconds_while_the_score_holds_and_up_to_8_when_it_falls():
    level = get_level(6)
    assert (level.calm_seconds, level.think_seconds) == (5.0, 8.0)
    assert seconds_allowed(level.calm_seconds, level.think_seconds, False) == 5.0
    assert seconds_allowed(level.calm_seconds, level.think_seconds, True) == 8.0


def test_a_timed_search_stops_after_one_depth_when_the_database_values_every_move(table4):
    """Black has two jumps, each into 4 pieces: the database values both, so one depth is
    searched (not the 33 plies of its distance to the win, however quick they are)."""
    board = Board("B:W8,22:B4,17,23")
    assert len(board.legal_moves) == 2 and all(m.captures for m in board.legal_moves)
    result = Searcher(endgame=table4).search(board, time_limit=5.0)
    assert result.depth == 1
    assert result.score > WIN_BOUND
    assert result.move is not None
