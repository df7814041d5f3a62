"""What a match session tells its listeners, as data (the Event menu shows the clocks and the
penalty from them; the autosave saves after each action logged; a tournament takes
``MatchFinished``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ..rules.rulings import PenaltyDue
from .match_model import LoggedAction, MatchResult, PlayedGame

__all__ = ["MatchGameStarted", "MatchGameFinished", "MatchFinished", "PenaltyChanged",
           "ClocksChanged", "ActionLogged", "Announced", "FortyMovesDue", "MatchAbandoned"]


@dataclass(frozen=True)
class MatchGameStarted:
    game: PlayedGame


@dataclass(frozen=True)
class MatchGameFinished:
    game: PlayedGame


@dataclass(frozen=True)
class MatchFinished:
    """The match is over: its ``result`` as data and as the sentence said (``text``)."""

    result: MatchResult
    text: str


@dataclass(frozen=True)
class PenaltyChanged:
    """A penalty is due (``due``), or settled (None)."""

    due: Optional[PenaltyDue]


@dataclass(frozen=True)
class ClocksChanged:
    """The clocks or the turn changed in a way a clock display should show at once (pause,
    resume, a new game, a penalty settled)."""


@dataclass(frozen=True)
class ActionLogged:
    action: LoggedAction


@dataclass(frozen=True)
class Announced:
    """A sentence the match said."""

    text: str


@dataclass(frozen=True)
class FortyMovesDue:
    """Forty moves are counted (WCDF 6.2): the official's ruling is awaited
    (``MatchSession.official.forty_move_ruling``). ``event``: the referee's
    ``FortyMovesCompleted``."""

    event: Any


@dataclass(frozen=True)
class MatchAbandoned:
    """The match stopped before its end (the official ended it, or a game outside it was
    started); its records are in ``folder``. ``by_official``: the official ended it (and that was
    said); False: a game outside the match was started."""

    folder: Path
    by_official: bool = False
