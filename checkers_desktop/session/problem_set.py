"""Composed problems: what a problem is, where problems come from, what the engine says of them
and how hard they are.

A problem is a position (FEN) with a stated result ("1-0": Black wins, "0-1": White wins,
"1/2-1/2": a draw). The *solver* is the side the problem is for: the stated winner, or for a draw
the side to move ("White to play and draw"). When the solver is not the side to move, the other
side moves first ("Black to play, White to win") and the app plays its best defence.

:func:`verdict` compares the stated result with what the engine proved (:mod:`..engine.proof`):
the same (verified), another (contradicted: the book is wrong, or the database proves more), or
nothing proven. Ratings are on an Elo-like scale (beginner problems from about 600, the hardest
over 2,000): :func:`difficulty` from the nodes and depth the engine needed to prove the stated
result, plus the collection's offset; a problem not proven gets :data:`UNPROVEN_RATING` plus it.

Pure Python, no Qt.
"""

from __future__ import annotations

import enum
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from ..engine.proof import Analysis, Outcome
from ..library import COLLECTIONS, RATINGS_FILE, Collection, Kind
from ..rules import BLACK, WHITE, Board, Color
from ..rules.pdn import PdnReader

__all__ = ["Stated", "Problem", "Verdict", "verdict", "read_problems", "shipped_problems",
           "difficulty", "load_ratings", "Rating", "UNPROVEN_RATING", "problems_of_games"]

UNPROVEN_RATING = 2000
"""The difficulty of a problem whose stated result the engine did not prove (before the
collection's offset)."""


class Stated(enum.Enum):
    """A problem's stated result."""

    BLACK_WINS = "1-0"
    WHITE_WINS = "0-1"
    DRAW = "1/2-1/2"

    @property
    def winner(self) -> Optional[Color]:
        return BLACK if self is Stated.BLACK_WINS else WHITE if self is Stated.WHITE_WINS else None

    @classmethod
    def of(cls, result: Optional[Color]) -> "Stated":
        """The statement of a result: a winner, or None for a draw."""
        return cls.DRAW if result is None else cls.BLACK_WINS if result is BLACK \
            else cls.WHITE_WINS


@dataclass(frozen=True)
class Problem:
    """One composed problem.

    ``key``: stable id, ``"<collection>/<n>"`` (n from 1 in the file), used by the player's
    progress. ``collection``: the collection's key; ``title``: its title as said; ``name``: the
    problem's own name (the PDN Event tag, "Gould's Problems #97"). ``fen`` and ``stated``.
    ``rating``: the difficulty (see the module docstring), None when not rated. ``proven``:
    the engine proved its stated result when it was rated (False: not proven, or not rated).
    """

    key: str
    collection: str
    title: str
    name: str
    fen: str
    stated: Stated
    rating: Optional[int] = None
    proven: bool = False

    @property
    def solver(self) -> Color:
        """The side the problem is for: the stated winner, or the side to move for a draw."""
        winner = self.stated.winner
        return winner if winner is not None else self.board().turn

    def board(self) -> Board:
        """The problem's position. Raises ``InvalidFenError`` for a FEN that is not one."""
        return Board(self.fen)


class Verdict(enum.Enum):
    """What the engine proved, against the stated result."""

    VERIFIED = "verified"
    CONTRADICTED = "contradicted"
    UNPROVEN = "unproven"


def proven_result(board: Board, analysis: Analysis) -> Optional[Stated]:
    """The result ``analysis`` (of ``board``, side to move's view) proves, or None."""
    if analysis.outcome is Outcome.WIN:
        return Stated.of(board.turn)
    if analysis.outcome is Outcome.LOSS:
        return Stated.of(board.turn.other)
    if analysis.outcome is Outcome.DRAW:
        return Stated.DRAW
    return None


def verdict(problem: Problem, analysis: Analysis) -> tuple[Verdict, Optional[Stated]]:
    """(the verdict, the result proven or None) of ``analysis`` of the problem's position."""
    proven = proven_result(problem.board(), analysis)
    if proven is None:
        return Verdict.UNPROVEN, None
    return (Verdict.VERIFIED if proven is problem.stated else Verdict.CONTRADICTED), proven


def difficulty(plies: int, nodes: int, offset: int = 0, proven: bool = True,
               draw: bool = False) -> int:
    """The rating of a problem the engine proved, plus the collection's ``offset``.

    ``plies``: the length of the win with best defence (the endgame database's exact distance,
    or the depth of the search that proved it); ``nodes``: positions the search needed (0 when
    the database answered at once). A win is 600 plus 8 a ply (at most 64) plus 200 a power of
    ten of nodes over a hundred; a proven draw 1,000 plus the same for nodes (holding a draw is
    found harder than its length says). At most 1,950 before the offset; a problem not
    ``proven`` is :data:`UNPROVEN_RATING` plus the offset."""
    if not proven:
        return UNPROVEN_RATING + offset
    search = 200 * math.log10(1 + max(0, nodes) / 100)
    base = (1000 if draw else 600 + 8 * min(max(0, plies), 64)) + search
    return int(round(min(base, UNPROVEN_RATING - 50))) + offset


@dataclass(frozen=True)
class Rating:
    """A shipped problem's rating as ``problem-ratings.json`` holds it: ``rating``, ``verdict``,
    the result ``proven`` (None when unproven), ``depth`` (plies searched), ``nodes`` and
    ``seconds``."""

    rating: int
    verdict: Verdict
    proven: Optional[Stated]
    depth: int
    nodes: int
    seconds: float


def load_ratings(path: Union[str, Path, None] = None) -> dict[str, Rating]:
    """The shipped ratings by problem key (empty when the file is missing or unreadable: the
    problems are then unrated, never refused)."""
    path = Path(path) if path is not None else RATINGS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["problems"]
        out = {}
        for key, row in rows.items():
            proven = row.get("proven")
            out[key] = Rating(int(row["rating"]), Verdict(row["verdict"]),
                              Stated(proven) if proven else None, int(row.get("depth", 0)),
                              int(row.get("nodes", 0)), float(row.get("seconds", 0.0)))
        return out
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def read_problems(source: Union[str, Path], collection_key: str, title: str,
                  ratings: Optional[dict[str, Rating]] = None) -> Iterator[Problem]:
    """The problems of a PDN file or text ``source``: each game with a FEN tag and a stated
    result ("1-0", "0-1" or "1/2-1/2") whose position is legal; the others are skipped. Only the
    tags are read (a game's moves, if any, are not needed). Raises what
    :class:`~..rules.pdn.PdnReader` raises for a file that cannot be read or passes its limits."""
    reader = PdnReader(Path(source) if isinstance(source, Path) else source)
    ratings = ratings or {}
    for header in reader.headers():
        tags = {name.lower(): value for name, value in header.tags.items()}
        fen = tags.get("fen", "").strip()
        try:
            stated = Stated(tags.get("result", "").strip())
        except ValueError:
            continue
        if not fen:
            continue
        try:
            Board(fen)
        except ValueError:
            continue
        key = f"{collection_key}/{header.number}"
        rated = ratings.get(key)
        yield Problem(key, collection_key, title, tags.get("event", "").strip() or
                      f"{title} {header.number}", fen, stated,
                      rated.rating if rated else None,
                      rated is not None and rated.verdict is Verdict.VERIFIED)


def shipped_problems(ratings: Optional[dict[str, Rating]] = None,
                     collections: Iterable[Collection] = COLLECTIONS) -> list[Problem]:
    """Every problem of the shipped problem collections, in the menu's order, rated from
    ``ratings`` (default: the shipped ratings file)."""
    if ratings is None:
        ratings = load_ratings()
    out: list[Problem] = []
    for item in collections:
        if item.kind is Kind.PROBLEMS:
            out.extend(read_problems(item.path, item.key, item.title, ratings))
    return out


def problems_of_games(source: Union[str, Path], collection_key: str, title: str
                      ) -> list[Problem]:
    """A player's own PDN read as problems: :func:`read_problems` (games without a FEN and a
    result are not problems and are left out)."""
    return list(read_problems(source, collection_key, title))
