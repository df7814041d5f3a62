"""Kill the game process (SIGKILL) at random moments, many times; each restart must resume at the
last completed move with nothing lost and nothing corrupt.

The child process plays a scripted VA standard game through the referee (moves chosen by a fixed
rule, thinking times that sometimes run over the 30 s move limit so checkers are removed as
penalties, VA rulebook 3:00 s4) and autosaves after every move and every official's action, as the
app does. After each completed save it prints one JSON line; on start it prints what it resumed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

REPO_ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, sys, time
from checkers_desktop.rules.referee import Referee
from checkers_desktop.storage import (AutosaveStore, restore_referee, restore_match,
                                      snapshot_from_referee)
from checkers_desktop.rules.match import Match

folder, pause = sys.argv[1], float(sys.argv[2])
now = [0.0]
clock = lambda: now[0]
store = AutosaveStore(folder)
result = store.load_result()

def state(ref, event):
    return {"event": event, "ply": ref.board.ply, "fen": ref.board.fen(),
            "time": round(ref.clock.elapsed(), 6), "record": len(ref.record),
            "penalties": sum(ref.penalties.values()), "damaged": [str(p) for p in result.damaged],
            "over": ref.is_over}

if result.snapshot is not None:
    ref = restore_referee(result.snapshot, time_source=clock)
    match = restore_match(result.snapshot)
    print(json.dumps(state(ref, "resumed")), flush=True)
    ref.resume()
else:
    ref = Referee("va-standard", time_source=clock)
    match = Match(("Ann", "Bob"), "va-standard")
    # a finished game on disk (not offered again): its save may have completed just before a kill
    # that came before the save's report line
    finished = False
    for path in (store.path, store.prev_path):
        if path.exists():
            cand = store.read(path)
            finished = finished or (cand.snapshot is not None and cand.snapshot.finished)
    print(json.dumps(state(ref, "new") | {"damaged": [str(p) for p in result.damaged],
                                           "finished_on_disk": finished}), flush=True)

def save():
    store.save(snapshot_from_referee(ref, match=match))
    print(json.dumps(state(ref, "saved")), flush=True)

step = ref.board.ply + len(ref.record)
while not ref.is_over:
    ply = ref.board.ply
    step += 1
    now[0] += 31.0 if step % 11 == 4 else 1.0 + step % 5   # now and then over the 30 s limit
    ref.poll()
    if ref.pending_penalty is not None:
        pen = ref.pending_penalty
        ref.remove_checker(pen.chooser, pen.squares[ply % len(pen.squares)])
        save()
        continue
    if ref.is_over:
        break
    moves = sorted(ref.legal_moves(), key=lambda m: m.pdn())
    ref.submit_move(moves[(ply * 7 + 3) % len(moves)])
    save()
    time.sleep(pause)
match.record_game_result(ref.result)
save()
print(json.dumps({"event": "done"}), flush=True)
"""


def run_child(folder: Path, kill_after: float | None, pause: float = 0.02) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(pause)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            cwd=str(REPO_ROOT))
    if kill_after is not None:
        try:
            proc.wait(timeout=kill_after)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    if proc.returncode not in (0, -signal.SIGKILL):
        raise AssertionError(f"child failed ({proc.returncode}):\n{err.decode()}")
    lines = []
    for raw in out.decode().splitlines():
        try:
            lines.append(json.loads(raw))
        except ValueError:
            pass  # a line cut by the kill: the save before it had completed
    return lines


@pytest.mark.parametrize("wanted_kills, wanted_resumes", [
    pytest.param(2, 1, id="two-kills"),
    pytest.param(12, 8, id="twelve-kills", marks=pytest.mark.slow),
])
def test_random_kills_always_resume_at_the_last_completed_move(tmp_path, wanted_kills,
                                                               wanted_resumes):
    rng = random.Random(20261122)
    folder = tmp_path / "appdata"
    last_saved: dict | None = None
    kills = resumes = games_done = 0
    runs = 0
    # Run until the child has been killed mid-game ``wanted_kills`` times and resumed
    # ``wanted_resumes`` times: how many runs that takes depends on how fast this machine plays
    # (a run that finishes its game before the kill is not a kill).
    while (kills < wanted_kills or resumes < wanted_resumes) and runs < 60:
        runs += 1
        lines = run_child(folder, kill_after=rng.uniform(0.3, 1.8))
        if not lines:
            kills += 1  # killed while starting: the next start must still find the last save
            continue
        first = lines[0]
        assert first["damaged"] == [], "a kill must never leave a damaged save"
        if last_saved is None:
            # a new game, or the one whose first save was written just before the kill, before
            # its report line (a loaded machine): never a damaged or an older one
            assert first["event"] in ("new", "resumed"), first
            if first["event"] == "resumed":
                resumes += 1
        elif first["event"] == "new" and first["finished_on_disk"]:
            # The kill fell between the save that finished the game and its report line: the
            # finished game is rightly not offered again.
            games_done += 1
        else:
            # Resumed at the last save reported, or at the one completed just before the kill
            # (the kill can fall between the save and its report line): never earlier.
            assert first["event"] == "resumed", first
            resumes += 1
            assert first["record"] >= last_saved["record"]
            if first["record"] == last_saved["record"]:
                for key in ("ply", "fen", "time", "penalties"):
                    assert first[key] == last_saved[key], (key, first, last_saved)
            else:
                assert first["ply"] - last_saved["ply"] <= 1
        saved = [line for line in lines if line["event"] == "saved"]
        if saved:
            last_saved = saved[-1]
        if last_saved is not None and last_saved["over"]:
            # Killed after the finished game was saved but before "done" was printed: a finished
            # game is not offered again either.
            last_saved = None
        if lines[-1]["event"] == "done":
            games_done += 1
            last_saved = None
            # A finished game is not offered again: the next start begins a new game.
        else:
            kills += 1
    assert kills >= wanted_kills and resumes >= wanted_resumes, (runs, kills, resumes, games_done)
    assert not [p for p in folder.iterdir() if "damaged" in p.name]


def test_finished_game_is_not_resumed(tmp_path):
    lines = run_child(tmp_path, kill_after=None, pause=0.0)
    assert lines[-1]["event"] == "done"
    again = run_child(tmp_path, kill_after=1.5, pause=0.5)
    assert again[0]["event"] == "new" and again[0]["finished_on_disk"]
