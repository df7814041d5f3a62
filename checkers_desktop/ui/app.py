"""``run_app()``: the QApplication and the main window (``checkers-desktop`` with no sub-command)."""

from __future__ import annotations

import sys

APP_NAME = "checkers-desktop"


def run_app(argv: list[str] | None = None) -> int:
    """Open the game window and run until it closes; returns the exit status."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1] if argv is None else argv)
    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(APP_NAME)
    QApplication.setApplicationDisplayName("Checkers")
    QGuiApplication.setDesktopFileName(APP_NAME)
    window = MainWindow()
    window.show()
    window.board.focus_cursor()
    return app.exec()
