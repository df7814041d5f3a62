"""Leaving the menu bar with Escape gives the keyboard back to the board. Alt+V, Escape,
Alt+T, Escape, Escape left it on the bar (found with the a11y-session kit): no focus shown and
no key doing anything until Tab."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication


def _escape(widget) -> None:
    QApplication.sendEvent(widget, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape,
                                             Qt.KeyboardModifier.NoModifier))


def test_escape_on_a_menu_bar_that_kept_the_keyboard_gives_it_to_the_board(make_window,
                                                                             qtbot):
    window = make_window()
    bar = window.menuBar()
    bar.setFocus(Qt.FocusReason.ShortcutFocusReason)  # where Qt's bar left it
    qtbot.waitUntil(lambda: QApplication.focusWidget() is bar)
    _escape(bar)
    qtbot.waitUntil(lambda: window.board.focused_square() is not None)
    assert window.board.focused_square() == window.board.cursor

