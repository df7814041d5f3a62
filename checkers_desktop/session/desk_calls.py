"""The tables and the calls of the tournament desk: how many tables there are, the next matches
called to the free tables, one match called to a table, the matches called (an organiser's or a
table's), and the table a match is played at on this laptop (see :mod:`.tournament_desk` for how
a workflow runs and refuses). No Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator, Optional, Union

from ..speech.announcer import Priority
from ..texts import tournament as texts
from ..tournament.model import MatchStatus
from .desk_steps import (CANCELLED, DONE, AskInteger, Changed, Choose, Confirm, Outcome, Refusal,
                         Say, Step, Workflow, ask)

if TYPE_CHECKING:
    from ..tournament.model import Competitor
    from ..tournament.store.service import Tournament
    from ..tournament.views import MatchView
    from .tournament_desk import TournamentDesk

__all__ = ["CallDesk", "DEFAULT_TABLES", "MAX_TABLES"]

INTERRUPT = Priority.INTERRUPT
DEFAULT_TABLES = 12
"""The tables a tournament has when it never said how many."""
MAX_TABLES = 200
TableChoice = Generator[Step, object, Union[int, Outcome]]


class CallDesk:
    """The tables and calls of ``desk``."""

    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk

    @staticmethod
    def table_count(t: Tournament) -> int:
        return int(t.info().get("table_count") or DEFAULT_TABLES)

    def tables(self) -> Workflow:
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.desk.official("tables")
        if refused is not None:
            return refused
        count = self.table_count(t)
        n = yield from ask(AskInteger("Tables", texts.tables_question(count), count, 1,
                                      MAX_TABLES))
        if n is None:
            return CANCELLED
        if n != count:
            t.set_table_count(n)
        yield Say(texts.tables_text(n, t.free_tables()))
        yield Changed()
        return DONE

    def call_next(self) -> Workflow:
        """Offer the next playable matches to the free tables; call them after a yes."""
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.desk.official("call")
        if refused is not None:
            return refused
        offers = t.offers()
        if not offers:
            if t.free_tables():
                return Outcome.refused(Refusal.NOTHING_TO_CALL, texts.nothing_to_call_text())
            return Outcome.refused(Refusal.NO_FREE_TABLE, texts.no_free_table_text())
        lines = [texts.call_sentence(o.match.number or 0, _name(o.match.a), _name(o.match.b),
                                     o.table) for o in offers]
        if not (yield from ask(Confirm(texts.call_offers_question(lines)))):
            return CANCELLED
        calls = [t.call(o.match.number or 0, o.table).sentence() for o in offers]
        yield Changed()
        # each call was read in the question: said short, shown whole
        yield Say(texts.calls_made_text(len(calls)), shown=texts.join_sentences(calls))
        return DONE

    def call_match(self, number: int) -> Workflow:
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.desk.official("call")
        if refused is not None:
            return refused
        free = t.free_tables()
        m = t.match(number)
        options = free or list(range(1, self.table_count(t) + 1))
        if m.status is MatchStatus.CALLED and m.table in options:
            options.remove(m.table)
        index = yield from ask(Choose("Call to a table", texts.call_question_text(number, free),
                                      tuple(f"Table {n}" for n in options)))
        if index is None:
            return CANCELLED
        call = t.call(number, options[index])
        yield Changed()
        yield Say(call.sentence() + ".", INTERRUPT)
        return DONE

    def table_for(self, number: int, playing: Optional[int] = None) -> TableChoice:
        """The table match ``number`` is to be played at on this laptop, or the refusal: no
        tournament open, or this laptop still playing match ``playing`` (its result not sent).
        A table laptop plays at its own table; the organiser's laptop at the table the match is
        called to, or else at the first free table, to which it is called first (said)."""
        t = self.desk.open_one()
        if isinstance(t, Outcome):
            return t
        if playing is not None:
            return Outcome.refused(Refusal.ALREADY_PLAYING, texts.already_playing_text(playing))
        if t.table is not None:
            return t.table
        m = t.match(number)
        if m.status.at_table and m.table:
            return m.table
        free = t.free_tables()
        if not free:
            return Outcome.refused(Refusal.NO_FREE_TABLE, texts.no_free_table_text())
        call = t.call(number, free[0])
        yield Say(call.sentence() + ".")
        yield Changed()
        return call.table

    def called(self, called_here: tuple[MatchView, ...]) -> Union[list[MatchView], Outcome]:
        """The matches to show in "Matches called": a table laptop's (``called_here``, as its
        link last read them), the organiser's every match called or being played; or the
        refusal saying there is none."""
        t = self.desk.open_one()
        if isinstance(t, Outcome):
            return t
        matches = list(called_here) if t.table is not None else \
            [m for m in t.matches() if m.status.at_table]
        if not matches:
            return Outcome.refused(Refusal.NO_CALLED_MATCH, texts.no_called_match_text(t.table))
        return matches


def _name(c: Optional[Competitor]) -> str:
    return c.name if c is not None else ""
