"""How moves are written: PDN with the whole path, the short form, and reading what people type."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import InvalidMoveError, Move
from checkers_desktop.rules.notation import parse_squares, path_matches


def test_move_pdn_forms():
    step = Move((11, 15))
    jump = Move((26, 17, 10), (22, 14))
    assert (step.pdn(), step.short_pdn(), str(step)) == ("11-15", "11-15", "11-15")
    assert (jump.pdn(), jump.short_pdn()) == ("26x17x10", "26x10")
    assert (step.from_square, step.to_square, step.is_capture) == (11, 15, False)
    assert (jump.from_square, jump.to_square, jump.is_capture) == (26, 10, True)


def test_move_needs_two_squares():
    with pytest.raises(ValueError):
        Move((11,))


@pytest.mark.parametrize("text, squares, capture", [
    ("11-15", (11, 15), False),
    ("11 15", (11, 15), False),
    ("11x15", (11, 15), True),
    ("22X15", (22, 15), True),
    ("26x17x10", (26, 17, 10), True),
    ("26x10", (26, 10), True),
    ("9:14", (9, 14), False),
])
def test_parse_squares(text, squares, capture):
    assert parse_squares(text) == (squares, capture)


@pytest.mark.parametrize("text", ["", "11", "11-", "-15", "a-b", "11--15", "0-4", "11-33",
                                  "eleven fifteen", "111-15"])
def test_not_a_move_quotes_the_input(text):
    with pytest.raises(InvalidMoveError) as info:
        parse_squares(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("written, path, fits", [
    ((26, 10), (26, 17, 10), True),
    ((26, 17, 10), (26, 17, 10), True),
    ((1, 10, 26), (1, 10, 19, 26), True),
    ((1, 19, 10, 26), (1, 10, 19, 26), False),   # order kept
    ((26, 17), (26, 17, 10), False),             # the end must match
    ((17, 10), (26, 17, 10), False),             # the start must match
    ((26, 17, 10, 1), (26, 17, 10), False),
])
def test_path_matches(written, path, fits):
    assert path_matches(written, path) is fits
