"""A submenu of choices opens on the choice in force (Text size on 150 %, Verbosity on Normal),
not on its first item: a player who opens it hears the current choice first, and arrows from
there.

A menu opened from the keyboard highlights its first item that can be highlighted right after
it is shown, and a screen reader is told of that item. So, while the menu is shown, the items
above the checked one are disabled for one turn of the event loop (where the style does not let
a disabled item be highlighted, the checked one is then the first Qt highlights, and the only
one a screen reader hears); then they are enabled again and the checked one highlighted,
whatever the style did."""

from __future__ import annotations

from typing import Iterable, Optional

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from .menu_walk import every_menu

__all__ = ["open_on_current", "install_open_on_current"]


def _checked_choice(menu: QMenu) -> Optional[QAction]:
    """The checked item of a menu of exclusive choices (radio items), else None."""
    for action in menu.actions():
        group = action.actionGroup()
        if action.isCheckable() and action.isChecked() and group is not None \
                and group.isExclusive():
            return action
    return None


def open_on_current(menu: QMenu) -> None:
    """Make ``menu`` open on its checked choice each time it is shown."""

    def shown() -> None:
        chosen = _checked_choice(menu)
        if chosen is None:
            return
        above = []
        for action in menu.actions():
            if action is chosen:
                break
            if action.isEnabled() and not action.isSeparator():
                action.setEnabled(False)
                above.append(action)

        def highlight() -> None:
            for action in above:
                action.setEnabled(True)
            if menu.isVisible() and menu.activeAction() is not chosen:
                menu.setActiveAction(chosen)

        QTimer.singleShot(0, highlight)

    menu.aboutToShow.connect(shown)


def install_open_on_current(menus: Iterable[QMenu], skip: Iterable[QMenu] = ()) -> int:
    """:func:`open_on_current` for every submenu of radio items among ``menus`` and their
    submenus, except those in ``skip`` (which do it themselves). Returns how many."""
    skipped = {id(m) for m in skip}
    count = 0
    for menu in every_menu(menus):
        radios = [a for a in menu.actions() if a.isCheckable() and a.actionGroup() is not None
                  and a.actionGroup().isExclusive()]
        if radios and id(menu) not in skipped:
            open_on_current(menu)
            count += 1
    return count
