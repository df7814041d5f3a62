"""Read-only records the tournament hands out (plain frozen dataclasses, no database objects)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

from .model import Competitor, MatchStatus
from ..texts import tournament as texts

__all__ = ["DivisionInfo", "MatchView", "StandingsView", "DivisionView", "AffectedMatch",
           "CorrectionPreview", "Call", "Offer", "AuditEntry", "TournamentEvent", "DrawInfo"]


@dataclass(frozen=True)
class DivisionInfo:
    """A division as stored: its draw seed, bracket size and same-center figures once drawn."""

    id: int
    key: str
    label: str
    age_groups: tuple[str, ...]
    vision: str
    profile_key: str
    note: str
    draw_seed: Optional[int]
    bracket_size: Optional[int]
    drawn_at: Optional[datetime]
    same_center_pairs: Optional[int]
    minimum_same_center_pairs: Optional[int]
    competitor_count: int

    @property
    def drawn(self) -> bool:
        return self.bracket_size is not None


@dataclass(frozen=True)
class MatchView:
    """One match. ``status``: where it stands (:class:`.model.MatchStatus`; CALLED to ``table``,
    PLAYING at ``table``, taken by ``taken_by``). ``wins``: games won by ``a`` and ``b``;
    ``kind``: "played", "walkover", "withdrawal", "bye" once DECIDED."""

    number: Optional[int]
    division_key: str
    division_label: str
    round: int
    index: int
    round_name: str
    a: Optional[Competitor]
    b: Optional[Competitor]
    a_known: bool
    b_known: bool
    status: MatchStatus
    table: Optional[int]
    taken_by: Optional[str]
    winner: Optional[Competitor]
    kind: Optional[str]
    wins: tuple[int, int] = (0, 0)
    draws: int = 0
    games: tuple[dict[str, Any], ...] = ()
    """Each game as the result recorded it (JSON: number, winner's name, colours, reason)."""
    records: tuple[str, ...] = ()
    reported_by: Optional[str] = None
    a_from: Optional[int] = None
    """While side a is not known yet: the number of the match whose winner (loser, for the third
    place) plays it; likewise ``b_from``."""
    b_from: Optional[int] = None
    from_losers: bool = False
    """True for the third place, played by the semi-finals' losers."""
    unverified: bool = False
    """The stored result disagrees with the tournament's sealed log: ``winner``, ``wins``,
    ``draws`` and ``kind`` are the log's (none when the log has no result for it)."""

    @property
    def loser(self) -> Optional[Competitor]:
        if self.winner is None:
            return None
        return self.b if self.a is not None and self.winner.id == self.a.id else self.a

    @property
    def score(self) -> tuple[int, int]:
        """(winner's games, loser's games)."""
        return (max(self.wins), min(self.wins))

    def line(self) -> str:
        """The match for a screen reader's list ("Quarter-final 2: Ann Lee, Tampa VAMC, beat Bo
        Diaz, Reno VAMC, 2 games to 1"); a withdrawn competitor's name is followed by
        "(withdrew)", as in the drawn bracket (the list said only "Cy Ott, Reno")."""
        def side(c: Optional[Competitor], known: bool) -> Optional[str]:
            if c is None:
                return None if not known else "nobody"
            return texts.name_with_center(texts.withdrawn_name(c.name, c.withdrawn),
                                          c.medical_center)
        a, b = side(self.a, self.a_known), side(self.b, self.b_known)
        winner = None if self.winner is None else side(self.winner, True)
        ww, lw = self.score
        status = {MatchStatus.CALLED: f"called to table {self.table}",
                  MatchStatus.PLAYING: f"being played at table {self.table}"}.get(self.status, "")
        if a is None:
            a = texts.feeder_text(self.a_from, self.from_losers)
        if b is None:
            b = texts.feeder_text(self.b_from, self.from_losers)
        line = texts.match_line(self.round_name, a, b, winner=winner, kind=self.kind,
                                winner_wins=ww, loser_wins=lw, draws=self.draws,
                                number=self.number, status=status)
        if self.unverified:
            line += texts.match_unverified_note(self.winner is not None)
        return line


@dataclass(frozen=True)
class StandingsView:
    division_key: str
    division_label: str
    gold: Optional[Competitor]
    silver: Optional[Competitor]
    bronze: Optional[Competitor]
    fourth: Optional[Competitor]
    vacant: tuple[str, ...] = ()
    """Places nobody will take (see ``bracket.Standings``)."""
    unverified: tuple[int, ...] = ()
    """Matches whose stored result disagrees with the tournament's sealed log: the standings use
    the result the log recorded (or none) for them."""

    @property
    def complete(self) -> bool:
        return self.gold is not None

    def lines(self) -> list[str]:
        def label(c: Optional[Competitor]) -> Optional[str]:
            return None if c is None else texts.name_with_center(c.name, c.medical_center)
        lines = texts.standings_lines(label(self.gold), label(self.silver), label(self.bronze),
                                      label(self.fourth), self.vacant)
        if self.unverified:
            lines.append(texts.standings_unverified_line(self.unverified))
        return lines


@dataclass(frozen=True)
class DivisionView:
    """Everything the bracket window or a printout shows of one division."""

    division: DivisionInfo
    slots: tuple[Optional[Competitor], ...]
    matches: tuple[MatchView, ...]
    standings: StandingsView
    event: str = ""

    def heading(self) -> str:
        """The division's heading (``texts.division_heading``). Once drawn, it counts the
        competitors drawn, those who withdrew since included and said: counting only those
        still in, it went from "5 competitors, drawn" to "4 competitors, drawn" after a
        withdrawal, as if the draw had changed."""
        d = self.division
        count, withdrew = d.competitor_count, 0
        if d.drawn:
            drawn = [c for c in self.slots if c is not None]
            count, withdrew = len(drawn), sum(1 for c in drawn if c.withdrawn)
        return texts.division_heading(d.label, count, d.drawn, d.draw_seed, d.same_center_pairs,
                                      d.minimum_same_center_pairs, d.note, withdrew)


@dataclass(frozen=True)
class DrawInfo:
    division_key: str
    random_seed: int
    size: int
    byes: int
    same_center_pairs: int
    minimum_same_center_pairs: int
    numbers: tuple[int, ...]
    no_center: int = 0
    """Competitors drawn with "no center": the draw keeps them apart as if from one center."""


@dataclass(frozen=True)
class AffectedMatch:
    """A later match a correction changes: its players change, and a result it had is voided
    (the match is to be played again)."""

    number: Optional[int]
    round_name: str
    players_change: bool
    result_voided: bool


@dataclass(frozen=True)
class CorrectionPreview:
    match_number: int
    old_winner: Optional[Competitor]
    new_winner: Competitor
    winner_changes: bool
    affected: tuple[AffectedMatch, ...]

    def sentence(self, match: Optional["MatchView"] = None) -> str:
        """"Match 5 corrected; match 9 is affected"; with ``match`` (the corrected match, read
        after the correction) its new result too: "Match 5 corrected: Bo Diaz beat Ann Lee, 2
        games to 1; match 9 is affected"."""
        affected = [a.number for a in self.affected if a.number is not None]
        if match is None or match.winner is None or match.loser is None:
            return texts.correction_sentence(self.match_number, affected)
        won, lost = match.score
        return texts.correction_sentence(self.match_number, affected, match.winner.name,
                                         match.loser.name, won, lost, match.draws,
                                         match.kind or "played")


@dataclass(frozen=True)
class Call:
    """A match called to a table."""

    match_number: int
    table: int
    a: Competitor
    b: Competitor

    def sentence(self) -> str:
        """"Match 5, Ann Lee and Bo Diaz, to table 3"."""
        return texts.call_sentence(self.match_number, self.a.name, self.b.name, self.table)


@dataclass(frozen=True)
class Offer:
    """A free table and the next playable match offered to it."""

    table: int
    match: MatchView


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: datetime
    who: str
    action: str
    subject: str
    what: dict[str, Any]
    why: str


@dataclass(frozen=True)
class TournamentEvent:
    """A change the organiser's view follows. ``kind``: "result", "called", "taken", "released", "draw",
    "correction", "withdrawal", "registration", "divisions", "tables". ``payload``: the data
    (names, score, table), never a sentence to parse."""

    id: int
    at: datetime
    kind: str
    division_key: Optional[str]
    match_number: Optional[int]
    table: Optional[int]
    payload: dict[str, Any]

    @property
    def origin(self) -> str:
        """The ``Tournament.origin`` of the laptop whose action made the event ("" if unknown)."""
        return str(self.payload.get("origin") or "")

    def sentence(self) -> str:
        """What the organiser's view announces for this event ("" for quiet ones)."""
        p = self.payload
        if self.kind == "result" and p.get("winner"):
            return texts.result_sentence(self.table, p["winner"], p.get("loser") or "",
                                         p.get("winner_wins", 0), p.get("loser_wins", 0),
                                         p.get("draws", 0), p.get("result_kind", "played"))
        if self.kind == "called" and self.match_number is not None:
            return texts.call_sentence(self.match_number, p.get("a", ""), p.get("b", ""),
                                       self.table or 0)
        if self.kind == "correction" and self.match_number is not None:
            return texts.correction_sentence(
                self.match_number, list(p.get("affected", [])), p.get("winner") or "",
                p.get("loser") or "", p.get("winner_wins", 0), p.get("loser_wins", 0),
                p.get("draws", 0), p.get("result_kind", "played"))
        if self.kind == "withdrawal":
            return texts.withdrawal_sentence(p.get("name", ""), p.get("opponent"),
                                             p.get("walkover_match"))
        return ""
