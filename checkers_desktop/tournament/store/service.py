"""The tournament: registration, divisions, the draw, matches, results, corrections, tables.

Every action is one database transaction: it either happens whole (with its audit entry and the
event the organiser's view follows) or not at all, so a killed process or a power cut loses nothing
that was confirmed. The bracket itself is worked out by :mod:`..bracket` from the draw and the
results entered, and written to the ``matches`` rows in the same transaction.

Concurrency (many laptops on one PostgreSQL server): an action on a division first locks the
division's row (``SELECT ... FOR UPDATE``), taking a match locks the match's row, so two tables can
never take one match and two results for one division are applied one after the other. A result
carries an idempotency key (unique in ``results``): sending it again records nothing new. On SQLite
every action starts with ``BEGIN IMMEDIATE`` (one writer at a time).

Roles: on PostgreSQL the role signed in decides (``tournament-server init`` makes an organiser role
and one role per table); a table may take its matches, give one back and report results, and gets
:class:`PermissionDeniedError` for drawing, correcting, withdrawing and registering, both here and
from the server itself (the grants). A table's role writes nothing itself: its three actions are
the server's functions (``store/server.py``), each called alone in its own transaction, so every
lock the server takes for a table is released before any answer travels back to the laptop. On SQLite the ``table`` argument of :meth:`Tournament.open`
plays the table's part.
"""

from __future__ import annotations

import secrets
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Hashable, Iterable, Iterator, Optional, Sequence, TextIO, Union

from sqlalchemy import Text, and_, cast, delete, func, insert, select, text, update
from sqlalchemy.engine import URL, Connection, Engine, Row
from sqlalchemy.exc import DBAPIError, IntegrityError

from .. import bracket as br
from ..divisions import DivisionPlan, match_profile, plan_divisions
from ..draw import Entrant, draw_bracket
from ..errors import (ConflictingResultError, CorrectionError, DivisionError, DrawError,
                      MatchNotPlayableError, MatchTakenError, PermissionDeniedError,
                      RegistrationError, ResultError, ServerUnavailableError, TournamentError)
from ..model import AGE_GROUPS, NO_CENTER, Competitor, CompetitorInput, MatchStatus
from ..registration import ImportReport, competitor_key, read_competitors
from ..scoring import check_match, winner_side
from ..table import MatchReport, MatchSetup, PlayerEntry, ReportOutcome, ReportStatus
from ...storage.integrity import Integrity, KeyRing, RecordKey
from . import schema as s
from . import seal
from .engine import (check_schema, ensure_tournament_error, make_engine, parse_url, role_table,
                     upgrade)
from ..views import (AffectedMatch, AuditEntry, Call, CorrectionPreview, DivisionInfo,
                     DivisionView,
                    DrawInfo, MatchView, Offer, StandingsView, TournamentEvent)

__all__ = ["Tournament", "NOTIFY_CHANNEL", "DEFAULT_TABLES"]

NOTIFY_CHANNEL = "checkers_tournament"
"""The PostgreSQL LISTEN/NOTIFY channel; each notification's payload is the new event's id."""
DEFAULT_TABLES = 12
"""VA rulebook, Event 4: "The host will provide 12 four-foot square tables"."""

Winner = Union[str, int, None]
_LOCK_SPACE = 720_419  # first key of the advisory locks on divisions (any constant of our own)
_AT_TABLE = (MatchStatus.CALLED.value, MatchStatus.PLAYING.value)


def _known_status(value: object) -> Optional[MatchStatus]:
    """The :class:`MatchStatus` stored as ``value``, or None when no status is stored so."""
    try:
        return MatchStatus(value)
    except ValueError:
        return None


Record = Row[Any]
"""A row read from one of the tables of :mod:`.schema` (its columns as attributes)."""
Changes = dict[str, list[Any]]
"""What :meth:`Tournament._recompute` changed: "ready" and "voided" match numbers, "decided"
(number, :class:`..bracket.MatchState`) pairs."""


def _found(row: Optional[Record], what: str) -> Record:
    """``row``, read in the transaction that relies on it; raises :class:`TournamentError` when
    it is not there (a database changed outside the app under the transaction's feet)."""
    if row is None:
        raise TournamentError(f"{what} is missing from the tournament database")
    return row


def _stored_status(row: Record) -> MatchStatus:
    """The status a ``matches`` row stores. Raises :class:`TournamentError` for a value no
    :class:`MatchStatus` has (the database was changed outside the app, or by a newer one)."""
    status = _known_status(row.status)
    if status is None:
        raise TournamentError(
            f"match {row.number} has the status {str(row.status)[:20]!r}, which this app does "
            "not know: the tournament database was changed outside checkers-desktop or by a "
            "newer version of it")
    return status


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _as_dt(value: object) -> Optional[datetime]:
    if value is None:
        return None
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _at(value: object) -> datetime:
    """A time the schema never leaves empty (an entry's, an event's), as :func:`_as_dt`."""
    return _as_dt(value) or datetime.fromtimestamp(0, timezone.utc)


class Tournament:
    """One tournament database, opened by the organiser or by a table.

    Open it with :meth:`open`. ``who`` is written in the audit log for every action (the official's
    name, or "table 3"). Every method is one transaction and raises a :class:`TournamentError`
    (nothing changed) for a refused action, :class:`ServerUnavailableError` when the server is away.
    """

    def __init__(self, engine: Engine, *, who: str = "organiser", table: Optional[int] = None,
                 keys: Optional[KeyRing] = None) -> None:
        self.engine = engine
        self.keys = keys
        """The organiser's key ring (the install's record key) that anchors the seal; None: the
        results are chained but not anchored here."""
        self.verification: Optional[seal.SealReport] = None
        """What the last :meth:`verify` found (None before one)."""
        self.backend = engine.dialect.name
        self.table = table
        self.who = who if table is None or who != "organiser" else f"table {table}"
        self.origin = uuid.uuid4().hex
        """Written in every event this object adds (``payload["origin"]``), so that a window
        following the tournament can tell its own actions (already shown and said) from those of
        other laptops."""

    # --- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, url: Union[str, Path, URL], *, who: str = "organiser",
             name: str = "Tournament",
             tables: int = DEFAULT_TABLES, table: Optional[int] = None,
             password: Optional[str] = None, keys: Optional[KeyRing] = None,
             verify: Optional[bool] = None) -> "Tournament":
        """Open (and on SQLite create or upgrade) the tournament at ``url`` (a SQLite path or a
        ``postgresql+psycopg://`` URL whose password is ``password`` or in the keyring).

        On PostgreSQL the schema must have been made by ``tournament-server init`` and the role
        signed in decides organiser or table (``table`` is then taken from the role).

        ``keys``: the key ring that anchors the seal on the results (default: the install's, as
        given to ``storage.records.use_keys``). ``verify``: check the seal now (:meth:`verify`;
        default: on the organiser's laptop), the report in :attr:`verification`. Raises
        :class:`SchemaVersionError`, :class:`ServerUnavailableError`, ``ConnectionTestError``."""
        u = parse_url(url)
        engine = make_engine(u, password=password)
        try:
            if engine.dialect.name == "sqlite":
                upgrade(engine)
            else:
                check_schema(engine)
                with engine.connect().execution_options(readonly=True) as conn:
                    role = role_table(conn)
                if role is not None:
                    table = role
        except DBAPIError as exc:
            engine.dispose()
            raise ensure_tournament_error(exc) from None
        except BaseException:
            engine.dispose()
            raise
        if keys is None:
            from ...storage.records import current_keys

            keys = current_keys()
        t = cls(engine, who=who, table=table, keys=keys)
        if table is None:
            with t._tx() as conn:
                if conn.execute(select(s.tournament.c.id)).first() is None:
                    conn.execute(insert(s.tournament).values(id=1, name=name, table_count=tables,
                                                             created_at=_now()))
        if verify if verify is not None else table is None:
            try:
                t.verify()
            except BaseException:
                t.close()
                raise
        return t

    def close(self) -> None:
        """Close the tournament (everything is already saved); the organiser's laptop remembers
        the head of the log (:class:`.seal.HeadMemo`)."""
        try:
            self._remember_head()
        finally:
            self.engine.dispose()

    def __enter__(self) -> "Tournament":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def is_table(self) -> bool:
        return self.table is not None

    # --- transactions -----------------------------------------------------------------------
    @contextmanager
    def _tx(self, action: str = "") -> Iterator[Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except TournamentError:
            raise
        except DBAPIError as exc:
            raise ensure_tournament_error(exc, action) from exc

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect().execution_options(readonly=True) as conn:
                with conn.begin():
                    yield conn
        except TournamentError:
            raise
        except DBAPIError as exc:
            raise ensure_tournament_error(exc) from exc

    def _organiser_only(self, action: str) -> None:
        if self.table is not None:
            raise PermissionDeniedError(
                f"Permission denied to {action}: this laptop is table {self.table}; only the "
                "organiser can draw, correct a result, withdraw or register a competitor.")

    def _audit(self, conn: Connection, action: str, subject: str, what: dict[str, Any],
               why: str = "") -> None:
        conn.execute(insert(s.audit).values(at=_now(), who=self.who, action=action,
                                            subject=subject[:120], what=what, why=why or ""))

    def _event(self, conn: Connection, kind: str, *, division_key: Optional[str] = None,
               match_number: Optional[int] = None, table: Optional[int] = None,
               payload: Optional[dict[str, Any]] = None) -> int:
        """Add an event (the last write of every action). On PostgreSQL a transaction-scoped
        advisory lock makes event ids follow the order of commits, so a watcher reading "events
        after the last id seen" never skips one committed late with a smaller id."""
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:space, 0)"),
                         {"space": _LOCK_SPACE + 1})
        values: dict[str, Any] = dict(
            at=_now(), kind=kind, division_key=division_key, match_number=match_number,
            table_no=table, payload={**(payload or {}), "origin": self.origin})
        if conn.dialect.name != "postgresql":
            values.update(self._chain_values(conn, values))
        event_id, event_hash = conn.execute(insert(s.events).values(**values).returning(
            s.events.c.id, s.events.c.hash)).one()
        if self._may_anchor(conn):
            self._anchor(conn, event_id, event_hash)
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": NOTIFY_CHANNEL, "payload": str(event_id)})
        return int(event_id)

    # --- the seal (see .seal) -----------------------------------------------------------------
    @staticmethod
    def _chain_values(conn: Connection, values: dict[str, Any]) -> dict[str, Any]:
        """The id, ``prev_hash`` and ``hash`` of the event about to be inserted with ``values``
        (SQLite, whose ``BEGIN IMMEDIATE`` makes this transaction the only writer; on PostgreSQL
        the trigger chains it). The hash covers the payload's text as SQLAlchemy stores it (the
        dialect's JSON serializer, :func:`json.dumps`); :meth:`verify` recomputes it from the
        stored text."""
        import json

        last = conn.execute(select(s.events.c.id, s.events.c.hash).order_by(
            s.events.c.id.desc()).limit(1)).first()
        event_id = (last.id if last is not None else 0) + 1
        prev = (last.hash if last is not None else None) or seal.GENESIS
        serialize = getattr(conn.dialect, "_json_serializer", None) or json.dumps
        h = seal.event_hash(prev, event_id, values["at"], values["kind"], values["division_key"],
                            values["match_number"], values["table_no"],
                            serialize(values["payload"]))
        return {"id": event_id, "prev_hash": prev, "hash": h}

    def _record_key(self) -> Optional[RecordKey]:
        return self.keys.key() if self.keys is not None else None

    def _memo(self) -> Optional[seal.HeadMemo]:
        """This laptop's memory of the tournaments' logs, beside the install's key (the
        organiser's laptop only; none for a key ring given without a folder)."""
        if self.table is not None or self.keys is None or self._record_key() is None \
                or self.keys.folder == Path("."):
            return None
        return seal.HeadMemo(self.keys.folder)

    def _location(self) -> str:
        """Where this tournament is, for the head memo: the file, or the server and database."""
        u = self.engine.url
        if self.backend == "sqlite":
            return f"sqlite:{u.database}"
        return f"{u.get_backend_name()}:{u.host or 'localhost'}:{u.port or 5432}/{u.database}"

    def _remember_head(self) -> None:
        memo = self._memo()
        if memo is None or self.verification is None or not self.verification.log_intact:
            return
        try:
            with self._read() as conn:
                first = conn.execute(select(s.events.c.hash).order_by(s.events.c.id).limit(1)
                                     ).scalar()
                head = conn.execute(select(s.events.c.id, s.events.c.hash).order_by(
                    s.events.c.id.desc()).limit(1)).first()
        except Exception:  # noqa: BLE001 - closing never fails: the memo is as of the last write
            return
        if first and head is not None and head.hash:
            memo.remember(first, head.id, head.hash, self._location())

    def _may_anchor(self, conn: Connection) -> bool:
        """The organiser's laptop anchors the chain (on SQLite every laptop is the organiser's)."""
        return self._record_key() is not None and (self.table is None
                                                   or conn.dialect.name != "postgresql")

    def _anchor(self, conn: Connection, event_id: int, event_hash: Optional[str]) -> None:
        key = self._record_key()
        if key is None or not event_hash:
            return
        conn.execute(insert(s.seal_checkpoints).values(
            at=_now(), event_id=event_id, hash=event_hash, key_id=key.key_id,
            seal=key.seal(seal.checkpoint_bytes(event_id, event_hash)), who=self.who[:80]))

    def _seal_inputs(self, conn: Connection, after: int = 0
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        events = [dict(r._mapping) for r in conn.execute(
            select(s.events.c.id, s.events.c.at, s.events.c.kind, s.events.c.division_key,
                   s.events.c.match_number, s.events.c.table_no, s.events.c.payload,
                   cast(s.events.c.payload, Text).label("payload_text"), s.events.c.prev_hash,
                   s.events.c.hash).where(s.events.c.id > after).order_by(s.events.c.id))]
        checkpoints = [dict(r._mapping) for r in conn.execute(
            select(s.seal_checkpoints).order_by(s.seal_checkpoints.c.id))]
        return events, checkpoints

    def verify(self, *, anchor: bool = True) -> seal.SealReport:
        """Check the seal on the results (:func:`.seal.verify`): the chain of events, the
        organiser's checkpoints, and every match's stored result against the log. The report is
        kept (:attr:`verification`) and the standings and exports use the results it verified.
        With ``anchor``, the organiser's laptop then anchors the head of a chain that holds.
        Raises :class:`ServerUnavailableError`."""
        with self._read() as conn:
            events, checkpoints = self._seal_inputs(conn)
            numbers = {m.id: m.number for m in conn.execute(
                select(s.matches.c.id, s.matches.c.number))}
            rows = [seal.StoredRow(r.id, numbers.get(r.match_id), r.key, r.a_id, r.b_id,
                                   r.winner_id, r.kind, r.wins_a, r.wins_b, r.draws,
                                   r.replaced_by is None and r.void_reason is None)
                    for r in conn.execute(select(s.results).order_by(s.results.c.id))]
            winners = {m.number: (m.status, m.winner_id, m.kind) for m in conn.execute(
                select(s.matches.c.number, s.matches.c.status, s.matches.c.winner_id,
                       s.matches.c.kind).where(s.matches.c.number.is_not(None)))}
            key = self._record_key()
            report = seal.verify(events, checkpoints, rows, winners, key,
                                 every_event_anchored=key is not None
                                 and self.backend != "postgresql",
                                 organiser_anchors=key is not None)
            self.verification = report
            self._draw_disputes(conn, report, events)
            self._bracket_disputes(conn, report)
        seal.check_memo(report, events, self._memo(), self._location())
        if anchor and report.log_intact and events:
            self.checkpoint()
        return report

    def checkpoint(self) -> Optional[int]:
        """On the organiser's laptop, anchor the head of the chain: check the events after the
        last good checkpoint link to it, then seal the head with this laptop's key. Returns the
        event id anchored, or None (a table, no key, nothing new, or a chain that does not hold
        there, which :meth:`verify` then names). Raises :class:`ServerUnavailableError`."""
        key = self._record_key()
        if key is None or (self.table is not None and self.backend == "postgresql"):
            return None
        try:
            with self._tx("seal the results") as conn:
                last = conn.execute(select(s.seal_checkpoints).order_by(
                    s.seal_checkpoints.c.event_id.desc()).limit(1)).first()
                prev, after = seal.GENESIS, 0
                if last is not None:
                    if key.check(seal.checkpoint_bytes(last.event_id, last.hash), last.seal) \
                            is not Integrity.VERIFIED:
                        return None
                    prev, after = last.hash, last.event_id
                    head = conn.execute(select(s.events.c.hash).where(
                        s.events.c.id == last.event_id)).scalar()
                    if head != last.hash:
                        return None
                events, _ = self._seal_inputs(conn, after)
                if not events:
                    return None
                for e in events:
                    h = seal.event_hash(prev, e["id"], e["at"], e["kind"], e["division_key"],
                                        e["match_number"], e["table_no"], e["payload_text"])
                    if e["prev_hash"] != prev or e["hash"] != h:
                        return None
                    prev = h
                self._anchor(conn, events[-1]["id"], prev)
                return int(events[-1]["id"])
        except PermissionDeniedError:
            return None

    # --- the tournament itself --------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """{"name": ..., "table_count": ..., "created_at": ...}."""
        with self._read() as conn:
            row = conn.execute(select(s.tournament)).mappings().first()
        return dict(row) if row else {"name": "", "table_count": DEFAULT_TABLES, "created_at": None}

    def set_table_count(self, count: int) -> None:
        """Set the number of tables (1 to 200). A table with a match in play cannot be removed."""
        self._organiser_only("change the tables")
        if not isinstance(count, int) or not 1 <= count <= 200:
            raise TournamentError(f"{count!r} tables: give a number from 1 to 200")
        with self._tx("change the tables") as conn:
            busy = conn.execute(select(func.max(s.matches.c.table_no)).where(
                s.matches.c.status.in_(_AT_TABLE))).scalar()
            if busy is not None and busy > count:
                raise TournamentError(f"table {busy} has a match called or in play; it cannot be "
                                      f"removed now")
            conn.execute(update(s.tournament).values(table_count=count))
            self._audit(conn, "tables", "tournament", {"table_count": count})
            self._event(conn, "tables", payload={"table_count": count})

    # --- competitors ----------------------------------------------------------------------
    @staticmethod
    def _competitor(row: Record) -> Competitor:
        return Competitor(row.id, row.name, row.medical_center, row.age_group,
                          bool(row.visually_impaired), row.seed, row.withdrawn_at is not None,
                          getattr(row, "division_key", None))

    def _competitors(self, conn: Connection, ids: Optional[Iterable[Optional[int]]] = None
                     ) -> dict[int, Competitor]:
        """Competitors by id: all of them, or only those of ``ids`` (None ids skipped)."""
        q = select(s.competitors, s.divisions.c.key.label("division_key")).select_from(
            s.competitors.outerjoin(s.divisions, s.competitors.c.division_id == s.divisions.c.id))
        if ids is not None:
            wanted = sorted({i for i in ids if i is not None})
            if not wanted:
                return {}
            q = q.where(s.competitors.c.id.in_(wanted))
        return {r.id: self._competitor(r) for r in conn.execute(q)}

    def competitors(self) -> list[Competitor]:
        """Every competitor, withdrawn ones included, in registration order."""
        with self._read() as conn:
            return sorted(self._competitors(conn).values(), key=lambda c: c.id)

    def _check_duplicate(self, conn: Connection, entry: CompetitorInput,
                         except_id: Optional[int] = None) -> None:
        key = competitor_key(entry.name, entry.medical_center)
        for r in conn.execute(select(s.competitors.c.id, s.competitors.c.name,
                                     s.competitors.c.medical_center)):
            if r.id != except_id and competitor_key(r.name, r.medical_center) == key:
                raise RegistrationError(f"{r.name}, {r.medical_center} is already "
                                        f"registered")

    def _division_for(self, conn: Connection, entry: CompetitorInput) -> Optional[int]:
        """The undrawn division a new competitor joins, when divisions were made."""
        rows = conn.execute(select(s.divisions)).all()
        if not rows:
            return None
        for d in rows:
            if entry.age_group in d.age_groups.split(",") and (
                    d.vision == "all" or (d.vision == "vi") == entry.visually_impaired):
                if d.bracket_size is not None:
                    raise RegistrationError(
                        f"division {d.label} is already drawn: redraw it, or register before the "
                        "draw")
                return int(d.id)
        raise RegistrationError(f"no division takes age group {entry.age_group}; make the "
                                "divisions again")

    def add_competitor(self, entry: CompetitorInput, *, why: str = "") -> Competitor:
        """Register a competitor. Raises :class:`RegistrationError` (missing name, unknown age group,
        duplicate of a registered competitor, their division already drawn)."""
        self._organiser_only("register a competitor")
        entry = entry.validated()
        with self._tx("register a competitor") as conn:
            self._check_duplicate(conn, entry)
            division_id = self._division_for(conn, entry)
            cid = conn.execute(insert(s.competitors).values(
                name=entry.name, medical_center=entry.medical_center, age_group=entry.age_group,
                visually_impaired=entry.visually_impaired, seed=entry.seed,
                division_id=division_id, created_at=_now()).returning(s.competitors.c.id)
            ).scalar_one()
            self._audit(conn, "register", entry.name, self._entry_dict(entry), why)
            self._event(conn, "registration", payload={"id": cid, "name": entry.name})
            return self._competitors(conn)[cid]

    @staticmethod
    def _entry_dict(entry: CompetitorInput) -> dict[str, Any]:
        return {"name": entry.name, "medical_center": entry.medical_center,
                "age_group": entry.age_group, "visually_impaired": entry.visually_impaired,
                "seed": entry.seed}

    def import_competitors(self, path: Union[str, Path], *, why: str = "") -> ImportReport:
        """Register every acceptable row of a CSV or Excel file in one transaction; the report lists
        the rows refused (line and why), duplicates of registered competitors included. Raises
        ``ImportFileError`` when the file cannot be used at all (nothing is registered)."""
        self._organiser_only("register competitors")
        with self._read() as conn:
            registered = [(r.name, r.medical_center) for r in
                          conn.execute(select(s.competitors.c.name, s.competitors.c.medical_center))]
        report = read_competitors(path, registered=registered)
        keep: list[tuple[int, CompetitorInput]] = []
        with self._tx("register competitors") as conn:
            for line, entry in report.accepted:
                try:
                    division_id = self._division_for(conn, entry)
                except RegistrationError as exc:
                    from ..registration import RefusedRow
                    report.refused.append(RefusedRow(line, str(exc), entry.name))
                    continue
                conn.execute(insert(s.competitors).values(
                    name=entry.name, medical_center=entry.medical_center,
                    age_group=entry.age_group, visually_impaired=entry.visually_impaired,
                    seed=entry.seed, division_id=division_id, created_at=_now()))
                keep.append((line, entry))
            report.accepted = keep
            report.refused.sort(key=lambda r: r.line)
            self._audit(conn, "import", Path(path).name,
                        {"accepted": len(keep), "refused": [r.message(report.where)
                                                            for r in report.refused]}, why)
            self._event(conn, "registration", payload={"imported": len(keep)})
        return report

    def edit_competitor(self, competitor_id: int, entry: CompetitorInput, *, why: str = ""
                        ) -> Competitor:
        """Change a competitor's details. Once their division is drawn, only the spelling of the
        name and the medical center may change (not the age group, vision or seed)."""
        self._organiser_only("edit a competitor")
        entry = entry.validated()
        with self._tx("edit a competitor") as conn:
            row = conn.execute(select(s.competitors).where(s.competitors.c.id == competitor_id)
                               ).first()
            if row is None:
                raise RegistrationError(f"no competitor has id {competitor_id}")
            self._check_duplicate(conn, entry, except_id=competitor_id)
            drawn = row.division_id is not None and conn.execute(
                select(s.divisions.c.bracket_size).where(s.divisions.c.id == row.division_id)
            ).scalar() is not None
            moves = (entry.age_group != row.age_group or entry.visually_impaired !=
                     bool(row.visually_impaired) or entry.seed != row.seed)
            division_id = row.division_id
            if moves:
                if drawn:
                    raise RegistrationError(
                        f"{row.name}'s division is drawn: the age group, vision and seed can no "
                        "longer change (redraw the division first)")
                division_id = self._division_for(conn, entry)
            conn.execute(update(s.competitors).where(s.competitors.c.id == competitor_id).values(
                name=entry.name, medical_center=entry.medical_center, age_group=entry.age_group,
                visually_impaired=entry.visually_impaired, seed=entry.seed,
                division_id=division_id))
            before = {"name": row.name, "medical_center": row.medical_center,
                      "age_group": row.age_group, "visually_impaired": bool(row.visually_impaired),
                      "seed": row.seed}
            self._audit(conn, "edit", entry.name, {"before": before,
                                                   "after": self._entry_dict(entry)}, why)
            self._event(conn, "registration", payload={"id": competitor_id, "name": entry.name})
            return self._competitors(conn)[competitor_id]

    def withdraw(self, competitor_id: int, *, why: str) -> list[int]:
        """Withdraw a competitor. Before the draw they are left out of it; after, their due match is
        lost by withdrawal (a walkover for the opponent) and so is any later one. Returns the numbers
        of the matches this decided. Raises :class:`RegistrationError` for an unknown or already
        withdrawn competitor or an empty ``why``."""
        self._organiser_only("withdraw a competitor")
        if not (why or "").strip():
            raise RegistrationError("say why the competitor withdraws (it goes in the audit log)")
        with self._tx("withdraw a competitor") as conn:
            row = conn.execute(select(s.competitors).where(s.competitors.c.id == competitor_id)
                               ).first()
            if row is None:
                raise RegistrationError(f"no competitor has id {competitor_id}")
            if row.withdrawn_at is not None:
                raise RegistrationError(f"{row.name} has already withdrawn")
            div = None
            if row.division_id is not None:
                div = self._lock_division(conn, row.division_id)
            conn.execute(update(s.competitors).where(s.competitors.c.id == competitor_id).values(
                withdrawn_at=_now(), withdrawn_reason=why))
            decided: list[int] = []
            opponent = None
            if div is not None and div.bracket_size is not None:
                changes = self._recompute(conn, div)
                for number, state in changes["decided"]:
                    decided.append(number)
                    if state.kind == br.KIND_WITHDRAWAL and state.loser == competitor_id:
                        opponent = state.winner
            comps = self._competitors(conn)
            self._audit(conn, "withdraw", row.name, {"competitor": competitor_id,
                                                     "decided_matches": decided}, why)
            self._event(conn, "withdrawal", division_key=div.key if div is not None else None,
                        payload={"name": row.name, "opponent": comps[opponent].name
                                 if opponent is not None else None,
                                 "walkover_match": decided[0] if decided else None,
                                 "competitor": competitor_id})
            return decided

    # --- divisions and the draw -----------------------------------------------------------
    def make_divisions(self, *, split_vi: Iterable[str] = (),
                       merges: Iterable[Sequence[str]] = (),
                       profiles: Optional[dict[str, str]] = None, why: str = ""
                       ) -> list[DivisionInfo]:
        """(Re)make the divisions from the registered competitors (see
        :func:`..divisions.plan_divisions`). Refused once any division is drawn."""
        self._organiser_only("make the divisions")
        merges = [tuple(m) for m in merges]
        split_vi = list(split_vi)
        with self._tx("make the divisions") as conn:
            if conn.execute(select(s.divisions.c.id).where(s.divisions.c.bracket_size.is_not(None))
                            ).first():
                raise DivisionError("a division is already drawn; divisions can no longer be "
                                    "remade")
            people = [(r.id, r.age_group, bool(r.visually_impaired)) for r in conn.execute(
                select(s.competitors).where(s.competitors.c.withdrawn_at.is_(None)))]
            plans = plan_divisions(people, split_vi=split_vi, merges=merges, profiles=profiles)
            conn.execute(update(s.competitors).values(division_id=None))
            conn.execute(delete(s.divisions))
            for plan in plans:
                did = conn.execute(insert(s.divisions).values(
                    key=plan.key, label=plan.label, age_groups=",".join(plan.age_groups),
                    vision=plan.vision, profile_key=plan.profile_key, note=plan.note
                ).returning(s.divisions.c.id)).scalar_one()
                conn.execute(update(s.competitors).where(s.competitors.c.id.in_(plan.members))
                             .values(division_id=did))
            self._audit(conn, "divisions", "divisions",
                        {"split_vi": split_vi, "merges": [list(m) for m in merges],
                         "divisions": [{"key": p.key, "note": p.note, "count": len(p.members)}
                                       for p in plans]}, why)
            self._event(conn, "divisions", payload={"count": len(plans)})
            return self._division_infos(conn)

    def _division_infos(self, conn: Connection) -> list[DivisionInfo]:
        counts: dict[int, int] = dict(conn.execute(select(s.competitors.c.division_id,
                                                          func.count()).where(
            s.competitors.c.withdrawn_at.is_(None)).group_by(s.competitors.c.division_id)).all())
        out = []
        for d in conn.execute(select(s.divisions).order_by(s.divisions.c.id)):
            out.append(self._division_info(d, counts.get(d.id, 0)))
        return out

    @staticmethod
    def _division_info(d: Record, count: int) -> DivisionInfo:
        return DivisionInfo(d.id, d.key, d.label, tuple(d.age_groups.split(",")), d.vision,
                            d.profile_key, d.note, d.draw_seed, d.bracket_size,
                            _as_dt(d.drawn_at), d.same_center_pairs, d.minimum_same_center_pairs,
                            count)

    def divisions(self) -> list[DivisionInfo]:
        with self._read() as conn:
            return self._division_infos(conn)

    def _division_row(self, conn: Connection, key: str, lock: bool = False) -> Record:
        row = conn.execute(select(s.divisions).where(s.divisions.c.key == key)).first()
        if row is None:
            raise DivisionError(f"no division {key!r}")
        if lock:
            row = self._lock_division(conn, row.id)
        return row

    def _lock_division(self, conn: Connection, division_id: int) -> Record:
        """The division's row, after taking the division's lock for this transaction: on
        PostgreSQL a transaction-scoped advisory lock (a table's role needs no right on the
        divisions table for it); on SQLite ``BEGIN IMMEDIATE`` already serialises writers."""
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:space, :id)"),
                         {"space": _LOCK_SPACE, "id": int(division_id)})
        return _found(conn.execute(select(s.divisions).where(s.divisions.c.id == division_id))
                      .first(), f"division {division_id}")

    def has_results(self, division_key: str) -> bool:
        """True when a result was ever entered in the division (it is then never drawn again).
        Raises :class:`DivisionError` when there is no such division."""
        with self._read() as conn:
            div = self._division_row(conn, division_key)
            match_ids = select(s.matches.c.id).where(s.matches.c.division_id == div.id)
            return conn.execute(select(s.results.c.id).where(s.results.c.match_id.in_(match_ids))
                                ).first() is not None

    def draw(self, division_key: str, *, seed: Optional[int] = None, why: str = "") -> DrawInfo:
        """Draw (or, before any result, redraw) a division from ``seed`` (a new random seed when
        None; the seed is recorded so the draw can be shown again and audited). Raises
        :class:`DrawError` when the division has no competitor or a result was entered."""
        self._organiser_only("draw a division")
        if seed is None:
            seed = secrets.randbelow(2 ** 31)
        with self._tx("draw a division") as conn:
            div = self._division_row(conn, division_key, lock=True)
            match_ids = select(s.matches.c.id).where(s.matches.c.division_id == div.id)
            if conn.execute(select(s.results.c.id).where(s.results.c.match_id.in_(match_ids))
                            ).first():
                raise DrawError(f"division {div.label} has results: it cannot be drawn again")
            people = conn.execute(select(s.competitors).where(and_(
                s.competitors.c.division_id == div.id, s.competitors.c.withdrawn_at.is_(None)))
                .order_by(s.competitors.c.id)).all()
            if not people:
                raise DrawError(f"division {div.label} has no competitor to draw")
            entrants = [Entrant(p.id, p.medical_center, p.seed) for p in people]
            result = draw_bracket(entrants, seed)
            conn.execute(delete(s.slots).where(s.slots.c.division_id == div.id))
            conn.execute(delete(s.matches).where(s.matches.c.division_id == div.id))
            for pos, cid in enumerate(result.slots):
                conn.execute(insert(s.slots).values(division_id=div.id, position=pos,
                                                    competitor_id=cid))
            positions = br.match_positions(result.size)
            for r, i in positions:
                conn.execute(insert(s.matches).values(
                    division_id=div.id, round=r, idx=i, a_known=False, b_known=False,
                    status=MatchStatus.WAITING.value))
            conn.execute(update(s.divisions).where(s.divisions.c.id == div.id).values(
                draw_seed=seed, bracket_size=result.size, drawn_at=_now(),
                same_center_pairs=result.same_center_pairs,
                minimum_same_center_pairs=result.minimum_same_center_pairs))
            div = self._division_row(conn, division_key)
            states = br.resolve(result.slots, {}, frozenset())
            start = (conn.execute(select(func.max(s.matches.c.number))).scalar() or 0) + 1
            numbers = []
            for place in positions:
                st = states[place]
                if st.status in (br.MatchStatus.READY, br.MatchStatus.WAITING) and st.a is not None \
                        and st.b is not None:
                    conn.execute(update(s.matches).where(and_(
                        s.matches.c.division_id == div.id, s.matches.c.round == place[0],
                        s.matches.c.idx == place[1])).values(number=start))
                    numbers.append(start)
                    start += 1
            self._recompute(conn, div)
            self._audit(conn, "draw", div.label, {
                "division": div.key, "seed": seed, "size": result.size,
                "slots": list(result.slots), "same_center_pairs": result.same_center_pairs,
                "minimum_same_center_pairs": result.minimum_same_center_pairs}, why)
            self._event(conn, "draw", division_key=div.key,
                        payload={"seed": seed, "slots": list(result.slots)})
            return DrawInfo(div.key, seed, result.size, result.byes, result.same_center_pairs,
                            result.minimum_same_center_pairs, tuple(numbers),
                            sum(1 for p in people if p.medical_center == NO_CENTER))

    # --- working out the bracket ----------------------------------------------------------
    def _bracket_inputs(self, conn: Connection, div: Record
                        ) -> tuple[tuple[Optional[int], ...], dict[br.MatchPos, Record],
                                   dict[br.MatchPos, Record], frozenset[int]]:
        slots_rows = conn.execute(select(s.slots).where(s.slots.c.division_id == div.id)
                                  .order_by(s.slots.c.position)).all()
        slot_ids = tuple(r.competitor_id for r in slots_rows)
        rows = {(m.round, m.idx): m for m in conn.execute(
            select(s.matches).where(s.matches.c.division_id == div.id))}
        by_id = {m.id: pos for pos, m in rows.items()}
        active = conn.execute(select(s.results).where(and_(
            s.results.c.match_id.in_(list(by_id)), s.results.c.replaced_by.is_(None),
            s.results.c.void_reason.is_(None)))).all()
        results = {by_id[r.match_id]: r for r in active}
        withdrawn = frozenset(r.id for r in conn.execute(
            select(s.competitors.c.id).where(and_(s.competitors.c.division_id == div.id,
                                                  s.competitors.c.withdrawn_at.is_not(None)))))
        return slot_ids, rows, results, withdrawn

    def _recompute(self, conn: Connection, div: Record, *, void_reason: str = "") -> Changes:
        """Work the division's bracket out again and write the matches rows that changed.
        Returns {"ready": [numbers], "decided": [(number, state)], "voided": [numbers]}."""
        slot_ids, rows, results, withdrawn = self._bracket_inputs(conn, div)
        stored = {pos: br.StoredResult(r.a_id, r.b_id, r.winner_id, r.kind)
                  for pos, r in results.items()}
        states = br.resolve(slot_ids, stored, withdrawn)
        changes: Changes = {"ready": [], "decided": [], "voided": []}
        now = _now()
        for pos, st in states.items():
            row = rows[pos]
            if st.stale and pos in results:
                conn.execute(update(s.results).where(s.results.c.id == results[pos].id).values(
                    void_reason=void_reason or "its players changed"))
                changes["voided"].append(row.number)
            a = st.a if isinstance(st.a, int) else None
            b = st.b if isinstance(st.b, int) else None
            values: dict[str, Any] = {"a_id": a, "b_id": b, "a_known": st.a is not br.PENDING,
                                      "b_known": st.b is not br.PENDING}
            same_players = row.a_id == a and row.b_id == b
            if st.status is MatchStatus.DECIDED:
                res = results.get(pos) if not st.stale else None
                values.update(status=MatchStatus.DECIDED.value, winner_id=st.winner, kind=st.kind,
                              result_id=res.id if res is not None else None,
                              finished_at=row.finished_at if row.status == MatchStatus.DECIDED
                              and same_players and row.winner_id == st.winner else now)
                if row.status != MatchStatus.DECIDED or row.winner_id != st.winner:
                    changes["decided"].append((row.number, st))
            else:
                values.update(winner_id=None, kind=None, result_id=None, finished_at=None)
                if st.status is MatchStatus.READY:
                    if row.status in _AT_TABLE and same_players:
                        values["status"] = row.status
                    else:
                        values.update(status=MatchStatus.READY.value, table_no=None,
                                      taken_by=None, called_at=None, taken_at=None)
                        if row.status != MatchStatus.READY:
                            changes["ready"].append(row.number)
                else:  # WAITING or EMPTY
                    values.update(status=st.status.value, table_no=None, taken_by=None,
                                  called_at=None, taken_at=None)
            if any(getattr(row, k) != v for k, v in values.items()):
                conn.execute(update(s.matches).where(s.matches.c.id == row.id).values(**values))
        return changes

    # --- reading matches ------------------------------------------------------------------
    def _match_views(self, conn: Connection, where: Any = None) -> list[MatchView]:
        divs = {d.id: d for d in conn.execute(select(s.divisions))}
        q = select(s.matches).order_by(s.matches.c.division_id, s.matches.c.round,
                                       s.matches.c.idx)
        if where is not None:
            q = q.where(where)
        mrows = conn.execute(q).all()
        comps = self._competitors(conn, [i for m in mrows for i in (m.a_id, m.b_id, m.winner_id)]
                                  ) if where is not None else self._competitors(conn)
        numbers = {(m.division_id, m.round, m.idx): m.number for m in conn.execute(
            select(s.matches.c.division_id, s.matches.c.round, s.matches.c.idx,
                   s.matches.c.number).where(s.matches.c.division_id.in_(
                       sorted({m.division_id for m in mrows}))))}
        rids = [m.result_id for m in mrows if m.result_id is not None]
        res = {r.id: r for r in conn.execute(select(s.results).where(s.results.c.id.in_(rids)))} \
            if rids else {}
        checked = self._verified_brackets(conn, {m.division_id for m in mrows})
        if checked and where is not None:
            comps = self._competitors(conn)
        out = []
        for m in mrows:
            d = divs[m.division_id]
            r = res.get(m.result_id)
            wins, draws, games, records, reporter = (0, 0), 0, (), (), None
            if r is not None:
                flip = r.a_id != m.a_id
                wins = (r.wins_b, r.wins_a) if flip else (r.wins_a, r.wins_b)
                draws, games, records = r.draws, tuple(r.games or ()), tuple(r.records or ())
                reporter = r.reported_by
            fa, fb, losers = br.feeders(d.bracket_size or 0, (m.round, m.idx))
            a_from = numbers.get((m.division_id, *fa)) if fa is not None else None
            b_from = numbers.get((m.division_id, *fb)) if fb is not None else None
            a_id, b_id, a_known, b_known = m.a_id, m.b_id, bool(m.a_known), bool(m.b_known)
            status: Optional[MatchStatus] = _known_status(m.status)
            winner, kind, unverified = comps.get(m.winner_id), m.kind, False
            if m.division_id in checked:
                # a division with a disputed match: the bracket as the verified results make it
                states, stored_rows, disputed = checked[m.division_id]
                st = states[(m.round, m.idx)]
                unverified = m.number is not None and m.number in disputed
                a_id = st.a if isinstance(st.a, int) else None
                b_id = st.b if isinstance(st.b, int) else None
                a_known, b_known = st.a is not br.PENDING, st.b is not br.PENDING
                done = st.status is MatchStatus.DECIDED
                winner = comps.get(st.winner) if done and isinstance(st.winner, int) else None
                kind = st.kind if done else None
                if done or status in (MatchStatus.DECIDED, None):
                    # an unknown stored status is a bracket dispute too: the bracket's own
                    status = st.status
                logged = self.verification.verified if self.verification is not None else {}
                source = logged[m.number] if m.number in logged else stored_rows.get((m.round,
                                                                                      m.idx))
                wins, draws = (0, 0), 0
                if done and source is not None and kind in (br.KIND_PLAYED, br.KIND_WALKOVER):
                    sw = (source.wins_a or 0, source.wins_b or 0)
                    wins = sw if source.a_id == a_id else (sw[1], sw[0])
                    draws = source.draws or 0
            if status is None:
                status = _stored_status(m)  # raises: unknown, and no verified bracket to show
            out.append(MatchView(
                m.number, d.key, d.label, m.round, m.idx, br.round_name(d.bracket_size, (m.round,
                                                                                         m.idx)),
                comps.get(a_id), comps.get(b_id), a_known, b_known, status,
                m.table_no, m.taken_by, winner, kind, wins, draws, games,
                records, reporter, a_from, b_from, losers, unverified))
        return out

    def matches(self, division_key: Optional[str] = None) -> list[MatchView]:
        """Every match (of one division), in bracket order; byes included (number None)."""
        with self._read() as conn:
            where = None
            if division_key is not None:
                where = s.matches.c.division_id == self._division_row(conn, division_key).id
            return self._match_views(conn, where)

    def match(self, number: int) -> MatchView:
        with self._read() as conn:
            views = self._match_views(conn, s.matches.c.number == number)
        if not views:
            raise MatchNotPlayableError(f"there is no match {number}")
        return views[0]

    def standings(self, division_key: str) -> StandingsView:
        """Gold, silver, bronze and fourth of a division (None where not decided yet)."""
        with self._read() as conn:
            return self._standings(conn, self._division_row(conn, division_key))

    def _standings(self, conn: Connection, div: Record) -> StandingsView:
        comps = self._competitors(conn)
        if div.bracket_size is None:
            return StandingsView(div.key, div.label, None, None, None, None)
        slot_ids, rows, results, withdrawn = self._bracket_inputs(conn, div)
        stored, unverified = self._verified_results(rows, results)
        st = br.standings(slot_ids, br.resolve(slot_ids, stored, withdrawn), withdrawn)

        def place(x: Optional[Hashable]) -> Optional[Competitor]:
            return comps.get(x) if isinstance(x, int) else None

        return StandingsView(div.key, div.label, place(st.gold), place(st.silver),
                             place(st.bronze), place(st.fourth), st.vacant, unverified)

    def _verified_brackets(self, conn: Connection, division_ids: Iterable[int]
                           ) -> dict[int, tuple[dict[br.MatchPos, br.MatchState],
                                                dict[br.MatchPos, Record], set[int]]]:
        """For each of ``division_ids`` holding a match the seal disputes: (the bracket worked
        out from the verified results, position -> MatchState; the stored results by position;
        the disputed match numbers)."""
        report = self.verification
        if report is None or not report.disputes:
            return {}
        disputed = set(report.forged_matches)
        out = {}
        for did in sorted(division_ids):
            div = conn.execute(select(s.divisions).where(s.divisions.c.id == did)).first()
            if div is None or div.bracket_size is None:
                continue
            slot_ids, rows, results, withdrawn = self._bracket_inputs(conn, div)
            if not any(r.number in disputed for r in rows.values()):
                continue
            stored, _ = self._verified_results(rows, results)
            out[did] = (br.resolve(slot_ids, stored, withdrawn), results, disputed)
        return out

    def _draw_disputes(self, conn: Connection, report: seal.SealReport,
                       events: list[dict[str, Any]]) -> None:
        """Name the divisions whose stored draw (``slots``) is not the one the log recorded, and
        the competitors withdrawn (or not) otherwise than the log says. Only the trusted part of
        the log counts (up to a break in the chain)."""
        upto = report.first_untrusted
        draws: dict[str, list[Optional[int]]] = {}
        withdrawals: set[int] = set()
        unnamed = 0  # withdrawals logged without the competitor's id (an older app's)
        for e in events:
            if upto is not None and int(e["id"]) >= upto:
                break
            p = e["payload"] if isinstance(e["payload"], dict) else {}
            if e["kind"] == "draw" and e["division_key"] and isinstance(p.get("slots"), list):
                draws[e["division_key"]] = p["slots"]
            elif e["kind"] == "withdrawal":
                if isinstance(p.get("competitor"), int):
                    withdrawals.add(p["competitor"])
                else:
                    unnamed += 1
        for div in conn.execute(select(s.divisions).where(s.divisions.c.bracket_size.is_not(None))
                                .order_by(s.divisions.c.id)).all():
            logged = draws.get(div.key)
            if logged is None:
                continue
            stored = [r.competitor_id for r in conn.execute(
                select(s.slots.c.competitor_id).where(s.slots.c.division_id == div.id)
                .order_by(s.slots.c.position))]
            if stored != logged:
                report.draws_changed.append(div.label)
        stored_out = set(conn.execute(select(s.competitors.c.id).where(
            s.competitors.c.withdrawn_at.is_not(None))).scalars())
        if not unnamed:
            report.withdrawals_changed = sorted(stored_out ^ withdrawals)

    def _bracket_disputes(self, conn: Connection, report: seal.SealReport) -> None:
        """Name the matches whose ``matches`` row (players, winner, status) is not what the draw
        and the verified results make of it (a bye, a walkover or a later round changed outside
        the app, a status no :class:`MatchStatus` has). A ready match may be stored as called or
        playing: where it is played is not the bracket's."""
        named = set(report.forged_matches)
        for div in conn.execute(select(s.divisions).where(s.divisions.c.bracket_size.is_not(None))
                                ).all():
            slot_ids, rows, results, withdrawn = self._bracket_inputs(conn, div)
            stored, _ = self._verified_results(rows, results)
            for pos, st in br.resolve(slot_ids, stored, withdrawn).items():
                row = rows[pos]
                if row.number is None or row.number in named:
                    continue
                done = st.status is MatchStatus.DECIDED
                stored_status = _known_status(row.status)
                if (stored_status is None
                        or (stored_status is not st.status
                            and not (st.status is MatchStatus.READY and stored_status.at_table))
                        or (done and (row.winner_id != st.winner or row.kind != st.kind))
                        or (isinstance(st.a, int) and row.a_id != st.a)
                        or (isinstance(st.b, int) and row.b_id != st.b)):
                    report.disputes.append(seal.Dispute(row.number, "bracket"))
        report.disputes.sort(key=lambda d: d.match_number)

    def _verified_results(self, rows: dict[br.MatchPos, Record],
                          results: dict[br.MatchPos, Record]
                          ) -> tuple[dict[br.MatchPos, br.StoredResult], tuple[int, ...]]:
        """A division's results for the standings and the exports: the stored ones, except that a
        match whose stored result the seal disputes (:attr:`verification`) counts with the result
        the log recorded (or none). Returns ``(position -> StoredResult, disputed match
        numbers)``."""
        stored = {pos: br.StoredResult(r.a_id, r.b_id, r.winner_id, r.kind)
                  for pos, r in results.items()}
        report = self.verification
        if report is None or not report.disputes:
            return stored, ()
        unverified = []
        for pos, row in rows.items():
            if row.number is None or row.number not in report.verified:
                continue
            unverified.append(row.number)
            logged = report.verified[row.number]
            if logged is None:
                stored.pop(pos, None)
            else:
                stored[pos] = br.StoredResult(logged.a_id, logged.b_id, logged.winner_id,
                                              logged.kind)
        return stored, tuple(sorted(unverified))

    def division_view(self, division_key: str) -> DivisionView:
        """The division with its draw, matches and standings (for the bracket window, the screen
        reader's list and the printouts)."""
        with self._read() as conn:
            d = self._division_row(conn, division_key)
            count = conn.execute(select(func.count()).select_from(s.competitors).where(and_(
                s.competitors.c.division_id == d.id, s.competitors.c.withdrawn_at.is_(None)))
            ).scalar_one()
            comps = self._competitors(conn)
            slot_ids = [r.competitor_id for r in conn.execute(
                select(s.slots).where(s.slots.c.division_id == d.id).order_by(s.slots.c.position))]
            name = conn.execute(select(s.tournament.c.name)).scalar() or ""
            return DivisionView(self._division_info(d, count),
                                tuple(comps.get(c) if c is not None else None for c in slot_ids),
                                tuple(self._match_views(conn, s.matches.c.division_id == d.id)),
                                self._standings(conn, d), name)

    def path(self, competitor_id: int) -> list[MatchView]:
        """A competitor's matches so far and the one due, in order."""
        return [m for m in self.matches() if (m.a and m.a.id == competitor_id)
                or (m.b and m.b.id == competitor_id)]

    # --- tables -------------------------------------------------------------------------
    def free_tables(self) -> list[int]:
        """Tables with no match called to them or in play."""
        with self._read() as conn:
            return self._free_tables(conn)

    def _free_tables(self, conn: Connection) -> list[int]:
        count = conn.execute(select(s.tournament.c.table_count)).scalar() or DEFAULT_TABLES
        busy = set(conn.execute(select(s.matches.c.table_no).where(
            s.matches.c.status.in_(_AT_TABLE))).scalars())
        return [t for t in range(1, count + 1) if t not in busy]

    def playable(self) -> list[MatchView]:
        """Matches ready to be played and not yet called, earliest round first (so a division's
        rounds keep pace), then by number."""
        with self._read() as conn:
            views = self._match_views(conn, s.matches.c.status == MatchStatus.READY.value)
        return sorted(views, key=lambda m: (m.round, m.number or 0))

    def offers(self) -> list[Offer]:
        """The next playable matches offered to the free tables, one each, lowest table first."""
        with self._read() as conn:
            free = self._free_tables(conn)
            views = sorted(self._match_views(conn, s.matches.c.status == MatchStatus.READY.value),
                           key=lambda m: (m.round, m.number or 0))
        return [Offer(t, m) for t, m in zip(free, views)]

    def call(self, match_number: int, table: int) -> Call:
        """Call a ready match to a free table ("Match 5, Ann Lee and Bo Diaz, to table 3": see
        :meth:`Call.sentence`). A match already called may be called again to another table.
        Raises :class:`MatchNotPlayableError` (not ready, taken, table busy or unknown)."""
        self._organiser_only("call a match")
        with self._tx("call a match") as conn:
            count = conn.execute(select(s.tournament.c.table_count)).scalar() or DEFAULT_TABLES
            if not isinstance(table, int) or not 1 <= table <= count:
                raise MatchNotPlayableError(f"there is no table {table}: tables are 1 to {count}")
            m = self._lock_match(conn, match_number)
            if m.status == MatchStatus.PLAYING:
                raise MatchTakenError(f"match {match_number} is being played at table "
                                      f"{m.table_no}", match_number=match_number, table=m.table_no)
            if m.status not in (MatchStatus.READY, MatchStatus.CALLED):
                raise MatchNotPlayableError(self._not_playable(m))
            other = conn.execute(select(s.matches.c.number).where(and_(
                s.matches.c.table_no == table, s.matches.c.status.in_(_AT_TABLE),
                s.matches.c.id != m.id))).scalar()
            if other is not None:
                raise MatchNotPlayableError(f"table {table} is busy with match {other}")
            conn.execute(update(s.matches).where(s.matches.c.id == m.id).values(
                status=MatchStatus.CALLED.value, table_no=table, called_at=_now()))
            comps = self._competitors(conn)
            a, b = comps[m.a_id], comps[m.b_id]
            div = conn.execute(select(s.divisions.c.key).where(s.divisions.c.id == m.division_id)
                               ).scalar()
            self._audit(conn, "call", f"match {match_number}", {"table": table})
            self._event(conn, "called", division_key=div, match_number=match_number, table=table,
                        payload={"a": a.name, "b": b.name})
            return Call(match_number, table, a, b)

    def _lock_match(self, conn: Connection, number: int) -> Record:
        m = conn.execute(select(s.matches).where(s.matches.c.number == number).with_for_update()
                         ).first()
        if m is None:
            raise MatchNotPlayableError(f"there is no match {number}")
        return m

    @staticmethod
    def _not_playable(m: Record) -> str:
        if m.status == MatchStatus.DECIDED:
            return f"match {m.number} is already decided"
        if m.status == MatchStatus.WAITING:
            return f"match {m.number} is waiting for the winner of an earlier match"
        if m.status == MatchStatus.EMPTY:
            return f"match {m.number} has nobody to play"
        return f"match {m.number} cannot be played now ({m.status})"

    def called_matches(self, table: Optional[int] = None) -> list[MatchView]:
        """The matches called to (or being played at) ``table`` (this laptop's table by default)."""
        table = table if table is not None else self.table
        with self._read() as conn:
            return self._match_views(conn, and_(s.matches.c.table_no == table,
                                                s.matches.c.status.in_(_AT_TABLE)))

    def take(self, match_number: int, *, table: Optional[int] = None) -> MatchSetup:
        """"Play this match here": the match becomes PLAYING at this table (a row lock: of two
        tables taking one match at once, the second gets :class:`MatchTakenError` naming the first).
        Taking again a match this table already took gives its set-up again."""
        if self._on_server():
            return self._take_on_server(match_number)
        table = table if table is not None else self.table
        if table is None:
            raise MatchNotPlayableError("say which table takes the match")
        who = f"table {table}"
        with self._tx("take a match") as conn:
            m = self._lock_match(conn, match_number)
            if m.status == MatchStatus.PLAYING:
                if m.taken_by != who:
                    raise MatchTakenError(f"match {match_number} was already taken by "
                                          f"{m.taken_by}", match_number=match_number,
                                          table=m.table_no)
            elif m.status == MatchStatus.CALLED and m.table_no not in (None, table):
                raise MatchTakenError(f"match {match_number} is called to table {m.table_no}, not "
                                      f"table {table}", match_number=match_number, table=m.table_no)
            elif m.status not in (MatchStatus.READY, MatchStatus.CALLED):
                raise MatchNotPlayableError(self._not_playable(m))
            if m.status != MatchStatus.PLAYING:
                conn.execute(update(s.matches).where(s.matches.c.id == m.id).values(
                    status=MatchStatus.PLAYING.value, table_no=table, taken_by=who, taken_at=_now()))
                div = conn.execute(select(s.divisions.c.key).where(
                    s.divisions.c.id == m.division_id)).scalar()
                conn.execute(insert(s.audit).values(at=_now(), who=who, action="take",
                                                    subject=f"match {match_number}",
                                                    what={"table": table}, why=""))
                self._event(conn, "taken", division_key=div, match_number=match_number,
                            table=table, payload={})
            return self._setup(conn, match_number, table)

    def _setup(self, conn: Connection, match_number: int, table: Optional[int]) -> MatchSetup:
        m = _found(conn.execute(select(s.matches).where(s.matches.c.number == match_number))
                   .first(), f"match {match_number}")
        d = _found(conn.execute(select(s.divisions).where(s.divisions.c.id == m.division_id))
                   .first(), f"the division of match {match_number}")
        comps = self._competitors(conn, (m.a_id, m.b_id))
        a, b = comps[m.a_id], comps[m.b_id]
        event = conn.execute(select(s.tournament.c.name)).scalar() or ""
        return MatchSetup(
            match_number, d.key, d.label, br.round_name(d.bracket_size, (m.round, m.idx)),
            (PlayerEntry(a.id, a.name, a.medical_center, a.age_group, a.visually_impaired),
             PlayerEntry(b.id, b.name, b.medical_center, b.age_group, b.visually_impaired)),
            match_profile(d.profile_key, d.vision, a.visually_impaired, b.visually_impaired),
            3, table, event)

    def setup_for(self, match_number: int) -> MatchSetup:
        """The set-up of a ready or called match without taking it (to play it in the organiser's
        own window)."""
        with self._read() as conn:
            m = conn.execute(select(s.matches).where(s.matches.c.number == match_number)).first()
            if m is None:
                raise MatchNotPlayableError(f"there is no match {match_number}")
            if not _stored_status(m).playable:
                raise MatchNotPlayableError(self._not_playable(m))
            return self._setup(conn, match_number, m.table_no)

    # --- results --------------------------------------------------------------------------
    def _record(self, conn: Connection, m: Record, winners: Sequence[Winner], *, kind: str,
                key: str, reporter: str, table: Optional[int], records: Sequence[str],
                games_json: list[dict[str, Any]], replace_result_id: Optional[int] = None
                ) -> tuple[int, dict[str, Any]]:
        comps = self._competitors(conn)
        a, b = comps[m.a_id], comps[m.b_id]
        d = _found(conn.execute(select(s.divisions).where(s.divisions.c.id == m.division_id))
                   .first(), f"the division of match {m.number}")
        if kind == br.KIND_WALKOVER:
            token = winner_side(winners[0], a, b)
            if token is None:
                raise ResultError("a walkover needs the name of the competitor who was there")
            wins = (0, 0)
            winner = a if token == "a" else b
            draws = 0
        else:
            tokens = [winner_side(w, a, b) for w in winners]
            score = check_match(("a", "b"), tokens, match_profile(
                d.profile_key, d.vision, a.visually_impaired, b.visually_impaired))
            wins, draws = score.wins, score.draws
            winner = a if score.winner == "a" else b
        rid = conn.execute(insert(s.results).values(
            match_id=m.id, key=key, a_id=a.id, b_id=b.id, winner_id=winner.id, kind=kind,
            wins_a=wins[0], wins_b=wins[1], draws=draws, games=games_json,
            records=[str(r) for r in records], reported_by=reporter, table_no=table,
            received_at=_now()).returning(s.results.c.id)).scalar_one()
        if replace_result_id is not None:
            conn.execute(update(s.results).where(s.results.c.id == replace_result_id).values(
                replaced_by=rid))
        loser = b if winner is a else a
        payload: dict[str, Any] = {"winner": winner.name, "loser": loser.name,
                   "winner_center": winner.medical_center, "loser_center": loser.medical_center,
                   "winner_wins": max(wins), "loser_wins": min(wins), "draws": draws,
                   "result_kind": kind, "key": key, "a_id": a.id, "b_id": b.id,
                   "winner_id": winner.id, "wins_a": wins[0], "wins_b": wins[1]}
        return int(rid), payload

    def enter_result(self, match_number: int, winners: Sequence[Winner], *,
                     records: Sequence[str] = (), key: Optional[str] = None,
                     why: str = "") -> MatchView:
        """Enter by hand a match played on a physical board: ``winners`` per game in playing order
        (a competitor's name or id, None for a drawn game). Checked against the best-of-three
        rule (:func:`..scoring.check_match`). Raises :class:`ResultError`, or
        :class:`ConflictingResultError` when the match already has a result."""
        self._organiser_only("enter a result")
        return self._enter(match_number, list(winners), br.KIND_PLAYED, records, key, why,
                           games_json=[{"number": i, "winner": w}
                                       for i, w in enumerate(winners, 1)])

    def walkover(self, match_number: int, present: Winner, *, why: str) -> MatchView:
        """Record a walkover: ``present`` (name or id) came, the opponent did not."""
        self._organiser_only("record a walkover")
        if not (why or "").strip():
            raise ResultError("say why (for example: did not come to the table within 10 minutes)")
        return self._enter(match_number, [present], br.KIND_WALKOVER, (), None, why, games_json=[])

    def _enter(self, match_number: int, winners: list[Winner], kind: str, records: Sequence[str],
               key: Optional[str], why: str, games_json: list[dict[str, Any]]) -> MatchView:
        key = key or uuid.uuid4().hex
        with self._tx("enter a result") as conn:
            number = self._apply_result(conn, match_number, winners, kind=kind, key=key,
                                        reporter=self.who, table=None, records=records,
                                        games_json=games_json, why=why)
            return self._match_views(conn, s.matches.c.number == number)[0]

    def _apply_result(self, conn: Connection, match_number: int, winners: Sequence[Winner], *,
                      kind: str, key: str, reporter: str, table: Optional[int],
                      records: Sequence[str], games_json: list[dict[str, Any]], why: str = ""
                      ) -> int:
        m0 = conn.execute(select(s.matches.c.division_id).where(
            s.matches.c.number == match_number)).first()
        if m0 is None:
            raise MatchNotPlayableError(f"there is no match {match_number}")
        div = self._lock_division(conn, m0.division_id)
        m = self._lock_match(conn, match_number)
        if m.status == MatchStatus.DECIDED:
            if m.kind in (br.KIND_PLAYED, br.KIND_WALKOVER) and m.result_id is not None:
                first = _found(conn.execute(select(s.results).where(
                    s.results.c.id == m.result_id)).first(), f"the result of match {m.number}")
                first_by = f"table {first.table_no}" if first.table_no is not None else \
                    first.reported_by
                raise ConflictingResultError(
                    f"Match {match_number} already has a result, entered by {first_by}; the "
                    f"result from {reporter} was refused. The organiser can correct it.",
                    match_number=match_number, first_table=first_by, second_table=reporter)
            raise MatchNotPlayableError(
                f"match {match_number} was decided by {m.kind or 'a bye'}; no result is due")
        if not _stored_status(m).playable:
            raise MatchNotPlayableError(self._not_playable(m))
        if m.status == MatchStatus.PLAYING and table is not None and m.taken_by != f"table {table}":
            raise MatchTakenError(
                f"match {match_number} is being played at {m.taken_by}; the result from table "
                f"{table} was refused", match_number=match_number, table=m.table_no)
        rid, payload = self._record(conn, m, winners, kind=kind, key=key, reporter=reporter,
                                    table=table if table is not None else m.table_no,
                                    records=records, games_json=games_json)
        changes = self._recompute(conn, div)
        payload["next_matches"] = [n for n in changes["ready"] if n is not None]
        conn.execute(insert(s.audit).values(
            at=_now(), who=reporter, action="result" if kind == br.KIND_PLAYED else kind,
            subject=f"match {match_number}", what={k: v for k, v in payload.items()}, why=why))
        self._event(conn, "result", division_key=div.key, match_number=match_number,
                    table=table if table is not None else m.table_no, payload=payload)
        return match_number

    def report(self, report: MatchReport, *, table: Optional[int] = None) -> ReportOutcome:
        """Record a table's report of a finished match in one transaction (the bracket advances in
        it). Sending the same report (same ``key``) again gives ``ALREADY_RECORDED``; a report for
        a match another report already decided is refused naming both tables; so is one for a
        match another table is playing. Raises only :class:`ServerUnavailableError`
        (and :class:`PermissionDeniedError`); refusals are returned as ``REFUSED``."""
        table = table if table is not None else self.table
        reporter = f"table {table}" if table is not None else self.who
        if not report.games:
            return ReportOutcome(ReportStatus.REFUSED, report.match_number, report.key,
                                 "the report has no game")
        if self._on_server():
            return self._report_on_server(report)
        try:
            with self._tx("report a result") as conn:
                known = conn.execute(select(s.results.c.id).where(s.results.c.key == report.key)
                                     ).first()
                if known is not None:
                    return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number,
                                         report.key)
                self._apply_result(
                    conn, report.match_number, report.winners, kind=br.KIND_PLAYED,
                    key=report.key, reporter=reporter, table=table, records=report.records,
                    games_json=[{"number": g.number, "winner": g.winner, "black": g.black,
                                 "white": g.white, "reason": g.reason, "detail": g.detail}
                                for g in report.games])
                nxt = conn.execute(select(s.events.c.payload).where(and_(
                    s.events.c.kind == "result", s.events.c.match_number == report.match_number))
                    .order_by(s.events.c.id.desc())).scalar()
                return ReportOutcome(ReportStatus.RECORDED, report.match_number, report.key,
                                     next_matches=tuple((nxt or {}).get("next_matches", ())))
        except IntegrityError:
            # the same key committed by a concurrent send of this very report
            with self._read() as conn:
                if conn.execute(select(s.results.c.id).where(s.results.c.key == report.key)
                                ).first() is not None:
                    return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number,
                                         report.key)
            raise
        except (ResultError, MatchNotPlayableError, MatchTakenError,
                ConflictingResultError) as exc:
            return ReportOutcome(ReportStatus.REFUSED, report.match_number, report.key, str(exc))

    # --- a table on the PostgreSQL server: it acts only through the server's functions -------
    def _on_server(self) -> bool:
        """True for a table's role on PostgreSQL: its actions are the server's functions
        (``store/server.py``), each one statement in its own transaction, so no lock the server
        takes for it waits on this laptop."""
        return self.backend == "postgresql" and self.table is not None

    def _call(self, action: str, statement: str, params: dict[str, Any], match_number: int
              ) -> Any:
        """Run one table function in its own transaction (autocommit) and return its value.
        Raises the :class:`TournamentError` its refusal stands for (see ``server.py``),
        :class:`ServerUnavailableError` when the server is away, did not answer in time or ended
        the session."""
        try:
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                return conn.execute(text(statement), params).scalar_one()
        except DBAPIError as exc:
            raise self._refusal(exc, action, match_number) from None

    def _refusal(self, exc: DBAPIError, action: str, match_number: int) -> BaseException:
        state = getattr(exc.orig, "sqlstate", None)
        diag = getattr(exc.orig, "diag", None)
        message = (getattr(diag, "message_primary", None) or str(exc.orig)).strip()
        detail = (getattr(diag, "message_detail", None) or "").strip()
        if state == "CK001":
            return MatchNotPlayableError(message)
        if state == "CK002":
            return MatchTakenError(message, match_number=match_number,
                                   table=int(detail) if detail.isdigit() else None)
        if state == "CK003":
            return ConflictingResultError(message, match_number=match_number,
                                          first_table=detail, second_table=f"table {self.table}")
        if state == "CK004":
            return ResultError(message)
        if state == "CK005":
            return TournamentError(message)
        return ensure_tournament_error(exc, action)

    def _take_on_server(self, match_number: int) -> MatchSetup:
        self._call("take a match", "SELECT checkers_take(:number, :origin)",
                   {"number": int(match_number), "origin": self.origin}, match_number)
        with self._read() as conn:
            return self._setup(conn, match_number, self.table)

    def release(self, match_number: int) -> None:
        """Give back a match this table took ("not played here after all"): it is again called to
        the table it was called to, or ready. Raises :class:`MatchTakenError` when this table is
        not playing it."""
        if self._on_server():
            self._call("give back a match", "SELECT checkers_release(:number, :origin)",
                       {"number": int(match_number), "origin": self.origin}, match_number)
            return
        who = f"table {self.table}" if self.table is not None else self.who
        with self._tx("give back a match") as conn:
            m = self._lock_match(conn, match_number)
            if m.status != MatchStatus.PLAYING or m.taken_by != who:
                raise MatchTakenError(f"match {match_number} is not being played at {who}",
                                      match_number=match_number, table=m.table_no)
            called = m.called_at is not None
            conn.execute(update(s.matches).where(s.matches.c.id == m.id).values(
                status=(MatchStatus.CALLED if called else MatchStatus.READY).value, table_no=m.table_no if called else None,
                taken_by=None, taken_at=None))
            self._audit(conn, "release", f"match {match_number}", {"table": m.table_no})
            div = conn.execute(select(s.divisions.c.key).where(
                s.divisions.c.id == m.division_id)).scalar()
            self._event(conn, "released", division_key=div, match_number=match_number,
                        table=m.table_no)

    def _report_on_server(self, report: MatchReport) -> ReportOutcome:
        import json

        refused = (ResultError, MatchNotPlayableError, MatchTakenError, ConflictingResultError)
        with self._read() as conn:
            if conn.execute(select(s.results.c.id).where(s.results.c.key == report.key)
                            ).first() is not None:
                return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number,
                                     report.key)
            m = conn.execute(select(s.matches).where(s.matches.c.number == report.match_number)
                             ).first()
            comps = self._competitors(conn, (m.a_id, m.b_id)) if m is not None else {}
            d = conn.execute(select(s.divisions).where(s.divisions.c.id == m.division_id)
                             ).first() if m is not None else None
        winners: list[Optional[int]] = [None] * len(report.games)
        if m is not None and d is not None and m.a_id in comps and m.b_id in comps:
            # the same words as on SQLite; the server checks the result again itself
            a, b = comps[m.a_id], comps[m.b_id]
            try:
                tokens = [winner_side(w, a, b) for w in report.winners]
                check_match(("a", "b"), tokens, match_profile(
                    d.profile_key, d.vision, a.visually_impaired, b.visually_impaired))
            except ResultError as exc:
                return ReportOutcome(ReportStatus.REFUSED, report.match_number, report.key,
                                     str(exc))
            winners = [None if t is None else (a.id if t == "a" else b.id) for t in tokens]
        games = [{"number": g.number, "winner": g.winner, "black": g.black, "white": g.white,
                  "reason": g.reason, "detail": g.detail} for g in report.games]
        try:
            answer = self._call(
                "report a result", "SELECT checkers_report(:key, :number, CAST(:winners AS int[]), "
                "CAST(:games AS jsonb), CAST(:records AS jsonb), :origin)",
                {"key": report.key, "number": int(report.match_number), "winners": winners,
                 "games": json.dumps(games), "records": json.dumps([str(r) for r in report.records]),
                 "origin": self.origin}, report.match_number)
        except IntegrityError:
            # the same key committed by a concurrent send of this very report
            return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number, report.key)
        except refused + (TournamentError,) as exc:
            if isinstance(exc, (PermissionDeniedError, ServerUnavailableError)):
                raise
            return ReportOutcome(ReportStatus.REFUSED, report.match_number, report.key, str(exc))
        if isinstance(answer, str):
            answer = json.loads(answer)
        if answer.get("status") == "already":
            return ReportOutcome(ReportStatus.ALREADY_RECORDED, report.match_number, report.key)
        return ReportOutcome(ReportStatus.RECORDED, report.match_number, report.key,
                             next_matches=tuple(answer.get("next_matches") or ()))

    # --- corrections ----------------------------------------------------------------------
    def _plan_correction(self, conn: Connection, match_number: int, winners: Sequence[Winner],
                         walkover: Winner
                         ) -> tuple[Record, Record, Competitor, CorrectionPreview]:
        m = conn.execute(select(s.matches).where(s.matches.c.number == match_number)).first()
        if m is None:
            raise CorrectionError(f"there is no match {match_number}")
        if m.status != MatchStatus.DECIDED or m.result_id is None:
            raise CorrectionError(f"match {match_number} has no entered result to correct"
                                  + (f" (it was decided by {m.kind})" if m.kind else ""))
        div = _found(conn.execute(select(s.divisions).where(s.divisions.c.id == m.division_id))
                     .first(), f"the division of match {match_number}")
        comps = self._competitors(conn)
        a, b = comps[m.a_id], comps[m.b_id]
        if walkover is not None:
            token = winner_side(walkover, a, b)
            if token is None:
                raise CorrectionError("a walkover needs the competitor who was there")
            new_winner = a if token == "a" else b
        else:
            tokens = [winner_side(w, a, b) for w in winners]
            score = check_match(("a", "b"), tokens, match_profile(
                div.profile_key, div.vision, a.visually_impaired, b.visually_impaired))
            new_winner = a if score.winner == "a" else b
        slot_ids, rows, results, withdrawn = self._bracket_inputs(conn, div)
        pos = (m.round, m.idx)
        before = {p: br.StoredResult(r.a_id, r.b_id, r.winner_id, r.kind)
                  for p, r in results.items()}
        after = dict(before)
        after[pos] = br.StoredResult(a.id, b.id, new_winner.id,
                                     br.KIND_WALKOVER if walkover is not None else br.KIND_PLAYED)
        old_states = br.resolve(slot_ids, before, withdrawn)
        new_states = br.resolve(slot_ids, after, withdrawn)
        affected = []
        for p in br.later_matches(div.bracket_size, pos):
            o, n = old_states[p], new_states[p]
            players_change = (o.a, o.b) != (n.a, n.b)
            voided = n.stale and p in results
            if players_change or voided:
                affected.append(AffectedMatch(rows[p].number,
                                              br.round_name(div.bracket_size, p),
                                              players_change, voided))
        old_winner = comps.get(m.winner_id)
        return m, div, new_winner, CorrectionPreview(
            match_number, old_winner, new_winner,
            old_winner is None or old_winner.id != new_winner.id, tuple(affected))

    def preview_correction(self, match_number: int, winners: Optional[Sequence[Winner]] = None,
                           *, walkover: Winner = None) -> CorrectionPreview:
        """What correcting a result would change, changing nothing: whether the winner changes and
        which later matches are affected (their players change; a result they had is voided and
        the match must be played again)."""
        with self._read() as conn:
            return self._plan_correction(conn, match_number, winners or [], walkover)[3]

    def correct_result(self, match_number: int, winners: Optional[Sequence[Winner]] = None, *,
                       walkover: Winner = None, why: str) -> CorrectionPreview:
        """Replace a finished match's result (the games, or a walkover for ``walkover``). The old
        result is kept, marked replaced; the audit log and the ``corrections`` table record who,
        when, what and why, and which later matches it affects (returned, as by
        :meth:`preview_correction`). Raises :class:`CorrectionError` without a reason,
        :class:`PermissionDeniedError` for a table."""
        self._organiser_only("correct a result")
        if not (why or "").strip():
            raise CorrectionError("say why the result is corrected (it goes in the audit log)")
        with self._tx("correct a result") as conn:
            m0 = conn.execute(select(s.matches.c.id, s.matches.c.division_id).where(
                s.matches.c.number == match_number)).first()
            if m0 is None:
                raise CorrectionError(f"there is no match {match_number}")
            # the first write: a table's role has no right to it, so the server refuses here
            cid = conn.execute(insert(s.corrections).values(
                match_id=m0.id, who=self.who, why=why, at=_now(), affected=[]
            ).returning(s.corrections.c.id)).scalar_one()
            self._lock_division(conn, m0.division_id)
            m, div, new_winner, preview = self._plan_correction(conn, match_number,
                                                                winners or [], walkover)
            old = _found(conn.execute(select(s.results).where(s.results.c.id == m.result_id))
                         .first(), f"the result of match {match_number}")
            kind = br.KIND_WALKOVER if walkover is not None else br.KIND_PLAYED
            rid, payload = self._record(
                conn, m, [walkover] if walkover is not None else list(winners or []), kind=kind,
                key=uuid.uuid4().hex, reporter=self.who, table=old.table_no, records=old.records,
                games_json=[] if walkover is not None else
                [{"number": i, "winner": w} for i, w in enumerate(winners or [], 1)],
                replace_result_id=old.id)
            changes = self._recompute(conn, div, void_reason=f"the correction of match "
                                                             f"{match_number} changed its players")
            affected = [a.number for a in preview.affected if a.number is not None]
            conn.execute(update(s.corrections).where(s.corrections.c.id == cid).values(
                old_result_id=old.id, new_result_id=rid,
                affected=[{"number": a.number, "round": a.round_name,
                           "players_change": a.players_change, "result_voided": a.result_voided}
                          for a in preview.affected]))
            self._audit(conn, "correction", f"match {match_number}", {
                "old": {"winner": old.winner_id, "wins": [old.wins_a, old.wins_b],
                        "draws": old.draws, "kind": old.kind},
                "new": {"winner": new_winner.id, "kind": kind, "winner_wins":
                        payload["winner_wins"], "loser_wins": payload["loser_wins"],
                        "draws": payload["draws"]},
                "affected": affected, "voided": [n for n in changes["voided"] if n]}, why)
            self._event(conn, "correction", division_key=div.key, match_number=match_number,
                        payload={"affected": affected, **payload,
                                 "voided": [n for n in changes["voided"] if n]})
        if self.verification is not None and match_number in self.verification.verified:
            self.verify(anchor=False)
        return preview

    # --- the log and events ---------------------------------------------------------------
    def audit_log(self) -> list[AuditEntry]:
        with self._read() as conn:
            return [AuditEntry(r.id, _at(r.at), r.who, r.action, r.subject, r.what or {},
                               r.why) for r in conn.execute(select(s.audit).order_by(s.audit.c.id))]

    def events_after(self, event_id: int = 0, limit: int = 500) -> list[TournamentEvent]:
        """Events with an id above ``event_id``, oldest first."""
        with self._read() as conn:
            rows = conn.execute(select(s.events).where(s.events.c.id > event_id)
                                .order_by(s.events.c.id).limit(limit)).all()
        return [TournamentEvent(r.id, _at(r.at), r.kind, r.division_key, r.match_number,
                                r.table_no, r.payload or {}) for r in rows]

    def last_event_id(self) -> int:
        with self._read() as conn:
            return conn.execute(select(func.max(s.events.c.id))).scalar() or 0

    # --- exports ------------------------------------------------------------------------
    def results_csv(self, out: TextIO) -> int:
        """Write every decided match as CSV (header row first) to ``out``; returns the rows
        written. Columns: division, match, round, table, player A, center A, player B, center B,
        winner, score, drawn games, how (played, walkover, withdrawal, bye), reported by,
        verified ("yes", or why not: a match whose stored result disagrees with the sealed log
        is written with the result the log recorded, or without a winner when the log has
        none). Every cell is data: one that a spreadsheet would read as a formula is escaped
        (:func:`..registration.csv_cell`)."""
        import csv

        from ..registration import csv_cell
        from ...texts.tournament import export_unverified_note

        writer = csv.writer(out)
        writer.writerow(["division", "match", "round", "table", "player a", "center a",
                         "player b", "center b", "winner", "score", "drawn games", "how",
                         "reported by", "verified"])
        rows = 0
        for m in self.matches():
            if m.status is not MatchStatus.DECIDED:
                continue
            verified = "yes" if not m.unverified else export_unverified_note(m.winner is not None)
            writer.writerow([csv_cell(v) for v in (
                m.division_label, m.number or "", m.round_name, m.table or "",
                m.a.name if m.a else "", m.a.medical_center if m.a else "",
                m.b.name if m.b else "", m.b.medical_center if m.b else "",
                m.winner.name if m.winner else "",
                f"{m.score[0]}-{m.score[1]}" if m.kind == "played" else "", m.draws or "",
                m.kind or "", m.reported_by or "", verified)])
            rows += 1
        return rows


def competitors_of_age_group(competitors: Iterable[Competitor], group: str) -> list[Competitor]:
    """Competitors of one age group (a convenience for the registration window)."""
    if group not in AGE_GROUPS:
        raise RegistrationError(f"unknown age group {group!r}")
    return [c for c in competitors if c.age_group == group]
