"""The Event menu of the main window: New match, the official's submenu, the score sheet.

:meth:`EventMenu.install` adds the menu (actions declared in ``ui/actions.py``
``EVENT_ACTIONS``), a :class:`~.clock_panel.ClockPanel` above the board (shown during a match) and a
timer refreshing it. A match is a :class:`~checkers_desktop.session.match.MatchSession` on the
window's game session: the players play on the board, by keyboard, mouse, move box or voice,
exactly as in a two-player game; the menu shows and asks, the match session rules and records.

Draws: Offer a draw (Ctrl+Shift+D, also in the Game menu: outside a match it works on the game in
progress, see :mod:`.draws`) and, under rules that have them (WCDF), Point out a repetition, Request
the forty-move count, The position was strengthened, and the official's Forty-move ruling (asked by
itself when the count completes). The player offered a draw answers ``ask_answer(question)``
(Yes accepts, No plays on).

The clock panel's type follows View > Text size: 26 points at 100 percent.

Penalties: when a player picks the checker to remove (on the board, typed, or with Choose the
checker to remove), the game session asks for a confirmation naming the chooser
(``RemovalAsked``); this menu asks it through the window's interaction object and answers the
game session (see ``session/penalty_step.py``).

The official: every official's action asks for the official's PIN first when one is set (at the
match's start, kept with the match, or the event PIN in the settings, Event > Official > Set the
event PIN); see :mod:`.official`.

Everything that asks a question can be replaced for tests: ``dialog_factory(parent)`` (the new-match
form), ``desk.confirm``/``desk.choose``/``desk.ask_text``/``desk.ask_pin`` (the official's
questions), ``ask_answer(question) -> bool | None`` (the answer to a draw offer),
``ask_square(chooser, victim, allowed) -> int | None``, ``print_dialog_factory(printer,
parent)``; the rest, the file dialogs among them, go through ``ctx.ask`` (the window's
:class:`~..interaction.Interaction`); and ``records_dir`` (default: ``event`` in the app's data
folder), ``rng`` (the coin flip), ``now`` (time of day).
"""

from __future__ import annotations

import random
import re
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu

from ...rules import BLACK
from ...speech.announcer import Priority
from ..context import AppContext
from ..actions import EVENT_ACTIONS, make_action
from ..paths import records_folder
from ...texts import app as app_texts
from ...texts import event as event_texts
from ...texts import leaving as leaving_texts
from ...texts import official as official_texts
from ...session import draws
from .clock_panel import ClockPanel
from ...session.match import MatchSession, MatchSessionError
from ...session.match_events import (ClocksChanged, FortyMovesDue, MatchAbandoned,
                                     MatchFinished, MatchGameFinished, MatchGameStarted)
from ...session.match_model import MatchSettings
from ...session.official_event_pin import EventPinState, EventPinStore, new_recovery_code
from ...session.official_gate import OfficialGate, OfficialOnlyError
from ...session.official_pin import PinError, PinHash
from ...session.official_tries import SealedTriesStore, TryCounter
from ...session.penalty_step import RemovalAsked
from ...texts import penalty as penalty_texts
from ..settings import EVENT_PIN, SettingSpec
from .match_dialog import MatchDialog
from .official import OfficialDesk
from .penalty import SquareChoiceDialog
from .score_sheet import print_html, save_pdf

__all__ = ["EventMenu", "REFRESH_MS"]

REFRESH_MS = 250
"""How often the clock panel is redrawn, milliseconds."""

EVENT_PIN_SEAL = SettingSpec("event/official_pin_seal", str, "",
                             "The seal of the event PIN's line (HMAC-SHA256 under the install's "
                             "record key): a line changed outside the app is noticed.")
TRIES_FILE = "pin-tries.json"
"""The laptop's count of wrong PINs, sealed, in the key folder."""
EVENT_PIN_FILE = "event-pin.json"
"""The event PIN's sealed copy (and its recovery code's hash), in the key folder."""


class EventMenu(QObject):
    """The Event menu and the match it runs, for the window of ``ctx`` (an
    :class:`~..context.AppContext`)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.current: Optional[MatchSession] = None
        self._unsubscribe: Optional[Callable[[], None]] = None
        self.records_dir: Path = records_folder(ctx.data_folder)
        self.rng: Optional[random.Random] = None
        self.now: Callable[[], datetime] = datetime.now
        self.dialog_factory: Callable = lambda parent: MatchDialog(
            parent, announce=self._say, event_pin_set=self.event_pin() is not None)
        self.ask_square: Callable = self._ask_square
        self.print_dialog_factory = None
        self.last_settings: Optional[MatchSettings] = None
        self.desk = OfficialDesk(lambda: self.current, self._say, ctx.ask)
        self.tries = TryCounter()
        """The laptop's one count of wrong PINs, for every gate (sealed on disk once the
        install's keys are known: :meth:`use_keys`)."""
        self.pin_store: Optional[EventPinStore] = None
        self.event_gate = OfficialGate(self.event_pin, tries=self.tries)
        """Guards changing the event PIN."""
        self.guard(self.event_gate)
        self._ready_prompt_due = False
        self._answerer = ""
        self.menus: dict[str, QMenu] = {}
        """The Event menu and its submenus, by name ("Event", "Event/Official"), once made."""
        self.keeper: Optional[Any] = None
        """The window's autosave keeper (``ui/autosave.py``), once it has started: the matches
        kept for later are its."""
        self.ask_answer: Callable[[str], Optional[bool]] = self._ask_answer
        self._on_answer: Optional[Callable[[bool], None]] = None
        """Applies a draw offer's answer while the question is still up (see
        :meth:`_ask_answer`)."""
        self.ask_player: Callable[[str, str], bool] = lambda question, who: bool(
            ctx.ask.confirm(question, event_texts.player_title(who),
                            on_answer=lambda yes: ctx.ask.keep_up() if yes else None))
        """A player's own question (a draw offer), titled by the player who acts; Yes keeps it
        up until the opponent's question opens over it."""
        self.actions: dict[str, QAction] = {}
        self.panel = ClockPanel(ctx.side_column.parentWidget())
        self.panel.hide()
        ctx.side_column.insertWidget(0, self.panel)  # the window's side column, clocks first
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh_clocks)
        self.face_mover = True
        """During a match the board turns to the mover's side each turn (the reading commands
        follow the screen, so the board is read from the mover's side too)."""
        ctx.game.position_changed.connect(self._turn_board)
        ctx.game.game_started.connect(self._on_game_started)
        ctx.session.subscribe(self._on_game_event)

    @classmethod
    def install(cls, ctx: AppContext) -> "EventMenu":
        """Make the Event menu on the window's menu bar and return it."""
        menu = cls(ctx)
        window = ctx.window
        handlers = {
            "event_new_match": menu.new_match,
            "official_start_game": menu.players_ready,
            "event_resume_match": menu.resume_held,
            "event_say_match": menu.say_match,
            "event_choose_removal": menu.choose_removal,
            "event_save_pdf": menu.save_pdf,
            "event_print": menu.print_sheet,
            "official_pause": menu.desk.pause,
            "official_resume": menu.desk.resume,
            "official_stalling_warning": menu.desk.stalling_warning,
            "official_stalling_penalty": menu.desk.stalling_penalty,
            "official_adjudicate": menu.desk.adjudicate,
            "official_forfeit": menu.desk.declare_forfeit,
            "official_correct": menu.desk.correct_result,
            "official_forty_ruling": menu.forty_move_ruling,
            "official_event_pin": menu.set_event_pin,
            "event_repetition": menu.point_out_repetition,
            "event_forty_request": menu.request_forty_move_count,
            "event_strengthened": menu.concede_strengthening,
        }
        menus: dict[str, QMenu] = {}
        for spec in EVENT_ACTIONS:
            action = make_action(spec, window)
            action.triggered.connect(lambda checked=False, h=handlers[spec.id]: menu._run(h))
            if spec.menu not in menus:
                parent_name, _, child = spec.menu.partition("/")
                if parent_name not in menus:
                    menus[parent_name] = _add_menu_before_help(window, f"&{parent_name}")
                if child:
                    menus[spec.menu] = menus[parent_name].addMenu(f"&{child}")
            menus[spec.menu].addAction(action)
            menu.actions[spec.id] = action
        menu.menus = menus
        # Offer a draw (declared once, in the Game menu) sits in the Event menu too, before the
        # WCDF draw items.
        shared = ctx.actions.get("offer_draw")
        if shared is not None and "Event" in menus:
            menus["Event"].insertAction(menu.actions["event_repetition"], shared)
        menu._update_draw_actions()
        return menu

    # --- helpers ------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.ctx.say(text, Priority.INTERRUPT)

    def _run(self, handler: Callable) -> None:
        """Run a menu command; a mistake is said, never raised into Qt."""
        try:
            handler()
        except (MatchSessionError, OfficialOnlyError) as exc:
            self._say(str(exc))
        except OSError as exc:
            self._say(app_texts.file_not_written_text(str(exc)))

    # --- new match ----------------------------------------------------------------------
    def new_match(self, initial: Optional[MatchSettings] = None,
                  *, left: bool = False) -> Optional[MatchSession]:
        """Ask for the match (the new-match form, filled with ``initial``: a tournament match's
        players, centers, age groups, division and rules; else the last match's) and start it:
        coin flip, then game 1 waits for the official (the players-ready step,
        :meth:`players_ready`). Every match starts here: Event > New match, the bracket's "Play
        this match here". A game or a match in progress is left only after its question (a
        match: the official's, with the PIN; ``left``: the caller asked it already); see
        ``ui/leave_guard.py``."""
        from ...session.leaving import Leaving

        leaving = self.ctx.leaving
        if not left and leaving is not None and not leaving.allow(Leaving.NEW_MATCH):
            return None
        dialog = self.dialog_factory(self.ctx.window)
        if initial is not None and hasattr(dialog, "fill"):
            dialog.fill(initial, fixed=True)
        elif self.last_settings is not None and hasattr(dialog, "fill"):
            dialog.fill(self.last_settings)
        started: list[MatchSession] = []
        if hasattr(dialog, "on_accepted"):
            # started before the form closes, which stays up until the official's start form
            # opens over it: the focus goes from one form to the other, not by way of the board
            def accepted(settings, pin) -> None:
                started.append(self.start_match(settings, pin=pin, ask_ready=False))
                self.ctx.ask.keep_up()
            dialog.on_accepted = accepted
        if dialog.exec() != QDialog.DialogCode.Accepted:
            self.ctx.focus_board()
            return None
        if not started:
            settings = getattr(dialog, "result_settings", None) or dialog.settings()
            started.append(self.start_match(settings, pin=getattr(dialog, "result_pin", None),
                                            ask_ready=False))
            self.ctx.focus_board()
        self.players_ready()
        started[0].gate.revoke()
        return started[0]

    def start_match(self, settings: MatchSettings, pin: Optional[str] = None, *,
                    ask_ready: bool = True) -> MatchSession:
        """Start a match with ``settings`` (no form): used by :meth:`new_match` and tests.
        ``pin``: the official's PIN for this match (only its salted hash is kept, sealed, with
        the match); None: the event PIN in force guards it (its hash kept with the match, so
        that a settings line removed later opens nothing). Game 1 then waits for the official;
        with ``ask_ready`` the players-ready question is asked at once (:meth:`players_ready`).
        Raises ``PinError`` (nothing started) for a PIN that cannot be used."""
        pin_hash = PinHash.make(pin) if pin else None
        match = MatchSession(self.ctx.session, settings, self.records_dir, rng=self.rng,
                             now=self.now, write_score_sheet=save_pdf)
        if pin and pin_hash is not None:
            match.set_official_pin(pin_hash, settings.official)
            # the PIN the official has just typed in the form starts game 1 (one grant)
            match.gate.unlock(pin, settings.official)
        else:
            event = self.event_pin()
            if event is not None:
                match.set_official_pin(event, settings.official, guard="event")
        self.show_match(match)
        self._ready_prompt_due = True  # game 1's question comes from here, not from its event
        try:
            match.start()
        finally:
            self._ready_prompt_due = False
        self.timer.start()
        self.refresh_clocks()
        self._update_draw_actions()
        self.ctx.refresh_board()  # the squares' names follow the new board before the focus
        self.ctx.focus_board()
        if ask_ready:
            self.players_ready()
            match.gate.revoke()
        return match

    def players_ready(self) -> bool:
        """The players-ready step (Event > Official > Start the game, Ctrl+Alt+G; asked by
        itself after the match form and after each game): the official, with the PIN, starts
        the game waiting on the board and its clocks. Returns True when it started."""
        started = self.desk.start_game()
        self.refresh_clocks()
        self.ctx.refresh_board()
        self.ctx.focus_board()
        return started

    def show_match(self, match: MatchSession) -> None:
        """Make ``match`` the Event menu's match (a new one, or one resumed after a restart): its
        clocks shown, its events followed; the one before it is let go."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.current is not None and self.current is not match:
            self.current.detach()
        self.current = match
        self.last_settings = match.settings
        self.guard(match.gate)  # the event PIN guards every match too
        self._unsubscribe = match.subscribe(self._on_match_event)
        self.panel.show()
        if match.pin_missing and not match.gate.protected:
            self.ctx.say(official_texts.no_pin_match_text(), Priority.QUEUE)
        locked = match.gate.locked_text()
        if locked:
            self.ctx.say(locked, Priority.QUEUE)
            self.ctx.status.show_after_status(locked)

    def _on_match_event(self, event) -> None:
        if isinstance(event, ClocksChanged):
            self.refresh_clocks()
        elif isinstance(event, MatchGameStarted):
            ev = self.current
            if ev is not None and ev.awaiting_start and not self._ready_prompt_due \
                    and event.game.number > 1:
                # the next game waits; its question once the last result has been said
                self.ctx.scheduler.defer(lambda: self._run(self._next_game_ready))
        elif isinstance(event, MatchGameFinished):
            ev = self.current
            if ev is not None and not ev.is_over:
                # the next game's start is asked over the question that ended this one (a
                # draw answered, a forfeit declared): the focus goes from that one to the
                # next, not by way of the board
                self.ctx.ask.keep_up()
        elif isinstance(event, MatchFinished):
            self.refresh_clocks()
            self.timer.stop()
            self._update_draw_actions()
        elif isinstance(event, FortyMovesDue):
            self.ctx.scheduler.defer(lambda: self._run(self.forty_move_ruling))
        elif isinstance(event, MatchAbandoned):
            self._match_abandoned(event.folder, event.by_official)

    # --- records read back -------------------------------------------------------------------
    def check_record_read(self, path) -> Optional[str]:
        """A file read back (Game > Open game) that is one of the app's match records: when its
        seal does not vouch for it, say so with the result the app sealed (shown on the status
        line too). Returns the sentence, or None (not a record, or sound)."""
        from ...session.match_records import record_check

        found = record_check(Path(path))
        if found is None or found[0] == "verified":
            return None
        text = event_texts.record_seal_text(Path(path).name, found[0], found[1])
        self.ctx.say(text, Priority.QUEUE)
        self.ctx.status.show_after_status(text)
        return text

    # --- matches kept for later --------------------------------------------------------------
    def put_aside(self, match: MatchSession) -> None:
        """Let ``match`` go without ending it (the official kept it for later: its records and
        its sealed copy stay; see ``ui/autosave.py``), and set up a new game."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if match.referee is not None:
            match.referee.clock.pause()
        match.detach()
        if self.current is match:
            self.current = None
        self.timer.stop()
        self.panel.hide()
        self.ctx.session.new_game(announce=False)
        self._update_draw_actions()
        self.ctx.refresh_board()

    def resume_held(self) -> bool:
        """Event > Resume a match: the matches the official kept for later; the one chosen is
        resumed (its clocks stopped until the official starts the game), or ended by the
        official (with the PIN; its records kept, the game unfinished)."""
        from ...session.leaving import Leaving

        keeper = self.keeper
        held = keeper.held_matches() if keeper is not None else []
        if not held:
            self._say(event_texts.no_held_match_text())
            return False
        options = [event_texts.held_match_choice(o.names[0], o.names[1], o.wins, o.number)
                   for _folder, o in held]
        index = self.ctx.ask.choose("Resume a match", event_texts.which_held_match_question(),
                                    options)
        if index is None:
            self.ctx.focus_board()
            return False
        what = self.ctx.ask.choose("Resume a match", event_texts.held_match_what_question(),
                                   list(event_texts.HELD_MATCH_ACTIONS))
        if what is None:
            self.ctx.focus_board()
            return False
        leaving = self.ctx.leaving
        if leaving is not None and not leaving.allow(Leaving.NEW_MATCH):
            return False
        folder = held[index][0]
        if keeper is None or not keeper.resume_held(folder):
            return False
        if what == 1 and self.current is not None:
            ev = self.current
            number = ev.game.number if ev.game is not None else len(ev.games)
            a, b = ev.settings.names
            self.desk.leave_match(ev, "end_match", leaving_texts.match_leave_text(
                "end", (a, b), number, ev.score()), number,
                lambda match: match.leave("the official's decision"))
        self.ctx.focus_board()
        return True

    def _next_game_ready(self) -> None:
        ev = self.current
        if ev is not None and ev.awaiting_start and ev.game_running:
            self.players_ready()

    def _match_abandoned(self, folder, by_official: bool = False) -> None:
        """The match stopped before its end (its records are kept, the unfinished game with the
        result "*"): ended by the official (said by the match), or a game outside it was started
        (said here)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.current = None
        self.timer.stop()
        self.panel.hide()
        self._update_draw_actions()
        if not by_official:
            self._say(event_texts.match_left_text(folder))

    def _on_game_started(self) -> None:
        """Any game started: the WCDF draw items follow whether a match runs (the match itself
        decides whether the game is its own, see ``MatchSession``)."""
        self._update_draw_actions()

    def _turn_board(self) -> None:
        """After each change on the board: refresh the clocks' turn line, and show the board from
        the side to move: Black's home row (1-4) at the bottom when Black moves, Red's (29-32)
        when Red moves. Only while a match is in progress."""
        ev = self.current
        if ev is None or ev.is_over or not ev.game_running:
            return
        self.refresh_clocks()
        if not self.face_mover:
            return
        board_widget = self.ctx.board
        flipped = self.ctx.session.board.turn is BLACK
        if board_widget.flipped == flipped:
            return
        board_widget.set_flipped(flipped, keep_cells=True)  # no cell renamed by turning

    # --- clocks -------------------------------------------------------------------------
    def refresh_clocks(self) -> None:
        ev = self.current
        if ev is None:
            return
        if ev.is_over:
            self.panel.show_clock(None, "", over=ev.result_text)
            return
        referee = ev.referee
        if referee is None:
            return
        self.panel.show_clock(referee.clock, ev.turn_text().rstrip("."), paused=ev.paused)

    def say_match(self) -> None:
        """F4: the score, whose turn and the clocks."""
        ev = self.current
        if ev is None:
            self._say(event_texts.no_match_text())
            return
        self.refresh_clocks()
        self.ctx.announcer.announce(ev.summary_text() + " " + self.panel.spoken_text(),
                                       Priority.READING)

    # --- penalty ------------------------------------------------------------------------
    def _ask_square(self, chooser: str, victim: str, allowed) -> Optional[int]:
        dialog = SquareChoiceDialog(chooser, victim, allowed, self.ctx.window, announce=self._say)
        self.ctx.echo.announce(dialog.prompt.text(), Priority.READING)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.square

    def choose_removal(self) -> bool:
        """Ctrl+Shift+X: type the square of the checker to remove (the board works too); the
        choice is then confirmed as on the board. In a match or in any game with a penalty."""
        game = self.ctx.session
        step = game.removal
        due = step.due()
        if due is None or not step.awaits_player():
            self._say(penalty_texts.no_penalty_text())
            return False
        square = self.ask_square(step.name(due.chooser), step.name(due.victim), due.squares)
        if square is None:
            self.ctx.focus_board()
            return False
        return game.propose_removal(square)  # confirmed next (RemovalAsked)

    def _on_game_event(self, event) -> None:
        if isinstance(event, RemovalAsked):
            # asked once the key press that picked the checker is over
            self.ctx.scheduler.defer(lambda: self._confirm_removal(event))

    def _confirm_removal(self, asked: RemovalAsked) -> None:
        """Ask "Remove ...? Only ... answers" (No by default) and answer the game session."""
        game = self.ctx.session
        if game.removal.candidate != asked.square:
            return  # the pick was dropped meanwhile (the game moved on)
        self.ctx.board.set_cursor(asked.square, focus=False)
        answered: list[bool] = []

        def answer(yes: bool) -> None:  # before the question closes: see Interaction.confirm
            if not answered:
                answered.append(yes)
                game.answer_removal(yes)
                self.ctx.refresh_board()
        chooser = game.removal.name(asked.chooser)
        yes = self.ctx.ask.confirm(asked.question, event_texts.removal_title(chooser),
                                   on_answer=answer)
        answer(bool(yes))
        self.ctx.focus_board()

    # --- draws --------------------------------------------------------------------------
    def _update_draw_actions(self) -> None:
        """Show the WCDF draw items only while a match under rules that have them runs."""
        ev = self.current
        draws_rules = ev.profile.draws if ev is not None and not ev.is_over else None
        shown = {
            "event_repetition": bool(draws_rules and draws_rules.repetition),
            "event_forty_request": bool(draws_rules and draws_rules.forty_move_count),
            "event_strengthened": bool(draws_rules and draws_rules.forty_move_count),
            "official_forty_ruling": bool(draws_rules and draws_rules.forty_move_count),
        }
        for key, visible in shown.items():
            action = self.actions.get(key)
            if action is not None:
                action.setVisible(visible)

    def _ask_answer(self, question: str) -> Optional[bool]:
        """The offered player's answer, asked through the window's one interaction object (so
        the app says it), titled by who answers (:attr:`_answerer`); the answer is applied
        before the question closes (:attr:`_on_answer`)."""
        return bool(self.ctx.ask.confirm(question,
                                         event_texts.draw_answer_title(self._answerer),
                                         on_answer=self._on_answer))

    def resign_question(self) -> Optional[tuple[str, str]]:
        """In a match, the resign question naming the player who resigns and the game ("Mary
        Jones, Black: resign game 2?"), titled by that player; None outside a match."""
        ev = self._match_game()
        if ev is None or ev.referee is None or ev.game is None:
            return None
        color = ev.referee.board.turn
        name, side = ev.player(color), ev.sides[color]
        return (event_texts.resign_in_match_question(name, side, ev.game.number),
                event_texts.player_title(event_texts.named(name, side)))

    def _match_game(self) -> Optional[MatchSession]:
        """The match whose game is on the board now, or None."""
        ev = self.current
        return ev if ev is not None and ev.on_board else None

    def offer_draw(self, confirmed: bool = False):
        """Ctrl+Shift+D: the player to move offers a draw (in a match: named, logged, on the
        score sheet, after the desk's confirmation; outside: :func:`.draws.offer_draw_in_game`,
        asking first unless ``confirmed``, by voice). Returns the last ruling or None."""
        ev = self._match_game()
        if ev is None:
            confirm = (lambda _question: True) if confirmed else self.ctx.confirm
            ruling = draws.offer_draw_in_game(self.ctx.session, confirm, self.ask_answer,
                                              self._say_queued)
            self.ctx.focus_board()
            return ruling
        color = ev.running_referee().board.turn
        if not self.ask_player(event_texts.draw_offer_question(ev.named(color)), ev.named(color)):
            self._say_queued(event_texts.draw_not_offered_text())
            return None
        ruling = ev.draws.offer_draw(color)
        return self._answer(ev, color, False) if ruling.ok else ruling

    def _answer(self, ev, offerer, repetition: bool):
        """The opponent of ``offerer`` answers the standing offer (Yes accepts, No plays on)."""
        self._answerer = ev.named(offerer.other)
        rulings: list = []

        def apply(yes: bool) -> None:
            if not rulings:
                rulings.append(ev.draws.answer(bool(yes)))
        self._on_answer = apply
        try:
            answer = self.ask_answer(event_texts.draw_answer_question(ev.named(offerer),
                                                                      ev.named(offerer.other),
                                                                      repetition))
        finally:
            self._on_answer = None
        apply(bool(answer))
        self.ctx.focus_board()
        return rulings[0]

    def _wcdf_match(self, rule: str):
        """The match in progress when its rules have ``rule`` ("repetition",
        "forty_move_count"); else says why not and returns None."""
        ev = self._match_game()
        if ev is None:
            self._say(event_texts.no_match_text() if self.current is None
                      else event_texts.no_game_in_match_text())
            return None
        if not getattr(ev.profile.draws, rule):
            self._say(event_texts.no_repetition_rule_text(ev.profile.title) if rule == "repetition"
                      else event_texts.no_forty_count_text(ev.profile.title))
            return None
        return ev

    def point_out_repetition(self):
        """Ctrl+Shift+T (WCDF 6.4): the player to move points out a repeated position and
        suggests a draw; the opponent answers."""
        ev = self._wcdf_match("repetition")
        if ev is None:
            return None
        color = ev.referee.board.turn
        if not self.ask_player(event_texts.repetition_question(ev.named(color)), ev.named(color)):
            return None
        ruling = ev.draws.point_out_repetition(color)
        return self._answer(ev, color, True) if ruling.ok else ruling

    def request_forty_move_count(self):
        """Ctrl+Shift+F (WCDF 6.2): the player whose draw offer was declined requests the count."""
        ev = self._wcdf_match("forty_move_count")
        if ev is None:
            return None
        requester = ev.draws.forty_move_requester()
        if requester is None or ev.draws.forty_move_attacker is not None:
            return ev.draws.request_forty_move_count()  # refused, and said why
        if not self.ask_player(event_texts.forty_request_question(ev.named(requester),
                                                                  ev.named(requester.other)),
                               ev.named(requester)):
            return None
        return ev.draws.request_forty_move_count(requester)

    def concede_strengthening(self):
        """Ctrl+Shift+G (WCDF 6.2a): the requester concedes a strengthening; the count restarts."""
        ev = self._wcdf_match("forty_move_count")
        if ev is None:
            return None
        attacker = ev.draws.forty_move_attacker
        if attacker is None:
            return ev.draws.concede_strengthening()  # refused, and said why
        if not self.ask_player(event_texts.strengthened_question(ev.named(attacker.other),
                                                                 ev.named(attacker)),
                               ev.named(attacker.other)):
            return None
        return ev.draws.concede_strengthening()

    def forty_move_ruling(self):
        """Ctrl+Alt+M (WCDF 6.2, 6.3): the official rules once forty moves are counted."""
        ev = self._wcdf_match("forty_move_count")
        if ev is None:
            return None
        if not ev.draws.forty_move_judgement_due:
            self._say(event_texts.no_forty_ruling_due_text())
            return None
        attacker = ev.named(ev.draws.forty_move_attacker)
        done = self.desk.forty_move_ruling(ev, attacker)
        self.ctx.focus_board()
        return done

    def _say_queued(self, text: str) -> None:
        self.ctx.say(text, Priority.QUEUE)

    # --- the event PIN --------------------------------------------------------------------
    def use_keys(self, keys, folder: Path) -> None:
        """From now on the laptop's count of wrong PINs and the event PIN are kept sealed with
        the install's ``keys`` in the key ``folder`` (called once the keys are known, at the
        autosave's start); the Tournament menu's gate shares them."""
        from ...storage.sealed_state import SealedFile

        self.tries = TryCounter(SealedTriesStore(SealedFile(Path(folder) / TRIES_FILE, keys)))
        settings = self.ctx.settings
        self.pin_store = EventPinStore(
            lambda: settings.get(EVENT_PIN), lambda text: settings.set(EVENT_PIN, text),
            lambda: settings.get(EVENT_PIN_SEAL), lambda seal: settings.set(EVENT_PIN_SEAL, seal),
            SealedFile(Path(folder) / EVENT_PIN_FILE, keys), keys)
        self.guard(self.event_gate)
        if self.current is not None:
            self.guard(self.current.gate)
        tournament = self.ctx.tournament
        if tournament is not None:
            self.guard(tournament.gate)

    def guard(self, gate: OfficialGate) -> None:
        """Give ``gate`` the laptop's count of wrong PINs and the event PIN as it is now
        (failing closed when it was changed outside the app: locked, with its recovery)."""
        gate.tries = self.tries
        gate.event_pin = self.event_pin
        gate.event_lock = lambda: self.event_pin_state().problem
        gate.recovery_pins = lambda: self._recovery_pins()
        if gate.on_recovered is None or gate is self.event_gate:
            gate.on_recovered = lambda _pin: self._event_pin_recovered()

    def _recovery_pins(self) -> list:
        state = self.event_pin_state()
        pins = list(state.recovery)
        if state.pin is not None and state.pin not in pins:
            pins.insert(0, state.pin)
        return pins

    def _event_pin_recovered(self) -> None:
        if self.pin_store is not None and self.event_pin_state().problem is not None:
            self.pin_store.repair()
            self._say(official_texts.recovered_text(self.event_gate.official))

    def event_pin_state(self) -> EventPinState:
        """The event PIN as it is now (see ``session.official_event_pin``): before the keys
        are known, the settings line alone."""
        if self.pin_store is not None:
            return self.pin_store.read()
        text = self.ctx.settings.get(EVENT_PIN)
        if not text:
            return EventPinState()
        try:
            pin = PinHash.from_text(text)
        except PinError:
            return EventPinState(problem="event damaged")
        return EventPinState(pin, None, pin)

    def event_pin(self) -> Optional[PinHash]:
        """The event's official PIN hash, or None (none set, or not to be trusted: then the
        gates are locked, see :meth:`event_pin_state`)."""
        return self.event_pin_state().pin

    def set_event_pin(self) -> bool:
        """Event > Official > Set the event PIN: the official's PIN for every match on this
        computer (asked once; changing or removing it asks the current one first)."""
        ask = self.ctx.ask
        if self.event_gate.protected:
            if ask.ask_pin("event_pin", self.event_gate.official, self.event_gate.unlock) is None \
                    or not self.event_gate.granted():
                self.event_gate.revoke()
                self._say(official_texts.officials_action_text("event_pin"))
                return False
            self.event_gate.revoke()
        pin = ask.ask_new_pin("Set the event PIN", official_texts.set_event_pin_question(),
                              allow_empty=self.event_gate.protected, event=True)
        if pin is None:
            self.ctx.focus_board()
            return False
        hashed = PinHash.make(pin) if pin else None
        if self.pin_store is None:
            self.ctx.settings.set(EVENT_PIN, hashed.to_text() if hashed else "")
            self._say(official_texts.event_pin_set_text() if pin
                      else official_texts.event_pin_cleared_text())
        else:
            code = new_recovery_code() if pin else None
            self.pin_store.set(hashed, code)
            if code:
                # shown once, in the question only (never on the status line, never logged)
                ask.confirm(official_texts.recovery_code_text(code) + " "
                            + official_texts.written_down_question(), "Official")
            else:
                self._say(official_texts.event_pin_cleared_text())
        self.ctx.focus_board()
        return True

    # --- score sheet --------------------------------------------------------------------
    def save_pdf(self) -> Optional[Path]:
        """Ask where (the window's file dialog, starting in the Documents folder on a name that
        says who played and when: :func:`score_sheet_file_name`), and save the score sheet
        there as PDF. Returns the file written, or None (no match, or cancelled)."""
        ev = self.current
        if ev is None:
            self._say(event_texts.no_match_text())
            return None
        path = self.ctx.ask.save_file("Save score sheet as PDF",
                                      score_sheet_file_name(ev.folder.name), "PDF files (*.pdf)")
        self.ctx.focus_board()
        if not path:
            return None
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        saved = ev.save_score_sheet(Path(path))
        self._say(app_texts.score_sheet_saved_text(saved))
        self.ctx.status.show_after_status(app_texts.score_sheet_saved_text(saved, full=True))
        return saved

    def print_sheet(self) -> bool:
        ev = self.current
        if ev is None:
            self._say(event_texts.no_match_text())
            return False
        return print_html(ev.score_sheet_html(), self.ctx.window, self.print_dialog_factory)


def score_sheet_file_name(match_folder: str) -> str:
    """The name offered for a score sheet saved as PDF: who played and when, from the match's
    records folder (``session.match_records.match_folder_name``: "2026-11-22_140512_Ann-Lee-vs-
    Bo-Diaz") "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-11-22-1405.pdf", so that the sheets of
    several matches saved in one folder (Documents), two of the same players among them, keep
    apart. A folder named otherwise is used whole ("score-sheet-<folder>.pdf")."""
    parts = match_folder.split("_", 2)
    if len(parts) == 3 and parts[2] and re.fullmatch(r"\d{4}-\d{2}-\d{2}", parts[0]) \
            and re.fullmatch(r"\d{4,6}", parts[1]):
        return f"score-sheet-{parts[2]}-{parts[0]}-{parts[1][:4]}.pdf"
    return f"score-sheet-{match_folder}.pdf" if match_folder else "score-sheet.pdf"


def _add_menu_before_help(window, title: str) -> QMenu:
    """A new menu on ``window``'s menu bar, placed before Help when there is one."""
    bar = window.menuBar()
    help_action = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    menu = QMenu(title, bar)
    if help_action is not None:
        bar.insertMenu(help_action, menu)
    else:
        bar.addMenu(menu)
    return menu
