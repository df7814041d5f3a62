"""Settings for the whole test tree.

* Qt runs without a screen (``QT_QPA_PLATFORM=offscreen``) unless the caller chose a platform;
  the screen-reader test in ``tests/a11y`` starts its own Xvfb and sets ``xcb`` for the app.
* Qt's per-user files (settings, data, cache) go to a directory made for this run, never to the
  user's own: ``XDG_CONFIG_HOME``, ``XDG_DATA_HOME`` and ``XDG_CACHE_HOME`` point into it.

* Under pytest-xdist (``-n auto --dist loadfile``, as ``.ci/run`` runs them) each worker is its own
  process, with its own such directory; the tests of one file run on one worker, so a module's
  set-up (an X server, a model, an endgame table) runs once and a table a module writes is whole.
  When a throw-away PostgreSQL cluster of ``.ci/postgres.sh`` is given (``CHECKERS_TEST_PG_URL``
  with ``CHECKERS_TEST_PG_CTL``, which the server-away tests use to stop and start it), every
  worker but the first starts a cluster of its own the same way and stops it at the end, so that
  a test stopping its server never takes the server away from a test running on another worker.

Fixtures: ``shared_dir`` (../shared beside the clone, or a skip saying it is absent) and
``settings_file`` (a fresh ini file that ``CHECKERS_DESKTOP_SETTINGS`` names for the test).
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_HOME = Path(tempfile.mkdtemp(prefix="checkers-desktop-tests-"))
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
# Apps started by the tests (the screen-reader and kill tests start many) build no endgame
# database: each start in a fresh cache folder would otherwise build it again.
os.environ.setdefault("CHECKERS_DESKTOP_ENDGAME_PIECES", "0")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_HOME / _name.lower())

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = (REPO_ROOT / ".." / "shared").resolve()
PG_SCRIPT = REPO_ROOT / ".ci" / "postgres.sh"

_worker_pg_dir = ""


def _start_worker_postgres() -> None:
    """Start this xdist worker's own PostgreSQL cluster with ``.ci/postgres.sh`` and point
    ``CHECKERS_TEST_PG_URL`` and ``CHECKERS_TEST_PG_CTL`` at it (read by the test modules when
    they are imported, after this). Raises ``pytest.UsageError`` with the script's output when it
    does not start within 120 s."""
    global _worker_pg_dir
    script = ('source "$1" && start_test_postgres >&2 && '
              'printf "%s\\n" "$CHECKERS_TEST_PG_URL" "$CHECKERS_TEST_PG_CTL" "$TEST_PG_DIR"')
    run = subprocess.run(["bash", "-c", script, "bash", str(PG_SCRIPT)], capture_output=True,
                         text=True, timeout=120, stdin=subprocess.DEVNULL)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != 3:
        raise pytest.UsageError(f"{PG_SCRIPT} did not start this worker's PostgreSQL cluster "
                                f"(exit status {run.returncode}):\n{run.stderr}")
    os.environ["CHECKERS_TEST_PG_URL"], os.environ["CHECKERS_TEST_PG_CTL"], _worker_pg_dir = lines
    atexit.register(_stop_worker_postgres)


def _stop_worker_postgres() -> None:
    """Stop the cluster :func:`_start_worker_postgres` started (a second call does nothing)."""
    global _worker_pg_dir
    if _worker_pg_dir:
        subprocess.run(["bash", "-c", 'source "$1" && TEST_PG_DIR="$2" && stop_test_postgres',
                        "bash", str(PG_SCRIPT), _worker_pg_dir], capture_output=True, timeout=120,
                       stdin=subprocess.DEVNULL)
        _worker_pg_dir = ""


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if (worker not in ("", "gw0") and os.environ.get("CHECKERS_TEST_PG_URL")
            and os.environ.get("CHECKERS_TEST_PG_CTL")):
        _start_worker_postgres()


def pytest_unconfigure(config: pytest.Config) -> None:
    _stop_worker_postgres()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The read-only reference folder ``../shared`` beside the clone (RULES.md, PERFT.md, pdn/).

    Skips the test, saying where it looked, when the folder is absent.
    """
    if not SHARED_DIR.is_dir():
        pytest.skip(f"reference folder {SHARED_DIR} is absent (CI puts shared/ beside the clone)")
    return SHARED_DIR


@pytest.fixture
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Path of an ini file (not yet created) that ``CHECKERS_DESKTOP_SETTINGS`` names for this test."""
    path = tmp_path / "checkers-desktop.ini"
    monkeypatch.setenv("CHECKERS_DESKTOP_SETTINGS", str(path))
    return path


@pytest.fixture(autouse=True)
def _record_keys_put_back():
    """A test that starts the autosave (which seals the match records with its key from then on,
    ``storage.records.use_keys``) leaves no key behind for the next test."""
    from checkers_desktop.storage import records

    before = records.keys_in_use()
    yield
    records.use_keys(*before)


@pytest.fixture(scope="session")
def table4():
    """The endgame database of up to 4 pieces, built once for the run (about a second with the
    compiled builder), so that tests of problems need no cached 5-piece database."""
    from checkers_desktop.engine import endgame

    return endgame.build_table(4)


@pytest.fixture
def installed4(table4):
    """:func:`table4` installed as the engine's database for one test, the one before put back
    after it."""
    from checkers_desktop.engine import endgame

    before = endgame.installed_table()
    endgame.install_table(table4)
    yield table4
    endgame.install_table(before)
