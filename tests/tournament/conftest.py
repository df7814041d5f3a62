"""Fixtures of the tournament tests: an in-memory keyring, and the two storage back ends.

PostgreSQL tests need a server: ``CHECKERS_TEST_PG_URL`` names an administrator's URL of a
throw-away cluster (``.ci/run`` starts one and sets it; see ``.ci/postgres.sh``). Without it those
tests skip, saying so, unless ``CHECKERS_TEST_PG_REQUIRED=1`` (set by ``.ci/run``), when they fail.
Each test gets its own database (and its own role prefix), dropped afterwards. The variables are
read when a test asks for a database, not when this file is loaded: pytest may load this file
before ``tests/conftest.py`` points an xdist worker at its own cluster.
"""

from __future__ import annotations

import os
import uuid

import keyring
import pytest
from keyring.backend import KeyringBackend


class MemoryKeyring(KeyringBackend):
    """A keyring that keeps passwords in memory: no desktop, no secret service."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.store: dict = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        from keyring.errors import PasswordDeleteError

        if (service, username) not in self.store:
            raise PasswordDeleteError(username)
        del self.store[(service, username)]


@pytest.fixture(autouse=True)
def memory_keyring():
    previous = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(previous)


def _need_pg() -> str:
    url = os.environ.get("CHECKERS_TEST_PG_URL", "")
    if not url:
        if os.environ.get("CHECKERS_TEST_PG_REQUIRED") == "1":
            pytest.fail("CHECKERS_TEST_PG_REQUIRED=1 but CHECKERS_TEST_PG_URL is not set: the "
                        "PostgreSQL cluster of .ci/run did not start")
        pytest.skip("no PostgreSQL server: set CHECKERS_TEST_PG_URL to an administrator's URL of "
                    "a throw-away cluster (.ci/run starts one)")
    return url


def _admin_engine(url: str):
    from sqlalchemy import create_engine

    return create_engine(url, isolation_level="AUTOCOMMIT")


@pytest.fixture
def pg_url():
    """The administrator's URL of a new, empty database (dropped after the test)."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    admin = _need_pg()
    name = "t_" + uuid.uuid4().hex[:12]
    engine = _admin_engine(admin)
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    engine.dispose()
    yield url
    engine = _admin_engine(admin)     # a new connection: the server may have been restarted
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


class PgTournament:
    """A database set up by ``init_server``: ``admin`` URL, ``organiser`` URL (its password in
    the keyring), ``prefix``, ``passwords`` of the table roles by number."""

    def __init__(self, admin, organiser, prefix, passwords, report):
        self.admin = admin
        self.organiser = organiser
        self.prefix = prefix
        self.passwords = passwords
        self.report = report

    def table_url(self, n: int) -> str:
        from checkers_desktop.tournament.store.server import table_url

        return table_url(self.admin, self.prefix, n)


@pytest.fixture
def pg_tournament(pg_url, memory_keyring):
    from checkers_desktop.tournament.store import drop_roles, init_server, organiser_url

    prefix = "t" + uuid.uuid4().hex[:8]
    report = init_server(pg_url, tables=12, prefix=prefix, name="Golden Age Games test")
    passwords = {i + 1: r.password for i, r in enumerate(report.tables)}
    yield PgTournament(pg_url, organiser_url(pg_url, prefix), prefix, passwords, report)
    drop_roles(pg_url, prefix)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """("sqlite" | "postgresql", the organiser's URL, a function giving table n's (url, password))."""
    if request.param == "sqlite":
        path = str(tmp_path / "tournament.db")
        yield "sqlite", path, lambda n: (path, None)
    else:
        pg = request.getfixturevalue("pg_tournament")
        yield "postgresql", pg.organiser, lambda n: (pg.table_url(n), pg.passwords[n])
