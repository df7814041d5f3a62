"""One playing square of the board: it paints the square, keeps its accessible name and
description, and takes mouse clicks.

:class:`SquareWidget` is a ``QAbstractButton`` whose accessible name is the square and its content
("11, black man") and whose description tells its marks ("Picked up.", "Can go here."); the
board's table (``ui/board_table.py``), laid over the squares, holds the keyboard focus and gives
screen readers the same names cell by cell, with rows and columns. The focus ring is painted on
the cursor's square while the board has the focus. It is not checkable: a checkable button reads
as a check box, "not checked", on every square. Keys go to the board
(:meth:`BoardWidget.handle_key`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractButton

from ..rules import Piece
from .painting import SquareMarks, paint_number, paint_square
from .themes import DEFAULT_THEME_KEY, get_theme

if TYPE_CHECKING:  # pragma: no cover
    from .board_widget import BoardWidget

__all__ = ["SquareWidget", "SquareMarks", "paint_square", "get_theme", "DEFAULT_THEME_KEY"]


LARGE_CORNER_SCALE = 1.25
"""With large numbers, a piece's square has its number 1.25 times the normal corner size."""


class SquareWidget(QAbstractButton):
    """Playing square ``square`` (1-32). ``clicked`` = a mouse click."""

    def __init__(self, square: int, board: "BoardWidget") -> None:
        super().__init__(board)
        self.square = square
        self.board_widget = board
        self.piece: Optional[Piece] = None
        self.marks = SquareMarks()
        self.setObjectName(f"square-{square}")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the board's table holds the focus
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
        focused = self.board_widget.cursor == self.square and self.board_widget.has_cursor_focus()
        if focused != marks.focused:
            marks = replace(marks, focused=focused)
        self.paint_content(painter, rect, marks)
        painter.end()

    def paint_content(self, painter: QPainter, rect: QRectF, marks: SquareMarks) -> None:
        """Paint this square, its piece, ``marks`` and its number into ``rect`` (device-independent
        pixels; the board's "where am I" overlay calls this with a larger rect).

        Numbers (when the board's ``show_numbers`` is on): normally 28 % of the side high in the
        top-left corner, inside the focus band. With the board's ``large_numbers``: 45 % high in
        the middle of an empty square, and on a square with a piece or a destination diamond
        35 % high in the top-left corner, the most that leaves the piece's shape (solid disc or
        ring with a hole) visible, since nothing may be told by colour alone."""
        board = self.board_widget
        paint_square(painter, rect, board.theme, True, marks, piece=self.piece)
        if not board.show_numbers:
            return
        if not getattr(board, "large_numbers", False):
            paint_number(painter, rect, board.theme, self.square)
        elif self.piece is None and not marks.destination:
            paint_number(painter, rect, board.theme, self.square, centred=True)
        else:  # the corner number of a square LARGE_CORNER_SCALE times as big: 35 % high
            big = QRectF(rect.x(), rect.y(), rect.width() * LARGE_CORNER_SCALE,
                         rect.height() * LARGE_CORNER_SCALE)
            paint_number(painter, big, board.theme, self.square)

    def event(self, event) -> bool:
        # "x" after a square's digits continues a typed move ("22x"), not the X key's command
        if event.type() == QEvent.Type.ShortcutOverride and self.board_widget.takes_key(event):
            event.accept()
            return True
        return super().event(event)

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

