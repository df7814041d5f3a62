"""Setting up a PostgreSQL server for a tournament: the schema and the roles.

``checkers-desktop tournament-server init URL`` connects with ``URL`` (a role that may create roles,
such as the ``postgres`` superuser on the organiser's laptop), creates or upgrades the schema, and
makes these roles (PREFIX is "checkers" unless told otherwise):

* ``PREFIX_organiser``: signs in from the organiser's laptop; may do everything.
* ``PREFIX_tables``: a group, no sign-in; what a table needs: read everything, take a match
  (update ``matches``), report a result (insert into ``results``, ``events``, ``audit``). No right on
  competitors, divisions, the draw (``slots``) or corrections, so the server itself refuses a table
  that tries to draw, correct or withdraw. Row-level security lets a table insert results, audit
  entries and events only under its own name (a result only for a match it took or that is free),
  and a trigger on ``matches`` lets it change only what playing its match changes
  (:data:`_TABLE_GUARD`): never another winner, other players or a decided match.
* ``PREFIX_table_1`` ... ``PREFIX_table_N``: one sign-in per table, members of ``PREFIX_tables``.

The same SQL, for an organiser who prefers psql (N tables; passwords of your choice)::

    CREATE ROLE checkers_organiser LOGIN PASSWORD '...';
    CREATE ROLE checkers_tables NOLOGIN;
    CREATE ROLE checkers_table_1 LOGIN PASSWORD '...' IN ROLE checkers_tables;   -- and so on
    GRANT CONNECT ON DATABASE tournament TO checkers_organiser, checkers_tables;
    GRANT USAGE ON SCHEMA public TO checkers_organiser, checkers_tables;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO checkers_organiser;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO checkers_organiser;
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO checkers_tables;
    GRANT INSERT ON results, events, audit TO checkers_tables;
    GRANT UPDATE ON matches TO checkers_tables;
    GRANT USAGE ON SEQUENCE results_id_seq, events_id_seq, audit_id_seq TO checkers_tables;
    ALTER TABLE results ENABLE ROW LEVEL SECURITY;   -- and the policies in _GRANTS below, on
                                                     -- results, audit and events, and the trigger
                                                     -- that checks a table's changes to matches

Roles that exist keep their passwords unless new ones are given; new roles get a generated password,
returned once (printed by the command) and, for the organiser, saved in this laptop's keyring.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass, field
from typing import Optional

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from ..errors import ConnectionTestError, TournamentError
from .engine import make_engine, parse_url, save_password, try_connection, upgrade
from .service import DEFAULT_TABLES, Tournament

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


def _check_prefix(prefix: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", prefix or ""):
        raise TournamentError(f"role prefix {prefix!r}: use lower-case letters, digits and _")
    return prefix


def _with_user(url, user: str) -> str:
    u = parse_url(url)
    return URL.create(u.drivername, username=user, password=None, host=u.host, port=u.port,
                      database=u.database, query=u.query).render_as_string(hide_password=False)


def table_url(url, prefix: str, table: int) -> str:
    """``url`` with the user of table ``table`` and no password (it goes in the keyring)."""
    return _with_user(url, f"{prefix}_table_{table}")


def organiser_url(url, prefix: str = "checkers") -> str:
    """``url`` with the organiser's role and no password (it goes in the keyring)."""
    return _with_user(url, f"{prefix}_organiser")


def init_server(url, *, tables: int = DEFAULT_TABLES, prefix: str = "checkers",
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
            pg = raw.driver_connection
            pg.autocommit = True
            report = _make_roles(pg, u.database, prefix, tables, passwords)
        finally:
            raw.close()
        report.schema = "t0001"
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
        except Exception as exc:  # noqa: BLE001 - no usable keyring: the password is still printed
            log.warning("the organiser's password was not kept in the keyring: %s", exc)
    return report


def _role_exists(pg, role: str) -> bool:
    return pg.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is not None


def _make_roles(pg, database: str, prefix: str, tables: int, passwords: dict) -> InitReport:
    from psycopg import sql

    def ident(name):
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
    for statement in _GRANTS:
        pg.execute(sql.SQL(statement).format(db=ident(database), org=ident(organiser),
                                             tab=ident(group)))
    return report


_TABLE_GUARD = """
DECLARE
  num text := substring(current_user from '_table_([0-9]+)$');
  me text;
  size int;
  rounds int := 0;
  frm_round int;
  frm_a int;
  frm_b int;
  losers boolean := false;
  res record;
  f record;
  expected int;
  other int;
BEGIN
  IF num IS NULL THEN
    RETURN NEW;  -- the organiser (or the administrator)
  END IF;
  me := 'table ' || num;
  IF NEW.id <> OLD.id OR NEW.division_id <> OLD.division_id OR NEW.round <> OLD.round
     OR NEW.idx <> OLD.idx OR NEW.number IS DISTINCT FROM OLD.number THEN
    RAISE EXCEPTION 'a table may not change the draw' USING ERRCODE = '42501';
  END IF;
  IF OLD.status = 'finished' THEN
    RAISE EXCEPTION 'match % is decided: only the organiser may change it', OLD.number
      USING ERRCODE = '42501';
  END IF;
  IF NEW.status = 'playing' AND OLD.status <> 'playing' THEN
    -- "play this match here"
    IF OLD.status NOT IN ('ready', 'called') OR NEW.taken_by IS DISTINCT FROM me
       OR NEW.table_no IS DISTINCT FROM num::int
       OR (OLD.table_no IS NOT NULL AND OLD.table_no <> num::int)
       OR NEW.a_id IS DISTINCT FROM OLD.a_id OR NEW.b_id IS DISTINCT FROM OLD.b_id
       OR NEW.winner_id IS NOT NULL OR NEW.result_id IS NOT NULL THEN
      RAISE EXCEPTION 'a table may take only a match that is ready, for itself'
        USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.result_id IS NOT NULL THEN
    -- a played match decided by this table's own result
    SELECT * INTO res FROM results WHERE id = NEW.result_id;
    IF NOT FOUND OR res.match_id <> NEW.id OR res.reported_by <> me
       OR res.replaced_by IS NOT NULL OR res.void_reason IS NOT NULL
       OR res.winner_id IS DISTINCT FROM NEW.winner_id OR NEW.status <> 'finished'
       OR NEW.kind IS DISTINCT FROM res.kind OR NEW.a_id IS DISTINCT FROM OLD.a_id
       OR NEW.b_id IS DISTINCT FROM OLD.b_id
       OR (OLD.taken_by IS NOT NULL AND OLD.taken_by <> me) THEN
      RAISE EXCEPTION 'match %: a table may record only its own result', OLD.number
        USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  -- otherwise the bracket moving on after a result: a later match gets the winners (the third
  -- place the semi-finals' losers) of the matches before it, and nothing else
  IF (NEW.taken_by IS NOT NULL AND NEW.taken_by IS DISTINCT FROM OLD.taken_by)
     OR (NEW.table_no IS NOT NULL AND NEW.table_no IS DISTINCT FROM OLD.table_no)
     OR (NEW.called_at IS NOT NULL AND NEW.called_at IS DISTINCT FROM OLD.called_at)
     OR (NEW.taken_at IS NOT NULL AND NEW.taken_at IS DISTINCT FROM OLD.taken_at)
     OR NEW.status NOT IN ('waiting', 'ready', 'finished', 'empty') THEN
    RAISE EXCEPTION 'match %: a table may not call or give away a match', OLD.number
      USING ERRCODE = '42501';
  END IF;
  IF NEW.a_id IS DISTINCT FROM OLD.a_id OR NEW.a_known IS DISTINCT FROM OLD.a_known
     OR NEW.b_id IS DISTINCT FROM OLD.b_id OR NEW.b_known IS DISTINCT FROM OLD.b_known THEN
    SELECT bracket_size INTO size FROM divisions WHERE id = NEW.division_id;
    WHILE (1 << rounds) < size LOOP
      rounds := rounds + 1;
    END LOOP;
    IF NEW.round <= 1 THEN
      RAISE EXCEPTION 'a table may not change the draw' USING ERRCODE = '42501';
    END IF;
    frm_round := NEW.round - 1;
    IF NEW.round = rounds AND NEW.idx = 1 THEN
      losers := true;
      frm_a := 0;
      frm_b := 1;
    ELSE
      frm_a := 2 * NEW.idx;
      frm_b := 2 * NEW.idx + 1;
    END IF;
    FOR side IN 0..1 LOOP
      IF side = 0 AND NEW.a_id IS NOT DISTINCT FROM OLD.a_id
         AND NEW.a_known IS NOT DISTINCT FROM OLD.a_known THEN
        CONTINUE;
      END IF;
      IF side = 1 AND NEW.b_id IS NOT DISTINCT FROM OLD.b_id
         AND NEW.b_known IS NOT DISTINCT FROM OLD.b_known THEN
        CONTINUE;
      END IF;
      SELECT * INTO f FROM matches WHERE division_id = NEW.division_id AND round = frm_round
        AND idx = CASE WHEN side = 0 THEN frm_a ELSE frm_b END;
      IF NOT FOUND OR f.status NOT IN ('finished', 'empty') THEN
        RAISE EXCEPTION 'match %: its players come from matches not decided yet', OLD.number
          USING ERRCODE = '42501';
      END IF;
      IF losers THEN
        expected := CASE WHEN f.winner_id = f.a_id THEN f.b_id ELSE f.a_id END;
      ELSE
        expected := f.winner_id;
      END IF;
      IF (side = 0 AND (NEW.a_id IS DISTINCT FROM expected OR NOT NEW.a_known OR OLD.a_known))
         OR (side = 1 AND (NEW.b_id IS DISTINCT FROM expected OR NOT NEW.b_known
                           OR OLD.b_known)) THEN
        RAISE EXCEPTION 'match %: a table may not choose its players', OLD.number
          USING ERRCODE = '42501';
      END IF;
    END LOOP;
  END IF;
  IF NEW.status = 'finished' THEN
    -- decided without play: a bye, or an opponent who withdrew or is nobody
    other := CASE WHEN NEW.winner_id = NEW.a_id THEN NEW.b_id ELSE NEW.a_id END;
    IF NEW.kind NOT IN ('bye', 'withdrawal') OR NEW.winner_id IS NULL
       OR NEW.winner_id NOT IN (NEW.a_id, NEW.b_id)
       OR (other IS NOT NULL AND NOT EXISTS (SELECT 1 FROM competitors c WHERE c.id = other
                                             AND c.withdrawn_at IS NOT NULL)) THEN
      RAISE EXCEPTION 'match %: a table may not decide a match without a result', OLD.number
        USING ERRCODE = '42501';
    END IF;
  ELSIF NEW.winner_id IS NOT NULL OR NEW.kind IS NOT NULL THEN
    RAISE EXCEPTION 'match %: a table may not name a winner', OLD.number
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
"""
"""The body of the trigger function that checks every change a table's role makes to a row of
``matches`` (the organiser's role and the administrator pass unchecked). A table may: take a
ready match for itself; finish a match with a result it reported itself (the results row, which
row-level security lets it insert only under its own name and for a match it took or that is
free); and move the bracket on, giving a later match the winners (for the third place the
semi-finals' losers, VA rulebook, Event 4) of the finished matches before it, deciding it without
play only when the other side is nobody or withdrew. Anything else (another winner, other
players, a decided match, a call) is refused with SQLSTATE 42501, which the app says as
"Permission denied"."""

_GRANTS = (
    "REVOKE ALL ON DATABASE {db} FROM PUBLIC",
    "GRANT CONNECT, TEMPORARY ON DATABASE {db} TO {org}, {tab}",
    "GRANT USAGE ON SCHEMA public TO {org}, {tab}",
    "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {tab}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {org}",
    "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {org}",
    "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {tab}",
    "GRANT INSERT ON results, events, audit TO {tab}",
    "GRANT UPDATE ON matches TO {tab}",
    "GRANT USAGE ON SEQUENCE results_id_seq, events_id_seq, audit_id_seq TO {tab}",
    "ALTER TABLE results ENABLE ROW LEVEL SECURITY",
    "DROP POLICY IF EXISTS results_organiser ON results",
    "DROP POLICY IF EXISTS results_read ON results",
    "DROP POLICY IF EXISTS results_own_table ON results",
    "CREATE POLICY results_organiser ON results TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY results_read ON results FOR SELECT TO {tab} USING (true)",
    "CREATE POLICY results_own_table ON results FOR INSERT TO {tab} WITH CHECK "
    "(reported_by = 'table ' || substring(current_user from '_table_([0-9]+)$') AND EXISTS "
    "(SELECT 1 FROM matches m WHERE m.id = match_id AND m.status IN ('ready', 'called', "
    "'playing') AND (m.taken_by IS NULL OR m.taken_by = reported_by)))",
    # the audit and the events: a table writes only under its own name and number
    "ALTER TABLE audit ENABLE ROW LEVEL SECURITY",
    "DROP POLICY IF EXISTS audit_organiser ON audit",
    "DROP POLICY IF EXISTS audit_read ON audit",
    "DROP POLICY IF EXISTS audit_own_table ON audit",
    "CREATE POLICY audit_organiser ON audit TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY audit_read ON audit FOR SELECT TO {tab} USING (true)",
    "CREATE POLICY audit_own_table ON audit FOR INSERT TO {tab} WITH CHECK "
    "(who = 'table ' || substring(current_user from '_table_([0-9]+)$'))",
    "ALTER TABLE events ENABLE ROW LEVEL SECURITY",
    "DROP POLICY IF EXISTS events_organiser ON events",
    "DROP POLICY IF EXISTS events_read ON events",
    "DROP POLICY IF EXISTS events_own_table ON events",
    "CREATE POLICY events_organiser ON events TO {org} USING (true) WITH CHECK (true)",
    "CREATE POLICY events_read ON events FOR SELECT TO {tab} USING (true)",
    "CREATE POLICY events_own_table ON events FOR INSERT TO {tab} WITH CHECK "
    "(table_no = substring(current_user from '_table_([0-9]+)$')::int)",
    # the matches: what a table may change, checked row by row (see _TABLE_GUARD)
    "CREATE OR REPLACE FUNCTION checkers_table_guard() RETURNS trigger LANGUAGE plpgsql AS "
    "$guard$ " + _TABLE_GUARD + " $guard$",
    "DROP TRIGGER IF EXISTS checkers_table_guard ON matches",
    "CREATE TRIGGER checkers_table_guard BEFORE UPDATE ON matches FOR EACH ROW EXECUTE "
    "FUNCTION checkers_table_guard()",
)


def drop_roles(url, prefix: str, *, password: Optional[str] = None) -> None:
    """Remove the roles ``init_server`` made with ``prefix`` (run as the administrator; for tests
    and for tidying a server after the event). Objects they own or rights they hold in the
    current database are dropped with them."""
    from psycopg import sql

    prefix = _check_prefix(prefix)
    engine = make_engine(parse_url(url), password=password, pool_size=1)
    try:
        raw = engine.raw_connection()
        try:
            pg = raw.driver_connection
            pg.autocommit = True
            roles = [r[0] for r in pg.execute(
                "SELECT rolname FROM pg_roles WHERE rolname = %s OR rolname = %s OR rolname ~ %s",
                (f"{prefix}_organiser", f"{prefix}_tables", f"^{prefix}_table_[0-9]+$"))]
            for role in roles:
                pg.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
            for role in sorted(roles, key=lambda r: r.endswith("_tables")):
                pg.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
        finally:
            raw.close()
    finally:
        engine.dispose()


def open_as_table(url, prefix: str, table: int, password: str) -> Tournament:
    """Open the tournament as table ``table``'s role (a helper for tests and scripts)."""
    return Tournament.open(table_url(url, prefix, table), password=password)


__all__ += ["open_as_table", "ConnectionTestError"]
