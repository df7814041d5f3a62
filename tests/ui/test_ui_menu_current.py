"""Menus of choices open on the choice in force: View > Text size on the size in use, Speech >
Verbosity on the verbosity in use; the first item highlighted (the one a screen reader is told
of) is that choice, not the menu's first item."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from checkers_desktop.ui.settings import VERBOSITY


def _submenu(window, title: str) -> tuple[QMenu, QMenu]:
    for top in window.menuBar().actions():
        parent = top.menu()
        if parent is None:
            continue
        for action in parent.actions():
            if action.menu() is not None and action.text().replace("&", "") == title:
                return parent, action.menu()
    raise AssertionError(f"no submenu {title!r}")


@pytest.mark.parametrize("title, choose", [
    ("Text size", lambda window: window.display.set_text_size(150)),
    ("Verbosity", lambda window: window.speech_controls.set_setting(VERBOSITY, "full")),
])
def test_a_menu_of_choices_opens_on_the_choice_in_force(make_window, qtbot, title, choose):
    from PySide6.QtTest import QTest

    window = make_window()
    choose(window)
    parent, menu = _submenu(window, title)
    chosen = next(a for a in menu.actions() if a.isCheckable() and a.isChecked())
    first = next(a for a in menu.actions() if not a.isSeparator())
    assert chosen is not first
    highlighted = []
    menu.hovered.connect(highlighted.append)
    parent.popup(window.mapToGlobal(window.rect().topLeft()))
    qtbot.waitUntil(parent.isVisible, timeout=2000)
    parent.setActiveAction(menu.menuAction())
    QTest.keyClick(parent, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: menu.isVisible() and menu.activeAction() is chosen, timeout=2000)
    qtbot.waitUntil(lambda: all(a.isEnabled() for a in menu.actions()), timeout=2000)
    assert highlighted[0] is chosen
    menu.hide()
    parent.hide()


def test_an_unticked_voice_menu_item_shows_its_box(make_window, qtbot):
    """Voice > Continuous listening, unticked, shows an empty box edged in the menu's text
    colour (on a black menu the style's own edge was black: nothing showed)."""
    from PySide6.QtGui import QColor, QPalette

    window = make_window()
    menu = next(a.menu() for a in window.menuBar().actions()
                if a.menu() is not None and a.text().replace("&", "") == "Voice")
    item = next(a for a in menu.actions() if a.text().replace("&", "") == "Continuous listening")
    assert item.isCheckable() and not item.isChecked()
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    image = menu.grab().toImage()
    rect = menu.actionGeometry(item)
    text = menu.palette().color(QPalette.ColorRole.Text)
    background = menu.palette().color(QPalette.ColorRole.Window)
    assert text != background

    def near(c: QColor) -> bool:
        return abs(c.red() - text.red()) + abs(c.green() - text.green()) + \
            abs(c.blue() - text.blue()) < 60

    box = [image.pixelColor(x, y) for x in range(rect.left(), rect.left() + 32)
           for y in range(rect.top(), rect.bottom())]
    assert sum(near(c) for c in box) >= 20  # the box's edge, in the text colour
    menu.hide()
