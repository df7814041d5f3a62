"""Alembic's environment for the tournament database: always run with a connection handed over in
``config.attributes["connection"]`` (see :func:`checkers_desktop.tournament.store.engine.upgrade`)."""

from alembic import context

from checkers_desktop.tournament.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
