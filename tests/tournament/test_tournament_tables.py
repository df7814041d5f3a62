"""Twelve tables at once, and the server going away: PostgreSQL only.

Twelve table threads, each with its own connections (a :class:`TableClient` signed in with its own
table role), take the matches the organiser calls and report them, all at once, while the organiser's
thread follows through LISTEN/NOTIFY and calls the next matches to the free tables. Every result must
land exactly once, the brackets must reach their medals, and the organiser must see every result.
The figures (results per second, the largest delay from a result's commit to the organiser seeing
it) are printed and written to ``tournament-tables.json`` in the test's folder.

The server stopped mid-way (``pg_ctl stop``, through ``CHECKERS_TEST_PG_CTL``) and started again:
reports made meanwhile are queued on the tables, said once, and sent once when it is back.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import threading
import time

import pytest
from sqlalchemy import func, select

from checkers_desktop.tournament import (CompetitorInput, GameOutcome, MatchReport, ReportStatus,
                                         ServerState, ServerUnavailableError)
from checkers_desktop.tournament.store import TableClient, Tournament, Watcher
from checkers_desktop.tournament.store import schema as s

PG_CTL = os.environ.get("CHECKERS_TEST_PG_CTL", "")


def _register(org: Tournament, groups: dict[str, int]) -> None:
    for group, n in groups.items():
        for i in range(n):
            org.add_competitor(CompetitorInput(f"P{group}-{i}", f"VAMC {i % 7}", group))
    org.make_divisions()
    for d in org.divisions():
        org.draw(d.key, seed=12)


def test_twelve_tables_report_at_once(pg_tournament, tmp_path, capsys):
    org = Tournament.open(pg_tournament.organiser)
    _register(org, {"70-74": 32, "75-79": 32})
    total = sum(1 for m in org.matches() if m.number is not None)
    watcher = Watcher(org)
    assert watcher.uses_notify
    written: dict[str, float] = {}
    seen: dict[str, float] = {}
    seen_count: dict[str, int] = {}
    errors: list = []
    done = threading.Event()
    lock = threading.Lock()

    def organiser():
        try:
            for offer in org.offers():
                org.call(offer.match.number, offer.table)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                for e in watcher.wait(2.0):
                    if e.kind == "result":
                        now = time.monotonic()
                        with lock:
                            seen.setdefault(e.payload["key"], now)
                            seen_count[e.payload["key"]] = seen_count.get(e.payload["key"], 0) + 1
                if len(seen) == total:
                    break
                for offer in org.offers():
                    org.call(offer.match.number, offer.table)
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            done.set()

    def table(n: int):
        rng = random.Random(n)
        client = TableClient(pg_tournament.table_url(n), password=pg_tournament.passwords[n],
                             outbox=tmp_path / f"outbox{n}.db")
        try:
            while not done.is_set():
                called = client.called_matches()
                if not called:
                    time.sleep(0.02)
                    continue
                setup = client.take(called[0].number)
                winner = setup.players[rng.randrange(2)].name
                report = MatchReport(setup.match_number,
                                     (GameOutcome(1, winner), GameOutcome(2, winner)))
                outcome = client.report(report)
                now = time.monotonic()
                with lock:
                    written[report.key] = now
                assert outcome.status is ReportStatus.RECORDED, outcome.message
        except Exception as exc:
            errors.append(exc)
        finally:
            client.close()

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, 13)]
    boss = threading.Thread(target=organiser)
    start = time.monotonic()
    boss.start()
    for t in threads:
        t.start()
    boss.join(180)
    done.set()
    for t in threads:
        t.join(30)
    elapsed = max(seen.values()) - start if seen else float("nan")
    assert not errors, errors
    # every result exactly once, every one seen (once) by the organiser, the brackets finished
    with org.engine.connect() as conn:
        per_match = conn.execute(select(s.results.c.match_id, func.count()).group_by(
            s.results.c.match_id)).all()
    assert len(per_match) == total and all(c == 1 for _, c in per_match)
    assert set(seen) == set(written) and len(seen) == total
    assert all(c == 1 for c in seen_count.values())
    for d in org.divisions():
        assert org.standings(d.key).complete and org.standings(d.key).fourth is not None
    delays = [max(0.0, seen[k] - written[k]) for k in written]
    figures = {"tables": 12, "results": total, "seconds": round(elapsed, 3),
               "results_per_second": round(total / elapsed, 1),
               "largest_delay_seconds": round(max(delays), 4),
               "median_delay_seconds": round(sorted(delays)[len(delays) // 2], 4)}
    (tmp_path / "tournament-tables.json").write_text(json.dumps(figures))
    with capsys.disabled():
        print(f"\n12 tables: {figures}")
    watcher.close()
    org.close()


@pytest.mark.skipif(not PG_CTL, reason="CHECKERS_TEST_PG_CTL (a script that stops and starts the "
                                       "test cluster, set by .ci/run) is not given")
def test_server_away_results_queued_and_sent_once(pg_tournament, tmp_path):
    org = Tournament.open(pg_tournament.organiser)
    _register(org, {"70-74": 8})
    numbers = [m.number for m in org.playable()]
    changes = {1: [], 2: []}
    clients = {n: TableClient(pg_tournament.table_url(n), password=pg_tournament.passwords[n],
                              outbox=tmp_path / f"outbox{n}.db", on_change=changes[n].append)
               for n in (1, 2)}
    for n, number in zip((1, 2), numbers):
        org.call(number, n)
    setups = {n: clients[n].take(numbers[n - 1]) for n in (1, 2)}
    reports = {n: MatchReport(numbers[n - 1], (GameOutcome(1, setups[n].players[0].name),
                                               GameOutcome(2, setups[n].players[0].name)))
               for n in (1, 2)}
    subprocess.run([PG_CTL, "stop"], check=True, capture_output=True)
    try:
        # the tables finish their matches while the server is away
        for n in (1, 2):
            outcome = clients[n].report(reports[n])
            assert outcome.status is ReportStatus.QUEUED
            assert clients[n].flush() == []                     # still away: nothing sent
            assert [c.state for c in changes[n]] == [ServerState.AWAY]   # said once
            assert [r.key for r in clients[n].pending()] == [reports[n].key]
        with pytest.raises(ServerUnavailableError, match="cannot be reached"):
            org.matches()
    finally:
        subprocess.run([PG_CTL, "start"], check=True, capture_output=True)
    for n in (1, 2):
        sent = clients[n].flush()
        assert [o.status for o in sent] == [ReportStatus.RECORDED]
        assert [c.state for c in changes[n]] == [ServerState.AWAY, ServerState.REACHABLE]
        assert changes[n][1].sent == 1
        assert clients[n].pending() == [] and clients[n].flush() == []
    # a report whose commit reached the server but whose answer was lost is not recorded twice
    third = org.playable()[0]
    org.call(third.number, 1)
    setup = clients[1].take(third.number)
    report = MatchReport(third.number, (GameOutcome(1, setup.players[1].name),
                                        GameOutcome(2, setup.players[1].name)))
    clients[1].outbox.put(report)
    assert clients[1].tournament.report(report).status is ReportStatus.RECORDED
    assert [o.status for o in clients[1].flush()] == [ReportStatus.ALREADY_RECORDED]
    # the organiser (its connections made again) sees each result once
    results = [e for e in org.events_after(0) if e.kind == "result"]
    assert sorted(e.match_number for e in results) == sorted(numbers[:2] + [third.number])
    with org.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(s.results)).scalar() == 3
    for c in clients.values():
        c.close()
    org.close()
