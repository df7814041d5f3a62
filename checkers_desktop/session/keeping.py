"""Keeping a game: the game in progress (or just ended) as a PDN record, with the players, the
rules and the result, to be written to a file and opened again (Game > Open game).

No Qt: :func:`game_record` builds the :class:`~checkers_desktop.rules.pdn.Game` and
:func:`save_game` writes it; the window's adapter (``ui/save_game.py``) asks where.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from ..rules import BLACK, WHITE
from ..rules.pdn import Game, write_game
from ..storage.atomic import write_atomic

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["game_record", "save_game", "SaveGameError"]


class SaveGameError(ValueError):
    """The game could not be written; the message names the file and says why."""


def game_record(session: GameSession, today: Optional[datetime.date] = None) -> Game:
    """The PDN record of ``session``'s game (a :class:`~.game.GameSession`): every move from the
    start position, the tags ``Event`` (the rules' title), ``Date`` (``today``, default the
    system's date), ``Black``/``White`` (the players: "You" and "Computer, level 3" against the
    computer, the players' names in a match, else the sides' names) and ``Result`` (the referee's
    result, else the board's, else "*")."""
    today = today or datetime.date.today()
    if session.mode.value == "computer":
        computer = f"Computer, level {session.level}"
        players = {session.human_color: "You", session.human_color.other: computer}
    elif session.player_names:
        players = dict(session.player_names)
    else:
        players = dict(session.side_names)
    result = session.referee.result.pdn_result() if session.referee.result is not None else None
    tags = {"Event": session.profile.title, "Date": today.strftime("%Y.%m.%d"),
            "Black": players.get(BLACK, "?"), "White": players.get(WHITE, "?")}
    return Game.from_board(session.board, tags, result)


def save_game(session: GameSession, path: os.PathLike[str] | str, today: Optional[datetime.date] = None) -> Path:
    """Write ``session``'s game as PDN (:func:`game_record`) to ``path`` (".pdn" added when it has
    no suffix), through a temporary file replaced at the end, so that a failure leaves no half
    file. Returns the path written. Raises :class:`SaveGameError` naming the file when it cannot
    be written."""
    path = Path(path)
    if not path.suffix:
        path = path.with_suffix(".pdn")
    text = write_game(game_record(session, today))
    try:
        write_atomic(path, text.encode("utf-8"), make_folder=False)
    except OSError as exc:
        raise SaveGameError(f"{path.name} cannot be written ({exc.strerror or exc})") from None
    return path
