"""Help > Save a problem report: one plain-text file the organiser can send.

Plain text rather than a zip: a player or organiser can open it in any editor or paste it into an
e-mail, a screen reader reads it as it is, and nothing has to be unpacked. The log is bounded by
its rotation (about 6 MB at most) and only the last :data:`LOG_TAIL_BYTES` of it are copied, so the
report stays small enough to e-mail.

Sections, each under a ``== Title ==`` line: the program and versions (app, Python, platform, and
Qt/PySide6 when the caller passes them), anything else the caller adds, the settings, the current
game as PDN, and the end of the log. Pure Python, no Qt: the UI passes Qt's version as a string.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional, Union

from . import __version__
from .logging_setup import log_files
from .storage.atomic import write_atomic

__all__ = ["LOG_TAIL_BYTES", "write_problem_report", "default_report_name"]

LOG_TAIL_BYTES = 400_000
"""How much of the end of the log goes into a report, in bytes."""


def default_report_name(now: Optional[datetime] = None) -> str:
    """``checkers-desktop-problem-YYYYmmdd-HHMMSS.txt`` for the save dialog."""
    now = now or datetime.now()
    return f"checkers-desktop-problem-{now:%Y%m%d-%H%M%S}.txt"


def _value(value: Any) -> str:
    if isinstance(value, (dict, list, tuple)):
        try:
            return json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):  # pragma: no cover - default=str handles the rest
            return repr(value)
    return str(value)


def _log_tail(log_folder: Optional[Union[str, os.PathLike]], limit: int) -> str:
    if log_folder is None:
        return "(no log folder given)"
    files = log_files(log_folder)
    if not files:
        return f"(no log file in {log_folder})"
    chunks: list[str] = []
    remaining = limit
    for path in reversed(files):  # newest first until the limit, then put back in order
        try:
            data = path.read_bytes()
        except OSError as exc:
            chunks.append(f"--- {path.name}: cannot be read ({exc.strerror or exc}) ---\n")
            continue
        cut = len(data) > remaining
        if cut:
            data = data[-remaining:]
        remaining -= len(data)
        text = data.decode("utf-8", errors="replace")
        head = f"--- {path.name}" + (" (end only)" if cut else "") + " ---\n"
        chunks.append(head + text + ("" if text.endswith("\n") else "\n"))
        if remaining <= 0:
            break
    return "".join(reversed(chunks))


def write_problem_report(path: Union[str, os.PathLike], log_folder: Optional[Union[str, os.PathLike]],
                         settings: dict, game_pdn: Optional[str], extra: Optional[dict] = None, *,
                         log_tail_bytes: int = LOG_TAIL_BYTES) -> Path:
    """Write the report to ``path`` (UTF-8 text, folder created when missing) and return it.

    ``log_folder``: the folder given to :func:`~checkers_desktop.logging_setup.setup_logging`
    (None: no log). ``settings``: name -> value (nested values are written as JSON).
    ``game_pdn``: the current game as PDN text, or None. ``extra``: more name -> value lines for
    the "Program" section (e.g. ``{"Qt": qVersion(), "PySide6": PySide6.__version__, "Speech":
    "espeak-ng"}``). The file is written to a temporary name and renamed, so a failed write
    leaves no half report. Raises ``OSError`` when it cannot be written.
    """
    path = Path(path)
    now = datetime.now(timezone.utc)
    lines = ["Checkers desktop: problem report", f"Written {now:%Y-%m-%d %H:%M:%S} UTC", "",
             "== Program ==",
             f"checkers-desktop: {__version__}",
             f"Python: {sys.version.split()[0]} ({platform.python_implementation()})",
             f"Platform: {platform.platform()}",
             f"Machine: {platform.machine() or '?'}"]
    for name, value in (extra or {}).items():
        lines.append(f"{name}: {_value(value)}")
    lines += ["", "== Settings =="]
    if settings:
        lines += [f"{name} = {_value(value)}" for name, value in sorted(settings.items(),
                                                                        key=lambda kv: str(kv[0]))]
    else:
        lines.append("(none)")
    lines += ["", "== Current game (PDN) =="]
    lines.append(game_pdn.rstrip("\n") if game_pdn else "(no game)")
    lines += ["", "== Log (most recent last) ==", _log_tail(log_folder, log_tail_bytes)]
    text = "\n".join(lines)
    if not text.endswith("\n"):
        text += "\n"
    return write_atomic(path, text.encode("utf-8"))
