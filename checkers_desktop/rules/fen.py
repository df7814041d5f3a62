"""FEN for English draughts (PDN 3.0 section on FEN tags).

``"B:W21,22,K30:B1,2,K12"``: the side to move (``B`` or ``W``), then each side's squares after ``:W``
and ``:B``; a ``K`` before a square marks a king; ranges such as ``W21-32`` are allowed; either side
may come first and may be empty; a trailing ``.`` (seen in real files, ../shared/pdn/README.md) and
white space are tolerated on read. Writing gives the canonical form: side to move, White's squares,
Black's squares, men ascending then kings ascending, no ranges.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import InvalidFenError
from .types import Color

_SQUARE_RE = re.compile(r"^(K?)(\d{1,2})(?:-(K?)(\d{1,2}))?$")


class FenPosition(NamedTuple):
    """A parsed FEN: ``black`` and ``white`` map square (1-32) to True for a king, False for a man."""

    turn: Color
    black: dict[int, bool]
    white: dict[int, bool]


def parse_fen(text: str) -> FenPosition:
    """Read a FEN string. Raises :class:`InvalidFenError` (quoting ``text``) when it cannot be read."""
    if not isinstance(text, str):
        raise InvalidFenError(f"FEN must be text, got {text!r}")
    s = "".join(text.split()).strip('"')
    if s.endswith("."):
        s = s[:-1]
    parts = s.split(":")
    if len(parts) < 1 or parts[0].upper() not in ("B", "W"):
        raise InvalidFenError(f"FEN {text!r}: it must start with the side to move, B or W")
    turn = Color.BLACK if parts[0].upper() == "B" else Color.WHITE
    sides: dict[str, dict[int, bool]] = {}
    for part in parts[1:]:
        if not part:
            raise InvalidFenError(f"FEN {text!r}: an empty field between colons")
        colour = part[0].upper()
        if colour not in ("B", "W"):
            raise InvalidFenError(f"FEN {text!r}: field {part!r} must start with B or W")
        if colour in sides:
            raise InvalidFenError(f"FEN {text!r}: the pieces of {colour} are given twice")
        pieces: dict[int, bool] = {}
        body = part[1:]
        for item in filter(None, body.split(",")):
            m = _SQUARE_RE.match(item.upper())
            if not m:
                raise InvalidFenError(f"FEN {text!r}: {item!r} is not a square")
            king = bool(m.group(1))
            first = int(m.group(2))
            last = int(m.group(4)) if m.group(4) else first
            if m.group(3):
                king = True
            if not (1 <= first <= 32 and 1 <= last <= 32 and first <= last):
                raise InvalidFenError(f"FEN {text!r}: {item!r} is not a square from 1 to 32")
            for sq in range(first, last + 1):
                if sq in pieces:
                    raise InvalidFenError(f"FEN {text!r}: square {sq} is given twice")
                pieces[sq] = king
        sides[colour] = pieces
    black = sides.get("B", {})
    white = sides.get("W", {})
    both = set(black) & set(white)
    if both:
        raise InvalidFenError(f"FEN {text!r}: square {min(both)} holds pieces of both sides")
    for sq, king in black.items():
        if not king and sq in (29, 30, 31, 32):
            raise InvalidFenError(f"FEN {text!r}: a Black man cannot stand on its crowning row ({sq})")
    for sq, king in white.items():
        if not king and sq in (1, 2, 3, 4):
            raise InvalidFenError(f"FEN {text!r}: a White man cannot stand on its crowning row ({sq})")
    return FenPosition(turn, black, white)


def format_fen(turn: Color, black: dict[int, bool], white: dict[int, bool]) -> str:
    """Write the canonical FEN of a position given as square -> is_king maps."""

    def side(pieces: dict[int, bool]) -> str:
        men = [str(s) for s in sorted(pieces) if not pieces[s]]
        kings = [f"K{s}" for s in sorted(pieces) if pieces[s]]
        return ",".join(men + kings)

    return f"{turn.value}:W{side(white)}:B{side(black)}"
