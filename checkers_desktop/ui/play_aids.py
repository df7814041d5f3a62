"""Screen-reader play aids, installed in the window as one feature: the side panel (legend,
legal moves, history and review, board as text), the movable-piece keys and the cursor after a
pick-up, saving the game as PDN, the spoken lesson, placed sounds and the welcome.

:func:`install_play_aids` makes them for ``ctx`` (an :class:`~.context.AppContext`) and returns
a :class:`PlayAids` whose :attr:`~PlayAids.handlers` the window ties to the actions declared in
``actions.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from ..engine.levels import get_level
from ..rules import BLACK
from ..rules.geometry import square_cell
from ..speech.announcer import Priority
from ..texts import tutorial as tutorial_texts
from .move_assist import MoveAssist
from .save_game import SaveGameAction
from .settings import LESSON_OFFERED
from .side_panel import SidePanel, install_side_panel
from .tutorial import TutorialRunner
from .context import AppContext

__all__ = ["PlayAids", "install_play_aids"]


@dataclass(eq=False)
class PlayAids:
    panel: SidePanel
    moves: MoveAssist
    saving: SaveGameAction
    tutorial: TutorialRunner
    ctx: AppContext
    handlers: dict[str, Callable[..., object]] = field(default_factory=dict)

    def welcome_text(self) -> str:
        """The welcome: the game ready, the level, the rules, the first keys, and the first time
        the app starts, the lesson offered (remembered in the settings)."""
        s = self.ctx.session
        first = not self.ctx.settings.get(LESSON_OFFERED)
        level = get_level(s.level)
        text = tutorial_texts.welcome_text(s.side_names[BLACK], level.number,
                                           level.name.capitalize(), s.profile.title, first)
        if first:
            self.ctx.settings.set(LESSON_OFFERED, True)
        return text

    def welcome(self) -> None:
        self.ctx.say(self.welcome_text(), Priority.QUEUE)


_AT_THE_MOVE = {"move", "capture", "crown"}
"""Sounds heard where the last move ended."""
_AT_THE_CURSOR = {"cursor", "edge", "refused"}
"""Sounds heard where the cursor is."""


def sound_place(ctx: AppContext, name: str) -> Optional[tuple[int, int]]:
    """Where the sound ``name`` is heard: (column, row) on the screen, 0-7 from the top left, of
    the last move's end square (move, capture, crown) or of the cursor (cursor, edge, refused);
    None for the others (warning, game over: everywhere)."""
    board = ctx.board
    if name in _AT_THE_MOVE:
        last = ctx.session.board.peek()
        square = last.to_square if last is not None else None
    elif name in _AT_THE_CURSOR:
        square = board.cursor
    else:
        square = None
    if square is None:
        return None
    row, col = square_cell(square, board.flipped)
    return col, row


def install_play_aids(ctx: AppContext) -> PlayAids:
    ctx.sounds.placer = lambda name: sound_place(ctx, name)
    ctx.board.cursor_moved.connect(lambda _square: ctx.sounds.play("cursor"))
    panel = install_side_panel(ctx)
    moves = MoveAssist(ctx)
    saving = SaveGameAction(ctx)
    tutorial = TutorialRunner(ctx)
    aids = PlayAids(panel, moves, saving, tutorial, ctx)
    aids.handlers.update(moves.handlers)
    aids.handlers.update(tutorial.handlers)
    aids.handlers.update({
        "legal_moves_list": panel.focus_moves,
        "history_list": panel.focus_history,
        "board_text_view": panel.focus_text,
        "side_panel": lambda on: panel.choose(bool(on)),
        "save_game": saving.save,
    })
    return aids
