"""``run_app()``: the QApplication and the main window (``checkers-desktop`` with no sub-command).

One app per data folder (:mod:`.single_instance`): a second start brings the running window to
the front and exits before it opens the log, the settings or any save.
"""

from __future__ import annotations

import sys
from .paths import APP_NAME


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
    from .menu_fit import install_menu_room

    assert isinstance(app, QApplication)  # the window needs widgets
    install_menu_room(app)  # menu items drawn whole at large text
    from .paths import data_folder

    folder = data_folder()
    instance, status = _one_app_per_folder(app, folder)
    if instance is None:
        return status
    # --- the log file, uncaught errors, checked settings, the resume offer ---
    import logging

    from ..logging_setup import setup_logging
    from . import failures
    try:
        setup_logging(folder)
    except OSError as exc:  # no log is no reason not to play
        print(f"checkers-desktop: no log file ({exc})", file=sys.stderr)
    logging.getLogger(__name__).info("checkers-desktop starting")
    # after the log is set up: a cached endgame table is installed within milliseconds, and its
    # log line ("endgame database: 6 pieces installed") must not be lost
    startup = _start_engine(app)
    holder: list = []
    failures.install_excepthook(lambda: holder[0].ctx if holder else None)
    settings, settings_problem = failures.open_checked_settings()
    # the welcome is said below, unless a saved game is taken up
    window = MainWindow(settings=settings, data_folder=folder, auto_welcome=False)
    holder.append(window)
    instance.show_requested.connect(lambda: _bring_to_front(window))
    app.aboutToQuit.connect(instance.release)
    window.show()
    window.board.focus_cursor()
    _show_engine_preparation(window)

    def after_show() -> None:
        if settings_problem:
            failures.report(window.ctx, settings_problem)
        welcome_or_resume(window)
        from .scripted_play import start_script_from_env

        holder.append(start_script_from_env(window))

    QTimer.singleShot(window.welcome_delay_ms, after_show)
    status = app.exec()
    startup.join()
    return status


def _start_engine(app):
    """Start the computer's start-up work (:class:`~..engine.startup.EngineStartup`: its compiled
    search and its endgame database, cached under the user's cache folder), stopped when the app
    quits."""
    from ..engine.startup import EngineStartup
    from .paths import endgame_cache_folder

    startup = EngineStartup(str(endgame_cache_folder()))
    app.aboutToQuit.connect(startup.stop)
    startup.start()
    return startup


def welcome_or_resume(window, **start) -> bool:
    """Start keeping the window's game (``window.autosave.start(**start)``): an unfinished game
    found is offered first, and the welcome (a new game ready, the first keys) is said only when
    none is taken up, so that it never offers a game the resume question then contradicts.
    Returns True when a saved game was resumed."""
    resumed = window.autosave.start(**start)
    if not resumed:
        window.welcome()
    return resumed


NOTE_AFTER_SECONDS = 5
"""The preparation line is shown only once the computer has been getting ready this long
(seconds): reading its caches again at a later start takes a second or two, and is not told."""


def _show_engine_preparation(window, note_after: int = NOTE_AFTER_SECONDS) -> None:
    """Keep one line on the status line while the computer prepares its compiled search and its
    endgame database at the start ("Computer getting ready: ..."), read each second from
    ``engine/preparation.py`` (the workers write there, never to a widget); the line goes, and the
    timer stops, once nothing is left to prepare. It is shown only in a game against the
    computer (two players, a match or a file opened, are not kept waiting by it; hints use
    whatever is ready), and only after ``note_after`` seconds of preparing (a later start reads
    its caches in a second or two and says nothing). "The first time only" is said until the
    preparation has once finished on this install (the setting ``ENGINE_PREPARED``). When the
    line goes, "The computer has finished getting ready." is said once (queued after what is
    being said) if the line was shown and the computer is still the player's opponent: never in
    the middle of a game of two players or a match, nor over an open dialog (the new-match
    form)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ..engine import preparation
    from ..session.game import Mode
    from ..speech.announcer import Priority
    from ..texts import app as app_texts
    from .settings import ENGINE_PREPARED

    timer = QTimer(window)
    timer.setInterval(1000)
    checks = [0]
    shown = [False]  # whether the player was told the computer is getting ready
    first_time = not window.ctx.settings.get(ENGINE_PREPARED)

    def update() -> None:
        checks[0] += 1
        now = preparation.current()
        computer_plays = window.ctx.session.mode is Mode.COMPUTER
        note = app_texts.engine_preparation_text(
            now.compiling, now.endgame_ready, now.endgame_target, first_time) \
            if computer_plays and checks[0] > note_after else None
        window.status_line.set_engine_note(note)
        shown[0] = shown[0] or note is not None
        if not now.busy and checks[0] >= 3:
            timer.stop()  # ready (the workers start before the window, so 3 s is ample)
            window.status_line.set_engine_note(None)
            window.ctx.settings.set(ENGINE_PREPARED, True)
            # said once, after what is being said; not over a form or question being filled in
            # (a new match's form: the match will not be against the computer)
            if shown[0] and computer_plays and QApplication.activeModalWidget() is None:
                window.ctx.say(app_texts.engine_ready_text(), Priority.QUEUE)

    timer.timeout.connect(update)
    timer.start()
    update()


def _one_app_per_folder(app, folder):
    """``(instance, status)``: the data folder's :class:`~.single_instance.SingleInstance`,
    locked for this app; or None when another app runs on it: that app was asked to show its
    window (exit status 0), or, if it did not answer, the player is told "Checkers is already
    open" (exit status 1); this start must then exit."""
    from ..texts import app as app_texts
    from .single_instance import SingleInstance

    instance = SingleInstance(folder, app)
    if instance.acquire():
        return instance, 0
    text = app_texts.already_open_text()
    print(f"checkers-desktop: {text}", file=sys.stderr)
    if instance.ask_running_app_to_show():
        return None, 0
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Information, "Checkers", text,
                      QMessageBox.StandardButton.Ok)
    box.setAccessibleName(text)
    QTimer.singleShot(60_000, box.accept)  # nobody at the keyboard: do not stay for ever
    box.exec()
    return None, 1


def _bring_to_front(window) -> None:
    """A second start asked for the window: show it, raise it, give it the focus, and say so."""
    from PySide6.QtCore import Qt

    from ..speech.announcer import Priority
    from ..texts import app as app_texts

    if window.isMinimized():
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()
    window.ctx.focus_board()
    window.ctx.say(app_texts.brought_to_front_text(), Priority.INTERRUPT)
