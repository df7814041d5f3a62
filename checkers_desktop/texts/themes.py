"""Which drawn piece is which side: the legend beside the board and the theme's spoken name.

The themes (``ui/themes.py``) draw the first mover's pieces as solid discs and the other side's as
rings, each in the theme's colours; these sentences say so with the sides' names, so that nobody
hears "black" over a piece drawn in another colour without being told.
"""

from __future__ import annotations

from typing import Optional, Protocol

from ..rules import BLACK, WHITE, Color
from .words import SideNames, side_name

__all__ = ["DrawnTheme", "legend_text", "theme_spoken_name"]


class DrawnTheme(Protocol):
    """What these sentences read of a theme (``ui.themes.Theme``): its name and the colours of the
    first mover's discs and of the other side's rings, in words."""

    @property
    def name(self) -> str: ...
    @property
    def first_colour(self) -> str: ...
    @property
    def second_colour(self) -> str: ...


def _who(color: Color, you: Optional[Color]) -> str:
    if you is None:
        return ""
    return ", you" if color is you else ", the computer"


def legend_text(theme: DrawnTheme, side_names: SideNames = None, you: Optional[Color] = None) -> str:
    """The legend: "Black, you: yellow solid discs. Red, the computer: white rings." (``you``:
    the player's colour against the computer; None for two players: "Black: yellow solid discs.
    Red: white rings."). Kings add a crown. ``theme`` is a ``ui.themes.Theme`` already drawn for
    these sides (its ``for_sides``)."""
    first = f"{side_name(side_names, BLACK)}{_who(BLACK, you)}: {theme.first_colour} solid discs."
    second = f"{side_name(side_names, WHITE)}{_who(WHITE, you)}: {theme.second_colour} rings."
    return f"{first} {second} Kings have a crown."


def theme_spoken_name(theme: DrawnTheme, side_names: SideNames = None) -> str:
    """The theme's name as said when it is chosen, with which piece is which side: "Yellow on
    black: Black plays yellow discs, Red white rings" (no full stop: the setting's sentence
    adds it)."""
    return (f"{theme.name}: {side_name(side_names, BLACK)} plays {theme.first_colour} discs, "
            f"{side_name(side_names, WHITE)} {theme.second_colour} rings")
