"""Squares and moves in the words players say: "twenty-two", "eleven to fifteen".

Pure functions, no Qt and no speech library. Squares are ints 1-32 in the standard numbering
(WCDF rules 1.4). Capture styles follow what players and commentators say across the board:
"twenty-two takes fifteen" or "twenty-two jumps fifteen", and a multiple jump names every landing
square, "twenty-six jumps seventeen jumps ten".
"""

from __future__ import annotations

from typing import Iterable

from checkers_desktop.rules import Move

__all__ = ["STYLES", "number_words", "path_words", "spoken_move", "spoken_squares"]

STYLES = ("to", "takes", "jumps")
"""Ways of saying a capture: "to" (26 to 17 to 10), "takes" and "jumps" (the default)."""

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
         "nineteen")
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty",
         9: "ninety"}


def number_words(n: int) -> str:
    """``n`` (0-99) in words, hyphenated as written English does: 22 -> "twenty-two", 30 -> "thirty".

    Used for squares (1-32) and small counts. Raises ``ValueError`` quoting ``n`` outside 0-99.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
        raise ValueError(f"{n!r} is not a whole number from 0 to 99")
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] if ones == 0 else f"{_TENS[tens]}-{_ONES[ones]}"


def _check_style(style: str) -> str:
    if style not in STYLES:
        raise ValueError(f"{style!r} is not a move style; use one of {', '.join(STYLES)}")
    return style


def path_words(path: Iterable[int], capture: bool, style: str = "jumps") -> str:
    """Squares of a path joined as spoken: "eleven to fifteen", "twenty-six jumps seventeen jumps ten".

    ``capture`` chooses the joining word for jumps (``style``: "to", "takes" or "jumps"); a step is
    always joined with "to". Raises ``ValueError`` for an unknown style or a square outside 1-99.
    """
    joiner = _check_style(style) if capture else "to"
    return f" {joiner} ".join(number_words(sq) for sq in path)


def spoken_move(move: Move, style: str = "jumps") -> str:
    """A move as players say it, lower case and without a full stop.

    Step: "eleven to fifteen". Capture, by ``style``: "twenty-two jumps fifteen" (default),
    "twenty-two takes fifteen", "twenty-two to fifteen"; a multi-jump names every landing square:
    "twenty-six jumps seventeen jumps ten". Raises ``ValueError`` for an unknown style.
    """
    return path_words(move.path, move.is_capture, style)


def spoken_squares(squares: Iterable[int], conjunction: str = "and") -> str:
    """A list of squares in words: "eleven", "eleven and fifteen", "one, two and three"."""
    words = [number_words(sq) for sq in squares]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]
