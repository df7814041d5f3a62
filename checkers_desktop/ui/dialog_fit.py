"""Every dialog opens wide enough for its title bar to show its whole title, and with the
theme's frames on its fields and buttons.

Qt sizes a dialog to its contents; the window manager draws the title in the title bar and cuts
what does not fit ("Correct t... heckers" for the question "Correct match 1: the new result is",
at 1366x768, a short question over a long title). A low-vision organiser reads the title to know
which window opened. :func:`install` widens any dialog, as it is shown, to its title's width in
the application font (which View > Text size scales) plus room for the title bar's icon and
buttons, within the screen; Qt then centres it over its window as usual.

Qt's own dialogs (the Yes/No questions, the choices, the file dialogs) had no style of the app's:
a focused Yes or No button showed a 1-pixel border, where the app's forms frame the focused
control 3 pixels thick in the theme's focus colour (:func:`.display.style_dialog`). A dialog with
no style sheet of its own gets that one as it is shown.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QDialog

from .display import style_dialog

_installed: "weakref.WeakKeyDictionary[QApplication, _Shown]" = weakref.WeakKeyDictionary()
"""The dialog watcher installed on each application (one each)."""

__all__ = ["install", "title_width", "TITLE_BAR_EXTRA"]

TITLE_BAR_EXTRA = 160
"""Pixels of a title bar that are not the title: the window icon and three buttons (about 24
pixels each under Openbox, GNOME and Windows) and the bar's padding, with room to spare."""

SCREEN_MARGIN = 40
"""Pixels left free at the screen's sides: a dialog is never widened past them."""

_TITLE_SUFFIX = " \u2014 "  # Qt's separator before the application's display name


def title_width(dialog: QDialog) -> int:
    """The width (pixels) ``dialog`` needs for its whole title, as Qt shows it (followed by the
    application's display name) and the title bar's icon and buttons."""
    title = dialog.windowTitle()
    name = QApplication.applicationDisplayName()
    if name and not title.endswith(name):
        title = f"{title}{_TITLE_SUFFIX}{name}"
    return QFontMetrics(QApplication.font()).horizontalAdvance(title) + TITLE_BAR_EXTRA


class _Shown(QObject):
    """Styles (when it has no style of its own) and fits each dialog as it is shown."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(obj, QDialog) and obj.isWindow():
            if not obj.styleSheet():
                style_dialog(obj)
            fit(obj)
        return False


def fit(dialog: QDialog) -> None:
    """Widen ``dialog`` to :func:`title_width` (no wider than its screen allows); nothing when
    it is wide enough. Called before the dialog's own show event, in which Qt centres it over
    its parent with the new width; it is only resized, so that Qt still places it."""
    need = title_width(dialog)
    screen = dialog.screen()
    if screen is not None:
        need = min(need, screen.availableGeometry().width() - 2 * SCREEN_MARGIN)
    if need > dialog.width():
        dialog.resize(need, dialog.height())


def install(app: QApplication) -> None:
    """Style and fit every dialog of ``app`` shown from now on (once per application)."""
    if app not in _installed:
        _installed[app] = _Shown(app)
        app.installEventFilter(_installed[app])
