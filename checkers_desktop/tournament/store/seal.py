"""The seal on a tournament's results: a hash chain over the events, anchored by the organiser's key.

Every row of ``events`` (the log the organiser's view follows, one row per action: each result
entered or reported, each correction) carries ``prev_hash`` and ``hash``::

    hash = SHA-256( prev_hash US id US at US kind US division_key US match_number US table_no
                    US payload )

(US is the unit separator U+001F; ``at`` is the event's time in UTC as ``YYYY-MM-DDTHH:MM:SS.ffffff``;
NULL is the empty string; ``payload`` is the JSON text exactly as stored). The first event's
``prev_hash`` is :data:`GENESIS`. On SQLite the app computes it (:func:`event_hash`) as it inserts the
event; on PostgreSQL a ``BEFORE INSERT`` trigger on ``events`` computes the same bytes
(:data:`PG_CHAIN_FUNCTION`), so events written by the server's own functions are chained too.

A chain of plain hashes can be recomputed by whoever can write the database, so it is *anchored*:
the organiser's laptop writes to ``seal_checkpoints`` an HMAC-SHA256 (:mod:`...storage.integrity`,
the install's record key, which never leaves that laptop) of an event's id and hash. On SQLite every
event is anchored in its own transaction; on PostgreSQL each organiser action and each opening of
the tournament by the organiser anchors the head. A checkpoint that does not match the chain, or whose
HMAC is wrong, shows that the log was rewritten.

What is checked (:func:`verify`): the chain links (an event changed, inserted or removed breaks it),
every checkpoint, and that each match's stored result (the ``results`` row the bracket uses, and the
winner written in ``matches``) is the one the log recorded. The organiser's laptop also remembers
the newest entry it saw of each tournament (:class:`HeadMemo`), so that a file copied back whole
from an earlier moment, consistent in itself, is named as older. Limits: events after the last
checkpoint on PostgreSQL (a table's, before the organiser's laptop sees them) are covered by the
chain only; a laptop without the key (a table's) checks the chain but not the anchors; someone
who can read the key (the organiser's own account) can forge anything.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Optional, Union

from ...storage.integrity import Integrity, RecordKey, canonical_json
from ..model import MatchStatus

MEMO_FILE = "tournament-heads.json"
MEMO_MAX_BYTES = 1024 * 1024

__all__ = ["GENESIS", "SEP", "LoggedResult", "StoredRow", "Dispute", "SealReport", "event_hash",
           "at_text", "checkpoint_bytes", "logged_results", "verify", "PG_CHAIN_FUNCTION",
           "PG_CHAIN_TRIGGER", "RESULT_FIELDS", "ORGANISER_KINDS", "HeadMemo"]

GENESIS = "0" * 64
"""The ``prev_hash`` of the first event."""
SEP = "\x1f"
"""Between the fields of an event's hashed text (JSON escapes U+001F, so a payload never holds one)."""
ORGANISER_KINDS = frozenset({"correction", "draw", "divisions", "withdrawal", "registration",
                             "tables", "called"})
"""Events only the organiser's app writes (a table's role cannot), each anchored as it is written
when the organiser's laptop has its key."""
RESULT_FIELDS = ("key", "a_id", "b_id", "winner_id", "wins_a", "wins_b", "draws", "result_kind")
"""What the payload of a ``result`` or ``correction`` event must carry for its match to be checked."""


def at_text(at: Any) -> str:
    """An event's time as hashed: UTC, ``YYYY-MM-DDTHH:MM:SS.ffffff`` (a naive time is UTC)."""
    moment = at if isinstance(at, datetime) else datetime.fromisoformat(str(at))
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def event_hash(prev_hash: str, event_id: int, at: Any, kind: str, division_key: Optional[str],
               match_number: Optional[int], table_no: Optional[int], payload_text: str) -> str:
    """The hex SHA-256 of one event (see the module docstring)."""
    text = SEP.join((prev_hash, str(int(event_id)), at_text(at), _text(kind), _text(division_key),
                     _text(match_number), _text(table_no), payload_text or ""))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def checkpoint_bytes(event_id: int, hash_: str) -> bytes:
    """What a checkpoint's HMAC covers."""
    return canonical_json({"chain": "checkers-desktop tournament events", "event": int(event_id),
                           "hash": hash_})


@dataclass(frozen=True)
class LoggedResult:
    """A result as the log recorded it (a ``result`` or ``correction`` event's payload)."""

    match_number: int
    key: str
    a_id: Optional[int]
    b_id: Optional[int]
    winner_id: Optional[int]
    kind: str
    wins_a: Optional[int]
    wins_b: Optional[int]
    draws: Optional[int]
    event_id: int
    complete: bool
    """False when the payload lacks one of :data:`RESULT_FIELDS` (it cannot be compared)."""


@dataclass(frozen=True)
class StoredRow:
    """A ``results`` row as stored, with its match's number (None when its match is gone)."""

    id: int
    match_number: Optional[int]
    key: str
    a_id: int
    b_id: int
    winner_id: int
    kind: str
    wins_a: int
    wins_b: int
    draws: int
    active: bool


@dataclass(frozen=True)
class Dispute:
    """A match whose stored result is not the one the log recorded. ``logged``: the log's result
    (None when the log has none for it: the match was decided outside the app); ``reason``: one of
    "changed" (the stored result differs), "not logged" (a result the log never recorded),
    "missing" (the log's result was removed or set aside), "winner" (the ``matches`` row names
    another winner), "unverifiable" (the log's entry lacks the fields to compare, or lies after
    a break in the chain)."""

    match_number: int
    reason: str
    logged: Optional[LoggedResult] = None


@dataclass
class SealReport:
    """What :func:`verify` found. ``clean`` when nothing needs saying."""

    events: int = 0
    chain_break: Optional[int] = None
    """The id of the first event whose hash or link is wrong (None: the chain holds)."""
    checkpoints: int = 0
    bad_checkpoints: list[int] = field(default_factory=list)
    """Ids of events whose checkpoint does not match the chain, or whose HMAC is wrong."""
    anchors: Integrity = Integrity.NOT_CHECKED
    """VERIFIED (every checkpoint checked with this laptop's key), CHANGED (one is wrong),
    OTHER_INSTALL (made on another laptop), UNSEALED (none at all), NOT_CHECKED (no key here)."""
    unanchored: int = 0
    """Events after the last checkpoint (covered by the chain only)."""
    disputes: list[Dispute] = field(default_factory=list)
    verified: dict[int, Optional[LoggedResult]] = field(default_factory=dict)
    """Per disputed match number, the result to use instead of the stored one (None: none)."""

    @property
    def forged_matches(self) -> list[int]:
        return sorted({d.match_number for d in self.disputes})

    unsealed_from: Optional[int] = None
    """Where events no checkpoint covers begin, when every event should have one (SQLite)."""
    draws_changed: list[str] = field(default_factory=list)
    """Labels of the divisions whose stored draw is not the one the log recorded."""
    withdrawals_changed: list[int] = field(default_factory=list)
    """Ids of competitors stored as withdrawn without a withdrawal in the log, or the reverse."""
    first_untrusted: Optional[int] = None
    """The first event the results are not checked against (a break, an unanchored entry)."""
    rolled_back: Optional[int] = None
    """The id of an event this laptop saw in this tournament's log and that is gone or changed:
    the tournament is an earlier copy, or its log was cut back (see :class:`HeadMemo`)."""

    @property
    def log_intact(self) -> bool:
        return self.chain_break is None and not self.bad_checkpoints \
            and self.unsealed_from is None and self.rolled_back is None

    @property
    def clean(self) -> bool:
        return self.log_intact and not self.disputes and not self.draws_changed \
            and not self.withdrawals_changed

    def text(self) -> str:
        """What to show and say about it ("" when it is clean)."""
        from ...texts.tournament import rolled_back_text, seal_text

        said = seal_text([(d.match_number, d.reason, self.verified.get(d.match_number) is not None)
                          for d in self.disputes],
                         self.chain_break if self.chain_break is not None else self.unsealed_from,
                         "changed" if self.bad_checkpoints else self.anchors.value,
                         self.unanchored,
                         unsealed=self.chain_break is None and self.unsealed_from is not None)
        if self.draws_changed or self.withdrawals_changed:
            from ...texts.tournament import draw_changed_text

            said = f"{said} {draw_changed_text(self.draws_changed, len(self.withdrawals_changed))}"
        if self.rolled_back is not None:
            said = f"{rolled_back_text(self.rolled_back)} {said}"
        return said.strip()


def logged_results(events: Iterable[Mapping[str, Any]]) -> tuple[dict[str, LoggedResult],
                                                       dict[int, Optional[LoggedResult]]]:
    """From events (dicts with id, kind, match_number, payload; oldest first): every logged result
    by key, and per match number the result in force at the end (a later result or correction
    replaces it; a correction's ``voided`` list sets a match's result aside)."""
    by_key: dict[str, LoggedResult] = {}
    active: dict[int, Optional[LoggedResult]] = {}
    for e in events:
        if e["kind"] not in ("result", "correction"):
            continue
        p = e["payload"] if isinstance(e["payload"], Mapping) else {}
        number = e["match_number"]
        if number is None or not p.get("key"):
            continue

        def num(name: str) -> Optional[int]:
            v = p.get(name)
            return v if isinstance(v, int) and not isinstance(v, bool) else None

        complete = all(name in p for name in RESULT_FIELDS)
        lr = LoggedResult(int(number), str(p["key"]), num("a_id"), num("b_id"), num("winner_id"),
                          str(p.get("result_kind") or ""), num("wins_a"), num("wins_b"),
                          num("draws"), int(e["id"]), complete)
        by_key[lr.key] = lr
        active[lr.match_number] = lr
        if e["kind"] == "correction":
            for n in p.get("voided") or ():
                if isinstance(n, int) and n != lr.match_number:
                    active[n] = None
    return by_key, active


def _same(stored: StoredRow, logged: LoggedResult) -> bool:
    return (logged.complete and stored.match_number == logged.match_number
            and stored.a_id == logged.a_id and stored.b_id == logged.b_id
            and stored.winner_id == logged.winner_id and stored.kind == logged.kind
            and stored.wins_a == logged.wins_a and stored.wins_b == logged.wins_b
            and stored.draws == logged.draws)


def verify(events: list[dict[str, Any]], checkpoints: list[dict[str, Any]],
           results: list[StoredRow],
           match_winners: Mapping[int, tuple[str, Optional[int], Optional[str]]],
           key: Optional[RecordKey], *, every_event_anchored: bool = False,
           organiser_anchors: bool = False) -> SealReport:
    """Check the chain over ``events`` (dicts: id, at, kind, division_key, match_number, table_no,
    payload_text, payload, prev_hash, hash; by id), the ``checkpoints`` (dicts: event_id, hash,
    key_id, seal) with ``key`` (None: not checked), and the stored ``results`` and
    ``match_winners`` (match number -> (status as stored, a :class:`..model.MatchStatus` value;
    winner id; kind)) against the log.
    ``every_event_anchored`` (SQLite, where the organiser's app anchors each event as it writes
    it): events after the last good checkpoint are not trusted. ``organiser_anchors``
    (PostgreSQL, with the organiser's key): neither are events of :data:`ORGANISER_KINDS` there,
    which only the organiser's app writes, anchoring each as it does."""
    report = SealReport(events=len(events), checkpoints=len(checkpoints))
    prev = GENESIS
    hashes: dict[int, str] = {}
    for e in events:
        h = event_hash(prev, e["id"], e["at"], e["kind"], e["division_key"], e["match_number"],
                       e["table_no"], e["payload_text"])
        if e["prev_hash"] != prev or e["hash"] != h:
            report.chain_break = int(e["id"])
            break
        hashes[int(e["id"])] = h
        prev = h
    trusted_until = (report.chain_break - 1) if report.chain_break is not None else None

    # the anchors
    states = set()
    last_anchor = 0
    for c in checkpoints:
        eid = int(c["event_id"])
        if key is None:
            states.add(Integrity.NOT_CHECKED)
        else:
            state = key.check(checkpoint_bytes(eid, c["hash"]), c["seal"])
            states.add(state)
            if state is Integrity.CHANGED:
                report.bad_checkpoints.append(eid)
                continue
        if hashes.get(eid) != c["hash"]:
            report.bad_checkpoints.append(eid)
            trusted_until = min(trusted_until, eid - 1) if trusted_until is not None else eid - 1
        else:
            last_anchor = max(last_anchor, eid)
    if not checkpoints:
        report.anchors = Integrity.UNSEALED if key is not None else Integrity.NOT_CHECKED
    elif Integrity.CHANGED in states or report.bad_checkpoints:
        report.anchors = Integrity.CHANGED
    elif Integrity.OTHER_INSTALL in states:
        report.anchors = Integrity.OTHER_INSTALL
    elif states == {Integrity.VERIFIED}:
        report.anchors = Integrity.VERIFIED
    else:
        report.anchors = Integrity.NOT_CHECKED
    report.unanchored = sum(1 for e in events if int(e["id"]) > last_anchor)
    late = [int(e["id"]) for e in events if int(e["id"]) > last_anchor
            and (every_event_anchored or e["kind"] in ORGANISER_KINDS)]
    if (every_event_anchored or organiser_anchors) and last_anchor and late:
        # the organiser's app anchors these as it writes them: entries after the last checkpoint
        # were written by something else (or their checkpoints removed)
        report.unsealed_from = min(late)
        trusted_until = min(trusted_until, last_anchor) if trusted_until is not None \
            else last_anchor

    if trusted_until is not None:
        report.first_untrusted = trusted_until + 1
    # the results against the log (only the trusted part of the log counts)
    trusted = [e for e in events if trusted_until is None or int(e["id"]) <= trusted_until]
    by_key, active = logged_results(trusted)
    untrusted_numbers = {e["match_number"] for e in events
                         if trusted_until is not None and int(e["id"]) > trusted_until
                         and e["kind"] in ("result", "correction")
                         and e["match_number"] is not None}
    disputes: dict[int, Dispute] = {}

    def dispute(number: Optional[int], reason: str, logged: Optional[LoggedResult]) -> None:
        if number is not None and number not in disputes:
            disputes[number] = Dispute(number, reason, logged)

    stored_active: dict[int, StoredRow] = {}
    for r in results:
        if not r.active:
            continue  # replaced or set aside: history, not what the bracket uses
        logged = by_key.get(r.key)
        if r.match_number is None:
            continue  # its match is gone (a redraw): nothing of the bracket rests on it
        stored_active[r.match_number] = r
        if logged is None:
            reason = "unverifiable" if r.match_number in untrusted_numbers else "not logged"
            dispute(r.match_number, reason, active.get(r.match_number))
            continue
        if not logged.complete:
            dispute(r.match_number, "unverifiable", None)
            continue
        if not _same(r, logged):
            number = logged.match_number if r.match_number != logged.match_number \
                else r.match_number
            dispute(number, "changed", active.get(number))
            if r.match_number != number:
                dispute(r.match_number, "changed", active.get(r.match_number))
    for number, logged in active.items():
        stored = stored_active.get(number)
        if logged is None:
            if stored is not None:
                dispute(number, "not logged", None)
            continue
        if stored is None or stored.key != logged.key:
            dispute(number, "missing" if stored is None else "changed", logged)
            continue
        status, winner, kind = match_winners.get(number, ("", None, None))
        if status != MatchStatus.DECIDED or winner != logged.winner_id:
            dispute(number, "winner", logged)
    for number, (status, winner, kind) in match_winners.items():
        if number in disputes or number in active:
            continue
        if status == MatchStatus.DECIDED and kind in ("played", "walkover"):
            dispute(number, "unverifiable" if number in untrusted_numbers else "not logged",
                    None)
    report.disputes = sorted(disputes.values(), key=lambda d: d.match_number)
    report.verified = {d.match_number: (d.logged if d.logged is not None and d.logged.complete
                                        else None)
                       for d in report.disputes}
    return report


class HeadMemo:
    """What this laptop last saw of each tournament's log: per tournament (the hash of its first
    event, which no later change can keep), the id and hash of the newest event seen, kept in
    ``folder/tournament-heads.json`` beside the install's key (the organiser's laptop; owner-only).
    A tournament whose log no longer holds that event with that hash is an earlier copy put back
    (or had its log cut back), which the chain and the checkpoints alone cannot tell."""

    def __init__(self, folder: Union[str, os.PathLike[str]]) -> None:
        from pathlib import Path

        self.path = Path(folder) / MEMO_FILE

    def _read(self) -> dict[str, Any]:
        import json

        try:
            with open(self.path, "rb") as f:
                data = json.loads(f.read(MEMO_MAX_BYTES))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def seen(self, genesis: str) -> Optional[tuple[int, str]]:
        """The (event id, hash) last seen in the tournament whose first event's hash is
        ``genesis``, or None."""
        entry = self._read().get(genesis)
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) \
                and isinstance(entry[1], str):
            return entry[0], entry[1]
        return None

    def sealed_here(self, location: str) -> Optional[str]:
        """The first event's hash of the tournament this laptop last sealed at ``location`` (a
        file's path, a server's address), or None."""
        value = self._read().get("@" + location)
        return value if isinstance(value, str) else None

    def remember(self, genesis: str, event_id: int, hash_: str, location: str = "") -> None:
        """Keep (event id, hash) for this tournament when it is newer than what was kept, and
        that it is the one at ``location``. A failure to write is not an error (the check is then
        as good as the last write)."""
        import json

        from ...storage.atomic import write_atomic

        data = self._read()
        old = data.get(genesis)
        if isinstance(old, list) and old and isinstance(old[0], int) and old[0] >= event_id \
                and (not location or data.get("@" + location) == genesis):
            return
        if not (isinstance(old, list) and old and isinstance(old[0], int) and old[0] >= event_id):
            data[genesis] = [int(event_id), hash_]
        if location:
            data["@" + location] = genesis
        try:
            write_atomic(self.path, json.dumps(data, sort_keys=True).encode("utf-8"), mode=0o600)
        except OSError:
            pass


def check_memo(report: SealReport, events: list[dict[str, Any]], memo: Optional[HeadMemo],
               location: str = "") -> None:
    """Set ``report.rolled_back`` when ``memo`` remembers an event of this log that is gone or
    changed, or when the tournament at ``location`` is not the one this laptop sealed there and
    carries no seal at all (its log rewritten from the first entry, its checkpoints removed);
    then remember the head (only when the log holds)."""
    if memo is None or not events:
        return
    genesis = events[0]["hash"]
    seen = memo.seen(genesis)
    if seen is not None:
        by_id = {int(e["id"]): e["hash"] for e in events}
        if by_id.get(seen[0]) != seen[1]:
            report.rolled_back = seen[0]
    elif location and report.anchors is Integrity.UNSEALED:
        before = memo.sealed_here(location)
        if before is not None and before != genesis:
            report.rolled_back = int(events[0]["id"])
    if report.log_intact:
        memo.remember(genesis, int(events[-1]["id"]), events[-1]["hash"], location)


PG_CHAIN_FUNCTION = r"""
CREATE OR REPLACE FUNCTION checkers_chain_event() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $chain$
DECLARE
  prev text;
BEGIN
  PERFORM pg_advisory_xact_lock(720420, 0);
  NEW.id := nextval(pg_get_serial_sequence('events', 'id'));
  SELECT e.hash INTO prev FROM events e ORDER BY e.id DESC LIMIT 1;
  NEW.prev_hash := coalesce(prev, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(concat_ws(chr(31),
      NEW.prev_hash, NEW.id::text,
      to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
      coalesce(NEW.kind, ''), coalesce(NEW.division_key, ''),
      coalesce(NEW.match_number::text, ''), coalesce(NEW.table_no::text, ''),
      coalesce(NEW.payload::text, '')), 'UTF8')), 'hex');
  RETURN NEW;
END
$chain$
"""
"""The PostgreSQL trigger function that chains every new event (the same bytes as
:func:`event_hash`). It takes the event lock (the advisory lock ``service._event`` takes), so events
are chained one at a time in commit order, and gives the event its id only then."""

PG_CHAIN_TRIGGER = ("CREATE TRIGGER checkers_chain_event BEFORE INSERT ON events FOR EACH ROW "
                    "EXECUTE FUNCTION checkers_chain_event()")
