"""Large-print PDFs that a screen reader can read: tagged (PDF/UA-1: headings, tables, lists,
figures with their text alternative, the reading order of the HTML, the document's language and
title), written from HTML by WeasyPrint (``weasyprint``, which lays the text out with Pango).

Large print, as the tournament's papers on the wall and in the players' hands need it: body text
:data:`BODY_PT` points, headings larger (:data:`HEADING_PT`), black on white, nothing split across
pages (a heading stays with what follows it; a table row, a list item or a paragraph never breaks
across a page). No Qt here; the window renders the drawn bracket as a picture and passes it in.
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Iterable, Optional, Union

from ..storage.atomic import write_atomic

__all__ = ["BODY_PT", "HEADING_PT", "TaggedPdfUnavailable", "available", "tagged_pdf_bytes",
           "write_tagged_pdf", "image_data_uri", "large_print_css", "table_html"]

BODY_PT = 20
"""Body text, points (large print is 18 pt and over)."""

HEADING_PT = (32, 26, 22)
"""The headings' sizes, points: h1, h2, h3 (each larger than the body)."""


PICTURE_DPI = 150
"""Pictures (the drawn bracket) are made at this many dots per inch of paper, and printed so."""


class TaggedPdfUnavailable(RuntimeError):
    """WeasyPrint (or the Pango library it uses) is not installed: no tagged PDF can be made."""


def available() -> bool:
    """True when a tagged PDF can be written here (WeasyPrint and Pango load)."""
    try:
        import weasyprint  # noqa: F401
    except Exception:  # noqa: BLE001 - ImportError, or OSError for a missing Pango
        return False
    return True


def large_print_css(landscape: bool = False) -> str:
    """The style sheet of every tagged PDF (US Letter, 12 mm margins)."""
    h1, h2, h3 = HEADING_PT
    return (
        f"@page {{ size: letter {'landscape' if landscape else 'portrait'}; margin: 12mm; }}\n"
        f"html {{ font-family: 'DejaVu Sans', sans-serif; font-size: {BODY_PT}pt; "
        "color: black; background: white; line-height: 1.3; }\n"
        f"h1 {{ font-size: {h1}pt; margin: 0 0 8pt 0; }}\n"
        f"h2 {{ font-size: {h2}pt; margin: 14pt 0 6pt 0; }}\n"
        f"h3 {{ font-size: {h3}pt; margin: 10pt 0 4pt 0; }}\n"
        "h1, h2, h3 { break-after: avoid; page-break-after: avoid; }\n"
        "p, li, tr, figure, table, section { break-inside: avoid; page-break-inside: avoid; }\n"
        "table { border-collapse: collapse; margin: 4pt 0 10pt 0; }\n"
        "th, td { border: 2px solid black; padding: 4pt 10pt; text-align: left; "
        "vertical-align: top; }\n"
        "thead { display: table-header-group; }\n"
        "ul { margin: 0; padding-left: 1.2em; } li { margin: 0 0 6pt 0; }\n"
        "figure { margin: 0; } figure img { display: block; max-width: 100%; "
        f"image-resolution: {PICTURE_DPI}dpi; }}\n"
        ".note { font-size: inherit; }\n")


def image_data_uri(png: bytes) -> str:
    """A PNG picture as a ``data:`` address to put in an ``<img src=...>``."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def tagged_pdf_bytes(body_html: str, *, title: str, lang: str = "en", landscape: bool = False,
                     extra_css: str = "") -> bytes:
    """``body_html`` (the inside of ``<body>``: headings, tables, lists, figures) laid out as a
    tagged large-print PDF titled ``title`` in the language ``lang`` (BCP 47), in memory.
    ``extra_css`` comes after the large-print style sheet, so it may change the page
    (``@page { size: A4; }``). Raises :class:`TaggedPdfUnavailable` when WeasyPrint cannot be
    loaded."""
    try:
        from weasyprint import CSS, HTML
    except Exception as exc:  # noqa: BLE001 - ImportError, or OSError for a missing Pango
        raise TaggedPdfUnavailable(str(exc)) from None
    document = (f"<!DOCTYPE html><html lang='{escape(lang)}'><head><meta charset='utf-8'>"
                f"<title>{escape(title)}</title></head><body>{body_html}</body></html>")
    pdf = HTML(string=document, base_url=None).write_pdf(
        stylesheets=[CSS(string=large_print_css(landscape) + extra_css)],
        pdf_variant="pdf/ua-1", uncompressed_pdf=False)
    return bytes(pdf)


def write_tagged_pdf(body_html: str, path: Union[str, Path], *, title: str, lang: str = "en",
                     landscape: bool = False, extra_css: str = "") -> Path:
    """Write ``body_html`` to ``path`` as :func:`tagged_pdf_bytes` lays it out, written to a
    temporary file first and put in place whole. Returns the path. Raises
    :class:`TaggedPdfUnavailable` when WeasyPrint cannot be loaded, ``OSError`` when the file
    cannot be written."""
    pdf = tagged_pdf_bytes(body_html, title=title, lang=lang, landscape=landscape,
                           extra_css=extra_css)
    return write_atomic(Path(path), pdf, make_folder=False)  # a place the organiser chose


def table_html(caption: Optional[str], header: tuple[str, ...],
               rows: Iterable[tuple[str, ...]]) -> str:
    """A table with its header row (``th``, scope col) and ``rows`` (each a tuple of cells; the
    first is the row's header, ``th`` scope row), texts escaped."""
    head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + f"<th scope='row'>{escape(row[0])}</th>"
        + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:]) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
