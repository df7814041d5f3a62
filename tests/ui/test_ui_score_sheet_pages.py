"""The score sheet on paper: a heading ("Record", "Game 2") never ends a page apart from what
follows it, large print, tagged for a screen reader (PDF/UA: headings, tables, lists, language,
title); the PDF's pages are read back with poppler's pdftotext and pdfinfo. Both layouts are
checked: the tagged one (WeasyPrint) and Qt's, used where WeasyPrint cannot be loaded."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from checkers_desktop.tournament import tagged_pdf
from checkers_desktop.ui.event import score_sheet
from checkers_desktop.ui.event.score_sheet import pdf_bytes, qt_pdf_bytes

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


LAYOUTS = [pytest.param(pdf_bytes, id="tagged", marks=pytest.mark.skipif(
    not tagged_pdf.available(), reason="WeasyPrint (or Pango) is not installed")),
    pytest.param(qt_pdf_bytes, id="qt")]


@pytest.mark.parametrize("lay_out", LAYOUTS)
def test_the_record_heading_is_never_alone_at_the_foot_of_a_page(qapp, tmp_path, lay_out):
    """With the heading pushed down line by line, wherever the page ends it takes the heading
    with the first entry of its list to the next page."""
    pages_seen = set()
    for lines in range(8, 20):
        html = ("<html><body>" + "".join(f"<p>Move row {i}</p>" for i in range(lines))
                + "<h3>Record</h3><ul>"
                + "".join(f"<li>entry {i}</li>" for i in range(6)) + "</ul></body></html>")
        path = tmp_path / f"sheet-{lines}.pdf"
        path.write_bytes(lay_out(html))
        pages = _pages(path)
        pages_seen.add(len(pages))
        for number, page in enumerate(pages, 1):
            assert page and page[-1] != "Record", (lines, number, page[-3:])
        where = [n for n, page in enumerate(pages) if "Record" in page]
        page = pages[where[0]] if len(where) == 1 else []
        assert page and "entry 0" in page[page.index("Record") + 1]
    assert pages_seen == {1, 2}  # the heading did reach the foot of the first page


@pytest.mark.parametrize("lay_out", LAYOUTS)
def test_the_score_sheet_is_large_print(qapp, tmp_path, lay_out):
    """Body text, table cells and list entries at 18 pt or more (pdftotext's line boxes: text
    of 18 pt stands about 18 * 1.17 points high in DejaVu Sans), headings larger."""
    import re

    html = ("<html><body><h1>Score sheet</h1><p>Event: Golden Age Games</p>"
            "<table border='1'><tr><th>No.</th><th>Black (Ann Lee)</th><th>Red (Bo Diaz)</th>"
            "</tr><tr><td>1</td><td>11-15</td><td>23-19</td></tr></table>"
            "<h3>Record</h3><ul><li>Game 1: Ann Lee wins</li></ul></body></html>")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(lay_out(html))
    out = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    heights = {}
    for m in re.finditer(r'<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">'
                         r'(.*?)</line>', out, re.S):
        words = " ".join(re.findall(r">([^<]*)</word>", m.group(3)))
        heights[words] = float(m.group(2)) - float(m.group(1))
    assert heights and min(heights.values()) >= 18 * 1.1, heights
    assert heights["Score sheet"] > heights["Event: Golden Age Games"]


SHEET = ("<html><body><h1>Checkers score sheet</h1><p><b>Event:</b> Golden Age Games</p>"
         "<h2>Players</h2><table border='1'><tr><th>Player</th><th>Age group</th></tr>"
         "<tr><td>Ann Lee</td><td>70-74</td></tr></table><h2>Game 1</h2>"
         "<table border='1'><thead><tr><th>No.</th><th>Black (Ann Lee)</th>"
         "<th>White (Bo Diaz)</th></tr></thead>"
         + "".join(f"<tr><td>{i}</td><td>11-15</td><td>23-19</td></tr>" for i in range(1, 31))
         + "</table><p><b>Result:</b> Drawn</p><h3>Record</h3><ul><li>Official: warning</li>"
         "</ul><h2>Match</h2><p>Drawn, 1 game each.</p></body></html>")


def _info(path) -> str:
    return subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout


def _structure(path) -> str:
    return subprocess.run(["pdfinfo", "-struct-text", str(path)], capture_output=True,
                          text=True).stdout


needs_weasyprint = pytest.mark.skipif(not tagged_pdf.available(),
                                      reason="WeasyPrint (or Pango) is not installed")


@needs_weasyprint
def test_the_saved_score_sheet_is_tagged_for_a_screen_reader(qapp, qtbot, tmp_path):
    """The sheet is on disk at once (Qt's layout) and, a moment later, tagged: headings,
    tables with header cells, the list, the language and the title, its text still large print;
    each game's moves run on over pages with the heading row again, no game heading alone."""
    import re

    path = tmp_path / "score-sheet.pdf"
    writer = score_sheet.ScoreSheetWriter()
    with qtbot.waitSignal(writer.tagged, timeout=60_000) as done:
        assert writer.write(SHEET, path) == path
        assert path.read_bytes().startswith(b"%PDF")  # written before the tagged layout
    assert done.args == [path]
    info = _info(path)
    assert re.search(r"Tagged:\s+yes", info), info
    assert re.search(r"Title:\s+Checkers score sheet", info), info
    tree = _structure(path)
    for tag in ("H1", "H2", "H3", "Table", "TH", "TD", "L", "LI"):
        assert re.search(rf"^\s*{tag}\b", tree, re.M), (tag, tree[:1500])
    meta = subprocess.run(["pdfinfo", "-meta", str(path)], capture_output=True,
                          text=True).stdout
    assert 'pdfuaid:part="1"' in meta
    pages = _pages(path)
    assert len(pages) >= 2
    for page in pages:
        assert page[-1] not in ("Game 1", "Record", "Match"), page[-3:]
    assert all("No." in page[0] for page in pages[1:] if "11-15" in " ".join(page))


@needs_weasyprint
def test_a_newer_sheet_written_meanwhile_is_not_replaced_by_an_older_tagged_one(
        qapp, qtbot, tmp_path):
    path = tmp_path / "score-sheet.pdf"
    writer = score_sheet.ScoreSheetWriter()
    tagged = []
    writer.tagged.connect(tagged.append)
    writer.write(SHEET, path)
    newer = SHEET.replace("Drawn, 1 game each.", "Ann Lee wins the match, 2 games to 0.")
    writer.write(newer, path)
    qtbot.waitUntil(lambda: not writer.job.busy and bool(tagged), timeout=60_000)
    qtbot.wait(50)  # the queued answer of the first job reaches the GUI thread too
    assert tagged == [path]
    text = " ".join(" ".join(page) for page in _pages(path))
    assert "2 games to 0" in text and "1 game each" not in text
    assert re.search(r"Tagged:\s+yes", _info(path))


def test_without_weasyprint_the_saved_sheet_stays_as_qt_laid_it_out(qapp, qtbot, tmp_path,
                                                                      monkeypatch):
    def unavailable(*_args, **_kwargs):
        raise tagged_pdf.TaggedPdfUnavailable("no WeasyPrint here")

    monkeypatch.setattr(tagged_pdf, "tagged_pdf_bytes", unavailable)
    path = tmp_path / "score-sheet.pdf"
    writer = score_sheet.ScoreSheetWriter()
    writer.write(SHEET, path)
    assert writer.job.wait(30)
    first = path.read_bytes()
    qtbot.wait(50)
    assert path.read_bytes() == first and first.startswith(b"%PDF")
    assert "Drawn, 1 game each." in " ".join(" ".join(page) for page in _pages(path))
    assert pdf_bytes(SHEET).startswith(b"%PDF")  # Qt's layout
