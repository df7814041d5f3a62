"""Setting up a PostgreSQL server for a tournament: the schema and the roles.

``checkers-desktop tournament-server init URL`` connects with ``URL`` (a role that may create roles,
such as the ``postgres`` superuser on the organiser's laptop), creates or upgrades the schema, and
makes these roles (PREFIX is "checkers" unless told otherwise):

* ``PREFIX_organiser``: signs in from the organiser's laptop; may do everything. It owns the
  table functions below (and the events' chain trigger), and is a member of each table's role,
  only so that those functions can end a table's stalled session.
* ``PREFIX_tables``: a group, no sign-in. A table reads everything and writes nothing itself: no
  INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES or TRIGGER on any table, no sequence, no
  temporary table, nothing created in ``public``. It acts only through three functions
  (:data:`TABLE_FUNCTIONS`: take a match, report a result, give back a match it took), each
  SECURITY DEFINER, owned by the organiser, ``search_path`` pinned, which check the table signed
  in (``session_user``), the match's state and table, and the players of the result, move the
  bracket on and write the audit entry and the event (see :data:`_TABLE_FUNCTIONS`). So the
  server refuses a table that tries to call, draw, correct, withdraw or write an event.
* ``PREFIX_table_1`` ... ``PREFIX_table_N``: one sign-in per table, members of ``PREFIX_tables``,
  with time limits (:data:`ROLE_SETTINGS`).

In the tournament's database ``init`` also takes EXECUTE on the advisory-lock functions (the
organiser's actions and the table functions take the event's and the divisions' locks; a table
that held one would stop everyone) and on the functions that create large objects from PUBLIC
(:data:`_SERVER_FUNCTION_RIGHTS`; only the server's administrator can, ``init`` says so when it
cannot). A table may still change its own password (PostgreSQL allows every role that): it locks
out only its own laptop, and ``init --new-password PREFIX_table_N`` gives it a new one.

The same SQL, for an organiser who prefers psql (N tables; passwords of your choice)::

    CREATE ROLE checkers_organiser LOGIN PASSWORD '...';
    CREATE ROLE checkers_tables NOLOGIN;
    CREATE ROLE checkers_table_1 LOGIN PASSWORD '...' IN ROLE checkers_tables;   -- and so on
    GRANT checkers_table_1 TO checkers_organiser;                                  -- and so on
    ALTER ROLE checkers_table_1 SET statement_timeout = '10s';        -- and ROLE_SETTINGS' others
    -- then the statements of _GRANTS below, the functions of _TABLE_FUNCTIONS (owned by the
    -- organiser, EXECUTE only for checkers_tables on the three of TABLE_FUNCTIONS), and
    REVOKE EXECUTE ON FUNCTION pg_advisory_lock(bigint) FROM PUBLIC;  -- and every pg_*advisory*
    GRANT EXECUTE ON FUNCTION pg_advisory_lock(bigint) TO checkers_organiser;  -- function, and
    REVOKE EXECUTE ON FUNCTION lo_create(oid) FROM PUBLIC;            -- lo_creat, lo_import...

Roles that exist keep their passwords unless new ones are given; new roles get a generated password,
returned once (printed by the command) and, for the organiser, saved in this laptop's keyring.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from ..errors import ConnectionTestError, TournamentError
from .engine import (HEAD_REVISION, make_engine, parse_url, save_password, try_connection,
                     upgrade)
from .service import DEFAULT_TABLES, Tournament

if TYPE_CHECKING:
    import psycopg

UrlLike = Union[str, Path, URL]
"""A server's address as the functions here take it: a URL's text or a SQLAlchemy URL."""

log = logging.getLogger(__name__)

__all__ = ["RoleReport", "InitReport", "init_server", "drop_roles", "make_password",
           "table_url", "organiser_url"]

_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def make_password() -> str:
    """A password that is easy to read out and type at a table: "k7qm-x2pd-h9wr"."""
    return "-".join("".join(secrets.choice(_ALPHABET) for _ in range(4)) for _ in range(3))


@dataclass(frozen=True)
class RoleReport:
    role: str
    created: bool
    password: Optional[str]  # None: the role existed and its password was not changed


@dataclass
class InitReport:
    database: str
    organiser: RoleReport
    tables: list[RoleReport] = field(default_factory=list)
    schema: str = ""
    warnings: list[str] = field(default_factory=list)
    organiser_kept: bool = False
    """True when the organiser's new password was kept in this laptop's keyring."""


def _check_prefix(prefix: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", prefix or ""):
        raise TournamentError(f"role prefix {prefix!r}: use lower-case letters, digits and _")
    return prefix


def _with_user(url: UrlLike, user: str) -> str:
    u = parse_url(url)
    return URL.create(u.drivername, username=user, password=None, host=u.host, port=u.port,
                      database=u.database, query=u.query).render_as_string(hide_password=False)


def table_url(url: UrlLike, prefix: str, table: int) -> str:
    """``url`` with the user of table ``table`` and no password (it goes in the keyring)."""
    return _with_user(url, f"{prefix}_table_{table}")


def organiser_url(url: UrlLike, prefix: str = "checkers") -> str:
    """``url`` with the organiser's role and no password (it goes in the keyring)."""
    return _with_user(url, f"{prefix}_organiser")


def init_server(url: UrlLike, *, tables: int = DEFAULT_TABLES, prefix: str = "checkers",
                name: str = "Tournament", password: Optional[str] = None,
                passwords: Optional[dict[str, str]] = None,
                save_organiser_password: bool = True) -> InitReport:
    """Create or upgrade the tournament schema on the PostgreSQL server at ``url`` and make the
    roles (see the module docstring). ``passwords``: role name -> password to set (for new or
    existing roles). Raises :class:`ConnectionTestError` for a URL that does not work and
    :class:`TournamentError` when the role signed in may not create roles."""
    prefix = _check_prefix(prefix)
    if not 1 <= tables <= 200:
        raise TournamentError(f"{tables} tables: give a number from 1 to 200")
    u = parse_url(url)
    if u.get_backend_name() != "postgresql":
        raise TournamentError("tournament-server init is for a PostgreSQL server; a SQLite file "
                              "needs no set-up")
    try_connection(u, password=password, require_schema=False)
    engine = make_engine(u, password=password, pool_size=1)
    passwords = dict(passwords or {})
    known = {f"{prefix}_organiser"} | {f"{prefix}_table_{n}" for n in range(1, tables + 1)}
    unknown = sorted(set(passwords) - known)
    if unknown:
        raise TournamentError(f"no role {unknown[0]!r} here: the roles are {prefix}_organiser "
                              f"and {prefix}_table_1 to {prefix}_table_{tables}")
    try:
        upgrade(engine)
        with engine.begin() as conn:
            if conn.execute(text("SELECT 1 FROM tournament")).first() is None:
                conn.execute(text("INSERT INTO tournament (id, name, table_count, created_at) "
                                  "VALUES (1, :name, :tables, now())"),
                             {"name": name, "tables": tables})
            else:
                conn.execute(text("UPDATE tournament SET table_count = GREATEST(table_count, "
                                  ":tables)"), {"tables": tables})
        raw = engine.raw_connection()
        try:
            pg = _autocommit(raw)
            report = _make_roles(pg, _database_of(pg), prefix, tables, passwords)
        finally:
            raw.close()
        report.schema = HEAD_REVISION
    except DBAPIError as exc:
        msg = str(exc.orig).strip().splitlines()[0]
        if "permission denied" in msg.lower() or "must be" in msg.lower():
            raise TournamentError(f"the role {u.username!r} may not set up the tournament "
                                  f"({msg}); use the server's administrator, e.g. postgres") \
                from None
        raise TournamentError(f"setting up the tournament failed: {msg}") from None
    finally:
        engine.dispose()
    if save_organiser_password and report.organiser.password:
        try:
            save_password(organiser_url(u, prefix), report.organiser.password)
            report.organiser_kept = True
        except Exception as exc:  # noqa: BLE001 - no usable keyring: the password is still printed
            log.warning("the organiser's password was not kept in the keyring: %s", exc)
    return report


def _autocommit(raw: Any) -> "psycopg.Connection[Any]":
    """The psycopg connection of a pooled connection ``raw``, in autocommit (roles and rights are
    made one statement at a time)."""
    pg: Optional["psycopg.Connection[Any]"] = raw.driver_connection
    if pg is None:
        raise TournamentError("the connection to the tournament server was closed")
    pg.autocommit = True
    return pg


def _database_of(pg: "psycopg.Connection[Any]") -> str:
    row = pg.execute("SELECT current_database()").fetchone()
    return str(row[0]) if row is not None else ""


def _role_exists(pg: "psycopg.Connection[Any]", role: str) -> bool:
    return pg.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is not None


def _make_roles(pg: "psycopg.Connection[Any]", database: str, prefix: str, tables: int,
                passwords: dict[str, str]) -> InitReport:
    from psycopg import sql

    def ident(name: str) -> sql.Identifier:
        return sql.Identifier(name)

    def ensure(role: str, login: bool, member_of: Optional[str] = None) -> RoleReport:
        created = not _role_exists(pg, role)
        pw = passwords.get(role)
        if created:
            if login and pw is None:
                pw = make_password()
            pg.execute(sql.SQL("CREATE ROLE {} {}").format(
                ident(role), sql.SQL("LOGIN PASSWORD {}").format(sql.Literal(pw)) if login
                else sql.SQL("NOLOGIN")))
        elif pw is not None:
            pg.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(ident(role), sql.Literal(pw)))
        if member_of:
            pg.execute(sql.SQL("GRANT {} TO {}").format(ident(member_of), ident(role)))
        return RoleReport(role, created, pw if login else None)

    organiser = f"{prefix}_organiser"
    group = f"{prefix}_tables"
    report = InitReport(database, ensure(organiser, True))
    ensure(group, False)
    for n in range(1, tables + 1):
        report.tables.append(ensure(f"{prefix}_table_{n}", True, member_of=group))
    fmt = {"db": ident(database), "org": ident(organiser), "tab": ident(group)}
    for statement in _GRANTS:
        pg.execute(sql.SQL(statement).format(**fmt))
    _install_table_functions(pg, prefix, organiser, group)
    table_roles = [r.role for r in report.tables]
    for role in table_roles:
        # the organiser's functions end a table's session stalled inside a transaction
        pg.execute(sql.SQL("GRANT {} TO {}").format(ident(role), ident(organiser)))
    for role, kind in [(organiser, "organiser")] + [(r, "table") for r in table_roles]:
        for name, value in ROLE_SETTINGS[kind].items():
            pg.execute(sql.SQL("ALTER ROLE {} SET {} = {}").format(
                ident(role), sql.Identifier(name), sql.Literal(value)))
    report.warnings += _take_builtin_rights(pg, organiser)
    return report


def _install_table_functions(pg: "psycopg.Connection[Any]", prefix: str, organiser: str,
                             group: str) -> None:
    """Create (or replace) the table functions, owned by the organiser; only the three of
    :data:`TABLE_FUNCTIONS` are the tables' to execute."""
    from psycopg import sql

    pg.execute(_table_functions_sql(prefix))
    for signature in TABLE_FUNCTIONS + _INTERNAL_FUNCTIONS:
        pg.execute(sql.SQL("ALTER FUNCTION {} OWNER TO {}").format(sql.SQL(signature),
                                                                  sql.Identifier(organiser)))
    chain = pg.execute("SELECT to_regprocedure('checkers_chain_event()')").fetchone()
    if chain is not None and chain[0]:
        # the trigger that chains the events runs as the organiser too, not as the administrator
        pg.execute(sql.SQL("ALTER FUNCTION checkers_chain_event() OWNER TO {}").format(
            sql.Identifier(organiser)))
    pg.execute(sql.SQL("REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC, {}").format(
        sql.Identifier(group)))
    for signature in TABLE_FUNCTIONS:
        pg.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(
            sql.SQL(signature), sql.Identifier(group)))


def _take_builtin_rights(pg: "psycopg.Connection[Any]", organiser: str) -> list[str]:
    """Take EXECUTE on the functions of :data:`_SERVER_FUNCTION_RIGHTS` from PUBLIC in this
    database. Returns what could not be done (the role signed in does not own them), one
    sentence each."""
    import psycopg
    from psycopg import sql

    warnings = []
    for schema, pattern, keep in _SERVER_FUNCTION_RIGHTS:
        signatures = [r[0] for r in pg.execute(
            "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = "
            "p.pronamespace WHERE n.nspname = %s AND p.proname ~ %s ORDER BY 1",
            (schema, pattern))]
        for signature in signatures:
            try:
                pg.execute(sql.SQL("REVOKE EXECUTE ON FUNCTION {} FROM PUBLIC").format(
                    sql.SQL(signature)))
                if keep:
                    pg.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(
                        sql.SQL(signature), sql.Identifier(organiser)))
            except psycopg.errors.InsufficientPrivilege:
                warnings.append(f"{signature} stays open to every role: run init as the "
                                "server's administrator (postgres) to close it")
                break
    return warnings


_TABLE_FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION checkers_caller_table() RETURNS int
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT substring(session_user::text from '^@PREFIX@_table_([0-9]+)$')::int
  WHERE pg_has_role(session_user, '@GROUP@', 'MEMBER')
$fn$;

CREATE OR REPLACE FUNCTION checkers_end_stalled_tables() RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  n int := 0;
  r record;
BEGIN
  FOR r IN SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND usename ~ '^@PREFIX@_table_[0-9]+$'
             AND ((state LIKE 'idle in transaction%'
                   AND state_change < clock_timestamp() - interval '@STALL@ seconds')
                  OR xact_start < clock_timestamp() - interval '@LONGEST@ seconds')
  LOOP
    IF pg_terminate_backend(r.pid) THEN
      n := n + 1;
    END IF;
  END LOOP;
  RETURN n;
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_add_event(p_kind text, p_division text, p_match int,
    p_table int, p_payload jsonb) RETURNS int
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  eid int;
BEGIN
  -- the event lock, last: event ids follow the order of commits
  PERFORM pg_advisory_xact_lock(@EVENT_SPACE@, 0);
  INSERT INTO events (at, kind, division_key, match_number, table_no, payload)
    VALUES (now(), p_kind, p_division, p_match, p_table, p_payload::json) RETURNING id INTO eid;
  PERFORM pg_notify('@CHANNEL@', eid::text);
  RETURN eid;
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_not_playable(m matches) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
BEGIN
  IF m.status = 'decided' THEN
    RAISE EXCEPTION 'match % is already decided', m.number USING ERRCODE = 'CK001';
  ELSIF m.status = 'waiting' THEN
    RAISE EXCEPTION 'match % is waiting for the winner of an earlier match', m.number
      USING ERRCODE = 'CK001';
  ELSIF m.status = 'empty' THEN
    RAISE EXCEPTION 'match % has nobody to play', m.number USING ERRCODE = 'CK001';
  END IF;
  RAISE EXCEPTION 'match % cannot be played now (%)', m.number, m.status USING ERRCODE = 'CK001';
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_me() RETURNS int
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  me_no int := checkers_caller_table();
BEGIN
  IF me_no IS NULL THEN
    RAISE EXCEPTION 'only a table''s role acts through this function' USING ERRCODE = '42501';
  END IF;
  PERFORM checkers_end_stalled_tables();
  RETURN me_no;
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_lock_match(p_number int) RETURNS matches
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  m matches;
BEGIN
  SELECT * INTO m FROM matches WHERE number = p_number FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'there is no match %', p_number USING ERRCODE = 'CK001';
  END IF;
  RETURN m;
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_table_did(p_action text, p_kind text, m matches,
    p_table int, p_origin text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
BEGIN
  INSERT INTO audit (at, who, action, subject, what, why)
    VALUES (now(), 'table ' || p_table, p_action, 'match ' || m.number,
            json_build_object('table', p_table), '');
  PERFORM checkers_add_event(p_kind, (SELECT key FROM divisions WHERE id = m.division_id),
                             m.number, p_table, jsonb_build_object('origin', left(p_origin, 64)));
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_take(p_number int, p_origin text DEFAULT '') RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  me_no int := checkers_me();
  me text := 'table ' || me_no;
  m matches := checkers_lock_match(p_number);
BEGIN
  IF m.status = 'playing' THEN
    IF m.taken_by IS DISTINCT FROM me THEN
      RAISE EXCEPTION 'match % was already taken by %', p_number, m.taken_by
        USING ERRCODE = 'CK002', DETAIL = coalesce(m.table_no::text, '');
    END IF;
    RETURN 'already';
  END IF;
  IF m.status = 'called' AND m.table_no IS NOT NULL AND m.table_no <> me_no THEN
    RAISE EXCEPTION 'match % is called to table %, not table %', p_number, m.table_no, me_no
      USING ERRCODE = 'CK002', DETAIL = m.table_no::text;
  END IF;
  IF m.status NOT IN ('ready', 'called') THEN
    PERFORM checkers_not_playable(m);
  END IF;
  UPDATE matches SET status = 'playing', table_no = me_no, taken_by = me, taken_at = now()
    WHERE id = m.id;
  PERFORM checkers_table_did('take', 'taken', m, me_no, p_origin);
  RETURN 'taken';
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_release(p_number int, p_origin text DEFAULT '') RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  me_no int := checkers_me();
  me text := 'table ' || me_no;
  m matches := checkers_lock_match(p_number);
BEGIN
  IF m.status <> 'playing' OR m.taken_by IS DISTINCT FROM me THEN
    RAISE EXCEPTION 'match % is not being played at table %', p_number, me_no
      USING ERRCODE = 'CK002', DETAIL = coalesce(m.table_no::text, '');
  END IF;
  UPDATE matches SET status = CASE WHEN called_at IS NOT NULL THEN 'called' ELSE 'ready' END,
      table_no = CASE WHEN called_at IS NOT NULL THEN table_no END, taken_by = NULL,
      taken_at = NULL
    WHERE id = m.id;
  PERFORM checkers_table_did('release', 'released', m, me_no, p_origin);
  RETURN 'released';
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_advance(p_from int) RETURNS int[]
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
DECLARE
  todo int[] := ARRAY[p_from];
  ready int[] := '{}';
  cur matches;
  t matches;
  size int;
  rounds int := 0;
  pass int;
  side int;
  val int;
  na int;
  nb int;
  ak boolean;
  bk boolean;
  st text;
  win int;
  knd text;
  out_a boolean;
  out_b boolean;
BEGIN
  WHILE cardinality(todo) > 0 LOOP
    SELECT * INTO cur FROM matches WHERE id = todo[1];
    todo := todo[2:];
    IF rounds = 0 THEN
      SELECT bracket_size INTO size FROM divisions WHERE id = cur.division_id;
      WHILE (1 << rounds) < size LOOP
        rounds := rounds + 1;
      END LOOP;
    END IF;
    CONTINUE WHEN cur.round >= rounds OR cur.status NOT IN ('decided', 'empty');
    FOR pass IN 0..1 LOOP
      -- pass 0: the winner goes on; pass 1: a semi-final's loser goes to the third place
      EXIT WHEN pass = 1 AND cur.round <> rounds - 1;
      side := cur.idx % 2;
      IF cur.status = 'empty' THEN
        val := NULL;
      ELSIF pass = 0 THEN
        val := cur.winner_id;
      ELSE
        val := CASE WHEN cur.winner_id = cur.a_id THEN cur.b_id ELSE cur.a_id END;
      END IF;
      SELECT * INTO t FROM matches WHERE division_id = cur.division_id AND round = cur.round + 1
        AND idx = CASE WHEN pass = 0 THEN cur.idx / 2 ELSE 1 END FOR UPDATE;
      IF NOT FOUND OR t.status <> 'waiting'
         OR (side = 0 AND t.a_known) OR (side = 1 AND t.b_known) THEN
        RAISE EXCEPTION 'the bracket after match % does not follow from its results: the organiser must look at it', cur.number USING ERRCODE = 'CK005';
      END IF;
      na := t.a_id;
      nb := t.b_id;
      ak := t.a_known;
      bk := t.b_known;
      IF side = 0 THEN
        na := val;
        ak := true;
      ELSE
        nb := val;
        bk := true;
      END IF;
      win := NULL;
      knd := NULL;
      IF NOT (ak AND bk) THEN
        st := 'waiting';
      ELSIF na IS NULL AND nb IS NULL THEN
        st := 'empty';
      ELSIF na IS NULL OR nb IS NULL THEN
        st := 'decided';
        win := coalesce(na, nb);
        knd := 'bye';
      ELSE
        out_a := EXISTS (SELECT 1 FROM competitors WHERE id = na AND withdrawn_at IS NOT NULL);
        out_b := EXISTS (SELECT 1 FROM competitors WHERE id = nb AND withdrawn_at IS NOT NULL);
        IF out_a AND out_b THEN
          st := 'empty';
        ELSIF out_a OR out_b THEN
          st := 'decided';
          win := CASE WHEN out_a THEN nb ELSE na END;
          knd := 'withdrawal';
        ELSE
          st := 'ready';
        END IF;
      END IF;
      UPDATE matches SET a_id = na, b_id = nb, a_known = ak, b_known = bk, status = st,
          winner_id = win, kind = knd, result_id = NULL,
          finished_at = CASE WHEN st = 'decided' THEN now() END, table_no = NULL,
          taken_by = NULL, called_at = NULL, taken_at = NULL
        WHERE id = t.id;
      IF st = 'ready' AND t.number IS NOT NULL THEN
        ready := ready || t.number;
      ELSIF st IN ('decided', 'empty') THEN
        todo := todo || t.id;
      END IF;
    END LOOP;
  END LOOP;
  RETURN ready;
END
$fn$;

CREATE OR REPLACE FUNCTION checkers_report(p_key text, p_number int, p_winners int[],
    p_games jsonb, p_records jsonb, p_origin text DEFAULT '') RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  me_no int := checkers_me();
  me text := 'table ' || me_no;
  m_div int;
  m matches;
  d divisions;
  ca competitors;
  cb competitors;
  prof text;
  need int;
  draw_ends boolean;
  wa int := 0;
  wb int := 0;
  dr int := 0;
  over boolean := false;
  w int;
  win competitors;
  lose competitors;
  rid int;
  ready int[];
  payload jsonb;
  first_by text;
BEGIN
  IF p_key IS NULL OR length(p_key) NOT BETWEEN 1 AND 64 THEN
    RAISE EXCEPTION 'a report needs a key of 1 to 64 characters' USING ERRCODE = 'CK004';
  END IF;
  IF coalesce(cardinality(p_winners), 0) = 0 THEN
    RAISE EXCEPTION 'no game was entered' USING ERRCODE = 'CK004';
  END IF;
  IF cardinality(p_winners) > @MAX_GAMES@ THEN
    RAISE EXCEPTION '% games entered; a match has at most @MAX_GAMES@', cardinality(p_winners)
      USING ERRCODE = 'CK004';
  END IF;
  IF p_games IS NULL OR jsonb_typeof(p_games) <> 'array' OR length(p_games::text) > 20000
     OR p_records IS NULL OR jsonb_typeof(p_records) <> 'array'
     OR length(p_records::text) > 8000 THEN
    RAISE EXCEPTION 'the games and records of a report are lists of at most 20,000 and 8,000 characters' USING ERRCODE = 'CK004';
  END IF;
  IF EXISTS (SELECT 1 FROM results WHERE key = p_key) THEN
    RETURN jsonb_build_object('status', 'already');
  END IF;
  SELECT division_id INTO m_div FROM matches WHERE number = p_number;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'there is no match %', p_number USING ERRCODE = 'CK001';
  END IF;
  -- the locks: the division's (as the organiser's actions take it), then the match's row
  PERFORM pg_advisory_xact_lock(@DIVISION_SPACE@, m_div);
  m := checkers_lock_match(p_number);
  IF EXISTS (SELECT 1 FROM results WHERE key = p_key) THEN
    RETURN jsonb_build_object('status', 'already');
  END IF;
  IF m.status = 'decided' THEN
    IF m.kind IN ('played', 'walkover') AND m.result_id IS NOT NULL THEN
      SELECT CASE WHEN r.table_no IS NOT NULL THEN 'table ' || r.table_no ELSE r.reported_by END
        INTO first_by FROM results r WHERE r.id = m.result_id;
      RAISE EXCEPTION 'Match % already has a result, entered by %; the result from % was refused. The organiser can correct it.', p_number, first_by, me
        USING ERRCODE = 'CK003', DETAIL = first_by;
    END IF;
    RAISE EXCEPTION 'match % was decided by %; no result is due', p_number,
      coalesce(m.kind, 'a bye') USING ERRCODE = 'CK001';
  END IF;
  IF m.status NOT IN ('ready', 'called', 'playing') THEN
    PERFORM checkers_not_playable(m);
  END IF;
  IF m.status = 'playing' AND m.taken_by IS DISTINCT FROM me THEN
    RAISE EXCEPTION 'match % is being played at %; the result from % was refused', p_number,
      m.taken_by, me USING ERRCODE = 'CK002', DETAIL = coalesce(m.table_no::text, '');
  END IF;
  IF m.status = 'called' AND m.table_no IS NOT NULL AND m.table_no <> me_no THEN
    RAISE EXCEPTION 'match % is called to table %; the result from % was refused', p_number,
      m.table_no, me USING ERRCODE = 'CK002', DETAIL = m.table_no::text;
  END IF;
  SELECT * INTO d FROM divisions WHERE id = m.division_id;
  SELECT * INTO ca FROM competitors WHERE id = m.a_id;
  SELECT * INTO cb FROM competitors WHERE id = m.b_id;
  prof := CASE WHEN d.vision = 'all' AND d.profile_key = 'va-standard'
                    AND (ca.visually_impaired OR cb.visually_impaired) THEN 'va-vi'
               ELSE d.profile_key END;
  need := CASE prof @NEED_CASES@ ELSE NULL END;
  draw_ends := prof = ANY (ARRAY[@DRAW_ENDS@]::text[]);
  FOR i IN 1..cardinality(p_winners) LOOP
    IF over THEN
      RAISE EXCEPTION 'the match was decided after game %; game % cannot be part of it', i - 1, i
        USING ERRCODE = 'CK004';
    END IF;
    w := p_winners[i];
    IF w IS NULL THEN
      dr := dr + 1;
      over := draw_ends;
    ELSIF w = m.a_id THEN
      wa := wa + 1;
    ELSIF w = m.b_id THEN
      wb := wb + 1;
    ELSE
      RAISE EXCEPTION 'game %: competitor % is not a player of match %', i, w, p_number
        USING ERRCODE = 'CK004';
    END IF;
    over := over OR (need IS NOT NULL AND (wa >= need OR wb >= need));
  END LOOP;
  IF NOT over OR wa = wb THEN
    RAISE EXCEPTION 'the match is not decided: % %, % %, % drawn; best two out of three',
      ca.name, wa, cb.name, wb, dr USING ERRCODE = 'CK004';
  END IF;
  IF wa > wb THEN
    win := ca;
    lose := cb;
  ELSE
    win := cb;
    lose := ca;
  END IF;
  INSERT INTO results (match_id, key, a_id, b_id, winner_id, kind, wins_a, wins_b, draws, games,
                       records, reported_by, table_no, received_at)
    VALUES (m.id, p_key, m.a_id, m.b_id, win.id, 'played', wa, wb, dr, p_games::json,
            p_records::json, me, me_no, now())
    RETURNING id INTO rid;
  UPDATE matches SET status = 'decided', winner_id = win.id, kind = 'played', result_id = rid,
      finished_at = now()
    WHERE id = m.id;
  ready := checkers_advance(m.id);
  payload := jsonb_build_object(
    'winner', win.name, 'loser', lose.name, 'winner_center', win.medical_center,
    'loser_center', lose.medical_center, 'winner_wins', greatest(wa, wb),
    'loser_wins', least(wa, wb), 'draws', dr, 'result_kind', 'played', 'key', p_key,
    'a_id', m.a_id, 'b_id', m.b_id, 'winner_id', win.id, 'wins_a', wa, 'wins_b', wb,
    'next_matches', to_jsonb(ready));
  INSERT INTO audit (at, who, action, subject, what, why)
    VALUES (now(), me, 'result', 'match ' || p_number, payload::json, '');
  PERFORM checkers_add_event('result', d.key, p_number, me_no,
                             payload || jsonb_build_object('origin', left(p_origin, 64)));
  RETURN jsonb_build_object('status', 'recorded', 'next_matches', to_jsonb(ready));
END
$fn$;
"""
"""The functions a table acts through (PL/pgSQL; ``@NAME@`` is filled in by
:func:`_table_functions_sql`). Each is SECURITY DEFINER, owned by the organiser's role, with its
``search_path`` pinned: the table's role has no right to write any table itself. The caller's table
is the number of its sign-in role (``session_user``, which ``SET ROLE`` does not change). A
function checks the match's state, the table it is called or taken by, and the players of the
result; it takes the division's lock and the match's row lock before it reads what it decides
on, and the event lock last, just before the event is written, so every lock is held only while
the server runs the function (the app calls each in its own transaction). Refusals are raised with
SQLSTATE ``CK001`` (no such match, or not playable), ``CK002`` (another table's match; DETAIL: its
table), ``CK003`` (a result already recorded; DETAIL: who entered it), ``CK004`` (a result that is
not a finished match of these two players) and ``CK005`` (a bracket the results do not explain),
and ``42501`` for a caller that is no table."""

TABLE_FUNCTIONS = ("checkers_take(int, text)", "checkers_report(text, int, int[], jsonb, jsonb, text)",
                   "checkers_release(int, text)")
"""The functions a table's role may execute (every other function of the schema is the
organiser's)."""

_INTERNAL_FUNCTIONS = ("checkers_caller_table()", "checkers_end_stalled_tables()",
                       "checkers_add_event(text, text, int, int, jsonb)",
                       "checkers_not_playable(matches)", "checkers_me()",
                       "checkers_lock_match(int)",
                       "checkers_table_did(text, text, matches, int, text)",
                       "checkers_advance(int)")

STALL_SECONDS = 5
"""A table's session idle inside a transaction for longer than this is ended: by the server
(``idle_in_transaction_session_timeout``, set on the table's role) and, should the table have set
that timeout off for its session, by the next table function called (which ends every table
session of the tournament's database idle in a transaction for longer)."""

LONGEST_TABLE_SECONDS = 3 * STALL_SECONDS
"""A table's transaction open longer than this is ended by the next table function called,
whatever it is doing (its statement limit is 10 s; a table that set it off for its session and
sleeps inside a transaction is ended here)."""

ROLE_SETTINGS = {
    "table": {"statement_timeout": "10s", "lock_timeout": "3s",
              "idle_in_transaction_session_timeout": f"{STALL_SECONDS}s"},
    "organiser": {"statement_timeout": "60s", "lock_timeout": "10s",
                  "idle_in_transaction_session_timeout": "30s"},
}
"""Time limits set on the roles (``ALTER ROLE ... SET``). A table's work is a function call or a
read of its matches. Measured with 12 table processes reporting at once on 2,000 competitors
(``benchmarks/tournament_tables.py``, the server logging every statement's duration): a take ran
0.4 ms and a report 0.8 ms at the median, 12 ms and 10 ms at the 99th percentile, 28 ms at most
(waits for the event's lock included); every read under 1.2 ms. A table's transaction never waits
for its laptop (each function runs in its own transaction), so 5 s idle in a transaction means a
laptop stopped between the statements of a read; 3 s for a lock is a hundred times the longest a
function holds one; 10 s a statement, the slowest read times several thousand. The organiser's
actions read and rewrite whole divisions with the app computing between statements; the longest
measured, drawing a division of 1,440 competitors (a bracket of 2,048), took 4.1 s as a whole
transaction (importing 2,310 competitors 1.4 s, a correction 0.5 s): 60 s a statement, 10 s for a
lock and 30 s idle in a transaction leave it room on a slower laptop."""


def _table_functions_sql(prefix: str) -> str:
    from ...rules.profiles import PROFILES
    from ..scoring import MAX_GAMES
    from .service import _LOCK_SPACE, NOTIFY_CHANNEL

    need = " ".join(f"WHEN '{k}' THEN {p.match.best_of // 2 + 1}"
                    for k, p in sorted(PROFILES.items()) if p.match.best_of is not None)
    draw_ends = ", ".join(f"'{k}'" for k, p in sorted(PROFILES.items())
                          if p.match.best_of == 1 and not p.match.new_game_after_draw) or "NULL"
    fills = {"@PREFIX@": _check_prefix(prefix), "@GROUP@": f"{prefix}_tables",
             "@STALL@": str(int(STALL_SECONDS)), "@LONGEST@": str(int(LONGEST_TABLE_SECONDS)), "@EVENT_SPACE@": str(_LOCK_SPACE + 1),
             "@DIVISION_SPACE@": str(_LOCK_SPACE), "@CHANNEL@": NOTIFY_CHANNEL,
             "@MAX_GAMES@": str(int(MAX_GAMES)), "@NEED_CASES@": need,
             "@DRAW_ENDS@": draw_ends}
    out = _TABLE_FUNCTIONS
    for token, value in fills.items():
        out = out.replace(token, value)
    return out


_GRANTS = (
    "REVOKE ALL ON DATABASE {db} FROM PUBLIC",
    "REVOKE ALL ON DATABASE {db} FROM {tab}",
    "GRANT CONNECT, TEMPORARY ON DATABASE {db} TO {org}",
    "GRANT CONNECT ON DATABASE {db} TO {tab}",
    "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
    "REVOKE ALL ON SCHEMA public FROM {tab}",
    "GRANT USAGE ON SCHEMA public TO {org}, {tab}",
    "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC",
    "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {tab}",
    "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC",
    "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {tab}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {org}",
    "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {org}",
    # a table reads (the bracket, its matches); it writes nothing itself
    "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {tab}",
    "ALTER TABLE results ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE audit ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE events ENABLE ROW LEVEL SECURITY",
    "DROP POLICY IF EXISTS results_own_table ON results",
    "DROP POLICY IF EXISTS audit_own_table ON audit",
    "DROP POLICY IF EXISTS events_own_table ON events",
    "DROP POLICY IF EXISTS results_organiser ON results",
    "DROP POLICY IF EXISTS results_read ON results",
    "DROP POLICY IF EXISTS audit_organiser ON audit",
    "DROP POLICY IF EXISTS audit_read ON audit",
    "DROP POLICY IF EXISTS events_organiser ON events",
    "DROP POLICY IF EXISTS events_read ON events",
    "CREATE POLICY results_organiser ON results TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY results_read ON results FOR SELECT TO {tab} USING (true)",
    "CREATE POLICY audit_organiser ON audit TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY audit_read ON audit FOR SELECT TO {tab} USING (true)",
    "CREATE POLICY events_organiser ON events TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY events_read ON events FOR SELECT TO {tab} USING (true)",
    "DROP TRIGGER IF EXISTS checkers_table_guard ON matches",
    "DROP FUNCTION IF EXISTS checkers_table_guard()",
)
"""What the roles may do on the tournament's database (``{db}``, ``{org}``: the organiser,
``{tab}``: the tables' group)."""

_SERVER_FUNCTION_RIGHTS = (
    # the lock functions: a table that held the event's or a division's lock would stop every
    # other; the organiser's actions (and the functions, which run as the organiser) take them
    ("pg_catalog", r"^pg_(try_)?advisory_", "{org}"),
    # large objects: a table could fill the organiser's disk with them
    ("pg_catalog", r"^lo_(creat|create|from_bytea|import|put)$", None),
)
"""Built-in functions whose EXECUTE is taken from PUBLIC in the tournament's database (the
server's administrator owns them: ``init`` run as another role leaves them and says so), and the
role that gets it back (None: nobody)."""


_WRITES = ("INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")


def table_role_rights(url: UrlLike, prefix: str = "checkers", *,
                      password: Optional[str] = None) -> list[str]:
    """Every right the table roles of ``prefix`` hold in the database at ``url`` beyond reading
    and the table functions, one sentence each: a write on any table or column, a sequence,
    another function (the advisory locks and large objects included), CREATE or TEMPORARY, the
    organiser's role, a role attribute; and a table function that is not SECURITY DEFINER owned
    by the organiser with its ``search_path`` set. Empty when the roles are as
    ``tournament-server init`` leaves them, or when there is no table role of ``prefix``. Raises
    ``DBAPIError`` when the server cannot be read."""
    from sqlalchemy import text

    problems = []
    engine = make_engine(parse_url(url), password=password, pool_size=1)
    try:
        with engine.connect() as conn:
            roles = conn.execute(text("SELECT rolname FROM pg_roles WHERE rolname ~ :p"),
                                 {"p": f"^{prefix}_table_[0-9]+$|^{prefix}_tables$"}
                                 ).scalars().all()
            if not roles:
                return []          # no tournament roles of this prefix on this server
            tables = conn.execute(text("SELECT quote_ident(schemaname) || '.' || "
                                       "quote_ident(tablename) FROM pg_tables WHERE schemaname "
                                       "NOT IN ('pg_catalog', 'information_schema')")
                                  ).scalars().all()
            sequences = conn.execute(text("SELECT c.oid::regclass::text FROM pg_class c JOIN "
                                          "pg_namespace n ON n.oid = c.relnamespace WHERE "
                                          "c.relkind = 'S' AND n.nspname = 'public'")
                                     ).scalars().all()
            functions = conn.execute(text(
                "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = "
                "p.pronamespace WHERE n.nspname = 'public' OR (n.nspname = 'pg_catalog' AND "
                "(p.proname ~ '^pg_(try_)?advisory_' OR p.proname ~ "
                "'^lo_(creat|create|from_bytea|import|put)$'))")).scalars().all()
            allowed = {conn.execute(text("SELECT CAST(:f AS regprocedure)::text"), {"f": f}
                                    ).scalar() for f in TABLE_FUNCTIONS}
            organiser = f"{prefix}_organiser"
            for role in roles:
                def has(sql: str, **kw: str) -> Any:
                    return conn.execute(text(sql), {"r": role, **kw}).scalar()
                for t in tables:
                    for priv in _WRITES:
                        if has("SELECT has_table_privilege(:r, :t, :p)", t=t, p=priv):
                            problems.append(f"{role}: {priv} on {t}")
                    for priv in ("INSERT", "UPDATE", "REFERENCES"):
                        if has("SELECT has_any_column_privilege(:r, :t, :p)", t=t, p=priv):
                            problems.append(f"{role}: {priv} on a column of {t}")
                for seq in sequences:
                    for priv in ("USAGE", "UPDATE"):
                        if has("SELECT has_sequence_privilege(:r, :s, :p)", s=seq, p=priv):
                            problems.append(f"{role}: {priv} on {seq}")
                for f in functions:
                    if has("SELECT has_function_privilege(:r, :f, 'EXECUTE')", f=f) \
                            and f not in allowed:
                        problems.append(f"{role}: EXECUTE on {f}")
                for priv in ("CREATE", "TEMPORARY"):
                    if has("SELECT has_database_privilege(:r, current_database(), :p)", p=priv):
                        problems.append(f"{role}: {priv} on the database")
                if has("SELECT has_schema_privilege(:r, 'public', 'CREATE')"):
                    problems.append(f"{role}: CREATE on schema public")
                if has("SELECT pg_has_role(:r, :o, 'MEMBER')", o=organiser):
                    problems.append(f"{role}: member of {organiser}")
                if has("SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR "
                       "rolbypassrls FROM pg_roles WHERE rolname = :r"):
                    problems.append(f"{role}: a role attribute beyond LOGIN")
            for f in allowed:
                row = conn.execute(text(
                    "SELECT p.prosecdef, pg_get_userbyid(p.proowner), p.proconfig FROM pg_proc p "
                    "WHERE p.oid = CAST(:f AS regprocedure)"), {"f": f}).first()
                if row is None or not row.prosecdef or row[1] != organiser or not any(
                        c.startswith("search_path=") for c in row.proconfig or ()):
                    problems.append(f"{f}: not SECURITY DEFINER owned by {organiser} with its "
                                    "search_path set")
    finally:
        engine.dispose()
    return problems


def drop_roles(url: UrlLike, prefix: str, *, password: Optional[str] = None) -> None:
    """Remove the roles ``init_server`` made with ``prefix`` (run as the administrator; for tests
    and for tidying a server after the event). Objects they own or rights they hold in the
    current database are dropped with them."""
    from psycopg import sql

    prefix = _check_prefix(prefix)
    engine = make_engine(parse_url(url), password=password, pool_size=1)
    try:
        raw = engine.raw_connection()
        try:
            pg = _autocommit(raw)
            roles = [r[0] for r in pg.execute(
                "SELECT rolname FROM pg_roles WHERE rolname = %s OR rolname = %s OR rolname ~ %s",
                (f"{prefix}_organiser", f"{prefix}_tables", f"^{prefix}_table_[0-9]+$"))]
            for role in roles:
                # the functions the organiser owns (and the trigger on them) stay, the
                # administrator's
                pg.execute(sql.SQL("REASSIGN OWNED BY {} TO CURRENT_USER").format(
                    sql.Identifier(role)))
                pg.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
            for role in sorted(roles, key=lambda r: r.endswith("_tables")):
                pg.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
        finally:
            raw.close()
    finally:
        engine.dispose()


def open_as_table(url: UrlLike, prefix: str, table: int, password: str) -> Tournament:
    """Open the tournament as table ``table``'s role (a helper for tests and scripts)."""
    return Tournament.open(table_url(url, prefix, table), password=password)


__all__ += ["open_as_table", "ConnectionTestError", "table_role_rights", "TABLE_FUNCTIONS"]
