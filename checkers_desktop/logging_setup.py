"""The application's log: a rotating file in the folder the UI gives.

The UI passes ``QStandardPaths.writableLocation(AppLocalDataLocation)``; nothing here imports Qt.
The file is ``checkers-desktop.log``, rotated at :data:`MAX_BYTES` with :data:`BACKUP_COUNT` old
files kept (``.log.1`` newest ... ``.log.5`` oldest), so the log never takes more than about 6 MB.
Each line: time (local, with milliseconds), level, module (logger name), message.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path
from typing import Union

__all__ = ["LOG_FILE_NAME", "MAX_BYTES", "BACKUP_COUNT", "LOG_FORMAT", "setup_logging",
           "log_files"]

LOG_FILE_NAME = "checkers-desktop.log"
MAX_BYTES = 1_000_000
"""Size in bytes at which the log file is rotated."""
BACKUP_COUNT = 5
"""How many rotated files are kept."""
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_MARK = "_checkers_desktop_handler"


def setup_logging(folder: Union[str, os.PathLike], level: int = logging.INFO, *,
                  max_bytes: int = MAX_BYTES, backup_count: int = BACKUP_COUNT) -> Path:
    """Send the root logger's records at ``level`` and above to a rotating file in ``folder``
    (created when missing) and return the log file's path.

    Idempotent: calling it again replaces this function's earlier handler (so a second call with
    another folder moves the log) and never adds a duplicate. Uncaught warnings are logged too.
    Raises ``OSError`` when the folder cannot be created or the file opened.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_FILE_NAME
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _MARK, False):
            root.removeHandler(handler)
            handler.close()
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes,
                                                   backupCount=backup_count, encoding="utf-8")
    setattr(handler, _MARK, True)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(level)
    root.addHandler(handler)
    if root.level > level or root.level == logging.NOTSET:
        root.setLevel(level)
    logging.captureWarnings(True)
    return path


def log_files(folder: Union[str, os.PathLike]) -> list[Path]:
    """The log files in ``folder``, oldest first (``.log.5`` ... ``.log.1``, then ``.log``)."""
    folder = Path(folder)
    rotated = []
    for p in folder.glob(LOG_FILE_NAME + ".*"):
        suffix = p.name[len(LOG_FILE_NAME) + 1:]
        if suffix.isdigit():
            rotated.append((int(suffix), p))
    out = [p for _, p in sorted(rotated, reverse=True)]
    current = folder / LOG_FILE_NAME
    if current.exists():
        out.append(current)
    return out
