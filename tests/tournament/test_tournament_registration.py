"""Reading the list of competitors: CSV (commas or semicolons, any header case, UTF-8 or
Windows-1252) and Excel, with every refused row reported by its line and why; age groups as the VA
rulebook names them; bounded, clear failures for files that cannot be used."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.tournament.errors import ImportFileError, RegistrationError
from checkers_desktop.tournament.model import AGE_GROUPS, CompetitorInput, parse_age_group
from checkers_desktop.tournament.registration import (MAX_FILE_BYTES, read_competitors,
                                                      read_competitors_csv_text)


def test_csv_with_refused_rows_reports_each_line_and_why(tmp_path):
    text = ("NAME;Medical Center;AGE GROUP;Visually impaired\n"
            "Ann Lee;Tampa VAMC;70-74;no\n"
            ";Reno VAMC;70-74;no\n"
            "Bo Diaz;Reno VAMC;90-94;yes\n"
            "\n"
            "ann  lee;tampa vamc;75-79;no\n"
            "Cy Rowe;Bronx VAMC;85+;maybe\n"
            "Dee Sims;Bronx VAMC;85 and over;x\n")
    path = tmp_path / "players.csv"
    path.write_text(text, encoding="utf-8")
    report = read_competitors(path)
    assert [c.name for c in report.competitors] == ["Ann Lee", "Dee Sims"]
    assert report.competitors[1].age_group == "85-up"
    assert report.competitors[1].visually_impaired is True
    lines = {r.line: r.reason for r in report.refused}
    assert set(lines) == {3, 4, 6, 7}
    assert lines[3] == "missing name"
    assert "90-94" in lines[4] and "age group" in lines[4]
    assert lines[6].startswith("duplicate of line 2")
    assert "visually impaired" in lines[7]
    assert report.messages()[0] == "line 3: missing name"


def test_quoted_newlines_keep_line_numbers_right():
    text = 'name,medical center,age group\n"Ann\nLee",Tampa,70-74\n,Reno,70-74\n'
    report = read_competitors_csv_text(text)
    assert report.refused[0].line == 4


def test_windows_1252_and_bom(tmp_path):
    path = tmp_path / "p.csv"
    path.write_bytes("name,medical center,age group\nJos\u00e9 Pe\u00f1a,San Juan VAMC,60-64\n"
                     .encode("cp1252"))
    assert read_competitors(path).competitors[0].name == "Jos\u00e9 Pe\u00f1a"
    path.write_bytes(b"\xef\xbb\xbfName,Center,Age\nAnn Lee,Tampa,72\n")
    c = read_competitors(path).competitors[0]
    assert (c.name, c.medical_center, c.age_group) == ("Ann Lee", "Tampa", "70-74")


def test_excel_sheet_rows(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Competitor", "VAMC", "Age Group", "VI", "Seed"])
    sheet.append(["Ann Lee", "Tampa VAMC", "70-74", "yes", 1])
    sheet.append(["Bo Diaz", "Reno VAMC", 81, "no", None])
    sheet.append([None, "Reno VAMC", "70-74", None, None])
    sheet.append(["Cy Rowe", "Bronx", "50-54", None, None])
    path = tmp_path / "players.xlsx"
    book.save(path)
    report = read_competitors(path)
    assert [(c.name, c.age_group, c.visually_impaired, c.seed) for c in report.competitors] == [
        ("Ann Lee", "70-74", True, 1), ("Bo Diaz", "80-84", False, None)]
    assert [m for m in report.messages()] == [
        "row 4: missing name", report.messages()[1]]
    assert report.messages()[1].startswith("row 5: unknown age group '50-54'")


def test_files_that_cannot_be_used(tmp_path):
    with pytest.raises(ImportFileError, match="cannot read"):
        read_competitors(tmp_path / "missing.csv")
    bad = tmp_path / "bad.csv"
    bad.write_text("who,where\nAnn,Tampa\n")
    with pytest.raises(ImportFileError, match="name or medical center or age group|no column"):
        read_competitors(bad)
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    with pytest.raises(ImportFileError, match="KiB"):
        read_competitors(big)
    fake = tmp_path / "fake.xlsx"
    fake.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(ImportFileError, match="Excel"):
        read_competitors(fake)
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    with pytest.raises(ImportFileError, match="empty"):
        read_competitors(empty)


def test_registered_competitors_are_duplicates():
    report = read_competitors_csv_text("name,center,age group\nAnn Lee,Tampa,70-74\n",
                                       registered=[("ANN LEE", "tampa")])
    assert report.refused[0].reason.startswith("duplicate of a competitor already registered")


@pytest.mark.parametrize("text,group", [
    ("55-59", "55-59"), ("70 - 74", "70-74"), ("70\u201374", "70-74"), ("80 to 84", "80-84"),
    ("85-up", "85-up"), ("85+", "85-up"), ("85 and over", "85-up"), ("85-UP", "85-up"),
    ("60", "60-64"), ("99", "85-up"), (77, "75-79")])
def test_age_groups(text, group):
    assert parse_age_group(text) == group


@pytest.mark.parametrize("text", ["", "54", "50-54", "70-75", "old", "90-94", True, 72.5])
def test_unknown_age_groups(text):
    with pytest.raises(RegistrationError):
        parse_age_group(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_a_report_or_a_clear_error(text):
    try:
        report = read_competitors_csv_text(text)
    except ImportFileError as exc:
        assert str(exc)
        return
    for c in report.competitors:
        assert c.name.strip() and c.age_group in AGE_GROUPS
    for r in report.refused:
        assert r.line >= 1 and r.reason


def test_competitor_input_checks():
    with pytest.raises(RegistrationError, match="missing name"):
        CompetitorInput("  ", "Tampa", "70-74").validated()
    with pytest.raises(RegistrationError, match="seed"):
        CompetitorInput("Ann", "Tampa", "70-74", seed=0).validated()
    assert CompetitorInput(" Ann   Lee ", " Tampa ", "72").validated() == \
        CompetitorInput("Ann Lee", "Tampa", "70-74")


def test_the_forty_competitor_list_reads_whole():
    report = read_competitors(Path(__file__).parent / "data" / "players40.csv")
    assert len(report.competitors) == 40 and not report.refused
