"""Every menu item has a name and a keyboard path; the squares carry their names for a screen
reader; the accessible focus follows the cursor; Tab goes board -> move box -> status."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from checkers_desktop.texts.game import square_name
from checkers_desktop.rules.geometry import SQUARES


def walk(menu: QMenu, path=()):
    for action in menu.actions():
        if action.isSeparator():
            continue
        yield path, action
        if action.menu() is not None:
            yield from walk(action.menu(), path + (action.text(),))


def access_key(text: str) -> str:
    i = text.find("&")
    return text[i + 1].lower() if i >= 0 and i + 1 < len(text) else ""


OWN_MENUS = ("&Read", "&Speech", "&Event")  # the Read and Speech menus and the Event menu (two items
# once shared S); tests/ui/test_ui_practice_levels.py checks Game, Practice and Event with submenus


def test_every_menu_and_item_has_a_name_and_an_access_key(make_window):
    window = make_window()
    top = [a for a in window.menuBar().actions() if not a.isSeparator()]
    keys = [access_key(a.text()) for a in top]
    assert all(keys), [a.text() for a in top]
    assert len(set(keys)) == len(keys), [a.text() for a in top]
    assert all(name in [a.text() for a in top] for name in OWN_MENUS)
    for menu_action in top:
        items = list(walk(menu_action.menu()))
        assert items, menu_action.text()
        by_menu: dict = {}
        for path, action in items:
            assert action.text().replace("&", "").strip(), (menu_action.text(), path)
            by_menu.setdefault(path, []).append(action)
        if menu_action.text() not in OWN_MENUS:
            continue
        for path, actions in by_menu.items():
            letters = [access_key(a.text()) for a in actions if access_key(a.text())]
            assert len(letters) == len(set(letters)), (menu_action.text(), path,
                                                       [a.text() for a in actions])


def test_squares_are_named_for_a_screen_reader_and_focus_follows_the_cursor(make_window, qtbot):
    window = make_window()
    board = window.session.board
    for sq in SQUARES:
        widget = window.board.squares[sq]
        assert widget.accessibleName() == square_name(board, sq, window.session.side_names)
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == 11)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)  # Black's side at the bottom
    assert window.board.focused_square() == window.board.cursor
    assert window.board.cursor == 15
    assert window.synth.spoken[-1].startswith("15, empty")


def test_tab_goes_from_the_board_to_the_move_box_and_the_status(make_window, qtbot):
    window = make_window()
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == 11)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.move_box
    assert window.move_box.accessibleName() == "Move"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.status
    # the name follows the text, so Tab reads the whole status line
    assert window.status.accessibleName() == "Status: " + window.status.text()
    # and Shift+Tab goes back the same way
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is window.move_box
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert window.board.isAncestorOf(QApplication.focusWidget())


def _status_edge(window) -> set:
    """The colours of the status line's left edge, 1 px in (where its border is drawn)."""
    image = window.status.grab().toImage()
    return {image.pixelColor(1, y).name() for y in range(2, image.height() - 2)}


def test_the_status_line_shows_it_has_the_keyboard(make_window, qtbot):
    """Tab reaches the status line to read it again: a low-vision player must see that it has
    the keyboard, as the board, the move field and the lists show theirs (the theme's focus
    colour around it, or its casing where that colour would not show on the window), and the
    mark goes with the focus. Its text size is kept."""
    window = make_window()
    focus = window.board.theme.widget_focus.lower()
    points = window.status.font().pointSizeF()
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() is not None)
    assert focus not in _status_edge(window)
    window.status.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: window.status.hasFocus())
    assert _status_edge(window) == {focus}
    assert window.status.font().pointSizeF() == points
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: not window.status.hasFocus())
    assert focus not in _status_edge(window)
    # the tournament theme's yellow focus hardly shows on its buff window: its casing instead
    window.display.set_theme("wcdf")
    window.status.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: window.status.hasFocus())
    assert _status_edge(window) == {window.board.theme.casing.lower()}
