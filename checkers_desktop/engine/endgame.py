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
same bytes) and 5 pieces on top in about 41 s on an idle machine, then codes and compresses them
in about 17 s; ``checkers-desktop endgame --pieces 5`` peaked at 411 MB (numba about 156 MB, the
table 187 MB, the pair being solved 3 bytes a position of both sides). Sizes in memory: 2-4
pieces 7,455,300 bytes (41 signatures); 2-5 pieces 187,110,300 bytes (85 signatures; 133 million
positions won or lost, the longest win 161 plies).

**The cache file** (:func:`save_table`, one a piece count: ``endgame-N-v5.egdb``) holds what the
search reads and the exact distances, compressed, and ends with the SHA-256 of the rest: a file
whose checksum, header or block index is wrong is never used (:func:`load_table` returns None and
:func:`ensure_table` builds it again), and each block of distances is checked against its CRC-32
when it is read. Below :data:`PACKED_PIECES` pieces it is the flat bytes (7.5 MB for 2-4 pieces).
From 5 pieces the search reads a run-length coded copy (win, loss or draw, :mod:`.wld_codec`),
which holds no value for a position whose side to move has a jump: the searches play the jump
instead (it is forced; :meth:`EndgameTable.search_probe` does the same when asked), and such a
position, a quarter of the 5-piece ones and a third of the 6-piece ones, takes whatever value
lengthens the run it falls in. The search's copy of 2-5 pieces: 7.5 MB of 2-4-piece bytes, 0.7
MB of block index and 2.5 MB of codes (10.6 MB, against 19.1 MB valuing every position in blocks
of 256, and 52 MB in two bits a position before); of 2-6 pieces 91.8 MB (against 261.7 MB).
The root and the problems read the exact distances from zlib blocks of :data:`EXACT_BLOCK`
positions (63 MB for 5 pieces, 1.17 GB for 6), which value every position: the quickest win is
still played. The 2-5 piece file is 73,289,002 bytes, the 2-6 one 1,265,184,294 (``python
benchmarks/endgame_probe.py --cache DIR`` prints sizes and probe speeds;
``benchmarks/endgame_dontcare.py`` what leaving positions out saves). The search's copy is
memory-mapped: only the pages read are in memory, and the operating system can drop them again
(every search gives them back when it ends, see :func:`release_pages`). Files of the previous
formats are converted once (the one before, ``v4``: about 4 s for 5 pieces and 72 s for 6 with
a peak of 803 MB, its distances copied as they are), not built again.

**Six pieces, on request** (``checkers-desktop endgame --pieces 6``, never at the window's first
start): 3,739,728,040 positions (155 signatures; 2,003,543,133 six-piece positions won or lost,
the longest win 167 plies). Built in memory it took 17 minutes (1,016 s) and 4.2 GB; it is now
built in a memory-mapped work file in the cache folder (:data:`WORK_FILE_FROM`), material pair by
material pair (each reads only smaller tables and the pairs with one man fewer, solved before),
the pages each pair wrote handed to the file cache after it, so the builder's resident memory is
one pair's: the largest, a man and two kings against two men and a king, has 336 million
positions of both sides (1 GB while it is solved; a process solving it so peaked at 1.58 GB,
against 1.84 GB before it was stopped unfinished when the pages were handed back only after each
pair). The window and the tools use it once it is cached.
Without numba only 2-4 pieces are built, by the Python builder (about 300 MB at its peak).
:func:`ensure_table` installs each finished count as soon as it is ready, so searches use the
smaller table meanwhile; it stops between materials when asked.
"""

from __future__ import annotations

import hashlib
import logging
import mmap
import os
import struct
import threading
import time
import zlib
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

_log = logging.getLogger(__name__)

TableBytes = Union[bytes, bytearray, memoryview, "np.ndarray", mmap.mmap]
"""A table's bytes as they are held: in memory (a bytearray, a numpy uint8 array) or a
memory-mapped file's buffer."""
ByteView = Union[bytes, bytearray, memoryview]
"""Those bytes as Python indexes them (one int, 0-255, a position)."""
Material = tuple[int, int, int, int]
"""Black's men and kings, White's men and kings."""
PathArg = Union[str, "os.PathLike[str]"]

FORMAT_VERSION = 5
DEFAULT_PIECES = 5
MAX_PIECES = 6
"""The largest table that can be built: 6 pieces, on request only (see the module
docstring)."""
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
"""From this piece count the search reads a run-length coded copy: win, loss or draw
(:mod:`.wld_codec`; the 5-piece part: 3.2 MB, against 45 MB in two bits a position). A search
of an ending probes all over the table and, reading whole bytes, touched some 140 MB of it in
one hint, above the app's memory aim; the root still reads the exact distances (see
:meth:`EndgameTable.search_probe`)."""

_Z = {bbm.MASK_OF_SQUARE[s]: s - 1 for s in SQUARES}
"""Square mask -> 0-31."""
_M35 = (1 << 35) - 1
_BLACK_CROWN = bbm.BLACK_CROWN
_WHITE_CROWN = bbm.WHITE_CROWN
_BIN = [[comb(n, k) for k in range(6)] for n in range(33)]
_HEADER = struct.Struct("<4sHHQQQQII")
"""Cache file header: magic, format version, pieces, positions, bytes of the search's copy, where
the compressed distances start, their blocks, the positions of a coded block and of a block of
distances (48 bytes; see :func:`save_table`)."""
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


def view_of(squares: Iterable[int], mine: int, crowned: Iterable[bool],
            black: bool) -> tuple[int, int, int, bool]:
    """The search's view (my, opp, kings, black) of pieces on ``squares`` (1-32): the first
    ``mine`` are the side to move's (BLACK's when ``black``), the rest the opponent's; a piece is
    a king where ``crowned`` says so, and on its own crowning row (where no man stands)."""
    my = opp = kings = 0
    for i, (square, king) in enumerate(zip(squares, crowned)):
        mask = bbm.MASK_OF_SQUARE[square]
        ours = i < mine
        if ours:
            my |= mask
        else:
            opp |= mask
        if king or (square >= 29 if ours == black else square <= 4):
            kings |= mask
    return my, opp, kings, black


def _byte_view(data: TableBytes) -> ByteView:
    if isinstance(data, (bytes, bytearray)):
        return data
    # a numpy array has the buffer protocol, which numpy's type stubs do not declare
    return memoryview(data).cast("B")  # type: ignore[arg-type]


def coded_from(pieces: int) -> Optional[int]:
    """Where the run-length coded part of the search's copy of a ``pieces`` table starts (the
    positions of fewer than :data:`PACKED_PIECES` pieces before it are exact bytes), or None
    when nothing is coded (fewer than :data:`PACKED_PIECES` pieces)."""
    if pieces < PACKED_PIECES:
        return None
    return layout(PACKED_PIECES - 1)[1]


def _signatures_from(pieces: int, start: int) -> list[tuple[int, Material]]:
    """(offset, signature) of every signature of a ``pieces`` table from ``start``, in order."""
    offsets = layout(pieces)[0]
    out = [(off, (code >> 9, (code >> 6) & 7, (code >> 3) & 7, code & 7))
           for code, off in offsets.items() if off >= start]
    return sorted(out)


def pack_for_search(table: "EndgameTable") -> Optional[np.ndarray]:
    """The search's copy of ``table`` as a numpy uint8 array, or None when nothing is coded
    (:func:`coded_from`): the exact bytes of fewer than :data:`PACKED_PIECES` pieces, then the
    block index and the codes of :mod:`.wld_codec` for the rest (for 2-5 pieces 7.5 MB exact,
    0.7 MB of index and 2.5 MB of codes, against 45 MB in two bits a position; see
    :func:`code_wld`). Needs the compiled encoder (numba; ``ValueError`` without it); about 4 s
    for 5 pieces."""
    start = coded_from(table.pieces)
    if start is None:
        return None
    exact = table._view if isinstance(table._view, CompressedExact) else table.exact_array()
    return code_wld(exact, table.pieces, start, lambda: release_pages(table))


def code_wld(exact: "Union[np.ndarray, CompressedExact]", pieces: int,
             start: int, release: Optional[Callable[[], None]] = None) -> "np.ndarray":
    """``exact`` (the :func:`layout` bytes of ``pieces``: a numpy uint8 array, or a cached
    file's :class:`CompressedExact`, read a signature at a time) with its positions from
    ``start`` (a signature's offset) run-length coded as win, loss or draw
    (:mod:`.wld_codec`): ``exact[:start]``, then the block index from byte ``start``, then the
    codes. The positions whose side to move has a jump pending are coded as whatever lengthens
    the run they fall in: the search never reads them (it plays the jump: jumps are forced).
    ``release`` is called after each signature (a mapped file's pages read handed back).
    Raises ``ValueError`` without the compiled encoder (numba)."""
    import numpy as np

    if not compiled_builder_available():
        raise ValueError("coding the endgame database needs the compiled engine (numba)")
    from . import numba_endgame, numba_wld, wld_codec

    def read(lo: int, hi: int) -> "np.ndarray":
        if isinstance(exact, CompressedExact):
            return exact.range(lo, hi)
        return exact[lo:hi]

    block = wld_codec.BLOCK
    total = layout(pieces)[1]
    blocks = (total - start + block - 1) // block
    head = np.empty(start + 4 * blocks, np.uint8)
    head[:start] = read(0, start)
    at = start + 4 * blocks
    index_at = start
    parts = [head]
    carry = np.empty(0, np.uint8)
    for off, sig in _signatures_from(pieces, start):
        values = np.empty(signature_size(*sig), np.uint8)
        numba_endgame.wld_values(*sig, read(off, off + len(values)), 0, values, 1)
        whole = np.concatenate([carry, values]) if len(carry) else values
        full = len(whole) // block * block
        out = np.empty(full // 4 + full // block + 16, np.uint8)
        end = numba_wld.encode_blocks(whole[:full], at, out, head, index_at, at)
        parts.append(out[:end - at].copy())
        at = end
        index_at += 4 * (full // block)
        carry = whole[full:].copy()
        drop_pages(exact)
        if release is not None:
            release()
    if len(carry):
        last = np.full(block, wld_codec.NO_POSITION, np.uint8)
        last[:len(carry)] = carry
        out = np.empty(block // 4 + 16, np.uint8)
        end = numba_wld.encode_blocks(last, at, out, head, index_at, at)
        parts.append(out[:end - at].copy())
        at = end
        index_at += 4
    if index_at != start + 4 * blocks:
        raise ValueError(f"{start} is not where a signature starts")
    coded: np.ndarray = np.concatenate(parts)
    return coded


def _value_of_byte(b: int) -> int:
    if not b:
        return 0
    if b & 1:
        return LOST_NOW if b == 1 else 1 - b
    return b - 1


def plies_of(value: int) -> int:
    """The distance in plies of a probe value."""
    return 0 if value == LOST_NOW else abs(value)


EXACT_BLOCK = 1 << 16
"""Positions a compressed block of exact distances holds (zlib; about 0.5 ms to decompress)."""
KEEP_EXACT_BYTES = 1 << 16
"""Exact bytes a cached table remembers by position (forgotten all at once when full)."""


class CompressedExact:
    """The exact bytes of a cached table (:func:`layout` order, indexed as ints like a byte
    buffer): those before ``start`` read from ``head`` as they are, the rest decompressed block
    by block (:data:`EXACT_BLOCK` positions a block) from ``payload`` at ``ends`` (the end of
    each block's bytes; block ``b`` starts where ``b - 1`` ends), each block checked against its
    CRC-32 (``crcs``) before it is used. Up to ``keep`` blocks stay decompressed (2 MB by
    default), and up to :data:`KEEP_EXACT_BYTES` bytes read are remembered. Raises
    :class:`DamagedTable` when a block's CRC or size is wrong. The distances may stop before
    ``size``, at ``exact_end`` (a file of the search's copy only, for the positions of its
    largest piece count: see :func:`save_table`); a position from there raises
    :class:`NoDistance`."""

    def __init__(self, size: int, start: int, head: ByteView, payload: ByteView,
                 ends: "np.ndarray", crcs: "np.ndarray", keep: int = 32,
                 exact_end: Optional[int] = None) -> None:
        self.size = size
        self.exact_end = size if exact_end is None else exact_end
        self.start = start
        self.head = head
        self.payload = payload
        self.ends = ends
        self.crcs = crcs
        self.keep = keep
        self._blocks: dict[int, bytes] = {}
        self._bytes: dict[int, int] = {}
        """The bytes read, by position: a search reads the root's children at every depth."""
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self.size

    def block(self, b: int) -> bytes:
        """Block ``b`` decompressed (``EXACT_BLOCK`` bytes, fewer for the last)."""
        found = self._blocks.get(b)
        if found is not None:
            return found
        if b >= len(self.ends):
            raise NoDistance(f"block {b} of the exact distances is not in the file")
        lo = int(self.ends[b - 1]) if b > 0 else 0
        raw = bytes(self.payload[lo:int(self.ends[b])])
        want = min(EXACT_BLOCK, self.exact_end - self.start - b * EXACT_BLOCK)
        if zlib.crc32(raw) != int(self.crcs[b]):
            raise DamagedTable(f"block {b} of the exact distances fails its CRC")
        try:
            out = zlib.decompress(raw)
        except zlib.error as exc:
            raise DamagedTable(f"block {b} of the exact distances: {exc}") from None
        if len(out) != want:
            raise DamagedTable(f"block {b} of the exact distances has {len(out)} bytes")
        from .wld_codec import keep_bounded

        keep_bounded(self._blocks, b, out, self.keep, self._lock)
        return out

    def __getitem__(self, at: int) -> int:
        if at < self.start:
            return self.head[at]
        if at >= self.exact_end:
            raise NoDistance(f"position {at} has no exact distance in the file")
        found = self._bytes.get(at)
        if found is None:
            rel = at - self.start
            found = self.block(rel // EXACT_BLOCK)[rel % EXACT_BLOCK]
            if len(self._bytes) >= KEEP_EXACT_BYTES:
                self._bytes.clear()
            self._bytes[at] = found
        return found

    def range(self, lo: int, hi: int) -> "np.ndarray":
        """The exact bytes of positions ``lo`` to ``hi`` (excluded), as a numpy uint8 array,
        decompressing only the blocks they lie in (which are then forgotten)."""
        import numpy as np

        out = np.empty(hi - lo, np.uint8)
        at = lo
        if at < min(hi, self.start):
            head = np.frombuffer(self.head, np.uint8)
            out[:min(hi, self.start) - lo] = head[lo:min(hi, self.start)]
            at = min(hi, self.start)
        while at < hi:
            rel = at - self.start
            b = rel // EXACT_BLOCK
            part = np.frombuffer(self.block(b), np.uint8)
            first = rel - b * EXACT_BLOCK
            take = min(hi - at, len(part) - first)
            out[at - lo:at - lo + take] = part[first:first + take]
            at += take
        self._blocks.clear()
        return out

    def with_size(self, size: int) -> "CompressedExact":
        """These distances as those of a larger table (``size`` positions; the distances still
        stop at :attr:`exact_end`)."""
        return CompressedExact(size, self.start, self.head, self.payload, self.ends, self.crcs,
                               self.keep, self.exact_end)

    def to_array(self) -> "np.ndarray":
        """Every exact byte, decompressed, as a numpy uint8 array (``size`` bytes). Raises
        :class:`NoDistance` when the distances stop before the end."""
        import numpy as np

        if self.exact_end < self.size:
            raise NoDistance("the file holds the exact distances of fewer pieces")
        out = np.empty(self.size, np.uint8)
        out[:self.start] = np.frombuffer(self.head, np.uint8)[:self.start]
        at = self.start
        for b in range(len(self.ends)):
            part = self.block(b)
            out[at:at + len(part)] = np.frombuffer(part, np.uint8)
            at += len(part)
        self._blocks.clear()
        return out


class DamagedTable(ValueError):
    """A cached endgame file whose checksum, CRC or structure is wrong: it is not used."""


class NoDistance(LookupError):
    """The exact distance of a position a file holds only the search's win, loss or draw of
    (see :attr:`EndgameTable.exact_pieces`)."""


class EndgameTable:
    """Exact values of every position with at most :attr:`pieces` pieces.

    :meth:`probe` takes the search's view of a position (side to move ``my``, opponent ``opp``,
    ``kings``, ``black`` True when BLACK moves) and returns plies to a win (> 0), minus plies to a
    loss (< 0; a position already lost counts as ``-0`` and is returned as :data:`LOST_NOW`), or 0
    for a draw.
    """

    def __init__(self, pieces: int, data: Union[TableBytes, CompressedExact], keep: object = None,
                 packed: Optional[TableBytes] = None, packed_keep: object = None) -> None:
        """``data``: the flat bytes of :func:`layout` (``pieces``) — a bytearray, a numpy uint8
        array, a memory-mapped file's buffer or a cached file's :class:`CompressedExact`;
        ``keep``: an object to hold while the table lives (the open map). ``packed``: the
        search's copy (:func:`pack_for_search`; None: the search reads ``data``), ``packed_keep``
        its map. Raises ``ValueError`` when a size is not the layout's, or the search's copy is
        too short for its block index."""
        self.pieces = pieces
        self.offsets, size = layout(pieces)
        self.data = data
        self._view: Union[ByteView, CompressedExact] = (
            data if isinstance(data, CompressedExact) else _byte_view(data))
        if len(self._view) != size:
            raise ValueError(f"an endgame table of {pieces} pieces has {size} bytes, "
                             f"not {len(self._view)}")
        self._keep = keep
        self.exact_pieces = pieces
        """The most pieces whose exact distances the table holds: :attr:`pieces`, or fewer for
        a file of the search's copy only at its largest count (those positions' :meth:`probe`
        reads the search's win, loss or draw: a win is ``WLD_PLIES`` plies)."""
        if isinstance(data, CompressedExact):
            while self.exact_pieces > 2 and layout(self.exact_pieces)[1] > data.exact_end:
                self.exact_pieces -= 1
        self.packed_from: Optional[int] = None
        """Where the coded part starts in :attr:`search_data` (None: nothing is coded)."""
        self.search_data: Any = data
        self._search_view: Any = self._view
        self._decoder: Any = None
        if packed is not None:
            from .wld_codec import BLOCK, BlockDecoder

            start = coded_from(pieces)
            view = _byte_view(packed)
            blocks = (size - start + BLOCK - 1) // BLOCK if start is not None else 0
            if start is None or len(view) < start + 5 * blocks:
                raise ValueError(f"the search's copy of {pieces} pieces is too short "
                                 f"({len(view)} bytes)")
            self.packed_from = start
            self.search_data = packed
            self._search_view = view
            self._decoder = BlockDecoder(view, start)
        elif isinstance(data, CompressedExact):
            raise ValueError("a compressed table needs its search's copy")
        self._packed_keep = packed_keep
        self._borrowed: Optional[EndgameTable] = None

    def exact_array(self) -> "np.ndarray":
        """Every exact byte as a numpy uint8 array (no copy for a table in memory or mapped;
        decompressed for a cached file: :func:`layout` bytes, 187 MB for 5 pieces)."""
        import numpy as np

        if isinstance(self._view, CompressedExact):
            return self._view.to_array()
        if isinstance(self.data, np.ndarray) and self.data.dtype == np.uint8:
            return self.data  # (a memory-mapped work file's array stays one: see drop_pages)
        return np.frombuffer(self._view, np.uint8)

    def search_probe(self, my: int, opp: int, kings: int, black: bool) -> int:
        """What the search reads (:meth:`probe`'s values), from the coded copy where there is
        one: there a win is ``WLD_PLIES`` and a loss ``-WLD_PLIES``. The coded copy holds no
        value for a position whose mover has a jump (:func:`code_wld`); for one of those the
        value is that of its best jump (searched here, into fewer pieces: the searches do the
        same and never ask for it)."""
        start = self.packed_from
        if start is None:
            return self.probe(my, opp, kings, black)
        code, idx = _locate(my, opp, kings, black)
        at = self.offsets[code] + idx
        if at < start:
            return _value_of_byte(self._search_view[at])
        j = bbm.jumpers(my, opp, kings, black)
        if j:
            return self._best_jump(my, opp, kings, black, j)
        two = self._decoder.value(at - start)
        return 0 if not two else (-WLD_PLIES if two == 1 else WLD_PLIES)

    def _best_jump(self, my: int, opp: int, kings: int, black: bool, j: int) -> int:
        """The value (as :meth:`search_probe`'s) of a position whose mover must jump (``j``:
        the pieces that can): the best over its jumps, a win in fewer plies first, a loss in
        more; a value beyond ``WLD_PLIES`` plies is a coded win or loss, read as one."""
        crown = _BLACK_CROWN if black else _WHITE_CROWN
        best_key: Optional[tuple[int, int]] = None
        best = 0
        for frm, to, cap, _ in bbm.jump_moves(my, opp, kings, black, j):
            nmy, nopp, nk = bbm.after_move(my, opp, kings, frm, to, cap, crown)
            if not nopp:
                return 1  # the last piece taken: the opponent has lost
            v = self.search_probe(nopp, nmy, nk, not black)
            mine = 1 if v == LOST_NOW else -v + 1 if v < 0 else -(v + 1) if v > 0 else 0
            key = (2, -mine) if mine > 0 else (1, 0) if mine == 0 else (0, -mine)
            if best_key is None or key > best_key:
                best_key, best = key, mine
        return max(-WLD_PLIES, min(WLD_PLIES, best))

    def __bool__(self) -> bool:
        """A table is always true: ``if table`` must not count its positions (:meth:`__len__`
        reads every byte, 187 MB at 5 pieces, touching every page of a mapped file)."""
        return True

    def __len__(self) -> int:
        """How many positions are won or lost (BLACK to move; the WHITE twins are the same).
        Reads every byte (of a mapped file: every page; of a cached file: decompressed)."""
        import numpy as np

        return int(np.count_nonzero(self.exact_array()))

    def nbytes(self) -> int:
        """Positions of the tables (one byte each in memory; a cached file is compressed)."""
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
        having a piece. Raises ``KeyError`` for a position outside the table. Where a cached
        file's block of distances fails its CRC (the file changed after it was checked), that
        block is not used: the value is the search's (:meth:`search_probe`: a win or loss
        counted as ``WLD_PLIES`` plies), and a warning is logged."""
        code, idx = _locate(my, opp, kings, black)
        try:
            return _value_of_byte(self._view[self.offsets[code] + idx])
        except NoDistance:
            return self.search_probe(my, opp, kings, black)
        except DamagedTable as exc:
            _log.warning("endgame database of %d pieces: %s", self.pieces, exc)
            return self.search_probe(my, opp, kings, black)


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
                on_material: Optional[Callable[[int, int, int], None]] = None,
                work: Optional[PathArg] = None) -> EndgameTable:
    """Generate the table of every position with at most ``pieces`` pieces (2-6).

    ``start``: a finished smaller table to build on (its counts are not solved again).
    ``work``: a file (created, or overwritten) that holds the table while it is built, memory-
    mapped, instead of memory: after each material the pages it wrote are handed to the file
    cache, so the builder's resident memory is that of one material pair (its working bytes and
    the tables it reads) and not the whole table (3.7 GB for 6 pieces). Compiled builder only.
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

        from .compiled import offsets_array
        from .compiled_layout import PATH

        if work is None:
            array = np.zeros(size, np.uint8)
        else:
            array = np.memmap(work, np.uint8, mode="w+", shape=(size,))
        data = array
        if start is not None:
            array[:len(start._view)] = start.exact_array()
        offs = offsets_array(offsets)
        mem = np.zeros(PATH, np.int64)

        def solve(mat: tuple[int, int, int, int]) -> None:
            solve_compiled(mat, offs, array, mem)
    else:
        data = bytearray(size)
        if start is not None:
            data[:len(start._view)] = start.exact_array().tobytes()

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


DROP_SECONDS = 0.5
"""While a material pair is solved in a work file, its pages are handed back this often."""


def solve_compiled(mat: Material, offs: "np.ndarray", data: "np.ndarray",
                   mem: "np.ndarray") -> None:
    """Solve the material pair ``mat`` with the compiled builder into ``data`` (offsets by
    signature code ``offs``, scratch ``mem``). When ``data`` is a work file's array
    (``numpy.memmap``) its pages are handed back to the file cache every :data:`DROP_SECONDS`
    while the pair is solved (the solver releases the interpreter lock) and once after, so
    resident memory holds the pair's working bytes, not the tables it writes and reads. Raises
    ``OverflowError`` when a distance passes 254 plies."""
    from . import numba_endgame

    done = threading.Event()
    dropper = None
    if getattr(data, "_mmap", None) is not None:
        def drop() -> None:
            while not done.wait(DROP_SECONDS):
                drop_pages(data)

        dropper = threading.Thread(target=drop, name="endgame-drop-pages", daemon=True)
        dropper.start()
    try:
        decided = numba_endgame.solve_pair(*mat, offs, data, mem)
    finally:
        done.set()
        if dropper is not None:
            dropper.join()
    drop_pages(data)
    if decided == numba_endgame.OVERFLOW:
        raise OverflowError(f"a distance of material {mat} does not fit in a byte")


def drop_pages(data: Any) -> None:
    """Hand the pages of ``data`` back to the file cache when it is a memory-mapped file's array
    (``numpy.memmap``: its bytes stay in the file, and are read again when touched); nothing
    for an array in memory."""
    mapped = getattr(data, "_mmap", None)
    if mapped is not None and hasattr(mapped, "madvise") and hasattr(mmap, "MADV_DONTNEED"):
        try:
            mapped.madvise(mmap.MADV_DONTNEED)
        except (OSError, ValueError):
            pass


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
_OLD_HEADER = struct.Struct("<4sHHQ")
"""The header of the previous format's files (``endgame-N-v3.bin``: the flat bytes as they are),
which :func:`ensure_table` converts."""


def _path(cache_dir: PathArg, pieces: int) -> Path:
    return Path(cache_dir) / f"endgame-{pieces}-v{FORMAT_VERSION}.egdb"


def _old_paths(cache_dir: PathArg, pieces: int) -> list[Path]:
    folder = Path(cache_dir)
    return [folder / f"endgame-{pieces}-v3.bin", folder / f"endgame-{pieces}-v3.search"]


def _file_parts(table: EndgameTable, search: Optional["np.ndarray"] = None,
                exact_pieces: Optional[int] = None) -> Iterator[ByteView]:
    """The cache file of ``table`` (see :func:`save_table`) in consecutive parts, with the
    SHA-256 of everything before it as the last 32 bytes. ``search``: the search's copy to
    write (default: the table's own, or coded now). A table read from a cached file keeps its
    compressed distances as they are (each block was checked with the file). ``exact_pieces``:
    write the distances of that many pieces at most (default: all the table holds)."""
    import numpy as np

    from . import wld_codec

    total = layout(table.pieces)[1]
    start = coded_from(table.pieces)
    exact: Any = table._view if isinstance(table._view, CompressedExact) else \
        table.exact_array()
    copy: Any = search
    if start is None:
        copy = exact if not isinstance(exact, CompressedExact) else exact.range(0, total)
        start = total
    elif copy is None:
        copy = table.search_data if table.packed_from is not None else pack_for_search(table)
    search_view = _byte_view(copy)
    exact_end = layout(min(table.exact_pieces, exact_pieces or table.pieces))[1]
    blocks = max(0, exact_end - start + EXACT_BLOCK - 1) // EXACT_BLOCK
    digest = hashlib.sha256()

    def out(part: ByteView) -> ByteView:
        digest.update(part)
        return part

    yield out(_HEADER.pack(_MAGIC, FORMAT_VERSION, table.pieces, total, len(search_view), start,
                           blocks, wld_codec.BLOCK, EXACT_BLOCK))
    yield out(search_view)
    if not blocks and start < total:  # a search-only file: room to read a block's codes
        yield out(bytes(wld_codec.BLOCK // 4))
    if isinstance(exact, CompressedExact):
        if exact.start != start or len(exact.ends) < blocks:
            raise ValueError("the compressed distances are not this table's")
        length = int(exact.ends[blocks - 1]) if blocks else 0
        for lo in range(0, length, 1 << 24):
            yield out(exact.payload[lo:min(length, lo + (1 << 24))])
            release_pages(table)  # (the file's pages read: resident memory stays a chunk's)
        yield out(exact.ends[:blocks].astype(np.uint64).tobytes())
        yield out(exact.crcs[:blocks].astype(np.uint32).tobytes())
        yield digest.digest()
        return
    ends = np.zeros(blocks, np.uint64)
    crcs = np.zeros(blocks, np.uint32)
    written = 0
    for b in range(blocks):
        lo = start + b * EXACT_BLOCK
        packed = zlib.compress(exact[lo:min(exact_end, lo + EXACT_BLOCK)].tobytes(), 6)
        written += len(packed)
        ends[b] = written
        crcs[b] = zlib.crc32(packed)
        yield out(packed)
        if b % 1024 == 1023:
            drop_pages(exact)
    yield out(ends.tobytes())
    yield out(crcs.tobytes())
    yield digest.digest()


def save_table(table: EndgameTable, cache_dir: PathArg,
               search: Optional["np.ndarray"] = None,
               exact_pieces: Optional[int] = None) -> Path:
    """Write ``table`` under ``cache_dir`` (created if needed) as one file, through a temporary
    file renamed, so a crash never leaves half a table under the real name; returns its path.

    The file: a 48-byte header (magic, format, pieces, positions, bytes of the search's copy,
    where the compressed distances start, their blocks, the two block sizes); the search's copy
    (:func:`pack_for_search`; for fewer than :data:`PACKED_PIECES` pieces, the exact bytes);
    the exact distances from there in zlib blocks of :data:`EXACT_BLOCK` positions, then each
    block's end (uint64) and CRC-32 (uint32); last, the SHA-256 of everything before it. Coding
    needs the compiled encoder from :data:`PACKED_PIECES` pieces (``ValueError`` without it).

    ``exact_pieces``: the distances of at most that many pieces are written (a *search-only*
    file: 2-6 pieces with ``exact_pieces=4`` is the search's copy alone, 91.8 MB instead of
    1.27 GB); :func:`load_table` then takes the distances of the largest other cached table
    that has them, and the positions beyond read the search's win, loss or draw."""
    path = _path(cache_dir, table.pieces)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic_parts(path, _file_parts(table, search, exact_pieces))
    return path


def _check_digest(fh: Any, size: int) -> None:
    """Raise :class:`DamagedTable` unless the file's last 32 bytes are the SHA-256 of the rest."""
    fh.seek(0)
    digest = hashlib.sha256()
    left = size - 32
    while left > 0:
        chunk = fh.read(min(left, 1 << 22))
        if not chunk:
            raise DamagedTable("the file is shorter than it says")
        digest.update(chunk)
        left -= len(chunk)
    if fh.read(32) != digest.digest():
        raise DamagedTable("the file's SHA-256 is wrong")


def _check_block_index(mapped: Any, at: int, start: int, total: int, search_len: int,
                       size: int, block: int) -> None:
    """Raise :class:`DamagedTable` unless the block index of the search's copy (from byte
    ``start`` of the copy, which starts at byte ``at`` of the file) starts right after itself,
    never goes back and stays inside the copy, with room after the copy for a block's codes (a
    block reads at most ``BLOCK // 4`` bytes from its start): so no probe reads outside the
    file, whatever its bytes."""
    import numpy as np

    blocks = (total - start + block - 1) // block
    codes_at = start + 4 * blocks
    if search_len < codes_at or size - at - search_len < block // 4:
        raise DamagedTable("the search's copy is too short for its block index")
    index = np.frombuffer(mapped, "<u4", blocks, at + start).astype(np.int64)
    if blocks and (index[0] != codes_at or index[-1] >= search_len
                   or np.any(np.diff(index) < 0)):
        raise DamagedTable("the block index of the search's copy is wrong")


def _read_file(path: Path, pieces: int, version: int = FORMAT_VERSION,
               coded_block: Optional[int] = None) -> Optional[EndgameTable]:
    """The table cached in ``path``, its search's copy memory-mapped; None when the file is
    missing; :class:`DamagedTable` when its header, size, checksum or block index is wrong.
    ``version`` and ``coded_block``: the format and block size the file must have (default:
    this format's; the previous one is read only to be converted)."""
    import numpy as np

    from . import wld_codec

    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return None
    with fh:
        head = fh.read(_HEADER.size)
        if len(head) != _HEADER.size:
            raise DamagedTable("the header is cut short")
        (magic, stated, count, total, search_len, start, blocks, block_size,
         exact_block) = _HEADER.unpack(head)
        size = os.fstat(fh.fileno()).st_size
        wanted_block = wld_codec.BLOCK if coded_block is None else coded_block
        # the distances end with a piece count: the table's, or fewer (a search-only file)
        ends_at = {(layout(k)[1] - start + EXACT_BLOCK - 1) // EXACT_BLOCK: layout(k)[1]
                   for k in range(PACKED_PIECES - 1, pieces + 1)} if start < total else {}
        if (magic != _MAGIC or stated != version or count != pieces
                or total != layout(pieces)[1] or start != (coded_from(pieces) or total)
                or blocks not in ends_at and start < total
                or block_size != wanted_block or exact_block != EXACT_BLOCK):
            raise DamagedTable("the header is not this table's")
        payload_len = size - _HEADER.size - search_len - 12 * blocks - 32
        if payload_len < 0 or (not blocks and start < total
                               and payload_len != wld_codec.BLOCK // 4):
            raise DamagedTable("the file is too short")
        _check_digest(fh, size)
        mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
    if hasattr(mapped, "madvise") and hasattr(mmap, "MADV_RANDOM"):
        mapped.madvise(mmap.MADV_RANDOM)  # probes jump about: read no page ahead
    view = memoryview(mapped)
    at = _HEADER.size
    search = view[at:at + search_len]
    at += search_len
    if start == total:  # exact bytes only
        if search_len != total or blocks:
            raise DamagedTable("the exact bytes are not the table's size")
        return EndgameTable(pieces, search, keep=mapped)
    _check_block_index(mapped, _HEADER.size, start, total, search_len, size, wanted_block)
    payload = view[at:at + payload_len]
    at += payload_len
    ends = np.frombuffer(mapped, np.uint64, blocks, at).astype(np.int64)
    crcs = np.frombuffer(mapped, np.uint32, blocks, at + 8 * blocks).copy()
    if blocks and (ends[-1] != payload_len or np.any(np.diff(ends) < 0) or ends[0] < 0):
        raise DamagedTable("the block index of the distances is wrong")
    exact = CompressedExact(total, start, search, payload, ends, crcs,
                            exact_end=ends_at[blocks])
    try:
        return EndgameTable(pieces, exact, keep=mapped, packed=search, packed_keep=mapped)
    except ValueError as exc:
        raise DamagedTable(str(exc)) from None


def load_table(cache_dir: PathArg, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """The cached table, its search's copy memory-mapped (copy-on-write, so the compiled search
    can take it as a writable array without the file ever changing), or None when there is
    none or it cannot be trusted: a file whose header, size or SHA-256 is wrong is never used
    (it is rebuilt: :func:`ensure_table`). Checking the SHA-256 reads the whole file once
    (about 0.2 s for 2-5 pieces)."""
    try:
        table = _read_file(_path(cache_dir, pieces), pieces)
    except (DamagedTable, OSError, ValueError, struct.error) as exc:
        _log.warning("endgame database of %d pieces in %s not used: %s", pieces, cache_dir, exc)
        return None
    if table is not None and table.exact_pieces < pieces:
        _borrow_distances(table, cache_dir)
    return table


def _borrow_distances(table: EndgameTable, cache_dir: PathArg) -> None:
    """Give ``table``, a search-only file's (see :func:`save_table`), the exact distances of
    the largest smaller table cached in ``cache_dir`` that has more of them than it."""
    for count in range(table.pieces - 1, table.exact_pieces, -1):
        smaller = load_table(cache_dir, count)
        if smaller is None or smaller.exact_pieces != count or \
                not isinstance(smaller._view, CompressedExact):
            continue
        exact = smaller._view.with_size(len(table._view))
        table.data = exact
        table._view = exact
        table.exact_pieces = count
        table._borrowed = smaller  # its map stays open while the table lives
        return


PREVIOUS_VERSION = 4
PREVIOUS_BLOCK = 256
"""The previous format (``endgame-N-v4.egdb``): the same file, its search's copy coded in
blocks of 256 positions with a value for every position; :func:`ensure_table` converts it."""


def _previous_path(cache_dir: PathArg, pieces: int) -> Path:
    return Path(cache_dir) / f"endgame-{pieces}-v{PREVIOUS_VERSION}.egdb"


def has_previous_format(cache_dir: PathArg, pieces: int) -> bool:
    """Whether ``cache_dir`` holds a table of ``pieces`` in the previous format only (one
    :func:`convert_previous` would write in this one)."""
    return _previous_path(cache_dir, pieces).exists() and not _path(cache_dir, pieces).exists()


def convert_previous(cache_dir: PathArg, pieces: int) -> Optional[EndgameTable]:
    """The previous format's file of ``pieces`` written in this one (its distances copied as
    they are, the search's copy coded again) and the old file removed; None when there is
    none, it cannot be trusted (checked as this format's files are), or it cannot be coded
    here (no numba, from :data:`PACKED_PIECES` pieces). About 10 s for 5 pieces and 2-3
    minutes for 6 (one signature's bytes in memory at a time)."""
    old = _previous_path(cache_dir, pieces)
    if not old.exists() or (pieces >= PACKED_PIECES and not compiled_builder_available()):
        return None
    try:
        table = _read_file(old, pieces, PREVIOUS_VERSION, PREVIOUS_BLOCK)
        if table is None:
            return None
        search = pack_for_search(table)
        save_table(table, cache_dir, search)
        del table, search
    except (DamagedTable, OSError, ValueError, struct.error) as exc:
        _log.warning("endgame database of %d pieces in %s not converted: %s", pieces,
                     cache_dir, exc)
        return None
    try:
        old.unlink()
    except OSError:
        pass
    return load_table(cache_dir, pieces)


def _convert_old(cache_dir: PathArg, pieces: int) -> Optional[EndgameTable]:
    """The table of ``pieces`` of the previous format converted (:func:`convert_previous`),
    else the older format's table of ``pieces`` (a ``v3.bin`` file) written in this one and
    the old files removed; None when there is none, it is not whole, or it cannot be coded here
    (no numba, from :data:`PACKED_PIECES` pieces). About 20 s for 5 pieces."""
    converted = convert_previous(cache_dir, pieces)
    if converted is not None:
        return converted
    old = _old_paths(cache_dir, pieces)[0]
    if pieces >= PACKED_PIECES and not compiled_builder_available():
        return None
    try:
        with open(old, "rb") as fh:
            head = fh.read(_OLD_HEADER.size)
            if len(head) != _OLD_HEADER.size:
                return None
            magic, version, count, stated = _OLD_HEADER.unpack(head)
            size = layout(pieces)[1]
            if (magic != _MAGIC or version != 3 or count != pieces or stated != size
                    or os.fstat(fh.fileno()).st_size != _OLD_HEADER.size + size):
                return None
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        try:
            save_table(EndgameTable(pieces, memoryview(mapped)[_OLD_HEADER.size:]), cache_dir)
        finally:
            mapped.close()
    except (OSError, ValueError, struct.error):
        return None
    for path in _old_paths(cache_dir, pieces):
        try:
            path.unlink()
        except OSError:
            pass
    return load_table(cache_dir, pieces)


SHIPPED_DIR = Path(__file__).resolve().parent / "endgame-data"
"""Where a package ships endgame files too large to build at the first start: the search-only
file of :data:`SHIPPED_PIECES` pieces (see :func:`save_table`), xz-compressed
(``endgame-6-v5.egdb.xz``, 40,741,020 bytes for the 91,752,421-byte file), made from a built
6-piece table (``checkers-desktop endgame --pieces 6 --cache DIR``) by
``save_table(load_table(DIR, 6), OUT, exact_pieces=4)`` and ``xz -6``. The window unpacks it
once the 5-piece table, whose distances it reads, is cached (:func:`install_shipped`)."""
SHIPPED_PIECES = 6


def shipped_path(pieces: int = SHIPPED_PIECES) -> Path:
    """The compressed file of ``pieces`` a package may ship in :data:`SHIPPED_DIR`."""
    return SHIPPED_DIR / f"{_path('.', pieces).name}.xz"


def install_shipped(cache_dir: PathArg, pieces: int = SHIPPED_PIECES) -> bool:
    """Unpack the shipped file of ``pieces`` (:func:`shipped_path`) into ``cache_dir`` unless a
    table of as many pieces is cached there; True when one is cached afterwards. The file is
    written through a temporary file renamed, and kept only if it loads (its SHA-256, header and
    block index checked): a damaged or cut shipped file leaves nothing behind and is logged.
    About 2 s for 6 pieces; memory a few MB (decompressed as a stream)."""
    import lzma

    target = _path(cache_dir, pieces)
    if target.exists():
        return True
    source = shipped_path(pieces)
    if not source.exists():
        return False

    def parts() -> Iterator[bytes]:
        with lzma.open(source, "rb") as fh:
            while True:
                chunk = fh.read(1 << 22)
                if not chunk:
                    return
                yield chunk

    try:
        write_atomic_parts(target, parts())
    except (OSError, lzma.LZMAError, EOFError) as exc:
        _log.warning("the shipped endgame database of %d pieces was not unpacked: %s", pieces,
                     exc)
        return False
    if _read_checked(target, pieces):
        return True
    try:
        target.unlink()
    except OSError:
        pass
    return False


def _read_checked(path: Path, pieces: int) -> bool:
    """Whether the file ``path`` is a whole table of ``pieces`` (logged when it is not)."""
    try:
        return _read_file(path, pieces) is not None
    except (DamagedTable, OSError, ValueError, struct.error) as exc:
        _log.warning("the endgame file %s is not used: %s", path, exc)
        return False


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


WORK_FILE_FROM = 6
"""From this piece count :func:`ensure_table` builds in a work file in the cache folder (see
:func:`build_table`'s ``work``) instead of memory."""

STALE_TEMPORARY_SECONDS = 3600
"""A temporary cache file this old is left over from a builder that was killed while it wrote:
a table is written in minutes at most, so no live writer has one this old; a 6-piece build's
work file is written for its whole build, but it is removed when the build ends or stops."""


def remove_stale(cache_dir: PathArg) -> None:
    """Delete the cache files of earlier formats (v1: a JSON dict of 3 pieces, 2.8 MB; v2: gzip
    files of a 32**n index, 2.2 MB for 4 pieces; v3: the flat bytes and a packed copy, and v4, a
    value for every position in the search's copy, once this format's file of as many pieces or
    more is there, as :func:`ensure_table` converts them) and
    temporary files left over by a builder killed while it wrote (older than
    :data:`STALE_TEMPORARY_SECONDS`)."""
    folder = Path(cache_dir)
    stale = [*folder.glob("endgame-*-v1.json.gz"), *folder.glob("endgame-*-v2.bin.gz")]
    have = [n for n in range(2, MAX_PIECES + 1) if _path(folder, n).exists()]
    for pieces in range(2, max(have, default=1) + 1):  # (a smaller one is never converted then)
        stale += [p for p in _old_paths(folder, pieces) if p.exists()]
        if _previous_path(folder, pieces).exists():
            stale.append(_previous_path(folder, pieces))
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
    table = load_table(cache_dir, pieces) or _convert_old(cache_dir, pieces)
    if table is None:
        base = None
        for smaller in range(pieces - 1, 1, -1):
            base = load_table(cache_dir, smaller) or _convert_old(cache_dir, smaller)
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

        work = Path(cache_dir) / f".endgame-{pieces}-work.tmp" if pieces >= WORK_FILE_FROM \
            and compiled else None
        try:
            table = build_table(pieces, stop=stop, progress=finished, start=base,
                                compiled=compiled, on_material=on_material, work=work)
        finally:
            if work is not None:
                try:
                    work.unlink()
                except OSError:
                    pass
        mapped = load_table(cache_dir, pieces)  # mapped and compressed, as next time
        if mapped is not None:
            table = mapped
    if install:
        install_table(table)
    return table
