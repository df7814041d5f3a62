"""Fewer keys per move: which squares the "next movable piece" key visits, where the cursor goes
after a piece is picked up, and the legal moves as a list to choose from. Pure functions of a
:class:`~.game.GameSession` and the board's cursor; no Qt (the window's adapter is
``ui/move_assist.py``).

Distances are counted in moves of the cursor with the diagonal keys, on the board as the screen
shows it (``flipped``): max(|rows apart|, |columns apart|), the number of diagonal steps between
two playing squares (they all lie on squares of one colour).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..rules import Move
from ..rules.geometry import square_at, square_cell
from ..texts import game as game_texts

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["cursor_distance", "movable_squares", "by_nearness", "Cycle", "first_destination",
           "moves_for_list", "move_toward"]


def cursor_distance(a: int, b: int, flipped: bool = False) -> int:
    """Diagonal-key presses from square ``a`` to square ``b`` (1-32) on the screen."""
    ra, ca = square_cell(a, flipped)
    rb, cb = square_cell(b, flipped)
    return max(abs(ra - rb), abs(ca - cb))


def movable_squares(session: GameSession) -> list[int]:
    """The squares (ascending) of the pieces that may move now: on the player's turn, the pieces
    with a legal move (only those that can jump when a jump is compulsory); while a penalty awaits
    its checker (nobody moves), the checkers that may be removed, for the chooser to go round;
    empty when no game is running or it is the computer's turn."""
    due = session.removal.due()
    if due is not None:
        return sorted(due.squares)
    if not session.running or not session.is_human_turn():
        return []
    return sorted({m.from_square for m in session.legal_moves()})


def by_nearness(squares: Sequence[int], anchor: int, flipped: bool = False) -> list[int]:
    """``squares`` ordered nearest to ``anchor`` first (diagonal-key presses), then top to bottom
    and left to right on the screen."""
    return sorted(squares, key=lambda sq: (cursor_distance(anchor, sq, flipped),
                                           square_cell(sq, flipped)))


@dataclass
class Cycle:
    """The "next" and "previous" keys going round a list of squares, nearest to the square where
    the round started first. A new round starts when the squares change or the cursor was moved
    some other way (:meth:`step` is told where the cursor is)."""

    squares: tuple[int, ...] = ()
    index: int = -1

    def step(self, candidates: Sequence[int], cursor: int, forward: bool = True,
             flipped: bool = False) -> Optional[int]:
        """The next (``forward``) or previous square of the round, or None when there are no
        ``candidates``. The first press goes to the nearest candidate other than the cursor's own
        square (or to it when it is the only one)."""
        if not candidates:
            self.squares, self.index = (), -1
            return None
        current = self.squares[self.index] if 0 <= self.index < len(self.squares) else None
        if set(candidates) != set(self.squares) or current != cursor:
            order = by_nearness(candidates, cursor, flipped)
            if len(order) > 1 and order[0] == cursor:
                order = order[1:] + order[:1]  # the cursor's own piece comes last in the round
            self.squares = tuple(order)
            self.index = 0 if forward else len(order) - 1
            return self.squares[self.index]
        self.index = (self.index + (1 if forward else -1)) % len(self.squares)
        return self.squares[self.index]


def first_destination(destinations: Sequence[int], origin: int,
                      flipped: bool = False) -> Optional[int]:
    """Where the cursor goes when the piece on ``origin`` is picked up: the nearest of its
    ``destinations`` (then the top-most, left-most on the screen), so that Enter plays a one-way
    move at once; None when there are none."""
    if not destinations:
        return None
    return by_nearness(destinations, origin, flipped)[0]


def moves_for_list(moves: Sequence[Move]) -> list[Move]:
    """The legal moves in the order the legal-move list shows them: by start square, then end
    square, then path."""
    return sorted(moves, key=lambda m: (m.from_square, m.to_square, m.path))


def move_toward(session: GameSession, square: int, d_row: int, d_col: int, flipped: bool = False) -> bool:
    """Move the piece on ``square`` one way at once (Shift with a diagonal key): ``d_row`` and
    ``d_col`` (each -1 or 1) are the screen direction. The legal moves of that piece whose first
    step goes that way (a step to the touching square, or a jump landing two squares away) are
    played through the usual pick-up and put-down (so touch-move rules apply): one such move is
    played; a jump series with several ways on is left held on its first landing square. When
    the piece is already held partway through a jump, the next jump that way is made. Returns
    True when something was played or put down; otherwise nothing is touched and the reason is
    said ("Eleven cannot go that way.")."""
    row, col = square_cell(square, flipped)
    near = square_at(row + d_row, col + d_col, flipped)
    far = square_at(row + 2 * d_row, col + 2 * d_col, flipped)
    steps = {sq for sq in (near, far) if sq is not None}
    if session.selected is not None:
        if square != session.partial_path[-1] or not (steps & session.destinations()):
            session.refuse(game_texts.cannot_go_that_way_text(square))
            return False
        session.activate(min(steps & session.destinations(),
                             key=lambda sq: sq != far))  # a jump's landing first
        return True
    if not session.running or not session.is_human_turn():
        session.activate(square)  # says why not (no game, the computer's turn)
        return False
    moves = [m for m in session.legal_moves() if m.from_square == square and m.path[1] in steps]
    if not moves:
        session.refuse(game_texts.cannot_go_that_way_text(square))
        return False
    session.activate(square)
    if session.selected != square:
        return False  # refused by the rules (said)
    session.activate(moves[0].path[1])
    return True
