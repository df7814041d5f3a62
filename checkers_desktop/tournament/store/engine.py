"""Opening the tournament database: SQLite by default, PostgreSQL for many laptops.

* SQLite (a file path, or ``sqlite:///PATH``): write-ahead log, ``synchronous=FULL`` (a committed
  action survives a power cut), ``BEGIN IMMEDIATE`` for every action (one writer at a time, so two
  connections on one laptop never interleave), a busy timeout of 10 s.
* PostgreSQL (``postgresql+psycopg://USER@HOST:PORT/DATABASE``, psycopg 3): the password comes from
  the operating system's keyring (:func:`save_password`), never from the settings file; a
  connection attempt gives up after :data:`CONNECT_TIMEOUT` seconds; pooled connections are checked
  before use, so a server restarted mid-tournament is used again without restarting the app.

The schema is made and upgraded by Alembic (:func:`upgrade`); :func:`check_schema` refuses a database
made by a newer app. :func:`try_connection` tries a URL and turns each failure into a sentence
(wrong password, unreachable host, wrong server version).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

from ..errors import (ConnectionTestError, PermissionDeniedError, SchemaVersionError,
                      ServerUnavailableError, TournamentError)

__all__ = [
    "CONNECT_TIMEOUT", "KEYRING_SERVICE", "MIN_SERVER_VERSION", "HEAD_REVISION", "ServerInfo",
    "parse_url", "sqlite_url", "make_engine", "upgrade", "schema_revision", "check_schema",
    "save_password", "load_password", "delete_password", "password_key", "try_connection",
    "translate_error", "is_connection_error", "server_version_message",
]

CONNECT_TIMEOUT = 5
"""Seconds a connection attempt to the tournament server may take."""
KEYRING_SERVICE = "checkers-desktop tournament server"
"""The keyring service name the server passwords are stored under."""
MIN_SERVER_VERSION = 120000
"""The oldest PostgreSQL server used (12; ``server_version_num``)."""
HEAD_REVISION = "t0003"
"""The newest schema revision this app knows (migrations/versions)."""

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def sqlite_url(path: str | Path) -> str:
    """The SQLAlchemy URL of the SQLite file ``path``."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


def parse_url(url: str | Path | URL) -> URL:
    """``url`` as a SQLAlchemy URL: a path is a SQLite file; ``postgresql://`` and ``postgres://``
    use psycopg 3. Raises :class:`ConnectionTestError` (reason "url") for anything else."""
    if isinstance(url, URL):
        u = url
    elif isinstance(url, Path) or ("://" not in str(url)):
        return make_url(sqlite_url(url))
    else:
        try:
            u = make_url(str(url))
        except ArgumentError:
            u = None
    if u is None:
        raise ConnectionTestError(f"{_hide(str(url))!r} is not a database URL; use a file path or "
                                  "postgresql+psycopg://USER@HOST:PORT/DATABASE", reason="url")
    if u.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        u = u.set(drivername="postgresql+psycopg")
    elif u.drivername not in ("sqlite", "sqlite+pysqlite"):
        raise ConnectionTestError(f"{u.drivername!r} databases are not supported: use SQLite (a "
                                  "file) or PostgreSQL (postgresql+psycopg://...)", reason="url")
    return u


def _hide(url: str) -> str:
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


# --- passwords in the keyring ------------------------------------------------------------------

def password_key(url: str | URL) -> str:
    """The keyring user name a server password is stored under: "USER@HOST:PORT/DATABASE"."""
    u = parse_url(url) if not isinstance(url, URL) else url
    return f"{u.username or ''}@{u.host or 'localhost'}:{u.port or 5432}/{u.database or ''}"


def save_password(url: str | URL, password: str) -> None:
    """Store the password for ``url``'s user in the operating system's keyring. Raises
    :class:`TournamentError` when this laptop has no usable keyring."""
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(KEYRING_SERVICE, password_key(url), password)
    except (KeyringError, RuntimeError) as exc:
        raise TournamentError(f"the password cannot be kept: this laptop has no usable keyring "
                              f"({exc})") from None


def load_password(url: str | URL) -> Optional[str]:
    """The keyring's password for ``url``'s user, or None (none stored, or no keyring usable)."""
    import keyring
    from keyring.errors import KeyringError

    try:
        return keyring.get_password(KEYRING_SERVICE, password_key(url))
    except (KeyringError, RuntimeError):
        return None


def delete_password(url: str | URL) -> None:
    import keyring
    from keyring.errors import PasswordDeleteError

    try:
        keyring.delete_password(KEYRING_SERVICE, password_key(url))
    except PasswordDeleteError:
        pass


# --- engines ----------------------------------------------------------------------------------

def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - SQLAlchemy's
        dbapi_conn.isolation_level = None  # we send BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA busy_timeout = 10000")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA synchronous = FULL")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:  # pragma: no cover - run by SQLAlchemy
        if conn.get_execution_options().get("readonly"):
            conn.exec_driver_sql("BEGIN")
        else:
            conn.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str | Path | URL, *, password: Optional[str] = None,
                pool_size: int = 3) -> Engine:
    """An engine for ``url`` (a path for SQLite). For PostgreSQL without a password in the URL,
    ``password`` or else the keyring's is used."""
    u = parse_url(url)
    if u.drivername.startswith("sqlite"):
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(u, pool_pre_ping=False)
        _sqlite_setup(engine)
        return engine
    if u.password is None:
        pw = password if password is not None else load_password(u)
        if pw is not None:
            u = u.set(password=pw)
    try:
        return create_engine(u, pool_pre_ping=True, pool_size=pool_size, max_overflow=4,
                             connect_args={"connect_timeout": CONNECT_TIMEOUT,
                                           "application_name": "checkers-desktop"})
    except NoSuchModuleError as exc:  # pragma: no cover - psycopg is a dependency
        raise ConnectionTestError(f"the PostgreSQL driver is missing: {exc}", reason="other") \
            from None


_UPGRADING = threading.Lock()
"""Alembic runs a migration through module-level proxies (``alembic.context``): two threads
upgrading at once (the window opening a tournament while its follower thread opens it too) tear
them down under each other (``KeyError: 'config'``). One upgrade at a time in this process."""


def upgrade(engine: Engine) -> None:
    """Create or upgrade the tournament schema to :data:`HEAD_REVISION` (Alembic), in one
    transaction, one thread at a time. Raises :class:`SchemaVersionError` for a database from a
    newer app."""
    from alembic import command
    from alembic.config import Config

    check_schema(engine, allow_older=True)
    with _UPGRADING, engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", str(_MIGRATIONS))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def schema_revision(engine: Engine) -> Optional[str]:
    """The database's schema revision, or None for a database with no tournament in it."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect().execution_options(readonly=True) as conn:
        return MigrationContext.configure(conn).get_current_revision()


def check_schema(engine: Engine, *, allow_older: bool = False) -> Optional[str]:
    """The schema revision, after checking this app can use it. Raises
    :class:`SchemaVersionError` for a revision this app does not know (a newer app made it), or,
    unless ``allow_older``, for a database without the tournament or with an older schema."""
    rev = schema_revision(engine)
    known = {p.stem.split("_")[0] for p in (_MIGRATIONS / "versions").glob("t*.py")}
    if rev is not None and rev not in known:
        raise SchemaVersionError(
            f"this tournament database has schema {rev!r}, made by a newer version of "
            "checkers-desktop; update the app on this laptop")
    if not allow_older and rev != HEAD_REVISION:
        raise SchemaVersionError(
            "this database has no tournament yet (or an older one): the organiser runs "
            "'checkers-desktop tournament-server init URL' first" if rev is None else
            f"this tournament database has the older schema {rev!r}: the organiser runs "
            "'checkers-desktop tournament-server init URL' to upgrade it")
    return rev


# --- errors -----------------------------------------------------------------------------------

def is_connection_error(exc: BaseException) -> bool:
    """True when ``exc`` means the server could not be reached or the connection dropped."""
    orig: Optional[BaseException]
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return True
        orig = exc.orig
    else:
        orig = exc
    try:
        import psycopg
    except ImportError:  # pragma: no cover
        return False
    if isinstance(orig, psycopg.errors.InsufficientPrivilege):
        return False
    if isinstance(orig, (psycopg.OperationalError, psycopg.InterfaceError)):
        sqlstate = getattr(orig, "sqlstate", None)
        if sqlstate in (None, "08000", "08003", "08006", "08001", "08004", "57P01", "57P02",
                        "57P03"):
            msg = str(orig).lower()
            if "password authentication failed" in msg or "no password supplied" in msg:
                return False
            return True
    return False


def translate_error(exc: BaseException, action: str = "") -> BaseException:
    """A :class:`TournamentError` for a database error: permission denied, server away; other
    errors are returned unchanged."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    try:
        import psycopg

        if isinstance(orig, psycopg.errors.InsufficientPrivilege):
            what = f" to {action}" if action else ""
            return PermissionDeniedError(
                f"Permission denied{what}: this laptop is signed in to the tournament server as a "
                "table, and only the organiser can draw, correct a result or withdraw a competitor.")
    except ImportError:  # pragma: no cover
        pass
    if is_connection_error(exc):
        first = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
        return ServerUnavailableError(f"The tournament server cannot be reached ({first}).")
    if getattr(orig, "sqlstate", None) in _GAVE_UP:
        first = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
        return ServerUnavailableError(f"The tournament server gave up waiting ({first}); "
                                      "nothing was changed, it can be sent again.")
    return exc


_GAVE_UP = {"55P03", "57014", "25P03", "40P01", "40001"}
"""SQLSTATEs of a statement the server gave up (a lock or statement timeout, a session idle in a
transaction too long, a deadlock, a serialization failure): nothing was changed and the same
action can be sent again, as when the server is away."""


# --- testing a URL ------------------------------------------------------------------------------

@dataclass(frozen=True)
class ServerInfo:
    """What a working connection told: the database kind, the server version (e.g. "15.18"), the
    role signed in, the table number when that role is a table's, and the schema revision."""

    backend: str
    version: str
    user: str
    table: Optional[int]
    schema: Optional[str]


def server_version_message(version_num: int) -> Optional[str]:
    """None when a PostgreSQL ``server_version_num`` is usable, else why not."""
    if version_num < MIN_SERVER_VERSION:
        major = version_num // 10000 if version_num >= 100000 else version_num / 10000
        return (f"The tournament server runs PostgreSQL {major}; checkers-desktop needs "
                f"PostgreSQL {MIN_SERVER_VERSION // 10000} or newer. Install a newer PostgreSQL "
                "on the organiser's laptop.")
    return None


def _table_of(user: str, groups: list[str]) -> Optional[int]:
    m = re.search(r"_table_(\d+)$", user or "")
    if m and any(g.endswith("_tables") for g in groups):
        return int(m.group(1))
    return None


def role_table(conn: Connection) -> Optional[int]:
    """The table number of the PostgreSQL role signed in (roles "PREFIX_table_N", members of
    "PREFIX_tables"), or None for the organiser."""
    if conn.dialect.name != "postgresql":
        return None
    user = conn.execute(text("SELECT current_user")).scalar_one()
    groups = conn.execute(text(
        "SELECT g.rolname FROM pg_roles g JOIN pg_auth_members m ON m.roleid = g.oid "
        "JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = current_user")).scalars().all()
    return _table_of(user, list(groups))


def try_connection(url: str | Path | URL, *, password: Optional[str] = None,
                    require_schema: bool = True) -> ServerInfo:
    """Connect to ``url`` once and say what is there. Raises :class:`ConnectionTestError` whose
    ``reason`` is "password" (wrong user or password), "unreachable" (no server answers at that
    host and port in :data:`CONNECT_TIMEOUT` s), "version" (PostgreSQL older than 12, or a schema
    from a newer app), "database" (no such database, or no tournament in it), "url" or "other"."""
    u = parse_url(url)
    engine = make_engine(u, password=password, pool_size=1)
    where = f"{u.host or 'localhost'}:{u.port or 5432}" if u.host or u.port else "the local server"
    try:
        try:
            with engine.connect().execution_options(readonly=True) as conn:
                if conn.dialect.name == "postgresql":
                    raw: Any = conn.connection.dbapi_connection
                    num = raw.info.server_version
                    problem = server_version_message(num)
                    if problem:
                        raise ConnectionTestError(problem, reason="version")
                    version = f"{num // 10000}.{num % 10000}"
                    user = conn.execute(text("SELECT current_user")).scalar_one()
                    table = role_table(conn)
                else:
                    version = conn.execute(text("SELECT sqlite_version()")).scalar_one()
                    user, table = "", None
        except DBAPIError as exc:
            raise _connect_failure(exc, u, where) from None
        try:
            rev = check_schema(engine, allow_older=not require_schema)
        except SchemaVersionError as exc:
            raise ConnectionTestError(str(exc), reason="version" if "newer" in str(exc)
                                      else "database") from None
        return ServerInfo(u.get_backend_name(), version, user, table, rev)
    finally:
        engine.dispose()


def _connect_failure(exc: DBAPIError, u: URL, where: str) -> ConnectionTestError:
    msg = str(exc.orig).strip()
    low = msg.lower()
    if "password authentication failed" in low or "no password supplied" in low \
            or "authentication failed" in low or getattr(exc.orig, "sqlstate", None) == "28P01":
        return ConnectionTestError(
            f"The tournament server at {where} refused the password for {u.username!r}: check the "
            "user name and password.", reason="password")
    if "does not exist" in low and "database" in low:
        return ConnectionTestError(f"The server at {where} has no database {u.database!r}.",
                                   reason="database")
    if ("connection refused" in low or "timeout" in low or "timed out" in low
            or "could not translate host name" in low or "name or service not known" in low
            or "no route to host" in low or "network is unreachable" in low
            or "no such file or directory" in low or "connection failed" in low):
        return ConnectionTestError(
            f"No tournament server answers at {where}: check that the organiser's laptop is on, "
            "PostgreSQL is running there, and this laptop is on the same network.",
            reason="unreachable")
    first = msg.splitlines()[0] if msg else type(exc.orig).__name__
    return ConnectionTestError(f"Cannot use the tournament server at {where}: {first}",
                               reason="other")


def ensure_tournament_error(exc: BaseException, action: str = "") -> BaseException:
    """Like :func:`translate_error`, keeping :class:`TournamentError`s as they are."""
    if isinstance(exc, TournamentError):
        return exc
    return translate_error(exc, action)
