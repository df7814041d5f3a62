"""The rivals a heard move is compared with before it is accepted (no audio here): the other
legal moves sharing a square, and the *illegal* steps and jumps that share a square and differ in
a square that sounds alike, so that an illegal move said is never played as a legal look-alike."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice.grammar import build_grammar
from checkers_desktop.speech.voice.recognizer import _rival_phrases, look_alike

RED_23 = "W:W23,27:B1"  # Red (White) to move: 23-18, 23-19, 27-24; 26-19 is not a move here


def rivals(fen, heard, **kw):
    grammar = build_grammar(Board(fen), **kw)
    return grammar, _rival_phrases(heard, grammar.interpret(heard), grammar)


def test_an_illegal_look_alike_is_a_rival_of_the_legal_move():
    grammar, found = rivals(RED_23, "twenty three to nineteen")
    assert grammar.interpret("twenty three to nineteen").move.pdn() == "23-19"
    assert grammar.interpret("twenty six to nineteen").kind == "nothing"
    assert "twenty six to nineteen" in found       # illegal, sounds alike: the reported case
    assert "twenty three to eighteen" in found     # legal, shares the first square
    assert "twenty three to twenty six" not in found  # one word against two: not alike


def test_rivals_keep_the_way_the_move_was_said():
    _, found = rivals(RED_23, "move twenty three nineteen")
    assert "move twenty six nineteen" in found
    assert all(r.startswith("move ") and " to " not in r for r in found)


def test_a_put_down_is_compared_with_illegal_look_alike_destinations():
    # Black's man on 11 can go to 15 or 16; 7 and 8 are behind it (not destinations).
    _, found = rivals(Board().fen(), "fifteen", selected=11)
    assert "sixteen" in found and "seven" in found and "eight" in found
    assert "fifteen" not in found


def test_choosing_compares_with_the_other_look_alike_checkers():
    _, found = rivals(Board().fen(), "twenty two", choosing={21, 22, 23, 9})
    assert set(found) == {"twenty one", "twenty three"}


@pytest.mark.parametrize("a,b,alike", [(26, 23, True), (15, 16, True), (6, 3, True),
                                       (26, 6, True), (22, 31, False),
                                       (20, 30, True), (13, 23, False),
                                       (5, 5, False)])
def test_look_alike_squares(a, b, alike):
    assert look_alike(a, b) is alike
