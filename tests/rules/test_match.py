"""Matches: best of three, coin flip, alternating colours, draws followed by a played-out game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.match import Match, MatchError
from checkers_desktop.rules.referee import Referee


class StubRandom:
    def __init__(self, index: int) -> None:
        self.index = index

    def choice(self, seq):
        return seq[self.index]


PLAYERS = ("Ann", "Bob")


@pytest.mark.parametrize("index", [0, 1])
def test_first_black_by_coin_flip_then_colours_alternate(index):
    """VA rulebook 4:00 s5: "Choice of black side is determined ... by a coin flip. Thereafter, the
    black side rotates between competitors"."""
    match = Match(PLAYERS, "va-standard", rng=StubRandom(index))
    first = PLAYERS[index]
    other = PLAYERS[1 - index]
    g1 = match.next_game()
    assert (g1.number, g1.black, g1.white, g1.play_out) == (1, first, other, False)
    match.record_result(BLACK, "no moves")
    g2 = match.next_game()
    assert (g2.black, g2.white) == (other, first)


def test_best_two_out_of_three_ends_on_two_wins():
    """VA rulebook (competition format): "best two out of three games"."""
    match = Match(PLAYERS, "va-standard", rng=StubRandom(0))
    match.record_result(BLACK, "no moves")    # Ann (Black) wins
    assert not match.is_over
    match.record_result(BLACK, "no moves")    # Bob (Black) wins
    assert not match.is_over
    assert match.next_game().black == "Ann"
    match.record_result(WHITE, "resignation")  # Bob, with White in game 3, wins
    assert match.is_over and match.winner == "Bob"
    assert match.next_game() is None
    assert [g.winner for g in match.games] == ["Ann", "Bob", "Bob"]
    with pytest.raises(MatchError, match="'no moves'"):
        match.record_result(BLACK, "no moves")


def test_a_drawn_game_is_followed_by_a_new_game_played_out():
    """VA rulebook 4:00 s4: after a drawn game "a new game will be started. The game following the
    drawn game will be played to the designated time limit ... If the winner is not declared, then
    the game must be finished"."""
    match = Match(PLAYERS, "va-standard", rng=StubRandom(0))
    match.record_result(None, "declared drawn")
    g2 = match.next_game()
    assert g2.play_out and g2.number == 2 and g2.black == "Bob"  # colours still rotate
    match.record_result(WHITE, "adjudication", "Black 3, Red 5")
    assert not match.next_game().play_out
    assert match.draws() == 1 and match.wins("Ann") == 1
    assert match.games[1].detail == "Black 3, Red 5"


def test_the_play_out_flag_reaches_the_referee():
    """The game after a draw: equal material at the limit does not draw (VA 4:00 s4)."""
    match = Match(PLAYERS, "va-vi", rng=StubRandom(0))
    match.record_result(None, "declared drawn")
    setup = match.next_game()
    now = [0.0]
    ref = Referee("va-vi", Board("B:W30:B1"), time_source=lambda: now[0], play_out=setup.play_out)
    ref.start()
    now[0] = 900.0
    ref.poll()
    assert ref.result is None
    ref.resign(BLACK)
    record = match.record_game_result(ref.result)
    assert record.winner == "Ann" and record.winner_color is WHITE and record.reason == "resignation"


def test_caseville_single_game():
    """Caseville: single games (tournament of single games)."""
    match = Match(PLAYERS, "caseville", first_black="Bob")
    assert match.next_game().black == "Bob"
    match.record_result(WHITE, "adjudication")
    assert match.is_over and match.winner == "Ann"


def test_wcdf_open_series_random_draw_then_alternate():
    """WCDF 2.1: colours by random draw for the first game, then alternate."""
    match = Match(PLAYERS, "wcdf", rng=StubRandom(1))
    blacks = []
    for _ in range(5):
        blacks.append(match.next_game().black)
        match.record_result(BLACK, "no moves")
    assert blacks == ["Bob", "Ann", "Bob", "Ann", "Bob"]
    assert not match.is_over
    match.finish()
    assert match.is_over and match.winner == "Bob"


def test_bad_players_raise_match_error_quoting_them():
    with pytest.raises(MatchError, match="'Ann'"):
        Match(("Ann", "Ann"), "va-standard")
    with pytest.raises(MatchError, match="'Cy'"):
        Match(PLAYERS, "caseville", first_black="Cy")
    with pytest.raises(ValueError):
        Match(PLAYERS, "no-such-profile")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from([BLACK, WHITE, None]), max_size=60))
def test_best_of_three_always_ends_with_one_player_on_two_wins(seed, results):
    """Property (VA rulebook: best two out of three; 4:00 s4-s5): colours alternate every game, a
    game follows each draw and is played out, and the match ends exactly when a player has two
    wins."""
    match = Match(PLAYERS, "va-standard", rng=random.Random(seed))
    source = iter(results)
    previous = None
    while not match.is_over:
        setup = match.next_game()
        if previous is not None:
            assert setup.black == previous.white and setup.white == previous.black
            assert setup.play_out == (match.games[-1].winner is None)
        winner = next(source, BLACK)  # when the list runs out, games are won
        match.record_result(winner, "test")
        previous = setup
    wins = sorted(match.wins(p) for p in PLAYERS)
    assert wins[1] == 2 and wins[0] <= 1
    assert match.winner is not None and match.wins(match.winner) == 2
    assert match.games[-1].winner == match.winner
