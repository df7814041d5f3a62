"""Win, loss or draw of the endgame database, run-length coded in blocks (the search's copy).

The search needs only win, loss or draw beyond the root; those values come in long runs (a
signature's positions are ranked square by square, and whole stretches of them are won, or
drawn), so they are stored as the long-established checkers databases store them: a byte stream
of *codes* in blocks of :data:`BLOCK` positions, with an index of where each block's codes
start. A position is found by its block (its index divided by :data:`BLOCK`: one read of the
index) and the codes of that block read from the start, so a probe decodes at most one block.

**Values.** 0 a draw, 1 a loss, 2 a win for the side to move (the endgame byte 0, odd, even),
and, for the encoder only, 3 for a slot the search never reads: one that is no position (two
groups of pieces on one square), and a position whose side to move has a jump (the search plays
the jump instead: jumps are forced, and lead to fewer pieces). Such a slot takes whatever value
lengthens the run it falls in. A quarter of the 5-piece positions have a jump for the side to
move, and they break the runs of the rest: leaving them out, the 5-piece codes fall from 8.8 MB
to 2.5 MB (``python benchmarks/endgame_dontcare.py --cache DIR --pieces 5 6`` prints the
figures of each piece count and block size).

**Codes** (one byte each):

- ``0`` to ``80``: four positions, written in base 3, the first in the lowest digit;
- ``81`` to ``254``: a run: value ``(code - 81) // RUNS``, length ``RUN_LENGTHS[(code - 81) %
  RUNS]`` (4 to :data:`BLOCK` positions; a longer run is written as several).

A block always starts a new code; its last code may reach past its end (those positions are
never read). The block index holds, for block ``b``, the offset of its first code in the array
the search reads, as four bytes, least significant first, so the compiled search needs no second
array.

The compiled encoder and decoder are numba functions (:mod:`.numba_wld`); :class:`BlockDecoder`
here is the decoder in pure Python (for the Python search, and where numba is absent), which
keeps the last blocks it decoded. The cache file records :data:`BLOCK` (a file coded with
another is not used); numba caches the compiled functions by their own source file, so a change
to these numbers must come with a change to ``numba_wld.py`` and ``numba_core.py`` (or their
caches removed).
"""

from __future__ import annotations

import threading
from typing import Union

import numpy as np

BLOCK_BITS = 10
BLOCK = 1 << BLOCK_BITS
"""Positions a block (its codes are decoded from the start at every probe: about 14 codes a
block on average at 5 pieces, at most 256). With the jump positions left out, blocks of 256
would spend more on their 4-byte index than on their codes."""
LITERAL_CODES = 81
"""Codes 0-80: four positions in base 3."""
RUNS = 58
"""Run lengths a value (codes 81-254: 3 values x 58 lengths)."""
NO_POSITION = 3
"""The encoder's value for a slot that is no position."""


def _run_lengths() -> np.ndarray:
    """4-23 one by one, then geometric up to :data:`BLOCK` (58 lengths)."""
    small = list(range(4, 24))
    big = np.geomspace(24, BLOCK, RUNS - len(small) + 1)[1:]
    out = small + [int(round(x)) for x in big]
    for i in range(1, len(out)):  # strictly increasing
        out[i] = max(out[i], out[i - 1] + 1)
    out[-1] = BLOCK
    return np.array(out, np.int64)


RUN_LENGTHS = _run_lengths()
POW3 = np.array([1, 3, 9, 27], np.int64)
assert len(RUN_LENGTHS) == RUNS and LITERAL_CODES + 3 * RUNS <= 255


Buffer = Union[bytes, bytearray, memoryview, np.ndarray]


def keep_bounded(store: dict[int, bytes], key: int, value: bytes, most: int,
                 lock: threading.Lock) -> None:
    """Put ``value`` in ``store`` under ``key``, first dropping the oldest entries so that it
    holds at most ``most`` (under ``lock``: searches of several threads share a table)."""
    with lock:
        while len(store) >= most:
            store.pop(next(iter(store)), None)
        store[key] = value


class BlockDecoder:
    """The compiled ``wld_at`` in pure Python over ``data`` (bytes indexable as ints), keeping
    up to ``keep`` blocks decoded (a block is :data:`BLOCK` bytes; the oldest decoded goes
    first)."""

    def __init__(self, data: Buffer, start: int, keep: int = 4096) -> None:
        # indexed as Python ints (a numpy array's elements would overflow the shifts)
        # (numpy's type stubs do not declare the buffer protocol)
        self.data = memoryview(data).cast("B") if isinstance(  # type: ignore[arg-type]
            data, np.ndarray) else data
        self.start = start
        self.keep = keep
        self._blocks: dict[int, bytes] = {}
        self._lock = threading.Lock()
        self._runs = [int(x) for x in RUN_LENGTHS]

    def block(self, b: int) -> bytes:
        """The values of block ``b``, :data:`BLOCK` bytes (0 draw, 1 loss, 2 win)."""
        found = self._blocks.get(b)
        if found is not None:
            return found
        data = self.data
        p4 = self.start + 4 * b
        p = data[p4] | (data[p4 + 1] << 8) | (data[p4 + 2] << 16) | (data[p4 + 3] << 24)
        out = bytearray()
        runs = self._runs
        while len(out) < BLOCK:
            c = data[p]
            if c < LITERAL_CODES:
                out += bytes((c % 3, c // 3 % 3, c // 9 % 3, c // 27))
            else:
                v, k = divmod(c - LITERAL_CODES, RUNS)
                out += bytes((v,)) * runs[k]
            p += 1
        block = bytes(out[:BLOCK])
        keep_bounded(self._blocks, b, block, self.keep, self._lock)
        return block

    def value(self, rel: int) -> int:
        """The value of coded position ``rel`` (0 draw, 1 loss, 2 win)."""
        return self.block(rel >> BLOCK_BITS)[rel & (BLOCK - 1)]
