"""The match's score sheet on paper: its HTML (``checkers_desktop.session.score_sheet``) laid out
by ``QTextDocument`` and written as PDF with ``QPdfWriter`` (:func:`save_pdf`) or sent to a printer
chosen in ``QPrintDialog`` (:func:`print_html`) — Qt's printing support, nothing home-made.

The PDF is made in memory and written with ``storage.records.write_record``: atomically (a crash
while saving leaves the previous sheet whole) and sealed with the install's key.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from ...storage.records import write_record

__all__ = ["save_pdf", "pdf_bytes", "print_html"]


def _document(html: str) -> QTextDocument:
    doc = QTextDocument()
    font = QFont(doc.defaultFont())
    font.setPointSizeF(11)
    # No ligatures: "ffi" stays three letters, so the PDF's text can be searched and read aloud.
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)
    doc.setDefaultFont(font)
    doc.setHtml(html)
    return doc


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
    _document(html).print_(printer)
    return True
