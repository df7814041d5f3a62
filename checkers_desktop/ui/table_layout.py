"""The window's layout: the board square and as large as the space allows, and the side column
(the match's clocks, the move box, the status line) beside it on a wide window or below it on a
tall one.

Event laptops have wide screens (1366x768, 1280x720), where the height is what limits a square
board: with the clocks, the move box and the status line stacked above and below, the board lost
about 300 pixels of height at 200 % text. Beside the board they cost the board nothing as long as
the window is wider than it is high by the column's width. :class:`TableLayout` places the two
items (a ``QLayout`` of its own, since box layouts do not keep a child square):

* **beside** (wide): the board takes ``min(height, width - column)``, the column the rest of the
  width and the whole height, where ``column`` is at least the column's minimum width; if the
  column's content (word-wrapped) needs more height than there is, the board gives up width to
  it, down to :data:`BOARD_FLOOR` of that size (what does not fit then is cut at the end of the
  status line, which is also spoken);
* **below** (tall): the board takes ``min(width, height - column height)``;

whichever gives the larger board. ``on_column_width(width)`` is called with the column's width
before its height is measured, so the clocks can size their type to it.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget, QWidgetItem

__all__ = ["TableLayout", "MIN_COLUMN_WIDTH", "BOARD_FLOOR"]

MIN_COLUMN_WIDTH = 280
"""The side column is never narrower than this (logical pixels) beside the board, nor than its own
minimum size."""
_STEP = 8

BOARD_FLOOR = 0.7
"""The least share of its full size the board gives up to a long status line beside it. At 300 %
text on a 1280x720 screen, one refused move with the status and a note would make the board drop
from about 630 to 256 pixels, and grow back after the next move: a low-vision player would lose
the board just as they read why a move was refused."""


class TableLayout(QLayout):
    """See the module text. ``board`` keeps a square; ``column`` is the side column widget.
    :attr:`beside` says the arrangement last used; :attr:`board_side` the board's side, pixels."""

    def __init__(self, board: QWidget, column: QWidget, parent: Optional[QWidget] = None, *,
                 spacing: int = 10,
                 on_column_width: Optional[Callable[[int], None]] = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.board, self.column = board, column
        self.on_column_width = on_column_width
        self.setSpacing(spacing)
        self.beside = True
        self.board_side = 0
        self._placed_width = 0  # the column's width where it was last placed
        self.addWidget(board)
        self.addWidget(column)

    # --- QLayout ----------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def addWidget(self, widget: QWidget) -> None:  # noqa: N802 - Qt's name
        self.addChildWidget(widget)
        self.addItem(QWidgetItem(widget))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> Optional[QLayoutItem]:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> Optional[QLayoutItem]:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation.Horizontal | Qt.Orientation.Vertical

    def _margins(self) -> tuple[int, int]:
        m = self.contentsMargins()
        return m.left() + m.right(), m.top() + m.bottom()

    def _column_min_width(self) -> int:
        return max(MIN_COLUMN_WIDTH, self.column.minimumSizeHint().width())

    def _column_height(self, width: int) -> int:
        """The height the column's content needs at ``width`` (its clocks sized for that width
        while measuring, then sized back for the width where the column is placed)."""
        if self.on_column_width is not None:
            self.on_column_width(width)
        layout = self.column.layout()
        if layout is not None and layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        else:
            height = self.column.sizeHint().height()
        if self.on_column_width is not None and self._placed_width and width != self._placed_width:
            self.on_column_width(self._placed_width)
        return height

    def _board_min(self) -> int:
        hint = self.board.minimumSizeHint()
        return max(hint.width(), hint.height())

    def sizeHint(self) -> QSize:  # noqa: N802
        side = max(self.board.sizeHint().width(), self.board.sizeHint().height())
        mw, mh = self._margins()
        width = self._column_min_width()
        return QSize(side + self.spacing() + width + mw,
                     max(side, self._column_height(width)) + mh)

    def minimumSize(self) -> QSize:  # noqa: N802
        """The board's minimum beside the column's minimum width; not the height the column's
        text needs at that width (a long status line at a large text size would make the window
        taller than the screen): the board gives the column room instead (:meth:`arrange`)."""
        board = self._board_min()
        mw, mh = self._margins()
        return QSize(board + self.spacing() + self._column_min_width() + mw, board + mh)

    # --- placing ------------------------------------------------------------------------
    def arrange(self, width: int, height: int) -> tuple[bool, int, int]:
        """(beside, board side, column width or height) for a content area of ``width`` x
        ``height`` pixels (see the module text)."""
        sp = self.spacing()
        board_min = self._board_min()
        # beside: the board as large as the height allows, the column what is left; if the
        # column's text needs more height than there is, the board gives it width (the largest
        # board whose column fits, found by halving: the column's height only falls as it widens)
        column_min = self._column_min_width()
        side = max(board_min, min(height, width - sp - column_min))
        least = max(board_min, int(side * BOARD_FLOOR))
        if side > least and self._column_height(width - sp - side) > height:
            low, high = least, side  # low: fits (or the least board); high: does not fit
            while high - low > _STEP:
                middle = (low + high) // 2
                if self._column_height(width - sp - middle) > height:
                    high = middle
                else:
                    low = middle
            side = low
        beside = (side, width - sp - side)
        # below: the board as large as the width allows above the column
        below_side = max(board_min, min(width, height - sp - self._column_height(width)))
        if below_side > beside[0]:
            return False, below_side, height - sp - below_side
        return True, beside[0], beside[1]

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        area = self.contentsRect()
        beside, side, rest = self.arrange(area.width(), area.height())
        self.beside, self.board_side = beside, side
        x, y = area.x(), area.y()
        sp = self.spacing()
        if beside:
            top = y + max(0, (area.height() - side) // 2)
            self._items[0].setGeometry(QRect(x, top, side, side))
            column_width = area.width() - sp - side
            self._placed_width = column_width
            if self.on_column_width is not None:
                self.on_column_width(column_width)
            self._items[1].setGeometry(QRect(x + side + sp, y, column_width, area.height()))
        else:
            left = x + max(0, (area.width() - side) // 2)
            self._items[0].setGeometry(QRect(left, y, side, side))
            self._placed_width = area.width()
            if self.on_column_width is not None:
                self.on_column_width(area.width())
            self._items[1].setGeometry(QRect(x, y + side + sp, area.width(),
                                             area.height() - side - sp))
