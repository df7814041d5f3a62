"""One playing square of the board: how it is painted, and its accessible name and
description.

:class:`SquareWidget` keeps the square's name and content ("11, black man") and a description of
its marks ("Picked up.", "Can go here."); the board paints it, and the board's table
(``ui/board_table.py``), laid over the squares, holds the keyboard focus, takes the mouse and the
keys, and gives screen readers these names cell by cell, with rows and columns: one object per
square in the accessible tree. The focus ring is painted on the cursor's square while the board
has the focus.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtGui import QPainter, QPixmap

from ..rules import Piece
from .painting import SquareMarks, paint_number, paint_square
from .themes import DEFAULT_THEME_KEY, get_theme

if TYPE_CHECKING:  # pragma: no cover
    from .board_widget import BoardWidget

__all__ = ["SquareWidget", "SquareMarks", "paint_square", "get_theme", "DEFAULT_THEME_KEY"]


LARGE_CORNER_SCALE = 1.25
"""With large numbers, a piece's square has its number 1.25 times the normal corner size."""


class SquareWidget:
    """Playing square ``square`` (1-32) of ``board``: what it shows (piece, marks), its
    accessible name and description, and where it is (:meth:`geometry`, in the board's pixels).

    Not a widget of its own: the board paints it (:meth:`paint`) and its table gives screen
    readers its name and description as a cell, so that each square is one object in the
    accessible tree, not a cell and a button."""

    def __init__(self, square: int, board: "BoardWidget") -> None:
        self.square = square
        self.board_widget = board
        self.piece: Optional[Piece] = None
        self.marks = SquareMarks()
        self._name = f"{square}"
        self._description = ""
        self._rect = QRect()

    def objectName(self) -> str:  # noqa: N802 (Qt's name, as the widget had)
        return f"square-{self.square}"

    def accessibleName(self) -> str:  # noqa: N802
        return self._name

    def accessibleDescription(self) -> str:  # noqa: N802
        return self._description

    def setAccessibleName(self, name: str) -> None:  # noqa: N802
        self._name = name

    def setAccessibleDescription(self, description: str) -> None:  # noqa: N802
        self._description = description

    def geometry(self) -> QRect:
        """Where the square is in the board widget (pixels)."""
        return QRect(self._rect)

    def width(self) -> int:
        return self._rect.width()

    def height(self) -> int:
        return self._rect.height()

    def mapTo(self, widget, point: QPoint) -> QPoint:  # noqa: N802 (Qt's name)
        """``point`` in the square's own pixels, in ``widget``'s (an ancestor of the board)."""
        return self.board_widget.mapTo(widget, self._rect.topLeft() + point)

    def mapToGlobal(self, point: QPoint) -> QPoint:  # noqa: N802 (Qt's name)
        """``point`` in the square's own pixels, on the screen."""
        return self.board_widget.mapToGlobal(self._rect.topLeft() + point)

    def isVisible(self) -> bool:  # noqa: N802
        return self.board_widget.isVisible()

    def rect(self) -> QRect:
        """The square's own rectangle, from (0, 0)."""
        return QRect(0, 0, self._rect.width(), self._rect.height())

    def setGeometry(self, x: int, y: int, width: int, height: int) -> None:  # noqa: N802
        self._rect = QRect(x, y, width, height)

    def update(self) -> None:
        """Repaint this square (its part of the board)."""
        self.board_widget.update(self._rect)

    def grab(self) -> QPixmap:
        """The square as painted now."""
        return self.board_widget.grab(self._rect)

    def set_state(self, piece: Optional[Piece], marks, name: str, description: str) -> None:
        """The piece, marks and accessible texts to show; repaints only when something changed."""
        changed = (piece, marks) != (self.piece, self.marks)
        self.piece = piece
        self.marks = marks
        self._name = name
        self._description = description
        if changed:
            self.update()

    def paint(self, painter: QPainter) -> None:
        """Paint the square where it is, with the focus ring while the board holds the focus
        on it."""
        marks = self.marks
        focused = self.board_widget.cursor == self.square and self.board_widget.has_cursor_focus()
        if focused != marks.focused:
            marks = replace(marks, focused=focused)
        painter.save()
        painter.setClipRect(self._rect)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_content(painter, QRectF(self._rect), marks)
        painter.restore()

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
