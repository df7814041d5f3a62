"""The sentences added for the referee and the reading commands (the texts package)."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.clock import (GameTimeExpired, GameTimeWarning, MoveTimeExpired,
                                          MoveWarning, SideTimeExpired)
from checkers_desktop.rules.profiles import PROFILES, get_profile
from checkers_desktop.rules.referee import Referee
from checkers_desktop.rules.rulings import EndReason, GameResult, PenaltyDue
from checkers_desktop.texts import clock as clock_texts
from checkers_desktop.texts import game as game_texts
from checkers_desktop.texts import reading as reading_texts
from checkers_desktop.texts import touch as touch_texts
from checkers_desktop.texts import words as words_texts

SIDES = {BLACK: "Black", WHITE: "Red"}


@pytest.mark.parametrize("seconds, words", [
    (0, "0 seconds"), (0.4, "0 seconds"), (-3, "0 seconds"), (1, "1 second"), (25, "25 seconds"),
    (60, "1 minute"), (61, "1 minute 1 second"), (580, "9 minutes 40 seconds"),
    (599.7, "10 minutes"),
])
def test_duration_words(seconds, words):
    assert words_texts.duration_words(seconds) == words


def test_clock_events_name_the_side_or_you():
    warning = MoveWarning(25.0, BLACK, 25.0, 30.0)
    assert "5 seconds left to move" in clock_texts.clock_event_text(warning, SIDES)
    assert clock_texts.clock_event_text(warning, SIDES).startswith("Black")
    assert clock_texts.clock_event_text(warning, SIDES, you=BLACK) == "You have 5 seconds left to move."
    assert clock_texts.clock_event_text(MoveTimeExpired(30.0, WHITE, 30.0), SIDES) == \
        "Red's time for this move is up."
    assert clock_texts.clock_event_text(GameTimeWarning(300.0, 120.0), SIDES) == \
        "2 minutes of game time left."
    assert "limit" in clock_texts.clock_event_text(GameTimeExpired(600.0, 600.0), SIDES)
    assert "Red may claim" in clock_texts.clock_event_text(SideTimeExpired(9.0, BLACK), SIDES)
    due = PenaltyDue(30.0, WHITE, BLACK, (1, 2, 11), "move time")
    assert clock_texts.clock_event_text(due, SIDES) == "Red chooses a black checker to be removed."
    mine = clock_texts.clock_event_text(due, SIDES, you=WHITE)
    assert "1, 2 or 11" in mine and "press Enter" in mine


def test_result_texts():
    adjudicated = GameResult(BLACK, EndReason.ADJUDICATION, "", 600.0, {BLACK: 8, WHITE: 7})
    assert game_texts.result_text(adjudicated, SIDES) == (
        "Time is up. Black wins by adjudication: Black 8, Red 7 (man 1, king 2).")
    drawn = GameResult(None, EndReason.ADJUDICATION, "", 600.0, {BLACK: 6, WHITE: 6})
    assert "Drawn by adjudication" in game_texts.result_text(drawn, SIDES)
    lot = GameResult(WHITE, EndReason.ADJUDICATION, "", 900.0, {BLACK: 6, WHITE: 6}, by_lot=True)
    assert "by lot" in game_texts.result_text(lot, SIDES)
    assert game_texts.result_text(GameResult(WHITE, EndReason.RESIGNATION, "", 1.0), SIDES) == \
        "Black resigns. Red wins."
    assert "forfeits" in game_texts.result_text(GameResult(BLACK, EndReason.FORFEIT, "", 1.0), SIDES)


def test_clocks_text_reads_the_referee_clock():
    now = [0.0]
    referee = Referee("va-standard", Board(), time_source=lambda: now[0])
    referee.start()
    now[0] = 12.0
    text = clock_texts.clocks_text(referee.clock, referee.board, SIDES)
    assert text == ("Game time left: 9 minutes 48 seconds. Black's move: 12 seconds used of "
                    "30 seconds.")
    practice = get_profile("practice")
    assert clock_texts.clocks_text(referee.clock, referee.board, SIDES, practice.has_clock,
                                practice.title).startswith("No clocks")


@pytest.mark.parametrize("key", sorted(PROFILES))
def test_profile_text_names_every_profile(key):
    profile = get_profile(key)
    full = reading_texts.profile_text(profile)
    brief = reading_texts.profile_text(profile, "brief")
    assert profile.title in full and profile.title in brief
    assert len(brief) < len(full)
    assert ("Touch and move" in full) is (profile.touch.name == "STRICT")


def test_touch_texts():
    assert touch_texts.touch_text(11, True, [15, 16]) == (
        "You picked up eleven. You must move it. It can go to fifteen or sixteen.")
    assert touch_texts.touch_text(11, False, [15]) == "You picked up eleven. It can go to fifteen."
    assert touch_texts.put_back_touch_text(11) == "You put eleven back."


def test_read_rows_in_the_given_order():
    board = Board("B:W30:B1")
    text = reading_texts.read_rows(board, [[1, 2], [29, 30]], SIDES, "brief")
    assert text == "Row 1: 1 black man. Row 2: 30 red man. Black to move."


def test_reading_the_board_after_the_game_ended_names_no_side_to_move():
    """Red has no piece left: the game is over, and nobody is "to move"."""
    over = Board("W:WK5:B1,2")
    over_black_wins = Board("W:W:B1,2")
    assert over_black_wins.outcome() is not None
    assert not reading_texts.read_rows(over_black_wins, [[1, 2]], SIDES).endswith("to move.")
    assert reading_texts.read_rows(over, [[1, 2]], SIDES).endswith("Red to move.")
