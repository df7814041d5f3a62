"""The collections shipped with the app: composed problems and master games, as PDN files.

Each file is a copy of one in the project's reference folder (``../shared/pdn``), unchanged;
``SOURCES.md`` beside them says where each came from. :data:`COLLECTIONS` lists them in the order
the Practice menu offers them; ``problem-ratings.json`` holds each problem's difficulty as the
engine found it (made by ``benchmarks/problem_ratings.py``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Kind", "Collection", "COLLECTIONS", "FOLDER", "RATINGS_FILE", "collection"]

FOLDER = Path(__file__).resolve().parent
"""Where the files are (inside the installed package)."""

RATINGS_FILE = FOLDER / "problem-ratings.json"


class Kind(enum.Enum):
    PROBLEMS = "problems"
    GAMES = "games"


@dataclass(frozen=True)
class Collection:
    """One shipped file: ``key`` (stable, used in the player's progress), ``title`` as said,
    ``kind``, the file's ``name`` in :data:`FOLDER` and ``offset``, the difficulty added to every
    problem of it (points on the rating scale: how hard the book's readers find it)."""

    key: str
    title: str
    kind: Kind
    name: str
    offset: int = 0

    @property
    def path(self) -> Path:
        return FOLDER / self.name


COLLECTIONS: tuple[Collection, ...] = (
    Collection("beginner", "Beginner's problems", Kind.PROBLEMS, "beginner.pdn", 0),
    Collection("lpc", "LPC problems", Kind.PROBLEMS, "lpc.pdn", 50),
    Collection("bridges", "Boland's Bridges", Kind.PROBLEMS, "bridges.pdn", 100),
    Collection("gem", "Gem problems", Kind.PROBLEMS, "gem.pdn", 150),
    Collection("goulds", "Gould's problems", Kind.PROBLEMS, "goulds.pdn", 150),
    Collection("borderclassics", "Boland's Border Classics", Kind.PROBLEMS,
               "borderclassics.pdn", 200),
    Collection("tinsley", "Marion Tinsley's games", Kind.GAMES, "games_tinsley.pdn"),
    Collection("oca", "Early games, 1841 to 1847", Kind.GAMES, "games_oca_2.0_excerpt.pdn"),
    Collection("inferno", "Inferno games", Kind.GAMES, "games_inferno.pdn"),
    Collection("tricks", "Tricks, traps and shots", Kind.GAMES,
               "games_tricks_traps_and_shots.pdn"),
    Collection("strategy", "Principles of strategy", Kind.GAMES,
               "games_principles_of_strategy.pdn"),
)


def collection(key: str) -> Collection:
    """The shipped collection ``key``. Raises ``KeyError`` naming it when there is none."""
    for item in COLLECTIONS:
        if item.key == key:
            return item
    raise KeyError(f"no collection {key!r}")
