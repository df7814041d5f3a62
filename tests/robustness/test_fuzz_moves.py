"""Fuzzing typed moves (hypothesis): ``Board.parse_move``/``push_pdn`` and the referee's
``submit_move`` on random text and near-miss strings ("11-1", "33-15", "11x", "1-2-3"). Only the
documented errors come out (``InvalidMoveError``, ``IllegalMoveError``, ``AmbiguousMoveError``), a
move read is legal, and a refused move changes nothing."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import (AmbiguousMoveError, IllegalMoveError, InvalidMoveError,
                                    RulesError)
from checkers_desktop.rules.profiles import PROFILES
from checkers_desktop.rules.referee import Referee, Verdict
from strategies import games

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MOVE_ERRORS = (InvalidMoveError, IllegalMoveError, AmbiguousMoveError)
FIXED_NEAR_MISSES = ["11-1", "33-15", "11x", "1-2-3", "0-4", "11--15", "x11-15", "11-15x",
                     "11 - 15", "11x15x", "11:15", "11.15", "１１-１５", "11-15\n", "-11", "99x99",
                     "011-015", "11x18x25x32x", " ", "", "x", "11-15-11-15-11-15-11-15-11-15"]


@st.composite
def near_miss_moves(draw) -> str:
    numbers = draw(st.lists(st.integers(0, 40), min_size=1, max_size=5))
    seps = st.sampled_from(["-", "x", "X", ":", " ", "", "--", "x-", ",", ".", "/", "\u2013"])
    out = str(numbers[0])
    for n in numbers[1:]:
        out += draw(seps) + str(n)
    if draw(st.booleans()):
        out = draw(st.sampled_from(["", " ", "x", "-", "move "])) + out + draw(
            st.sampled_from(["", " ", "x", "-", "!", "?"]))
    return out


MOVE_TEXTS = st.one_of(st.sampled_from(FIXED_NEAR_MISSES), near_miss_moves(),
                       st.text(max_size=20), st.text(alphabet="0123456789-xX: ", max_size=14))


@SETTINGS
@given(games(max_plies=40, from_start=True), MOVE_TEXTS)
def test_parse_move_raises_only_move_errors_and_changes_nothing(board, text):
    fen, stack = board.fen(), board.move_stack
    try:
        move = board.parse_move(text)
    except MOVE_ERRORS as exc:
        assert repr(text) in str(exc) or text in str(exc)
        if isinstance(exc, AmbiguousMoveError):
            assert len(exc.candidates) >= 2 and all(m in board.legal_moves for m in exc.candidates)
        if isinstance(exc, IllegalMoveError) and exc.required_captures:
            assert all(m.is_capture for m in exc.required_captures)
    else:
        assert move in board.legal_moves
    assert board.fen() == fen and board.move_stack == stack


@SETTINGS
@given(games(max_plies=40, from_start=True), MOVE_TEXTS)
def test_push_pdn_refused_changes_nothing(board, text):
    fen, stack = board.fen(), board.move_stack
    try:
        move = board.push_pdn(text)
    except MOVE_ERRORS:
        assert board.fen() == fen and board.move_stack == stack
    else:
        assert board.move_stack == stack + [move]


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 30), st.lists(MOVE_TEXTS, max_size=4),
       st.randoms(use_true_random=False))
def test_referee_never_raises_for_typed_moves(profile, plies, texts, rng):
    now = [0.0]
    ref = Referee(profile, time_source=lambda: now[0], rng=rng)
    for _ in range(plies):
        if ref.is_over:
            break
        assert ref.submit_move(rng.choice(ref.legal_moves())).ok
    for text in texts:
        fen, stack = ref.board.fen(), ref.board.move_stack
        ruling = ref.submit_move(text)
        if ruling.verdict in (Verdict.REFUSED, Verdict.WARNING, Verdict.FORFEIT):
            assert ref.board.fen() == fen and ref.board.move_stack == stack
            assert ruling.message
        else:
            assert ref.board.move_stack[:-1] == stack


@SETTINGS
@given(st.one_of(st.integers(-100, 100), st.none(), st.text(max_size=3)))
def test_referee_pick_up_of_a_bad_square_is_a_rules_error(square):
    ref = Referee("va-standard", time_source=lambda: 0.0)
    fen = ref.board.fen()
    if isinstance(square, int) and 1 <= square <= 32:
        assert ref.pick_up(square).message
    else:
        with pytest.raises(RulesError):
            ref.pick_up(square)
    assert ref.board.fen() == fen and ref.touch.held in (None, square)
