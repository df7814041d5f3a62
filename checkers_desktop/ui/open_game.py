"""Game > Open game...: a PDN file's first game, put on the board to continue playing.

Kept simple: the first game of the file is read (every move that replays as legal English
draughts), its final position is set up as a game for two players with the moves on the board's
history (so the move list and the last move can be read), and that is announced. A file that
cannot be read (missing, not PDN, no game, a start position that is not legal) is told, shown and
spoken, and nothing changes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtWidgets import QFileDialog

from ..rules import RulesError
from ..rules.pdn import read_games
from ..rules.referee import Referee
from ..session.game import Mode
from ..speech.announcer import Priority
from ..texts import app as app_texts
from . import failures

__all__ = ["OpenGameAction", "PdnOpenError", "read_first_game"]

log = logging.getLogger(__name__)


class PdnOpenError(ValueError):
    """A PDN file that cannot be used; the message names the file and says why."""


def read_first_game(path: Path):
    """``(board, note)``: the board after the first game's readable moves (moves on its stack),
    and a note when the game stops early at a move that cannot be read (else None).

    Raises :class:`PdnOpenError` for a file that cannot be read, holds no game, or whose start
    position is not legal.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PdnOpenError(f"{path.name} cannot be opened ({exc.strerror or exc})") from None
    if b"\x00" in data:
        raise PdnOpenError(f"{path.name} is not a PDN file (it is not text)")
    try:
        parsed = next(iter(read_games(data)), None)
    except (RulesError, ValueError) as exc:
        raise PdnOpenError(f"{path.name} cannot be read as PDN ({exc})") from None
    if parsed is None:
        raise PdnOpenError(f"{path.name} holds no game")
    game = parsed.game
    if not game.nodes and not any(name.lower() == "fen" for name in game.tags):
        raise PdnOpenError(f"{path.name} holds no moves and no position")
    start = [p for p in parsed.problems if p.ply == 0]
    if start:
        raise PdnOpenError(f"{path.name}: {start[0]}")
    try:
        board = game.board()
    except (RulesError, ValueError) as exc:
        raise PdnOpenError(f"{path.name} has a position that is not legal ({exc})") from None
    note = None
    if parsed.problems:
        note = app_texts.only_first_moves_text(board.ply, str(parsed.problems[0]))
    return board, note


class OpenGameAction:
    """Game > Open game for the window of ``ctx`` (an :class:`~.context.AppContext`).
    ``ask_path() -> str | None`` asks which file (default a ``QFileDialog``; tests replace it)."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.ask_path: Callable[[], Optional[str]] = self._ask_path

    def _ask_path(self) -> Optional[str]:
        path, _ = QFileDialog.getOpenFileName(self.ctx.window, "Open a game", "",
                                              "PDN games (*.pdn *.txt);;All files (*)")
        self.ctx.focus_board()
        return path or None

    def open(self, path: Optional[str] = None) -> bool:
        """Ask for a file (unless ``path``), load its first game. Returns True when loaded."""
        if path is None:
            path = self.ask_path()
        if not path:
            return False
        try:
            board, note = read_first_game(Path(path))
        except PdnOpenError as exc:
            log.warning("PDN not opened: %s", exc)
            failures.report(self.ctx, app_texts.not_opened_text(str(exc)))
            return False
        c = self.ctx.session
        referee = Referee(c.home_profile, board, time_source=c.time_source)  # never a match's
        c.player_names = None
        c.new_game(Mode.TWO_PLAYERS, referee=referee, announce=False)
        text = app_texts.opened_text(Path(path).name, board.ply, c.headline(), note)
        self.ctx.say(text, Priority.INTERRUPT)
        self.ctx.focus_board()
        return True
