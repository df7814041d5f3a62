"""Every menu title stays on the menu bar at every text size, and menu items are measured wide
enough to be drawn whole. At 300 % on a laptop screen Qt hid Settings and Help behind a "»"
button, and the Fusion style cut items in the middle ("Place sound…n the board"), found in a
screen-reader play-through at 1366x768."""

from __future__ import annotations

from PySide6.QtGui import QAction, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (QApplication, QMainWindow, QMenu, QStyleFactory, QToolButton,
                               QWidget)

from checkers_desktop.ui.display import points_of
from checkers_desktop.ui.menu_fit import MenuRoomStyle, install, install_menu_room


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
