"""The board as an accessible table: 8 rows and 8 columns a screen reader can navigate with its
own table commands (Orca's and NVDA's), each cell knowing its row and column.

PySide6 has no Python binding for ``QAccessibleTableInterface``, so the table is Qt's own:
:class:`BoardTable` is a ``QTableView`` laid exactly over the board's squares, drawing nothing
itself (the square widgets under it paint the board) and holding the keyboard focus. Its current
cell is the board's cursor; Qt's accessibility bridge exposes the view as an AT-SPI Table (UIA
Grid on Windows) and every cell as a TableCell with its row and column, named like the squares
("11, black man"; an unused light square has an empty name) and described by their marks.
The table's rows and columns are the board's as the game shows it (Black's side at the bottom
for a player of Black against the computer); in a match, where the board turns to the player to
move after every move, only the cells move on the screen: each keeps its square, name, row and
column, so that a move renames only the squares it changed (not 32 cells every move), and the
screen reader's table keeps the orientation the match began with.
Every key goes to the board (:meth:`BoardWidget.handle_key`); a key the board does not use goes on
to the window (its shortcuts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from PySide6.QtCore import (QAbstractTableModel, QEvent, QModelIndex, QPersistentModelIndex, Qt,
                            QTimer)
from PySide6.QtGui import (QAccessible, QAccessibleEvent, QFocusEvent, QKeyEvent, QMouseEvent,
                           QPalette)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHeaderView, QStyledItemDelegate,
                               QTableView)

from ..rules.geometry import SIZE, square_at, square_cell

if TYPE_CHECKING:  # pragma: no cover
    from .board_widget import BoardWidget

__all__ = ["BoardModel", "BoardTable"]


class BoardModel(QAbstractTableModel):
    """8 x 8 cells, each playing square's holding its square widget's accessible name and
    description, the light squares nothing. The cells are in the order of the board seen from
    :attr:`flipped`'s side; the view shows them in the screen's order (``board.flipped``),
    moving its rows and columns when the board is turned while each cell keeps its square."""

    def __init__(self, board: "BoardWidget") -> None:
        super().__init__(board)
        self.board = board
        self.flipped = False
        """The side the cells' rows and columns are seen from (``square_at``'s ``flipped``)."""

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else SIZE

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else SIZE

    def square(self, index) -> Optional[int]:
        """The playing square (1-32) of a cell, or None for a light square."""
        return square_at(index.row(), index.column(), self.flipped)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        sq = self.square(index)
        if role in (Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.DisplayRole):
            return self.board.squares[sq].accessibleName() if sq is not None else ""
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return self.board.squares[sq].accessibleDescription() if sq is not None else ""
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        """No header: Orca says a line's header on entering it ("Column 3 column header"),
        which on the board is noise at every step (the squares' numbers place them)."""
        return None

    def flags(self, index):
        """A playing square's cell is selectable: the cursor's cell is the table's one selected
        cell (Orca says "not selected" after every cell of a table it can select in that is not
        selected)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self.square(index) is None:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def changed(self) -> None:
        """Every cell's name and description may have changed (a move, a theme, turning)."""
        self.dataChanged.emit(self.index(0, 0), self.index(SIZE - 1, SIZE - 1),
                              [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole,
                               Qt.ItemDataRole.AccessibleDescriptionRole])


class _Invisible(QStyledItemDelegate):
    """Cells draw nothing: the square widgets below are the board's picture."""

    def paint(self, painter, option, index) -> None:
        return


class BoardTable(QTableView):
    """See the module text."""

    def __init__(self, board: "BoardWidget") -> None:
        super().__init__(board)
        self.board = board
        self.setObjectName("board-table")
        self.setAccessibleName("Board")
        self.board_model = BoardModel(board)
        self.setModel(self.board_model)
        self.setItemDelegate(_Invisible(self))
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.hide()
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setMinimumSectionSize(1)
        self.setShowGrid(False)
        self.setFrameShape(QTableView.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the current cell (the cursor) is selected with it: see BoardModel.flags
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoScroll(False)
        self.viewport().setAutoFillBackground(False)
        self.setAutoFillBackground(False)
        palette = self.palette()
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Window,
                     QPalette.ColorRole.Highlight, QPalette.ColorRole.AlternateBase):
            palette.setColor(role, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        self.setStyleSheet("QTableView { background: transparent; border: none; "
                           "selection-background-color: transparent; }")
        self.focus_told: Optional[Callable[[], None]] = None
        """Called when screen readers are told that the focus is on a cell (the window's
        screen-reader sink holds its announcements until the focus has settled)."""
        self._told: dict[tuple[int, int], tuple[str, str]] = {}
        """The (name, description) last told of each cell, by (row, column)."""
        self._children: dict[tuple[int, int], int] = {}

    def refresh(self) -> None:
        """Every cell's name and description from the squares: the view's model is told, and so
        are screen readers, cell by cell, for each name or description that changed (an AT-SPI
        client such as Orca keeps the names it has read, and would otherwise say a cell's old
        content when the cursor comes back to it)."""
        self.board_model.changed()
        # kept while no screen reader listens too: one that starts listening (Orca reads the
        # tree when it starts) must hear of the next change of every cell, the first move's too
        iface = QAccessible.queryAccessibleInterface(self) if QAccessible.isActive() else None
        for row in range(SIZE):
            for col in range(SIZE):
                self._tell_cell(iface, row, col)

    def _tell_cell(self, iface, row: int, col: int) -> None:
        sq = square_at(row, col, self.board_model.flipped)
        widget = self.board.squares[sq] if sq is not None else None
        now = (widget.accessibleName(), widget.accessibleDescription()) if widget else ("", "")
        before = self._told.get((row, col))
        self._told[(row, col)] = now
        if before is not None and before != now and iface is not None:
            cell = self._cell(iface, row, col)
            if cell is None:
                return
            if before[0] != now[0]:
                QAccessible.updateAccessibility(QAccessibleEvent(cell, QAccessible.Event.NameChanged))
            if before[1] != now[1]:
                QAccessible.updateAccessibility(
                    QAccessibleEvent(cell, QAccessible.Event.DescriptionChanged))

    def _cell(self, iface, row: int, col: int):
        """The accessible of cell (``row``, ``col``): the table's children also hold its header
        cells, so they are looked up by their own row and column (once, then kept)."""
        if len(self._children) != SIZE * SIZE:
            self._children = {}
            for i in range(iface.childCount()):
                child = iface.child(i)
                cell = child.tableCellInterface() if child is not None else None
                if cell is not None and child.role() == QAccessible.Role.Cell:
                    self._children[(cell.rowIndex(), cell.columnIndex())] = i
        index = self._children.get((row, col))
        return iface.child(index) if index is not None else None

    # --- cursor <-> current cell ------------------------------------------------------------
    def index_of(self, square: int):
        row, col = square_cell(square, self.board_model.flipped)
        return self.board_model.index(row, col)

    def show_cursor(self, square: int) -> None:
        """Make ``square``'s cell the current one, and the one selected (the screen reader
        follows it)."""
        index = self.index_of(square)
        if self.currentIndex() != index:
            self.setCurrentIndex(index)

    def currentChanged(self, current, previous) -> None:  # noqa: N802
        super().currentChanged(current, previous)
        sq = self.board_model.square(current) if current.isValid() else None
        if self.hasFocus() and self.focus_told is not None:
            self.focus_told()  # Qt tells screen readers of the new current cell
        if sq is not None and sq != self.board.cursor:
            self.board.square_focused(sq, Qt.FocusReason.OtherFocusReason)

    def lay_out(self, x: int, y: int, cell: int) -> None:
        """Cover the board's squares: the top-left corner (``x``, ``y``) and the cell's side;
        the rows and columns in the screen's order (reversed while the cells are seen from the
        other side than the screen's)."""
        self.setGeometry(x, y, cell * SIZE, cell * SIZE)
        for i in range(SIZE):
            self.setRowHeight(i, cell)
            self.setColumnWidth(i, cell)
        turned = self.board_model.flipped != self.board.flipped
        for header in (self.horizontalHeader(), self.verticalHeader()):
            for place in range(SIZE):
                logical = SIZE - 1 - place if turned else place
                if header.visualIndex(logical) != place:
                    header.moveSection(header.visualIndex(logical), place)

    # --- keys, focus, mouse -----------------------------------------------------------------
    def event(self, event) -> bool:
        # "x" after a square's digits continues a typed move ("22x"), not the X key's command
        if event.type() == QEvent.Type.ShortcutOverride and self.board.takes_key(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.board.handle_key(event):
            event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        event.ignore()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802,A002
        """Tab and Shift+Tab leave the board (the arrows move between squares)."""
        return self.board.leave(next) or super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.show_cursor(self.board.cursor)
        self.board.square_focused(self.board.cursor, event.reason())
        self.board.squares[self.board.cursor].update()
        self.tell_focused_cell()

    def tell_focused_cell(self) -> None:
        """Tell screen readers that the focus is on the cursor's cell (the square read), not
        on the table as a whole: Qt tells only the table when the focus comes back to it (after
        a move typed in the move box, a list, a menu, a dialog)."""
        QTimer.singleShot(0, self._tell_focused_cell_now)  # after Qt's focus event for the table

    def _tell_focused_cell_now(self) -> None:
        if not QAccessible.isActive() or not self.hasFocus():
            return
        opened = QApplication.activePopupWidget() or QApplication.activeModalWidget()
        if opened is not None and opened is not self.window():
            return  # a menu or a dialog opened since: the focus is going there, not here
        iface = QAccessible.queryAccessibleInterface(self)
        if iface is None:
            return
        row, col = square_cell(self.board.cursor, self.board_model.flipped)
        cell = self._cell(iface, row, col)
        if cell is not None:
            QAccessible.updateAccessibility(QAccessibleEvent(cell, QAccessible.Event.Focus))
            if self.focus_told is not None:
                self.focus_told()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.board.stop_typing()  # a move typed on the board ends where the keyboard leaves it
        self.board.squares[self.board.cursor].update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        index = self.indexAt(event.position().toPoint())
        sq = self.board_model.square(index) if index.isValid() else None
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if sq is not None and event.button() == Qt.MouseButton.LeftButton:
            self.board.square_clicked(sq)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        event.accept()

    def wheelEvent(self, event) -> None:  # noqa: N802
        self.board.wheelEvent(event)
