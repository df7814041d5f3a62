"""The tournament's PDFs are large print and tagged for screen readers: body text 18 pt and
over, headings larger, no table row or heading split from what follows it across a page, and
a PDF/UA structure (headings, tables, the bracket as a figure with its text alternative, the
language), read back with poppler (pdftotext -bbox-layout, pdfinfo -struct-text) and looked at
as pages (pdftoppm)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from checkers_desktop.tournament.store import Tournament

from tournament_ui_helpers import PLAYERS40

pytestmark = pytest.mark.skipif(shutil.which("pdfinfo") is None or shutil.which("pdftotext")
                                is None, reason="poppler-utils is not installed")


def _tournament(path: Path) -> Tournament:
    t = Tournament.open(str(path), name="Golden Age Games test")
    t.import_competitors(str(PLAYERS40))
    t.make_divisions(merges=[("55-59", "60-64")])
    for d in t.divisions():
        t.draw(d.key, seed=2026)
    for m in [m for m in t.playable() if m.division_key == "70-74"][:4]:
        t.enter_result(m.number, [m.a.name, m.b.name, m.a.name])
    return t


def _line_heights(pdf: Path) -> list[tuple[float, str]]:
    """(height in points, text) of every line pdftotext finds."""
    out = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    lines = []
    for m in re.finditer(r'<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">'
                         r'(.*?)</line>', out, re.S):
        words = " ".join(re.findall(r">([^<]*)</word>", m.group(3)))
        lines.append((float(m.group(2)) - float(m.group(1)), words))
    return lines


def _objects(pdf: Path) -> bytes:
    """The PDF's objects, its compressed object streams opened."""
    import zlib

    data = pdf.read_bytes()
    out = [data]
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            pass
    return b"\n".join(out)


def _structure(pdf: Path) -> str:
    return subprocess.run(["pdfinfo", "-struct-text", str(pdf)], capture_output=True,
                          text=True, check=True).stdout


def test_the_bracket_and_standings_pdfs_are_large_print_and_tagged(qapp, tmp_path):
    from checkers_desktop.ui.tournament.printing import save_bracket_pdf, save_standings_pdf

    t = _tournament(tmp_path / "t.db")
    bracket = save_bracket_pdf(t.division_view("70-74"), tmp_path / "bracket.pdf")
    standings = save_standings_pdf([t.standings(d.key) for d in t.divisions() if d.drawn],
                                   tmp_path / "standings.pdf", event="Golden Age Games test")
    for pdf in (bracket, standings):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert re.search(r"Tagged:\s+yes", info), info
        tree = _structure(pdf)
        assert "H1" in tree and "H2" in tree and "Table" in tree and "TH" in tree, tree[:2000]
        heights = _line_heights(pdf)
        # text of 18 pt stands about 18 * 1.17 points high in pdftotext's boxes (DejaVu Sans)
        assert heights and min(h for h, _ in heights) >= 18 * 1.1, sorted(heights)[:5]
    tree = _structure(bracket)
    assert "Figure" in tree and "L" in tree and "LI" in tree
    objects = _objects(bracket)
    assert b"/Lang (en)" in objects and b"/StructTreeRoot" in objects
    meta = subprocess.run(["pdfinfo", "-meta", str(bracket)], capture_output=True,
                          text=True).stdout
    assert 'pdfuaid:part="1"' in meta
    # every heading is larger than the body text
    heights = _line_heights(standings)
    heading = next(h for h, text in heights if text.startswith("Standings,"))
    body = next(h for h, text in heights if text == "Gold")
    assert heading > body * 1.15
    if shutil.which("pdftoppm"):
        out = Path(str(tmp_path / "page"))
        subprocess.run(["pdftoppm", "-png", "-r", "40", str(bracket), str(out)], check=True)
        assert list(tmp_path.glob("page*.png"))


def test_no_standings_row_is_split_across_pages(qapp, tmp_path):
    """Each table row stays whole on one page: the text of a row is found on one page."""
    from checkers_desktop.ui.tournament.printing import save_standings_pdf

    t = _tournament(tmp_path / "t.db")
    standings = [t.standings(d.key) for d in t.divisions() if d.drawn]
    pdf = save_standings_pdf(standings, tmp_path / "s.pdf", event="Golden Age Games test")
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    for st in standings:
        for line in st.lines():
            place, who = line.split(": ", 1)
            first = who.split(",")[0]
            assert any(place in page and first in page for page in pages), (line, len(pages))
