"""The seal on the results: a result changed outside the app is named when the tournament is opened.

The tournament is played through by the app, then changed behind its back: on SQLite with the
``sqlite3`` module on the file (as with the ``sqlite3`` shell), on PostgreSQL by the database's
administrator. The next opening must name the forged match, and the standings and the results CSV
must come from the result the sealed log recorded. An honest tournament opens silently.
"""

from __future__ import annotations

import csv
import io
import sqlite3

import pytest
from sqlalchemy import create_engine, text

from checkers_desktop.storage.integrity import Integrity, KeyRing, RecordKey
from checkers_desktop.tournament import CompetitorInput
from checkers_desktop.tournament.store import Tournament

KEY = RecordKey.from_secret(bytes(range(32)))
OTHER_KEY = RecordKey.from_secret(bytes(range(1, 33)))


def _keys(key: RecordKey = KEY) -> KeyRing:
    return KeyRing.of(key)


@pytest.fixture(autouse=True)
def install_key():
    """The app gives its key ring once at start (``storage.records.use_keys``); every
    ``Tournament`` opened in this process (a table's too) anchors with it."""
    from checkers_desktop.storage import records

    before = records.keys_in_use()
    records.use_keys(_keys())
    yield
    records.use_keys(*before)


def _play_through(t: Tournament) -> None:
    """Four competitors, one division, every match won 2-0 by side A."""
    for i, center in enumerate(("Tampa VAMC", "Bronx VAMC", "Reno VAMC", "Waco VAMC")):
        t.add_competitor(CompetitorInput(f"Player {i}", center, "70-74"))
    t.make_divisions()
    key = t.divisions()[0].key
    t.draw(key, seed=7)
    while t.playable():
        for m in t.playable():
            t.enter_result(m.number, [m.a.id, m.a.id])
    return key


def _final(t: Tournament, key: str):
    return next(m for m in t.matches(key) if m.round_name == "Final")


class SqliteFile:
    """The tournament file changed with the sqlite3 module, as the sqlite3 shell would."""

    json = "{}"

    def __init__(self, path):
        self.path = path
        self.url = f"sqlite:///{path}"

    def run(self, *statements: str) -> None:
        con = sqlite3.connect(self.path)
        try:
            for st in statements:
                con.execute(st)
            con.commit()
        finally:
            con.close()


class PgOwner:
    """The database changed by its administrator (the owner of every table)."""

    json = "CAST({} AS json)"

    def __init__(self, url):
        self.url = url

    def run(self, *statements: str) -> None:
        engine = create_engine(self.url)
        try:
            with engine.begin() as conn:
                for st in statements:
                    conn.execute(text(st))
        finally:
            engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def seal_backend(request, tmp_path):
    """(organiser's URL, something that changes the database outside the app)."""
    if request.param == "sqlite":
        path = str(tmp_path / "tournament.db")
        yield path, SqliteFile(path)
    else:
        pg = request.getfixturevalue("pg_tournament")
        yield pg.organiser, PgOwner(pg.admin)


def test_honest_tournament_opens_silently(seal_backend):
    url, _ = seal_backend
    t = Tournament.open(url, keys=_keys())
    key = _play_through(t)
    t.close()
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert report.clean and report.text() == ""
    assert report.anchors is Integrity.VERIFIED and report.chain_break is None
    assert t.standings(key).unverified == ()
    out = io.StringIO()
    t.results_csv(out)
    assert {r["verified"] for r in csv.DictReader(io.StringIO(out.getvalue()))} == {"yes"}
    t.close()


def test_gold_and_silver_swapped_outside_the_app(seal_backend):
    url, owner = seal_backend
    t = Tournament.open(url, keys=_keys())
    key = _play_through(t)
    final = _final(t, key)
    gold, silver = final.winner, final.loser
    assert t.standings(key).gold == gold
    t.close()
    # the two UPDATEs of the attack: the final's result and the bracket both name the loser
    owner.run(
        f"UPDATE results SET winner_id = {silver.id}, wins_a = wins_b, wins_b = wins_a "
        f"WHERE match_id = (SELECT id FROM matches WHERE number = {final.number})",
        f"UPDATE matches SET winner_id = {silver.id} WHERE number = {final.number}")
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert report.forged_matches == [final.number]
    assert report.log_intact  # the log itself was not touched: it still says who won
    said = report.text()
    assert f"Match {final.number}:" in said and "log" in said
    standings = t.standings(key)
    assert standings.gold == gold and standings.silver == silver
    assert standings.unverified == (final.number,)
    assert any(f"match {final.number}" in line for line in standings.lines())
    out = io.StringIO()
    t.results_csv(out)
    row = next(r for r in csv.DictReader(io.StringIO(out.getvalue()))
               if r["match"] == str(final.number))
    assert row["winner"] == gold.name and row["verified"].startswith("no:")
    shown = t.match(final.number)
    assert shown.unverified and shown.winner == gold
    assert "disagrees with the tournament's log" in shown.line()
    # the organiser corrects it: the log and the result agree again
    t.correct_result(final.number, [gold.id, gold.id], why="result forged in the file")
    assert t.verification.clean
    t.close()
    assert Tournament.open(url, keys=_keys()).verification.clean


@pytest.mark.parametrize("attack", ["log payload", "log rewritten", "checkpoint forged",
                                    "result deleted", "result inserted"])
def test_log_and_anchor_attacks(seal_backend, attack):
    """Changing the log too (the event's payload, even with the chain recomputed), forging a
    checkpoint, removing or adding a result: each is noticed."""
    from checkers_desktop.tournament.store.seal import GENESIS, event_hash

    url, owner = seal_backend
    t = Tournament.open(url, keys=_keys())
    key = _play_through(t)
    final = _final(t, key)
    gold, silver = final.winner, final.loser
    t.close()
    swap = (f"UPDATE results SET winner_id = {silver.id} WHERE match_id = (SELECT id FROM matches "
            f"WHERE number = {final.number})",
            f"UPDATE matches SET winner_id = {silver.id} WHERE number = {final.number}")
    if attack == "log payload":
        owner.run(*swap, "UPDATE events SET payload = " + owner.json.format(
            f"replace(CAST(payload AS TEXT), '\"winner_id\": {gold.id}', "
            f"'\"winner_id\": {silver.id}')") +
            f" WHERE kind = 'result' AND match_number = {final.number}")
    elif attack == "log rewritten":
        owner.run(*swap, "UPDATE events SET payload = " + owner.json.format(
            f"replace(CAST(payload AS TEXT), '\"winner_id\": {gold.id}', "
            f"'\"winner_id\": {silver.id}')") +
            f" WHERE kind = 'result' AND match_number = {final.number}")
        # recompute the whole chain, as someone who read seal.py would
        engine = create_engine(owner.url)
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT id, at, kind, division_key, match_number, table_no, "
                "CAST(payload AS TEXT) FROM events ORDER BY id")).all()
        engine.dispose()
        prev, statements = GENESIS, []
        for r in rows:
            h = event_hash(prev, *r)
            statements.append(f"UPDATE events SET prev_hash = '{prev}', hash = '{h}' "
                              f"WHERE id = {r[0]}")
            prev = h
        owner.run(*statements)
    elif attack == "checkpoint forged":
        owner.run(*swap, "UPDATE seal_checkpoints SET seal = 'hmac-sha256:' || key_id || ':' || "
                         "'00000000000000000000000000000000000000000000000000000000000000ff'")
    elif attack == "result deleted":
        owner.run(f"UPDATE matches SET result_id = NULL, winner_id = NULL, status = 'ready', "
                  f"kind = NULL WHERE number = {final.number}",
                  f"DELETE FROM results WHERE match_id = (SELECT id FROM matches "
                  f"WHERE number = {final.number})")
    elif attack == "result inserted":
        third = next(m for m in t.matches(key) if m.round_name == "Third place")
        owner.run(f"UPDATE results SET void_reason = 'x' WHERE match_id = (SELECT id FROM "
                  f"matches WHERE number = {third.number})",
                  "INSERT INTO results (match_id, key, a_id, b_id, winner_id, kind, wins_a, "
                  "wins_b, draws, games, records, reported_by, received_at) SELECT match_id, "
                  "'forged', a_id, b_id, b_id, kind, wins_b, wins_a, draws, games, records, "
                  f"reported_by, received_at FROM results WHERE match_id = (SELECT id FROM "
                  f"matches WHERE number = {third.number})")
        final = third
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert not report.clean
    assert report.text()
    if attack in ("log payload", "log rewritten", "checkpoint forged"):
        assert not report.log_intact
    if attack in ("result deleted", "result inserted"):
        assert report.forged_matches == [final.number]
    standings = t.standings(key)
    if attack in ("log payload", "log rewritten", "checkpoint forged"):
        assert standings.gold != silver  # never the forged winner
    t.close()


def test_other_laptops_key_is_not_a_forgery(tmp_path):
    path = str(tmp_path / "t.db")
    t = Tournament.open(path, keys=_keys())
    _play_through(t)
    t.close()
    t = Tournament.open(path, keys=_keys(OTHER_KEY))
    assert t.verification.anchors is Integrity.OTHER_INSTALL
    assert t.verification.log_intact and not t.verification.disputes
    t.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def seal_tables(request, tmp_path):
    """(organiser's URL, owner, function giving table n's (url, password))."""
    if request.param == "sqlite":
        path = str(tmp_path / "tournament.db")
        yield path, SqliteFile(path), lambda n: (path, None)
    else:
        pg = request.getfixturevalue("pg_tournament")
        yield pg.organiser, PgOwner(pg.admin), lambda n: (pg.table_url(n), pg.passwords[n])


def test_results_reported_by_a_table_are_sealed(seal_tables, tmp_path):
    """A table's report (on PostgreSQL through the server's own functions) is chained as the
    organiser's entries are: the organiser opens it silently, and a swap is named."""
    from checkers_desktop.tournament import GameOutcome, MatchReport, ReportStatus
    from checkers_desktop.tournament.store import TableClient

    url, owner, login = seal_tables
    org = Tournament.open(url, keys=_keys())
    for i, center in enumerate(("Tampa VAMC", "Bronx VAMC")):
        org.add_competitor(CompetitorInput(f"Player {i}", center, "70-74"))
    org.make_divisions()
    org.draw(org.divisions()[0].key, seed=3)
    number = org.playable()[0].number
    u, pw = login(3)
    client = TableClient(u, table=3, password=pw, outbox=tmp_path / "t3.db")
    setup = client.take(number)
    name = setup.players[1].name
    assert client.report(MatchReport(number, (GameOutcome(1, name), GameOutcome(2, name)))
                         ).status is ReportStatus.RECORDED
    client.close()
    org.close()
    org = Tournament.open(url, keys=_keys())
    assert org.verification.clean, org.verification.text()
    winner, loser = org.match(number).winner, org.match(number).loser
    org.close()
    owner.run(f"UPDATE results SET winner_id = {loser.id}",
              f"UPDATE matches SET winner_id = {loser.id} WHERE number = {number}")
    org = Tournament.open(url, keys=_keys())
    assert org.verification.forged_matches == [number]
    assert org.standings(org.divisions()[0].key).gold == winner
    org.close()
