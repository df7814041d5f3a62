"""Train the learned evaluation (checkers_desktop/engine/network.py) and write its weights file.

Reads the labelled positions of training/evaluation_data.py (one or more ``.npz``), keeps one
row per position (the first seen), holds out every game whose number is 0 modulo
``--held-out-every`` (whole games, so that no held-out position has a near twin in training),
and fits with PyTorch on the CPU:

- inputs: the 128 piece-square features of the side to move's perspective and of the other's
  (network.features), through one shared layer of ``--hidden`` units, a clipped ReLU (0..1),
  then one output in men (times 100: hundredths of a man), plus the hand evaluation when
  ``--plus-hand`` (the network then learns a correction to it);
- target: ``lam * result + (1 - lam) * sigmoid(score / K)`` (result 1 / 0.5 / 0 from the side to
  move, score the search's, K = ``--k`` hundredths of a man), the result alone where the endgame
  database gave it; loss: the mean squared error of ``sigmoid(prediction / K)`` against it;
- Adam, mini-batches, at most ``--epochs`` passes; training stops when the held-out loss has not
  improved for ``--patience`` passes, and the best pass's weights are kept.

The weights are then quantised (network.ACC_ONE for layer 1, an output scale that keeps layer
2 within int16), the held-out loss of the quantised integers is measured with the same code the
engine runs (network.evaluate), and the file, a loss curve (CSV and PNG) and a summary are
written.

Run (from the repository root)::

    nice -n 10 .venv/bin/python training/train_evaluation.py /tmp/nn/*.npz \
        --out checkers_desktop/engine/network.bin --figure /tmp/nn/loss.png
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import network as nn  # noqa: E402
from checkers_desktop.engine.evaluate import evaluate as hand_evaluate  # noqa: E402


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    parts = [dict(np.load(p)) for p in paths]
    cols = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    key = np.stack([cols["black"], cols["white"], cols["kings"],
                    cols["turn_black"].astype(np.int64)], axis=1)
    _, first = np.unique(key, axis=0, return_index=True)
    first.sort()
    return {k: v[first] for k, v in cols.items()}


def inputs(cols: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(side to move's features, other's features) as 0/1 uint8 rows of 128, and the hand
    evaluation (hundredths of a man, side to move)."""
    n = len(cols["black"])
    mine = np.zeros((n, nn.FEATURES), np.uint8)
    other = np.zeros((n, nn.FEATURES), np.uint8)
    hand = np.zeros(n, np.float32)
    for i in range(n):
        b, w, k = int(cols["black"][i]), int(cols["white"][i]), int(cols["kings"][i])
        black = bool(cols["turn_black"][i])
        mine[i, nn.features(b, w, k, not black)] = 1
        other[i, nn.features(b, w, k, black)] = 1
        my, opp = (b, w) if black else (w, b)
        hand[i] = hand_evaluate(my, opp, k, black)
    return mine, other, hand


def main(argv=None) -> int:
    import torch

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--figure", type=Path, default=None, help="the loss curve as a PNG")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--plus-hand", action="store_true")
    ap.add_argument("--lam", type=float, default=0.5, help="weight of the game result")
    ap.add_argument("--k", type=float, default=150.0)
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--patience", type=int, default=6)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--held-out-every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    t0 = time.perf_counter()

    cols = load(args.data)
    mine, other, hand = inputs(cols)
    k = args.k
    score_p = 1.0 / (1.0 + np.exp(-cols["score"].astype(np.float64) / k))
    lam = np.where(cols["exact"] == 1, 1.0, args.lam)
    target = (lam * cols["result"] + (1 - lam) * score_p).astype(np.float32)
    held = (cols["game"] % args.held_out_every) == 0
    print(f"{len(target)} positions ({int(held.sum())} held out, from "
          f"{len(np.unique(cols['game'][held]))} games; "
          f"{int((cols['source'] == 0).sum())} from master games, "
          f"{int(cols['exact'].sum())} labelled by the endgame database); "
          f"features in {time.perf_counter() - t0:.0f} s", flush=True)

    def tensors(mask):
        return (torch.from_numpy(mine[mask].astype(np.float32)),
                torch.from_numpy(other[mask].astype(np.float32)),
                torch.from_numpy(hand[mask]), torch.from_numpy(target[mask]))

    train, valid = tensors(~held), tensors(held)
    h = args.hidden
    l1 = torch.nn.Linear(nn.FEATURES, h)
    l2 = torch.nn.Linear(2 * h, 1)
    with torch.no_grad():
        l1.bias.fill_(0.5)
        l2.weight.mul_(0.1)
    params = list(l1.parameters()) + list(l2.parameters())
    opt = torch.optim.Adam(params, lr=args.lr)
    plus = args.plus_hand

    def predict(xm, xo, hd):
        a = torch.clamp(l1(xm), 0.0, 1.0)
        b = torch.clamp(l1(xo), 0.0, 1.0)
        out = 100.0 * l2(torch.cat([a, b], dim=1)).squeeze(1)
        return out + hd if plus else out

    def loss_of(xm, xo, hd, y):
        return torch.mean((torch.sigmoid(predict(xm, xo, hd) / k) - y) ** 2)

    curve = []
    best = (float("inf"), -1, None)
    n = len(train[3])
    for epoch in range(args.epochs):
        perm = torch.randperm(n)
        total = 0.0
        for s in range(0, n, args.batch):
            idx = perm[s:s + args.batch]
            loss = loss_of(*(t[idx] for t in train))
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():  # layer 1 stays within int16 once quantised
                l1.weight.clamp_(-250.0, 250.0)
            total += float(loss.detach()) * len(idx)
        with torch.no_grad():
            vloss = float(loss_of(*valid))
        curve.append((epoch + 1, total / n, vloss))
        print(f"epoch {epoch + 1}: train {total / n:.5f} held-out {vloss:.5f} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
        if vloss < best[0]:
            best = (vloss, epoch + 1, [p.detach().clone() for p in params])
        elif epoch + 1 - best[1] >= args.patience:
            break
    seconds = time.perf_counter() - t0
    assert best[2] is not None
    w1, b1, w2, b2 = (p.numpy().astype(np.float64) for p in best[2])

    # quantise: layer 1 in ACC_ONE units, layer 2 in 1/out_scale of a man
    one = nn.ACC_ONE
    out_scale = int(min(1024, 32000 // max(1e-9, float(np.abs(w2).max()))))
    net = nn.Network(w1=np.round(w1.T * one).astype(np.int16),
                     b1=np.round(b1 * one).astype(np.int16),
                     w2=np.round(w2.reshape(-1) * out_scale).astype(np.int16),
                     b2=int(round(float(b2[0]) * one * out_scale)), out_scale=out_scale,
                     plus_hand=plus)
    size = nn.save_network(net, args.out)
    back = nn.load_network(args.out)
    assert back is not None

    # the held-out loss of the integers the engine computes
    idx = np.flatnonzero(held)
    q = np.empty(len(idx))
    for j, i in enumerate(idx):
        b, w, kk = int(cols["black"][i]), int(cols["white"][i]), int(cols["kings"][i])
        black = bool(cols["turn_black"][i])
        my, opp = (b, w) if black else (w, b)
        q[j] = nn.evaluate(back, my, opp, kk, black)
    qloss = float(np.mean((1 / (1 + np.exp(-q / k)) - target[idx]) ** 2))
    hand_loss = float(np.mean((1 / (1 + np.exp(-hand[idx].astype(np.float64) / k))
                               - target[idx]) ** 2))
    summary = {"positions": int(len(target)), "held_out": int(held.sum()),
               "best_epoch": best[1], "held_out_loss": best[0],
               "held_out_loss_quantised": qloss, "held_out_loss_hand_evaluation": hand_loss,
               "training_seconds": round(seconds, 1), "file_bytes": size, "hidden": h,
               "plus_hand": plus, "out_scale": out_scale, "k": k, "lam": args.lam}
    print(json.dumps(summary, indent=1))
    csv = args.out.with_suffix(".loss.csv") if args.figure is None else \
        args.figure.with_suffix(".csv")
    csv.write_text("epoch,train,held_out\n"
                   + "".join(f"{e},{a:.6f},{b:.6f}\n" for e, a, b in curve))
    if args.figure is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([c[0] for c in curve], [c[1] for c in curve], label="training")
        ax.plot([c[0] for c in curve], [c[2] for c in curve], label="held out")
        ax.axhline(hand_loss, color="grey", linestyle="--", label="hand evaluation, held out")
        ax.set_xlabel("epoch")
        ax.set_ylabel("mean squared error of the win share")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.figure, dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
