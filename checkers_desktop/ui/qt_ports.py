"""The session's scheduler port on Qt's event loop: a deferred call is a zero-time single-shot
timer, a repeated one a ``QTimer`` (see ``checkers_desktop.session.ports``)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QTimer

__all__ = ["QtScheduler"]


class _QtTimer:
    def __init__(self, parent: QObject, seconds: float, fn: Callable[[], object]) -> None:
        self._timer = QTimer(parent)
        self._timer.setInterval(max(1, int(round(seconds * 1000))))
        self._timer.timeout.connect(fn)

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    @property
    def active(self) -> bool:
        return self._timer.isActive()


class QtScheduler(QObject):
    """Calls on the GUI thread: :meth:`defer` after the current event is handled,
    :meth:`repeating` every so many seconds (milliseconds resolution, at least 1 ms)."""

    def defer(self, fn: Callable[[], object]) -> None:
        QTimer.singleShot(0, self, fn)

    def repeating(self, seconds: float, fn: Callable[[], object]) -> _QtTimer:
        return _QtTimer(self, seconds, fn)
