"""The tournament shared by table laptops through PostgreSQL: roles, row locks, conflicting and
repeated results, connection tests, the organiser's live view through LISTEN/NOTIFY, and (on both
back ends) idempotent reports."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, text

from checkers_desktop.tournament import (CompetitorInput, ConnectionTestError, GameOutcome,
                                         MatchReport, MatchTakenError, PermissionDeniedError,
                                         ReportStatus, SchemaVersionError)
from checkers_desktop.tournament.store import (TableClient, Tournament, Watcher, init_server,
                                               try_connection)
from checkers_desktop.tournament.store.engine import (HEAD_REVISION, password_key,
                                                     server_version_message)


def _setup(org: Tournament, n: int = 8, group: str = "70-74") -> None:
    for i in range(n):
        org.add_competitor(CompetitorInput(f"Player {group} {i}", f"VAMC {i % 3}", group))
    org.make_divisions()
    for d in org.divisions():
        org.draw(d.key, seed=7)


def _win(setup, winner_index: int = 0) -> tuple:
    name = setup.players[winner_index].name
    return (GameOutcome(1, name), GameOutcome(2, name))


def test_table_role_is_refused_organiser_actions(pg_tournament):
    org = Tournament.open(pg_tournament.organiser)
    for i in range(4):
        org.add_competitor(CompetitorInput(f"Player {i}", f"VAMC {i}", "80-84"))
    _setup(org)
    m = org.matches("70-74")[0]
    org.enter_result(m.number, [m.a.name, m.a.name])
    url, pw = pg_tournament.table_url(3), pg_tournament.passwords[3]
    table = Tournament.open(url, password=pw)
    assert table.table == 3 and table.is_table
    # the app says no...
    with pytest.raises(PermissionDeniedError, match="only the organiser"):
        table.correct_result(m.number, [m.b.name, m.b.name], why="table tries")
    with pytest.raises(PermissionDeniedError):
        table.draw("70-74", seed=1)
    with pytest.raises(PermissionDeniedError):
        table.withdraw(m.b.id, why="table tries")
    # ... and so does the server itself, whatever the app does
    sneaky = Tournament(table.engine, who="table 3")   # an app that forgot to check
    with pytest.raises(PermissionDeniedError, match="Permission denied to correct a result"):
        sneaky.correct_result(m.number, [m.b.name, m.b.name], why="sneaky")
    with pytest.raises(PermissionDeniedError):
        sneaky.draw("80-84", seed=1)
    with pytest.raises(PermissionDeniedError):
        sneaky.withdraw(m.b.id, why="sneaky")
    import psycopg

    raw = psycopg.connect(table.engine.url.render_as_string(hide_password=False)
                          .replace("postgresql+psycopg", "postgresql"))
    for sql in ("UPDATE slots SET competitor_id = NULL", "DELETE FROM results",
                "UPDATE results SET winner_id = a_id", "INSERT INTO corrections (match_id, who, "
                "why, at, affected) VALUES (1, 'x', 'y', now(), '[]')",
                "UPDATE competitors SET name = 'x'"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(sql)
        raw.rollback()
    # a table can insert results only under its own name (row-level security)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw.execute("INSERT INTO results (match_id, key, a_id, b_id, winner_id, kind, wins_a, "
                    "wins_b, draws, games, records, reported_by, received_at) SELECT id, 'k', "
                    "a_id, b_id, a_id, 'played', 2, 0, 0, '[]', '[]', 'table 5', now() "
                    "FROM matches WHERE status = 'ready' LIMIT 1")
    raw.rollback()
    raw.close()
    assert org.match(m.number).winner.id == m.a.id          # nothing changed
    table.close()
    org.close()


def test_a_table_role_changes_only_what_playing_its_own_match_changes(pg_tournament):
    """Signed in as a table with any SQL client, whatever the app does: no other winner, no other
    players, no decided match changed, no result for a match another table took, and no audit
    entry or event under another name; the table's own match still goes through."""
    import psycopg

    org = Tournament.open(pg_tournament.organiser)
    _setup(org)
    first, second = [m for m in org.matches("70-74") if m.status == "ready"][:2]
    org.enter_result(first.number, [first.a.name, first.a.name])   # decided by the organiser
    later = next(m for m in org.matches("70-74") if m.round == 2 and m.a_known)
    url, pw = pg_tournament.table_url(3), pg_tournament.passwords[3]
    table = Tournament.open(url, password=pw)
    other = Tournament.open(pg_tournament.table_url(4), password=pg_tournament.passwords[4])
    other.take(second.number, table=4)
    raw = psycopg.connect(table.engine.url.render_as_string(hide_password=False)
                          .replace("postgresql+psycopg", "postgresql"))
    refused = {
        "another winner": f"UPDATE matches SET winner_id = b_id WHERE number = {first.number}",
        "a win without a result": "UPDATE matches SET status = 'decided', winner_id = a_id, "
                                  f"kind = 'played' WHERE number = {second.number}",
        "other players": f"UPDATE matches SET a_id = {first.b.id} WHERE number = {later.number}",
        "a match given away": "UPDATE matches SET status = 'playing', taken_by = 'table 9', "
                              "table_no = 9 WHERE status = 'ready'",
        "the audit as the organiser": "INSERT INTO audit (at, who, action, subject, what, why) "
                                      "VALUES (now(), 'Pat Official', 'correct', 'match 1', "
                                      "'{}', '')",
        "an event as another table": "INSERT INTO events (at, kind, table_no, payload) VALUES "
                                     "(now(), 'result', 5, '{}')",
        "a result for another table's match": (
            "INSERT INTO results (match_id, key, a_id, b_id, winner_id, kind, wins_a, wins_b, "
            "draws, games, records, reported_by, received_at) SELECT id, 'k', a_id, b_id, a_id, "
            f"'played', 2, 0, 0, '[]', '[]', 'table 3', now() FROM matches WHERE number = "
            f"{second.number}"),
    }
    for what, sql in refused.items():
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(sql)
            pytest.fail(f"{what} was allowed")
        raw.rollback()
    raw.close()
    assert org.match(first.number).winner.id == first.a.id
    assert org.match(later.number).a.id == first.a.id
    assert org.match(second.number).taken_by == "table 4"
    # the other table's match is reported as the app does it: recorded, and the bracket moves on
    setup = other.take(second.number, table=4)
    report = MatchReport(second.number, _win(setup))
    assert other.report(report, table=4).status is ReportStatus.RECORDED
    assert org.match(second.number).winner.name == setup.players[0].name
    for t in (table, other, org):
        t.close()


def test_two_tables_cannot_take_one_match(pg_tournament):
    org = Tournament.open(pg_tournament.organiser)
    _setup(org)
    number = org.playable()[0].number
    clients = [Tournament.open(pg_tournament.table_url(n), password=pg_tournament.passwords[n])
               for n in (1, 2)]
    barrier = threading.Barrier(2)
    outcomes = {}

    def take(t):
        barrier.wait()
        try:
            outcomes[t.table] = t.take(number)
        except MatchTakenError as exc:
            outcomes[t.table] = exc

    threads = [threading.Thread(target=take, args=(t,)) for t in clients]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    errors = [o for o in outcomes.values() if isinstance(o, MatchTakenError)]
    taken = [o for o in outcomes.values() if not isinstance(o, MatchTakenError)]
    assert len(errors) == 1 and len(taken) == 1
    assert f"already taken by table {taken[0].table}" in str(errors[0])
    assert org.match(number).taken_by == f"table {taken[0].table}"
    for c in clients:
        c.close()
    org.close()


def test_second_table_reporting_a_match_is_refused_naming_both(pg_tournament, tmp_path):
    org = Tournament.open(pg_tournament.organiser)
    _setup(org)
    number = org.playable()[0].number
    org.call(number, 4)
    t4 = TableClient(pg_tournament.table_url(4), password=pg_tournament.passwords[4],
                     outbox=tmp_path / "t4.db")
    t9 = TableClient(pg_tournament.table_url(9), password=pg_tournament.passwords[9],
                     outbox=tmp_path / "t9.db")
    setup = t4.take(number)
    assert t4.report(MatchReport(number, _win(setup, 0))).status is ReportStatus.RECORDED
    refused = t9.report(MatchReport(number, _win(setup, 1)))
    assert refused.status is ReportStatus.REFUSED
    assert "table 4" in refused.message and "table 9" in refused.message
    assert org.match(number).winner.name == setup.players[0].name
    assert t9.pending() == []                  # refused, not queued for ever
    t4.close(), t9.close(), org.close()


def test_same_report_twice_is_recorded_once(backend, tmp_path):
    kind, url, login = backend
    org = Tournament.open(url)
    _setup(org)
    number = org.playable()[0].number
    org.call(number, 2)
    u, pw = login(2)
    client = TableClient(u, table=2, password=pw, outbox=tmp_path / "t2.db")
    setup = client.take(number)
    report = MatchReport(number, _win(setup))
    assert client.report(report).status is ReportStatus.RECORDED
    assert client.tournament.report(report).status is ReportStatus.ALREADY_RECORDED
    assert sum(1 for e in org.events_after(0) if e.kind == "result") == 1
    client.close()
    org.close()


def test_connection_messages(pg_tournament, pg_url, memory_keyring):
    info = try_connection(pg_tournament.organiser)     # password from the keyring
    assert info.backend == "postgresql" and info.table is None and info.schema == HEAD_REVISION
    assert password_key(pg_tournament.organiser) in {k[1] for k in memory_keyring.store}
    info = try_connection(pg_tournament.table_url(5), password=pg_tournament.passwords[5])
    assert info.table == 5
    with pytest.raises(ConnectionTestError) as wrong:
        try_connection(pg_tournament.table_url(5), password="not-the-password")
    assert wrong.value.reason == "password" and "password" in str(wrong.value)
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                                            # nothing listens there now
    with pytest.raises(ConnectionTestError) as away:
        try_connection(f"postgresql+psycopg://someone:pw@127.0.0.1:{port}/tournament")
    assert away.value.reason == "unreachable" and f"127.0.0.1:{port}" in str(away.value)
    assert server_version_message(110000) and "PostgreSQL 11" in server_version_message(110000)
    assert server_version_message(150018) is None
    # a schema from a newer app
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 't9999'"))
    engine.dispose()
    with pytest.raises(ConnectionTestError) as newer:
        try_connection(pg_url)
    assert newer.value.reason == "version" and "newer version" in str(newer.value)
    with pytest.raises(SchemaVersionError):
        Tournament.open(pg_url)


def test_init_is_repeatable_and_keeps_passwords(pg_tournament):
    again = init_server(pg_tournament.admin, tables=12, prefix=pg_tournament.prefix)
    assert not again.organiser.created and again.organiser.password is None
    try_connection(pg_tournament.table_url(1), password=pg_tournament.passwords[1])


def test_cli_tournament_server_init(pg_url, capsys):
    from checkers_desktop.cli import main
    from checkers_desktop.tournament.store import drop_roles

    try:
        assert main(["tournament-server", "init", pg_url, "--tables", "2", "--prefix", "clitest"]) == 0
        out = capsys.readouterr().out
        assert "clitest_organiser\t" in out and "clitest_table_2\t" in out
        assert main(["tournament-server", "test", pg_url]) == 0
        assert f"schema {HEAD_REVISION}" in capsys.readouterr().out
    finally:
        drop_roles(pg_url, "clitest")
    assert main(["tournament-server", "test", "postgresql+psycopg://x:y@127.0.0.1:1/none"]) == 2
    assert "No tournament server answers" in capsys.readouterr().err


@pytest.mark.parametrize("keyring_works", [True, False])
def test_cli_init_says_whether_the_keyring_kept_the_organisers_password(pg_url, capsys,
                                                                        monkeypatch,
                                                                        keyring_works):
    from checkers_desktop.cli import main
    from checkers_desktop.tournament.errors import TournamentError
    from checkers_desktop.tournament.store import drop_roles
    from checkers_desktop.tournament.store import server

    def save(url, password):
        if not keyring_works:
            raise TournamentError("the password cannot be kept: this laptop has no usable keyring")
    monkeypatch.setattr(server, "save_password", save)
    try:
        assert main(["tournament-server", "init", pg_url, "--tables", "1", "--prefix",
                     "kringtest"]) == 0
        line = next(x for x in capsys.readouterr().out.splitlines()
                    if x.startswith("Organiser's laptop"))
        assert ("password kept in this laptop's keyring" in line) is keyring_works
        assert ("could not keep the password" in line) is not keyring_works
    finally:
        drop_roles(pg_url, "kringtest")


def test_organiser_view_follows_through_notify(pg_tournament, tmp_path):
    org = Tournament.open(pg_tournament.organiser)
    _setup(org)
    watcher = Watcher(org)
    assert watcher.uses_notify
    number = org.playable()[0].number
    client = TableClient(pg_tournament.table_url(6), password=pg_tournament.passwords[6],
                         outbox=tmp_path / "t6.db")
    org.call(number, 6)
    assert [e.kind for e in watcher.wait(5)] == ["called"]
    setup = client.take(number)
    assert [e.kind for e in watcher.wait(5)] == ["taken"]
    client.report(MatchReport(number, _win(setup, 1)))
    events = watcher.wait(5)
    assert [e.kind for e in events] == ["result"]
    a, b = setup.players
    assert events[0].sentence() == f"Table 6: {b.name} beat {a.name}, 2 games to 0"
    assert watcher.wait(0.2) == []
    watcher.close(), client.close(), org.close()


def test_sqlite_view_follows_by_polling(tmp_path):
    path = tmp_path / "t.db"
    org = Tournament.open(path)
    _setup(org)
    watcher = Watcher(org, poll_seconds=0.1)
    assert not watcher.uses_notify
    other = Tournament.open(path)                          # another connection writes
    m = other.playable()[0]
    other.enter_result(m.number, [m.a.name, m.a.name])
    events = watcher.wait(3)
    assert [e.kind for e in events] == ["result"] and events[0].match_number == m.number
    other.close(), org.close()


def test_keyring_keeps_the_password_and_says_when_there_is_none(memory_keyring):
    import keyring
    from keyring.backends.fail import Keyring as NoKeyring

    from checkers_desktop.tournament import TournamentError
    from checkers_desktop.tournament.store import load_password, save_password

    url = "postgresql+psycopg://checkers_table_3@organiser.local/tournament"
    save_password(url, "k7qm-x2pd-h9wr")
    assert load_password(url) == "k7qm-x2pd-h9wr"
    assert load_password(url.replace("table_3", "table_4")) is None
    keyring.set_keyring(NoKeyring())
    with pytest.raises(TournamentError, match="no usable keyring"):
        save_password(url, "x")
    assert load_password(url) is None
