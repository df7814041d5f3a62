"""The board's geometry (rules/geometry.py) against the standard diagram (WCDF rules, the board)."""

import pytest
from hypothesis import given, strategies as st

from checkers_desktop.rules.geometry import (SQUARES, check_square, diagonal_neighbours,
                                             diagonal_ray, diagonal_step, is_square, row_squares,
                                             square_at, square_cell)


def test_corners_of_the_standard_diagram():
    # Square 1 second from the left on the top row, 4 top right, 29 bottom left, 32 second from
    # the right on the bottom row (WCDF rules, the board, items 3-4).
    assert square_cell(1) == (0, 1)
    assert square_cell(4) == (0, 7)
    assert square_cell(29) == (7, 0)
    assert square_cell(32) == (7, 6)
    assert square_cell(5) == (1, 0)


def test_flipped_turns_the_board_round():
    assert square_cell(1, flipped=True) == (7, 6)
    assert square_cell(29, flipped=True) == (0, 7)


@given(st.sampled_from(SQUARES), st.booleans())
def test_square_at_inverts_square_cell(square, flipped):
    row, col = square_cell(square, flipped)
    assert (row + col) % 2 == 1  # every playing square is a dark square
    assert square_at(row, col, flipped) == square


def test_light_squares_and_off_board_are_none():
    assert square_at(0, 0) is None
    assert square_at(-1, 1) is None
    assert square_at(8, 1) is None


@pytest.mark.parametrize("bad", [0, 33, -1, True, "11", 1.0, None])
def test_bad_squares_are_refused(bad):
    assert not is_square(bad)
    with pytest.raises(ValueError, match="1 to 32"):
        check_square(bad)
    with pytest.raises(ValueError):
        square_cell(bad)


def test_neighbours_and_jump_landings():
    # 11 steps to 15 and 16 (towards Red) and 7 and 8 (towards Black's back row)
    assert diagonal_neighbours(11) == (7, 8, 15, 16)
    assert diagonal_neighbours(11, distance=2) == (2, 4, 18, 20)
    assert diagonal_neighbours(5) == (1, 9)  # the left edge
    assert diagonal_step(22, -1, 1) == 18  # 22 to 18 is one step up and right
    assert diagonal_step(22, -1, 1, 2) == 15  # 22 jumps to 15


@given(st.sampled_from(SQUARES))
def test_neighbourhood_is_symmetric(square):
    for other in diagonal_neighbours(square):
        assert square in diagonal_neighbours(other)


def test_rays_and_rows():
    assert list(diagonal_ray(29, -1, 1)) == [25, 22, 18, 15, 11, 8, 4]  # the long diagonal
    assert row_squares(0) == (1, 2, 3, 4)
    assert row_squares(1) == (5, 6, 7, 8)
    assert row_squares(0, flipped=True) == (32, 31, 30, 29)
