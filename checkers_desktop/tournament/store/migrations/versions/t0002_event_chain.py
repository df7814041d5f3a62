"""The seal on the results: each event chained to the one before it (``prev_hash``, ``hash``) and
the organiser's checkpoints of the chain (``seal_checkpoints``). Events already there are chained
in id order; on PostgreSQL a trigger chains every new event.

Revision ID: t0002
Revises: t0001
"""
from alembic import op
import sqlalchemy as sa

revision = "t0002"
down_revision = "t0001"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    from checkers_desktop.tournament.store.seal import (GENESIS, PG_CHAIN_FUNCTION,
                                                        PG_CHAIN_TRIGGER, event_hash)

    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("prev_hash", sa.String(64)))
        batch.add_column(sa.Column("hash", sa.String(64)))
    op.create_table(
        "seal_checkpoints",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", TZ, nullable=False),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("seal", sa.String(120), nullable=False),
        sa.Column("who", sa.String(80), nullable=False),
    )
    conn = op.get_bind()
    events = sa.table("events", sa.column("id", sa.Integer), sa.column("at", TZ),
                      sa.column("kind", sa.String), sa.column("division_key", sa.String),
                      sa.column("match_number", sa.Integer), sa.column("table_no", sa.Integer),
                      sa.column("payload", sa.Text), sa.column("prev_hash", sa.String),
                      sa.column("hash", sa.String))
    prev = GENESIS
    rows = conn.execute(sa.select(events.c.id, events.c.at, events.c.kind, events.c.division_key,
                                  events.c.match_number, events.c.table_no,
                                  sa.cast(events.c.payload, sa.Text).label("payload_text"))
                        .order_by(events.c.id)).all()
    for r in rows:
        h = event_hash(prev, r.id, r.at, r.kind, r.division_key, r.match_number, r.table_no,
                       r.payload_text)
        conn.execute(sa.update(events).where(events.c.id == r.id).values(prev_hash=prev, hash=h))
        prev = h
    if conn.dialect.name == "postgresql":
        op.execute(PG_CHAIN_FUNCTION)
        op.execute("DROP TRIGGER IF EXISTS checkers_chain_event ON events")
        op.execute(PG_CHAIN_TRIGGER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS checkers_chain_event ON events")
        op.execute("DROP FUNCTION IF EXISTS checkers_chain_event()")
    op.drop_table("seal_checkpoints")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("hash")
        batch.drop_column("prev_hash")
