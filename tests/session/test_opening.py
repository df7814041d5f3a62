"""What a PDN file says of its first game reaches the player who opens it: the event (a
tournament, or a composed problem's title), the players and the stated result, each bounded in
length whatever the file holds, and read as data (the colour that won), not as the file's text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session.opening import TAG_LENGTH, StatedResult, read_first_game
from checkers_desktop.texts import app as app_texts

PROBLEM = (Path(__file__).resolve().parents[1] / "data" / "border-a1.pdn").read_text(
    encoding="utf-8")
"""The first problem of ../shared/pdn/problems/borderclassics.pdn (White to move and win),
copied into tests/data so that the test runs without ../shared."""

GAME = """[Event "Hostile \x1b[2J match"]
[Black "Marion Tinsley"]
[White "?"]
[Result "1/2-1/2"]
1. 11-15 23-19 2. 8-11 22-17 1/2-1/2
"""


def _write(tmp_path, text: str, name: str = "game.pdn"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_composed_problem_gives_its_title_and_the_result_its_composer_claims(tmp_path):
    opened = read_first_game(_write(tmp_path, PROBLEM, "border-a1.pdn"))
    assert opened.event == "Boland's Border Classics #A-1"
    assert opened.players == {}  # empty Black and White tags name nobody
    assert opened.stated == StatedResult(WHITE)
    assert opened.plies == 0
    said = app_texts.opened_text(opened.name, opened.plies, "Red to move.", event=opened.event,
                                 players=opened.players, stated=True,
                                 winner=opened.stated.winner,
                                 side_names={BLACK: "Black", WHITE: "Red"})
    assert said == ("Opened the game from border-a1.pdn: Boland's Border Classics #A-1. "
                    "No moves played. Stated result: Red wins. Two players. Red to move.")


def test_a_game_names_its_players_and_a_drawn_result_and_escapes_control_characters(tmp_path):
    opened = read_first_game(_write(tmp_path, GAME))
    assert opened.players == {BLACK: "Marion Tinsley"}  # "?" is PDN's unknown
    assert opened.stated == StatedResult(None)
    assert "\x1b" not in opened.event and opened.event.startswith("Hostile")
    said = app_texts.opened_text(opened.name, opened.plies, "Black to move.", event=opened.event,
                                 players=opened.players, stated=True, winner=None)
    assert "Black: Marion Tinsley." in said and "White:" not in said
    assert "4 moves played. Stated result: a draw." in said


def test_no_result_and_no_event_say_nothing_of_them(tmp_path):
    opened = read_first_game(_write(tmp_path, "1. 11-15 23-19 *\n"))
    assert opened.event is None and opened.stated is None and opened.players == {}
    said = app_texts.opened_text(opened.name, opened.plies, "Black to move.")
    assert said == "Opened the game from game.pdn. 2 moves played. Two players. Black to move."


def test_a_file_of_several_games_says_that_only_the_first_is_opened(tmp_path):
    assert not read_first_game(_write(tmp_path, GAME)).more_games
    second = GAME.replace("Marion Tinsley", "Derek Oldbury")
    opened = read_first_game(_write(tmp_path, GAME + "\n" + second))
    assert opened.more_games and opened.players == {BLACK: "Marion Tinsley"}
    said = app_texts.opened_text(opened.name, opened.plies, "Black to move.",
                                 stated=True, winner=None, more_games=opened.more_games)
    assert said.endswith("Stated result: a draw. The file holds more games; this is the "
                         "first. Two players. Black to move.")
    garbage = read_first_game(_write(tmp_path, GAME + "\n1. 99-100 *\n"))
    assert garbage.plies == 4  # what follows the first game never changes it


@settings(max_examples=60, deadline=None)
@given(event=st.text(max_size=3000), black=st.text(max_size=300))
def test_any_tag_text_is_bounded_and_printable(tmp_path_factory, event, black):
    quoted = [value.replace("\\", "\\\\").replace('"', '\\"') for value in (event, black)]
    text = f'[Event "{quoted[0]}"]\n[Black "{quoted[1]}"]\n1. 11-15 *\n'
    path = tmp_path_factory.mktemp("tags") / "tags.pdn"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        opened = read_first_game(path)
    except ValueError:  # refused as a whole (not PDN, past a limit): the reader's own tests
        return
    for value in [opened.event, *opened.players.values()]:
        if value is not None:
            assert len(value) <= 4 * (TAG_LENGTH + 3) and value.isprintable()
