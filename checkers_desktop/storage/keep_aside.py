"""Keeping a file aside instead of deleting it: a damaged save or settings file, a save the player
declined. The file is renamed in its folder to ``<stem>.<label>-YYYYmmdd-HHMMSS<suffix>`` (a
counter added when that name is taken), so nothing a player or an organiser may need is lost."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Callable

__all__ = ["keep_aside"]


def keep_aside(path: os.PathLike[str] | str, label: str, *, default_suffix: str = "",
               now: Callable[[], datetime] = datetime.now) -> Path:
    """Rename ``path`` to ``<stem>.<label>-<time><suffix>`` beside it and return the new path.
    ``suffix`` is the file's own (".json", ".ini"), or ``default_suffix`` when it has none.
    Raises ``OSError`` when the file cannot be renamed (it is then left as it was)."""
    path = Path(path)
    stamp = now().strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix or default_suffix
    stem = path.name[:-len(path.suffix)] if path.suffix else path.name
    target = path.with_name(f"{stem}.{label}-{stamp}{suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{stem}.{label}-{stamp}-{n}{suffix}")
        n += 1
    os.replace(path, target)
    return target
