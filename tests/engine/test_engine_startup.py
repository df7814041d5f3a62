"""A closing app waits, for a bounded time, for the threads preparing the computer (the compiled
search, the endgame database): Python must not finalise while one of them is inside numba, LLVM or
a mapped file."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from checkers_desktop.engine.startup import EngineStartup


def test_the_app_waits_for_a_preparation_thread_that_is_ending(tmp_path):
    startup = EngineStartup(str(tmp_path))
    release, ended = threading.Event(), threading.Event()

    def work() -> None:  # stands for loading numba's cache: it ends only when it is done
        release.wait(10)
        ended.set()

    startup.start_thread(work, "engine-compile")
    timer = threading.Timer(0.2, release.set)  # the work ends while the app is waiting
    timer.start()
    assert startup.join(10.0)
    assert ended.is_set()
    timer.join()


def test_a_thread_that_never_ends_holds_the_exit_only_until_the_timeout(tmp_path, caplog):
    startup = EngineStartup(str(tmp_path))
    forever = threading.Event()
    startup.start_thread(lambda: forever.wait(60), "endgame-table")
    started = time.monotonic()
    with caplog.at_level(logging.WARNING):
        assert not startup.join(0.2)
    assert time.monotonic() - started < 5  # bounded: the app still exits
    assert "still preparing at exit: endgame-table" in caplog.text
    forever.set()


def test_the_start_up_installs_the_cached_table_and_builds_nothing_more(tmp_path, monkeypatch):
    """The largest cached table the start-up is asked for is installed at once; with it cached,
    nothing is built and the progress snapshot ends with nothing being built."""
    from checkers_desktop.engine import endgame as eg
    from checkers_desktop.engine import preparation

    eg.save_table(eg.build_table(2), tmp_path)
    monkeypatch.setattr(eg, "_installed", None)
    monkeypatch.setattr(eg, "build_table", lambda *a, **k: pytest.fail("built again"))
    startup = EngineStartup(str(tmp_path), pieces=2, compile=False)
    startup.start()
    assert startup.join(10.0)
    assert eg.installed_table() is not None and eg.installed_table().pieces == 2
    assert preparation.current().endgame_target == 0


def test_a_stopped_start_up_installs_nothing(tmp_path, monkeypatch):
    """Stopped before it reads the cache (the app quitting at once), the start-up installs no
    table and its threads end."""
    from checkers_desktop.engine import endgame as eg

    eg.save_table(eg.build_table(2), tmp_path)
    monkeypatch.setattr(eg, "_installed", None)
    startup = EngineStartup(str(tmp_path), pieces=2, compile=False)
    startup.stop()
    startup.start()
    assert startup.join(10.0)
    assert eg.installed_table() is None


def test_the_start_up_adds_the_shipped_larger_table_once_the_smaller_is_cached(tmp_path,
                                                                               monkeypatch):
    """With the table below the shipped one cached (here 3 pieces, the shipped search-only file
    4: as 5 and 6 are in the app), the start-up unpacks the shipped file, builds nothing, and
    installs it with the cached table's distances."""
    import lzma

    from checkers_desktop.engine import compiled
    from checkers_desktop.engine import endgame as eg

    if not compiled.AVAILABLE:
        pytest.skip(f"coding the search-only file needs numba: {compiled.WHY_NOT}")
    monkeypatch.setattr(eg, "PACKED_PIECES", 3)
    monkeypatch.setattr(eg, "SHIPPED_PIECES", 4)
    monkeypatch.setattr(eg, "SHIPPED_DIR", tmp_path / "ship")
    monkeypatch.delenv(eg.PIECES_ENV, raising=False)
    cache = tmp_path / "cache"
    eg.save_table(eg.build_table(3, compiled=True), cache)
    made = eg.save_table(eg.build_table(4, compiled=True), tmp_path / "made", exact_pieces=2)
    eg.SHIPPED_DIR.mkdir()
    eg.shipped_path(4).write_bytes(lzma.compress(made.read_bytes()))
    monkeypatch.setattr(eg, "_installed", None)
    monkeypatch.setattr(eg, "build_table", lambda *a, **k: pytest.fail("built"))
    startup = EngineStartup(str(cache), pieces=3, compile=False)
    startup.start()
    assert startup.join(20.0)
    table = eg.installed_table()
    assert table is not None and (table.pieces, table.exact_pieces) == (4, 3)
