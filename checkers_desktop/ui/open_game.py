"""Game > Open game...: a game of a PDN file, put on the board to continue playing.

The file is read off the GUI thread (:class:`~.jobs.BackgroundJob`, one "open" worker) by
``session.opening``, which refuses what is not a game record (a folder, a FIFO, ``/dev/zero``, a
file over 20 MB, binary data, a PDN past the reader's limits) before or while reading, in bounded
time and memory: first the file's games are listed from their tag pairs (``list_games``); a file
of several games then asks which one (a list read by the screen reader, each game by its number,
event, date, players and result; Escape cancels); then that game's moves are read
(``read_game``). While it reads, the window keeps answering; after :data:`PROGRESS_DELAY_MS` a
progress window (a busy bar and Cancel; Escape cancels) appears and "Opening NAME. Press Escape
to cancel." is said. The game in progress is untouched until a game came back: then its final
position is set up with the moves on the board's history (so the move list and the last move can
be read), and that is announced: a game saved against the computer goes on against the computer,
at the level the file gives (the computer moves at once when it is its turn), any other as a game
for two players; the players the file names become
the game's (said with the turns, shown on the status line), and the window's title shows the
file and its event until another game starts. A file that cannot be opened is told (shown and
spoken) in words a player can act on (``texts.app.open_failed_text``), and nothing changes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog

from ..inputs import brief
from ..rules.referee import Referee
from ..session.game import Mode
from ..session.opening import GameList, OpenError, OpenedGame, list_games, read_game
from ..speech.announcer import Priority
from ..texts import app as app_texts
from . import failures
from .jobs import BackgroundJob
from .context import AppContext

__all__ = ["OpenGameAction", "PROGRESS_DELAY_MS"]

log = logging.getLogger(__name__)

PROGRESS_DELAY_MS = 300
"""A file read faster than this (milliseconds) opens without a progress window flashing up."""


def _list(stop, path: str) -> GameList:
    return list_games(path, stop)


def _read(stop, path: str, number: int) -> OpenedGame:
    return read_game(path, number, stop)


class OpenGameAction(QObject):
    """Game > Open game for the window of ``ctx`` (an :class:`~.context.AppContext`).
    ``ask_path() -> str | None`` asks which file (default ``ctx.ask.open_file``; tests replace it);
    ``choose_game(listing) -> int | None`` asks which game of a file of several (a
    :class:`~checkers_desktop.session.opening.GameList`; the index of the game chosen, None to
    cancel; default a list through ``ctx.ask``; tests replace it).

    Signals: ``done(bool)`` when an open ends (True: a game was put on the board; False: refused,
    cancelled or failed, the game unchanged); ``progress_shown()`` when the progress window
    appears.
    """

    done = Signal(bool)
    progress_shown = Signal()

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.ask_path: Callable[[], Optional[str]] = self._ask_path
        self.choose_game: Callable[[GameList], Optional[int]] = self._choose_game
        self._path = ""
        self._several = False
        self._title: Optional[str] = None  # the title of the game being put on the board
        self.job = BackgroundJob("open", self)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self.progress: Optional[QProgressDialog] = None
        self._token: Optional[int] = None
        self._name = ""
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.timeout.connect(self._show_progress)
        ctx.game.game_started.connect(self._game_started)

    @property
    def busy(self) -> bool:
        """True while a file is being read."""
        return self._token is not None

    def _ask_path(self) -> Optional[str]:
        path = self.ctx.ask.open_file("Open a game", "PDN games (*.pdn *.txt);;All files (*)",
                                      folder=self.ctx.settings.games_folder())
        self.ctx.focus_board()
        if path:
            self.ctx.settings.remember_games_folder(path)
        return path or None

    def open(self, path: Optional[str] = None) -> bool:
        """Ask for a file (unless ``path``) and start reading it off the GUI thread. Returns True
        when reading started (the answer comes as :attr:`done`), False when no file was chosen.
        An open already running is cancelled first."""
        if path is None:
            path = self.ask_path()
        if not path:
            return False
        if self.busy:
            self._stop(tell=False)
        self._name = brief(Path(path).name or str(path), 80)
        self._path = str(path)
        self._token = self.job.start(_list, self._path)
        self._delay.start(PROGRESS_DELAY_MS)
        return True

    def _choose_game(self, listing: GameList) -> Optional[int]:
        side_names = self.ctx.session.side_names
        options = [app_texts.game_choice_text(
            g.number, g.event, g.date, g.players, g.stated is not None,
            g.stated.winner if g.stated is not None else None, side_names)
            for g in listing.games]
        return self.ctx.ask.choose(
            app_texts.choose_game_title_text(),
            app_texts.choose_game_label_text(listing.name, len(listing.games), listing.more),
            options, say_options=False)

    def cancel(self) -> None:
        """Stop reading (Cancel or Escape in the progress window): nothing changes."""
        if self.busy:
            self._stop(tell=True)
            self.done.emit(False)

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait (tests, closing) until the worker is idle; True when it is."""
        return self.job.wait(timeout)

    # --- the progress window ------------------------------------------------------------------
    def _show_progress(self) -> None:
        if not self.busy or self.progress is not None:
            return
        dialog = QProgressDialog(app_texts.opening_text(self._name),
                                 app_texts.cancel_button_text(), 0, 0, self.ctx.window)
        dialog.setWindowTitle(app_texts.opening_title_text())
        dialog.setObjectName("open-progress")
        dialog.setAccessibleName(app_texts.opening_title_text())
        dialog.setAccessibleDescription(app_texts.opening_text(self._name))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(self.cancel)
        self.progress = dialog
        dialog.open()
        self.ctx.say(app_texts.opening_text(self._name), Priority.INTERRUPT)
        self.progress_shown.emit()

    def _close_progress(self) -> None:
        self._delay.stop()
        dialog, self.progress = self.progress, None
        if dialog is not None:
            dialog.canceled.disconnect(self.cancel)
            dialog.close()
            dialog.deleteLater()

    def _stop(self, tell: bool) -> None:
        self.job.cancel()
        self._token = None
        self._close_progress()
        self.ctx.focus_board()
        if tell:
            self.ctx.say(app_texts.open_cancelled_text(), Priority.INTERRUPT)

    # --- the answer -------------------------------------------------------------------------
    def _finished(self, answer, token: int) -> None:
        if token != self._token:
            return
        if isinstance(answer, GameList):
            self._listed(answer)
            return
        self._token = None
        self._close_progress()
        self._opened(answer)

    def _listed(self, listing: GameList) -> None:
        """The file's games are known: the only one is read at once; of several, the player
        chooses one first (Cancel changes nothing)."""
        number = 1
        if len(listing.games) > 1:
            self._close_progress()
            index = self.choose_game(listing)
            if index is None or not 0 <= index < len(listing.games):
                self._token = None
                self.ctx.focus_board()
                self.ctx.say(app_texts.open_cancelled_text(), Priority.INTERRUPT)
                self.done.emit(False)
                return
            number = listing.games[index].number
        self._several = len(listing.games) > 1
        self._token = self.job.start(_read, self._path, number)
        if self.progress is None and not self._delay.isActive():  # one progress window at most
            self._delay.start(PROGRESS_DELAY_MS)

    def _opened(self, opened: OpenedGame) -> None:
        c = self.ctx.session
        referee = Referee(c.home_profile, opened.board, time_source=c.time_source)  # never a match's
        self._title = app_texts.window_title_text(opened.name, opened.event)
        computer = opened.computer
        level = None
        if computer is not None:
            level = self._take_level(computer.level)
            c.new_game(Mode.COMPUTER, computer.color.other, referee=referee, announce=False)
            c.move_levels = dict(computer.move_levels)
        else:
            c.new_game(Mode.TWO_PLAYERS, referee=referee, announce=False,
                       player_names=opened.players)
        self._title = None
        note = None
        if opened.problem is not None:
            note = app_texts.only_first_moves_text(opened.plies, opened.problem)
        stated = opened.stated
        self.ctx.say(app_texts.opened_text(
            opened.name, opened.plies, c.headline(), note, event=opened.event,
            players=opened.players, stated=stated is not None,
            winner=stated.winner if stated is not None else None, side_names=c.side_names,
            number=opened.number if self._several else None,
            root_turn=opened.board.root().turn,
            computer=computer.color if computer is not None else None, level=level),
            Priority.INTERRUPT)
        matches = self.ctx.matches
        if matches is not None and self._path:
            matches.check_record_read(self._path)  # a match's record: its seal, said
        self.ctx.focus_board()
        self.done.emit(True)

    def _take_level(self, level: Optional[int]) -> int:
        """The computer plays on at ``level`` (the file's), through the Practice menu's level so
        that its menu and the settings follow; a level the app does not have, or none, keeps the
        level chosen. Returns the level in play."""
        practice = self.ctx.practice
        if level is not None and practice is not None:
            try:
                practice.set_level(level, announce=False)
            except ValueError:
                log.warning("the file's computer level %s is not a level here", level)
        elif level is not None and 1 <= level <= 6:
            self.ctx.session.level = level
        return int(self.ctx.session.level)

    def _game_started(self) -> None:
        """The title follows the game put on the board: the file and event of the game just
        opened, else the app's name alone (set once, so a screen reader hears one title)."""
        self.ctx.window.setWindowTitle(self._title or app_texts.window_title_text())

    def _failed(self, error: BaseException, token: int) -> None:
        if token != self._token:
            return
        self._token = None
        self._close_progress()
        if isinstance(error, OpenError):
            log.warning("PDN not opened: %s", error)
            text = app_texts.open_failed_text(error.problem.value, error.name, error.detail)
        else:  # a fault in the reader: logged with its traceback by the job
            text = app_texts.open_failed_text("unreadable", self._name,
                                              f"{type(error).__name__}: {brief(str(error))}")
        failures.report(self.ctx, text)
        self.ctx.focus_board()
        self.done.emit(False)
