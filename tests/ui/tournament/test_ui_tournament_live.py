"""The organiser's view follows the tournament live: another process (SQLite) or another
laptop's connection (PostgreSQL, LISTEN/NOTIFY) writes, and the window announces it ("Table 3: Ann
Lee beat Bo Diaz, 2 games to 1"), updates the bracket, the standings and the next matches, and
does not say its own actions twice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from checkers_desktop.tournament.model import CompetitorInput
from checkers_desktop.tournament.store import TableClient, Tournament
from checkers_desktop.tournament.table import GameOutcome, MatchReport, ReportStatus

from tournament_ui_helpers import open_bracket

ROOT = Path(__file__).resolve().parents[3]
PEOPLE = (("Ann Lee", "Tampa VAMC"), ("Bo Diaz", "Reno VAMC"), ("Cy Rowe", "Bronx VAMC"),
          ("Dee Sims", "Tucson VAMC"), ("Eli Tate", "Omaha VAMC"), ("Fay Hall", "Houston VAMC"),
          ("Gil West", "Palo Alto VAMC"), ("Hal Kim", "Tampa VAMC"))

TABLE_PROCESS = """
import sys
from checkers_desktop.tournament.store import TableClient
from checkers_desktop.tournament.table import GameOutcome, MatchReport
path, number, outbox = sys.argv[1], int(sys.argv[2]), sys.argv[3]
client = TableClient(path, outbox=outbox, table=3)
setup = client.take(number)
a, b = setup.players
report = MatchReport(number, (GameOutcome(1, a.name), GameOutcome(2, b.name),
                              GameOutcome(3, a.name)))
print(client.report(report).status.value)
client.close()
"""


def _eight(t):
    for name, center in PEOPLE:
        t.add_competitor(CompetitorInput(name, center, "75-79"))
    t.make_divisions()
    t.draw("75-79", seed=11)


def _heard(window, text):
    return any(text in line for line in window.synth.spoken)


@pytest.mark.timeout(120)
def test_the_view_follows_another_process_on_the_same_file(tournament_window, qtbot, tmp_path):
    path = tmp_path / "t.db"
    with Tournament.open(str(path), name="Golden Age Games test") as t:
        _eight(t)
    window, menu = tournament_window(path)
    bracket = open_bracket(qtbot, window, menu, "75-79")
    # another connection (the organiser's second laptop on the same file) calls a match
    other = Tournament.open(str(path))
    m = other.playable()[0]
    other.call(m.number, 3)
    call = f"Match {m.number}, {m.a.name} and {m.b.name}, to table 3."
    qtbot.waitUntil(lambda: _heard(window, call), timeout=10000)
    qtbot.waitUntil(lambda: any(line.endswith("(called to table 3)")
                                for line in bracket.tree.lines()), timeout=10000)
    # a table in another process takes it and reports the result
    out = subprocess.run([sys.executable, "-c", TABLE_PROCESS, str(path), str(m.number),
                          str(tmp_path / "outbox.db")], capture_output=True, text=True,
                         timeout=60, cwd=ROOT)
    assert out.stdout.strip() == "recorded", out.stderr
    result = f"Table 3: {m.a.name} beat {m.b.name}, 2 games to 1."
    qtbot.waitUntil(lambda: _heard(window, result), timeout=10000)
    line = f"{m.round_name}, match {m.number}: {m.a.name}, {m.a.medical_center}, beat " \
           f"{m.b.name}, {m.b.medical_center}, 2 games to 1"
    qtbot.waitUntil(lambda: line in bracket.tree.lines(), timeout=10000)
    # the next matches (N) and the offers follow too
    bracket.read_next_matches()
    assert line not in window.synth.spoken[-1]
    # this window's own call is said once, not again when the follower sees it
    prompts = menu.ask
    nxt = [x for x in other.playable() if x.status == "ready"][0]
    prompts.answers["choose"] = [0]
    menu.run(lambda: menu.call_match(nxt.number))
    own = [s for s in window.synth.spoken if s.startswith(f"Match {nxt.number}, ")]
    assert own == [f"Match {nxt.number}, {nxt.a.name} and {nxt.b.name}, to table 1."]
    last = other.last_event_id()
    qtbot.waitUntil(lambda: menu.last_event_seen >= last, timeout=10000)
    assert [s for s in window.synth.spoken if s.startswith(f"Match {nxt.number}, ")] == own
    other.close()


@pytest.mark.timeout(180)
def test_the_view_follows_the_server_through_notify(tournament_window, qtbot, tmp_path,
                                                    pg_tournament, memory_keyring):
    org = Tournament.open(pg_tournament.organiser)
    _eight(org)
    window, menu = tournament_window()
    with qtbot.waitSignal(menu.opened, timeout=30000):
        menu.open(pg_tournament.organiser, server=True)
    assert menu.tournament.table is None
    qtbot.waitUntil(lambda: menu.follower_thread.follower.watcher is not None, timeout=10000)
    assert menu.follower_thread.follower.watcher.uses_notify
    bracket = open_bracket(qtbot, window, menu, "75-79")
    m = org.playable()[0]
    org.call(m.number, 3)
    table = TableClient(pg_tournament.table_url(3), password=pg_tournament.passwords[3],
                        outbox=tmp_path / "outbox.db")
    setup = table.take(m.number)
    a, b = setup.players
    outcome = table.report(MatchReport(m.number, (GameOutcome(1, b.name), GameOutcome(2, b.name))))
    assert outcome.status is ReportStatus.RECORDED
    qtbot.waitUntil(lambda: _heard(window, f"Table 3: {b.name} beat {a.name}, 2 games to 0."),
                    timeout=10000)
    qtbot.waitUntil(lambda: any(line.startswith(f"{m.round_name}, match {m.number}: {b.name}")
                                for line in bracket.tree.lines()), timeout=10000)
    table.close()
    org.close()
