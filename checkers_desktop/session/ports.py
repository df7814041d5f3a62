"""What a session needs from the world, as small ports: time, deferred and repeated calls, and the
computer's moves. The window gives Qt implementations (``ui/qt_ports.py``, ``ui/engine_worker.py``);
:class:`ManualScheduler` and :class:`InlineEngine` run a session with no event loop at all (tests,
tools, a tournament played out in one process).

Every call into a session, including the engine's reply, comes from one thread: the one the session
lives on. Times are seconds.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Optional, Protocol

from ..rules import Board, Move

__all__ = ["TimeSource", "Timer", "Scheduler", "EngineReply", "Engine", "ChooseFn",
           "ManualScheduler", "InlineEngine", "first_legal_move"]

TimeSource = Callable[[], float]
"""Monotonic seconds (``time.monotonic``; tests pass a fake they advance)."""

ChooseFn = Callable[[Board, int, Optional[threading.Event]], Optional[Move]]
"""``choose(board, level, stop) -> Move``: the computer's move at ``level`` (1 = gentlest);
returns promptly once ``stop`` is set (``engine.choose_move`` has this shape)."""


class Timer(Protocol):
    """A call repeated every so many seconds while started."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    @property
    def active(self) -> bool: ...


class Scheduler(Protocol):
    """Deferred and repeated calls on the session's thread."""

    def defer(self, fn: Callable[[], object]) -> None:
        """Call ``fn`` once, after the action now running has returned (never inside it)."""

    def repeating(self, seconds: float, fn: Callable[[], object]) -> Timer:
        """A stopped :class:`Timer` that calls ``fn`` every ``seconds`` once started."""


@dataclass(frozen=True)
class EngineReply:
    """The engine's answer: the ``move`` it chose, or the ``error`` that stopped it (then
    ``move`` is None)."""

    move: Optional[Move] = None
    error: Optional[BaseException] = None


class Engine(Protocol):
    """The computer's moves, searched somewhere else (a worker thread in the window)."""

    def request(self, board: Board, level: int, reply: Callable[[EngineReply], None]) -> None:
        """Search ``board`` (a copy the engine may keep) at ``level`` and call ``reply`` once with
        the answer, on the session's thread; a request cancelled first may never be answered."""

    def cancel(self) -> None:
        """Stop the search running now (its answer, if one still comes, is ignored by the
        session)."""

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the search running now to end (closing)."""


def first_legal_move(board: Board, level: int, stop: Optional[threading.Event] = None) -> Move:
    """A stand-in for the engine (tests): the first legal move. Raises ``ValueError`` quoting the
    position when there is none."""
    moves = board.legal_moves
    if not moves:
        raise ValueError(f"no legal move in {board.fen()!r}")
    return moves[0]


# --- without an event loop ----------------------------------------------------------------------
class _ManualTimer:
    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self.active = False

    def start(self) -> None:
        self.active = True

    def stop(self) -> None:
        self.active = False


class ManualScheduler:
    """A :class:`Scheduler` driven by hand: deferred calls wait for :meth:`run_pending`, repeated
    ones for :meth:`tick` (a test advances its fake time, then ticks)."""

    MAX_ROUNDS = 10_000
    """:meth:`run_pending` gives up after this many calls (a session deferring for ever)."""

    def __init__(self) -> None:
        self.pending: list[Callable[[], object]] = []
        self.timers: list[_ManualTimer] = []

    def defer(self, fn: Callable[[], object]) -> None:
        self.pending.append(fn)

    def repeating(self, seconds: float, fn: Callable[[], object]) -> _ManualTimer:
        timer = _ManualTimer(fn)
        self.timers.append(timer)
        return timer

    def run_pending(self) -> int:
        """Run the deferred calls, and those they defer in turn, until none is left; returns how
        many ran. Raises ``RuntimeError`` after :data:`MAX_ROUNDS` calls."""
        ran = 0
        while self.pending:
            if ran >= self.MAX_ROUNDS:
                raise RuntimeError(f"still deferring after {ran} calls")
            self.pending.pop(0)()
            ran += 1
        return ran

    def tick(self) -> None:
        """Call every started timer once, then the deferred calls."""
        for timer in list(self.timers):
            if timer.active:
                timer.fn()
        self.run_pending()


class InlineEngine:
    """An :class:`Engine` that searches on the session's own thread, deferred through
    ``scheduler`` (so a reply never arrives inside the action that asked for it). ``choose``:
    the engine's move function (default ``engine.choose_move``). An exception from ``choose`` is
    answered as :attr:`EngineReply.error`."""

    def __init__(self, scheduler: Scheduler, choose: Optional[ChooseFn] = None) -> None:
        if choose is None:
            from ..engine import choose_move
            choose = choose_move
        self.choose: ChooseFn = choose
        self.scheduler = scheduler
        self.requests = 0
        self._generation = 0

    def request(self, board: Board, level: int, reply: Callable[[EngineReply], None]) -> None:
        self.requests += 1
        generation = self._generation

        def run() -> None:
            if generation != self._generation:
                return  # cancelled
            try:
                answer = EngineReply(self.choose(board, level, threading.Event()))
            except Exception as exc:  # answered to the session, which logs and tells it
                answer = EngineReply(error=exc)
            reply(answer)

        self.scheduler.defer(run)

    def cancel(self) -> None:
        self._generation += 1

    def wait(self, timeout: float) -> None:
        return None
