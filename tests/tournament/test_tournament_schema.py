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


def test_tournaments_opened_by_several_threads_at_once(tmp_path):
    """Alembic's migration context is module-wide: four threads creating tournaments at once (the
    window and its follower thread do) each get a whole schema, no "KeyError: 'script'"."""
    import threading

    from checkers_desktop.tournament.store import Tournament

    errors: list[str] = []

    def work(i: int) -> None:
        try:
            for j in range(4):
                Tournament.open(str(tmp_path / f"t{i}-{j}.db"), name="x").close()
        except Exception as exc:  # noqa: BLE001 - every failure is the test's finding
            errors.append(repr(exc))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert len(list(tmp_path.glob("*.db"))) == 16
