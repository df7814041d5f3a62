"""Fewer keys per move on the board: N and Shift+N go round one's movable pieces (nearest
first), and picking a piece up on the board (Enter, Space, a click) puts the cursor on its nearest
destination, so that a one-way move is Enter, Enter. A piece picked up by voice leaves the cursor
to the voice, which puts it on the square said.

:class:`MoveAssist` is the window's adapter of :mod:`checkers_desktop.session.moving`: it reads
the game (``ctx.session``) and moves the board's cursor (``ctx.board``). The cursor's new square is
read by the screen reader (it has the focus) and echoed by the app's own voice.
"""

from __future__ import annotations

from typing import Optional

from ..session import moving
from ..speech.announcer import Priority
from ..texts import game as game_texts
from .board_widget import DIAGONAL_STEPS
from .context import AppContext

__all__ = ["MoveAssist"]


class MoveAssist:
    """See the module text. ``ctx``: the :class:`~.context.AppContext`."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.cycle = moving.Cycle()
        self._held: tuple[int, ...] = ()
        self._following = False
        self.handlers = {"next_piece": lambda: self.step(True),
                         "previous_piece": lambda: self.step(False)}
        ctx.game.position_changed.connect(self._position_changed)
        ctx.board.move_toward.connect(self.move_toward)

    def step(self, forward: bool = True) -> Optional[int]:
        """N (``forward``) or Shift+N: the cursor to the next of the movable pieces, or of the
        picked-up piece's destinations; returns the square, or None (said why) when there is
        none."""
        s = self.ctx.session
        board = self.ctx.board
        if s.selected is not None:
            candidates = sorted(s.destinations())
        else:
            candidates = moving.movable_squares(s)
        target = self.cycle.step(candidates, board.cursor, forward, board.flipped)
        if target is None:
            if not s.running:
                s.refuse(game_texts.game_not_running_text())
            else:
                s.refuse(game_texts.wait_text())
            return None
        if target == board.cursor:
            # the only square of the round: no focus change for a screen reader to read, so
            # the square is said (N or Shift+N was silent after a pick-up with one destination)
            widget = board.squares[target]
            text = widget.accessibleName()
            if widget.accessibleDescription():
                text += ". " + widget.accessibleDescription()
            self.ctx.say(game_texts.only_square_text(text), Priority.READING)
            return target
        board.set_cursor(target, announce=True)
        return target

    def move_toward(self, direction: str) -> bool:
        """Shift with a diagonal key: move the piece under the cursor that way
        (:func:`checkers_desktop.session.moving.move_toward`); the cursor follows the piece."""
        board = self.ctx.board
        d_row, d_col = DIAGONAL_STEPS[direction]
        self._following = True
        try:
            done = moving.move_toward(self.ctx.session, board.cursor, d_row, d_col, board.flipped)
        finally:
            self._following = False
        s = self.ctx.session
        if done:
            played = s.board.peek()
            last = s.partial_path[-1] if s.selected is not None else (
                played.to_square if played is not None else board.cursor)
            self._held = tuple(s.partial_path) if s.selected is not None else ()
            board.set_cursor(last, focus=board.has_cursor_focus())
        return done

    def _position_changed(self) -> None:
        """A piece was just picked up (or went on through a jump): the cursor goes to its nearest
        destination, whose name and description ("15, empty. Eleven, picked up, can go here.")
        tell the pick-up: the screen reader reads the focused square, the app's own voice says
        "Eleven picked up. Cursor on 15, empty: it can go here."."""
        if self._following:
            return  # Shift with a diagonal key: the cursor follows the piece instead
        s = self.ctx.session
        held = tuple(s.partial_path) if s.selected is not None and s.is_human_turn() else ()
        if held == self._held:
            return
        self._held = held
        board = self.ctx.board
        if not held or board.activating is None:
            # picked up (or on through a jump) by voice: the voice puts the cursor on the
            # square said, once; going first to a destination was a second focus change, a
            # moment before, that a screen reader cut off (and the voice said "Cursor on 16")
            return
        target = moving.first_destination(sorted(s.destinations()), held[-1], board.flipped)
        if target is not None and target != board.cursor:
            board.set_cursor(target, focus=board.has_cursor_focus())
            widget = board.squares[target]
            if len(held) == 1:  # just picked up: say so, and where the cursor went
                text = game_texts.picked_up_cursor_text(held[0], widget.accessibleName())
            else:  # on through a jump: the square and what it is for
                text = widget.accessibleName()
                if widget.accessibleDescription():
                    text += ". " + widget.accessibleDescription()
            self.ctx.echo.announce(text, Priority.QUEUE)
