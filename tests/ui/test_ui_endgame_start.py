"""The endgame database the app builds at its first start (ui/app.py): the long build (5 pieces,
about a minute; 4 where numba is absent) runs in a separate process, and that process must not
outlive the app when the app is killed (a power cut, SIGKILL), or every crash would leave a
builder of several hundred MB behind."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import multiprocessing, os, sys, time
from checkers_desktop.engine.endgame import compiled_builder_available
from checkers_desktop.ui.app import _build_endgame_table
pieces = 5 if compiled_builder_available() else 4
process = multiprocessing.get_context("spawn").Process(
    target=_build_endgame_table, args=(sys.argv[1], pieces, os.getpid()), daemon=True)
process.start()
print(process.pid, flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (exited, not yet reaped by init) counts as gone
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc and SIGKILL")
def test_the_builder_stops_when_the_app_is_killed(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path)], env=env,
                              stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    assert _alive(child)
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    deadline = time.monotonic() + 30
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(child), "the endgame builder outlived the killed app"
    assert not list(tmp_path.glob("endgame-5-*")), "a half-built 5-piece table was written"
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"], "a temporary file was left"
