"""The computer's move, searched off the GUI thread.

:class:`EngineWorker` runs ``choose(board, level, stop)`` (default: ``checkers_desktop.engine
.choose_move``) on a Python thread and emits :attr:`EngineWorker.move_ready` with the move; Qt queues
the signal to the GUI thread. The worker never touches a widget. A reply that comes faster than
``min_seconds`` is held back that long so a listener does not miss it.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional

from PySide6.QtCore import QObject, Signal

from ..rules import Board, Move

ChooseFn = Callable[[Board, int, Optional[threading.Event]], Move]


def first_legal_move(board: Board, level: int, stop: Optional[threading.Event] = None) -> Move:
    """Stand-in for the engine: the first legal move. Raises ``ValueError`` when there is none."""
    moves = board.legal_moves
    if not moves:
        raise ValueError(f"no legal move in {board.fen()!r}")
    return moves[0]


def reply_pause(level: int) -> float:
    """The shortest time, seconds, before the computer's reply at ``level`` is played."""
    try:
        from ..engine.levels import get_level
        return get_level(level).min_reply_seconds
    except (ImportError, ValueError):
        return 0.6


def default_choose() -> ChooseFn:
    """``engine.choose_move`` when the engine is importable, else :func:`first_legal_move`."""
    try:
        from ..engine import choose_move
    except ImportError:
        return first_legal_move
    return choose_move


class EngineWorker(QObject):
    """Searches one position at a time; each request carries a token, echoed with its answer.

    ``min_seconds``: the shortest reply time, seconds; None uses the level's (tests pass 0).
    Signals: ``move_ready(move, token)``, ``failed(message, token)``. :meth:`cancel` sets the stop
    event of the search running now; its answer, if any, still arrives and the caller ignores it by
    token.
    """

    move_ready = Signal(object, int)
    failed = Signal(str, int)

    def __init__(self, choose: ChooseFn | None = None, min_seconds: float | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.choose = choose or default_choose()
        self.min_seconds = min_seconds
        self._token = 0
        self._stop: Optional[threading.Event] = None
        self._thread: Optional[threading.Thread] = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def request(self, board: Board, level: int) -> int:
        """Start searching a copy of ``board`` at ``level``; returns the request's token."""
        self.cancel()
        self._token += 1
        token = self._token
        stop = threading.Event()
        self._stop = stop
        position = board.copy()
        self._thread = threading.Thread(target=self._run, args=(position, level, stop, token),
                                        name="checkers-engine", daemon=True)
        self._thread.start()
        return token

    def cancel(self) -> None:
        """Ask the running search to stop (it returns promptly)."""
        if self._stop is not None:
            self._stop.set()

    def wait(self, timeout: float = 5.0) -> None:
        """Join the worker thread (used on close)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, board: Board, level: int, stop: threading.Event, token: int) -> None:
        started = time.monotonic()
        try:
            move = self.choose(board, level, stop)
        except Exception as exc:  # never crash the game: report and let the GUI decide
            self.failed.emit(f"{type(exc).__name__}: {exc}", token)
            return
        pause = reply_pause(level) if self.min_seconds is None else self.min_seconds
        remaining = pause - (time.monotonic() - started)
        if remaining > 0:
            stop.wait(remaining)
        if not stop.is_set():
            self.move_ready.emit(move, token)
