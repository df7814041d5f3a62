"""Settings for the whole test tree.

* Qt runs without a screen (``QT_QPA_PLATFORM=offscreen``) unless the caller chose a platform;
  the screen-reader test in ``tests/a11y`` starts its own Xvfb and sets ``xcb`` for the app.
* Qt's per-user files (settings, data, cache) go to a directory made for this run, never to the
  user's own: ``XDG_CONFIG_HOME``, ``XDG_DATA_HOME`` and ``XDG_CACHE_HOME`` point into it.

Fixtures: ``shared_dir`` (../shared beside the clone, or a skip saying it is absent) and
``settings_file`` (a fresh ini file that ``CHECKERS_DESKTOP_SETTINGS`` names for the test).
"""

from __future__ import annotations

import atexit
import os
import shutil
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
