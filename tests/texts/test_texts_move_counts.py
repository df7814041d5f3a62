"""Counting moves as a score sheet does, in every sentence that says how many were played."""

from __future__ import annotations

from checkers_desktop.rules import WHITE
from checkers_desktop.texts.keeping import saved_text
from checkers_desktop.texts.leaving import game_question
from checkers_desktop.rules import score_sheet_moves


def test_black_and_the_reply_share_a_number_and_a_white_start_begins_at_one():
    assert [score_sheet_moves(p) for p in range(6)] == [0, 1, 1, 2, 2, 3]
    # a position set up with White to move: "1. ... 22-18", then "2. 11-15 ..."
    assert [score_sheet_moves(p, WHITE) for p in range(5)] == [0, 1, 2, 2, 3]


def test_the_questions_and_messages_use_it():
    assert game_question("quit", True, 2).startswith(
        "A game against the computer is in progress, one move played.")
    assert saved_text("a.pdn", 24).startswith("Game saved: 12 moves in a.pdn.")
