"""The tournament's PDFs are large print and tagged for screen readers: body text 18 pt and
over, headings larger, no table row or heading split from what follows it across a page, and
a PDF/UA structure (headings, tables, the bracket as a figure with its text alternative, the
language), read back with poppler (pdftotext -bbox-layout, pdfinfo -struct-text) and looked at
as pages (pdftoppm)."""

from __future__ import annotations

import os
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
    """Each table stays whole on one page, and so each row: the text of a row is found on one
    page, and every page holds as many header rows as last rows."""
    from checkers_desktop.ui.tournament.printing import save_standings_pdf

    t = _tournament(tmp_path / "t.db")
    standings = [t.standings(d.key) for d in t.divisions() if d.drawn]
    pdf = save_standings_pdf(standings, tmp_path / "s.pdf", event="Golden Age Games test")
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    for page in pages:  # every table whole on its page: its header row with its last row
        assert page.count("Place") == page.count("Fourth"), page
    for st in standings:
        for line in st.lines():
            place, who = line.split(": ", 1)
            first = who.split(",")[0]
            assert any(place in page and first in page for page in pages), (line, len(pages))


def _sixteen(path: Path, count: int = 16) -> Tournament:
    """A division of ``count`` (70-74), drawn, five results entered."""
    from checkers_desktop.tournament.model import CompetitorInput

    t = Tournament.open(str(path), name="Golden Age Games test")
    names = ["Ann Lee", "Bo Diaz", "Cy Rowe", "Dee Sims", "Ed Park", "Flo Grant", "Gus Hale",
             "Hal Ives", "Ida Jones", "Jack Kerr", "Kay Lund", "Lou Moss", "Max Nash",
             "Nell Ortiz", "Otto Pike", "Pat Quinn", "Ray Ross", "Sue Tate", "Tom Underwood",
             "Uma Vance", "Vic West", "Wes Young", "Xena Zorn", "Yul Abbott"]
    centers = ["Tampa VAMC", "Bronx VAMC", "Reno VAMC", "Boise VAMC", "Salt Lake City VAMC"]
    for i, name in enumerate(names[:count]):
        t.add_competitor(CompetitorInput(name, centers[i % 5], "70-74"))
    t.make_divisions()
    t.draw(t.divisions()[0].key, seed=2026)
    for m in list(t.playable())[:5]:
        t.enter_result(m.number, [m.a.name, m.b.name, m.a.name])
    return t


@pytest.mark.parametrize("count", [16, 24])
def test_a_bracket_of_16_is_printed_in_parts_with_names_of_18_pt_and_over(qapp, tmp_path,
                                                                          count):
    """Drawn whole on one page, 16 names came out at about 9 pt. The bracket is cut at match
    boundaries into parts, one a page: every name and caption of every picture is 18 pt or
    larger on paper (the picture printed at its own resolution, inside the page's room), every
    match is in exactly one part, each part's page carries its heading ("bracket part 2 of
    5"), its picture and where its winners go next, and the matches follow in words."""
    from checkers_desktop.ui.tournament import printing

    from checkers_desktop.tournament.printout import bracket_part_texts

    t = _sixteen(tmp_path / "t.db", count)
    view = t.division_view(t.divisions()[0].key)
    pdf = printing.save_bracket_pdf(view, tmp_path / "bracket.pdf")
    if shutil.which("pdfimages"):  # more than one picture: the bracket is cut into parts
        listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True,
                                 text=True, check=True).stdout.splitlines()[2:]
        assert len(listing) >= 3, listing
    drawn = printing.bracket_pictures(view)
    assert len(drawn) >= 3, [d.part for d in drawn]
    positions = [pos for d in drawn for pos in d.part.positions()]
    assert sorted(positions) == sorted((m.round, m.index) for m in view.matches)
    for d in drawn:
        assert d.name_pt >= 20 and d.name_pt * printing.SMALL_RATIO >= 18, d
        from PySide6.QtGui import QImage
        image = QImage.fromData(d.png)
        inches = (image.width() / d.dpi, image.height() / d.dpi)
        room = printing.part_room(d.part)
        assert inches[0] <= room[0] + 0.01 and inches[1] <= room[1] + 0.01, (inches, room)
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    total = len(drawn)
    described = bracket_part_texts(view, [d.part for d in drawn])
    for number, (_name, _heading, notes) in enumerate(described, 1):
        heading = f"bracket part {number} of {total}"
        holding = [p for p in pages if heading in " ".join(p.split())]
        assert len(holding) == 1, (heading, len(holding))
        page = " ".join(holding[0].split())
        assert notes and all(note in page for note in notes), (number, notes, page)
    # page 1: the headings, the standings and how the bracket follows; part 1 on page 2
    assert "Standings" in pages[0] and f"follows in {total} parts" in " ".join(pages[0].split())
    assert f"bracket part 1 of {total}" in " ".join(pages[1].split())
    # the quarter holding match 1 says where its winner goes
    first = " ".join(next(p for p in pages if "bracket part 1 of" in " ".join(p.split())).split())
    assert "goes on to" in first and "in part " in first, first
    # a part of the final and the third place alone: the semi-finals' losers play for third
    last = " ".join(described[-1][2])
    alone = drawn[-1].part.first_round == drawn[-1].part.last_round
    assert ("The final's players are the winners of" in last) is alone, last
    assert ("the third place, match" in last and "is played by their losers" in last) is alone
    assert alone or last.startswith("Its players are the winners of"), last
    if shutil.which("pdfimages"):
        listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True,
                                 text=True, check=True).stdout.splitlines()[2:]
        images = [line.split() for line in listing if line.split()[2] == "image"]
        assert len(images) == total
        # printed at the resolution it was drawn at: not scaled down by the page
        assert all(abs(int(row[12]) - printing.BRACKET_DPI) <= 2 for row in images), listing
    assert any("every match" in p for p in pages)
    played = next(m for m in view.matches if m.kind == "played")
    assert any(played.line() in " ".join(p.split()) for p in pages), played.line()
    if shutil.which("pdftoppm"):
        keep = os.environ.get("CHECKERS_BRACKET_PAGES")
        out = Path(keep) if keep else tmp_path
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(out / "part")],
                       check=True)
        assert len(list(out.glob("part*.png"))) == len(pages) - (pages[-1].strip() == "")


def test_without_weasyprint_the_bracket_of_16_is_printed_in_parts_too(qapp, tmp_path,
                                                                       monkeypatch):
    """Where WeasyPrint cannot be loaded, Qt writes the PDF: the bracket of 16 in the same
    parts, one a page (each picture at its own resolution: names of 20 pt), the title and the
    language in the document's metadata."""
    from checkers_desktop.tournament import tagged_pdf
    from checkers_desktop.ui.tournament import printing

    def unavailable(*_args, **_kwargs):
        raise tagged_pdf.TaggedPdfUnavailable("no WeasyPrint here")

    monkeypatch.setattr(tagged_pdf, "write_tagged_pdf", unavailable)
    t = _sixteen(tmp_path / "t.db")
    view = t.division_view(t.divisions()[0].key)
    pdf = printing.save_bracket_pdf(view, tmp_path / "bracket.pdf")
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    total = len(printing.bracket_pictures(view))
    assert total >= 3
    for number in range(1, total + 1):
        holding = [p for p in pages if f"bracket part {number} of {total}" in " ".join(p.split())]
        assert len(holding) == 1, number
    meta = subprocess.run(["pdfinfo", "-meta", str(pdf)], capture_output=True,
                          text=True).stdout
    assert "<dc:language>" in meta and ">en<" in meta
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert "Bracket 70-74" in info
    if shutil.which("pdfimages"):
        listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True,
                                 text=True, check=True).stdout.splitlines()[2:]
        rows = [line.split() for line in listing]
        assert len(rows) == total
        assert all(abs(int(row[12]) - printing.BRACKET_DPI) <= 2 for row in rows), listing
