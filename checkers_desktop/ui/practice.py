"""Practice at home against the computer: the computer's level, hints, taking back a move, playing
Red, and the review after the game.

:class:`PracticeControls` gives the window the handlers of the commands declared in ``actions.py``
(Game menu: a new game as the second side, the next and previous level; Practice menu: hint,
take back, review),
adds the radio submenu Game > Computer level (one item per :data:`checkers_desktop.engine.LEVELS`),
turns the board so that the player's own side is at the bottom in games against the computer, and
says everything through the window's announcer.

The engine's long work (a hint: about a second; a review: a few seconds) runs off the GUI thread
(:class:`~.jobs.BackgroundJob`); its answer comes back to the GUI thread as a Qt signal, and an
answer to an older request (a move was played meanwhile) is dropped by its token.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from ..rules import BLACK, WHITE, Board, Move
from ..speech.announcer import Priority
from ..texts import app as app_texts
from ..texts import game as game_texts
from ..texts import review as review_texts
from ..session.game import Mode
from .jobs import BackgroundJob
from .context import AppContext

HINT_SECONDS = 1.0
"""How long the engine looks for a hint, seconds."""

LEVEL_MENU_TITLE = "Computer &level"


def _levels():
    from ..engine import LEVELS
    return LEVELS


def level_item_text(level) -> str:
    """The menu text of a level: "&4 Strong: three moves ahead" (the digit is the access key).
    The summary is in the text because a screen reader reads only a menu item's text: Qt gives a
    menu item no accessible description, so the status and tool tips are never heard there."""
    name = f"&{level.number} {level.name.capitalize()}"
    return f"{name}: {level.summary}" if level.summary else name


def _run_hint(stop: threading.Event, board: Board):
    from ..engine import hint
    return hint(board, time_limit=HINT_SECONDS, stop=stop)


def _run_review(stop: threading.Event, board: Board, color):
    from ..engine.review import review_game
    return review_game(board, color, stop=stop)


class PracticeControls(QObject):
    """Level, hint, take back, play Red and review, for the window of ``ctx`` (an
    :class:`~.context.AppContext`).

    Signals: ``hint_ready(str)`` (the hint said), ``review_shown(str)`` (the review is ready:
    the status line's note saying where it is shown, the findings being notes of the moves
    played list, :meth:`review_notes`), then ``review_ready(str)`` (the review said; also in
    :attr:`last_review_text`, the findings in :attr:`last_findings`).
    """

    hint_ready = Signal(str)
    review_ready = Signal(str)
    review_shown = Signal(str)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.handlers: dict[str, Callable[[], Any]] = {
            "new_vs_computer_red": self.new_game_as_red,
            "next_level": self.next_level,
            "previous_level": self.previous_level,
            "hint": self.hint,
            "take_back": self.take_back,
            "review_game": self.review,
        }
        self.level_actions: dict[int, QAction] = {}
        self.level_menu: Optional[QMenu] = None
        self.hint_move: Optional[Move] = None
        self._hint_key = None
        self._hint_board_key = None
        self.last_findings: Optional[list] = None
        self.last_review_text: Optional[str] = None
        self.hint_job = BackgroundJob("hint", self)
        self.hint_job.finished.connect(self._on_hint)
        self.hint_job.failed.connect(self._on_hint_failed)
        self.review_job = BackgroundJob("review", self)
        self.review_job.finished.connect(self._on_review)
        self.review_job.failed.connect(self._on_review_failed)
        self._hint_token = -1
        self._review_token = -1
        self._review_auto = False
        levels = _levels()
        if not 1 <= int(ctx.session.level) <= len(levels):
            ctx.session.level = 3
        ctx.game.game_started.connect(self._on_game_started)
        ctx.game.game_result.connect(self._on_game_result)
        ctx.game.move_played.connect(lambda _move: self._clear_hint())

    # --- menus ------------------------------------------------------------------------------
    def build_menu(self, menus: dict[str, QMenu], actions_by_id: dict[str, QAction]) -> None:
        """Add Game > Computer level (radio items, one per level) before Game > Quit."""
        game = menus.get("Game")
        if game is None:
            return
        menu = QMenu(LEVEL_MENU_TITLE, game)
        menu.setObjectName("computer-level-menu")
        group = QActionGroup(menu)
        group.setExclusive(True)
        for level in _levels():
            action = QAction(level_item_text(level), menu)
            action.setObjectName(f"level:{level.number}")
            action.setCheckable(True)
            action.setStatusTip(level.description)
            action.setToolTip(level.description)
            action.setWhatsThis(level.description)
            action.setChecked(level.number == self.ctx.session.level)
            action.triggered.connect(lambda checked=False, n=level.number: self.set_level(n))
            group.addAction(action)
            menu.addAction(action)
            self.level_actions[level.number] = action
        menu.aboutToShow.connect(self._highlight_chosen_level)
        quit_action = actions_by_id.get("quit")
        if quit_action is not None and quit_action in game.actions():
            game.insertMenu(quit_action, menu)
            game.insertSeparator(quit_action)
        else:
            game.addMenu(menu)
        self.level_menu = menu

    def _highlight_chosen_level(self) -> None:
        """The level submenu opens on the level in play, not on level 1, so that a player who
        opens it hears the chosen level first ("4 Strong: three moves ahead, checked") and
        arrows from there.

        A submenu opened from the keyboard highlights its first item that can be highlighted
        right after it is shown, and a screen reader is told of that item. So, while the menu
        is shown, the items above the chosen level are disabled for one turn of the event loop
        (where the style does not let a disabled item be highlighted, as Qt's own styles on
        Linux, the chosen level is the first one Qt highlights, and the only one a screen
        reader hears); then they are enabled again and the chosen level highlighted, whatever
        the style did."""
        from PySide6.QtCore import QTimer

        menu, chosen = self.level_menu, self.level_actions.get(self.level)
        if menu is None or chosen is None:
            return
        above = []
        for action in menu.actions():
            if action is chosen:
                break
            if action.isEnabled():
                action.setEnabled(False)
                above.append(action)

        def highlight() -> None:
            for action in above:
                action.setEnabled(True)
            if menu.isVisible() and menu.activeAction() is not chosen:  # else said twice
                menu.setActiveAction(chosen)

        QTimer.singleShot(0, highlight)

    # --- level ------------------------------------------------------------------------------
    @property
    def level(self) -> int:
        return int(self.ctx.session.level)

    def set_level(self, number: int, announce: bool = True) -> None:
        """Play at level ``number`` (1 to the number of levels) from the computer's next move;
        save it and say the level's description. Raises ``ValueError`` quoting a bad number."""
        levels = _levels()
        if not isinstance(number, int) or not 1 <= number <= len(levels):
            raise ValueError(f"{number!r} is not a level from 1 to {len(levels)}")
        self.ctx.session.level = number
        self.ctx.settings.engine_level = number
        action = self.level_actions.get(number)
        if action is not None and not action.isChecked():
            action.setChecked(True)
        if announce:
            self._say(self._level_words(levels[number - 1].description), Priority.INTERRUPT)

    def _level_words(self, description: str) -> str:
        """A level's sentence as said when it is chosen: in a game of two players, where no
        computer plays, followed by when it applies (without it a player heard a level change
        and waited for a computer's move)."""
        if self.ctx.session.mode is Mode.COMPUTER:
            return description
        return app_texts.level_for_later_text(description)

    def next_level(self) -> None:
        """One level up (Ctrl+L); at the strongest, the level stays and that is said."""
        self._step_level(1)

    def previous_level(self) -> None:
        """One level down; at level 1, the level stays and that is said."""
        self._step_level(-1)

    def _step_level(self, step: int) -> None:
        """One level up (``step`` 1) or down (-1), said as the menu says a level chosen, with
        "It is the strongest level." (or "gentlest") on reaching an end. Past an end nothing
        changes and that is said: the levels do not go round, as they did when Ctrl+L was the
        only key, where one press too many at level 6 dropped the player to level 1 with no
        warning; the zoom and text size keys stop at their ends the same way."""
        levels = _levels()
        strongest = step > 0
        number = self.level + step
        if not 1 <= number <= len(levels):
            level = levels[self.level - 1]
            self._say(app_texts.level_limit_text(level.number, level.name, strongest),
                      Priority.INTERRUPT)
            return
        self.set_level(number, announce=False)
        text = levels[number - 1].description
        if number == (len(levels) if strongest else 1):
            text = app_texts.level_end_text(text, strongest)
        self._say(self._level_words(text), Priority.INTERRUPT)

    # --- new game as the second side --------------------------------------------------------
    def new_game_as_red(self) -> None:
        """A new game against the computer; the player has the second side (Red in practice) and
        the computer moves first."""
        self.ctx.board.set_cursor(22, focus=False)
        self.ctx.session.new_game(Mode.COMPUTER, human_color=WHITE)
        self.ctx.focus_board()

    def _on_game_started(self) -> None:
        self._clear_hint()
        self.review_job.cancel()
        self.last_findings = None
        self.last_review_text = None
        c = self.ctx.session
        if c.mode is Mode.COMPUTER:
            # The player's own side at the bottom: Black's (1-12) from Black's chair, else the
            # standard diagram (Red's 21-32 at the bottom).
            own_side_down = c.human_color is BLACK
            if self.ctx.board.flipped != own_side_down:
                # the board turns round: the cursor goes to the player's own man in the middle
                # of the front row, as at the first start, not to the square it was on (now
                # the computer's side)
                self.ctx.board.set_cursor(11 if own_side_down else 22, focus=False)
            self.ctx.board.set_flipped(own_side_down)

    # --- hint -------------------------------------------------------------------------------
    def hint(self) -> bool:
        """Ask the engine for the player's best move, off the GUI thread; when it arrives the
        board's cursor goes to the hinted piece (unless a piece is already picked up), so that
        Enter picks it up, and the move is said and its squares marked. Refused (and said why) under rules without hints,
        outside the player's turn, or with no game. Returns True when a search was started."""
        c = self.ctx.session
        if not c.profile.allows_hints:
            self._say(review_texts.hints_not_allowed_text(), Priority.INTERRUPT)
            return False
        if not c.running:
            self._say(review_texts.no_hint_no_game_text(), Priority.INTERRUPT)
            return False
        if c.is_computer_turn():
            self._say(review_texts.no_hint_computer_turn_text(), Priority.INTERRUPT)
            return False
        self._hint_board_key = self._position_key()
        self._say(review_texts.looking_for_hint_text(), Priority.READING)
        self._hint_token = self.hint_job.start(_run_hint, c.board.copy())
        return True

    def hint_squares(self) -> set[int]:
        """The squares of the hinted move (its path), while the position it was for is on the
        board; else empty."""
        if self.hint_move is None or self._hint_key != self._position_key():
            return set()
        return set(self.hint_move.path)

    def hint_start(self) -> Optional[int]:
        """The square of the hinted piece (1-32) while the hint holds (see :meth:`hint_squares`),
        else None: the one square whose description says "Hint." (every square of the move is
        marked on the screen). A screen reader says a change of the focused cell's description
        as it comes; the hint's other squares told too made it say "Hint." twice, once for the
        square the cursor was on, once for the piece it then went to."""
        hinted = self.hint_move
        return hinted.from_square if hinted is not None and self.hint_squares() else None

    def _on_hint(self, result, token: int) -> None:
        if token != self._hint_token or self._hint_board_key != self._position_key():
            return
        c = self.ctx.session
        if result is None:
            self._say(review_texts.no_move_to_suggest_text(), Priority.READING)
            return
        self.hint_move = result.move
        self._hint_key = self._hint_board_key
        text = review_texts.hint_text(result.move, result.reason, c.style)
        # The squares are marked before the cursor comes to the hinted piece: a screen reader
        # then reads that cell once, with its mark ("Hint."), as the cursor lands on it; marked
        # after, the cell's new description was told again as a change of the cell it was on.
        self.ctx.refresh_board()
        if c.selected is None:
            # the cursor on the hinted piece, so that Enter picks it up; the focus stays where
            # it is (on the board, its cell is the cursor's), and the hint is said after it
            self.ctx.board.set_cursor(result.move.from_square, focus=False)
        self._say(text, Priority.READING)
        self.hint_ready.emit(text)

    def _on_hint_failed(self, error, token: int) -> None:
        if token == self._hint_token:
            self._say(review_texts.hint_failed_text(), Priority.READING)

    def _clear_hint(self) -> None:
        self._hint_token = -1
        self.hint_job.cancel()
        had = self.hint_move is not None
        self.hint_move = None
        self._hint_key = None
        if had:
            self.ctx.refresh_board()

    def _position_key(self):
        board = self.ctx.session.board
        return (board.ply, board.key())

    # --- take back --------------------------------------------------------------------------
    def take_back(self) -> bool:
        """Take back the player's last move (and the computer's reply) in practice; say what was
        taken back, or why not. Returns True when a move was taken back."""
        c = self.ctx.session
        ended = not c.running
        ruling, moves = c.take_back()
        if not moves:
            self._say(ruling.message, Priority.INTERRUPT)
            self.ctx.sounds.play("refused")
            return False
        self._clear_hint()
        self._review_token = -1  # a review of the game as it was is no longer wanted
        self.review_job.cancel()
        turn = None if c.mode is Mode.COMPUTER else game_texts.turn_text(c.board, c.side_names)
        self._say(review_texts.took_back_text(moves, c.style, ended=ended, turn=turn),
                  Priority.INTERRUPT)
        self.ctx.board.set_cursor(moves[-1].from_square, focus=False)  # the player's piece
        self.ctx.board.focus_cursor()
        return True

    # --- review -----------------------------------------------------------------------------
    def review(self) -> bool:
        """Review the player's moves of the game on the board (finished or not), off the GUI
        thread; the findings are said when ready. Returns True when a review was started."""
        c = self.ctx.session
        if c.mode is not Mode.COMPUTER:
            self._say(review_texts.review_only_against_computer_text(), Priority.INTERRUPT)
            return False
        if not self._player_has_moved():
            self._say(review_texts.nothing_to_review_text(), Priority.INTERRUPT)
            return False
        self._say(review_texts.reviewing_text(), Priority.QUEUE)
        self._start_review()
        return True

    def _start_review(self) -> None:
        c = self.ctx.session
        self._review_token = self.review_job.start(_run_review, c.board.copy(), c.human_color)

    def _player_has_moved(self) -> bool:
        """Whether the move stack holds a move of the player's (the sides alternate, so the last
        move is the other side's to the one to move, and the one before it the mover's)."""
        c = self.ctx.session
        n = len(c.board.move_stack)
        return n >= 2 or (n == 1 and c.board.turn.other is c.human_color)

    def _on_game_result(self, result) -> None:
        """A game ended: a hint shown is taken off (it was for a game that goes on); a practice
        game against the computer is reviewed."""
        self._clear_hint()
        c = self.ctx.session
        if c.mode is not Mode.COMPUTER or not c.profile.allows_hints:
            return
        if self._player_has_moved():
            self._start_review()

    def _on_review(self, findings, token: int) -> None:
        if token != self._review_token:
            return
        self.last_findings = list(findings)
        c = self.ctx.session
        text = review_texts.review_heading_text(findings, c.style, finished=not c.running)
        self.last_review_text = text
        self._say(text, Priority.QUEUE)
        self.review_shown.emit(review_texts.review_shown_text(len(self.last_findings),
                                                              finished=not c.running))
        self.review_ready.emit(text)

    def review_notes(self) -> dict[int, list[str]]:
        """The review's findings as notes of the moves played list: {the move's number in the
        game (1 = the first move played): [its note]}, for the moves still on the board."""
        findings = self.last_findings or []
        stack = self.ctx.session.board.move_stack
        style = self.ctx.session.style
        notes: dict[int, list[str]] = {}
        for f in findings:
            if 0 <= f.ply < len(stack) and stack[f.ply] == f.move:
                notes.setdefault(f.ply + 1, []).append(review_texts.finding_note_text(f, style))
        return notes

    def _on_review_failed(self, error, token: int) -> None:
        if token == self._review_token:
            self._say(review_texts.review_failed_text(), Priority.QUEUE)

    # --- helpers ----------------------------------------------------------------------------
    def _say(self, text: str, priority: Priority) -> None:
        self.ctx.say(text, priority)

    def shutdown(self) -> None:
        """Stop the hint and review searches (window closing)."""
        self.hint_job.shutdown()
        self.review_job.shutdown()
