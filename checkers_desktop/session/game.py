"""One game: whose turn, picking up and putting down, the computer's replies, the clocks and the
referee's rulings, with no window.

:class:`GameSession` plays one game at a time through a :class:`~checkers_desktop.rules.referee.Referee`
built from a rule profile: every move goes through ``Referee.submit_move`` (refused jumps handled
as the profile says), picking up and putting back through ``Referee.pick_up``/``put_back``
(touch-move), and a repeating timer polls ``Referee.poll()`` for the clocks (warnings, penalties,
adjudication at the time limit). It asks the :class:`~.ports.Engine` for the computer's moves,
says everything through the speech ``Announcer``, and tells its listeners what happened as data
(:mod:`.events`). Time, deferred calls and the engine come through :mod:`.ports`; no Qt.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import time
from typing import Callable, Mapping, Optional, Sequence, Union

from ..rules import BLACK, WHITE, Board, Color, Move
from ..rules.geometry import is_square
from ..rules.clock import (GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning,
                           SideTimeExpired)
from ..rules.profiles import DEFAULT_PROFILE_KEY, Profile, get_profile
from ..rules.referee import Referee
from ..rules.rulings import (FortyMovesCompleted, GameEnded, GameResult, PenaltyDue, Ruling,
                             RulingCode, Verdict)
from ..rules.profiles import TouchRule
from ..rules.touch import TouchStatus
from ..speech.announcer import Announcer, Priority
from ..texts import app as app_texts
from ..texts import clock as clock_texts
from ..texts import game as game_texts
from ..texts import touch as touch_texts
from .events import (Cue, EngineFailed, GameOver, GameStarted, MovePlayed, Observable,
                     PositionChanged, RefereeEventRaised, ResultReached, RulingMade, SoundCue,
                     StatusChanged, ThinkingChanged)
from . import refusals
from .clock_alerts import ClockAlerts
from .penalty_step import RemovalStep
from .ports import Engine, EngineReply, Scheduler

__all__ = ["GameSession", "Mode", "POLL_SECONDS"]

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
"""How often the clocks are read, seconds (about four times a second)."""

THINKING_NOTICE_SECONDS = 4.0
"""How long, seconds, the computer may think in silence before the player is told that it is
thinking. Levels 1-5 answer within 3 s (``engine.levels``); level 6 may take 8 s, and a listener
who hears nothing for that long cannot tell a slow reply from a stalled game."""


class Mode(enum.Enum):
    COMPUTER = "computer"
    TWO_PLAYERS = "two players"


_SAID_BY_RESULT = {RulingCode.DRAWN, RulingCode.FORFEIT, RulingCode.RESIGNED,
                   RulingCode.ADJUDICATED, RulingCode.CORRECTED}
"""Codes of rulings whose result text says all the ruling's message says (handle_ruling)."""

_WARNING_EVENTS = (MoveWarning, MoveTimeExpired, GameTimeWarning, GameTimeExpired,
                   SideTimeExpired, PenaltyDue, FortyMovesCompleted)
"""Events announced with the warning sound."""



class GameSession(Observable):
    """One refereed game at a time, against the computer or for two players at the same keyboard.

    ``announcer``: the speech ``Announcer`` every message goes to. ``engine``: the computer's
    moves (:class:`~.ports.Engine`). ``scheduler``: deferred and repeated calls
    (:class:`~.ports.Scheduler`). ``side_names``: words for the sides; None takes the profile's
    ({BLACK: "Black", WHITE: "Red"} for practice). ``level``: the engine level, 1 = gentle.
    ``profile``: a rule profile or its key (default "practice"). ``time_source``: monotonic seconds
    for the clocks (tests pass a fake). ``poll_seconds``: how often the clocks are polled (0:
    never by timer; call :meth:`poll_clock`). ``verbosity`` ("brief"/"normal"/"full") and ``style``
    (spoken notation "jumps", "takes" or "to") are read each time something is said, so they may
    change any time.

    Events (see :mod:`.events`, :meth:`subscribe`): ``PositionChanged``, ``StatusChanged``,
    ``SoundCue``, ``ThinkingChanged``, ``GameOver`` (the result text), ``ResultReached`` (the
    referee's ``GameResult``, once per game), ``MovePlayed``, ``RefereeEventRaised`` (every event
    of ``Referee.poll()``, exactly once), ``RulingMade``, ``GameStarted``, ``EngineFailed``.
    """

    def __init__(self, announcer: Announcer, engine: Engine, scheduler: Scheduler,
                 side_names: Optional[Mapping[Color, str]] = None, level: int = 3, *,
                 profile: Union[Profile, str, None] = None,
                 time_source: Callable[[], float] = time.monotonic,
                 poll_seconds: float = POLL_SECONDS, verbosity: str = "normal",
                 style: str = "jumps") -> None:
        super().__init__()
        self.announcer = announcer
        self.engine = engine
        self.scheduler = scheduler
        self.profile: Profile = _profile(profile)
        self._fixed_side_names = dict(side_names) if side_names else None
        self.side_names = dict(side_names) if side_names else dict(self.profile.side_names)
        self.level = level
        self.time_source = time_source
        self.verbosity = verbosity
        self.style = style
        self.player_names: Optional[dict[Color, str]] = None
        """Optional players' names (a match): turn texts say "Alice, Black, to move."."""
        self.opponent_name: Optional[str] = None
        """The other side's name against the player in place of "Computer" (a master's game
        replayed for guessing); None for the computer. Cleared by every new game."""
        self.hold: Optional[Callable[[], Optional[str]]] = None
        """Set by a match: what holds the game on the board before its first move (its game
        waits for the official to start it), said in place of whose turn; None when nothing
        holds it."""
        self.announce_results = True
        """False while a match plays the game: the game's end is not said here (the match says
        it once, with the players' names, the count and the score); the result text, the sound
        and the events are unchanged."""
        self.referee = Referee(self.profile, Board(), time_source=time_source)
        self.mode = Mode.COMPUTER
        self.human_color: Color = BLACK
        self.running = False
        self.result_text: Optional[str] = None
        self._welcome_said = False  # the game's welcome is being said: no move played since
        self.message = ""
        self.selected: Optional[int] = None
        self.partial_path: tuple[int, ...] = ()
        self._saved_as: Optional[tuple[str, int, object]] = None
        self._token = 0
        self._clock_alerts = ClockAlerts()
        self.thinking = False
        self._poll_timer = scheduler.repeating(poll_seconds, self.poll_clock) \
            if poll_seconds > 0 else None
        self._thinking_timer = scheduler.repeating(THINKING_NOTICE_SECONDS,
                                                   self._thinking_notice)
        self.home_profile: Profile = self.profile
        """The rules of a new game when none are named: the profile this session was made with (a
        match's rules are never inherited by the games after it)."""
        self.removal = RemovalStep(self)
        """The removal step while a penalty awaits its checker (:mod:`.penalty_step`)."""
        self.move_levels: dict[int, int] = {}
        """The level that played each of the computer's moves: index in the board's move stack
        (from 0) to level. An entry past the moves on the board is one taken back (replaced when
        a move is played there again)."""
        self._request_level = level

    # --- state ------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The position being played (the referee's board)."""
        return self.referee.board

    @property
    def last_move(self) -> Optional[Move]:
        return self.board.peek()

    @property
    def you(self) -> Optional[Color]:
        """The player at the keyboard against the computer; None for two players."""
        return self.human_color if self.mode is Mode.COMPUTER else None

    def is_computer_turn(self) -> bool:
        return self.running and self.mode is Mode.COMPUTER and self.board.turn is not self.human_color

    def is_human_turn(self) -> bool:
        return self.running and not self.is_computer_turn()

    def legal_moves(self) -> list[Move]:
        """The moves legal now under the profile (Caseville adds shortened jump series)."""
        return self.referee.legal_moves()

    def candidate_moves(self) -> list[Move]:
        """Legal moves that continue the picked-up piece's path so far (empty when none is up)."""
        if self.selected is None:
            return []
        n = len(self.partial_path)
        return [m for m in self.legal_moves()
                if m.from_square == self.selected and m.path[:n] == self.partial_path]

    def destinations(self) -> set[int]:
        """Squares the picked-up piece can be put on next: end squares and squares passed through."""
        n = len(self.partial_path)
        return {sq for m in self.candidate_moves() for sq in m.path[n:]}

    def required_jump_squares(self) -> set[int]:
        """Squares of the pieces that must jump, on a human's turn when a jump is compulsory."""
        if not self.is_human_turn() or not self.board.is_capture_required():
            return set()
        return {m.from_square for m in self.board.legal_moves}

    def square_name(self, square: int) -> str:
        return game_texts.square_name(self.board, square, self.side_names)

    def headline(self) -> str:
        """The status line's first part: whose turn ("Alice, Black to move."), the result when the
        game is over, or that no game is in progress."""
        if self.running:
            return self.removal.headline() or self.hold_text() or self._turn_text()
        return self.result_text or game_texts.game_not_running_text()

    def hold_text(self) -> Optional[str]:
        """What holds the game before its first move (:attr:`hold`), or None."""
        return self.hold() if self.hold is not None else None

    def status_text(self, message: bool = True) -> str:
        """The status line: whose turn (or the result), the last move, and the latest message
        (without it when ``message`` is False: "Say whose turn" repeated a refused move's
        sentence, long after the refusal, as if it were the game's state)."""
        parts = [self.headline()]
        if self.running and self.thinking:
            parts.append(game_texts.thinking_text())
        if self.last_move is not None:
            parts.append(game_texts.last_move_text(self.board, self.side_names, self.style,
                                                   self.you, self.player_names,
                                                   self.opponent_name))
        if message and self.message:
            parts.append(self.message)
        return game_texts.status_line(*parts)

    def computer_move_levels(self) -> dict[int, int]:
        """The level of each of the computer's moves on the board now (index in the move stack,
        from 0, to level); empty in a game of two players."""
        if self.mode is not Mode.COMPUTER:
            return {}
        stack = self.board.move_stack
        return {i: n for i, n in self.move_levels.items() if i < len(stack)}

    def mark_saved(self, name: str) -> None:
        """The game as it stands was just written to the file ``name`` (Game > Save game)."""
        self._saved_as = (name, self.board.ply, self.board.key())

    def saved_name(self) -> Optional[str]:
        """The file the game was saved to, while no move has changed it since (else None): what
        leaving the game then loses is in that file, and the question says so."""
        if self._saved_as is None:
            return None
        name, ply, key = self._saved_as
        return name if (ply, key) == (self.board.ply, self.board.key()) else None

    # --- game -------------------------------------------------------------------------------
    def new_game(self, mode: Mode = Mode.COMPUTER, human_color: Color = BLACK,
                 profile_key: Optional[str] = None, *, announce: bool = True,
                 fen: Optional[str] = None, play_out: bool = False,
                 referee: Optional[Referee] = None,
                 player_names: Optional[dict[Color, str]] = None) -> None:
        """Start a game from the starting position (or ``fen``) under the profile ``profile_key``
        (default: the current one) and start its clocks.

        ``mode``: :class:`Mode`. Against the computer, the player has ``human_color``; the
        computer moves at once when it is its turn. ``play_out``: this game follows a drawn game,
        so equal material at the time limit does not draw (VA rulebook 4:00 s4). ``referee``:
        adopt a referee built by the caller (its profile and board are used; a resumed game).
        ``player_names``: the players' names by colour (a match's game, a resumed one, a game
        record opened), said with the turns and shown on the status line; None, the default,
        clears the last game's names, so a practice game never speaks the names of the players
        of a match or of a file opened before. Raises ``UnknownProfileError`` or
        ``InvalidFenError`` (changing nothing) for a bad key or FEN.
        """
        if referee is None:
            profile = self.home_profile if profile_key is None else get_profile(profile_key)
            board = Board() if fen is None else Board(fen)
            referee = Referee(profile, board, time_source=self.time_source, play_out=play_out)
        self._cancel_engine()
        self.referee = referee
        self.profile = referee.profile
        self._saved_as = None
        self.side_names = dict(self._fixed_side_names or self.profile.side_names)
        self.mode = mode
        self.human_color = human_color
        self.player_names = dict(player_names) if player_names else None
        self.opponent_name = None
        self.move_levels = {}
        self.running = True
        self.result_text = None
        self.message = ""
        self._clear_selection()
        self._clock_alerts = ClockAlerts()
        self.removal.reset()
        self.referee.start()
        self._welcome_said = announce
        if announce:
            self.announcer.announce(
                game_texts.new_game_text(mode is Mode.COMPUTER, self.side_names[human_color],
                                         self.level),
                Priority.INTERRUPT)
            if not self.is_computer_turn():
                # the computer's opening move, said next, tells the player it moved first; a
                # turn line before it would be said after the move was made
                self.announcer.announce(self._turn_text(), Priority.QUEUE)
        self._changed()
        self._emit(GameStarted())
        outcome = self.board.outcome()
        if outcome is not None:
            self._end(game_texts.game_over_text(outcome, self.side_names, self.board), None)
            return
        self._poll_clock_from_now()
        self._maybe_start_engine()

    def load_position(self, fen: str, mode: Mode = Mode.TWO_PLAYERS,
                      human_color: Color = BLACK) -> None:
        """Start a game from the position ``fen`` (raises ``InvalidFenError``, changing nothing, for
        a bad FEN). Nothing is announced; the computer moves at once if it is its turn."""
        self.new_game(mode, human_color, announce=False, fen=fen)

    def resign(self, color: Optional[Color] = None) -> bool:
        """The player (against the computer) or the side to move (two players) resigns, or
        ``color`` when given (WCDF 5.1). Returns False, with a spoken reason, when no game is in
        progress."""
        if not self.running:
            self.refuse(game_texts.game_not_running_text())
            return False
        loser = color if color is not None else (
            self.human_color if self.mode is Mode.COMPUTER else self.board.turn)
        ruling = self.referee.resign(loser)
        self._emit(RulingMade(ruling))
        text = (game_texts.you_resigned_text()
                if self.mode is Mode.COMPUTER and loser is self.human_color
                else game_texts.resigned_text(self._named_side(loser), self._named_side(loser.other)))
        self._end(text, ruling.result)
        return True

    def _named_sides(self) -> dict[Color, str]:
        """The sides as a game's end names them: :meth:`_named_side` of each."""
        return {color: self._named_side(color) for color in (BLACK, WHITE)}

    def _named_side(self, color: Color) -> str:
        """``color``'s player as the score sheet names them, "Bo Diaz (Black)", when the game
        has players' names (a match's game); else the side's name, "Black"."""
        name = self.player_names.get(color) if self.player_names else None
        return f"{name} ({self.side_names[color]})" if name else self.side_names[color]

    def shutdown(self) -> None:
        """Stop the engine and the clock timer (window closing)."""
        self._stop_polling()
        self._cancel_engine()
        self.engine.wait(2.0)

    # --- taking back (practice) -------------------------------------------------------------
    def take_back(self) -> tuple[Ruling, list[Move]]:
        """Take back the player's last move through ``Referee.undo`` (allowed by the profile's
        ``allows_undo``: practice only). Against the computer, the computer's reply goes too (or its
        search in progress is cancelled), so it is the player's turn again; for two players, the
        last move. An ended game goes on again. Returns (the last ruling, the moves taken back,
        latest first); when refused (profile, or no move of the player's on the board) nothing
        changes and the ruling says why."""
        count = 1
        if self.mode is Mode.COMPUTER and self.board.turn.other is not self.human_color:
            count = 2  # the computer's reply, then the player's move
        if len(self.board.move_stack) < count:
            ruling = Ruling(Verdict.REFUSED, RulingCode.NOTHING_TO_UNDO,
                            game_texts.nothing_to_take_back_text(), self.board.turn)
            if not self.profile.allows_undo:
                ruling = self.referee.undo()  # the profile's refusal
            return ruling, []
        if not self.profile.allows_undo:
            return self.referee.undo(), []
        self._cancel_engine()
        undone: list[Move] = []
        for _ in range(count):  # at least once
            ruling = self.referee.undo()
            self._emit(RulingMade(ruling))
            if not ruling.ok or ruling.move is None:
                break
            undone.append(ruling.move)
        self._clear_selection()
        self.message = ""
        if undone:
            self.running = True
            self.result_text = None
            self._poll_clock_from_now()
        self._changed()
        self._maybe_start_engine()
        return ruling, undone

    # --- the referee's clock ----------------------------------------------------------------
    def poll_clock(self) -> Sequence[object]:
        """Read the referee's clocks now: each event is emitted (``referee_event``), announced
        (warnings interrupt, with the warning sound) and acted on (a penalty the computer
        chooses is carried out; the game's end at the time limit ends the game). Returns the
        events."""
        if not self.running:
            return []
        events = self.referee.poll()
        for index, event in enumerate(events):
            self._emit(RefereeEventRaised(event))
            self._on_referee_event(event, Priority.INTERRUPT if index == 0 else Priority.QUEUE)
            if not self.running:
                break
        if self.running and not events:
            for alert in self._clock_alerts.poll(self.referee.clock):
                self._say(clock_texts.time_left_text(alert, self.side_names, self.you),
                          Priority.INTERRUPT)
                self._cue(Cue.WARNING)
        return events

    def _on_referee_event(self, event: object, priority: Priority = Priority.INTERRUPT) -> None:
        if isinstance(event, GameEnded):
            self._end(game_texts.result_text(event.result, self._named_sides()), event.result)
            return
        if isinstance(event, PenaltyDue):
            # one announcement, addressed to the chooser (none when the computer chooses: its
            # removal is said)
            text = self.removal.prompt(event) if self.removal.awaits_player() else ""
        else:
            text = clock_texts.clock_event_text(event, self.side_names, self.you)
        if text:
            # while a choice is awaited the status line's headline says whose it is
            self.message = "" if isinstance(event, PenaltyDue) else text
            self._say(text, priority)
        if isinstance(event, _WARNING_EVENTS):
            self._cue(Cue.WARNING)
        if isinstance(event, PenaltyDue):
            self._clear_selection()
            self._cancel_engine()
            if self.mode is Mode.COMPUTER and event.chooser is not self.human_color:
                self._computer_removes(event)
        self._changed()

    def _computer_removes(self, due: PenaltyDue) -> None:
        """The computer chooses the checker to remove (:func:`computer_removal`)."""
        self.remove_checker(computer_removal(due, self.board), due.chooser,
                            priority=Priority.QUEUE)

    def remove_checker(self, square: int, chooser: Optional[Color] = None,
                       priority: Priority = Priority.INTERRUPT) -> Ruling:
        """Remove the checker on ``square`` (1-32) that the penalty's chooser picked and confirmed
        (VA rulebook 3:00 s4, s4-VI): the players' gestures reach this through the removal step
        (:meth:`propose_removal`, :meth:`answer_removal`); the computer's choice and the tests
        call it directly. The removal is said once, with whose turn it is next, and told to the
        listeners (``CheckerRemoved``, then ``RulingMade``). Refusals are spoken; the game goes
        on."""
        pending = self.referee.pending_penalty
        chooser = chooser if chooser is not None else (pending.chooser if pending else self.board.turn)
        piece = self.board.piece_at(square) if is_square(square) else None
        ruling = self.referee.remove_checker(chooser, square)
        self.removal.reset()
        if ruling.ok and pending is not None:
            removed = self.removal.removed(pending, square, bool(piece and piece.is_king))
            self._emit(removed)
            said = removed.text if ruling.result is not None else \
                f"{removed.text} {self._turn_text()}"
            self.handle_ruling(dataclasses.replace(ruling, message=said), priority)
            if self.running:  # the status line's headline says whose turn: not twice
                self.show_message(removed.text)
            return ruling
        self.handle_ruling(ruling, priority)
        return ruling

    def propose_removal(self, square: int) -> bool:
        """A player picks the checker on ``square`` (1-32) while a penalty is due: it awaits its
        confirmation (see :mod:`.penalty_step`); nothing is removed yet."""
        return self.removal.propose(square)

    def answer_removal(self, yes: bool) -> Optional[Ruling]:
        """The answer to "Remove ...?": Yes removes the checker picked, No nothing."""
        return self.removal.answer(yes)

    def history_notes(self) -> dict[int, list[str]]:
        """What the move history says besides the moves: plies played -> the removals made
        after them (see ``RemovalStep.history_notes``)."""
        return self.removal.history_notes()

    def stalling_warning(self, color: Color, say: bool = True) -> Ruling:
        """The official warns ``color`` for stalling (VA rulebook 3:00 s4-VI). ``say`` False: the
        caller says it (a match, with the players' and the official's names); a refusal is said
        either way."""
        ruling = self.referee.stalling_warning(color)
        self.handle_ruling(ruling, say=say or ruling.verdict is Verdict.REFUSED)
        return ruling

    def stalling_penalty(self, color: Color) -> Ruling:
        """Stalling went on after a warning: a checker of ``color`` is to be removed (VA 3:00
        s4-VI). Said once: the prompt to the chooser (a refusal is said instead)."""
        ruling = self.referee.stalling_penalty(color)
        due = ruling.code is RulingCode.PENALTY_DUE and self.referee.pending_penalty is not None
        self.handle_ruling(ruling, say=not due)
        if due:
            self._on_referee_event(self.referee.pending_penalty)
        return ruling

    def handle_ruling(self, ruling: Ruling, priority: Priority = Priority.INTERRUPT, *,
                      say: bool = True) -> None:
        """Announce and act on a ruling got from ``self.referee`` directly (official actions by the
        event-mode window: pause, stalling, adjudicate, forfeit, draws). Moves are not played here.
        A draw, forfeit, resignation, adjudication or correction is said once, as its result
        (``messages.result_text``); another ruling that ends the game (a removal) is said first.
        ``say`` False: the caller has said it (event mode, with the players' names); the ruling is
        still emitted and acted on, with its sounds."""
        self._emit(RulingMade(ruling))
        if ruling.verdict is Verdict.REFUSED:
            if say:
                self.refuse(ruling.message)
            else:
                self._cue(Cue.REFUSED)
            return
        if ruling.code is RulingCode.CHECKER_REMOVED:
            self._cue(Cue.CAPTURE)
        elif ruling.verdict in (Verdict.WARNING, Verdict.FORFEIT):
            self._cue(Cue.WARNING)
        if ruling.result is not None:
            if say and ruling.code not in _SAID_BY_RESULT:
                self._say(ruling.message, priority)  # e.g. the removal that ended the game
            self.message = ""  # an earlier ruling's ("Black offers a draw.") is over too
            self._end(game_texts.result_text(ruling.result, self._named_sides()), ruling.result,
                      say=say)
            return
        self.message = ruling.message
        if say:
            self._say(ruling.message, priority)
        self._changed()
        if ruling.code in (RulingCode.CHECKER_REMOVED, RulingCode.RESUMED):
            self._maybe_start_engine()

    # --- player actions ---------------------------------------------------------------------
    def activate(self, square: int) -> None:
        """Enter, Space or a click on ``square`` (1-32): pick up, put down, or put back; while a
        penalty is pending and the player chooses, the checker to be removed."""
        if self.removal.awaits_player():
            self.removal.propose(square)  # confirmed before anything is removed
            return
        if not self._may_act():
            return
        if self.selected is None:
            self._pick_up(square)
            return
        if square == self.selected and len(self.partial_path) == 1:
            self.cancel_selection()
            return
        if len(self.partial_path) > 1 and square == self.partial_path[-1]:
            stop_here = [m for m in self.candidate_moves() if m.path == self.partial_path]
            if stop_here:  # Caseville: the jump series stops here
                self._play(stop_here[0])
                return
        piece = self.board.piece_at(square)
        if (piece is not None and piece.color is self.board.turn and len(self.partial_path) == 1):
            self._pick_up(square)  # another piece: the referee says whether touch-move allows it
            return
        self._put_down(square)

    def cancel_selection(self) -> bool:
        """Escape: put the picked-up piece back. Returns False when nothing was picked up (or, under
        strict touch-move, when it may not be put back: that is said)."""
        if self.selected is None:
            return False
        square = self.selected
        if len(self.partial_path) > 1:  # halfway through a jump: back to the start, still held
            self.partial_path = (square,)
            self._say(game_texts.put_back_text(square), Priority.READING)
            self._changed()
            return True
        ruling = self.referee.put_back()
        self._emit(RulingMade(ruling))
        if not ruling.ok and ruling.touch is not None and \
                ruling.touch.status is TouchStatus.PUT_BACK_REFUSED:
            self.refuse(touch_texts.put_back_refused_text(square))
            return False
        self._clear_selection()
        if self.profile.touch is TouchRule.LIBERAL:
            self._say(touch_texts.put_back_touch_text(square), Priority.READING)
        else:
            self._say(game_texts.put_back_text(square), Priority.READING)
        self._changed()
        return True

    def submit_text(self, text: str) -> bool:
        """A typed move ("11-15", "11 15", "22x15", "26x17x10"). Returns True when it was played;
        otherwise the reason is spoken and shown (and the profile's penalty, if any, applied)."""
        text = text.strip()
        if not text:
            return False
        if self.removal.awaits_player():
            return self.removal.typed(text)  # a square is a pick to confirm; a move waits
        if not self._may_act():
            return False
        before = self.board.copy()
        ruling = self.referee.submit_move(text)
        return self._after_submit(ruling, before, text)

    # --- internals: picking up and putting down ---------------------------------------------
    def _may_act(self) -> bool:
        if not self.running:
            self.refuse(game_texts.game_not_running_text())
            return False
        if self.is_computer_turn():
            self.refuse(game_texts.wait_text())
            return False
        return True

    def _pick_up(self, square: int) -> None:
        board = self.board
        piece = board.piece_at(square)
        ruling = self.referee.pick_up(square)
        self._emit(RulingMade(ruling))
        if ruling.ok:
            moves = [m for m in self.legal_moves() if m.from_square == square]
            self.selected = square
            self.partial_path = (square,)
            self.message = ""
            ends = sorted({m.to_square for m in moves})
            touch = self.profile.touch
            if touch is TouchRule.NONE:
                text = game_texts.picked_up_text(square, ends)
            else:
                text = touch_texts.touch_text(square, touch is TouchRule.STRICT, ends)
            self._say(text, Priority.READING)
            self._changed()
            return
        text = refusals.pick_up_refusal(ruling, board, square, piece, self.side_names,
                                        self.style)
        self.refuse(self._with_offence(text, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self._named_sides()), ruling.result)

    def _put_down(self, square: int) -> None:
        n = len(self.partial_path)
        candidates = self.candidate_moves()
        ending = [m for m in candidates if m.to_square == square and m.path[n:].count(square) == 1
                  and m.path[-1] == square]
        through = [m for m in candidates if square in m.path[n:-1]]
        if len(ending) == 1 and not through:
            self._play(ending[0])
            return
        if len(ending) > 1:
            vias = sorted({m.path[n] for m in ending if m.path[n] != square})
            self.refuse(game_texts.several_paths_text(square, vias))
            return
        if through or ending:
            first = (through or ending)[0]
            self.partial_path = first.path[:first.path.index(square, n) + 1]
            remaining = self.candidate_moves()
            if len(remaining) == 1:
                self._play(remaining[0])
                return
            ends = sorted({m.to_square for m in remaining if m.path != self.partial_path})
            text = game_texts.through_text(square, ends, may_stop=any(
                m.path == self.partial_path for m in remaining))
            self._say(text, Priority.READING)
            self._changed()
            return
        attempted = "x" if self.board.is_capture_required() else "-"
        text = f"{self.selected}{attempted}{square}"
        before = self.board.copy()
        ruling = self.referee.submit_move(text)
        self._after_submit(ruling, before, text)

    def _after_submit(self, ruling: Ruling, before: Board, text: str) -> bool:
        """Speak and act on the referee's answer to a move the player made."""
        self._emit(RulingMade(ruling))
        if ruling.ok and ruling.move is not None:
            self._played(before, ruling.move, ruling.result)
            return True
        spoken = self._refusal_words(ruling, before, text)
        self.refuse(self._with_offence(spoken, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self._named_sides()), ruling.result)
        return False

    def _refusal_words(self, ruling: Ruling, board: Board, text: str) -> str:
        return refusals.move_refusal(ruling, board, text, self.side_names, self.style,
                                     self.profile.refusal)

    def _with_offence(self, text: str, ruling: Ruling) -> str:
        return refusals.with_offence(text, ruling, self.side_names, self.profile.refusal)

    # --- internals: moves -------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        """Submit ``move`` (a legal Move) to the referee for the side to move."""
        before = self.board.copy()
        ruling = self.referee.submit_move(move)
        self._emit(RulingMade(ruling))
        if ruling.ok:
            self._played(before, move, ruling.result)
            return
        self.refuse(self._with_offence(ruling.message, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self._named_sides()), ruling.result)

    def _played(self, before: Board, move: Move, result: Optional[GameResult]) -> None:
        by_computer = self.mode is Mode.COMPUTER and before.turn is not self.human_color
        self._clear_selection()
        self.message = ""
        crowned = before.is_crowning(move)
        # the computer's opening move waits for the welcome ("You play Red.") to be said
        priority = (Priority.INTERRUPT if by_computer and not self._welcome_said
                    else Priority.QUEUE)
        self._welcome_said = False
        self._cue(Cue.CROWN if crowned else Cue.CAPTURE if move.is_capture else Cue.MOVE)
        self._emit(MovePlayed(move))
        if result is not None:
            outcome = self.board.outcome()
            text = (game_texts.game_over_text(outcome, self._named_sides(), self.board, self.you)
                    if outcome is not None else game_texts.result_text(result, self._named_sides()))
            said = self.announce_results
            self._say(self._move_words(before, move, text if said else ""), priority)
            self._end(text, result, say=False)
            return
        self._say(self._move_words(before, move), priority)
        self._changed()
        self._maybe_start_engine()

    def _move_words(self, before: Board, move: Move, result: str = "") -> str:
        """The one announcement of a move: who played it, what it took, what the next player must
        do (:func:`texts.game.move_announcement`), and the result when it ended the game."""
        return game_texts.move_announcement(
            before, move, self.side_names, you=self.you, player_names=self.player_names,
            style=self.style, verbosity=self.verbosity, result=result, board_after=self.board,
            opponent=self.opponent_name)

    def _end(self, text: str, result: Optional[GameResult], say: bool = True) -> None:
        self._stop_polling()
        self._cancel_engine()
        self.running = False
        self.result_text = text
        self._clear_selection()
        if say and self.announce_results:
            self._say(text, Priority.QUEUE)
        self._cue(Cue.GAME_OVER)
        self._changed()
        self._emit(GameOver(text))
        result = result or self.referee.result
        if result is not None:
            self._emit(ResultReached(result))

    def _maybe_start_engine(self) -> None:
        if not self.is_computer_turn() or self.referee.pending_penalty is not None \
                or self.referee.clock.paused:
            return
        self._token += 1
        token = self._token
        self._set_thinking(True)
        self._request_level = self.level
        self.engine.request(self.board.copy(), self.level,
                            lambda reply: self._on_engine_reply(token, reply))

    def _cancel_engine(self) -> None:
        self._token += 1  # an answer to an older request is ignored
        self.engine.cancel()
        self._set_thinking(False)

    def _on_engine_reply(self, token: int, reply: EngineReply) -> None:
        if token != self._token or not self.is_computer_turn():
            return  # an answer to an old request (new game, resign)
        self._set_thinking(False)
        if self.referee.pending_penalty is not None:
            return  # asked again once the penalty is carried out
        move = reply.move
        if reply.error is not None or move is None or move not in self.legal_moves():
            self._engine_failed(reply)
            return
        self.move_levels[len(self.board.move_stack)] = self._request_level
        self._play(move)

    def _engine_failed(self, reply: EngineReply) -> None:
        """The search failed, or chose no legal move: logged with its details and told; the game
        goes on with the first legal move (never a game stalled at the computer's turn)."""
        error = reply.error or ValueError(
            f"the engine chose {reply.move.pdn() if reply.move else 'no move'!r}, not a legal "
            f"move in {self.board.fen()!r}")
        log.error("the computer's search failed", exc_info=(type(error), error,
                                                             error.__traceback__))
        self._emit(EngineFailed(error))
        self._say(app_texts.engine_failed_text(), Priority.INTERRUPT)
        moves = self.legal_moves()
        if moves:
            self.move_levels[len(self.board.move_stack)] = self._request_level
            self._play(moves[0])

    def _set_thinking(self, thinking: bool) -> None:
        if thinking:
            self._thinking_timer.start()  # a new search: its own silence is counted
        else:
            self._thinking_timer.stop()
        if thinking != self.thinking:
            self.thinking = thinking
            self._emit(ThinkingChanged(thinking))
            self._emit(StatusChanged(self.status_text()))

    def _thinking_notice(self) -> None:
        """Once per search, after :data:`THINKING_NOTICE_SECONDS` of it: "The computer is
        thinking.", after whatever is being said."""
        self._thinking_timer.stop()
        if self.thinking and self.running:
            self._say(game_texts.thinking_text(), Priority.QUEUE)

    def _turn_text(self) -> str:
        text = game_texts.turn_text(self.board, self.side_names, verbosity=self.verbosity)
        if self.player_names and self.board.turn in self.player_names:
            text = game_texts.named_turn_text(self.player_names[self.board.turn], text)
        elif self.you is not None:  # "You, Black to move.": named as each move is announced
            text = game_texts.named_turn_text(
                game_texts.mover_words(self.board.turn, self.side_names, self.you,
                                       opponent=self.opponent_name), text)
        return text

    # --- internals: output ------------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.selected = None
        self.partial_path = ()

    def _say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)

    def say(self, text: str, priority: Priority) -> None:
        """Say ``text`` through the game's announcer, with ``priority`` (``Announcer.announce``):
        for the steps that speak for the game (a penalty's removal, :mod:`.penalty_step`)."""
        self._say(text, priority)

    def publish(self, event: object) -> None:
        """Send ``event`` (one of :mod:`.events`) to the game's listeners: for the steps that
        act for the game (a penalty's removal, :mod:`.penalty_step`)."""
        self._emit(event)

    def refuse(self, text: str, shown: Optional[str] = None) -> None:
        """Refuse what the player tried: ``text`` said at once, with the refused sound, and shown
        on the status line (``shown`` instead, when the status line's headline already carries
        the rest of it); the game is unchanged."""
        self.message = text if shown is None else shown
        self._say(text, Priority.INTERRUPT)
        self._cue(Cue.REFUSED)
        self._emit(StatusChanged(self.status_text()))

    def show_message(self, text: str) -> None:
        """Put ``text`` on the status line as the latest message (until the next move or
        message), without saying it (voice feedback says it itself)."""
        self.message = text
        self._emit(StatusChanged(self.status_text()))

    def _cue(self, cue: Cue) -> None:
        self._emit(SoundCue(cue))

    def _changed(self) -> None:
        self._emit(PositionChanged())
        self._emit(StatusChanged(self.status_text()))

    # --- internals: the clock timer ---------------------------------------------------------
    def _poll_clock_from_now(self) -> None:
        if self._poll_timer is None:
            return
        if self.profile.has_clock:
            self._poll_timer.start()
        else:
            self._poll_timer.stop()

    def _stop_polling(self) -> None:
        if self._poll_timer is not None:
            self._poll_timer.stop()


def _profile(profile: Union[Profile, str, None]) -> Profile:
    if profile is None:
        return get_profile(DEFAULT_PROFILE_KEY)
    return get_profile(profile) if isinstance(profile, str) else profile


def computer_removal(due: PenaltyDue, board: Board) -> int:
    """The checker (its square, 1-32) the computer removes when a penalty lets it choose (VA
    rulebook 3:00 s4): a king first, else the most advanced man of the offender's."""
    kings = [s for s in due.squares if (p := board.piece_at(s)) is not None and p.is_king]
    pool = kings or list(due.squares)
    return max(pool) if due.victim is BLACK else min(pool)
