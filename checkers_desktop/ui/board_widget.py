"""The board: 32 square widgets in the standard diagram, and the keys that move over them.

Squares 1-4 are the top row, 29-32 the bottom row (the standard diagram, WCDF rules 1.4, seen from
the second mover's chair: 1 is b8, 4 is h8, 29 is a1). Up and Down change the square number by four,
Left and Right move along the row; Home, Page Up, End and Page Down move diagonally (up-left,
up-right, down-left, down-right, where the number pad has 7, 9, 1 and 3); Enter or Space activates
the square under the cursor; digits then Enter move the cursor to a square by number.

Display (low vision; the settings are applied by ``ui/display.py``): at 100 % zoom the
board fills the widget and keeps its squares square; at 125-400 % it is magnified and the view pans
so that the cursor's square stays in the middle (clamped at the board's edges), as a screen
magnifier that follows the focus does. :meth:`BoardWidget.where_am_i` flashes and enlarges the
cursor's square over its neighbours for a moment. All geometry is in device-independent pixels, so
the OS's display scaling and high-DPI screens enlarge everything alike.
"""

from __future__ import annotations

from typing import Callable, Optional

from dataclasses import replace

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import (QBrush, QColor, QFocusEvent, QKeyEvent, QPainter, QPainterPath,
                           QPaintEvent, QPen, QResizeEvent, QWheelEvent)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from ..rules import Color, Piece
from ..rules.geometry import (SIZE, SQUARES, check_square, is_square, row_squares, square_at,
                              square_cell)
from .painting import focus_outline_width
from .board_table import BoardTable
from .square_widget import DEFAULT_THEME_KEY, SquareMarks, SquareWidget, get_theme, paint_square
from .themes import Theme

MIN_ZOOM_PERCENT = 100
"""The whole board fills the widget."""
MAX_ZOOM_PERCENT = 400
"""Four times the size that fits."""
FLASH_MS = 1500
"""How long "where am I" shows the enlarged square, in milliseconds."""
FLASH_SCALE = 1.8
"""How much "where am I" enlarges the square (its side times this), at the peak."""
FLASH_BLINK_MS = 300
"""Half-period of the blinking ring round the enlarged square, in milliseconds: under two flashes a
second, well below the three-flashes limit of WCAG 2.3.1."""


DIAGONAL_STEPS = {"up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1),
                  "down-right": (1, 1)}
"""The diagonal directions on the screen as (rows, columns) steps."""


def neighbour(square: int, direction: str, flipped: bool = False) -> Optional[int]:
    """The square next to ``square`` (1-32) on screen in ``direction`` ("up", "down", "left",
    "right", or a diagonal: "up-left", "up-right", "down-left", "down-right"), or None at the edge.
    Up and Down keep the place in the row (the number changes by four); a diagonal goes to the
    touching square, the way a man steps. Raises ``ValueError`` quoting an unknown direction."""
    row, col = square_cell(square, flipped)
    if direction in DIAGONAL_STEPS:
        d_row, d_col = DIAGONAL_STEPS[direction]
        return square_at(row + d_row, col + d_col, flipped)
    if direction in ("left", "right"):
        step = -1 if direction == "left" else 1
        c = col + step
        while 0 <= c < SIZE:
            found = square_at(row, c, flipped)
            if found is not None:
                return found
            c += step
        return None
    if direction not in ("up", "down"):
        raise ValueError(f"{direction!r} is not a direction")
    new_row = row + (-1 if direction == "up" else 1)
    if not 0 <= new_row < SIZE:
        return None
    return row_squares(new_row, flipped)[row_squares(row, flipped).index(square)]


_ARROWS: dict[int, str] = {Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down", Qt.Key.Key_Left: "left",
           Qt.Key.Key_Right: "right",
           # the diagonals on the keys where the number pad has them (7 9 1 3 without Num Lock)
           Qt.Key.Key_Home: "up-left", Qt.Key.Key_PageUp: "up-right",
           Qt.Key.Key_End: "down-left", Qt.Key.Key_PageDown: "down-right"}


def edge_of(square: int, direction: str, flipped: bool = False) -> str:
    """Which edge stops the cursor on ``square`` going ``direction``: "up", "down", "left" or
    "right" (a diagonal at a corner row says the top or bottom edge)."""
    if direction not in DIAGONAL_STEPS:
        return direction
    row, col = square_cell(square, flipped)
    d_row, d_col = DIAGONAL_STEPS[direction]
    if not 0 <= row + d_row < SIZE:
        return "up" if d_row < 0 else "down"
    return "left" if d_col < 0 else "right"
_DIGITS = {getattr(Qt.Key, f"Key_{d}"): str(d) for d in range(10)}


class BoardWidget(QWidget):
    """The board. Its 32 children are :class:`SquareWidget`; the focused one is the cursor.

    Signals: ``activated(square)`` (Enter, Space or a click), ``escape_pressed()``,
    ``cursor_moved(square)`` (the cursor moved by a key, or came in by Tab: say the square), ``edge(direction)``
    (an arrow at the edge of the board), ``bad_square(text)`` (a typed number that is no square),
    ``flash_finished(square)`` ("where am I" has ended), ``zoom_step_requested(direction)``
    (Ctrl + mouse wheel: +1 zoom in, -1 zoom out), ``cursor_changed(square)`` (the cursor is on
    another square, however it got there: the board as text follows it), ``move_toward(direction)``
    (Shift with a diagonal key: move the piece under the cursor that way, "up-left" ...),
    ``move_typed(text)`` (a square's digits then "-" or "x" typed on the board: the start of a
    move, "11-", for the move box), ``digits_typed(text)`` (the digits typed so far, after each
    digit or Backspace: "1", then "10"; "" when Backspace took the last one),
    ``typing_changed(on)`` (a move is now typed on the board into :attr:`entry`, or no longer),
    ``typing_left()`` (Escape ended the typing: say where the cursor is).
    """

    activated = Signal(int)
    escape_pressed = Signal()
    cursor_moved = Signal(int)
    edge = Signal(str)
    bad_square = Signal(str)
    flash_finished = Signal(int)
    zoom_step_requested = Signal(int)
    # the cursor's square (1-32); it hides QWidget.cursor(), which the board never uses
    cursor: int  # type: ignore[assignment]
    cursor_changed = Signal(int)
    move_toward = Signal(str)
    move_typed = Signal(str)
    digits_typed = Signal(str)
    theme_changed = Signal()
    flipped_changed = Signal(bool)
    typing_changed = Signal(bool)
    typing_left = Signal()

    def __init__(self, parent: QWidget | None = None, theme_key: str = DEFAULT_THEME_KEY) -> None:
        super().__init__(parent)
        self.base_theme = get_theme(theme_key)
        self.side_names: Optional[dict[Color, str]] = None
        self.theme = self.base_theme
        self.flipped = False
        self.show_numbers = True
        self._reviewed_position = None
        self.large_numbers = False
        self.zoom_percent = MIN_ZOOM_PERCENT
        self.cursor = 11
        self.typed = ""
        self.entry: Optional[QWidget] = None
        """The move box while a move is typed on the board (:meth:`type_into`), else None."""
        self.activating: Optional[int] = None
        """The square activated on the board itself (Enter, Space, a click) while the game acts
        on it, else None: a piece picked up some other way (by voice) is not the cursor's to
        follow to a destination."""
        self.intercept: Optional[Callable[[str, int], bool]] = None
        """Called with ("activate" or "escape", the cursor's square) before Enter/Space or Escape
        act; True means it was handled (the spoken lesson takes Enter while it only talks)."""
        self.setObjectName("board")
        # The table below is the board for screen readers ("Board", its cells the squares) and
        # holds the focus; this widget only lays it out and paints, unnamed and never focused
        # itself (a focus proxy made it a second focused "Board"). The keys are in the welcome
        # and in F1, not in a description said each time the focus comes back to the board.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.squares: dict[int, SquareWidget] = {}
        for sq in SQUARES:
            self.squares[sq] = SquareWidget(sq, self)
        self.table = BoardTable(self)  # over the squares: the focus, the keys, the table
        self.flash = FlashOverlay(self)
        self._layout_squares()
        self.table.show_cursor(self.cursor)

    # --- state from the game ----------------------------------------------------------------
    def show_position(self, piece_at: Callable[[int], Optional[Piece]],
                      marks_at: Callable[[int], SquareMarks], name_at: Callable[[int], str],
                      description_at: Callable[[int], str]) -> None:
        """Update every square (piece, marks, accessible name and description)."""
        for sq, widget in self.squares.items():
            widget.set_state(piece_at(sq), marks_at(sq), name_at(sq), description_at(sq))
        self.table.refresh()
        self.update()

    # --- the cursor -------------------------------------------------------------------------
    def set_cursor(self, square: int, focus: bool = True, announce: bool = False) -> None:
        """Put the cursor on ``square`` (1-32); with ``focus`` the square gets the keyboard focus;
        with ``announce`` :attr:`cursor_moved` is emitted (the window then says the square)."""
        changed = check_square(square) != self.cursor
        previous, self.cursor = self.cursor, square
        self._follow_cursor()
        self.table.show_cursor(square)
        self.squares[previous].update()
        self.squares[square].update()
        if changed:
            self.cursor_changed.emit(square)
        if focus:
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if announce:
            self.cursor_moved.emit(square)

    def focus_cursor(self) -> None:
        self.table.show_cursor(self.cursor)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def has_cursor_focus(self) -> bool:
        """True when the keyboard focus is on the board (its cursor's cell)."""
        return self.table.hasFocus()

    def focused_square(self) -> Optional[int]:
        """The cursor's square when the board holds its window's keyboard focus (the window's
        focus widget, whether or not the window is active now), else None."""
        return self.cursor if self.window().focusWidget() is self.table else None

    def square_focused(self, square: int, reason: Qt.FocusReason) -> None:
        """Called by a square when it gets the focus: it becomes the cursor. Coming in by Tab it is
        also announced (keys announce their own moves; the program's focus changes stay quiet so
        they do not cut off what is being said)."""
        changed = square != self.cursor
        previous, self.cursor = self.cursor, square
        self._follow_cursor()
        self.table.show_cursor(square)
        self.squares[previous].update()
        self.squares[square].update()
        if changed:
            self.cursor_changed.emit(square)
        if reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self.cursor_moved.emit(square)

    # --- a move typed on the board --------------------------------------------------------
    def type_into(self, entry: QWidget) -> None:
        """Type a move on the board: from now on the text keys (printable characters, Backspace,
        Delete) and Enter go to ``entry`` (the move box, which shows the text and plays the move
        on Enter), while the keyboard focus stays on the board's table. A screen reader so hears
        no focus leave the board and come back for each move typed (which it answered with
        the table's name, its size and the cursor's whole row, every move). Escape ends the
        typing (:attr:`typing_left`); any other key ends it and acts as a board key."""
        changed = self.entry is not entry
        self.entry = entry
        if changed:
            self.typing_changed.emit(True)

    def stop_typing(self) -> None:
        """The board's keys are its own again (see :meth:`type_into`)."""
        if self.entry is not None:
            self.entry = None
            self.typing_changed.emit(False)

    def _types_text(self, event: QKeyEvent) -> bool:
        """Whether ``event`` edits the move being typed: a printable character (alone or with
        Shift), Backspace or Delete."""
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            return True
        text = event.text()
        return bool(text) and text.isprintable()

    def _typing_key(self, event: QKeyEvent) -> bool:
        """A key while a move is typed on the board: True when it went to the move box (or
        Escape ended the typing); False when it ended the typing and is a board key."""
        entry = self.entry
        assert entry is not None
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.stop_typing()
            self.typing_left.emit()
            return True
        if self._types_text(event) or key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            QApplication.sendEvent(entry, QKeyEvent(event.type(), key, event.modifiers(),
                                                    event.text(), event.isAutoRepeat()))
            return True
        self.stop_typing()
        return False

    def handle_key(self, event: QKeyEvent) -> bool:
        """Board keys; returns False for a key the board does not use (it goes to the window)."""
        if self.entry is not None and self._typing_key(event):
            return True
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if key in _ARROWS and _ARROWS[key] in DIAGONAL_STEPS and \
                mods == Qt.KeyboardModifier.ShiftModifier:
            self.typed = ""
            self.move_toward.emit(_ARROWS[key])
            return True
        if key in _ARROWS and mods == Qt.KeyboardModifier.NoModifier:
            self.typed = ""
            direction = _ARROWS[key]
            target = neighbour(self.cursor, direction, self.flipped)
            if target is None:
                self.edge.emit(edge_of(self.cursor, direction, self.flipped))
            else:
                self.set_cursor(target, announce=True)
            return True
        if key in _DIGITS:
            # Said at once: a player who typed blind heard nothing until Enter, "-" or "x", and
            # could not tell a digit that was lost from one typed twice.
            self.typed = (self.typed + _DIGITS[key])[-2:]
            self.digits_typed.emit(self.typed)
            return True
        if self.takes_key(event):
            typed, self.typed = self.typed, ""
            self.move_typed.emit(typed + ("-" if key == Qt.Key.Key_Minus else "x"))
            return True
        if key == Qt.Key.Key_Backspace:
            if self.typed:
                self.typed = self.typed[:-1]
                self.digits_typed.emit(self.typed)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.typed and key != Qt.Key.Key_Space:
                typed, self.typed = self.typed, ""
                number = int(typed)
                if is_square(number):
                    self.set_cursor(number, announce=True)
                else:
                    self.bad_square.emit(typed)
                return True
            self.typed = ""
            if self.intercept is None or not self.intercept("activate", self.cursor):
                self._activate(self.cursor)
            return True
        if key == Qt.Key.Key_Escape:
            self.typed = ""
            if self.intercept is None or not self.intercept("escape", self.cursor):
                self.escape_pressed.emit()
            return True
        return False

    def takes_key(self, event: QKeyEvent) -> bool:
        """Whether ``event`` continues a move typed on the board: "-" or "x" right after a
        square's digits ("11-", "22x"). The board then hands the move to the move box: a player
        who typed moves there went on typing them on the board, where "10-15" and Enter only
        moved the cursor to 15 and nothing said why. Such an "x" is not the X key's command
        (the board as text), which the board's widgets let through then."""
        if self.entry is not None:
            return self._types_text(event)  # a letter is typed, not a reading key's command
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        return bool(self.typed) and event.key() in (Qt.Key.Key_Minus, Qt.Key.Key_X) and \
            mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)

    def square_clicked(self, square: int) -> None:
        """A mouse click on ``square``: the cursor goes there and the square is activated."""
        self.set_cursor(square)
        self._activate(square)

    def _activate(self, square: int) -> None:
        """Emit :attr:`activated` for ``square``, :attr:`activating` meanwhile."""
        self.activating = square
        try:
            self.activated.emit(square)
        finally:
            self.activating = None

    # --- focus: Tab into the board lands on the cursor --------------------------------------
    def focusInEvent(self, event: QFocusEvent) -> None:
        self.table.setFocus(event.reason())

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

    # --- display: theme, zoom, numbers, where am I ----------------------------------
    def set_theme(self, theme: Theme) -> None:
        """Paint the board in ``theme`` from now on (every square repaints at once), each side's
        pieces in the colour its name says where the theme has it (``Theme.for_sides``)."""
        self.base_theme = theme
        self.theme = theme.for_sides(self.side_names)
        self.theme_changed.emit()
        self.update()
        for widget in self.squares.values():
            widget.update()
        self.flash.update()

    def set_side_names(self, side_names) -> None:
        """The game's names of the sides (``{Color: name}``): the pieces are drawn to match."""
        if side_names != self.side_names:
            self.side_names = dict(side_names) if side_names else None
            self.set_theme(self.base_theme)

    def set_zoom(self, percent: int) -> int:
        """Magnify the board to ``percent`` (clamped to 100-400) of the size that fits; returns
        the zoom now in force. Above 100 % the view centres on the cursor's square."""
        self.zoom_percent = max(MIN_ZOOM_PERCENT, min(MAX_ZOOM_PERCENT, int(percent)))
        self._layout_squares()
        self.update()
        return self.zoom_percent

    def set_large_numbers(self, on: bool) -> None:
        """Write every playing square's number large in its middle (``on``), or small in its
        top-left corner."""
        self.large_numbers = bool(on)
        for widget in self.squares.values():
            widget.update()

    def cell_size(self) -> int:
        """Side of one square now, in device-independent pixels."""
        return self._board_rect().width() // SIZE

    def visible_squares(self) -> set[int]:
        """The playing squares wholly inside the widget (all 32 at 100 %)."""
        inside = self.rect()
        return {sq for sq, w in self.squares.items() if inside.contains(w.geometry())}

    def where_am_i(self, duration_ms: int = FLASH_MS) -> None:
        """Flash and enlarge the cursor's square over its neighbours for ``duration_ms``
        milliseconds; :attr:`flash_finished` (the square) is emitted when it is gone."""
        self._follow_cursor()
        self.flash.start(self.cursor, duration_ms)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Ctrl + mouse wheel asks for a zoom step (:attr:`zoom_step_requested`: +1 in, -1 out)."""
        delta = event.angleDelta().y()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier and delta:
            self.zoom_step_requested.emit(1 if delta > 0 else -1)
            event.accept()
            return
        super().wheelEvent(event)

    def _follow_cursor(self) -> None:
        if self.zoom_percent > MIN_ZOOM_PERCENT:
            self._layout_squares()
            self.update()

    # --- geometry ---------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(SIZE * 72, SIZE * 72)

    def minimumSizeHint(self) -> QSize:
        return QSize(SIZE * 32, SIZE * 32)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def _board_rect(self) -> QRect:
        """The whole board's rectangle in the widget: centred when it fits, else panned so that
        the cursor's square is in the middle, without showing anything beyond the board's edge."""
        fit = min(self.width(), self.height())
        side = fit * self.zoom_percent // 100
        side -= side % SIZE
        cell = side // SIZE
        row, col = square_cell(self.cursor, self.flipped)

        def origin(extent: int, index: int) -> int:
            if side <= extent:
                return (extent - side) // 2
            wanted = extent // 2 - (2 * index + 1) * cell // 2
            return max(extent - side, min(0, wanted))

        return QRect(origin(self.width(), col), origin(self.height(), row), side, side)

    def set_flipped(self, flipped: bool, *, keep_cells: bool = False) -> None:
        """Turn the board. ``False``: the standard diagram, seen from WHITE's chair (squares 1-4 and
        BLACK's men at the top). ``True``: seen from BLACK's chair (squares 29-32 at the top). The
        arrow keys follow what is on the screen. The board's table (its cells for screen
        readers) turns too, its rows and columns read from the new side, every cell then holding
        another square; with ``keep_cells`` (the board turned to the player to move, every move
        of a match) only the cells move on the screen, each keeping its square, its name and
        its row and column in the table, so that a screen reader is told of no cell renamed."""
        if self.flipped == flipped:
            return
        self.flipped = flipped
        if not keep_cells:
            self.table.board_model.flipped = flipped
        self._layout_squares()
        self.table.refresh()
        self.table.show_cursor(self.cursor)
        self.update()
        self.flipped_changed.emit(flipped)

    def _layout_squares(self) -> None:
        rect = self._board_rect()
        cell = rect.width() // SIZE
        for sq, widget in self.squares.items():
            row, col = square_cell(sq, self.flipped)
            widget.setGeometry(rect.x() + col * cell, rect.y() + row * cell, cell, cell)
        self.table.lay_out(rect.x(), rect.y(), cell)
        self.table.raise_()
        self.flash.setGeometry(self.rect())
        self.flash.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._layout_squares()

    @property
    def reviewed_position(self):
        """An earlier position of the game shown while the moves played are reviewed (set by the
        side panel; a :class:`~checkers_desktop.rules.Board`), None when the game's own is
        shown: the reading keys read this one, and the unused squares are striped."""
        return self._reviewed_position

    @reviewed_position.setter
    def reviewed_position(self, board) -> None:
        if (board is None) != (self._reviewed_position is None):
            self.update()  # the stripes come or go
        self._reviewed_position = board

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self._board_rect()
        cell = rect.width() // SIZE
        for row in range(SIZE):
            for col in range(SIZE):
                if square_at(row, col) is None:  # the light squares; the dark ones below
                    square = QRectF(rect.x() + col * cell, rect.y() + row * cell, cell, cell)
                    paint_square(painter, square, self.theme, False, SquareMarks())
                    if self._reviewed_position is not None:
                        self._paint_past_stripes(painter, square)
        for widget in self.squares.values():
            if event.rect().intersects(widget.geometry()):
                widget.paint(painter)
        painter.end()

    def _paint_past_stripes(self, painter: QPainter, square: QRectF) -> None:
        """Three broad diagonal stripes in the theme's focus colour on an unused square: seen at a
        glance, by a magnifier user looking only at the board, as "a past position, not the
        game" (the pieces stand on the playing squares, which stay plain). A theme with a casing
        colour edges each stripe with it, as it edges the focus: yellow on the tournament
        theme's buff squares was 1.29:1 alone (measured in the a11y-session kit)."""
        painter.save()
        painter.setClipRect(square)
        width = max(2.0, square.width() / 14)
        step = square.width() / 3
        layers = [(self.theme.casing, width * 2)] if self.theme.casing else []
        for colour, pen_width in layers + [(self.theme.focus, width)]:
            pen = QPen(QColor(colour))
            pen.setWidthF(pen_width)
            painter.setPen(pen)
            for i in range(-1, 4):
                x = square.left() + i * step
                painter.drawLine(QPointF(x, square.bottom()),
                                 QPointF(x + square.width(), square.top()))
        painter.restore()


class FlashOverlay(QWidget):
    """"Where am I": the cursor's square drawn enlarged (up to :data:`FLASH_SCALE` times) over
    its neighbours, with a blinking ring, for a moment. Hidden otherwise; takes no focus and lets
    mouse clicks through."""

    def __init__(self, board: BoardWidget) -> None:
        super().__init__(board)
        self.board = board
        self.square: Optional[int] = None
        self.scale = 1.0
        self.ring_on = True
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(1.0)
        self.animation.setKeyValueAt(0.15, FLASH_SCALE)
        self.animation.setKeyValueAt(0.85, FLASH_SCALE)
        self.animation.setEndValue(1.0)
        self.animation.valueChanged.connect(self._set_scale)
        self.animation.finished.connect(self._finish)
        self.blink = QTimer(self)
        self.blink.setInterval(FLASH_BLINK_MS)
        self.blink.timeout.connect(self._toggle_ring)

    @property
    def active(self) -> bool:
        return self.isVisible()

    def start(self, square: int, duration_ms: int) -> None:
        self.animation.stop()
        self.square = square
        self.scale = 1.0
        self.ring_on = True
        self.setGeometry(self.board.rect())
        self.raise_()
        self.show()
        self.animation.setDuration(max(1, int(duration_ms)))
        self.animation.start()
        self.blink.start()

    def enlarged_rect(self) -> QRectF:
        """Where the enlarged square is drawn now (widget pixels), kept inside the board widget."""
        if self.square is None:
            return QRectF()
        base = QRectF(self.board.squares[self.square].geometry())
        side = base.width() * self.scale
        ring = self.ring_width(side)
        rect = QRectF(0, 0, side, side)
        rect.moveCenter(base.center())
        bounds = QRectF(self.rect()).adjusted(ring, ring, -ring, -ring)
        dx = max(bounds.left() - rect.left(), 0) + min(bounds.right() - rect.right(), 0)
        dy = max(bounds.top() - rect.top(), 0) + min(bounds.bottom() - rect.bottom(), 0)
        return rect.translated(dx, dy)

    @staticmethod
    def ring_width(side: float) -> int:
        """Width of the blinking ring round the enlarged square: twice the focus band."""
        return 2 * focus_outline_width(side)

    def _set_scale(self, value) -> None:
        self.scale = float(value)
        self.update()

    def _toggle_ring(self) -> None:
        self.ring_on = not self.ring_on
        self.update()

    def _finish(self) -> None:
        self.blink.stop()
        self.hide()
        square, self.square = self.square, None
        if square is not None:
            self.board.flash_finished.emit(square)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.square is None:
            return
        widget = self.board.squares[self.square]
        theme = self.board.theme
        rect = self.enlarged_rect()
        ring = self.ring_width(rect.width())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        outer = rect.adjusted(-ring, -ring, ring, ring)
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        path.addRect(outer)
        path.addRect(rect)
        colour = theme.focus if self.ring_on else theme.text
        painter.fillPath(path, QBrush(QColor(colour)))
        marks = replace(widget.marks, focused=True)
        widget.paint_content(painter, rect, marks)
        painter.end()
