"""What a PDN file says of its first game reaches the player who opens it: the event (a
tournament, or a composed problem's title), the players and the stated result, each bounded in
length whatever the file holds, and read as data (the colour that won), not as the file's text."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session import opening
from checkers_desktop.session.opening import (TAG_LENGTH, OpenError, OpenProblem, StatedResult,
                                              list_games, read_game)
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
    opened = read_game(_write(tmp_path, PROBLEM, "border-a1.pdn"))
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
    opened = read_game(_write(tmp_path, GAME))
    assert opened.players == {BLACK: "Marion Tinsley"}  # "?" is PDN's unknown
    assert opened.stated == StatedResult(None)
    assert "\x1b" not in opened.event and opened.event.startswith("Hostile")
    said = app_texts.opened_text(opened.name, opened.plies, "Black to move.", event=opened.event,
                                 players=opened.players, stated=True, winner=None)
    assert "Black: Marion Tinsley." in said and "White:" not in said
    assert "2 moves played. Stated result: a draw." in said


def test_no_result_and_no_event_say_nothing_of_them(tmp_path):
    opened = read_game(_write(tmp_path, "1. 11-15 23-19 *\n"))
    assert opened.event is None and opened.stated is None and opened.players == {}
    said = app_texts.opened_text(opened.name, opened.plies, "Black to move.")
    assert said == "Opened the game from game.pdn. 1 move played. Two players. Black to move."


def test_a_file_of_several_games_lists_them_and_opens_the_one_chosen(tmp_path):
    second = GAME.replace("Marion Tinsley", "Derek Oldbury").replace("1/2-1/2", "0-1")
    path = _write(tmp_path, GAME + "\n" + second)
    listing = list_games(path)
    assert [g.number for g in listing.games] == [1, 2] and not listing.more
    assert listing.games[1].players == {BLACK: "Derek Oldbury"}
    assert listing.games[1].stated == StatedResult(WHITE)
    said = app_texts.game_choice_text(2, listing.games[1].event, None, listing.games[1].players,
                                      True, WHITE, {BLACK: "Black", WHITE: "Red"})
    assert said.startswith("2. Hostile") and said.endswith(". Black: Derek Oldbury. Red won.")
    opened = read_game(path, 2)
    assert opened.number == 2 and opened.players == {BLACK: "Derek Oldbury"}
    assert opened.stated == StatedResult(WHITE) and opened.plies == 4
    told = app_texts.opened_text(opened.name, opened.plies, "Black to move.", number=2)
    assert told == "Opened game 2 from game.pdn. 2 moves played. Two players. Black to move."
    assert read_game(path).players == {BLACK: "Marion Tinsley"}


def test_a_game_number_past_the_file_or_cancelled_listing_changes_nothing(tmp_path):
    path = _write(tmp_path, GAME * 150)
    with pytest.raises(OpenError) as missing:
        read_game(path, 151)
    assert missing.value.problem is OpenProblem.NO_GAME
    stop = threading.Event()
    stop.set()
    with pytest.raises(OpenError) as cancelled:
        list_games(path, stop)
    assert cancelled.value.problem is OpenProblem.CANCELLED


def test_only_the_first_games_of_a_long_file_are_listed(tmp_path, monkeypatch):
    monkeypatch.setattr(opening, "MAX_LISTED", 3)
    listing = list_games(_write(tmp_path, GAME * 5))
    assert [g.number for g in listing.games] == [1, 2, 3] and listing.more
    assert "holds more than 3 games; the first 3 are listed" in app_texts.choose_game_label_text(
        listing.name, len(listing.games), listing.more)


@settings(max_examples=40, deadline=None)
@given(events=st.lists(st.text(alphabet=st.characters(whitelist_categories=("Lu", "Ll", "Nd"),
                                                      max_codepoint=0x24F),
                               min_size=1, max_size=40), min_size=1, max_size=12))
def test_every_game_is_listed_in_order_with_its_event(tmp_path_factory, events):
    """Any number of games, any event names: the list numbers them 1..n in the file's order,
    and reading game k gives game k."""
    text = "".join(f'[Event "{e}"]\n1. 11-15 {"23-19" if i % 2 else "22-18"} *\n\n'
                   for i, e in enumerate(events))
    path = _write(tmp_path_factory.mktemp("games"), text)
    listing = list_games(path)
    assert [g.number for g in listing.games] == list(range(1, len(events) + 1))
    assert [g.event for g in listing.games] == events
    k = len(events)
    opened = read_game(path, k)
    assert opened.event == events[-1]
    assert opened.board.move_stack[1].pdn() == ("23-19" if (k - 1) % 2 else "22-18")


@settings(max_examples=60, deadline=None)
@given(event=st.text(max_size=3000), black=st.text(max_size=300))
def test_any_tag_text_is_bounded_and_printable(tmp_path_factory, event, black):
    quoted = [value.replace("\\", "\\\\").replace('"', '\\"') for value in (event, black)]
    text = f'[Event "{quoted[0]}"]\n[Black "{quoted[1]}"]\n1. 11-15 *\n'
    path = tmp_path_factory.mktemp("tags") / "tags.pdn"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        opened = read_game(path)
    except ValueError:  # refused as a whole (not PDN, past a limit): the reader's own tests
        return
    for value in [opened.event, *opened.players.values()]:
        if value is not None:
            assert len(value) <= 4 * (TAG_LENGTH + 3) and value.isprintable()


def test_a_file_of_the_app_before_kind_tags_still_names_the_computer_and_its_level(tmp_path):
    """Files this app wrote before it wrote BlackType/WhiteType ("You" against "Computer, level
    4") open against the computer; a person named like that against someone else does not."""
    old = read_game(_write(tmp_path, '[Black "You"]\n[White "Computer, level 4"]\n'
                                     '1. 11-15 23-19 *\n'))
    assert old.computer is not None and old.computer.color is WHITE and old.computer.level == 4
    people = read_game(_write(tmp_path, '[Black "Ann"]\n[White "Computer, level 4"]\n'
                                        '1. 11-15 23-19 *\n', "people.pdn"))
    assert people.computer is None
    both = read_game(_write(tmp_path, '[BlackType "program"]\n[WhiteType "program"]\n'
                                      '1. 11-15 {[%level 3]} 23-19 *\n', "engines.pdn"))
    assert both.computer is None  # two programs: no side for the player
    credited = read_game(_write(tmp_path, '[BlackType "human"]\n[WhiteType "program"]\n'
                                          '1. 11-15 23-19 {[%level 5]} 2. 8-11 *\n', "c.pdn"))
    assert credited.computer.move_levels == {1: 5} and credited.computer.level == 5


def test_why_a_file_is_not_opened_is_said_with_the_inputs_own_problems(tmp_path):
    """One enum names what is wrong with every input: the open-game refusals are
    ``inputs.InputProblem`` values, and a file that is not a PDN is told the same whichever way
    it is not (binary data, another encoding, text that is no game record)."""
    from checkers_desktop.inputs import InputProblem

    assert OpenProblem is InputProblem
    binary = tmp_path / "photo.pdn"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10)
    prose = tmp_path / "letter.pdn"
    prose.write_text("Dear Ann, the match is on Tuesday.\n", encoding="utf-8")
    said = []
    for path in (binary, prose):
        with pytest.raises(OpenError) as refused:
            opening.list_games(path)
        assert refused.value.problem in (InputProblem.NOT_TEXT, InputProblem.ENCODING,
                                         InputProblem.WRONG_CONTENT)
        text = app_texts.open_failed_text(refused.value.problem.value, refused.value.name,
                                          refused.value.detail)
        said.append(text.split(":")[0])
    assert said == ["This file is not a checkers game record (PDN)"] * 2
