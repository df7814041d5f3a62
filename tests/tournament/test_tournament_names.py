"""Names are data, never code: what a registration list may hold, what the results CSV and the
``bracket`` command write. Table-driven: each row is one name or cell and what must happen to it."""

from __future__ import annotations

import csv
import io
import types

import openpyxl
import pytest

from checkers_desktop.tournament import CompetitorInput
from checkers_desktop.tournament.commands import bracket_command, terminal_text
from checkers_desktop.tournament.errors import RegistrationError
from checkers_desktop.tournament.model import NO_CENTER
from checkers_desktop.tournament.registration import (csv_cell, read_competitors,
                                                      read_competitors_csv_text)
from checkers_desktop.tournament.store import Tournament

# --- the results CSV: a cell a spreadsheet would run is escaped (OWASP, "CSV Injection") -------
CELLS = [
    # (name as registered, cell written)
    ("=HYPERLINK(\"http://evil.example\",\"Click\")", "'=HYPERLINK(\"http://evil.example\",\"Click\")"),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+SUM(1,2)", "'+SUM(1,2)"),
    ("-2+3", "'-2+3"),
    ("@SUM(1)", "'@SUM(1)"),
    ("Ann Lee", "Ann Lee"),
    ("Ann-Marie O'Neil", "Ann-Marie O'Neil"),
    ("Bo = Diaz", "Bo = Diaz"),
]


@pytest.mark.parametrize("name, written", CELLS)
def test_results_csv_escapes_formulas(tmp_path, name, written):
    t = Tournament.open(str(tmp_path / "t.db"))
    t.add_competitor(CompetitorInput(name, "Tampa VAMC", "70-74"))
    t.add_competitor(CompetitorInput("Cy Ott", "+Reno", "70-74"))
    t.make_divisions()
    t.draw(t.divisions()[0].key, seed=1)
    m = t.playable()[0]
    winner = m.a if m.a.name == name else m.b
    t.enter_result(m.number, [winner.id, winner.id])
    out = io.StringIO()
    t.results_csv(out)
    t.close()
    row = list(csv.DictReader(io.StringIO(out.getvalue())))[0]
    assert written in (row["player a"], row["player b"])
    assert row["winner"] == written
    assert "'+Reno" in (row["center a"], row["center b"])


@pytest.mark.parametrize("value, cell", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("x=1", "x=1"), ("", ""), (3, 3), (None, None)])
def test_csv_cell(value, cell):
    assert csv_cell(value) == cell


# --- import: hidden characters refused with their line; a blank center refused ------------------
ROWS = [
    # (name cell, center cell, refused reason fragment or None, stored name, stored center)
    ("Ann Lee", "Tampa VAMC", None, "Ann Lee", "Tampa VAMC"),
    ("Evil\x1b[31mRed", "Tampa VAMC", "control character U+001B", None, None),
    ("Bell\x07", "Tampa VAMC", "control character U+0007", None, None),
    ("Nul\x01x", "Tampa VAMC", "control character U+0001", None, None),
    ("C1\x9b31m", "Tampa VAMC", "control character U+009B", None, None),
    ("Del\x7fx", "Tampa VAMC", "control character U+007F", None, None),
    ("Ann\u202eeeL", "Tampa VAMC", "bidirectional control U+202E", None, None),
    ("Ann\u202aLee", "Tampa VAMC", "bidirectional control U+202A", None, None),
    ("Ann\u2066Lee\u2069", "Tampa VAMC", "bidirectional control U+2066", None, None),
    ("Bo Diaz", "Reno\x1b]0;pwned\x07", "medical center has a control character", None, None),
    ("Bo Diaz", "Reno\u2067", "medical center has a bidirectional control U+2067", None, None),
    ("Cy\tOtt", "Tampa VAMC", None, "Cy Ott", "Tampa VAMC"),  # a tab is a space
    ("Di Park", "", "blank medical center", None, None),
    ("Di Park", "   ", "blank medical center", None, None),
    ("Di Park", "no center", None, "Di Park", NO_CENTER),
    ("Di Park", "No Centre", None, "Di Park", NO_CENTER),
    ("Di Park", "NONE", None, "Di Park", NO_CENTER),
    ("Jos\u00e9 Pe\u00f1a", "San Juan VAMC", None, "Jos\u00e9 Pe\u00f1a", "San Juan VAMC"),
    ("\u0639\u0644\u064a", "Tampa VAMC", None, "\u0639\u0644\u064a", "Tampa VAMC"),
]


def _quoted(value: str) -> str:
    return '"' + value.replace('"', '""') + '"'


@pytest.mark.parametrize("name, center, refused, stored_name, stored_center", ROWS)
def test_csv_import_row(name, center, refused, stored_name, stored_center):
    text = ("name,medical center,age group\n"
            "Xavier Ruiz,Waco VAMC,70-74\n"
            f"{_quoted(name)},{_quoted(center)},70-74\n")
    report = read_competitors_csv_text(text)
    if refused is None:
        assert report.refused == []
        c = report.competitors[1]
        assert (c.name, c.medical_center) == (stored_name, stored_center)
    else:
        assert [r.line for r in report.refused] == [3]
        assert refused in report.refused[0].reason
        assert [c.name for c in report.competitors] == ["Xavier Ruiz"]


@pytest.mark.parametrize("name, center, refused, stored_name, stored_center", ROWS)
def test_excel_import_row(tmp_path, name, center, refused, stored_name, stored_center):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Name", "Medical center", "Age group"])
    sheet.append(["Xavier Ruiz", "Waco VAMC", "70-74"])
    try:
        sheet.append([name, center, "70-74"])
    except openpyxl.utils.exceptions.IllegalCharacterError:
        pytest.skip("openpyxl itself refuses this character in a cell")
    book.save(tmp_path / "p.xlsx")
    report = read_competitors(tmp_path / "p.xlsx")
    if refused is None:
        assert report.refused == []
        assert (report.competitors[1].name, report.competitors[1].medical_center) == \
            (stored_name, stored_center)
    else:
        assert [(r.line, refused in r.reason) for r in report.refused] == [(3, True)]


@pytest.mark.parametrize("name, center, refused, stored_name, stored_center", ROWS)
def test_registering_by_hand(tmp_path, name, center, refused, stored_name, stored_center):
    t = Tournament.open(str(tmp_path / "t.db"))
    try:
        if refused is None:
            c = t.add_competitor(CompetitorInput(name, center, "70-74"))
            assert (c.name, c.medical_center) == (stored_name, stored_center)
        else:
            with pytest.raises(RegistrationError, match=refused.split(" U+")[0]):
                t.add_competitor(CompetitorInput(name, center, "70-74"))
            assert t.competitors() == []
    finally:
        t.close()


def test_no_center_is_its_own_group_in_the_draw(tmp_path):
    t = Tournament.open(str(tmp_path / "t.db"))
    for name, center in (("A", "no center"), ("B", "none"), ("C", "Tampa"), ("D", "Reno")):
        t.add_competitor(CompetitorInput(name, center, "70-74"))
    t.make_divisions()
    info = t.draw(t.divisions()[0].key, seed=5)
    assert info.no_center == 2
    first = [m for m in t.matches() if m.round == 1]
    assert all({m.a.medical_center, m.b.medical_center} != {NO_CENTER} for m in first)
    t.close()


# --- the bracket command prints no raw control character ---------------------------------------
@pytest.mark.parametrize("text, shown", [
    ("plain", "plain"), ("a\x1b[31mb", "a\\x1b[31mb"), ("x\u202ey", "x\\u202ey"),
    ("bell\x07", "bell\\x07"), ("c1\x9b", "c1\\x9b"), ("tab\tok", "tab\tok"), ("nl\nx", "nl\\nx"),
    ("caf\u00e9", "caf\u00e9")])
def test_terminal_text(text, shown):
    assert terminal_text(text) == shown


def test_bracket_command_prints_no_control_character(tmp_path, capsys):
    path = tmp_path / "list\x1b[32m.csv"
    path.write_text("name,medical center,age group\n"
                    "\"Evil\x1b[31mRed\",Tampa,70-74\n"
                    "\"Ann\u202eeeL\",Reno,70-74\n"
                    "=HYPERLINK(1),Bronx,70-74\n"
                    "Bo Diaz,,70-74\n"
                    "Cy Ott,no center,70-74\n"
                    "Di Park,Waco,70-74\n", encoding="utf-8")
    status = bracket_command(types.SimpleNamespace(players=str(path), seed=3))
    out, err = capsys.readouterr()
    assert status == 2
    for stream in (out, err):
        assert not any(ord(ch) < 0x20 and ch not in "\t\n" for ch in stream)
        assert "\u202e" not in stream
    assert "line 2: name has a control character U+001B" in err
    assert "line 3: name has a bidirectional control U+202E" in err
    assert "line 5: blank medical center" in err
    assert "1 competitor with no medical center" in err
    assert "\\x1b[32m" in err  # the file's own name, escaped


# --- the delimiter, guessed by csv.Sniffer ------------------------------------------------------
@pytest.mark.parametrize("text, names, centers", [
    ("name,medical center,age group\nAnn Lee,Tampa VAMC,70-74\n", ["Ann Lee"], ["Tampa VAMC"]),
    ("name;medical center;age group\nAnn Lee;Tampa, FL;70-74\n", ["Ann Lee"], ["Tampa, FL"]),
    ("name\tmedical center\tage group\nAnn Lee\tTampa VAMC\t70-74\n", ["Ann Lee"],
     ["Tampa VAMC"]),
    # as many commas as semicolons on the header line, the commas inside quotes
    ('Name;Medical center;Age group;"Notes, e.g. diet, mobility, hearing"\n'
     '"Lee, Ann";"Tampa, FL";70-74;"none, thanks"\n', ["Lee, Ann"], ["Tampa, FL"]),
    ('"name","medical center","age group"\n"Bo ""Doc"" Diaz","Reno VAMC","75-79"\n',
     ['Bo "Doc" Diaz'], ["Reno VAMC"]),
])
def test_delimiter_and_quotes_are_guessed(text, names, centers):
    report = read_competitors_csv_text(text)
    assert report.refused == []
    assert [c.name for c in report.competitors] == names
    assert [c.medical_center for c in report.competitors] == centers


# --- any text at all -----------------------------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_prints_without_control_characters(text):
    shown = terminal_text(text)
    assert not any((ord(ch) < 0x20 and ch != "\t") or 0x7F <= ord(ch) <= 0x9F
                   or 0x202A <= ord(ch) <= 0x202E or 0x2066 <= ord(ch) <= 0x2069 for ch in shown)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_cell_is_data(text):
    cell = csv_cell(text)
    assert cell == text or cell == "'" + text
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_any_name_is_refused_or_plain(name, center):
    try:
        entry = CompetitorInput(name, center, "70-74").validated()
    except RegistrationError:
        return
    for value in (entry.name, entry.medical_center):
        assert value.strip() and value == value.strip()
        assert not any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F or 0x202A <= ord(ch) <= 0x202E
                       or 0x2066 <= ord(ch) <= 0x2069 for ch in value)
