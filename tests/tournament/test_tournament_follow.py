"""Following the tournament one step at a time, as the window's background threads do (no Qt):
the organiser's follower (events, a fresh snapshot, the server away and back told once each) and a
table's follower (called matches, take, report, queued results sent)."""

from __future__ import annotations

import os
import subprocess

import pytest

from checkers_desktop.tournament.errors import ServerUnavailableError
from checkers_desktop.tournament.follow import OrganiserFollower, TableFollower, read_snapshot
from checkers_desktop.tournament.model import CompetitorInput, MatchStatus
from checkers_desktop.tournament.store import TableClient, Tournament
from checkers_desktop.tournament.table import (GameOutcome, MatchReport, ReportStatus,
                                               ServerState)


PG_CTL = os.environ.get("CHECKERS_TEST_PG_CTL", "")
PEOPLE = (("Ann Lee", "Tampa VAMC"), ("Bo Diaz", "Reno VAMC"), ("Cy Rowe", "Bronx VAMC"),
          ("Dee Sims", "Tucson VAMC"))


def _four(t):
    for name, center in PEOPLE:
        t.add_competitor(CompetitorInput(name, center, "75-79"))
    t.make_divisions()
    t.draw("75-79", seed=3)


def _step_until(follower, test, steps=20):
    for _ in range(steps):
        update = follower.step(timeout=0.5)
        if test(update):
            return update
    raise AssertionError("the follower never saw it")


def test_the_organiser_follower_sees_another_connection(backend):
    kind, url, table_of = backend
    org = Tournament.open(url)
    _four(org)
    follower = OrganiserFollower(lambda: Tournament.open(url), poll_seconds=0.2,
                                 after=org.last_event_id())
    first = follower.step(timeout=0.5)   # a snapshot at once, before any event
    assert first.snapshot is not None and first.events == ()
    assert [d.key for d in first.snapshot.divisions] == ["75-79"]
    assert follower.step(timeout=0.3).snapshot is None   # nothing new: nothing read
    m = org.playable()[0]
    org.enter_result(m.number, [m.b.name, m.b.name])
    update = _step_until(follower, lambda u: u.events)
    assert [e.kind for e in update.events] == ["result"]
    assert update.events[0].origin == org.origin
    view = update.snapshot.views["75-79"]
    done = next(x for x in view.matches if x.number == m.number)
    assert done.status == MatchStatus.DECIDED and done.winner.name == m.b.name
    if kind == "postgresql":
        assert follower.watcher.uses_notify
    follower.close()
    org.close()


class _Flaky:
    """A tournament whose server is away while ``away`` is True."""

    backend = "sqlite"
    table = None

    def __init__(self, real):
        self.real = real
        self.away = False

    def __getattr__(self, name):
        attr = getattr(self.real, name)
        if callable(attr):
            def call(*args, **kwargs):
                if self.away:
                    raise ServerUnavailableError("The tournament server cannot be reached "
                                                 "(test).")
                return attr(*args, **kwargs)
            return call
        return attr


def test_the_organiser_follower_tells_the_server_away_and_back_once(tmp_path):
    real = Tournament.open(str(tmp_path / "t.db"))
    _four(real)
    flaky = _Flaky(real)
    follower = OrganiserFollower(lambda: flaky, poll_seconds=0.05)
    assert follower.step(0.1).snapshot is not None
    flaky.away = True
    gone = follower.step(0.1)
    assert gone.server.state is ServerState.AWAY and "cannot be reached" in gone.server.reason
    assert follower.step(0.1).server is None      # said once
    flaky.away = False
    back = follower.step(0.1)
    assert back.server.state is ServerState.REACHABLE and back.snapshot is not None
    assert follower.step(0.1).server is None
    real.close()


def test_a_table_follower_reads_its_calls_takes_and_reports(tmp_path):
    path = str(tmp_path / "t.db")
    org = Tournament.open(path)
    _four(org)
    table = TableFollower(TableClient(path, outbox=tmp_path / "out.db", table=2))
    assert table.step().called == ()
    m = org.playable()[0]
    org.call(m.number, 2)
    assert [x.number for x in table.step().called] == [m.number]
    setup, _ = table.take(m.number)
    assert setup.table == 2 and org.match(m.number).taken_by == "table 2"
    a, b = setup.players
    outcome, _ = table.report(MatchReport(m.number, (GameOutcome(1, a.name),
                                                     GameOutcome(2, a.name))))
    assert outcome.status is ReportStatus.RECORDED
    assert table.step().called == ()
    # the organiser's own laptop: no table until it plays a match
    own = TableFollower(TableClient(path, outbox=tmp_path / "own.db"))
    assert own.step().called is None
    table.close()
    own.close()
    org.close()


def test_a_table_follower_queues_while_the_server_is_away(pg_tournament, tmp_path):
    if not PG_CTL:
        pytest.skip("CHECKERS_TEST_PG_CTL is not set: the server cannot be stopped")
    org = Tournament.open(pg_tournament.organiser)
    _four(org)
    m = org.playable()[0]
    org.call(m.number, 4)
    table = TableFollower(TableClient(pg_tournament.table_url(4),
                                      password=pg_tournament.passwords[4],
                                      outbox=tmp_path / "out.db"))
    setup, _ = table.take(m.number)
    report = MatchReport(m.number, tuple(GameOutcome(i, setup.players[1].name) for i in (1, 2)))
    subprocess.run([PG_CTL, "stop"], check=True, capture_output=True)
    try:
        away = table.step()
        assert away.called is None and [c.state for c in away.changes] == [ServerState.AWAY]
        outcome, update = table.report(report)
        assert outcome.status is ReportStatus.QUEUED and update.changes == ()
        assert table.step().changes == ()
    finally:
        subprocess.run([PG_CTL, "start"], check=True, capture_output=True)
    # the server back between a step's sending of the queue and its reading of the calls: it is
    # told back when the queued result goes, with the count, not before with none
    table.client.called_matches()
    assert table._drain() == ()
    back = table.step()
    assert [c.state for c in back.changes] == [ServerState.REACHABLE] and back.changes[0].sent == 1
    assert [o.status for o in back.sent] == [ReportStatus.RECORDED]
    assert org.match(m.number).winner.name == setup.players[1].name
    table.close()
    org.close()


def test_a_snapshot_has_every_division_and_the_offers(tmp_path):
    t = Tournament.open(str(tmp_path / "t.db"), name="Snap", tables=3)
    _four(t)
    snap = read_snapshot(t)
    assert snap.name == "Snap" and snap.table_count == 3
    assert [o.table for o in snap.offers] == [1, 2]
    assert snap.last_event == t.last_event_id()
    t.close()
