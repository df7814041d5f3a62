"""WCAG contrast of every theme, computed from the colours each theme declares.

Run with ``-s`` to print the table per theme. Thresholds: 7:1 (WCAG 1.4.6, AAA) for text, square
numbers and the pieces' rims against the dark square; 3:1 (WCAG 1.4.11, 2.4.13) for the marks
against both kinds of square and for the crown against all it is drawn on. A theme with a casing
passes a mark on a background when the mark or its casing reaches 3:1 there (painting.py edges
the mark with the casing, at least 3 px wide for the focus), and the mark must differ from its
casing by 3:1.
"""

from __future__ import annotations

import pytest

from checkers_desktop.ui.contrast import (AAA_TEXT, NON_TEXT, InvalidColourError, contrast_ratio,
                                          parse_hex, relative_luminance)
from checkers_desktop.ui.themes import (COLOUR_FIELDS, DEFAULT_THEME_KEY, MARK_FIELDS, THEMES,
                                        Theme, UnknownThemeError, get_theme)

# --- the formula against published values ------------------------------------------------------


def test_black_on_white_is_21_to_1():
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)


def test_grey_777_on_white_is_about_4_48():
    # The well-known borderline grey of WCAG AA checkers: #777777 on white is 4.48:1.
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.005)


def test_grey_767676_on_white_just_passes_aa():
    # #767676 is the lightest grey reaching 4.5:1 on white (4.54:1).
    assert contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.005)


def test_same_colour_is_1_to_1_and_order_does_not_matter():
    assert contrast_ratio("#336699", "#336699") == pytest.approx(1.0)
    assert contrast_ratio("#FFFF00", "#000000") == contrast_ratio("#000000", "#FFFF00")


def test_luminance_of_primaries_are_the_wcag_weights():
    assert relative_luminance("#FF0000") == pytest.approx(0.2126)
    assert relative_luminance("#00FF00") == pytest.approx(0.7152)
    assert relative_luminance("#0000FF") == pytest.approx(0.0722)
    assert relative_luminance("#000") == 0.0


def test_low_channels_use_the_linear_segment():
    # sRGB value 10/255 = 0.0392 <= 0.04045, so it is divided by 12.92.
    assert relative_luminance("#0A0A0A") == pytest.approx((10 / 255) / 12.92)


def test_short_hex_is_expanded():
    assert parse_hex("#abc") == (0xAA, 0xBB, 0xCC)


@pytest.mark.parametrize("bad", ["", "red", "#12345", "#GGGGGG", "#1234567"])
def test_bad_colour_is_refused_quoting_it(bad):
    with pytest.raises(InvalidColourError) as caught:
        relative_luminance(bad)
    assert repr(bad) in str(caught.value)
    assert isinstance(caught.value, ValueError)


# --- the themes ---------------------------------------------------------------------------------


def test_required_themes_are_present_in_menu_order_with_a_high_contrast_default():
    names = [theme.name.lower() for theme in THEMES.values()]
    for wanted in ("yellow on black", "black on white", "white on black"):
        assert wanted in names
    assert any("green" in name and "buff" in name for name in names)
    assert any("colour-blind" in name for name in names)
    assert DEFAULT_THEME_KEY in THEMES
    default = THEMES[DEFAULT_THEME_KEY]
    assert contrast_ratio(default.text, default.background) >= AAA_TEXT
    for key, theme in THEMES.items():
        assert theme.key == key
        assert get_theme(key) is theme


def test_unknown_theme_is_refused_quoting_the_key():
    with pytest.raises(UnknownThemeError) as caught:
        get_theme("pink-on-pink")
    assert isinstance(caught.value, ValueError)
    assert "'pink-on-pink'" in str(caught.value)


def _rows(theme: Theme) -> list[tuple[str, str, str, float, float, float | None]]:
    """(what, colour, against, ratio, required, ratio of the casing or None) for one theme."""
    rows = []

    def add(what, colour, against, required, cased=False):
        casing = contrast_ratio(theme.casing, against) if cased and theme.casing else None
        rows.append((what, colour, against, contrast_ratio(colour, against), required, casing))

    add("text / background", theme.text, theme.background, AAA_TEXT)
    add("square number / dark square", theme.square_number, theme.dark_square, AAA_TEXT)
    add("BLACK piece rim / dark square", theme.first_piece_mark, theme.dark_square, AAA_TEXT)
    add("WHITE piece rim / dark square", theme.second_piece_mark, theme.dark_square, AAA_TEXT)
    for field in MARK_FIELDS:
        colour = getattr(theme, field)
        add(f"{field} / light square", colour, theme.light_square, NON_TEXT, cased=True)
        add(f"{field} / dark square", colour, theme.dark_square, NON_TEXT, cased=True)
    add("crown / BLACK piece", theme.crown, theme.first_piece, NON_TEXT, cased=True)
    add("crown / WHITE piece", theme.crown, theme.second_piece, NON_TEXT, cased=True)
    add("crown / dark square (hole)", theme.crown, theme.dark_square, NON_TEXT, cased=True)
    if theme.casing:
        for field in (*MARK_FIELDS, "crown"):
            add(f"{field} / its casing", getattr(theme, field), theme.casing, NON_TEXT)
    return rows


def _passes(row) -> bool:
    _, _, _, ratio, required, casing = row
    return ratio >= required or (casing is not None and casing >= required)


@pytest.mark.parametrize("key", list(THEMES))
def test_every_colour_is_valid_hex(key):
    theme = THEMES[key]
    for field in COLOUR_FIELDS:
        value = getattr(theme, field)
        if value is not None:
            parse_hex(value)


@pytest.mark.parametrize("key", list(THEMES))
def test_theme_contrast_meets_wcag(key):
    theme = THEMES[key]
    rows = _rows(theme)
    print(f"\n{theme.name} ({theme.key})" + (f", casing {theme.casing}" if theme.casing else ""))
    print(f"  {'what':34} {'colour':8} {'against':8} {'ratio':>6} {'need':>5} {'casing':>7}  ok")
    for row in rows:
        what, colour, against, ratio, required, casing = row
        casing_text = f"{casing:7.2f}" if casing is not None else "      -"
        print(f"  {what:34} {colour:8} {against:8} {ratio:6.2f} {required:5.1f} {casing_text}  "
              f"{'yes' if _passes(row) else 'NO'}")
    fill_rows = [("BLACK piece fill", theme.first_piece), ("WHITE piece fill", theme.second_piece)]
    for what, colour in fill_rows:
        print(f"  ({what} / dark square {contrast_ratio(colour, theme.dark_square):.2f}:1, "
              f"for information: the rim meets the square)")
    print(f"  (light / dark square {contrast_ratio(theme.light_square, theme.dark_square):.2f}:1)")
    failing = [row for row in rows if not _passes(row)]
    assert not failing, f"{theme.name}: contrast too low: {failing}"


@pytest.mark.parametrize("key", list(THEMES))
def test_marks_and_pieces_differ_in_colour_from_each_other(key):
    # Shapes tell them apart (test_painting.py); colours must not be the same either, or two marks
    # on one square would merge.
    theme = THEMES[key]
    marks = [getattr(theme, field) for field in MARK_FIELDS]
    assert len({m.upper() for m in marks}) == len(marks)
    assert theme.light_square.upper() != theme.dark_square.upper()
    assert (theme.first_piece.upper(), theme.first_piece_mark.upper()) != \
        (theme.second_piece.upper(), theme.second_piece_mark.upper())


@pytest.mark.parametrize("key", list(THEMES))
def test_the_widgets_focus_border_stands_out_on_the_window(key):
    """The move field's, the status line's and the dialogs' focus border is drawn on the
    window's background, not on the squares the focus colour was chosen for: it reaches 3:1
    there (WCAG 1.4.11, 2.4.13), the theme's focus colour where that does."""
    theme = THEMES[key]
    assert contrast_ratio(theme.widget_focus, theme.background) >= NON_TEXT
    if contrast_ratio(theme.focus, theme.background) >= NON_TEXT:
        assert theme.widget_focus == theme.focus


@pytest.mark.parametrize("key", sorted(THEMES))
def test_a_focused_field_differs_from_an_unfocused_one_in_colour(key):
    """A field's unfocused frame is visible on the window (3:1) and differs from the focus
    colour, so that focus does not show by the frame's thickness alone (white on black and the
    tournament theme drew both in the text colour)."""
    theme = THEMES[key]
    assert contrast_ratio(theme.field_frame, theme.background) >= NON_TEXT
    assert theme.field_frame.lower() != theme.widget_focus.lower()
    if theme.widget_focus.lower() != theme.text.lower():
        assert theme.field_frame == theme.text


def test_the_tournament_themes_yellow_focus_gives_way_to_its_casing_on_buff():
    theme = THEMES["wcdf"]
    assert contrast_ratio(theme.focus, theme.background) < NON_TEXT  # yellow on buff
    assert theme.widget_focus == theme.casing


def test_an_unfocused_frame_moves_towards_the_text_until_it_shows_on_the_background():
    """Where halfway between text and background does not reach 3:1 on the background (a
    mid-grey window), the frame is taken nearer the text, never nearer the background."""
    from dataclasses import replace
    theme = replace(THEMES["white-on-black"], background="#808080")
    assert theme.widget_focus == theme.text == "#FFFFFF"
    assert contrast_ratio("#C0C0C0", theme.background) < NON_TEXT  # halfway is too faint
    assert contrast_ratio(theme.field_frame, theme.background) >= NON_TEXT
    assert theme.field_frame.upper() != theme.text.upper()
