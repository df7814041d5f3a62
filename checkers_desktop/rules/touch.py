"""Touch-move as a small state machine.

On a screen, touching is the explicit act of picking a piece up (a click on it, Enter or Space on it,
or saying "take 11"); exploring the board is never touching (../shared/RULES.md, "What touching means
on a screen"). Under strict touch-move a picked-up piece that has a legal move is the one that must
move (VA rulebook 4:00 s1, WCDF 3.2, Caseville); under liberal touch-move it can be put back and
another chosen until a move is made, and a move made stands (VA 4:00 s1-VI). Touching a piece that
cannot be played binds nothing (VA 4:00 s2: "Touching an unplayable piece does not constitute a
move").

This module only tracks the held piece; what a violation costs (refusal, warning, forfeit) is the
referee's business (:mod:`.referee`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional

from .board import Board
from .errors import RulesError
from .geometry import is_square
from .profiles import Profile, TouchRule, profile_legal_moves
from .types import Move, Square

__all__ = ["TouchStatus", "TouchResult", "InvalidSquareError", "TouchMove"]


class InvalidSquareError(RulesError):
    """A square number outside 1-32 (the message quotes it)."""


class TouchStatus(enum.Enum):
    """What became of a touch-move event. ``value`` is a stable code for texts."""

    ACCEPTED = "accepted"
    """The piece is now held (and, under strict touch-move, must be the one moved)."""
    EMPTY_SQUARE = "empty_square"
    NOT_YOUR_PIECE = "not_your_piece"
    NO_LEGAL_MOVE = "no_legal_move"
    """The piece cannot be played now; picking it up binds nothing (VA 4:00 s2)."""
    MUST_MOVE_HELD = "must_move_held"
    """Strict: another piece is already held and must be moved (VA 4:00 s1)."""
    PUT_BACK = "put_back"
    PUT_BACK_REFUSED = "put_back_refused"
    """Strict: a picked-up playable piece cannot be put back (VA 4:00 s1)."""
    NOTHING_HELD = "nothing_held"
    MOVE_ALLOWED = "move_allowed"
    WRONG_PIECE = "wrong_piece"
    """Strict: the move is not made with the held piece."""


_OK = {TouchStatus.ACCEPTED, TouchStatus.PUT_BACK, TouchStatus.MOVE_ALLOWED}


@dataclass(frozen=True)
class TouchResult:
    """The answer to one touch-move event.

    ``square`` is the square the event was about; ``held`` the square held afterwards (or None);
    ``binding`` is True when the held piece must be the one moved; ``moves`` the held piece's legal
    moves (for the UI to mark destinations).
    """

    status: TouchStatus
    square: Optional[Square]
    held: Optional[Square]
    binding: bool
    moves: tuple[Move, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status in _OK

    @property
    def code(self) -> str:
        return self.status.value


class TouchMove:
    """Which piece the side to move holds, under one profile's touch-move rule.

    Call :meth:`pick_up` and :meth:`put_back` as the player acts, :meth:`check_move` before playing a
    move, and :meth:`reset` once a move has been made (or the turn otherwise changes).
    """

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.held: Optional[Square] = None

    @property
    def strict(self) -> bool:
        return self.profile.touch is TouchRule.STRICT

    @property
    def binding(self) -> bool:
        """True when the held piece must be the one moved (strict touch-move)."""
        return self.strict and self.held is not None

    def _result(self, status: TouchStatus, square: Optional[Square],
                moves: tuple[Move, ...] = ()) -> TouchResult:
        return TouchResult(status, square, self.held, self.binding, moves)

    def pick_up(self, board: Board, square: Square) -> TouchResult:
        """The side to move picks up the piece on ``square`` (1-32).

        Raises :class:`InvalidSquareError` (changing nothing) for a number outside 1-32.
        """
        if not is_square(square):
            raise InvalidSquareError(f"{square!r} is not a square from 1 to 32")
        if self.binding and square != self.held:
            return self._result(TouchStatus.MUST_MOVE_HELD, square)
        piece = board.piece_at(square)
        if piece is None:
            return self._result(TouchStatus.EMPTY_SQUARE, square)
        if piece.color is not board.turn:
            return self._result(TouchStatus.NOT_YOUR_PIECE, square)
        moves = tuple(m for m in profile_legal_moves(board, self.profile) if m.from_square == square)
        if not moves:
            return self._result(TouchStatus.NO_LEGAL_MOVE, square)
        self.held = square  # liberal: picking up another piece puts the first one back
        return self._result(TouchStatus.ACCEPTED, square, moves)

    def put_back(self) -> TouchResult:
        """Put the held piece back: allowed unless touch-move is strict (VA 4:00 s1 / s1-VI)."""
        if self.held is None:
            return self._result(TouchStatus.NOTHING_HELD, None)
        if self.strict:
            return self._result(TouchStatus.PUT_BACK_REFUSED, self.held)
        square, self.held = self.held, None
        return self._result(TouchStatus.PUT_BACK, square)

    def check_move(self, move: Move) -> TouchResult:
        """Whether ``move`` respects the held piece. Under strict touch-move only the held piece
        may move; otherwise any move is allowed (a move of another piece puts the held one back)."""
        if self.binding and move.from_square != self.held:
            return self._result(TouchStatus.WRONG_PIECE, move.from_square)
        return self._result(TouchStatus.MOVE_ALLOWED, move.from_square)

    def reset(self) -> None:
        """A move was made or the turn changed: nothing is held."""
        self.held = None
