"""The tournament desk's files for people: the results as CSV, the standings and a division's
bracket as PDF (see :mod:`.tournament_desk` for how a workflow runs and refuses).

Each is open to any laptop with the tournament open (reading changes nothing, so no PIN). The
file's place is asked (:class:`~.desk_steps.AskSavePath`, starting in ``folder``: the user's
Documents folder); a PDF's name gets ".pdf" when typed without it; the CSV is written here, a
PDF by the window (:class:`WriteStandingsPdf`, :class:`WriteBracketPdf`: its pages are drawn
with Qt where WeasyPrint is missing). The sentence said names the file and its folder; the one
shown gives the whole path. No Qt.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..speech.announcer import Priority
from ..storage.atomic import write_atomic
from ..texts import tournament as texts
from .desk_steps import CANCELLED, DONE, AskSavePath, Outcome, Question, Refusal, Say, Workflow, ask

if TYPE_CHECKING:
    from ..tournament.views import DivisionView, StandingsView
    from .tournament_desk import TournamentDesk

__all__ = ["FileDesk", "WriteStandingsPdf", "WriteBracketPdf", "file_part"]

CSV_FILTER = "CSV files (*.csv)"
PDF_FILTER = "PDF files (*.pdf)"


@dataclass(frozen=True)
class WriteStandingsPdf(Question[None]):
    """Write every drawn division's ``standings`` to ``path`` as one PDF, titled ``event``."""

    path: Path
    standings: tuple[StandingsView, ...]
    event: str


@dataclass(frozen=True)
class WriteBracketPdf(Question[None]):
    """Write the bracket of one division (``view``) to ``path`` as a PDF."""

    path: Path
    view: DivisionView


class FileDesk:
    """The file workflows of ``desk``; ``folder()`` is where the files are offered first."""

    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk

    def results_csv(self, folder: Path) -> Workflow:
        t = self.desk.open_one()
        if isinstance(t, Outcome):
            return t
        path = yield from ask(AskSavePath("Save results as CSV", str(folder / "results.csv"),
                                          CSV_FILTER))
        if not path:
            return CANCELLED
        out = io.StringIO(newline="")  # the csv module's own line ends, kept
        rows = t.results_csv(out)
        write_atomic(path, out.getvalue().encode("utf-8"), make_folder=False)
        yield Say(texts.csv_saved_text(path, rows), Priority.QUEUE,
                  shown=texts.csv_saved_text(path, rows, full=True))
        return DONE

    def standings_pdf(self, folder: Path) -> Workflow:
        t = self.desk.open_one()
        if isinstance(t, Outcome):
            return t
        path = yield from ask(AskSavePath("Save standings as PDF",
                                          str(folder / "standings.pdf"), PDF_FILTER))
        if not path:
            return CANCELLED
        path = pdf_name(path)
        yield from ask(WriteStandingsPdf(
            Path(path), tuple(t.standings(d.key) for d in t.divisions() if d.drawn),
            str(t.info().get("name") or "")))
        yield Say(texts.pdf_saved_text("standings", path, plural=True), Priority.QUEUE,
                  shown=texts.pdf_saved_text("standings", path, plural=True, full=True))
        return DONE

    def bracket_pdf(self, folder: Path, division_key: Optional[str]) -> Workflow:
        t = self.desk.open_one()
        if isinstance(t, Outcome):
            return t
        if division_key is None:
            return Outcome.refused(Refusal.NO_DIVISION, texts.no_division_text())
        view = t.division_view(division_key)
        label = view.division.label
        path = yield from ask(AskSavePath("Save the bracket as PDF",
                                          str(folder / f"bracket-{file_part(label)}.pdf"),
                                          PDF_FILTER))
        if not path:
            return CANCELLED
        path = pdf_name(path)
        yield from ask(WriteBracketPdf(Path(path), view))
        what = f"bracket of {label}"
        yield Say(texts.pdf_saved_text(what, path), Priority.QUEUE,
                  shown=texts.pdf_saved_text(what, path, full=True))
        return DONE


def pdf_name(path: str) -> str:
    """``path`` ending in ".pdf" (added when typed without it)."""
    return path if path.lower().endswith(".pdf") else path + ".pdf"


def file_part(label: str) -> str:
    """A division's label as part of a file name ("70-74 VI" -> "70-74-VI")."""
    return "".join(ch if ch.isalnum() or ch in "-+" else "-" for ch in label).strip("-")
