"""The rules core's small vocabulary: squares, colours, pieces and moves.

Squares use the standard 1-32 numbering of every checkers book and of PDN (WCDF rules 1.4): the side
that moves first (PDN's Black) starts on 1-12, the other side (PDN's White) on 21-32, numbered row by
row from the first mover's side. Which words a tournament uses for the two sides ("Black"/"Red",
"Red"/"White") is a matter of the rule profile, not of this module.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

Square = int
"""A playing square, 1-32 in the standard numbering."""

SQUARES: tuple[Square, ...] = tuple(range(1, 33))


class Color(enum.Enum):
    """A side. BLACK moves first, as in PDN (VA rulebook 3:00 s1: "black invariably moving first")."""

    BLACK = "B"
    WHITE = "W"

    @property
    def other(self) -> "Color":
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.name.lower()


BLACK = Color.BLACK
WHITE = Color.WHITE


class PieceKind(enum.Enum):
    MAN = "man"
    KING = "king"


@dataclass(frozen=True, slots=True)
class Piece:
    color: Color
    kind: PieceKind

    @property
    def is_king(self) -> bool:
        return self.kind is PieceKind.KING


@dataclass(frozen=True, slots=True)
class Move:
    """One whole turn: a step, or a complete jump series.

    ``path`` holds every square the piece stands on, start first (2 squares for a step, one more for
    each jump). ``captures`` holds the squares of the jumped pieces in the order they were jumped; it is
    empty for a step. Two king jumps that take the same pieces going round in opposite directions are
    different moves (their paths differ).
    """

    path: tuple[Square, ...]
    captures: tuple[Square, ...] = ()

    def __post_init__(self) -> None:
        if len(self.path) < 2:
            raise ValueError(f"a move needs at least two squares, got {self.path!r}")

    @property
    def from_square(self) -> Square:
        return self.path[0]

    @property
    def to_square(self) -> Square:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def pdn(self) -> str:
        """The move in PDN with its whole path: "11-15", "22x15", "26x17x10"."""
        sep = "x" if self.captures else "-"
        return sep.join(str(s) for s in self.path)

    def short_pdn(self) -> str:
        """Start and end only ("26x10"), as many printed games write captures."""
        sep = "x" if self.captures else "-"
        return f"{self.path[0]}{sep}{self.path[-1]}"

    def __str__(self) -> str:
        return self.pdn()


def move_number(root_turn: Color, ply: int) -> int:
    """The score-sheet number (PDN's move number, from 1) of the move at index ``ply`` (0-based)
    of a game whose first position has ``root_turn`` to move: BLACK's move and the reply share a
    number; a game set up with WHITE to move starts at "1. ..." with WHITE's move."""
    offset = 0 if root_turn is Color.BLACK else 1
    return (ply + offset) // 2 + 1


def score_sheet_moves(plies: int, root_turn: Color = Color.BLACK) -> int:
    """How many moves a game of ``plies`` plies has, counted as a score sheet counts them: the
    number of its last move (:func:`move_number`), so 10 plies from the start are 5 moves; 0
    for none. ``root_turn``: the side to move in the game's first position."""
    return move_number(root_turn, plies - 1) if plies > 0 else 0
