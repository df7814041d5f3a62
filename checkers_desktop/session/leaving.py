"""What a command that would leave the game on the board puts at stake, and what to ask first.

Every command that starts something else (a new game, an opened game, a new match) or closes the
app asks before a game or a match in progress is left, and says what will be lost. In a match
leaving is the official's decision, asked in one form with the official's PIN
(``session/official_gate``), and the match is ended by ``MatchSession.leave``, said and
recorded. A game with no move played,
a finished game and a finished match put nothing at stake. No Qt: the window asks
(``ui/leave_guard.py``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..texts import leaving as leaving_texts
from .game import GameSession, Mode

if TYPE_CHECKING:  # pragma: no cover
    from .match import MatchSession

__all__ = ["Leaving", "StakeKind", "Stake", "at_stake"]


class Leaving(enum.Enum):
    """The commands that leave the game on the board."""

    NEW_GAME = "new game"      # Game > New game (against the computer, as Red, two players)
    OPEN_GAME = "open game"    # Game > Open game
    NEW_MATCH = "new match"    # Event > New match
    QUIT = "quit"              # Game > Quit, closing the window
    LESSON = "lesson"          # Help > Learn checkers (the lesson sets up its own positions)


class StakeKind(enum.Enum):
    NONE = "nothing"
    GAME = "a game"
    MATCH = "a match"


@dataclass(frozen=True)
class Stake:
    """What ``command`` would leave: ``kind``, the ``question`` to ask ("" for nothing), whether
    the official must agree (``official``, with the PIN: a match) and whether the match is then
    ended (``ends_match``: not when quitting, since the saved match is offered again)."""

    kind: StakeKind
    question: str = ""
    official: bool = False
    ends_match: bool = False
    statement: str = ""
    """In a match: what leaving means, without the question (the official's form says it
    first, its outcome says what is lost)."""
    number: int = 0
    """In a match: the number of the game on the board (recorded unfinished when it ends)."""


def at_stake(game: GameSession, match: Optional["MatchSession"], command: Leaving) -> Stake:
    """What leaving the game of ``game`` (and ``match``, the match the window runs, if any) by
    ``command`` puts at stake."""
    if match is not None and match.started and not match.is_over:
        number = match.game.number if match.game is not None else len(match.games)
        question = leaving_texts.match_question(command.value, match.settings.names, number,
                                                match.score())
        statement = leaving_texts.match_leave_text(command.value, match.settings.names,
                                                   number, match.score())
        return Stake(StakeKind.MATCH, question, official=True,
                     ends_match=command is not Leaving.QUIT, statement=statement,
                     number=number)
    if game.running and game.board.ply > 0:
        return Stake(StakeKind.GAME, leaving_texts.game_question(
            command.value, game.mode is Mode.COMPUTER, game.board.ply, game.board.root().turn,
            saved=game.saved_name()))
    return Stake(StakeKind.NONE)
