"""The small pieces every sentence is made of: side names, lists, plurals, numbers, durations."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Mapping, Optional, Sequence, Union

from ..rules import BLACK, WHITE, Color
from ..rules.geometry import check_square
from ..speech.spoken import number_words

__all__ = ["DEFAULT_SIDE_NAMES", "VERBOSITIES", "SideNames", "side_name", "check_verbosity",
           "check_square", "capital", "plural", "join", "number", "duration_words",
           "saved_where"]

DEFAULT_SIDE_NAMES: dict[Color, str] = {BLACK: "Black", WHITE: "White"}
"""The PDN names, used when a profile gives none."""

VERBOSITIES = ("full", "normal", "brief")
"""``brief`` (fewest words, for experienced players), ``normal`` (the default: one announcement per
move that says what matters) or ``full`` (every detail, whose turn after every move). Readings say
the same at ``normal`` and ``full``."""

SideNames = Optional[Mapping[Color, str]]
"""A rule profile's ``{Color: name}`` ("Black"/"Red" for practice); a side missing from it falls
back to the PDN name."""


def side_name(side_names: SideNames, color: Color) -> str:
    """The profile's name for ``color`` ("Red"), else the PDN name ("White")."""
    if side_names and side_names.get(color):
        return side_names[color]
    return DEFAULT_SIDE_NAMES[color]


def check_verbosity(verbosity: str) -> str:
    """``verbosity`` when it is one of :data:`VERBOSITIES`; raises ``ValueError`` quoting it."""
    if verbosity not in VERBOSITIES:
        raise ValueError(f"{verbosity!r} is not a verbosity; use 'full', 'normal' or 'brief'")
    return verbosity


def capital(text: str) -> str:
    """``text`` with its first letter in upper case ("eleven" -> "Eleven")."""
    return text[:1].upper() + text[1:]


def plural(n: int, word: str, plural_word: Optional[str] = None) -> str:
    """"1 man", "3 men", "no kings"."""
    return f"{n if n else 'no'} {word if n == 1 else (plural_word or word + 's')}"


def join(items: Sequence[str], conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c" (with ``conjunction``); "" for none."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def number(n: int, spoken: bool = True) -> str:
    """``n`` in words when ``spoken`` and 0-99 ("twenty-five"), else in digits ("25")."""
    return number_words(n) if spoken and 0 <= n <= 99 else str(n)


def duration_words(seconds: float, spoken: bool = False) -> str:
    """A time a listener takes in at once: "9 minutes 40 seconds", "1 minute", "25 seconds",
    "0 seconds" (rounded to the nearest second; negative counts as 0). ``spoken``: the numbers in
    words ("twenty-five seconds", "five minutes")."""
    total = max(0, int(round(seconds)))
    minutes, secs = divmod(total, 60)
    parts = []
    if minutes:
        parts.append(f"{number(minutes, spoken)} minute" + ("" if minutes == 1 else "s"))
    if secs or not minutes:
        parts.append(f"{number(secs, spoken)} second" + ("" if secs == 1 else "s"))
    return " ".join(parts)


def saved_where(path: Union[str, PurePath], full: bool = False,
                home: Optional[PurePath] = None) -> str:
    """Where a file was saved, as a listener takes it in: its name and its folder's name only
    ("results.csv in Documents", "game.pdn in your home folder"; a bare name alone). A whole
    path read aloud ("slash home slash ann slash Documents slash ...") is long and buries the
    file's name; it is for the screen: ``full`` gives it as it is. ``home``: the home folder
    (default the user's)."""
    path = PurePath(path)
    if full:
        return str(path)
    folder = path.parent
    if folder == PurePath("."):
        return path.name
    if folder == PurePath(Path.home() if home is None else home):
        return f"{path.name} in your home folder"
    return f"{path.name} in {folder.name or folder}"
