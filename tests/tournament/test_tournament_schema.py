"""The migrations make exactly the tables the code uses (SQLAlchemy's schema), on both back ends,
and a database is upgraded in place when opened again."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from checkers_desktop.tournament.store import Tournament
from checkers_desktop.tournament.store import schema as s
from checkers_desktop.tournament.store.engine import HEAD_REVISION, schema_revision


def test_migrations_match_the_schema(backend):
    kind, url, _ = backend
    t = Tournament.open(url)
    assert schema_revision(t.engine) == HEAD_REVISION
    with t.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), s.metadata)
    assert diff == []
    t.close()
    again = Tournament.open(url)            # opening again changes nothing
    assert schema_revision(again.engine) == HEAD_REVISION
    again.close()
