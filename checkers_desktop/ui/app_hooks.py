"""Application-wide hooks (event filters kept as children of the ``QApplication``), installed
once each and found again by their class."""

from __future__ import annotations

import sys
from typing import Optional, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

__all__ = ["installed", "install_on_linux"]

HookT = TypeVar("HookT", bound=QObject)


def installed(app: QApplication, kind: type[HookT]) -> Optional[HookT]:
    """The hook of class ``kind`` installed on ``app`` (a child of it), or None."""
    found = app.findChild(kind)
    return found if isinstance(found, kind) else None


def install_on_linux(app: QApplication, kind: type[HookT], platform: str = sys.platform
                     ) -> Optional[HookT]:
    """Install ``kind(app)`` once on Linux (where one is already there, that one); returns it,
    or None on another ``platform`` (``sys.platform``'s value), where the screen readers need
    no such hook."""
    if not platform.startswith("linux"):
        return None
    return installed(app, kind) or kind(app)
