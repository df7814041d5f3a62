"""The tournament in the window: the Tournament menu (the organiser's side and a table laptop's),
Settings > Tournament server, the bracket window, "Play this match here".

``install_tournament_menu(ctx)`` adds the menus to the main window. The pieces: :mod:`.menu` (the
menu and every organiser action), :mod:`.bracket_window` (one division: :mod:`.bracket_tree` for
screen readers, :mod:`.bracket_view` drawn with :mod:`.bracket_paint`), :mod:`.play_here` (a
tournament match in the Event menu, its result back to the bracket), :mod:`.live` (the background
thread following the tournament; it never touches a widget), :mod:`.server_dialog`,
:mod:`.dialogs` (the forms, asked through the window's interaction object), :mod:`.printing` (the PDFs).
The logic is in ``checkers_desktop.tournament`` and ``checkers_desktop.session``; these are
adapters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..context import AppContext

if TYPE_CHECKING:
    from .menu import TournamentMenu

__all__ = ["install_tournament_menu"]


def install_tournament_menu(ctx: AppContext) -> TournamentMenu:
    """Add the Tournament and Settings menus to the window of ``ctx`` (an ``AppContext``) and
    return the ``TournamentMenu``."""
    from .menu import TournamentMenu

    return TournamentMenu.install(ctx)
