"""Positions for training the learned evaluation (checkers_desktop/engine/network.py), labelled.

Two sources, written to one ``.npz`` file (arrays of equal length, one row a position):

- the master games of ../shared/pdn/games (every position of the main line where the side to move
  has no jump), each labelled with the game's result and the score of a fixed-depth search;
- self-play of the compiled engine at a fixed depth from the three-move ballots
  (../shared/ballots/three_move_english.tsv), each ballot played with a few random moves among
  the first plies so that the games differ, labelled with the game's result and the score the
  search gave the position when it was played.

Where the endgame database covers a position (few pieces), its win, loss or draw replaces the
result. Columns: ``black``, ``white``, ``kings`` (bitboards, int64), ``turn_black`` (bool),
``result`` (1 win, 0.5 draw, 0 loss, from the side to move), ``score`` (hundredths of a man, side
to move; the search's), ``game`` (a game number: the held-out set is chosen by game),
``source`` (0 master, 1 self-play), ``exact`` (1 where the database gave the result).

Run (from the repository root, 2 processes share the self-play by ``--part``)::

    nice -n 10 .venv/bin/python training/evaluation_data.py --out /tmp/nn/master.npz --master
    nice -n 10 .venv/bin/python training/evaluation_data.py --out /tmp/nn/self0.npz \
        --games 400 --part 0 --parts 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import Searcher, WIN  # noqa: E402
from checkers_desktop.engine import compiled as _compiled  # noqa: E402
from checkers_desktop.engine.endgame import ensure_table  # noqa: E402
from checkers_desktop.engine.search import WIN_BOUND  # noqa: E402
from checkers_desktop.rules import BLACK, Board  # noqa: E402
from checkers_desktop.rules.pdn import read_games  # noqa: E402

SHARED = ROOT / ".." / "shared"
CLIP = 600
"""Search scores are clipped to this many hundredths of a man (a won score becomes +CLIP)."""


def _clip(score: int) -> int:
    if score > WIN_BOUND:
        return CLIP
    if score < -WIN_BOUND:
        return -CLIP
    return max(-CLIP, min(CLIP, score))


def _quiet(board: Board) -> bool:
    """No jump for the side to move (the search evaluates only such positions)."""
    moves = board.legal_moves
    return bool(moves) and not any(m.captures for m in moves)


class Rows:
    def __init__(self) -> None:
        self.cols: dict[str, list] = {k: [] for k in
                                      ("black", "white", "kings", "turn_black", "result", "score",
                                       "game", "source", "exact")}

    def add(self, board: Board, result_black: float, score: int, game: int, source: int,
            table) -> None:
        black = board.turn is BLACK
        result = result_black if black else 1.0 - result_black
        exact = 0
        pieces = (board.black_bb | board.white_bb).bit_count()
        if table is not None and pieces <= table.pieces and board.black_bb and board.white_bb:
            my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb,
                                                                     board.black_bb)
            v = table.probe(my, opp, board.kings_bb, black)
            result = 1.0 if v > 0 else (0.0 if v < 0 else 0.5)
            exact = 1
        c = self.cols
        c["black"].append(board.black_bb)
        c["white"].append(board.white_bb)
        c["kings"].append(board.kings_bb)
        c["turn_black"].append(black)
        c["result"].append(result)
        c["score"].append(score)
        c["game"].append(game)
        c["source"].append(source)
        c["exact"].append(exact)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, **{k: np.asarray(v) for k, v in self.cols.items()})


def _result_black(text: str) -> float | None:
    return {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(text.strip())


def master(rows: Rows, depth: int, table, game_base: int) -> int:
    """Every quiet position of the master games' main lines; returns the games read."""
    searcher = Searcher(endgame=table or False, compiled=True)
    n = 0
    for path in sorted((SHARED / "pdn" / "games").glob("*.pdn")):
        for parsed in read_games(path):
            game = parsed.game
            res = _result_black(game.result)
            if res is None:
                continue
            try:
                board = game.start_board()
            except ValueError:
                continue
            n += 1
            for move in game.moves:
                if _quiet(board):
                    r = searcher.search(board, depth=depth)
                    rows.add(board, res, _clip(r.score), game_base + n, 0, table)
                board.push(move)
            searcher.clear_table()
    return n


def ballots() -> list[str]:
    """The FENs of the standard three-move ballots (benchmarks/engine.py reads the list)."""
    from benchmarks.engine import ballots as ballot_rows
    return [row["fen"] for row in ballot_rows()]


def self_play(rows: Rows, games: int, depth: int, part: int, parts: int, table,
              game_base: int, seed: int) -> None:
    """``games`` games (this process's share: every ``parts``-th from ``part``), depth-``depth``
    search each move, two random moves among the first 16 plies of each game."""
    fens = ballots()
    searcher = Searcher(endgame=table or False, compiled=True)
    t0 = time.perf_counter()
    for g in range(part, games, parts):
        rng = random.Random(seed * 100_003 + g)
        board = Board(fens[g % len(fens)])
        random_plies = set(rng.sample(range(2, 16), 2))
        seen: dict = {}
        record: list[tuple[Board, int]] = []
        result_black = 0.5
        searcher.clear_table()
        while board.ply < 200:
            if board.is_game_over():
                result_black = 0.0 if board.turn is BLACK else 1.0
                break
            key = board.key()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 3 or board.quiet_plies >= 80:
                break
            if (board.black_bb | board.white_bb).bit_count() <= (table.pieces if table else 0):
                # the database decides: record the position, the probe labels it
                record.append((board.copy(), 0))
                black = board.turn is BLACK
                my, opp = ((board.black_bb, board.white_bb) if black
                           else (board.white_bb, board.black_bb))
                v = table.probe(my, opp, board.kings_bb, black)
                win = 1.0 if v > 0 else (0.0 if v < 0 else 0.5)
                result_black = win if black else 1.0 - win
                break
            r = searcher.search(board, depth=depth)
            if _quiet(board):
                record.append((board.copy(), _clip(r.score)))
            if board.ply in random_plies:
                move = rng.choice(board.legal_moves)
            else:
                move = r.move
            board.push(move)
        for b, s in record:
            rows.add(b, result_black, s, game_base + g, 1, table)
        if g % 20 == part:
            print(f"game {g}: {len(rows.cols['game'])} positions, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--master", action="store_true", help="the master games (else self-play)")
    ap.add_argument("--games", type=int, default=200, help="self-play games in all parts")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--depth", type=int, default=6, help="plies searched per position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game-base", type=int, default=100_000,
                    help="self-play games are numbered from here (a different base each run)")
    ap.add_argument("--endgame-cache", default="/tmp/checkers-desktop-bench-cache")
    ap.add_argument("--endgame-pieces", type=int, default=5)
    args = ap.parse_args(argv)
    _compiled.warm_up()
    table = ensure_table(args.endgame_cache, pieces=args.endgame_pieces)
    rows = Rows()
    t = time.perf_counter()
    if args.master:
        n = master(rows, args.depth, table, 0)
        print(f"{n} master games")
    else:
        self_play(rows, args.games, args.depth, args.part, args.parts, table, args.game_base,
                  args.seed)
    rows.save(args.out)
    print(f"{len(rows.cols['game'])} positions in {time.perf_counter() - t:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
