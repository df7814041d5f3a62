"""Things that go wrong at an event, each told plainly, and the game goes on.

- :func:`report` shows a message on the window's status line and speaks it: to the screen reader
  always, and to the app's own voice unless that voice is what failed.
- :func:`open_checked_settings`: the settings file, checked; a damaged one (garbage bytes, a file
  Qt cannot parse) is kept aside as ``<name>.damaged-YYYYmmdd-HHMMSS.ini`` and the defaults are
  used. Qt's ini reader accepts almost anything, so the file is also checked here: UTF-8 text,
  no control characters, every line a ``[section]``, a ``key=value`` or a ``;``/``#`` comment.
- :func:`voice_failure_text`: the sentence for a missing microphone or a failing recogniser
  (``speech.voice``'s ``MicrophoneUnavailableError`` / ``RecognizerUnavailableError``).
- :func:`install_excepthook`: an exception nobody caught (in a Qt slot, say) is logged with its
  traceback and told to the player; the app keeps running.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QSettings

from ..speech.announcer import Priority
from ..storage.keep_aside import keep_aside
from ..texts import app as app_texts
from ..texts import voice as voice_texts
from .context import AppContext

__all__ = ["report", "settings_file_problem", "open_checked_settings", "voice_failure_text",
           "report_voice_failure", "unexpected_error_text", "install_excepthook",
           "uninstall_excepthook"]

log = logging.getLogger(__name__)


# --- telling the player -------------------------------------------------------------------------
def report(ctx: AppContext, text: str, *, speak_own_voice: bool = True,
           priority: Priority = Priority.INTERRUPT) -> None:
    """Show ``text`` on the status line of the window of ``ctx`` (an :class:`~.context.AppContext`)
    and speak it (assertive for a screen reader).

    The text stays on the status line until a newer one replaces it, the player starts a new game,
    or (for a failed autosave) saving works again; every text told is kept for the problem report
    (``ctx.status.told``).

    ``speak_own_voice=False`` when the app's own voice is what failed: then only the screen reader
    gets it (asking a broken voice again would only fail again). ``priority``: INTERRUPT (the
    default) cuts off what is being said; QUEUE waits for it.
    """
    log.warning("told the player: %s", text)
    ctx.status.set_notice(text)
    if speak_own_voice:
        ctx.say(text, priority)
    else:
        ctx.screen_reader.output(text, priority)


# --- settings ------------------------------------------------------------------------------------
def settings_file_problem(path: os.PathLike | str) -> Optional[str]:
    """Why the ini file at ``path`` cannot be trusted, or None when it looks sound (or is absent).

    Checks: readable, UTF-8, no control characters but tab and line ends, each line a section,
    a ``key=value`` or a comment, and ``QSettings`` reading it without a format error.
    """
    path = Path(path)
    if not path.exists():
        return None
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "it is not text"
    for number, line in enumerate(text.splitlines(), 1):
        if any(ord(ch) < 32 and ch not in "\t" for ch in line):
            return f"line {number} holds control characters"
        stripped = line.strip()
        if not stripped or stripped[0] in ";#":
            continue
        if stripped.startswith("["):
            if not stripped.endswith("]"):
                return f"line {number} is not a section name: {stripped[:40]!r}"
            continue
        if "=" not in stripped:
            return f"line {number} is not a setting: {stripped[:40]!r}"
    status = QSettings(str(path), QSettings.Format.IniFormat).status()
    if status != QSettings.Status.NoError:
        return f"Qt cannot read it ({status.name})"
    return None


def open_checked_settings(path: os.PathLike | str | None = None):
    """``(Settings, message or None)``: the app's settings (the ini file ``path``, else
    ``$CHECKERS_DESKTOP_SETTINGS``, else Qt's native place), after checking the file.

    A damaged file is renamed aside (never deleted) and the defaults are used; ``message`` says
    so and where the file was kept. A file that cannot even be renamed is left alone and
    ignored for this run (settings then live in memory only).
    """
    from .settings import SETTINGS_ENV, Settings, open_qsettings

    path = path or os.environ.get(SETTINGS_ENV)
    qsettings = open_qsettings(path)
    file_name = Path(qsettings.fileName())
    problem = settings_file_problem(file_name) if qsettings.fileName() else None
    if problem is None:
        return Settings(qsettings), None
    log.error("settings file %s is damaged: %s", file_name, problem)
    del qsettings
    try:
        kept = keep_aside(file_name, "damaged", default_suffix=".ini")
    except OSError as exc:
        log.error("could not rename the damaged settings file: %s", exc)
        from PySide6.QtCore import QTemporaryDir

        holder = QTemporaryDir()
        fallback = Settings(QSettings(holder.filePath("settings.ini"), QSettings.Format.IniFormat),
                            keep_alive=holder)
        return fallback, app_texts.settings_unreadable_text(file_name, problem)
    return Settings(open_qsettings(str(file_name))), app_texts.settings_damaged_text(problem, kept)


# --- voice input ---------------------------------------------------------------------------------
def voice_failure_text(error: BaseException) -> str:
    """The sentence for a voice-input failure: no microphone (or unplugged), or the recogniser
    failing (``speech.voice``'s ``MicrophoneUnavailableError`` / ``RecognizerUnavailableError``)."""
    from ..speech.voice import MicrophoneUnavailableError, RecognizerUnavailableError

    return voice_texts.voice_failure_text(isinstance(error, MicrophoneUnavailableError),
                                          isinstance(error, RecognizerUnavailableError),
                                          str(error))


def report_voice_failure(ctx: AppContext, error: BaseException) -> str:
    """Tell the player (shown and spoken) that voice input failed; returns the sentence."""
    text = voice_failure_text(error)
    report(ctx, text)
    return text


# --- uncaught exceptions -------------------------------------------------------------------------
def unexpected_error_text(exc: BaseException) -> str:
    return app_texts.unexpected_error_text(type(exc).__name__, str(exc))


_previous_hook: Optional[Callable] = None


def install_excepthook(ctx_getter: Callable[[], Optional[AppContext]]) -> Callable:
    """Make ``sys.excepthook`` log an uncaught exception (with its traceback) and tell the player
    through the context ``ctx_getter()`` returns (None: log only), instead of PySide6's default
    print. Qt slots run on, so the game goes on. Returns the hook."""
    global _previous_hook

    def hook(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            (_previous_hook or sys.__excepthook__)(exc_type, exc, tb)
            return
        log.error("uncaught exception:\n%s", "".join(traceback.format_exception(exc_type, exc, tb)))
        ctx = ctx_getter()
        if ctx is not None:
            report(ctx, unexpected_error_text(exc))

    if _previous_hook is None:
        _previous_hook = sys.excepthook
    sys.excepthook = hook
    return hook


def uninstall_excepthook() -> None:
    """Put back the hook that was there before :func:`install_excepthook` (tests)."""
    global _previous_hook
    if _previous_hook is not None:
        sys.excepthook = _previous_hook
        _previous_hook = None
