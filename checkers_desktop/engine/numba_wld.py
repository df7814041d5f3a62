"""The run-length coded win, loss or draw of :mod:`.wld_codec` compiled with numba: the encoder
the cache file's writer runs and the decoder the compiled search probes with."""

from __future__ import annotations

import numpy as np
from numba import njit

from .wld_codec import BLOCK, BLOCK_BITS, LITERAL_CODES, POW3, RUN_LENGTHS, RUNS

__all__ = ["encode_blocks", "wld_at"]


@njit(cache=True, nogil=True)
def encode_blocks(values, at, out, index, index_at, base):
    """Encode ``values`` (uint8, 0-3, a whole number of blocks; 3 a value never read, coded as
    whatever lengthens the run it falls in) as the bytes from ``at`` of the search's copy, held
    in ``out`` from its byte ``at - base``, writing each block's start into ``index`` (uint8,
    four bytes a block, from byte ``index_at``). Returns the byte after the last code written.
    ``out`` must have room for ``len(values) // 4 + len(values) // BLOCK`` bytes from
    ``at - base``."""
    n = values.shape[0]
    b = 0
    for lo in range(0, n, BLOCK):
        p = index_at + 4 * b
        index[p] = at & 255
        index[p + 1] = (at >> 8) & 255
        index[p + 2] = (at >> 16) & 255
        index[p + 3] = (at >> 24) & 255
        b += 1
        hi = lo + BLOCK
        i = lo
        while i < hi:
            v = 3
            j = i
            while j < hi and values[j] == 3:
                j += 1
            if j < hi:
                v = values[j]
            else:
                v = 0
            while j < hi and (values[j] == v or values[j] == 3):
                j += 1
            r = j - i
            if r >= RUN_LENGTHS[0]:
                k = RUNS - 1
                while RUN_LENGTHS[k] > r:
                    k -= 1
                out[at - base] = LITERAL_CODES + v * RUNS + k
                i += RUN_LENGTHS[k]
            else:
                c = 0
                for d in range(4):
                    if i + d < hi:
                        x = values[i + d]
                        if x != 3:
                            c += x * POW3[d]
                out[at - base] = c
                i += 4
            at += 1
    return at


@njit(cache=True, inline="always")
def wld_at(data, start, rel):
    """The value (0 draw, 1 loss, 2 win) of position ``rel`` of the coded part of ``data``,
    whose block index starts at byte ``start``."""
    p4 = start + 4 * (rel >> BLOCK_BITS)
    p = (np.int64(data[p4]) | (np.int64(data[p4 + 1]) << 8) | (np.int64(data[p4 + 2]) << 16)
         | (np.int64(data[p4 + 3]) << 24))
    j = rel & (BLOCK - 1)
    q = 0
    while True:
        c = np.int64(data[p])
        if c < LITERAL_CODES:
            if j < q + 4:
                return (c // POW3[j - q]) % 3
            q += 4
        else:
            c -= LITERAL_CODES
            v = c // RUNS
            q += RUN_LENGTHS[c - v * RUNS]
            if j < q:
                return v
        p += 1
