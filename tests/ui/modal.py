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


def watch_modals(window: QWidget, act: Callable[[QWidget], None], form: type) -> list:
    """Record every modal window that opens, as (class name, window); run ``act(dialog)`` on
    each ``form`` dialog and close any other (a Yes/No box, a PIN dialog of its own)
    unanswered. An exception of ``act`` is recorded as ("error", exc) and the form closed. The
    watch stops with ``window``."""
    opened: list = []

    def poll() -> None:
        modal = QApplication.activeModalWidget()
        if modal is not None and modal.isVisible() and (not opened or opened[-1][1] is not modal):
            opened.append((type(modal).__name__, modal))
            if isinstance(modal, form):
                try:
                    act(modal)
                except BaseException as exc:  # said by the test, and the form closed
                    opened.append(("error", exc))
                    modal.reject()
            else:
                modal.reject()
        QTimer.singleShot(20, window, poll)
    QTimer.singleShot(0, window, poll)
    return opened
