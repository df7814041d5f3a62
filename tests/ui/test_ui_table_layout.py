"""The board beside the side column: a long status line takes width from the board only down to
a floor (at 300 % text a refused move's message made the board drop from about 630 to 256
pixels on a 1280x720 screen, and grow back after the next move)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from checkers_desktop.ui.table_layout import BOARD_FLOOR, MIN_COLUMN_WIDTH, TableLayout


class _Board(QWidget):
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(160, 160)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(400, 400)


def _table(qtbot, text: str, points: float):
    window = QWidget()
    qtbot.addWidget(window)
    board = _Board(window)
    column = QWidget(window)
    status = QLabel(text, column)
    status.setWordWrap(True)
    font = status.font()
    font.setPointSizeF(points)
    status.setFont(font)
    box = QVBoxLayout(column)
    box.addWidget(status)
    box.addStretch(1)
    table = TableLayout(board, column, window)
    table.window = window  # kept alive with the layout
    return table


def test_a_short_status_line_leaves_the_board_the_whole_height(qtbot):
    table = _table(qtbot, "You, Black to move.", 30)
    beside, side, _ = table.arrange(1260, 640)
    assert beside and side == 640


def test_a_long_status_line_takes_width_from_the_board_only_down_to_the_floor(qtbot):
    long = " ".join(["'hello' is not a move: type the square numbers, such as 11-15."] * 12)
    table = _table(qtbot, long, 30)
    full = min(640, 1260 - table.spacing() - MIN_COLUMN_WIDTH)
    beside, side, rest = table.arrange(1260, 640)
    assert beside and side >= int(full * BOARD_FLOOR)
    assert side < full  # it did give some width: the text needed it
    # a message that fits with some width given keeps the board larger than the floor
    some = " ".join(["'hello' is not a move: type the square numbers, such as 11-15."] * 3)
    beside, side_some, _ = _table(qtbot, some, 30).arrange(1260, 640)
    assert side_some >= side


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_at_300_percent_text_a_long_message_keeps_the_board_and_its_own_last_line(make_window,
                                                                                  qtbot, size):
    """A long message on the status line at 300 % text: the board keeps its size, and the
    line's whole text is there to scroll to (the last line was cut off, and the board shrank
    from about 640 to 448 pixels)."""
    from PySide6.QtWidgets import QApplication

    window = make_window()
    window.resize(*size)
    window.display.set_text_size(300)
    QApplication.processEvents()
    qtbot.waitUntil(lambda: window.table.board_side > 0)
    before = window.table.board_side
    window.status_line.set_notice(
        "The move could not be played: " + "a long explanation of what went wrong, " * 12
        + "and the very last words.")
    QApplication.processEvents()
    assert window.table.board_side == before
    label = window.status
    assert label.height() >= label.heightForWidth(label.width())  # nothing cut inside
    area = window.status_area
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    QApplication.processEvents()
    bottom = label.mapTo(area.viewport(), label.rect().bottomLeft()).y()
    assert bottom <= area.viewport().height()  # the last line can be brought into view
