"""The result workflows of the tournament desk: a result entered by hand, a walkover, a
correction (see :mod:`.tournament_desk` for how a workflow runs and refuses).

A match takes a result only when both its players are known and it has none yet; a correction
only of a result entered (played or walkover), never of a bye or a withdrawal. Each refusal
comes before the official's PIN and before any form. No Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence, Union

from ..texts import tournament as texts
from ..tournament.divisions import match_profile
from ..tournament.errors import TournamentError
from ..tournament.model import MatchStatus
from ..tournament.scoring import winner_side
from ..texts import official as official_texts
from .desk_steps import (CANCELLED, DONE, AskCorrection, AskGames, AskWalkover, Changed,
                         Outcome, Refusal, Say, Workflow, ask)

if TYPE_CHECKING:
    from .official_gate import OfficialGate
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
        more = _decided_by_withdrawal(t, m.division_key, before)
        yield Say(_result_text(v, more=more))
        return DONE

    def walkover(self, number: int) -> Workflow:
        """Record a walkover in one form: the official's PIN (with the event PIN set), who came
        to the table, why (for the audit log, required), the outcome in words, one confirm.
        A form closed with the PIN asked is refused as the official's action."""
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        ready = self._undecided(t, number)
        if isinstance(ready, Outcome):
            return ready
        m, a, b = ready
        gate = self.desk.gate
        action = "walkover"
        answer = yield from ask(AskWalkover(
            number, (player_line(a), player_line(b)),
            lambda present: texts.walkover_outcome_text(number, (a, b)[present].name,
                                                        (b, a)[present].name),
            texts.walkover_default_reason(),
            pin_action=action if gate.protected else None, official=gate.official,
            check=gate.unlock))
        if answer is None:
            gate.revoke()
            return CANCELLED if not gate.protected else Outcome.refused(
                Refusal.OFFICIALS_ACTION, official_texts.officials_action_text(action))
        refused = _take_grant(gate, action)
        if refused is not None:
            return refused
        index = answer.present
        why: Optional[str] = answer.why.strip()
        if not why:
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
        """Correct a finished match in one form: the official's PIN (with the event PIN set),
        the new result (the games, starting from those recorded, or a walkover), why (for the
        audit log), and the outcome in words (the new winner and every later match it
        affects), one confirm."""
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        m = t.match(number)
        if m.status is not MatchStatus.DECIDED or m.kind not in ("played", "walkover") \
                or m.a is None or m.b is None:
            return Outcome.refused(Refusal.NOTHING_TO_CORRECT,
                                   texts.nothing_to_correct_text(number, m.kind))
        a, b = m.a, m.b
        gate = self.desk.gate
        action = "correct_result"

        def outcome(winners: Optional[tuple[Optional[str], ...]], present: Optional[int]) -> str:
            try:
                preview = t.preview_correction(
                    number, list(winners) if winners is not None else None,
                    walkover=(a, b)[present].id if present is not None else None)
            except TournamentError as exc:
                return texts.correction_not_ready_text(str(exc).rstrip("."))
            affected = [(x.number, x.round_name, x.players_change, x.result_voided)
                        for x in preview.affected]
            return texts.correction_outcome_text(
                number, preview.new_winner.name,
                preview.old_winner.name if preview.old_winner else None, affected)

        answer = yield from ask(AskCorrection(
            number, a.name, b.name, self.profile_of(t, m), (player_line(a), player_line(b)),
            outcome, tuple(recorded_games(m)),
            pin_action=action if gate.protected else None, official=gate.official,
            check=gate.unlock))
        if answer is None:
            gate.revoke()
            return CANCELLED
        refused = _take_grant(gate, action)
        if refused is not None:
            return refused
        winners = list(answer.winners) if answer.winners is not None else None
        present = (a, b)[answer.present].id if answer.present is not None else None
        why: Optional[str] = answer.why.strip()
        if not why:
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


def _take_grant(gate: "OfficialGate", action: str) -> Optional[Outcome]:
    """Where ``gate`` guards the desk, use up the grant its form's PIN gave for ``action``;
    without one (the form was confirmed without a PIN that unlocks), the refusal, the gate
    locked again. None: the action may go on."""
    if not gate.protected:
        return None
    if not gate.granted():
        gate.revoke()
        return Outcome.refused(Refusal.OFFICIALS_ACTION,
                               official_texts.officials_action_text(action))
    gate.take(action)
    return None
