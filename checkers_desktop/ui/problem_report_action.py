"""Help > Save a problem report...: the log, the settings and the current game in one
plain-text file for the organiser (written by :mod:`checkers_desktop.problem_report`).

The save dialog starts in the Documents folder (``QStandardPaths.DocumentsLocation``) with the name
``checkers-desktop-problem-YYYYmmdd-HHMMSS.txt``; where the file went is shown and spoken.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import qVersion

from ..problem_report import default_report_name, write_problem_report
from ..speech.announcer import Priority
from ..texts import app as app_texts
from . import failures
from .paths import documents_folder
from .context import AppContext

__all__ = ["ProblemReportAction", "default_report_path"]

log = logging.getLogger(__name__)


def default_report_path() -> Path:
    """Documents folder (else the home folder) / ``checkers-desktop-problem-<time>.txt``."""
    return documents_folder() / default_report_name()


class ProblemReportAction:
    """Writes the report for the window of ``ctx`` (an :class:`~.context.AppContext`).
    ``ask_path(default) -> str | None`` asks where (default ``ctx.ask.save_file``; tests replace
    it); ``log_folder()`` gives the log's folder."""

    def __init__(self, ctx: AppContext, log_folder: Callable[[], Optional[Path]]) -> None:
        self.ctx = ctx
        self.log_folder = log_folder
        self.ask_path: Callable[[str], Optional[str]] = self._ask_path

    def _ask_path(self, default: str) -> Optional[str]:
        path = self.ctx.ask.save_file("Save a problem report", default, "Text files (*.txt)")
        self.ctx.focus_board()
        return path or None

    def settings_dict(self) -> dict:
        q = self.ctx.settings.qsettings
        out = {key: q.value(key) for key in q.allKeys()}
        if out.get("event/official_pin"):  # a hash, but still not for a report
            out["event/official_pin"] = "(set)"
        out["(settings file)"] = q.fileName()
        return out

    def game_pdn(self) -> Optional[str]:
        from ..rules.pdn import Game, write_game

        try:
            return write_game(Game.from_board(self.ctx.session.board,
                                              tags={"Event": "problem report"}, result="*"))
        except Exception:  # pragma: no cover - the report must still be written without it
            log.exception("could not write the current game as PDN")
            return None

    def program_info(self) -> dict[str, object]:
        import PySide6

        ctx = self.ctx
        info: dict[str, object] = {"Qt": qVersion(), "PySide6": PySide6.__version__,
                "Speech": ctx.status.speech_error or "working",
                "Rule profile": ctx.session.profile.key,
                "Data folder": str(self.log_folder() or "(none)")}
        problems = list(ctx.status.told)
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
            failures.report(self.ctx, app_texts.report_not_written_text(
                path, exc.strerror or str(exc)))
            return None
        log.info("problem report written to %s", written)
        self.ctx.status.show_after_status(app_texts.report_saved_text(written, full=True))
        self.ctx.say(app_texts.report_saved_text(written), Priority.INTERRUPT)
        return written
