"""Never lose a game: the real app is killed (SIGKILL) at random moments of a scripted game, many times; each
restart resumes at the last completed move, nothing lost, nothing damaged.

The app runs as ``python -m checkers_desktop`` with ``QT_QPA_PLATFORM=offscreen``, its data and
settings in temporary places, speech off, and the test hook of ``ui/scripted_play.py``: the moves
of a game (random legal moves, seeded) are typed into the move box one by one, and a line
``saved PLY FEN`` is printed after each completed autosave. After a kill, the save on disk must
hold the last printed state or the one after it (a save completed but not yet printed), replay to
the same position as the script, and the restart must resume exactly there
(``CHECKERS_DESKTOP_AUTORESUME=1`` answers the offer; the dialog path is tested in-process in
``test_ui_autosave_resume.py``). Figures are printed (run with ``-s``).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.storage import AutosaveStore, Integrity, KeyRing

REPO = Path(__file__).resolve().parents[2]
KILLS = 16
TIME_BUDGET_S = 150.0  # stop killing (and say so) past this, so the test stays bounded
STEP_MS = 25


def scripted_game(seed: int, max_plies: int = 400) -> list[str]:
    """Random legal moves until the game is over (or ``max_plies``), as PDN."""
    rng = random.Random(seed)
    board = Board()
    moves: list[str] = []
    while not board.is_game_over() and len(moves) < max_plies:
        move = rng.choice(board.legal_moves)
        moves.append(move.pdn())
        board.push(move)
    return moves


class App:
    """One run of the app; its stdout lines are collected by a thread as they come."""

    def __init__(self, env: dict) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "checkers_desktop"], cwd=REPO, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines: list[str] = []
        self.started = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            if line.startswith(("resumed", "fresh")):
                self.started.set()
        self.started.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.reader.join(10)

    def finish(self, timeout: float) -> int:
        code = self.proc.wait(timeout)
        self.reader.join(10)
        return code


def _state(line: str) -> tuple[int, str]:
    _, ply, fen = line.split(" ", 2)
    return int(ply), fen


@pytest.mark.slow  # one kill and resume of the saves alone: tests/storage/test_storage_crash.py
@pytest.mark.timeout(400)
def test_sigkill_at_random_moments_resumes_at_last_completed_move(tmp_path):
    moves = scripted_game(seed=11)  # 139 plies, ends with a side unable to move
    board = Board()
    fens = [board.fen()]
    for text in moves:
        board.push_pdn(text)
        fens.append(board.fen())
    script = tmp_path / "script.txt"
    script.write_text("# scripted game for the kill test\n" + "\n".join(moves) + "\n")
    data = tmp_path / "data"
    settings = tmp_path / "settings.ini"
    settings.write_text("[speech]\nenabled=false\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CHECKERS_DESKTOP_DATA=str(data),
               CHECKERS_DESKTOP_SETTINGS=str(settings), CHECKERS_DESKTOP_SCRIPT=str(script),
               CHECKERS_DESKTOP_SCRIPT_MS=str(STEP_MS), CHECKERS_DESKTOP_AUTORESUME="1",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    rng = random.Random(20261122)
    store = AutosaveStore(data, KeyRing(data / "keys"))  # the app's own key: every save checked

    known: tuple[int, str] | None = None  # the state on disk, as far as the test knows
    kills = resumes = runs = 0
    kill_during_start = games_completed = 0
    began = time.monotonic()
    while kills < KILLS and time.monotonic() - began < TIME_BUDGET_S:
        app = App(env)
        runs += 1
        # A random moment: sometimes during start-up, mostly while moves are being played.
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0.05, 1.0))
        else:
            assert app.started.wait(30), f"the app did not start: {app.lines}"
            time.sleep(rng.uniform(0.0, 0.45))
        if app.proc.poll() is not None:  # played the game to its end before the kill
            assert app.finish(10) == 0, app.lines
            done = next(ln for ln in app.lines if ln.startswith("done"))
            assert _state(done) == (len(moves), fens[-1])
            games_completed += 1
            known = None  # a finished game is not offered: the next run starts the script again
            continue
        app.kill()
        kills += 1
        lines = app.lines
        problems = [ln for ln in lines if ln.startswith("problem")]
        assert not problems, problems
        first = next((ln for ln in lines if ln.startswith(("resumed", "fresh"))), None)
        if first is None:
            kill_during_start += 1
        elif first.startswith("resumed"):
            resumes += 1
            ply, fen = _state(first)
            assert known is not None, "resumed a game that was never saved"
            assert ply in (known[0], known[0] + 1), (first, known)
            assert fen == fens[ply], (ply, fen, fens[ply])
        else:
            assert known is None, f"the saved game at ply {known} was not offered"
        saved = [_state(ln) for ln in lines if ln.startswith(("saved", "resumed"))]
        if saved:
            known = saved[-1]
        for ply, fen in saved:
            assert fen == fens[ply], f"saved position at ply {ply} is not the script's"
        # The disk: the last printed state or the one save after it, replaying to the script.
        result = store.load_result()
        assert not result.set_aside, result.set_aside
        assert result.snapshot is None or result.integrity is Integrity.VERIFIED
        assert not list(data.glob("*.damaged-*")), list(data.glob("*"))
        assert not list(data.glob(".autosave-*.tmp"))
        if known is None:
            assert result.snapshot is None or result.snapshot.ply == 0
            if result.snapshot is not None:
                known = (0, result.snapshot.fen)
            continue
        snap = result.snapshot
        assert snap is not None, "the unfinished game was lost"
        replayed = snap.restore()
        assert replayed.ply in (known[0], known[0] + 1), (replayed.ply, known)
        assert [m.pdn() for m in replayed.move_stack] == moves[:replayed.ply]
        assert replayed.fen() == fens[replayed.ply]
        known = (replayed.ply, replayed.fen())

    # The last run plays the game to its end from where it was.
    app = App(env)
    runs += 1
    assert app.finish(120) == 0, app.lines
    first = next(ln for ln in app.lines if ln.startswith(("resumed", "fresh")))
    assert first.startswith("resumed") == (known is not None), (first, known)
    if first.startswith("resumed"):
        resumes += 1
        assert _state(first)[0] in (known[0], known[0] + 1)
    done = next(ln for ln in app.lines if ln.startswith("done"))
    assert _state(done) == (len(moves), fens[-1])
    assert not list(data.glob("*.damaged-*"))
    elapsed = time.monotonic() - began
    print(f"\nkill test: {runs} runs, {kills} SIGKILLs ({kill_during_start} during start-up), "
          f"{resumes} resumes, {games_completed + 1} games played to the end, {len(moves)} plies "
          f"scripted, {elapsed:.1f} s")
    assert kills >= 10, f"only {kills} kills in the time budget"
    assert resumes >= kills // 2
