"""Spoken time thresholds: 5, 2 and 1 minute, 30 and 10 seconds left, on every clock a rule
profile runs, so that a player who cannot see a clock always knows where the time stands.

The referee's own events already say some of them (the game timer's warnings at 5, 2 and 1
minute left, VA rulebook 3:00 s5; the per-move warning, VA 3:00 s4: 5 seconds left at 25 s);
:class:`ClockAlerts` says the others, each once: the game timer at 30 and 10 seconds left; each
side's chess clock (WCDF 4.3) at every threshold; the per-move timer at 30 and 10 seconds left
(not at minutes: a move's time starts again at every move, and a minute reminder on each would
drown the game). A threshold not below the timer's whole length is never said. Times are
seconds; no Qt, no sleeping: the game session calls :meth:`ClockAlerts.poll` when it reads the
clocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..rules import Color
from ..rules.clock import GameClock

__all__ = ["THRESHOLDS", "MOVE_THRESHOLDS", "Alert", "ClockAlerts"]

THRESHOLDS: tuple[float, ...] = (300.0, 120.0, 60.0, 30.0, 10.0)
"""Seconds left at which a game timer or a side's clock is spoken."""

MOVE_THRESHOLDS: tuple[float, ...] = (30.0, 10.0)
"""Seconds left at which the per-move timer is spoken."""


@dataclass(frozen=True)
class Alert:
    """``kind`` "game", "side" or "move"; ``seconds_left`` the threshold passed; ``color`` the
    side whose clock or move it is (None for the game timer)."""

    kind: str
    seconds_left: float
    color: Optional[Color] = None


class ClockAlerts:
    """The thresholds said so far in one game. :meth:`poll` returns the new ones."""

    def __init__(self) -> None:
        self._said: set[tuple[str, Optional[Color], tuple[object, ...], float]] = set()
        self._move_key: Optional[tuple[object, ...]] = None

    def poll(self, clock: GameClock) -> list[Alert]:
        """The thresholds passed since the last call on ``clock`` (a ``rules.clock.GameClock``),
        at most one per timer (the lowest passed: a late poll does not say three at once)."""
        if clock.paused or clock.finished or not clock.started:
            return []
        alerts: list[Alert] = []
        left = clock.game_remaining()
        if left is not None and clock.game_limit is not None:
            covered = set(clock.game_warnings)
            alert = self._passed("game", None, left, clock.game_limit,
                                 [t for t in THRESHOLDS if t not in covered], ())
            if alert:
                alerts.append(alert)
        color = clock.to_move
        if color is not None and clock.side_seconds is not None:
            side_left = clock.side_remaining(color)
            assert side_left is not None  # the rules give each side a clock
            period = clock._side_moves_made[color] // clock.side_moves if clock.side_moves else 0
            alert = self._passed("side", color, side_left, clock.side_seconds, THRESHOLDS,
                                 (period,))
            if alert:
                alerts.append(alert)
        warning, limit = clock.move_limits()
        move_left = clock.move_remaining()
        if color is not None and limit is not None and move_left is not None:
            covered = {limit - warning} if warning is not None else set()
            start = clock.elapsed() - clock.move_elapsed()
            alert = self._passed("move", color, move_left, limit,
                                 [t for t in MOVE_THRESHOLDS if t not in covered],
                                 (round(start, 3),))
            if alert:
                alerts.append(alert)
        return alerts

    def _passed(self, kind: str, color: Optional[Color], left: float, whole: float,
                thresholds: Sequence[float], scope: tuple[object, ...]) -> Optional[Alert]:
        passed = [t for t in thresholds if t < whole and left <= t]
        new = [t for t in passed if (kind, color, scope, t) not in self._said]
        for t in passed:
            self._said.add((kind, color, scope, t))
        return Alert(kind, min(new), color) if new else None
