"""A password field whose characters never reach the accessibility layer.

Qt's ``QLineEdit`` in password mode draws dots, but it tells assistive technology of every edit
with the characters themselves: AT-SPI ``object:text-changed:insert`` events carry each typed
character and a cleared field's ``delete`` event the whole text. Orca echoes inserted text, so at
an event table the official's PIN was spoken aloud, and any program on the accessibility bus could
read it. :class:`SecretField` keeps the secret in Python and puts only :data:`MASK` characters into
the widget, so every event and every query of its text holds dots.

Typing, Backspace, Delete (with or without a selection), paste and an input method's committed
text edit the secret; copy, cut, undo, redo, drag and drop and the context menu are off (Qt keeps
copy and cut off for password fields; undo would bring back dots without their characters).
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QInputMethodEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["MASK", "SecretField"]

MASK = "\u25cf"
"""The character the widget holds for each character of the secret (a black circle)."""

_REFUSED = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo,
            QKeySequence.StandardKey.Copy, QKeySequence.StandardKey.Cut)
_TEXT_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                   | Qt.KeyboardModifier.MetaModifier)


class SecretField(QLineEdit):
    """A password field (see the module text). :meth:`text` returns the secret itself to the
    app's code; the widget's own text, and so what screen readers are told, is dots."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self._secret = ""
        self.setEchoMode(QLineEdit.EchoMode.Password)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.setDragEnabled(False)
        self.setAcceptDrops(False)
        self.setInputMethodHints(Qt.InputMethodHint.ImhHiddenText
                                 | Qt.InputMethodHint.ImhSensitiveData
                                 | Qt.InputMethodHint.ImhNoPredictiveText)
        self.textChanged.connect(self._adopt_foreign_text)

    # --- the secret ---------------------------------------------------------------------------
    def text(self) -> str:  # the secret, not the widget's dots
        """The secret typed (the widget itself holds only dots)."""
        return self._secret

    def setText(self, text: str) -> None:  # type: ignore[override]  # noqa: N802 - Qt's name
        """Put ``text`` (cut at the field's maximum length) as the secret."""
        self._secret = text[:self.maxLength()]
        super().setText(MASK * len(self._secret))

    def clear(self) -> None:
        """Empty the field."""
        self._secret = ""
        super().clear()

    def _span(self) -> tuple[int, int]:
        """The selection's (start, end), or (cursor, cursor) without one, in characters."""
        if self.hasSelectedText():
            start = self.selectionStart()
            return start, start + len(self.selectedText())
        return self.cursorPosition(), self.cursorPosition()

    def _insert(self, text: str) -> None:
        start, end = self._span()
        room = self.maxLength() - (len(self._secret) - (end - start))
        text = "".join(ch for ch in text if ch.isprintable())[:max(0, room)]
        if not text and start == end:
            return
        self._secret = self._secret[:start] + text + self._secret[end:]
        super().insert(MASK * len(text))  # replaces the selection, as typing does

    def insert(self, text: str) -> None:
        """Insert ``text`` at the cursor (replacing the selection) into the secret."""
        self._insert(text)

    # --- keys -----------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.matches(QKeySequence.StandardKey.Paste):
            self._insert(QGuiApplication.clipboard().text())
            return
        if any(event.matches(key) for key in _REFUSED):
            event.accept()
            return
        text = event.text()
        if text and text.isprintable() and not (event.modifiers() & _TEXT_MODIFIERS):
            self._insert(text)
            return
        before = len(super().text())
        super().keyPressEvent(event)  # Backspace, Delete, moving, Enter...: dots only
        removed = before - len(super().text())
        if removed > 0:  # what was deleted starts where the cursor now is
            at = self.cursorPosition()
            self._secret = self._secret[:at] + self._secret[at + removed:]

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:  # noqa: N802 - Qt's name
        if event.commitString():
            self._insert(event.commitString())
        event.accept()

    def _adopt_foreign_text(self, shown: str) -> None:
        """Text set on the widget from outside this class (a screen reader's editable-text
        call reaches ``QLineEdit::setText`` in C++) is taken as the whole secret, and the
        widget shows dots for it."""
        if shown and any(ch != MASK for ch in shown):
            self._secret = shown[:self.maxLength()]
            self.blockSignals(True)
            super().setText(MASK * len(self._secret))
            self.blockSignals(False)
            self.textChanged.emit(MASK * len(self._secret))
