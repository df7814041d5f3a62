"""What is said after a file is saved: the file's name and its folder's name, not the whole path
(which the status line shows)."""

from __future__ import annotations

from pathlib import PurePosixPath

from checkers_desktop.texts.app import report_saved_text, score_sheet_saved_text
from checkers_desktop.texts.keeping import saved_text
from checkers_desktop.texts.tournament import csv_saved_text, pdf_saved_text
from checkers_desktop.texts.words import saved_where

HOME = PurePosixPath("/home/ann")
DOCS = HOME / "Documents"


def test_a_file_is_named_with_its_folders_name_only():
    assert saved_where(DOCS / "results.csv", home=HOME) == "results.csv in Documents"
    assert saved_where(HOME / "game.pdn", home=HOME) == "game.pdn in your home folder"
    assert saved_where("game.pdn", home=HOME) == "game.pdn"
    assert saved_where(PurePosixPath("/sheet.pdf"), home=HOME) == "sheet.pdf in /"
    assert saved_where(DOCS / "results.csv", full=True, home=HOME) == \
        "/home/ann/Documents/results.csv"


def test_the_sentences_after_an_export_say_the_file_and_its_folder():
    assert csv_saved_text(DOCS / "results.csv", 12) == \
        "12 results saved as CSV: results.csv in Documents."
    assert csv_saved_text(DOCS / "results.csv", 12, full=True) == \
        "12 results saved as CSV: /home/ann/Documents/results.csv."
    assert pdf_saved_text("standings", DOCS / "standings.pdf", plural=True) == \
        "The standings are saved as PDF: standings.pdf in Documents."
    assert pdf_saved_text("bracket of 70-74", DOCS / "b.pdf", full=True) == \
        "The bracket of 70-74 is saved as PDF: /home/ann/Documents/b.pdf."
    assert score_sheet_saved_text(DOCS / "score-sheet.pdf") == \
        "Score sheet saved: score-sheet.pdf in Documents."
    assert saved_text(DOCS / "game.pdn", 3) == \
        "Game saved: 2 moves in game.pdn in Documents. Game, Open game opens it again."
    assert report_saved_text(DOCS / "report.zip") == (
        "The problem report was saved as report.zip in Documents. Please give this file to the "
        "organiser.")
    assert report_saved_text(DOCS / "report.zip", full=True).startswith(
        "The problem report was saved as /home/ann/Documents/report.zip.")
