"""A table laptop's link to the tournament: take the called match, report its result, and keep
results safe while the server is away.

Every report is first written to the table's own outbox (a small SQLite file on the laptop, synced
to disk), then sent. When the server cannot be reached the report stays queued
(:attr:`ReportStatus.QUEUED`) and :meth:`TableClient.flush` sends it when the server is back: each
report keeps its idempotency key, so one whose first send did reach the server (but whose answer was
lost) is recorded once. The link's changes are given once each (:class:`ServerStatusChange`: away,
then back with the number of results sent), for the window to show and speak.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Optional, Union

from ..errors import PermissionDeniedError, ServerUnavailableError, TournamentError
from ..table import (MatchReport, MatchSetup, ReportOutcome, ReportStatus, ServerState,
                     ServerStatusChange)
from .service import Tournament
from ..views import MatchView

__all__ = ["Outbox", "TableClient"]


class Outbox:
    """Reports waiting to be sent, in a SQLite file (``path``; ":memory:" for tests of the logic).
    States: "pending", then "sent" (recorded or already recorded) or "refused"."""

    def __init__(self, path: Union[str, Path]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS outbox (key TEXT PRIMARY KEY, match_number INTEGER NOT "
            "NULL, report TEXT NOT NULL, state TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', "
            "created_at TEXT NOT NULL, sent_at TEXT)")

    def put(self, report: MatchReport) -> None:
        """Keep ``report`` (once: putting the same key again changes nothing)."""
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO outbox (key, match_number, report, state, created_at) "
                "VALUES (?, ?, ?, 'pending', ?)",
                (report.key, report.match_number, json.dumps(report.to_dict()),
                 datetime.now(timezone.utc).isoformat()))

    def mark(self, key: str, state: str, message: str = "") -> None:
        with self._lock:
            self._db.execute("UPDATE outbox SET state = ?, message = ?, sent_at = ? WHERE key = ?",
                             (state, message, datetime.now(timezone.utc).isoformat(), key))

    def pending(self) -> list[MatchReport]:
        """Reports not yet sent, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT report FROM outbox WHERE state = 'pending' ORDER BY "
                                    "created_at, rowid").fetchall()
        return [MatchReport.from_dict(json.loads(r[0])) for r in rows]

    def states(self) -> dict[str, str]:
        with self._lock:
            return dict(self._db.execute("SELECT key, state FROM outbox").fetchall())

    def close(self) -> None:
        with self._lock:
            self._db.close()


class TableClient:
    """One table's link to the tournament at ``url``.

    ``table``: this table's number (on PostgreSQL it comes from the table's role when None).
    ``outbox``: the path of the local queue file. ``on_change``: called with each
    :class:`ServerStatusChange` (also kept in :attr:`changes`). Nothing here raises when the server
    is away, except :meth:`take` and :meth:`called_matches`, which need it
    (:class:`ServerUnavailableError`).
    """

    def __init__(self, url: Union[str, Path], *, outbox: Union[str, Path],
                 table: Optional[int] = None,
                 password: Optional[str] = None,
                 on_change: Optional[Callable[[ServerStatusChange], None]] = None) -> None:
        self.url = url
        self.password = password
        self.table = table
        self.outbox = Outbox(outbox)
        self.on_change = on_change
        self.changes: list[ServerStatusChange] = []
        self.state = ServerState.REACHABLE
        self._tournament: Optional[Tournament] = None
        self._lock = threading.RLock()

    # --- the connection ------------------------------------------------------------------
    def _open(self) -> Tournament:
        if self._tournament is None:
            t = Tournament.open(self.url, table=self.table if self.table is not None else 0,
                                password=self.password)
            if t.table == 0:
                t.close()
                raise TournamentError("this laptop has no table number: sign in with a table's "
                                      "role, or give the table number")
            self.table = t.table
            self._tournament = t
        return self._tournament

    @property
    def tournament(self) -> Tournament:
        return self._open()

    def _set_state(self, state: ServerState, sent: int = 0, reason: str = "") -> None:
        if state is self.state:
            return
        self.state = state
        change = ServerStatusChange(state, sent, reason)
        self.changes.append(change)
        if self.on_change is not None:
            self.on_change(change)

    def close(self) -> None:
        if self._tournament is not None:
            self._tournament.close()
            self._tournament = None
        self.outbox.close()

    # --- matches -------------------------------------------------------------------------
    def called_matches(self) -> list[MatchView]:
        """Matches called to this table (raises :class:`ServerUnavailableError` when away)."""
        with self._lock:
            try:
                out = self._open().called_matches(self.table)
            except ServerUnavailableError as exc:
                self._set_state(ServerState.AWAY, reason=str(exc))
                raise
            if not self.outbox.pending():
                # with results queued, the server is back when they are sent (:meth:`flush`),
                # so that its return is told with how many went
                self._back()
            return out

    def take(self, match_number: int) -> MatchSetup:
        """Take the match to play it here (see :meth:`Tournament.take`)."""
        with self._lock:
            try:
                setup = self._open().take(match_number, table=self.table)
            except ServerUnavailableError as exc:
                self._set_state(ServerState.AWAY, reason=str(exc))
                raise
            self._back()
            return setup

    # --- results -------------------------------------------------------------------------
    def report(self, report: MatchReport) -> ReportOutcome:
        """Keep the report in the outbox, then send it (and any queued before it). Returns the
        outcome for this report: RECORDED, ALREADY_RECORDED, REFUSED (why in ``message``) or
        QUEUED when the server is away."""
        with self._lock:
            self.outbox.put(report)
            outcomes = self._send_pending()
            for o in outcomes:
                if o.key == report.key:
                    return o
            state = self.outbox.states().get(report.key)
            if state == "sent":          # this very report was sent before
                return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number,
                                     report.key)
            if state == "refused":
                return ReportOutcome(ReportStatus.REFUSED, report.match_number, report.key,
                                     "this report was refused before")
            return ReportOutcome(ReportStatus.QUEUED, report.match_number, report.key,
                                 "the tournament server cannot be reached")

    def flush(self) -> list[ReportOutcome]:
        """Send the queued reports (call it now and then, e.g. every few seconds, while some
        wait). Returns the outcomes of those sent."""
        with self._lock:
            return self._send_pending()

    def pending(self) -> list[MatchReport]:
        return self.outbox.pending()

    def _send_pending(self) -> list[ReportOutcome]:
        outcomes: list[ReportOutcome] = []
        for queued in self.outbox.pending():
            try:
                outcome = self._open().report(queued, table=self.table)
            except ServerUnavailableError as exc:
                self._set_state(ServerState.AWAY, reason=str(exc))
                break
            except PermissionDeniedError as exc:
                outcome = ReportOutcome(ReportStatus.REFUSED, queued.match_number, queued.key,
                                        str(exc))
            self.outbox.mark(queued.key, "refused" if outcome.status is ReportStatus.REFUSED
                             else "sent", outcome.message)
            outcomes.append(outcome)
        else:
            self._back(sent=len(outcomes))
        return outcomes

    def _back(self, sent: int = 0) -> None:
        if self.state is ServerState.AWAY:
            self._set_state(ServerState.REACHABLE, sent=sent)
