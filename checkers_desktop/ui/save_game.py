"""Game > Save game (Ctrl+S): the game as a PDN file, to open again with Game > Open game.

The record is made by :mod:`checkers_desktop.session.keeping`; this adapter asks where (a
file dialog of ``ctx.ask``, on a name saying who played and when; tests replace
:attr:`SaveGameAction.ask_path`) and says what happened.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from ..session.keeping import SaveGameError, game_file_name, save_game
from ..speech.announcer import Priority
from ..texts import keeping as keeping_texts
from . import failures
from .context import AppContext

__all__ = ["SaveGameAction"]

log = logging.getLogger(__name__)


class SaveGameAction:
    """Game > Save game for the window of ``ctx`` (an :class:`~.context.AppContext`)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.ask_path: Callable[[], Optional[str]] = self._ask_path

    def _ask_path(self) -> Optional[str]:
        start = str(self.ctx.settings.games_folder() / game_file_name(self.ctx.session))
        path = self.ctx.ask.save_file("Save the game", start, "PDN games (*.pdn);;All files (*)")
        self.ctx.focus_board()
        if path:
            self.ctx.settings.remember_games_folder(path)
        return path or None

    def save(self, path: Optional[str] = None) -> Optional[Path]:
        """Ask for a file (unless ``path``) and write the game there; returns the path, or None
        when nothing was saved (cancelled, or told why)."""
        session = self.ctx.session
        if not session.board.move_stack:
            session.refuse(keeping_texts.nothing_to_save_text())
            return None
        if path is None:
            path = self.ask_path()
        if not path:
            return None
        try:
            written = save_game(session, path)
        except SaveGameError as exc:
            log.warning("game not saved: %s", exc)
            failures.report(self.ctx, keeping_texts.not_saved_text(str(exc)))
            return None
        session.mark_saved(written.name)
        plies, first = len(session.board.move_stack), session.board.root().turn
        self.ctx.say(keeping_texts.saved_text(written, plies, first), Priority.INTERRUPT)
        self.ctx.status.show_after_status(
            keeping_texts.saved_text(written, plies, first, full=True))
        return written
