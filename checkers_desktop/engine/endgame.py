"""Endgame database: perfect play with few pieces, generated here by retrograde analysis.

Every position with at most ``pieces`` pieces on the board (both sides having at least one; 3 by
default) gets its exact value with perfect play: a win or a loss for the side to move in so many
plies, or a draw. Generation works one piece count at a time, smallest first:

1. list every legal position of that count (men never on their own crowning row) for both sides to
   move, and every move of each (the rules core's move generation), noting for each position the
   positions of the same count it can move to (steps; a crowning step keeps the count) and the value
   of the ones with fewer pieces it can jump to (already known, or a loss for a side left with none);
2. retrograde analysis, distance by distance: a position with no move is lost in 0; a position with
   a move to a position lost in ``d`` is won in ``d + 1`` (the smallest such d); a position all of
   whose moves go to won positions is lost in one more than the longest of them. Whatever is never
   reached is a draw (the side to move can keep out of every loss for ever).

The winner's distance is the shortest win and the loser's the longest defence, so the search that
probes the table (see :mod:`.search`) plays the quickest win and the most stubborn defence.

The table is cached as gzip-compressed JSON in a directory the caller chooses (the UI passes a
QStandardPaths cache location; this module imports no Qt). Generating 3 pieces (377,346 won or lost
positions, 2.8 MB on disk) takes 10-20 seconds of one core in CPython, loading it about a second;
call :func:`ensure_table` from a worker thread. Four pieces would need some 16 million positions:
too slow and too big for dicts in pure Python, so 3 is the default and the practical maximum.
"""

from __future__ import annotations

import gzip
import json
import threading
from itertools import combinations
from pathlib import Path
from typing import Callable, Optional

from checkers_desktop.rules import bitboard as bbm

FORMAT_VERSION = 1
DEFAULT_PIECES = 3

_BLACK_MAN_SQUARES = tuple(range(1, 29))   # a BLACK man is never on 29-32 (it would be a king)
_WHITE_MAN_SQUARES = tuple(range(5, 33))   # a WHITE man is never on 1-4


class EndgameTable:
    """Exact values of every position with at most :attr:`pieces` pieces.

    :meth:`probe` takes the search's view of a position (side to move ``my``, opponent ``opp``,
    ``kings``, ``black`` True when BLACK moves) and returns plies to a win (> 0), minus plies to a
    loss (< 0; a position already lost counts as ``-0`` and is returned as the special value
    :data:`LOST_NOW`), or 0 for a draw.
    """

    def __init__(self, pieces: int, values: dict[int, int]):
        self.pieces = pieces
        self.values = values

    def __len__(self) -> int:
        return len(self.values)

    def probe(self, my: int, opp: int, kings: int, black: bool) -> int:
        """The stored value (see the class docstring); only meaningful for ``pieces`` or fewer."""
        return self.values.get(_key(my, opp, kings, black), 0)


LOST_NOW = -10_000
"""Stored value of a position whose side to move has no move (lost in 0 plies)."""


def _key(my: int, opp: int, kings: int, black: bool) -> int:
    return (((my << 35) | opp) << 36) | (kings << 1) | black


def _encode(result: int, distance: int) -> int:
    """+distance for a win, -distance for a loss (LOST_NOW for a loss in 0)."""
    if result > 0:
        return distance
    return -distance if distance else LOST_NOW


def plies_of(value: int) -> int:
    """The distance in plies of a stored value."""
    return 0 if value == LOST_NOW else abs(value)


def _positions(count: int):
    """Every (my, opp, kings, black) with ``count`` pieces, each side at least one."""
    sq = bbm.MASK_OF_SQUARE
    for nb in range(1, count):
        nw = count - nb
        for bsq in combinations(range(1, 33), nb):
            rest = [s for s in range(1, 33) if s not in bsq]
            for wsq in combinations(rest, nw):
                pieces = [(s, True) for s in bsq] + [(s, False) for s in wsq]
                for kmask in range(1 << count):
                    ok = True
                    kings = 0
                    for i, (s, is_black) in enumerate(pieces):
                        if kmask >> i & 1:
                            kings |= sq[s]
                        elif (is_black and s >= 29) or (not is_black and s <= 4):
                            ok = False
                            break
                    if not ok:
                        continue
                    black_bb = bbm.mask_of(bsq)
                    white_bb = bbm.mask_of(wsq)
                    yield black_bb, white_bb, kings, True
                    yield white_bb, black_bb, kings, False


def _child(my, opp, kings, black, raw):
    frm, to, cap, _ = raw
    crown = bbm.BLACK_CROWN if black else bbm.WHITE_CROWN
    nmy = (my & ~frm) | to
    nopp = opp & ~cap
    if kings & frm:
        nk = ((kings & ~cap) & ~frm) | to
    elif to & crown:
        nk = (kings & ~cap) | to
    else:
        nk = kings & ~cap
    return nopp, nmy, nk, not black


def _solve_count(count: int, known: dict[int, int], stop: Optional[threading.Event]) -> None:
    """Add the wins and losses of every ``count``-piece position to ``known`` (draws stay out)."""
    index: dict[int, int] = {}
    positions = []
    for pos in _positions(count):
        index[_key(*pos)] = len(positions)
        positions.append(pos)
    n = len(positions)
    preds: list[list[int]] = [[] for _ in range(n)]
    remaining = [0] * n          # moves not yet known to lead to a won position (for the mover's foe)
    longest = [0] * n            # longest known distance among the moves to won positions
    buckets: dict[int, list[tuple[int, int]]] = {}

    def propose(i, result, d):
        buckets.setdefault(d, []).append((i, result))

    for i, (my, opp, kings, black) in enumerate(positions):
        if stop is not None and not i & 4095 and stop.is_set():
            raise InterruptedError("endgame generation stopped")
        moves = bbm.generate(my, opp, kings, black)
        if not moves:
            propose(i, -1, 0)
            continue
        best_win = None
        cnt = 0
        lng = 0
        for raw in moves:
            cmy, copp, ck, cblack = _child(my, opp, kings, black, raw)
            if raw[2]:  # a jump: fewer pieces, value already known
                if not cmy:
                    v = LOST_NOW  # the opponent has nothing left
                else:
                    v = known.get(_key(cmy, copp, ck, cblack), 0)
                if v < 0:
                    d = plies_of(v) + 1
                    if best_win is None or d < best_win:
                        best_win = d
                elif v > 0:
                    lng = max(lng, v)
                else:
                    cnt += 1  # a drawn jump: never decremented, so the position is never lost
            else:
                j = index[_key(cmy, copp, ck, cblack)]
                preds[j].append(i)
                cnt += 1
        remaining[i] = cnt
        longest[i] = lng
        if best_win is not None:
            propose(i, 1, best_win)
        elif cnt == 0:
            propose(i, -1, lng + 1)
    result_of = [0] * n
    dist = [0] * n
    d = 0
    while buckets:
        if d not in buckets:
            d += 1
            if d > max(buckets):
                break
            continue
        for i, result in buckets.pop(d):
            if result_of[i]:
                continue
            result_of[i] = result
            dist[i] = d
            for j in preds[i]:
                if result_of[j]:
                    continue
                if result < 0:
                    propose(j, 1, d + 1)
                else:
                    remaining[j] -= 1
                    if d > longest[j]:
                        longest[j] = d
                    if remaining[j] == 0:
                        propose(j, -1, longest[j] + 1)
        d += 1
    for i in range(n):
        if result_of[i]:
            known[_key(*positions[i])] = _encode(result_of[i], dist[i])


def build_table(pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                progress: Optional[Callable[[int], None]] = None) -> EndgameTable:
    """Generate the table of every position with at most ``pieces`` pieces (2 or 3).

    ``progress(count)`` is called after each piece count is solved. Raises ``InterruptedError`` when
    ``stop`` is set, and ``ValueError`` for ``pieces`` outside 2-3 (see the module docstring).
    """
    if pieces not in (2, 3):
        raise ValueError(f"pieces {pieces!r} is not 2 or 3")
    known: dict[int, int] = {}
    for count in range(2, pieces + 1):
        _solve_count(count, known, stop)
        if progress is not None:
            progress(count)
    return EndgameTable(pieces, known)


def _path(cache_dir, pieces: int) -> Path:
    return Path(cache_dir) / f"endgame-{pieces}-v{FORMAT_VERSION}.json.gz"


def save_table(table: EndgameTable, cache_dir) -> Path:
    """Write the table under ``cache_dir`` (created if needed); returns the file's path."""
    path = _path(cache_dir, table.pieces)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    data = {"format": FORMAT_VERSION, "pieces": table.pieces,
            "entries": [[k, v] for k, v in table.values.items()]}
    with gzip.open(tmp, "wt", encoding="ascii") as fh:
        json.dump(data, fh, separators=(",", ":"))
    tmp.replace(path)
    return path


def load_table(cache_dir, pieces: int = DEFAULT_PIECES) -> Optional[EndgameTable]:
    """The cached table, or None when there is none or it cannot be read (then generate it again)."""
    path = _path(cache_dir, pieces)
    try:
        with gzip.open(path, "rt", encoding="ascii") as fh:
            data = json.load(fh)
        if data.get("format") != FORMAT_VERSION or data.get("pieces") != pieces:
            return None
        return EndgameTable(pieces, {int(k): int(v) for k, v in data["entries"]})
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


def ensure_table(cache_dir, pieces: int = DEFAULT_PIECES, stop: Optional[threading.Event] = None,
                 install: bool = True) -> EndgameTable:
    """Load the table from ``cache_dir``, or generate and cache it; install it unless told not to.

    Slow the first time (see the module docstring): call it from a worker thread. Raises
    ``InterruptedError`` when ``stop`` is set during generation (nothing is written then).
    """
    table = load_table(cache_dir, pieces)
    if table is None:
        table = build_table(pieces, stop=stop)
        try:
            save_table(table, cache_dir)
        except OSError:
            pass  # an unwritable cache costs a new generation next time, nothing else
    if install:
        install_table(table)
    return table
