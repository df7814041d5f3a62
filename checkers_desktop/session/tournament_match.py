"""A tournament match played at this table: from the bracket's set-up to the match session, and
from the finished match back to the bracket (no Qt).

``settings_for_setup`` turns a called match (:class:`~checkers_desktop.tournament.table.MatchSetup`:
the names, medical centers, age groups, the division and its rule profile, best of three) into the
:class:`~.match_model.MatchSettings` the Event menu's :class:`~.match.MatchSession` plays.
``report_for_result`` turns the finished match (:class:`~.match_model.MatchResult`) into the
:class:`~checkers_desktop.tournament.table.MatchReport` the tournament records: each game's winner
by name in playing order (drawn games included: "a match always comprises an odd number of games",
VA rulebook Event 4; the tournament checks them with ``rules.match`` again), and the records (each
game's PDN and the score sheet).

:class:`PlayedHere` is the link kept while the match is on: which tournament match it is, and the
result waiting for the official's confirmation. It is written as JSON (``to_dict``/``from_dict``)
beside the autosave, so that a match resumed after a restart still reports to its bracket.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..tournament.table import GameOutcome, MatchReport, MatchSetup, PlayerEntry
from ..texts import tournament as texts
from .match_model import MatchResult, MatchSettings

__all__ = ["settings_for_setup", "report_for_result", "PlayedHere", "NoWinnerError"]


class NoWinnerError(ValueError):
    """The match is not over, or it ended without a winner: nothing can go to the bracket. The
    message is the sentence to say."""


def settings_for_setup(setup: MatchSetup, *, official: str = "", site: str = "") -> MatchSettings:
    """The Event menu's settings for ``setup``: both players with their medical centers and age
    groups, the division's rule profile (``setup.profile_key``), ``best_of`` (3), the event (the
    tournament's name) and the round ("Quarter-final 2, match 5"). Raises ``MatchSettingsError``
    (a ValueError) when the set-up is not a playable match."""
    a, b = setup.players
    round_text = f"{setup.round_name}, match {setup.match_number}"
    fields = {"round": round_text, "official": official, "site": site}
    if setup.event:
        fields["event"] = setup.event
    return MatchSettings.for_players(
        (a.name, b.name), profile_key=setup.profile_key, best_of=setup.best_of,
        medical_centers=(a.medical_center, b.medical_center),
        age_groups=(a.age_group, b.age_group), division=setup.division_label, **fields)


def report_for_result(match_number: int, result: MatchResult, *, official: str = "",
                      key: Optional[str] = None) -> MatchReport:
    """The report of a finished match: every game in playing order (winner's name, or None for a
    drawn game; who had Black and Red; how it ended) and the records' paths (each game's PDN, the
    score sheet). ``key``: the idempotency key to keep (a report made again for the same result
    keeps its key, so the tournament records it once). Raises :class:`NoWinnerError` when the
    match is not finished or has no winner."""
    if not result.finished or result.winner is None:
        raise NoWinnerError(texts.no_winner_text(match_number))
    games = tuple(GameOutcome(g.number, g.winner, g.black, g.white, g.reason.value,
                              g.forfeit_reason) for g in result.games)
    records = tuple(p for p in [g.pdn_path for g in result.games] + [result.score_sheet] if p)
    report = MatchReport(match_number, games, records, official)
    if key:
        report = MatchReport(match_number, games, records, official, key)
    return report


def _player_dict(p: PlayerEntry) -> dict[str, Any]:
    return {"competitor_id": p.competitor_id, "name": p.name, "medical_center": p.medical_center,
            "age_group": p.age_group, "visually_impaired": p.visually_impaired}


@dataclass
class PlayedHere:
    """The tournament match being played in this window: its ``setup`` (with the table), where the
    tournament is (``url``; never a password), and once the match is over the ``report`` made from
    it (``confirmed`` once the official said yes; ``sent`` once the tournament has it, or it is
    queued on this laptop)."""

    setup: MatchSetup
    url: str
    report: Optional[MatchReport] = None
    confirmed: bool = False
    sent: bool = False
    extra: dict[str, Any] = field(default_factory=dict[str, Any])

    @property
    def match_number(self) -> int:
        return self.setup.match_number

    def matches(self, settings: MatchSettings) -> bool:
        """True when ``settings`` (a match resumed after a restart) is this match: same players."""
        return tuple(settings.names) == tuple(p.name for p in self.setup.players)

    def to_dict(self) -> dict[str, Any]:
        s = self.setup
        return {"setup": {"match_number": s.match_number, "division_key": s.division_key,
                          "division_label": s.division_label, "round_name": s.round_name,
                          "players": [_player_dict(p) for p in s.players],
                          "profile_key": s.profile_key, "best_of": s.best_of, "table": s.table,
                          "event": s.event},
                "url": self.url, "report": self.report.to_dict() if self.report else None,
                "confirmed": self.confirmed, "sent": self.sent}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "PlayedHere":
        """Raises ``KeyError``/``TypeError``/``ValueError`` for a damaged record."""
        s = d["setup"]
        players = tuple(PlayerEntry(int(p["competitor_id"]), str(p["name"]),
                                    str(p.get("medical_center", "")), str(p.get("age_group", "")),
                                    bool(p.get("visually_impaired", False)))
                        for p in s["players"])
        if len(players) != 2:
            raise ValueError("a match has two players")
        setup = MatchSetup(int(s["match_number"]), str(s["division_key"]),
                           str(s["division_label"]), str(s["round_name"]), players,
                           str(s["profile_key"]), int(s.get("best_of", 3)),
                           None if s.get("table") is None else int(s["table"]),
                           str(s.get("event", "")))
        report = MatchReport.from_dict(d["report"]) if d.get("report") else None
        return cls(setup, str(d["url"]), report, bool(d.get("confirmed")), bool(d.get("sent")))
