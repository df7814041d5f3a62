"""The post-game review: which of the player's moves changed the result."""

from __future__ import annotations

import threading

import pytest

from checkers_desktop.engine import Searcher
from checkers_desktop.engine.review import (LOST_MATERIAL, THREW_AWAY_WIN, Finding,
                                            review_game)
from checkers_desktop.texts.review import finding_text, review_text
from checkers_desktop.rules import BLACK, WHITE, Board, move_number

# Black's man on 14 has one safe step (14-17) and one that walks into a jump (14-18, 23x14);
# the men on 1-3 and 30-32 are far from the action.
HANGING = "B:W23,30,31,32:B14,1,2,3"


def test_a_move_that_hangs_a_man_is_reported_with_a_better_move():
    board = Board(HANGING)
    board.push_pdn("14-18")
    board.push_pdn("23x14")
    stack_before, fen_before = list(board.move_stack), board.fen()
    findings = review_game(board, BLACK, depth=4, time_limit=None)
    assert board.fen() == fen_before and list(board.move_stack) == stack_before  # unchanged
    assert len(findings) == 1
    f = findings[0]
    assert isinstance(f, Finding)
    assert (f.ply, f.move_number, f.color) == (0, 1, BLACK)
    assert f.move.pdn() == "14-18"
    assert f.better != f.move and f.better in Board(HANGING).legal_moves
    assert f.better.pdn() != "14-18"
    assert f.men_lost == 1 and f.kind == LOST_MATERIAL
    assert f.score_drop >= 80
    assert finding_text(f).startswith("Your move 1, fourteen to eighteen, lost a man; ")
    assert finding_text(f).endswith(" was better.")
    assert review_text(findings) == finding_text(f)


def test_the_other_side_is_not_judged():
    board = Board(HANGING)
    board.push_pdn("14-18")
    board.push_pdn("23x14")
    assert review_game(board, WHITE, depth=4, time_limit=None) == []


def test_a_red_player_is_reviewed_on_red_moves_and_numbered_like_a_score_sheet():
    # The same blunder with the colours swapped: Red (White) walks 19-15 into 10x19.
    board = Board("W:W19,30,31,32:B10,1,2,3")
    board.push_pdn("19-15")
    board.push_pdn("10x19")
    findings = review_game(board, WHITE, depth=4, time_limit=None)
    assert [(f.ply, f.move_number, f.color) for f in findings] == [(0, 1, WHITE)]
    assert finding_text(findings[0]).startswith("Your move 1, nineteen to fifteen, lost a man; ")


def test_the_engines_own_moves_are_never_reported():
    board = Board()
    for _ in range(12):
        board.push(Searcher().search(board, depth=4, all_scores=True).move)
    assert review_game(board, BLACK, depth=4, time_limit=None) == []
    assert review_game(board, WHITE, depth=4, time_limit=None) == []
    assert review_text([]) == "No move of yours changed the result."
    # a game still going on has no result yet to have changed
    assert review_text([], finished=False) == \
        "So far, the computer found no mistake in your moves."


def test_a_thrown_away_win_is_named():
    # Black to move: 23-26 or 23-27 win in a few plies (found by a search over small positions);
    # 14-17 lets the win slip.
    board = Board("B:W20,21:B11,14,23")
    result = Searcher().search(board, depth=6, all_scores=True)
    wins = {m for m, s in result.root_scores if s > 90_000}
    assert wins and board.parse_move("14-17") not in wins
    board.push_pdn("14-17")
    findings = review_game(board, BLACK, depth=6, time_limit=None)
    assert [f.kind for f in findings] == [THREW_AWAY_WIN]
    assert findings[0].better in wins
    assert finding_text(findings[0]).startswith("Your move 1, fourteen to seventeen, let a won game slip; ")


def test_a_set_stop_event_ends_the_review_at_once():
    board = Board(HANGING)
    board.push_pdn("14-18")
    board.push_pdn("23x14")
    stop = threading.Event()
    stop.set()
    assert review_game(board, BLACK, depth=4, stop=stop) == []


@pytest.mark.parametrize("root, ply, number", [
    (BLACK, 0, 1), (BLACK, 1, 1), (BLACK, 2, 2), (BLACK, 27, 14),
    (WHITE, 0, 1), (WHITE, 1, 2), (WHITE, 2, 2),
])
def test_move_numbers_follow_the_score_sheet(root, ply, number):
    assert move_number(root, ply) == number


# A game a player won at level 1 by playing the hints (screen-reader session, 1366x768). The hint
# said "five jumps fourteen. Wins the game." before Black's move 19 and "twenty-one to
# twenty-five. Wins the game." before move 21; the short search alone then blamed both ("lost two
# men; six jumps thirteen was better"), between two moves that each kept Black far ahead.
HINTED_GAME = """11-15 22-17 8-11 23-19 4-8 17-13 9-14 27-23 14-17 21x14 10x17 19x10 7x14 25-21
11-15 24-19 15x24 28x19 8-11 32-28 11-15 19x10 6x15 26-22 17x26 31x22 12-16 13-9 3-8 28-24
8-11 30-26 1-6 21-17 14x21 24-20 5x14 22-17 6-10 17-13 21-25 29x22 2-6 13-9 6x13 22-18
15x22x31 23-19 16x23 20-16 11x20""".split()


def test_a_move_the_hint_recommended_in_a_won_game_is_not_blamed():
    board = Board()
    for move in HINTED_GAME:
        board.push_pdn(move)
    assert board.is_game_over()
    short_only = review_game(board, BLACK, confirm_seconds=0)
    # the short search alone blames a hinted move (with the hand weights, both; "what was said
    # before"); the confirming search must take the blame back
    assert "5x14" in [f.move.pdn() for f in short_only]
    assert {f.move.pdn() for f in short_only} <= {"5x14", "21-25"}
    assert review_game(board, BLACK) == []
