"""The third-place match (VA Golden Age Games rulebook, Event 4: "Third place games will match
the two losers of the two semi-final games against each other") when a semi-final was lost by a
walkover, and a withdrawal that decided it when a correction upstream changes its players."""

from __future__ import annotations

from checkers_desktop.tournament.model import CompetitorInput, MatchStatus
from checkers_desktop.tournament.store import Tournament

NAMES = ("Ann Lee", "Bo Diaz", "Cy Rowe", "Dee Sims", "Ed Park")


def _five(tmp_path):
    """Five competitors from five centers in 70-74, drawn: one quarter-final to play, three
    byes; then the semi-finals, the third place and the final."""
    t = Tournament.open(str(tmp_path / "t.db"), name="Golden Age Games test")
    for i, name in enumerate(NAMES):
        t.add_competitor(CompetitorInput(name, f"Center {i}", "70-74"))
    t.make_divisions()
    t.draw(t.divisions()[0].key, seed=7)
    return t


def _by_round(t):
    return {m.round_name: m for m in t.matches() if m.number is not None}


def test_a_semi_final_lost_by_walkover_still_plays_for_third_and_wins_it_by_withdrawal(
        tmp_path):
    """A walkover decides one match: the competitor who did not come is not withdrawn, so as
    a semi-final loser they are in the third-place match; their opponent there withdrew, so
    they take the bronze by withdrawal. Withdrawn too, nobody takes bronze or fourth."""
    t = _five(tmp_path)
    qf = next(m for m in t.playable() if m.round == 1)
    t.enter_result(qf.number, [qf.a.name, qf.b.name, qf.a.name])
    ms = _by_round(t)
    sf1, sf2 = ms["Semi-final 1"], ms["Semi-final 2"]
    t.walkover(sf1.number, sf1.a.name, why="did not come to the table in time")
    t.withdraw(sf2.b.id, why="felt unwell")
    ms = _by_round(t)
    third = ms["Third place"]
    assert {third.a.id, third.b.id} == {sf1.b.id, sf2.b.id}
    assert third.status is MatchStatus.DECIDED and third.kind == "withdrawal"
    assert third.winner.id == sf1.b.id
    st = t.standings(t.divisions()[0].key)
    assert st.bronze is not None and st.bronze.id == sf1.b.id
    # the no-show has gone home: withdrawn as well, bronze and fourth are vacant
    t.withdraw(sf1.b.id, why="left the event")
    st = t.standings(t.divisions()[0].key)
    assert st.bronze is None and st.fourth is None


def test_a_correction_that_changes_the_third_place_players_applies_the_withdrawal_again(
        tmp_path):
    """The third place was decided by a withdrawal; a correction upstream voids a semi-final
    and changes who plays for third: while the semi-final is to be played again the third place
    waits (its other player is not known), and once it is played the withdrawn competitor
    loses the third place by withdrawal again."""
    t = _five(tmp_path)
    qf = next(m for m in t.playable() if m.round == 1)
    t.enter_result(qf.number, [qf.a.name, qf.b.name, qf.a.name])
    ms = _by_round(t)
    sf1, sf2 = ms["Semi-final 1"], ms["Semi-final 2"]
    assert qf.a.id in (sf1.a.id, sf1.b.id)  # seed 7: the quarter-final feeds semi-final 1
    t.walkover(sf1.number, sf1.a.name, why="did not come to the table in time")
    t.withdraw(sf2.b.id, why="felt unwell")
    assert _by_round(t)["Third place"].kind == "withdrawal"
    t.correct_result(qf.number, [qf.b.name, qf.b.name], why="the score sheet says so")
    ms = _by_round(t)
    third = ms["Third place"]
    semi = ms["Semi-final 1"]  # its walkover voided: its players changed
    assert semi.status is MatchStatus.READY and qf.b.id in (semi.a.id, semi.b.id)
    assert third.status is MatchStatus.WAITING  # its other player is not known yet
    t.enter_result(semi.number, [semi.a.name, semi.b.name, semi.a.name])
    third = _by_round(t)["Third place"]
    assert third.status is MatchStatus.DECIDED and third.kind == "withdrawal"
    assert sf2.b.id in (third.a.id, third.b.id) and third.winner.id != sf2.b.id
    st = t.standings(t.divisions()[0].key)
    assert st.bronze is not None and st.bronze.id == third.winner.id and st.fourth is None
