"""Fuzzing the FEN reader (hypothesis): only ``InvalidFenError`` may come out, with the input quoted
briefly; a board given a FEN it refuses is unchanged; every way the PDN 3.0 FEN grammar allows to
write a position reads back as that position; and each thing the standard does not allow (digits
other than ASCII ones, ranges that overlap, a square twice, more than 12 pieces a side, no colour
section, an empty or overlong text) is refused, whatever position it is put into."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from checkers_desktop.inputs import QUOTE_CHARS, quote
from checkers_desktop.rules import STARTING_FEN, Board, InvalidFenError, format_fen, parse_fen
from checkers_desktop.rules.fen import MAX_FEN_CHARS, MAX_PIECES
from checkers_desktop.rules.types import Color

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

FEN_ALPHABET = "BWKbwk:,-. 0123456789\"\t\n"
REAL_FENS = [STARTING_FEN, "W:W18,K27,30:B6,10,K15", "B:W21-32:B1-12.", "W:B1,2,K12:W21,22,K30",
             "B:W:BK1", "W:W9,10:B"]
MESSAGE_CHARS = 4 * QUOTE_CHARS + 200
"""The longest a refusal may be: the input quoted (at most 60 characters, up to 4 characters each
when escaped) and the explanation."""


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
                      near_miss_fens(), st.text(alphabet=FEN_ALPHABET, min_size=200, max_size=400))


def check_accepted(text: str) -> None:
    board = Board(text)
    again = Board(board.fen())  # what was read writes a FEN that reads back the same
    assert again.key() == board.key()
    assert not board.black_bb & board.white_bb  # no square holds two pieces
    for color in (Color.BLACK, Color.WHITE):
        assert sum(board.count(color)) <= MAX_PIECES


def check_refusal(exc: InvalidFenError, text) -> None:
    message = str(exc)
    assert quote(text) in message  # the message quotes the input, briefly
    assert len(message) <= MESSAGE_CHARS and "\n" not in message


@SETTINGS
@given(FEN_TEXTS)
def test_parse_fen_raises_only_invalid_fen_error(text):
    try:
        parse_fen(text)
    except InvalidFenError as exc:
        check_refusal(exc, text)
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


# --- positions and the ways the standard allows to write them -----------------------------------
@st.composite
def positions(draw) -> tuple[Color, dict[int, bool], dict[int, bool]]:
    """A position a FEN can give: at most 12 pieces a side, no man on its own crowning row."""
    squares = draw(st.permutations(range(1, 33)))
    n_black = draw(st.integers(0, MAX_PIECES))
    n_white = draw(st.integers(0, MAX_PIECES))
    black = {sq: draw(st.booleans()) or sq >= 29 for sq in squares[:n_black]}
    white = {sq: draw(st.booleans()) or sq <= 4 for sq in squares[n_black:n_black + n_white]}
    return draw(st.sampled_from([Color.BLACK, Color.WHITE])), black, white


def _runs(squares: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for sq in sorted(squares):
        if runs and runs[-1][1] == sq - 1:
            runs[-1] = (runs[-1][0], sq)
        else:
            runs.append((sq, sq))
    return runs


@st.composite
def written(draw, position) -> str:
    """``position`` written in one of the forms PDN 3.0 allows (and real files use): sections in
    either order, squares in any order, ranges for runs of men or of kings, "K" before a king,
    lower-case letters, spaces, a final "." and quotes."""
    turn, black, white = position
    sections = []
    for colour, pieces in (("W", white), ("B", black)):
        items = []
        for king in (False, True):
            squares = [sq for sq, k in pieces.items() if k is king]
            for first, last in _runs(squares):
                if last > first and draw(st.booleans()):
                    items.append(f"{'K' if king else ''}{first}-{last}")
                else:
                    items.extend(f"{'K' if king else ''}{sq}" for sq in range(first, last + 1))
        items = draw(st.permutations(items))
        sep = draw(st.sampled_from([",", ", "]))
        sections.append(colour + sep.join(items))
    sections = draw(st.permutations(sections))
    text = turn.value + ":" + ":".join(sections)
    if draw(st.booleans()):
        text += "."
    if draw(st.booleans()):
        text = text.lower()
    if draw(st.booleans()):
        text = f'"{text}"'
    return draw(st.sampled_from(["", " "])) + text


@SETTINGS
@given(st.data())
def test_every_standard_way_of_writing_a_position_reads_back_as_it(data):
    turn, black, white = position = data.draw(positions())
    text = data.draw(written(position))
    assume(len(text) <= MAX_FEN_CHARS)
    parsed = parse_fen(text)
    assert (parsed.turn, parsed.black, parsed.white) == (turn, black, white)
    canonical = format_fen(turn, black, white)
    assert parse_fen(canonical) == parsed
    assert Board(text).fen() == canonical


# --- what the standard does not allow, put into a real position ---------------------------------
UNICODE_DIGITS = [0xFF10, 0x0660, 0x06F0, 0x0966, 0x1D7CE]  # full-width, Arabic-Indic, ...


@SETTINGS
@given(st.data())
def test_digits_other_than_ascii_are_refused(data):
    text = data.draw(written(data.draw(positions())))
    places = [i for i, c in enumerate(text) if c.isdigit()]
    assume(places)
    i = data.draw(st.sampled_from(places))
    zero = data.draw(st.sampled_from(UNICODE_DIGITS))
    bad = text[:i] + chr(zero + int(text[i])) + text[i + 1:]
    with pytest.raises(InvalidFenError, match="ASCII") as info:
        parse_fen(bad)
    check_refusal(info.value, bad)


@SETTINGS
@given(st.data())
def test_a_square_given_twice_or_by_overlapping_ranges_is_refused(data):
    turn, black, white = data.draw(positions())
    side, name = data.draw(st.sampled_from([(black, "B"), (white, "W")]))
    assume(side)
    sq = data.draw(st.sampled_from(sorted(side)))
    low = data.draw(st.integers(max(1, sq - 5), sq))
    high = data.draw(st.integers(sq, min(32, sq + 5)))
    extra = f"{low}-{high}" if high > low and data.draw(st.booleans()) else str(sq)
    canonical = format_fen(turn, black, white)
    head, _, rest = canonical.partition(":" + name)
    bad = f"{head}:{name}{extra}{',' if rest and rest[0] != ':' else ''}{rest}"
    with pytest.raises(InvalidFenError, match="twice|both sides|crowning|at most") as info:
        parse_fen(bad)
    check_refusal(info.value, bad)


@SETTINGS
@given(st.integers(MAX_PIECES + 1, 32), st.sampled_from(["W", "B"]), st.booleans(),
       st.sampled_from(["B", "W"]))
def test_more_than_twelve_pieces_on_a_side_is_refused(count, colour, ranges, turn):
    squares = list(range(1, count + 1)) if colour == "W" else list(range(33 - count, 33))
    items = f"K{squares[0]}-{squares[-1]}" if ranges else ",".join(f"K{s}" for s in squares)
    other = "B" if colour == "W" else "W"
    bad = f"{turn}:{colour}{items}:{other}"
    with pytest.raises(InvalidFenError, match=f"{count} pieces; a side has at most 12") as info:
        parse_fen(bad)
    check_refusal(info.value, bad)


@SETTINGS
@given(st.sampled_from(["", " ", "\t\n", '""', ".", "B", "W", "b.", '"W"', "B:", "W:.",
                        "B::", ":W21:B1"]))
def test_empty_texts_and_missing_sections_are_refused(text):
    with pytest.raises(InvalidFenError) as info:
        parse_fen(text)
    check_refusal(info.value, text)


@SETTINGS
@given(st.integers(MAX_FEN_CHARS + 1, 200_000), st.sampled_from([" ", ",", "1", "K", "２"]))
def test_overlong_text_is_refused_before_it_is_read_and_not_echoed(length, filler):
    text = (STARTING_FEN + filler * length)[:length]
    with pytest.raises(InvalidFenError, match="characters long") as info:
        parse_fen(text)
    check_refusal(info.value, text)
