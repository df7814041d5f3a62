"""Never lose a game: the window's autosave and the resume offer at start.

:class:`AutosaveKeeper` sits between the game session and the storage layer
(:mod:`checkers_desktop.storage`): after every move and every official's action (the session's
rulings and referee events), and when a game starts or ends (a match's next game as soon as it is
set up), the game is written atomically to ``autosave.json`` in the app's data folder (see
:mod:`.paths`).

At start, :meth:`AutosaveKeeper.start` looks for an unfinished game. A damaged save was kept aside by
the store (never deleted) and is told (shown and spoken). An unfinished game is offered: the
offer is spoken and shown as a question (Yes / No, Yes the default: Enter resumes, Escape
declines). Resuming restores the position, the referee's state, the match and the players; in a
match the clocks stay paused until the official restarts them (Event > Official > Restart the
clocks, Ctrl+Alt+R); outside a match they run again once the player has said Yes. A declined game
is kept aside as ``autosave.declined-YYYYmmdd-HHMMSS.json`` (nothing is deleted).

The keeper does nothing (reads and writes no file) until :meth:`start` is called, so windows made
in tests never touch the user's folder. ``CHECKERS_DESKTOP_AUTORESUME=1`` answers the offer Yes
without the question (the kill test of the real app, ``tests/ui/test_ui_kill_resume.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
import logging
import os
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox

from ..session.match_events import ActionLogged
from ..session.resume import resume, snapshot_of
from ..speech.announcer import Priority
from ..storage import AutosaveStore, DamagedAutosaveError, Snapshot
from ..texts import app as app_texts
from . import failures
from .event.score_sheet import save_pdf

__all__ = ["AUTORESUME_ENV", "AutosaveKeeper", "Keeping", "install_keeping"]

log = logging.getLogger(__name__)

AUTORESUME_ENV = "CHECKERS_DESKTOP_AUTORESUME"
"""Environment variable: "1" resumes an unfinished game without asking (tests)."""

class AutosaveKeeper(QObject):
    """Keeps the window's game on disk and offers it back at the next start.

    ``ctx``: the :class:`~.context.AppContext`. ``folder``: where the files go (default the
    context's data folder).
    ``ask(question) -> bool``: asks the resume question (default an accessible ``QMessageBox``,
    Yes the default button). Signals: ``saved(object)`` after each completed save (the
    ``Snapshot``), ``resumed(object)`` after a resume (the ``Snapshot``), ``failed(str)`` when a
    save failed (the sentence told to the player).
    """

    saved = Signal(object)
    resumed = Signal(object)
    failed = Signal(str)

    def __init__(self, ctx, folder: Optional[os.PathLike] = None,
                 ask: Optional[Callable[[str], bool]] = None) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.folder = Path(folder) if folder is not None else None
        self.store: Optional[AutosaveStore] = None
        self.active = False
        self.ask = ask or self._ask_dialog
        self.save_count = 0
        self.resumed_at_start = False
        self._starting = False
        self._last_failure: Optional[str] = None
        self._watched = None
        self.before_start: Optional[Callable[[], None]] = None
        """Called first by :meth:`start` (the window tells a missing voice there)."""
        game = ctx.game
        game.ruling_made.connect(self._on_change)
        game.referee_event.connect(self._on_change)
        game.game_started.connect(self._on_boundary)
        game.game_started.connect(self._clear_notice)
        game.game_result.connect(self._on_boundary)

    # --- start-up ---------------------------------------------------------------------------
    def start(self, *, ask: Optional[Callable[[str], bool]] = None,
              autoresume: Optional[bool] = None) -> bool:
        """Open the store, tell any damaged save, offer an unfinished game, then keep saving.

        Returns True when a game was resumed. ``autoresume`` (default: ``$CHECKERS_DESKTOP_AUTORESUME``
        is "1") answers Yes without asking. Never raises: a folder that cannot be read is told and
        the app plays on without autosave.
        """
        if ask is not None:
            self.ask = ask
        if self.before_start is not None:
            self.before_start()
        if autoresume is None:
            autoresume = os.environ.get(AUTORESUME_ENV) == "1"
        self._starting = True
        try:
            return self._start(autoresume)
        finally:
            self._starting = False

    def _start(self, autoresume: bool) -> bool:
        folder = self.folder or self.ctx.data_folder
        self.folder = folder
        self.store = AutosaveStore(folder)
        try:
            found = self.store.load_result()
        except OSError as exc:
            log.exception("cannot read the autosave folder %s", folder)
            failures.report(self.ctx, app_texts.saves_unreadable_text(
                folder, exc.strerror or str(exc)))
            self.active = True
            return False
        if found.message:
            failures.report(self.ctx, found.message)
        resumed = False
        snapshot = found.snapshot
        if snapshot is not None:
            question = app_texts.resume_offer_text(snapshot.summary())
            self.ctx.announcer.announce(question, Priority.INTERRUPT)
            yes = True if autoresume else bool(self.ask(question))
            if yes:
                self.active = True
                resumed = self.resume(snapshot)
            else:
                self._set_aside_declined()
                self.ctx.announcer.announce(app_texts.put_aside_text(), Priority.QUEUE)
        self.active = True
        self.resumed_at_start = resumed
        return resumed

    def _ask_dialog(self, question: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, app_texts.resume_title_text(), question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.ctx.window)
        box.setObjectName("resume-offer")
        box.setAccessibleName(app_texts.resume_title_text())
        box.setAccessibleDescription(question)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        answer = box.exec()
        self.ctx.focus_board()
        return answer == QMessageBox.StandardButton.Yes

    def _set_aside_declined(self) -> None:
        """The player said No: the save is kept aside, not offered again (see
        ``AutosaveStore.set_aside``); a folder that cannot be changed is logged."""
        try:
            self.store.set_aside()
        except OSError as exc:
            log.error("could not put the declined save aside: %s", exc)

    # --- resuming ---------------------------------------------------------------------------
    def resume(self, snapshot: Snapshot) -> bool:
        """Put ``snapshot``'s game on the board: position, referee, players, match (see
        ``session.resume``). Returns False (told to the player) when it cannot be rebuilt; the
        current game is then kept. A saved field that was not usable is told too."""
        menu = self.ctx.matches
        try:
            resumed = resume(self.ctx.session, snapshot, records_dir=menu.records_dir,
                             rng=menu.rng, now=menu.now, write_score_sheet=save_pdf)
        except DamagedAutosaveError as exc:
            failures.report(self.ctx, app_texts.not_resumed_text(str(exc)))
            return False
        if resumed.match is not None:
            menu.show_match(resumed.match)
            menu.timer.start()
            menu.refresh_clocks()
        for problem in resumed.problems:
            log.warning("resumed with a default: %s", problem)
            failures.report(self.ctx, problem)
        self.ctx.focus_board()
        self.resumed.emit(snapshot)
        return True

    # --- saving -----------------------------------------------------------------------------
    def current_match(self):
        """The Event menu's match whose game is on the board, or None."""
        menu = self.ctx.matches
        match = menu.current if menu is not None else None
        if match is not None and match.started and match.referee is self.ctx.session.referee:
            return match
        return None

    def snapshot(self) -> Snapshot:
        """The game on the board now, with what resuming needs (``session.resume``)."""
        return snapshot_of(self.ctx.session, self.current_match())

    def save_now(self) -> bool:
        """Save the game on the board now (when started). Returns True when saved; a failure is
        told once (shown and spoken) and play goes on."""
        if not self.active or self.store is None:
            return False
        try:
            snap = self.snapshot()
        except Exception as exc:  # never stop the game over a save
            log.exception("could not build the autosave snapshot")
            self._tell_failure(app_texts.autosave_failed_text(str(exc)))
            return False
        problem = self.store.try_save(snap)
        if problem is not None:
            self._tell_failure(problem)
            return False
        if self._last_failure is not None:
            self.ctx.status.clear_notice(only=self._last_failure)
            self._last_failure = None
        self.save_count += 1
        self.saved.emit(snap)
        return True

    def _tell_failure(self, text: str) -> None:
        if text != self._last_failure:
            self._last_failure = text
            failures.report(self.ctx, text)
        self.failed.emit(text)

    def _watch_match(self) -> None:
        """Save after every action the match logs too (an official's correction of a result
        changes the match without a ruling on the board)."""
        match = self.current_match()
        if match is not None and match is not self._watched:
            self._watched = match
            match.subscribe(lambda event: self._on_change()
                            if isinstance(event, ActionLogged) else None)

    def _clear_notice(self) -> None:
        """A game started after start-up: an old failure notice leaves the status line."""
        notice = self.ctx.status.notice
        if self.active and not self._starting and notice is not None \
                and notice != self._last_failure:
            self.ctx.status.clear_notice()  # (a failing autosave stays until saving works)

    def _on_change(self, _item=None) -> None:
        self.save_now()

    def _on_boundary(self, _item=None) -> None:
        """A game started or ended: save now, and again once the event loop has run (a match
        records the result and sets up its next game from the same signal)."""
        self._watch_match()
        self.save_now()
        if self.active:
            self.ctx.scheduler.defer(self.save_now)


# --- the window's wiring ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Keeping:
    """What :func:`install_keeping` makes: the autosave keeper, Game > Open game, Help > Save a
    problem report, and the menu handlers by action id."""

    autosave: AutosaveKeeper
    open_game: object
    problem_report: object
    handlers: dict


def install_keeping(ctx) -> Keeping:
    """The autosave keeper, Game > Open game and Help > Save a problem report for the window of
    ``ctx``, and the screen-reader announcement of a failing voice. Nothing is read or written
    until ``autosave.start()``."""
    from .open_game import OpenGameAction
    from .problem_report_action import ProblemReportAction

    keeper = AutosaveKeeper(ctx)
    open_game = OpenGameAction(ctx)
    problem_report = ProblemReportAction(ctx, lambda: keeper.folder or ctx.data_folder)
    told: set[str] = set()

    def on_tts_error(message: str) -> None:
        # Shown on the status line by the window itself; said here by the screen reader only
        # (asking the failed voice again would fail again).
        if message and message not in told:
            told.add(message)
            failures.report(ctx, message, speak_own_voice=False)

    ctx.window.tts_error.connect(on_tts_error)
    keeper.before_start = lambda: on_tts_error(ctx.status.speech_error or "")
    return Keeping(keeper, open_game, problem_report,
                   {"open_game": lambda: open_game.open(),
                    "problem_report": lambda: problem_report.save()})
