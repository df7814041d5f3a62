"""Matches: which player has Black in each game, when the match is over, and the record of games.

VA rulebook (Event 4, competition format): "All matches will be played as a best two out of three
games"; 4:00 s5: "Choice of black side is determined at the beginning of the match by a coin flip.
Thereafter, the black side rotates between competitors"; 4:00 s4: after a drawn game "a new game
will be started. The game following the drawn game will be played to the designated time limit ...
If the winner is not declared, then the game must be finished" (so that game is played with
``play_out``, see :class:`~checkers_desktop.rules.referee.Referee`). WCDF 2.1 and Washburn 8: colours
by random draw for the first game, then alternate. Caseville: single games.

The coin flip uses an injected ``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

from .errors import RulesError
from .profiles import ColourChoice, MatchFormat, Profile, get_profile
from .types import BLACK, Color

if TYPE_CHECKING:
    from .rulings import GameResult

__all__ = ["MatchError", "GameSetup", "GameRecord", "Match"]


class MatchError(RulesError):
    """A match was given a bad setting or a result when it is over (the message quotes it)."""


@dataclass(frozen=True)
class GameSetup:
    """The next game: its number (1 first), who plays which colour, and whether it is a game after
    a draw that must be played out (VA 4:00 s4)."""

    number: int
    black: str
    white: str
    play_out: bool

    def player(self, color: Color) -> str:
        return self.black if color is BLACK else self.white


@dataclass(frozen=True)
class GameRecord:
    """A finished game: ``winner`` is the player's name (None for a draw); ``reason`` and
    ``detail`` say how it ended (for example "adjudication", "Black 5, Red 3")."""

    number: int
    black: str
    white: str
    play_out: bool
    winner: Optional[str]
    winner_color: Optional[Color]
    reason: str
    detail: str = ""


class Match:
    """A match between two players under a profile's :class:`MatchFormat`.

    ``players``: two distinct names. ``first_black``: who has Black in game 1 when the format lets
    the players choose; for a coin flip or random draw it is drawn with ``rng`` (VA 4:00 s5,
    WCDF 2.1). Raises :class:`MatchError` for two equal names or a ``first_black`` not among them.
    """

    def __init__(self, players: tuple[str, str], format: Union[MatchFormat, Profile, str], *,
                 rng: Optional[random.Random] = None, first_black: Optional[str] = None) -> None:
        if isinstance(format, str):
            format = get_profile(format)
        if isinstance(format, Profile):
            format = format.match
        a, b = players
        if a == b:
            raise MatchError(f"a match needs two different players, got {a!r} twice")
        if first_black is not None and first_black not in players:
            raise MatchError(f"{first_black!r} is not one of the players {a!r} and {b!r}")
        self.players = (a, b)
        self.format = format
        rng = rng if rng is not None else random.Random()
        if format.first_colours is ColourChoice.PLAYERS_CHOOSE:
            self.first_black = first_black if first_black is not None else a
        else:
            self.first_black = rng.choice(self.players)
        self.games: list[GameRecord] = []
        self._finished_early = False

    # --- saving and restoring (storage/snapshot.py) ---------------------------
    def to_dict(self) -> dict[str, Any]:
        """The match as plain JSON values: players, who had Black first, whether it was ended
        early, the next game's number, the score and every game played (sides ``"B"``/``"W"``).
        The format is not included: :meth:`from_dict` takes it."""
        return {
            "players": list(self.players), "first_black": self.first_black,
            "finished_early": self._finished_early,
            "game_number": len(self.games) + 1,
            "score": {p: self.wins(p) for p in self.players} | {"draws": self.draws()},
            "games": [{"number": g.number, "black": g.black, "white": g.white,
                       "play_out": g.play_out, "winner": g.winner,
                       "winner_color": None if g.winner_color is None else g.winner_color.value,
                       "reason": g.reason, "detail": g.detail} for g in self.games],
        }

    @classmethod
    def from_dict(cls, state: dict[str, Any], format: Union[MatchFormat, Profile, str], *,
                  rng: Optional[random.Random] = None) -> "Match":
        """The match :meth:`to_dict` saved, under ``format``. Raises :class:`MatchError` (bad
        players), ``KeyError``/``ValueError``/``TypeError`` for a malformed ``state``."""
        match = cls(tuple(state["players"]), format, rng=rng, first_black=state["first_black"])
        match.first_black = state["first_black"]
        match.games = [GameRecord(int(g["number"]), g["black"], g["white"], bool(g["play_out"]),
                                  g.get("winner"),
                                  None if g.get("winner_color") is None else Color(g["winner_color"]),
                                  g["reason"], g.get("detail", "")) for g in state["games"]]
        match._finished_early = bool(state.get("finished_early", False))
        return match

    @property
    def wins_needed(self) -> Optional[int]:
        """Wins that take the match (2 in a best of three); None for an open series."""
        return None if self.format.best_of is None else self.format.best_of // 2 + 1

    def wins(self, player: str) -> int:
        return sum(1 for g in self.games if g.winner == player)

    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner is None)

    @property
    def is_over(self) -> bool:
        if self._finished_early:
            return True
        need = self.wins_needed
        if need is not None and any(self.wins(p) >= need for p in self.players):
            return True
        if self.games and self.games[-1].winner is None and not self.format.new_game_after_draw \
                and self.format.best_of == 1:
            return True  # a single game that was drawn
        return False

    @property
    def winner(self) -> Optional[str]:
        """The match winner, or None (not over, or level)."""
        if not self.is_over:
            return None
        a, b = self.players
        if self.wins(a) == self.wins(b):
            return None
        return a if self.wins(a) > self.wins(b) else b

    def next_game(self) -> Optional[GameSetup]:
        """The next game's set-up, or None when the match is over. Colours alternate every game,
        drawn games included (VA 4:00 s5: "the black side rotates between competitors")."""
        if self.is_over:
            return None
        n = len(self.games)
        other = self.players[1] if self.first_black == self.players[0] else self.players[0]
        if self.format.alternate_colours and n % 2 == 1:
            black, white = other, self.first_black
        else:
            black, white = self.first_black, other
        play_out = bool(self.format.play_out_after_draw and self.games
                        and self.games[-1].winner is None)
        return GameSetup(n + 1, black, white, play_out)

    def record_result(self, winner: Optional[Color], reason: str, detail: str = "") -> GameRecord:
        """Record the current game's result: the winning colour (None for a draw) and how it ended.
        Raises :class:`MatchError` when the match is already over."""
        setup = self.next_game()
        if setup is None:
            raise MatchError(f"the match is over; cannot record {reason!r}")
        name = None if winner is None else setup.player(winner)
        record = GameRecord(setup.number, setup.black, setup.white, setup.play_out, name, winner,
                            reason, detail)
        self.games.append(record)
        return record

    def record_game_result(self, result: GameResult) -> GameRecord:
        """Record a :class:`~checkers_desktop.rules.referee.GameResult`."""
        return self.record_result(result.winner, result.reason.value, result.detail)

    def finish(self) -> None:
        """End an open series (WCDF, Washburn, practice) when the players stop."""
        self._finished_early = True
