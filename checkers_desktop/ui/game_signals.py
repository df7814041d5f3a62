"""The game session's events as Qt signals, for widgets and features that connect to signals.

:class:`GameSignals` listens to a :class:`~checkers_desktop.session.game.GameSession` and emits,
for each event (``checkers_desktop.session.events``), the signal of the same meaning. It holds no
state and no logic of the game.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..session import events as ev

__all__ = ["GameSignals"]


class GameSignals(QObject):
    """Signals: ``position_changed()``, ``status_changed(str)``, ``sound(str)`` (an earcon name),
    ``thinking_changed(bool)``, ``game_ended(str)`` (the result text), ``game_result(object)``
    (the referee's ``GameResult``), ``move_played(object)``, ``referee_event(object)``,
    ``ruling_made(object)``, ``game_started()``, ``engine_failed(object)``."""

    position_changed = Signal()
    status_changed = Signal(str)
    sound = Signal(str)
    thinking_changed = Signal(bool)
    game_ended = Signal(str)
    game_result = Signal(object)
    move_played = Signal(object)
    referee_event = Signal(object)
    ruling_made = Signal(object)
    game_started = Signal()
    engine_failed = Signal(object)

    def __init__(self, session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relays = {
            ev.PositionChanged: lambda e: self.position_changed.emit(),
            ev.StatusChanged: lambda e: self.status_changed.emit(e.text),
            ev.SoundCue: lambda e: self.sound.emit(e.cue.value),
            ev.ThinkingChanged: lambda e: self.thinking_changed.emit(e.thinking),
            ev.GameOver: lambda e: self.game_ended.emit(e.text),
            ev.ResultReached: lambda e: self.game_result.emit(e.result),
            ev.MovePlayed: lambda e: self.move_played.emit(e.move),
            ev.RefereeEventRaised: lambda e: self.referee_event.emit(e.event),
            ev.RulingMade: lambda e: self.ruling_made.emit(e.ruling),
            ev.GameStarted: lambda e: self.game_started.emit(),
            ev.EngineFailed: lambda e: self.engine_failed.emit(e.error),
        }
        self._unsubscribe = session.subscribe(self._relay)

    def _relay(self, event) -> None:
        relay = self._relays.get(type(event))
        if relay is not None:  # events without a signal (the removal step's) are listened to
            relay(event)       # where they are used

    def detach(self) -> None:
        """Stop relaying (the window is closing)."""
        self._unsubscribe()
