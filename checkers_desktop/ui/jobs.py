"""Long work off the GUI thread: one helper for the computer's moves, hints, the review and voice
decoding.

:class:`BackgroundJob` runs ``fn(stop, *args)`` on one daemon thread, jobs in the order given; its
answer comes back to the GUI thread as ``finished(result, token)`` or ``failed(error, token)``
(Qt queues the signal, since the object lives on the GUI thread). The thread never touches a
widget. :meth:`BackgroundJob.start` replaces what is waiting or running (``replace=True``, the
default: a new search makes the old one useless; its stop event is set and its answer dropped) or
queues after it (``replace=False``: each utterance heard is decoded, in order).
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, Signal

__all__ = ["BackgroundJob"]

log = logging.getLogger(__name__)


class BackgroundJob(QObject):
    """One worker thread named ``checkers-<name>`` (started on first use, again if it ended).

    Signals: ``finished(object result, int token)``, ``failed(object error, int token)`` (the
    exception; logged here with its traceback). A job whose stop event was set (by :meth:`cancel`
    or a replacing :meth:`start`) sends neither.
    """

    finished = Signal(object, int)
    failed = Signal(object, int)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.token = 0
        self._queue: "queue.Queue[Optional[tuple]]" = queue.Queue()
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()
        self._stops: dict[int, threading.Event] = {}
        self._idle = threading.Event()
        self._idle.set()

    @property
    def busy(self) -> bool:
        """True while a job waits or runs."""
        return not self._idle.is_set()

    def start(self, fn: Callable[..., Any], *args, replace: bool = True) -> int:
        """Run ``fn(stop, *args)`` on the worker thread; returns the job's token (1, 2, ...)."""
        with self._lock:
            if replace:
                self._cancel_locked()
            self.token += 1
            token = self.token
            stop = threading.Event()
            self._stops[token] = stop
            self._idle.clear()
            self._queue.put((token, stop, fn, args))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=f"checkers-{self.name}",
                                                daemon=True)
                self._thread.start()
        return token

    def cancel(self) -> None:
        """Set the stop event of every job waiting or running (they return promptly, unheard)."""
        with self._lock:
            self._cancel_locked()

    def _cancel_locked(self) -> None:
        for stop in self._stops.values():
            stop.set()

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait up to ``timeout`` seconds until no job waits or runs; True when idle."""
        return self._idle.wait(timeout)

    def shutdown(self, timeout: float = 2.0) -> None:
        """Cancel everything and end the thread (the window is closing)."""
        self.cancel()
        thread = self._thread
        if thread is not None and thread.is_alive():
            self._queue.put(None)
            thread.join(timeout)
        self._thread = None

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            token, stop, fn, args = item
            try:
                if not stop.is_set():
                    try:
                        result = fn(stop, *args)
                    except Exception as exc:  # reported to the GUI thread, never ends the thread
                        if not stop.is_set():
                            log.exception("background job %s failed", self.name)
                            self._emit(self.failed, exc, token)
                    else:
                        if not stop.is_set():
                            self._emit(self.finished, result, token)
            finally:
                with self._lock:
                    self._stops.pop(token, None)
                    if not self._stops:
                        self._idle.set()

    @staticmethod
    def _emit(signal, value, token: int) -> None:
        try:
            signal.emit(value, token)
        except RuntimeError:  # the object was deleted with its window: nobody is listening
            log.debug("background job answer dropped: its window is gone")
