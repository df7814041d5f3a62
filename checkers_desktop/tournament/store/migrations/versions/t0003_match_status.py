"""Match statuses stored as the code names them (:class:`checkers_desktop.tournament.model.
MatchStatus`): a match with a winner is "decided" (an older app stored "finished"). On PostgreSQL
the server's functions that read or write a match's status (those ``tournament-server init``
installed) are rewritten in place to the same vocabulary, in the same transaction, their owner
and rights kept, so no table function ever meets a status it does not know. The seal is not
touched: the chain of events and its checkpoints never hold a match's status.

Revision ID: t0003
Revises: t0002
"""
from alembic import op
import sqlalchemy as sa

revision = "t0003"
down_revision = "t0002"
branch_labels = None
depends_on = None

OLD, NEW = "finished", "decided"


def _rename(old: str, new: str) -> None:
    conn = op.get_bind()
    matches = sa.table("matches", sa.column("status", sa.String))
    conn.execute(sa.update(matches).where(matches.c.status == old).values(status=new))
    if conn.dialect.name != "postgresql":
        return
    # the functions of store/server.py, as an older init installed them (none on a database no
    # init has run on); each definition is replaced by itself with the status renamed
    rows = conn.execute(sa.text(
        "SELECT p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS body "
        "FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
        "WHERE n.nspname = 'public' AND p.proname LIKE 'checkers\\_%' AND p.prokind = 'f' "
        "ORDER BY 1")).all()
    raw = conn.connection.dbapi_connection
    assert raw is not None  # a connection in a transaction has its driver's connection
    cursor = raw.cursor()
    try:
        for row in rows:
            quoted = f"'{old}'"
            if quoted in row.body:
                # the raw cursor: a definition holds % (RAISE's placeholders) and :=, which
                # SQLAlchemy's text() would read as parameters
                cursor.execute(row.body.replace(quoted, f"'{new}'"))
    finally:
        cursor.close()


def upgrade() -> None:
    _rename(OLD, NEW)


def downgrade() -> None:
    _rename(NEW, OLD)
