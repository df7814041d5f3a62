"""A match at the table, played on a game session: the coin flip, the games, the clocks' events,
penalties, the record, the result.

:class:`MatchSession` wraps a :class:`~checkers_desktop.rules.match.Match` (who has Black in each
game, when the match is over) and gives each game's :class:`~checkers_desktop.rules.referee.Referee`
(the profile's rules and clocks) to its :class:`~.game.GameSession`: the players play there, by
keys, mouse, move box or voice, exactly as in a two-player game; the game session takes the moves,
polls the clocks, carries out penalties and says what happens in the game. The match listens to
the game's events (referee events, rulings, the result) to log them, and says only its own
sentences: the coin flip, who plays which side, named results with the count and the score, and
the match result (the game session does not say a game's end while a match plays it).

The official's actions are :attr:`MatchSession.official` (:mod:`.match_official`), the players'
draw offers :attr:`MatchSession.draws` (:mod:`.match_draws`). Every notable action is logged with
the game time and the time of day (:class:`~.match_model.LoggedAction`); each finished game is
written as PDN into the match's folder under ``records_dir``, and at the end the score sheet
through ``write_score_sheet(html, path)`` (the window writes a PDF). The match reports its result
as data (:meth:`MatchSession.result`) and its events to listeners (:mod:`.match_events`).

Time comes from the game session's time source (seconds), the coin flip from an injected
``random.Random``, the time of day from an injected ``now()``.

Only the official acts as the official: :attr:`MatchSession.gate` (an
:class:`~.official_gate.OfficialGate`) must have been opened with the official's PIN before each
official's action when a PIN is set for the match (:meth:`MatchSession.set_official_pin`, kept in
the match's folder) or for the event; the record names the official who acted. A match is ended
before its end only by :meth:`MatchSession.leave`, an official's action.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..rules import BLACK, WHITE, Color
from ..rules.clock import GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning
from ..rules.match import Match
from ..rules.profiles import ColourChoice, Profile, get_profile
from ..rules.referee import Referee
from ..rules.rulings import (FortyMovesCompleted, GameResult, PenaltyCause, PenaltyDue, Ruling,
                             RulingCode, Verdict)
from ..speech.announcer import Priority
from ..storage import Snapshot
from ..texts import event as event_texts
from ..texts import game as game_texts
from ..texts import official as official_texts
from ..texts import penalty as penalty_texts
from . import match_records
from .events import GameStarted, Observable, RefereeEventRaised, ResultReached, RulingMade
from .game import GameSession, Mode
from .match_draws import MatchDraws
from .match_events import (ActionLogged, Announced, ClocksChanged, FortyMovesDue, MatchAbandoned,
                           MatchFinished, MatchGameFinished, MatchGameStarted, PenaltyChanged)
from .match_model import (GameOutcome, LoggedAction, MatchResult, MatchSessionError, MatchSettings,
                          PlayedGame)
from .match_official import MatchOfficial
from .official_gate import OfficialGate
from .official_pin import PinFileState, PinHash, read_match_pin, save_match_pin
from .penalty_step import CheckerRemoved
from .score_sheet import score_sheet_html

if TYPE_CHECKING:  # pragma: no cover
    from .session_extra import MatchInfo

__all__ = ["MatchSession", "MatchSessionError", "ScoreSheetWriter"]

log = logging.getLogger(__name__)

ScoreSheetWriter = Callable[[str, Path], object]
"""``write(html, path)``: writes the score sheet (the window: a PDF); raises ``OSError``."""


class MatchSession(Observable):
    """One match on ``game`` (a :class:`~.game.GameSession`).

    ``settings``: the :class:`~.match_model.MatchSettings` (validated here). ``records_dir``: the
    folder under which the match's folder is made. ``rng``: the coin flip. ``now``: the time of
    day (``datetime``) for the record. ``write_score_sheet(html, path)``: writes the score sheet
    (None: the score sheet is kept as HTML only, ``score-sheet.html``). ``referee_factory(profile,
    play_out)`` builds a game's referee (default: a :class:`Referee` on the game's time source).
    Raises ``MatchSettingsError`` for bad settings.

    Events (see :mod:`.match_events`): ``MatchGameStarted``, ``MatchGameFinished``,
    ``MatchFinished``, ``PenaltyChanged``, ``ClocksChanged``, ``ActionLogged``, ``Announced``,
    ``FortyMovesDue``, ``MatchAbandoned``.

    ``gate``: who may act as the official (default: a gate with no PIN, the event PIN none).
    """

    def __init__(self, game: GameSession, settings: MatchSettings, records_dir: Path, *,
                 rng: Optional[random.Random] = None, now: Callable[[], datetime] = datetime.now,
                 write_score_sheet: Optional[ScoreSheetWriter] = None,
                 referee_factory: Optional[Callable[..., Referee]] = None,
                 gate: Optional[OfficialGate] = None) -> None:
        super().__init__()
        self.settings = settings.validated()
        self.host = game
        self.announcer = game.announcer
        self.now = now
        self.write_score_sheet = write_score_sheet
        self.profile = get_profile(self.settings.profile_key)
        self.sides = dict(self.profile.side_names)
        fmt = dataclasses.replace(self.profile.match, best_of=self.settings.best_of,
                                  first_colours=ColourChoice.COIN_FLIP
                                  if self.profile.match.first_colours is ColourChoice.PLAYERS_CHOOSE
                                  else self.profile.match.first_colours)
        self.rng = rng or random.Random()
        self.match = Match(self.settings.names, fmt, rng=self.rng)
        self.referee_factory = referee_factory or self._make_referee
        started = now()
        self.date_iso = started.strftime("%Y-%m-%d")
        self.folder = Path(records_dir) / match_records.match_folder_name(
            self.settings, started.strftime("%Y-%m-%d_%H%M%S"))
        self.games: list[PlayedGame] = []
        self.actions: list[LoggedAction] = []
        self.referee: Optional[Referee] = None
        self.game: Optional[PlayedGame] = None
        self.result_text = ""
        self.score_sheet_path: Optional[Path] = None
        self.record_errors: list[str] = []
        self.started = False
        self.awaiting_start = False
        """True while the game on the board waits for the official to start it (the players-ready
        step): its clocks stand still and no move is taken (:meth:`MatchOfficial.start_game`)."""
        self.last_result_text = ""
        """The result of the game just ended, kept on the status line until the next one
        starts."""
        self.last_result_headline = ""
        """That result in a few words ("Ann Lee wins game one."), kept on the clocks' turn line
        until the next game starts."""
        game.hold = self._hold_text
        self.pin_guard = "match"
        """What the gate's PIN is: "match" (set for this match) or "event" (the event PIN in force
        when the match started, kept with the match)."""
        self.pin_missing = False
        """True for a match resumed without the PIN set at its start (its file was missing or
        unreadable): only the event PIN, if any, guards it (the window says so)."""
        self.gate = gate if gate is not None else OfficialGate(time_source=game.time_source)
        self.gate.match_pin = None
        self.gate.official = self.settings.official
        self.gate.on_recovered = self._recovered
        self.official = MatchOfficial(self)
        self.draws = MatchDraws(self)
        self._unsubscribe: Optional[Callable[[], None]] = game.subscribe(self._on_game_event)
        game.announce_results = False  # said here, once, with names and score

    @classmethod
    def for_players(cls, game: GameSession, names: tuple[str, str], records_dir: Path, *,
                    profile_key: str = "va-standard", best_of: int = 3,
                    medical_centers: tuple[str, str] = ("", ""),
                    age_groups: tuple[str, str] = ("", ""), division: str = "",
                    **options: Any) -> "MatchSession":
        """A match between the players ``names`` (a tournament's "play this match here"):
        ``profile_key``, ``best_of``, the players' medical centers and age groups, a division
        label; other keyword arguments are the constructor's. Not started: call :meth:`start`."""
        fields = {k: options.pop(k) for k in ("event", "site", "round", "official")
                  if k in options}
        settings = MatchSettings.for_players(names, profile_key=profile_key, best_of=best_of,
                                             medical_centers=medical_centers,
                                             age_groups=age_groups, division=division, **fields)
        return cls(game, settings, records_dir, **options)

    @classmethod
    def restore(cls, game: GameSession, snapshot: Snapshot, records_dir: Path, *,
                referee: Optional[Referee] = None, rng: Optional[random.Random] = None,
                now: Callable[[], datetime] = datetime.now,
                write_score_sheet: Optional[ScoreSheetWriter] = None,
                gate: Optional[OfficialGate] = None,
                trusted: bool = True) -> "MatchSession":
        """The match saved in ``snapshot`` (a ``storage.Snapshot`` made by
        ``resume.snapshot_of``), put back on ``game`` with its game on the board and its clocks
        paused until the official restarts them; the players are told the match and the score.
        ``referee``: the game's referee already restored from the snapshot (default: restored
        here). Its records stay in the saved folder (``records_dir`` when none was saved). The
        official's PIN set at the match's start is read back from that folder into ``gate``
        and checked against the copy in the sealed match state (``trusted``: the snapshot's seal
        vouches for it): see :meth:`_restore_pin`. The game waits for the official to start it
        again (:attr:`awaiting_start`).

        Raises ``storage.DamagedAutosaveError`` (nothing changed) when the snapshot holds no
        usable match: no match, a finished one, or settings that are not usable."""
        from ..storage import DamagedAutosaveError, restore_referee
        from .session_extra import SessionExtra

        extra, _problems = SessionExtra.read(snapshot.extra, in_match=True)
        if snapshot.match is None or extra.event is None:
            raise DamagedAutosaveError("the saved game holds no usable match")
        info = extra.event
        if referee is None:
            referee = restore_referee(snapshot, time_source=game.time_source)
        session = cls(game, info.settings, records_dir, rng=rng, now=now,
                      write_score_sheet=write_score_sheet, gate=gate)
        try:
            # the match's own format (best of N, coin flip), not the profile's
            session.match = Match.from_dict(snapshot.match, session.match.format,
                                            rng=session.rng)
        except (ValueError, KeyError, TypeError) as exc:
            session.detach()
            raise DamagedAutosaveError(f"the saved match cannot be restored: {exc}") from None
        setup = session.match.next_game()
        if setup is None:
            session.detach()
            raise DamagedAutosaveError("the saved match is over")
        if info.folder:
            session.folder = Path(info.folder)
        session._restore_pin(info, trusted)
        if info.date:
            session.date_iso = info.date
        session.started = True
        session.referee = referee
        if not referee.clock.paused:
            referee.clock.pause()
        session.awaiting_start = True
        session.game = PlayedGame(setup.number, setup.black, setup.white, setup.play_out,
                                  referee.board)
        session.games = [session.game]
        a, b = session.settings.names
        session.say(event_texts.match_resumed_text((a, b), setup.number, session.score()),
                    Priority.QUEUE)
        session._play_on_board()
        session._emit(MatchGameStarted(session.game))
        session._emit(ClocksChanged())
        return session

    def _restore_pin(self, info: "MatchInfo", trusted: bool) -> None:
        """Put back the PIN that guards the match, failing closed.

        Two copies exist: the sealed ``official.json`` in the match's folder
        (:func:`.official_pin.read_match_pin`) and the one in the sealed match state (``info.pin``,
        used only when ``trusted``). Both sound and the same: that PIN. One sound copy while the
        other is missing: that PIN (the file is written again). A copy changed, removed, damaged
        or unsealed outside the app, or two copies that differ: the gate is locked
        (:meth:`OfficialGate.lock`) until the event PIN or its recovery code opens it. A match
        that never had a PIN (an older save): only the event PIN guards it (:attr:`pin_missing`).
        """
        found = read_match_pin(self.folder)
        state_pin = None
        if trusted and info.pin:
            try:
                state_pin = PinHash.from_text(info.pin)
            except ValueError:
                state_pin = None
        guarded = info.guarded or state_pin is not None
        if found.state.sound and found.pin is not None:
            if state_pin is not None and state_pin != found.pin:
                self.gate.lock("changed")
                return
            self.gate.match_pin = found.pin
            self.pin_guard = found.guard
            self.gate.official = found.official or self.gate.official
            return
        if found.state is PinFileState.MISSING and state_pin is not None:
            self.gate.match_pin = state_pin
            self.pin_guard = info.guard or "match"
            self._keep_pin(state_pin)
            return
        if found.state is PinFileState.MISSING and not guarded:
            self.pin_missing = True
            return
        self.gate.lock(found.state.value if found.state is not PinFileState.SOUND else "missing")

    def _keep_pin(self, pin: PinHash) -> None:
        try:
            save_match_pin(self.folder, pin, self.gate.official, guard=self.pin_guard)
        except OSError as exc:
            log.error("the official's PIN could not be kept with the match: %s", exc)
            self.record_errors.append(f"official's PIN: {exc}")

    def _recovered(self, pin: PinHash) -> None:
        """A locked gate was opened by the event PIN or its recovery code: the match is guarded
        by the event PIN from now on (kept sealed with the match)."""
        event = self.gate.event_pin()
        self.gate.match_pin = event
        self.pin_guard = "event"
        if event is not None:
            self._keep_pin(event)
        by = self.gate.official
        self.log("recovered", official_texts.recovered_text(by), official=True,
                 priority=Priority.QUEUE)

    def detach(self) -> None:
        """Stop listening to the game (another match or game replaces this one): its results are
        said by the game again and its turn texts lose the players' names."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
            self.host.player_names = None
            self.host.announce_results = True

    # --- state --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def game_running(self) -> bool:
        return self.referee is not None and not self.referee.is_over

    @property
    def on_board(self) -> bool:
        """True while this match's game is the one on the game session's board."""
        return self.game_running and self.host.referee is self.referee

    @property
    def paused(self) -> bool:
        return self.referee is not None and self.referee.clock.paused

    @property
    def pending_penalty(self) -> Optional[PenaltyDue]:
        return None if self.referee is None else self.referee.pending_penalty

    def player(self, color: Color) -> str:
        """The name of the player with ``color`` in the current game."""
        if self.game is None:
            raise MatchSessionError(event_texts.no_game_started_text())
        return self.game.player(color)

    def named(self, color: Color) -> str:
        """"Bo Diaz (Red)": the player with ``color`` in the current game, with the side."""
        return event_texts.named(self.player(color), self.sides[color])

    def color_of(self, name: str) -> Color:
        """The colour ``name`` plays in the current game; raises :class:`MatchSessionError`."""
        if self.game is None:
            raise MatchSessionError(event_texts.no_game_started_text())
        if name == self.game.black:
            return BLACK
        if name == self.game.white:
            return WHITE
        raise MatchSessionError(event_texts.not_a_player_text(name))

    def score(self) -> tuple[int, int]:
        a, b = self.settings.names
        return self.match.wins(a), self.match.wins(b)

    def _hold_text(self) -> Optional[str]:
        """The game session's status while this match's game waits for the official (None once
        it started, or when another game is on the board)."""
        if self.awaiting_start and self.game is not None and self.referee is not None \
                and self.host.referee is self.referee:
            return official_texts.awaiting_start_text(self.game.number, self.last_result_text)
        return None

    def turn_text(self) -> str:
        """"Alice, Black, to move." for the current game (or the match result when over; while
        the next game waits for the official, the last result and that in a few words: the
        clocks' turn line, in large type; the status line has them whole)."""
        if self.referee is None or self.referee.is_over:
            return self.result_text or event_texts.no_match_text()
        if self.awaiting_start and self.game is not None:
            return official_texts.awaiting_start_headline(self.game.number,
                                                          self.last_result_headline)
        due = self.referee.pending_penalty
        if due is not None:  # nobody moves: the chooser's turn to pick a checker
            return penalty_texts.panel_choice_text(self.player(due.chooser))
        c = self.referee.board.turn
        return event_texts.turn_text(self.player(c), self.sides[c])

    def summary_text(self, words: bool = True) -> str:
        """The score (and the match result when over), for F4 and the score sheet (``words``
        False: numbers in digits)."""
        a, b = self.settings.names
        text = event_texts.score_text((a, b), self.score(), self.match.draws(), words)
        if self.is_over:
            text += " " + (self.result_text if words else self.match_result_text(spoken=False))
        return text

    def result(self) -> MatchResult:
        """The match's result so far, as data (a tournament takes it once ``finished``)."""
        a, b = self.settings.names
        games = tuple(GameOutcome(
            g.number, g.black, g.white,
            None if g.result.winner is None else g.player(g.result.winner), g.result.reason,
            g.result.forfeit_reason, g.pdn_result, g.pdn_path)
            for g in self.games if g.result is not None)
        return MatchResult((a, b), self.is_over, self.match.winner, self.score(),
                           self.match.draws(), games, self.settings.division, str(self.folder),
                           None if self.score_sheet_path is None else str(self.score_sheet_path))

    # --- the match ----------------------------------------------------------------------
    def start(self) -> PlayedGame:
        """Announce the coin flip and start game 1 (VA rulebook 4:00 s5)."""
        if self.started:
            raise MatchSessionError(event_texts.match_started_text())
        self.started = True
        a, b = self.settings.names
        first = self.match.first_black
        other = b if first == a else a
        by = ("coin flip" if self.match.format.first_colours is ColourChoice.COIN_FLIP
              else "draw")
        self.say(event_texts.coin_flip_text(first, other, self.sides, by), Priority.QUEUE)
        return self._start_game()

    def _make_referee(self, profile: Profile, play_out: bool) -> Referee:
        return Referee(profile, time_source=self.host.time_source, play_out=play_out)

    def _start_game(self) -> PlayedGame:
        setup = self.match.next_game()
        if setup is None:  # pragma: no cover - guarded by the callers
            raise MatchSessionError(event_texts.match_over_text())
        referee = self.referee_factory(self.profile, setup.play_out)
        referee.clock.pause()  # the players-ready step: the official starts the clocks
        self.awaiting_start = True
        self.referee = referee
        self.game = PlayedGame(setup.number, setup.black, setup.white, setup.play_out,
                               referee.board)
        self.games.append(self.game)
        self.say(event_texts.game_start_text(setup.number, setup.black, setup.white, self.sides,
                                             setup.play_out, self.profile.title), Priority.QUEUE)
        self._play_on_board()
        self._emit(MatchGameStarted(self.game))
        self._emit(ClocksChanged())
        return self.game

    def _play_on_board(self) -> None:
        """Hand the current game's referee to the game session (two players, names on turns)."""
        assert self.game is not None  # a game was just set up
        self.host.new_game(Mode.TWO_PLAYERS, BLACK, referee=self.referee, announce=False,
                           player_names={BLACK: self.game.black, WHITE: self.game.white})

    # --- the game's events --------------------------------------------------------------
    def _on_game_event(self, event: object) -> None:
        if isinstance(event, GameStarted):
            self._game_started()
        if self.referee is None or self.host.referee is not self.referee:
            return
        if isinstance(event, RefereeEventRaised):
            self._referee_event(event.event)
        elif isinstance(event, CheckerRemoved):
            self._checker_removed(event)
        elif isinstance(event, RulingMade):
            self._ruling(event.ruling)
        elif isinstance(event, ResultReached):
            self._finish_game(event.result)

    def _game_started(self) -> None:
        """A game started on the board: this match's own, or one outside it. Outside a running
        match, the match stops (its records are kept, the unfinished game with the result "*");
        after a finished match, the match lets the game go."""
        if self.host.referee is self.referee and self.referee is not None:
            return
        if self.is_over:
            self.detach()
            return
        if not self.started or self.referee is None:
            return
        self.abandon()
        self._emit(MatchAbandoned(self.folder))

    def _referee_event(self, ev: object) -> None:
        """Log a referee event (the game session has said it) and act on what it means for the
        match."""
        if isinstance(ev, MoveWarning):
            name = self.player(ev.color)
            self.log("move_warning", event_texts.move_warning_text(name, ev.seconds, ev.limit),
                     at=ev.at, speak=False,
                     written=event_texts.move_warning_text(name, ev.seconds, ev.limit, False))
        elif isinstance(ev, MoveTimeExpired):
            name = self.player(ev.color)
            self.log("move_time_expired", event_texts.move_time_expired_text(name, ev.seconds),
                     at=ev.at, speak=False,
                     written=event_texts.move_time_expired_text(name, ev.seconds, False))
        elif isinstance(ev, PenaltyDue):
            self.penalty_logged(ev, speak=False)
        elif isinstance(ev, GameTimeWarning):
            self.log("game_time_warning", event_texts.game_time_warning_text(ev.seconds_left),
                     at=ev.at, speak=False,
                     written=event_texts.game_time_warning_text(ev.seconds_left, False))
        elif isinstance(ev, GameTimeExpired):
            self.log("time_limit", event_texts.time_limit_text(), at=ev.at, speak=False)
            if self.referee is not None and not self.referee.is_over:
                # equal count after a drawn game: played out (VA rulebook 4:00 s4)
                self.log("play_out", event_texts.play_out_text(), priority=Priority.QUEUE)
                self._emit(ClocksChanged())
        elif isinstance(ev, FortyMovesCompleted):
            attacker = self.named(ev.attacker)
            self.log("forty_moves_completed", event_texts.forty_completed_text(attacker),
                     at=ev.at, speak=False,
                     written=event_texts.forty_completed_text(attacker, False))
            self._emit(FortyMovesDue(ev))

    def _checker_removed(self, removed: CheckerRemoved) -> None:
        """Log the removal the chooser confirmed (said by the game session, with whose turn
        follows); the PDN comment carries ``[%remove N]``."""
        self.log("checker_removed", removed.text, speak=False,
                 command=f"[%remove {removed.square}]", written=removed.paper)

    def _ruling(self, ruling: Ruling) -> None:
        if ruling.code is RulingCode.CHECKER_REMOVED and ruling.square is not None:
            self._emit(PenaltyChanged(None))
            self._emit(ClocksChanged())

    def penalty_logged(self, due: PenaltyDue, speak: bool = True) -> None:
        """Log (and with ``speak``, say) a penalty now due, with the players' names."""
        stalling = due.cause is PenaltyCause.STALLING
        args = (self.player(due.chooser), self.player(due.victim), self.sides[due.victim],
                stalling)
        self.log("penalty_due", event_texts.penalty_due_text(*args), at=due.at, speak=speak,
                 written=event_texts.penalty_due_text(*args, spoken=False))
        self._emit(PenaltyChanged(due))

    def remove_checker(self, square: int) -> Ruling:
        """The chooser of the pending penalty picks the checker on ``square`` (1-32) and it is
        removed (VA rulebook 3:00 s4, s4-VI). A wrong square is refused and said; nothing
        changes. Raises :class:`MatchSessionError` when no game is running."""
        referee = self.running_referee()
        due = referee.pending_penalty
        if due is None:
            text = event_texts.no_penalty_text()
            self.say(text, Priority.INTERRUPT)
            return Ruling(Verdict.REFUSED, RulingCode.NO_PENALTY, text)
        return self.host.remove_checker(square, due.chooser)  # logged from its ruling

    # --- the official ---------------------------------------------------------------------
    def authorize(self, action: str) -> str:
        """Take the official's grant for ``action`` (see :class:`~.official_gate.OfficialGate`)
        and return the acting official's name ("" when none is known). Raises
        :class:`~.official_gate.OfficialOnlyError` when a PIN is set and was not given."""
        return self.gate.take(action) or self.settings.official

    def set_official_pin(self, pin: PinHash, official: str = "", guard: str = "match") -> None:
        """The PIN the official set at the match's start (with the official's name; ``guard``
        "event": the event PIN in force, kept with the match so that removing it from the
        settings opens nothing): kept sealed in the match's folder and in the match's saved
        state (a failure to write it is logged and kept in :attr:`record_errors`; the PIN still
        guards this session)."""
        self.gate.match_pin = pin
        self.gate.official = official.strip() or self.settings.official
        self.pin_guard = guard
        self._keep_pin(pin)

    def leave(self, command: str = "a new game") -> None:
        """The official ends the match before its end (an official's action: raises
        ``OfficialOnlyError`` without the PIN), for ``command`` ("a new game", "a new match",
        "an opened game"): said and logged with the official's name, the game in progress saved
        unfinished ("*"), the score sheet kept, the game session let go."""
        by = self.authorize("end_match")
        number = self.game.number if self.game is not None else len(self.games)
        names = self.settings.names
        self.log("end_match", official_texts.match_ended_text(names, number, command, by),
                 official=True, priority=Priority.INTERRUPT,
                 written=official_texts.match_ended_text(names, number, command, by, False))
        self.abandon()
        self._emit(MatchAbandoned(self.folder, by_official=True))

    # --- ending -------------------------------------------------------------------------
    def _finish_game(self, result: GameResult) -> None:
        game = self.game
        if game is None or game.result is not None:
            return
        game.result = result
        self.match.record_game_result(result)
        winner = None if result.winner is None else game.player(result.winner)
        side = None if result.winner is None else self.sides[result.winner]
        count = written_count = ""
        if result.material is not None:
            count = event_texts.count_text(result.material, self.sides)
            written_count = event_texts.count_text(result.material, self.sides, False)
        named = event_texts.game_result_text(game.number, winner, side, self._how(result, game))
        self.last_result_text = " ".join(p for p in (named, count) if p)
        self.last_result_headline = event_texts.game_result_headline(game.number, winner)
        self.log("result", named, priority=Priority.QUEUE, at=result.at, speak=False,
                 written=" ".join(p for p in (event_texts.game_result_text(
                     game.number, winner, side, self._how(result, game, False), False),
                     written_count) if p))
        self.save_game(game)
        a, b = self.settings.names
        score = event_texts.score_text((a, b), self.score(), self.match.draws())
        # One announcement: who won (names, sides, how), the count, the score, the match result.
        if self.match.is_over:
            self.result_text = self.match_result_text()
            follows = self.result_text
        else:
            follows = ""  # the next game's own announcement follows at once
        self.say(event_texts.game_end_announcement(named, count, score, follows), Priority.QUEUE)
        self._emit(PenaltyChanged(None))
        self._emit(MatchGameFinished(game))
        if self.match.is_over:
            self.finish_match(said=True)
        else:
            # The game session is still inside its own game's end: the next game starts after.
            self.host.scheduler.defer(self._start_next_game)

    def _start_next_game(self) -> None:
        if self.game is not None and self.game.result is not None and not self.match.is_over \
                and self._unsubscribe is not None:
            self._start_game()

    def _how(self, result: GameResult, game: PlayedGame, spoken: bool = True) -> str:
        """How the game ended, with the players' names ("Bo Diaz resigns")."""
        loser = result.winner.other if result.winner is not None else None
        return event_texts.how_text(result, None if loser is None else game.player(loser),
                                    loser is None or bool(game.board.squares(loser)), spoken)

    def match_result_text(self, spoken: bool = True) -> str:
        """"Ann Lee wins the match, two games to none." (``spoken`` False: digits)."""
        winner = self.match.winner
        a, b = self.settings.names
        if winner is None:
            return event_texts.match_result_text(None, 0, 0)
        loser = b if winner == a else a
        return event_texts.match_result_text(winner, self.match.wins(winner),
                                             self.match.wins(loser), spoken)

    def finish_match(self, said: bool = False) -> None:
        """The match is over: its result is said (unless ``said``), the score sheet written, the
        game session let go for the games after it."""
        self.result_text = self.match_result_text()
        if not said:
            self.say(self.result_text, Priority.QUEUE)
        self.host.announce_results = True  # games after the match say their own results
        self.keep_score_sheet()
        self._emit(ClocksChanged())
        self._emit(MatchFinished(self.result(), self.result_text))

    def restart_after_correction(self) -> None:
        """A correction reopened a finished match: the next game starts."""
        self.result_text = ""
        self._start_game()

    def drop_game_in_progress(self) -> None:
        """A correction decided the match while a game was on the board: that game is no longer
        needed (its clocks stop; it leaves the record)."""
        if self.game is not None and self.game.result is None and self.referee is not None:
            self.referee.clock.stop()
            if self.host.referee is self.referee:
                self.host.running = False
            self.games.remove(self.game)
            self.referee = None
            self.game = None

    def abandon(self) -> None:
        """Stop the match where it is (a game outside the match was started): the game in
        progress is saved unfinished ("*"), the score sheet too, and the game session is let
        go."""
        if self.game is not None and self.game.result is None:
            if self.referee is not None:
                self.referee.clock.stop()
            self.save_game(self.game)
        self.keep_score_sheet()
        self.detach()

    # --- records ------------------------------------------------------------------------
    def save_game(self, game: PlayedGame) -> None:
        """Write ``game``'s PDN; a file that cannot be written is logged and kept in
        :attr:`record_errors` (never stops the match)."""
        try:
            match_records.save_game(self.folder, self.settings, game, self.actions, self.date_iso)
        except OSError as exc:
            log.error("game %s of the match could not be written: %s", game.number, exc)
            self.record_errors.append(f"{game.number}: {exc}")

    def score_sheet_html(self) -> str:
        return score_sheet_html(self.settings, self.games, self.actions, self.date_iso,
                                self.summary_text(words=False))

    def save_score_sheet(self, path: Optional[Path] = None) -> Path:
        """Write the score sheet to ``path`` (default ``score-sheet.pdf`` in the match's folder,
        or ``score-sheet.html`` with no writer) and return the path. Raises ``OSError`` when it
        cannot be written."""
        html = self.score_sheet_html()
        if self.write_score_sheet is None:
            path = Path(path) if path is not None else self.folder / "score-sheet.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            match_records.write_record(path, html.encode("utf-8"))  # atomic, sealed
        else:
            path = Path(path) if path is not None else self.folder / "score-sheet.pdf"
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write_score_sheet(html, path)
        self.score_sheet_path = path
        return path

    def keep_score_sheet(self) -> None:
        """Write the score sheet where it belongs; a failure is logged and kept in
        :attr:`record_errors` (never stops the match)."""
        try:
            self.save_score_sheet()
        except OSError as exc:
            log.error("the score sheet could not be written: %s", exc)
            self.record_errors.append(f"score sheet: {exc}")

    # --- helpers for the match's parts ----------------------------------------------------
    def running_referee(self) -> Referee:
        """The current game's referee; raises :class:`MatchSessionError` when no game runs."""
        if self.referee is None or self.referee.is_over:
            raise MatchSessionError(game_texts.no_game_text())
        return self.referee

    def clocks_changed(self) -> None:
        self._emit(ClocksChanged())

    def say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)
        self._emit(Announced(text))

    def log(self, kind: str, text: str, *, priority: Priority = Priority.INTERRUPT,
            at: Optional[float] = None, official: bool = False,
            game: Optional[PlayedGame] = None, speak: bool = True, command: str = "",
            written: str = "") -> LoggedAction:
        """Record ``text`` in the match log (the game's PDN comments and the score sheet) and, with
        ``speak``, say it."""
        game = game or self.game
        referee = self.referee
        if game is not None and game is not self.game:
            at_, ply = (game.result.at if game.result else 0.0), game.board.ply
        else:
            at_ = referee.clock.elapsed() if referee is not None else 0.0
            ply = referee.board.ply if referee is not None else 0
        action = LoggedAction(game.number if game else 0, at_ if at is None else at, ply,
                              self.now().strftime("%H:%M:%S"), kind, text, official, command,
                              written if written != text else "")
        self.actions.append(action)
        if speak:
            self.say(text, priority)
        self._emit(ActionLogged(action))
        return action
