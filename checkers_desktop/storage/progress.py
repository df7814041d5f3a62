"""A player's practice progress on disk: problems solved and failed, the streak, the rating and
the "guess the move" scores, one sealed JSON file a player.

``<data>/progress/<player>.json`` is written atomically (:func:`.atomic.write_atomic`: a power
cut leaves the previous version whole) and carries a seal (:mod:`.integrity`, the install's key)
over its canonical JSON, like the autosave. Reading checks the format, every field and the seal:
a file that is damaged, unreadable or changed outside the app is never used nor deleted; it is
kept aside (``<player>.<damaged|changed>-<time>.json``, :func:`.keep_aside.keep_aside`) and the
player starts again from nothing, which :class:`Loaded` says so that the app can tell them.

Pure Python, no Qt.
"""

from __future__ import annotations

import enum
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from .integrity import Integrity, KeyRing
from .sealed_json import read_sealed_json, seal_check, set_aside, write_sealed_json

__all__ = ["ProblemRecord", "Progress", "ProgressStore", "Loaded", "LoadProblem", "FORMAT",
           "START_RATING", "MAX_BYTES"]

log = logging.getLogger(__name__)

FORMAT = "checkers-desktop practice progress"
VERSION = 1
START_RATING = 1000.0
"""A new player's rating, on the problems' scale (``session.problem_set``)."""
MAX_BYTES = 4 * 1024 * 1024
"""The largest progress file read: an entry is about 80 bytes, there are about 1,000 problems."""
_NAME_RE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass
class ProblemRecord:
    """One problem's history for a player: times ``solved`` and ``failed``, ``hints`` asked in
    all, and the ``last`` outcome ("solved" or "failed")."""

    solved: int = 0
    failed: int = 0
    hints: int = 0
    last: str = ""


@dataclass
class Progress:
    """A player's progress. ``rating``: on the problems' scale; ``streak``: problems solved in
    a row without the solution shown (``best_streak`` the longest); ``problems`` by problem key;
    ``guess_games``, ``guess_points`` and ``guess_moves``: the master games played in "guess the
    move", the points won (2 a right guess, 1 a close second) and the moves guessed."""

    player: str = ""
    rating: float = START_RATING
    streak: int = 0
    best_streak: int = 0
    problems: dict[str, ProblemRecord] = field(default_factory=dict)
    guess_games: int = 0
    guess_points: int = 0
    guess_moves: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "player": self.player,
            "rating": round(self.rating, 2), "streak": self.streak,
            "best_streak": self.best_streak,
            "problems": {k: [r.solved, r.failed, r.hints, r.last]
                         for k, r in sorted(self.problems.items())},
            "guess": [self.guess_games, self.guess_points, self.guess_moves]}

    @classmethod
    def from_json(cls, data: Any) -> "Progress":
        """Raises ``ValueError`` naming the first field that is not what the app writes."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a practice progress file")
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r} is not {VERSION}")
        rating = data.get("rating")
        if not isinstance(rating, (int, float)) or not 0 <= rating <= 4000:
            raise ValueError("rating")
        streak, best_streak = data.get("streak"), data.get("best_streak")
        if not isinstance(streak, int) or streak < 0:
            raise ValueError("streak")
        if not isinstance(best_streak, int) or best_streak < 0:
            raise ValueError("best_streak")
        problems: dict[str, ProblemRecord] = {}
        raw = data.get("problems")
        if not isinstance(raw, dict):
            raise ValueError("problems")
        for key, row in raw.items():
            if (not isinstance(key, str) or not isinstance(row, list) or len(row) != 4
                    or not all(isinstance(x, int) and x >= 0 for x in row[:3])
                    or row[3] not in ("", "solved", "failed")):
                raise ValueError(f"problem {key!r}")
            problems[key] = ProblemRecord(*row)
        guess = data.get("guess")
        if (not isinstance(guess, list) or len(guess) != 3
                or not all(isinstance(x, int) and x >= 0 for x in guess)):
            raise ValueError("guess")
        player = data.get("player")
        if not isinstance(player, str):
            raise ValueError("player")
        return cls(player, float(rating), streak, best_streak, problems, *guess)


class LoadProblem(enum.Enum):
    """Why a player's progress was started again (``texts.problems`` says it)."""

    DAMAGED = "damaged"
    CHANGED = "changed"


@dataclass(frozen=True)
class Loaded:
    """What :meth:`ProgressStore.load` found: the ``progress`` to use, and ``problem`` with the
    file ``kept`` aside when the one on disk could not be used (None when all was well)."""

    progress: Progress
    problem: Optional[LoadProblem] = None
    kept: Optional[Path] = None


class ProgressStore:
    """Progress files in ``folder`` (the app's data folder's ``progress``), sealed with ``keys``
    (None: unsealed, and never checked)."""

    def __init__(self, folder: Union[str, "os.PathLike[str]"], keys: Optional[KeyRing] = None
                 ) -> None:
        self.folder = Path(folder)
        self.keys = keys

    def path(self, player: str) -> Path:
        """The file of ``player`` (letters, digits, ``-`` and ``_`` kept; "player" when none)."""
        name = _NAME_RE.sub("-", player.strip()).strip("-")[:60] or "player"
        return self.folder / f"{name}.json"

    def load(self, player: str) -> Loaded:
        """The progress of ``player``; a new one when there is no file. A file that cannot be
        used is kept aside and a new progress returned (see the module docstring)."""
        path = self.path(player)
        try:
            data, seal = read_sealed_json(path, MAX_BYTES)
            progress = Progress.from_json(data)
        except FileNotFoundError:
            return Loaded(Progress(player))
        except (OSError, ValueError, TypeError) as exc:
            log.warning("progress %s cannot be used: %s", path, exc)
            return Loaded(Progress(player), LoadProblem.DAMAGED, set_aside(path, "damaged"))
        integrity = seal_check(self.keys, data, seal)
        if integrity is Integrity.CHANGED:
            log.warning("progress %s was changed outside the app", path)
            return Loaded(Progress(player), LoadProblem.CHANGED, set_aside(path, "changed"))
        progress.player = player
        return Loaded(progress)

    def save(self, progress: Progress) -> Path:
        """Write ``progress`` atomically and sealed. Raises ``OSError`` when it cannot be
        written (the previous file is then whole)."""
        return write_sealed_json(self.path(progress.player), progress.to_json(), self.keys)
