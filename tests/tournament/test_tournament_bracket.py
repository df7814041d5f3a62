"""The bracket worked out from a draw and results (pure): byes, withdrawals, stale results after a
correction, third place between the semi-final losers, standings; the best-of-three check reusing
rules/match.py; round names; texts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_desktop.tournament import bracket as br
from checkers_desktop.texts import tournament as texts
from checkers_desktop.tournament.errors import ResultError
from checkers_desktop.tournament.scoring import check_match, games_from_score


def _play(slots, winner_rule, withdrawn=frozenset(), results=None):
    results = dict(results or {})
    while True:
        states = br.resolve(slots, results, withdrawn)
        ready = [s for s in states.values() if s.status == br.MatchStatus.READY]
        if not ready:
            return states, results
        for s in ready:
            results[s.pos] = br.StoredResult(s.a, s.b, winner_rule(s.a, s.b))


def test_four_players_to_the_medals():
    states, _ = _play((1, 2, 3, 4), min)
    st = br.standings((1, 2, 3, 4), states)
    assert (st.gold, st.silver, st.bronze, st.fourth) == (1, 3, 2, 4)
    assert states[(2, 1)].players == (2, 4)    # third place: the semi-final losers


def test_three_players_bronze_without_a_match():
    slots = (1, None, 2, 3)
    states, results = _play(slots, min)
    st = br.standings(slots, states)
    assert (st.gold, st.silver, st.bronze, st.fourth) == (1, 2, 3, None)
    assert st.vacant == ("fourth",)  # nobody will be fourth: not "not decided yet"
    assert states[(1, 0)].kind == br.KIND_BYE and states[(2, 1)].kind == br.KIND_BYE
    assert (2, 1) not in results


def test_one_and_two_players():
    alone = br.standings((7,), br.resolve((7,)))
    assert alone.gold == 7 and alone.vacant == ("silver", "bronze", "fourth")
    states, _ = _play((7, 8), max)
    assert br.standings((7, 8), states) == br.Standings(8, 7, None, None, ("bronze", "fourth"))


def test_withdrawn_competitor_loses_the_due_match_and_the_third_place():
    slots = tuple(range(1, 9))
    results = {}
    states, results = _play(slots, min, results={})
    # withdraw 1 before the semi-final: replay from round one's results only
    first = {p: r for p, r in results.items() if p[0] == 1}
    states, _ = _play(slots, min, withdrawn=frozenset({1}), results=first)
    semi = states[(2, 0)]
    assert semi.kind == br.KIND_WITHDRAWAL and semi.loser == 1
    third = states[(3, 1)]
    assert third.kind == br.KIND_WITHDRAWAL and third.winner != 1
    st = br.standings(slots, states, frozenset({1}))
    assert st.fourth is None and 1 not in (st.gold, st.silver, st.bronze)
    assert st.vacant == ("fourth",)


def test_places_still_open_are_not_vacant():
    slots = (1, 2, 3, 4)
    assert br.standings(slots, br.resolve(slots)).vacant == ()
    states, _ = _play(slots, min)
    assert br.standings(slots, states).vacant == ()


def test_a_correction_upstream_makes_later_results_stale():
    slots = (1, 2, 3, 4)
    states, results = _play(slots, min)
    results[(1, 0)] = br.StoredResult(1, 2, 2)        # 2 beat 1 after all
    states = br.resolve(slots, results)
    assert states[(2, 0)].stale and states[(2, 0)].status == br.MatchStatus.READY
    assert set(br.stale_results(states)) == {(2, 0), (2, 1)}


def test_later_matches_and_round_names():
    assert br.later_matches(8, (1, 3)) == [(2, 1), (3, 1), (3, 0)]
    assert br.later_matches(8, (3, 1)) == []
    assert br.round_name(16, (1, 2)) == "Round of 16, pairing 3"
    assert br.round_name(16, (2, 0)) == "Quarter-final 1"
    assert br.round_name(16, (3, 1)) == "Semi-final 2"
    assert br.round_name(16, (4, 0)) == "Final"
    assert br.round_name(16, (4, 1)) == "Third place"
    assert br.match_positions(4) == [(1, 0), (1, 1), (2, 1), (2, 0)]


@pytest.mark.parametrize("games,winner,wins,draws", [
    (["A", "A"], "A", (2, 0), 0),
    (["A", "B", "B"], "B", (1, 2), 0),
    ([None, "A", None, "B", "A"], "A", (2, 1), 2),
])
def test_best_of_three(games, winner, wins, draws):
    score = check_match(("A", "B"), games, "va-standard")
    assert (score.winner, score.wins, score.draws) == (winner, wins, draws)


@pytest.mark.parametrize("games,message", [
    ([], "no game"), (["A"], "not decided"), (["A", "B"], "not decided"),
    (["A", "A", "B"], "decided after game 2"), (["A", "C"], "is not"),
    ([None] * 20, "at most"),
])
def test_results_that_are_not_a_best_of_three(games, message):
    with pytest.raises(ResultError, match=message):
        check_match(("A", "B"), games, "va-vi")


def test_games_from_score():
    assert check_match(("A", "B"), games_from_score(("A", "B"), (1, 2), 1)).winner == "B"


def test_sentences():
    assert texts.call_sentence(5, "Ann Lee", "Bo Diaz", 3) == "Match 5, Ann Lee and Bo Diaz, to table 3"
    assert texts.result_sentence(3, "Ann Lee", "Bo Diaz", 2, 1) == \
        "Table 3: Ann Lee beat Bo Diaz, 2 games to 1"
    assert texts.match_line("Quarter-final 2", "Ann Lee, Tampa VAMC", "Bo Diaz, Reno VAMC",
                            winner="Ann Lee, Tampa VAMC", kind="played", winner_wins=2,
                            loser_wins=1) == \
        "Quarter-final 2: Ann Lee, Tampa VAMC, beat Bo Diaz, Reno VAMC, 2 games to 1"
    # a bye goes through to the next round; after the final and third place there is none
    assert texts.match_line("Quarter-final 1", "Ann Lee, Tampa VAMC", None,
                            winner="Ann Lee, Tampa VAMC", kind="bye") == \
        "Quarter-final 1: Ann Lee, Tampa VAMC, goes through with a bye"
    assert texts.match_line("Third place", "Bo Diaz, Reno VAMC", None,
                            winner="Bo Diaz, Reno VAMC", kind="bye") == \
        "Third place: Bo Diaz, Reno VAMC, takes third place, with no opponent"
    assert texts.match_line("Final", None, "Ann Lee, Tampa VAMC", winner="Ann Lee, Tampa VAMC",
                            kind="bye") == \
        "Final: Ann Lee, Tampa VAMC, wins the final, with no opponent"
    assert texts.correction_sentence(5, [9, 12]) == "Match 5 corrected; matches 9 and 12 are affected"
    # the announcement after the change says the new result too
    assert texts.correction_sentence(5, [9], "Bo Diaz", "Ann Lee", 2, 1) == \
        "Match 5 corrected: Bo Diaz beat Ann Lee, 2 games to 1; match 9 is affected"
    assert texts.correction_sentence(5, [], "Bo Diaz", "Ann Lee", kind="walkover") == \
        "Match 5 corrected: Bo Diaz beat Ann Lee, by walkover; no later match is affected"


def test_winner_side_names_a_side_or_refuses():
    from checkers_desktop.tournament.model import Competitor
    from checkers_desktop.tournament.scoring import winner_side

    ann = Competitor(1, "Ann Lee", "Tampa VAMC", "70-74")
    bo = Competitor(2, "Bo Diaz", "Reno VAMC", "70-74")
    twin = Competitor(3, "Ann Lee", "Reno VAMC", "70-74")
    assert [winner_side(w, ann, bo) for w in (1, 2, None, "ann  LEE", "Bo Diaz")] == \
        ["a", "b", None, "a", "b"]
    assert winner_side(ann.label(), ann, twin) == "a"  # one name: told apart by the label
    for wrong in ("Cy Rowe", 7, "Ann Lee"):
        with pytest.raises(ResultError, match="is not"):
            winner_side(wrong, ann, twin if wrong == "Ann Lee" else bo)


def test_a_place_nobody_will_take_reads_not_awarded_not_pending():
    from checkers_desktop.texts.tournament import standings_lines

    lines = standings_lines("Ann Lee, Tampa", "Bo Diaz, Bronx", "Cy Ott, Reno", None,
                            ("fourth",))
    assert lines[3] == "Fourth: not awarded"
    assert standings_lines(None, None, None, None)[3] == "Fourth: not decided yet"


def test_the_standings_pdf_is_said_in_good_grammar():
    from checkers_desktop.texts.tournament import pdf_saved_text

    assert pdf_saved_text("standings", "s.pdf", plural=True) == \
        "The standings are saved as PDF: s.pdf."
    assert pdf_saved_text("bracket of 70-74", "b.pdf") == \
        "The bracket of 70-74 is saved as PDF: b.pdf."


@given(st.sampled_from([2, 4, 8, 16, 32, 64, 128]), st.integers(1, 64), st.integers(1, 7))
def test_a_bracket_cut_for_print_keeps_every_match_once_and_whole(size, most, deepest):
    """Cut for pages that hold at most ``most`` matches over at most ``deepest`` rounds: every
    match is in exactly one part, every part fits or is a single match, the earlier rounds
    come before the later ones, and a part's edge names where its winners go."""
    from checkers_desktop.tournament.bracket import match_positions, split_bracket

    def fits(part):
        return (len(part.positions()) <= most
                and part.last_round - part.first_round + 1 <= deepest)

    parts = split_bracket(size, fits)
    found = [pos for part in parts for pos in part.positions()]
    assert sorted(found) == sorted(match_positions(size))
    for part in parts:
        assert fits(part) or len([p for p in part.positions() if p[1] != 1 or
                                  p[0] != part.last_round]) == 1 or \
            part.first_round == part.last_round
        for pos, nxt in part.leaving():
            assert pos in part.positions() and nxt not in part.positions()
            assert any(nxt in other.positions() for other in parts)
    if fits(parts[0]) and len(parts) == 1:
        assert parts[0].whole
    firsts = [part.first_round for part in parts]
    assert firsts[0] == 1


def test_sixteen_cut_into_quarters_then_the_later_rounds():
    from checkers_desktop.tournament.bracket import split_bracket

    parts = split_bracket(16, lambda p: p.first_round > 1 and len(p.positions()) <= 4
                          or p.count <= 2)
    assert [(p.first_round, p.last_round, p.start, p.count) for p in parts] == [
        (1, 2, 0, 2), (1, 2, 2, 2), (1, 2, 4, 2), (1, 2, 6, 2), (3, 4, 0, 2)]
    assert parts[0].leaving() == [((2, 0), (3, 0))]
    assert parts[-1].entering() == [(2, 0), (2, 1), (2, 2), (2, 3)]
