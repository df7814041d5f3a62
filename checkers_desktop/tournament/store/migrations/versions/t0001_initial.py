"""The tournament's first schema: competitors, divisions, the draw, matches, results, corrections,
the audit log and the organiser's events.

Revision ID: t0001
Revises:
"""
from alembic import op
import sqlalchemy as sa

revision = "t0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("table_count", sa.Integer, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "divisions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(60), nullable=False, unique=True),
        sa.Column("label", sa.String(120), nullable=False),
        sa.Column("age_groups", sa.String(80), nullable=False),
        sa.Column("vision", sa.String(10), nullable=False),
        sa.Column("profile_key", sa.String(30), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("draw_seed", sa.BigInteger),
        sa.Column("bracket_size", sa.Integer),
        sa.Column("drawn_at", TZ),
        sa.Column("same_center_pairs", sa.Integer),
        sa.Column("minimum_same_center_pairs", sa.Integer),
    )
    op.create_table(
        "competitors",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("medical_center", sa.String(80), nullable=False),
        sa.Column("age_group", sa.String(10), nullable=False),
        sa.Column("visually_impaired", sa.Boolean, nullable=False),
        sa.Column("seed", sa.Integer),
        sa.Column("withdrawn_at", TZ),
        sa.Column("withdrawn_reason", sa.Text),
        sa.Column("division_id", sa.Integer, sa.ForeignKey("divisions.id")),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "slots",
        sa.Column("division_id", sa.Integer, sa.ForeignKey("divisions.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("competitor_id", sa.Integer, sa.ForeignKey("competitors.id")),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("division_id", sa.Integer, sa.ForeignKey("divisions.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, unique=True),
        sa.Column("a_id", sa.Integer, sa.ForeignKey("competitors.id")),
        sa.Column("b_id", sa.Integer, sa.ForeignKey("competitors.id")),
        sa.Column("a_known", sa.Boolean, nullable=False),
        sa.Column("b_known", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("table_no", sa.Integer),
        sa.Column("called_at", TZ),
        sa.Column("taken_by", sa.String(60)),
        sa.Column("taken_at", TZ),
        sa.Column("winner_id", sa.Integer, sa.ForeignKey("competitors.id")),
        sa.Column("kind", sa.String(12)),
        sa.Column("result_id", sa.Integer),
        sa.Column("finished_at", TZ),
        sa.UniqueConstraint("division_id", "round", "idx", name="uq_matches_position"),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("a_id", sa.Integer, sa.ForeignKey("competitors.id"), nullable=False),
        sa.Column("b_id", sa.Integer, sa.ForeignKey("competitors.id"), nullable=False),
        sa.Column("winner_id", sa.Integer, sa.ForeignKey("competitors.id"), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("wins_a", sa.Integer, nullable=False),
        sa.Column("wins_b", sa.Integer, nullable=False),
        sa.Column("draws", sa.Integer, nullable=False),
        sa.Column("games", sa.JSON, nullable=False),
        sa.Column("records", sa.JSON, nullable=False),
        sa.Column("reported_by", sa.String(60), nullable=False),
        sa.Column("table_no", sa.Integer),
        sa.Column("received_at", TZ, nullable=False),
        sa.Column("replaced_by", sa.Integer),
        sa.Column("void_reason", sa.Text),
    )
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("old_result_id", sa.Integer),
        sa.Column("new_result_id", sa.Integer),
        sa.Column("who", sa.String(80), nullable=False),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.Column("affected", sa.JSON, nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", TZ, nullable=False),
        sa.Column("who", sa.String(80), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("subject", sa.String(120), nullable=False),
        sa.Column("what", sa.JSON, nullable=False),
        sa.Column("why", sa.Text, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", TZ, nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("division_key", sa.String(60)),
        sa.Column("match_number", sa.Integer),
        sa.Column("table_no", sa.Integer),
        sa.Column("payload", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    for name in ("events", "audit", "corrections", "results", "matches", "slots", "competitors",
                 "divisions", "tournament"):
        op.drop_table(name)
