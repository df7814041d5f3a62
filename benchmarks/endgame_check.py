"""Checks a cached endgame database against its own moves, and plays a position out by it.

Run: ``python benchmarks/endgame_check.py --cache DIR --pieces 6 --positions 50000 [--seed S]
[--line FEN ...]``.

1. **Random positions** of exactly ``--pieces`` pieces (both sides at least one, kings at random,
   men never on their own crowning row): each stored value (``EndgameTable.probe``: a win or a
   loss in so many plies, or a draw) must equal the value its legal moves give, read from the
   same table (a jump leads into the part of fewer pieces): no move is a loss now; a move to a
   loss in ``d`` is a win in ``d + 1`` (the smallest); every move to a win is a loss in one more
   than the longest; else a draw. A table whose every position passes this is exact (a win must
   come down, ply by ply, to a side with no move), so a sample that passes is evidence for the
   whole table.
2. **A line** from each ``--line`` FEN: both sides play the table's best (the quickest win, the
   longest defence), every position on the way checked the same way, to the end of the game or
   of the table.

Prints the counts and every mismatch (the exit status is 1 when there is one).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from checkers_desktop.engine.endgame import EndgameTable, load_table, plies_of  # noqa: E402
from checkers_desktop.engine.params import LOST_NOW  # noqa: E402
from checkers_desktop.rules import BLACK, Board, Move  # noqa: E402


def stored(table: EndgameTable, board: Board) -> int:
    """The table's value for the side to move; LOST_NOW where a side has no piece left."""
    if not (board.black_bb and board.white_bb):
        return LOST_NOW
    black = board.turn is BLACK
    my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
    return table.probe(my, opp, board.kings_bb, black)


def after(board: Board, move: Move) -> Board:
    child = board.copy()
    child.push(move)
    return child


def derived(table: EndgameTable, board: Board) -> int:
    """The value the position's moves give, each move's result read from the table."""
    moves = board.legal_moves
    if not moves:
        return LOST_NOW
    quickest = None
    longest = 0
    drawn = False
    for move in moves:
        value = stored(table, after(board, move))
        if value == LOST_NOW or value < 0:
            d = plies_of(value) + 1
            quickest = d if quickest is None else min(quickest, d)
        elif value == 0:
            drawn = True
        else:
            longest = max(longest, value)
    if quickest is not None:
        return quickest
    return 0 if drawn else -(longest + 1)


def random_fen(rng: random.Random, pieces: int) -> str:
    black_count = rng.randint(1, pieces - 1)
    groups: dict[bool, list[str]] = {True: [], False: []}
    for i, square in enumerate(rng.sample(range(1, 33), pieces)):
        black = i < black_count
        king = rng.random() < 0.4 or (square >= 29 if black else square <= 4)
        groups[black].append(("K" if king else "") + str(square))
    return f"{rng.choice('BW')}:W{','.join(groups[False])}:B{','.join(groups[True])}"


def preference(value: int) -> int:
    """How much the side to move likes a move whose result (for the other side) is ``value``."""
    if value == LOST_NOW or value < 0:
        return 1000 - plies_of(value)
    return 0 if value == 0 else value - 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", required=True, help="folder of the cached tables")
    ap.add_argument("--pieces", type=int, default=6, help="the table's piece count")
    ap.add_argument("--positions", type=int, default=10000, help="random positions to check")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--line", action="append", default=[], help="a FEN to play out by the table")
    args = ap.parse_args(argv)
    print("command: " + " ".join([Path(sys.argv[0]).name] + (sys.argv[1:] if argv is None
                                                               else list(argv))), flush=True)
    table = load_table(args.cache, args.pieces)
    if table is None:
        print(f"no {args.pieces}-piece table in {args.cache}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    bad = checked = 0
    start = time.perf_counter()
    while checked < args.positions:
        fen = random_fen(rng, args.pieces)
        try:
            board = Board(fen)
        except ValueError:
            continue
        value, expected = stored(table, board), derived(table, board)
        if value != expected:
            bad += 1
            print(f"  mismatch: {fen} stored {value}, its moves give {expected}")
        checked += 1
    print(f"random positions of {args.pieces} pieces: {checked:,} checked, {bad} mismatches "
          f"({time.perf_counter() - start:.0f} s)")
    for fen in args.line:
        board = Board(fen)
        played: list[str] = []
        first = stored(table, board)
        while board.legal_moves and len(played) < 400:
            value, expected = stored(table, board), derived(table, board)
            if value != expected:
                bad += 1
                print(f"  mismatch on the line at ply {len(played)}: stored {value}, its moves "
                      f"give {expected}")
            move = max(board.legal_moves, key=lambda m: preference(stored(table, after(board, m))))
            played.append(str(move))
            board.push(move)
        print(f"line {fen}: stored {first}; {len(played)} plies, each checked: "
              f"{' '.join(played)}; ends {board.fen()}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
