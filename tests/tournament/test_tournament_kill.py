"""SIGKILL during a tournament: a child process enters results as fast as it can and is killed
mid-way; the tournament reopened has every result whose transaction had returned, the bracket
agrees with its results, and the tournament can be played on to the medals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from checkers_desktop.tournament import CompetitorInput
from checkers_desktop.tournament import bracket as br
from checkers_desktop.tournament.model import MatchStatus
from checkers_desktop.tournament.store import Tournament, load_password, parse_url

WORKER = Path(__file__).with_name("tournament_worker.py")


def _consistent(t: Tournament) -> None:
    """The matches rows say what the draw and the results say."""
    for d in t.divisions():
        view = t.division_view(d.key)
        slots = [c.id if c else None for c in view.slots]
        results = {(m.round, m.index): br.StoredResult(m.a.id, m.b.id, m.winner.id, m.kind)
                   for m in view.matches if m.kind == "played"}
        states = br.resolve(slots, results)
        for m in view.matches:
            st = states[(m.round, m.index)]
            assert (m.a.id if m.a else None) == (st.a if isinstance(st.a, int) else None)
            assert (m.winner.id if m.winner else None) == st.winner


def test_sigkill_loses_nothing(backend):
    kind, url, _ = backend
    org = Tournament.open(url)
    for group, n in (("70-74", 32), ("75-79", 20)):
        for i in range(n):
            org.add_competitor(CompetitorInput(f"K{group}-{i}", f"VAMC {i % 6}", group))
    org.make_divisions()
    for d in org.divisions():
        org.draw(d.key, seed=99)
    total = sum(1 for m in org.matches() if m.number is not None)
    org.close()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child_url = url
    if kind == "postgresql":      # the child has no access to this test's in-memory keyring
        child_url = parse_url(url).set(password=load_password(url)).render_as_string(
            hide_password=False)
    child = subprocess.Popen([sys.executable, str(WORKER), child_url], stdout=subprocess.PIPE,
                             text=True, env=env, cwd=str(WORKER.parent))
    committed = []
    try:
        assert child.stdout.readline().strip() == "ready"
        while len(committed) < total // 2:
            line = child.stdout.readline().strip()
            assert line.startswith("committed"), line
            committed.append(int(line.split()[1]))
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    t = Tournament.open(url)
    for number in committed:                          # every confirmed result is there
        m = t.match(number)
        assert m.status == MatchStatus.DECIDED and m.kind == "played" and m.draws == 1
        assert sorted(m.wins) == [1, 2]
    _consistent(t)
    log = {e.subject for e in t.audit_log() if e.action == "result"}
    assert {f"match {n}" for n in committed} <= log
    # and the tournament goes on to its medals
    def due():  # a match the child had called (committed) but not finished is still called
        return [m for m in t.matches() if m.status in ("ready", "called")]

    while due():
        for m in due():
            t.enter_result(m.number, [m.b.name, m.b.name])
    assert all(t.standings(d.key).complete for d in t.divisions())
    _consistent(t)
    t.close()
