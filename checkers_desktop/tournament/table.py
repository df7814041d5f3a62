"""What a table (the window's match at a table, or a table laptop) exchanges with the tournament.

A called match becomes a :class:`MatchSetup`: everything the match code needs to start the match
(names, medical centers, the division's label and rule profile key from
:mod:`checkers_desktop.rules.profiles`, best of three). When the official confirms the end of the
match, the table hands back a :class:`MatchReport`: each game's result in order, the records' file
paths (PDN, score sheet) and an idempotency ``key`` made once per report, so that a report sent again
after a lost connection is recorded once. Sending it gives a :class:`ReportOutcome`.

Plain data only: no database, no Qt.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Optional

if TYPE_CHECKING:
    from ..rules.match import Match

__all__ = ["PlayerEntry", "MatchSetup", "GameOutcome", "MatchReport", "ReportStatus",
           "ReportOutcome", "ServerState", "ServerStatusChange"]


@dataclass(frozen=True)
class PlayerEntry:
    """A competitor as the match code shows them."""

    competitor_id: int
    name: str
    medical_center: str
    age_group: str
    visually_impaired: bool = False


@dataclass(frozen=True)
class MatchSetup:
    """A called match, ready to be played at ``table``.

    ``division_label`` ("70-74, visually impaired"), ``round_name`` ("Quarter-final 2"),
    ``profile_key`` (a key of ``rules.profiles.PROFILES``: "va-standard" or "va-vi"),
    ``best_of`` (3: best two out of three, VA rulebook Event 4). ``event`` is the tournament's name.
    """

    match_number: int
    division_key: str
    division_label: str
    round_name: str
    players: tuple[PlayerEntry, PlayerEntry]
    profile_key: str
    best_of: int = 3
    table: Optional[int] = None
    event: str = ""

    @property
    def age_group_label(self) -> str:
        return self.division_label


@dataclass(frozen=True)
class GameOutcome:
    """One game of the match: its ``number`` (1 first), who had Black and Red (names; "" when not
    known, as on a physical board), the ``winner``'s name or None for a drawn game, and how it
    ended (``reason``: "no moves", "resigned", "adjudication", "time", "draw", ...)."""

    number: int
    winner: Optional[str]
    black: str = ""
    white: str = ""
    reason: str = ""
    detail: str = ""


@dataclass(frozen=True)
class MatchReport:
    """A finished match's result as a table reports it.

    ``games`` in playing order; ``records``: paths of the match's files (PDN, score sheet PDF);
    ``key``: the idempotency key (made once; keep it when sending again). ``official``: who
    confirmed the result."""

    match_number: int
    games: tuple[GameOutcome, ...]
    records: tuple[str, ...] = ()
    official: str = ""
    key: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def winners(self) -> list[Optional[str]]:
        return [g.winner for g in self.games]

    def wins(self, name: str) -> int:
        return sum(1 for g in self.games if g.winner == name)

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner is None)

    @classmethod
    def from_match(cls, match_number: int, match: "Match", records: Iterable[object] = (),
                   official: str = "") -> "MatchReport":
        """A report from a finished :class:`checkers_desktop.rules.match.Match` (its ``games``:
        :class:`~checkers_desktop.rules.match.GameRecord`)."""
        games = tuple(GameOutcome(g.number, g.winner, g.black, g.white, g.reason, g.detail)
                      for g in match.games)
        return cls(match_number, games, tuple(str(r) for r in records), official)

    def to_dict(self) -> dict[str, Any]:
        return {"match_number": self.match_number, "key": self.key, "official": self.official,
                "records": list(self.records),
                "games": [{"number": g.number, "winner": g.winner, "black": g.black,
                           "white": g.white, "reason": g.reason, "detail": g.detail}
                          for g in self.games]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "MatchReport":
        return cls(int(d["match_number"]),
                   tuple(GameOutcome(int(g["number"]), g.get("winner"), g.get("black", ""),
                                     g.get("white", ""), g.get("reason", ""), g.get("detail", ""))
                         for g in d["games"]),
                   tuple(d.get("records", ())), d.get("official", ""), d["key"])


class ReportStatus(enum.Enum):
    RECORDED = "recorded"            # written now; the bracket advanced
    ALREADY_RECORDED = "already"     # this report (same key) was recorded before: nothing new
    QUEUED = "queued"                # the server is away: kept on this laptop, sent later
    REFUSED = "refused"              # the tournament refused it (``message`` says why)


@dataclass(frozen=True)
class ReportOutcome:
    """What happened to a report. ``message`` is the refusal's reason (naming both tables for a
    conflicting result); ``next_matches``: numbers of matches this result made playable."""

    status: ReportStatus
    match_number: int
    key: str
    message: str = ""
    next_matches: tuple[int, ...] = ()


class ServerState(enum.Enum):
    REACHABLE = "reachable"
    AWAY = "away"


@dataclass(frozen=True)
class ServerStatusChange:
    """The table's link to the server changed (given once per change): ``sent`` is the number of
    queued results sent when it came back."""

    state: ServerState
    sent: int = 0
    reason: str = ""
