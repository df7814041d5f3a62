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
  the match's own sentences (coin flip, who plays which side, named results, score, match result).

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

from PySide6.QtCore import QObject, QTimer, Signal

from ...rules import BLACK, WHITE, Color, Move
from ...rules.clock import GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning
from ...rules.match import GameRecord, Match
from ...rules.profiles import ColourChoice, get_profile
from ...rules.referee import (EndReason, GameEnded, GameResult, PenaltyDue, Referee, Ruling,
                              Verdict)
from ...speech.announcer import Priority
from . import records, texts
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
    ``logged(object)`` (each :class:`LoggedAction`), ``announced(str)`` (each sentence said).
    """

    game_started = Signal(object)
    game_finished = Signal(object)
    match_finished = Signal(str)
    penalty_changed = Signal(object)
    clocks_changed = Signal()
    logged = Signal(object)
    announced = Signal(str)

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
        base = Path(records_dir) if records_dir is not None else records.default_records_dir()
        self.folder = base / records.match_folder_name(self.settings,
                                                       started.strftime("%Y-%m-%d_%H%M%S"))
        self.games: list[PlayedGame] = []
        self.actions: list[LoggedAction] = []
        self.referee: Optional[Referee] = None
        self.game: Optional[PlayedGame] = None
        self.result_text = ""
        self.score_sheet_path: Optional[Path] = None
        self.record_errors: list[str] = []
        self.started = False
        if host is not None:
            host.referee_event.connect(self._on_host_event)
            host.ruling_made.connect(self._on_host_ruling)
            host.game_result.connect(self._on_host_result)

    @property
    def hosted(self) -> bool:
        return self.host is not None

    def detach(self) -> None:
        """Stop listening to the host (a new match replaces this one)."""
        if self.host is not None:
            for signal, slot in ((self.host.referee_event, self._on_host_event),
                                 (self.host.ruling_made, self._on_host_ruling),
                                 (self.host.game_result, self._on_host_result)):
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):  # pragma: no cover - already disconnected
                    pass
            self.host.player_names = None
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
            return self.result_text or texts.no_match_text()
        c = self.referee.board.turn
        return texts.turn_text(self.player(c), self.sides[c])

    def summary_text(self, words: bool = True) -> str:
        """The score (and the match result when over), for F4 and the score sheet (``words``
        False: numbers in digits)."""
        a, b = self.settings.names
        wa, wb = self.score()
        text = texts.score_text((a, b), (wa, wb), self.match.draws(), words)
        if self.is_over:
            text += " " + self.result_text
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
        self._say(texts.coin_flip_text(first, other, self.sides, by), Priority.QUEUE)
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
        self._say(texts.game_start_text(setup.number, setup.black, setup.white, self.sides,
                                        setup.play_out, self.profile.title), Priority.QUEUE)
        if self.host is not None:
            from ..game_controller import Mode

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
            return Ruling(Verdict.ACCEPTED, "submitted", "")
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
        elif ruling is not None and ruling.ok and ruling.code == "move_played":
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
                self._log("move_warning", texts.move_warning_text(name, ev.seconds, ev.limit),
                          Priority.INTERRUPT, at=ev.at, **sp)
            elif isinstance(ev, MoveTimeExpired):
                self._log("move_time_expired", texts.move_time_expired_text(
                    self.player(ev.color), ev.seconds), Priority.INTERRUPT, at=ev.at, **sp)
            elif isinstance(ev, PenaltyDue):
                self._penalty_due(ev, speak)
            elif isinstance(ev, GameTimeWarning):
                self._log("game_time_warning", texts.game_time_warning_text(ev.seconds_left),
                          Priority.INTERRUPT, at=ev.at, **sp)
            elif isinstance(ev, GameTimeExpired):
                limit_reached = True
                self._log("time_limit", texts.time_limit_text(), Priority.INTERRUPT, at=ev.at, **sp)
            elif isinstance(ev, GameEnded):
                ended = True
                if self.host is None:
                    self._finish_game(ev.result)
        if limit_reached and not ended and self.referee is not None and not self.referee.is_over:
            self._log("play_out", texts.play_out_text(), Priority.QUEUE)
            self.clocks_changed.emit()

    # --- the host's signals -------------------------------------------------------------
    def _on_host_event(self, event) -> None:
        if self.host is None or self.host.referee is not self.referee:
            return
        self.handle_events([event], speak=False)

    def _on_host_ruling(self, ruling) -> None:
        if self.host is None or self.host.referee is not self.referee or self.game is None:
            return
        if ruling.code == "checker_removed":
            square = self._last_removed_square()
            victim = ruling.color
            self._log("checker_removed", texts.checker_removed_text(
                self.player(victim.other), self.player(victim), self.sides[victim], square),
                Priority.QUEUE, speak=False, command=f"[%remove {square}]")
            self.penalty_changed.emit(None)
            self.clocks_changed.emit()

    def _last_removed_square(self) -> int:
        for entry in reversed(self.referee.record):
            if entry.kind == "checker_removed":
                return int(entry.detail.split()[0])
        return 0  # pragma: no cover - the referee always records the removal

    def _on_host_result(self, result) -> None:
        if self.host is None or self.host.referee is not self.referee:
            return
        self._finish_game(result)

    def _penalty_due(self, due: PenaltyDue, speak: bool = True) -> None:
        stalling = "stalling" in due.cause
        self._log("penalty_due", texts.penalty_due_text(self.player(due.chooser),
                                                        self.player(due.victim),
                                                        self.sides[due.victim], stalling),
                  Priority.INTERRUPT, at=due.at, speak=speak)
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
            self._say(texts.no_penalty_text(), Priority.INTERRUPT)
            return Ruling(Verdict.REFUSED, "no_penalty", texts.no_penalty_text())
        if self.host is not None:
            return self.host.remove_checker(square, due.chooser)  # logged by _on_host_ruling
        ruling = referee.remove_checker(due.chooser, square)
        if not ruling.ok:
            self._say(ruling.message, Priority.INTERRUPT)
            return ruling
        self._log("checker_removed", texts.checker_removed_text(
            self.player(due.chooser), self.player(due.victim), self.sides[due.victim], square),
            Priority.INTERRUPT, command=f"[%remove {square}]")
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
        self._log("pause", texts.paused_text(), Priority.INTERRUPT, official=True,
                  speak=self.host is None)
        ruling = self._apply(referee.pause())
        self.clocks_changed.emit()
        return ruling

    def resume(self) -> Ruling:
        """The official starts the clocks again."""
        referee = self._running_referee()
        self._log("resume", texts.resumed_text(), Priority.INTERRUPT, official=True,
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
            self._log("stalling_warning", texts.stalling_warning_text(self.player(color),
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
        self._log("stalling_penalty", f"The official applies a stalling penalty to "
                  f"{self.player(color)}.", Priority.INTERRUPT, official=True)
        if referee.pending_penalty is not None:
            self._penalty_due(referee.pending_penalty, speak=self.host is None)
        return ruling

    def adjudicate(self) -> Ruling:
        """The official ends the game now as at the time limit: the count decides, man 1, king 2
        (VA rulebook 3:00 s5). With an equal count after a draw the game is played out instead."""
        referee = self._running_referee()
        self._log("adjudicate", texts.adjudication_requested_text(), Priority.INTERRUPT,
                  official=True, speak=self.host is None)
        ruling = referee.adjudicate()
        if ruling.result is None and self.host is None:
            self._say(ruling.message, Priority.QUEUE)
            return ruling
        return self._apply(ruling)

    def declare_draw(self) -> Ruling:
        """The official declares the game drawn: neither player can force a win (VA rulebook
        4:00 s4). A new game follows."""
        referee = self._running_referee()
        self._log("declare_draw", texts.declare_draw_text(), Priority.INTERRUPT, official=True,
                  speak=self.host is None)
        return self._apply(referee.declare_draw())

    def declare_forfeit(self, color: Color, reason: str = "") -> Ruling:
        """The official declares that ``color`` forfeits the current game."""
        referee = self._running_referee()
        name = self.player(color)
        self._log("forfeit", texts.forfeit_text(name, self.game.number, reason),
                  Priority.INTERRUPT, official=True, speak=self.host is None)
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
        text = texts.corrected_text(number, winner) + (f" {detail}." if detail else "")
        detail = detail or "corrected by the official"
        current = game is self.game and game.result is None
        if current:
            self._log("correct_result", text, Priority.INTERRUPT, official=True,
                      speak=self.host is None)
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
        self._log("correct_result", text, Priority.INTERRUPT, official=True, game=game)
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

    # --- ending -------------------------------------------------------------------------
    def _finish_game(self, result: GameResult) -> None:
        game = self.game
        if game is None or game.result is not None:
            return
        game.result = result
        self.match.record_game_result(result)
        winner = None if result.winner is None else game.player(result.winner)
        how = self._how(result, game)
        if result.material is not None and self.host is None:  # the host reads the count
            self._say(texts.count_text(result.material, self.sides), Priority.QUEUE)
        self._log("result", texts.game_result_text(
            game.number, winner, None if result.winner is None else self.sides[result.winner],
            how), Priority.QUEUE, at=result.at)
        self._save_game(game)
        a, b = self.settings.names
        self._say(texts.score_text((a, b), self.score(), self.match.draws()), Priority.QUEUE)
        self.penalty_changed.emit(None)
        self.game_finished.emit(game)
        if self.match.is_over:
            self._finish_match()
        elif self.host is not None:
            # The host is still inside its own game's end: start the next game after it returns.
            QTimer.singleShot(0, self._start_next_game)
        else:
            self._start_game()

    def _start_next_game(self) -> None:
        if self.game is not None and self.game.result is not None and not self.match.is_over:
            self._start_game()

    def _how(self, result: GameResult, game: PlayedGame) -> str:
        r = result.reason
        if r is EndReason.NO_MOVES:
            loser = result.winner.other if result.winner is not None else None
            return (f"{game.player(loser)} cannot move" if loser is not None else result.detail)
        if r is EndReason.RESIGNATION and result.winner is not None:
            return f"{game.player(result.winner.other)} resigns"
        if r is EndReason.FORFEIT and result.winner is not None:
            return f"{game.player(result.winner.other)} forfeits"
        if r is EndReason.ADJUDICATION:
            return "adjudicated at the time limit" + (" by lot" if result.by_lot else "")
        return f"{r.value}, {result.detail}" if result.detail else r.value

    def _update_result_text(self) -> None:
        winner = self.match.winner
        a, b = self.settings.names
        if winner is None:
            self.result_text = texts.match_result_text(None, 0, 0)
        else:
            loser = b if winner == a else a
            self.result_text = texts.match_result_text(winner, self.match.wins(winner),
                                                       self.match.wins(loser))

    def _finish_match(self) -> None:
        self._update_result_text()
        self._say(self.result_text, Priority.QUEUE)
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
             speak: bool = True, command: str = "") -> LoggedAction:
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
                              self.now().strftime("%H:%M:%S"), kind, text, official, command)
        self.actions.append(action)
        if speak:
            self._say(text, priority)
        self.logged.emit(action)
        return action
