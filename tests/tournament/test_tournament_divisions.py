"""Divisions (split into visually impaired and standard, merge of small age groups, recorded), and
registration in the stored tournament: add, edit, withdraw before and after the draw, each in the
audit log; a table's set-up carries the division's rule profile."""

from __future__ import annotations

import pytest

from checkers_desktop.tournament import (CompetitorInput, DivisionError, DrawError,
                                         MatchNotPlayableError, RegistrationError)
from checkers_desktop.tournament.divisions import plan_divisions, suggest_merges
from checkers_desktop.tournament.store import Tournament


def test_plan_split_and_merge():
    people = [(1, "70-74", True), (2, "70-74", False), (3, "70-74", True),
              (4, "80-84", False), (5, "85-up", True), (6, "60-64", False)]
    plans = {p.key: p for p in plan_divisions(people, split_vi=["70-74"],
                                              merges=[("80-84", "85-up")])}
    assert set(plans) == {"60-64", "70-74 vi", "70-74 standard", "80-84+85-up"}
    assert plans["70-74 vi"].members == (1, 3) and plans["70-74 vi"].profile_key == "va-vi"
    assert plans["70-74 standard"].profile_key == "va-standard"
    assert plans["70-74 vi"].note == "Split into visually impaired (2) and standard (1)"
    assert plans["80-84+85-up"].label == "80-84 and 85-up"
    assert plans["80-84+85-up"].note == "Merged: 80-84 (1), 85-up (1)"
    with pytest.raises(DivisionError, match="two merges"):
        plan_divisions(people, merges=[("80-84", "85-up"), ("75-79", "80-84")])
    with pytest.raises(DivisionError):
        plan_divisions(people, merges=[("80-84", "90-94")])


def test_suggest_merges():
    assert suggest_merges({"70-74": 9, "80-84": 2, "85-up": 1}, minimum=3) == [("80-84", "85-up")]
    assert suggest_merges({"70-74": 9, "80-84": 2, "85-up": 1}, minimum=4) == \
        [("70-74", "80-84", "85-up")]
    assert suggest_merges({"70-74": 9, "75-79": 8}) == []


def test_registration_and_divisions_in_the_store(tmp_path):
    t = Tournament.open(tmp_path / "t.db", who="Pat Official")
    ann = t.add_competitor(CompetitorInput("Ann Lee", "Tampa VAMC", "70-74", True))
    t.add_competitor(CompetitorInput("Bo Diaz", "Reno VAMC", "70-74"))
    t.add_competitor(CompetitorInput("Cy Rowe", "Bronx VAMC", "70-74", True))
    t.add_competitor(CompetitorInput("Dee Sims", "Reno VAMC", "85-up"))
    eve = t.add_competitor(CompetitorInput("Eve Hall", "Omaha VAMC", "80-84"))
    with pytest.raises(RegistrationError, match="Ann Lee, Tampa VAMC is already registered"):
        t.add_competitor(CompetitorInput("ann lee", "tampa vamc", "75-79"))
    t.withdraw(eve.id, why="cannot travel")           # before the draw: left out of it
    divisions = {d.key: d for d in t.make_divisions(merges=[("80-84", "85-up")])}
    assert divisions["80-84+85-up"].competitor_count == 1
    assert divisions["80-84+85-up"].note == "Merged: 80-84 (0), 85-up (1)"
    # a competitor registered after the divisions were made joins theirs
    fay = t.add_competitor(CompetitorInput("Fay Ward", "Tampa VAMC", "70-74"))
    assert fay.division_key == "70-74"
    # edit before the draw: the age group may change
    t.edit_competitor(fay.id, CompetitorInput("Fay Ward", "Tampa VAMC", "85-up"), why="typo")
    assert {c.name: c.division_key for c in t.competitors()}["Fay Ward"] == "80-84+85-up"
    t.edit_competitor(fay.id, CompetitorInput("Fay Ward", "Tampa VAMC", "70-74"), why="typo")
    t.draw("70-74", seed=3)
    with pytest.raises(DivisionError):
        t.make_divisions()
    with pytest.raises(RegistrationError, match="drawn"):
        t.add_competitor(CompetitorInput("Gus Kim", "Reno VAMC", "70-74"))
    with pytest.raises(RegistrationError, match="drawn"):
        t.edit_competitor(ann.id, CompetitorInput("Ann Lee", "Tampa VAMC", "75-79"))
    t.edit_competitor(ann.id, CompetitorInput("Ann  Leigh", "Tampa VAMC", "70-74", True),
                      why="spelling")                   # the name's spelling may change
    # a mixed division: a match with a visually impaired competitor is played under -VI rules
    ready = t.playable()
    for m in ready:
        setup = t.setup_for(m.number)
        vi = any(p.visually_impaired for p in setup.players)
        assert setup.profile_key == ("va-vi" if vi else "va-standard")
        assert setup.division_label == "70-74" and setup.best_of == 3
    m = ready[0]
    t.enter_result(m.number, [m.a.name, m.a.name])
    with pytest.raises(DrawError, match="results"):
        t.draw("70-74", seed=4)
    with pytest.raises(MatchNotPlayableError, match="already decided"):
        t.call(m.number, 1)
    actions = [(e.action, e.who) for e in t.audit_log()]
    assert ("withdraw", "Pat Official") in actions and ("edit", "Pat Official") in actions
    assert ("divisions", "Pat Official") in actions and ("draw", "Pat Official") in actions
    draw_entry = next(e for e in t.audit_log() if e.action == "draw")
    assert draw_entry.what["seed"] == 3 and len(draw_entry.what["slots"]) == 4
    t.close()


def test_tables_and_calls(tmp_path):
    t = Tournament.open(tmp_path / "t.db")
    for i in range(8):
        t.add_competitor(CompetitorInput(f"P{i}", f"VAMC {i}", "75-79"))
    t.make_divisions()
    t.draw("75-79", seed=1)
    t.set_table_count(3)
    offers = t.offers()
    assert [o.table for o in offers] == [1, 2, 3]
    first = t.call(offers[0].match.number, 2)
    assert first.sentence().startswith(f"Match {offers[0].match.number}, ")
    assert first.sentence().endswith(", to table 2")
    with pytest.raises(MatchNotPlayableError, match="busy"):
        t.call(offers[1].match.number, 2)
    with pytest.raises(MatchNotPlayableError, match="no table 4"):
        t.call(offers[1].match.number, 4)
    assert t.free_tables() == [1, 3]
    assert [m.number for m in t.called_matches(2)] == [offers[0].match.number]
