"""What the move box says about typed text that is not a move, as precisely as the board says it
("There is no square 33. Squares are 1 to 32."), before the referee is asked."""

from __future__ import annotations

import re
from typing import Optional

from ..rules.geometry import is_square
from .game import no_square_text

__all__ = ["typed_mistake", "empty_text", "typed_digits_text", "typed_on_board_text",
           "typing_text", "MAX_TYPED"]

MAX_TYPED = 120
"""Longer typed text is no move (the longest jump series written out is far shorter)."""

_NUMBERS = re.compile(r"\d+")


def empty_text() -> str:
    """Return in an empty move box."""
    return ("The move box is empty. Type a move such as 11-15, or 22x15 for a jump, then press "
            "Enter. Escape goes back to the board.")


def typed_digits_text(typed: str) -> str:
    """The digits typed on the board so far, said as each is typed ("1", then "10"), or "Nothing
    typed." when Backspace took the last one."""
    return typed or "Nothing typed."


def typing_text() -> str:
    """Ctrl+M: a move is typed now (on the board, into the move box)."""
    return "Type a move, then Enter."


def typed_on_board_text(typed: str) -> str:
    """A move begun on the board ("11-"), carried into the move box to be finished."""
    return f"Move box: {typed}. Finish the move, then press Enter."


def typed_mistake(text: str) -> Optional[str]:
    """Why ``text`` typed in the move box cannot be a move, or None when the referee should judge
    it (a move that may be legal or illegal in the position):

    * nothing typed: what to type (:func:`empty_text`);
    * a number that is no square ("0-4", "33-29"): "There is no square 33. Squares are 1 to 32.";
    * no number at all ("hello"): a move is squares;
    * one square alone ("15"): the square it goes to is missing;
    * text longer than :data:`MAX_TYPED` characters.
    """
    typed = text.strip()
    if not typed:
        return empty_text()
    if len(typed) > MAX_TYPED:
        return "That is too long to be a move. Type squares such as 11-15."
    numbers = _NUMBERS.findall(typed)
    for number in numbers:
        if not is_square(int(number)):
            return no_square_text(str(int(number)) if len(number) < 4 else number)
    if not numbers:
        return (f"{typed!r} is not a move: type the square a piece moves from and the square "
                f"it moves to, such as 11-15, or 22x15 for a jump.")
    if len(numbers) == 1:
        return (f"{typed!r} is one square: type the square the piece moves to as well, such as "
                f"{numbers[0]}-{_example(int(numbers[0]))}.")
    return None


def _example(square: int) -> int:
    """A square next to ``square`` in a move's direction, only for the example's shape."""
    return square + 4 if square <= 28 else square - 4
