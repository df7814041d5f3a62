"""Never lose a game: the window's autosave and the resume offer at start.

:class:`AutosaveKeeper` is the window's adapter on ``session.saves.SaveKeeping`` (no Qt there):
after every move and every official's action (the session's rulings and referee events), and when
a game starts or ends (a match's next game as soon as it is set up), the game is written to
``autosave.json`` in the app's data folder (see :mod:`.paths`), numbered and sealed with the
install's key (``storage.integrity``; the key lives in :func:`.paths.key_folder`, apart from the
records).

At start, :meth:`AutosaveKeeper.start` looks for an unfinished game. A save that could not be used
was kept aside by the store with its reason (never deleted) and is told (shown and spoken). An
unfinished game is offered: the offer is spoken and shown as a question (Yes / No, Yes the
default: Enter resumes, Escape declines), with a warning when it was changed outside the app.
Resuming restores the position, the referee's state, the match with its earlier games, and the
players; in a match the clocks stay paused until the official restarts them (Event > Official >
Restart the clocks, Ctrl+Alt+R); outside a match they run again once the player has said Yes. A
declined game is kept aside as ``autosave.declined-YYYYmmdd-HHMMSS.json`` (nothing is deleted).

The keeper does nothing (reads and writes no file) until :meth:`start` is called, so windows made
in tests never touch the user's folder. From :meth:`start` on, the match records (those in the
Event menu's records folder) are sealed with the same key (``storage.records.use_keys``). ``CHECKERS_DESKTOP_AUTORESUME=1`` answers the offer
Yes without the question (the kill test of the real app, ``tests/ui/test_ui_kill_resume.py``).

A match is never thrown away by a player: its question names the match, the players and the score
("Resume the match Ann Lee against Bo Diaz, 1 game to 0, game 2, move 14?"). No is the
official's: the match is put back, then the official is asked (with the PIN) to keep it for later;
kept, it is saved sealed in ``held/<match folder>/`` and listed under Event > Resume a match until
the official resumes or ends it (:meth:`AutosaveKeeper.held_matches`); without the PIN it stays on
the board, its clocks stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
import logging
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from PySide6.QtCore import QObject, Signal

from ..session.match_events import ActionLogged
from ..session.resume import MatchOffer, match_offer, snapshot_of
from ..session.saves import Offer, SaveKeeping
from ..speech.announcer import Priority
from ..storage import AutosaveStore, KeyRing, Snapshot
from ..storage import records as record_store
from ..texts import app as app_texts
from ..texts import event as event_texts
from . import failures
from .event.score_sheet import save_pdf

if TYPE_CHECKING:
    from .open_game import OpenGameAction
    from .problem_report_action import ProblemReportAction
from .paths import key_folder
from .context import AppContext

__all__ = ["AUTORESUME_ENV", "AutosaveKeeper", "Keeping", "install_keeping"]

log = logging.getLogger(__name__)

HELD_FOLDER = "held"
"""The matches the official kept for later, one folder each, in the data folder."""

AUTORESUME_ENV = "CHECKERS_DESKTOP_AUTORESUME"
"""Environment variable: "1" resumes an unfinished game without asking (tests)."""


class AutosaveKeeper(QObject):
    """Keeps the window's game on disk and offers it back at the next start.

    ``ctx``: the :class:`~.context.AppContext`. ``folder``: where the files go (default the
    context's data folder). ``keys``: the install's key ring (default: one in
    :func:`.paths.key_folder` of the folder).
    ``ask(question) -> bool``: asks the resume question (default the window's
    :class:`~.interaction.Interaction`, Yes the default button). Signals: ``saved(object)`` after each completed save (the
    ``Snapshot``), ``resumed(object)`` after a resume (the ``Snapshot``), ``failed(str)`` when a
    save failed (the sentence told to the player).
    """

    saved = Signal(object)
    resumed = Signal(object)
    failed = Signal(str)

    def __init__(self, ctx: AppContext, folder: Optional[os.PathLike] = None,
                 ask: Optional[Callable[[str], bool]] = None,
                 keys: Optional[KeyRing] = None) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.folder = Path(folder) if folder is not None else None
        self.keys = keys
        self.store: Optional[AutosaveStore] = None
        self.keeping: Optional[SaveKeeping] = None
        self.active = False
        self.ask = ask or self._ask_dialog
        self.save_count = 0
        self.resumed_at_start = False
        self._starting = False
        self._last_failure: Optional[str] = None
        self._offer_is_match = False
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
        """Open the store, tell any save set aside, offer an unfinished game, then keep saving.

        Returns True when a game was resumed. ``autoresume`` (default:
        ``$CHECKERS_DESKTOP_AUTORESUME`` is "1") answers Yes without asking. Never raises: a
        folder that cannot be read is told and the app plays on without autosave.
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

    def _tell(self, text: str) -> None:
        failures.report(self.ctx, text)

    def _start(self, autoresume: bool) -> bool:
        folder = self.folder or self.ctx.data_folder
        self.folder = folder
        if self.keys is None:
            self.keys = KeyRing(key_folder(folder))
        if self.keys.key() is None:
            self._tell(app_texts.records_unsealed_text(self.keys.problem or ""))
        menu = self.ctx.matches
        record_store.use_keys(self.keys, menu.records_dir if menu is not None else None)
        if menu is not None:
            menu.use_keys(self.keys, key_folder(folder))
            menu.keeper = self
        self.store = AutosaveStore(folder, self.keys)
        self.keeping = SaveKeeping(self.ctx.session, self.store, self._tell)
        try:
            offer = self.keeping.find()
        except OSError as exc:
            log.exception("cannot read the autosave folder %s", folder)
            self._tell(app_texts.saves_unreadable_text(folder, exc.strerror or str(exc)))
            self.active = True
            return False
        resumed = False
        if offer is not None:
            named = match_offer(offer.snapshot)
            if named is not None:
                note = app_texts.integrity_offer_note(offer.integrity.value)
                question = named.question() + (f" {note}" if note else "")
                offer = Offer(offer.snapshot, offer.path, offer.integrity,
                              f"{question} {event_texts.resume_match_note()}")
            self._offer_is_match = named is not None
            self.ctx.announcer.announce(offer.question, Priority.INTERRUPT)
            yes = True if autoresume else bool(self.ask(offer.question))
            self.active = True
            if yes:
                resumed = self.resume_offer(offer)
            elif named is not None:
                resumed = self._decline_match(offer)
            else:
                self.keeping.decline()
        self.active = True
        self.resumed_at_start = resumed
        return resumed

    def _decline_match(self, offer: Offer) -> bool:
        """No to a match: it is put back, then kept for later only by the official (see the
        module text). Returns True when it stays on the board."""
        if not self.resume_offer(offer):
            return False
        menu = self.ctx.matches
        match = menu.current if menu is not None else None
        if menu is None or match is None:
            return True
        if menu.desk.hold_match():
            self.hold(match)
            return False
        self.ctx.say(event_texts.match_not_held_text(), Priority.QUEUE)
        return True

    # --- matches kept for later -------------------------------------------------------------
    def held_folder(self) -> Path:
        return Path(self.folder or self.ctx.data_folder) / HELD_FOLDER

    def hold(self, match) -> Optional[Path]:
        """Keep ``match`` (on the board now) for later: its snapshot saved sealed in
        ``held/<match folder>/``, then the match let go and a new game set up. Returns the
        folder (None when it could not be written: the match stays on the board, told)."""
        folder = self.held_folder() / match.folder.name
        try:
            AutosaveStore(folder, self.keys).save(snapshot_of(self.ctx.session, match))
        except OSError as exc:
            self._tell(app_texts.file_not_written_text(str(exc)))
            return None
        if self.ctx.matches is not None:
            self.ctx.matches.put_aside(match)
        a, b = match.settings.names
        self.ctx.say(event_texts.match_held_text(a, b, match.gate.official), Priority.QUEUE)
        return folder

    def held_matches(self) -> list[tuple[Path, MatchOffer]]:
        """The matches kept for later: (folder, ``MatchOffer``), oldest first."""
        root = self.held_folder()
        found: list[tuple[Path, MatchOffer]] = []
        if not root.is_dir():
            return found
        for folder in sorted(root.iterdir()):
            if not folder.is_dir():
                continue
            try:
                snap = AutosaveStore(folder, self.keys).load()
            except (OSError, ValueError):
                snap = None
            named = match_offer(snap) if snap is not None else None
            if named is not None:
                found.append((folder, named))
        return found

    def resume_held(self, folder: Path) -> bool:
        """Put the match kept in ``folder`` back on the board (its clocks stopped until the
        official starts the game); the folder is removed once it is back (autosave keeps it
        from then on). Returns True when it is back."""
        store = AutosaveStore(folder, self.keys)
        found = store.load_result()
        if found.snapshot is None:
            return False
        note = app_texts.integrity_offer_note(found.integrity.value)
        offer = Offer(found.snapshot, found.path, found.integrity, note)
        if not self.resume_offer(offer):
            return False
        shutil.rmtree(folder, ignore_errors=True)
        self.save_now()
        return True

    def _ask_dialog(self, question: str) -> bool:
        """The resume question through the window's one :class:`~.interaction.Interaction`:
        Yes is the default button (Enter resumes), Escape answers No. The question was already
        announced by :meth:`start`, so the app's voice does not say it twice."""
        title = event_texts.resume_match_title() if self._offer_is_match \
            else app_texts.resume_title_text()
        # a match's resume is the table's, not a spoken answer's (the official may be asked)
        yes = self.ctx.ask.confirm(question, title, default_yes=True, said=True,
                                   name="resume-offer", by_voice=not self._offer_is_match)
        self.ctx.focus_board()
        return yes

    # --- resuming ---------------------------------------------------------------------------
    def resume(self, snapshot: Snapshot) -> bool:
        """Put ``snapshot``'s game on the board (see :meth:`resume_offer`); its seal is not
        checked (a snapshot made in this process)."""
        from ..storage import Integrity

        return self.resume_offer(Offer(snapshot, None, Integrity.NOT_CHECKED, ""))

    def resume_offer(self, offer: Offer) -> bool:
        """Put the offered game on the board: position, referee, players, match with its earlier
        games (see ``session.saves``). Returns False (told to the player) when it cannot be
        rebuilt: the save is then kept aside and a new game set up. A saved field that was not
        usable, and a change made outside the app, are told too."""
        menu = self.ctx.matches
        assert menu is not None  # the Event menu is made with the window
        if self.keeping is None:  # pragma: no cover - resume before start
            folder = self.folder or self.ctx.data_folder
            self.store = AutosaveStore(folder, self.keys)
            self.keeping = SaveKeeping(self.ctx.session, self.store, self._tell)
        resumed = self.keeping.resume(offer, records_dir=menu.records_dir, rng=menu.rng,
                                      now=menu.now, write_score_sheet=save_pdf)
        if resumed is None:
            self.ctx.focus_board()
            return False
        if resumed.match is not None:
            menu.show_match(resumed.match)
            menu.timer.start()
            menu.refresh_clocks()
        self.ctx.focus_board()
        self.resumed.emit(offer.snapshot)
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
        if not self.active or self.keeping is None:
            return False
        problem = self.keeping.save(self.current_match())
        if problem is not None:
            self._tell_failure(problem)
            return False
        if self._last_failure is not None:
            self.ctx.status.clear_notice(only=self._last_failure)
            self._last_failure = None
        self.save_count += 1
        self.saved.emit(self.keeping.last_saved)
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
    open_game: OpenGameAction
    problem_report: ProblemReportAction
    handlers: dict[str, Callable[..., object]]


def install_keeping(ctx: AppContext) -> Keeping:
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
        # (asking the failed voice again would fail again), after what it is saying: the voice
        # reports a missing sound device a moment after the start, while the resume question
        # is being read, and an assertive message would cut that question off.
        if message and message not in told:
            told.add(message)
            failures.report(ctx, message, speak_own_voice=False, priority=Priority.QUEUE)

    ctx.window.tts_error.connect(on_tts_error)
    keeper.before_start = lambda: on_tts_error(ctx.status.speech_error or "")
    return Keeping(keeper, open_game, problem_report,
                   {"open_game": lambda: open_game.open(),
                    "problem_report": lambda: problem_report.save()})
