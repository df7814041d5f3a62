"""Every file dialog is the window's Interaction's: it starts in the Documents folder and is faked
in tests by faking the Interaction. The score sheet's name says who played and when."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import checkers_desktop
from checkers_desktop.ui.event.menu import score_sheet_file_name

UI = Path(checkers_desktop.__file__).parent / "ui"


def test_no_module_of_the_window_opens_a_file_dialog_of_its_own():
    """Only ui/interaction.py touches QFileDialog or its helpers (``file_dialog``,
    ``chosen_file``): every other file dialog is asked through an Interaction."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "interaction.py" and path.parent == UI:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.id if isinstance(node, ast.Name) else \
                node.attr if isinstance(node, ast.Attribute) else \
                None
            if isinstance(node, ast.alias):
                name = node.name
            if name in ("QFileDialog", "file_dialog", "chosen_file"):
                found.append(f"{path.relative_to(UI)}:{getattr(node, 'lineno', '?')} {name}")
    assert found == []


class FakeInteraction:
    """Answers the file questions at once and notes them."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.asked: list[tuple] = []

    def open_file(self, title, filters, folder=None, *, parent=None):
        self.asked.append(("open", title, parent))
        return self.answer

    def save_file(self, title, default, filters, *, confirm_overwrite=True, parent=None):
        self.asked.append(("save", title, default, confirm_overwrite, parent))
        return self.answer


def test_the_tournament_asks_its_files_through_the_interaction(qapp):
    from PySide6.QtWidgets import QWidget

    from checkers_desktop.ui.tournament.prompts import Prompts

    bracket = QWidget()
    fake = FakeInteraction("/tmp/x.csv")
    prompts = Prompts(lambda: bracket, None, interaction=fake)
    assert prompts.save_path("Save the results", "results.csv", "CSV (*.csv)",
                             confirm_overwrite=False) == "/tmp/x.csv"
    assert prompts.open_path("Import competitors", "CSV (*.csv)") == "/tmp/x.csv"
    assert fake.asked == [("save", "Save the results", "results.csv", False, bracket),
                          ("open", "Import competitors", bracket)]


def test_the_tournaments_file_dialogs_start_in_documents(qapp, monkeypatch, tmp_path):
    """Without the window's Interaction, the Tournament menu's prompts make one: a bare name, or
    a folder that is gone, starts in the Documents folder; the import list too."""
    from checkers_desktop.ui import interaction
    from checkers_desktop.ui.tournament.prompts import Prompts

    docs = tmp_path / "home" / "Documents"
    docs.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(docs.parent))
    started = []

    def fake_chosen(dialog):
        folder = Path(dialog.directory().absolutePath())
        chosen = dialog.selectedFiles()
        started.append(str(folder / Path(chosen[0]).name) if chosen and chosen[0]
                       and dialog.acceptMode() == dialog.AcceptMode.AcceptSave else str(folder))
        return None

    monkeypatch.setattr(interaction, "chosen_file", fake_chosen)
    prompts = Prompts(lambda: None)
    assert prompts.save_path("Save the results", "results.csv", "CSV (*.csv)") is None
    assert prompts.save_path("Save the bracket", str(tmp_path / "gone" / "b.pdf"),
                             "PDF (*.pdf)") is None
    assert prompts.open_path("Import competitors", "CSV (*.csv)") is None
    assert started == [str(docs / "results.csv"), str(docs / "b.pdf"), str(docs)]


@pytest.mark.parametrize("folder, name", [
    ("2026-06-14_103000_Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-06-14-1030.pdf"),
    ("2026-11-22_1405_Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-11-22-1405.pdf"),
    ("Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz.pdf"),
    ("a_b_c", "score-sheet-a_b_c.pdf"),
    ("", "score-sheet.pdf"),
])
def test_the_score_sheet_is_offered_under_who_played_and_when(folder, name):
    assert score_sheet_file_name(folder) == name
