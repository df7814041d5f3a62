"""The computer's moves, searched off the GUI thread: the session's engine port
(``checkers_desktop.session.ports.Engine``) on a :class:`~.jobs.BackgroundJob`.

A reply that comes faster than ``min_seconds`` is held back that long so a listener does not miss
it; the answer (the move, or the exception that stopped the search) is handed to the session on
the GUI thread.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional

from PySide6.QtCore import QObject

from ..rules import Board, Move
from ..session.ports import ChooseFn, EngineReply, first_legal_move
from .jobs import BackgroundJob

__all__ = ["EngineWorker", "ChooseFn", "first_legal_move", "reply_pause", "default_choose"]


def reply_pause(level: int) -> float:
    """The shortest time, seconds, before the computer's reply at ``level`` is played (the
    level's ``min_reply_seconds``)."""
    from ..engine.levels import get_level

    return get_level(level).min_reply_seconds


def default_choose() -> ChooseFn:
    """The engine's move function, ``engine.choose_move``."""
    from ..engine import choose_move

    return choose_move


class EngineWorker(QObject):
    """Searches one position at a time on the thread ``checkers-engine``.

    ``choose(board, level, stop)``: the move function (default :func:`default_choose`; tests pass
    a fast one). ``min_seconds``: the shortest reply time, seconds; None uses the level's (tests
    pass 0). A new request or :meth:`cancel` stops the search running now; its answer is dropped.
    """

    def __init__(self, choose: Optional[ChooseFn] = None, min_seconds: float | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.choose = choose or default_choose()
        self.min_seconds = min_seconds
        self.job = BackgroundJob("engine", self)
        self.job.finished.connect(self._on_finished)
        self.job.failed.connect(self._on_failed)
        self._replies: dict[int, Callable[[EngineReply], None]] = {}

    @property
    def busy(self) -> bool:
        return self.job.busy

    def request(self, board: Board, level: int, reply: Callable[[EngineReply], None]) -> None:
        """Search ``board`` (a copy is kept) at ``level``; ``reply(EngineReply)`` is called on the
        GUI thread with the move, or with the exception that stopped the search."""
        token = self.job.start(self._search, board.copy(), level)
        self._replies = {token: reply}

    def cancel(self) -> None:
        self._replies.clear()
        self.job.cancel()

    def wait(self, timeout: float = 5.0) -> None:
        self.job.wait(timeout)

    def shutdown(self) -> None:
        self.cancel()
        self.job.shutdown()

    def _search(self, stop: threading.Event, board: Board, level: int) -> Optional[Move]:
        started = time.monotonic()
        move = self.choose(board, level, stop)
        pause = reply_pause(level) if self.min_seconds is None else self.min_seconds
        remaining = pause - (time.monotonic() - started)
        if remaining > 0:
            stop.wait(remaining)
        return move

    def _on_finished(self, move, token: int) -> None:
        reply = self._replies.pop(token, None)
        if reply is not None:
            reply(EngineReply(move))

    def _on_failed(self, error, token: int) -> None:
        reply = self._replies.pop(token, None)
        if reply is not None:
            reply(EngineReply(error=error))
