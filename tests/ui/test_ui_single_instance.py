"""One app per data folder, with the real app: a second start while a match is saved brings the
running window to the front and exits without touching any save (it used to ask the resume
question, and its Escape set the running match's save aside); after a SIGKILL the lock is stale
and the next start runs normally."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.storage import AutosaveStore
from checkers_desktop.storage.atomic import TEMPORARY_SUFFIX

REPO = Path(__file__).resolve().parents[2]


class App:
    """The app started as ``python -m checkers_desktop``; its output lines collected."""

    def __init__(self, env: dict) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "checkers_desktop"], cwd=REPO,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.seen = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(self.proc.stderr), daemon=True).start()

    def error_tail(self) -> str:
        """The end of what the app wrote to standard error (for a failure's message)."""
        return "".join(self.errors)[-3000:]

    def _read(self) -> None:
        for line in self.proc.stdout:
            with self.seen:
                self.lines.append(line.rstrip("\n"))
                self.seen.notify_all()

    def wait_for(self, prefix: str, timeout: float = 60) -> str:
        with self.seen:
            ok = self.seen.wait_for(lambda: any(ln.startswith(prefix) for ln in self.lines)
                                    or self.proc.poll() is not None, timeout)
        found = [ln for ln in self.lines if ln.startswith(prefix)]
        assert ok and found, (prefix, self.lines, self.proc.poll())
        return found[-1]


def _env(tmp_path, data, script: list[str], ms: int) -> dict:
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(script) + "\n")
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", CHECKERS_DESKTOP_DATA=str(data),
                CHECKERS_DESKTOP_SETTINGS=str(tmp_path / "settings.ini"),
                CHECKERS_DESKTOP_SCRIPT=str(moves), CHECKERS_DESKTOP_SCRIPT_MS=str(ms),
                CHECKERS_DESKTOP_AUTORESUME="1")


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    """Size and time of each file but the log and the temporary files of a save being written
    (``.autosave-XXXX.tmp``, see ``storage/atomic.py``): the running app saves meanwhile, and
    a listing taken mid-save once caught its temporary file (a file that vanished as it was read
    is left out too)."""
    out = {}
    for p in folder.iterdir():
        if p.name == "checkers-desktop.log" or (p.name.startswith(".autosave")
                                                and p.name.endswith(TEMPORARY_SUFFIX)):
            continue
        try:
            if p.is_file():
                out[p.name] = (p.stat().st_mtime_ns, p.stat().st_size)
        except FileNotFoundError:
            continue
    return out


def _moves(plies: int) -> list[str]:
    board, out = Board(), []
    for _ in range(plies):
        move = board.legal_moves[0]
        out.append(move.pdn())
        board.push(move)
    return out


@pytest.mark.slow  # two real app processes
def test_second_start_shows_the_running_window_and_touches_no_save(tmp_path):
    data = tmp_path / "data"
    script = _moves(40)
    first = App(_env(tmp_path, data, script[:3], ms=20))
    first.wait_for("saved 3")
    # the first app goes on with a slow script: it is playing when the second start comes
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(10)
    running = App(_env(tmp_path, data, script, ms=400))
    running.wait_for("resumed 3")
    running.wait_for("saved 4")
    before = _files(data)
    saved = AutosaveStore(data).path.read_bytes()

    second = subprocess.run([sys.executable, "-m", "checkers_desktop"], cwd=REPO,
                            env=_env(tmp_path, data, script, ms=20), capture_output=True,
                            text=True, timeout=60)
    assert second.returncode == 0, second.stderr
    assert "Checkers is already open." in second.stderr
    assert second.stdout == ""  # it never started a game, a script, or a resume
    after = _files(data)
    changed = {n for n in set(before) | set(after) if before.get(n) != after.get(n)}
    # only the running app's own saves may have moved on meanwhile
    assert changed <= {"autosave.json", "autosave.prev.json"}, changed
    assert not list(data.glob("autosave.declined-*")) and not list(data.glob("*.damaged-*"))
    if "autosave.json" not in changed:
        assert AutosaveStore(data).path.read_bytes() == saved
    log = (data / "checkers-desktop.log").read_text()
    assert "another start of the app asked for this window" in log
    assert log.count("checkers-desktop starting") == 2  # the killed app and the running one
    running.proc.send_signal(signal.SIGTERM)
    running.proc.wait(20)


@pytest.mark.slow  # two real app processes
def test_a_lock_left_by_a_killed_app_does_not_stop_the_next_start(tmp_path):
    data = tmp_path / "data"
    script = _moves(6)
    first = App(_env(tmp_path, data, script, ms=300))
    first.wait_for("saved 1")
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(10)
    assert (data / "checkers-desktop.lock").exists()  # left behind by the kill
    again = App(_env(tmp_path, data, script, ms=20))
    assert again.proc.wait(60) == 0, again.error_tail()
    assert again.wait_for("done 6")
