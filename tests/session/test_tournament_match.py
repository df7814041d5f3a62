"""A tournament match at the table, without a window: the bracket's set-up becomes the match's
settings, and the finished match becomes the report the tournament records (plain Python)."""

from __future__ import annotations

import pytest

from checkers_desktop.rules.rulings import EndReason
from checkers_desktop.session.match_model import GameOutcome, MatchResult, MatchSettingsError
from checkers_desktop.session.tournament_match import (NoWinnerError, PlayedHere,
                                                       report_for_result, settings_for_setup)
from checkers_desktop.tournament.scoring import check_match
from checkers_desktop.tournament.table import MatchSetup, PlayerEntry

SETUP = MatchSetup(9, "70-74 vi", "70-74, visually impaired", "Semi-final 1",
                   (PlayerEntry(4, "Ann Lee", "Tampa VAMC", "70-74", True),
                    PlayerEntry(7, "Bo Diaz", "Reno VAMC", "70-74", True)),
                   "va-vi", 3, 3, "National Veterans Golden Age Games 2026")


def _result(winners, finished=True):
    a, b = "Ann Lee", "Bo Diaz"
    games = tuple(GameOutcome(i, a if i % 2 else b, b if i % 2 else a, w,
                              EndReason.NO_MOVES if w else EndReason.OFFICIAL_DRAW,
                              pdn_path=f"/records/game{i}.pdn")
                  for i, w in enumerate(winners, 1))
    wins = (sum(w == a for w in winners), sum(w == b for w in winners))
    winner = a if wins[0] >= 2 else b if wins[1] >= 2 else None
    return MatchResult((a, b), finished, winner, wins, sum(w is None for w in winners), games,
                       "70-74, visually impaired", "/records", "/records/score-sheet.pdf")


def test_the_setup_fills_in_the_match():
    s = settings_for_setup(SETUP, official="Carol Ruiz")
    assert s.names == ("Ann Lee", "Bo Diaz")
    assert [p.medical_center for p in s.players] == ["Tampa VAMC", "Reno VAMC"]
    assert [p.age_group for p in s.players] == ["70-74", "70-74"]
    assert (s.profile_key, s.best_of, s.division) == ("va-vi", 3, "70-74, visually impaired")
    assert s.round == "Semi-final 1, match 9" and s.official == "Carol Ruiz"
    assert s.event == "National Veterans Golden Age Games 2026"


def test_a_setup_that_is_no_match_is_refused():
    bad = MatchSetup(1, "k", "k", "Final", (SETUP.players[0], SETUP.players[0]), "va-vi")
    with pytest.raises(MatchSettingsError, match="same name"):
        settings_for_setup(bad)


def test_the_report_keeps_every_game_with_draws_and_the_records():
    result = _result(["Ann Lee", None, "Bo Diaz", "Ann Lee"])
    report = report_for_result(9, result, official="Carol Ruiz")
    assert report.match_number == 9 and report.official == "Carol Ruiz"
    assert report.winners == ["Ann Lee", None, "Bo Diaz", "Ann Lee"]
    assert [g.reason for g in report.games] == ["no moves", "declared drawn", "no moves",
                                                "no moves"]
    assert report.records == ("/records/game1.pdn", "/records/game2.pdn", "/records/game3.pdn",
                              "/records/game4.pdn", "/records/score-sheet.pdf")
    # the tournament's own best-of-three check accepts it and finds the same winner
    score = check_match(("Ann Lee", "Bo Diaz"), report.winners, "va-vi")
    assert score.winner == "Ann Lee" and score.draws == 1
    # made again for the same result, it keeps its key (recorded once)
    again = report_for_result(9, result, key=report.key)
    assert again.key == report.key and again.games == report.games


@pytest.mark.parametrize("winners,finished", [(["Ann Lee"], False), ([None, None], True)])
def test_no_winner_no_report(winners, finished):
    with pytest.raises(NoWinnerError, match="Match 9 has no winner yet"):
        report_for_result(9, _result(winners, finished))


def test_the_link_is_kept_as_json_and_read_back():
    played = PlayedHere(SETUP, "postgresql+psycopg://checkers_table_3@10.0.0.2/checkers",
                        report_for_result(9, _result(["Bo Diaz", "Bo Diaz"])), confirmed=True)
    back = PlayedHere.from_dict(played.to_dict())
    assert back.setup == SETUP and back.url == played.url and back.confirmed
    assert back.report.key == played.report.key and back.report.winners == ["Bo Diaz", "Bo Diaz"]
    assert back.matches(settings_for_setup(SETUP))
    damaged = played.to_dict()
    damaged["setup"]["players"] = damaged["setup"]["players"][:1]
    with pytest.raises(ValueError):
        PlayedHere.from_dict(damaged)
