"""Keeping a game: the game in progress (or just ended) as a PDN record, with the players, the
rules and the result, to be written to a file and opened again (Game > Open game).

No Qt: :func:`game_record` builds the :class:`~checkers_desktop.rules.pdn.Game` and
:func:`save_game` writes it; the window's adapter (``ui/save_game.py``) asks where.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..rules import BLACK, WHITE
from ..rules.pdn import Game, write_game
from ..storage.atomic import write_atomic

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["game_record", "save_game", "SaveGameError", "PLAYER_TYPE_TAGS", "LEVEL_TAG",
           "level_comment", "game_file_name"]

PLAYER_TYPE_TAGS = {BLACK: "BlackType", WHITE: "WhiteType"}
"""The tags saying whether a side is played by a person ("human") or the computer ("program")."""

LEVEL_TAG = "Level"
"""The tag giving the computer's level (1 = gentlest) in a game against the computer."""


class SaveGameError(ValueError):
    """The game could not be written; the message names the file and says why."""


def game_record(session: GameSession, today: Optional[datetime.date] = None) -> Game:
    """The PDN record of ``session``'s game (a :class:`~.game.GameSession`): every move from the
    start position, the tags ``Event`` (the rules' title), ``Date`` (``today``, default the
    system's date), ``Black``/``White`` (the players: "You" and "Computer, level 3" against the
    computer, the players' names in a match, else the sides' names) and ``Result`` (the referee's
    result, else the board's, else "*").

    Against the computer the record also says who is who as data, so that Game > Open game puts
    the computer back at its level (:mod:`.opening`): ``BlackType``/``WhiteType`` ("human" or
    "program", PGN's tags for the players' kind), :data:`LEVEL_TAG` (the level the computer plays
    at next) and, after each of the computer's moves, a comment ``[%level N]`` naming the level
    that played it (the ``[%command ...]`` form of data in a comment that PGN uses)."""
    today = today or datetime.date.today()
    computer_side = None
    if session.mode.value == "computer":
        computer = f"Computer, level {session.level}"
        computer_side = session.human_color.other
        players = {session.human_color: "You", computer_side: computer}
    elif session.player_names:
        players = dict(session.player_names)
    else:
        players = dict(session.side_names)
    result = session.referee.result.pdn_result() if session.referee.result is not None else None
    tags = {"Event": session.profile.title, "Date": today.strftime("%Y.%m.%d"),
            "Black": players.get(BLACK, "?"), "White": players.get(WHITE, "?")}
    if computer_side is not None:
        for color in (BLACK, WHITE):
            tags[PLAYER_TYPE_TAGS[color]] = "program" if color is computer_side else "human"
        tags[LEVEL_TAG] = str(session.level)
    game = Game.from_board(session.board, tags, result)
    for index, level in session.computer_move_levels().items():
        game.nodes[index].comments.append(level_comment(level))
    return game


def game_file_name(session: GameSession, today: Optional[datetime.date] = None) -> str:
    """The name offered when the game is saved: who played and when, as the record's tags say
    it, "You-vs-Computer-level-4-2026-11-29.pdn", "Ann-Lee-vs-Bo-Diaz-2026-11-29.pdn" (letters,
    digits and hyphens only, each name at most 40 characters)."""
    tags = game_record(session, today).tags
    def part(text: str) -> str:
        words = "".join(c if c.isalnum() else " " for c in text).split()
        return "-".join(words)[:40].strip("-") or "Unknown"
    date = tags.get("Date", "").replace(".", "-")
    return f"{part(tags.get('Black', '?'))}-vs-{part(tags.get('White', '?'))}-{date}.pdn"


def level_comment(level: int) -> str:
    """The comment after a computer's move naming the level that played it: "[%level 4]"."""
    return f"[%level {int(level)}]"


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
