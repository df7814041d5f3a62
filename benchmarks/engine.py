"""Engine benchmark: speed, depth, composed problems, and matches.

Run from the repository root::

    .venv/bin/python benchmarks/engine.py            # about 10 minutes
    .venv/bin/python benchmarks/engine.py --quick    # about 2 minutes

Prints:

1. nodes per second of the engine's search from the start, with the ratio to a plain minimax run in
   the same process (the peer), and the depth reached in 1 second from the start and from a few
   positions after three-move ballots (../shared/ballots/three_move_english.tsv);
2. the share of the composed problems of ../shared/pdn/problems whose stated result the search
   confirms within a fixed time each. The side to move is the FEN's first letter; "1-0" means
   BLACK (the first mover) wins, "0-1" WHITE. Confirmed: a won score for the side to move when it is
   the stated winner, a lost score when the other side is, and neither when the result is a draw;
3. match scores (wins + half the draws, engine's view) against level 1 and against a plain
   fixed-depth minimax opponent (material only, no pruning), colours alternating over ballots. A
   game is drawn after 200 plies, a third repetition or 80 plies without a capture or a man's move.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import Searcher, WIN  # noqa: E402
from checkers_desktop.engine.endgame import ensure_table  # noqa: E402
from checkers_desktop.engine.levels import search_at_level  # noqa: E402
from checkers_desktop.engine.search import WIN_BOUND  # noqa: E402
from checkers_desktop.rules import BLACK, WHITE, Board  # noqa: E402
from checkers_desktop.rules import bitboard as bbm  # noqa: E402
from checkers_desktop.rules.board import _raw_to_move  # noqa: E402

SHARED = ROOT / ".." / "shared"


# --- the peer: plain fixed-depth minimax --------------------------------------------------------
class PlainMinimax:
    """Fixed-depth negamax without pruning, material only (man 100, king 150), on raw bitboards.

    Ties are broken by a seeded random choice so that games vary."""

    def __init__(self, depth: int = 4, seed: int = 0):
        self.depth = depth
        self.rng = random.Random(seed)
        self.nodes = 0

    def _value(self, my, opp, kings, black, depth):
        self.nodes += 1
        moves = bbm.generate(my, opp, kings, black)
        if not moves:
            return -WIN
        if depth == 0:
            mk = (my & kings).bit_count()
            ok = (opp & kings).bit_count()
            return 100 * (my.bit_count() - opp.bit_count()) + 50 * (mk - ok)
        best = -10 * WIN
        for raw in moves:
            b, w, k = bbm.apply(*((my, opp) if black else (opp, my)), kings, black, raw)
            nmy, nopp = (w, b) if black else (b, w)
            v = -self._value(nmy, nopp, k, not black, depth - 1)
            if v > best:
                best = v
        return best

    def choose(self, board: Board):
        black = board.turn is BLACK
        my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
        scored = []
        for raw in board.iter_moves_raw():
            b, w, k = bbm.apply(board.black_bb, board.white_bb, board.kings_bb, black, raw)
            nmy, nopp = (w, b) if black else (b, w)
            scored.append((-self._value(nmy, nopp, k, not black, self.depth - 1), raw))
        best = max(s for s, _ in scored)
        return _raw_to_move(self.rng.choice([r for s, r in scored if s == best]))


# --- inputs ------------------------------------------------------------------------------------
def ballots(limit=None):
    path = SHARED / "ballots" / "three_move_english.tsv"
    rows = []
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["in_standard_list"] == "yes":
                rows.append(row)
    return rows if limit is None else rows[:limit]


TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]')


def problems():
    """(file, event, fen, result) of every composed problem, read from the [FEN] and [Result] tags
    (each game of these files is a tag block, a result and a blank line; see ../shared/pdn/README)."""
    out = []
    for path in sorted((SHARED / "pdn" / "problems").glob("*.pdn")):
        games: list[dict] = []
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            m = TAG.match(line.strip())
            if not m:
                continue
            name = m.group(1).lower()
            if name == "event" or not games:
                games.append({})
            games[-1][name] = m.group(2)
        for tags in games:
            if tags.get("fen") and tags.get("result"):
                out.append((path.stem, tags.get("event", ""), tags["fen"], tags["result"]))
    return out


# --- sections ----------------------------------------------------------------------------------
def speed(seconds: float, positions: int):
    print("## Speed and depth (1 search per position)")
    board = Board()
    r = Searcher().search(board, time_limit=seconds)
    nps = r.nodes / r.seconds
    peer = PlainMinimax(depth=5)
    t = time.perf_counter()
    peer.choose(board)
    peer_nps = peer.nodes / (time.perf_counter() - t)
    print(f"start position: {r.nodes} nodes in {r.seconds:.2f} s = {nps:,.0f} nodes/s; "
          f"depth {r.depth}; move {r.move.pdn()}; score {r.score}")
    print(f"peer (plain minimax, depth 5): {peer_nps:,.0f} nodes/s; ratio engine/peer "
          f"{nps / peer_nps:.2f}")
    rows = []
    for row in ballots()[:: max(1, len(ballots()) // positions)][:positions]:
        b = Board(row["fen"])
        r = Searcher().search(b, time_limit=seconds)
        rows.append((row["moves"], r.depth, r.nodes / r.seconds))
        print(f"ballot {row['number']} ({row['moves']}): depth {r.depth}, "
              f"{r.nodes / r.seconds:,.0f} nodes/s, move {r.move.pdn()}, score {r.score}")
    return nps, r.depth, rows


def confirm(fen: str, result: str, seconds: float) -> bool:
    board = Board(fen)
    r = Searcher().search(board, time_limit=seconds)
    mover = "1-0" if board.turn is BLACK else "0-1"
    if result == "1/2-1/2":
        return abs(r.score) <= WIN_BOUND
    if result == mover:
        return r.score > WIN_BOUND
    return r.score < -WIN_BOUND


def problem_share(seconds: float, limit):
    print(f"## Composed problems ({seconds} s each)")
    probs = problems()
    if limit:
        step = max(1, len(probs) // limit)
        probs = probs[::step][:limit]
    by_kind: dict[str, list[int]] = {}
    by_file: dict[str, list[int]] = {}
    unreadable = []
    for fname, event, fen, result in probs:
        try:
            board = Board(fen)
        except ValueError as exc:
            unreadable.append(f"{fname} {event}: {exc}")
            continue
        mover = "1-0" if board.turn is BLACK else "0-1"
        kind = "draw" if result == "1/2-1/2" else ("win, mover" if result == mover
                                                    else "win, other side")
        ok = confirm(fen, result, seconds)
        for table, key in ((by_kind, kind), (by_file, fname)):
            table.setdefault(key, [0, 0])
            table[key][0] += ok
            table[key][1] += 1
    for name, (ok, n) in sorted(by_file.items()):
        print(f"  {name:16s} {ok:4d} / {n:4d}")
    for name, (ok, n) in sorted(by_kind.items()):
        print(f"  {name:16s} {ok:4d} / {n:4d}")
    ok = sum(v[0] for v in by_kind.values())
    n = sum(v[1] for v in by_kind.values())
    print(f"  all              {ok:4d} / {n:4d} = {100 * ok / max(n, 1):.0f}%")
    for line in unreadable:
        print(f"  skipped (FEN not a legal position): {line}")
    return ok, n


def play_game(fen, black_player, white_player, max_plies=200):
    """1 BLACK wins, 0 WHITE wins, 0.5 draw (from BLACK's side)."""
    board = Board(fen)
    seen: dict = {}
    while board.ply < max_plies:
        if board.is_game_over():
            return 0.0 if board.turn is BLACK else 1.0
        key = board.key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or board.quiet_plies >= 80:
            return 0.5
        player = black_player if board.turn is BLACK else white_player
        board.push(player(board))
    return 0.5


def match(name, opponent_factory, ballot_rows, move_time):
    engine = Searcher()

    def engine_player(board):
        return engine.search(board, time_limit=move_time).move

    score = wins = draws = losses = 0
    for i, row in enumerate(ballot_rows):
        for engine_black in (True, False):
            opp = opponent_factory(i)
            # the ballot position has WHITE to move
            if engine_black:
                s = play_game(row["fen"], engine_player, opp)
            else:
                s = 1 - play_game(row["fen"], opp, engine_player)
            engine.tt.clear()
            score += s
            wins += s == 1
            draws += s == 0.5
            losses += s == 0
    n = 2 * len(ballot_rows)
    print(f"  engine ({move_time} s a move) vs {name}: {score} / {n} "
          f"(+{wins} ={draws} -{losses})")
    return score, n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer positions, problems and games")
    ap.add_argument("--problem-time", type=float, default=None, help="seconds per problem")
    ap.add_argument("--problems", type=int, default=None, help="how many problems (evenly spread)")
    ap.add_argument("--games", type=int, default=None, help="ballots per match (2 games each)")
    ap.add_argument("--move-time", type=float, default=None, help="engine seconds a move in matches")
    ap.add_argument("--endgame-cache", default="/tmp/checkers-desktop-bench-cache",
                    help="where the endgame database is cached (generated when missing)")
    ap.add_argument("--no-endgame", action="store_true", help="search without the endgame database")
    ap.add_argument("--skip", default="", help="comma list of sections to skip: speed,problems,matches")
    args = ap.parse_args(argv)
    quick = args.quick
    ptime = args.problem_time or (0.25 if quick else 1.0)
    nprob = args.problems if args.problems is not None else (120 if quick else 0)
    nballots = args.games or (4 if quick else 12)
    mtime = args.move_time or (0.1 if quick else 0.25)
    skip = set(filter(None, args.skip.split(",")))
    if not SHARED.is_dir():
        print(f"needs {SHARED} (the shared reference material)", file=sys.stderr)
        return 2
    if not args.no_endgame:
        t = time.perf_counter()
        table = ensure_table(args.endgame_cache)
        print(f"endgame database: {len(table):,} won/lost positions of up to {table.pieces} pieces, "
              f"ready in {time.perf_counter() - t:.1f} s (cached in {args.endgame_cache})")
    else:
        print("endgame database: off")
    if "speed" not in skip:
        speed(1.0, 3 if quick else 5)
    if "problems" not in skip:
        problem_share(ptime, nprob)
    if "matches" not in skip:
        print("## Matches (colours alternating over the three-move ballots)")
        rows = ballots()
        step = max(1, len(rows) // nballots)
        rows = rows[::step][:nballots]

        def level1(i):
            rng = random.Random(i)
            return lambda board: search_at_level(board, 1, rng=rng).move

        def minimax(i):
            peer = PlainMinimax(depth=4, seed=i)
            return peer.choose

        match("level 1", level1, rows, mtime)
        match("plain minimax depth 4", minimax, rows, mtime)
    return 0


if __name__ == "__main__":
    sys.exit(main())
