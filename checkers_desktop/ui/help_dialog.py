"""Help > Keyboard commands: every key of the app, made from ``actions.py``, as a list that a
screen reader reads one command at a time (arrow keys, Home, End, Page Up/Down; typing a key's
name goes to it). One long page of text (the first version, a table in a text browser) had no
caret: a screen reader could not read it line by line, only the whole 12,000 characters."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
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
        """The first key is made current once the list has the focus, so that a screen reader
        reads it (made current before the window took the focus, it was never said, and Down
        read the second)."""
        if (obj is self.list and event.type() == QEvent.Type.FocusIn
                and self.list.currentRow() < 0):
            QTimer.singleShot(0, lambda: self.list.setCurrentRow(0))
        return super().eventFilter(obj, event)
