"""The endgame database's build: the compiled builder against the pure-Python one, in one process.

Run: ``python benchmarks/endgame.py [--pieces 4|5|6] [--no-python] [--cache DIR]`` (6 pieces:
about half an hour and 4.3 GB of memory, since this builds in memory; ``checkers-desktop endgame
--pieces 6`` builds in a work file instead)

1. The compiled builder (engine/numba_endgame.py) builds 2-4 pieces twice (the first run includes
   loading or compiling its functions), then 5 pieces on top of 4 (and 6 on top of 5 with
   ``--pieces 6``): wall time of each, the process's peak memory after it (``ru_maxrss``), the
   size of the tables and of the cache file.
2. The pure-Python builder (engine/endgame.py) builds 2-4 pieces in the same process; its bytes
   must equal the compiled ones (a difference is printed and the exit status is 1); the ratio is
   Python's time over the compiled time (warm).
3. Per piece count: positions won and lost (BLACK to move; the WHITE twins are the same) and the
   longest win in plies; every position checked against its moves generated forwards
   (``endgame.verify_table``; an inconsistency makes the exit status 1); the cached table mapped
   back (time) and probed (probes a second, the Python probe).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from checkers_desktop.engine import endgame as eg  # noqa: E402
from checkers_desktop.rules import bitboard as bbm  # noqa: E402


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def _stats(table: eg.EndgameTable) -> None:
    data = np.frombuffer(table.data, np.uint8)
    step = 1 << 26  # bytes at a time, so that 6 pieces (3.7 GB) need no 3.7 GB temporaries
    for count in range(2, table.pieces + 1):
        lo = eg.layout(count - 1)[1] if count > 2 else 0
        hi = eg.layout(count)[1]
        wins = losses = top = 0
        for at in range(lo, hi, step):
            part = data[at:min(hi, at + step)]
            won = (part > 0) & (part % 2 == 0)
            wins += int(np.count_nonzero(won))
            losses += int(np.count_nonzero(part % 2 == 1))
            if won.any():
                top = max(top, int(part[won].max()) - 1)
        print(f"  {count} pieces: {hi - lo:>13,} bytes, {wins:>13,} won, {losses:>13,} lost, "
              f"longest win {top} plies")


def _probe_rate(table: eg.EndgameTable, pieces: int, seconds: float = 1.0) -> float:
    rng = random.Random(1)
    samples = []
    while len(samples) < 2000:
        squares = rng.sample(range(1, 33), pieces)
        mine = rng.randint(1, pieces - 1)
        my = opp = kings = 0
        for i, s in enumerate(squares):
            m = bbm.MASK_OF_SQUARE[s]
            if i < mine:
                my |= m
            else:
                opp |= m
            if rng.random() < 0.5 or s <= 4 or s >= 29:
                kings |= m
        samples.append((my, opp, kings, True))
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        for s in samples:
            table.probe(*s)
        n += len(samples)
    return n / (time.perf_counter() - t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pieces", type=int, default=5, choices=(4, 5, 6))
    ap.add_argument("--no-python", action="store_true", help="skip the pure-Python build (70+ s)")
    ap.add_argument("--cache", default=None, help="folder for the cache files (default: temporary)")
    args = ap.parse_args(argv)
    if not eg.compiled_builder_available():
        print("the compiled builder cannot run here (numba absent or switched off)")
        return 2
    folder = Path(args.cache) if args.cache else Path(tempfile.mkdtemp(prefix="endgame-bench-"))
    print(f"peak memory at start: {_peak_mb():.0f} MB")
    _, first = _timed(lambda: eg.build_table(4, compiled=True))
    four, warm = _timed(lambda: eg.build_table(4, compiled=True))
    print(f"compiled, 2-4 pieces: {first:.2f} s the first time in this process (loading or "
          f"compiling the builder), {warm:.2f} s warm; peak memory {_peak_mb():.0f} MB")
    status = 0
    table = four
    if args.pieces >= 5:
        table, five = _timed(lambda: eg.build_table(5, start=four, compiled=True))
        print(f"compiled, 5 pieces on top of 4: {five:.1f} s; peak memory {_peak_mb():.0f} MB")
    if args.pieces == 6:
        table, six = _timed(lambda: eg.build_table(6, start=table, compiled=True))
        print(f"compiled, 6 pieces on top of 5: {six:.1f} s; peak memory {_peak_mb():.0f} MB")
    path, saved = _timed(lambda: eg.save_table(table, folder))
    print(f"cache file {path.name}: {path.stat().st_size:,} bytes, written in {saved:.1f} s")
    mapped, loaded = _timed(lambda: eg.load_table(folder, table.pieces))
    print(f"mapped back in {loaded * 1000:.1f} ms; {mapped.nbytes():,} bytes "
          f"({mapped.nbytes() / 2**20:.1f} MiB) addressed, read from disk only where probed")
    _stats(table)
    (checked, bad), took = _timed(lambda: eg.verify_table(mapped))
    print(f"verified against the moves generated forwards: {checked:,} positions, {bad:,} "
          f"inconsistent ({took:.1f} s)")
    status = 1 if bad else 0
    for count in range(3, table.pieces + 1):
        print(f"Python probe, {count} pieces: {_probe_rate(mapped, count):,.0f} probes/s")
    if not args.no_python:
        python, slow = _timed(lambda: eg.build_table(4, compiled=False))
        same = bytes(python.data) == bytes(four.data)
        print(f"pure Python, 2-4 pieces: {slow:.1f} s; compiled is {slow / warm:.0f}x faster; "
              f"bytes {'equal' if same else 'DIFFERENT'} ({len(python.data):,})")
        status = status if same else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
