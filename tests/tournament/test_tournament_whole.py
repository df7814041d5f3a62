"""A whole tournament through the package, on SQLite and on PostgreSQL: three divisions (5, 8 and 13
competitors) registered (one from a CSV file), drawn, played to the medals at tables (results
reported by table clients, and entered by hand), with one walkover, one withdrawal and one corrected
result. The standings are checked against a simulation written here from the rulebook alone (the
stronger competitor wins; a walkover to the one who came; a withdrawn competitor loses every match
from the withdrawal on; semi-final losers meet for third place)."""

from __future__ import annotations

import io
import random

from checkers_desktop.rules.match import Match
from checkers_desktop.rules.types import BLACK, WHITE
from checkers_desktop.tournament import CompetitorInput, MatchReport, ReportStatus
from checkers_desktop.tournament.model import MatchStatus
from checkers_desktop.tournament.printout import bracket_html, division_lines, standings_html
from checkers_desktop.tournament.store import TableClient, Tournament

CENTERS = ["Tampa VAMC", "Reno VAMC", "Bronx VAMC", "Houston VAMC", "Omaha VAMC"]


def games_won_by(winner: str, loser: str, rng: random.Random, profile: str):
    """A best of three won by ``winner``, drawn games and a lost game now and then, played through
    rules.match.Match (so each game's colours are the rulebook's)."""
    match = Match((winner, loser), profile, rng=rng)
    while not match.is_over:
        setup = match.next_game()
        roll = rng.random()
        if roll < 0.15:
            match.record_result(None, "draw")
        elif roll < 0.35 and match.wins(loser) == 0:
            match.record_result(BLACK if setup.black == loser else WHITE, "no moves")
        else:
            match.record_result(BLACK if setup.black == winner else WHITE, "no moves")
    assert match.winner == winner
    return match


def oracle(slots, strength, withdrawn_from=None, walkover=None):
    """Gold, silver, bronze, fourth by simulation. ``withdrawn_from``: id -> first round lost by
    withdrawal; ``walkover``: (round 1 index) -> winner id."""
    withdrawn_from = withdrawn_from or {}
    walkover = walkover or {}

    def beats(a, b, rnd, idx):
        if a is None or b is None:
            return (a if b is None else b), (None)
        if rnd == 1 and idx in walkover:
            w = walkover[idx]
            return w, (b if w == a else a)
        out_a = withdrawn_from.get(a, 99) <= rnd
        out_b = withdrawn_from.get(b, 99) <= rnd
        if out_a != out_b:
            return (b, a) if out_a else (a, b)
        return (a, b) if strength[a] > strength[b] else (b, a)

    cur = list(slots)
    rnd = 1
    losers = []
    while len(cur) > 1:
        nxt, losers = [], []
        for i in range(len(cur) // 2):
            w, l = beats(cur[2 * i], cur[2 * i + 1], rnd, i)
            nxt.append(w)
            losers.append(l)
        if len(nxt) == 2:
            semi_losers = losers
        cur = nxt
        rnd += 1
    if len(slots) == 1:
        return slots[0], None, None, None
    gold, silver = cur[0], losers[0]
    if len(slots) < 4:
        return gold, silver, None, None
    a, b = semi_losers
    if a is None or b is None:
        return gold, silver, a if b is None else b, None
    bronze, fourth = beats(a, b, rnd - 1, -1)
    if fourth in withdrawn_from:
        fourth = None
    return gold, silver, bronze, fourth


def test_whole_tournament_to_the_medals(backend, tmp_path):
    kind, url, table_login = backend
    rng = random.Random(19)
    org = Tournament.open(url, who="Pat Official", name="Golden Age Games 2026")
    # registration: the 13 of 70-74 from a CSV file, the others one by one
    csv_path = tmp_path / "players.csv"
    lines = ["Name;Medical Center;Age Group;Visually Impaired"]
    for i in range(13):
        lines.append(f"Player A{i};{CENTERS[i % 3 if i < 9 else 0]};{70 + i % 5};no")
    lines.append("Player A0;Tampa VAMC;70-74;no")          # a duplicate, refused
    csv_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = org.import_competitors(csv_path)
    assert len(report.competitors) == 13 and [r.line for r in report.refused] == [15]
    for i in range(8):
        org.add_competitor(CompetitorInput(f"Player B{i}", CENTERS[i % 4], "80-84"))
    for i in range(5):
        org.add_competitor(CompetitorInput(f"Player C{i}", CENTERS[i % 2], "60-64",
                                           visually_impaired=True))
    divisions = {d.key: d for d in org.make_divisions()}
    assert {k: d.competitor_count for k, d in divisions.items()} == \
        {"60-64": 5, "70-74": 13, "80-84": 8}
    for key in divisions:
        info = org.draw(key, seed=2026)
        assert info.same_center_pairs == info.minimum_same_center_pairs
    views = {key: org.division_view(key) for key in divisions}
    slots = {key: [c.id if c else None for c in v.slots] for key, v in views.items()}
    everyone = [c.id for c in org.competitors()]
    strength = dict(zip(everyone, rng.sample(range(1000), len(everyone))))
    names = {c.id: c.name for c in org.competitors()}

    tables = {}

    def client(n):
        if n not in tables:
            u, pw = table_login(n)
            tables[n] = TableClient(u, table=n, password=pw, outbox=tmp_path / f"outbox{n}.db")
        return tables[n]

    # the walkover: the first real round-one match of 80-84; the stronger one does not come
    walkover_match = next(m for m in org.matches("80-84") if m.round == 1 and m.number)
    weaker = min((walkover_match.a, walkover_match.b), key=lambda c: strength[c.id])
    walkover_winner = {walkover_match.index: weaker.id}
    # the withdrawal: the strongest of 70-74, after round one
    withdrawer = max((c for c in org.competitors() if c.division_key == "70-74"),
                     key=lambda c: strength[c.id])
    withdrawn = False
    # the correction: 60-64's first semi-final is entered with the wrong winner
    semi = next(m for m in org.matches("60-64") if m.round_name == "Semi-final 1")
    wrong_entered = False
    corrected = None

    played_by_table = 0
    for _ in range(200):
        if not withdrawn and all(m.status == MatchStatus.DECIDED for m in org.matches("70-74")
                                 if m.round == 1):
            decided = org.withdraw(withdrawer.id, why="felt unwell after round one")
            assert len(decided) == 1
            withdrawn = True
        offers = org.offers()
        if not offers:
            if wrong_entered and corrected is None:
                # both later matches of 60-64 were played with the wrong semi-final winner
                preview = org.preview_correction(semi.number, [good, good])
                assert preview.winner_changes
                later = {m.round_name: m.number for m in org.matches("60-64")}
                assert sorted(a.number for a in preview.affected) == \
                    sorted([later["Final"], later["Third place"]])
                assert all(a.players_change and a.result_voided for a in preview.affected)
                corrected = org.correct_result(semi.number, [good, good],
                                               why="score sheet shows the other player won 2-0")
                assert corrected.affected == preview.affected
                continue
            break
        for offer in offers:
            call = org.call(offer.match.number, offer.table)
            assert call.sentence() == (f"Match {offer.match.number}, {call.a.name} and "
                                       f"{call.b.name}, to table {offer.table}")
            m = org.match(offer.match.number)
            a, b = m.a, m.b
            if m.number == walkover_match.number:
                org.walkover(m.number, weaker.name, why="did not come to the table in 10 minutes")
                continue
            win, lose = (a, b) if strength[a.id] > strength[b.id] else (b, a)
            if m.number == semi.number and not wrong_entered:
                good = win.name
                win, lose = lose, win
                wrong_entered = True
            if m.number % 2:
                tc = client(offer.table)
                assert [x.number for x in tc.called_matches()] == [m.number]
                setup = tc.take(m.number)
                assert setup.best_of == 3 and setup.table == offer.table
                assert setup.profile_key == ("va-vi" if m.division_key == "60-64"
                                             else "va-standard")
                assert {p.name for p in setup.players} == {a.name, b.name}
                games = games_won_by(win.name, lose.name, rng, setup.profile_key)
                outcome = tc.report(MatchReport.from_match(m.number, games,
                                                           records=[f"/records/m{m.number}.pdn"]))
                assert outcome.status is ReportStatus.RECORDED, outcome.message
                played_by_table += 1
            else:
                games = games_won_by(win.name, lose.name, rng, "va-standard")
                org.enter_result(m.number, [g.winner for g in games.games])
    assert withdrawn and corrected is not None and played_by_table > 5

    expected = {
        "60-64": oracle(slots["60-64"], strength),
        "80-84": oracle(slots["80-84"], strength, walkover=walkover_winner),
        "70-74": oracle(slots["70-74"], strength, withdrawn_from={withdrawer.id: 2}),
    }
    for key, places in expected.items():
        st = org.standings(key)
        got = tuple(c.id if c else None for c in (st.gold, st.silver, st.bronze, st.fourth))
        assert got == places, (key, [names.get(x) for x in got], [names.get(x) for x in places])
        assert st.complete
    assert expected["70-74"][0] != withdrawer.id

    # the log: who, when, what and why of the walkover, the withdrawal and the correction
    log = org.audit_log()
    by_action = {}
    for e in log:
        by_action.setdefault(e.action, []).append(e)
    assert by_action["walkover"][0].why.startswith("did not come")
    assert by_action["withdraw"][0].who == "Pat Official"
    fix = by_action["correction"][0]
    assert fix.why.startswith("score sheet") and fix.at is not None
    assert sorted(fix.what["affected"]) == sorted(a.number for a in corrected.affected)
    assert any(e.who.startswith("table ") for e in by_action["result"])
    # the kinds of decisions are all there, and the CSV has every decided match
    all_matches = org.matches()
    kinds = {m.kind for m in all_matches if m.status == MatchStatus.DECIDED}
    assert {"played", "walkover", "withdrawal", "bye"} <= kinds
    out = io.StringIO()
    rows = org.results_csv(out)
    assert rows == sum(1 for m in all_matches if m.status == MatchStatus.DECIDED)
    assert out.getvalue().splitlines()[0].startswith("division,match,round,table")

    # what the wall and the screen reader get
    view = org.division_view("70-74")
    html = bracket_html(view)
    gold = view.standings.gold
    assert "Division 70-74" in html and f"<b>{gold.name}" in html and "Gold" in html
    assert org.info()["name"] in html and "Draw seed 2026" in html
    lines = division_lines(view)
    assert any(" beat " in ln and "games to" in ln for ln in lines)
    assert lines[-4] == f"Gold: {gold.name}, {gold.medical_center}"
    assert "(withdrew)" in html
    page = standings_html([org.standings(k) for k in expected], event="Golden Age Games 2026")
    for key in expected:
        assert f"Standings: {key}" in page
    for tc in tables.values():
        tc.close()
    org.close()


def test_sides_not_known_yet_name_the_match_they_come_from(tmp_path):
    """Before play, the screen reader's list says who will play each later match: the winners of
    two numbered matches, and for the third place the semi-finals' losers (VA rulebook, Event 4),
    as the drawn bracket does."""
    org = Tournament.open(str(tmp_path / "tournament.db"), who="Pat Official", name="Test")
    for i in range(8):
        org.add_competitor(CompetitorInput(f"Player {i}", CENTERS[i % 4], "65-69"))
    (division,) = org.make_divisions()
    org.draw(division.key, seed=7)
    view = org.division_view(division.key)
    number = {m.round_name: m.number for m in view.matches}
    lines = {m.round_name: ln for m, ln in zip(view.matches, (m.line() for m in view.matches))}
    assert lines["Semi-final 1"] == (
        f"Semi-final 1, match {number['Semi-final 1']}: the winner of match "
        f"{number['Quarter-final 1']} against the winner of match {number['Quarter-final 2']}")
    assert lines["Third place"] == (
        f"Third place, match {number['Third place']}: the loser of match "
        f"{number['Semi-final 1']} against the loser of match {number['Semi-final 2']}")
    assert lines["Final"].endswith(f"the winner of match {number['Semi-final 1']} against the "
                                   f"winner of match {number['Semi-final 2']}")
    assert not any("earlier match" in ln for ln in division_lines(view))
    org.close()
