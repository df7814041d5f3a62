"""Playing levels: from a gentle beginner to the engine's full strength.

A weaker level is not a stronger one that blunders at random. The low levels look fewer plies ahead
(so they miss shots a few moves deep, as casual players do), the gentlest one does not follow jump
sequences past its horizon, and the lower levels choose at random among the moves that their own
short look scores nearly as well as the best (``margin``), so they vary their play without ever
throwing a man away on purpose.

Levels 4 and 5 look a fixed number of plies ahead (6 and 10) and only level 6 searches as deep as
its time allows. With 1, 3 and 8 seconds of full search the three upper levels drew one another
(level 5 scored 50 % against 4, and 6 against 5, over 6 and 4 games): a player could not tell them
apart. A fixed depth keeps each upper level a step above the one below, and levels 4 and 5 reply
at once rather than after one or three seconds. Each level's score against the one below, over
three-move ballots spread over the list, both colours (``benchmarks/engine.py --ladder-top 6``
plays them; measured with the 5-piece database): level 2 82 %, 3 92 %, 4 94 %, 5 85 % (24 ballots
each), 6 83 % (6 ballots: +8 =4 -0). Those figures were measured with the hand evaluation for
every level; levels 5 and 6 now evaluate as the full-strength searches do (the learned
network, :mod:`.network`), and level 6 moves in 5 seconds while its score holds, up to 8 when
it falls.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Optional

from checkers_desktop.rules import Board, Move

from .book import BookUse, load_book
from .network import full_strength_network
from .pool import borrowed_searcher
from .search import Searcher, SearchResult


@dataclass(frozen=True)
class Level:
    """One playing level.

    ``number``: 1 (gentlest) to 6 (strongest). ``name``: one word, shown and spoken.
    ``description``: a sentence for the speech output. ``think_seconds``: the most the search may
    take (seconds). ``min_reply_seconds``: the shortest pause before the UI plays the reply (so that
    a player hears their own move first). ``depth``: plies searched, or None for "as deep as the
    time allows". ``margin``: hundredths of a man: the level picks at random among moves that score
    within this of its best. ``quiescence``: follows pending jumps past the horizon.
    ``endgame``: uses the endgame database when one is installed (the gentle levels do not: they
    would play the last few pieces perfectly). ``book``: how the opening book is used
    (:class:`~.book.BookUse`). ``summary``: a few words for the level's menu item ("three moves
    ahead"): a screen reader reads a menu item's text only, not its description.
    """

    number: int
    name: str
    description: str
    think_seconds: float
    min_reply_seconds: float
    depth: Optional[int]
    margin: int
    quiescence: bool = True
    endgame: bool = True
    book: BookUse = BookUse.STRONG
    summary: str = ""
    learned: bool = False
    calm_seconds: Optional[float] = None


LEVELS: tuple[Level, ...] = (
    Level(1, "beginner", "Level 1, beginner: plays quickly and misses some jumps ahead.",
          think_seconds=0.5, min_reply_seconds=1.0, depth=2, margin=40, quiescence=False,
          endgame=False, book=BookUse.VARIED, summary="misses some jumps"),
    Level(2, "casual",
          "Level 2, casual: sees the jumps in front of it, but not the shots behind them.",
          think_seconds=0.5, min_reply_seconds=1.0, depth=2, margin=25, endgame=False,
          book=BookUse.VARIED, summary="sees the jumps in front of it"),
    Level(3, "club",
          "Level 3, club player: looks two moves ahead for each side and rarely gives a man away.",
          think_seconds=1.0, min_reply_seconds=0.8, depth=4, margin=10, endgame=False,
          book=BookUse.VARIED, summary="two moves ahead"),
    Level(4, "strong",
          "Level 4, strong: looks three moves ahead for each side and plays for small advantages.",
          think_seconds=1.0, min_reply_seconds=0.6, depth=6, margin=0, book=BookUse.VARIED,
          summary="three moves ahead"),
    Level(5, "expert", "Level 5, expert: looks five moves ahead for each side.",
          think_seconds=3.0, min_reply_seconds=0.5, depth=10, margin=0,
          summary="five moves ahead", learned=True),
    Level(6, "master", "Level 6, master: the full strength, up to eight seconds a move.",
          think_seconds=8.0, min_reply_seconds=0.5, depth=None, margin=0,
          summary="full strength", learned=True, calm_seconds=5.0),
)
"""Every level, weakest first; ``LEVELS[n - 1].number == n``."""


class InvalidLevelError(ValueError):
    """A level number outside 1 to ``len(LEVELS)``."""


def get_level(level: int | Level) -> Level:
    """The :class:`Level` of a number 1-6 (a Level is returned as it is).

    Raises :class:`InvalidLevelError` (a ValueError) quoting the number when there is no such level.
    """
    if isinstance(level, Level):
        return level
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= len(LEVELS):
        raise InvalidLevelError(f"{level!r} is not a level from 1 to {len(LEVELS)}")
    return LEVELS[level - 1]


def search_at_level(board: Board, level: int | Level, stop: Optional[threading.Event] = None,
                    rng: Optional[random.Random] = None,
                    searcher: Optional[Searcher] = None) -> SearchResult:
    """The search a level makes, with the move the level chooses in ``result.move``.

    Levels with a fixed ``depth`` are deterministic given ``rng`` (unless their time cap is hit);
    the others depend on how deep the time allows. Raises :class:`InvalidLevelError`.
    """
    lv = get_level(level)
    if searcher is None and lv.depth is None:
        # The time-limited levels borrow a searcher from a pool, so that the transposition table
        # of the last move helps the next one (each search thread of the UI is a new thread).
        with borrowed_searcher() as searcher:
            return _search_at_level(board, lv, stop, rng, searcher)
    if searcher is None:
        searcher = Searcher(endgame=None if lv.endgame else False)
    return _search_at_level(board, lv, stop, rng, searcher)


def book_result(board: Board, use: BookUse = BookUse.STRONG,
                rng: Optional[random.Random] = None) -> Optional[SearchResult]:
    """The opening book's move for ``board`` as a search result (depth 0, no nodes, score 0), or
    None when ``use`` is :attr:`BookUse.NONE`, the book is absent or the position is out of it.

    ``use`` :attr:`BookUse.STRONG` takes the best-scoring master move, :attr:`BookUse.VARIED` one
    at random in proportion to the games (``rng``). Every caller that plays a move (the levels,
    ``bestmove``, ``engine``'s ``go``) asks here first, so they all play the same book."""
    if use is BookUse.NONE:
        return None
    book = load_book()
    found = book.choose(board, use is BookUse.STRONG, rng) if book is not None else None
    if found is None:
        return None
    move = found[0]
    return SearchResult(move, 0, 0, 0, [move], 0.0, [])


def _search_at_level(board: Board, lv: Level, stop: Optional[threading.Event],
                     rng: Optional[random.Random], searcher: Searcher) -> SearchResult:
    from_book = book_result(board, lv.book, rng)
    if from_book is not None:  # a master's move: no search
        return from_book
    searcher.set_network(full_strength_network() if lv.learned else None)
    if lv.depth is not None:
        result = searcher.search(board, depth=lv.depth, time_limit=lv.think_seconds, stop=stop,
                                 all_scores=lv.margin > 0, quiescence=lv.quiescence)
    elif lv.calm_seconds is not None and lv.calm_seconds < lv.think_seconds:
        result = searcher.search(board, time_limit=lv.calm_seconds, stop=stop,
                                 most_time=lv.think_seconds)
    else:
        result = searcher.search(board, time_limit=lv.think_seconds, stop=stop)
    if lv.margin > 0 and result.root_scores and result.move is not None:
        best = max(s for _, s in result.root_scores)
        near = [m for m, s in result.root_scores if s >= best - lv.margin]
        near.sort(key=lambda m: m.path)  # a fixed order, so a seeded rng gives a fixed choice
        if rng is None:
            rng = random.Random()
        choice = rng.choice(near)
        if choice != result.move:
            score = dict((m, s) for m, s in result.root_scores)[choice]
            result = SearchResult(choice, score, result.depth, result.nodes, [choice],
                                  result.seconds, result.root_scores)
    return result


def choose_move(board: Board, level: int | Level, stop: Optional[threading.Event] = None,
                rng: Optional[random.Random] = None) -> Optional[Move]:
    """The move the computer plays at ``level`` (1-6 or a :class:`Level`) in ``board``.

    Runs in the caller's thread (call it from a worker thread, not the GUI thread); takes at most
    about the level's ``think_seconds``; returns promptly with a legal move once ``stop`` is set.
    ``rng`` (a ``random.Random``) makes the choice among nearly equal moves repeatable. Returns None
    only when the side to move has no legal move (the game is over). Raises
    :class:`InvalidLevelError` for a level outside 1-6.
    """
    return search_at_level(board, level, stop=stop, rng=rng).move
