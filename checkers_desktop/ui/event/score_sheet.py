"""The match's score sheet on paper: its HTML (``checkers_desktop.session.score_sheet``) laid out
by ``QTextDocument`` and written as PDF with ``QPdfWriter`` (:func:`save_pdf`) or sent to a printer
chosen in ``QPrintDialog`` (:func:`print_html`) — Qt's printing support, nothing home-made.

The PDF is made in memory and written with ``storage.records.write_record``: atomically (a crash
while saving leaves the previous sheet whole) and sealed with the install's key.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import (QFont, QPageLayout, QPageSize, QPagedPaintDevice, QPdfWriter,
                           QTextBlockFormat, QTextCursor, QTextDocument)

from ...storage.records import write_record

__all__ = ["save_pdf", "pdf_bytes", "print_html"]


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


def pdf_bytes(html: str, page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> bytes:
    """``html`` laid out as a PDF (US Letter by default, 15 mm margins), in memory."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle("Checkers score sheet")
    writer.setCreator("checkers-desktop")
    writer.setPageLayout(QPageLayout(QPageSize(page), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    doc = _document(html)
    keep_headings_with_next(doc, writer)
    doc.print_(writer)
    del writer  # finishes the document
    buffer.close()
    return bytes(data.data())


def save_pdf(html: str, path: Path,
             page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """Write ``html`` as a PDF at ``path`` (see :func:`pdf_bytes`), atomically and sealed.
    Raises ``OSError`` when the file was not written (the previous sheet is then whole)."""
    path = Path(path)
    data = pdf_bytes(html, page)
    if not data.startswith(b"%PDF"):
        raise OSError(f"the score sheet could not be laid out for {str(path)!r}")
    return write_record(path, data)


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
