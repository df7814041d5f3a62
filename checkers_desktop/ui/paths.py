"""The app's one data folder: the autosave, the log and the match records live under it.

It is found here, with Qt, and passed down as a path to what writes there (the storage layer and
the match records know no Qt).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths

__all__ = ["DATA_ENV", "APP_NAME", "data_folder", "records_folder", "key_folder",
           "endgame_cache_folder", "documents_folder"]

APP_NAME = "checkers-desktop"
"""The application's and organisation's name given to Qt: it names the folders Qt gives."""

DATA_ENV = "CHECKERS_DESKTOP_DATA"
"""Environment variable naming the data folder instead of Qt's (tests, a kiosk set-up)."""


def data_folder() -> Path:
    """``$CHECKERS_DESKTOP_DATA``, else Qt's ``AppLocalDataLocation`` (set the application and
    organisation names first), else ``~/.local/share/checkers-desktop``. Not created here."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    if location:
        return Path(location)
    return Path.home() / ".local" / "share" / "checkers-desktop"  # pragma: no cover


def documents_folder() -> Path:
    """Where the save dialogs of files made for people start (score sheets, standings, brackets,
    results, saved games, problem reports): the user's Documents folder (Qt's
    ``DocumentsLocation``) when it exists, else the home folder. Not the data folder: it is
    hidden (``~/.local/share/...``), and an organiser who saved a PDF there could not find it
    again from the file manager or a print dialog. Not created here."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if docs and Path(docs).is_dir():
        return Path(docs)
    return Path.home()


def records_folder(data: Path) -> Path:
    """Where match folders (PDN of each game, the score sheet) are kept: ``<data>/event``."""
    return Path(data) / "event"


def key_folder(data: Path) -> Path:
    """Where the install's record key (``storage.integrity``) is kept, apart from the records:
    Qt's ``AppConfigLocation``/keys for the standard data folder; ``<data>/keys`` for a data
    folder named otherwise (``$CHECKERS_DESKTOP_DATA``, tests), so that each such folder has its
    own key. Never inside the records folder (``<data>/event``)."""
    data = Path(data)
    if not os.environ.get(DATA_ENV):
        standard = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.AppLocalDataLocation)
        config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
        if standard and config and Path(standard) == data and Path(config) != data:
            return Path(config) / "keys"
    return data / "keys"


def endgame_cache_folder() -> Path:
    """Where the endgame database is cached: Qt's ``CacheLocation`` for this app (on Linux
    ``~/.cache/checkers-desktop/checkers-desktop``). The window and the command-line tools
    (``bestmove``, ``engine``) use the same one; the names are set here if no application has
    set them (no ``QCoreApplication`` is needed to ask Qt for a folder)."""
    from PySide6.QtCore import QCoreApplication

    if QCoreApplication.instance() is None:  # a command-line tool: the window's names
        QCoreApplication.setApplicationName(APP_NAME)
        QCoreApplication.setOrganizationName(APP_NAME)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(location) if location else Path.home() / ".cache" / APP_NAME
