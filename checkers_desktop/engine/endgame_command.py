"""``checkers-desktop endgame [--pieces N] [--cache DIR]``: build the endgame database now, into
the folder the window reads it from.

The window builds 5 pieces by itself at its first start (under a minute on an idle 2-core
machine, in the background; 82 MB of disk). The 6-piece table is built only on request, here:
about 20 minutes on an idle 2-core laptop, in a work file of 3.7 GB in the cache folder (removed
at the end) so that memory holds one material pair at a time, not the whole table. Once it is
cached, the window and the other tools (``bestmove``, ``engine``) use it.

Prints where it builds, a line as each piece count is cached and, for 6 pieces, a line as each
material (BLACK's men and kings against WHITE's) is solved. Ctrl+C stops it between materials;
the piece counts finished stay cached and nothing half-built is written.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from . import endgame as eg

DETAILED_FROM = 6
"""From this piece count a line is printed for every material solved (a count takes minutes)."""


def disk_needed(folder: Path, pieces: int) -> int:
    """Bytes still to be written to build ``pieces`` in ``folder``, at most: every piece count
    from the largest cached one up to ``pieces`` is written, each in one compressed file
    (:data:`DISK_PER_POSITION` bytes a position or fewer; 5 pieces measured 0.44); 0 when the
    table of ``pieces`` is cached. From :data:`~.endgame.WORK_FILE_FROM` pieces the build's
    work file (a byte a position, removed at the end) counts too."""
    need = 0
    for count in range(pieces, 1, -1):
        if eg.load_table(folder, count) is not None:
            break
        size = eg.layout(count)[1]
        need += size if eg.coded_from(count) is None else int(size * DISK_PER_POSITION)
    if need and pieces >= eg.WORK_FILE_FROM:
        need += eg.layout(pieces)[1]
    return need


DISK_PER_POSITION = 0.5
"""Bytes a position of a compressed cache file, at most (the exact distances in zlib blocks and
the search's run-length coded copy)."""


def _minutes(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m} min {s:02d} s" if m else f"{s} s"


def endgame_command(args: argparse.Namespace) -> int:
    """Build the table of ``args.pieces`` (2-6) into the folder ``args.cache`` (the command line
    gives the window's cache folder when none is typed). Exit status: 0 when it is cached (built
    now or before); 1 when it cannot be built here: 5-6 pieces without the compiled builder
    (numba), too little free disk (the message says how much is needed and free), or a folder
    that cannot be written. Ctrl+C raises ``KeyboardInterrupt`` (the command line prints
    "interrupted", status 130)."""
    pieces = args.pieces
    folder = Path(args.cache)
    if pieces > eg.PYTHON_MAX_PIECES and not eg.compiled_builder_available():
        print(f"error: {pieces} pieces need the compiled builder (numba), which cannot run "
              f"here; 4 pieces can be built without it", file=sys.stderr)
        return 1
    try:
        folder.mkdir(parents=True, exist_ok=True)
        free = shutil.disk_usage(folder).free
    except OSError as exc:
        why = exc.strerror or exc
        print(f"error: the folder {folder} cannot be used: {why}", file=sys.stderr)
        return 1
    need = disk_needed(folder, pieces)
    if need == 0:
        print(f"The endgame database of {pieces} pieces is already in {folder}.")
        return 0
    if need > free:
        print(f"error: {pieces} pieces need {need / 1e9:.1f} GB of free disk in {folder}; "
              f"{free / 1e9:.1f} GB is free", file=sys.stderr)
        return 1
    print(f"Building the endgame database of {pieces} pieces in {folder}.", flush=True)
    if pieces >= 6:
        print("This takes about 20 minutes or more; Ctrl+C stops it.", flush=True)
    started = time.monotonic()

    def on_material(count: int, done: int, total: int) -> None:
        if count >= DETAILED_FROM:
            print(f"{count} pieces: {done} of {total} materials solved "
                  f"({_minutes(time.monotonic() - started)})", flush=True)
        elif done == total:
            print(f"{count} pieces: solved ({_minutes(time.monotonic() - started)})", flush=True)

    eg.ensure_table(folder, pieces=pieces, install=False, on_material=on_material)
    if eg.load_table(folder, pieces) is None:
        print(f"error: the table of {pieces} pieces was built but could not be written to "
              f"{folder}", file=sys.stderr)
        return 1
    print(f"Done in {_minutes(time.monotonic() - started)}: the endgame database of {pieces} "
          f"pieces is in {folder}.")
    return 0
