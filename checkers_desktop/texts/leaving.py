"""Leaving a game or a match in progress: what each command that would leave it asks first, and
says will be lost (see ``session/leaving.py``)."""

from __future__ import annotations

from typing import Optional

from ..rules import BLACK, Color, score_sheet_moves
from .words import number as _n

__all__ = ["command_words", "game_question", "match_question", "question_title", "stayed_text"]

_DOING = {"new game": "Starting a new game", "open game": "Opening a saved game",
          "new match": "Starting a new match", "quit": "Quitting",
          "lesson": "Starting the lesson"}
_ASK = {"new game": "Start a new game?", "open game": "Open a saved game?",
        "new match": "Start a new match?", "quit": "Quit Checkers?",
        "lesson": "Start the lesson?"}
_FOR = {"new game": "a new game", "open game": "an opened game", "new match": "a new match",
        "quit": "quitting", "lesson": "the lesson"}


def command_words(command: str) -> str:
    """What the match is ended for, as the record says it ("a new game")."""
    return _FOR.get(command, command)


def _moves(plies: int, root_turn: Color) -> str:
    moves = score_sheet_moves(plies, root_turn)
    return "no moves played" if moves == 0 else \
        f"{_n(moves)} move{'' if moves == 1 else 's'} played"


def game_question(command: str, against_computer: bool, plies: int,
                  root_turn: Color = BLACK, saved: Optional[str] = None) -> str:
    """Asked before a game in progress (not a match's) is left by ``command`` ("new game", "open
    game", "new match", "quit", "lesson"), with what will be lost; its ``plies`` are counted as
    the score sheet counts moves (``root_turn``: the side to move first). ``saved``: the file the
    game was saved to with no move since, where nothing is lost: "It is saved in game.pdn; Open
    game brings it back." (told "will be lost" just after saving, a player doubted the save)."""
    what = "against the computer" if against_computer else "for two players"
    head = f"A game {what} is in progress, {_moves(plies, root_turn)}."
    if command == "quit":
        return (f"{head} {_ASK[command]} The game is saved and offered again when Checkers "
                f"starts.")
    if saved:
        return f"{head} {_ASK[command]} It is saved in {saved}; Open game brings it back."
    return f"{head} {_ASK[command]} The game in progress will be lost: it cannot be resumed."


def match_leave_text(command: str, players: tuple[str, str], number: int,
                     wins: tuple[int, int]) -> str:
    """What leaving a match in progress by ``command`` means, said as the official's form
    opens: the match, its score, and that leaving is the official's decision."""
    a, b = players
    head = (f"A match is in progress: {a} against {b}, game {_n(number)}; score {a} "
            f"{_n(wins[0])}, {b} {_n(wins[1])}.")
    if command == "quit":
        return f"{head} Quitting now is the official's decision."
    return (f"{head} {_DOING.get(command, 'This')} ends the match before its end: that is the "
            f"official's decision.")


def match_question(command: str, players: tuple[str, str], number: int,
                   wins: tuple[int, int]) -> str:
    """Asked before a match in progress is left by ``command``: leaving is the official's
    decision (the PIN is asked next), and what will be lost."""
    text = match_leave_text(command, players, number, wins)
    if command == "quit":
        return (f"{text} The match is saved: when Checkers starts again it is offered, with "
                f"the clocks paused. Quit?")
    return (f"{text} The games played stay in the records; game {_n(number)} is recorded "
            f"unfinished and cannot be resumed. End the match?")


def question_title(match: bool) -> str:
    """The title of the question asked before a game or a match is left."""
    return "Leave the match?" if match else "Leave the game?"


def stayed_text(match: bool) -> str:
    """Said after No: nothing changed."""
    return "Nothing changed: the match goes on." if match else \
        "Nothing changed: the game goes on."

