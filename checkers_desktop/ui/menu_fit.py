"""Every menu title stays on the menu bar, and every menu item whole, at every text size.

At View > Text size 300 % on a 1366x768 laptop the eleven menu titles need about 1,480 pixels, so
Qt put the last ones (Settings, Help) behind a "»" button at the bar's end, where a low-vision
player does not look for them (found in a screen-reader play-through at 300 %). :func:`install`
keeps the bar's text as large as the chosen size allows while every title fits the bar's width:
at 300 % on 1366 pixels the bar's text is about 275 % (the menus themselves stay at 300 %); where
all titles fit, the bar has exactly the chosen size. It refits when the window is resized and when
:func:`refit` is called after a text-size change.

Menu items: Qt's Fusion style (the one used on Linux without a desktop theme) measures a menu
item narrower than it then draws it once the text is large, and cuts the text in the middle: at
300 % "Place sound…n the board" in a menu with room to spare, "Tourname…erver..." (found in the
same play-through). :class:`MenuRoomStyle` gives every menu item one line-height more width, so
that the whole text is drawn; :func:`install_menu_room` puts it on the application.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QMenuBar, QProxyStyle, QStyle

__all__ = ["install", "refit", "fitted_points", "STEP_POINTS", "MenuRoomStyle",
           "install_menu_room"]

STEP_POINTS = 0.5
"""How much smaller each try is, points, while the titles do not fit."""
_FIT = "_checkers_menu_fit"


def fitted_points(bar: QMenuBar, wanted: QFont, width: int, floor: float) -> float:
    """The largest point size, at most ``wanted``'s, at which every title of ``bar`` fits
    ``width`` pixels (leaves the bar's font at that size). Never below ``floor`` points (the
    system's own size): a window too narrow even then shows "»" as Qt does."""
    points = wanted.pointSizeF() if wanted.pointSizeF() > 0 else floor
    font = QFont(wanted)
    while True:
        font.setPointSizeF(points)
        bar.setFont(font)
        if bar.sizeHint().width() <= width or points - STEP_POINTS < floor:
            return points
        points -= STEP_POINTS


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
            fitted_points(self.bar, QApplication.font("QMenuBar"), max(1, self.width), self.floor)
        finally:
            self.busy = False


def install(bar: QMenuBar, floor: float) -> None:
    """Keep ``bar``'s titles all visible (see the module's docstring), its text never smaller
    than ``floor`` points (the size at 100 %)."""
    fit = _BarFit(bar, floor)
    setattr(bar, _FIT, fit)
    bar.installEventFilter(fit)
    fit.fit()


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
