"""The board: 32 square widgets in the standard diagram, and the keys that move over them.

Squares 1-4 are the top row, 29-32 the bottom row (the standard diagram, WCDF rules 1.4, seen from
the second mover's chair: 1 is b8, 4 is h8, 29 is a1). Up and Down change the square number by four,
Left and Right move along the row; Enter or Space activates the square under the cursor; digits then
Enter move the cursor to a square by number.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..rules import Piece
from .square_widget import DEFAULT_THEME_KEY, SquareMarks, SquareWidget, get_theme, paint_square


def square_cell(square: int, flipped: bool = False) -> tuple[int, int]:
    """(row, column) on screen, 0-7 from the top left, of playing square 1-32."""
    row, index = divmod(square - 1, 4)
    col = 2 * index + 1 if row % 2 == 0 else 2 * index
    return (7 - row, 7 - col) if flipped else (row, col)


def neighbour(square: int, direction: str, flipped: bool = False) -> Optional[int]:
    """The square next to ``square`` on screen in ``direction`` ("up", "down", "left", "right"),
    or None at the edge. Up and Down keep the place in the row (the number changes by four)."""
    row, col = square_cell(square, flipped)
    cells = {square_cell(sq, flipped): sq for sq in range(1, 33)}
    if direction in ("left", "right"):
        step = -1 if direction == "left" else 1
        c = col + step
        while 0 <= c <= 7:
            if (row, c) in cells:
                return cells[(row, c)]
            c += step
        return None
    if direction not in ("up", "down"):
        raise ValueError(f"{direction!r} is not a direction")
    new_row = row + (-1 if direction == "up" else 1)
    if not 0 <= new_row <= 7:
        return None
    index = sorted(c for (r, c) in cells if r == row).index(col)
    target_cols = sorted(c for (r, c) in cells if r == new_row)
    return cells[(new_row, target_cols[index])]


_ARROWS = {Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down", Qt.Key.Key_Left: "left",
           Qt.Key.Key_Right: "right"}
_DIGITS = {getattr(Qt.Key, f"Key_{d}"): str(d) for d in range(10)}


class BoardWidget(QWidget):
    """The board. Its 32 children are :class:`SquareWidget`; the focused one is the cursor.

    Signals: ``activated(square)`` (Enter, Space or a click), ``escape_pressed()``,
    ``cursor_moved(square)`` (the cursor moved by a key, or came in by Tab: say the square), ``edge(direction)``
    (an arrow at the edge of the board), ``bad_square(text)`` (a typed number that is no square).
    """

    activated = Signal(int)
    escape_pressed = Signal()
    cursor_moved = Signal(int)
    edge = Signal(str)
    bad_square = Signal(str)

    def __init__(self, parent: QWidget | None = None, theme_key: str = DEFAULT_THEME_KEY) -> None:
        super().__init__(parent)
        self.theme = get_theme(theme_key)
        self.flipped = False
        self.show_numbers = True
        self.cursor = 11
        self.typed = ""
        self.setObjectName("board")
        self.setAccessibleName("Board")
        self.setAccessibleDescription(
            "Checkers board, 32 playing squares numbered 1 to 32. Arrow keys move, Enter picks up "
            "and puts down.")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.squares: dict[int, SquareWidget] = {}
        for sq in range(1, 33):
            widget = SquareWidget(sq, self)
            widget.clicked.connect(lambda checked=False, s=sq: self._clicked(s))
            self.squares[sq] = widget
        self._layout_squares()

    # --- state from the game ----------------------------------------------------------------
    def show_position(self, piece_at: Callable[[int], Optional[Piece]],
                      marks_at: Callable[[int], SquareMarks], name_at: Callable[[int], str],
                      description_at: Callable[[int], str]) -> None:
        """Update every square (piece, marks, accessible name and description)."""
        for sq, widget in self.squares.items():
            widget.set_state(piece_at(sq), marks_at(sq), name_at(sq), description_at(sq))
        self.update()

    # --- the cursor -------------------------------------------------------------------------
    def set_cursor(self, square: int, focus: bool = True, announce: bool = False) -> None:
        """Put the cursor on ``square`` (1-32); with ``focus`` the square gets the keyboard focus;
        with ``announce`` :attr:`cursor_moved` is emitted (the window then says the square)."""
        if not 1 <= square <= 32:
            raise ValueError(f"{square!r} is not a square from 1 to 32")
        self.cursor = square
        if focus:
            self.squares[square].setFocus(Qt.FocusReason.OtherFocusReason)
        if announce:
            self.cursor_moved.emit(square)

    def focus_cursor(self) -> None:
        self.squares[self.cursor].setFocus(Qt.FocusReason.OtherFocusReason)

    def square_focused(self, square: int, reason: Qt.FocusReason) -> None:
        """Called by a square when it gets the focus: it becomes the cursor. Coming in by Tab it is
        also announced (keys announce their own moves; the program's focus changes stay quiet so
        they do not cut off what is being said)."""
        self.cursor = square
        if reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self.cursor_moved.emit(square)

    def handle_key(self, event: QKeyEvent) -> bool:
        """Board keys; returns False for a key the board does not use (it goes to the window)."""
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if key in _ARROWS and mods == Qt.KeyboardModifier.NoModifier:
            self.typed = ""
            direction = _ARROWS[key]
            target = neighbour(self.cursor, direction, self.flipped)
            if target is None:
                self.edge.emit(direction)
            else:
                self.set_cursor(target, announce=True)
            return True
        if key in _DIGITS:
            self.typed = (self.typed + _DIGITS[key])[-2:]
            return True
        if key == Qt.Key.Key_Backspace:
            self.typed = self.typed[:-1]
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.typed and key != Qt.Key.Key_Space:
                typed, self.typed = self.typed, ""
                number = int(typed)
                if 1 <= number <= 32:
                    self.set_cursor(number, announce=True)
                else:
                    self.bad_square.emit(typed)
                return True
            self.typed = ""
            self.activated.emit(self.cursor)
            return True
        if key == Qt.Key.Key_Escape:
            self.typed = ""
            self.escape_pressed.emit()
            return True
        return False

    def _clicked(self, square: int) -> None:
        self.set_cursor(square)
        self.activated.emit(square)

    # --- focus: Tab into the board lands on the cursor --------------------------------------
    def focusInEvent(self, event: QFocusEvent) -> None:
        self.squares[self.cursor].setFocus(event.reason())

    def leave(self, forward: bool) -> bool:
        """Tab (``forward``) or Shift+Tab from a square: focus the next or previous widget outside
        the board that takes Tab focus. Returns False when there is none."""
        widget = self.nextInFocusChain() if forward else self.previousInFocusChain()
        while widget is not None and widget is not self:
            inside = widget is self or self.isAncestorOf(widget)
            if (not inside and widget.isVisible() and widget.isEnabled()
                    and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
                widget.setFocus(Qt.FocusReason.TabFocusReason if forward
                                else Qt.FocusReason.BacktabFocusReason)
                return True
            widget = widget.nextInFocusChain() if forward else widget.previousInFocusChain()
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    # --- geometry ---------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(8 * 72, 8 * 72)

    def minimumSizeHint(self) -> QSize:
        return QSize(8 * 32, 8 * 32)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def _board_rect(self) -> QRect:
        side = min(self.width(), self.height())
        side -= side % 8
        return QRect((self.width() - side) // 2, (self.height() - side) // 2, side, side)

    def _layout_squares(self) -> None:
        rect = self._board_rect()
        cell = rect.width() // 8
        for sq, widget in self.squares.items():
            row, col = square_cell(sq, self.flipped)
            widget.setGeometry(rect.x() + col * cell, rect.y() + row * cell, cell, cell)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._layout_squares()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self._board_rect()
        cell = rect.width() // 8
        for row in range(8):
            for col in range(8):
                if (row + col) % 2 == 0:  # the light squares; the dark ones are the children
                    paint_square(painter, QRectF(rect.x() + col * cell, rect.y() + row * cell,
                                                 cell, cell), self.theme, False, SquareMarks())
        painter.end()
