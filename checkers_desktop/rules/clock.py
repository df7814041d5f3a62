"""Game clocks as pure logic, driven by an injected monotonic time source.

Nothing here sleeps or starts a timer: the owner (the referee, a Qt timer in the UI) calls
:meth:`GameClock.poll` now and then and gets the events whose time has come. The time source is any
callable returning seconds (``time.monotonic`` in the app; a fake in tests). All times are seconds
(floats); remaining times never go below zero.

What the rulebooks time (digest: ../shared/RULES.md):
- a per-move timer: VA 3:00 s4, a warning at 25 s and at 30 s a penalty; WCDF 4.1, informally
  5 minutes and 1 minute's grace (1 + 1 for a capture that can be made only one way);
- one timer for the whole game, not one per player: VA 3:00 s5 ("All games will have a 10-minute
  time limit"), 3:00 s5-VI (15 minutes), Caseville ("A fifteen minute maximum time limit per game");
- a chess clock per side: WCDF 4.3 ("time clocks usually at 30 moves per hour").
The official may pause and resume every timer at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from .errors import RulesError
from .types import Color

__all__ = [
    "TimeSource", "ClockError", "Stopwatch", "ClockEvent", "MoveWarning", "MoveTimeExpired",
    "GameTimeWarning", "GameTimeExpired", "SideTimeExpired", "GameClock",
]

TimeSource = Callable[[], float]
"""A callable returning monotonic seconds, such as ``time.monotonic``."""


class ClockError(RulesError):
    """A clock was given a bad setting (a negative limit, a warning after its limit)."""


class Stopwatch:
    """Running time in seconds, which can be stopped and started again."""

    def __init__(self, time_source: TimeSource = time.monotonic) -> None:
        self._now = time_source
        self._accumulated = 0.0
        self._started_at: Optional[float] = None

    @property
    def running(self) -> bool:
        return self._started_at is not None

    def start(self) -> None:
        if self._started_at is None:
            self._started_at = self._now()

    def stop(self) -> None:
        if self._started_at is not None:
            self._accumulated += max(0.0, self._now() - self._started_at)
            self._started_at = None

    def reset(self, running: Optional[bool] = None) -> None:
        """Back to zero; keeps running (or not) unless ``running`` says otherwise."""
        run = self.running if running is None else running
        self._accumulated = 0.0
        self._started_at = self._now() if run else None

    def set_elapsed(self, seconds: float) -> None:
        """Stop and hold ``seconds`` (a restored game's time; see :meth:`GameClock.from_dict`)."""
        self._accumulated = max(0.0, float(seconds))
        self._started_at = None

    def elapsed(self) -> float:
        """Seconds counted so far (never negative)."""
        total = self._accumulated
        if self._started_at is not None:
            total += max(0.0, self._now() - self._started_at)
        return total


# --- events ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class ClockEvent:
    """Something the time brought. ``at`` is the game's running time, seconds, when it happened."""

    at: float

    @property
    def code(self) -> str:
        """A short stable name for texts and logs ("move_warning", ...)."""
        return _CODES[type(self)]


@dataclass(frozen=True)
class MoveWarning(ClockEvent):
    """The mover has used ``seconds`` of the move's time: warn them (VA 3:00 s4: 25 s)."""

    color: Color
    seconds: float
    limit: float


@dataclass(frozen=True)
class MoveTimeExpired(ClockEvent):
    """The mover's time for this move (``seconds``) is up (VA 3:00 s4: 30 s; WCDF 4.1)."""

    color: Color
    seconds: float


@dataclass(frozen=True)
class GameTimeWarning(ClockEvent):
    """``seconds_left`` remain of the game time limit."""

    seconds_left: float

    @property
    def minutes_left(self) -> float:
        return self.seconds_left / 60.0


@dataclass(frozen=True)
class GameTimeExpired(ClockEvent):
    """The game time limit (``limit`` seconds) is reached (VA 3:00 s5, s5-VI; Caseville)."""

    limit: float


@dataclass(frozen=True)
class SideTimeExpired(ClockEvent):
    """One side's chess clock has run out (WCDF 4.3)."""

    color: Color


_CODES = {
    ClockEvent: "clock", MoveWarning: "move_warning", MoveTimeExpired: "move_time_expired",
    GameTimeWarning: "game_time_warning", GameTimeExpired: "game_time_expired",
    SideTimeExpired: "side_time_expired",
}


def _check_limit(name: str, value: Optional[float]) -> None:
    if value is not None and not value > 0:
        raise ClockError(f"{name} must be a positive number of seconds, got {value!r}")


class GameClock:
    """Every timer of one game: a game timer, a per-move timer and per-side chess clocks, each
    optional, paused and resumed together.

    ``game_limit`` (seconds) is one timer for the whole game (VA 3:00 s5), with warnings when
    ``game_warnings`` seconds remain. ``move_warning``/``move_limit`` are the default per-move
    times; :meth:`start_turn` can set others for one move (WCDF 4.1 single-way capture).
    ``side_moves``/``side_seconds`` make a chess clock per side: each side has ``side_seconds`` for
    its first ``side_moves`` moves, and the same again for each further period (WCDF 4.3).
    Raises :class:`ClockError` for a non-positive limit or a warning not before its limit.
    """

    def __init__(self, time_source: TimeSource = time.monotonic, *,
                 game_limit: Optional[float] = None, game_warnings: tuple[float, ...] = (),
                 move_warning: Optional[float] = None, move_limit: Optional[float] = None,
                 side_moves: Optional[int] = None, side_seconds: Optional[float] = None) -> None:
        _check_limit("game_limit", game_limit)
        _check_limit("move_limit", move_limit)
        _check_limit("side_seconds", side_seconds)
        self._check_move_times(move_warning, move_limit)
        if (side_moves is None) != (side_seconds is None) or (side_moves is not None and side_moves < 1):
            raise ClockError(f"a side clock needs both a positive number of moves and seconds, got "
                             f"{side_moves!r} moves and {side_seconds!r} seconds")
        self._now = time_source
        self.game_limit = game_limit
        self.game_warnings = tuple(sorted((w for w in game_warnings
                                           if game_limit is None or 0 < w < game_limit), reverse=True))
        self.default_move_warning = move_warning
        self.default_move_limit = move_limit
        self.side_moves = side_moves
        self.side_seconds = side_seconds
        self._game = Stopwatch(time_source)
        self._move = Stopwatch(time_source)
        self._sides = {c: Stopwatch(time_source) for c in Color}
        self._side_moves_made = {c: 0 for c in Color}
        self._to_move: Optional[Color] = None
        self._move_warning = move_warning
        self._move_limit = move_limit
        self._paused = False
        self._started = False
        self._finished = False
        self._game_warned: set[float] = set()
        self._game_expired = False
        self._move_warned = False
        self._move_expired = False
        self._side_expired: set[Color] = set()

    # --- saving and restoring (storage/snapshot.py) ---------------------------
    def to_dict(self) -> dict[str, Any]:
        """The clock's whole state as plain JSON values: the settings, every timer's seconds,
        the side to move (``"B"``/``"W"``/None) and which warnings and limits were given.
        :meth:`from_dict` reads it back."""
        return {
            "settings": {
                "game_limit": self.game_limit, "game_warnings": list(self.game_warnings),
                "move_warning": self.default_move_warning, "move_limit": self.default_move_limit,
                "side_moves": self.side_moves, "side_seconds": self.side_seconds,
            },
            "game": self._game.elapsed(), "move": self._move.elapsed(),
            "sides": {c.value: self._sides[c].elapsed() for c in Color},
            "side_moves_made": {c.value: self._side_moves_made[c] for c in Color},
            "to_move": None if self._to_move is None else self._to_move.value,
            "paused": self._paused, "started": self._started, "finished": self._finished,
            "move_warning_now": self._move_warning, "move_limit_now": self._move_limit,
            "game_limit_now": self.game_limit,
            "game_warned": sorted(self._game_warned), "game_expired": self._game_expired,
            "move_warned": self._move_warned, "move_expired": self._move_expired,
            "side_expired": sorted(c.value for c in self._side_expired),
        }

    @classmethod
    def from_dict(cls, state: dict[str, Any], time_source: TimeSource = time.monotonic) -> "GameClock":
        """A clock with :meth:`to_dict`'s state, **paused** whatever it was (a restored game
        waits for the official or the player: :meth:`resume`). Raises :class:`ClockError` for
        bad settings, ``KeyError``/``ValueError``/``TypeError`` for a malformed ``state``."""
        s = state["settings"]
        clock = cls(time_source, game_limit=s.get("game_limit"),
                    game_warnings=tuple(s.get("game_warnings", ())),
                    move_warning=s.get("move_warning"), move_limit=s.get("move_limit"),
                    side_moves=s.get("side_moves"), side_seconds=s.get("side_seconds"))
        clock._game.set_elapsed(state["game"])
        clock._move.set_elapsed(state["move"])
        for c in Color:
            clock._sides[c].set_elapsed(state["sides"][c.value])
            clock._side_moves_made[c] = int(state["side_moves_made"][c.value])
        to_move = state.get("to_move")
        clock._to_move = None if to_move is None else Color(to_move)
        clock._move_warning = state.get("move_warning_now")
        clock._move_limit = state.get("move_limit_now")
        if state.get("game_limit_now") is None and clock.game_limit is not None:
            clock.remove_game_limit()
        clock._paused = True
        clock._started = bool(state["started"])
        clock._finished = bool(state["finished"])
        clock._game_warned = set(state.get("game_warned", ()))
        clock._game_expired = bool(state["game_expired"])
        clock._move_warned = bool(state["move_warned"])
        clock._move_expired = bool(state["move_expired"])
        clock._side_expired = {Color(c) for c in state.get("side_expired", ())}
        return clock

    @staticmethod
    def _check_move_times(warning: Optional[float], limit: Optional[float]) -> None:
        _check_limit("move_limit", limit)
        if warning is not None:
            if not warning > 0:
                raise ClockError(f"move_warning must be a positive number of seconds, got {warning!r}")
            if limit is not None and warning >= limit:
                raise ClockError(f"move_warning {warning!r} must come before move_limit {limit!r}")

    # --- state --------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self._started

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def to_move(self) -> Optional[Color]:
        return self._to_move

    def elapsed(self) -> float:
        """Running game time in seconds (pauses not counted). Used to stamp recorded actions."""
        return self._game.elapsed()

    def game_remaining(self) -> Optional[float]:
        """Seconds left of the game limit (0 at the most), or None without a limit."""
        if self.game_limit is None:
            return None
        return max(0.0, self.game_limit - self._game.elapsed())

    def move_elapsed(self) -> float:
        """Seconds the side to move has used on this move."""
        return self._move.elapsed()

    def move_limits(self) -> tuple[Optional[float], Optional[float]]:
        """``(warning, limit)`` in seconds of the current move."""
        return self._move_warning, self._move_limit

    def move_remaining(self) -> Optional[float]:
        if self._move_limit is None:
            return None
        return max(0.0, self._move_limit - self._move.elapsed())

    def side_remaining(self, color: Color) -> Optional[float]:
        """Seconds left on ``color``'s chess clock in its current period, or None without one."""
        if self.side_seconds is None:
            return None
        return max(0.0, self._side_allowance(color) - self._sides[color].elapsed())

    def _side_allowance(self, color: Color) -> float:
        assert self.side_moves is not None and self.side_seconds is not None
        periods = self._side_moves_made[color] // self.side_moves + 1
        return periods * self.side_seconds

    # --- control ------------------------------------------------------------------------
    def start_turn(self, color: Color, *, move_warning: Optional[float] = None,
                   move_limit: Optional[float] = None) -> None:
        """``color`` is now to move: its move timer starts from zero and its chess clock runs.

        The first call starts the game timer. ``move_warning``/``move_limit`` override the
        defaults for this move only (seconds). Raises :class:`ClockError` for bad times.
        """
        warning = self.default_move_warning if move_warning is None else move_warning
        limit = self.default_move_limit if move_limit is None else move_limit
        self._check_move_times(warning, limit)
        if self._to_move is not None and self._to_move is not color:
            self._side_moves_made[self._to_move] += 1
        for c, watch in self._sides.items():
            watch.stop()
        self._to_move = color
        self._move_warning, self._move_limit = warning, limit
        self._move_warned = self._move_expired = False
        self._move.reset(running=False)
        self._started = True
        if not self._paused:
            self._game.start()
            self._move.start()
            self._sides[color].start()

    def restart_move(self) -> None:
        """The move timer of the side to move starts again from zero (after a time penalty)."""
        self._move_warned = self._move_expired = False
        self._move.reset()

    def pause(self) -> None:
        """Stop every timer (an official's pause). Does nothing when already paused."""
        if self._paused:
            return
        self._paused = True
        self._game.stop()
        self._move.stop()
        for watch in self._sides.values():
            watch.stop()

    def resume(self) -> None:
        """Start again the timers :meth:`pause` stopped. Does nothing unless paused."""
        if not self._paused:
            return
        self._paused = False
        if self._started and not self.finished:
            self._game.start()
            self._move.start()
            if self._to_move is not None:
                self._sides[self._to_move].start()

    def remove_game_limit(self) -> None:
        """Let the game go on without a limit (VA 4:00 s4: a game after a draw is played out)."""
        self.game_limit = None
        self.game_warnings = ()

    def stop(self) -> None:
        """The game is over: stop every timer for good."""
        self.pause()
        self._finished = True

    def reopen(self) -> None:
        """Undo :meth:`stop` (a finished practice game whose last move is taken back); the timers
        start again at the next :meth:`start_turn`."""
        self._finished = False
        self._paused = False

    @property
    def finished(self) -> bool:
        return self._finished

    # --- events -------------------------------------------------------------------------
    def poll(self) -> list[ClockEvent]:
        """The events whose time has come since the last poll, in time order, each only once.

        When a poll comes late, every threshold passed meanwhile is reported, stamped with the game
        time at which it was passed.
        """
        events: list[ClockEvent] = []
        if not self._started:
            return events
        game_now = self._game.elapsed()
        move_now = self._move.elapsed()
        move_start = game_now - move_now
        color = self._to_move
        if color is not None and self._move_warning is not None and not self._move_warned \
                and move_now >= self._move_warning:
            self._move_warned = True
            events.append(MoveWarning(move_start + self._move_warning, color, self._move_warning,
                                      self._move_limit if self._move_limit is not None else 0.0))
        if color is not None and self._move_limit is not None and not self._move_expired \
                and move_now >= self._move_limit:
            self._move_expired = True
            self._move_warned = True
            events.append(MoveTimeExpired(move_start + self._move_limit, color, self._move_limit))
        if self.game_limit is not None:
            for w in self.game_warnings:
                at = self.game_limit - w
                if w not in self._game_warned and game_now >= at:
                    self._game_warned.add(w)
                    events.append(GameTimeWarning(at, w))
            if not self._game_expired and game_now >= self.game_limit:
                self._game_expired = True
                events.append(GameTimeExpired(self.game_limit, self.game_limit))
        if self.side_seconds is not None and color is not None and color not in self._side_expired:
            used = self._sides[color].elapsed()
            allowance = self._side_allowance(color)
            if used >= allowance:
                self._side_expired.add(color)
                events.append(SideTimeExpired(game_now - (used - allowance), color))
        events.sort(key=lambda e: e.at)
        return events
