"""Checking a match result against the rulebook's match rule, reusing :mod:`checkers_desktop.rules.match`.

VA rulebook, Event 4: "All matches will be played as a best two out of three games"; 4:00 s4: after a
drawn game "a new game will be started"; 4:00 s5: "A match between two competitors always comprises an
odd number of games". A result is the list of game winners in the order played (a player's name, or
None for a drawn game); it is accepted only when :class:`~checkers_desktop.rules.match.Match` says
the match is over after its last game and not before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence, Union

from ..rules.match import Match, MatchError
from ..rules.profiles import get_profile
from ..rules.types import BLACK, WHITE
from .errors import ResultError

if TYPE_CHECKING:
    from .model import Competitor

__all__ = ["MAX_GAMES", "MatchScore", "check_match", "games_from_score", "winner_side"]

MAX_GAMES = 15
"""The most games one reported match may list (draws are replayed, but not without end)."""


@dataclass(frozen=True)
class MatchScore:
    """A checked result: the winner's name, games won by each player (in the order of
    ``players``) and drawn games."""

    players: tuple[str, str]
    winner: str
    wins: tuple[int, int]
    draws: int

    @property
    def loser(self) -> str:
        return self.players[1] if self.winner == self.players[0] else self.players[0]

    def winner_wins(self) -> int:
        return max(self.wins)

    def loser_wins(self) -> int:
        return min(self.wins)


def check_match(players: tuple[str, str], winners: Sequence[Optional[str]],
                profile_key: str = "va-standard") -> MatchScore:
    """Check ``winners`` (one entry per game in playing order: a name from ``players`` or None
    for a draw) under the match format of ``profile_key`` (best of three for the VA profiles).

    Raises :class:`ResultError` quoting the problem: no game, a name that is not a player, a game
    after the match was already decided, or a match not yet decided after the last game."""
    a, b = players
    winners = list(winners)
    if not winners:
        raise ResultError("no game was entered")
    if len(winners) > MAX_GAMES:
        raise ResultError(f"{len(winners)} games entered; a match has at most {MAX_GAMES}")
    try:
        match = Match.from_dict({"players": [a, b], "first_black": a, "games": []},
                                get_profile(profile_key))
    except MatchError as exc:
        raise ResultError(str(exc)) from None
    for number, winner in enumerate(winners, 1):
        setup = match.next_game()
        if setup is None:
            raise ResultError(f"the match was decided after game {number - 1}; "
                              f"game {number} cannot be part of it", game=number)
        if winner is None:
            match.record_result(None, "draw")
        elif winner in (a, b):
            match.record_result(BLACK if setup.black == winner else WHITE, "win")
        else:
            raise ResultError(f"game {number}: {str(winner)[:40]!r} is not {a!r} or {b!r}",
                              game=number)
    if not match.is_over or match.winner is None:
        raise ResultError(f"the match is not decided: {a} {match.wins(a)}, {b} {match.wins(b)}, "
                          f"{match.draws()} drawn; best two out of three")
    return MatchScore((a, b), match.winner, (match.wins(a), match.wins(b)), match.draws())


def games_from_score(players: tuple[str, str], wins: tuple[int, int], draws: int = 0
                     ) -> list[Optional[str]]:
    """A game order for a score entered as numbers (a match played on a physical board whose game
    order was not written down): the loser's wins first, then the draws, then the winner's wins.
    The result is checked later by :func:`check_match`."""
    a, b = players
    wa, wb = wins
    if min(wa, wb, draws) < 0:
        raise ResultError(f"a score cannot be negative: {wa}-{wb}, {draws} drawn")
    win, lose = (a, b) if wa >= wb else (b, a)
    return [lose] * min(wa, wb) + [None] * draws + [win] * max(wa, wb)


def winner_side(winner: Union[int, str, None], a: "Competitor", b: "Competitor"
                ) -> Optional[str]:
    """Which side of a match ``winner`` names: "a" or "b" (the competitors ``a`` and ``b``), None
    for a drawn game (``winner`` None). ``winner`` is a competitor's id, name (compared folded,
    and only when the two names differ) or label ("Ann Lee (Tampa VAMC)"). Raises
    :class:`ResultError` quoting it when it names neither."""
    if winner is None:
        return None
    if isinstance(winner, int) and not isinstance(winner, bool):
        if winner == a.id:
            return "a"
        if winner == b.id:
            return "b"
    elif isinstance(winner, str):
        from .model import normal_name
        n = normal_name(winner)
        if n == normal_name(a.name) and n != normal_name(b.name):
            return "a"
        if n == normal_name(b.name) and n != normal_name(a.name):
            return "b"
        if n == normal_name(a.label()):
            return "a"
        if n == normal_name(b.label()):
            return "b"
    raise ResultError(f"{str(winner)[:40]!r} is not {a.name!r} or {b.name!r} in this match")
