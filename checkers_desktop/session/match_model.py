"""A match's data: its settings, the games and actions recorded, and its result (no Qt).

Age groups and the match format are the VA rulebook's (National Veterans Golden Age Games, Event 4
Checkers: "Age Groups" 55-59 to 85-up; "All matches will be played as a best two out of three
games"; ../shared/seeds/000_9d0ee3fb444b0d5d.txt, digest in ../shared/RULES.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..rules import BLACK, Board, Color
from ..rules.profiles import PROFILES, UnknownProfileError, get_profile
from ..rules.rulings import EndReason, GameResult

__all__ = [
    "AGE_GROUPS", "EVENT_PROFILE_KEYS", "DEFAULT_EVENT", "MatchSettingsError", "PlayerInfo",
    "MatchSettings", "LoggedAction", "format_game_time", "PlayedGame", "GameOutcome",
    "MatchResult", "MatchSessionError",
]

AGE_GROUPS: tuple[str, ...] = ("55-59", "60-64", "65-69", "70-74", "75-79", "80-84", "85-up")
"""The VA Golden Age Games age groups (VA rulebook, Event 4)."""

EVENT_PROFILE_KEYS: tuple[str, ...] = ("va-standard", "va-vi") + tuple(
    k for k, p in PROFILES.items()
    if k not in ("va-standard", "va-vi") and not (p.allows_hints or p.allows_undo))
"""Rule profiles in the order the new-match form offers them: the two VA profiles first, and
only event rules (no profile that allows hints or taking back, such as "Practice at home": one
Down too many in the form must not start an event match with hints)."""

DEFAULT_EVENT = "National Veterans Golden Age Games"


class MatchSessionError(ValueError):
    """An action that does not fit the match now (no game running, a game number that does not
    exist); the message is the sentence to say."""


class MatchSettingsError(ValueError):
    """A new-match form was filled in wrongly; the message quotes the value."""


@dataclass(frozen=True)
class PlayerInfo:
    """One player: ``name``, ``medical_center`` (the VA medical center they come from) and
    ``age_group`` (one of :data:`AGE_GROUPS`, or "" when not given)."""

    name: str
    medical_center: str = ""
    age_group: str = ""


@dataclass(frozen=True)
class MatchSettings:
    """Everything the official enters for a new match.

    ``best_of``: games in the match (3: best two out of three; 1: a single game).
    ``division``: the tournament's division or bracket label ("Men 70-74"), "" when none.
    Raises :class:`MatchSettingsError` from :meth:`validated` for empty or equal names, an unknown
    age group or profile, or a ``best_of`` that is not a positive odd number.
    """

    players: tuple[PlayerInfo, PlayerInfo]
    profile_key: str = "va-standard"
    best_of: int = 3
    event: str = DEFAULT_EVENT
    site: str = ""
    round: str = ""
    official: str = ""
    division: str = ""

    @classmethod
    def for_players(cls, names: tuple[str, str], *, profile_key: str = "va-standard",
                    best_of: int = 3, medical_centers: tuple[str, str] = ("", ""),
                    age_groups: tuple[str, str] = ("", ""), division: str = "",
                    **fields: str) -> "MatchSettings":
        """Settings for a match between the players ``names``, with their medical centers and age
        groups when known (a tournament's "play this match here"); other keyword arguments set
        ``event``, ``site``, ``round`` and ``official``. Validated: raises
        :class:`MatchSettingsError` as :meth:`validated`."""
        players = (PlayerInfo(names[0], medical_centers[0], age_groups[0]),
                   PlayerInfo(names[1], medical_centers[1], age_groups[1]))
        return cls(players, profile_key, best_of, division=division, **fields).validated()

    def validated(self) -> "MatchSettings":
        """Self with names stripped, after the checks above."""
        players = tuple(PlayerInfo(p.name.strip(), p.medical_center.strip(), p.age_group)
                        for p in self.players)
        if len(players) != 2:
            raise MatchSettingsError(f"a match needs two players, got {len(players)}")
        for i, p in enumerate(players, 1):
            if not p.name:
                raise MatchSettingsError(f"player {i} has no name")
            if p.age_group and p.age_group not in AGE_GROUPS:
                raise MatchSettingsError(f"{p.age_group!r} is not an age group: "
                                         + ", ".join(AGE_GROUPS))
        if players[0].name.casefold() == players[1].name.casefold():
            raise MatchSettingsError(f"the two players have the same name {players[0].name!r}")
        try:
            get_profile(self.profile_key)
        except UnknownProfileError:
            raise MatchSettingsError(f"{self.profile_key!r} is not a rule profile") from None
        if self.best_of < 1 or self.best_of % 2 == 0:
            raise MatchSettingsError(f"best of {self.best_of!r}: give an odd number of games")
        return MatchSettings(players, self.profile_key, self.best_of, self.event.strip(),
                             self.site.strip(), self.round.strip(), self.official.strip(),
                             self.division.strip())

    @property
    def names(self) -> tuple[str, str]:
        return (self.players[0].name, self.players[1].name)

    def player(self, name: str) -> PlayerInfo:
        """The player called ``name``; raises ``KeyError`` quoting it."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


@dataclass(frozen=True)
class LoggedAction:
    """One thing written to the record: an official's action, a penalty, a clock warning.

    ``game``: the game's number (1 first); ``at``: the game's running time in seconds; ``ply``:
    moves played in the game so far (the comment goes after that move); ``wall``: the time of day
    ("14:05:09"); ``kind``: a stable name ("pause", "stalling_warning", "checker_removed", ...);
    ``text``: the sentence announced; ``official``: True for the official's own actions;
    ``command``: see below.
    """

    game: int
    at: float
    ply: int
    wall: str
    kind: str
    text: str
    official: bool = False
    command: str = ""
    """A machine-readable command for the PDN comment, in the ``[%name args]`` form PGN uses for
    clock times: ``[%remove 22]`` when the checker on 22 was removed as a penalty."""
    written: str = ""
    """The same sentence for paper (score sheet, PDN comments), numbers in digits ("removes Bo
    Diaz's Red checker on 22"); "" when it is the same as ``text``."""

    @property
    def paper(self) -> str:
        """The text for the score sheet and the PDN comments."""
        return self.written or self.text


def format_game_time(seconds: Optional[float]) -> str:
    """Seconds as "m:ss" ("9:05"); "-" for None. Negative values count as zero."""
    if seconds is None:
        return "-"
    total = int(max(0.0, seconds) + 1e-9)
    return f"{total // 60}:{total % 60:02d}"


@dataclass
class PlayedGame:
    """One game of the match as it is recorded: ``number`` (1 first), the players' names by
    colour, ``play_out`` (a game after a draw, VA 4:00 s4), the ``board`` with every move on its
    stack, and once over the referee's ``result`` (a ``GameResult``). ``corrected`` holds the
    official's correction text, if any."""

    number: int
    black: str
    white: str
    play_out: bool
    board: Board
    result: Optional[GameResult] = None
    corrected: str = ""
    pdn_path: Optional[str] = None

    def player(self, color: Color) -> str:
        return self.black if color is BLACK else self.white

    @property
    def pdn_result(self) -> str:
        return self.result.pdn_result() if self.result is not None else "*"


@dataclass(frozen=True)
class GameOutcome:
    """One finished game of a match, for whoever takes the result (a tournament's bracket):
    ``number`` (1 first), the players by colour, ``winner`` (a name, or None for a draw),
    ``reason``, ``forfeit_reason`` (why the loser forfeited, else ""), ``pdn_result`` ("1-0",
    "0-1", "1/2-1/2") and ``pdn_path`` (the game's record, when written)."""

    number: int
    black: str
    white: str
    winner: Optional[str]
    reason: EndReason
    forfeit_reason: str = ""
    pdn_result: str = "*"
    pdn_path: Optional[str] = None


@dataclass(frozen=True)
class MatchResult:
    """A match's result as data: the ``players`` (as entered), ``finished`` (the match is over),
    the ``winner`` (a name; None while it goes on or when it ended level), each player's
    ``wins`` (same order as ``players``), ``draws``, every finished game (:class:`GameOutcome`),
    the ``division`` label, and where the records are (``folder``, ``score_sheet``)."""

    players: tuple[str, str]
    finished: bool
    winner: Optional[str]
    wins: tuple[int, int]
    draws: int
    games: tuple[GameOutcome, ...]
    division: str = ""
    folder: Optional[str] = None
    score_sheet: Optional[str] = None
