"""Following the tournament from a window, one step at a time (plain Python, no Qt): what a
background thread runs so that the window never waits on the database.

* :class:`OrganiserFollower`: the organiser's view. Each :meth:`~OrganiserFollower.step` waits for
  new events (:class:`~.store.watch.Watcher`: LISTEN/NOTIFY on PostgreSQL, else reading the events
  table at most every 2 s) and, when there are some (or a refresh was asked), reads a
  :class:`Snapshot` of every division (bracket, standings) and the matches offered to free
  tables. A server that goes away is told once (``server``: AWAY) and followed again when it is
  back (REACHABLE), with a fresh snapshot.
* :class:`TableFollower`: a table laptop. Each step first sends the results queued on the laptop
  (:class:`~.store.table_client.TableClient`), then reads the matches called to this table; the
  link's changes (away, back with the number of results sent) come once each.

Both open their own connections (``open_tournament()`` / the client), so the window's own
:class:`~.store.service.Tournament` and the follower's never share one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional

from .errors import ServerUnavailableError, TournamentError
from .table import MatchReport, MatchSetup, ReportOutcome, ServerState, ServerStatusChange
from .views import DivisionInfo, DivisionView, MatchView, Offer, TournamentEvent

if TYPE_CHECKING:
    from .store.service import Tournament
    from .store.table_client import TableClient
    from .store.watch import Watcher

__all__ = ["Snapshot", "read_snapshot", "OrganiserUpdate", "OrganiserFollower", "TableUpdate", "TableFollower"]


@dataclass(frozen=True)
class Snapshot:
    """The tournament as the organiser's window shows it: the divisions, each drawn division's
    view (bracket, matches, standings; by key), the offers to free tables, the table count."""

    name: str
    divisions: tuple[DivisionInfo, ...]
    views: dict[str, DivisionView]
    offers: tuple[Offer, ...]
    table_count: int
    last_event: int


def read_snapshot(tournament: "Tournament") -> Snapshot:
    """A :class:`Snapshot` of ``tournament`` (an open ``Tournament``), read now. Raises
    :class:`ServerUnavailableError` when the server is away."""
    last = tournament.last_event_id()
    info = tournament.info()
    divisions = tuple(tournament.divisions())
    views = {d.key: tournament.division_view(d.key) for d in divisions}
    offers = tuple(tournament.offers()) if tournament.table is None else ()
    return Snapshot(info.get("name") or "", divisions, views, offers,
                    int(info.get("table_count") or 0), last)


@dataclass(frozen=True)
class OrganiserUpdate:
    """What one step saw: new ``events`` (oldest first), a ``snapshot`` when something changed
    (None otherwise), and ``server`` when the link changed (AWAY or REACHABLE; None otherwise)."""

    events: tuple[TournamentEvent, ...] = ()
    snapshot: Optional[Snapshot] = None
    server: Optional[ServerStatusChange] = None


class OrganiserFollower:
    """Follows the tournament that ``open_tournament()`` opens (a new connection, for this
    follower only). ``poll_seconds``: the longest wait between two reads without notifications
    (at most 2 s). Call :meth:`step` again and again from one thread; :meth:`refresh` (any thread)
    asks for a new snapshot at the next step."""

    def __init__(self, open_tournament: Callable[[], Tournament], *, poll_seconds: float = 1.0,
                 after: Optional[int] = None) -> None:
        self.open_tournament = open_tournament
        self.poll_seconds = poll_seconds
        self.after = after
        self.tournament: Optional[Tournament] = None
        self.watcher: Optional[Watcher] = None
        self.state = ServerState.REACHABLE
        self._refresh = threading.Event()
        self._refresh.set()

    def refresh(self) -> None:
        self._refresh.set()

    def _connect(self) -> tuple["Tournament", Watcher]:
        from .store.watch import Watcher

        if self.tournament is None:
            self.tournament = self.open_tournament()
        if self.watcher is None:
            self.watcher = Watcher(self.tournament, after=self.after,
                                   poll_seconds=self.poll_seconds)
        return self.tournament, self.watcher

    def step(self, timeout: float = 1.0) -> OrganiserUpdate:
        """Wait up to ``timeout`` seconds for news; never raises for a server away (it is told in
        ``server`` once)."""
        try:
            tournament, watcher = self._connect()
            events: list[TournamentEvent] = []
            if not self._refresh.is_set():
                events = watcher.wait(timeout)
            server = None
            if self.state is ServerState.AWAY:
                self.state = ServerState.REACHABLE
                server = ServerStatusChange(ServerState.REACHABLE)
                self._refresh.set()
            if events:
                self.after = events[-1].id
                if tournament.table is None:
                    # the organiser's laptop anchors what the tables wrote (see store.seal)
                    tournament.checkpoint()
                    found = tournament.verification
                    if found is not None and not found.clean and any(
                            e.kind == "correction" for e in events):
                        tournament.verify(anchor=False)  # a named match was corrected
            snapshot = None
            if events or self._refresh.is_set():
                self._refresh.clear()
                snapshot = read_snapshot(tournament)
            return OrganiserUpdate(tuple(events), snapshot, server)
        except ServerUnavailableError as exc:
            if self.watcher is not None:
                self.after = self.watcher.last_id
            self._drop_watcher()
            if self.state is ServerState.REACHABLE:
                self.state = ServerState.AWAY
                return OrganiserUpdate(server=ServerStatusChange(ServerState.AWAY,
                                                                 reason=str(exc)))
            return OrganiserUpdate()

    def _drop_watcher(self) -> None:
        if self.watcher is not None:
            self.watcher.close()
            self.watcher = None

    def close(self) -> None:
        self._drop_watcher()
        if self.tournament is not None:
            self.tournament.close()
            self.tournament = None


@dataclass(frozen=True)
class TableUpdate:
    """What one step of a table saw: the matches ``called`` to this table (None while the server is
    away), the ``changes`` of the link (once each), the ``sent`` outcomes of queued results."""

    called: Optional[tuple[MatchView, ...]] = None
    changes: tuple[ServerStatusChange, ...] = ()
    sent: tuple[ReportOutcome, ...] = ()


class TableFollower:
    """A table laptop's link (``client``: a :class:`~.store.table_client.TableClient`).

    :meth:`step` sends what is queued, then reads the called matches. :meth:`take` and
    :meth:`report` are the table's two actions (call them from the same thread as :meth:`step`).
    """

    def __init__(self, client: "TableClient") -> None:
        self.client = client
        self._changes: list[ServerStatusChange] = []
        client.on_change = self._changes.append

    @property
    def table(self) -> Optional[int]:
        return self.client.table

    def _drain(self) -> tuple[ServerStatusChange, ...]:
        out = tuple(self._changes)
        self._changes.clear()
        return out

    def step(self) -> TableUpdate:
        if self.client.table is None:  # the organiser's laptop before it plays a match
            return TableUpdate()
        sent: tuple[ReportOutcome, ...] = ()
        if self.client.pending():
            sent = tuple(self.client.flush())
        try:
            called = tuple(self.client.called_matches())
        except TournamentError:  # the server away (told once in the changes), or refused
            called = None
        return TableUpdate(called, self._drain(), sent)

    def take(self, match_number: int, *, table: Optional[int] = None
             ) -> tuple[MatchSetup, TableUpdate]:
        """Take the match for ``table`` (default: this laptop's table; the organiser's laptop
        plays at the table the match is called to). Raises ``MatchTakenError``,
        ``MatchNotPlayableError``, ``ServerUnavailableError``; the update holds the link's
        changes."""
        if table is not None:
            self.client.table = table
        setup = self.client.take(match_number)
        return setup, TableUpdate(changes=self._drain())

    def report(self, report: MatchReport, *, table: Optional[int] = None
               ) -> tuple[ReportOutcome, TableUpdate]:
        """Keep the report on the laptop and send it (QUEUED when the server is away), for
        ``table`` (default: this laptop's; the table the match was taken for)."""
        if table is not None:
            self.client.table = table
        outcome = self.client.report(report)
        return outcome, TableUpdate(changes=self._drain())

    def close(self) -> None:
        self.client.close()

