"""Touch-move as a state machine: strict (VA 4:00 s1, WCDF 3.2, Caseville) and liberal (VA 4:00 s1-VI)."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import Board, Move
from checkers_desktop.rules.profiles import get_profile
from checkers_desktop.rules.touch import InvalidSquareError, TouchMove, TouchStatus

DOUBLE_JUMP_FEN = "B:W15,24:B1,10"  # Black must jump 10x19x28; 1 could otherwise step


def strict() -> TouchMove:
    return TouchMove(get_profile("va-standard"))


def liberal() -> TouchMove:
    return TouchMove(get_profile("va-vi"))


def test_strict_picked_up_playable_piece_binds_and_cannot_be_put_back():
    """VA rulebook 4:00 s1: "If the in-turn competitor touches one of his/her own playable pieces,
    he/she must move it"."""
    touch, board = strict(), Board()
    res = touch.pick_up(board, 11)
    assert res.status is TouchStatus.ACCEPTED and res.ok and res.binding and res.held == 11
    assert {m.to_square for m in res.moves} == {15, 16}
    back = touch.put_back()
    assert back.status is TouchStatus.PUT_BACK_REFUSED and not back.ok
    assert touch.held == 11


def test_strict_another_piece_cannot_be_picked_up_or_moved():
    """VA rulebook 4:00 s1 / WCDF 3.2: the first (playable) piece touched must be moved."""
    touch, board = strict(), Board()
    touch.pick_up(board, 11)
    other = touch.pick_up(board, 10)
    assert other.status is TouchStatus.MUST_MOVE_HELD and other.held == 11
    assert touch.check_move(Move((10, 14))).status is TouchStatus.WRONG_PIECE
    assert touch.check_move(Move((11, 15))).status is TouchStatus.MOVE_ALLOWED
    assert touch.pick_up(board, 11).status is TouchStatus.ACCEPTED  # picking it up again is fine


def test_strict_unplayable_piece_binds_nothing():
    """VA rulebook 4:00 s2: "Touching an unplayable piece does not constitute a move"."""
    touch, board = strict(), Board()
    res = touch.pick_up(board, 1)  # blocked at the start
    assert res.status is TouchStatus.NO_LEGAL_MOVE and not res.binding and res.held is None
    assert touch.pick_up(board, 9).status is TouchStatus.ACCEPTED


def test_a_piece_that_cannot_jump_when_a_jump_is_required_has_no_legal_move():
    """VA rulebook 3:00 s6: a jump must be made in preference to a simple move."""
    touch, board = strict(), Board(DOUBLE_JUMP_FEN)
    assert touch.pick_up(board, 1).status is TouchStatus.NO_LEGAL_MOVE
    res = touch.pick_up(board, 10)
    assert res.ok and res.moves == (Move((10, 19, 28), (15, 24)),)


def test_caseville_pick_up_lists_shortened_series_too():
    """Caseville: continuing a jump series is optional."""
    touch, board = TouchMove(get_profile("caseville")), Board(DOUBLE_JUMP_FEN)
    res = touch.pick_up(board, 10)
    assert set(res.moves) == {Move((10, 19, 28), (15, 24)), Move((10, 19), (15,))}


def test_liberal_piece_can_be_put_back_and_another_chosen():
    """VA rulebook 4:00 s1-VI: "The touch and move rule will be liberally interpreted for the
    visually impaired"."""
    touch, board = liberal(), Board()
    res = touch.pick_up(board, 11)
    assert res.ok and not res.binding
    back = touch.put_back()
    assert back.status is TouchStatus.PUT_BACK and back.square == 11 and touch.held is None
    touch.pick_up(board, 10)
    switched = touch.pick_up(board, 12)  # picking up another puts the first back
    assert switched.ok and switched.held == 12
    assert touch.check_move(Move((9, 13))).ok  # any move may be made


def test_no_touch_rule_behaves_as_liberal():
    """Washburn states no touch-move rule; practice has none."""
    for key in ("washburn", "practice"):
        touch = TouchMove(get_profile(key))
        touch.pick_up(Board(), 11)
        assert touch.put_back().ok


def test_empty_square_and_opponent_piece_are_not_picked_up():
    touch, board = strict(), Board()
    assert touch.pick_up(board, 15).status is TouchStatus.EMPTY_SQUARE
    assert touch.pick_up(board, 22).status is TouchStatus.NOT_YOUR_PIECE
    assert touch.held is None and touch.pick_up(board, 22).code == "not_your_piece"


def test_put_back_with_nothing_held():
    assert liberal().put_back().status is TouchStatus.NOTHING_HELD


@pytest.mark.parametrize("square", [0, 33, -1, "11", True])
def test_a_square_outside_1_to_32_raises_quoting_it(square):
    touch = strict()
    with pytest.raises(InvalidSquareError, match=repr(square).replace("'", ".")) as info:
        touch.pick_up(Board(), square)
    assert isinstance(info.value, ValueError)
    assert touch.held is None


def test_reset_after_a_move_frees_the_next_turn():
    touch, board = strict(), Board()
    touch.pick_up(board, 11)
    board.push(Move((11, 15)))
    touch.reset()
    assert touch.held is None and not touch.binding
    assert touch.pick_up(board, 22).ok
