"""The endgame database's cache files and probes.

Run: ``python benchmarks/endgame_probe.py --cache DIR [--pieces N] [--seconds S] [--previous]``
where DIR holds the cached tables (``checkers-desktop endgame --pieces 5 --cache DIR`` makes them).

1. Sizes per piece count: each cached file (``endgame-N-v5.egdb``: the search's run-length coded
   copy and the zlib-compressed distances) against the two files of the format before the coded
   one, whose sizes follow from the layout (``v3.bin``: a 16-byte header and a byte a position;
   ``v3.search`` from 5 pieces: a 16-byte header, the bytes of 2-4 pieces, then two bits a
   position).
2. Loading: the time to check the file's SHA-256 and map it.
3. Probes a second of the search's read (win, loss or draw) on random positions of the largest
   count (or ``--pieces``): compiled (``numba_core.tb_probe`` over the coded copy, on positions
   whose side to move has no jump: the searches never probe the others; with ``--previous``
   against the two-bit read compiled here the same way), in Python
   (``EndgameTable.search_probe``, which plays a pending jump into fewer pieces), and the root's
   exact read (``EndgameTable.probe``, a zlib block decompressed). Every probe's answer is
   compared with the exact distances (a difference makes the exit status 1).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from checkers_desktop.engine import compiled  # noqa: E402
from checkers_desktop.engine import endgame as eg  # noqa: E402
from checkers_desktop.engine.numba_core import eg_at, tb_probe  # noqa: E402
from checkers_desktop.rules import bitboard as bbm  # noqa: E402


def old_sizes(pieces: int) -> tuple[int, int]:
    """(the ``v3.bin`` file, the ``v3.search`` file or 0) of the previous format."""
    total = eg.layout(pieces)[1]
    if pieces < eg.PACKED_PIECES:
        return 16 + total, 0
    start = eg.layout(eg.PACKED_PIECES - 1)[1]
    return 16 + total, 16 + start + (total - start + 3) // 4


def two_bit_copy(exact: np.ndarray, start: int) -> np.ndarray:
    """The previous format's search copy: exact bytes to ``start``, then two bits a position."""
    rest = exact[start:]
    two = np.where(rest == 0, 0, np.where(rest & 1, 1, 2)).astype(np.uint8)
    two = np.concatenate([two, np.zeros((-len(two)) % 4, np.uint8)]).reshape(-1, 4)
    packed = two[:, 0] | (two[:, 1] << 2) | (two[:, 2] << 4) | (two[:, 3] << 6)
    return np.concatenate([exact[:start], packed])


@njit(cache=True)
def _two_bit_read(data, start, at):
    if at < start:
        v = data[at]
        return 0 if v == 0 else (1 if v & 1 else 2)
    rel = at - start
    return (data[start + (rel >> 2)] >> ((rel & 3) << 1)) & 3


@njit
def coded_loop(my, opp, kings, black, mem, data):
    s = 0
    for i in range(my.shape[0]):
        s += tb_probe(my[i], opp[i], kings[i], black[i], mem, data)
    return s


@njit
def old_loop(my, opp, kings, black, offs, old, start):
    s = 0
    for i in range(my.shape[0]):
        s += _two_bit_read(old, start, eg_at(my[i], opp[i], kings[i], black[i], offs, 0))
    return s


def sample_views(pieces: int, count: int, seed: int = 1) -> list[tuple[int, int, int, bool]]:
    """``count`` random legal-looking positions of ``pieces`` pieces (men never on their own
    crowning row), either side to move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        squares = rng.sample(range(1, 33), pieces)
        mine = rng.randint(1, pieces - 1)
        black = rng.random() < 0.5
        out.append(eg.view_of(squares, mine, [rng.random() < 0.5 for _ in squares], black))
    return out


def rate(fn, views, seconds: float) -> float:
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        for v in views:
            fn(*v)
        n += len(views)
    return n / (time.perf_counter() - t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", required=True, help="folder of the cached tables")
    ap.add_argument("--seconds", type=float, default=2.0, help="each rate's measuring time")
    ap.add_argument("--pieces", type=int, default=0, help="the table to probe (default: the "
                    "largest cached)")
    ap.add_argument("--previous", action="store_true", help="also the two-bit copy of the "
                    "format before, made here from every exact byte (3.7 GB at 6 pieces)")
    args = ap.parse_args(argv)
    folder = Path(args.cache)
    status = 0
    largest = None
    print("pieces  new file (bytes)   previous files (bytes)   ratio")
    for pieces in range(2, eg.MAX_PIECES + 1):
        path = eg._path(folder, pieces)
        if not path.exists():
            continue
        new = path.stat().st_size
        old_bin, old_search = old_sizes(pieces)
        print(f"{pieces:>6}  {new:>16,}   {old_bin + old_search:>14,} ({old_bin:,} + "
              f"{old_search:,})   {new / (old_bin + old_search):.3f}")
        largest = pieces
    if largest is None:
        print(f"no cached table in {folder}")
        return 2
    if args.pieces:
        largest = args.pieces
    t = time.perf_counter()
    table = eg.load_table(folder, largest)
    print(f"loaded {largest} pieces (SHA-256 checked, mapped) in "
          f"{(time.perf_counter() - t) * 1000:.0f} ms")
    assert table is not None
    start = table.packed_from if table.packed_from is not None else eg.layout(largest)[1]
    print(f"the search's copy: {len(table._search_view):,} bytes ({start:,} of them exact "
          f"bytes of fewer than {eg.PACKED_PIECES} pieces)")
    views = sample_views(largest, 20_000)
    quiet = [v for v in views if not bbm.jumpers(*v)]
    jumping = [v for v in views if bbm.jumpers(*v)]
    print(f"random positions: {len(views):,}, of which {len(jumping):,} with a jump for the side "
          f"to move (the searches play it instead of probing)")

    # the answers first: the coded copy against the exact distances, in both readers
    assert compiled.warm_up()
    state = compiled.CompiledState(buckets=1 << 4)
    state.new_search(quiescence=True, threat=True, reductions=True, table=table, game_keys=[])
    core = compiled._core
    bad = compared = 0
    for v in views:
        e = table.probe(*v)
        want = (e > 0, e < 0)
        got = [table.search_probe(*v)]
        if not bbm.jumpers(*v):
            got.append(core.tb_probe(*v, state.mem, state.eg_data))
        for g in got:
            bad += (g > 0, g < 0) != want
            compared += 1
    print(f"answers compared with the exact distances: {compared:,}, {bad} different")
    status = 1 if bad else 0

    mem, data = state.mem, state.eg_data
    arrays = [np.array([v[i] for v in quiet], np.int64) for i in range(3)]
    blacks = np.array([v[3] for v in quiet], np.bool_)
    runs = [("coded", lambda: coded_loop(*arrays, blacks, mem, data))]
    if args.previous:
        exact = table.exact_array()
        old = two_bit_copy(exact, start)
        offs = compiled.offsets_array(table.offsets)
        runs.append(("two bits (the format before the coded one)",
                     lambda: old_loop(*arrays, blacks, offs, old, start)))
    for name, run in runs:
        run()
        n = 0
        t = time.perf_counter()
        while time.perf_counter() - t < args.seconds:
            run()
            n += len(quiet)
        print(f"compiled search probe, {name}, positions without a jump: "
              f"{n / (time.perf_counter() - t):,.0f} probes/s")
    print(f"Python search probe, coded, positions without a jump: "
          f"{rate(table.search_probe, quiet, args.seconds):,.0f} probes/s")
    print(f"Python search probe, coded, positions with a jump (its jumps played): "
          f"{rate(table.search_probe, jumping, args.seconds):,.0f} probes/s")
    print(f"Python exact probe (the root), zlib blocks: "
          f"{rate(table.probe, views[:2000], args.seconds):,.0f} probes/s")
    return status


if __name__ == "__main__":
    sys.exit(main())
