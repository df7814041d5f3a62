"""Saving a game as PDN: what is said when it is saved, or why not."""

from __future__ import annotations

from pathlib import PurePath
from typing import Union

from ..rules import BLACK, Color, score_sheet_moves
from .words import plural, saved_where


def saved_text(path: Union[str, PurePath], plies: int, root_turn: Color = BLACK, full: bool = False) -> str:
    """"Game saved: 12 moves in game.pdn in Documents. Game, Open game opens it again."
    (``path``: the file, named with its folder's name; ``full``: with its whole path, for the
    status line; ``plies`` counted as the score sheet counts moves; ``root_turn``: the side to
    move first)."""
    moves = score_sheet_moves(plies, root_turn)
    return (f"Game saved: {plural(moves, 'move')} in {saved_where(path, full)}. Game, Open game "
            "opens it again.")


def not_saved_text(reason: str) -> str:
    return f"The game was not saved: {reason}."


def nothing_to_save_text() -> str:
    return "There is nothing to save yet: no move has been played."
