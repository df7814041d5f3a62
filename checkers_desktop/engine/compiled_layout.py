"""The compiled search's numbers: the layout of its one memory array (``mem``), the
transposition table's size, and the evaluation's and move generator's constants as module globals,
which numba freezes into the compiled code (see :mod:`.compiled`, which runs it, and
:mod:`.numba_core` and :mod:`.numba_endgame`, the compiled functions). No numba here: importing
this module is cheap, and the compiled modules import it, never :mod:`.compiled`.
"""

from __future__ import annotations

from math import comb

import numpy as np

from checkers_desktop.rules import bitboard as bbm
from checkers_desktop.rules.geometry import SQUARES, square_cell

from .evaluate import (_BLACK_NEAR, _BLACK_RUNAWAY, _ROW_BIT1, _ROW_BIT2, _ROW_BIT4, _WHITE_NEAR,
                       _WHITE_RUNAWAY, BLACK_BACK, BLACK_BRIDGE, CENTRE, DOUBLE_CORNERS, EDGES, MAN,
                       WHITE_BACK, WHITE_BRIDGE, WIDE_CENTRE, WIN)
from .network import ACC_ONE, NET_LIMIT
from .params import EXACT, INF, LMR_AFTER, LOST_NOW, LOWER, MAX_PLY, UPPER, WIN_BOUND, WLD_PLIES

# what the compiled modules read from here: this module's numbers and the shared ones it passes on
__all__ = ["ACC", "ACC_ONE", "NET_B1", "NET_B2", "NET_LIMIT", "NET_LINE", "NET_ROOM", "NET_W1", "NET_W2", "S_NET",
           "S_NET_DIV", "S_NET_HIDDEN", "BBONUS", "BCONE", "BIN", "BLACK_BACK", "BLACK_BRIDGE", "BLACK_CROWN", "BLACK_NEAR",
           "CENTRE", "COL", "DOUBLE_CORNERS", "EDGES", "EG_OFF", "EXACT", "HIST", "INF", "KILL",
           "LMR_AFTER", "LOST_NOW", "LOWER", "MAN", "MAX_MOVES", "MAX_PLY", "MC", "MF", "MT",
           "PATH", "PATH_ROOM", "PLIES", "ROW", "ROW_BIT1", "ROW_BIT2", "ROW_BIT4", "STATE_CELLS",
           "S_NODES", "S_PACKED_FROM", "S_PATH_BASE", "S_QUIESCENCE", "S_REDUCTIONS", "S_STOP",
           "S_TB_PIECES", "S_THREAT", "S_TT_MASK", "TT", "TT_BUCKETS", "TT_CELLS", "TT_WAYS",
           "UPPER", "VALID", "WBONUS", "WCONE", "WHITE_BACK", "WHITE_BRIDGE", "WHITE_CROWN",
           "WHITE_NEAR", "WIDE_CENTRE", "WIN", "WIN_BOUND", "WLD_PLIES", "WTS", "Z", "ZBIT"]

TT_WAYS = 4
"""Entries per bucket of the compiled transposition table."""
TT_BUCKETS = 1 << 17
"""Buckets of the compiled transposition table: 2**17 * 4 = 524,288 entries of 72 bytes (3 int64
of key, 6 of data) = 36 MiB; the Python table holds up to 500,000 entries in some 170 MB."""
MAX_MOVES = 256
"""Room for moves at one ply (the most legal moves in a position of English draughts is far less;
the generator stops adding at this count rather than write outside the array)."""
PATH_ROOM = 512
"""Room for the repetition stack: the game's positions since the last irreversible move plus the
line searched."""

# One int64 array (``mem``) holds everything a search works in, so that the recursive node passes
# one array, not nine (each array argument costs numba a struct copy and reference counting).
# Its layout, in cells:
(S_STOP, S_NODES, S_QUIESCENCE, S_THREAT, S_REDUCTIONS, S_TB_PIECES, S_PATH_BASE, S_TT_MASK,
 S_PACKED_FROM, S_NET, S_NET_HIDDEN, S_NET_DIV) = range(12)
"""State cells at the start of ``mem`` (S_STOP is set by the watcher thread; S_PACKED_FROM is
where the endgame data's packed part starts, 0 for none: see endgame.search_layout; S_NET: 0 the
hand evaluation, 1 the learned one (:mod:`.network`), 2 the learned one plus the hand one;
S_NET_HIDDEN: the network's hidden units a perspective; S_NET_DIV: ACC_ONE x its output scale)."""
STATE_CELLS = 16
WTS = STATE_CELLS
"""The evaluation's weights (evaluate.Weights, in field order; 16 cells)."""
HIST = WTS + 16
"""History: 35 x 35 cut-off counts by (from bit, to bit)."""
KILL = HIST + 35 * 35
"""Killers: per ply (from, to, from, to) of two step moves."""
PLIES = 102
"""Rows of the per-ply arrays: plies 0 to MAX_PLY + 1."""
MF = KILL + PLIES * 4
MT = MF + PLIES * MAX_MOVES
MC = MT + PLIES * MAX_MOVES
"""The moves of each ply: from, to and captured masks, 256 (MAX_MOVES) a ply."""
PATH = MC + PLIES * MAX_MOVES
"""The repetition stack: PATH_ROOM rows of (my, opp, kings, black)."""
EG_OFF = PATH + PATH_ROOM * 4
"""Offsets of the endgame tables by signature code (4,096 cells; -1 when absent)."""
NET_ROOM = 32
"""The network's hidden units a perspective in the compiled core (a fixed count, so that the
compiled loops over them are unrolled; a narrower network is padded with zero weights, a wider
one is not loaded)."""
NET_W1 = EG_OFF + 4096
"""The network's layer 1: 128 features x NET_ROOM weights (feature-major), then NET_ROOM biases
(NET_B1), layer 2's 2 x NET_ROOM weights (NET_W2; the side to move's NET_ROOM units first) and its bias
(NET_B2)."""
NET_B1 = NET_W1 + 128 * NET_ROOM
NET_W2 = NET_B1 + NET_ROOM
NET_B2 = NET_W2 + 2 * NET_ROOM
ACC = NET_B2 + 8
"""The network's accumulators: per ply (PLIES rows), BLACK's perspective then WHITE's, NET_ROOM
cells each (layer 1's unclipped sums)."""
NET_LINE = ACC + PLIES * 2 * NET_ROOM
"""The moves that lead to each ply's accumulators: per ply (ready, from, to, captured, kings
before the move, BLACK moved | crowned << 1); ready is 1 once that ply's accumulators are summed
(they are brought up to date lazily, when a leaf below is evaluated)."""
TT = NET_LINE + PLIES * 6
"""The transposition table: entries of TT_CELLS cells, TT_WAYS to a bucket."""
TT_CELLS = 9
"""An entry: my | black << 40, opp, kings, depth, flag, score, from, to, captured."""

# --- constants as module globals (numba freezes them at compile time) ---------------------------
VALID = bbm.VALID
BLACK_CROWN = bbm.BLACK_CROWN
WHITE_CROWN = bbm.WHITE_CROWN

ROW_BIT1 = _ROW_BIT1
ROW_BIT2 = _ROW_BIT2
ROW_BIT4 = _ROW_BIT4
BLACK_NEAR = _BLACK_NEAR
WHITE_NEAR = _WHITE_NEAR


def _bit_tables() -> tuple[np.ndarray, ...]:
    """Per bit index 0-34: square 0-31 (-1 for a ghost), row and column, runaway cones/bonuses."""
    z = np.full(35, -1, np.int64)
    row = np.zeros(35, np.int64)
    col = np.zeros(35, np.int64)
    bcone = np.zeros(35, np.int64)
    bbonus = np.zeros(35, np.int64)
    wcone = np.zeros(35, np.int64)
    wbonus = np.zeros(35, np.int64)
    for s in SQUARES:
        b = bbm.BIT_OF_SQUARE[s]
        m = bbm.MASK_OF_SQUARE[s]
        z[b] = s - 1
        row[b], col[b] = square_cell(s)
        if m in _BLACK_RUNAWAY:
            bcone[b], bbonus[b] = _BLACK_RUNAWAY[m]
        if m in _WHITE_RUNAWAY:
            wcone[b], wbonus[b] = _WHITE_RUNAWAY[m]
    return z, row, col, bcone, bbonus, wcone, wbonus


Z, ROW, COL, BCONE, BBONUS, WCONE, WBONUS = _bit_tables()

BIN = np.array([[comb(n, k) for k in range(6)] for n in range(33)], np.int64)
"""Binomial coefficients C(n, k), n 0-32, k 0-5: the endgame database's index (the combinatorial
number system, see :mod:`.endgame`)."""
ZBIT = np.array([bbm.MASK_OF_SQUARE[s] for s in SQUARES], np.int64)
"""Square 0-31 -> its bit mask (the inverse of :data:`Z`)."""

