"""Fuzzing the FEN reader (hypothesis): only ``InvalidFenError`` may come out, and a board given a
FEN it refuses is unchanged."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import STARTING_FEN, Board, InvalidFenError, parse_fen

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

FEN_ALPHABET = "BWKbwk:,-. 0123456789\"\t\n"
REAL_FENS = [STARTING_FEN, "W:W18,K27,30:B6,10,K15", "B:W21-32:B1-12.", "W:B1,2,K12:W21,22,K30",
             "B:W:BK1", "W:W9,10:B"]


@st.composite
def near_miss_fens(draw) -> str:
    """A real FEN with a few characters deleted, inserted or replaced."""
    text = list(draw(st.sampled_from(REAL_FENS)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "insert", "replace"]))
        i = draw(st.integers(0, len(text)))
        c = draw(st.sampled_from(FEN_ALPHABET))
        if op == "insert":
            text.insert(i, c)
        elif text and i < len(text):
            if op == "delete":
                del text[i]
            else:
                text[i] = c
    return "".join(text)


FEN_TEXTS = st.one_of(st.text(max_size=60), st.text(alphabet=FEN_ALPHABET, max_size=60),
                      near_miss_fens())


def check_accepted(text: str) -> None:
    board = Board(text)
    again = Board(board.fen())  # what was read writes a FEN that reads back the same
    assert again.key() == board.key()
    assert not board.black_bb & board.white_bb  # no square holds two pieces


@SETTINGS
@given(FEN_TEXTS)
def test_parse_fen_raises_only_invalid_fen_error(text):
    try:
        parse_fen(text)
    except InvalidFenError as exc:
        assert repr(text) in str(exc)  # the message quotes the input
        return
    check_accepted(text)


@SETTINGS
@given(FEN_TEXTS, st.integers(0, 6))
def test_refused_fen_leaves_the_board_unchanged(text, plies):
    board = Board()
    for _ in range(plies):
        board.push(board.legal_moves[0])
    fen, stack = board.fen(), board.move_stack
    try:
        board.set_fen(text)
    except InvalidFenError:
        assert board.fen() == fen and board.move_stack == stack
    else:
        assert board.move_stack == []


@SETTINGS
@given(st.one_of(st.integers(), st.binary(max_size=20), st.lists(st.integers()), st.floats()))
def test_fen_that_is_not_text_is_refused(value):
    with pytest.raises(InvalidFenError):
        Board(value)
