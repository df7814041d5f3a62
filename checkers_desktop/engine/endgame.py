"""Endgame database: perfect play with few pieces, generated here by retrograde analysis.

Every position with at most ``pieces`` pieces on the board (both sides having at least one; 4 by
default) gets its exact value with perfect play: a win or a loss for the side to move in so many
plies, or a draw. Nothing is downloaded: the tables are computed on the user's machine the first
time and cached on disk.

**Layout.** Colour reversal is exact in English draughts: a position with WHITE to move is the
same game as the board turned 180 degrees (square ``s`` to ``33 - s``) with the colours swapped and
BLACK to move. So only BLACK-to-move positions are stored. A position belongs to a *signature*:
the counts of the mover's men, the mover's kings, the opponent's men and the opponent's kings.
Each signature has one ``bytearray`` of ``32 ** n`` bytes (n = pieces; 1 MiB for four), indexed by
the squares (0-31) of the mover's men, mover's kings, opponent's men and opponent's kings in that
order, each group ascending, read as base-32 digits. One byte per position: 0 is a draw, ``d + 1``
a result in ``d`` plies — odd bytes are losses (d even: the loser moves last... no, the winner
makes the last move, so a loss has an even distance), even bytes wins.

**Generation** (:func:`build_table`), one piece count at a time and, within a count, one material
(BLACK's men and kings against WHITE's) at a time, fewest men first, so that every jump (fewer
pieces) and every crowning (one man fewer) leads to a table already finished. A material and its
colour-reversed twin give the same two signatures, so only one of each pair is solved (half the
work). Within a material, both sides to move:

1. every legal position (men never on their own crowning row) and its moves (the rules core's
   move generation): the steps that stay in the material become edges of a graph; the jumps and
   crownings take the finished value of their target;
2. retrograde analysis, distance by distance: no move is a loss in 0; a move to a loss in ``d`` is
   a win in ``d + 1`` (the smallest d); all moves to wins is a loss in one more than the longest.
   What is never reached is a draw (the side to move keeps out of every loss for ever).

The winner's distance is the shortest win and the loser's the longest defence, so the search that
probes the table (see :mod:`.search`) plays the quickest win and the most stubborn defence.

**Costs** (CPython 3.11 on the development machine, one core shared with other work): 2-3
pieces in about 2 s; 4 pieces in about 1.5-2 minutes in all (84 s of CPU). Memory: the finished
4-piece tables take 25.4 MiB (41 signatures: 4 of 1 KiB, 12 of 32 KiB, 25 of 1 MiB); while
generating, the process peaks at about 300 MB (the largest material's position list, index dict
and move graph). Disk: a gzip file of 2.2 MB (69 KB for 3 pieces), loaded in about 0.2 s.
Longest win: 109 plies. Five pieces would need some 20 times the work and, with this dense index,
over 1 GiB: not attempted.
:func:`ensure_table` installs the 3-piece table as soon as it is ready and the 4-piece one when it
is done, so searches use the smaller table meanwhile; it stops between positions when asked.
"""

from __future__ import annotations

import gzip
import json
import threading
from array import array
from itertools import combinations
from pathlib import Path
from typing import Callable, Optional

from checkers_desktop.rules import bitboard as bbm
from checkers_desktop.rules.geometry import SQUARES

FORMAT_VERSION = 2
DEFAULT_PIECES = 4
MAX_PIECES = 4

PIECES_ENV = "CHECKERS_DESKTOP_ENDGAME_PIECES"
"""Environment variable: the largest endgame database to load (and, in the window, to build),
"4" (default), "3" (seconds to build) or "0" (none; the tests that start the app many times use
it)."""


def pieces_from_env() -> int:
    """The pieces :data:`PIECES_ENV` asks for: 0, 3 or 4 (anything else: 4)."""
    import os

    value = os.environ.get(PIECES_ENV, "4").strip()
    return int(value) if value in ("0", "3", "4") else 4


LOST_NOW = -10_000
"""Probe value of a position whose side to move has no move (lost in 0 plies)."""

_Z = {bbm.MASK_OF_SQUARE[s]: s - 1 for s in SQUARES}
"""Square mask -> 0-31."""
_M35 = (1 << 35) - 1
_BLACK_CROWN = bbm.BLACK_CROWN
_WHITE_CROWN = bbm.WHITE_CROWN


def _sig_code(mm: int, mk: int, om: int, ok: int) -> int:
    return (((mm << 3) | mk) << 3 | om) << 3 | ok


def _locate(my: int, opp: int, kings: int, black: bool) -> tuple[int, int]:
    """(signature code, index) of a position, seen from BLACK to move (WHITE to move: turned)."""
    mm = my & ~kings
    mk = my & kings
    om = opp & ~kings
    ok = opp & kings
    idx = 0
    z = _Z
    if black:
        for c in (mm, mk, om, ok):
            while c:
                b = c & -c
                c ^= b
                idx = (idx << 5) | z[b]
    else:
        for c in (mm, mk, om, ok):
            while c:  # highest first: turned squares 31 - z ascending
                b = 1 << (c.bit_length() - 1)
                c ^= b
                idx = (idx << 5) | (31 - z[b])
    code = (((mm.bit_count() << 3) | mk.bit_count()) << 3 | om.bit_count()) << 3 | ok.bit_count()
    return code, idx


def _value_of_byte(b: int) -> int:
    if not b:
        return 0
    if b & 1:
        return LOST_NOW if b == 1 else 1 - b
    return b - 1


def plies_of(value: int) -> int:
    """The distance in plies of a probe value."""
    return 0 if value == LOST_NOW else abs(value)


class EndgameTable:
    """Exact values of every position with at most :attr:`pieces` pieces.

    :meth:`probe` takes the search's view of a position (side to move ``my``, opponent ``opp``,
    ``kings``, ``black`` True when BLACK moves) and returns plies to a win (> 0), minus plies to a
    loss (< 0; a position already lost counts as ``-0`` and is returned as :data:`LOST_NOW`), or 0
    for a draw. ``tables``: signature code -> bytearray (see the module docstring).
    """

    def __init__(self, pieces: int, tables: dict):
        """``tables``: signature code -> bytes-like (a bytearray, or a memoryview of the compiled
        search's flat copy, see ``compiled.flatten_table``)."""
        self.pieces = pieces
        self.tables = tables

    def __len__(self) -> int:
        """How many positions are won or lost (BLACK to move; the WHITE twins are the same)."""
        return sum(len(t) - bytes(t).count(0) for t in self.tables.values())

    def nbytes(self) -> int:
        """Memory of the tables in bytes."""
        return sum(len(t) for t in self.tables.values())

    def probe_byte(self, my: int, opp: int, kings: int, black: bool) -> int:
        code, idx = _locate(my, opp, kings, black)
        return self.tables[code][idx]

    def probe(self, my: int, opp: int, kings: int, black: bool) -> int:
        """The stored value (see the class docstring); only for ``pieces`` or fewer, both sides
        having a piece. Raises ``KeyError`` for a position outside the table."""
        code, idx = _locate(my, opp, kings, black)
        b = self.tables[code][idx]
        if not b:
            return 0
        if b & 1:
            return LOST_NOW if b == 1 else 1 - b
        return b - 1


# --- generation ----------------------------------------------------------------------------------
def _materials(count: int) -> list[tuple[int, int, int, int]]:
    """(BLACK men, BLACK kings, WHITE men, WHITE kings) with ``count`` pieces, one of each
    colour-reversed pair, fewest men first."""
    out = []
    for nb in range(1, count):
        nw = count - nb
        for bm in range(nb + 1):
            for wm in range(nw + 1):
                mat = (bm, nb - bm, wm, nw - wm)
                twin = (wm, nw - wm, bm, nb - bm)
                if mat <= twin:
                    out.append(mat)
    out.sort(key=lambda m: (m[0] + m[2], m))
    return out


def _keys(mat) -> list[int]:
    """Packed keys of every position of a material, BLACK to move and WHITE to move."""
    bm, bk, wm, wk = mat
    sq = bbm.MASK_OF_SQUARE
    out = []
    append = out.append
    for bms in combinations(range(1, 29), bm):
        bmm = 0
        for s in bms:
            bmm |= sq[s]
        rest1 = [s for s in SQUARES if not sq[s] & bmm]
        for bks in combinations(rest1, bk):
            bkm = 0
            for s in bks:
                bkm |= sq[s]
            black = bmm | bkm
            rest2 = [s for s in rest1 if not sq[s] & bkm]
            for wms in combinations([s for s in rest2 if s >= 5], wm):
                wmm = 0
                for s in wms:
                    wmm |= sq[s]
                rest3 = [s for s in rest2 if not sq[s] & wmm]
                for wks in combinations(rest3, wk):
                    wkm = 0
                    for s in wks:
                        wkm |= sq[s]
                    white = wmm | wkm
                    kings = bkm | wkm
                    append((((black << 35) | white) << 36) | (kings << 1) | 1)
                    append((((white << 35) | black) << 36) | (kings << 1))
    return out


def _solve_material(mat, tables: dict[int, bytearray], size: int,
                    stop: Optional[threading.Event]) -> None:
    """Solve one material (both sides to move) into ``tables`` (its two signatures)."""
    keys = _keys(mat)
    index = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    e_child = array("i")
    e_parent = array("i")
    remaining = [0] * n
    longest = [0] * n
    win_b: list[list[int]] = [[] for _ in range(258)]
    loss_b: list[list[int]] = [[] for _ in range(258)]
    generate = bbm.generate
    after_move = bbm.after_move
    for i, key in enumerate(keys):
        if stop is not None and not i & 4095 and stop.is_set():
            raise InterruptedError("endgame generation stopped")
        my = key >> 71
        opp = (key >> 36) & _M35
        kings = (key >> 1) & _M35
        black = key & 1
        moves = generate(my, opp, kings, black)
        if not moves:
            loss_b[0].append(i)
            continue
        crown = _BLACK_CROWN if black else _WHITE_CROWN
        nblack = black ^ 1
        best_win = 0
        cnt = 0
        lng = 0
        for frm, to, cap, _ in moves:
            nmy, nopp, nk = after_move(my, opp, kings, frm, to, cap, crown)
            crowned = bool(to & crown) and not kings & frm
            if cap or crowned:
                if not nopp:
                    c = 1  # the opponent has nothing left: lost now
                else:
                    code, idx = _locate(nopp, nmy, nk, nblack)
                    c = tables[code][idx]
                if not c:
                    cnt += 1  # a drawn move: the position is never lost
                elif c & 1:
                    if not best_win or c < best_win:
                        best_win = c  # child lost in c - 1: won in c
                elif c - 1 > lng:
                    lng = c - 1
            else:
                e_child.append(index[(((nopp << 35) | nmy) << 36) | (nk << 1) | nblack])
                e_parent.append(i)
                cnt += 1
        if best_win:
            win_b[best_win].append(i)
            cnt += 1  # never lost
        elif not cnt:
            loss_b[lng + 1].append(i)
        remaining[i] = cnt
        longest[i] = lng
    del index
    # predecessors, compressed (counting sort of the edges by their child)
    start = array("i", bytes(4 * (n + 1)))
    for j in e_child:
        start[j + 1] += 1
    for j in range(n):
        start[j + 1] += start[j]
    fill = array("i", start)
    preds = array("i", bytes(4 * len(e_child)))
    for j, p in zip(e_child, e_parent):
        preds[fill[j]] = p
        fill[j] += 1
    del e_child, e_parent, fill
    res = bytearray(n)
    for d in range(256):
        if stop is not None and stop.is_set():
            raise InterruptedError("endgame generation stopped")
        for i in loss_b[d]:
            if res[i]:
                continue
            res[i] = d + 1
            for k in range(start[i], start[i + 1]):
                p = preds[k]
                if not res[p]:
                    win_b[d + 1].append(p)
        for i in win_b[d]:
            if res[i]:
                continue
            res[i] = d + 1
            for k in range(start[i], start[i + 1]):
                p = preds[k]
                if not res[p]:
                    remaining[p] -= 1
                    if d > longest[p]:
                        longest[p] = d
                    if not remaining[p]:
                        loss_b[longest[p] + 1].append(p)
    if any(win_b[256:]) or any(loss_b[256:]):
        raise OverflowError("a distance does not fit in a byte")
    bm, bk, wm, wk = mat
    for code in (_sig_code(bm, bk, wm, wk), _sig_code(wm, wk, bm, bk)):
        if code not in tables:
            tables[code] = bytearray(32 ** size)
    for i, key in enumerate(keys):
        r = res[i]
        if r:
            code, idx = _locate(key >> 71, (key >> 36) & _M35, (key >> 1) & _M35, key & 1)
            tables[code][idx] = r


def build_table(pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                progress: Optional[Callable[["EndgameTable"], None]] = None,
                start: Optional["EndgameTable"] = None) -> EndgameTable:
    """Generate the table of every position with at most ``pieces`` pieces (2-4).

    ``start``: a finished smaller table to build on (its counts are not solved again).
    ``progress(table)`` is called with the table of each finished piece count (the last one being
    the result). Raises ``InterruptedError`` when ``stop`` is set, and ``ValueError`` for
    ``pieces`` outside 2-4 (see the module docstring for time and memory).
    """
    if pieces not in (2, 3, 4) or isinstance(pieces, bool):
        raise ValueError(f"pieces {pieces!r} is not 2, 3 or 4")
    tables: dict[int, bytearray] = dict(start.tables) if start is not None else {}
    first = start.pieces + 1 if start is not None else 2
    table = start
    for count in range(first, pieces + 1):
        for mat in _materials(count):
            _solve_material(mat, tables, count, stop)
        table = EndgameTable(count, dict(tables))
        if progress is not None:
            progress(table)
    return table if table is not None else EndgameTable(pieces, tables)


# --- cache ---------------------------------------------------------------------------------------
def _path(cache_dir, pieces: int) -> Path:
    return Path(cache_dir) / f"endgame-{pieces}-v{FORMAT_VERSION}.bin.gz"


def save_table(table: EndgameTable, cache_dir) -> Path:
    """Write the table under ``cache_dir`` (created if needed); returns the file's path."""
    path = _path(cache_dir, table.pieces)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    codes = sorted(table.tables)
    header = {"format": FORMAT_VERSION, "pieces": table.pieces,
              "tables": [[c, len(table.tables[c])] for c in codes]}
    with gzip.open(tmp, "wb", compresslevel=6) as fh:
        fh.write(json.dumps(header).encode("ascii") + b"\n")
        for c in codes:
            fh.write(table.tables[c])
    tmp.replace(path)
    return path


def load_table(cache_dir, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """The cached table, or None when there is none or it cannot be read (then generate again)."""
    path = _path(cache_dir, pieces)
    try:
        with gzip.open(path, "rb") as fh:
            header = json.loads(fh.readline())
            if header.get("format") != FORMAT_VERSION or header.get("pieces") != pieces:
                return None
            tables = {}
            for code, size in header["tables"]:
                data = bytearray(fh.read(size))
                if len(data) != size:
                    return None
                tables[int(code)] = data
        return EndgameTable(pieces, tables)
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None


_installed: Optional[EndgameTable] = None


def installed_table() -> Optional[EndgameTable]:
    """The table the search uses by default (None until :func:`install_table`)."""
    return _installed


def install_table(table: Optional[EndgameTable]) -> None:
    """Make ``table`` the one every new search probes (None switches the database off)."""
    global _installed
    _installed = table


def install_cached(cache_dir, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """Install the largest table of at most ``pieces`` already cached in ``cache_dir`` (the one
    the window built), as the window does, and return it; None, installing nothing, when none is
    cached. Nothing is built: a command-line tool answers at once (about 0.2 s to load 4 pieces)."""
    for count in range(min(pieces, MAX_PIECES), 1, -1):
        table = load_table(cache_dir, count)
        if table is not None:
            install_table(table)
            return table
    return None


def ensure_table(cache_dir, pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                 install: bool = True) -> EndgameTable:
    """Load the table of ``pieces`` (2-4) from ``cache_dir``, or generate and cache it.

    The largest cached smaller table is loaded first and built on; each finished piece count is
    cached and (unless ``install`` is False) installed at once, so searches use 3 pieces while 4
    are being generated. Slow the first time (see the module docstring): call it from a worker
    thread. Raises ``InterruptedError`` when ``stop`` is set during generation (the finished
    counts stay cached and installed) and ``ValueError`` for ``pieces`` outside 2-4.
    """
    if pieces not in (2, 3, 4) or isinstance(pieces, bool):
        raise ValueError(f"pieces {pieces!r} is not 2, 3 or 4")
    for stale in Path(cache_dir).glob("endgame-*-v1.json.gz"):
        try:
            stale.unlink()  # the first format (a JSON dict of 3 pieces, 2.8 MB): replaced
        except OSError:
            pass
    table = load_table(cache_dir, pieces)
    if table is None:
        base = None
        for smaller in range(pieces - 1, 1, -1):
            base = load_table(cache_dir, smaller)
            if base is not None:
                break
        if base is not None and install:
            install_table(base)

        def finished(t: EndgameTable) -> None:
            try:
                save_table(t, cache_dir)
            except OSError:
                pass  # an unwritable cache costs a new generation next time, nothing else
            if install:
                install_table(t)

        table = build_table(pieces, stop=stop, progress=finished, start=base)
    if install:
        install_table(table)
    return table
