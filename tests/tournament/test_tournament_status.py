"""A match's status is one :class:`MatchStatus`, stored as it is named: the code, the database and
the server's functions say the same word. A tournament stored by an older app (a match with a
winner stored as "finished") opens with every match in its right status and its seal whole; a
status changed outside the app is named, never taken."""

from __future__ import annotations

import ast
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from checkers_desktop.storage.integrity import Integrity, KeyRing, RecordKey
from checkers_desktop.tournament.errors import SchemaVersionError, TournamentError
from checkers_desktop.tournament.model import MatchStatus
from checkers_desktop.tournament.store import Tournament
from checkers_desktop.tournament.store.engine import HEAD_REVISION, schema_revision

from status_scenario import KEY_SECRET, play

OLD_FILE = Path(__file__).parent / "data" / "t0002-statuses.db"
""":mod:`.status_scenario` as the app of schema t0002 stored it (statuses "finished", ...)."""

EXPECTED = {1: MatchStatus.DECIDED, 2: MatchStatus.DECIDED, 3: MatchStatus.DECIDED,
            4: MatchStatus.EMPTY, 5: MatchStatus.CALLED, 6: MatchStatus.PLAYING,
            7: MatchStatus.READY, 8: MatchStatus.READY, 9: MatchStatus.READY,
            10: MatchStatus.DECIDED, 11: MatchStatus.WAITING, 12: MatchStatus.WAITING,
            13: MatchStatus.WAITING, 14: MatchStatus.WAITING, 15: MatchStatus.WAITING,
            16: MatchStatus.WAITING}
"""Every match of the scenario by number: round one 1-8, quarter-finals 9-12, semi-finals 13-14,
third place 15, final 16."""


@pytest.fixture(autouse=True)
def scenario_key():
    from checkers_desktop.storage import records

    before = records.keys_in_use()
    records.use_keys(KeyRing.of(RecordKey.from_secret(KEY_SECRET)))
    yield
    records.use_keys(*before)


def _stored(url: str) -> dict[int, str]:
    """Each numbered match's status as the database holds it, read without the app."""
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.connect() as conn:
            return dict(conn.execute(text("SELECT number, status FROM matches "
                                          "WHERE number IS NOT NULL")).all())
    finally:
        engine.dispose()


def test_each_status_is_stored_as_its_name():
    assert [s.name for s in MatchStatus] == ["WAITING", "READY", "CALLED", "PLAYING", "DECIDED",
                                             "EMPTY"]
    for status in MatchStatus:
        assert status.value == status.name.lower() == str(status)
        assert MatchStatus(status.value) is status
    assert {s for s in MatchStatus if s.at_table} == {MatchStatus.CALLED, MatchStatus.PLAYING}
    assert {s for s in MatchStatus if s.playable} == {MatchStatus.READY, MatchStatus.CALLED,
                                                      MatchStatus.PLAYING}


def test_statuses_round_trip_through_the_database(backend):
    """Every status, written by the app (and by the server's functions on PostgreSQL: the take
    is the table's), is stored as its name and read back as the same member."""
    kind, url, table = backend

    def open_table(n):
        turl, password = table(n)
        return Tournament.open(turl, table=n if kind == "sqlite" else None, password=password)

    play(url, open_table)
    assert _stored(url if kind == "sqlite" else backend_admin(url)) == {
        n: s.value for n, s in EXPECTED.items()}
    t = Tournament.open(url)
    try:
        assert t.verification.clean
        shown = {m.number: m.status for m in t.matches() if m.number is not None}
        assert shown == EXPECTED and all(type(s) is MatchStatus for s in shown.values())
    finally:
        t.close()


def backend_admin(organiser_url: str) -> str:
    """The organiser's URL with its password from the keyring (to read the rows without the
    app)."""
    from checkers_desktop.tournament.store.engine import load_password, parse_url

    u = parse_url(organiser_url)
    return u.set(password=load_password(u)).render_as_string(hide_password=False)


def test_an_older_tournament_file_opens_with_its_statuses(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(OLD_FILE, path)
    assert set(_stored(str(path)).values()) >= {"finished", "called", "playing"}
    t = Tournament.open(str(path))
    try:
        assert schema_revision(t.engine) == HEAD_REVISION
        report = t.verification
        assert report.clean and report.anchors is Integrity.VERIFIED, report.text()
        assert {m.number: m.status for m in t.matches() if m.number is not None} == EXPECTED
        # play on: the called match won, a quarter-final is ready
        called = t.match(5)
        t.enter_result(5, [called.b.id, called.b.id])
        assert t.match(5).status is MatchStatus.DECIDED
        assert t.match(11).status is MatchStatus.WAITING  # match 6 is still being played
    finally:
        t.close()
    assert "finished" not in _stored(str(path)).values()
    assert _stored(str(path))[5] == "decided"
    again = Tournament.open(str(path))
    try:
        assert again.verification.clean
    finally:
        again.close()


def test_an_older_file_changed_outside_the_app_is_still_named(tmp_path):
    """A bye forged into an older file (a ready quarter-final stored as won) is named after the
    upgrade, as it would have been before: the rewrite of the statuses launders nothing."""
    path = tmp_path / "old.db"
    shutil.copy(OLD_FILE, path)
    con = sqlite3.connect(path)
    con.execute("UPDATE matches SET status = 'finished', winner_id = a_id, kind = 'bye' "
                "WHERE number = 9")
    con.commit()
    con.close()
    t = Tournament.open(str(path))
    try:
        assert [(d.match_number, d.reason) for d in t.verification.disputes] == [(9, "bracket")]
        shown = t.match(9)
        assert shown.status is MatchStatus.READY and shown.winner is None and shown.unverified
    finally:
        t.close()


@pytest.mark.parametrize("value", ["finished", "done", "DECIDED", ""])
def test_a_status_the_app_does_not_know_is_named(tmp_path, value):
    path = tmp_path / "t.db"
    play(str(path))
    con = sqlite3.connect(path)
    con.execute("UPDATE matches SET status = ? WHERE number = 7", (value,))
    con.commit()
    con.close()
    t = Tournament.open(str(path))
    try:
        assert (7, "bracket") in [(d.match_number, d.reason) for d in t.verification.disputes]
        assert t.match(7).status is MatchStatus.READY and t.match(7).unverified
    finally:
        t.close()
    table = Tournament.open(str(path), table=4)          # a table verifies nothing: refused
    try:
        with pytest.raises(TournamentError, match="match 7 has the status"):
            table.matches()
    finally:
        table.close()


def test_the_server_functions_use_only_the_statuses_of_the_code():
    from checkers_desktop.tournament.store.server import _TABLE_FUNCTIONS

    said = set()
    for line in _TABLE_FUNCTIONS.splitlines():
        if re.search(r"status|\bst\b", line):
            said |= set(re.findall(r"'([a-z]+)'", line))
    # the kinds of decision, and the answers of checkers_report ({"status": "recorded"})
    said -= {"played", "bye", "withdrawal", "walkover", "status", "already", "recorded"}
    assert said and said <= {s.value for s in MatchStatus}, said


def _functions_saying(conn, word: str) -> list[str]:
    return conn.execute(text(
        "SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
        "WHERE n.nspname = 'public' AND p.proname LIKE 'checkers%' "
        "AND pg_get_functiondef(p.oid) LIKE :w ORDER BY 1"), {"w": f"%'{word}'%"}).scalars().all()


def test_an_older_server_database_is_upgraded_by_init(pg_tournament):
    """A server database of schema t0002 (statuses and table functions saying "finished"):
    tables are refused until the organiser runs init again; then its statuses and functions say
    "decided", and a table's result goes through the rewritten functions."""
    from alembic import command
    from alembic.config import Config

    from checkers_desktop.tournament.store import init_server
    from checkers_desktop.tournament.store.engine import _MIGRATIONS
    from checkers_desktop.tournament.store.server import open_as_table

    pg = pg_tournament

    def open_table(n):
        return open_as_table(pg.admin, pg.prefix, n, pg.passwords[n])

    play(pg.organiser, open_table)
    admin = create_engine(pg.admin)
    try:
        with admin.begin() as conn:
            cfg = Config()
            cfg.set_main_option("script_location", str(_MIGRATIONS))
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "t0002")
        with admin.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM matches WHERE status = 'finished'")
                                ).scalar() == 4
            assert "checkers_report" in _functions_saying(conn, "finished")
            assert _functions_saying(conn, "decided") == []
        with pytest.raises(SchemaVersionError, match="older schema"):
            open_table(4)
        init_server(pg.admin, tables=12, prefix=pg.prefix, name="Golden Age Games test",
                    save_organiser_password=False)
        with admin.connect() as conn:
            assert _functions_saying(conn, "finished") == []
            assert "checkers_report" in _functions_saying(conn, "decided")
            assert conn.execute(text("SELECT count(*) FROM matches WHERE status = 'finished'")
                                ).scalar() == 0
    finally:
        admin.dispose()
    t = Tournament.open(pg.organiser)
    try:
        assert t.verification.clean, t.verification.text()
        assert {m.number: m.status for m in t.matches() if m.number is not None} == EXPECTED
    finally:
        t.close()
    from checkers_desktop.tournament.table import GameOutcome, MatchReport, ReportStatus

    table = open_table(2)
    try:
        winner = table.match(5).a.name
        outcome = table.report(MatchReport(5, (GameOutcome(1, winner), GameOutcome(2, winner))))
        assert outcome.status is ReportStatus.RECORDED, outcome
        assert table.match(5).status is MatchStatus.DECIDED
    finally:
        table.close()
    assert _stored(backend_admin(pg.organiser))[5] == "decided"


def test_the_migration_rewrites_functions_in_place_on_postgresql(pg_tournament):
    """The upgrade alone (no init after it) leaves no function saying "finished", each still
    owned by the organiser with the tables' rights on the three of theirs."""
    from alembic import command
    from alembic.config import Config

    from checkers_desktop.tournament.store.engine import _MIGRATIONS
    from checkers_desktop.tournament.store.server import table_role_rights

    pg = pg_tournament
    admin = create_engine(pg.admin)
    try:
        for target, word in (("t0002", "finished"), ("head", "decided")):
            with admin.begin() as conn:
                cfg = Config()
                cfg.set_main_option("script_location", str(_MIGRATIONS))
                cfg.attributes["connection"] = conn
                (command.downgrade if target == "t0002" else command.upgrade)(cfg, target)
            with admin.connect() as conn:
                other = "decided" if word == "finished" else "finished"
                assert _functions_saying(conn, other) == []
                assert _functions_saying(conn, word) == ["checkers_advance",
                                                         "checkers_not_playable",
                                                         "checkers_report"]
                owners = set(conn.execute(text(
                    "SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE proname LIKE "
                    "'checkers%'")).scalars())
                assert owners == {f"{pg.prefix}_organiser"}
    finally:
        admin.dispose()
    assert table_role_rights(pg.admin, pg.prefix) == []


STATUS_WORDS = {s.value for s in MatchStatus} | {"finished", "done"}


def _literal_words(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_literal_words(e) for e in node.elts)) if node.elts else set()
    return set()


def _is_status(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "status") or \
        (isinstance(node, ast.Name) and node.id == "status")


def test_no_match_status_is_a_string_literal():
    """The code names a match's status only through :class:`MatchStatus`: no ``x.status ==
    "finished"``, ``status in ("called", "playing")``, ``.status.in_((...))`` or ``status="..."``
    with a status word anywhere in the package (a word the enum no longer has would never be
    equal, silently)."""
    import checkers_desktop

    root = Path(checkers_desktop.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            words: set[str] = set()
            if isinstance(node, ast.Compare) and any(
                    _is_status(n) for n in (node.left, *node.comparators)):
                for n in (node.left, *node.comparators):
                    words |= _literal_words(n)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "in_" and _is_status(node.func.value):
                for n in node.args:
                    words |= _literal_words(n)
            elif isinstance(node, ast.keyword) and node.arg == "status":
                words |= _literal_words(node.value)
            if words & STATUS_WORDS:
                found.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')} "
                             f"{sorted(words & STATUS_WORDS)}")
    assert found == []
