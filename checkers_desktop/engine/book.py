"""The opening book: the moves masters played in the first plies, weighted by how their games ended.

**What it holds.** For each position met in the first :data:`BOOK_PLIES` plies of the master games
it was made from, the moves played there, each with the number of games and the points the mover
scored in them (a win 1, a draw one half, a loss 0). Positions are keyed by their FEN
(``Board.fen()``: the side to move and the pieces), so a position reached by another order of
moves is found too. Only moves played in at least :data:`MIN_GAMES` games are kept: one game is an
anecdote, not a line.

**Where it comes from.** ``opening-book.json`` beside this module is made by :func:`build_book`
from the games of ``../shared/pdn/games`` (Marion Tinsley's 724 games, from the CheckerBoard
project's games/tinsley.pdn; the OCA 2.0 excerpt, Inferno, and the two instructional collections,
from the PDN 3.0 reference repository): ``python -m checkers_desktop.engine.book OUT.json
GAMES.pdn ...``. The statistics are ours; the games are public records.

**Searched replies.** A handful of games cannot tell a sound move from one that lost a man and
won anyway, so the master moves the strong levels would play are checked by a deeper search than
a game allows (``training/book_replies.py``): where the best-scoring master move falls short of
the search's best move by at least a margin at that depth, the file's ``searched`` section names
the searched move (:class:`SearchedReply`), and the strong levels play it instead. The gentle
levels keep to the master moves.

**How the levels use it** (:func:`choose`). The upper levels (4-6) play the book move with the
best score (points per game, with a prior of one drawn game so that a line played once and won
does not beat one played twenty times with a good score), or the searched reply where there is
one; the lower levels (1-3) a master move at random, in proportion to how often masters played
it: variety, never a move no master chose. Out of the book, the search decides. The hints and
the review search (they are about this position's best move, not about variety).
"""

from __future__ import annotations

import enum
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Optional

from checkers_desktop.rules import BLACK, Board, Move, RulesError
from checkers_desktop.storage.atomic import write_atomic

if TYPE_CHECKING:
    from checkers_desktop.rules.pdn import Game

__all__ = ["BookUse", "BookMove", "SearchedReply", "OpeningBook", "load_book", "build_book", "BOOK_PLIES",
           "MIN_GAMES"]

BOOK_PLIES = 20
"""Positions from the start up to this many plies into a game are in the book."""
MIN_GAMES = 2
"""A move is kept when it was played in at least this many games."""
BOOK_FILE = Path(__file__).with_name("opening-book.json")
FORMAT = 1


class BookUse(enum.Enum):
    """How a playing level uses the book (see the module text)."""

    NONE = "none"
    """Not at all: the search decides from the first move."""
    VARIED = "varied"
    """A master move at random, as often as masters played it."""
    STRONG = "strong"
    """The best-scoring master move."""


@dataclass(frozen=True)
class BookMove:
    """A book move: ``move`` (PDN, "11-15"), ``games`` played, ``points`` the mover scored."""

    move: str
    games: int
    points: float

    @property
    def score(self) -> float:
        """Points per game with a prior of one drawn game (0 to 1; 0.5 is even)."""
        return (self.points + 0.5) / (self.games + 1)


@dataclass(frozen=True)
class SearchedReply:
    """The move the strong levels play instead of the best-scoring master move: ``move`` (PDN),
    found by a search of ``depth`` plies in which the master move ``replaces`` scored
    ``shortfall`` hundredths of a man less (from the mover's view)."""

    move: str
    depth: int
    replaces: str
    shortfall: int


class OpeningBook:
    """The book's positions: FEN -> the :class:`BookMove` list, most played first; ``searched``:
    FEN -> the :class:`SearchedReply` the strong levels play there instead."""

    def __init__(self, positions: dict[str, list[BookMove]], source: str = "",
                 searched: Optional[dict[str, SearchedReply]] = None) -> None:
        self.positions = positions
        self.source = source
        self.searched = searched if searched is not None else {}

    def __len__(self) -> int:
        return len(self.positions)

    def moves(self, board: Board) -> list[tuple[Move, BookMove]]:
        """The book moves of ``board``'s position that are legal there (a book read from a file
        is never trusted blindly), with their :class:`Move`; empty out of the book."""
        entries = self.positions.get(board.fen())
        if not entries:
            return []
        legal = {m.pdn(): m for m in board.legal_moves}
        return [(legal[e.move], e) for e in entries if e.move in legal]

    def choose(self, board: Board, strong: bool, rng: Optional[random.Random] = None
               ) -> Optional[tuple[Move, BookMove]]:
        """The move to play from the book, or None out of it. ``strong``: the searched reply
        where there is one and it is legal (with its master statistics, or none played: 0
        games), else the best-scoring master move (ties: the most played); not ``strong``: a
        master move at random in proportion to the games (``rng``)."""
        found = self.moves(board)
        if not found:
            return None
        if strong:
            reply = self.searched.get(board.fen())
            if reply is not None:
                for move in board.legal_moves:
                    if move.pdn() == reply.move:
                        masters = [e for _, e in found if e.move == reply.move]
                        return move, masters[0] if masters else BookMove(reply.move, 0, 0.0)
            return max(found, key=lambda pair: (pair[1].score, pair[1].games, pair[1].move))
        rng = rng if rng is not None else random.Random()
        pick = rng.uniform(0, sum(e.games for _, e in found))
        for pair in found:
            pick -= pair[1].games
            if pick <= 0:
                return pair
        return found[-1]


def _decode(data: dict[str, Any], source: str) -> OpeningBook:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not an opening book of format 1")
    positions: dict[str, list[BookMove]] = {}
    for fen, entries in data["positions"].items():
        positions[str(fen)] = [BookMove(str(m), int(g), float(p)) for m, g, p in entries]
    searched = {}
    listed = data.get("searched", {})
    if not isinstance(listed, dict):
        raise ValueError("the searched replies are not a table of positions")
    for fen, (move, depth, replaces, shortfall) in listed.items():
        if str(fen) not in positions:
            raise ValueError(f"a searched reply for a position not in the book: {fen}")
        searched[str(fen)] = SearchedReply(str(move), int(depth), str(replaces), int(shortfall))
    return OpeningBook(positions, source, searched)


_book: Optional[OpeningBook] = None
_loaded = False


def load_book(path: Optional[Path] = None) -> Optional[OpeningBook]:
    """The book shipped with the app (``path``: another file), read once and kept; None when it is
    missing or cannot be read (the levels then search from the first move, as without a book)."""
    global _book, _loaded
    if path is None and _loaded:
        return _book
    target = BOOK_FILE if path is None else Path(path)
    try:
        book: Optional[OpeningBook] = _decode(json.loads(target.read_text(encoding="utf-8")),
                                              str(target))
    except (OSError, ValueError, KeyError, TypeError):
        book = None
    if path is None:
        _book, _loaded = book, True
    return book


def build_book(games: Iterable[Game], plies: int = BOOK_PLIES, min_games: int = MIN_GAMES) -> dict[str, Any]:
    """The book (as the JSON object written to ``opening-book.json``) of ``games``: PDN
    :class:`~checkers_desktop.rules.pdn.Game` objects. Games from a set-up position, with no result
    ("*") or whose moves stop being legal are used up to where they replay from the start."""
    counts: dict[str, dict[str, list[float]]] = {}  # fen -> move -> [games, points]
    for game in games:
        if game.result not in ("1-0", "0-1", "1/2-1/2"):
            continue
        board = Board()
        try:
            if Board(game.fen).fen() != board.fen():
                continue  # a composed or set-up position, not an opening
        except (RulesError, ValueError):
            continue
        for move in game.moves[:plies]:
            black_won = game.result == "1-0"  # PDN: "1-0" is a win for the first mover, Black
            points = 0.5 if game.result == "1/2-1/2" else \
                float(black_won == (board.turn is BLACK))
            entry = counts.setdefault(board.fen(), {}).setdefault(move.pdn(), [0, 0.0])
            entry[0] += 1
            entry[1] += points
            try:
                board.push(move)
            except (RulesError, ValueError):  # a faulty record: what came before still counts
                break
    positions = {}
    for fen, moves in sorted(counts.items()):
        kept = sorted(((m, g, round(p, 1)) for m, (g, p) in moves.items() if g >= min_games),
                      key=lambda t: (-t[1], t[0]))
        if kept:
            positions[fen] = [list(k) for k in kept]
    return {"format": FORMAT, "plies": plies, "min_games": min_games, "positions": positions}


def main(argv: list[str]) -> int:
    """``python -m checkers_desktop.engine.book OUT.json GAMES.pdn ...``: build the book."""
    from checkers_desktop.rules.pdn import read_games, read_pdn_file

    if len(argv) < 2:
        print("usage: python -m checkers_desktop.engine.book OUT.json GAMES.pdn ...",
              file=sys.stderr)
        return 2
    games = []
    for name in argv[1:]:
        games += [parsed.game for parsed in read_games(read_pdn_file(name))]
    book = build_book(games)
    book["source"] = [Path(name).name for name in argv[1:]]
    write_atomic(argv[0], (json.dumps(book, separators=(",", ":")) + "\n").encode("utf-8"))
    print(f"{len(book['positions'])} positions from {len(games)} games", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
