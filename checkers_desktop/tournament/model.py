"""The tournament's vocabulary as plain data: age groups, competitors, divisions.

Age groups are the VA rulebook's (National Veterans Golden Age Games, Event 4 Checkers, "Age
Groups": 55-59, 60-64, 65-69, 70-74, 75-79, 80-84, 85-up; ../shared/seeds/000_...).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum
from typing import Optional

from .errors import RegistrationError

__all__ = [
    "AGE_GROUPS", "parse_age_group", "normal_name", "Competitor", "CompetitorInput",
    "VISION_ALL", "VISION_VI", "VISION_STANDARD", "NO_CENTER", "hidden_character", "MatchStatus",
]

AGE_GROUPS: tuple[str, ...] = ("55-59", "60-64", "65-69", "70-74", "75-79", "80-84", "85-up")
"""The VA Golden Age Games age groups, youngest first (VA rulebook, Event 4)."""



class MatchStatus(str, Enum):
    """Where a match of the bracket stands. The value is the member's name in lower case, and it
    is what the ``matches`` table stores (``status``), what the server's functions compare, and
    what :class:`..views.MatchView` carries, so the code, the database and the server's SQL name
    a status alike.

    The bracket worked out from the draw and the results (:func:`..bracket.resolve`) gives
    WAITING, READY, DECIDED or EMPTY; CALLED and PLAYING are a READY match's place at the tables
    (the organiser called it to a table; a table took it)."""

    WAITING = "waiting"
    """A side is not known yet (its feeding match is undecided)."""
    READY = "ready"
    """Two competitors, no result: it can be played."""
    CALLED = "called"
    """Ready and called by the organiser to a table."""
    PLAYING = "playing"
    """Ready and taken by a table ("Play this match here")."""
    DECIDED = "decided"
    """It has a winner: played, a walkover, a withdrawal or a bye."""
    EMPTY = "empty"
    """Nobody on either side: no match is played."""

    @property
    def at_table(self) -> bool:
        """Called to a table or being played at one (the table is busy with it)."""
        return self in (MatchStatus.CALLED, MatchStatus.PLAYING)

    @property
    def playable(self) -> bool:
        """Its two competitors are known and it has no winner yet: READY, CALLED or PLAYING."""
        return self in (MatchStatus.READY, MatchStatus.CALLED, MatchStatus.PLAYING)

    def __str__(self) -> str:
        return self.value


VISION_ALL = "all"
VISION_VI = "vi"
VISION_STANDARD = "standard"

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2212"), "-")


def _group_of_age(age: int) -> str:
    if age < 55:
        raise RegistrationError(f"age {age} is under 55: the youngest age group is 55-59")
    if age >= 85:
        return "85-up"
    low = 55 + (age - 55) // 5 * 5
    return f"{low}-{low + 4}"


def parse_age_group(text: object) -> str:
    """The age group named by ``text``: "70-74", "70 - 74", "70 to 74", "85-up", "85+", "85 and
    over", or an age in years ("72" gives "70-74"). Returns one of :data:`AGE_GROUPS`.

    Raises :class:`RegistrationError` quoting the text when it names no VA age group (VA rulebook,
    Event 4, "Age Groups")."""
    if isinstance(text, bool):
        raise RegistrationError(f"unknown age group {text!r}")
    if isinstance(text, (int, float)):
        if isinstance(text, float) and not text.is_integer():
            raise RegistrationError(f"unknown age group {text!r}")
        return _group_of_age(int(text))
    raw = str(text if text is not None else "")
    s = raw.translate(_DASHES).strip().lower()
    s = re.sub(r"\s+", " ", s)
    if not s:
        raise RegistrationError("no age group given")
    if re.fullmatch(r"\d{1,3}", s):
        return _group_of_age(int(s))
    m = re.fullmatch(r"(\d{2}) ?(?:-|to|/) ?(\d{2})", s)
    if m:
        key = f"{m.group(1)}-{m.group(2)}"
        if key in AGE_GROUPS:
            return key
    if re.fullmatch(r"85 ?(?:-? ?up|\+|and up|and over|or over|or older|and older|-? ?over)", s):
        return "85-up"
    shown = raw if len(raw) <= 40 else raw[:40] + "..."
    raise RegistrationError(f"unknown age group {shown!r}: the age groups are "
                            + ", ".join(AGE_GROUPS))


NO_CENTER = "no center"
"""The medical center of a competitor who has none (entered as "no center", "no centre" or
"none"). The draw keeps such competitors apart from each other as if they came from one center."""
_NO_CENTER_WORDS = {"no center", "no centre", "none", "no medical center", "no medical centre"}

_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Unicode's bidirectional embeddings, overrides and isolates (UAX #9): text that shows in
another order than it is stored."""


def hidden_character(text: str) -> str:
    """"" when ``text`` is plain, else what hides in it: a control character (C0 but tab, line
    feed and carriage return, which are spaces; DEL; C1; so every ANSI escape sequence, which
    starts with ESC or CSI) or a bidirectional control (U+202A-U+202E, U+2066-U+2069), named with
    its position ("a control character U+001B (ESCAPE) at character 4")."""
    for i, ch in enumerate(text, 1):
        code = ord(ch)
        if (code < 0x20 and ch not in "\t\n\r") or 0x7F <= code <= 0x9F:
            kind = "a control character"
        elif ch in _BIDI_CONTROLS:
            kind = "a bidirectional control"
        else:
            continue
        label = unicodedata.name(ch, "")
        return f"{kind} U+{code:04X}{f' ({label})' if label else ''} at character {i}"
    return ""


def normal_name(name: str) -> str:
    """``name`` folded for comparing: Unicode NFKC, case folded, runs of spaces made one."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", name)).strip().casefold()


@dataclass(frozen=True)
class CompetitorInput:
    """What the organiser enters for a competitor (a form or one row of an imported file).

    ``seed``: 1 for the top seed (for example last year's gold medallist), None when unseeded.
    ``visually_impaired``: plays under the VA rulebook's -VI sections (3:00 s4-VI, s5-VI, 4:00 s1-VI).
    """

    name: str
    medical_center: str = ""
    age_group: str = ""
    visually_impaired: bool = False
    seed: Optional[int] = None

    def validated(self) -> "CompetitorInput":
        """Self with spaces tidied (a tab or line break is a space), the age group in its
        standard spelling and "no center" in its standard spelling. Raises
        :class:`RegistrationError` for a missing or over-long name, a name or medical center with
        a hidden character (:func:`hidden_character`), a blank medical center (a competitor
        without one is entered as "no center"), an unknown age group or a seed that is not a
        positive whole number."""
        for what, value in (("name", self.name), ("medical center", self.medical_center)):
            problem = hidden_character(value or "")
            if problem:
                raise RegistrationError(f"{what} has {problem}: retype it")
        name = re.sub(r"\s+", " ", self.name or "").strip()
        if not name:
            raise RegistrationError("missing name")
        if len(name) > 80:
            raise RegistrationError(f"name longer than 80 characters: {name[:40]!r}...")
        center = re.sub(r"\s+", " ", self.medical_center or "").strip()
        if not center:
            raise RegistrationError(f'blank medical center: write it, or "{NO_CENTER}" for a '
                                    "competitor without one")
        if normal_name(center) in _NO_CENTER_WORDS:
            center = NO_CENTER
        if len(center) > 80:
            raise RegistrationError(f"medical center longer than 80 characters: {center[:40]!r}...")
        group = parse_age_group(self.age_group)
        seed = self.seed
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 1):
            raise RegistrationError(f"seed {seed!r}: give 1 for the top seed, 2 for the next, ...")
        return CompetitorInput(name, center, group, bool(self.visually_impaired), seed)


@dataclass(frozen=True)
class Competitor:
    """A registered competitor. ``id`` is the database's; ``withdrawn`` is True once the competitor
    left the tournament (their next match is a walkover for the opponent)."""

    id: int
    name: str
    medical_center: str
    age_group: str
    visually_impaired: bool = False
    seed: Optional[int] = None
    withdrawn: bool = False
    division_key: Optional[str] = None

    def label(self) -> str:
        """"Ann Lee (Tampa VAMC)", or the name alone when no medical center was given."""
        return f"{self.name} ({self.medical_center})" if self.medical_center else self.name

