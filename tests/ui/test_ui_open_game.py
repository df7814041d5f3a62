"""Game > Open says what the file says of its game: a composed problem's title and the result
its composer claims, in the window's own names for the sides, before whose turn it is."""

from __future__ import annotations

from pathlib import Path

from checkers_desktop.rules import WHITE, Board
from checkers_desktop.texts.words import side_name

PROBLEM = (Path(__file__).resolve().parents[1] / "data" / "border-a1.pdn").read_text(
    encoding="utf-8")
"""The first problem of ../shared/pdn/problems/borderclassics.pdn (White to move and win),
copied into tests/data so that the test runs without ../shared."""


def test_opening_a_problem_says_its_title_and_stated_result(qtbot, make_window, tmp_path):
    path = tmp_path / "border-a1.pdn"
    path.write_text(PROBLEM, encoding="utf-8")
    window = make_window()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000) as done:
        assert window.open_game_action.open(str(path))
    assert done.args == [True]
    red = side_name(window.session.side_names, WHITE)
    said = [text for text in window.synth.spoken if text.startswith("Opened the game")]
    assert said == [f"Opened the game from border-a1.pdn: Boland's Border Classics #A-1. "
                    f"No moves played. Stated result: {red} wins. Two players. {red} to move."]
    assert window.session.board.fen() == Board("W:W27,19,K13:BK30,12,5.").fen()
    assert window.windowTitle() == "border-a1.pdn, Boland's Border Classics #A-1"
    assert window.session.player_names is None  # the problem names no players


def test_a_game_with_players_shows_them_until_another_game_starts(qtbot, make_window):
    """The players the file names are the game's: said with each turn and shown on the status
    line; the title shows the file and its event. A new game takes both away again."""
    from checkers_desktop.rules import BLACK
    from checkers_desktop.session.game import Mode

    source = Path(__file__).resolve().parents[1] / "data" / "tinsley_first_two.pdn"
    window = make_window()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000):
        assert window.open_game_action.open(str(source))
    names = window.session.player_names
    assert names == {BLACK: "MF Tinsley", WHITE: "M Rex"}
    mover = names[window.session.board.turn]
    assert window.status.text().startswith(f"{mover}, ")
    assert window.windowTitle() == "tinsley_first_two.pdn, Ohio State Ty 1946"
    window.new_game(Mode.COMPUTER)
    assert window.session.player_names is None
    assert mover not in window.status.text()
    assert window.windowTitle() == "Checkers"
