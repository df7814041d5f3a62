"""The organiser's view follows the tournament live.

On PostgreSQL a :class:`Watcher` LISTENs on the tournament's channel: every action's transaction
sends a NOTIFY with its event id when it commits, so the view hears of a result as soon as it is
written. Where notifications are not available (SQLite; or a PostgreSQL connection lost until it is
made again) it reads the events table every ``poll_seconds`` (at most 2 s). Either way events are
read from the ``events`` table after the last one seen, so none is missed or given twice.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from sqlalchemy.engine import URL

from ..errors import ServerUnavailableError
from .engine import parse_url
from .service import NOTIFY_CHANNEL, Tournament
from ..views import TournamentEvent

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger(__name__)

__all__ = ["Watcher", "MAX_POLL_SECONDS"]

MAX_POLL_SECONDS = 2.0
"""The longest wait between two reads of the events table when notifications are unavailable."""


class Watcher:
    """Follows the events of the tournament ``tournament`` (an open :class:`Tournament`, used for
    reading) from event id ``after`` (the newest event now when None).

    :meth:`wait` blocks up to ``timeout`` seconds and returns the new events (possibly none).
    ``uses_notify`` says whether notifications are in use right now."""

    def __init__(self, tournament: Tournament, *, after: Optional[int] = None,
                 poll_seconds: float = 1.0) -> None:
        self.tournament = tournament
        self.poll_seconds = min(max(0.05, poll_seconds), MAX_POLL_SECONDS)
        self.last_id = tournament.last_event_id() if after is None else after
        self._listen: Optional["psycopg.Connection[Any]"] = None
        self.uses_notify = False
        if tournament.backend == "postgresql":
            self._connect()

    def _connect(self) -> None:
        import psycopg

        try:
            u = self.tournament.engine.url
            listen = psycopg.connect(
                host=u.host, port=u.port, user=u.username, password=u.password,
                dbname=u.database, autocommit=True, connect_timeout=5,
                application_name="checkers-desktop watcher")
            self._listen = listen
            listen.execute(f"LISTEN {NOTIFY_CHANNEL}")
            self.uses_notify = True
        except psycopg.Error:
            self._listen = None
            self.uses_notify = False

    def _read(self) -> list[TournamentEvent]:
        events = self.tournament.events_after(self.last_id)
        if events:
            self.last_id = events[-1].id
        return events

    def wait(self, timeout: float = MAX_POLL_SECONDS) -> list[TournamentEvent]:
        """New events, waiting up to ``timeout`` seconds for one. Raises
        :class:`ServerUnavailableError` only when reading the events fails."""
        deadline = time.monotonic() + max(0.0, timeout)
        events = self._read()
        while not events:
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            if self._listen is not None:
                import psycopg

                try:
                    for _ in self._listen.notifies(timeout=min(left, MAX_POLL_SECONDS),
                                                   stop_after=1):
                        break
                except psycopg.Error:
                    self._close_listen()
            else:
                if self.tournament.backend == "postgresql":
                    self._connect()
                time.sleep(min(left, self.poll_seconds))
            try:
                events = self._read()
            except ServerUnavailableError:
                self._close_listen()
                raise
        return events

    def _close_listen(self) -> None:
        if self._listen is not None:
            try:
                self._listen.close()
            except Exception as exc:  # noqa: BLE001 - closing a connection already broken
                log.debug("closing the LISTEN connection: %s", exc)
        self._listen = None
        self.uses_notify = False

    def close(self) -> None:
        self._close_listen()


def watcher_for(url: Union[str, Path, URL], **kwargs: Any) -> Watcher:
    """A watcher on a newly opened tournament at ``url`` (keyword arguments go to :class:`Watcher`)."""
    return Watcher(Tournament.open(parse_url(url)), **kwargs)
