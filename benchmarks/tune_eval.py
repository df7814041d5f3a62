"""Fit the evaluation's weights to the results of master games (a logistic "Texel" fit).

Positions come from the games of ../shared/pdn/games (Tinsley's 724 games and the others, the
same files as the opening book). Each quiet position (the side to move has no jump) is labelled
with its game's result from BLACK's view (1 a BLACK win, 0.5 a draw, 0 a WHITE win). The
evaluation is linear in its weights (engine/evaluate.py, :class:`Weights`), so each position
becomes a row of features, one per weight (the term's value with a weight of one, without the
integer rounding), and the prediction is ``1 / (1 + exp(-score / K))`` with ``score`` = 100 x the
men difference + weights . features. First ``K`` is fitted with the hand weights, then the
weights with ``K`` fixed, minimising the mean squared error (scipy's L-BFGS-B, weights 0-400)
plus a ridge penalty towards the hand weights whose strength is chosen on a validation part of
the tuning games (most games are draws: an unpenalised fit follows their noise and does worse on
held-out games, as measured).

The games are split by their number: four in five for the fit ("tuning"), every fifth held out;
both errors are printed, for the hand weights and the fitted ones, with the fitted weights
rounded to integers as engine/evaluate.py keeps them. Whether the fit plays better is a separate
question, answered by ``benchmarks/engine.py`` (section ``weights``: the same search with each
set of weights, colours swapped over the ballots).

Usage: python benchmarks/tune_eval.py [--skip-plies 6]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import math
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import minimize, minimize_scalar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.rules import BLACK, Board, RulesError  # noqa: E402
from checkers_desktop.rules import bitboard as bbm  # noqa: E402
from checkers_desktop.rules.pdn import read_games, read_pdn_file  # noqa: E402

ev = importlib.import_module("checkers_desktop.engine.evaluate")
GAMES = ROOT / ".." / "shared" / "pdn" / "games"
FIELDS = [f.name for f in dataclasses.fields(ev.Weights)]


def features(black: int, white: int, kings: int, king_weight: int) -> list[float]:
    """[men difference] + one value per Weights field (BLACK's view), as evaluate_black adds
    them with every weight 1 (floats: no rounding)."""
    kb = black & kings
    kw = white & kings
    men_b = black ^ kb
    men_w = white ^ kw
    nmb, nmw, nkb, nkw = (men_b.bit_count(), men_w.bit_count(), kb.bit_count(),
                          kw.bit_count())
    lead = ev.MAN * (nmb - nmw) + king_weight * (nkb - nkw)
    f = dict.fromkeys(FIELDS, 0.0)
    f["king"] = nkb - nkw
    f["back"] = (((men_b & ev.BLACK_BACK).bit_count() + (men_b & ev.BLACK_BRIDGE).bit_count()) * nmw
                 - ((men_w & ev.WHITE_BACK).bit_count()
                    + (men_w & ev.WHITE_BRIDGE).bit_count()) * nmb) / 8
    f["centre_man"] = (men_b & ev.CENTRE).bit_count() - (men_w & ev.CENTRE).bit_count()
    if kings:
        f["centre_king"] = (kb & ev.WIDE_CENTRE).bit_count() - (kw & ev.WIDE_CENTRE).bit_count()
        f["edge_king"] = -((kb & ev.EDGES).bit_count() - (kw & ev.EDGES).bit_count())
    empty = bbm.VALID & ~(black | white)
    nb = ((black << 4) & empty).bit_count() + ((black << 5) & empty).bit_count()
    nw = ((white >> 4) & empty).bit_count() + ((white >> 5) & empty).bit_count()
    if kb:
        nb += ((kb >> 4) & empty).bit_count() + ((kb >> 5) & empty).bit_count()
    if kw:
        nw += ((kw << 4) & empty).bit_count() + ((kw << 5) & empty).bit_count()
    f["mobility"] = nb - nw
    run = 0
    for m, (cone, bonus) in ev._BLACK_RUNAWAY.items():
        if m & men_b and not cone & white:
            run += bonus
    for m, (cone, bonus) in ev._WHITE_RUNAWAY.items():
        if m & men_w and not cone & black:
            run -= bonus
    f["runaway"] = run / 100
    total = nmb + nmw + nkb + nkw
    if total <= 16:
        if total < 16:
            tb = ((men_b & ev._ROW_BIT1).bit_count() + 2 * (men_b & ev._ROW_BIT2).bit_count()
                  + 4 * (men_b & ev._ROW_BIT4).bit_count())
            tw = 7 * nmw - ((men_w & ev._ROW_BIT1).bit_count()
                            + 2 * (men_w & ev._ROW_BIT2).bit_count()
                            + 4 * (men_w & ev._ROW_BIT4).bit_count())
            f["tempo"] = (tb - tw) * (16 - total) / 800
        f["simplify"] = lead * (16 - total) / 4000
        if total <= 8 and kings:
            if lead < 0:
                f["double_corner"] = (kb & ev.DOUBLE_CORNERS).bit_count()
                f["hunt"] = ev._hunt(kw, black)
            elif lead > 0:
                f["double_corner"] = -(kw & ev.DOUBLE_CORNERS).bit_count()
                f["hunt"] = -ev._hunt(kb, white)
    return [float(nmb - nmw)] + [f[name] for name in FIELDS]


def positions(skip_plies: int, king_weight: int):
    """(features, label, game number) of every quiet position of the games after
    ``skip_plies`` plies."""
    rows, labels, which = [], [], []
    number = 0
    for path in sorted(GAMES.glob("*.pdn")):
        for parsed in read_games(read_pdn_file(path)):
            game = parsed.game
            if game.result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            label = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[game.result]
            try:
                board = Board(game.fen)
            except (RulesError, ValueError):
                continue
            number += 1
            for ply, move in enumerate(game.moves):
                if ply >= skip_plies and not board.is_capture_required():
                    rows.append(features(board.black_bb, board.white_bb, board.kings_bb,
                                         king_weight))
                    labels.append(label)
                    which.append(number)
                try:
                    board.push(move)
                except (RulesError, ValueError):
                    break
    return np.array(rows), np.array(labels), np.array(which)


def self_play(games: int, depth: int, king_weight: int, seed: int = 1):
    """(features, label, game number) of the quiet positions of ``games`` games of the compiled
    search against itself at ``depth`` plies, from the three-move ballots in turn, choosing at
    random among moves within 10 of the best (for variety), each labelled with its result
    (a draw after 200 plies, a third repetition or 80 plies without a capture or man move)."""
    import random

    from checkers_desktop.engine.compiled import warm_up
    from checkers_desktop.engine.levels import Level, search_at_level
    from checkers_desktop.engine.book import BookUse

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from engine import ballots  # noqa: E402  (benchmarks/engine.py)

    warm_up()
    level = Level(0, "tuning", "", think_seconds=5.0, min_reply_seconds=0.0, depth=depth,
                  margin=10, book=BookUse.NONE)
    rng = random.Random(seed)
    rows_, labels, which = [], [], []
    ballot_rows = ballots()
    for number in range(games):
        board = Board(ballot_rows[number % len(ballot_rows)]["fen"])
        seen: dict = {}
        start = len(rows_)
        result = 0.5
        while board.ply < 200:
            if board.is_game_over():
                result = 0.0 if board.turn is BLACK else 1.0
                break
            key = board.key()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 3 or board.quiet_plies >= 80:
                break
            if not board.is_capture_required():
                rows_.append(features(board.black_bb, board.white_bb, board.kings_bb,
                                      king_weight))
            board.push(search_at_level(board, level, rng=rng).move)
        labels += [result] * (len(rows_) - start)
        which += [100_000 + number] * (len(rows_) - start)
    return np.array(rows_), np.array(labels), np.array(which)


def mse(weights: np.ndarray, x: np.ndarray, y: np.ndarray, k: float) -> float:
    score = x[:, 0] * ev.MAN + x[:, 1:] @ weights
    return float(np.mean((y - 1.0 / (1.0 + np.exp(-score / k))) ** 2))


def fit(x, y, k, hand, strength: float) -> np.ndarray:
    """Weights minimising the error plus ``strength`` x the squared relative distance from the
    hand weights (a ridge penalty: with few decided games an unpenalised fit follows noise)."""
    scale = np.maximum(hand, 1.0)

    def loss(w):
        return mse(w, x, y, k) + strength * float(np.sum(((w - hand) / scale) ** 2))

    return minimize(loss, hand, method="L-BFGS-B", bounds=[(0, 400)] * len(hand)).x


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-plies", type=int, default=6,
                    help="plies of each game left out (the opening, played from memory)")
    ap.add_argument("--self-play", type=int, default=0,
                    help="games of the compiled search against itself to add (0: none)")
    ap.add_argument("--self-play-depth", type=int, default=6, help="their search depth, plies")
    args = ap.parse_args(argv)
    if not GAMES.is_dir():
        print(f"needs {GAMES} (the shared reference material)", file=sys.stderr)
        return 2
    hand = np.array(ev.HAND_WEIGHTS.values(), dtype=float)
    t = time.perf_counter()
    x, y, game = positions(args.skip_plies, ev.HAND_WEIGHTS.king)
    if args.self_play:
        t2 = time.perf_counter()
        xs, ys, gs = self_play(args.self_play, args.self_play_depth, ev.HAND_WEIGHTS.king)
        print(f"self-play: {len(ys):,} positions from {args.self_play} games at depth "
              f"{args.self_play_depth} ({time.perf_counter() - t2:.0f} s): "
              f"{np.mean(ys == 1):.0%} BLACK wins, {np.mean(ys == 0.5):.0%} draws")
        x, y, game = np.vstack([x, xs]), np.concatenate([y, ys]), np.concatenate([game, gs])
    held = game % 5 == 0
    xt, yt, xh, yh = x[~held], y[~held], x[held], y[held]
    print(f"{len(y):,} quiet positions from {len(set(game.tolist()))} games ({time.perf_counter() - t:.0f} s):"
          f" {len(yt):,} for the fit, {len(yh):,} held out (every fifth game); results "
          f"{np.mean(y == 1):.0%} BLACK wins, {np.mean(y == 0.5):.0%} draws")
    k = minimize_scalar(lambda kk: mse(hand, xt, yt, kk), bounds=(20, 2000),
                        method="bounded").x
    print(f"K = {k:.1f} (fitted on the tuning games with the hand weights)")
    # the penalty's strength: chosen on the tuning games alone (every fourth as validation)
    inner = game[~held] % 4 == 0
    best = None
    for strength in (0.0, 1e-5, 1e-4, 1e-3, 1e-2):
        w = fit(xt[~inner], yt[~inner], k, hand, strength)
        err = mse(np.round(w), xt[inner], yt[inner], k)
        print(f"penalty {strength:g}: validation error {err:.5f}")
        if best is None or err < best[0]:
            best = (err, strength)
    strength = best[1]
    print(f"chosen penalty: {strength:g}")
    tuned = np.round(fit(xt, yt, k, hand, strength)).astype(int)
    tuned[FIELDS.index("king")] = max(tuned[FIELDS.index("king")], ev.MAN)
    print(f"{'weight':15s} {'hand':>6s} {'fitted':>8s}")
    for name, h, v in zip(FIELDS, hand, tuned):
        print(f"{name:15s} {int(h):6d} {int(v):8d}")
    for label, w in (("hand", hand), ("fitted", tuned.astype(float))):
        print(f"mean squared error, {label:6s}: tuning {mse(w, xt, yt, k):.5f}, "
              f"held out {mse(w, xh, yh, k):.5f}")
    print("Weights(" + ", ".join(f"{n}={int(v)}" for n, v in zip(FIELDS, tuned)) + ")")
    return 0 if math.isfinite(mse(tuned.astype(float), xh, yh, k)) else 1


if __name__ == "__main__":
    sys.exit(main())
