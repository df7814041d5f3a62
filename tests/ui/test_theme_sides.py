"""Side names that match what is seen: under every rule profile's names, no theme draws the side
called Black in red nor the side called Red in black; every theme has a legend saying which drawn
piece is which side (beside the board and in the theme's spoken name); the pieces a theme draws
for the sides' names still meet the contrast rules."""

from __future__ import annotations

import colorsys

import pytest

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.profiles import PROFILES
from checkers_desktop.texts.themes import legend_text, theme_spoken_name
from checkers_desktop.ui.contrast import parse_hex
from checkers_desktop.ui.themes import THEMES

from test_contrast import _passes, _rows

NAMINGS = sorted({tuple(sorted((c.value, n) for c, n in p.side_names.items()))
                  for p in PROFILES.values()})
"""Every distinct naming of the sides among the rule profiles ("Black"/"Red", "Red"/"White")."""


def _names(naming) -> dict:
    return {BLACK if value == BLACK.value else WHITE: name for value, name in naming}


def looks_red(colour: str) -> bool:
    """A strong red: hue within 20 degrees of red, saturated, at least half bright."""
    r, g, b = (channel / 255 for channel in parse_hex(colour))
    hue, sat, value = colorsys.rgb_to_hsv(r, g, b)
    return (hue * 360 <= 20 or hue * 360 >= 340) and sat >= 0.5 and value >= 0.5


def looks_black(colour: str) -> bool:
    """Black or nearly: no channel above 0x33."""
    return max(parse_hex(colour)) <= 0x33


def test_the_red_and_black_tests_see_red_and_black():
    assert looks_red("#CC0000") and looks_red("#FF3333") and not looks_red("#E69F00")
    assert not looks_red("#FFB3B3") and not looks_red("#660000")  # pink, dark red: not "red"
    assert looks_black("#000000") and looks_black("#1A1A1A") and not looks_black("#660000")


def test_both_namings_are_checked():
    assert {frozenset(_names(n).values()) for n in NAMINGS} >= {frozenset({"Black", "Red"}),
                                                                 frozenset({"Red", "White"})}


@pytest.mark.parametrize("naming", NAMINGS, ids=lambda n: "-".join(name for _, name in n))
@pytest.mark.parametrize("key", list(THEMES))
def test_no_theme_paints_black_red_or_red_black(key, naming):
    names = _names(naming)
    theme = THEMES[key].for_sides(names)
    fills = {BLACK: theme.first_piece, WHITE: theme.second_piece}
    for color, name in names.items():
        if name == "Black":
            assert not looks_red(fills[color]), f"{theme.name}: Black's men drawn red"
        if name == "Red":
            assert not looks_black(fills[color]), f"{theme.name}: Red's men drawn black"
    # and what the theme draws for these names still meets the contrast rules
    failing = [row for row in _rows(theme) if not _passes(row)]
    assert not failing, f"{theme.name} for {names}: contrast too low: {failing}"
    assert (theme.first_piece.upper(), theme.first_piece_mark.upper()) != \
        (theme.second_piece.upper(), theme.second_piece_mark.upper())


@pytest.mark.parametrize("naming", NAMINGS, ids=lambda n: "-".join(name for _, name in n))
@pytest.mark.parametrize("key", list(THEMES))
def test_every_theme_has_a_legend_naming_both_sides_and_their_colours(key, naming):
    names = _names(naming)
    theme = THEMES[key].for_sides(names)
    assert theme.first_colour and theme.second_colour
    legend = legend_text(theme, names, you=BLACK)
    assert legend == (f"{names[BLACK]}, you: {theme.first_colour} solid discs. "
                      f"{names[WHITE]}, the computer: {theme.second_colour} rings. "
                      "Kings have a crown.")
    spoken = theme_spoken_name(theme, names)
    assert spoken.startswith(theme.name + ": ")
    assert f"{names[BLACK]} plays {theme.first_colour} discs" in spoken
    assert f"{names[WHITE]} {theme.second_colour} rings" in spoken


def test_the_tournament_theme_draws_black_black_and_red_red_under_practice_names():
    theme = THEMES["wcdf"].for_sides({BLACK: "Black", WHITE: "Red"})
    assert theme.first_piece == "#000000" and theme.first_colour == "black"
    assert theme.second_piece == "#CC0000" and theme.second_colour == "red"
    wcdf = THEMES["wcdf"].for_sides({BLACK: "Red", WHITE: "White"})
    assert wcdf.first_piece == "#CC0000" and wcdf.second_piece == "#FFFFFF"


def test_the_legend_is_in_the_window_and_follows_the_theme(make_window, qtbot):
    window = make_window()
    legend = window.play_aids.panel.legend
    assert legend.isVisible()
    assert legend.text() == "Black, you: yellow solid discs. Red, the computer: white rings. " \
                            "Kings have a crown."
    window.display.set_theme("wcdf")
    assert legend.text().startswith("Black, you: black solid discs. Red, the computer: red rings.")
