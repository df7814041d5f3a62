"""The match's score sheet on paper: its HTML (``checkers_desktop.session.score_sheet``) written
as a tagged large-print PDF (:func:`save_pdf`; PDF/UA-1, so a screen reader reads its headings,
tables and lists in order, by ``tournament.tagged_pdf``), or sent to a printer chosen in
``QPrintDialog`` (:func:`print_html`). Where WeasyPrint cannot be loaded, the PDF is laid out by
``QTextDocument`` and written with ``QPdfWriter`` (untagged, the same large print).

The PDF is made in memory and written with ``storage.records.write_record``: atomically (a crash
while saving leaves the previous sheet whole) and sealed with the install's key. The tagged layout
takes a second or two, so :class:`ScoreSheetWriter` writes Qt's layout at once and the tagged one
when a worker thread has made it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Optional

from PySide6.QtCore import (QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QObject,
                            QSizeF, Signal)
from PySide6.QtGui import (QFont, QPageLayout, QPageSize, QPagedPaintDevice, QPdfWriter,
                           QTextBlockFormat, QTextCursor, QTextDocument)

from ...storage.records import write_record
from ...tournament import tagged_pdf
from ..jobs import BackgroundJob

__all__ = ["save_pdf", "sheet_writer", "ScoreSheetWriter", "pdf_bytes", "qt_pdf_bytes",
           "print_html"]

log = logging.getLogger(__name__)


LARGE_PRINT_POINTS = 18.0
"""The sheet's body text (points): large print, as the tournament's PDFs; headings are larger."""


def _document(html: str) -> QTextDocument:
    doc = QTextDocument()
    font = QFont(doc.defaultFont())
    font.setPointSizeF(LARGE_PRINT_POINTS)
    # No ligatures: "ffi" stays three letters, so the PDF's text can be searched and read aloud.
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)
    doc.setDefaultFont(font)
    doc.setHtml(html)
    return doc


def _source_dpi() -> tuple[int, int]:
    """The resolution ``QTextDocument.print_`` takes its 2 cm margins in (Qt's default DPI:
    the primary screen's logical DPI, 100 without a screen)."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtGui import QGuiApplication

    if QCoreApplication.testAttribute(Qt.ApplicationAttribute.AA_Use96Dpi):
        return 96, 96
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 100, 100
    return round(screen.logicalDotsPerInchX()), round(screen.logicalDotsPerInchY())


def _paginated_like_print(doc: QTextDocument, device: QPagedPaintDevice) -> QTextDocument:
    """A copy of ``doc`` laid out on ``device``'s pages exactly as ``QTextDocument.print_``
    lays out a document with no page size of its own (the device's page, a 2 cm margin)."""
    copy = doc.clone()
    layout = copy.documentLayout()
    layout.setPaintDevice(device)
    fmt = copy.rootFrame().frameFormat()
    dpi_x, dpi_y = _source_dpi()
    fmt.setLeftMargin(int((2 / 2.54) * dpi_x))
    fmt.setRightMargin(int((2 / 2.54) * dpi_x))
    fmt.setTopMargin(int((2 / 2.54) * dpi_y))
    fmt.setBottomMargin(int((2 / 2.54) * dpi_y))
    copy.rootFrame().setFrameFormat(fmt)
    copy.setPageSize(QSizeF(device.width(), device.height()))
    return copy


def _first_line_bottom(layout, block) -> float:
    """Where ``block``'s first line ends, in the laid-out document (its page: that // page
    height)."""
    rect = layout.blockBoundingRect(block)
    lines = block.layout()
    if lines is None or lines.lineCount() == 0:
        return rect.top()
    return rect.top() + lines.lineAt(0).rect().bottom()


def _section_bottom(layout, heading) -> float:
    """Where the section ``heading`` starts ends: the bottom of the last block before the next
    heading (or the document's end)."""
    last = heading
    block = heading.next()
    while block.isValid() and block.blockFormat().headingLevel() == 0:
        last = block
        block = block.next()
    return layout.blockBoundingRect(last).bottom()


def keep_headings_with_next(doc: QTextDocument, device: QPagedPaintDevice) -> int:
    """Make every heading of ``doc`` (h1 to h6) start a new page when, printed on ``device``,
    it would end a page apart from the block that follows it ("Record" alone at the foot of a
    page, its list on the next), or when its section (up to the next heading) fits on one page
    but would be cut by a page's end (the match's summary on one page, the lines to sign on
    the next). ``QTextDocument`` ignores CSS ``page-break-after: avoid``, so the pages are laid
    out and a page break put before each such heading, one at a time (a break moves what
    follows). Returns the number of breaks added."""
    added = 0
    for _ in range(doc.blockCount()):
        laid = _paginated_like_print(doc, device)
        height = laid.pageSize().height()
        layout = laid.documentLayout()
        block = laid.begin()
        orphan = -1
        while block.isValid() and orphan < 0:
            following = block.next()
            fmt = block.blockFormat()
            if (fmt.headingLevel() > 0 and following.isValid()
                    and fmt.pageBreakPolicy() == QTextBlockFormat.PageBreakFlag.PageBreak_Auto):
                top = _first_line_bottom(layout, block)
                first_line = _first_line_bottom(layout, following)
                start = layout.blockBoundingRect(block).top()
                end = _section_bottom(layout, block)
                cut = end - start <= height and int(start // height) != int((end - 1) // height)
                if int(top // height) != int(first_line // height) or cut:
                    orphan = block.blockNumber()
            block = following
        if orphan < 0:
            return added
        cursor = QTextCursor(doc.findBlockByNumber(orphan))
        fmt = cursor.blockFormat()
        fmt.setPageBreakPolicy(QTextBlockFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        cursor.setBlockFormat(fmt)
        added += 1
    return added


SHEET_TITLE = "Checkers score sheet"
"""The PDF's title (its metadata, read out by a screen reader when the file opens)."""

_PAGE_CSS = {QPageSize.PageSizeId.Letter: "letter", QPageSize.PageSizeId.A4: "A4",
             QPageSize.PageSizeId.Legal: "legal"}


_SHEET_CSS = ("table { break-inside: auto; page-break-inside: auto; }\n"
              "h2, h3 { break-after: avoid; page-break-after: avoid; }\n")
"""A game's moves run on over pages (a row is never cut; the heading row is printed again on
each page), so a game's heading starts on the page where its first moves are."""


def _body(html: str) -> str:
    """The inside of ``html``'s ``<body>`` (all of it when it has none)."""
    low = html.lower()
    start = low.find("<body")
    if start < 0:
        return html
    start = low.find(">", start) + 1
    end = low.rfind("</body>")
    return html[start:end if end >= start else len(html)]


def pdf_bytes(html: str, page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> bytes:
    """``html`` laid out as a PDF (US Letter by default; A4 and Legal too), in memory: tagged
    (PDF/UA-1, language English, titled :data:`SHEET_TITLE`), body text
    ``tagged_pdf.BODY_PT`` points, a heading kept with what follows it and no table row, list
    entry or paragraph split across pages. Without WeasyPrint, :func:`qt_pdf_bytes`."""
    if page in _PAGE_CSS:
        try:
            return _tagged_layout(None, html, page, Path())[1]
        except tagged_pdf.TaggedPdfUnavailable:
            pass
    return qt_pdf_bytes(html, page)


def qt_pdf_bytes(html: str, page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> bytes:
    """``html`` laid out by ``QTextDocument`` as an untagged PDF (15 mm margins, body text
    :data:`LARGE_PRINT_POINTS`, a heading kept with what follows it), in memory."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(SHEET_TITLE)
    writer.setCreator("checkers-desktop")
    writer.setPageLayout(QPageLayout(QPageSize(page), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    doc = _document(html)
    keep_headings_with_next(doc, writer)
    doc.print_(writer)
    del writer  # finishes the document
    buffer.close()
    return bytes(data.data())


class ScoreSheetWriter(QObject):
    """Writes score sheets as PDF without holding up the window: :meth:`write` writes the sheet
    at once as ``QTextDocument`` lays it out (:func:`qt_pdf_bytes`, about a tenth of a second),
    then lays it out tagged (:func:`pdf_bytes`, a second or two) on a worker thread and, back on
    the GUI thread, puts that in its place (atomically and sealed), unless a newer sheet was
    written to the same path meanwhile. Without WeasyPrint the first file stays.

    Signal ``tagged(object path)``: the tagged sheet is in place at ``path``."""

    tagged = Signal(object)

    def __init__(self, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.job = BackgroundJob("score-sheet", self)
        self.job.finished.connect(self._laid_out)
        self.job.failed.connect(self._not_laid_out)
        self._latest: dict[Path, int] = {}

    def write(self, html: str, path: Path,
              page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
        """Write ``html`` as a PDF at ``path`` now, and its tagged layout when it is ready.
        Returns the path. Raises ``OSError`` when the file was not written (the previous sheet
        is then whole)."""
        path = Path(path)
        data = qt_pdf_bytes(html, page)
        if not data.startswith(b"%PDF"):
            raise OSError(f"the score sheet could not be laid out for {str(path)!r}")
        write_record(path, data)
        if page in _PAGE_CSS:
            self._latest[path] = self.job.start(_tagged_layout, html, page, path, replace=False)
        return path

    def _laid_out(self, result: tuple[Path, bytes], token: int) -> None:
        path, data = result
        if self._latest.get(path) != token:
            return  # a newer sheet was written there since
        del self._latest[path]
        try:
            write_record(path, data)
        except OSError as exc:
            log.error("the tagged score sheet could not be written to %s: %s", path, exc)
            return
        self.tagged.emit(path)

    def _not_laid_out(self, error: object, token: int) -> None:
        for path, latest in list(self._latest.items()):
            if latest == token:
                del self._latest[path]
        if not isinstance(error, tagged_pdf.TaggedPdfUnavailable):
            log.error("the score sheet could not be laid out tagged: %s", error)


def _tagged_layout(stop, html: str, page: QPageSize.PageSizeId, path: Path) -> tuple[Path, bytes]:
    """The worker's part of :class:`ScoreSheetWriter`: no Qt object is touched here."""
    css = f"@page {{ size: {_PAGE_CSS[page]} portrait; }}\n{_SHEET_CSS}"
    data = tagged_pdf.tagged_pdf_bytes(_body(html), title=SHEET_TITLE, lang="en", extra_css=css)
    return path, data


_writer: Optional[ScoreSheetWriter] = None


def sheet_writer() -> ScoreSheetWriter:
    """The application's one :class:`ScoreSheetWriter` (made on first use, on the GUI thread)."""
    global _writer
    if _writer is None:
        _writer = ScoreSheetWriter(QCoreApplication.instance())
    return _writer


def save_pdf(html: str, path: Path,
             page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """Write ``html`` as a PDF at ``path`` through :func:`sheet_writer` (at once, then tagged
    when laid out). Raises ``OSError`` when the file was not written (the previous sheet is then
    whole)."""
    return sheet_writer().write(html, path, page)


def print_html(html: str, parent=None, dialog_factory=None) -> bool:
    """Ask for a printer with ``QPrintDialog`` and print ``html`` on it. Returns False when the
    dialog is cancelled. ``dialog_factory(printer, parent)`` replaces the dialog in tests."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = (dialog_factory or QPrintDialog)(printer, parent)
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    doc = _document(html)
    keep_headings_with_next(doc, printer)
    doc.print_(printer)
    return True
