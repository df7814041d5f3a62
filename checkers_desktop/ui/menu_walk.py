"""Every menu under a list of menus: the one walk the menu helpers share."""

from __future__ import annotations

from typing import Iterable, Iterator

from PySide6.QtWidgets import QMenu

__all__ = ["every_menu"]


def every_menu(menus: Iterable[QMenu]) -> Iterator[QMenu]:
    """``menus`` and all their submenus, each once (a submenu shared by two menus, or a loop of
    submenus, is given once), parents before the submenus they hold."""
    seen: set[int] = set()
    stack = list(menus)
    while stack:
        menu = stack.pop()
        if id(menu) in seen:
            continue
        seen.add(id(menu))
        yield menu
        stack.extend(sub for sub in (a.menu() for a in menu.actions()) if isinstance(sub, QMenu))
