"""One ``ValueError`` subclass per way input can be wrong. Each message quotes the input."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .types import Move


class RulesError(ValueError):
    """Base of every error the rules core raises for bad input."""


class InvalidMoveError(RulesError):
    """The text is not a move at all ("11-", "40-45", "eleven")."""


class IllegalMoveError(RulesError):
    """The text names a move that is not legal in the position.

    ``required_captures`` is set when the move was refused because a jump is compulsory
    (VA rulebook 3:00 s6, WCDF 1.18): it lists the jumps the player must choose from.
    """

    def __init__(self, message: str, required_captures: tuple[Move, ...] = ()) -> None:
        super().__init__(message)
        self.required_captures = required_captures


class AmbiguousMoveError(RulesError):
    """The text matches more than one legal move (a short capture "20x4" with two paths).

    ``candidates`` lists the matching moves.
    """

    def __init__(self, message: str, candidates: tuple[Move, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class InvalidFenError(RulesError):
    """A FEN string that cannot be read."""


class InvalidPdnError(RulesError):
    """A PDN text that cannot be read."""
