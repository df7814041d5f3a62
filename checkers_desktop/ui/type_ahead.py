"""Keys typed as a file dialog opens go to its name field, not to the window behind it.

A fast typist presses Ctrl+O and types the file's name at once. Qt makes the dialog in the same
event handler, so the keys wait in the window system's queue; once the dialog is shown
(application modal) they reach the main window, which the dialog now blocks, and Qt drops them,
as it drops those sent there until the window manager gives the dialog the keyboard:
"tinsley-copy.pdn" typed 30 ms apart arrived as "nsley-copy.pdn", typed 5 ms apart not at all.
Before the dialog was shown, a letter would even have been a command of the board.

:class:`TypeAhead`, made before the dialog, keeps every key pressed in the application (and
keeps it from being a shortcut) until :meth:`TypeAhead.give`; :meth:`TypeAhead.take_in` takes
in what the window system holds just before the dialog is shown, and :meth:`TypeAhead.give`,
once it is shown (a file dialog empties its name field as it shows), sends the keys in order to
its field. :func:`keys_to` sends the dialog, on X11, the keys the window system addresses to the
application's other windows until the dialog has the keyboard. What this does not catch: keys
typed right after answering a question that leads to the dialog (Alt+Y to "Leave the game?"),
which that question's window takes as it closes.
"""

from __future__ import annotations

import ctypes
from typing import Optional

from PySide6.QtCore import QAbstractNativeEventFilter, QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QWidget

__all__ = ["TypeAhead", "keys_to", "FOLLOW_MS"]

FOLLOW_MS = 1500
"""How long a dialog just shown may wait for the window manager to give it the keyboard
(milliseconds, see :func:`keys_to`)."""


class TypeAhead(QObject):
    """Keeps the keys pressed in the application from now until :meth:`give` (or
    :meth:`stop`)."""

    def __init__(self, app: Optional[QApplication] = None) -> None:
        super().__init__()
        app = app or QApplication.instance()  # type: ignore[assignment]
        self.app = app
        self.keys: list[QKeyEvent] = []
        self.active = app is not None
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # the key is the dialog's text, not a command
            return True
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            self.keys.append(QKeyEvent(QEvent.Type.KeyPress, event.key(), event.modifiers(),
                                       event.text(), event.isAutoRepeat(), event.count()))
            return True
        return kind == QEvent.Type.KeyRelease

    def stop(self) -> list[QKeyEvent]:
        """Stop keeping keys; returns those kept."""
        if self.active and self.app is not None:
            self.app.removeEventFilter(self)
        self.active = False
        keys, self.keys = self.keys, []
        return keys

    def take_in(self) -> None:
        """Take in the keys the window system holds now, before the dialog is shown: once a
        modal dialog is up, Qt drops a key sent to the window it blocks."""
        if self.active and self.app is not None:
            self.app.processEvents()

    def give(self, field: Optional[QWidget]) -> int:
        """Stop keeping keys and send those kept to ``field`` (the shown dialog's first field;
        None: they are dropped). Returns how many were sent."""
        keys = self.stop()
        if field is None:
            return 0
        for key in keys:
            QApplication.sendEvent(field, key)
        return len(keys)



class _KeysToDialog(QAbstractNativeEventFilter):
    """On X11 (xcb): a key event the window system sends to another window of the application
    (the one that had the keyboard until the window manager gives it to the dialog) is sent to
    the dialog's window instead: Qt drops a key sent to a window a modal dialog blocks."""

    KEY_PRESS, KEY_RELEASE = 2, 3  # xcb_key_press_event_t's response types
    WINDOW_AT = 12  # the byte offset of its ``event`` window (a uint32)

    def __init__(self, dialog: QWidget) -> None:
        super().__init__()
        self.dialog = int(dialog.winId())
        self.others = {int(w.internalWinId()) for w in QApplication.topLevelWidgets()
                       if w is not dialog and int(w.internalWinId())}

    def nativeEventFilter(self, eventType, message):  # noqa: N802 - Qt's name
        address = int(message) if message is not None else 0
        if address and bytes(eventType) == b"xcb_generic_event_t":
            kind = ctypes.c_uint8.from_address(address).value & 0x7F
            if kind in (self.KEY_PRESS, self.KEY_RELEASE):
                window = ctypes.c_uint32.from_address(address + self.WINDOW_AT)
                if window.value in self.others:
                    window.value = self.dialog
        return False, 0


def keys_to(dialog: QWidget, *, ms: int = FOLLOW_MS) -> None:
    """Until the shown ``dialog`` has the keyboard (at most ``ms`` milliseconds, and never
    after it closes), the keys the window system sends to the application's other windows go
    to it (X11 only: elsewhere the dialog has the keyboard as it opens)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication) or QGuiApplication.platformName() != "xcb":
        return
    redirect = _KeysToDialog(dialog)
    app.installNativeEventFilter(redirect)
    done: list[bool] = []

    def stop(*_args: object) -> None:
        if not done:
            done.append(True)
            app.removeNativeEventFilter(redirect)
            app.focusWindowChanged.disconnect(focused)

    def focused(window) -> None:
        if window is not None and window is dialog.windowHandle():
            QTimer.singleShot(0, stop)
    app.focusWindowChanged.connect(focused)
    QTimer.singleShot(ms, stop)
    if isinstance(dialog, QDialog):
        dialog.finished.connect(stop)
