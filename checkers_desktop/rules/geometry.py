"""The board's geometry: where each playing square 1-32 stands on the 8 x 8 board.

The one place for square <-> (row, column) and for diagonal neighbours; the board widget, the
painting, the voice grammar and the engine's evaluation all use it.

Standard diagram (WCDF rules, "the board", items 3-4; the numbering of every checkers book and of
PDN): rows and columns are 0-7 from the top left, BLACK's side (squares 1-4) at the top; square 1
stands on row 0, column 1, so each player has a single corner on the left (square 29 bottom left,
square 4 top right). ``flipped`` turns the board round, WHITE's side at the top.
"""

from __future__ import annotations

from typing import Iterator, Optional

from .types import SQUARES, Square

__all__ = ["SQUARES", "SIZE", "DIAGONALS", "is_square", "check_square", "square_cell",
           "square_at", "diagonal_step", "diagonal_neighbours", "diagonal_ray", "row_squares"]

SIZE = 8
"""Rows (and columns) of the board."""

DIAGONALS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
"""The four diagonal directions as (row step, column step); a negative row step is towards the
top of the standard diagram (towards squares 1-4)."""


def is_square(value: object) -> bool:
    """True when ``value`` is an int (not a bool) naming a playing square 1-32."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 32


def check_square(value: object) -> Square:
    """``value`` when it is a playing square 1-32; raises ``ValueError`` quoting it otherwise."""
    if not is_square(value):
        raise ValueError(f"{value!r} is not a playing square: squares are numbered 1 to 32.")
    return value  # type: ignore[return-value]


def _cell(square: int) -> tuple[int, int]:
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


_CELL: dict[int, tuple[int, int]] = {sq: _cell(sq) for sq in SQUARES}
_SQUARE_AT: dict[tuple[int, int], int] = {cell: sq for sq, cell in _CELL.items()}


def square_cell(square: Square, flipped: bool = False) -> tuple[int, int]:
    """(row, column), each 0-7 from the top left, of the playing square ``square`` (1-32).

    Raises ``ValueError`` quoting ``square`` when it is not 1-32."""
    row, col = _CELL[check_square(square)]
    return (7 - row, 7 - col) if flipped else (row, col)


def square_at(row: int, col: int, flipped: bool = False) -> Optional[Square]:
    """The playing square at (``row``, ``column``), 0-7 from the top left, or None for a light
    square or a place off the board."""
    if flipped:
        row, col = 7 - row, 7 - col
    return _SQUARE_AT.get((row, col))


def diagonal_step(square: Square, d_row: int, d_col: int, distance: int = 1) -> Optional[Square]:
    """The square ``distance`` diagonal steps from ``square`` in direction (``d_row``, ``d_col``)
    (each -1 or 1, in the standard diagram's rows and columns), or None off the board."""
    row, col = square_cell(square)
    return square_at(row + d_row * distance, col + d_col * distance)


def diagonal_neighbours(square: Square, distance: int = 1) -> tuple[Square, ...]:
    """The squares ``distance`` diagonal steps from ``square`` in any of the four directions
    (distance 1: the neighbours; 2: where a single jump lands), ascending."""
    found = (diagonal_step(square, dr, dc, distance) for dr, dc in DIAGONALS)
    return tuple(sorted(sq for sq in found if sq is not None))


def diagonal_ray(square: Square, d_row: int, d_col: int) -> Iterator[Square]:
    """The squares from ``square`` (excluded) to the edge of the board in one diagonal direction,
    nearest first."""
    step = 1
    while (sq := diagonal_step(square, d_row, d_col, step)) is not None:
        yield sq
        step += 1


def row_squares(row: int, flipped: bool = False) -> tuple[Square, ...]:
    """The four playing squares of screen row ``row`` (0-7 from the top), left to right."""
    return tuple(sq for col in range(SIZE) if (sq := square_at(row, col, flipped)) is not None)
