"""``run_app()``: the QApplication and the main window (``checkers-desktop`` with no sub-command).

One app per data folder (:mod:`.single_instance`): a second start brings the running window to
the front and exits before it opens the log, the settings or any save.
"""

from __future__ import annotations

import sys
from typing import Optional

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
    _load_endgame_table_in_background(app)
    _prepare_compiled_engine_in_background(app)
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
    _join_preparation(PREPARATION_JOIN_SECONDS)
    return status


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
    the middle of a game of two players or a match."""
    from PySide6.QtCore import QTimer

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
            if shown[0] and computer_plays:  # said once, after what is being said
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


PREPARATION_JOIN_SECONDS = 5.0
"""How long (seconds) a closing app waits for its preparation threads to end. Quitting sets their
stop event, and each ends within about a second: a build or compile in a separate process is
terminated, and loading numba's compiled search from its disk cache, which cannot be interrupted,
takes under a second. A daemon thread still inside numba, LLVM or a mapped file while Python
finalises is a known way for a process to abort (SIGABRT) at exit; waiting here closes that
way."""

_preparation: list = []
"""The threads started by the two ``_..._in_background`` functions (``threading.Thread``)."""


def _join_preparation(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds in all for the preparation threads; True when all ended."""
    import time

    deadline = time.monotonic() + timeout
    for thread in list(_preparation):
        thread.join(max(0.0, deadline - time.monotonic()))
    alive = [t.name for t in _preparation if t.is_alive()]
    if alive:
        import logging

        logging.getLogger(__name__).warning("still preparing at exit: %s", ", ".join(alive))
    return not alive


def _start_preparation(work, name: str) -> None:
    import threading

    thread = threading.Thread(target=work, name=name, daemon=True)
    _preparation.append(thread)
    thread.start()


def _prepare_compiled_engine_in_background(app) -> None:
    """Make the engine's compiled search (``engine/compiled.py``) ready without holding up the
    window: numba compiles it the first time (about 10 s of one core, and numba's compiler is
    Python code that would hold the GUI's interpreter lock), so a separate process compiles it
    into numba's disk cache; then a daemon thread here loads it from the cache (under a second).
    Until it is ready the computer searches in Python; if anything fails it keeps doing so."""
    import threading

    from ..engine import compiled

    if not compiled.AVAILABLE:
        return
    stop = threading.Event()

    def work() -> None:
        import logging

        from ..engine import preparation

        log = logging.getLogger(__name__)
        preparation.set_compiling(True)
        try:
            if not _run_in_process(_compile_engine, (), "engine-compile", stop):
                return
            if compiled.warm_up():
                log.info("the engine's compiled search is ready")
        except Exception:  # the game goes on with the Python search
            log.exception("compiled search not prepared")
        finally:
            preparation.set_compiling(False)

    app.aboutToQuit.connect(stop.set)
    _start_preparation(work, "engine-compile")


def _run_in_process(target, args: tuple, name: str, stop) -> bool:
    """Run ``target(*args)`` in a separate (spawned) process, which cannot hold the GUI's
    interpreter lock, and wait for it; returns False (the process ended) when ``stop`` is set
    first, True when it finished."""
    import multiprocessing

    process = multiprocessing.get_context("spawn").Process(target=target, args=args, name=name,
                                                           daemon=True)
    process.start()
    while process.is_alive() and not stop.is_set():
        process.join(0.5)
    if process.is_alive():
        process.terminate()
        return False
    return True


def _compile_engine() -> None:
    """Compile the engine's search into numba's disk cache (run in a separate process)."""
    from ..engine import compiled

    compiled.warm_up()


def _load_endgame_table_in_background(app) -> None:
    """Give the engine its endgame database (``engine/endgame.py``), cached under the user's cache
    folder, without slowing the window or the computer's searches.

    A daemon thread maps the largest cached table at once (milliseconds) and installs it: up to
    6 pieces, which only ``checkers-desktop endgame --pieces 6`` (or the environment variable
    ``endgame.PIECES_ENV`` set to 6) builds, since it takes 3.5 GiB of disk. What is missing is
    built in a separate process, which cannot hold the GUI's interpreter lock, after
    the compiled search is ready (so the two compiles do not share the two cores): with the
    compiled builder, 4 pieces in a few seconds, then 5 in under a minute (that process peaking
    near 430 MB: numba, the 187 MB table and the pair being solved); without numba, 3 pieces in
    this thread (seconds), then 4 in about two minutes. Each count is installed when it is cached,
    so searches use the smaller table meanwhile. Everything stops when the app quits; a half-built
    table is never written.
    """
    import logging
    import os
    import threading

    from ..engine.endgame import compiled_builder_available, pieces_from_env, pieces_to_load
    from .paths import endgame_cache_folder

    pieces = pieces_from_env()
    largest = pieces_to_load()
    if not pieces:
        return
    folder = str(endgame_cache_folder())
    stop = threading.Event()

    def install_cached(count: int):
        from ..engine import install_table
        from ..engine.endgame import load_table

        table = load_table(folder, count)
        if table is not None and not stop.is_set():
            install_table(table)
            logging.getLogger(__name__).info("endgame database: %d pieces installed", count)
        return table

    def work() -> None:
        from ..engine import compiled, ensure_table, preparation
        from ..engine.endgame import remove_stale

        log = logging.getLogger(__name__)
        have = 0
        try:
            remove_stale(folder)
            for count in range(largest, 1, -1):
                if install_cached(count) is not None:
                    have = count
                    break
            if have >= pieces:  # (a 6-piece table built on request is used, not rebuilt)
                return
            preparation.set_endgame(have, pieces)
            fast = compiled_builder_available()
            if fast:
                while not (compiled.ready() or compiled.failure()) and not stop.wait(0.5):
                    pass
                fast = compiled.ready()  # numba failed to compile: build in Python
            if fast:
                steps = [count for count in range(4, pieces + 1) if have < count] or [pieces]
            else:
                if have < 3:
                    ensure_table(folder, pieces=min(3, pieces), stop=stop, compiled=False)
                    have = min(3, pieces)
                    preparation.set_endgame(have, min(4, pieces))
                steps = [4] if pieces >= 4 else []
            for count in steps:
                if stop.is_set() or not _run_in_process(
                        _build_endgame_table, (folder, count, os.getpid(), fast),
                        "endgame-build", stop):
                    return
                if install_cached(count) is None:
                    log.warning("endgame database: %d pieces were not built", count)
                    return
                have = count
                preparation.set_endgame(have, pieces)
        except InterruptedError:
            pass
        except Exception:  # the game goes on without the table
            log.exception("endgame database not loaded")
        finally:
            preparation.set_endgame(have, 0)

    app.aboutToQuit.connect(stop.set)
    _start_preparation(work, "endgame-table")


def _build_endgame_table(folder: str, pieces: int, parent_pid: int,
                         compiled: Optional[bool] = None) -> None:
    """Build and cache the endgame table of ``pieces`` (run in a separate process), with the
    compiled builder or not (``compiled``; None: where numba loads).

    The build stops, writing nothing, as soon as the app that started it is gone: a killed app
    (power cut, SIGKILL) cannot stop its child, so the child watches for it (every 0.5 s).
    """
    import os
    import threading

    from ..engine import ensure_table

    stop = threading.Event()

    def watch_parent() -> None:
        while not stop.wait(0.5):
            if os.getppid() != parent_pid:
                stop.set()

    threading.Thread(target=watch_parent, name="watch-app", daemon=True).start()
    try:
        ensure_table(folder, pieces=pieces, stop=stop, install=False, compiled=compiled)
    except InterruptedError:
        pass
