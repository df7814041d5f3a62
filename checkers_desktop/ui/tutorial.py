"""Help > Learn checkers (Ctrl+F1): the spoken lesson on the window's own board.

The flow is :class:`checkers_desktop.session.tutorial.Tutorial` (no Qt); this adapter tells it
what the player does (Enter or Escape on the board, the cursor's square, the moves played) and
carries out its answers: sentences said through the announcer, practice positions set up for
two players with the board seen from Black's chair, and at the end a new game against the
computer.
"""

from __future__ import annotations

from typing import Optional

from ..rules import BLACK, Move
from ..session import moving
from ..session.game import Mode
from ..session.tutorial import Finished, Say, SetPosition, Tutorial
from ..speech.announcer import Priority
from .context import AppContext

__all__ = ["TutorialRunner"]


class TutorialRunner:
    """See the module text. ``ctx``: the :class:`~.context.AppContext`."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.tutorial: Optional[Tutorial] = None
        self.handlers = {"tutorial": self.start}
        ctx.board.cursor_changed.connect(self._cursor)
        ctx.game.move_played.connect(self._move)
        self.completed = False

    @property
    def active(self) -> bool:
        return self.tutorial is not None and not self.tutorial.finished

    def start(self) -> None:
        """Begin the lesson (again) from its first step."""
        self.tutorial = Tutorial()
        self.completed = False
        self.ctx.board.intercept = self._intercept
        self.ctx.announcer.stop()
        self._run(self.tutorial.start(), Priority.INTERRUPT)
        self.ctx.focus_board()

    # --- what the player does ---------------------------------------------------------------
    def _running(self) -> Optional[Tutorial]:
        """The lesson while it runs (:attr:`active`), else None."""
        return self.tutorial if self.active else None

    def _intercept(self, what: str, square: int) -> bool:
        tutorial = self._running()
        if tutorial is None:
            return False
        if what == "escape":
            if self.ctx.session.selected is not None:
                return False  # Escape puts the piece back first
            self._run(tutorial.leave())
            return True
        if tutorial.expects_enter:
            self._run(tutorial.enter(square))
            return True
        return False

    def _cursor(self, square: int) -> None:
        def tell() -> None:
            tutorial = self._running()
            if tutorial is not None:
                self._run(tutorial.cursor(square, tuple(moving.movable_squares(self.ctx.session))))

        if self.active:
            # after the square itself is said (the cursor's echo), so that it does not cut the
            # lesson's next words off
            self.ctx.scheduler.defer(tell)

    def _move(self, move: Move) -> None:
        def tell() -> None:
            tutorial = self._running()
            if tutorial is not None:
                self._run(tutorial.move(move))

        if self.active:
            # after the session has finished telling the move (it emits before it speaks)
            self.ctx.scheduler.defer(tell)

    # --- carrying out -----------------------------------------------------------------------
    def _run(self, actions, priority: Priority = Priority.QUEUE) -> None:
        for action in actions:
            if isinstance(action, Say):
                self.ctx.say(action.text, priority)
                self.ctx.status.set_note("lesson", action.text)  # shown as well as heard
                priority = Priority.QUEUE
            elif isinstance(action, SetPosition):
                self._set_position(action)
            elif isinstance(action, Finished):
                self._finish(action.completed)

    def _set_position(self, action: SetPosition) -> None:
        session = self.ctx.session
        board = self.ctx.board
        if action.fen:
            session.load_position(action.fen, Mode.TWO_PLAYERS, BLACK)
        board.set_flipped(True)
        if action.cursor is not None:
            board.set_cursor(action.cursor, focus=True)
        self.ctx.refresh_board()

    def _finish(self, completed: bool) -> None:
        self.completed = completed
        self.ctx.status.set_note("lesson", None)
        self.ctx.board.intercept = None
        self.ctx.session.new_game(Mode.COMPUTER, human_color=BLACK, announce=False)
        self.ctx.board.set_cursor(11, focus=True)
        self.ctx.focus_board()
