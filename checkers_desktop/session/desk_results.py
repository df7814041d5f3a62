"""The result workflows of the tournament desk: a result entered by hand, a walkover, a
correction (see :mod:`.tournament_desk` for how a workflow runs and refuses).

A match takes a result only when both its players are known and it has none yet; a correction
only of a result entered (played or walkover), never of a bye or a withdrawal. Each refusal
comes before the official's PIN and before any form. No Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence, Union

from ..speech.announcer import Priority
from ..texts import tournament as texts
from ..tournament.divisions import match_profile
from ..tournament.errors import TournamentError
from ..tournament.model import MatchStatus
from ..tournament.scoring import winner_side
from .desk_steps import (CANCELLED, DONE, AskGames, Changed, Choose, Confirm, Outcome, Refusal,
                         Say, Workflow, ask)

if TYPE_CHECKING:
    from ..tournament.model import Competitor
    from ..tournament.store.service import Tournament
    from ..tournament.views import MatchView
    from .tournament_desk import TournamentDesk

__all__ = ["ResultDesk", "recorded_games", "player_line"]


class ResultDesk:
    """The result workflows of ``desk`` (its tournament, its PIN gate, its reasons)."""

    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk

    def profile_of(self, t: Tournament, m: MatchView) -> str:
        """The rule profile match ``m`` is played under (its division's; -VI in a mixed division
        when a player is visually impaired)."""
        d = next(x for x in t.divisions() if x.key == m.division_key)
        return match_profile(d.profile_key, d.vision, bool(m.a and m.a.visually_impaired),
                             bool(m.b and m.b.visually_impaired))

    def _undecided(self, t: Tournament, number: int
                   ) -> Union[tuple[MatchView, Competitor, Competitor], Outcome]:
        """Match ``number`` with both players when it waits for a result; else the refusal."""
        m = t.match(number)
        if m.status is MatchStatus.DECIDED:
            return Outcome.refused(Refusal.ALREADY_DECIDED, texts.already_decided_text(number))
        if m.a is None or m.b is None:
            return Outcome.refused(Refusal.NOT_READY, texts.not_ready_text(number))
        return m, m.a, m.b

    def enter_result(self, number: int) -> Workflow:
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        ready = self._undecided(t, number)
        if isinstance(ready, Outcome):
            return ready
        m, a, b = ready
        refused = yield from self.desk.official("record_result")
        if refused is not None:
            return refused
        winners = yield from ask(AskGames(number, a.name, b.name, self.profile_of(t, m)))
        if winners is None:
            return CANCELLED
        before = _undecided_numbers(t, m.division_key)
        v = t.enter_result(number, winners)
        yield Changed()
        yield Say(_result_text(v, more=_decided_by_withdrawal(t, m.division_key, before)))
        return DONE

    def walkover(self, number: int) -> Workflow:
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        ready = self._undecided(t, number)
        if isinstance(ready, Outcome):
            return ready
        m, a, b = ready
        refused = yield from self.desk.official("walkover")
        if refused is not None:
            return refused
        index = yield from ask(Choose("Walkover", texts.walkover_question(number),
                                      (player_line(a), player_line(b))))
        if index is None:
            return CANCELLED
        why = yield from self.desk.reason("Walkover", texts.why_question(),
                                     texts.walkover_default_reason())
        if why is None:
            return CANCELLED
        before = _undecided_numbers(t, m.division_key)
        v = t.walkover(number, (a, b)[index].id, why=why)
        yield Changed()
        text = _result_text(v, "walkover", _decided_by_withdrawal(t, m.division_key, before))
        third = _third_place_of_semi_final(t, v)
        if third is not None and v.loser is not None:
            text = f"{text} {texts.walkover_third_place_text(v.loser.name, third)}"
        yield Say(text)
        return DONE

    def correct_result(self, number: int) -> Workflow:
        """Correct a finished match: the new result, then the later matches it affects are said
        and the organiser confirms, then why (for the audit log)."""
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        m = t.match(number)
        if m.status is not MatchStatus.DECIDED or m.kind not in ("played", "walkover") \
                or m.a is None or m.b is None:
            return Outcome.refused(Refusal.NOTHING_TO_CORRECT,
                                   texts.nothing_to_correct_text(number, m.kind))
        a, b = m.a, m.b
        refused = yield from self.desk.official("correct_result")
        if refused is not None:
            return refused
        how = yield from ask(Choose("Correct the result", texts.correct_how_question(number),
                                    tuple(texts.CORRECTION_KINDS)))
        if how is None:
            return CANCELLED
        winners: Optional[list[Optional[str]]] = None
        present: Optional[int] = None
        if how == 0:
            winners = yield from ask(AskGames(number, a.name, b.name, self.profile_of(t, m),
                                              title=f"Correct match {number}",
                                              initial=tuple(recorded_games(m))))
            if winners is None:
                return CANCELLED
        else:
            index = yield from ask(Choose("Correct the result", texts.walkover_question(number),
                                          (player_line(a), player_line(b))))
            if index is None:
                return CANCELLED
            present = (a, b)[index].id
        preview = t.preview_correction(number, winners, walkover=present)
        affected = [(x.number, x.round_name, x.players_change, x.result_voided)
                    for x in preview.affected]
        question = texts.correction_question(
            number, preview.new_winner.name,
            preview.old_winner.name if preview.old_winner else None, affected)
        yield Say(question, Priority.READING)
        if not (yield from ask(Confirm(question))):
            return CANCELLED
        why = yield from self.desk.reason("Correct the result", texts.why_question())
        if why is None:
            return CANCELLED
        done = t.correct_result(number, winners, walkover=present, why=why)
        yield Changed()
        yield Say(done.sentence(t.match(number)) + ".")
        return DONE

def recorded_games(m: MatchView) -> list[str]:
    """The games of finished match ``m`` as the result form's rows ("a", "b" or "draw"), in
    playing order; empty when they cannot be told apart (a walkover, no games kept, or a winner
    that names neither side, as when two competitors share a name)."""
    if m.a is None or m.b is None:
        return []
    try:
        return [winner_side(g.get("winner"), m.a, m.b) or "draw"
                for g in sorted(m.games or (), key=lambda g: int(g.get("number", 0)))]
    except TournamentError:
        return []


def player_line(c: Competitor) -> str:
    """A competitor as a choice names them: "Ann Lee, Tampa VAMC, seed 2, visually impaired"
    (", withdrew" after a withdrawal)."""
    text = texts.name_with_center(c.name, c.medical_center)
    if c.seed:
        text += f", seed {c.seed}"
    if c.visually_impaired:
        text += ", visually impaired"
    if c.withdrawn:
        text += ", withdrew"
    return text


def _third_place_of_semi_final(t: Tournament, v: MatchView) -> Optional[int]:
    """The number of the third-place match that ``v``'s loser is still to play when ``v`` is a
    semi-final (the bracket's round before the last), else None."""
    ms = [m for m in t.matches() if m.division_key == v.division_key]
    last = max((m.round for m in ms), default=0)
    third = next((m for m in ms if m.round == last and m.index == 1 and m.number is not None),
                 None)  # the last round: index 0 the final, 1 the third place
    if third is None or v.round != last - 1 or third.status is MatchStatus.DECIDED:
        return None  # not a semi-final, or the third place is decided already (a withdrawal)
    number: Optional[int] = third.number
    return number


def _undecided_numbers(t: Tournament, division_key: str) -> set[int]:
    """The numbers of ``division_key``'s matches not decided yet."""
    return {m.number for m in t.matches(division_key)
            if m.number is not None and m.winner is None}


def _decided_by_withdrawal(t: Tournament, division_key: str, undecided: set[int]) -> list[tuple[str, int]]:
    """(winner, number) of each match of ``division_key`` among ``undecided`` that is now
    decided by a withdrawal (worked out once its other player became known)."""
    return [(m.winner.name, m.number) for m in t.matches(division_key)
            if m.number in undecided and m.winner is not None and m.kind == "withdrawal"]


def _result_text(v: MatchView, kind: str = "",
                 more: Sequence[tuple[str, int]] = ()) -> str:
    if v.winner is None or v.loser is None:
        return ""
    if kind == "walkover":
        return texts.result_entered_text(v.winner.name, v.loser.name, 0, 0, 0, "walkover",
                                         more)
    return texts.result_entered_text(v.winner.name, v.loser.name, *v.score, v.draws,
                                     more=more)

