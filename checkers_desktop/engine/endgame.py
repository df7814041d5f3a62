"""Endgame database: perfect play with few pieces, generated here by retrograde analysis.

Every position with at most ``pieces`` pieces on the board (both sides having at least one; 5 by
default where the compiled engine loads, else 4; 6 on request, see below) gets its exact value
with perfect play: a win or a loss for the side to move in so many plies, or a draw. Nothing is
downloaded: the tables are computed on the user's machine the first time and cached on disk.

**Layout.** Colour reversal is exact in English draughts: a position with WHITE to move is the
same game as the board turned 180 degrees (square ``s`` to ``33 - s``) with the colours swapped and
BLACK to move. So only BLACK-to-move positions are stored. A position belongs to a *signature*:
the counts of the mover's men, the mover's kings, the opponent's men and the opponent's kings.
Each group of squares is ranked in the combinatorial number system (squares ``z1 < z2 < ...``
0-31, rank ``C(z1, 1) + C(z2, 2) + ...``), the mover's men among squares 1-28 and the opponent's
men among 5-32 (a man is never on its crowning row), kings among all 32; the index is the four
ranks read as digits of bases ``C(28, men)``, ``C(32, kings)``, ``C(28, men)``, ``C(32, kings)``.
One byte per index: 0 is a draw (or no position: two groups on one square), ``d + 1`` a result in
``d`` plies: odd bytes are losses (the winner makes the last move, so a loss has an even distance),
even bytes wins. All signatures of 2 to ``pieces`` pieces lie end to end in one flat array, by
piece count, then by signature code, so the 4-piece array is the start of the 5-piece one.

**Generation** (:func:`build_table`), one piece count at a time and, within a count, one material
(BLACK's men and kings against WHITE's) at a time, fewest men first, so that every jump (fewer
pieces) and every crowning (one man fewer) leads to a table already finished. A material and its
colour-reversed twin give the same two signatures, so only one of each pair is solved (half the
work). Within a material, both sides to move:

1. every legal position (men never on their own crowning row) and its moves: the steps that stay
   in the material become edges of a graph; the jumps and crownings take the finished value of
   their target;
2. retrograde analysis, distance by distance: no move is a loss in 0; a move to a loss in ``d`` is
   a win in ``d + 1`` (the smallest d); all moves to wins is a loss in one more than the longest.
   What is never reached is a draw (the side to move keeps out of every loss for ever).

The winner's distance is the shortest win and the loser's the longest defence, so the search that
probes the table (see :mod:`.search`) plays the quickest win and the most stubborn defence.

Two builders give the same bytes (a test compares them): :mod:`.numba_endgame`, compiled, which
generates predecessors by un-moves and needs no stored graph, used where numba loads; and the
pure-Python one here (a stored graph, 2-4 pieces only), the reference and the fallback.

**Costs** (this machine, 2 cores; ``python benchmarks/endgame.py`` prints them): the compiled
builder makes 2-4 pieces in about 1.1 s (the pure-Python one in 62-73 s, 54-68 times slower, the
same bytes) and 5 pieces on top in about 41 s, the process peaking near 390 MB while it does
(numba about 156 MB, the table 187 MB, the pair being solved 3 bytes a position of both sides;
the app's builder process, which also loads the window's modules, 428 MB). Sizes: 2-4 pieces
7,455,300 bytes (7.1 MiB, 41 signatures); 2-5 pieces 187,110,300 bytes (178 MiB, 85 signatures;
133 million positions won or lost, the longest win 161 plies).

**Six pieces, on request** (``checkers-desktop endgame --pieces 6``, never at the window's first
start): 3,739,728,040 bytes (3.5 GiB, 155 signatures; 2,003,543,133 six-piece positions won or
lost, the longest win 167 plies) and a 940,523,485-byte packed copy for the search, built on top
of 5 pieces in 17 minutes (1,016 s, another build sharing the machine for part of it), the
builder peaking at 4.2 GB (the table itself, and 1 GB for the largest pair, a man and a king
against two men and a king: 336 million positions of both sides). The window and the tools use
it once it is cached. Its cost is memory: a search probes the 940 MB packed copy all over, and
in three 8-second searches of 10-14 piece positions the process peaked at 496-797 MB, against
227-240 MB with 5 pieces (156 MB before searching, in both). Those are the file's pages,
which the system can drop at any time and which every search gives back when it ends, but they
count as the app's resident memory meanwhile; so 6 pieces are for a player's own computer, not
the event laptops.

The cache file is the flat array with a 16-byte header, read by memory mapping: only the pages read
are in memory, and the operating system can drop them again (they are the file's; every search
gives them back when it ends, see :func:`release_pages`). A search of an ending probes all over the
table, so for 5 pieces it reads a packed copy (``.search`` file, 52 MB: win, loss or draw in two
bits a position from :data:`PACKED_PIECES` pieces, see :func:`search_layout`), and only the root
reads the exact distances: the quickest win is still played. Without numba only 2-4 pieces are
built, by the Python builder (about 300 MB at its peak).
:func:`ensure_table` installs each finished count as soon as it is ready, so searches use the
smaller table meanwhile; it stops between materials when asked.
"""

from __future__ import annotations

import mmap
import os
import struct
import threading
import time
from array import array
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Union

if TYPE_CHECKING:
    import numpy as np

from checkers_desktop.rules import bitboard as bbm
from checkers_desktop.rules.geometry import SQUARES

from checkers_desktop.storage.atomic import write_atomic_parts

from .params import LOST_NOW, WLD_PLIES

TableBytes = Union[bytes, bytearray, memoryview, "np.ndarray", mmap.mmap]
"""A table's bytes as they are held: in memory (a bytearray, a numpy uint8 array) or a
memory-mapped file's buffer."""
ByteView = Union[bytes, bytearray, memoryview]
"""Those bytes as Python indexes them (one int, 0-255, a position)."""
Material = tuple[int, int, int, int]
"""Black's men and kings, White's men and kings."""
PathArg = Union[str, "os.PathLike[str]"]

FORMAT_VERSION = 3
DEFAULT_PIECES = 5
MAX_PIECES = 6
"""The largest table that can be built: 6 pieces, on request only (4.7 GB on disk with its
packed copy, about 20 minutes and 4.3 GB of memory to build; see the module docstring)."""
PYTHON_MAX_PIECES = 4
"""The most pieces the pure-Python builder is allowed (5 would need hours and gigabytes)."""

PIECES_ENV = "CHECKERS_DESKTOP_ENDGAME_PIECES"
"""Environment variable: the largest endgame database to load (and, in the window, to build),
"5" (default; 4 where numba is absent), "6" (builds 6 pieces in the window too: see
:data:`MAX_PIECES`), "4", "3" (seconds to build) or "0" (none; the tests that start the app many
times use it)."""


def _pieces_asked() -> Optional[int]:
    """What :data:`PIECES_ENV` says: 0, 3, 4, 5 or 6, or None when it is unset or says anything
    else."""
    value = os.environ.get(PIECES_ENV, "").strip()
    return int(value) if value in ("0", "3", "4", "5", "6") else None


def pieces_from_env() -> int:
    """The pieces :data:`PIECES_ENV` asks for, which the window builds: 0, 3, 4, 5 or 6 (anything
    else: the default, 5, or 4 where the compiled builder cannot run)."""
    asked = _pieces_asked()
    if asked is not None:
        return asked
    return DEFAULT_PIECES if compiled_builder_available() else PYTHON_MAX_PIECES


def pieces_to_load() -> int:
    """The largest cached table the window and the command line load: what :data:`PIECES_ENV`
    asks for when it is set, else :data:`MAX_PIECES`, so that a 6-piece table someone built on
    request (``checkers-desktop endgame --pieces 6``) is used without setting anything."""
    asked = _pieces_asked()
    return MAX_PIECES if asked is None else asked


def compiled_builder_available() -> bool:
    """True where the compiled engine may load (numba importable and not switched off)."""
    from . import compiled

    return compiled.AVAILABLE


PACKED_PIECES = 5
"""From this piece count the search reads a packed copy: win, loss or draw in two bits a
position (the 5-piece part: 45 MB instead of 180). A search of an ending probes all over the
table and, reading whole bytes, touched some 140 MB of it in one hint, above the app's memory
aim; the root still reads the exact distances (see :meth:`EndgameTable.search_probe`)."""

_Z = {bbm.MASK_OF_SQUARE[s]: s - 1 for s in SQUARES}
"""Square mask -> 0-31."""
_M35 = (1 << 35) - 1
_BLACK_CROWN = bbm.BLACK_CROWN
_WHITE_CROWN = bbm.WHITE_CROWN
_BIN = [[comb(n, k) for k in range(6)] for n in range(33)]
_HEADER = struct.Struct("<4sHHQ")
"""Cache file header: magic, format version, pieces, data bytes (16 bytes)."""
_MAGIC = b"CDEG"


def _sig_code(mm: int, mk: int, om: int, ok: int) -> int:
    return (((mm << 3) | mk) << 3 | om) << 3 | ok


def signature_size(mm: int, mk: int, om: int, ok: int) -> int:
    """Bytes of one signature's table (see the module docstring)."""
    return comb(28, mm) * comb(32, mk) * comb(28, om) * comb(32, ok)


@lru_cache(maxsize=None)
def layout(pieces: int) -> tuple[dict[int, int], int]:
    """({signature code: offset in the flat array}, total bytes) of the tables of 2 to ``pieces``
    pieces (by piece count, then code)."""
    offsets = {}
    total = 0
    for count in range(2, pieces + 1):
        sigs = []
        for mine in range(1, count):
            theirs = count - mine
            for mm in range(mine + 1):
                for om in range(theirs + 1):
                    sigs.append((mm, mine - mm, om, theirs - om))
        for sig in sorted(sigs, key=lambda g: _sig_code(*g)):
            offsets[_sig_code(*sig)] = total
            total += signature_size(*sig)
    return offsets, total


def _rank(c: int, lo: int, black: bool) -> int:
    r = 0
    i = 1
    z = _Z
    if black:
        while c:
            b = c & -c
            c ^= b
            r += _BIN[z[b] - lo][i]
            i += 1
    else:
        while c:  # highest first: turned squares 31 - z ascending
            b = 1 << (c.bit_length() - 1)
            c ^= b
            r += _BIN[31 - z[b] - lo][i]
            i += 1
    return r


def _locate(my: int, opp: int, kings: int, black: bool) -> tuple[int, int]:
    """(signature code, index) of a position, seen from BLACK to move (WHITE to move: turned)."""
    mm = my & ~kings
    mk = my & kings
    om = opp & ~kings
    ok = opp & kings
    nmk = mk.bit_count()
    nom = om.bit_count()
    nok = ok.bit_count()
    idx = (((_rank(mm, 0, black) * _BIN[32][nmk] + _rank(mk, 0, black)) * _BIN[28][nom]
            + _rank(om, 4, black)) * _BIN[32][nok] + _rank(ok, 0, black))
    code = (((mm.bit_count() << 3) | nmk) << 3 | nom) << 3 | nok
    return code, idx


def _byte_view(data: TableBytes) -> ByteView:
    if isinstance(data, (bytes, bytearray)):
        return data
    # a numpy array has the buffer protocol, which numpy's type stubs do not declare
    return memoryview(data).cast("B")  # type: ignore[arg-type]


def search_layout(pieces: int) -> tuple[Optional[int], int]:
    """(where the packed part starts, total bytes) of the search's copy of a ``pieces`` table:
    the bytes of fewer than :data:`PACKED_PIECES` pieces as they are, then the rest in two bits a
    position (0 draw, 1 loss, 2 win; four positions a byte, the first in the low bits). (None,
    size) when nothing is packed."""
    total = layout(pieces)[1]
    if pieces < PACKED_PIECES:
        return None, total
    start = layout(PACKED_PIECES - 1)[1]
    return start, start + (total - start + 3) // 4


def pack_for_search(table: "EndgameTable") -> Optional[np.ndarray]:
    """The search's copy of ``table`` (see :func:`search_layout`) as a numpy uint8 array (52 MB
    for 5 pieces, made in about 2 s); None when nothing is packed. :func:`save_table` writes the
    same bytes from :func:`_packed_parts` without holding them all."""
    import numpy as np

    start, size = search_layout(table.pieces)
    if start is None:
        return None
    out = np.empty(size, np.uint8)
    at = 0
    for part in _packed_parts(table):
        out[at:at + len(part)] = part
        at += len(part)
    return out


def _packed_parts(table: "EndgameTable") -> Iterator[np.ndarray]:
    """The search's copy of ``table`` in consecutive numpy uint8 arrays: the unpacked bytes, then
    a quarter of a megabyte at a time (a million positions), so that writing the copy holds some
    5 MB besides the table. Only for a table that has a packed part."""
    import numpy as np

    start, size = search_layout(table.pieces)
    assert start is not None  # only for a table that has a packed part
    data = np.frombuffer(table._view, np.uint8)
    yield data[:start]
    step = 1 << 20  # positions a part (a multiple of 4)
    for lo in range(start, len(data), step):
        part = data[lo:lo + step]
        two = np.where(part & 1, np.uint8(1), np.uint8(2))  # 1 a loss, 2 a win ...
        two[part == 0] = 0  # ... and 0 a draw
        if len(two) % 4:
            two = np.concatenate([two, np.zeros(4 - len(two) % 4, np.uint8)])
        quads = two.reshape(-1, 4)
        yield quads[:, 0] | (quads[:, 1] << 2) | (quads[:, 2] << 4) | (quads[:, 3] << 6)


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
    for a draw.
    """

    def __init__(self, pieces: int, data: TableBytes, keep: object = None,
                 packed: Optional[TableBytes] = None, packed_keep: object = None) -> None:
        """``data``: the flat bytes of :func:`layout` (``pieces``) — a bytearray, a numpy uint8
        array or a memory-mapped file's buffer; ``keep``: an object to hold while the table lives
        (the open map). ``packed``: the search's copy (:func:`pack_for_search`; None: the search
        reads ``data``), ``packed_keep`` its map. Raises ``ValueError`` when a size is not the
        layout's."""
        self.pieces = pieces
        self.offsets, size = layout(pieces)
        self.data = data
        self._view = _byte_view(data)
        if len(self._view) != size:
            raise ValueError(f"an endgame table of {pieces} pieces has {size} bytes, "
                             f"not {len(self._view)}")
        self._keep = keep
        self.packed_from: Optional[int] = None
        """Where the packed part starts in :attr:`search_data` (None: nothing is packed)."""
        self.search_data = data
        self._search_view = self._view
        if packed is not None:
            start, packed_size = search_layout(pieces)
            view = _byte_view(packed)
            if start is None or len(view) != packed_size:
                raise ValueError(f"the packed copy of {pieces} pieces has {packed_size} bytes, "
                                 f"not {len(view)}")
            self.packed_from = start
            self.search_data = packed
            self._search_view = view
        self._packed_keep = packed_keep

    def search_probe(self, my: int, opp: int, kings: int, black: bool) -> int:
        """What the search reads (:meth:`probe`'s values), from the packed copy where there is
        one: there a win is ``WLD_PLIES`` and a loss ``-WLD_PLIES``."""
        start = self.packed_from
        if start is None:
            return self.probe(my, opp, kings, black)
        code, idx = _locate(my, opp, kings, black)
        at = self.offsets[code] + idx
        if at < start:
            return _value_of_byte(self._search_view[at])
        rel = at - start
        two = (self._search_view[start + (rel >> 2)] >> ((rel & 3) << 1)) & 3
        return 0 if not two else (-WLD_PLIES if two == 1 else WLD_PLIES)

    def __bool__(self) -> bool:
        """A table is always true: ``if table`` must not count its positions (:meth:`__len__`
        reads every byte, 187 MB at 5 pieces, touching every page of a mapped file)."""
        return True

    def __len__(self) -> int:
        """How many positions are won or lost (BLACK to move; the WHITE twins are the same).
        Reads every byte (of a mapped file: every page), without a copy."""
        import numpy as np

        return int(np.count_nonzero(np.frombuffer(self._view, np.uint8)))

    def nbytes(self) -> int:
        """Size of the tables in bytes (on disk; in memory only what is touched when mapped)."""
        return len(self._view)

    def mapped_search_bytes(self) -> int:
        """Bytes of what the search reads (:attr:`search_data`) when it is a memory-mapped file,
        else 0 (a table in memory): what a search's probes can bring into resident memory."""
        keep = self._packed_keep if self.packed_from is not None else self._keep
        return len(self._search_view) if keep is not None else 0

    def probe_byte(self, my: int, opp: int, kings: int, black: bool) -> int:
        code, idx = _locate(my, opp, kings, black)
        return int(self._view[self.offsets[code] + idx])

    def probe(self, my: int, opp: int, kings: int, black: bool) -> int:
        """The stored value (see the class docstring); only for ``pieces`` or fewer, both sides
        having a piece. Raises ``KeyError`` for a position outside the table."""
        code, idx = _locate(my, opp, kings, black)
        return _value_of_byte(self._view[self.offsets[code] + idx])


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


def _keys(mat: Material) -> list[int]:
    """Packed keys of every position of a material, BLACK to move and WHITE to move."""
    bm, bk, wm, wk = mat
    sq = bbm.MASK_OF_SQUARE
    out: list[int] = []
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


def _solve_material(mat: Material, data: bytearray, offsets: dict[int, int], stop: Optional[threading.Event]) -> None:
    """Solve one material (both sides to move) into the flat ``data`` (its two signatures' bytes,
    zero before, at ``offsets``), in pure Python."""
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
        black = bool(key & 1)
        moves = generate(my, opp, kings, black)
        if not moves:
            loss_b[0].append(i)
            continue
        crown = _BLACK_CROWN if black else _WHITE_CROWN
        nblack = not black
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
                    c = data[offsets[code] + idx]
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
    for i, key in enumerate(keys):
        r = res[i]
        if r:
            code, idx = _locate(key >> 71, (key >> 36) & _M35, (key >> 1) & _M35, bool(key & 1))
            data[offsets[code] + idx] = r


def _check_pieces(pieces: int, compiled: Optional[bool]) -> bool:
    """Whether the compiled builder is used (``compiled``, None: where it can run); raises
    ``ValueError`` for pieces outside 2-6, or 5-6 without the compiled builder."""
    if pieces not in (2, 3, 4, 5, 6) or isinstance(pieces, bool):
        raise ValueError(f"pieces {pieces!r} is not 2, 3, 4, 5 or 6")
    if compiled is None:
        compiled = compiled_builder_available()
    if pieces > PYTHON_MAX_PIECES and not compiled:
        raise ValueError(f"pieces {pieces!r} need the compiled builder (numba), which is not "
                         f"available")
    return compiled


def build_table(pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                progress: Optional[Callable[["EndgameTable"], None]] = None,
                start: Optional["EndgameTable"] = None,
                compiled: Optional[bool] = None,
                on_material: Optional[Callable[[int, int, int], None]] = None) -> EndgameTable:
    """Generate the table of every position with at most ``pieces`` pieces (2-6).

    ``start``: a finished smaller table to build on (its counts are not solved again).
    ``progress(table)`` is called with the table of each finished piece count (the last one being
    the result); ``on_material(pieces, solved, materials)`` after each material of a count.
    ``compiled``: True or False forces the builder (None: the compiled one where numba loads).
    Raises ``InterruptedError`` when ``stop`` is set (checked between materials), ``ValueError``
    for ``pieces`` outside 2-6, or 5-6 without the compiled builder (the Python one would need
    hours and gigabytes), and ``OverflowError`` if a distance passed 254 plies.
    """
    compiled = _check_pieces(pieces, compiled)
    offsets, size = layout(pieces)
    first = start.pieces + 1 if start is not None else 2
    data: "np.ndarray | bytearray"
    solve: Callable[[tuple[int, int, int, int]], None]
    if compiled:
        import numpy as np

        from . import numba_endgame
        from .compiled import offsets_array
        from .compiled_layout import PATH

        data = np.zeros(size, np.uint8)
        if start is not None:
            data[:len(start._view)] = np.frombuffer(start._view, np.uint8)
        offs = offsets_array(offsets)
        mem = np.zeros(PATH, np.int64)

        def solve(mat: tuple[int, int, int, int]) -> None:
            if numba_endgame.solve_pair(*mat, offs, data, mem) == numba_endgame.OVERFLOW:
                raise OverflowError(f"a distance of material {mat} does not fit in a byte")
    else:
        data = bytearray(size)
        if start is not None:
            data[:len(start._view)] = bytes(start._view)

        def solve(mat: tuple[int, int, int, int]) -> None:
            _solve_material(mat, data, offsets, stop)

    table = start
    for count in range(first, pieces + 1):
        materials = _materials(count)
        for done, mat in enumerate(materials, 1):
            if stop is not None and stop.is_set():
                raise InterruptedError("endgame generation stopped")
            solve(mat)
            if on_material is not None:
                on_material(count, done, len(materials))
        table = EndgameTable(count, data[:layout(count)[1]])
        if progress is not None:
            progress(table)
    return table if table is not None else EndgameTable(pieces, data)


def verify_table(table: EndgameTable, stop: Optional[threading.Event] = None) -> tuple[int, int]:
    """Check every position of ``table`` against its moves generated forwards (the compiled
    search's generator; see ``numba_endgame.verify_signature``): (positions checked, inconsistent
    ones). Values that all agree with their moves are the game's true values: a win's distance
    falls by one each move down to a position without a move, so no draw or cycle can pass for a
    win, and a true win cannot pass for a draw. Needs numba (``ValueError`` without it); about
    25 s for 5 pieces."""
    if not compiled_builder_available():
        raise ValueError("verifying the endgame database needs the compiled engine (numba)")
    import numpy as np

    from . import numba_endgame
    from .compiled import flatten_table
    from .compiled_layout import PATH

    offs, data = flatten_table(table, exact=True)
    mem = np.zeros(PATH, np.int64)
    checked = bad = 0
    for code in table.offsets:
        if stop is not None and stop.is_set():
            raise InterruptedError("endgame verification stopped")
        c, b = numba_endgame.verify_signature(code >> 9, (code >> 6) & 7, (code >> 3) & 7,
                                              code & 7, offs, data, mem)
        checked += int(c)
        bad += int(b)
    return checked, bad


# --- cache ---------------------------------------------------------------------------------------
def _path(cache_dir: PathArg, pieces: int, packed: bool = False) -> Path:
    kind = "search" if packed else "bin"
    return Path(cache_dir) / f"endgame-{pieces}-v{FORMAT_VERSION}.{kind}"


def _write(path: Path, pieces: int, size: int, parts: Iterable[TableBytes]) -> None:
    """Write a cache file of ``size`` bytes from ``parts`` (buffers, in order) atomically
    (``storage.atomic``: a temporary file of its own name, so two builders of one folder, the
    window's and ``checkers-desktop endgame``, never write into one file). Raises ``ValueError``
    (and leaves no file) when the parts do not make ``size`` bytes."""

    def pieces_of_file() -> Iterator[ByteView]:
        yield _HEADER.pack(_MAGIC, FORMAT_VERSION, pieces, size)
        written = 0
        for part in parts:
            view = _byte_view(part)
            yield view
            written += len(view)
        if written != size:
            raise ValueError(f"{written} bytes written to {path.name}, not {size}")

    write_atomic_parts(path, pieces_of_file())


def _map(path: Path, pieces: int, size: int) -> Optional[tuple[memoryview, mmap.mmap]]:
    """(the data after the header, the map) of a cache file, or None when it is missing or its
    header or size is wrong."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(_HEADER.size)
            if len(head) != _HEADER.size:
                return None
            magic, version, count, stated = _HEADER.unpack(head)
            if (magic != _MAGIC or version != FORMAT_VERSION or count != pieces
                    or stated != size or os.fstat(fh.fileno()).st_size != _HEADER.size + size):
                return None
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
        if hasattr(mapped, "madvise") and hasattr(mmap, "MADV_RANDOM"):
            mapped.madvise(mmap.MADV_RANDOM)  # probes jump about: read no page ahead
        return memoryview(mapped)[_HEADER.size:], mapped
    except (OSError, ValueError, struct.error):
        return None


def save_table(table: EndgameTable, cache_dir: PathArg) -> Path:
    """Write the table under ``cache_dir`` (created if needed), and its packed copy for the
    search where it has one (:func:`search_layout`), each through a temporary file renamed, so a
    crash never leaves half a table under the real name; returns the table file's path. The
    packed copy is written first: a table file never stands without it."""
    path = _path(cache_dir, table.pieces)
    path.parent.mkdir(parents=True, exist_ok=True)
    start, packed_size = search_layout(table.pieces)
    if table.packed_from is not None:
        _write(_path(cache_dir, table.pieces, packed=True), table.pieces, packed_size,
               [table._search_view])
    elif start is not None:  # packed as it is written: the whole copy is never held
        _write(_path(cache_dir, table.pieces, packed=True), table.pieces, packed_size,
               _packed_parts(table))
    _write(path, table.pieces, len(table._view), [table._view])
    return path


def load_table(cache_dir: PathArg, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """The cached table and its packed copy, memory-mapped (copy-on-write, so the compiled
    search can take them as writable arrays without the files ever changing), or None when the
    table cannot be read (missing, wrong header or size: then generate again). A missing or
    damaged packed copy is made again from the table (a few seconds); if it cannot be written,
    the search reads the table itself."""
    found = _map(_path(cache_dir, pieces), pieces, layout(pieces)[1])
    if found is None:
        return None
    start, packed_size = search_layout(pieces)
    packed = packed_keep = None
    if start is not None:
        where = _path(cache_dir, pieces, packed=True)
        extra = _map(where, pieces, packed_size)
        if extra is None:
            try:
                _write(where, pieces, packed_size, _packed_parts(EndgameTable(pieces, found[0])))
            except (OSError, ValueError):
                pass
            extra = _map(where, pieces, packed_size)
        if extra is not None:
            packed, packed_keep = extra
    try:
        return EndgameTable(pieces, found[0], keep=found[1], packed=packed,
                            packed_keep=packed_keep)
    except ValueError:
        return None


_installed: Optional[EndgameTable] = None


def installed_table() -> Optional[EndgameTable]:
    """The table the search uses by default (None until :func:`install_table`)."""
    return _installed


def install_table(table: Optional[EndgameTable]) -> None:
    """Make ``table`` the one every new search probes (None switches the database off)."""
    global _installed
    _installed = table


def release_pages(table: Optional[EndgameTable] = None) -> None:
    """Give back the pages of a memory-mapped table (default: the installed one) that searches
    have read: they stay in the operating system's file cache, so the next probe of them costs
    a minor page fault, not a disk read. So the app's resident memory holds what one search
    reads (up to about 90 MB in an 8-second search of a 7-piece ending, measured), not, over an
    evening of endgames, the whole 178 MiB. Called after every search, and during a compiled
    search of a large table (6 pieces) every ``search.RELEASE_SECONDS`` from its clock thread; does
    nothing for a table in memory, or where the system has no ``madvise`` (Windows)."""
    table = _installed if table is None else table
    for mapped in (getattr(table, "_keep", None), getattr(table, "_packed_keep", None)):
        if mapped is not None and hasattr(mapped, "madvise") and hasattr(mmap, "MADV_DONTNEED"):
            try:
                mapped.madvise(mmap.MADV_DONTNEED)
            except (OSError, ValueError):  # closed, or refused: the pages simply stay
                pass


def install_cached(cache_dir: PathArg, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """Install the largest table of at most ``pieces`` already cached in ``cache_dir`` (the one
    the window built), as the window does, and return it; None, installing nothing, when none is
    cached. Nothing is built: a command-line tool answers at once (mapping the file takes
    milliseconds)."""
    for count in range(min(pieces, MAX_PIECES), 1, -1):
        table = load_table(cache_dir, count)
        if table is not None:
            install_table(table)
            return table
    return None


STALE_TEMPORARY_SECONDS = 3600
"""A temporary cache file this old is left over from a builder that was killed while it wrote:
a table is written in seconds (3.7 GB in about 20 s), so no live writer has one this old."""


def remove_stale(cache_dir: PathArg) -> None:
    """Delete the cache files of earlier formats (v1: a JSON dict of 3 pieces, 2.8 MB; v2: gzip
    files of a 32**n index, 2.2 MB for 4 pieces) and temporary files left over by a builder killed
    while it wrote (older than :data:`STALE_TEMPORARY_SECONDS`; up to 3.7 GB each)."""
    folder = Path(cache_dir)
    stale = [*folder.glob("endgame-*-v1.json.gz"), *folder.glob("endgame-*-v2.bin.gz")]
    now = time.time()
    for tmp in [*folder.glob("endgame-*.tmp"), *folder.glob(".endgame-*.tmp")]:
        try:
            if now - tmp.stat().st_mtime > STALE_TEMPORARY_SECONDS:
                stale.append(tmp)
        except OSError:
            pass
    for path in stale:
        try:
            path.unlink()
        except OSError:
            pass


def ensure_table(cache_dir: PathArg, pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                 install: bool = True, compiled: Optional[bool] = None,
                 on_material: Optional[Callable[[int, int, int], None]] = None) -> EndgameTable:
    """Load the table of ``pieces`` (2-6) from ``cache_dir``, or generate and cache it
    (``on_material``: see :func:`build_table`).

    The largest cached smaller table is loaded first and built on; each finished piece count is
    cached and (unless ``install`` is False) installed at once, so searches use 4 pieces while 5
    are being generated. Slow the first time (see the module docstring): call it from a worker
    thread or process. Raises ``InterruptedError`` when ``stop`` is set during generation (the
    finished counts stay cached and installed) and ``ValueError`` as :func:`build_table` does.
    """
    compiled = _check_pieces(pieces, compiled)
    remove_stale(cache_dir)
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

        table = build_table(pieces, stop=stop, progress=finished, start=base, compiled=compiled,
                            on_material=on_material)
        mapped = load_table(cache_dir, pieces)  # mapped, with its packed copy, as next time
        if mapped is not None:
            table = mapped
    if install:
        install_table(table)
    return table
