"""The organiser's side through the Tournament menu and the bracket window: a new tournament,
registration (import with every refused row shown and said, add, edit, withdraw), divisions
(split, merge), the draw (its seed said), calls to tables, results by hand, a walkover, a
correction whose later matches are said before the organiser confirms, and the files for the wall
(the bracket and standings PDFs read back with pdftotext, the results CSV)."""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from checkers_desktop.session.desk_steps import CorrectionAnswer, WalkoverAnswer
from checkers_desktop.tournament.model import CompetitorInput

from tournament_ui_helpers import open_bracket

CSV_ROWS = """name;medical center;age group;visually impaired
Ann Lee;Tampa VAMC;70-74;yes
Bo Diaz;Reno VAMC;70-74;no
;Reno VAMC;70-74;no
Cy Rowe;Bronx VAMC;90-94;no
Dee Sims;Tucson VAMC;72;no
Ann Lee;Tampa VAMC;70-74;yes
Eli Tate;Reno VAMC;70 - 74;yes
Fay Hall;Omaha VAMC;80-84;no
Gil West;Tampa VAMC;85+;no
Hal Kim;Tampa VAMC;85 and over;no
"""


def said(window):
    return " ".join(window.synth.spoken)


def _pdftext(path):
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian package poppler-utils) is not installed")
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.timeout(240)
def test_the_organiser_runs_a_tournament_from_the_menus(tournament_window, prompts, qtbot,
                                                        tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))  # the save dialogs start in its Documents folder
    window, menu = tournament_window()
    data = tmp_path / "data" / "tournament"
    # --- a new tournament on this laptop: its name is asked
    prompts.answers["text"] = ["Golden Age Games 2026"]
    with qtbot.waitSignal(menu.opened, timeout=20000):
        window.tournament_menu.actions["tournament_open_local"].trigger()
    assert (data / "tournament.db").exists()
    assert "Tournament Golden Age Games 2026 is open: 0 divisions, 0 competitors." in said(window)

    # --- import: every refused row is said and shown, with its line and why
    listing = tmp_path / "list.csv"
    listing.write_text(CSV_ROWS, encoding="utf-8")
    window.synth.clear()
    menu.import_competitors(str(listing))
    text = window.synth.spoken[-1]
    assert text.startswith("7 competitors registered; 3 lines refused.")
    assert "line 4: missing name." in text.lower()
    assert "Line 5: unknown age group '90-94'" in text
    assert "Line 7: duplicate of line 2" in text
    kind, (title, heading, lines) = prompts.asked[-1]
    assert kind == "show_lines" and title == "Rows refused" and len(lines) == 3
    assert lines[0].startswith("Line 4: missing name")

    # --- add and edit by hand
    t = menu.tournament
    prompts.answers["competitor"] = [CompetitorInput("Ida Moore", "Reno VAMC", "80-84")]
    menu.run(menu.add_competitor)
    assert window.synth.spoken[-1] == "Ida Moore is registered."
    ida = next(c for c in t.competitors() if c.name == "Ida Moore")
    prompts.answers["competitor"] = [CompetitorInput("Ida Moore", "Reno VA Medical Center",
                                                     "80-84")]
    menu.run(lambda: menu.edit_competitor(ida))
    assert window.synth.spoken[-1] == "Ida Moore's details are changed."

    # --- divisions: 70-74 split into visually impaired and standard; 80-84 with 85-up
    prompts.answers["divisions"] = [(["70-74"], [("80-84", "85-up")])]
    menu.run(menu.divisions)
    (_counts, split, merges) = next(w for k, w in prompts.asked if k == "divisions")
    assert _counts["70-74"] == (4, 2) and _counts["85-up"] == (2, 0)
    assert [d.label for d in t.divisions()] == ["70-74, visually impaired", "70-74, standard",
                                               "80-84 and 85-up"]
    assert window.synth.spoken[-1] == ("3 divisions: 70-74, visually impaired (2), 70-74, "
                                       "standard (2), 80-84 and 85-up (4).")

    # --- the draw: in the bracket window (Ctrl+D) with a typed seed, said and shown
    bracket = open_bracket(qtbot, window, menu)
    bracket.show_division("80-84+85-up", announce=False)
    prompts.answers["confirm"] = [True]
    prompts.answers["text"] = ["2026"]
    qtbot.keyClick(bracket.tree, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    info = next(d for d in t.divisions() if d.key == "80-84+85-up")
    assert info.draw_seed == 2026 and info.bracket_size == 4
    expected = (f"Division 80-84 and 85-up is drawn with seed 2026: a bracket of 4, 0 byes; "
                f"same-center first-round pairs {info.same_center_pairs} (fewest possible "
                f"{info.minimum_same_center_pairs}).")
    assert window.synth.spoken[-1] == expected and bracket.status.text() == expected
    assert bracket.tree.lines()[0].startswith("Division 80-84 and 85-up: 4 competitors, drawn "
                                              "with seed 2026")
    prompts.answers["confirm"] = [True]
    menu.run(menu.draw_all)
    assert all(d.drawn for d in t.divisions())
    # said without the seeds (ten digits for every division), which are shown
    drew = window.synth.spoken[-1]
    assert drew.endswith("The seeds are shown and recorded.") and "seed " not in drew
    seeds = [d.draw_seed for d in t.divisions() if d.drawn]
    assert all(str(seed) not in drew for seed in seeds if seed and seed > 9999)
    assert "drawn with seed" in window.status.text()

    # --- calls: the next matches offered to free tables, called after a yes, said and shown
    offers = t.offers()
    prompts.answers["confirm"] = [True]
    menu.run(menu.call_next)
    first = offers[0]
    sentence = f"Match {first.match.number}, {first.match.a.name} and {first.match.b.name}, to " \
               f"table {first.table}."
    assert sentence in window.status.text()
    assert prompts.asked[-1][1].startswith("Call these matches? ")
    assert sentence in prompts.asked[-1][1]  # each call read once, in the question,
    assert window.synth.spoken[-1] == f"The {len(offers)} matches are called."  # not again
    assert t.match(first.match.number).status == "called"

    # --- results by hand (a physical board) and a walkover, from the bracket window
    semis = [m for m in t.matches("80-84+85-up") if m.round_name.startswith("Semi-final")]
    s1, s2 = semis
    bracket.show_division("80-84+85-up", announce=False)
    bracket.tree.select_key(("match", (s1.round, s1.index)))
    prompts.answers["games"] = [[s1.a.name, None, s1.b.name, s1.a.name]]
    qtbot.keyClick(bracket.tree, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    result = f"{s1.a.name} beat {s1.b.name}, 2 games to 1, 1 drawn."
    assert bracket.status.text() == result  # shown, and the line at the cursor reads it
    line = bracket.tree.currentItem().text(0)
    assert f"{s1.a.name}, " in line and "beat" in line and "2 games to 1, 1 drawn" in line
    assert window.synth.spoken[-1] == result  # said, as every result
    bracket.tree.select_key(("match", (s2.round, s2.index)))
    prompts.answers["walkover"] = [WalkoverAnswer(1, "did not come to the table within 10 "
                                                     "minutes")]
    qtbot.keyClick(bracket.tree, Qt.Key.Key_W,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.synth.spoken[-1].startswith(f"{s2.b.name} beat {s2.a.name}, by walkover. "
                                              f"{s2.a.name} still plays for third place")
    final = next(m for m in t.matches("80-84+85-up") if m.round_name == "Final")
    third = next(m for m in t.matches("80-84+85-up") if m.round_name == "Third place")
    assert {final.a.name, final.b.name} == {s1.a.name, s2.b.name}
    menu.run(lambda: menu.enter_result(final.number))  # no answer given: nothing changes
    prompts.answers["games"] = [[final.a.name, final.a.name]]
    menu.run(lambda: menu.enter_result(final.number))

    # --- a correction: the later matches affected are said before the organiser confirms
    bracket.tree.select_key(("match", (s1.round, s1.index)))
    prompts.answers["correction"] = [CorrectionAnswer(
        (s1.b.name, s1.b.name), None, "the score sheet shows Bo won both games")]
    qtbot.keyClick(bracket.tree, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    question = prompts.correction_outcome
    assert question.startswith(f"Correct match {s1.number}: {s1.b.name} becomes the winner "
                               f"instead of {s1.a.name}. Later matches affected: ")
    assert f"Final, match {final.number} (its players change and its result is voided and " \
           "it must be played again)" in question
    assert f"Third place, match {third.number} (its players change)" in question
    assert not question.endswith("Correct it?")  # stated in the form, confirmed once
    assert window.synth.spoken[-1].startswith(
        f"Match {s1.number} corrected: {s1.b.name} beat {s1.a.name}, 2 games to 0; matches ")
    assert t.match(final.number).status in ("ready", "called")
    entry = [e for e in t.audit_log() if e.action == "correction"][-1]
    assert entry.why == "the score sheet shows Bo won both games"

    # --- withdrawal: the opponent wins the match, said as the bracket shows it
    third = t.match(third.number)
    prompts.answers["choose"] = [0]
    prompts.answers["text"] = ["feeling unwell"]
    bracket.tree.select_key(("match", (third.round, third.index)))
    menu.run(bracket.withdraw)
    assert window.synth.spoken[-1] == (f"{third.a.name} withdrew; {third.b.name} wins match "
                                       f"{third.number} by withdrawal.")
    # the draw's count stays, with who withdrew since (it fell by one, as if redrawn)
    drawn = sum(1 for c in bracket.current_view().slots if c is not None)
    assert f": {drawn} competitors (1 withdrew), drawn with seed " in bracket.tree.lines()[0]
    # the same words as the drawn bracket: the withdrawal, and who withdrew
    assert any(f"beat {third.a.name} (withdrew)" in line and line.endswith("by withdrawal")
               for line in bracket.tree.lines())

    # --- the files for the wall: offered in Documents, not in the hidden data folder
    pdf = tmp_path / "bracket.pdf"
    prompts.answers["save_path"] = [str(pdf)]
    prompts.asked.clear()
    qtbot.keyClick(bracket.tree, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert [Path(default).parent for kind, default in prompts.asked] == [home / "Documents"]
    assert Path(prompts.asked[0][1]).name.startswith("bracket-")
    assert window.synth.spoken[-1].endswith(" is saved as PDF: bracket.pdf in "
                                            f"{tmp_path.name}.")
    assert str(pdf) in window.status.text()  # the whole path on the screen
    text = _pdftext(pdf)
    assert "Golden Age Games 2026" in text and "Division 80-84 and 85-up" in text
    assert "Draw seed 2026" in text
    for c in (s1.a, s1.b, s2.a, s2.b):
        assert c.name in text
    assert f"{third.b.name}" in text and "walkover" in text
    assert "Gold" in text and "Place" in text  # the standings, a table
    standings = tmp_path / "standings.pdf"
    prompts.answers["save_path"] = [str(standings)]
    menu.run(menu.save_standings_pdf)
    st = _pdftext(standings)
    assert "Standings, 80-84 and 85-up" in st and f"{third.b.name}" in st  # bronze
    results = tmp_path / "results.csv"
    prompts.answers["save_path"] = [str(results)]
    menu.run(menu.save_results_csv)
    rows = list(csv.DictReader(results.open(encoding="utf-8")))
    assert {r["how"] for r in rows} >= {"played", "walkover", "withdrawal"}
    assert window.synth.spoken[-1] == \
        f"{len(rows)} results saved as CSV: results.csv in {tmp_path.name}."
    assert f"{len(rows)} results saved as CSV: {results}." in window.status.text()
    assert [default for kind, default in prompts.asked[-2:]] == [
        str(home / "Documents" / "standings.pdf"), str(home / "Documents" / "results.csv")]
