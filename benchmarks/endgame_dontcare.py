"""How small the search's win/loss/draw copy of the endgame database gets when the positions the
search never reads are "don't care" values that lengthen the runs.

Run: ``python benchmarks/endgame_dontcare.py --cache DIR --pieces 5 6`` where DIR holds the
cached tables (``endgame-N-v*.egdb``, the exact distances are read from them; nothing is built).

For each piece count from 5 (the coded part; 2-4 pieces are stored as exact bytes), prints the
positions, how many have a jump pending for the side to move (the search plays the jump instead:
jumps are forced), how many more have one for the other side only, and the bytes of the run-length
codes (engine/wld_codec.py's scheme) and of the block index for:

- ``none``: only the slots that are no position are don't-care (the format before);
- ``mover``: also the positions whose side to move has a jump;
- ``both``: also those whose other side has a jump (measured only: the search must read those),

each with blocks of 256, 1,024 and 4,096 positions and a 4-byte block index (and a two-level one:
a 4-byte base every 64 blocks and 2 bytes a block, where a block's codes fit in 65,535 bytes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from checkers_desktop.engine import endgame as eg  # noqa: E402
from checkers_desktop.engine import numba_endgame  # noqa: E402


def run_lengths(block: int, runs: int = 58) -> np.ndarray:
    """wld_codec's run lengths for a block size: 4-23 one by one, then geometric to ``block``."""
    small = list(range(4, 24))
    big = np.geomspace(24, block, runs - len(small) + 1)[1:]
    out = small + [int(round(x)) for x in big]
    for i in range(1, len(out)):
        out[i] = max(out[i], out[i - 1] + 1)
    out[-1] = block
    return np.array(out, np.int64)


@njit(cache=True)
def count_codes(values, block, lengths, sizes, first):
    """Code bytes of each whole block of ``values`` (0-3; 3 don't care) added into ``sizes``
    from block ``first`` (wld_codec's greedy coder with these run lengths)."""
    n = values.shape[0]
    nruns = lengths.shape[0]
    b = first
    for lo in range(0, n, block):
        hi = min(n, lo + block)
        i = lo
        c = 0
        while i < hi:
            j = i
            while j < hi and values[j] == 3:
                j += 1
            v = values[j] if j < hi else 0
            while j < hi and (values[j] == v or values[j] == 3):
                j += 1
            r = j - i
            if r >= lengths[0]:
                k = nruns - 1
                while lengths[k] > r:
                    k -= 1
                i += lengths[k]
            else:
                i += 4
            c += 1
        sizes[b] += c
        b += 1
    return b


BLOCKS = (256, 1024, 4096)
MODES = ("none", "mover", "both")


def measure(table: eg.EndgameTable, pieces: int) -> None:
    exact = table._view
    start = eg.layout(pieces - 1)[1]
    total = eg.layout(pieces)[1]
    lengths = {b: run_lengths(b) for b in BLOCKS}
    sizes = {(m, b): np.zeros((total - start) // b + 2, np.int64) for m in MODES for b in BLOCKS}
    counts = np.zeros(4, np.int64)
    t = time.perf_counter()
    for off, sig in eg._signatures_from(pieces, start):
        n = eg.signature_size(*sig)
        data = exact.range(off, off + n) if isinstance(exact, eg.CompressedExact) else \
            np.asarray(table.exact_array()[off:off + n])
        values = np.empty(n, np.uint8)
        for skip, mode in enumerate(MODES):
            got = numba_endgame.wld_values(*sig, data, 0, values, skip)
            if skip == 2:
                counts += np.array(got, np.int64)
            for b in BLOCKS:
                # signatures are not block-aligned in the file; aligning each here costs at
                # most a block a signature (155 at most), which the totals below ignore
                first = (off - start) // b
                count_codes(values, b, lengths[b], sizes[(mode, b)], first)
    slots, positions, mine, theirs = (int(x) for x in counts)
    print(f"## {pieces} pieces: {slots:,} slots, {positions:,} positions; side to move has a "
          f"jump: {mine:,} ({100 * mine / positions:.1f} %); only the other side has one: "
          f"{theirs:,} ({100 * theirs / positions:.1f} %)  [{time.perf_counter() - t:.0f} s]")
    for mode in MODES:
        for b in BLOCKS:
            nblocks = (total - start + b - 1) // b
            codes = int(sizes[(mode, b)].sum())
            biggest = int(sizes[(mode, b)].max())
            two_level = 2 * nblocks + 4 * ((nblocks + 63) // 64)
            print(f"  {mode:5} block {b:5}: codes {codes:,} B, index {4 * nblocks:,} B "
                  f"(two-level {two_level:,} B; largest block {biggest} B); total "
                  f"{codes + 4 * nblocks:,} B / {codes + two_level:,} B")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", required=True)
    ap.add_argument("--pieces", type=int, nargs="+", default=[5])
    args = ap.parse_args()
    print("command: " + " ".join([Path(sys.argv[0]).name] + sys.argv[1:]))
    for pieces in args.pieces:
        table = eg.load_table(args.cache, pieces)
        if table is None:
            print(f"no usable {pieces}-piece table in {args.cache}")
            return 2
        measure(table, pieces)
    return 0


if __name__ == "__main__":
    sys.exit(main())
