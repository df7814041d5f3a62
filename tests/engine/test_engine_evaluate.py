"""The evaluation: colour symmetry, material values, each term documented."""

from __future__ import annotations

import importlib

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import bitboard as bb

# the package exports the function evaluate(), which hides the module of the same name
ev = importlib.import_module("checkers_desktop.engine.evaluate")


def _mirror(mask: int) -> int:
    """Turn the board round: square s becomes 33 - s."""
    return bb.mask_of(33 - s for s in bb.squares_of(mask))


@st.composite
def positions(draw):
    squares = draw(st.lists(st.integers(1, 32), min_size=0, max_size=24, unique=True))
    split = draw(st.integers(0, len(squares)))
    black = [s for s in squares[:split]]
    white = [s for s in squares[split:]]
    kings = [s for s in squares if draw(st.booleans())]
    # men never stand on their own crowning row
    kings += [s for s in black if s >= 29] + [s for s in white if s <= 4]
    return bb.mask_of(black), bb.mask_of(white), bb.mask_of(set(kings))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_turning_the_board_round_and_swapping_colours_keeps_the_score(pos):
    black, white, kings = pos
    mb, mw, mk = _mirror(white), _mirror(black), _mirror(kings)
    for term in ev.TERMS:
        assert term(black, white, kings) == -term(mb, mw, mk), term.__name__
    assert ev.evaluate(black, white, kings, True) == ev.evaluate(mw, mb, mk, False)


def test_material_counts_a_king_between_one_and_a_half_men():
    man = ev.material(bb.mask_of([10]), 0, 0)
    king = ev.material(bb.mask_of([10]), 0, bb.mask_of([10]))
    assert man == 100
    assert 130 <= king <= 150


def test_the_side_to_move_view():
    black, white = bb.mask_of([9, 10, 11]), bb.mask_of([22])
    assert ev.evaluate(black, white, 0, True) > 150  # BLACK to move, two men up
    assert ev.evaluate(white, black, 0, False) < -150  # the same position, WHITE to move


def test_runaway_man_counts():
    # a BLACK man on 21 with nothing ahead of it (WHITE's man on 32 is on the other wing)
    free = ev.runaway(bb.mask_of([21]), bb.mask_of([32]), 0)
    blocked = ev.runaway(bb.mask_of([21]), bb.mask_of([25]), 0)
    assert free > 0 and blocked == 0


def test_back_rank_guard_counts_the_bridge():
    white = bb.mask_of([21, 22, 23, 24])
    bridge = ev.back_rank(bb.mask_of([1, 3]), white, 0)
    other = ev.back_rank(bb.mask_of([2, 4]), white, 0)
    assert bridge > other > 0


def test_every_term_says_why():
    for term in ev.TERMS:
        assert "Why:" in (term.__doc__ or ""), term.__name__


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_one_pass_evaluation_is_the_sum_of_the_terms(pos):
    black, white, kings = pos
    assert ev.evaluate_black(black, white, kings) == sum(t(black, white, kings) for t in ev.TERMS)
