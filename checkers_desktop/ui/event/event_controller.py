"""The match at the table: coin flip, games, clocks, penalties, the official, records.

:class:`EventController` wraps a :class:`~checkers_desktop.rules.match.Match` (who has Black in
each game, when the match is over) and one :class:`~checkers_desktop.rules.referee.Referee` per game
(the profile's rules and clocks). It announces through the app's ``Announcer`` the coin flip, who
plays which side in each game, clock warnings, penalties, the official's actions, each game's result
and the match result; it logs every notable action with the game time and the time of day, and
writes each finished game as PDN and, at the end, the score sheet as PDF.

It owns no widget. It runs in one of two ways:

* standalone (tests, or any other front end): it plays moves given to :meth:`submit_move` on its
  own referee, polls the clocks in :meth:`poll` and says everything itself;
* hosted by the window's :class:`~checkers_desktop.ui.game_controller.GameController` (``host``):
  each game's referee is handed to ``host.new_game(referee=...)``; the host takes the moves, polls
  the clocks, carries out penalties and says what happens in the game, and this controller listens
  to its signals (``referee_event``, ``ruling_made``, ``game_result``) to log them, and says only
  the match's own sentences (coin flip, who plays which side, the players' draw offers, named
  results, score, match result). The host does not say a game's end itself
  (``host.announce_results`` is False while hosted): this controller says it once, with the
  players' names, the count, the score and what follows.

Time comes from an injected time source (seconds), and the coin flip from an injected
``random.Random``.
"""

from __future__ import annotations

import dataclasses
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Callable, Optional, Union

from PySide6.QtCore import QObject, Signal

from ...rules import BLACK, WHITE, Color, Move
from ...rules.clock import GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning
from ...rules.referee import FortyMovesCompleted
from ...rules.match import GameRecord, Match
from ...rules.profiles import ColourChoice, get_profile
from ...rules.referee import (EndReason, GameEnded, GameResult, PenaltyCause, PenaltyDue,
                              Referee, Ruling, RulingCode, Verdict)
from ...speech.announcer import Priority
from ...texts import event as event_texts
from ...session.events import RefereeEventRaised, ResultReached, RulingMade
from . import records
from .model import LoggedAction, MatchSettings, PlayedGame

__all__ = ["EventController", "EventError"]


class EventError(ValueError):
    """An action that does not fit the match now (no game running, a game number that does not
    exist); the message says which."""


class EventController(QObject):
    """One match.

    ``settings``: the validated :class:`MatchSettings`. ``announcer``: the app's ``Announcer``.
    ``time_source``: monotonic seconds for the clocks. ``rng``: the coin flip. ``records_dir``: the
    folder under which the match's folder is made (default :func:`records.default_records_dir`).
    ``now``: the time of day (``datetime``) for the record. ``referee_factory(profile, play_out)``
    builds a game's referee (default: a :class:`Referee` on ``time_source``). ``host``: the
    window's ``GameController`` that plays the games (see the module text); its ``time_source`` is
    used when ``time_source`` is not given.

    Signals: ``game_started(object)`` (the :class:`PlayedGame`), ``game_finished(object)``,
    ``match_finished(str)`` (the match result text), ``penalty_changed(object)`` (the
    ``PenaltyDue`` or None when settled), ``clocks_changed()`` (pause, resume, new game),
    ``logged(object)`` (each :class:`LoggedAction`), ``announced(str)`` (each sentence said),
    ``forty_moves_completed(object)`` (the ``FortyMovesCompleted`` event: the official's ruling is
    awaited, see :meth:`forty_move_ruling`).
    """

    game_started = Signal(object)
    game_finished = Signal(object)
    match_finished = Signal(str)
    penalty_changed = Signal(object)
    clocks_changed = Signal()
    logged = Signal(object)
    announced = Signal(str)
    forty_moves_completed = Signal(object)

    def __init__(self, settings: MatchSettings, announcer, *,
                 time_source: Optional[Callable[[], float]] = None,
                 rng: Optional[random.Random] = None, records_dir: Optional[Path] = None,
                 now: Callable[[], datetime] = datetime.now,
                 referee_factory: Optional[Callable[..., Referee]] = None, host=None,
                 parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.settings = settings.validated()
        self.announcer = announcer
        self.host = host
        if time_source is None:
            time_source = getattr(host, "time_source", None) or time.monotonic
        self.time_source = time_source
        self.now = now
        self.profile = get_profile(self.settings.profile_key)
        self.sides = dict(self.profile.side_names)
        fmt = dataclasses.replace(self.profile.match, best_of=self.settings.best_of,
                                  first_colours=ColourChoice.COIN_FLIP
                                  if self.profile.match.first_colours is ColourChoice.PLAYERS_CHOOSE
                                  else self.profile.match.first_colours)
        self.match = Match(self.settings.names, fmt, rng=rng or random.Random())
        self.referee_factory = referee_factory or self._make_referee
        started = now()
        self.date_iso = started.strftime("%Y-%m-%d")
        self.folder = Path(records_dir) / records.match_folder_name(self.settings,
                                                       started.strftime("%Y-%m-%d_%H%M%S"))
        self.games: list[PlayedGame] = []
        self.actions: list[LoggedAction] = []
        self.referee: Optional[Referee] = None
        self.game: Optional[PlayedGame] = None
        self.result_text = ""
        self.score_sheet_path: Optional[Path] = None
        self.record_errors: list[str] = []
        self.started = False
        self._unsubscribe = None
        if host is not None:
            self._unsubscribe = host.subscribe(self._on_host_game_event)
            host.announce_results = False  # said here, once, with names and score

    @property
    def hosted(self) -> bool:
        return self.host is not None

    def detach(self) -> None:
        """Stop listening to the host (a new match replaces this one)."""
        if self.host is not None:
            if self._unsubscribe is not None:
                self._unsubscribe()
                self._unsubscribe = None
            self.host.player_names = None
            self.host.announce_results = True
            self.host = None

    # --- state --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def game_running(self) -> bool:
        return self.referee is not None and not self.referee.is_over

    def player(self, color: Color) -> str:
        """The name of the player with ``color`` in the current game."""
        if self.game is None:
            raise EventError("no game has started")
        return self.game.player(color)

    def color_of(self, name: str) -> Color:
        """The colour ``name`` plays in the current game; raises :class:`EventError`."""
        if self.game is None:
            raise EventError("no game has started")
        if name == self.game.black:
            return BLACK
        if name == self.game.white:
            return WHITE
        raise EventError(f"{name!r} does not play in this match")

    def score(self) -> tuple[int, int]:
        a, b = self.settings.names
        return self.match.wins(a), self.match.wins(b)

    def turn_text(self) -> str:
        """"Alice, Black, to move." for the current game (or the match result when over)."""
        if self.referee is None or self.referee.is_over:
            return self.result_text or event_texts.no_match_text()
        c = self.referee.board.turn
        return event_texts.turn_text(self.player(c), self.sides[c])

    def summary_text(self, words: bool = True) -> str:
        """The score (and the match result when over), for F4 and the score sheet (``words``
        False: numbers in digits)."""
        a, b = self.settings.names
        wa, wb = self.score()
        text = event_texts.score_text((a, b), (wa, wb), self.match.draws(), words)
        if self.is_over:
            text += " " + (self.result_text if words else self._match_result(spoken=False))
        return text

    # --- the match ----------------------------------------------------------------------
    def start(self) -> PlayedGame:
        """Announce the coin flip and start game 1 (VA rulebook 4:00 s5)."""
        if self.started:
            raise EventError("the match has already started")
        self.started = True
        a, b = self.settings.names
        first = self.match.first_black
        other = b if first == a else a
        by = ("coin flip" if self.match.format.first_colours is ColourChoice.COIN_FLIP
              else "draw")
        self._say(event_texts.coin_flip_text(first, other, self.sides, by), Priority.QUEUE)
        return self._start_game()

    def _make_referee(self, profile, play_out: bool) -> Referee:
        return Referee(profile, time_source=self.time_source, play_out=play_out)

    def _start_game(self) -> PlayedGame:
        setup = self.match.next_game()
        if setup is None:  # pragma: no cover - guarded by the callers
            raise EventError("the match is over")
        referee = self.referee_factory(self.profile, setup.play_out)
        self.referee = referee
        self.game = PlayedGame(setup.number, setup.black, setup.white, setup.play_out,
                               referee.board)
        self.games.append(self.game)
        self._say(event_texts.game_start_text(setup.number, setup.black, setup.white, self.sides,
                                        setup.play_out, self.profile.title), Priority.QUEUE)
        if self.host is not None:
            from ...session.game import Mode

            self.host.player_names = {BLACK: setup.black, WHITE: setup.white}
            self.host.new_game(Mode.TWO_PLAYERS, BLACK, referee=referee, announce=False)
        else:
            referee.start()
        self.game_started.emit(self.game)
        self.clocks_changed.emit()
        return self.game

    # --- moves and time -----------------------------------------------------------------
    def submit_move(self, move: Union[Move, str]) -> Ruling:
        """Play ``move`` on the current game's referee (standalone use and tests) and announce the
        refusal, if any. Raises :class:`EventError` when no game is running."""
        referee = self._running_referee()
        if self.host is not None:
            self.host.submit_text(move if isinstance(move, str) else move.pdn())
            return Ruling(Verdict.ACCEPTED, RulingCode.MOVE_PLAYED, "")
        ruling = referee.submit_move(move)
        if not ruling.ok:
            self._say(ruling.message, Priority.INTERRUPT)
        self.after_action(ruling)
        return ruling

    def after_action(self, ruling: Optional[Ruling] = None) -> None:
        """Call after a move (or any action) made on the current referee by someone else: ends the
        game when the referee has a result, and announces whose turn it is otherwise."""
        referee = self.referee
        if referee is None or self.game is None or self.game.result is not None:
            return
        if referee.result is not None:
            self._finish_game(referee.result)
        elif ruling is not None and ruling.ok and ruling.code is RulingCode.MOVE_PLAYED:
            self.clocks_changed.emit()

    def poll(self) -> list:
        """Poll the referee's clocks and handle what they bring (call it from a timer)."""
        if self.referee is None or self.referee.is_over:
            return []
        events = self.referee.poll()
        self.handle_events(events)
        return events

    def handle_events(self, events: list, speak: bool = True) -> None:
        """Log (and with ``speak``, announce) the referee's events: clock warnings, a penalty due,
        the time limit and the game's end there (not when hosted: the host's ``game_result``
        ends the game)."""
        ended = False
        limit_reached = False
        sp = {"speak": speak}
        for ev in events:
            if isinstance(ev, MoveWarning):
                name = self.player(ev.color)
                self._log("move_warning", event_texts.move_warning_text(name, ev.seconds, ev.limit),
                          Priority.INTERRUPT, at=ev.at, **sp,
                          written=event_texts.move_warning_text(name, ev.seconds, ev.limit, False))
            elif isinstance(ev, MoveTimeExpired):
                name = self.player(ev.color)
                self._log("move_time_expired", event_texts.move_time_expired_text(name, ev.seconds),
                          Priority.INTERRUPT, at=ev.at, **sp,
                          written=event_texts.move_time_expired_text(name, ev.seconds, False))
            elif isinstance(ev, PenaltyDue):
                self._penalty_due(ev, speak)
            elif isinstance(ev, GameTimeWarning):
                self._log("game_time_warning", event_texts.game_time_warning_text(ev.seconds_left),
                          Priority.INTERRUPT, at=ev.at, **sp,
                          written=event_texts.game_time_warning_text(ev.seconds_left, False))
            elif isinstance(ev, GameTimeExpired):
                limit_reached = True
                self._log("time_limit", event_texts.time_limit_text(), Priority.INTERRUPT, at=ev.at, **sp)
            elif isinstance(ev, FortyMovesCompleted):
                attacker = self._named(ev.attacker)
                self._log("forty_moves_completed", event_texts.forty_completed_text(attacker),
                          Priority.INTERRUPT, at=ev.at, **sp,
                          written=event_texts.forty_completed_text(attacker, False))
                self.forty_moves_completed.emit(ev)
            elif isinstance(ev, GameEnded):
                ended = True
                if self.host is None:
                    self._finish_game(ev.result)
        if limit_reached and not ended and self.referee is not None and not self.referee.is_over:
            self._log("play_out", event_texts.play_out_text(), Priority.QUEUE)
            self.clocks_changed.emit()

    # --- the host's events --------------------------------------------------------------
    def _on_host_game_event(self, event) -> None:
        if isinstance(event, RefereeEventRaised):
            self._on_host_event(event.event)
        elif isinstance(event, RulingMade):
            self._on_host_ruling(event.ruling)
        elif isinstance(event, ResultReached):
            self._on_host_result(event.result)

    def _on_host_event(self, event) -> None:
        if self.host is None or self.host.referee is not self.referee:
            return
        self.handle_events([event], speak=False)

    def _on_host_ruling(self, ruling) -> None:
        if self.host is None or self.host.referee is not self.referee or self.game is None:
            return
        if ruling.code is RulingCode.CHECKER_REMOVED:
            square = ruling.square
            victim = ruling.color
            args = (self.player(victim.other), self.player(victim), self.sides[victim], square)
            self._log("checker_removed", event_texts.checker_removed_text(*args), Priority.QUEUE,
                      speak=False, command=f"[%remove {square}]",
                      written=event_texts.checker_removed_text(*args, spoken=False))
            self.penalty_changed.emit(None)
            self.clocks_changed.emit()

    def _on_host_result(self, result) -> None:
        if self.host is None or self.host.referee is not self.referee:
            return
        self._finish_game(result)

    def _penalty_due(self, due: PenaltyDue, speak: bool = True) -> None:
        stalling = due.cause is PenaltyCause.STALLING
        args = (self.player(due.chooser), self.player(due.victim), self.sides[due.victim],
                stalling)
        self._log("penalty_due", event_texts.penalty_due_text(*args), Priority.INTERRUPT, at=due.at,
                  speak=speak, written=event_texts.penalty_due_text(*args, spoken=False))
        self.penalty_changed.emit(due)

    @property
    def pending_penalty(self) -> Optional[PenaltyDue]:
        return None if self.referee is None else self.referee.pending_penalty

    def remove_checker(self, square: int) -> Ruling:
        """The chooser of the pending penalty picks the checker on ``square`` (1-32) and it is
        removed (VA rulebook 3:00 s4, s4-VI). A wrong square is refused and said; nothing
        changes."""
        referee = self._running_referee()
        due = referee.pending_penalty
        if due is None:
            self._say(event_texts.no_penalty_text(), Priority.INTERRUPT)
            return Ruling(Verdict.REFUSED, RulingCode.NO_PENALTY, event_texts.no_penalty_text())
        if self.host is not None:
            return self.host.remove_checker(square, due.chooser)  # logged by _on_host_ruling
        ruling = referee.remove_checker(due.chooser, square)
        if not ruling.ok:
            self._say(ruling.message, Priority.INTERRUPT)
            return ruling
        args = (self.player(due.chooser), self.player(due.victim), self.sides[due.victim], square)
        self._log("checker_removed", event_texts.checker_removed_text(*args), Priority.INTERRUPT,
                  command=f"[%remove {square}]",
                  written=event_texts.checker_removed_text(*args, spoken=False))
        self.penalty_changed.emit(None)
        self.clocks_changed.emit()
        if ruling.result is not None:
            self._finish_game(ruling.result)
        else:
            self._say(self.turn_text(), Priority.QUEUE)
        return ruling

    # --- the official -------------------------------------------------------------------
    def _apply(self, ruling: Ruling) -> Ruling:
        """Say and act on a ruling of an official's action: through the host when hosted (it
        announces, and ends the game by ``game_result``), else here."""
        if self.host is not None:
            self.host.handle_ruling(ruling)
            return ruling
        if ruling.verdict is Verdict.REFUSED:
            self._say(ruling.message, Priority.INTERRUPT)
        elif ruling.result is not None:
            self._finish_game(ruling.result)
        return ruling

    def pause(self) -> Ruling:
        """The official stops every clock."""
        referee = self._running_referee()
        self._log("pause", event_texts.paused_text(), Priority.INTERRUPT, official=True,
                  speak=self.host is None)
        ruling = self._apply(referee.pause())
        self.clocks_changed.emit()
        return ruling

    def resume(self) -> Ruling:
        """The official starts the clocks again."""
        referee = self._running_referee()
        self._log("resume", event_texts.resumed_text(), Priority.INTERRUPT, official=True,
                  speak=self.host is None)
        ruling = self._apply(referee.resume())
        self.clocks_changed.emit()
        return ruling

    @property
    def paused(self) -> bool:
        return self.referee is not None and self.referee.clock.paused

    def stalling_warning(self, color: Color) -> Ruling:
        """The official warns ``color`` for stalling (VA rulebook 3:00 s4-VI). Refused (and said)
        under a profile without the stalling rule."""
        referee = self._running_referee()
        if self.host is not None:
            ruling = self.host.stalling_warning(color)  # said by the host
        else:
            ruling = referee.stalling_warning(color)
        if ruling.verdict is not Verdict.REFUSED:
            self._log("stalling_warning", event_texts.stalling_warning_text(self.player(color),
                                                                      self.sides[color]),
                      Priority.INTERRUPT, official=True, speak=self.host is None)
        return ruling if self.host is not None else self._apply(ruling)

    def stalling_penalty(self, color: Color) -> Ruling:
        """Stalling went on after a warning: the opponent chooses one of ``color``'s checkers to
        remove (VA rulebook 3:00 s4-VI). Refused (and said) before a warning."""
        referee = self._running_referee()
        if self.host is not None:
            ruling = self.host.stalling_penalty(color)  # said, chooser prompted, by the host
        else:
            ruling = referee.stalling_penalty(color)
        if ruling.verdict is Verdict.REFUSED:
            return ruling if self.host is not None else self._apply(ruling)
        self._log("stalling_penalty", event_texts.stalling_penalty_logged_text(self.player(color)),
                  Priority.INTERRUPT, official=True)
        if referee.pending_penalty is not None:
            self._penalty_due(referee.pending_penalty, speak=self.host is None)
        return ruling

    def adjudicate(self) -> Ruling:
        """The official ends the game now as at the time limit: the count decides, man 1, king 2
        (VA rulebook 3:00 s5). With an equal count after a draw the game is played out instead."""
        referee = self._running_referee()
        self._log("adjudicate", event_texts.adjudication_requested_text(), Priority.INTERRUPT,
                  official=True)
        ruling = referee.adjudicate()
        if ruling.result is None and self.host is None:
            self._say(ruling.message, Priority.QUEUE)
            return ruling
        return self._apply(ruling)

    def declare_draw(self) -> Ruling:
        """The official declares the game drawn: neither player can force a win (VA rulebook
        4:00 s4). A new game follows."""
        referee = self._running_referee()
        self._log("declare_draw", event_texts.declare_draw_text(), Priority.INTERRUPT, official=True)
        return self._apply(referee.declare_draw())

    def declare_forfeit(self, color: Color, reason: str = "") -> Ruling:
        """The official declares that ``color`` forfeits the current game."""
        referee = self._running_referee()
        name = self.player(color)
        self._log("forfeit", event_texts.forfeit_text(name, self.game.number, reason),
                  Priority.INTERRUPT, official=True,
                  written=event_texts.forfeit_text(name, self.game.number, reason, False))
        return self._apply(referee.declare_forfeit(color, reason or "declared by the official"))

    def correct_result(self, number: int, winner: Optional[str], detail: str = "") -> GameResult:
        """The official sets the result of game ``number`` (1 first): ``winner`` is a player's name,
        or None for a draw. For the game in progress it ends the game; for a finished one it
        rewrites that game's record and the match score. Raises :class:`EventError` for a game
        number that does not exist or a name that is not a player."""
        if not 1 <= number <= len(self.games):
            raise EventError(f"there is no game {number!r}; games played: {len(self.games)}")
        if winner is not None and winner not in self.settings.names:
            raise EventError(f"{winner!r} is not one of the players")
        game = self.games[number - 1]
        color = None if winner is None else (BLACK if winner == game.black else WHITE)
        text = event_texts.corrected_text(number, winner) + (f" {detail}." if detail else "")
        written = event_texts.corrected_text(number, winner, False) + (f" {detail}." if detail else "")
        detail = detail or "corrected by the official"
        current = game is self.game and game.result is None
        if current:
            self._log("correct_result", text, Priority.INTERRUPT, official=True,
                      written=written)
            ruling = self.referee.correct_result(color, detail)
            self._apply(ruling)
            return ruling.result
        was_over = self.match.is_over
        old = game.result
        at = old.at if old is not None else 0.0
        game.result = GameResult(color, EndReason.CORRECTED, detail, at)
        game.corrected = detail
        index = number - 1
        rec = self.match.games[index]
        self.match.games[index] = GameRecord(rec.number, rec.black, rec.white, rec.play_out,
                                             winner, color, EndReason.CORRECTED.value, detail)
        self._log("correct_result", text, Priority.INTERRUPT, official=True, game=game,
                  written=written)
        self._save_game(game)
        self._say(self.summary_text(), Priority.QUEUE)
        if self.match.is_over and not was_over:
            if self.game is not None and self.game.result is None and self.referee is not None:
                self.referee.clock.stop()  # the game in progress is no longer needed
                if self.host is not None:
                    self.host.running = False
                self.games.remove(self.game)
                self.referee = None
                self.game = None
            self._finish_match()
        elif was_over and not self.match.is_over:
            self.result_text = ""
            self._start_game()
        else:
            self._update_result_text()
            self._save_score_sheet()
        return game.result

    # --- draws (WCDF 6.1-6.4; agreement is allowed under every profile) --------------------
    def _named(self, color: Color) -> str:
        """"Bo Diaz (Red)": the player with ``color`` in the current game, with the side."""
        return event_texts.named(self.player(color), self.sides[color])

    def _player_ruling(self, ruling: Ruling) -> Ruling:
        """After a draw action (said and logged here with the players' names): a refusal is said;
        the ruling goes to the host (emitted, a result ends the game there, nothing said twice)
        or, standalone, a result ends the game here."""
        if ruling.verdict is Verdict.REFUSED:
            self._say(ruling.message, Priority.INTERRUPT)
        if self.host is not None:
            self.host.handle_ruling(ruling, say=False)
        elif ruling.result is not None:
            self._finish_game(ruling.result)
        return ruling

    @property
    def draw_offer(self) -> Optional[Color]:
        """The colour whose draw offer (or pointed-out repetition) awaits an answer, or None."""
        return None if self.referee is None or self.referee.is_over else self.referee.draw_offer

    def offer_draw(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: the player to move) offers a draw (WCDF 6.1); the opponent answers
        with :meth:`answer_draw`. Said with both names ("Ann Lee (Black) offers a draw. Bo Diaz
        (Red), do you accept?") and logged. Raises :class:`EventError` when no game runs."""
        referee = self._running_referee()
        color = referee.board.turn if color is None else color
        ruling = referee.offer_draw(color)
        if ruling.ok:
            self._log("draw_offer", event_texts.draw_offered_text(self._named(color),
                                                            self._named(color.other)),
                      Priority.INTERRUPT, written=event_texts.draw_offer_logged_text(self._named(color)))
        return self._player_ruling(ruling)

    def answer_draw(self, accept: bool) -> Ruling:
        """The player offered a draw (or shown a repetition) accepts it (the game is drawn) or
        declines it (play goes on; under WCDF rules the offerer may then request the 40-move
        count). Refused, and said, when no offer stands."""
        referee = self._running_referee()
        offerer = referee.draw_offer
        if offerer is None:
            text = event_texts.no_draw_offer_text()
            self._say(text, Priority.INTERRUPT)
            return Ruling(Verdict.REFUSED, RulingCode.NO_DRAW_OFFER, text)
        answerer = offerer.other
        if accept:
            ruling = referee.accept_draw(answerer)
            if ruling.ok:
                self._log("draw_accepted", event_texts.draw_accepted_text(self._named(answerer)),
                          Priority.INTERRUPT)
        else:
            ruling = referee.decline_draw(answerer)
            if ruling.ok:
                self._log("draw_declined", event_texts.draw_declined_text(self._named(answerer)),
                          Priority.INTERRUPT)
        return self._player_ruling(ruling)

    def point_out_repetition(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: the player to move) points out that the position has stood on the
        board before and suggests a draw (WCDF 6.4); the opponent answers with
        :meth:`answer_draw`. Refused (and said) under rules without it, or with no repetition."""
        referee = self._running_referee()
        color = referee.board.turn if color is None else color
        ruling = referee.point_out_repetition(color)
        if ruling.ok:
            n = referee.board.repetitions()
            self._log("repetition", event_texts.repetition_text(self._named(color), n,
                                                          self._named(color.other)),
                      Priority.INTERRUPT,
                      written=event_texts.repetition_text(self._named(color), n, "", False))
        return self._player_ruling(ruling)

    def forty_move_requester(self) -> Optional[Color]:
        """Who may request the 40-move count now: the player whose last draw offer was declined
        (WCDF 6.2), or None."""
        referee = self.referee
        if referee is None:
            return None
        for entry in reversed(referee.record):
            if entry.kind == "draw_declined" and entry.color is not None:
                return entry.color.other
            if entry.kind in ("forty_move_count",):
                return None
        return None

    def request_forty_move_count(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: :meth:`forty_move_requester`, else the player to move), whose draw
        offer was declined, requests the 40-move count: the opponent has forty moves to show a
        strengthened position (WCDF 6.2). Refused (and said) under rules without the count."""
        referee = self._running_referee()
        if color is None:
            color = self.forty_move_requester()
            color = referee.board.turn if color is None else color
        ruling = referee.request_forty_move_count(color)
        if ruling.ok:
            args = (self._named(color), self._named(color.other))
            self._log("forty_move_count", event_texts.forty_requested_text(*args), Priority.INTERRUPT,
                      written=event_texts.forty_requested_text(*args, spoken=False))
        return self._player_ruling(ruling)

    @property
    def forty_move_attacker(self) -> Optional[Color]:
        return None if self.referee is None else self.referee.forty_move_attacker

    @property
    def forty_move_judgement_due(self) -> bool:
        return self.referee is not None and self.referee.forty_move_judgement_due

    def concede_strengthening(self) -> Ruling:
        """The player who requested the count concedes that the attacker strengthened the
        position: the count starts again (WCDF 6.2a). Refused (and said) with no count running."""
        referee = self._running_referee()
        attacker = referee.forty_move_attacker
        color = attacker.other if attacker is not None else referee.board.turn
        ruling = referee.concede_strengthening(color)
        if ruling.ok:
            args = (self._named(color), self._named(attacker))
            self._log("forty_move_restart", event_texts.strengthened_text(*args), Priority.INTERRUPT,
                      written=event_texts.strengthened_text(*args, spoken=False))
        return self._player_ruling(ruling)

    def forty_move_ruling(self, strengthened: bool) -> Ruling:
        """The official's judgement once the attacker has made forty counted moves (WCDF 6.2,
        6.3): not strengthened, the game is drawn; strengthened, play goes on. Refused (and said)
        when no count awaits a judgement."""
        referee = self._running_referee()
        attacker = referee.forty_move_attacker
        ruling = referee.forty_move_ruling(strengthened)
        if ruling.ok and attacker is not None:
            name = self._named(attacker)
            self._log("forty_move_ruling", event_texts.forty_ruling_text(name, strengthened),
                      Priority.INTERRUPT, official=True,
                      written=event_texts.forty_ruling_text(name, strengthened, False))
        return self._player_ruling(ruling)

    # --- ending -------------------------------------------------------------------------
    def _finish_game(self, result: GameResult) -> None:
        game = self.game
        if game is None or game.result is not None:
            return
        game.result = result
        self.match.record_game_result(result)
        winner = None if result.winner is None else game.player(result.winner)
        side = None if result.winner is None else self.sides[result.winner]
        how = self._how(result, game)
        count = written_count = ""
        if result.material is not None:
            count = event_texts.count_text(result.material, self.sides)
            written_count = event_texts.count_text(result.material, self.sides, False)
        named = event_texts.game_result_text(game.number, winner, side, how)
        self._log("result", named, Priority.QUEUE, at=result.at, speak=False,
                  written=" ".join(p for p in (event_texts.game_result_text(
                      game.number, winner, side, self._how(result, game, False), False),
                      written_count) if p))
        self._save_game(game)
        a, b = self.settings.names
        score = event_texts.score_text((a, b), self.score(), self.match.draws())
        # One announcement: who won (names, sides, how), the count, the score, the match result.
        if self.match.is_over:
            self._update_result_text()
            follows = self.result_text
        else:
            follows = ""  # the next game's own announcement follows at once
        self._say(event_texts.game_end_announcement(named, count, score, follows), Priority.QUEUE)
        self.penalty_changed.emit(None)
        self.game_finished.emit(game)
        if self.match.is_over:
            self._finish_match(said=True)
        elif self.host is not None:
            # The host is still inside its own game's end: start the next game after it returns.
            self.host.scheduler.defer(self._start_next_game)
        else:
            self._start_game()

    def _start_next_game(self) -> None:
        if self.game is not None and self.game.result is not None and not self.match.is_over:
            self._start_game()

    def _how(self, result: GameResult, game: PlayedGame, spoken: bool = True) -> str:
        """How the game ended, with the players' names ("Bo Diaz resigns")."""
        loser = result.winner.other if result.winner is not None else None
        return event_texts.how_text(result, None if loser is None else game.player(loser),
                                    loser is None or bool(game.board.squares(loser)), spoken)

    def _match_result(self, spoken: bool = True) -> str:
        winner = self.match.winner
        a, b = self.settings.names
        if winner is None:
            return event_texts.match_result_text(None, 0, 0)
        loser = b if winner == a else a
        return event_texts.match_result_text(winner, self.match.wins(winner), self.match.wins(loser),
                                       spoken)

    def _update_result_text(self) -> None:
        self.result_text = self._match_result()

    def _finish_match(self, said: bool = False) -> None:
        self._update_result_text()
        if not said:
            self._say(self.result_text, Priority.QUEUE)
        if self.host is not None:
            self.host.announce_results = True  # games after the match say their own results
        self._save_score_sheet()
        self.clocks_changed.emit()
        self.match_finished.emit(self.result_text)

    def abandon(self) -> None:
        """Stop the match where it is (the window started another game): the game in progress is
        saved unfinished ("*"), the score sheet too, and the host is let go."""
        if self.game is not None and self.game.result is None:
            if self.referee is not None:
                self.referee.clock.stop()
            self._save_game(self.game)
        self._save_score_sheet()
        self.detach()

    # --- records ------------------------------------------------------------------------
    def _save_game(self, game: PlayedGame) -> None:
        try:
            records.save_game(self.folder, self.settings, game, self.actions, self.date_iso)
        except OSError as exc:  # never stop the match over a file
            self.record_errors.append(f"{game.number}: {exc}")

    def score_sheet_html(self) -> str:
        from .score_sheet import score_sheet_html

        return score_sheet_html(self.settings, self.games, self.actions, self.date_iso,
                                self.summary_text(words=False))

    def save_score_sheet(self, path: Optional[Path] = None) -> Path:
        """Write the score sheet as PDF to ``path`` (default ``score-sheet.pdf`` in the match's
        folder) and return the path. Raises ``OSError`` when it cannot be written."""
        from .score_sheet import save_pdf

        path = Path(path) if path is not None else self.folder / "score-sheet.pdf"
        path.parent.mkdir(parents=True, exist_ok=True)
        save_pdf(self.score_sheet_html(), path)
        self.score_sheet_path = path
        return path

    def _save_score_sheet(self) -> None:
        try:
            self.save_score_sheet()
        except OSError as exc:
            self.record_errors.append(f"score sheet: {exc}")

    # --- helpers ------------------------------------------------------------------------
    def _running_referee(self) -> Referee:
        if self.referee is None or self.referee.is_over:
            raise EventError("no game is in progress")
        return self.referee

    def _say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)
        self.announced.emit(text)

    def _log(self, kind: str, text: str, priority: Priority, *, at: Optional[float] = None,
             official: bool = False, game: Optional[PlayedGame] = None,
             speak: bool = True, command: str = "", written: str = "") -> LoggedAction:
        """Record ``text`` in the match log (the game's PDN comments and the score sheet) and, with
        ``speak``, announce it."""
        game = game or self.game
        referee = self.referee
        if game is not self.game:
            at_, ply = (game.result.at if game.result else 0.0), game.board.ply
        else:
            at_ = referee.clock.elapsed() if referee is not None else 0.0
            ply = referee.board.ply if referee is not None else 0
        action = LoggedAction(game.number if game else 0, at_ if at is None else at, ply,
                              self.now().strftime("%H:%M:%S"), kind, text, official, command,
                              written if written != text else "")
        self.actions.append(action)
        if speak:
            self._say(text, priority)
        self.logged.emit(action)
        return action
