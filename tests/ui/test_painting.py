"""Pixels painted by checkers_desktop.ui.painting for every theme at two square sizes.

Squares and pieces are painted into QImages (offscreen, no display) and the pixels are checked
against the colours the theme declares: the square's colour at its corner, a solid disc for BLACK
against a ring with the square showing through its hole for WHITE, the crown and second ring of
kings, the focus band's width from the edge inwards, the pattern of each mark, and a whole board
with the pieces where the position puts them.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from checkers_desktop.rules import BLACK, WHITE, Board, Piece, PieceKind
from checkers_desktop.rules.geometry import SQUARES, square_cell
from checkers_desktop.ui.painting import (HOLE_RADIUS, KING_RING_RADIUS, PIECE_RADIUS,
                                          SquareMarks, focus_outline_width, paint_piece,
                                          paint_square, render_board_image)
from checkers_desktop.ui.themes import THEMES

SIZES = (40, 120)
ALL = [pytest.param(key, size, id=f"{key}-{size}px") for key in THEMES for size in SIZES]

BLACK_MAN = Piece(BLACK, PieceKind.MAN)
WHITE_MAN = Piece(WHITE, PieceKind.MAN)
BLACK_KING = Piece(BLACK, PieceKind.KING)
WHITE_KING = Piece(WHITE, PieceKind.KING)


def _square(theme, size, dark=True, marks=None, piece=None, **kwargs) -> QImage:
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    painter = QPainter(image)
    paint_square(painter, QRectF(0, 0, size, size), theme, dark, marks, piece=piece, **kwargs)
    painter.end()
    return image


def _at(image: QImage, x: float, y: float) -> str:
    return QColor(image.pixel(int(x), int(y))).name().upper()


def _count(image: QImage, colour: str, within=None) -> int:
    """Pixels of exactly ``colour``; ``within(x, y)`` limits the count to a region."""
    colour = colour.upper()
    total = 0
    for y in range(image.height()):
        for x in range(image.width()):
            if (within is None or within(x + 0.5, y + 0.5)) and _at(image, x, y) == colour:
                total += 1
    return total


def _count_solid(image: QImage, colour: str) -> int:
    """2 x 2 blocks of pixels all exactly ``colour``."""
    colour = colour.upper()
    return sum(1 for y in range(image.height() - 1) for x in range(image.width() - 1)
               if all(_at(image, x + dx, y + dy) == colour for dx in (0, 1) for dy in (0, 1)))


def _ring(size, inner, outer):
    """A predicate for pixel centres between radii ``inner`` and ``outer`` (fractions of size)."""
    def inside(x, y):
        r = math.hypot(x - size / 2, y - size / 2) / size
        return inner <= r <= outer
    return inside


def _runs(pixels: list[str]) -> list[tuple[str, int]]:
    runs: list[tuple[str, int]] = []
    for colour in pixels:
        if runs and runs[-1][0] == colour:
            runs[-1] = (colour, runs[-1][1] + 1)
        else:
            runs.append((colour, 1))
    return runs


@pytest.fixture(autouse=True)
def _app(qapp):
    """QPainter text needs a Q(Gui)Application; pytest-qt's qapp gives one."""
    return qapp


# --- squares -----------------------------------------------------------------------------------


@pytest.mark.parametrize("key,size", ALL)
def test_bare_squares_have_the_theme_colours_edge_to_edge(key, size):
    theme = THEMES[key]
    dark, light = _square(theme, size, True), _square(theme, size, False)
    for x, y in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1), (size / 2, size / 2)):
        assert _at(dark, x, y) == theme.dark_square.upper()
        assert _at(light, x, y) == theme.light_square.upper()


# --- men: solid against ringed -----------------------------------------------------------------


@pytest.mark.parametrize("key,size", ALL)
def test_black_man_is_a_solid_disc_with_its_rim(key, size):
    theme = THEMES[key]
    image = _square(theme, size, piece=BLACK_MAN)
    centre = size / 2
    rim = max(2.0, size * 0.06)
    assert _at(image, centre, centre) == theme.first_piece.upper()
    assert _at(image, 1, 1) == theme.dark_square.upper()
    assert _at(image, centre + size * PIECE_RADIUS - rim / 2, centre) == \
        theme.first_piece_mark.upper()
    # Solid: the square does not show anywhere inside the disc.
    assert _count(image, theme.dark_square, _ring(size, 0, PIECE_RADIUS - 0.08)) == 0


@pytest.mark.parametrize("key,size", ALL)
def test_white_man_is_a_ring_with_the_square_showing_through_its_hole(key, size):
    theme = THEMES[key]
    image = _square(theme, size, piece=WHITE_MAN)
    centre = size / 2
    rim = max(2.0, size * 0.06)
    assert _at(image, centre, centre) == theme.dark_square.upper()
    hole = _count(image, theme.dark_square, _ring(size, 0, HOLE_RADIUS - 0.02))
    assert hole >= math.pi * (size * (HOLE_RADIUS - 0.04)) ** 2
    middle_of_ring = (HOLE_RADIUS * size + rim + PIECE_RADIUS * size - rim) / 2
    assert _at(image, centre + middle_of_ring, centre) == theme.second_piece.upper()
    assert _at(image, centre + size * PIECE_RADIUS - rim / 2, centre) == \
        theme.second_piece_mark.upper()


@pytest.mark.parametrize("key,size", ALL)
def test_the_two_sides_differ_in_shape_not_only_colour(key, size):
    theme = THEMES[key]
    black, white = _square(theme, size, piece=BLACK_MAN), _square(theme, size, piece=WHITE_MAN)
    centre = size / 2
    assert _at(black, centre, centre) != _at(white, centre, centre)
    # Painted with one colour for both sides, the shapes would still differ: the hole.
    one_colour = dataclasses.replace(theme, second_piece=theme.first_piece,
                                     second_piece_mark=theme.first_piece_mark)
    same_black = _square(one_colour, size, piece=BLACK_MAN)
    same_white = _square(one_colour, size, piece=WHITE_MAN)
    assert _at(same_black, centre, centre) != _at(same_white, centre, centre)


# --- kings -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key,size", ALL)
def test_kings_carry_a_crown_and_a_second_ring(key, size):
    theme = THEMES[key]
    for man, king in ((BLACK_MAN, BLACK_KING), (WHITE_MAN, WHITE_KING)):
        man_image = _square(theme, size, piece=man)
        king_image = _square(theme, size, piece=king)
        centre_region = _ring(size, 0, 0.16)
        ring_region = _ring(size, KING_RING_RADIUS - 0.04, KING_RING_RADIUS + 0.04)
        # No patch of crown colour on a man (antialiased edges may blend to a lone pixel of it).
        assert _count_solid(man_image, theme.crown) == 0
        crown_pixels = _count(king_image, theme.crown, centre_region)
        assert crown_pixels >= 0.01 * size * size, f"{king}: only {crown_pixels} crown pixels"
        ring_pixels = _count(king_image, theme.crown, ring_region)
        circumference = 2 * math.pi * KING_RING_RADIUS * size
        assert ring_pixels >= circumference, f"{king}: only {ring_pixels} ring pixels"


@pytest.mark.parametrize("key,size", ALL)
def test_white_king_keeps_its_hole(key, size):
    theme = THEMES[key]
    image = _square(theme, size, piece=WHITE_KING)
    assert _count(image, theme.dark_square, _ring(size, 0, 0.19)) > 0
    black = _square(theme, size, piece=BLACK_KING)
    assert _count(black, theme.dark_square, _ring(size, 0.0, 0.05)) == 0


# --- marks -------------------------------------------------------------------------------------


def _focus_runs(image: QImage, size: int, y: int) -> list[tuple[str, int]]:
    return _runs([_at(image, x, y) for x in range(size // 2)])


@pytest.mark.parametrize("key,size", ALL)
@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
@pytest.mark.parametrize("piece", [None, WHITE_KING], ids=["empty", "king"])
def test_focus_outline_is_at_least_3_px_from_the_edge_inwards(key, size, dark, piece):
    theme = THEMES[key]
    image = _square(theme, size, dark=dark, marks=SquareMarks(focused=True), piece=piece)
    for y in (size // 2, size // 5):
        runs = _focus_runs(image, size, y)
        if theme.casing:
            assert runs[0][0] == theme.casing.upper() and runs[0][1] >= 3, runs[:3]
            runs = runs[1:]
        assert runs[0][0] == theme.focus.upper(), runs[:3]
        assert runs[0][1] >= 3, runs[:3]
    # Also across the top edge, downwards.
    column = _runs([_at(image, size // 2, y) for y in range(size // 2)])
    focus_run = column[1] if theme.casing else column[0]
    assert focus_run[0] == theme.focus.upper() and focus_run[1] >= 3


@pytest.mark.parametrize("key", list(THEMES))
def test_focus_outline_scales_with_the_square(key):
    theme = THEMES[key]
    widths = []
    for size in SIZES:
        runs = _focus_runs(_square(theme, size, marks=SquareMarks(focused=True)), size, size // 2)
        widths.append([length for colour, length in runs if colour == theme.focus.upper()][0])
    assert widths[0] >= 3 and widths[1] > widths[0]
    assert widths == [focus_outline_width(size) for size in SIZES]


@pytest.mark.parametrize("key,size", ALL)
def test_selection_is_a_dashed_frame_inside_the_focus(key, size):
    theme = THEMES[key]
    image = _square(theme, size, marks=SquareMarks(selected=True))
    colour = theme.selection.upper()
    # The frame's top side is the row near the top with the most selection colour; along it the
    # colour must break into dashes, not run as one line.
    row = max(range(size // 3), key=lambda y: _count_row(image, y, colour))
    assert _count_row(image, row, colour) >= size // 4, "no selection frame near the top"
    dashes = [run for run in _runs([_at(image, x, row) for x in range(size)]) if run[0] == colour]
    assert len(dashes) >= 3, dashes
    assert _at(image, 0, size // 2) == theme.dark_square.upper()  # the edge is left to focus


def _count_row(image: QImage, y: int, colour: str) -> int:
    return sum(1 for x in range(image.width()) if _at(image, x, y) == colour)


@pytest.mark.parametrize("key,size", ALL)
def test_destination_is_a_hollow_diamond(key, size):
    theme = THEMES[key]
    image = _square(theme, size, marks=SquareMarks(destination=True))
    centre = size / 2
    assert _at(image, centre, centre) == theme.dark_square.upper()
    assert _count(image, theme.destination, _ring(size, 0.1, 0.25)) >= size * 0.5
    assert _at(image, 1, 1) == theme.dark_square.upper()


@pytest.mark.parametrize("key,size", ALL)
def test_a_hinted_start_square_shows_its_diamond_over_the_piece(key, size):
    """The hint marks both squares of its move; on the start square the piece would hide a
    diamond painted beneath it (seen in the app: only the destination was marked)."""
    theme = THEMES[key]
    plain = _square(theme, size, piece=BLACK_MAN)
    hinted = _square(theme, size, marks=SquareMarks(destination=True), piece=BLACK_MAN)
    ring = _ring(size, 0.1, 0.25)
    assert _count(hinted, theme.destination, ring) >= size * 0.5 > \
        _count(plain, theme.destination, ring)


@pytest.mark.parametrize("key,size", ALL)
def test_last_move_marks_the_four_corners(key, size):
    theme = THEMES[key]
    image = _square(theme, size, marks=SquareMarks(last_move=True), piece=BLACK_MAN)
    for x, y in ((1, 1), (size - 2, 1), (1, size - 2), (size - 2, size - 2)):
        assert _at(image, x, y) == theme.last_move.upper()
    assert _at(image, size / 2, 1) != theme.last_move.upper()


@pytest.mark.parametrize("key,size", ALL)
def test_required_jump_is_diagonal_hatching(key, size):
    theme = THEMES[key]
    image = _square(theme, size, marks=SquareMarks(required_jump=True), piece=BLACK_MAN)
    colour = theme.required_jump.upper()
    row = size // 12  # above the piece: a row crossing several hatch lines
    stripes = [run for run in _runs([_at(image, x, row) for x in range(size)]) if run[0] == colour]
    assert len(stripes) >= 3, stripes
    # Diagonal: the stripes move sideways from one row to the next.
    def first_x(y):
        return next(x for x in range(size) if _at(image, x, y) == colour)
    assert first_x(row) != first_x(row + max(2, size // 20))
    assert _at(image, size / 2, size / 2) == theme.first_piece.upper()  # the piece stays on top


@pytest.mark.parametrize("key", list(THEMES))
def test_large_numbers_are_written_in_the_theme_colour(key):
    theme = THEMES[key]
    size = 120
    plain = _square(theme, size, number=17)
    numbered = _square(theme, size, number=17, show_number=True)
    assert _count(plain, theme.square_number, _ring(size, 0, 0.3)) == 0 or \
        theme.square_number.upper() == theme.dark_square.upper()
    assert _count(numbered, theme.square_number, _ring(size, 0, 0.3)) >= size
    with_piece = _square(theme, size, number=17, show_number=True, piece=WHITE_MAN)
    assert _at(with_piece, size / 2, size / 2) == theme.dark_square.upper()  # hole not covered


# --- the whole board ---------------------------------------------------------------------------


def test_board_image_refuses_tiny_squares():
    with pytest.raises(ValueError, match="4"):
        render_board_image(Board(), THEMES["wcdf"], 4)


@pytest.mark.parametrize("key,size", ALL)
def test_board_image_puts_the_pieces_where_the_position_does(key, size):
    theme = THEMES[key]
    board = Board()
    board.set_piece_at(15, BLACK_KING)
    image = render_board_image(board, theme, size, focus_square=22)
    assert image.width() == image.height() == 8 * size
    for square in SQUARES:
        row, col = square_cell(square)
        x0, y0 = col * size, row * size
        centre = _at(image, x0 + size / 2, y0 + size / 2)
        piece = board.piece_at(square)
        if square != 22:
            assert _at(image, x0 + 1, y0 + 1) == theme.dark_square.upper(), square
        if piece is None:
            assert centre == theme.dark_square.upper(), square
        elif piece.is_king:
            assert centre == theme.crown.upper(), square
        elif piece.color is BLACK:
            assert centre == theme.first_piece.upper(), square
        else:  # WHITE's rings show the square through the hole
            assert centre == theme.dark_square.upper(), square
            ring_x = x0 + size / 2 + size * (HOLE_RADIUS + PIECE_RADIUS) / 2
            assert _at(image, ring_x, y0 + size / 2) in (theme.second_piece.upper(),
                                                         theme.second_piece_mark.upper())
    for row in range(8):
        for col in range(8):
            if (row + col) % 2 == 0:
                assert _at(image, col * size + size / 2, row * size + size / 2) == \
                    theme.light_square.upper()
    row, col = square_cell(22)
    edge = _at(image, col * size, row * size + size / 2)
    assert edge == (theme.casing or theme.focus).upper()


def test_flipped_board_puts_square_1_at_the_bottom():
    theme = THEMES["black-on-white"]
    size = 40
    image = render_board_image(Board(), theme, size, flipped=True)
    # Square 1 holds a BLACK man; flipped, its cell is (7, 6).
    assert _at(image, 6 * size + size / 2, 7 * size + size / 2) == theme.first_piece.upper()
    assert _at(image, 1 * size + size / 2, 0 * size + size / 2) == theme.dark_square.upper()


def test_paint_piece_alone_draws_the_same_piece():
    theme = THEMES["yellow-on-black"]
    size = 60
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor(theme.dark_square))
    painter = QPainter(image)
    paint_piece(painter, QRectF(0, 0, size, size), theme, BLACK_MAN)
    painter.end()
    assert _at(image, size / 2, size / 2) == theme.first_piece.upper()


@pytest.mark.parametrize("key", list(THEMES))
def test_marks_stay_inside_their_square(key):
    theme = THEMES[key]
    size = 40
    image = QImage(3 * size, 3 * size, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    painter = QPainter(image)
    every_mark = SquareMarks(True, True, True, True, True)
    paint_square(painter, QRectF(size, size, size, size), theme, True, every_mark,
                 number=32, show_number=True, piece=WHITE_KING)
    painter.end()
    outside = [(x, y) for y in range(3 * size) for x in range(3 * size)
               if not (size <= x < 2 * size and size <= y < 2 * size)]
    assert all(_at(image, x, y) == "#808080" for x, y in outside)


@pytest.mark.parametrize("key", list(THEMES))
def test_a_corner_number_reads_the_same_over_a_piece_as_over_the_bare_square(key):
    """Over a piece the corner number (the board's usual one) stands on a block of the playing
    square's colour, so its digits are never read against the piece (yellow digits on a yellow
    man were hard to read)."""
    from checkers_desktop.ui.painting import paint_number

    theme = THEMES[key]
    size = 90

    def numbered(piece):
        image = _square(theme, size, piece=piece)
        painter = QPainter(image)
        paint_number(painter, QRectF(0, 0, size, size), theme, 28)
        painter.end()
        return image

    bare, bare_numbered = _square(theme, size), numbered(None)
    changed = [(x, y) for y in range(size // 2) for x in range(size // 2)
               if _at(bare, x, y) != _at(bare_numbered, x, y)]
    assert changed, "no number was written"
    box = [(x, y) for y in range(min(y for _, y in changed), max(y for _, y in changed) + 1)
           for x in range(min(x for x, _ in changed), max(x for x, _ in changed) + 1)]
    for piece in (BLACK_MAN, WHITE_MAN, BLACK_KING, WHITE_KING):
        on_piece = numbered(piece)
        same = sum(_at(on_piece, x, y) == _at(bare_numbered, x, y) for x, y in box)
        assert same >= 0.97 * len(box), (piece, same, len(box))
