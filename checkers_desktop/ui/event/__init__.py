"""Event mode in the window: a best-of-three match at the National Veterans Golden Age Games, run
from the menus.

``install_event_menu(ctx)`` adds the Event menu (new match, the official's actions, the score
sheet) to the main window. The match itself is ``checkers_desktop.session.match.MatchSession``
(coin flip, games, clocks, penalties, records, announcements); the pieces here show and ask:
:mod:`.menu` (the menu, the players' draw actions), :mod:`.match_dialog` (the new-match form),
:mod:`.clock_panel` (the clocks in large type), :mod:`.penalty` (choosing the checker to remove),
:mod:`.official` (the official's actions with confirmations) and :mod:`.score_sheet` (PDF and
printing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..context import AppContext

if TYPE_CHECKING:
    from .menu import EventMenu

__all__ = ["install_event_menu"]


def install_event_menu(ctx: AppContext) -> EventMenu:
    """Add the Event menu to the window of ``ctx`` (an ``AppContext``) and return the
    ``EventMenu`` object."""
    from .menu import EventMenu

    return EventMenu.install(ctx)
