"""Leaving a window's menu bar with Escape always gives the keyboard back to the window.

Qt's menu bar remembers where the keyboard was when Alt and a letter opened a menu, and gives it
back on the last Escape. Opening a second menu with Alt and another letter while the bar still
has the keyboard (Alt+V, Escape, Alt+T, Escape, Escape) makes it remember the bar itself: the
last Escape would leave the keyboard nowhere, no focus shown and no key doing anything, until
Tab. :func:`install` checks after each Escape on the bar: when no
menu is open any more and the keyboard is on the bar or nowhere, it goes to ``back()``.

Choosing a menu's item with the keyboard makes Qt give the keyboard back to where it was (the
board) before the item acts; an item that opens a dialog then moved the focus from the menu to
the board and on to the dialog within a few milliseconds, and a screen reader heard the board
cut off by the dialog. With ``home`` (the widget the bar gives the keyboard back to),
:func:`install` keeps the keyboard on the bar while the item acts, so that the focus goes from
the menu straight to the dialog the item opens; when the item opened none, or once its dialog
has closed and the window is active again, the keyboard goes to ``back()``.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QWidget
from shiboken6 import isValid

from .menu_walk import every_menu

__all__ = ["install"]


class _EscapeBack(QObject):
    def __init__(self, bar: QMenuBar, back: Callable[[], None]) -> None:
        super().__init__(bar)
        self.bar, self.back = bar, back

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and \
                event.key() == Qt.Key.Key_Escape:
            QTimer.singleShot(0, self, self.check)
        return False

    def check(self) -> None:
        """Give the keyboard back when the bar kept it (or nobody has it) with no menu open."""
        if QApplication.activePopupWidget() is not None or self.bar.activeAction() is not None:
            return  # a menu is still open, or the bar is still being walked with the arrows
        if not self.bar.window().isActiveWindow():
            return
        focused = QApplication.focusWidget()
        if focused is None or focused is self.bar:
            self.back()


class _StraightToDialog(QObject):
    """While a menu of ``bar`` closes with the keyboard on the bar, ``home`` (where the bar
    gives the keyboard back) passes the focus on to the bar itself, which has it already: Qt's
    giving back does nothing, and the item chosen acts with the keyboard still on the bar."""

    def __init__(self, bar: QMenuBar, home: QWidget, back: Callable[[], None]) -> None:
        super().__init__(bar)
        self.bar, self.home, self.back = bar, home, back
        menus = [m for m in (a.menu() for a in bar.actions()) if isinstance(m, QMenu)]
        for menu in every_menu(menus):
            menu.aboutToHide.connect(self.closing)
        self.top = bar.window()
        self.top.installEventFilter(self)

    def closing(self) -> None:
        if QApplication.focusWidget() is not self.bar:
            return  # opened by the mouse: the keyboard stayed where it was
        self.home.setFocusProxy(self.bar)
        QTimer.singleShot(0, self, self.acted)

    def acted(self) -> None:
        """The item has acted (or its dialog is open): ``home`` takes the focus itself again,
        and the keyboard goes back to it unless the item put it elsewhere."""
        if self.home.focusProxy() is self.bar:
            # Qt takes None (no proxy); the stubs ask for a widget
            self.home.setFocusProxy(None)  # type: ignore[arg-type]
        self.back_if_left()

    def back_if_left(self) -> None:
        """``back()`` when the keyboard is left on the bar (or nowhere) with no menu walked, no
        menu or dialog open, and the window active."""
        if not isValid(self.bar) or not isValid(self.home):
            return  # the window is being closed
        if QApplication.activePopupWidget() is not None or \
                QApplication.activeModalWidget() is not None:
            return  # a dialog the item opened has the keyboard; back once it has closed
        if not self.bar.window().isActiveWindow() or self.bar.activeAction() is not None:
            return
        focused = QApplication.focusWidget()
        if focused is None or focused is self.bar:
            self.back()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.WindowActivate and obj is self.top:
            QTimer.singleShot(0, self, self.back_if_left)  # a dialog an item opened has closed
        return False


def install(bar: QMenuBar, back: Callable[[], None], home: Optional[QWidget] = None) -> None:
    """After each Escape on ``bar``, call ``back()`` (put the keyboard on the window's main
    control) when the bar is left with the keyboard on it or on nothing. With ``home`` (the
    widget ``back()`` focuses): an item chosen with the keyboard acts with the keyboard still
    on the bar, so that a dialog it opens takes the focus straight from the menu (the menus of
    ``bar`` are those it holds now)."""
    bar.installEventFilter(_EscapeBack(bar, back))
    if home is not None:
        _StraightToDialog(bar, home, back)
