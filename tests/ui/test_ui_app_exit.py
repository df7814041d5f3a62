"""A closing app waits, for a bounded time, for the threads preparing the computer (the compiled
search, the endgame database): Python must not finalise while one of them is inside numba, LLVM or
a mapped file."""

from __future__ import annotations

import logging
import threading
import time

from checkers_desktop.ui import app as app_module


def test_the_app_waits_for_a_preparation_thread_that_is_ending(monkeypatch):
    monkeypatch.setattr(app_module, "_preparation", [])
    release, ended = threading.Event(), threading.Event()

    def work() -> None:  # stands for loading numba's cache: it ends only when it is done
        release.wait(10)
        ended.set()

    app_module._start_preparation(work, "engine-compile")
    timer = threading.Timer(0.2, release.set)  # the work ends while the app is waiting
    timer.start()
    assert app_module._join_preparation(10.0)
    assert ended.is_set()
    timer.join()


def test_a_thread_that_never_ends_holds_the_exit_only_until_the_timeout(monkeypatch, caplog):
    monkeypatch.setattr(app_module, "_preparation", [])
    forever = threading.Event()
    app_module._start_preparation(lambda: forever.wait(60), "endgame-table")
    started = time.monotonic()
    with caplog.at_level(logging.WARNING):
        assert not app_module._join_preparation(0.2)
    assert time.monotonic() - started < 5  # bounded: the app still exits
    assert "still preparing at exit: endgame-table" in caplog.text
    forever.set()
