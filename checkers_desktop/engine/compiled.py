"""The search's inner loop compiled to machine code with numba: the same tree, some 20 times faster.

:class:`~.search.Searcher` keeps the root (iterative deepening, the time rules, the levels' root
scores, the principal variation) in Python and, when this core is ready, hands every child of the
root to :func:`node` here instead of to its own ``Searcher.node``. The compiled node is a line-by-
line port of the Python one, so that at the same depth both find the same score and move (a test
plays both over many positions): the same move generation order (:mod:`checkers_desktop.rules.
bitboard`), the same jump quiescence, threat extension, forced-move rule, late move reductions,
killers, history ordering and tie-breaks, the same evaluation (:mod:`.evaluate`, its weights read
from that module when this one is compiled), the same repetition rule and the same probe of the
endgame database. The one thing only this core does is the learned evaluation
(:mod:`.network`, when a searcher is given a network): its accumulators are kept per ply in the
memory array and brought up to date move by move; the Python search always evaluates by hand.
What differs is storage:

- **Memory**: one preallocated int64 array (``mem``, layout below) holds the state, history,
  killers, the per-ply moves (from/to/captured masks: no tuples, no paths; the root, in Python,
  has the paths), the repetition stack and the transposition table. The table has
  :data:`TT_BUCKETS` buckets of :data:`TT_WAYS` entries; an entry keeps the exact position (the
  three bitboards and the side to move), so a stored result is never another position's; a full
  bucket gives up its shallowest entry. The Python table is a dict, cleared when full.
- **Stopping**: the Python search raises an exception; here the node reads a flag (a cell that
  a watcher thread sets when the time is up or the caller's ``threading.Event`` is set) at every
  node and unwinds without storing anything.

Measured (benchmarks/engine.py, both in one process, 1 s a search): 4.2M nodes/s from the start
against 192k for the Python search (21.8x), depth 14 against 10; 22.7x to 28.0x after four
three-move ballots. Compiling takes about 8-10 seconds and is cached on disk (numba's
``cache=True``: next to the numba module, or in numba's per-user cache folder where that is not
writable), after which loading takes under half a second. :func:`warm_up` does it, off the GUI thread in the app (see ``ui``), and
:func:`ready` says whether it is done; until then searches use the Python node. Where numba cannot
be imported, or ``CHECKERS_DESKTOP_COMPILED=0`` is set, the Python engine is used throughout.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterable, Optional

import numpy as np

from checkers_desktop.rules import bitboard as bbm

# the numbers: compiled_layout.py, the shared ones from params.py
from .compiled_layout import (BBONUS, BCONE, BIN, BLACK_BACK, BLACK_BRIDGE, BLACK_CROWN, BLACK_NEAR,
                             CENTRE, COL, DOUBLE_CORNERS, EDGES, EG_OFF, EXACT, HIST,
                             INF, KILL, LMR_AFTER, LOST_NOW, LOWER, MAN, MAX_MOVES, MAX_PLY, MC, MF,
                             MT, PATH, PATH_ROOM, PLIES, ROW, ROW_BIT1, ROW_BIT2, ROW_BIT4,
                             STATE_CELLS, S_NODES, S_PACKED_FROM, S_PATH_BASE, S_QUIESCENCE,
                             S_REDUCTIONS, S_STOP, S_TB_PIECES, S_THREAT, S_TT_MASK, TT, TT_BUCKETS,
                             TT_CELLS, TT_WAYS, UPPER, VALID, WBONUS, WCONE, WHITE_BACK,
                             WHITE_BRIDGE, WHITE_CROWN, WHITE_NEAR, WIDE_CENTRE, WIN, WIN_BOUND,
                             WLD_PLIES, WTS, Z, ZBIT)
from .compiled_layout import (ACC_ONE, NET_B1, NET_B2, NET_ROOM, NET_W1, NET_W2, S_NET, S_NET_DIV,
                              S_NET_HIDDEN)
from .evaluate import WEIGHTS, Weights
from .network import FEATURES, Network

if TYPE_CHECKING:
    from .endgame import EndgameTable

COMPILED_ENV = "CHECKERS_DESKTOP_COMPILED"
"""Environment variable: "0" keeps the engine in pure Python (for comparison and as a fallback)."""

if os.environ.get(COMPILED_ENV, "1").strip() == "0":
    AVAILABLE, WHY_NOT = False, f"{COMPILED_ENV}=0 is set"
elif importlib.util.find_spec("numba") is None:
    AVAILABLE, WHY_NOT = False, "numba is not installed"
else:  # importing numba itself (0.3 s) waits for warm_up
    AVAILABLE, WHY_NOT = True, ""


log = logging.getLogger(__name__)


# --- the Python side --------------------------------------------------------------------------
class CompiledState:
    """The memory one compiled search works in (a Searcher owns one; not shared between threads):
    one int64 array laid out as the module's constants say, with a table of ``buckets`` x
    :data:`TT_WAYS` entries (a power of two; 36 MiB in all by default), and the endgame
    database's bytes."""

    def __init__(self, buckets: int = TT_BUCKETS) -> None:
        if buckets < 1 or buckets & (buckets - 1):
            raise ValueError(f"{buckets} buckets is not a power of two")
        self.mem = np.zeros(TT + buckets * TT_WAYS * TT_CELLS, np.int64)
        self.mem[S_TT_MASK] = buckets - 1
        self.mem[EG_OFF:EG_OFF + 4096] = -1
        self.state = self.mem[:STATE_CELLS]  # a view: the watcher thread sets S_STOP here
        self.set_weights(WEIGHTS)
        self.eg_data = np.zeros(1, np.uint8)
        self._eg_source: Optional[EndgameTable] = None
        self.network: Optional[Network] = None

    def set_network(self, network: Optional[Network]) -> None:
        """Evaluate leaves with ``network`` (a :class:`~.network.Network`, its hand part as its
        ``plus_hand`` says), or with the hand evaluation alone (None). Stored results made with
        the other evaluation are forgotten; setting the network already in use changes nothing.
        Raises ValueError for a network wider than :data:`NET_ROOM` hidden units."""
        if network is self.network:
            return
        mem = self.mem
        if network is None:
            mem[S_NET] = 0
        else:
            h = network.hidden
            if h > NET_ROOM:
                raise ValueError(f"a network of {h} hidden units is wider than {NET_ROOM}")
            w1 = np.zeros((FEATURES, NET_ROOM), np.int64)
            w1[:, :h] = network.w1
            mem[NET_W1:NET_W1 + FEATURES * NET_ROOM] = w1.reshape(-1)
            mem[NET_B1:NET_B1 + NET_ROOM] = 0
            mem[NET_B1:NET_B1 + h] = network.b1
            mem[NET_W2:NET_W2 + 2 * NET_ROOM] = 0
            mem[NET_W2:NET_W2 + h] = network.w2[:h]
            mem[NET_W2 + NET_ROOM:NET_W2 + NET_ROOM + h] = network.w2[h:]
            mem[NET_B2] = network.b2
            mem[S_NET_HIDDEN] = h
            mem[S_NET_DIV] = ACC_ONE * network.out_scale
            mem[S_NET] = 2 if network.plus_hand else 1
        self.network = network
        self.clear_table()

    def set_weights(self, weights: Weights) -> None:
        """Evaluate with ``weights`` (an :class:`~.evaluate.Weights`; the default is the one in
        use, :data:`~.evaluate.WEIGHTS`, which the Python evaluation uses too). Stored results
        made with other weights are forgotten."""
        values = weights.values()
        self.mem[WTS:WTS + len(values)] = values
        self.clear_table()

    def clear_table(self) -> None:
        """Forget every stored position (a new, unrelated game follows)."""
        self.mem[TT:] = 0

    def entries(self) -> int:
        """Positions stored in the table."""
        return int(np.count_nonzero(self.mem[TT::TT_CELLS]))

    def new_search(self, *, quiescence: bool, threat: bool, reductions: bool,
                   table: Optional[EndgameTable],
                   game_keys: Iterable[tuple[int, int, int, bool]],
                   pieces: Optional[int] = None) -> None:
        """Reset the per-search cells (killers, history, counters) and load the repetition stack
        with ``game_keys`` ((my, opp, kings, black) tuples: the root and the game's positions
        since the last irreversible move). ``pieces``: probe ``table`` at positions of at most
        this many pieces (default: all it holds)."""
        mem = self.mem
        mem[HIST:MF] = 0
        kept = mem[[S_TT_MASK, S_NET, S_NET_HIDDEN, S_NET_DIV]].copy()
        mem[:STATE_CELLS] = 0
        mem[[S_TT_MASK, S_NET, S_NET_HIDDEN, S_NET_DIV]] = kept
        mem[S_QUIESCENCE] = int(quiescence)
        mem[S_THREAT] = int(threat)
        mem[S_REDUCTIONS] = int(reductions)
        keys = list(game_keys)[: PATH_ROOM - MAX_PLY - 4]
        for i, (my, opp, kings, black) in enumerate(keys):
            mem[PATH + 4 * i:PATH + 4 * i + 4] = (my, opp, kings, int(black))
        mem[S_PATH_BASE] = len(keys)
        if table is None:
            mem[S_TB_PIECES] = 0
        else:
            if self._eg_source is not table:
                off, self.eg_data = flatten_table(table)
                mem[EG_OFF:EG_OFF + 4096] = off
                self._eg_source = table
            mem[S_TB_PIECES] = table.pieces if pieces is None else min(pieces, table.pieces)
            mem[S_PACKED_FROM] = table.packed_from or 0

    def node(self, my: int, opp: int, kings: int, black: bool, depth: int, alpha: int, beta: int,
             ply: int) -> int:
        """The compiled :func:`node` over this memory."""
        assert _core is not None  # loaded by warm_up before any CompiledState is made
        if self.mem[S_NET]:
            _core.net_refresh(my, opp, kings, bool(black), ply, self.mem)
        return int(_core.node(my, opp, kings, bool(black), depth, alpha, beta, ply, self.mem,
                              self.eg_data))

    def stopped(self) -> bool:
        return bool(self.mem[S_STOP])

    def hash_move(self, my: int, opp: int, kings: int, black: bool
                  ) -> Optional[tuple[int, int, int]]:
        """The table's best move (frm, to, cap masks) for a position, or None."""
        assert _core is not None  # loaded by warm_up before any CompiledState is made
        at = _core.tt_find(self.mem, my, opp, kings, bool(black))
        if at < 0 or not self.mem[at + 6]:
            return None
        return int(self.mem[at + 6]), int(self.mem[at + 7]), int(self.mem[at + 8])


_flat_cache: dict[tuple[int, bool], tuple[Any, np.ndarray, np.ndarray]] = {}
_flat_lock = threading.Lock()


def offsets_array(offsets: dict[int, int]) -> np.ndarray:
    """The endgame layout's offsets (``endgame.layout``) by signature code, 4,096 cells, -1 where
    a signature has no table."""
    off = np.full(1 << 12, -1, np.int64)
    for code, at in offsets.items():
        off[code] = at
    return off


def flatten_table(table: EndgameTable, exact: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(offsets by signature code, all bytes) of an :class:`~.endgame.EndgameTable` for the
    compiled functions: the search's copy (``table.search_data``, packed where the table has a
    packed part), or with ``exact`` the exact bytes. No copy: a memory-mapped cache file stays
    mapped, so only the pages read are in memory; made once per table and shared by every
    searcher. A read-only buffer (which the compiled functions' signatures do not take) is
    copied once."""
    with _flat_lock:
        key = (id(table), exact)
        found = _flat_cache.get(key)
        if found is not None and found[0] is table:
            return found[1], found[2]
        off = offsets_array(table.offsets)
        flat = table.exact_array() if exact else np.frombuffer(table._search_view, np.uint8)
        if not flat.flags.writeable:
            flat = flat.copy()
        if not len(flat):
            flat = np.zeros(1, np.uint8)
        for old in [k for k, v in _flat_cache.items() if v[0] is not table]:
            del _flat_cache[old]
        _flat_cache[key] = (table, off, flat)
        return off, flat


_core: Optional[ModuleType] = None
"""The module :mod:`.numba_core` once :func:`warm_up` has loaded it."""
_ready = threading.Event()
_warm_lock = threading.Lock()
_failed: Optional[str] = None


def ready() -> bool:
    """True once the compiled core is loaded (compiled or read from numba's cache)."""
    return _ready.is_set()


def failure() -> Optional[str]:
    """Why the compiled core is not used (numba absent, compile error), or None."""
    if not AVAILABLE:
        return WHY_NOT
    return _failed


def warm_up() -> bool:
    """Compile (or load from the disk cache) every compiled function by running a tiny search;
    returns :func:`ready`. Blocks for the compile (10-30 s the first time, about a second after);
    safe to call from several threads (one compiles, the others wait). Never raises: a compile
    error is logged and the Python engine stays in use."""
    global _failed, _core
    if not AVAILABLE:
        return False
    if _ready.is_set():
        return True
    with _warm_lock:
        if _ready.is_set():
            return True
        if _failed is not None:
            return False
        try:
            from . import numba_core
            _core = numba_core
            st = CompiledState(buckets=1 << 4)
            st.new_search(quiescence=True, threat=True, reductions=True, table=None,
                          game_keys=[])
            st.node(bbm.START_WHITE, bbm.START_BLACK, 0, False, 3, -INF, INF, 1)
            _core.perft(bbm.START_BLACK, bbm.START_WHITE, 0, True, 2, st.mem, 0)
            _core.net_refresh(bbm.START_WHITE, bbm.START_BLACK, 0, False, 1, st.mem)
            _ready.set()
        except Exception as exc:  # a numba or LLVM failure: keep playing in Python
            _failed = f"{type(exc).__name__}: {exc}"
            log.warning("compiled engine unavailable, the Python engine is used: %s", _failed)
            return False
    return True


def compiled_perft(black_bb: int, white_bb: int, kings: int, black: bool, depth: int) -> int:
    """Perft with the compiled generator (see :func:`perft`); ``depth`` plies (at most 99)."""
    mem = np.zeros(PATH, np.int64)
    my, opp = (black_bb, white_bb) if black else (white_bb, black_bb)
    if not warm_up() or _core is None:
        raise RuntimeError(f"the compiled engine is unavailable: {_failed}")
    return int(_core.perft(my, opp, kings, black, depth, mem, 0))
