"""Every menu title stays on the menu bar at every text size, every menu fits the screen, and menu
items are measured wide enough to be drawn whole. At 300 % on a laptop screen Qt hid Settings and Help behind a "»"
button, and the Fusion style cut items in the middle ("Place sound…n the board"), found in a
screen-reader play-through at 1366x768."""

from __future__ import annotations

from PySide6.QtGui import QAction, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (QApplication, QMainWindow, QMenu, QStyleFactory, QToolButton,
                               QWidget)

from checkers_desktop.ui.display import points_of
from checkers_desktop.ui.menu_fit import (MenuRoomStyle, fit_menu, install, install_menu_room,
                                          menu_room)


def _overflow(bar) -> bool:
    """Whether Qt shows the "»" button that holds the titles not fitting the bar."""
    button = bar.findChild(QToolButton, "qt_menubar_ext_button")
    return button is not None and button.isVisible()


def _titles_inside(bar) -> bool:
    return all(bar.rect().contains(bar.actionGeometry(a)) for a in bar.actions()
               if a.isVisible())


def test_every_title_fits_the_bar_at_the_largest_text(make_window, qtbot):
    window = make_window()
    bar = window.menuBar()
    wanted = QApplication.font("QMenuBar").pointSizeF()
    try:
        window.display.set_text_size(300)
        qtbot.waitUntil(lambda: not _overflow(bar))
        assert _titles_inside(bar)
        assert bar.sizeHint().width() <= bar.width()
        # smaller than asked only as far as needed: a step larger would not fit
        points = bar.font().pointSizeF()
        assert points < QApplication.font("QMenuBar").pointSizeF()
        bigger = QFont(bar.font())
        bigger.setPointSizeF(points + 0.5)
        bar.setFont(bigger)
        assert bar.sizeHint().width() > bar.width()
    finally:
        window.display.set_text_size(100)
    qtbot.waitUntil(lambda: bar.font().pointSizeF() == wanted)
    assert not _overflow(bar)


def test_the_bar_keeps_the_chosen_size_where_the_titles_fit(make_window):
    window = make_window()
    bar = window.menuBar()
    assert window.display.text_size == 100
    assert bar.font().pointSizeF() == QApplication.font("QMenuBar").pointSizeF()
    assert not _overflow(bar)


def test_the_bar_refits_when_its_window_is_resized(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    for title in ("&Game", "&Moves", "&Speech", "&View", "&Read", "&Practice", "Vo&ice",
                  "&Event", "&Tournament", "Setti&ngs", "&Help"):
        window.menuBar().addMenu(title)
    window.setCentralWidget(QWidget())
    bar = window.menuBar()
    system = QFont(QApplication.font("QMenuBar"))
    large = QFont(system)
    large.setPointSizeF(points_of(system) * 3)  # the menu bar's text at 300 %
    QApplication.setFont(large, "QMenuBar")
    try:
        install(bar, points_of(system))
        window.resize(780, 200)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: bar.width() <= 780 and not _overflow(bar))
        fitted = bar.font().pointSizeF()
        assert points_of(system) <= fitted < large.pointSizeF()
        assert _titles_inside(bar)
        window.resize(650, 200)
        qtbot.waitUntil(lambda: bar.font().pointSizeF() < fitted)
        assert not _overflow(bar)
        assert _titles_inside(bar)
        window.resize(200, 200)  # too narrow even at the system's size: Qt's "»", as before
        qtbot.waitUntil(lambda: bar.font().pointSizeF() == points_of(system))
        qtbot.waitUntil(lambda: _overflow(bar))
    finally:
        QApplication.setFont(system, "QMenuBar")


def _menu(style, points: float) -> QMenu:
    menu = QMenu()
    menu.setStyle(style)
    font = QFont(menu.font())
    font.setPointSizeF(points)
    menu.setFont(font)
    speech = QAction("&Speech on", menu)
    speech.setCheckable(True)
    speech.setChecked(True)
    speech.setShortcut(QKeySequence("Ctrl+Shift+S"))
    placed = QAction("Place sounds on the &board", menu)
    placed.setCheckable(True)
    menu.addAction(speech)
    menu.addAction(placed)
    return menu


def test_menu_items_are_a_line_wider_than_the_plain_style_measures(qtbot):
    plain = QStyleFactory.create("Fusion")
    roomy = MenuRoomStyle("Fusion")
    for points in (9.0, 27.0):
        a, b = _menu(plain, points), _menu(roomy, points)
        for menu in (a, b):
            qtbot.addWidget(menu)
            menu.adjustSize()
        line = b.fontMetrics().height()
        assert b.sizeHint().width() == a.sizeHint().width() + line
        last = b.actions()[-1]
        assert b.actionGeometry(last).width() == a.actionGeometry(a.actions()[-1]).width() + line


def test_the_application_style_is_wrapped_and_keeps_its_look(qtbot):
    app = QApplication.instance()
    name = app.style().name()
    palette = QPalette(app.palette())
    try:
        style = install_menu_room(app)
        assert app.style() is style
        assert isinstance(app.style(), MenuRoomStyle)
        assert style.baseStyle().name() == name  # the same look: only menu items are measured wider
    finally:
        app.setStyle(QStyleFactory.create(name))
        app.setPalette(palette)


def test_a_menu_too_large_for_the_screen_is_fitted_to_it(qtbot):
    """At 300 % on 1280x720 the Game menu was wider than the screen and the Tournament menu
    taller than the room under the bar (moved up over the titles, or split in two columns)."""
    system = QFont(QApplication.font("QMenu"))
    large = QFont(system)
    large.setPointSizeF(points_of(system) * 3)
    QApplication.setFont(large, "QMenu")
    try:
        menu = QMenu()
        qtbot.addWidget(menu)
        for i in range(15):
            menu.addAction(f"Call the next matches to free tables, number {i}...")
        wanted = QFont(large)
        menu.setFont(wanted)
        full = menu.sizeHint()
        width, height = full.width() * 2 // 3, full.height() * 2 // 3
        points = fit_menu(menu, width, height, points_of(system))
        assert points_of(system) <= points < large.pointSizeF()
        assert menu.font().pointSizeF() == points
        hint = menu.sizeHint()
        assert hint.width() <= width and hint.height() <= height
        # where it fits, the chosen size exactly
        assert fit_menu(menu, full.width(), full.height(), points_of(system)) == \
            large.pointSizeF()
        # never below the system's size: then Qt's own placing, as before
        assert fit_menu(menu, 50, 50, points_of(system)) >= points_of(system) - 0.5
    finally:
        QApplication.setFont(system, "QMenu")


def test_the_menus_of_the_bar_are_fitted_before_they_open(make_window, qtbot):
    window = make_window()
    bar = window.menuBar()
    game = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == "Game")
    try:
        window.display.set_text_size(300)
        room = menu_room(bar, True)
        game.popup(bar.mapToGlobal(bar.actionGeometry(bar.actions()[0]).bottomLeft()))
        qtbot.waitUntil(game.isVisible)
        hint = game.sizeHint()
        assert hint.width() <= room.width() and hint.height() <= room.height()
        assert game.font().pointSizeF() < QApplication.font("QMenu").pointSizeF()
        game.hide()
    finally:
        window.display.set_text_size(100)
    game.popup(bar.mapToGlobal(bar.actionGeometry(bar.actions()[0]).bottomLeft()))
    qtbot.waitUntil(game.isVisible)
    assert game.font().pointSizeF() == QApplication.font("QMenu").pointSizeF()
    game.hide()
