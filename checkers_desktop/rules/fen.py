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

from ..inputs import quote
from .errors import InvalidFenError
from .types import Color
from .geometry import is_square

MAX_FEN_CHARS = 256
"""The longest FEN text read, in characters. The longest canonical FEN of a position is 99
characters (24 pieces written ``K32,``, the side to move and two section marks); 256 leaves room
for spaces after commas and quotes, and a longer text is refused before it is looked at (a 120 KB
argument is not a FEN)."""

MAX_PIECES = 12
"""The most pieces a side can have: each side starts with 12 (VA rulebook 3:00 s1, WCDF 1.3)."""

_RANGE_RE = re.compile(r"(K?)([0-9]{1,2})(?:-(K?)([0-9]{1,2}))?", re.ASCII)


class FenPosition(NamedTuple):
    """A parsed FEN: ``black`` and ``white`` map square (1-32) to True for a king, False for a
    man."""

    turn: Color
    black: dict[int, bool]
    white: dict[int, bool]


def _refuse(text: str, why: str) -> InvalidFenError:
    return InvalidFenError(f"FEN {quote(text)}: {why}")


def parse_fen(text: str) -> FenPosition:
    """Read a FEN string (PDN 3.0 FEN tag grammar, as published with the standard by W. Wesselink,
    pdn.fmjd.org/fen.html): ``COLOR (":" COLOR [K]square["-"square] ("," ...)*)+ ["."]``.

    Tolerated on read, as real files have them: white space anywhere, surrounding quotes, a final
    ".", lower-case letters, a colour section with no square ("W:W9,10:B": a side with no pieces)
    and a "K" on the second square of a range ("K1-K3"). Refused, raising
    :class:`InvalidFenError` with the input quoted briefly (at most 60 characters):

    - a text longer than :data:`MAX_FEN_CHARS` characters, an empty one, one that is not text;
    - any character that is not ASCII (full-width digits "２１" are not squares 21);
    - no side to move (B or W) or no colour section ("B" alone);
    - a section not starting with B or W, a colour given twice, an empty item between commas;
    - a square outside 1-32, a range running backwards ("9-5"), a square given twice, also by
      overlapping ranges ("1-10,5-12"), or by both sides;
    - more than :data:`MAX_PIECES` pieces on a side;
    - a man on its own crowning row (it would have been crowned, VA rulebook 3:00 s8).
    """
    if not isinstance(text, str):
        raise InvalidFenError(f"FEN must be text, not {type(text).__name__} {quote(text)}")
    if len(text) > MAX_FEN_CHARS:
        raise _refuse(text, f"it is {len(text):,} characters long; a FEN has at most "
                            f"{MAX_FEN_CHARS}")
    if not text.isascii():
        bad = next(c for c in text if not c.isascii())
        what = "digit" if bad.isdigit() else "character"
        raise _refuse(text, f"{bad!r} is not an ASCII {what}; a FEN is written with the letters "
                            "B, W, K and the digits 0-9")
    s = "".join(text.split())
    if len(s) >= 2 and s[0] == s[-1] == '"':
        s = s[1:-1]
    if s.endswith("."):
        s = s[:-1]
    if not s:
        raise _refuse(text, "it is empty; a FEN gives the side to move and the pieces, as in "
                            "B:W21-32:B1-12")
    parts = s.split(":")
    if parts[0].upper() not in ("B", "W"):
        raise _refuse(text, "it must start with the side to move, B or W")
    turn = Color.BLACK if parts[0].upper() == "B" else Color.WHITE
    if len(parts) < 2:
        raise _refuse(text, "it gives no pieces: after the side to move come the sections "
                            ":W (White's squares) and :B (Black's squares)")
    sides: dict[str, dict[int, bool]] = {}
    for part in parts[1:]:
        if not part:
            raise _refuse(text, "an empty field between colons")
        colour = part[0].upper()
        if colour not in ("B", "W"):
            raise _refuse(text, f"field {quote(part, 20)} must start with B or W")
        if colour in sides:
            raise _refuse(text, f"the pieces of {colour} are given twice")
        pieces: dict[int, bool] = {}
        given: dict[int, str] = {}  # square -> the item that gave it
        body = part[1:]
        items = body.split(",") if body else []
        for item in items:
            if not item:
                raise _refuse(text, f"an empty item between commas in the {colour} section")
            m = _RANGE_RE.fullmatch(item.upper())
            if not m:
                raise _refuse(text, f"{quote(item, 20)} is not a square or a range of squares")
            king = bool(m.group(1)) or bool(m.group(3))
            first = int(m.group(2))
            last = int(m.group(4)) if m.group(4) else first
            if not (is_square(first) and is_square(last)):
                raise _refuse(text, f"{quote(item, 20)} is not a square from 1 to 32")
            if first > last:
                raise _refuse(text, f"the range {quote(item, 20)} runs backwards")
            for sq in range(first, last + 1):
                if sq in pieces:
                    if "-" in item or "-" in given[sq]:
                        raise _refuse(text, f"{quote(given[sq], 10)} and {quote(item, 10)} "
                                            f"overlap (square {sq} is given twice)")
                    raise _refuse(text, f"square {sq} is given twice in the {colour} section")
                pieces[sq] = king
                given[sq] = item
        if len(pieces) > MAX_PIECES:
            name = "Black" if colour == "B" else "White"
            raise _refuse(text, f"{name} has {len(pieces)} pieces; a side has at most "
                                f"{MAX_PIECES}")
        sides[colour] = pieces
    black = sides.get("B", {})
    white = sides.get("W", {})
    both = set(black) & set(white)
    if both:
        raise _refuse(text, f"square {min(both)} holds pieces of both sides")
    for sq, king in black.items():
        if not king and sq in (29, 30, 31, 32):
            raise _refuse(text, f"a Black man cannot stand on its crowning row ({sq})")
    for sq, king in white.items():
        if not king and sq in (1, 2, 3, 4):
            raise _refuse(text, f"a White man cannot stand on its crowning row ({sq})")
    return FenPosition(turn, black, white)


def format_fen(turn: Color, black: dict[int, bool], white: dict[int, bool]) -> str:
    """Write the canonical FEN of a position given as square -> is_king maps."""

    def side(pieces: dict[int, bool]) -> str:
        men = [str(s) for s in sorted(pieces) if not pieces[s]]
        kings = [f"K{s}" for s in sorted(pieces) if pieces[s]]
        return ",".join(men + kings)

    return f"{turn.value}:W{side(white)}:B{side(black)}"
