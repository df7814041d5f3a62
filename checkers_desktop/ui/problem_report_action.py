"""Help > Save a problem report... (issue 9): the log, the settings and the current game in one
plain-text file for the organiser (written by :mod:`checkers_desktop.problem_report`).

The save dialog starts in the Documents folder (``QStandardPaths.DocumentsLocation``) with the name
``checkers-desktop-problem-YYYYmmdd-HHMMSS.txt``; where the file went is shown and spoken.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QStandardPaths, qVersion
from PySide6.QtWidgets import QFileDialog

from ..problem_report import default_report_name, write_problem_report
from ..speech.announcer import Priority
from ..texts import app as app_texts
from . import failures

__all__ = ["ProblemReportAction", "default_report_path"]

log = logging.getLogger(__name__)


def default_report_path() -> Path:
    """Documents folder (else the home folder) / ``checkers-desktop-problem-<time>.txt``."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs or Path.home()) / default_report_name()


class ProblemReportAction:
    """Writes the report for ``window``. ``ask_path(default) -> str | None`` asks where (default a
    ``QFileDialog``; tests replace it); ``log_folder()`` gives the log's folder."""

    def __init__(self, window, log_folder: Callable[[], Optional[Path]]) -> None:
        self.window = window
        self.log_folder = log_folder
        self.ask_path: Callable[[str], Optional[str]] = self._ask_path

    def _ask_path(self, default: str) -> Optional[str]:
        path, _ = QFileDialog.getSaveFileName(self.window, "Save a problem report", default,
                                              "Text files (*.txt)")
        self.window.board.focus_cursor()
        return path or None

    def settings_dict(self) -> dict:
        q = self.window.settings.qsettings
        out = {key: q.value(key) for key in q.allKeys()}
        out["(settings file)"] = q.fileName()
        return out

    def game_pdn(self) -> Optional[str]:
        from ..rules.pdn import Game, write_game

        try:
            c = self.window.controller
            return write_game(Game.from_board(c.board, tags={"Event": "problem report"},
                                              result="*"))
        except Exception:  # pragma: no cover - the report must still be written
            log.exception("could not write the current game as PDN")
            return None

    def program_info(self) -> dict:
        import PySide6.QtCore

        w = self.window
        info = {"Qt": qVersion(), "PySide6": PySide6.QtCore.__version__,
                "Speech": w.speech_error or "working",
                "Rule profile": w.controller.profile.key,
                "Data folder": str(self.log_folder() or "(none)")}
        problems = getattr(w, "failure_messages", None)
        if problems:
            info["Problems told this session"] = problems
        return info

    def save(self, path: Optional[str] = None) -> Optional[Path]:
        """Ask where (unless ``path`` is given), write the report, say where. Returns the path, or
        None when cancelled or when it could not be written (told to the player)."""
        if path is None:
            path = self.ask_path(str(default_report_path()))
        if not path:
            return None
        try:
            written = write_problem_report(path, self.log_folder(), self.settings_dict(),
                                           self.game_pdn(), self.program_info())
        except OSError as exc:
            log.exception("problem report not written to %s", path)
            failures.report(self.window, app_texts.report_not_written_text(
                path, exc.strerror or str(exc)))
            return None
        log.info("problem report written to %s", written)
        text = app_texts.report_saved_text(written)
        self.window.status.setText(text)
        self.window.announcer.announce(text, Priority.INTERRUPT)
        return written
