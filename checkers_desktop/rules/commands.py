"""Command-line tools of the rules core: ``perft``, ``moves`` and ``replay``."""

from __future__ import annotations

import sys
import time

from .board import STARTING_FEN, Board
from .errors import RulesError


def perft_command(args) -> int:
    """Print ``DEPTH NODES SECONDS`` for each depth from 1 to ``args.depth``."""
    try:
        board = Board(args.fen or STARTING_FEN)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        nodes = board.perft(depth)
        print(f"{depth} {nodes} {time.perf_counter() - start:.3f}", flush=True)
    return 0


def moves_command(args) -> int:
    """For each FEN line, print its legal moves in PDN with the whole path, sorted by path (numerically), space separated.

    A line that is not a FEN prints ``error: ...`` on standard error and an empty line, and the exit
    status is 1.
    """
    stream = open(args.fen_file, encoding="utf-8") if args.fen_file else sys.stdin
    status = 0
    with stream:
        for line in stream:
            line = line.strip()
            if not line:
                continue
            try:
                board = Board(line)
            except RulesError as exc:
                print(f"error: {exc}", file=sys.stderr)
                print()
                status = 1
                continue
            print(" ".join(m.pdn() for m in sorted(board.legal_moves, key=lambda m: m.path)))
    return status


def replay_command(args) -> int:
    from .pdn import replay_main

    return replay_main(args)
