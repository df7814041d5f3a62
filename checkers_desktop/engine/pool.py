"""Searchers lent out and given back, so that their memory and transposition tables are reused.

A searcher's compiled core holds a 36 MiB table (engine/compiled.py): making a new one for every
move, hint and reviewed position would keep several alive at once (the app measured 411 MB at
its peak that way, against an aim of 400 MB for the whole app). The computer's timed levels, the
hints and the review borrow from one pool instead; a searcher is used by one thread at a time,
and the pool grows only while searches run at the same time (the computer thinking while a hint
is asked for: two).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from .search import Searcher

_pool: list[Searcher] = []
_lock = threading.Lock()


@contextmanager
def borrowed_searcher() -> Iterator[Searcher]:
    """A :class:`Searcher` (the installed endgame database, the compiled core when ready) for
    the duration of the ``with`` block; given back afterwards, its table kept."""
    with _lock:
        searcher = _pool.pop() if _pool else Searcher()
    try:
        yield searcher
    finally:
        with _lock:
            _pool.append(searcher)
