"""Answering a modal dialog from a test: the answer runs once the dialog is up, however long a
loaded machine takes to open it (a fixed delay answered nothing, or the wrong window)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


def when_modal(answer: Callable[[QWidget], None], *, every_ms: int = 20) -> None:
    """Call ``answer(dialog)`` with the application's modal dialog as soon as there is one."""
    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(every_ms, attempt)
            return
        answer(dialog)
    QTimer.singleShot(0, attempt)
