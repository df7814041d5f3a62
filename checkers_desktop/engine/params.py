"""The numbers the Python search (:mod:`.search`), the compiled one (:mod:`.compiled`,
:mod:`.numba_core`) and the endgame database (:mod:`.endgame`) share, declared once: both searches
must give the same scores and moves at the same depth (tests/engine/test_engine_compiled.py).
Scores are in hundredths of a man from the side to move's view; distances in plies.
"""

from __future__ import annotations

from .evaluate import WIN

__all__ = ["INF", "MAX_PLY", "WIN_BOUND", "LMR_AFTER", "EXACT", "LOWER", "UPPER", "LOST_NOW",
           "WLD_PLIES"]

INF = 1_000_000
"""Above every score: the search window's bounds."""
MAX_PLY = 100
"""No line is searched deeper than this many plies from the root (a guard for long forced lines)."""
WIN_BOUND = WIN - 1000
"""Scores above this (or below minus this) are won (lost) positions with the distance folded in."""
LMR_AFTER = 3
"""Late move reductions start with the move ordered this many places down (0-based)."""
EXACT, LOWER, UPPER = 0, 1, 2
"""What a transposition table entry's score is: exact, a lower bound or an upper bound."""
LOST_NOW = -10_000
"""Probe value of a position whose side to move has no move (lost in 0 plies)."""
WLD_PLIES = 200
"""The distance the search gives a packed win or loss: longer than any in the tables (161
plies at 5 pieces, 167 at 6), so a line into a won ending of fewer pieces, whose distance is
known, is preferred, and the quickest way into the packed win is chosen."""
