"""The score sheet on paper: a heading ("Record", "Game 2") never ends a page apart from what
follows it; the PDF's pages are read back with poppler's pdftotext."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from checkers_desktop.ui.event.score_sheet import pdf_bytes

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext (poppler-utils) is not installed")


def _pages(path) -> list[list[str]]:
    """Each page's lines of text, page numbers left out."""
    pages = []
    for page in range(1, 20):
        run = subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page),
                              str(path), "-"], capture_output=True, text=True)
        if run.returncode != 0:
            break
        lines = [line.strip() for line in run.stdout.splitlines() if line.strip()]
        pages.append([line for line in lines if not line.isdigit()])
    return pages


def test_the_record_heading_is_never_alone_at_the_foot_of_a_page(qapp, tmp_path):
    """With the heading pushed down line by line, wherever the page ends it takes the heading
    with the first entry of its list to the next page."""
    pages_seen = set()
    for lines in range(8, 20):
        html = ("<html><body>" + "".join(f"<p>Move row {i}</p>" for i in range(lines))
                + "<h3>Record</h3><ul>"
                + "".join(f"<li>entry {i}</li>" for i in range(6)) + "</ul></body></html>")
        path = tmp_path / f"sheet-{lines}.pdf"
        path.write_bytes(pdf_bytes(html))
        pages = _pages(path)
        pages_seen.add(len(pages))
        for number, page in enumerate(pages, 1):
            assert page and page[-1] != "Record", (lines, number, page[-3:])
        where = [n for n, page in enumerate(pages) if "Record" in page]
        page = pages[where[0]] if len(where) == 1 else []
        assert page and "entry 0" in page[page.index("Record") + 1]
    assert pages_seen == {1, 2}  # the heading did reach the foot of the first page


def test_the_score_sheet_is_large_print(qapp, tmp_path):
    """Body text, table cells and list entries at 18 pt or more (pdftotext's line boxes: text
    of 18 pt stands about 18 * 1.17 points high in DejaVu Sans), headings larger."""
    import re

    html = ("<html><body><h1>Score sheet</h1><p>Event: Golden Age Games</p>"
            "<table border='1'><tr><th>No.</th><th>Black (Ann Lee)</th><th>Red (Bo Diaz)</th>"
            "</tr><tr><td>1</td><td>11-15</td><td>23-19</td></tr></table>"
            "<h3>Record</h3><ul><li>Game 1: Ann Lee wins</li></ul></body></html>")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf_bytes(html))
    out = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    heights = {}
    for m in re.finditer(r'<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">'
                         r'(.*?)</line>', out, re.S):
        words = " ".join(re.findall(r">([^<]*)</word>", m.group(3)))
        heights[words] = float(m.group(2)) - float(m.group(1))
    assert heights and min(heights.values()) >= 18 * 1.1, heights
    assert heights["Score sheet"] > heights["Event: Golden Age Games"]
