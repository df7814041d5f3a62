"""Help > Keyboard commands: every key of the app, made from ``actions.py``, as a list that a
screen reader reads one command at a time (arrow keys, Home, End, Page Up/Down; typing a key's
name goes to it). One long page of text (the first version, a table in a text browser) had no
caret: a screen reader could not read it line by line, only the whole 12,000 characters."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QLabel, QListWidget,
                               QVBoxLayout, QWidget)

from .actions import keyboard_help_rows

TITLE = "Keyboard commands"


def keyboard_help_items() -> list[str]:
    """One line per key of the app: "Ctrl+N: New game against the computer. Start a ...", the
    keys first, so that a screen reader says them first and typing "Ctrl" goes there."""
    return [f"{keys}: {text}" for keys, text in keyboard_help_rows()]


class HelpDialog(QDialog):
    """The keyboard map as a list (:attr:`list`), one item per key, the focus on its first item
    (made current only once the list has the focus: see :meth:`eventFilter`); Escape or Close
    shuts it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.setAccessibleName(TITLE)
        items = keyboard_help_items()
        label = QLabel(f"{len(items)} keys. Use the arrow keys to read them one at a time; "
                       "Escape closes.", self)
        label.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setAccessibleName(TITLE)
        self.list.setAccessibleDescription(label.text())
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.addItems(items)
        label.setBuddy(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(760, 560)
        self.list.installEventFilter(self)
        self.list.setFocus()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        """When the list gets the focus, the screen reader is told of its current key once the
        focus is there. Qt makes the first item current while giving the list the focus, and
        the item's events reached the screen-reader bus before the list's own focus: the first
        key was never said, and Down read the second (measured with the a11y-session kit)."""
        if obj is self.list and event.type() == QEvent.Type.FocusIn:
            QTimer.singleShot(0, self._tell_current)
        return super().eventFilter(obj, event)

    def _tell_current(self) -> None:
        if not self.list.hasFocus():
            return
        if self.list.currentRow() < 0:
            self.list.setCurrentRow(0)
        if QAccessible.isActive():
            told = QAccessibleEvent(self.list, QAccessible.Event.Focus)
            told.setChild(self.list.currentRow())
            QAccessible.updateAccessibility(told)
