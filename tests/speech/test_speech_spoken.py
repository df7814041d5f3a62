"""Squares and moves in the words players say."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_desktop.rules import Board, Move
from checkers_desktop.speech.spoken import number_words, path_words, spoken_move, spoken_squares
from checkers_desktop.rules.geometry import SQUARES

# Written out by hand from English usage, not from the module.
SOME_NUMBERS = {1: "one", 2: "two", 8: "eight", 11: "eleven", 12: "twelve", 13: "thirteen",
                15: "fifteen", 19: "nineteen", 20: "twenty", 21: "twenty-one", 22: "twenty-two",
                26: "twenty-six", 29: "twenty-nine", 30: "thirty", 32: "thirty-two"}


@pytest.mark.parametrize("n, words", sorted(SOME_NUMBERS.items()))
def test_number_words_examples(n, words):
    assert number_words(n) == words


def test_every_square_has_its_own_words():
    words = [number_words(n) for n in SQUARES]
    assert len(set(words)) == 32
    for n, w in zip(SQUARES, words):
        assert re.fullmatch(r"[a-z]+(-[a-z]+)?", w), w
        # the compound numbers are the tens word, a hyphen and the ones word
        if n > 20 and n % 10:
            assert w == f"{number_words(n - n % 10)}-{number_words(n % 10)}"
        else:
            assert "-" not in w


@pytest.mark.parametrize("bad", [-1, 100, 1.5, "7", True, None])
def test_number_words_refuses_bad_input(bad):
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        number_words(bad)


def test_step_is_always_said_with_to():
    step = Move((11, 15))
    for style in ("to", "takes", "jumps"):
        assert spoken_move(step, style) == "eleven to fifteen"


def test_capture_styles():
    jump = Move((22, 15), (18,))
    assert spoken_move(jump) == "twenty-two jumps fifteen"
    assert spoken_move(jump, "takes") == "twenty-two takes fifteen"
    assert spoken_move(jump, "to") == "twenty-two to fifteen"


def test_multi_jump_names_every_landing_square():
    double = Move((26, 17, 10), (22, 14))
    assert spoken_move(double) == "twenty-six jumps seventeen jumps ten"
    assert spoken_move(double, "takes") == "twenty-six takes seventeen takes ten"


def test_unknown_style_is_refused():
    with pytest.raises(ValueError, match="'hops'"):
        spoken_move(Move((22, 15), (18,)), "hops")


def test_every_legal_opening_move_is_spoken_from_its_squares():
    for move in Board().legal_moves:
        words = spoken_move(move).split(" to ")
        assert words == [number_words(move.from_square), number_words(move.to_square)]


@given(st.lists(st.integers(1, 32), min_size=2, max_size=6), st.sampled_from(["to", "takes", "jumps"]))
def test_path_words_keep_every_square_in_order(path, style):
    text = path_words(path, capture=True, style=style)
    assert text.split(f" {style} ") == [number_words(s) for s in path]


def test_spoken_squares_lists():
    assert spoken_squares([]) == ""
    assert spoken_squares([5]) == "five"
    assert spoken_squares([5, 9]) == "five and nine"
    assert spoken_squares([1, 2, 3], "or") == "one, two or three"
