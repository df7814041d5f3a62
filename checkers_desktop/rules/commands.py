"""Command-line tools of the rules core: ``perft``, ``moves`` and ``replay``.

Bad input (a FEN that is not one, a file that cannot be read or passes a limit) gets one line on
standard error naming the file and what is wrong, and exit status 2; input is read within the
limits of :mod:`checkers_desktop.inputs`, so no input makes a tool hang or grow without bound.
"""

from __future__ import annotations

import argparse
import sys
import time

from ..inputs import MIB, InputError, iter_lines
from .board import STARTING_FEN, Board
from .errors import RulesError
from .fen import MAX_FEN_CHARS

MAX_PERFT_DEPTH = 15
"""The deepest perft: the deepest count published in ../shared/PERFT.md (36,263,167,175 leaves from
the start at depth 15, some hours here). Deeper is refused rather than left to run for days."""

MAX_FEN_FILE_BYTES = 2 * MIB
"""The largest list of FEN positions ``moves`` reads (a file or standard input), in bytes: some
80,000 positions, answered in about 5 s here (2.6 s a MB measured on the development machine)."""

MAX_FEN_LINE_BYTES = 4 * MAX_FEN_CHARS
"""The longest line ``moves`` holds, in bytes (a FEN is at most 256 characters; four bytes a
character leaves the FEN reader to say what is wrong with a line of other scripts' digits)."""

FEN_LIST_WHAT = "a list of FEN positions (one a line)"


def perft_command(args: argparse.Namespace) -> int:
    """Print ``DEPTH NODES SECONDS`` for each depth from 1 to ``args.depth`` (1 to
    :data:`MAX_PERFT_DEPTH`) from ``args.fen`` (None: the start position; an empty text is refused,
    not read as the start). Exit status 0, or 2 for a bad FEN or depth (message on standard
    error)."""
    fen = STARTING_FEN if args.fen is None else args.fen
    depth = args.depth
    if isinstance(depth, bool) or not isinstance(depth, int) or \
            not 1 <= depth <= MAX_PERFT_DEPTH:
        print(f"error: depth {depth!r} is not from 1 to {MAX_PERFT_DEPTH}", file=sys.stderr)
        return 2
    try:
        board = Board(fen)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for d in range(1, depth + 1):
        start = time.perf_counter()
        nodes = board.perft(d)
        print(f"{d} {nodes} {time.perf_counter() - start:.3f}", flush=True)
    return 0


def moves_command(args: argparse.Namespace) -> int:
    """For each FEN line of ``args.fen_file`` (None: standard input), print its legal moves in PDN
    with the whole path, sorted by path (numerically), space separated. Blank lines are skipped.

    A line that is not a FEN prints ``error: 'FILE', line N: ...`` on standard error and an empty
    line, and the other lines are still answered; the exit status is then 2. A file that cannot be
    read (missing, a folder, a FIFO or device, larger than 2 MB, binary, not UTF-8, a line over
    1,024 bytes) stops the command with one line on standard error and exit status 2.
    """
    from ..inputs import describe_path

    path = args.fen_file
    source = path if path else sys.stdin.buffer
    where = describe_path(path if path else None)
    status = 0
    try:
        for number, line in iter_lines(source, max_line=MAX_FEN_LINE_BYTES,
                                       limit=MAX_FEN_FILE_BYTES, what=FEN_LIST_WHAT,
                                       path=path or None):
            line = line.strip()
            if not line:
                continue
            try:
                board = Board(line)
            except RulesError as exc:
                print(f"error: {where}, line {number:,}: {exc}", file=sys.stderr)
                print()
                status = 2
                continue
            print(" ".join(m.pdn() for m in sorted(board.legal_moves, key=lambda m: m.path)))
    except InputError as exc:
        sys.stdout.flush()
        message = str(exc) if exc.path is not None else f"{where}: {exc.reason}"
        print(f"error: {message}", file=sys.stderr)
        return 2
    return status


def replay_command(args: argparse.Namespace) -> int:
    """``replay FILE.pdn``: see :func:`checkers_desktop.rules.pdn.replay_main`."""
    from .pdn import replay_main

    return replay_main(args)
