"""Painting one square, one piece or a whole board with QPainter, in a Theme's colours.

Uses PySide6.QtGui only (no widgets): the board widget, screenshot tests and a future print preview
all paint through these functions. Everything scales with the square's size (``rect``, in device
pixels) and is antialiased.

Nothing is told by colour alone:

* BLACK's pieces (the first mover) are solid discs; WHITE's are rings with a hole through which
  the square shows. Each has a rim in the side's ``*_piece_mark`` colour, the colour that meets
  the square.
* Kings carry a crown symbol in the centre and a second ring, in the theme's ``crown`` colour.
* Marks, from the edge of the square inwards: the focus is a solid band at least 3 px wide
  (``focus_outline_width``) at the square's edge (WCAG 2.4.13); the selection is a thick dashed
  frame inside it; a legal destination is a hollow diamond in the centre; the last move puts
  triangles in the four corners; a piece that must jump stands on diagonal hatching.
* A theme with a ``casing`` colour edges every mark and the crown with it (the focus gets a casing
  band at least 3 px wide outside its own band, ``focus_casing_width``).

Layers, bottom to top: square, hatching, corner triangles, diamond, piece, selection, number, focus;
on a square with a piece (the start square of a hint) the diamond is painted over the piece.
Pass the piece to ``paint_square`` so the marks stay on top of it; ``paint_piece`` alone is for
pictures of a piece (legends, drag images).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen,
                           QPolygonF)

from checkers_desktop.rules import BLACK, Piece
from checkers_desktop.rules.geometry import SIZE, check_square, square_at

from .themes import Theme

__all__ = ["SquareMarks", "paint_square", "paint_piece", "paint_number", "render_board_image",
           "focus_outline_width", "focus_casing_width", "casing_width",
           "PIECE_RADIUS", "HOLE_RADIUS",
           "KING_HOLE_RADIUS", "KING_RING_RADIUS", "NO_MARKS"]

PIECE_RADIUS = 0.40
"""A piece's outer radius, as a fraction of the square's side."""

HOLE_RADIUS = 0.16
"""Radius of the hole in WHITE's men, as a fraction of the square's side."""

KING_HOLE_RADIUS = 0.20
"""Radius of the hole in WHITE's kings (the crown sits in it), as a fraction of the side."""

KING_RING_RADIUS = 0.29
"""Radius of a king's second ring, as a fraction of the square's side."""


@dataclass
class SquareMarks:
    """Which marks a square carries: keyboard focus, the selected piece, a legal destination of
    the selected piece, a square of the last move, a piece that must jump."""

    focused: bool = False
    selected: bool = False
    destination: bool = False
    last_move: bool = False
    required_jump: bool = False


NO_MARKS = SquareMarks()


def focus_outline_width(side: float) -> int:
    """Width in pixels of the focus band for a square ``side`` pixels wide: 7 % of the side,
    never under 3 px (WCAG 2.2 2.4.13 focus appearance asks for a 2 CSS px perimeter; 3 px are
    kept so that a player who sees little finds it on a 1366x768 laptop)."""
    return max(3, round(side * 0.07))


def focus_casing_width(side: float) -> int:
    """Width in pixels of the casing band drawn outside the focus band, for themes with a
    ``casing``: 3.5 % of the side, never under 3 px."""
    return max(3, round(side * 0.035))


def casing_width(side: float) -> float:
    """Width in pixels of the casing edge drawn round marks (other than focus) and crowns."""
    return max(1.5, side * 0.025)


def _colour(hex_colour: str) -> QColor:
    return QColor(hex_colour)


def _side(rect: QRectF) -> float:
    return min(rect.width(), rect.height())


def _band(outer: QRectF, width: float) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    path.addRect(outer)
    path.addRect(outer.adjusted(width, width, -width, -width))
    return path


def _stroke_cased(painter: QPainter, path: QPainterPath, colour: str, width: float,
                  theme: Theme, side: float, dashes: list[float] | None = None) -> None:
    """Stroke ``path`` in ``colour``, first edged with the theme's casing if it has one."""
    if theme.casing:
        casing = QPen(_colour(theme.casing), width + 2 * casing_width(side))
        casing.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        casing.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.strokePath(path, casing)
    pen = QPen(_colour(colour), width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    if dashes:
        pen.setDashPattern(dashes)
    painter.strokePath(path, pen)


def _fill_cased(painter: QPainter, path: QPainterPath, colour: str, theme: Theme,
                side: float) -> None:
    """Fill ``path`` in ``colour``, edged outside with the theme's casing if it has one."""
    if theme.casing:
        casing = QPen(_colour(theme.casing), 2 * casing_width(side))
        casing.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.strokePath(path, casing)
    painter.fillPath(path, QBrush(_colour(colour)))


def _reserved_edge(theme: Theme, side: float) -> float:
    """Pixels at the square's edge kept for the focus band (and its casing)."""
    width = focus_outline_width(side)
    return width + focus_casing_width(side) if theme.casing else width


def _paint_hatching(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    side = _side(rect)
    spacing = side * 0.16
    width = max(2.0, side * 0.04)
    path = QPainterPath()
    # Lines rising to the right ("/"), from the bottom-left corner across the whole square.
    offset = -rect.height()
    while offset < rect.width() + spacing:
        path.moveTo(rect.left() + offset, rect.bottom())
        path.lineTo(rect.left() + offset + rect.height(), rect.top())
        offset += spacing
    _stroke_cased(painter, path, theme.required_jump, width, theme, side)


def _paint_corner_triangles(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    side = _side(rect)
    leg = side * 0.24
    path = QPainterPath()
    corners = ((rect.topLeft(), 1, 1), (rect.topRight(), -1, 1),
               (rect.bottomLeft(), 1, -1), (rect.bottomRight(), -1, -1))
    for corner, dx, dy in corners:
        path.addPolygon(QPolygonF([corner, corner + QPointF(dx * leg, 0),
                                   corner + QPointF(0, dy * leg)]))
        path.closeSubpath()
    _fill_cased(painter, path, theme.last_move, theme, side)


def _paint_diamond(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    side = _side(rect)
    centre = rect.center()
    half = side * 0.2
    path = QPainterPath()
    path.addPolygon(QPolygonF([centre + QPointF(0, -half), centre + QPointF(half, 0),
                               centre + QPointF(0, half), centre + QPointF(-half, 0)]))
    path.closeSubpath()
    _stroke_cased(painter, path, theme.destination, max(3.0, side * 0.06), theme, side)


def _paint_selection(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    side = _side(rect)
    width = max(3.0, side * 0.06)
    inset = _reserved_edge(theme, side) + width / 2
    if theme.casing:
        inset += casing_width(side)
    path = QPainterPath()
    path.addRect(rect.adjusted(inset, inset, -inset, -inset))
    _stroke_cased(painter, path, theme.selection, width, theme, side, dashes=[2.0, 1.0])


def _paint_focus(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    width = focus_outline_width(_side(rect))
    outer = rect
    if theme.casing:
        casing = focus_casing_width(_side(rect))
        painter.fillPath(_band(outer, casing), QBrush(_colour(theme.casing)))
        outer = rect.adjusted(casing, casing, -casing, -casing)
    painter.fillPath(_band(outer, width), QBrush(_colour(theme.focus)))


def paint_number(painter: QPainter, rect: QRectF, theme: Theme, number: int,
                 centred: bool = False) -> None:
    """Write a square's number (1-32) on it: ``centred`` (for an empty square) 45 % of the side
    high in the middle, otherwise 28 % high in the top-left corner inside the focus band, never
    under 8 px. The digits are ``theme.square_number`` edged with ``theme.dark_square``; a corner
    number stands on a small block of ``theme.dark_square``, so that it reads the same over a
    piece as over the bare square (edged digits alone were hard to read on a piece of their own
    colour: yellow on yellow, white on white)."""
    side = _side(rect)
    pixel_size = max(8, round(side * (0.45 if centred else 0.28)))
    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, str(number))
    bounds = path.boundingRect()
    if centred:
        target = rect.center() - bounds.center()
    else:
        inset = _reserved_edge(theme, side) + side * 0.03
        target = QPointF(rect.left() + inset, rect.top() + inset) - bounds.topLeft()
    path.translate(target)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    halo = QPen(_colour(theme.dark_square), max(2.0, pixel_size * 0.16))
    halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if not centred:
        pad = halo.widthF()
        block = path.boundingRect().adjusted(-pad, -pad, pad, pad)
        painter.fillRect(block.intersected(rect), _colour(theme.dark_square))
    painter.strokePath(path, halo)
    painter.fillPath(path, QBrush(_colour(theme.square_number)))
    painter.restore()


def paint_square(painter: QPainter, rect: QRectF, theme: Theme, dark: bool,
                 marks: SquareMarks | None = None, number: int | None = None,
                 show_number: bool = False, piece: Piece | None = None) -> None:
    """Paint one square filling ``rect`` (device pixels) with its colour and marks.

    ``dark`` is true for a playing square. ``piece``, if given, is painted between the lower
    marks and the frames, so the selection and focus stay on top of it. The number (1-32) is
    written when ``show_number`` is true and ``number`` is given: large in the middle of an empty
    square, in the corner of one with a piece or a destination diamond (see paint_number). Marks
    on a light square are painted too, in the same shapes.
    """
    marks = marks or NO_MARKS
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    painter.fillRect(rect, _colour(theme.dark_square if dark else theme.light_square))
    if marks.required_jump:
        _paint_hatching(painter, rect, theme)
    if marks.last_move:
        _paint_corner_triangles(painter, rect, theme)
    if marks.destination and piece is None:
        _paint_diamond(painter, rect, theme)
    if piece is not None:
        paint_piece(painter, rect, theme, piece)
        if marks.destination:  # a hint's start square: the diamond stays seen over the piece
            _paint_diamond(painter, rect, theme)
    if marks.selected:
        _paint_selection(painter, rect, theme)
    if show_number and number is not None:
        paint_number(painter, rect, theme, number,
                     centred=piece is None and not marks.destination)
    if marks.focused:
        _paint_focus(painter, rect, theme)
    painter.restore()


def _disc(centre: QPointF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(centre, radius, radius)
    return path


def _crown_path(centre: QPointF, side: float) -> QPainterPath:
    """A three-pointed crown 26 % of the side wide and 18 % high, centred on ``centre``."""
    half_w, half_h = side * 0.13, side * 0.09
    points = [(-1.0, 1.0), (-1.0, -0.7), (-0.5, 0.05), (0.0, -1.0), (0.5, 0.05), (1.0, -0.7),
              (1.0, 1.0)]
    path = QPainterPath()
    path.addPolygon(QPolygonF([centre + QPointF(x * half_w, y * half_h) for x, y in points]))
    path.closeSubpath()
    return path


def paint_piece(painter: QPainter, rect: QRectF, theme: Theme, piece: Piece) -> None:
    """Paint a man or king centred in ``rect`` (the square it stands on, device pixels).

    BLACK: a solid disc of ``first_piece`` with a ``first_piece_mark`` rim. WHITE: a ring of
    ``second_piece`` with a ``second_piece_mark`` rim outside and round its hole, through which the
    dark square shows. Kings: a wider hole (WHITE), a crown in the centre and a second ring at
    29 % of the side, both in ``theme.crown``.
    """
    side = _side(rect)
    centre = rect.center()
    radius = side * PIECE_RADIUS
    rim = max(2.0, side * 0.06)
    black = piece.color is BLACK
    fill, mark = ((theme.first_piece, theme.first_piece_mark) if black
                  else (theme.second_piece, theme.second_piece_mark))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillPath(_disc(centre, radius), QBrush(_colour(mark)))
    painter.fillPath(_disc(centre, radius - rim), QBrush(_colour(fill)))
    if not black:
        hole = side * (KING_HOLE_RADIUS if piece.is_king else HOLE_RADIUS)
        painter.fillPath(_disc(centre, hole + rim), QBrush(_colour(mark)))
        painter.fillPath(_disc(centre, hole), QBrush(_colour(theme.dark_square)))
    if piece.is_king:
        ring = QPainterPath()
        ring.addEllipse(centre, side * KING_RING_RADIUS, side * KING_RING_RADIUS)
        _stroke_cased(painter, ring, theme.crown, max(3.0, side * 0.05), theme, side)
        _fill_cased(painter, _crown_path(centre, side), theme.crown, theme, side)
    painter.restore()


def render_board_image(board, theme: Theme, square_px: int, focus_square: int | None = None, *,
                       marks: dict[int, SquareMarks] | None = None, flipped: bool = False,
                       show_numbers: bool = False) -> QImage:
    """A picture of the whole board, 8 x ``square_px`` pixels square (QImage, RGB32).

    ``board`` is a rules Board (only ``piece_at`` is used); ``focus_square`` (1-32) gets the focus
    outline; ``marks`` maps playing squares to further marks; ``show_numbers`` writes every playing
    square's number, large. Needs a QGuiApplication for the fonts when numbers are shown.
    Raises ValueError quoting ``square_px`` if it is under 8.
    """
    if not isinstance(square_px, int) or square_px < 8:
        raise ValueError(f"{square_px!r} is too small a square: give at least 8 pixels.")
    marks = dict(marks or {})
    if focus_square is not None:
        check_square(focus_square)
        base = marks.get(focus_square, SquareMarks())
        marks[focus_square] = SquareMarks(True, base.selected, base.destination, base.last_move,
                                          base.required_jump)
    size = SIZE * square_px
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(_colour(theme.background))
    painter = QPainter(image)
    try:
        for row in range(SIZE):
            for col in range(SIZE):
                rect = QRectF(col * square_px, row * square_px, square_px, square_px)
                square = square_at(row, col, flipped)
                if square is None:
                    paint_square(painter, rect, theme, False)
                    continue
                paint_square(painter, rect, theme, True, marks.get(square), number=square,
                             show_number=show_numbers, piece=board.piece_at(square))
    finally:
        painter.end()
    return image
