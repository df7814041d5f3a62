"""The background thread that follows the tournament for the window (it never touches a widget).

:class:`LiveThread` runs a follower from ``checkers_desktop.tournament.follow`` on one daemon
thread: step after step (the organiser's :class:`OrganiserFollower` waits for events itself; a
table's :class:`TableFollower` is stepped every ``interval`` seconds), and the commands given with
:meth:`LiveThread.call` in between, in order. Each step's update comes to the GUI thread as the
``update(object)`` signal (Qt queues it: the object lives on the GUI thread); a command's answer
comes to its callback there. Nothing here blocks the GUI thread: a server that does not answer
keeps only this thread waiting (at most the connection timeout, 5 s).
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, Signal

__all__ = ["LiveThread"]

log = logging.getLogger(__name__)


class LiveThread(QObject):
    """Steps ``follower`` on a thread named ``checkers-<name>``.

    ``step(follower) -> update or None``: one step (the default calls ``follower.step()``); an
    update that is not None is emitted. ``interval``: seconds between two steps (waiting for a
    command meanwhile). Signals: ``update(object)``; ``answered(int token, object result, object
    error)`` (used by :meth:`call`).
    """

    update = Signal(object)
    answered = Signal(int, object, object)

    def __init__(self, name: str, follower, *, step: Optional[Callable[[Any], Any]] = None,
                 interval: float = 1.0, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.name = name
        self.follower = follower
        self._step = step or (lambda f: f.step())
        self.interval = interval
        self._commands: "queue.Queue[Optional[tuple]]" = queue.Queue()
        self._callbacks: dict[int, Callable[[Any, Optional[BaseException]], None]] = {}
        self._token = 0
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self.answered.connect(self._on_answered)

    # --- GUI thread ---------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"checkers-{self.name}",
                                            daemon=True)
            self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def call(self, fn: Callable[[Any], Any],
             callback: Callable[[Any, Optional[BaseException]], None]) -> int:
        """Run ``fn(follower)`` on the thread before its next step; ``callback(result, error)``
        runs on the GUI thread with the answer (``error``: the exception raised, else None)."""
        self._token += 1
        self._callbacks[self._token] = callback
        self._commands.put((self._token, fn))
        return self._token

    def _on_answered(self, token: int, result, error) -> None:
        callback = self._callbacks.pop(token, None)
        if callback is not None:
            callback(result, error)

    def stop(self, timeout: float = 2.0) -> None:
        """End the thread (it finishes the step under way) and close the follower."""
        self._stop.set()
        self._commands.put(None)
        thread = self._thread
        if thread is not None and thread.is_alive():
            thread.join(timeout)
        self._thread = None
        if thread is None or not thread.is_alive():
            self._close_follower()

    def _close_follower(self) -> None:
        try:
            self.follower.close()
        except Exception:  # closing what is already gone: nothing to tell
            log.debug("closing the tournament follower", exc_info=True)

    # --- the thread ---------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                update = self._step(self.follower)
            except Exception:  # a step must never end the thread: log, wait, try again
                log.exception("tournament follower step failed")
                update = None
            if update is not None and not self._stop.is_set():
                self._emit(self.update, update)
            self._run_commands(self.interval)
        if self._thread is None:  # stop() gave up waiting: close here
            self._close_follower()

    def _run_commands(self, wait: float) -> None:
        """Run the commands waiting, waiting up to ``wait`` seconds for the first."""
        try:
            item = self._commands.get(timeout=max(0.0, wait)) if wait > 0 else \
                self._commands.get_nowait()
        except queue.Empty:
            return
        while item is not None:
            token, fn = item
            try:
                result, error = fn(self.follower), None
            except Exception as exc:  # told to the GUI thread's callback
                result, error = None, exc
            self._emit(self.answered, token, result, error)
            try:
                item = self._commands.get_nowait()
            except queue.Empty:
                return

    @staticmethod
    def _emit(signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the window is gone: nobody listens
            log.debug("tournament update dropped: its window is gone")
