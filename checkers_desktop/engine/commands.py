"""``checkers-desktop bestmove --fen FEN [--level N | --time SECONDS | --depth D]``.

Prints the move in PDN with the whole path ("26x17x10") and on the next line
``score S depth D``: S in hundredths of a man from the side to move's view (a won position scores
100000 less the plies to the win), D the deepest finished iteration in plies (0 for a move from the
opening book). Without an option the search takes 1 second. ``--time`` and the default play the
opening book's best-scoring master move where the position is in the book, as level 6 does;
``--depth`` always searches (for analysis), and ``--no-book`` searches from the first move.
A timed search may take up to twice its time when its score falls from one depth to the next
(``search.EMERGENCY_DROP``).
"""

from __future__ import annotations

import argparse
import sys

from checkers_desktop.rules import Board, RulesError

from .book import BookUse
from .levels import InvalidLevelError, book_result, get_level, search_at_level
from .search import EMERGENCY_TIMES, Searcher


def bestmove_command(args: argparse.Namespace) -> int:
    """Run the command for parsed arguments ``args`` (``fen``, ``level``, ``time``, ``depth``,
    ``no_book``, and ``prepare``: an optional callable run once the FEN and the level are
    known to be good and before the search, such as loading the compiled search, so that bad
    input is refused at once even on a first run that would compile it for about 10 s).

    Exit status: 0 with a move; 1 when the side to move has no legal move (prints "no legal move"
    on standard error); 2 for a bad FEN, level, time or depth (message on standard error).
    """
    try:
        board = Board(args.fen)
    except (RulesError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    level = getattr(args, "level", None)
    seconds = getattr(args, "time", None)
    depth = getattr(args, "depth", None)
    prepare = getattr(args, "prepare", None)
    try:
        if level is not None:
            get_level(level)  # refused before the search is prepared
        if prepare is not None:
            prepare()
        if level is not None:
            result = search_at_level(board, level)
        elif depth is not None:
            if depth < 1:
                raise ValueError(f"depth {depth!r} is not a positive number of plies")
            result = Searcher().search(board, depth=depth)
        else:
            if seconds is None:
                seconds = 1.0
            if not seconds > 0:
                raise ValueError(f"time {seconds!r} is not a positive number of seconds")
            use = BookUse.NONE if getattr(args, "no_book", False) else BookUse.STRONG
            found = book_result(board, use)
            result = found if found is not None else Searcher().search(
                board, time_limit=seconds, most_time=EMERGENCY_TIMES * seconds)
    except (InvalidLevelError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if result.move is None:
        print(f"no legal move in {board.fen()}", file=sys.stderr)
        return 1
    print(result.move.pdn())
    print(f"score {result.score} depth {result.depth}")
    return 0
