"""Never lose a game, in the window: Game > Open game (a PDN file to continue playing) and Help > Save a
problem report (the log, the settings and the current game in one file)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from checkers_desktop.logging_setup import setup_logging
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.ui.actions import ACTIONS
from checkers_desktop.session.game import Mode
from checkers_desktop.ui.problem_report_action import default_report_path

DATA = Path(__file__).resolve().parents[1] / "data"


def test_menu_entries_exist(make_window):
    window = make_window()
    ids = {spec.id: spec for spec in ACTIONS}
    assert ids["open_game"].menu == "Game" and ids["open_game"].shortcut == "Ctrl+O"
    assert ids["problem_report"].menu == "Help"
    assert window.actions_by_id["open_game"].text().replace("&", "") == "Open game..."


def test_open_game_continues_from_the_last_position(qtbot, make_window):
    source = DATA / "tinsley_first_two.pdn"
    game = next(iter(read_games(source))).game
    expected = game.board()
    window = make_window()
    window.open_game_action.ask_path = lambda: str(source)
    window.open_game_action.choose_game = lambda listing: 0  # the file holds two games
    with qtbot.waitSignal(window.open_game_action.done, timeout=10_000) as opened:
        window.actions_by_id["open_game"].trigger()
    assert opened.args == [True]
    c = window.session
    assert c.board.fen() == expected.fen() and c.board.ply == expected.ply
    assert [m.pdn() for m in c.board.move_stack] == [m.pdn() for m in expected.move_stack]
    assert c.mode is Mode.TWO_PLAYERS
    said = " ".join(window.synth.spoken)
    assert f"Opened game 1 from {source.name}: " in said  # then the event and the players
    assert f" {(expected.ply + 1) // 2} moves played." in said  # as the score sheet counts


def test_open_game_with_a_bad_move_keeps_the_moves_before_it(qtbot, make_window):
    source = DATA / "tinsley_petal_1981_game18.pdn"
    window = make_window()
    with qtbot.waitSignal(window.open_game_action.done, timeout=10_000) as opened:
        assert window.open_game_action.open(str(source))
    assert opened.args == [True]
    ply = window.session.board.ply
    assert ply == 122  # ply 123 is the faulty 32-28 (tests/data/README.md)
    assert any("Only the first 122 moves could be read" in t for t in window.synth.spoken)


def test_cancelled_open_changes_nothing(make_window):
    window = make_window()
    fen = window.session.board.fen()
    window.open_game_action.ask_path = lambda: None
    assert window.open_game_action.open() is False
    assert window.session.board.fen() == fen


def test_problem_report_holds_log_settings_and_game(make_window, tmp_path):
    data = tmp_path / "data"
    setup_logging(data)
    window = make_window()
    window.autosave.folder = data
    window.autosave.start()
    window.settings.engine_level = 4
    window.new_game(Mode.TWO_PLAYERS)
    for text in ("11-15", "23-19"):
        window.session.submit_text(text)
    logging.getLogger("checkers_desktop.test").warning("a line only the log has")
    target = tmp_path / "out" / "report.txt"
    asked = []
    window.problem_report_action.ask_path = lambda default: asked.append(default) or str(target)
    window.actions_by_id["problem_report"].trigger()
    assert asked and Path(asked[0]).name.startswith("checkers-desktop-problem-")
    text = target.read_text()
    assert "== Settings ==" in text and "engine/level = 4" in text
    assert "11-15 23-19" in text
    assert "a line only the log has" in text
    assert f"The problem report was saved as {target}" in window.status.text()
    said = "The problem report was saved as report.txt in out."
    assert any(said in t for t in window.synth.spoken)  # the name and its folder, not the path
    assert any(said in m for m in window.events.messages)
    assert not any(str(target) in t for t in window.synth.spoken)


def test_problem_report_goes_to_documents_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_report_path().parent == tmp_path  # no Documents folder: the home folder
    (tmp_path / "Documents").mkdir()
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert default_report_path().parent == Path(docs) == tmp_path / "Documents"


def test_problem_report_that_cannot_be_written_is_told(make_window, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    window = make_window()
    assert window.problem_report_action.save(str(blocker / "report.txt")) is None
    assert "could not be written" in window.status.text()
    assert any("could not be written" in m for m in window.events.messages)
