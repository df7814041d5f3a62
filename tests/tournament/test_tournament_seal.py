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


def _rechain(owner) -> None:
    """Recompute the whole chain over the events as stored, as someone who read seal.py would."""
    from checkers_desktop.tournament.store.seal import GENESIS, event_hash

    engine = create_engine(owner.url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, at, kind, division_key, match_number, table_no, "
                                 "CAST(payload AS TEXT) FROM events ORDER BY id")).all()
    engine.dispose()
    prev, statements = GENESIS, []
    for r in rows:
        h = event_hash(prev, *r)
        statements.append(f"UPDATE events SET prev_hash = '{prev}', hash = '{h}' WHERE id = {r[0]}")
        prev = h
    owner.run(*statements)


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
    from checkers_desktop.tournament.printout import bracket_html, standings_html

    assert "From verified results only" in standings_html([standings])
    assert "disagrees with the tournament" in bracket_html(t.division_view(key))
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
                                    "result deleted", "result inserted", "correction appended"])
def test_log_and_anchor_attacks(seal_backend, attack):
    """Changing the log too (the event's payload, even with the chain recomputed), forging a
    checkpoint, removing or adding a result: each is noticed."""
    from checkers_desktop.tournament.store.seal import event_hash

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
        _rechain(owner)
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
    elif attack == "correction appended":
        # a correction the organiser never made, chained properly (on PostgreSQL the trigger
        # chains the owner's INSERT itself; on SQLite the attacker computes the hash)
        payload = ('{"key": "forged2", "a_id": %d, "b_id": %d, "winner_id": %d, "wins_a": 0, '
                   '"wins_b": 2, "draws": 0, "result_kind": "played", "voided": [], '
                   '"affected": []}' % (final.a.id, final.b.id, silver.id))
        fin = f"(SELECT id FROM matches WHERE number = {final.number})"
        owner.run(
            "INSERT INTO results (match_id, key, a_id, b_id, winner_id, kind, wins_a, wins_b, "
            f"draws, games, records, reported_by, received_at) SELECT match_id, 'forged2', a_id, "
            f"b_id, {silver.id}, kind, 0, 2, 0, games, records, 'organiser', received_at FROM "
            f"results WHERE match_id = {fin}",
            "UPDATE results SET replaced_by = (SELECT max(id) FROM results) WHERE match_id = "
            f"{fin} AND key <> 'forged2'",
            *swap[1:],
            "INSERT INTO events (at, kind, division_key, match_number, table_no, payload) "
            "SELECT at, 'correction', division_key, match_number, NULL, "
            + owner.json.format(f"'{payload}'") + " FROM events WHERE kind = 'result' AND "
            f"match_number = {final.number}")
        if isinstance(owner, SqliteFile):
            engine = create_engine(owner.url)
            with engine.connect() as conn:
                rows = conn.execute(text(
                    "SELECT id, at, kind, division_key, match_number, table_no, "
                    "CAST(payload AS TEXT) FROM events ORDER BY id")).all()
                prev = conn.execute(text("SELECT hash FROM events WHERE id = :i"),
                                    {"i": rows[-2][0]}).scalar()
            engine.dispose()
            owner.run(f"UPDATE events SET prev_hash = '{prev}', hash = "
                      f"'{event_hash(prev, *rows[-1])}' WHERE id = {rows[-1][0]}")
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert not report.clean
    assert report.text()
    if attack == "correction appended":
        assert report.chain_break is None and report.unsealed_from is not None
        assert t.standings(key).gold == gold
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


@pytest.mark.parametrize("statement", [
    "INSERT INTO seal_checkpoints (at, event_id, hash, key_id, seal, who) VALUES "
    "(now(), 1, repeat('0', 64), 'x', 'hmac-sha256:x:0', 'table 3')",
    "UPDATE seal_checkpoints SET seal = 'x'",
    "DELETE FROM seal_checkpoints",
    "UPDATE events SET hash = repeat('0', 64)",
    "DELETE FROM events",
    "INSERT INTO events (at, kind, payload) VALUES (now(), 'correction', '{}')",
    "DROP TRIGGER checkers_chain_event ON events",
    "ALTER TABLE events DISABLE TRIGGER checkers_chain_event",
    "CREATE OR REPLACE FUNCTION checkers_chain_event() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN RETURN NEW; END $$",
])
def test_a_table_cannot_touch_the_seal(pg_tournament, statement):
    """A table's own role, signed in outside the app, can neither write a checkpoint nor change
    the chain or its trigger."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import DBAPIError

    org = Tournament.open(pg_tournament.organiser, keys=_keys())
    org.add_competitor(CompetitorInput("Ann Lee", "Tampa VAMC", "70-74"))
    org.close()
    url = make_url(pg_tournament.table_url(3)).set(password=pg_tournament.passwords[3])
    engine = create_engine(url)
    try:
        with pytest.raises(DBAPIError) as info:
            with engine.begin() as conn:
                conn.execute(text(statement))
        assert getattr(info.value.orig, "sqlstate", "") in ("42501", "42883") or \
            "permission denied" in str(info.value.orig) or "must be owner" in str(info.value.orig)
    finally:
        engine.dispose()
    assert Tournament.open(pg_tournament.organiser, keys=_keys()).verification.clean


def test_an_earlier_copy_put_back_is_noticed(tmp_path):
    """The whole file copied back from an earlier moment is consistent in itself; the organiser's
    laptop remembers the newest entry it saw and names the copy as older."""
    import shutil

    keys = KeyRing(tmp_path / "keys")
    path = tmp_path / "t.db"
    t = Tournament.open(str(path), keys=keys)
    for i, center in enumerate(("Tampa VAMC", "Bronx VAMC", "Reno VAMC", "Waco VAMC")):
        t.add_competitor(CompetitorInput(f"Player {i}", center, "70-74"))
    t.make_divisions()
    key = t.divisions()[0].key
    t.draw(key, seed=7)
    t.close()
    for suffix in ("", "-wal", "-shm"):
        if (tmp_path / f"t.db{suffix}").exists():
            shutil.copy(tmp_path / f"t.db{suffix}", tmp_path / f"early.db{suffix}")
    t = Tournament.open(str(path), keys=keys)
    assert t.verification.clean
    first = t.playable()[0]
    t.enter_result(first.number, [first.a.id, first.a.id])
    t.close()
    for suffix in ("", "-wal", "-shm"):
        target = tmp_path / f"t.db{suffix}"
        if (tmp_path / f"early.db{suffix}").exists():
            shutil.copy(tmp_path / f"early.db{suffix}", target)
        elif target.exists():
            target.unlink()
    t = Tournament.open(str(path), keys=keys)
    report = t.verification
    assert report.rolled_back is not None and not report.clean
    assert "older than this laptop last saw it" in report.text()
    t.close()
    # a laptop that never saw the newer log has nothing to compare with
    assert Tournament.open(str(path), keys=KeyRing.of(keys.key())).verification.clean


def test_the_bracket_itself_changed_outside_the_app(seal_backend):
    """Rows of ``matches`` changed alone (a semi-final's winner carried to the final, a ready
    match marked won without play): named, and the bracket shown is what the results make."""
    url, owner = seal_backend
    t = Tournament.open(url, keys=_keys())
    for i, center in enumerate(("Tampa VAMC", "Bronx VAMC", "Reno VAMC", "Waco VAMC")):
        t.add_competitor(CompetitorInput(f"Player {i}", center, "70-74"))
    t.make_divisions()
    key = t.divisions()[0].key
    t.draw(key, seed=7)
    semi1, semi2 = t.playable()[:2]
    t.enter_result(semi1.number, [semi1.a.id, semi1.a.id])
    final = _final(t, key)
    real = final.a if final.a is not None else final.b
    t.close()
    # semi-final 2 decided without play for its B side, and the final given semi-final 1's loser
    owner.run(f"UPDATE matches SET status = 'decided', winner_id = {semi2.b.id}, kind = 'bye' "
              f"WHERE number = {semi2.number}",
              f"UPDATE matches SET a_id = {semi1.b.id} WHERE number = {final.number} AND "
              f"a_id = {real.id}",
              f"UPDATE matches SET b_id = {semi1.b.id} WHERE number = {final.number} AND "
              f"b_id = {real.id}")
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert {semi2.number, final.number} <= set(report.forged_matches)
    assert {d.reason for d in report.disputes} == {"bracket"}
    assert "the bracket names other players" in report.text()
    shown = {m.number: m for m in t.matches(key)}
    assert shown[semi2.number].winner is None and shown[semi2.number].status == "ready"
    assert real in (shown[final.number].a, shown[final.number].b)
    assert semi1.b not in (shown[final.number].a, shown[final.number].b)
    t.close()


def test_a_whole_bracket_reported_by_tables_opens_silently(seal_tables, tmp_path):
    """Every match of a division reported by the tables (on PostgreSQL through the server's
    functions, which move the bracket on themselves): the organiser's next open finds the bracket
    the results make, and says nothing."""
    from checkers_desktop.tournament import GameOutcome, MatchReport, ReportStatus
    from checkers_desktop.tournament.store import TableClient

    url, owner, login = seal_tables
    org = Tournament.open(url, keys=_keys())
    for i in range(6):
        org.add_competitor(CompetitorInput(f"Player {i}", f"VAMC {i}", "70-74"))
    org.make_divisions()
    key = org.divisions()[0].key
    org.draw(key, seed=3)
    clients = {}
    while org.playable():
        for n, m in enumerate(org.playable(), 1):
            if n not in clients:
                u, pw = login(n)
                clients[n] = TableClient(u, table=n, password=pw, outbox=tmp_path / f"t{n}.db")
            setup = clients[n].take(m.number)
            name = setup.players[n % 2].name
            assert clients[n].report(MatchReport(m.number, (GameOutcome(1, name),
                                                            GameOutcome(2, name)))
                                     ).status is ReportStatus.RECORDED
    for c in clients.values():
        c.close()
    assert org.standings(key).gold is not None
    org.close()
    org = Tournament.open(url, keys=_keys())
    assert org.verification.clean, org.verification.text()
    org.close()


@pytest.mark.parametrize("attack", ["draw swapped", "withdrawn", "brought back"])
def test_draw_and_withdrawals_changed_outside_the_app(seal_backend, attack):
    url, owner = seal_backend
    t = Tournament.open(url, keys=_keys())
    people = [t.add_competitor(CompetitorInput(f"Player {i}", f"VAMC {i}", "70-74"))
              for i in range(4)]
    t.make_divisions()
    key = t.divisions()[0].key
    t.draw(key, seed=7)
    if attack == "brought back":
        t.withdraw(people[3].id, why="unwell")
    t.close()
    if attack == "draw swapped":
        owner.run("UPDATE slots SET position = 100 WHERE position = 0",
                  "UPDATE slots SET position = 0 WHERE position = 2",
                  "UPDATE slots SET position = 2 WHERE position = 100")
    elif attack == "withdrawn":
        owner.run(f"UPDATE competitors SET withdrawn_at = created_at WHERE id = {people[1].id}")
    else:
        owner.run(f"UPDATE competitors SET withdrawn_at = NULL WHERE id = {people[3].id}")
    t = Tournament.open(url, keys=_keys())
    report = t.verification
    assert not report.clean and report.log_intact
    said = report.text()
    if attack == "draw swapped":
        assert report.draws_changed == [t.divisions()[0].label]
        assert "the draw of 1 division" in said
    else:
        assert report.withdrawals_changed == [people[1].id if attack == "withdrawn"
                                              else people[3].id]
        assert "withdrawn or brought back outside the app" in said
    t.close()


def test_a_tournament_made_before_the_seal_is_chained_when_upgraded(tmp_path):
    """A database at the first schema, with events already in its log, is upgraded: its events
    are chained in order and anchored at the first open; it opens silently."""
    from alembic import command
    from alembic.config import Config

    from checkers_desktop.tournament.store import engine as store_engine

    path = tmp_path / "old.db"
    engine = store_engine.make_engine(path)
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", str(store_engine._MIGRATIONS))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "t0001")
        for i in range(3):
            conn.execute(text("INSERT INTO events (at, kind, payload) VALUES "
                              "('2026-06-01 10:00:00.000000', 'registration', :p)"),
                         {"p": '{"name": "Player %d"}' % i})
    engine.dispose()
    t = Tournament.open(str(path), keys=_keys())
    assert t.verification.clean and t.verification.events == 3
    assert t.verification.anchors is Integrity.UNSEALED  # nothing anchored it yet
    t.add_competitor(CompetitorInput("Ann Lee", "Tampa VAMC", "70-74"))
    t.close()
    again = Tournament.open(str(path), keys=_keys()).verification
    assert again.clean and again.anchors is Integrity.VERIFIED and again.unanchored == 0


def test_checkpoints_removed_and_chain_rewritten(tmp_path):
    """Someone who reads seal.py rewrites a result and its log entry, recomputes the whole
    chain and removes every checkpoint (the file then looks like one never sealed): the laptop
    that saw the log remembers its newest entry, which no longer matches."""
    keys = KeyRing(tmp_path / "keys")
    path = str(tmp_path / "t.db")
    t = Tournament.open(path, keys=keys)
    key = _play_through(t)
    final = _final(t, key)
    gold, silver = final.winner, final.loser
    t.close()
    owner = SqliteFile(path)
    owner.run(f"UPDATE results SET winner_id = {silver.id} WHERE match_id = (SELECT id FROM "
              f"matches WHERE number = {final.number})",
              f"UPDATE matches SET winner_id = {silver.id} WHERE number = {final.number}",
              "UPDATE events SET payload = replace(payload, "
              f"'\"winner_id\": {gold.id}', '\"winner_id\": {silver.id}') "
              f"WHERE kind = 'result' AND match_number = {final.number}",
              "DELETE FROM seal_checkpoints")
    _rechain(owner)
    t = Tournament.open(path, keys=keys)
    assert t.verification.rolled_back is not None and not t.verification.clean
    assert t.verification.text().startswith("Warning:")
    t.close()


def test_the_whole_log_rewritten_from_its_first_entry(tmp_path):
    """As above, but the first entry changed too and every checkpoint removed: the file is not
    the tournament this laptop sealed at that place, and it carries no seal."""
    keys = KeyRing(tmp_path / "keys")
    path = str(tmp_path / "t.db")
    t = Tournament.open(path, keys=keys)
    _play_through(t)
    t.close()
    owner = SqliteFile(path)
    owner.run("UPDATE events SET payload = replace(payload, '\"Player 0\"', '\"Player 0 \"') "
              "WHERE id = (SELECT min(id) FROM events)", "DELETE FROM seal_checkpoints")
    _rechain(owner)
    t = Tournament.open(path, keys=keys)
    assert t.verification.rolled_back is not None and not t.verification.clean
    t.close()
    # a new tournament made by the app at the same place is sealed: no warning
    import os

    os.remove(path)
    t = Tournament.open(path, keys=keys)
    _play_through(t)
    t.close()
    assert Tournament.open(path, keys=keys).verification.clean


def test_the_organisers_follower_sees_a_named_match_corrected(tmp_path):
    """The window follows the tournament through its own connection: once the organiser corrects
    a named match (here to a winner other than the log's), the followed bracket shows the
    correction, not the log's old result."""
    import time

    from checkers_desktop.tournament.follow import OrganiserFollower

    path = str(tmp_path / "t.db")
    t = Tournament.open(path, keys=_keys())
    key = _play_through(t)
    final = _final(t, key)
    gold, silver = final.winner, final.loser
    t.close()
    SqliteFile(path).run(f"UPDATE matches SET winner_id = {silver.id} WHERE number = "
                         f"{final.number}")
    org = Tournament.open(path, keys=_keys())
    follower = OrganiserFollower(lambda: Tournament.open(path, keys=_keys()), poll_seconds=0.1,
                                 after=org.last_event_id())
    first = follower.step(timeout=0.3).snapshot
    shown = next(m for m in first.views[key].matches if m.number == final.number)
    assert shown.unverified and shown.winner == gold
    org.correct_result(final.number, [silver.id, silver.id], why="the score sheet says so")
    deadline = time.monotonic() + 10
    snapshot = None
    while snapshot is None and time.monotonic() < deadline:
        snapshot = follower.step(timeout=0.3).snapshot
    shown = next(m for m in snapshot.views[key].matches if m.number == final.number)
    assert not shown.unverified and shown.winner == silver
    assert snapshot.views[key].standings.gold == silver
    follower.close()
    org.close()


_PLAYED: dict = {}


def _played_file(tmp_path_factory) -> tuple:
    """One tournament played through and its key, made once for the property below."""
    if "path" not in _PLAYED:
        folder = tmp_path_factory.mktemp("played")
        t = Tournament.open(str(folder / "t.db"), keys=_keys())
        for i in range(8):
            t.add_competitor(CompetitorInput(f"Player {i}", f"VAMC {i}", "70-74"))
        t.make_divisions()
        t.draw(t.divisions()[0].key, seed=5)
        while t.playable():
            for m in t.playable():
                side = m.a if m.number % 2 else m.b
                t.enter_result(m.number, [side.id, None, side.id])
        _PLAYED["numbers"] = [m.number for m in t.matches() if m.kind == "played"]
        t.close()
        _PLAYED["path"] = folder / "t.db"
    return _PLAYED["path"], _PLAYED["numbers"]


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_change_to_a_stored_result_is_named(tmp_path_factory, data):
    """Whatever column of whatever match's result is changed outside the app (to any other
    value), that match is named at the next open, and no other."""
    import shutil

    source, numbers = _played_file(tmp_path_factory)
    number = data.draw(st.sampled_from(numbers))
    column = data.draw(st.sampled_from(["winner_id", "a_id", "b_id", "wins_a", "wins_b", "draws",
                                        "kind"]))
    value = data.draw(st.sampled_from(["'walkover'", "'bye'"]) if column == "kind"
                      else st.integers(0, 9))
    folder = tmp_path_factory.mktemp("copy")
    shutil.copy(source, folder / "t.db")
    path = str(folder / "t.db")
    where = f"match_id = (SELECT id FROM matches WHERE number = {number}) AND replaced_by IS NULL"
    con = sqlite3.connect(path)
    before = con.execute(f"SELECT {column} FROM results WHERE {where}").fetchone()[0]
    con.close()
    if str(before) == str(value).strip("'"):
        return
    SqliteFile(path).run(f"UPDATE results SET {column} = {value} WHERE {where}")
    t = Tournament.open(path, keys=_keys())
    assert t.verification.forged_matches == [number]
    t.close()


def _copy_played(tmp_path_factory) -> str:
    import shutil

    source, _ = _played_file(tmp_path_factory)
    folder = tmp_path_factory.mktemp("copy")
    shutil.copy(source, folder / "t.db")
    return str(folder / "t.db")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_change_to_the_bracket_or_the_log_is_noticed(tmp_path_factory, data):
    """Any column of a match's row, or of an entry of the log, changed outside the app: the open
    that follows is not silent."""
    path = _copy_played(tmp_path_factory)
    con = sqlite3.connect(path)
    if data.draw(st.booleans(), label="the log"):
        ids = [r[0] for r in con.execute("SELECT id FROM events ORDER BY id")]
        table, row = "events", data.draw(st.sampled_from(ids))
        column = data.draw(st.sampled_from(["at", "kind", "division_key", "match_number",
                                            "table_no", "payload", "prev_hash", "hash"]))
    else:
        table, row = "matches", data.draw(st.sampled_from(
            [r[0] for r in con.execute("SELECT id FROM matches WHERE number IS NOT NULL")]))
        column = data.draw(st.sampled_from(["a_id", "b_id", "winner_id", "status", "kind"]))
    before = con.execute(f"SELECT {column} FROM {table} WHERE id = {row}").fetchone()[0]
    con.close()
    value = {"status": "'ready'", "kind": "'bye'", "at": "'2020-01-01 00:00:00.000000'",
             "division_key": "'55-59'", "payload": "'{}'", "prev_hash": "'0'",
             "hash": "'0'"}.get(column, str(data.draw(st.integers(1, 9))))
    if str(before) == value.strip("'"):
        return
    SqliteFile(path).run(f"UPDATE {table} SET {column} = {value} WHERE id = {row}")
    t = Tournament.open(path, keys=_keys())
    assert not t.verification.clean, (table, column, before, value)
    assert t.verification.text()
    t.close()
