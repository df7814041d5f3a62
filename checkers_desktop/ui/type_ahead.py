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
application's other windows until the dialog has the keyboard.

Keys typed right after answering a Yes/No question that leads to the dialog (Alt+Y to "Leave the
game?", then the name at once) reach the question's window as it closes: Qt keeps a button
pressed 100 ms after its Alt+letter, and the window has the keyboard until it is gone, so
that, were they not kept, "Ramsey-copy-80.pdn" typed 80 ms a key would arrive as
"mey-copy-80.pdn", and typed 5 ms a key not at all. :func:`keep_answer_keys`, called as the answer's button goes down, keeps the keys that
window receives from then on; the :class:`TypeAhead` of the dialog that follows takes them
first, in order. When no dialog follows, they are given to the widget the keyboard comes back
to (:func:`give_answer_keys`).
"""

from __future__ import annotations

import ctypes
from typing import Optional

from PySide6.QtCore import QAbstractNativeEventFilter, QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence, QWindow
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from shiboken6 import isValid

from .handover import is_kept

__all__ = ["TypeAhead", "keys_to", "keep_answer_keys", "give_answer_keys", "deliver_keys",
           "FOLLOW_MS",
           "ANSWER_KEYS_MS"]

FOLLOW_MS = 1500
"""How long a dialog just shown may wait for the window manager to give it the keyboard
(milliseconds, see :func:`keys_to`)."""

ANSWER_KEYS_MS = 1000
"""How long the keys an answered question received as it closed wait for the widget the
keyboard comes back to, when no dialog follows to take them (milliseconds); then they are
dropped, as they were before they were kept."""


class TypeAhead(QObject):
    """Keeps the keys pressed in the application from now until :meth:`give` (or
    :meth:`stop`), after those an answered question kept as it closed (:func:`keep_answer_keys`).
    ``within``: only the keys sent to that window (its widgets and its window handle)."""

    def __init__(self, app: Optional[QApplication] = None, *,
                 within: Optional[QWidget] = None) -> None:
        super().__init__()
        app = app or QApplication.instance()  # type: ignore[assignment]
        self.app = app
        self.within = within
        self.keys: list[QKeyEvent] = []
        if within is None:
            self.keys = _take_answer_keys()
        self.active = app is not None
        if app is not None:
            app.installEventFilter(self)

    def _keeps(self, obj: QObject) -> bool:
        within = self.within
        if within is None:
            return True
        if isinstance(obj, QWindow):
            return obj is within.windowHandle()
        return isinstance(obj, QWidget) and (obj is within or within.isAncestorOf(obj))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if self.within is not None and (kind == QEvent.Type.KeyRelease or not isValid(self.within)
                                        or not self._keeps(obj)):
            return False  # (a button clicks as Space comes up)
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


_ANSWERED: Optional[TypeAhead] = None
"""The keys kept from a question's window since its answer was given (:func:`keep_answer_keys`),
until a dialog's :class:`TypeAhead` or :func:`give_answer_keys` takes them."""


def keep_answer_keys(question: QWidget) -> None:
    """The answer to ``question`` (a Yes/No box) was just given (its button went down): keep the
    keys its window receives from now on, while it closes, for what follows."""
    global _ANSWERED
    if _ANSWERED is not None and _ANSWERED.within is question and _ANSWERED.active:
        return  # kept already (Space down, then its click)
    keys = _take_answer_keys()
    _ANSWERED = TypeAhead(within=question)
    _ANSWERED.keys[:0] = keys


_CARRIED: list[QKeyEvent] = []
"""The keys kept after a command key that :func:`deliver_keys` is running now: the dialog that
command opens takes them (its :class:`TypeAhead`)."""


def _take_answer_keys() -> list[QKeyEvent]:
    """The keys an answered question kept (none when there is none), its keeping stopped, after
    those carried over a command being run (:data:`_CARRIED`)."""
    global _ANSWERED, _CARRIED
    kept, _ANSWERED = _ANSWERED, None
    carried, _CARRIED = _CARRIED, []
    return carried + (kept.stop() if kept is not None else [])


def give_answer_keys(question: QWidget, *, ms: int = ANSWER_KEYS_MS) -> None:
    """Unless a dialog's :class:`TypeAhead` has taken them, the keys ``question`` kept since
    its answer go, in order, to the widget with the keyboard: once ``question`` has closed,
    the one the keyboard comes back to (a shown widget outside it; at most ``ms`` milliseconds,
    then they are dropped); while it is still open (its button came up with the pointer off it,
    so nothing was answered), its own. They are dropped when the keyboard comes to another
    dialog (a question for the other player, an official's form): keys typed for the first
    answer never answer the next. Called on a later turn of the event loop than the
    question's end, so that a dialog it leads to, made at once, takes them first."""
    kept = _ANSWERED
    if kept is None or kept.within is not question:
        return
    parent = question.parentWidget() if isValid(question) else None
    behind = parent.window() if parent is not None else None  # where the keyboard goes back
    waited = [0]

    def attempt() -> None:
        if _ANSWERED is not kept:
            return  # taken by a dialog made meanwhile
        alive = isValid(question)
        open_still = alive and question.isVisible() and not is_kept(question)
        focus = QApplication.focusWidget()
        if focus is None and not open_still and behind is not None and isValid(behind) \
                and QApplication.activeModalWidget() is None:
            focus = behind.focusWidget()  # (not active again yet: its keys go there)
        inside = focus is not None and alive and (focus is question
                                                  or question.isAncestorOf(focus))
        if focus is not None and focus.isVisible() and not open_still and not inside \
                and isinstance(focus.window(), QDialog):
            _take_answer_keys()  # another question or form: it waits for its own answer
            return
        if focus is not None and focus.isVisible() and (open_still or not inside):
            deliver_keys(focus, _take_answer_keys())
            return
        waited[0] += 20
        if waited[0] >= ms:
            _take_answer_keys()
            return
        QTimer.singleShot(20, attempt)

    attempt()


def deliver_keys(target: QWidget, keys: list[QKeyEvent]) -> None:
    """Deliver the key presses ``keys``, kept earlier, in order, as Qt would have: each to
    ``target`` (the widget with the keyboard) when it takes it as text (a line edit claims a
    letter), else as the shortcut of an enabled action of ``target``'s window (Ctrl+O: open),
    else to ``target``. The keys after a command go to the dialog it opens (its
    :class:`TypeAhead` takes them), else on to the widget with the keyboard after it."""
    global _CARRIED
    keys = list(keys)
    while keys:
        key = keys.pop(0)
        action = _shortcut_for(target, key)
        if action is None:
            QApplication.sendEvent(target, key)
            continue
        _CARRIED = keys
        action.trigger()
        keys, _CARRIED = _CARRIED, []
        focus = QApplication.focusWidget()
        target = focus if focus is not None and focus.isVisible() else target


def _shortcut_for(target: QWidget, key: QKeyEvent) -> Optional[QAction]:
    """The enabled action of ``target``'s window whose shortcut ``key`` is, unless ``target``
    takes ``key`` as text (it accepts the ``ShortcutOverride`` Qt asks first)."""
    claim = QKeyEvent(QEvent.Type.ShortcutOverride, key.key(), key.modifiers(), key.text())
    claim.ignore()
    QApplication.sendEvent(target, claim)
    if claim.isAccepted():
        return None
    pressed = QKeySequence(key.keyCombination())
    for action in target.window().findChildren(QAction):
        if action.isEnabled() and any(
                s.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
                for s in action.shortcuts()):
            return action
    return None


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
