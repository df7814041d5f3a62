"""The rules core: English draughts and the tournament rule profiles. Pure Python, no Qt."""

from .board import STARTING_FEN, Board, Outcome, Termination
from .errors import (AmbiguousMoveError, IllegalMoveError, InvalidFenError, InvalidMoveError,
                     InvalidPdnError, RulesError)
from .fen import parse_fen, format_fen
from .types import (BLACK, SQUARES, WHITE, Color, Move, Piece, PieceKind, Square, move_number,
                    score_sheet_moves)

__all__ = [
    "STARTING_FEN", "Board", "Outcome", "Termination", "AmbiguousMoveError", "IllegalMoveError",
    "InvalidFenError", "InvalidMoveError", "InvalidPdnError", "RulesError", "parse_fen", "format_fen",
    "BLACK", "WHITE", "SQUARES", "Color", "Move", "Piece", "PieceKind", "Square", "move_number",
    "score_sheet_moves",
]
