"""One playing square of the board: a real widget, so screen readers see 32 squares.

:class:`SquareWidget` is a ``QAbstractButton`` (accessible role: button) whose accessible name is the
square and its content ("11, black man") and whose description tells its marks ("Picked up.", "Can
go here."). It is not checkable: a checkable button reads as a check box, "not checked", on every
square. The board sets the name, the marks and the piece; keys go to the board
(:meth:`BoardWidget.handle_key`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractButton

from ..rules import Piece
from .painting import SquareMarks, paint_square
from .themes import DEFAULT_THEME_KEY, get_theme

if TYPE_CHECKING:  # pragma: no cover
    from .board_widget import BoardWidget

__all__ = ["SquareWidget", "SquareMarks", "paint_square", "get_theme", "DEFAULT_THEME_KEY"]


class SquareWidget(QAbstractButton):
    """Playing square ``square`` (1-32). Focus = the keyboard cursor. ``clicked`` = a mouse click."""

    def __init__(self, square: int, board: "BoardWidget") -> None:
        super().__init__(board)
        self.square = square
        self.board_widget = board
        self.piece: Optional[Piece] = None
        self.marks = SquareMarks()
        self.setObjectName(f"square-{square}")
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab skips the 32 squares; arrows move
        self.setAccessibleName(f"{square}")

    def set_state(self, piece: Optional[Piece], marks, name: str, description: str) -> None:
        """The piece, marks and accessible texts to show; repaints only when something changed."""
        self.piece = piece
        self.marks = marks
        if self.accessibleName() != name:
            self.setAccessibleName(name)
        if self.accessibleDescription() != description:
            self.setAccessibleDescription(description)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(72, 72)

    def minimumSizeHint(self) -> QSize:
        return QSize(24, 24)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        marks = self.marks
        if self.hasFocus() != marks.focused:
            marks = replace(marks, focused=self.hasFocus())
        paint_square(painter, rect, self.board_widget.theme, True, marks, number=self.square,
                     show_number=self.board_widget.show_numbers, piece=self.piece)
        painter.end()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.board_widget.handle_key(event):
            event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        event.ignore()  # never let Space "click" the button: the board handles Space on press

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab leave the board (the arrows move between squares)."""
        return self.board_widget.leave(next) or super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.board_widget.square_focused(self.square, event.reason())
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

