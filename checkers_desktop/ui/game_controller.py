"""The game behind the window: whose turn, picking up and putting down, the computer's replies,
the clocks and the referee's rulings.

:class:`GameController` plays one game through a :class:`~checkers_desktop.rules.referee.Referee`
built from a rule profile: every move goes through ``Referee.submit_move`` (refused jumps handled
as the profile says), picking up and putting back through ``Referee.pick_up``/``put_back``
(touch-move), and a ``QTimer`` polls ``Referee.poll()`` for the clocks (warnings, penalties,
adjudication at the time limit). It asks the :class:`~.engine_worker.EngineWorker` for the
computer's moves and says everything through the ``Announcer``. It owns no widget: the window
listens to its signals.
"""

from __future__ import annotations

import enum
import time
from typing import Callable, Mapping, Optional, Union

from PySide6.QtCore import QObject, QTimer, Signal

from ..rules import BLACK, Board, Color, IllegalMoveError, Move, RulesError
from ..rules.profiles import DEFAULT_PROFILE_KEY, Profile, get_profile
from ..rules.clock import (GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning,
                           SideTimeExpired)
from ..rules.profiles import RefusalRule
from ..rules.referee import (FortyMovesCompleted, GameEnded, GameResult, PenaltyDue, Referee,
                             Ruling, RulingCode, Verdict)
from ..rules.touch import TouchRule, TouchStatus
from ..speech.announcer import Priority
from ..texts import clock as clock_texts
from ..texts import game as game_texts
from ..texts import touch as touch_texts
from .engine_worker import EngineWorker

POLL_INTERVAL_MS = 250
"""How often the clocks are read, milliseconds (about four times a second)."""


class Mode(enum.Enum):
    COMPUTER = "computer"
    TWO_PLAYERS = "two players"


_SAID_BY_RESULT = {RulingCode.DRAWN, RulingCode.FORFEIT, RulingCode.RESIGNED,
                   RulingCode.ADJUDICATED, RulingCode.CORRECTED}
"""Codes of rulings whose result text says all the ruling's message says (handle_ruling)."""

_WARNING_EVENTS = (MoveWarning, MoveTimeExpired, GameTimeWarning, GameTimeExpired,
                   SideTimeExpired, PenaltyDue, FortyMovesCompleted)
"""Events announced with the warning sound."""

_JUMP_REFUSALS = (RulingCode.JUMP_REQUIRED, RulingCode.JUMP_INCOMPLETE)
_MOVE_REFUSALS = (RulingCode.NOT_A_MOVE, RulingCode.AMBIGUOUS, RulingCode.ILLEGAL_MOVE) + \
    _JUMP_REFUSALS
"""Refusals of a typed move whose words are worked out from the board's own error."""


class GameController(QObject):
    """One refereed game at a time, against the computer or for two players at the same keyboard.

    ``announcer``: the speech ``Announcer`` every message goes to. ``worker``: the engine worker (the
    computer's moves). ``side_names``: words for the sides; None takes the profile's ({BLACK:
    "Black", WHITE: "Red"} for practice). ``level``: the engine level, 1 = gentle. ``profile``: a
    rule profile or its key (default "practice"). ``time_source``: monotonic seconds for the clocks
    (tests pass a fake). ``poll_interval_ms``: how often the clocks are polled (0: never by timer;
    call :meth:`poll_clock`). ``verbosity`` ("full"/"brief") and ``style`` (spoken notation "jumps",
    "takes" or "to") are read each time something is said, so the window may change them any time.

    Signals: ``position_changed`` (board or marks changed: repaint, rename squares),
    ``status_changed(str)`` (the status line), ``sound(str)`` (an earcon name: move, capture, crown,
    refused, edge, warning, game_over), ``thinking_changed(bool)``, ``game_ended(str)`` (the result
    text), ``game_result(object)`` (the referee's ``GameResult``, once per game, whatever ended it),
    ``move_played(object)`` (each Move, after it is on the board), ``referee_event(object)`` (every
    event of ``Referee.poll()``, exactly once: clock events, ``PenaltyDue``, ``GameEnded``,
    ``FortyMovesCompleted``), ``ruling_made(object)`` (every ``Ruling`` the controller got from the
    referee), ``game_started()`` (after :meth:`new_game`).
    """

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

    def __init__(self, announcer, worker: EngineWorker,
                 side_names: Optional[Mapping[Color, str]] = None, level: int = 3,
                 parent: QObject | None = None, *, profile: Union[Profile, str, None] = None,
                 time_source: Callable[[], float] = time.monotonic,
                 poll_interval_ms: int = POLL_INTERVAL_MS, verbosity: str = "full",
                 style: str = "jumps") -> None:
        super().__init__(parent)
        self.announcer = announcer
        self.worker = worker
        self.profile: Profile = _profile(profile)
        self._fixed_side_names = dict(side_names) if side_names else None
        self.side_names = dict(side_names) if side_names else dict(self.profile.side_names)
        self.level = level
        self.time_source = time_source
        self.verbosity = verbosity
        self.style = style
        self.player_names: Optional[dict[Color, str]] = None
        """Optional players' names (event mode): turn texts say "Alice, Black, to move."."""
        self.announce_results = True
        """False while an event-mode match hosts the game: the game's end is not said here (the
        match says it once, with the players' names, the count and the score); the result text,
        the sound and the signals are unchanged."""
        self.square_interceptor: Optional[Callable[[int], bool]] = None
        """Called first by :meth:`activate` and :meth:`submit_text` (with the square typed, when
        the text is a number); returning True means the square was handled elsewhere."""
        self.referee = Referee(self.profile, Board(), time_source=time_source)
        self.mode = Mode.COMPUTER
        self.human_color: Color = BLACK
        self.running = False
        self.result_text: Optional[str] = None
        self.message = ""
        self.selected: Optional[int] = None
        self.partial_path: tuple[int, ...] = ()
        self._token = 0
        self.thinking = False
        self._timer = QTimer(self)
        self._timer.setInterval(max(1, poll_interval_ms))
        self._timer.timeout.connect(self.poll_clock)
        self._poll_by_timer = poll_interval_ms > 0
        worker.move_ready.connect(self._on_engine_move)
        worker.failed.connect(self._on_engine_failed)

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

    def status_text(self) -> str:
        """The status line: whose turn (or the result), the last move, and the latest message."""
        parts = []
        if self.running:
            parts.append(self._turn_text())
            if self.thinking:
                parts.append(game_texts.thinking_text())
        elif self.result_text:
            parts.append(self.result_text)
        else:
            parts.append(game_texts.game_not_running_text())
        if self.last_move is not None:
            parts.append(game_texts.last_move_text(self.board, self.side_names, self.style))
        if self.message:
            parts.append(self.message)
        return game_texts.status_line(*parts)

    # --- game -------------------------------------------------------------------------------
    def new_game(self, mode: Union[Mode, bool] = Mode.COMPUTER, human_color: Color = BLACK,
                 profile_key: Optional[str] = None, *, announce: bool = True,
                 fen: Optional[str] = None, play_out: bool = False,
                 referee: Optional[Referee] = None,
                 vs_computer: Optional[bool] = None) -> None:
        """Start a game from the starting position (or ``fen``) under the profile ``profile_key``
        (default: the current one) and start its clocks.

        ``mode``: :class:`Mode` (or True for the computer, False for two players; ``vs_computer``
        is the older keyword for the same). Against the computer, the player has ``human_color``;
        the computer moves at once when it is its turn. ``play_out``: this game follows a drawn
        game, so equal material at the time limit does not draw (VA rulebook 4:00 s4).
        ``referee``: adopt a referee built by the caller (its profile and board are used).
        Raises ``UnknownProfileError`` or ``InvalidFenError`` (changing nothing) for a bad key or FEN.
        """
        if vs_computer is not None:
            mode = vs_computer
        if isinstance(mode, bool):
            mode = Mode.COMPUTER if mode else Mode.TWO_PLAYERS
        if referee is None:
            profile = self.profile if profile_key is None else get_profile(profile_key)
            board = Board() if fen is None else Board(fen)
            referee = Referee(profile, board, time_source=self.time_source, play_out=play_out)
        self._cancel_engine()
        self.referee = referee
        self.profile = referee.profile
        self.side_names = dict(self._fixed_side_names or self.profile.side_names)
        self.mode = mode
        self.human_color = human_color
        self.running = True
        self.result_text = None
        self.message = ""
        self._clear_selection()
        self.referee.start()
        if announce:
            self.announcer.announce(
                game_texts.new_game_text(mode is Mode.COMPUTER, self.side_names[human_color]),
                Priority.INTERRUPT)
            self.announcer.announce(self._turn_text(), Priority.QUEUE)
        self._changed()
        self.game_started.emit()
        outcome = self.board.outcome()
        if outcome is not None:
            self._end(game_texts.game_over_text(outcome, self.side_names, self.board), None)
            return
        if self._poll_by_timer and self.profile.has_clock:
            self._timer.start()
        else:
            self._timer.stop()
        self._maybe_start_engine()

    def load_position(self, fen: str, vs_computer: bool = False, human_color: Color = BLACK) -> None:
        """Start a game from the position ``fen`` (raises ``InvalidFenError``, changing nothing, for
        a bad FEN). Nothing is announced; the computer moves at once if it is its turn."""
        self.new_game(vs_computer, human_color, announce=False, fen=fen)

    def resign(self, color: Optional[Color] = None) -> bool:
        """The player (against the computer) or the side to move (two players) resigns, or
        ``color`` when given (WCDF 5.1). Returns False, with a spoken reason, when no game is in
        progress."""
        if not self.running:
            self._refuse(game_texts.game_not_running_text())
            return False
        loser = color if color is not None else (
            self.human_color if self.mode is Mode.COMPUTER else self.board.turn)
        ruling = self.referee.resign(loser)
        self.ruling_made.emit(ruling)
        self._end(game_texts.resigned_text(self.side_names[loser], self.side_names[loser.other]),
                  ruling.result)
        return True

    def shutdown(self) -> None:
        """Stop the engine and the clock timer (window closing)."""
        self._timer.stop()
        self._cancel_engine()
        self.worker.wait(2.0)

    # --- issue 6: take back (practice; ui/practice.py says what happened) --------------------
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
        ruling = None
        for _ in range(count):
            ruling = self.referee.undo()
            self.ruling_made.emit(ruling)
            if not ruling.ok:
                break
            undone.append(ruling.move)
        self._clear_selection()
        self.message = ""
        if undone:
            self.running = True
            self.result_text = None
            if self._poll_by_timer and self.profile.has_clock:
                self._timer.start()
        self._changed()
        self._maybe_start_engine()
        return ruling, undone

    # --- the referee's clock ----------------------------------------------------------------
    def poll_clock(self) -> list:
        """Read the referee's clocks now: each event is emitted (``referee_event``), announced
        (warnings interrupt, with the warning sound) and acted on (a penalty the computer
        chooses is carried out; the game's end at the time limit ends the game). Returns the
        events."""
        if not self.running:
            return []
        events = self.referee.poll()
        for index, event in enumerate(events):
            self.referee_event.emit(event)
            self._on_referee_event(event, Priority.INTERRUPT if index == 0 else Priority.QUEUE)
            if not self.running:
                break
        return events

    def _on_referee_event(self, event, priority: Priority = Priority.INTERRUPT) -> None:
        if isinstance(event, GameEnded):
            self._end(game_texts.result_text(event.result, self.side_names), event.result)
            return
        text = clock_texts.clock_event_text(event, self.side_names, self.you)
        if text:
            self.message = text
            self._say(text, priority)
        if isinstance(event, _WARNING_EVENTS):
            self.sound.emit("warning")
        if isinstance(event, PenaltyDue):
            self._clear_selection()
            self._cancel_engine()
            if self.mode is Mode.COMPUTER and event.chooser is not self.human_color:
                self._computer_removes(event)
        self._changed()

    def _computer_removes(self, due: PenaltyDue) -> None:
        """The computer chooses the checker to remove: a king first, else the most advanced man."""
        board = self.board
        kings = [s for s in due.squares if (p := board.piece_at(s)) is not None and p.is_king]
        pool = kings or list(due.squares)
        square = max(pool) if due.victim is BLACK else min(pool)
        self.remove_checker(square, due.chooser, priority=Priority.QUEUE)

    def remove_checker(self, square: int, chooser: Optional[Color] = None,
                       priority: Priority = Priority.INTERRUPT) -> Ruling:
        """The penalty's chooser picks the checker on ``square`` (1-32) to be removed (VA rulebook
        3:00 s4, s4-VI). Refusals are spoken; the game goes on."""
        pending = self.referee.pending_penalty
        chooser = chooser if chooser is not None else (pending.chooser if pending else self.board.turn)
        ruling = self.referee.remove_checker(chooser, square)
        self.handle_ruling(ruling, priority)
        return ruling

    def stalling_warning(self, color: Color) -> Ruling:
        """The official warns ``color`` for stalling (VA rulebook 3:00 s4-VI)."""
        ruling = self.referee.stalling_warning(color)
        self.handle_ruling(ruling)
        return ruling

    def stalling_penalty(self, color: Color) -> Ruling:
        """Stalling went on after a warning: a checker of ``color`` is to be removed (VA 3:00 s4-VI)."""
        ruling = self.referee.stalling_penalty(color)
        self.handle_ruling(ruling)
        if ruling.code is RulingCode.PENALTY_DUE and self.referee.pending_penalty is not None:
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
        self.ruling_made.emit(ruling)
        if ruling.verdict is Verdict.REFUSED:
            if say:
                self._refuse(ruling.message)
            else:
                self.sound.emit("refused")
            return
        if ruling.code is RulingCode.CHECKER_REMOVED:
            self.sound.emit("capture")
        elif ruling.verdict in (Verdict.WARNING, Verdict.FORFEIT):
            self.sound.emit("warning")
        if ruling.result is not None:
            if say and ruling.code not in _SAID_BY_RESULT:
                self._say(ruling.message, priority)  # e.g. the removal that ended the game
            self._end(game_texts.result_text(ruling.result, self.side_names), ruling.result,
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
        if self.square_interceptor is not None and self.square_interceptor(square):
            return
        pending = self.referee.pending_penalty
        if self.running and pending is not None and self._human_chooses(pending):
            self.remove_checker(square, pending.chooser)
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
        self.ruling_made.emit(ruling)
        if not ruling.ok and ruling.touch is not None and \
                ruling.touch.status is TouchStatus.PUT_BACK_REFUSED:
            self._refuse(touch_texts.put_back_refused_text(square))
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
        if text.isdigit() and (self.square_interceptor is not None
                               or self.referee.pending_penalty is not None):
            square = int(text)
            if self.square_interceptor is not None and self.square_interceptor(square):
                return True
            pending = self.referee.pending_penalty
            if self.running and pending is not None and self._human_chooses(pending):
                return self.remove_checker(square, pending.chooser).ok
        if not self._may_act():
            return False
        before = self.board.copy()
        ruling = self.referee.submit_move(text)
        return self._after_submit(ruling, before, text)

    # --- internals: picking up and putting down ---------------------------------------------
    def _human_chooses(self, pending: PenaltyDue) -> bool:
        return self.mode is Mode.TWO_PLAYERS or pending.chooser is self.human_color

    def _may_act(self) -> bool:
        if not self.running:
            self._refuse(game_texts.game_not_running_text())
            return False
        if self.is_computer_turn():
            self._refuse(game_texts.wait_text())
            return False
        return True

    def _pick_up(self, square: int) -> None:
        board = self.board
        piece = board.piece_at(square)
        ruling = self.referee.pick_up(square)
        self.ruling_made.emit(ruling)
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
        status = ruling.touch.status if ruling.touch is not None else None
        if status is TouchStatus.EMPTY_SQUARE:
            text = game_texts.empty_square_text(square)
        elif status is TouchStatus.NOT_YOUR_PIECE and piece is not None:
            text = game_texts.not_yours_text(square, self.side_names[piece.color])
        elif status is TouchStatus.NO_LEGAL_MOVE:
            if board.is_capture_required():
                required = tuple(board.legal_moves)
                error = IllegalMoveError(f"{square!r} cannot move: a jump is required", required)
                text = game_texts.refused_text(error, board, self.side_names, style=self.style)
            else:
                text = game_texts.no_move_text(square)
        elif status is TouchStatus.MUST_MOVE_HELD and ruling.touch.held is not None:
            text = touch_texts.must_move_held_text(ruling.touch.held)
        else:
            text = ruling.message
        self._refuse(self._with_offence(text, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self.side_names), ruling.result)

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
            self._refuse(game_texts.several_paths_text(square, vias))
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
        self.ruling_made.emit(ruling)
        if ruling.ok and ruling.move is not None:
            self._played(before, ruling.move, ruling.result)
            return True
        spoken = self._refusal_words(ruling, before, text)
        self._refuse(self._with_offence(spoken, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self.side_names), ruling.result)
        return False

    def _refusal_words(self, ruling: Ruling, board: Board, text: str) -> str:
        if ruling.code is RulingCode.TOUCH_VIOLATION and ruling.touch is not None and \
                ruling.touch.held:
            return touch_texts.must_move_held_text(ruling.touch.held)
        if ruling.code in _MOVE_REFUSALS:
            try:
                board.parse_move(text)
            except RulesError as error:
                words = game_texts.refused_text(error, board, self.side_names, text=text,
                                                style=self.style)
                if ruling.code is RulingCode.JUMP_INCOMPLETE:
                    words = game_texts.jump_incomplete_text(words)
                if ruling.code in _JUMP_REFUSALS and ruling.verdict is Verdict.REFUSED and \
                        self.profile.refusal is RefusalRule.RETRACT:
                    words = game_texts.retracted_text(words)
                return words
        return ruling.message

    def _with_offence(self, text: str, ruling: Ruling) -> str:
        if ruling.verdict in (Verdict.WARNING, Verdict.FORFEIT) and ruling.color is not None:
            reminded = self.profile.refusal is RefusalRule.REMIND_THEN_FORFEIT
            return game_texts.with_offence_text(text, game_texts.offence_text(
                ruling.verdict is Verdict.FORFEIT, ruling.color, self.side_names, reminded))
        return text

    # --- internals: moves -------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        """Submit ``move`` (a legal Move) to the referee for the side to move."""
        before = self.board.copy()
        ruling = self.referee.submit_move(move)
        self.ruling_made.emit(ruling)
        if ruling.ok:
            self._played(before, move, ruling.result)
            return
        self._refuse(self._with_offence(ruling.message, ruling))
        if ruling.result is not None:
            self._end(game_texts.result_text(ruling.result, self.side_names), ruling.result)

    def _played(self, before: Board, move: Move, result: Optional[GameResult]) -> None:
        by_computer = self.mode is Mode.COMPUTER and before.turn is not self.human_color
        self._clear_selection()
        self.message = ""
        crowned = before.is_crowning(move)
        self._say(game_texts.move_text(before, move, self.side_names, self.style, self.verbosity),
                  Priority.INTERRUPT if by_computer else Priority.QUEUE)
        self.sound.emit("crown" if crowned else "capture" if move.is_capture else "move")
        self.move_played.emit(move)
        if result is not None:
            outcome = self.board.outcome()
            text = (game_texts.game_over_text(outcome, self.side_names, self.board) if outcome is not None
                    else game_texts.result_text(result, self.side_names))
            self._end(text, result)
            return
        self._say(self._turn_text(), Priority.QUEUE)
        self._changed()
        self._maybe_start_engine()

    def _end(self, text: str, result: Optional[GameResult], say: bool = True) -> None:
        self._timer.stop()
        self._cancel_engine()
        self.running = False
        self.result_text = text
        self._clear_selection()
        if say and self.announce_results:
            self._say(text, Priority.QUEUE)
        self.sound.emit("game_over")
        self._changed()
        self.game_ended.emit(text)
        result = result or self.referee.result
        if result is not None:
            self.game_result.emit(result)

    def _maybe_start_engine(self) -> None:
        if not self.is_computer_turn() or self.referee.pending_penalty is not None \
                or self.referee.clock.paused:
            return
        self._token = self.worker.request(self.board, self.level)
        self._set_thinking(True)

    def _cancel_engine(self) -> None:
        self._token = -1
        self.worker.cancel()
        self._set_thinking(False)

    def _on_engine_move(self, move: Move, token: int) -> None:
        if token != self._token or not self.is_computer_turn():
            return  # an answer to an old request (new game, resign)
        self._set_thinking(False)
        if self.referee.pending_penalty is not None:
            return  # asked again once the penalty is carried out
        if move not in self.legal_moves():
            self._on_engine_failed(f"engine chose an illegal move {move.pdn()}", token)
            return
        self._play(move)

    def _on_engine_failed(self, message: str, token: int) -> None:
        if token != self._token or not self.is_computer_turn():
            return
        self._set_thinking(False)
        moves = self.board.legal_moves
        if moves:  # never stall the game: play the first legal move instead
            self._play(moves[0])

    def _set_thinking(self, thinking: bool) -> None:
        if thinking != self.thinking:
            self.thinking = thinking
            self.thinking_changed.emit(thinking)
            self.status_changed.emit(self.status_text())

    def _turn_text(self) -> str:
        text = game_texts.turn_text(self.board, self.side_names, verbosity=self.verbosity)
        if self.player_names and self.board.turn in self.player_names:
            text = game_texts.named_turn_text(self.player_names[self.board.turn], text)
        return text

    # --- internals: output ------------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.selected = None
        self.partial_path = ()

    def _say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)

    def _refuse(self, text: str) -> None:
        self.message = text
        self._say(text, Priority.INTERRUPT)
        self.sound.emit("refused")
        self.status_changed.emit(self.status_text())

    def _changed(self) -> None:
        self.position_changed.emit()
        self.status_changed.emit(self.status_text())


def _profile(profile: Union[Profile, str, None]) -> Profile:
    if profile is None:
        return get_profile(DEFAULT_PROFILE_KEY)
    return get_profile(profile) if isinstance(profile, str) else profile
