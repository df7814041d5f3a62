"""The View menu: themes by menu and by Ctrl+T, zoom, text size, large square numbers,
where am I; each applied at once, said, saved and restored when the window is made again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QMenu

from checkers_desktop.ui import display
from checkers_desktop.rules.geometry import SQUARES, square_cell
from checkers_desktop.ui.settings import (LARGE_NUMBERS, TEXT_SIZE_PERCENT, THEME_KEY,
                                          ZOOM_PERCENT, Settings)
from checkers_desktop.ui.themes import DEFAULT_THEME_KEY, THEMES


@pytest.fixture(autouse=True)
def restore_app_look():
    """Text size and theme change the application's font and palette: put them back."""
    app = QApplication.instance()
    font, palette = QApplication.font(), QPalette(app.palette()) if app else None
    yield
    QApplication.setFont(font)
    if app is not None:
        app.setPalette(palette)


def view_menu(window) -> QMenu:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == "View":
            return action.menu()
    raise AssertionError("no View menu")


def submenu(menu: QMenu, title: str) -> QMenu:
    for action in menu.actions():
        if action.menu() is not None and action.text().replace("&", "") == title:
            return action.menu()
    raise AssertionError(f"no {title} submenu")


def key(qtbot, window, k, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(QApplication.focusWidget() or window, k, mods)


CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_view_menu_lists_every_theme_as_radio_items(make_window):
    window = make_window()
    themes = submenu(view_menu(window), "Theme")
    items = [a for a in themes.actions() if not a.isSeparator()]
    assert [a.text() for a in items] == [t.name for t in THEMES.values()]
    assert all(a.isCheckable() for a in items)
    assert [a.isChecked() for a in items].count(True) == 1
    assert window.display.theme_actions[DEFAULT_THEME_KEY].isChecked()
    assert window.board.theme.key == DEFAULT_THEME_KEY


def test_choosing_a_theme_applies_says_and_saves_it(make_window, settings):
    window = make_window()
    window.synth.clear()
    window.display.theme_actions["black-on-white"].trigger()
    theme = THEMES["black-on-white"]
    assert window.board.base_theme is theme
    assert window.board.theme == theme.for_sides(window.session.side_names)
    assert window.centralWidget().palette().color(QPalette.ColorRole.Window) == QColor(
        theme.background)
    assert QApplication.palette().color(QPalette.ColorRole.WindowText) == QColor(theme.text)
    assert settings.get(THEME_KEY) == "black-on-white"
    # the spoken name says which drawn piece is which side
    assert window.synth.spoken[-1] == ("Theme: Black on white: Black plays black discs, Red light "
                                       "red rings.")
    assert window.display.theme_actions["black-on-white"].isChecked()
    assert not window.display.theme_actions[DEFAULT_THEME_KEY].isChecked()
    # the squares paint in the new theme at once: a grabbed empty square has its colour
    image = window.board.squares[15].grab().toImage()
    assert image.pixelColor(image.width() - 4, image.height() - 4) == QColor(theme.dark_square)


def test_ctrl_t_cycles_the_themes_in_menu_order_and_wraps(make_window, qtbot, settings):
    window = make_window()
    window.board.focus_cursor()
    keys = list(THEMES)
    start = keys.index(window.board.theme.key)
    seen = []
    for _ in keys:
        key(qtbot, window, Qt.Key.Key_T, CTRL)
        seen.append(window.board.theme.key)
    assert seen == [keys[(start + 1 + i) % len(keys)] for i in range(len(keys))]
    assert seen[-1] == keys[start]
    assert settings.get(THEME_KEY) == seen[-1]
    assert window.synth.spoken[-1].startswith(f"Theme: {THEMES[seen[-1]].name}: Black plays ")


def test_display_settings_are_restored_when_the_window_is_made_again(
        make_window, settings_path, qtbot):
    first = make_window()
    first.display.set_theme("wcdf")
    first.display.set_zoom(200)
    first.display.set_text_size(150)
    first.display.set_large_numbers(True)
    first.close()
    QApplication.setFont(display.base_font())
    again = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    second = make_window(settings=again)
    assert second.board.theme.key == "wcdf"
    assert second.display.theme_actions["wcdf"].isChecked()
    assert second.board.zoom_percent == 200
    assert second.board.large_numbers
    assert second.actions_by_id["large_numbers"].isChecked()
    assert second.display.text_size_actions[150].isChecked()
    base = display.base_font().pointSizeF()
    assert QApplication.font().pointSizeF() == pytest.approx(base * 1.5)


def test_bad_stored_values_fall_back_to_defaults_or_limits(make_window, settings):
    settings.set(THEME_KEY, "purple-haze")
    settings.qsettings.setValue(ZOOM_PERCENT.key, "lots")
    settings.set(TEXT_SIZE_PERCENT, 900)
    window = make_window()
    assert window.board.theme.key == DEFAULT_THEME_KEY
    assert window.board.zoom_percent == 100
    assert window.display.text_size == 300
    with pytest.raises(ValueError, match="purple-haze"):
        window.display.set_theme("purple-haze")
    assert window.board.theme.key == DEFAULT_THEME_KEY


def test_zoom_keys_step_from_100_to_400_and_back(make_window, qtbot, settings):
    window = make_window()
    window.board.focus_cursor()
    seen = []
    for _ in range(len(display.ZOOM_STEPS) + 1):
        key(qtbot, window, Qt.Key.Key_Plus, CTRL)
        seen.append(window.board.zoom_percent)
    assert seen == list(display.ZOOM_STEPS[1:]) + [400, 400]
    assert window.synth.spoken[-1] == "Zoom 400 percent, the largest."
    assert settings.get(ZOOM_PERCENT) == 400
    key(qtbot, window, Qt.Key.Key_Minus, CTRL)
    assert window.board.zoom_percent == 300
    key(qtbot, window, Qt.Key.Key_0, CTRL)
    assert window.board.zoom_percent == 100
    key(qtbot, window, Qt.Key.Key_Equal, CTRL)  # the second key for Zoom in
    assert window.board.zoom_percent == 125


def test_at_100_percent_the_whole_board_fills_the_widget(make_window):
    window = make_window()
    board = window.board
    assert board.visible_squares() == set(SQUARES)
    side = board.cell_size()
    assert 8 * side > min(board.width(), board.height()) - 8
    assert all(w.width() == w.height() == side for w in board.squares.values())


@pytest.mark.parametrize("percent", [200, 400])
def test_zoom_magnifies_and_the_view_follows_the_cursor(make_window, qtbot, percent):
    window = make_window()
    board = window.board
    fit = board.cell_size()
    window.display.set_zoom(percent)
    assert board.cell_size() == pytest.approx(fit * percent / 100, rel=0.03)
    assert len(board.visible_squares()) < 32
    for square in (1, 4, 15, 29, 32, 18):
        board.set_cursor(square)
        assert square in board.visible_squares(), f"square {square} out of view at {percent} %"
    # arrows too: walk up the board (Black's side is at the bottom) and the cursor never leaves
    # the view
    assert board.flipped
    board.set_cursor(1)
    for _ in range(7):
        key(qtbot, window, Qt.Key.Key_Up)
        assert board.cursor in board.visible_squares()
    assert board.cursor == 29
    # the cursor in the middle of the board sits in the middle of the view
    board.set_cursor(14)
    centre = board.squares[14].geometry().center()
    assert abs(centre.x() - board.width() / 2) <= board.cell_size() // 2 + 1


def test_text_size_scales_the_application_font_and_the_window_labels(make_window, qtbot,
                                                                      settings):
    window = make_window()
    base = display.base_font().pointSizeF()
    status_before = window.status.font().pointSizeF()
    window.board.focus_cursor()
    key(qtbot, window, Qt.Key.Key_Up, CTRL_SHIFT)
    assert window.display.text_size == 125
    assert QApplication.font().pointSizeF() == pytest.approx(base * 1.25)
    assert window.status.font().pointSizeF() == pytest.approx(status_before * 1.25)
    assert window.move_box.font().pointSizeF() == pytest.approx(status_before * 1.25)
    assert window.synth.spoken[-1] == "Text size 125 percent."
    assert settings.get(TEXT_SIZE_PERCENT) == 125
    window.display.text_size_actions[300].trigger()
    assert QApplication.font().pointSizeF() == pytest.approx(base * 3)
    menu = view_menu(window)  # menus are windows of their own: they follow via the event loop
    qtbot.waitUntil(lambda: menu.font().pointSizeF() == pytest.approx(base * 3), timeout=2000)
    key(qtbot, window, Qt.Key.Key_Up, CTRL_SHIFT)
    assert window.display.text_size == 300
    key(qtbot, window, Qt.Key.Key_Down, CTRL_SHIFT)
    assert window.display.text_size == 250
    assert window.display.text_size_actions[250].isChecked()
    window.display.text_size_actions[125].trigger()
    key(qtbot, window, Qt.Key.Key_Down, CTRL_SHIFT)
    key(qtbot, window, Qt.Key.Key_Down, CTRL_SHIFT)  # past the end: nothing changes, and it says so
    assert window.display.text_size == 100
    assert window.synth.spoken[-1] == "Text size 100 percent, the smallest."


def _number_box_height(widget, background: QColor) -> float:
    image = widget.grab().toImage()
    side = image.width()
    margin = side // 12
    rows = [y for y in range(margin, side - margin)
            if any(image.pixelColor(x, y) != background for x in range(margin, side - margin))]
    return (rows[-1] - rows[0] + 1) / side if rows else 0.0


def test_large_square_numbers_toggle(make_window, settings):
    window = make_window()
    dark = QColor(window.board.theme.dark_square)
    small = _number_box_height(window.board.squares[14], dark)
    action = window.actions_by_id["large_numbers"]
    assert action.isCheckable() and not action.isChecked()
    action.trigger()
    assert window.board.large_numbers and settings.get(LARGE_NUMBERS) is True
    assert window.synth.spoken[-1] == "Large square numbers on."
    large = _number_box_height(window.board.squares[14], dark)
    assert small > 0 and large > 1.4 * small
    action.trigger()
    assert not window.board.large_numbers
    assert window.synth.spoken[-1] == "Large square numbers off."


def test_where_am_i_flashes_enlarges_and_says_the_square(make_window, qtbot):
    window = make_window()
    board = window.board
    board.focus_cursor()
    assert board.cursor == 11
    window.synth.clear()
    with qtbot.waitSignal(board.flash_finished, timeout=5000) as blocker:
        key(qtbot, window, Qt.Key.Key_F6)
        row, col = square_cell(11, flipped=True)  # seen from Black's chair
        assert window.synth.spoken == [f"Square 11, black man, row {row + 1}, column {col + 1}."]
        assert window.synth.spoken == ["Square 11, black man, row 6, column 3."]
        assert board.flash.isVisible()
        square_rect = board.squares[11].geometry()
        qtbot.waitUntil(lambda: board.flash.scale > 1.5, timeout=2000)
        enlarged = board.flash.enlarged_rect()
        assert enlarged.width() > 1.5 * square_rect.width()
        assert enlarged.contains(square_rect.center().toPointF())
        assert board.rect().toRectF().contains(enlarged)
    assert blocker.args == [11]
    assert not board.flash.isVisible()
    assert board.focused_square() == 11  # the focus never moved


def test_where_am_i_text_tells_the_marks(make_window):
    window = make_window()
    window.board.set_cursor(11)
    window.session.activate(11)  # pick up the man on 11 (the cursor goes to a destination)
    window.board.set_cursor(11)
    text = display.where_am_i_text(window.board)
    assert text.startswith("Square 11, black man, row 6, column 3.")  # from Black's chair
    assert "Picked up." in text


def test_step_and_clamp_helpers():
    assert display.step((100, 150, 200), 100, True) == 150
    assert display.step((100, 150, 200), 200, True) == 200
    assert display.step((100, 150, 200), 130, False) == 100
    assert display.step((100, 150, 200), 100, False) == 100
    assert display.clamp_zoom(50) == 100 and display.clamp_zoom(1000) == 400
    assert display.clamp_zoom(None) == 100 and display.clamp_text("x") == 100
    assert display.clamp_text(301) == 300


def test_ctrl_wheel_on_the_board_zooms(make_window, qtbot):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    window = make_window()
    board = window.board

    def wheel(delta: int, mods) -> None:
        pos = QPointF(board.width() / 2, board.height() / 2)
        event = QWheelEvent(pos, board.mapToGlobal(pos), QPoint(0, 0), QPoint(0, delta),
                            Qt.MouseButton.NoButton, mods, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(board, event)

    wheel(120, CTRL)
    assert board.zoom_percent == 125
    wheel(120, Qt.KeyboardModifier.NoModifier)  # without Ctrl the wheel does not zoom
    assert board.zoom_percent == 125
    wheel(-120, CTRL)
    assert board.zoom_percent == 100
