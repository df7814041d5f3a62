"""What a game session tells its listeners, as data: one frozen dataclass per kind of event, and
the small observer every session uses to send them (the window turns them into Qt signals,
``ui/game_signals.py``; a match session listens to its game session the same way)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from ..rules import Move
from ..rules.rulings import GameResult, Ruling

__all__ = ["Cue", "PositionChanged", "StatusChanged", "SoundCue", "ThinkingChanged", "GameOver",
           "ResultReached", "MovePlayed", "RefereeEventRaised", "RulingMade", "GameStarted",
           "EngineFailed", "GameEvent", "Listener", "Observable"]



class Cue(enum.Enum):
    """An earcon; the value is the sound's name (``speech/sounds.py``)."""

    MOVE = "move"
    CAPTURE = "capture"
    CROWN = "crown"
    REFUSED = "refused"
    EDGE = "edge"
    WARNING = "warning"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class PositionChanged:
    """The board or its marks changed (repaint, rename the squares)."""


@dataclass(frozen=True)
class StatusChanged:
    """The status line's text: whose turn (or the result), the last move, the latest message."""

    text: str


@dataclass(frozen=True)
class SoundCue:
    cue: Cue


@dataclass(frozen=True)
class ThinkingChanged:
    """The computer started (True) or stopped (False) searching."""

    thinking: bool


@dataclass(frozen=True)
class GameOver:
    """The game ended; ``text`` is its result as said and shown."""

    text: str


@dataclass(frozen=True)
class ResultReached:
    """The referee's result, once per game whatever ended it (a tournament or match takes it)."""

    result: GameResult


@dataclass(frozen=True)
class MovePlayed:
    """A move is on the board."""

    move: Move


@dataclass(frozen=True)
class RefereeEventRaised:
    """An event of ``Referee.poll()`` (clock warnings and expiries, ``PenaltyDue``,
    ``GameEnded``, ``FortyMovesCompleted``), each exactly once."""

    event: Any


@dataclass(frozen=True)
class RulingMade:
    """A ruling the session got from the referee (moves, touches, the official's actions)."""

    ruling: Ruling


@dataclass(frozen=True)
class GameStarted:
    """A new game is on the board (a new game, an opened or resumed one, a match's next game)."""


@dataclass(frozen=True)
class EngineFailed:
    """The computer's search failed (logged with its traceback, told to the player)."""

    error: Optional[BaseException]


GameEvent = Union[PositionChanged, StatusChanged, SoundCue, ThinkingChanged, GameOver,
                  ResultReached, MovePlayed, RefereeEventRaised, RulingMade, GameStarted,
                  EngineFailed]
Listener = Callable[[Any], None]


class Observable:
    """Listeners called with each event, in the order they subscribed, on the session's thread."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(event)`` for every event from now on; returns the function that stops
        it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, event: Any) -> None:
        for listener in list(self._listeners):
            listener(event)
