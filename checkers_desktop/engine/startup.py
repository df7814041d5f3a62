"""What the computer opponent does at the app's start, without Qt: it makes its compiled search
ready and installs (or builds) its endgame database, each in a worker thread, reporting progress
through :mod:`.preparation` (a snapshot any thread may read). The window only starts an
:class:`EngineStartup`, stops it when the app quits, and waits for it briefly at exit.

Policy:

- **Compiled search** (:mod:`.compiled`): numba compiles it the first time (about 10 s of one core,
  and numba's compiler is Python code that would hold the GUI's interpreter lock), so a separate
  process compiles it into numba's disk cache; a worker thread then loads it from the cache (under
  a second). Until it is ready the computer searches in Python; if anything fails it keeps doing so.
- **Endgame database** (:mod:`.endgame`): the largest cached table is mapped at once
  (milliseconds) and installed. What :data:`.endgame.PIECES_ENV` asks for and is missing is built
  in a separate process, after the compiled search is ready (so the two compiles do not share
  the two cores): with the compiled builder, 4 pieces in a few seconds, then 5 in under a minute
  (that process peaking near 430 MB); without numba, 3 pieces in the worker thread (seconds), then
  4 in about two minutes. Each count is installed when it is cached, so searches use the smaller
  table meanwhile. A half-built table is never written.
- **Stopping**: :meth:`EngineStartup.stop` ends both within about a second (a build or compile in
  a separate process is terminated); a killed app cannot stop its child, so the child watches for
  its parent and stops on its own.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from typing import Any, Callable, Optional

__all__ = ["EngineStartup", "JOIN_SECONDS", "build_endgame_table", "compile_engine",
           "run_in_process"]

_log = logging.getLogger(__name__)

JOIN_SECONDS = 5.0
"""How long (seconds) a closing app waits for its start-up threads to end. Stopping sets their
stop event, and each ends within about a second; loading numba's compiled search from its disk
cache, which cannot be interrupted, takes under a second. A daemon thread still inside numba, LLVM
or a mapped file while Python finalises is a known way for a process to abort (SIGABRT) at exit;
waiting closes that way."""


class EngineStartup:
    """The computer's start-up work for one app: :meth:`start` begins it, :meth:`stop` asks it to
    end, :meth:`join` waits (bounded). ``cache_folder``: where endgame tables are cached;
    ``pieces``: the largest table to build (None: :func:`.endgame.pieces_from_env`; 0 builds and
    loads none); ``compile``: whether to prepare the compiled search (None: where numba is
    available)."""

    def __init__(self, cache_folder: str, pieces: Optional[int] = None,
                 compile: Optional[bool] = None) -> None:
        self.cache_folder = cache_folder
        self.pieces = pieces
        self.compile = compile
        self.stop_event = threading.Event()
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        """Start the endgame loader, then the compiled search's preparation (each in a daemon
        thread). The cached table is installed within milliseconds, so it is started first."""
        from . import compiled
        from .endgame import pieces_from_env

        pieces = pieces_from_env() if self.pieces is None else self.pieces
        if pieces:
            self.start_thread(lambda: self._load_endgame(pieces), "endgame-table")
        if compiled.AVAILABLE if self.compile is None else self.compile:
            self.start_thread(self._prepare_compiled, "engine-compile")

    def stop(self) -> None:
        """Ask every start-up thread and process to end (safe from any thread, more than once)."""
        self.stop_event.set()

    def join(self, timeout: float = JOIN_SECONDS) -> bool:
        """Wait up to ``timeout`` seconds in all for the threads; True when all ended, else the
        ones still running are named in the log (a warning) and False is returned."""
        deadline = time.monotonic() + timeout
        for thread in list(self.threads):
            thread.join(max(0.0, deadline - time.monotonic()))
        alive = [t.name for t in self.threads if t.is_alive()]
        if alive:
            _log.warning("still preparing at exit: %s", ", ".join(alive))
        return not alive

    def start_thread(self, work: Callable[[], Any], name: str) -> threading.Thread:
        """Run ``work`` in a daemon thread that :meth:`join` waits for."""
        thread = threading.Thread(target=work, name=name, daemon=True)
        self.threads.append(thread)
        thread.start()
        return thread

    # --- the work ---

    def _prepare_compiled(self) -> None:
        from . import compiled, preparation

        preparation.set_compiling(True)
        try:
            if not run_in_process(compile_engine, (), "engine-compile", self.stop_event):
                return
            if compiled.warm_up():
                _log.info("the engine's compiled search is ready")
        except Exception:  # the game goes on with the Python search
            _log.exception("compiled search not prepared")
        finally:
            preparation.set_compiling(False)

    def _install_cached(self, count: int) -> Any:
        from . import install_table
        from .endgame import load_table

        table = load_table(self.cache_folder, count)
        if table is not None and not self.stop_event.is_set():
            install_table(table)
            _log.info("endgame database: %d pieces installed", count)
        return table

    def _add_shipped(self, have: int) -> None:
        """Once the table of 5 pieces is cached (its distances are the search-only 6-piece
        file's), unpack the 6-piece file the package ships, if any, and install it."""
        from .endgame import (PACKED_PIECES, SHIPPED_PIECES, install_shipped, pieces_to_load)

        if (have >= SHIPPED_PIECES or have < PACKED_PIECES or pieces_to_load() < SHIPPED_PIECES
                or self.stop_event.is_set()):
            return
        if install_shipped(self.cache_folder, SHIPPED_PIECES):
            self._install_cached(SHIPPED_PIECES)

    def _load_endgame(self, pieces: int) -> None:
        from . import compiled, ensure_table, preparation
        from .endgame import (compiled_builder_available, has_previous_format, pieces_to_load,
                              remove_stale)

        stop = self.stop_event
        folder = self.cache_folder
        have = 0
        try:
            remove_stale(folder)
            for count in range(max(pieces_to_load(), pieces), 1, -1):
                if has_previous_format(folder, count):  # converted, not built again
                    if stop.is_set() or not run_in_process(
                            convert_endgame_table, (folder, count), "endgame-convert", stop):
                        return
                    break
            for count in range(max(pieces_to_load(), pieces), 1, -1):
                if self._install_cached(count) is not None:
                    have = count
                    break
            if have >= pieces:  # (a 6-piece table built on request is used, not rebuilt)
                self._add_shipped(have)
                return
            preparation.set_endgame(have, pieces)
            fast = compiled_builder_available()
            if fast:
                while not (compiled.ready() or compiled.failure()) and not stop.wait(0.5):
                    pass
                fast = compiled.ready()  # numba failed to compile: build in Python
            if fast:
                steps = [count for count in range(4, pieces + 1) if have < count] or [pieces]
            else:
                if have < 3:
                    ensure_table(folder, pieces=min(3, pieces), stop=stop, compiled=False)
                    have = min(3, pieces)
                    preparation.set_endgame(have, min(4, pieces))
                steps = [4] if pieces >= 4 else []
            for count in steps:
                if stop.is_set() or not run_in_process(
                        build_endgame_table, (folder, count, os.getpid(), fast),
                        "endgame-build", stop):
                    return
                if self._install_cached(count) is None:
                    _log.warning("endgame database: %d pieces were not built", count)
                    return
                have = count
                preparation.set_endgame(have, pieces)
            self._add_shipped(have)
        except InterruptedError:
            pass
        except Exception:  # the game goes on without the table
            _log.exception("endgame database not loaded")
        finally:
            preparation.set_endgame(have, 0)


def run_in_process(target: Callable[..., Any], args: tuple[Any, ...], name: str,
                   stop: threading.Event) -> bool:
    """Run ``target(*args)`` in a separate (spawned) process, which cannot hold the caller's
    interpreter lock, and wait for it; returns False (the process terminated) when ``stop`` is
    set first, True when it finished."""
    process = multiprocessing.get_context("spawn").Process(target=target, args=args, name=name,
                                                           daemon=True)
    process.start()
    while process.is_alive() and not stop.is_set():
        process.join(0.5)
    if process.is_alive():
        process.terminate()
        return False
    return True


def compile_engine() -> None:
    """Compile the engine's search into numba's disk cache (run in a separate process)."""
    from . import compiled

    compiled.warm_up()


def convert_endgame_table(folder: str, pieces: int) -> None:
    """Write the previous format's endgame table of ``pieces`` in ``folder`` in this format (run
    in a separate process; nothing is built when it cannot be converted)."""
    from .endgame import convert_previous

    convert_previous(folder, pieces)


def build_endgame_table(folder: str, pieces: int, parent_pid: int,
                        compiled: Optional[bool] = None) -> None:
    """Build and cache the endgame table of ``pieces`` (2-6) in ``folder`` (run in a separate
    process), with the compiled builder or not (``compiled``; None: where numba loads).

    The build stops, writing nothing, as soon as the process ``parent_pid`` that started it is
    gone: a killed app (power cut, SIGKILL) cannot stop its child, so the child watches for it
    (every 0.5 s).
    """
    from . import ensure_table

    stop = threading.Event()

    def watch_parent() -> None:
        while not stop.wait(0.5):
            if os.getppid() != parent_pid:
                stop.set()

    threading.Thread(target=watch_parent, name="watch-app", daemon=True).start()
    try:
        ensure_table(folder, pieces=pieces, stop=stop, install=False, compiled=compiled)
    except InterruptedError:
        pass
