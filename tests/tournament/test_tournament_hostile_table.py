"""A hostile table: signed in to the PostgreSQL tournament server with a table's own role from any
SQL client (psql, psycopg), it tries to write, lock, stall, read files, change roles and act on
other tables' matches. Each statement is refused (SQLSTATE checked) or shown harmless, nothing in
the tournament changes, and a check of every right the table roles hold fails the moment a right to
write is granted back."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import create_engine, text

from checkers_desktop.tournament import (CompetitorInput, GameOutcome, MatchReport, ReportStatus,
                                         ServerUnavailableError)
from checkers_desktop.tournament.store import Tournament, init_server
from checkers_desktop.tournament.store.schema import TABLE_NAMES
from checkers_desktop.tournament.store.server import (LONGEST_TABLE_SECONDS, STALL_SECONDS,
                                                      table_role_rights)

psycopg = pytest.importorskip("psycopg")

def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg", "postgresql")


def _field(org: Tournament) -> dict:
    """Two drawn divisions (byes in one) with a match decided by the organiser, one taken by
    table 4, one called to table 5, one ready and one waiting."""
    for i in range(8):
        org.add_competitor(CompetitorInput(f"Player 70 {i}", f"VAMC {i % 3}", "70-74"))
    for i in range(6):
        org.add_competitor(CompetitorInput(f"Player 80 {i}", f"VAMC {i % 2}", "80-84"))
    org.make_divisions()
    for d in org.divisions():
        org.draw(d.key, seed=11)
    ready = [m for m in org.matches("70-74") if m.status == "ready"]
    decided, taken, called, free = ready[:4]
    org.enter_result(decided.number, [decided.a.name, decided.a.name])
    org.call(called.number, 5)
    waiting = next(m for m in org.matches("70-74") if m.status == "waiting")
    other = next(m for m in org.matches("80-84") if m.status == "ready")
    return {"decided": decided, "taken": taken, "called": called, "free": free,
            "waiting": waiting, "other_division": other}


def _snapshot(admin_url: str) -> dict:
    engine = create_engine(admin_url)
    try:
        with engine.connect() as conn:
            names = conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = "
                                      "'public' ORDER BY 1")).scalars().all()
            return {n: [tuple(map(str, r)) for r in conn.execute(
                text(f'SELECT * FROM "{n}" ORDER BY 1'))] for n in names}
    finally:
        engine.dispose()


@pytest.fixture
def hostile(pg_tournament):
    org = Tournament.open(pg_tournament.organiser)
    field = _field(org)
    four = Tournament.open(pg_tournament.table_url(4), password=pg_tournament.passwords[4])
    four.take(field["taken"].number)
    raw = psycopg.connect(_libpq(pg_tournament.table_url(3)), password=pg_tournament.passwords[3],
                          autocommit=True)
    yield pg_tournament, org, four, raw, field
    raw.close()
    four.close()
    org.close()


def _statements(pg, field, organiser_pid: int) -> list[tuple[str, str, set]]:
    """(what, SQL, SQLSTATEs that count as refused)."""
    p = pg.prefix
    n = {k: m.number for k, m in field.items()}
    other = field["other_division"]
    taken, free = field["taken"], field["free"]
    deny = {"42501"}
    out = [
        # DDL
        ("create a table", "CREATE TABLE public.evil (x int)", deny),
        ("create a temporary table", "CREATE TEMP TABLE evil (x int)", deny),
        ("create a function in public", "CREATE FUNCTION public.now() RETURNS timestamptz "
                                        "LANGUAGE sql AS 'SELECT now()'", deny),
        ("create a schema", "CREATE SCHEMA evil", deny),
        ("add a column", "ALTER TABLE matches ADD COLUMN evil int", deny),
        ("switch a table's triggers off", "ALTER TABLE events DISABLE TRIGGER ALL", deny),
        ("drop the results", "DROP TABLE results", deny),
        ("create an index", "CREATE INDEX evil ON matches (status)", deny),
        ("replace a table function", f"CREATE OR REPLACE FUNCTION checkers_caller_table() "
                                     "RETURNS int LANGUAGE sql AS 'SELECT 1'", deny),
        ("create a publication", "CREATE PUBLICATION evil FOR TABLE results", deny),
        ("cluster a table", "CLUSTER matches USING matches_pkey", deny),
        # roles and settings
        ("become the organiser", f"SET ROLE {p}_organiser", deny),
        ("become the administrator", "SET ROLE postgres", deny),
        ("session authorization", f"SET SESSION AUTHORIZATION {p}_organiser", deny),
        ("create a role", "CREATE ROLE evil LOGIN", deny),
        ("join the organiser's role", f"GRANT {p}_organiser TO {p}_table_3", deny),
        ("change another table's password", f"ALTER ROLE {p}_table_4 PASSWORD 'x'", deny),
        ("replication role (triggers off)", "SET session_replication_role = replica", deny),
        ("replication role by set_config",
         "SELECT set_config('session_replication_role', 'replica', false)", deny),
        ("server settings", "ALTER SYSTEM SET fsync = off", deny),
        # locks and stalling
        ("the event's advisory lock", "SELECT pg_advisory_lock(720420, 0)", deny),
        ("a division's advisory lock", "SELECT pg_advisory_xact_lock(720419, 1)", deny),
        ("an advisory lock, tried", "SELECT pg_try_advisory_lock(1)", deny),
        ("a shared advisory lock", "SELECT pg_advisory_lock_shared(720420, 0)", deny),
        ("LOCK TABLE matches", "LOCK TABLE matches IN ACCESS EXCLUSIVE MODE", deny),
        ("LOCK TABLE events, row exclusive", "LOCK TABLE events IN ROW EXCLUSIVE MODE", deny),
        ("row locks on matches", "SELECT id FROM matches FOR UPDATE", deny),
        ("key-share row locks on results", "SELECT id FROM results FOR KEY SHARE", deny),
        ("a prepared transaction holding a match",
         f"SELECT checkers_take({n['free']}); PREPARE TRANSACTION 'evil'", {"55000"}),
        ("end the organiser's session", f"SELECT pg_terminate_backend({organiser_pid})", deny),
        ("cancel the organiser's statement", f"SELECT pg_cancel_backend({organiser_pid})", deny),
        # files, programs, large objects
        ("COPY TO PROGRAM", "COPY matches TO PROGRAM 'id'", deny),
        ("COPY FROM PROGRAM", "COPY results FROM PROGRAM 'id'", deny),
        ("COPY TO a file", "COPY matches TO '/tmp/evil.csv'", deny),
        ("COPY FROM a file", "COPY events FROM '/etc/hostname'", deny),
        ("read a server file", "SELECT pg_read_file('/etc/hostname')", deny),
        ("list the data folder", "SELECT pg_ls_dir('.')", deny),
        ("lo_import", "SELECT lo_import('/etc/hostname')", deny),
        ("lo_create", "SELECT lo_create(0)", deny),
        ("lo_from_bytea", "SELECT lo_from_bytea(0, 'evil')", deny),
        ("dynamic SQL", "DO $$ BEGIN EXECUTE 'DELETE FROM results'; END $$", deny),
        # the organiser's functions, called directly
        ("write an event", "SELECT checkers_add_event('result', NULL, 1, 3, '{}')", deny),
        ("move the bracket on", f"SELECT checkers_advance({field['decided'].number})", deny),
        ("end other tables' sessions", "SELECT checkers_end_stalled_tables()", deny),
        # the table functions on what is not this table's
        ("take table 4's match", f"SELECT checkers_take({n['taken']})", {"CK002"}),
        ("take a match called to table 5", f"SELECT checkers_take({n['called']})", {"CK002"}),
        ("take a decided match", f"SELECT checkers_take({n['decided']})", {"CK001"}),
        ("take a waiting match", f"SELECT checkers_take({n['waiting']})", {"CK001"}),
        ("take a match that does not exist", "SELECT checkers_take(9999)", {"CK001"}),
        ("give back table 4's match", f"SELECT checkers_release({n['taken']})", {"CK002"}),
        ("give back a free match", f"SELECT checkers_release({n['free']})", {"CK002"}),
        ("report table 4's match",
         f"SELECT checkers_report('k1', {n['taken']}, ARRAY[{taken.a.id}, {taken.a.id}], "
         "'[]', '[]')", {"CK002"}),
        ("report a match called to table 5",
         f"SELECT checkers_report('k2', {n['called']}, ARRAY[{field['called'].a.id}, "
         f"{field['called'].a.id}], '[]', '[]')", {"CK002"}),
        ("a winner from another division",
         f"SELECT checkers_report('k3', {n['free']}, ARRAY[{other.a.id}, {other.a.id}], "
         "'[]', '[]')", {"CK004"}),
        ("a decided match again",
         f"SELECT checkers_report('k4', {n['decided']}, ARRAY[{field['decided'].b.id}, "
         f"{field['decided'].b.id}], '[]', '[]')", {"CK003"}),
        ("a waiting match", f"SELECT checkers_report('k5', {n['waiting']}, ARRAY[1, 1], "
                            "'[]', '[]')", {"CK001"}),
        ("a match not decided",
         f"SELECT checkers_report('k6', {n['free']}, ARRAY[{free.a.id}], '[]', '[]')",
         {"CK004"}),
        ("games after the match was won",
         f"SELECT checkers_report('k7', {n['free']}, ARRAY[{free.a.id}, {free.a.id}, "
         f"{free.b.id}], '[]', '[]')", {"CK004"}),
        ("sixteen drawn games",
         f"SELECT checkers_report('k8', {n['free']}, array_fill(NULL::int, ARRAY[16]), "
         "'[]', '[]')", {"CK004"}),
        ("a megabyte of games",
         f"SELECT checkers_report('k9', {n['free']}, ARRAY[{free.a.id}, {free.a.id}], "
         "jsonb_build_array(repeat('x', 1000000)), '[]')", {"CK004"}),
        ("a report with no key",
         f"SELECT checkers_report('', {n['free']}, ARRAY[{free.a.id}, {free.a.id}], '[]', '[]')",
         {"CK004"}),
    ]
    for table in TABLE_NAMES + ("alembic_version",):
        out += [
            (f"INSERT INTO {table}", f"INSERT INTO {table} DEFAULT VALUES", deny),
            (f"UPDATE {table}", f"UPDATE {table} SET {_a_column(table)} = {_a_column(table)}",
             deny),
            (f"DELETE FROM {table}", f"DELETE FROM {table}", deny),
            (f"TRUNCATE {table}", f"TRUNCATE {table} CASCADE", deny),
        ]
    return out


def _a_column(table: str) -> str:
    return {"slots": "position", "alembic_version": "version_num"}.get(table, "id")


def test_a_table_is_refused_every_hostile_statement(hostile, capsys):
    pg, org, four, raw, field = hostile
    with org.engine.connect() as conn:
        organiser_pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        before = _snapshot(pg.admin)
        statements = _statements(pg, field, organiser_pid)
        assert len(statements) >= 30
        outcomes = []
        for what, sql, expected in statements:
            state = None
            try:
                if sql.startswith("ALTER SYSTEM"):   # refused inside a transaction anyway
                    raw.execute(sql)
                else:
                    with raw.transaction():
                        raw.execute(sql)
            except psycopg.Error as exc:
                state = exc.sqlstate
            outcomes.append((what, state))
            assert state in expected, f"{what}: {sql!r} gave {state}, not one of {expected}"
        assert _snapshot(pg.admin) == before       # nothing changed anywhere
    with capsys.disabled():
        print(f"\n{len(outcomes)} hostile statements, each refused:")
        for what, state in outcomes:
            print(f"  {state}  {what}")
    # the table's own work still goes through the functions
    setup = four.take(field["taken"].number)
    name = setup.players[0].name
    outcome = four.report(MatchReport(field["taken"].number,
                                      (GameOutcome(1, name), GameOutcome(2, name))))
    assert outcome.status is ReportStatus.RECORDED


def test_what_a_table_may_do_is_harmless(hostile):
    """Reading, an ACCESS SHARE lock, NOTIFY, SET ROLE to its own group and changing its own
    password stop nobody and change nothing of the tournament."""
    pg, org, four, raw, field = hostile
    assert raw.execute("SELECT count(*) FROM results").fetchone()[0] == 1     # it may read
    assert raw.execute("SHOW statement_timeout").fetchone()[0] == "10s"
    assert raw.execute("SHOW lock_timeout").fetchone()[0] == "3s"
    assert raw.execute("SHOW idle_in_transaction_session_timeout").fetchone()[0] == \
        f"{STALL_SECONDS}s"
    raw.execute("SET ROLE " + pg.prefix + "_tables")
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw.execute("INSERT INTO events (at, kind, payload) VALUES (now(), 'result', '{}')")
    raw.execute("RESET ROLE")
    watcher_events = org.last_event_id()
    raw.execute("NOTIFY checkers_tournament, '999999'")
    assert org.events_after(watcher_events) == []
    # ACCESS SHARE (all that SELECT allows) held open does not stop a report
    with raw.transaction():
        raw.execute("LOCK TABLE matches, results, events, audit IN ACCESS SHARE MODE")
        setup = four.take(field["taken"].number)
        name = setup.players[1].name
        started = time.monotonic()
        outcome = four.report(MatchReport(field["taken"].number,
                                          (GameOutcome(1, name), GameOutcome(2, name))))
        assert outcome.status is ReportStatus.RECORDED
        assert time.monotonic() - started < 2
    # PostgreSQL lets every role change its own password: the table locks out only its own
    # laptop, and the organiser gives it a new one with init (run as the administrator)
    raw.execute(f"ALTER ROLE {pg.prefix}_table_3 PASSWORD 'locked-out'")
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(_libpq(pg.table_url(3)), password=pg.passwords[3]).close()
    init_server(pg.admin, tables=12, prefix=pg.prefix, passwords={f"{pg.prefix}_table_3": "new"},
                save_organiser_password=False)
    psycopg.connect(_libpq(pg.table_url(3)), password="new").close()


def test_the_rights_check_fails_when_a_write_is_granted_back(pg_tournament, capsys):
    from checkers_desktop.cli import main

    assert table_role_rights(pg_tournament.admin, pg_tournament.prefix) == []
    assert main(["tournament-server", "test", pg_tournament.admin, "--prefix",
                 pg_tournament.prefix]) == 0
    assert "may only read and call the table functions" in capsys.readouterr().out
    engine = create_engine(pg_tournament.admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for grant in ("GRANT UPDATE (status) ON matches TO {p}_tables",
                      "GRANT INSERT ON events TO {p}_table_7",
                      "GRANT EXECUTE ON FUNCTION pg_advisory_lock(bigint) TO PUBLIC",
                      "GRANT TEMPORARY ON DATABASE " + pg_tournament.admin.rsplit("/", 1)[1]
                      + " TO {p}_tables"):
            conn.execute(text(grant.format(p=pg_tournament.prefix)))
    engine.dispose()
    problems = table_role_rights(pg_tournament.admin, pg_tournament.prefix)
    assert main(["tournament-server", "test", pg_tournament.admin, "--prefix",
                 pg_tournament.prefix]) == 1
    assert "Too much right for a table" in capsys.readouterr().out
    assert any("UPDATE on a column of public.matches" in p for p in problems)
    assert any(p.startswith(f"{pg_tournament.prefix}_table_7: INSERT on public.events")
               for p in problems)
    assert any("pg_advisory_lock(bigint)" in p for p in problems)
    assert any("TEMPORARY on the database" in p for p in problems)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["idle", "sleeping"])
def test_a_table_holding_a_function_open_is_ended(hostile, how):
    """A table that turns its own time limits off, takes a match inside a transaction and
    leaves the transaction open (holding the event's lock), idle or sleeping in a statement,
    stops the others for a few seconds only: the next table function called ends its session,
    and its take is undone."""
    pg, org, four, raw, field = hostile
    raw.execute("SET idle_in_transaction_session_timeout = 0")
    raw.execute("SET statement_timeout = 0")
    raw.execute("BEGIN")
    raw.execute(f"SELECT checkers_take({field['free'].number})")
    sleeper = None
    if how == "sleeping":
        def sleep():
            with pytest.raises(psycopg.OperationalError):
                raw.execute("SELECT pg_sleep(120)")
        sleeper = threading.Thread(target=sleep)
        sleeper.start()
    setup = four.take(field["taken"].number)
    name = setup.players[0].name
    report = MatchReport(field["taken"].number, (GameOutcome(1, name), GameOutcome(2, name)))
    started = time.monotonic()
    outcome = None
    while time.monotonic() - started < 2 * LONGEST_TABLE_SECONDS:
        try:
            outcome = four.report(report)
            break
        except ServerUnavailableError:
            time.sleep(0.5)              # the server gave up waiting: the table sends it again
    assert outcome is not None and outcome.status is ReportStatus.RECORDED
    assert time.monotonic() - started < (STALL_SECONDS if how == "idle"
                                         else LONGEST_TABLE_SECONDS) + 8
    if sleeper is not None:
        sleeper.join(10)
        assert not sleeper.is_alive()
    with pytest.raises(psycopg.OperationalError):
        raw.execute("SELECT 1")
    assert org.match(field["free"].number).status == "ready"
    assert not any(r.action == "take" and r.subject == f"match {field['free'].number}"
                   for r in org.audit_log())
    assert sum(1 for e in org.events_after(0) if e.kind == "result"
               and e.match_number == field["taken"].number) == 1


def test_the_organiser_gives_a_locked_out_table_a_new_password(pg_tournament, capsys):
    from checkers_desktop.cli import main

    pg = pg_tournament
    role = f"{pg.prefix}_table_3"
    raw = psycopg.connect(_libpq(pg.table_url(3)), password=pg.passwords[3], autocommit=True)
    raw.execute(f"ALTER ROLE {role} PASSWORD 'only-i-know'")
    raw.close()
    assert main(["tournament-server", "init", pg.admin, "--tables", "12", "--prefix", pg.prefix,
                 "--new-password", role]) == 0
    lines = dict(line.split("\t", 1) for line in capsys.readouterr().out.splitlines()
                 if "\t" in line)
    assert lines[f"{pg.prefix}_table_4"] == "(unchanged)"
    new = lines[role]
    assert new not in ("(unchanged)", pg.passwords[3])
    psycopg.connect(_libpq(pg.table_url(3)), password=new).close()
    psycopg.connect(_libpq(pg.table_url(4)), password=pg.passwords[4]).close()
    assert main(["tournament-server", "init", pg.admin, "--tables", "12", "--prefix", pg.prefix,
                 "--new-password", f"{pg.prefix}_table_13"]) == 2
    assert f"no role '{pg.prefix}_table_13'" in capsys.readouterr().err
    assert table_role_rights(pg.admin, pg.prefix) == []
