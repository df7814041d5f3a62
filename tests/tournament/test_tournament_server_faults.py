"""A table's link cut or kept waiting by the PostgreSQL server, and the server's own bracket: a
report whose connection is cut, or whose lock the server gave up waiting for, stays queued on the
table (said once) and is sent again, recorded once; the bracket the server's functions move on is
the one the organiser's laptop works out from the draw and the results."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import create_engine, text

from checkers_desktop.tournament import (CompetitorInput, GameOutcome, MatchReport, ReportStatus,
                                         ServerState)
from checkers_desktop.tournament.store import TableClient, Tournament
from checkers_desktop.tournament.store.service import _LOCK_SPACE


def _field(org: Tournament, groups: dict[str, int]) -> None:
    for group, n in groups.items():
        for i in range(n):
            org.add_competitor(CompetitorInput(f"P{group}-{i}", f"VAMC {i % 5}", group))
    org.make_divisions()
    for d in org.divisions():
        org.draw(d.key, seed=3)


def _report_for(setup, number: int, winner: int = 0) -> MatchReport:
    name = setup.players[winner].name
    return MatchReport(number, (GameOutcome(1, name), GameOutcome(2, name)))


def _wait_for_lock_waiter(admin, user: str, timeout: float = 10.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid = admin.execute(text("SELECT pid FROM pg_stat_activity WHERE usename = :u AND "
                                 "wait_event_type = 'Lock'"), {"u": user}).scalar()
        if pid:
            return pid
        time.sleep(0.05)
    raise AssertionError(f"{user} never waited for the lock")


def _results_with_key(admin, key: str) -> int:
    return admin.execute(text("SELECT count(*) FROM results WHERE key = :k"), {"k": key}).scalar()


@pytest.mark.parametrize("how", ["cut", "lock timeout"])
def test_a_report_cut_or_kept_waiting_stays_queued_and_is_sent_once(pg_tournament, tmp_path, how):
    org = Tournament.open(pg_tournament.organiser)
    _field(org, {"70-74": 8})
    m = next(x for x in org.matches("70-74") if x.status == "ready")
    division_id = org.divisions()[0].id
    changes = []
    client = TableClient(pg_tournament.table_url(2), password=pg_tournament.passwords[2],
                         outbox=tmp_path / "outbox.db", on_change=changes.append)
    report = _report_for(client.take(m.number), m.number)
    engine = create_engine(pg_tournament.admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as admin, engine.connect() as holder:
        # the division's lock held elsewhere: the table's report waits inside the server
        holder.execute(text("SELECT pg_advisory_lock(:s, :d)"), {"s": _LOCK_SPACE,
                                                                  "d": division_id})
        outcome: list = []
        sender = threading.Thread(target=lambda: outcome.append(client.report(report)))
        started = time.monotonic()
        sender.start()
        pid = _wait_for_lock_waiter(admin, f"{pg_tournament.prefix}_table_2")
        if how == "cut":
            admin.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
        sender.join(30)
        waited = time.monotonic() - started
        assert outcome and outcome[0].status is ReportStatus.QUEUED
        assert waited < 6                        # the lock timeout (3 s) or the cut, no longer
        assert [c.state for c in changes] == [ServerState.AWAY]
        assert [p.key for p in client.pending()] == [report.key]
        assert _results_with_key(admin, report.key) == 0
        holder.execute(text("SELECT pg_advisory_unlock(:s, :d)"), {"s": _LOCK_SPACE,
                                                                    "d": division_id})
        sent = client.flush()
        assert [o.status for o in sent] == [ReportStatus.RECORDED]
        assert [c.state for c in changes] == [ServerState.AWAY, ServerState.REACHABLE]
        assert changes[-1].sent == 1
        assert client.flush() == [] and client.pending() == []
        assert client.report(report).status is ReportStatus.ALREADY_RECORDED
        assert _results_with_key(admin, report.key) == 1
    engine.dispose()
    client.close()
    org.close()


def _matches_rows(admin) -> list:
    return [tuple(r) for r in admin.execute(text(
        "SELECT id, a_id, b_id, a_known, b_known, status, table_no, taken_by, winner_id, kind, "
        "result_id FROM matches ORDER BY id"))]


def test_the_servers_bracket_is_the_organisers(pg_tournament):
    """Tables report every match through the server's functions (byes, a withdrawal, the third
    place); after each result the organiser's own working-out of the bracket changes nothing."""
    org = Tournament.open(pg_tournament.organiser)
    _field(org, {"70-74": 11, "80-84": 5})
    withdrawn = next(m for m in org.matches("70-74") if m.status == "ready").b
    org.withdraw(withdrawn.id, why="went home")
    tables = {n: Tournament.open(pg_tournament.table_url(n), password=pg_tournament.passwords[n])
              for n in (1, 2)}
    engine = create_engine(pg_tournament.admin, isolation_level="AUTOCOMMIT")
    reported = 0
    with engine.connect() as admin:
        for turn in range(200):
            ready = [m for m in org.matches() if m.status == "ready"]
            if not ready:
                break
            m = ready[0]
            table = tables[1 + turn % 2]
            setup = table.take(m.number)
            outcome = table.report(_report_for(setup, m.number, winner=turn % 2))
            assert outcome.status is ReportStatus.RECORDED, outcome.message
            reported += 1
            before = _matches_rows(admin)
            with org._tx() as conn:
                for div in conn.execute(text("SELECT * FROM divisions")).all():
                    changes = org._recompute(conn, div)
                    assert changes == {"ready": [], "decided": [], "voided": []}
            assert _matches_rows(admin) == before
    assert reported > 12
    for d in org.divisions():
        assert org.standings(d.key).gold is not None
    engine.dispose()
    for t in tables.values():
        t.close()
    org.close()


def test_a_table_gives_back_a_match_it_took(backend):
    """A match taken by mistake goes back to where it was (called to its table, or ready);
    only the table that took it can give it back."""
    from checkers_desktop.tournament import MatchTakenError

    kind, org_url, table_of = backend
    org = Tournament.open(org_url)
    _field(org, {"70-74": 8})
    ready, called = [m for m in org.matches("70-74") if m.status == "ready"][:2]
    org.call(called.number, 2)
    url, pw = table_of(2)
    two = Tournament.open(url, password=pw, table=2)
    url, pw = table_of(3)
    three = Tournament.open(url, password=pw, table=3)
    two.take(ready.number)
    two.take(called.number)
    with pytest.raises(MatchTakenError):
        three.release(ready.number)
    two.release(ready.number)
    two.release(called.number)
    assert (org.match(ready.number).status, org.match(ready.number).table) == ("ready", None)
    assert (org.match(called.number).status, org.match(called.number).table) == ("called", 2)
    with pytest.raises(MatchTakenError):
        two.release(ready.number)                 # not being played there any more
    three.take(ready.number)
    assert org.match(ready.number).taken_by == "table 3"
    assert [e.kind for e in org.events_after(0)][-3:] == ["released", "released", "taken"]
    for t in (two, three, org):
        t.close()
