"""An empty line of text reached with Tab or Shift+Tab is named by Orca.

When Tab brings the keyboard to a ``QLineEdit``, Qt selects its text (``selectAll``), and for an
empty field that still moves the text cursor (from -1 to 0) and changes the selection. Qt tells
the accessibility bus (AT-SPI) of both before it tells it of the focus. Orca 43 takes the cursor
event of a focused field as the focus having moved there, silently, and then drops the focus
event as one for the object it is already on: the field is never named. An official tabbing to
"Reason (may be left empty)" in the forfeit form, or an organiser to "Second player's name" in
the match form, heard nothing (a field with text was named: its selection is said with it).

:class:`EmptyFieldFocus` gives such a field the keyboard as Qt gives it to a field clicked or
focused by the program (``OtherFocusReason``): with nothing to select, nothing else changes, no
cursor or selection event comes before the focus event, and Orca says "Reason (may be left
empty): text." A field with text is left to Qt (its text selected, as before). Only on Linux:
UI Automation and VoiceOver screen readers name the field from the focus event whatever came
before it.

The filter is put on the line edits of a window when the keyboard first comes to that window
(``QApplication.focusChanged``), not on the whole application (every event of every widget).
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QWidget


__all__ = ["EmptyFieldFocus"]

_WATCHED = "_checkers_empty_field_focus"
"""The dynamic property set on a line edit once :class:`EmptyFieldFocus` filters its events."""

_SELECTING = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason,
              Qt.FocusReason.ShortcutFocusReason)
"""The reasons for which a ``QLineEdit`` selects its text as it gets the keyboard."""


class EmptyFieldFocus(QObject):
    """See the module text. :meth:`watch` puts the filter on a window's line edits (done for
    each window the keyboard comes to)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._resending = False
        app.focusChanged.connect(self._focus_changed)
        focused = app.focusWidget()
        if focused is not None:
            self._focus_changed(None, focused)

    def _focus_changed(self, _old: Optional[QWidget], new: Optional[QWidget]) -> None:
        if new is not None:
            self.watch(new.window())

    def watch(self, window: QWidget) -> None:
        """Filter the focus events of every plain line edit of ``window`` (not those inside a
        picker or a spin box, which are theirs)."""
        for field in window.findChildren(QLineEdit):
            if field.property(_WATCHED) or isinstance(field.parent(),
                                                      (QComboBox, QAbstractSpinBox)):
                continue
            field.setProperty(_WATCHED, True)
            field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.FocusIn or self._resending \
                or not isinstance(watched, QLineEdit) or not isinstance(event, QFocusEvent) \
                or event.reason() not in _SELECTING or watched.text():
            return False
        self._resending = True
        try:  # the same focus, for a reason that selects nothing
            QApplication.sendEvent(watched, QFocusEvent(QEvent.Type.FocusIn,
                                                         Qt.FocusReason.OtherFocusReason))
        finally:
            self._resending = False
        return True

