"""Perft speed of the rules core against pydraughts, in the same process.

Run: ``python benchmarks/perft.py [--depth N] [--deep]``

1. For the start position and the positions of ../shared/PERFT.md, the same perft (leaves counted
   at the last ply without playing them) is run by checkers-desktop's bitboard ``Board.perft``, by
   a walk over ``Board.legal_moves``/``push``/``pop`` (the object API, the same work pydraughts
   does) and by pydraughts (``draughts.Board("english", fen)``, ``legal_moves``/``push``/``pop``).
   pydraughts is slow, so the depth is the deepest whose leaf count is at most 1,500 (about a few
   seconds for it) unless ``--depth`` is given. Positions pydraughts cannot set up are skipped, with
   the reason. Leaf counts must agree; a disagreement is printed.
2. perft(10) from the start (and perft(11) with ``--deep``), checked against OEIS A133046
   (18,391,564 and 85,242,128; ../shared/PERFT.md).

Figures are nodes (leaves) per second; "ratio" is checkers-desktop's rate over pydraughts' rate.
checkers-desktop's small counts are timed over repeated runs (at least 0.3 s), pydraughts' once.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from checkers_desktop.rules import Board  # noqa: E402

# (name, FEN, leaves at depth 1, 2, ...) from ../shared/PERFT.md; the start from OEIS A133046.
POSITIONS = [
    ("start", "B:W21-32:B1-12",
     [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128]),
    ("PDN standard's example", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
     [5, 38, 178, 1378, 5836, 40745, 197933, 1377007, 6924287]),
    ("First Position", "W:WK19,K23:B12,K28",
     [6, 14, 54, 150, 694, 2094, 10984, 33906, 177782, 647091, 3828909, 12648540]),
    ("kings and men", "W:WK10,29,30:B14,15,22,23,3,K31",
     [2, 8, 32, 132, 734, 3184, 17772, 78352]),
    ("king circling four men", "W:WK10:B14,15,22,23", [2]),
]
PEER_LEAF_BUDGET = 1500


def walk_perft(board, depth: int) -> int:
    """Perft over an object API with ``legal_moves``, ``push`` and ``pop`` (bulk count at depth 1)."""
    moves = board.legal_moves() if callable(board.legal_moves) else board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += walk_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def timed_repeat(fn, *args, min_seconds: float = 0.3):
    """Like :func:`timed`, repeating the call until ``min_seconds`` have passed: (result, seconds
    per call), so that counts of a few thousand leaves are timed well."""
    calls = 0
    start = time.perf_counter()
    while True:
        result = fn(*args)
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return result, elapsed / calls


def rate(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds > 0 else float("inf")


def pick_depth(counts: list[int], forced: int | None) -> int:
    if forced:
        return forced
    depth = 1
    for d, n in enumerate(counts, 1):
        if n <= PEER_LEAF_BUDGET:
            depth = d
    return depth


def compare(forced_depth: int | None) -> None:
    try:
        import draughts
    except ImportError as exc:  # pragma: no cover - pydraughts is a bench dependency
        print(f"pydraughts is not installed ({exc}); install the 'bench' extra.")
        draughts = None
    header = (f"{'position':<24} {'depth':>5} {'leaves':>8} {'bitboard n/s':>13} "
              f"{'Board walk n/s':>15} {'pydraughts n/s':>15} {'ratio bb':>9} {'ratio walk':>10}")
    print(header)
    print("-" * len(header))
    for name, fen, counts in POSITIONS:
        depth = pick_depth(counts, forced_depth)
        board = Board(fen)
        ours, t_bb = timed_repeat(board.perft, depth)
        walked, t_walk = timed_repeat(walk_perft, board, depth)
        expected = counts[depth - 1] if depth <= len(counts) else None
        note = ""
        if expected is not None and ours != expected:
            note += f" PERFT.md says {expected}!"
        if walked != ours:
            note += f" walk gave {walked}!"
        peer_text, ratio_bb, ratio_walk = "-", "-", "-"
        if draughts is not None:
            try:
                peer = draughts.Board("english", fen=board.fen())
            except Exception as exc:  # pydraughts raises various errors for positions it refuses
                note += f" pydraughts cannot set it up: {type(exc).__name__}: {exc}"
            else:
                theirs, t_peer = timed(walk_perft, peer, depth)
                if theirs != ours:
                    note += f" pydraughts counts {theirs}!"
                peer_rate = rate(theirs, t_peer)
                peer_text = f"{peer_rate:,.0f}"
                if theirs and ours:
                    ratio_bb = f"{rate(ours, t_bb) / peer_rate:,.0f}x"
                    ratio_walk = f"{rate(walked, t_walk) / peer_rate:,.1f}x"
                else:
                    note += " (no leaves at this depth: the game is over before it)"
        print(f"{name:<24} {depth:>5} {ours:>8,} {rate(ours, t_bb):>13,.0f} "
              f"{rate(walked, t_walk):>15,.0f} {peer_text:>15} {ratio_bb:>9} {ratio_walk:>10}"
              + note, flush=True)


def deep(depths: list[int]) -> None:
    print()
    header = f"{'start position':<14} {'leaves':>12} {'seconds':>9} {'leaves/s':>12}  check"
    print(header)
    print("-" * len(header))
    start_counts = POSITIONS[0][2]
    board = Board()
    for depth in depths:
        nodes, seconds = timed(board.perft, depth)
        check = "OEIS A133046 ok" if nodes == start_counts[depth - 1] else (
            f"expected {start_counts[depth - 1]:,}!")
        print(f"perft({depth}){'':<6} {nodes:>12,} {seconds:>9.2f} {rate(nodes, seconds):>12,.0f}  "
              + check, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=None,
                        help="depth of the comparison with pydraughts (default: auto, <= 1,500 leaves)")
    parser.add_argument("--deep", action="store_true", help="also perft(11) from the start")
    args = parser.parse_args(argv)
    if args.depth is not None and args.depth < 1:
        parser.error(f"--depth must be 1 or more, not {args.depth}")
    compare(args.depth)
    deep([10, 11] if args.deep else [10])
    return 0


if __name__ == "__main__":
    sys.exit(main())
