"""The endgame database the app builds at its first start (engine/startup.py): the long build (5 pieces,
about a minute; 4 where numba is absent) runs in a separate process, and that process must not
outlive the app when the app is killed (a power cut, SIGKILL), or every crash would leave a
builder of several hundred MB behind."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import multiprocessing, os, sys, time
from checkers_desktop.engine.endgame import compiled_builder_available
from checkers_desktop.engine.startup import build_endgame_table
pieces = 5 if compiled_builder_available() else 4
process = multiprocessing.get_context("spawn").Process(
    target=build_endgame_table, args=(sys.argv[1], pieces, os.getpid()), daemon=True)
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


def test_a_cached_table_is_installed_and_logged_at_start(tmp_path):
    """The real app, started on a cache folder that holds a table, installs it at once and says
    so in its log file (the loader used to start before the log was set up, and its line was
    lost)."""
    from checkers_desktop.engine import endgame as eg

    cache = tmp_path / "cache" / "checkers-desktop" / "checkers-desktop"
    eg.save_table(eg.build_table(3, compiled=False), cache)
    data = tmp_path / "data"
    script = tmp_path / "moves.txt"
    script.write_text("11-15\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=str(tmp_path / "cache"),
               CHECKERS_DESKTOP_DATA=str(data), CHECKERS_DESKTOP_ENDGAME_PIECES="3",
               CHECKERS_DESKTOP_SETTINGS=str(tmp_path / "settings.ini"),
               CHECKERS_DESKTOP_SCRIPT=str(script), CHECKERS_DESKTOP_SCRIPT_MS="20",
               CHECKERS_DESKTOP_AUTORESUME="1")
    app = subprocess.Popen([sys.executable, "-m", "checkers_desktop"], cwd=REPO_ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = threading.Timer(60, app.kill)  # a start that never saves ends the test, not CI
    deadline.start()
    try:
        for line in app.stdout:
            if line.startswith("saved 1"):
                break
    finally:
        deadline.cancel()
        app.kill()
        app.communicate(timeout=30)
    log = (data / "checkers-desktop.log").read_text()
    assert "endgame database: 3 pieces installed" in log, log
    assert log.index("checkers-desktop starting") < log.index("endgame database: 3 pieces")
