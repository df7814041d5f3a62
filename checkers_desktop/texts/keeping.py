"""Saving a game as PDN: what is said when it is saved, or why not."""

from __future__ import annotations

from .words import plural


def saved_text(name: str, plies: int) -> str:
    """"Game saved: 24 moves in game.pdn. Game, Open game opens it again." """
    return f"Game saved: {plural(plies, 'move')} in {name}. Game, Open game opens it again."


def not_saved_text(reason: str) -> str:
    return f"The game was not saved: {reason}."


def nothing_to_save_text() -> str:
    return "There is nothing to save yet: no move has been played."
