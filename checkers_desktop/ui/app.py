"""``run_app()``: the QApplication and the main window (``checkers-desktop`` with no sub-command)."""

from __future__ import annotations

import sys

APP_NAME = "checkers-desktop"


def run_app(argv: list[str] | None = None) -> int:
    """Open the game window and run until it closes; returns the exit status."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1] if argv is None else argv)
    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(APP_NAME)
    QApplication.setApplicationDisplayName("Checkers")
    QGuiApplication.setDesktopFileName(APP_NAME)
    _load_endgame_table_in_background(app)
    # --- issue 9: log file, uncaught errors, checked settings, resume offer (ui/autosave.py) ---
    import logging

    from ..logging_setup import setup_logging
    from . import failures
    from .autosave import data_folder

    try:
        setup_logging(data_folder())
    except OSError as exc:  # no log is no reason not to play
        print(f"checkers-desktop: no log file ({exc})", file=sys.stderr)
    logging.getLogger(__name__).info("checkers-desktop starting")
    holder: list = []
    failures.install_excepthook(lambda: holder[0] if holder else None)
    settings, settings_problem = failures.open_checked_settings()
    window = MainWindow(settings=settings)
    holder.append(window)
    window.show()
    window.board.focus_cursor()

    def after_welcome() -> None:
        if settings_problem:
            failures.report(window, settings_problem)
        window.autosave.start()
        from .scripted_play import start_script_from_env

        start_script_from_env(window)

    QTimer.singleShot(window._welcome_delay_ms + 50, after_welcome)
    # --- end issue 9 ---
    return app.exec()


def _load_endgame_table_in_background(app) -> None:
    """Load (or, the first time, build: 10-20 s on one core) the engine's endgame database in a
    daemon thread, cached under the user's cache folder. Searches use it from the moment it is
    installed; until then they play without it. Stopped when the app quits."""
    import threading

    from PySide6.QtCore import QStandardPaths

    from ..engine import ensure_table

    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    stop = threading.Event()

    def work() -> None:
        import logging

        try:
            ensure_table(folder, stop=stop)
        except InterruptedError:
            pass
        except Exception:  # the game goes on without the table
            logging.getLogger(__name__).exception("endgame database not loaded")

    app.aboutToQuit.connect(stop.set)
    threading.Thread(target=work, name="endgame-table", daemon=True).start()

