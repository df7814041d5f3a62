"""Leaving a window's menu bar with Escape always gives the keyboard back to the window.

Qt's menu bar remembers where the keyboard was when Alt and a letter opened a menu, and gives it
back on the last Escape. Opening a second menu with Alt and another letter while the bar still
has the keyboard (Alt+V, Escape, Alt+T, Escape, Escape) makes it remember the bar itself: the
last Escape would leave the keyboard nowhere, no focus shown and no key doing anything, until
Tab. :func:`install` checks after each Escape on the bar: when no
menu is open any more and the keyboard is on the bar or nowhere, it goes to ``back()``.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMenuBar

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


def install(bar: QMenuBar, back: Callable[[], None]) -> None:
    """After each Escape on ``bar``, call ``back()`` (put the keyboard on the window's main
    control) when the bar is left with the keyboard on it or on nothing."""
    bar.installEventFilter(_EscapeBack(bar, back))
