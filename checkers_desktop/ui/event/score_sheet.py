"""The match's score sheet on paper: its HTML (``checkers_desktop.session.score_sheet``) laid out
by ``QTextDocument`` and written as PDF with ``QPdfWriter`` (:func:`save_pdf`) or sent to a printer
chosen in ``QPrintDialog`` (:func:`print_html`) — Qt's printing support, nothing home-made.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPdfWriter, QTextDocument

__all__ = ["save_pdf", "print_html"]


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


def save_pdf(html: str, path: Path,
             page: QPageSize.PageSizeId = QPageSize.PageSizeId.Letter) -> Path:
    """Write ``html`` as a PDF at ``path`` (US Letter by default, 15 mm margins) with
    ``QPdfWriter``. Raises ``OSError`` when the file was not written."""
    path = Path(path)
    writer = QPdfWriter(str(path))
    writer.setTitle("Checkers score sheet")
    writer.setCreator("checkers-desktop")
    writer.setPageLayout(QPageLayout(QPageSize(page), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    doc = _document(html)
    doc.print_(writer)
    del writer  # finishes the file
    if not path.exists() or path.stat().st_size == 0:
        raise OSError(f"the score sheet could not be written to {str(path)!r}")
    return path


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
