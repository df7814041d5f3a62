"""Reading moves as people and PDN files write them.

Accepted forms: ``"11-15"``, ``"11 15"``, ``"11x15"`` (an ``x`` for a plain move occurs in real files),
``"22x15"``, the whole path ``"26x17x10"``, only start and end ``"26x10"``, or any sub-path that keeps
the start and the end and the order (``"1x10x26"`` for 1x10x19x26).
"""

from __future__ import annotations

import re

from .errors import InvalidMoveError
from .geometry import is_square

_TOKEN_RE = re.compile(r"^\s*\d{1,2}(\s*[-xX:\s]\s*\d{1,2})+\s*$")


def parse_squares(text: str) -> tuple[tuple[int, ...], bool]:
    """Split a written move into its squares and whether it was written as a capture (``x``).

    Raises :class:`InvalidMoveError` quoting ``text`` when it is not two or more squares 1-32.
    """
    if not isinstance(text, str) or not _TOKEN_RE.match(text):
        raise InvalidMoveError(
            f"{text!r} is not a move: write the squares from 1 to 32, as in 11-15 or 22x15")
    squares = tuple(int(t) for t in re.findall(r"\d+", text))
    bad = [s for s in squares if not is_square(s)]
    if bad:
        raise InvalidMoveError(f"{text!r} is not a move: {bad[0]} is not a square from 1 to 32")
    return squares, ("x" in text.lower())


def path_matches(written: tuple[int, ...], path: tuple[int, ...]) -> bool:
    """True when ``written`` is ``path`` with none, some or all of its middle squares left out."""
    if written[0] != path[0] or written[-1] != path[-1] or len(written) > len(path):
        return False
    i = 0
    for sq in path:
        if i < len(written) and sq == written[i]:
            i += 1
    return i == len(written)
