"""Colour themes for the board, each declaring its colours once (hex strings '#rrggbb').

Themes for players who see a little. Every theme is checked by tests/ui/test_contrast.py
with the WCAG 2.2 contrast ratio (checkers_desktop.ui.contrast):

* text against its background, and square numbers against the playing square: at least 7:1
  (WCAG 1.4.6, AAA);
* each piece's rim (``first_piece_mark`` / ``second_piece_mark``, the colour that meets the square)
  against the dark square it stands on: at least 7:1. Where a side's traditional colour cannot
  reach 7:1 (red men on the green WCDF board) the fill keeps the tradition and the rim carries the
  contrast;
* the focus, selection, destination, last-move and required-jump marks against both the light and
  the dark squares, and the crown against everything it is drawn on (both pieces' fills and the
  dark square, seen through a ringed king's hole): at least 3:1 (WCAG 1.4.11, 2.4.13). A theme
  whose mark colour cannot reach 3:1 against both squares (buff and green are far apart) declares a
  ``casing``: every mark and crown is then drawn edged with that colour, at least 3 px wide for the
  focus outline, and the test accepts a background if the mark or its casing reaches 3:1 on it
  (and requires the mark and its casing to differ by 3:1).

Nothing is told by colour alone (painting.py): BLACK's pieces (the first mover) are solid discs,
WHITE's are rings with a hole; kings add a crown and a second ring; each mark has its own shape.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .contrast import NON_TEXT, contrast_ratio, parse_hex

__all__ = ["Theme", "THEMES", "DEFAULT_THEME_KEY", "UnknownThemeError", "get_theme",
           "COLOUR_FIELDS", "MARK_FIELDS"]


@dataclass(frozen=True)
class Theme:
    """A board theme: a key for settings, a spoken name, and its colours ('#rrggbb').

    ``light_square`` is the unused square, ``dark_square`` the playing square pieces stand on.
    ``first_piece`` / ``first_piece_mark``: fill and rim of BLACK's pieces (solid discs).
    ``second_piece`` / ``second_piece_mark``: fill and rim of WHITE's pieces (rings with a hole;
    the rim is drawn round the outside and round the hole). ``crown``: the king's crown and its
    second ring. ``casing``: optional edge colour drawn round marks and crowns (see module doc).
    """

    key: str
    name: str
    background: str
    text: str
    light_square: str
    dark_square: str
    first_piece: str
    first_piece_mark: str
    second_piece: str
    second_piece_mark: str
    crown: str
    focus: str
    selection: str
    destination: str
    last_move: str
    required_jump: str
    square_number: str
    casing: str | None = None
    description: str = ""
    first_colour: str = ""
    """The colour word of BLACK's (first mover's) pieces as drawn ("yellow"), for the legend."""
    second_colour: str = ""
    """The colour word of WHITE's pieces as drawn ("white"), for the legend."""
    by_name: tuple[tuple[str, str, str, str], ...] = ()
    """Pieces drawn after the side's name where the theme can: (name in lower case, fill, rim,
    colour word), e.g. ("red", "#CC0000", "#FFFFFF", "red"); see :meth:`for_sides`."""

    @property
    def widget_focus(self) -> str:
        """The colour of the focus border of the window's own widgets (the move field, the
        status line, the dialogs' fields and buttons), drawn on :attr:`background`: the
        :attr:`focus` colour where it reaches 3:1 there (WCAG 1.4.11, 2.4.13), else the
        :attr:`casing` (or :attr:`text`). The tournament theme's yellow focus is made for its
        green squares; on its buff background it is 1.16:1, too faint to find the status line's
        focus border by."""
        if contrast_ratio(self.focus, self.background) >= NON_TEXT:
            return self.focus
        return self.casing or self.text

    @property
    def field_frame(self) -> str:
        """The colour of a text field's or button's frame while it does *not* have the keyboard:
        the text colour, unless that is also :attr:`widget_focus` (white on black; black in the
        tournament theme), where focus would show by the frame's thickness alone. Then it is the
        grey halfway between the text and the background (nearer the text where halfway does not
        reach 3:1 on the background, WCAG 1.4.11), which differs in colour from the focused frame
        (WCAG 2.4.13: the focus indicator contrasts with the unfocused state as well as being
        thick)."""
        if self.widget_focus.lower() != self.text.lower():
            return self.text
        (r1, g1, b1), (r2, g2, b2) = parse_hex(self.text), parse_hex(self.background)
        for share in (0.5, 0.6, 0.7, 0.8):  # from halfway towards the text
            mid = "#{:02X}{:02X}{:02X}".format(round(r1 * share + r2 * (1 - share)),
                                               round(g1 * share + g2 * (1 - share)),
                                               round(b1 * share + b2 * (1 - share)))
            if contrast_ratio(mid, self.background) >= NON_TEXT:
                return mid
        return self.text

    def for_sides(self, side_names) -> "Theme":
        """This theme with each side's pieces drawn in the colour its name says when the theme
        has one (:attr:`by_name`), so that the side called Red is not drawn black nor the side
        called Black red; otherwise by seat (first mover solid, the other ringed).
        ``side_names``: ``{Color: name}`` (a rule profile's), or None for the PDN names."""
        from ..rules import BLACK, WHITE
        names = side_names or {}
        known = {entry[0]: entry[1:] for entry in self.by_name}
        changes: dict[str, Any] = {}  # field name -> colour or word
        for color, fill, rim, word in ((BLACK, "first_piece", "first_piece_mark", "first_colour"),
                                       (WHITE, "second_piece", "second_piece_mark",
                                        "second_colour")):
            entry = known.get(str(names.get(color, "")).lower())
            if entry is not None:
                changes.update({fill: entry[0], rim: entry[1], word: entry[2]})
        return replace(self, **changes) if changes else self


COLOUR_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(Theme)
    if f.name not in ("key", "name", "description", "first_colour", "second_colour", "by_name"))
"""Names of the Theme fields that hold colours (``casing`` may be None)."""

MARK_FIELDS: tuple[str, ...] = ("focus", "selection", "destination", "last_move", "required_jump")
"""Names of the mark colours, each needing 3:1 against both kinds of square."""


class UnknownThemeError(ValueError):
    """A theme key that is not in THEMES."""


_THEME_LIST = (
    Theme(
        key="yellow-on-black", name="Yellow on black",
        background="#000000", text="#FFFF00",
        light_square="#333333", dark_square="#000000",
        first_piece="#FFFF00", first_piece_mark="#FFFF00",
        second_piece="#FFFFFF", second_piece_mark="#FFFFFF",
        crown="#FF0000",
        focus="#00FFFF", selection="#FF00FF", destination="#00FF00",
        last_move="#FF8C00", required_jump="#FF3333",
        square_number="#FFFF00",
        description="Yellow solid pieces against white rings on black; bright marks.",
        first_colour="yellow", second_colour="white",
    ),
    Theme(
        key="black-on-white", name="Black on white",
        background="#FFFFFF", text="#000000",
        light_square="#FFFFFF", dark_square="#D8D8D8",
        first_piece="#000000", first_piece_mark="#000000",
        second_piece="#FFFFFF", second_piece_mark="#000000",
        crown="#D40000",
        focus="#0000FF", selection="#8B008B", destination="#006400",
        last_move="#7A3B00", required_jump="#C00000",
        square_number="#000000",
        description="Like a printed diagram: black discs against black-edged white rings.",
        first_colour="black", second_colour="white",
        # a side called Red is drawn light red, never black (the crown, red, keeps 3:1 on it)
        by_name=(("red", "#FFB3B3", "#000000", "light red"),),
    ),
    Theme(
        key="white-on-black", name="White on black",
        background="#000000", text="#FFFFFF",
        light_square="#3A3A3A", dark_square="#000000",
        first_piece="#FFFFFF", first_piece_mark="#FFFFFF",
        second_piece="#000000", second_piece_mark="#FFFFFF",
        crown="#8C8C8C",
        focus="#FFFFFF", selection="#00FFFF", destination="#00FF00",
        last_move="#FFB000", required_jump="#FF6060",
        square_number="#FFFFFF",
        description="White solid pieces against white-edged black rings on black.",
        first_colour="white", second_colour="black",
        # a side called Red is drawn dark red, never black; a side called White white
        by_name=(("red", "#660000", "#FFFFFF", "dark red"),
                 ("white", "#FFFFFF", "#FFFFFF", "white")),
    ),
    Theme(
        key="wcdf", name="Tournament green and buff",
        # WCDF rules: "The official checkerboard ... shall be of Green and Buff (or off white)
        # colors for the dark and light squares" (the board, item 2); "The official WCDF checker
        # pieces shall be of RED and WHITE colors" and Red moves first (the pieces, item 2; the
        # moves, item 2). Red cannot reach 7:1 on green, so the red men carry a white rim.
        background="#F3E6C4", text="#000000",
        light_square="#F0D9A0", dark_square="#14532D",
        first_piece="#CC0000", first_piece_mark="#FFFFFF",
        second_piece="#FFFFFF", second_piece_mark="#FFFFFF",
        crown="#FFD700",
        focus="#FFFF00", selection="#00FFFF", destination="#FFFFFF",
        last_move="#FF8C00", required_jump="#FF66FF",
        square_number="#FFFFFF",
        casing="#000000",
        description="Green and buff board, red men with a white rim against white rings; "
                    "marks edged in black so they show on both squares.",
        first_colour="red", second_colour="white",
        # WCDF's own pieces are red and white; practice and VA rules call the sides Black and
        # Red: then Black is drawn black and Red red (white rims carry the contrast on green)
        by_name=(("black", "#000000", "#FFFFFF", "black"), ("red", "#CC0000", "#FFFFFF", "red"),
                 ("white", "#FFFFFF", "#FFFFFF", "white")),
    ),
    Theme(
        key="colour-safe", name="Colour-blind safe, orange and sky blue",
        # Colours from the Okabe-Ito palette (M. Okabe and K. Ito, "Color Universal Design (CUD):
        # How to make figures and presentations that are friendly to colorblind people", 2008):
        # orange #E69F00, sky blue #56B4E9, bluish green #009E73, yellow #F0E442,
        # vermillion #D55E00, reddish purple #CC79A7; distinguishable in protanopia,
        # deuteranopia and tritanopia.
        background="#000000", text="#FFFFFF",
        light_square="#1A2A40", dark_square="#000000",
        first_piece="#E69F00", first_piece_mark="#E69F00",
        second_piece="#56B4E9", second_piece_mark="#56B4E9",
        crown="#FFFFFF",
        focus="#F0E442", selection="#FFFFFF", destination="#009E73",
        last_move="#CC79A7", required_jump="#D55E00",
        square_number="#FFFFFF",
        casing="#000000",
        description="Okabe-Ito palette: orange solid pieces against sky-blue rings on black.",
        first_colour="orange", second_colour="sky blue",
    ),
)

THEMES: dict[str, Theme] = {theme.key: theme for theme in _THEME_LIST}
"""All themes by key, in menu order."""

DEFAULT_THEME_KEY = "yellow-on-black"


def get_theme(key: str) -> Theme:
    """The theme for a key of THEMES; raises UnknownThemeError (a ValueError) quoting the key."""
    try:
        return THEMES[key]
    except (KeyError, TypeError):
        known = ", ".join(THEMES)
        raise UnknownThemeError(f"{key!r} is not a theme; the themes are: {known}.") from None
