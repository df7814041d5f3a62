"""Event mode: a best-of-three match at the National Veterans Golden Age Games, run from the menus.

``install_event_menu(ctx)`` adds the Event menu (new match, the official's actions, the score
sheet) to the main window. The pieces: :mod:`.model` (the match settings and the logged actions),
:mod:`.match_dialog` (the new-match form), :mod:`.event_controller` (the match: coin flip, games,
clocks, penalties, records, announcements), :mod:`.clock_panel` (the clocks in large type),
:mod:`.penalty` (choosing the checker to remove), :mod:`.official` (the official's actions with
confirmations), :mod:`.draws` (draw offers outside a match; in a match the menu and the event
controller run draw offers, WCDF's repetition and 40-move count), :mod:`.records` (PDN of each
game) and :mod:`.score_sheet` (PDF and printing).
"""

from __future__ import annotations

__all__ = ["install_event_menu"]


def install_event_menu(ctx):
    """Add the Event menu to the window of ``ctx`` (an ``AppContext``) and return the
    ``EventMenu`` object."""
    from .menu import EventMenu

    return EventMenu.install(ctx)
