"""The bracket and the standings on paper for the wall, as tagged large-print PDFs that a screen
reader reads (``tournament.tagged_pdf``: PDF/UA-1 by WeasyPrint, body text 20 pt, headings
larger, nothing split across pages), the drawn bracket a picture made here with Qt; where
WeasyPrint cannot be loaded, as untagged PDFs by ``QPdfWriter`` (Qt's printing, as the score
sheet is in ``ui/event/score_sheet.py``), in the same large print where Qt allows:

* :func:`save_standings_pdf`: every division's standings (tagged), else :func:`save_html_pdf`.

* :func:`save_bracket_pdf`: one division on landscape US Letter pages (11 x 8.5 in): the event,
  the division, its note (a merge or split) and draw seed, the standings, and the bracket drawn by
  :mod:`.bracket_paint` in black on white, names at 20 pt or larger: whole on page 1 when it
  fits there, else cut at match boundaries into parts (quarters of the draw, then the later
  rounds...), one a page, each saying which part it is and where its winners go next.
* :func:`save_html_pdf`: the tournament's large-print HTML (``tournament.printout``: the standings
  of every division) laid out by ``QTextDocument``, scaled down only when too wide.
 Ligatures are off so that the PDF's text can be
searched and read aloud (``pdftotext`` gives the names back as typed).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QImage, QPageLayout, QPageSize,
                           QPainter, QPdfWriter, QTextDocument)

from ...storage.atomic import write_atomic
from ...tournament import tagged_pdf
from ...tournament.bracket import BracketPart, rounds_for, split_bracket
from ...tournament.printout import BRACKET_PARTS_CSS, bracket_document, bracket_part_texts
from ...tournament.printout import division_lines
from ...tournament.printout import standings_document
from ...tournament.printout import standings_html
from ...tournament.views import DivisionView
from ...texts import tournament as texts
from ..themes import get_theme
from .bracket_paint import layout_bracket, no_ligatures, paint_bracket

__all__ = ["save_html_pdf", "save_bracket_pdf", "save_standings_pdf", "bracket_png",
           "bracket_parts", "bracket_pictures", "DrawnPart", "part_room"]

log = logging.getLogger(__name__)


PRINT_THEME = "black-on-white"
"""The theme the wall's bracket is printed in (ui/themes.py): black on white."""


def _xmp(title: str, lang: str = "en") -> bytes:
    """The document's XMP metadata: its title and language (Dublin Core), which is what Qt's
    PDF writer lets a document say of itself (it writes no structure tags)."""
    from html import escape as esc
    return ("<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>"
            "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF "
            "xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
            "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'>"
            f"<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>{esc(title)}</rdf:li></rdf:Alt>"
            f"</dc:title><dc:language><rdf:Bag><rdf:li>{esc(lang)}</rdf:li></rdf:Bag>"
            "</dc:language><dc:format>application/pdf</dc:format></rdf:Description>"
            "</rdf:RDF></x:xmpmeta><?xpacket end='w'?>").encode("utf-8")


def _writer(buffer: QBuffer, title: str, landscape: bool, page) -> QPdfWriter:
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("checkers-desktop")
    writer.setDocumentXmpMetadata(QByteArray(_xmp(title)))
    writer.setResolution(300)
    orientation = QPageLayout.Orientation.Landscape if landscape else \
        QPageLayout.Orientation.Portrait
    writer.setPageLayout(QPageLayout(QPageSize(page), orientation, QMarginsF(12, 12, 12, 12),
                                     QPageLayout.Unit.Millimeter))
    return writer


def _pdf_buffer() -> tuple[QByteArray, QBuffer]:
    """Where a PDF is laid out, in memory, before :func:`_written` writes it."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return data, buffer


def _written(path: Path, data: QByteArray, buffer: QBuffer) -> Path:
    """Write the PDF laid out in ``data`` to ``path`` atomically (``storage.atomic``: the old
    file stays whole if this fails). Raises ``OSError`` when nothing was laid out."""
    buffer.close()
    pdf = bytes(data.data())
    if not pdf.startswith(b"%PDF"):
        raise OSError(f"the PDF could not be written to {str(path)!r}")
    return write_atomic(path, pdf, make_folder=False)  # a place the organiser chose


def save_standings_pdf(standings, path: Path, *, event: str = "") -> Path:
    """Every division's standings (``standings``: ``StandingsView`` objects) to ``path``: a
    tagged large-print PDF, else (no WeasyPrint here) Qt's untagged one. Raises ``OSError``."""
    standings = list(standings)
    try:
        return tagged_pdf.write_tagged_pdf(standings_document(standings, event=event), path,
                                           title=f"Standings {event}".strip())
    except tagged_pdf.TaggedPdfUnavailable as exc:
        log.warning("standings PDF not tagged (%s)", exc)
    return save_html_pdf(standings_html(standings, event=event), Path(path), title="Standings")


BRACKET_DPI = tagged_pdf.PICTURE_DPI
"""The drawn bracket's picture in a tagged PDF, dots per inch of paper."""

PICTURE_INCHES = (10.1, 5.2)
"""The room the drawn bracket's picture takes on a landscape US Letter page under the two
headings (inches): a whole bracket is drawn there when it fits at :data:`NAME_PT`."""

PART_INCHES = (10.0, 5.6)
"""The most room one part's picture takes on its own landscape US Letter page, under its
heading and above two lines saying where its winners go (inches); a part that says more
leaves the picture less (:func:`part_room`)."""

_PAGE_HEIGHT = 8.5 - 2 * 12 / 25.4
"""The height inside a landscape US Letter page's 12 mm margins, inches."""
_HEADING_INCHES = 2 * 26 * 1.3 / 72 + 6 / 72
"""A part's heading: two lines of 26 pt (line height 1.3) and its margin, inches."""
_LINE_INCHES = 20 * 1.3 / 72
"""A line of 20 pt body text, inches."""
_LINE_CHARACTERS = 58
"""The characters a line of 20 pt holds across the page, counted low (DejaVu Sans)."""


def part_room(part: BracketPart) -> tuple[float, float]:
    """The room (width, height in inches) of ``part``'s picture on its page: the page less its
    heading and the sentences under the picture (where each winner at its edge goes, and where
    its players come from), at most :data:`PART_INCHES`."""
    lines = 0
    for pos, _nxt in part.leaving():
        third = pos[0] == rounds_for(part.size) - 1
        lines += -(-(75 + (45 if third else 0)) // _LINE_CHARACTERS)
    if part.entering():
        lines += -(-(40 + 22 * len(part.entering())) // _LINE_CHARACTERS)
    spare = 0.25  # paragraph margins, and room to spare
    height = _PAGE_HEIGHT - _HEADING_INCHES - lines * _LINE_INCHES - spare
    return PART_INCHES[0], min(PART_INCHES[1], height)

NAME_PT = tagged_pdf.BODY_PT
"""The names in the drawn bracket on paper, points (large print: 18 and over)."""

SMALL_RATIO = 0.9
"""The drawn bracket's captions, medical centers and "Winner of match 13" on paper, as a share
of :data:`NAME_PT` (18 points)."""

MAX_PART_SCALE = 1.25
"""A bracket printed in parts is drawn at most this much larger than :data:`NAME_PT`, the
same size on every part."""


def _best_fit(view: DivisionView, part: Optional[BracketPart], inches, dpi: int
              ) -> tuple[float, bool]:
    """(scale, stacked): the largest scale of :data:`NAME_PT` at which ``part`` fits
    ``inches``, and whether with names and centers stacked."""
    room_w, room_h = inches[0] * dpi, inches[1] * dpi
    font = NAME_PT * dpi / 72.0
    best: Optional[tuple[float, bool]] = None
    for stacked in (False, True):
        trial = layout_bracket(view, font, stacked=stacked, names_only_after_first=True,
                               part=part, small_ratio=SMALL_RATIO)
        scale = min(room_w / trial.width, room_h / trial.height)
        if best is None or scale > best[0]:
            best = (scale, stacked)
    assert best is not None  # two layouts were tried
    return best


def bracket_parts(view: DivisionView, dpi: int = BRACKET_DPI) -> list[BracketPart]:
    """How ``view``'s bracket is printed: one part (the whole bracket, under the headings of
    page 1) when it fits :data:`PICTURE_INCHES` with names at :data:`NAME_PT`; else cut at
    match boundaries into parts that each fit :data:`PART_INCHES` at that size
    (``tournament.bracket.split_bracket``: halves, quarters... then the later rounds)."""
    size = view.division.bracket_size or 0
    whole = BracketPart(size, 1, rounds_for(size), 0, max(1, size // 2))
    if _best_fit(view, whole, PICTURE_INCHES, dpi)[0] >= 1.0:
        return [whole]
    return split_bracket(size,
                         lambda part: _best_fit(view, part, part_room(part), dpi)[0] >= 1.0)


def _png(view: DivisionView, part: Optional[BracketPart], font_px: float, stacked: bool,
         dpi: int) -> bytes:
    from PySide6.QtGui import QImage

    lay = layout_bracket(view, font_px, stacked=stacked, names_only_after_first=True,
                         part=part, small_ratio=SMALL_RATIO)
    theme = get_theme(PRINT_THEME)
    image = QImage(max(1, int(lay.width)), max(1, int(lay.height)), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor(theme.background))
    painter = QPainter(image)
    try:
        paint_bracket(painter, view, lay, background=theme.background, text=theme.text,
                      focus=theme.text)
    finally:
        painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # a QIODevice: stubs lack it
    buffer.close()
    return bytes(data.data())


def bracket_png(view: DivisionView, inches=PICTURE_INCHES, dpi: int = BRACKET_DPI,
                part: Optional[BracketPart] = None, scale: Optional[float] = None) -> bytes:
    """The drawn bracket of ``view`` (or only ``part`` of it) in black on white, as PNG bytes:
    as large as ``inches`` (width, height) allow at ``dpi``, or at ``scale`` times
    :data:`NAME_PT` when given."""
    fit, stacked = _best_fit(view, part, inches, dpi)
    font = NAME_PT * dpi / 72.0 * (fit if scale is None else scale)
    return _png(view, part, font, stacked, dpi)


@dataclass(frozen=True)
class DrawnPart:
    """One part of a printed bracket: the part, its picture (PNG bytes at ``dpi``), and the
    size of its names on paper (points; its small type is :data:`SMALL_RATIO` of that)."""

    part: BracketPart
    png: bytes
    name_pt: float
    dpi: int


def bracket_pictures(view: DivisionView, dpi: int = BRACKET_DPI) -> list[DrawnPart]:
    """The parts of :func:`bracket_parts`, each drawn: a whole bracket as large as
    :data:`PICTURE_INCHES` allow; parts all at one size, :data:`NAME_PT` or up to
    :data:`MAX_PART_SCALE` times larger where every part fits :data:`PART_INCHES`. A part
    that cannot fit at :data:`NAME_PT` (one match of very long names) is shrunk to fit."""
    parts = bracket_parts(view, dpi)
    whole = len(parts) == 1 and parts[0].whole
    fits = {part: _best_fit(view, part, PICTURE_INCHES if whole else part_room(part), dpi)
            for part in parts}
    common = min(MAX_PART_SCALE, min(scale for scale, _ in fits.values()))
    if whole:
        common = fits[parts[0]][0]  # a whole bracket: as large as the page allows
    if common < 1.0:
        log.warning("a bracket part is printed below %s pt (%.2f)", NAME_PT, common)
    out = []
    for part in parts:
        scale, stacked = fits[part]
        name_pt = NAME_PT * (common if common >= 1.0 else scale)
        out.append(DrawnPart(part, _png(view, part, name_pt * dpi / 72.0, stacked, dpi),
                             name_pt, dpi))
    return out


def save_bracket_pdf(view: DivisionView, path: Path, *,
                     page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """Write ``view``'s bracket to ``path`` as a tagged large-print landscape PDF: the event and
    the division as headings, the standings as a table, the drawn bracket with names at
    :data:`NAME_PT` or larger (on page 1 when it fits there whole; else in parts cut at match
    boundaries, each on its own page with its heading, which part of the draw it shows and
    where the winners at its edge go next; each picture's text alternative says that the
    matches follow in words), then every match as a sentence ("Quarter-final 2, match 21:
    Walt Hunt, Bronx VAMC, beat Bo Diaz, Tampa VAMC, 2 games to 1"), in 20 pt. Without
    WeasyPrint: Qt's untagged PDF (:func:`_save_bracket_pdf_qt`). Raises ``OSError`` when the
    file was not written."""
    picture = None
    parts: list[tuple[BracketPart, str]] = []
    if view.division.drawn and view.matches:
        drawn = bracket_pictures(view)
        if len(drawn) == 1 and drawn[0].part.whole:
            picture = tagged_pdf.image_data_uri(drawn[0].png)
        else:
            parts = [(d.part, tagged_pdf.image_data_uri(d.png)) for d in drawn]
    alt = texts.bracket_picture_alt(view.division.label)
    try:
        return tagged_pdf.write_tagged_pdf(bracket_document(view, picture, alt, parts), path,
                                           title=f"Bracket {view.division.label}",
                                           landscape=True, extra_css=BRACKET_PARTS_CSS)
    except tagged_pdf.TaggedPdfUnavailable as exc:
        log.warning("bracket PDF not tagged (%s)", exc)
    return _save_bracket_pdf_qt(view, path, page=page)


def _save_bracket_pdf_qt(view: DivisionView, path: Path, *,
                         page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """The bracket as an untagged landscape PDF by ``QPdfWriter`` (its title and language in
    the document's metadata, which is as far as Qt goes): page 1 the heading, the standings
    and the drawn bracket when it fits there whole with names of :data:`NAME_PT`; else the
    bracket in the parts of :func:`bracket_pictures`, one a page with its heading and where
    its winners go; then every match as a sentence in 20 pt."""
    path = Path(path)
    data, buffer = _pdf_buffer()
    writer = _writer(buffer, f"Bracket {view.division.label}", True, page)
    dpi = writer.resolution()
    area = writer.pageLayout().paintRectPixels(dpi)
    theme = get_theme(PRINT_THEME)
    pt = dpi / 72.0
    d = view.division
    drawn = bracket_pictures(view) if d.drawn and view.matches else []
    in_parts = bool(drawn) and not (len(drawn) == 1 and drawn[0].part.whole)

    def font(points: float, bold: bool = False) -> QFont:
        f = no_ligatures(QFont())
        f.setPixelSize(round(points * pt))
        f.setBold(bold)
        return f

    heading = [(font(32, True), view.event or "Tournament"),
               (font(26, True), f"Division {d.label}")]
    if d.note:
        heading.append((font(20), d.note))
    if d.drawn:
        heading.append((font(20), f"Draw seed {d.draw_seed}; same-center first-round pairs "
                                   f"{d.same_center_pairs} (fewest possible "
                                   f"{d.minimum_same_center_pairs})"))
    standings = [(font(26, True), texts.standings_heading(d.label))] + \
        [(font(20), line) for line in view.standings.lines()]
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    painter = QPainter(writer)

    def paragraph(f: QFont, text: str, y: float) -> float:
        painter.setFont(f)
        rect = painter.boundingRect(QRectF(0, y, area.width(), area.height()), flags, text)
        painter.drawText(rect, flags, text)
        return rect.bottom() + 4 * pt

    try:
        painter.fillRect(QRectF(0, 0, area.width(), area.height()), QColor(theme.background))
        painter.setPen(QColor(theme.text))
        y = 0.0
        for f, line in heading:
            y = paragraph(f, line, y) - 2 * pt
        top = y + 8 * pt
        block_h = sum(QFontMetricsF(f).height() * 1.15 for f, _ in standings)
        block_w = max(QFontMetricsF(f).horizontalAdvance(line) for f, line in standings) + 8 * pt
        if drawn and not in_parts:
            lay, spot = _fit_bracket(view, area.width(), area.height() - top, block_w, block_h,
                                     pt)
            painter.save()
            painter.translate(0, top)
            paint_bracket(painter, view, lay, background=theme.background, text=theme.text,
                          focus=theme.text)
            painter.restore()
            sx, sy = spot[0], spot[1] + top
        elif in_parts:
            sx, sy = 0.0, top
        else:
            painter.setFont(font(20, True))
            painter.drawText(QRectF(0, top, area.width(), 40 * pt), flags,
                             texts.not_drawn_text(d.label))
            sx, sy = 0.0, top + 50 * pt
        for f, line in standings:
            painter.setFont(f)
            h = QFontMetricsF(f).height()
            painter.drawText(QRectF(sx, sy, area.width() - sx, h * 1.15), flags, line)
            sy += h * 1.15
        if in_parts:
            described = bracket_part_texts(view, [p.part for p in drawn])
            paragraph(font(20), texts.bracket_parts_text(d.label, len(described)), sy + 8 * pt)
            for picture, (_name, title, notes) in zip(drawn, described):
                writer.newPage()
                y = paragraph(font(26, True), title, 0.0) + 4 * pt
                image = QImage.fromData(picture.png)
                w = image.width() / picture.dpi * dpi
                h = image.height() / picture.dpi * dpi
                painter.drawImage(QRectF(0, y, w, h), image)
                y += h + 6 * pt
                for note in notes:
                    y = paragraph(font(20), note, y)
        # then every match as a sentence in large print, page after page
        lines = [line for line in division_lines(view, only=None)
                 if line not in view.standings.lines()]
        if lines:
            writer.newPage()
            y = 0.0
            head = font(26, True)
            body = font(20)
            painter.setFont(head)
            rect = painter.boundingRect(QRectF(0, y, area.width(), area.height()), flags,
                                        texts.matches_heading(d.label))
            painter.drawText(rect, flags, texts.matches_heading(d.label))
            y = rect.bottom() + 6 * pt
            painter.setFont(body)
            for line in lines:
                rect = painter.boundingRect(QRectF(0, y, area.width(), area.height()), flags,
                                            line)
                if rect.bottom() > area.height():
                    writer.newPage()
                    y = 0.0
                    rect = painter.boundingRect(QRectF(0, y, area.width(), area.height()),
                                                flags, line)
                painter.drawText(rect, flags, line)
                y = rect.bottom() + 4 * pt
    finally:
        painter.end()
    del writer  # finishes the document
    return _written(path, data, buffer)


def _fit_bracket(view: DivisionView, room_w: float, room_h: float, block_w: float,
                 block_h: float, pt: float):
    """The largest bracket layout that fits ``room_w`` x ``room_h`` (device pixels) with a
    ``block_w`` x ``block_h`` block (the standings) beside it: in the free space under the later
    rounds' columns if there is room, else under the bracket. Returns (layout, (x, y) of the
    block, relative to the bracket's top)."""
    gap = 12 * pt
    best = None
    for under in (False, True):
        height = room_h - (block_h + gap if under else 0)
        for stacked in (False, True):
            trial = layout_bracket(view, 18 * pt, stacked=stacked, names_only_after_first=True)
            scale = min(1.0, room_w / trial.width, height / trial.height)
            lay = layout_bracket(view, 18 * pt * scale, stacked=stacked,
                                 names_only_after_first=True)
            spot = (0.0, lay.height + gap / 2) if under else _free_corner(
                lay, room_w, room_h, block_w, block_h, gap)
            if spot is not None and (best is None or scale > best[0] + 1e-6):
                best = (scale, lay, spot)
    assert best is not None  # the first layout tried is kept
    return best[1], best[2]


def _free_corner(lay, room_w: float, room_h: float, block_w: float, block_h: float,
                 gap: float):
    """Where the block fits under the boxes of the last rounds (trying from the last column
    leftwards), or None."""
    rounds = sorted(lay.headers)
    for first in reversed(rounds[1:]):
        boxes = [b for (r, _i), b in lay.boxes.items() if r >= first]
        left = min(b.left() for b in boxes)
        below = max(b.bottom() for b in boxes) + gap
        if room_w - left >= block_w and room_h - below >= block_h:
            return (left, below)
    return None


def _document(html: str, device) -> QTextDocument:
    """``html`` laid out for ``device`` (the PDF writer: its own resolution, so that point sizes
    are true on paper)."""
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    font = QFont(doc.defaultFont())
    font.setPointSizeF(12)
    doc.setDefaultFont(no_ligatures(font))
    doc.setHtml(html)
    return doc


def save_html_pdf(html: str, path: Path, *, title: str, landscape: bool = False,
                  page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """Write ``html`` to ``path`` as a PDF titled ``title`` (12 mm margins). The content is laid
    out at its natural width and scaled down, never up, to fit the page's width; it runs over as
    many pages as it needs. Raises ``OSError`` when the file was not written."""
    path = Path(path)
    data, buffer = _pdf_buffer()
    writer = _writer(buffer, title, landscape, page)
    paint = writer.pageLayout().paintRectPixels(writer.resolution())
    doc = _document(html, writer)
    doc.setTextWidth(-1)
    natural = max(1.0, doc.idealWidth())
    scale = min(1.0, paint.width() / natural)
    width = paint.width() / scale
    doc.setTextWidth(width)
    page_height = paint.height() / scale
    painter = QPainter(writer)
    try:
        painter.scale(scale, scale)
        total = doc.size().height()
        top = 0.0
        while True:
            painter.save()
            painter.translate(0, -top)
            doc.drawContents(painter, QRectF(0, top, width, page_height))
            painter.restore()
            top += page_height
            if top >= total - 0.5:
                break
            writer.newPage()
    finally:
        painter.end()
    del writer  # finishes the document
    return _written(path, data, buffer)
