"""Every menu title stays on the menu bar, every menu on the screen, and every menu item whole, at
every text size.

At View > Text size 300 % on a 1366x768 laptop the eleven menu titles need about 1,480 pixels, so
Qt would put the last ones (Settings, Help) behind a "»" button at the bar's end, where a
low-vision player does not look for them. :func:`install`
keeps the bar's text as large as the chosen size allows while every title fits the bar's width:
at 300 % on 1366 pixels the bar's text is about 275 % (the menus themselves stay at 300 %); where
all titles fit, the bar has exactly the chosen size. It refits when the window is resized and when
:func:`refit` is called after a text-size change.

Menus: at 300 % on 1280x720 the Game menu is wider than the screen (its submenu arrows off it),
and the Tournament and Read menus taller than the room under the bar: Qt would move them up over
the bar's titles, or split one into two columns with an item cut at the screen's edge. Each menu of the bar, and each of their submenus, is fitted the same way just
before it opens: its text as large as the chosen size allows while the whole menu fits the screen
(a menu of the bar, the room under the bar), never smaller than the 100 % size.

Menu items: Qt's Fusion style (the one used on Linux without a desktop theme) measures a menu
item narrower than it then draws it once the text is large, and cuts the text in the middle: at
300 % "Place sound…n the board" in a menu with room to spare, "Tourname…erver...".
:class:`MenuRoomStyle` gives every menu item one line-height more width, so
that the whole text is drawn; :func:`install_menu_room` puts it on the application.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QProxyStyle, QStyle

__all__ = ["install", "refit", "fitted_points", "fit_menu", "menu_room", "STEP_POINTS",
           "MenuRoomStyle", "install_menu_room"]

STEP_POINTS = 0.5
"""How much smaller each try is, points, while the titles do not fit."""
_FIT = "_checkers_menu_fit"


def _largest_fitting(widget, wanted: QFont, floor: float, fits) -> float:
    """Give ``widget`` the largest point size, at most ``wanted``'s and never below ``floor``,
    at which ``fits(size_hint)`` holds (trying :data:`STEP_POINTS` smaller each time); returns
    it. At ``floor`` it stops even when nothing fits."""
    points = wanted.pointSizeF() if wanted.pointSizeF() > 0 else floor
    font = QFont(wanted)
    while True:
        font.setPointSizeF(points)
        widget.setFont(font)
        if fits(widget.sizeHint()) or points - STEP_POINTS < floor:
            return points
        points -= STEP_POINTS


def fitted_points(bar: QMenuBar, wanted: QFont, width: int, floor: float) -> float:
    """The largest point size, at most ``wanted``'s, at which every title of ``bar`` fits
    ``width`` pixels (leaves the bar's font at that size). Never below ``floor`` points (the
    system's own size): a window too narrow even then shows "»" as Qt does."""
    return _largest_fitting(bar, wanted, floor, lambda hint: hint.width() <= width)


class _BarFit(QObject):
    def __init__(self, bar: QMenuBar, floor: float) -> None:
        super().__init__(bar)
        self.bar = bar
        self.floor = floor
        self.busy = False
        self.width = -1

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and not self.busy and \
                self.bar.width() != self.width:
            self.fit()
        return False

    def fit(self) -> None:
        self.busy = True
        try:
            self.width = self.bar.width()
            # PySide6's stubs lack QApplication.font's class-name overload
            font = QApplication.font("QMenuBar")  # type: ignore[call-overload]
            fitted_points(self.bar, font, max(1, self.width), self.floor)
        finally:
            self.busy = False


def fit_menu(menu: QMenu, width: int, height: int, floor: float) -> float:
    """Give ``menu`` the largest point size, at most the application's menu font's, at which the
    whole menu fits ``width`` x ``height`` pixels, never below ``floor`` points; returns it."""
    # PySide6's stubs lack QApplication.font's class-name overload
    font = QApplication.font("QMenu")  # type: ignore[call-overload]
    return _largest_fitting(menu, font, floor,
                            lambda hint: hint.width() <= width and hint.height() <= height)


def menu_room(bar: QMenuBar, top_level: bool) -> QRect:
    """The room a menu has on the screen of ``bar``'s window (its available area): for a menu
    of the bar, the part under the bar (a menu taller than that is moved up over the titles)."""
    screen = bar.window().screen() or QGuiApplication.primaryScreen()
    room = QRect(screen.availableGeometry())
    if top_level and bar.isVisible():
        below = bar.mapToGlobal(QPoint(0, bar.height())).y()
        if room.top() < below < room.bottom():
            room.setTop(below)
    return room


def _hook_menu(bar: QMenuBar, menu: QMenu, floor: float, top_level: bool) -> None:
    if getattr(menu, _FIT, None):
        return
    setattr(menu, _FIT, True)

    def before_showing() -> None:
        for action in menu.actions():  # submenus added since
            sub = action.menu()
            if isinstance(sub, QMenu):
                _hook_menu(bar, sub, floor, False)
        room = menu_room(bar, top_level)
        fit_menu(menu, room.width(), room.height(), floor)

    menu.aboutToShow.connect(before_showing)
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            _hook_menu(bar, sub, floor, False)


def install(bar: QMenuBar, floor: float) -> None:
    """Keep ``bar``'s titles all visible and its menus on the screen (see the module's
    docstring), their text never smaller than ``floor`` points (the size at 100 %)."""
    fit = _BarFit(bar, floor)
    setattr(bar, _FIT, fit)
    bar.installEventFilter(fit)
    fit.fit()
    for action in bar.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            _hook_menu(bar, sub, floor, True)


def refit(bar: QMenuBar) -> None:
    """Fit again from the application's menu-bar font (call after a text-size change)."""
    fit = getattr(bar, _FIT, None)
    if fit is not None:
        fit.fit()


class MenuRoomStyle(QProxyStyle):
    """The application's style, with each menu item one line-height (of its font) wider."""

    def sizeFromContents(self, kind, option, size, widget=None):  # noqa: N802 - Qt's name
        result = super().sizeFromContents(kind, option, size, widget)
        if kind == QStyle.ContentsType.CT_MenuItem and option is not None:
            result.setWidth(result.width() + option.fontMetrics.height())
        return result


def install_menu_room(app: QApplication) -> MenuRoomStyle:
    """Wrap ``app``'s style in :class:`MenuRoomStyle` (call before any window is made: a new
    style gives the application its standard palette, and the window sets the theme's)."""
    style = MenuRoomStyle(app.style().name())
    app.setStyle(style)
    return style
