"""Records you can trust, in the window: a match save changed outside the app is offered with a
warning, resumed, and the change is shown, spoken and printed on the score sheet (PDF, sealed); an
impossible position is refused and kept aside, and the new game is saved; a damaged save is told
in the words players need."""

from __future__ import annotations

import json
import random

from checkers_desktop.session.game import Mode
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.storage import AutosaveStore, Integrity, KeyRing
from checkers_desktop.storage.records import check_record


def started(window, folder, **kw):
    window.autosave.folder = folder
    window.autosave.start(**kw)
    return window


def closed(qtbot, window) -> None:
    """The first app is gone (it would hold the data folder's lock): it saves nothing more."""
    qtbot.wait(50)  # a save deferred to the event loop is written now, not after the change
    window.autosave.active = False


def told(window, words: str) -> str:
    notice = window.status_line.notice or ""
    spoken = [t for t in window.synth.spoken if words in t]
    assert words in notice or any(words in t for t in window.status_line.told), notice
    assert spoken, window.synth.spoken[-5:]
    return spoken[-1]


def test_tampered_match_save_is_resumed_flagged_and_on_the_score_sheet(qtbot, make_window,
                                                                        tmp_path):
    data = tmp_path / "data"
    window = make_window()
    menu = window.event_menu
    menu.records_dir = tmp_path / "records"
    menu.rng = random.Random(3)
    started(window, data)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-standard",
                             official="Pat Quinn")
    menu.start_match(settings)
    assert window.session.submit_text("11-15")
    closed(qtbot, window)
    path = AutosaveStore(data).path
    saved = json.loads(path.read_text(encoding="utf-8"))
    saved["extra"]["event"]["settings"]["official"] = "Forged Official"
    path.write_text(json.dumps(saved), encoding="utf-8")

    again = make_window()
    again.event_menu.records_dir = tmp_path / "records"
    questions = []
    started(again, data, ask=lambda q: questions.append(q) or True)
    assert len(questions) == 1 and questions[0].startswith("Resume the match ")
    assert "Warning: it was changed outside the app." in questions[0]
    match = again.event_menu.current
    assert match is not None and match.referee is again.session.referee
    told(again, "This saved game was changed outside the app. It is a legal game, so it was "
                "resumed; the score sheet says so.")
    html = match.score_sheet_html()
    assert "<h2>Changed outside the app</h2>" in html and "did not match its seal" in html
    sheet = match.save_score_sheet()
    assert sheet.suffix == ".pdf" and sheet.read_bytes().startswith(b"%PDF-")
    assert check_record(sheet, KeyRing(data / "keys")) is Integrity.VERIFIED
    # a copy saved elsewhere (the player's documents) gets no seals file beside it
    copy = match.save_score_sheet(tmp_path / "documents" / "sheet.pdf")
    assert copy.read_bytes().startswith(b"%PDF-")
    assert [p.name for p in copy.parent.iterdir()] == ["sheet.pdf"]


def test_impossible_position_is_refused_kept_aside_and_the_new_game_saved(qtbot, make_window,
                                                                          tmp_path):
    data = tmp_path / "data"
    window = started(make_window(), data)
    window.new_game(Mode.TWO_PLAYERS)
    assert window.session.submit_text("11-15")
    closed(qtbot, window)
    path = AutosaveStore(data).path
    saved = json.loads(path.read_text(encoding="utf-8"))
    saved["fen"] = "B:W1-28:B29-32"  # 28 men against 4
    path.write_text(json.dumps(saved), encoding="utf-8")

    again = make_window()
    questions = []
    started(again, data, ask=lambda q: questions.append(q) and False)  # No to the older save
    text = told(again, "The saved game was refused: its position cannot be reached by the "
                       "recorded moves")
    assert text.endswith("The save before it can be resumed instead.")
    assert len(questions) == 1  # the save before it, an older state of the game, is offered
    kept = list(data.glob("autosave.refused-*.json"))
    assert len(kept) == 1 and str(kept[0]) in text
    again.new_game(Mode.TWO_PLAYERS)
    assert again.session.submit_text("9-13")
    assert AutosaveStore(data).load().ply == 1  # autosave goes on for the new game


def test_damaged_save_is_told_in_plain_words(make_window, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_bytes(b"\x00\x01 not a save")
    window = started(make_window(), data)
    kept = list(data.glob("autosave.damaged-*.json"))
    assert len(kept) == 1
    told(window, f"The saved game could not be read; it was kept as {kept[0]} and a new game "
                 "started.")
    assert (kept[0].parent / (kept[0].name + ".txt")).exists()
