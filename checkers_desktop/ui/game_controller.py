"""The game behind the window: whose turn, picking up and putting down, the computer's replies.

:class:`GameController` holds the :class:`~checkers_desktop.rules.Board`, turns player actions
(a square activated, a typed move, resign) into moves or refusals, asks the
:class:`~.engine_worker.EngineWorker` for the computer's moves and says everything through the
``Announcer``. It owns no widget: the window listens to its signals.
"""

from __future__ import annotations

import enum
from typing import Mapping, Optional

from PySide6.QtCore import QObject, Signal

from ..rules import BLACK, Board, Color, IllegalMoveError, Move, RulesError
from ..speech.announcer import Priority
from . import texts
from .engine_worker import EngineWorker


class Mode(enum.Enum):
    COMPUTER = "computer"
    TWO_PLAYERS = "two players"


class GameController(QObject):
    """One game at a time, against the computer or for two players at the same keyboard.

    ``announcer``: the speech ``Announcer`` every message goes to. ``worker``: the engine worker (the
    computer's moves). ``side_names``: the profile's words for the sides ({BLACK: "Black", WHITE:
    "Red"}). ``level``: the engine level, 1 = gentle.

    Signals: ``position_changed`` (board or marks changed: repaint, rename squares),
    ``status_changed(str)`` (the status line), ``sound(str)`` (an earcon name: move, capture, crown,
    refused, edge, game_over), ``thinking_changed(bool)``, ``game_ended(str)`` (the result text),
    ``move_played(object)`` (each Move, after it is on the board).
    """

    position_changed = Signal()
    status_changed = Signal(str)
    sound = Signal(str)
    thinking_changed = Signal(bool)
    game_ended = Signal(str)
    move_played = Signal(object)

    def __init__(self, announcer, worker: EngineWorker, side_names: Mapping[Color, str],
                 level: int = 3, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.announcer = announcer
        self.worker = worker
        self.side_names = dict(side_names)
        self.level = level
        self.board = Board()
        self.mode = Mode.COMPUTER
        self.human_color: Color = BLACK
        self.running = False
        self.result_text: Optional[str] = None
        self.message = ""
        self.selected: Optional[int] = None
        self.partial_path: tuple[int, ...] = ()
        self._token = 0
        self.thinking = False
        worker.move_ready.connect(self._on_engine_move)
        worker.failed.connect(self._on_engine_failed)

    # --- state ------------------------------------------------------------------------------
    @property
    def last_move(self) -> Optional[Move]:
        return self.board.peek()

    def is_computer_turn(self) -> bool:
        return self.running and self.mode is Mode.COMPUTER and self.board.turn is not self.human_color

    def is_human_turn(self) -> bool:
        return self.running and not self.is_computer_turn()

    def candidate_moves(self) -> list[Move]:
        """Legal moves that continue the picked-up piece's path so far (empty when none is up)."""
        if self.selected is None:
            return []
        n = len(self.partial_path)
        return [m for m in self.board.moves_from(self.selected) if m.path[:n] == self.partial_path]

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
        return texts.square_name(self.board, square, self.side_names)

    def status_text(self) -> str:
        """The status line: whose turn (or the result), the last move, and the latest message."""
        parts = []
        if self.running:
            parts.append(self._turn_text())
            if self.thinking:
                parts.append(texts.thinking_text())
        elif self.result_text:
            parts.append(self.result_text)
        else:
            parts.append(texts.game_not_running_text())
        if self.last_move is not None:
            parts.append(texts.last_move_text(self.board, self.side_names))
        if self.message:
            parts.append(self.message)
        return "  ".join(parts)

    # --- game -------------------------------------------------------------------------------
    def new_game(self, vs_computer: bool = True, human_color: Color = BLACK,
                 announce: bool = True, fen: Optional[str] = None) -> None:
        """Set up the starting position (or ``fen``). Against the computer, the player has
        ``human_color``; the computer moves at once when it is its turn."""
        board = Board() if fen is None else Board(fen)
        self._cancel_engine()
        self.board = board
        self.mode = Mode.COMPUTER if vs_computer else Mode.TWO_PLAYERS
        self.human_color = human_color
        self.running = True
        self.result_text = None
        self.message = ""
        self._clear_selection()
        if announce:
            self.announcer.announce(
                texts.new_game_text(vs_computer, self.side_names[human_color]), Priority.INTERRUPT)
            self.announcer.announce(self._turn_text(), Priority.QUEUE)
        self._changed()
        outcome = self.board.outcome()
        if outcome is not None:
            self._end(texts.game_over_text(outcome, self.side_names, self.board))
            return
        self._maybe_start_engine()

    def load_position(self, fen: str, vs_computer: bool = False, human_color: Color = BLACK) -> None:
        """Start a game from the position ``fen`` (raises ``InvalidFenError``, changing nothing, for
        a bad FEN). Nothing is announced; the computer moves at once if it is its turn."""
        self.new_game(vs_computer, human_color, announce=False, fen=fen)

    def resign(self) -> bool:
        """The player (against the computer) or the side to move (two players) resigns.

        Returns False, with a spoken reason, when no game is in progress."""
        if not self.running:
            self._refuse(texts.game_not_running_text())
            return False
        loser = self.human_color if self.mode is Mode.COMPUTER else self.board.turn
        self._end(texts.resigned_text(self.side_names[loser], self.side_names[loser.other]))
        return True

    def shutdown(self) -> None:
        """Stop the engine (window closing)."""
        self._cancel_engine()
        self.worker.wait(2.0)

    # --- player actions ---------------------------------------------------------------------
    def activate(self, square: int) -> None:
        """Enter, Space or a click on ``square`` (1-32): pick up, put down, or put back."""
        if not self._may_act():
            return
        if self.selected is None:
            self._pick_up(square)
            return
        if square == self.selected:
            self.cancel_selection()
            return
        piece = self.board.piece_at(square)
        if (piece is not None and piece.color is self.board.turn and len(self.partial_path) == 1):
            self._clear_selection()  # liberal touch-move: take another piece instead
            self._pick_up(square)
            return
        self._put_down(square)

    def cancel_selection(self) -> bool:
        """Escape: put the picked-up piece back. Returns False when nothing was picked up."""
        if self.selected is None:
            return False
        square = self.selected
        self._clear_selection()
        self._say(texts.put_back_text(square), Priority.READING)
        self._changed()
        return True

    def submit_text(self, text: str) -> bool:
        """A typed move ("11-15", "11 15", "22x15", "26x17x10"). Returns True when it was played;
        otherwise nothing changes and the reason is spoken and shown."""
        text = text.strip()
        if not text or not self._may_act():
            return False
        try:
            move = self.board.parse_move(text)
        except RulesError as error:
            self._refuse(texts.refused_text(error, self.board, self.side_names))
            return False
        self._play(move)
        return True

    # --- internals: picking up and putting down ---------------------------------------------
    def _may_act(self) -> bool:
        if not self.running:
            self._refuse(texts.game_not_running_text())
            return False
        if self.is_computer_turn():
            self._refuse(texts.wait_text())
            return False
        return True

    def _pick_up(self, square: int) -> None:
        piece = self.board.piece_at(square)
        if piece is None:
            self._refuse(texts.empty_square_text(square))
            return
        if piece.color is not self.board.turn:
            self._refuse(texts.not_yours_text(square, self.side_names[piece.color]))
            return
        moves = self.board.moves_from(square)
        if not moves:
            if self.board.is_capture_required():
                required = tuple(self.board.legal_moves)
                error = IllegalMoveError(f"{square!r} cannot move: a jump is required", required)
                self._refuse(texts.refused_text(error, self.board, self.side_names))
            else:
                self._refuse(texts.no_move_text(square))
            return
        self.selected = square
        self.partial_path = (square,)
        self.message = ""
        self._say(texts.picked_up_text(square, sorted({m.to_square for m in moves})),
                  Priority.READING)
        self._changed()

    def _put_down(self, square: int) -> None:
        n = len(self.partial_path)
        candidates = self.candidate_moves()
        ending = [m for m in candidates if m.to_square == square]
        if len(ending) == 1:
            self._play(ending[0])
            return
        if len(ending) > 1:
            vias = sorted({m.path[n] for m in ending if m.path[n] != square})
            self._refuse(texts.several_paths_text(square, vias))
            return
        through = [m for m in candidates if square in m.path[n:-1]]
        if through:
            first = through[0]
            self.partial_path = first.path[:first.path.index(square, n) + 1]
            remaining = self.candidate_moves()
            if len(remaining) == 1:
                self._play(remaining[0])
                return
            self._say(texts.through_text(square, sorted({m.to_square for m in remaining})),
                      Priority.READING)
            self._changed()
            return
        attempted = "x" if self.board.is_capture_required() else "-"
        text = f"{self.selected}{attempted}{square}"
        try:
            self.board.parse_move(text)
        except RulesError as error:
            self._refuse(texts.refused_text(error, self.board, self.side_names))
        else:  # pragma: no cover - a legal move always appears among the candidates
            self._refuse(texts.no_move_text(self.selected))

    # --- internals: moves -------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        by_computer = self.is_computer_turn()
        before = self.board.copy()
        self.board.push(move)
        self._clear_selection()
        self.message = ""
        crowned = before.is_crowning(move)
        self._say(texts.move_text(before, move, self.side_names),
                  Priority.INTERRUPT if by_computer else Priority.QUEUE)
        self.sound.emit("crown" if crowned else "capture" if move.is_capture else "move")
        self.move_played.emit(move)
        outcome = self.board.outcome()
        if outcome is not None:
            self._end(texts.game_over_text(outcome, self.side_names, self.board))
            return
        self._say(self._turn_text(), Priority.QUEUE)
        self._changed()
        self._maybe_start_engine()

    def _end(self, text: str) -> None:
        self._cancel_engine()
        self.running = False
        self.result_text = text
        self._clear_selection()
        self._say(text, Priority.QUEUE)
        self.sound.emit("game_over")
        self._changed()
        self.game_ended.emit(text)

    def _maybe_start_engine(self) -> None:
        if not self.is_computer_turn():
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
        if not self.board.is_legal(move):
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
        return texts.turn_text(self.board, self.side_names, verbosity="full")

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
