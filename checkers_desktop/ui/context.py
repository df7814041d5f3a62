"""The application context: what the window's features share, passed to each of them instead of
the window (so no feature reaches into another through window attributes).

:class:`AppContext` holds the game (:attr:`session` and its Qt signals :attr:`game`), the speech
outputs, the status line, the board widget, the settings, the sounds, the one data folder, and,
once the window has made them, the features that use each other (:attr:`practice`,
:attr:`reading`, :attr:`matches`). Features take it as their first argument.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol

from ..speech.announcer import Announcer, OutputSink, Priority

if TYPE_CHECKING:  # the window's parts, named for the type checker only (they import this module)
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QVBoxLayout

    from ..session.game import GameSession
    from .a11y import ScreenReaderSink
    from .board_widget import BoardWidget
    from .display import DisplayController
    from .event.menu import EventMenu
    from .game_signals import GameSignals
    from .interaction import Interaction
    from .leave_guard import LeaveGuard
    from .main_window import MainWindow
    from .practice import PracticeControls
    from .qt_ports import QtScheduler
    from .settings import Settings
    from .speech_menu import SpeechControls
    from .status_line import StatusLine
    from .tournament.menu import TournamentMenu

__all__ = ["AppContext", "Sounds", "SoundPlayer"]

log = logging.getLogger(__name__)


class SoundPlayer(Protocol):
    """What plays the earcons (``ui.sound_player``): ``play(name)``; a player that also has
    ``placed`` takes ``play(name, (column, row))`` and pans and pitches the sound there."""

    volume: float
    """0.0-1.0."""
    muted: bool

    def play(self, name: str, place: Optional[tuple[int, int]] = None) -> object: ...


class Sounds:
    """The earcons: ``play(name)`` on ``player`` (an object with ``play(name)``, or None for
    silence). A sound that cannot be played is logged once and never stops the game."""

    def __init__(self, player: Optional[SoundPlayer]) -> None:
        self.player = player
        self._failed: set[str] = set()
        self.placer: Optional[Callable[[str], Optional[tuple[int, int]]]] = None
        """Where on the board a sound is heard: (column, row) on the screen for a sound's name,
        or None (``ui/play_aids.py`` sets it; a player with ``placed`` pans and pitches it)."""

    def play(self, name: str) -> None:
        if self.player is None:
            return
        try:
            place = self.placer(name) if self.placer is not None else None
            if place is not None and hasattr(self.player, "placed"):
                self.player.play(name, place)
            else:
                self.player.play(name)
        except Exception:  # an audio stack fault: the game goes on without the sound
            if name not in self._failed:
                self._failed.add(name)
                log.exception("the sound %r could not be played", name)


@dataclass(eq=False)
class AppContext:
    """See the module text. ``window`` is the main window (the parent of dialogs);
    ``confirm(question) -> bool`` asks a yes/no question; ``refresh_board()`` repaints the board
    and renames its squares; ``data_folder`` is where the autosave, the log and the records go;
    ``side_column`` the window's side column (the move row, the status line), where the Event
    menu puts its clocks first; ``welcome_delay_ms`` how long after the window first shows the
    welcome is said."""

    window: MainWindow
    settings: Settings
    session: GameSession
    game: GameSignals
    scheduler: QtScheduler
    announcer: Announcer
    echo: Announcer
    screen_reader: ScreenReaderSink
    speech_sink: Optional[OutputSink]
    status: StatusLine
    board: BoardWidget
    sounds: Sounds
    confirm: Callable[..., bool]
    refresh_board: Callable[[], None]
    data_folder: Path
    actions: dict[str, QAction]
    ask: Interaction
    """The one object every question goes through (:class:`~.interaction.Interaction`)."""
    side_column: QVBoxLayout
    welcome_delay_ms: int = 300
    practice: Optional[PracticeControls] = None
    reading: Optional[SpeechControls] = None
    matches: Optional[EventMenu] = None
    display: Optional[DisplayController] = None
    """The View menu's theme, zoom and text size (:class:`~.display.DisplayController`)."""
    leaving: Optional[LeaveGuard] = None
    """Asks before a game or match in progress is left (:class:`~.leave_guard.LeaveGuard`)."""
    tournament: Optional[TournamentMenu] = None
    """The Tournament menu (:class:`~.tournament.menu.TournamentMenu`): its official's gate
    shares the laptop's count of wrong PINs and the event PIN."""
    end_review: Optional[Callable[..., None]] = None
    """Shows the game again when a past position is on the board (the side panel's review);
    the board's refresh calls it first, so the board never shows the game under a status line,
    a board as text and reading keys that still describe the past position. ``announce=False``
    leaves saying so to the caller."""

    def say(self, text: str, priority: Priority = Priority.INTERRUPT) -> None:
        """Announce ``text`` (screen reader and the app's own voice)."""
        self.announcer.announce(text, priority)

    def focus_board(self) -> None:
        """Put the keyboard focus back on the board's cursor."""
        self.board.focus_cursor()
