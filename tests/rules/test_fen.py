"""FEN of English draughts (PDN 3.0 FEN tag): reading the forms real files use, writing the
canonical form, and refusing what is not a position with a message quoting the input."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import (BLACK, STARTING_FEN, WHITE, Board, InvalidFenError, Piece,
                                    PieceKind, format_fen, parse_fen)


def test_start_position_fen():
    """WCDF pieces 3: Black (first mover) on 1-12, White on 21-32; Black to move (VA 3:00 s1)."""
    pos = parse_fen(STARTING_FEN)
    assert pos.turn is BLACK
    assert sorted(pos.black) == list(range(1, 13))
    assert sorted(pos.white) == list(range(21, 33))
    assert not any(pos.black.values()) and not any(pos.white.values())


def test_kings_and_side_to_move():
    board = Board("W:WK19,K23:B12,K28")  # "First Position", ../shared/PERFT.md
    assert board.turn is WHITE
    assert board.piece_at(19) == Piece(WHITE, PieceKind.KING)
    assert board.piece_at(12) == Piece(BLACK, PieceKind.MAN)
    assert board.piece_at(28) == Piece(BLACK, PieceKind.KING)
    assert board.count(BLACK) == (1, 1) and board.count(WHITE) == (0, 2)


@pytest.mark.parametrize("text", [
    "W:W31,27,19:B17,12,5.",      # a final "." (problems/beginner.pdn)
    "W:B5,12,17:W19,27,31",       # Black's pieces first
    " W : W31, 27, 19 : B17,12,5 ",  # white space
    "W:W19,27,31:B5,12,17",
])
def test_forms_seen_in_real_files_read_the_same(text):
    assert Board(text).fen() == "W:W19,27,31:B5,12,17"


def test_ranges():
    """PDN 3.0 allows ranges such as W21-32."""
    assert Board("B:W21-32:B1-12").fen() == STARTING_FEN


def test_format_lists_men_then_kings_ascending():
    text = format_fen(BLACK, {12: False, 3: True, 1: False}, {30: True, 22: False})
    assert text == "B:W22,K30:B1,12,K3"


def test_empty_side_is_allowed():
    board = Board("W:W:B1")
    assert board.squares(WHITE) == [] and board.squares(BLACK) == [1]


@pytest.mark.parametrize("text, words", [
    ("X:W1:B2", "side to move"),
    ("B:W33:B1", "33"),
    ("B:W5:B5", "both sides"),
    ("B:W1,1:B5", "twice"),
    ("B:Wx:B5", "'x'"),
    ("B:W5:B30", "crowning row"),   # no man stands on its own crowning row (VA 3:00 s8)
    ("W:W2:B9", "crowning row"),
    ("B::", "empty field"),
    ("B:W1:W2", "given twice"),
])
def test_bad_fen_raises_quoting_the_input(text, words):
    with pytest.raises(InvalidFenError) as info:
        Board(text)
    message = str(info.value)
    assert repr(text) in message and words in message


def test_bad_fen_leaves_the_board_unchanged():
    board = Board()
    board.push_pdn("11-15")
    with pytest.raises(InvalidFenError):
        board.set_fen("B:W33")
    assert board.ply == 1 and board.piece_at(15) is not None


def test_fen_error_is_a_value_error():
    assert issubclass(InvalidFenError, ValueError)


def test_non_text_is_refused():
    with pytest.raises(InvalidFenError):
        parse_fen(42)
