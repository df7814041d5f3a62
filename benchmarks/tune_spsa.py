"""Tune the evaluation's weights by self-play (SPSA: simultaneous perturbation stochastic
approximation, Spall 1992, as chess engines tune their evaluations by playing games).

The logistic fit of benchmarks/tune_eval.py matched master games' results better but did not
play better (most master games are draws, and a position's result says little about which of
its features won it). This tuner asks the games themselves: at each step every weight is
pushed up or down at random by its own step ``c`` (all at once), the two sets so made play a
ballot with each colour at a fixed depth, and the weights move towards the set that scored more.
The weights printed at the end are the mean over the second half of the steps (which smooths
the noise of single games).

Positions: the ballots of ../shared/ballots/three_move_english.tsv with an odd index (0-based,
78 of 156). Whether the result plays better is measured on the *other* ballots, the even ones,
by benchmarks/engine.py's ``weights`` section (``--weights-games 78`` takes every second ballot
from the first), at a time per move, so that neither the ballots nor the depth it was tuned at
decide the figure.

Usage: python benchmarks/tune_spsa.py [--steps 2000] [--depth 8] [--seed 1]
           [--endgame-cache DIR] [--endgame-pieces 5]
Each step plays 2 games (about 0.6 s at depth 8 on one core of this machine).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine import ballots, play_game  # noqa: E402

from checkers_desktop.engine import endgame  # noqa: E402
from checkers_desktop.engine.evaluate import WEIGHTS, Weights  # noqa: E402
from checkers_desktop.engine.search import Searcher  # noqa: E402

STEP = {"king": 10, "back": 3, "centre_man": 3, "centre_king": 3, "edge_king": 3,
        "mobility": 1, "runaway": 20, "tempo": 20, "simplify": 20, "double_corner": 4,
        "hunt": 1}
"""Each weight's perturbation ``c`` (in its own units, see evaluate.Weights): about a fifth of
the hand weight, at least 1 so that the two sets differ after rounding."""

LOWEST = {"king": 100}
"""Floors besides 0 (a king is worth at least a man)."""


def rounded(theta: dict) -> Weights:
    return Weights(**{k: max(LOWEST.get(k, 0), int(round(v))) for k, v in theta.items()})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gain", type=float, default=0.15,
                    help="the first steps move each weight by up to this share of its c")
    ap.add_argument("--endgame-cache", default="/tmp/checkers-desktop-bench-cache")
    ap.add_argument("--endgame-pieces", type=int, default=5)
    ap.add_argument("--no-endgame", action="store_true")
    args = ap.parse_args(argv)

    if not args.no_endgame:
        endgame.ensure_table(args.endgame_cache, pieces=args.endgame_pieces)  # installs it
    rows = ballots()[1::2]
    rng = random.Random(args.seed)
    theta = {k: float(v) for k, v in dataclasses.asdict(WEIGHTS).items()}
    plus, minus = Searcher(compiled=True), Searcher(compiled=True)
    mean = dict.fromkeys(theta, 0.0)
    counted = 0
    started = time.time()
    print(f"SPSA from {WEIGHTS}; depth {args.depth}; {args.steps} steps of 2 games; "
          f"{len(rows)} tuning ballots (odd indices); seed {args.seed}", flush=True)
    for k in range(args.steps):
        delta = {n: rng.choice((-1, 1)) for n in theta}
        up = rounded({n: theta[n] + STEP[n] * delta[n] for n in theta})
        down = rounded({n: theta[n] - STEP[n] * delta[n] for n in theta})
        plus.set_weights(up)
        minus.set_weights(down)
        row = rows[rng.randrange(len(rows))]
        result = 0.0  # up's score minus down's, over the two games (-2 to 2)
        for up_black in (True, False):
            plus.clear_table()
            minus.clear_table()
            p = lambda board: plus.search(board, depth=args.depth).move  # noqa: E731
            m = lambda board: minus.search(board, depth=args.depth).move  # noqa: E731
            s = play_game(row["fen"], p, m) if up_black else 1 - play_game(row["fen"], m, p)
            result += 2 * s - 1
        gain = args.gain / (1 + k / (args.steps / 10)) ** 0.602
        for n in theta:
            theta[n] += gain * STEP[n] * result / 2 * delta[n]
            theta[n] = max(theta[n], float(LOWEST.get(n, 0)))
        if k >= args.steps // 2:
            counted += 1
            for n in theta:
                mean[n] += theta[n]
        if (k + 1) % 100 == 0:
            print(f"step {k + 1}: {rounded(theta)} ({time.time() - started:.0f} s)", flush=True)
    final = rounded({n: v / max(1, counted) for n, v in mean.items()})
    print(f"mean over the second half: {final}")
    print("candidate: " + ",".join(f"{n}={v}" for n, v in dataclasses.asdict(final).items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
