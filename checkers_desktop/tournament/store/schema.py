"""The tournament's tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

The migrations in ``migrations/versions`` create exactly these tables (a test compares them).
What is authoritative: ``competitors``, ``divisions``, ``slots`` (the draw) and ``results`` (what
was entered). ``matches`` holds, per match, what follows from them (its players, whether it is
decided) plus where it is being played (called to a table, taken by a table); it is rewritten from
the authoritative tables after every change, in the same transaction. ``audit`` is the log of every
entry and correction (who, when, what, why); ``events`` is what the organiser's view follows, each row chained to the one before it
(``prev_hash``, ``hash``), and ``seal_checkpoints`` the organiser's HMAC of the chain (see
:mod:`.seal`).
"""

from __future__ import annotations

from sqlalchemy import (JSON, BigInteger, Boolean, Column, DateTime, ForeignKey, Integer, MetaData,
                        String, Table, Text, UniqueConstraint)

__all__ = ["metadata", "tournament", "competitors", "divisions", "slots", "matches", "results",
           "corrections", "audit", "events", "seal_checkpoints", "TABLE_NAMES"]

metadata = MetaData()

tournament = Table(
    "tournament", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("table_count", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

competitors = Table(
    "competitors", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(80), nullable=False),
    Column("medical_center", String(80), nullable=False),
    Column("age_group", String(10), nullable=False),
    Column("visually_impaired", Boolean, nullable=False),
    Column("seed", Integer),
    Column("withdrawn_at", DateTime(timezone=True)),
    Column("withdrawn_reason", Text),
    Column("division_id", Integer, ForeignKey("divisions.id")),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

divisions = Table(
    "divisions", metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(60), nullable=False, unique=True),
    Column("label", String(120), nullable=False),
    Column("age_groups", String(80), nullable=False),
    Column("vision", String(10), nullable=False),
    Column("profile_key", String(30), nullable=False),
    Column("note", Text, nullable=False),
    Column("draw_seed", BigInteger),
    Column("bracket_size", Integer),
    Column("drawn_at", DateTime(timezone=True)),
    Column("same_center_pairs", Integer),
    Column("minimum_same_center_pairs", Integer),
)

slots = Table(
    "slots", metadata,
    Column("division_id", Integer, ForeignKey("divisions.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("competitor_id", Integer, ForeignKey("competitors.id")),
)

matches = Table(
    "matches", metadata,
    Column("id", Integer, primary_key=True),
    Column("division_id", Integer, ForeignKey("divisions.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("idx", Integer, nullable=False),
    Column("number", Integer, unique=True),
    Column("a_id", Integer, ForeignKey("competitors.id")),
    Column("b_id", Integer, ForeignKey("competitors.id")),
    Column("a_known", Boolean, nullable=False),
    Column("b_known", Boolean, nullable=False),
    Column("status", String(12), nullable=False),  # a ..model.MatchStatus value, as named
    Column("table_no", Integer),
    Column("called_at", DateTime(timezone=True)),
    Column("taken_by", String(60)),
    Column("taken_at", DateTime(timezone=True)),
    Column("winner_id", Integer, ForeignKey("competitors.id")),
    Column("kind", String(12)),
    Column("result_id", Integer),
    Column("finished_at", DateTime(timezone=True)),
    UniqueConstraint("division_id", "round", "idx", name="uq_matches_position"),
)

results = Table(
    "results", metadata,
    Column("id", Integer, primary_key=True),
    Column("match_id", Integer, ForeignKey("matches.id"), nullable=False),
    Column("key", String(64), nullable=False, unique=True),
    Column("a_id", Integer, ForeignKey("competitors.id"), nullable=False),
    Column("b_id", Integer, ForeignKey("competitors.id"), nullable=False),
    Column("winner_id", Integer, ForeignKey("competitors.id"), nullable=False),
    Column("kind", String(12), nullable=False),
    Column("wins_a", Integer, nullable=False),
    Column("wins_b", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("games", JSON, nullable=False),
    Column("records", JSON, nullable=False),
    Column("reported_by", String(60), nullable=False),
    Column("table_no", Integer),
    Column("received_at", DateTime(timezone=True), nullable=False),
    Column("replaced_by", Integer),
    Column("void_reason", Text),
)

corrections = Table(
    "corrections", metadata,
    Column("id", Integer, primary_key=True),
    Column("match_id", Integer, ForeignKey("matches.id"), nullable=False),
    Column("old_result_id", Integer),
    Column("new_result_id", Integer),
    Column("who", String(80), nullable=False),
    Column("why", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("affected", JSON, nullable=False),
)

audit = Table(
    "audit", metadata,
    Column("id", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("who", String(80), nullable=False),
    Column("action", String(40), nullable=False),
    Column("subject", String(120), nullable=False),
    Column("what", JSON, nullable=False),
    Column("why", Text, nullable=False),
)

events = Table(
    "events", metadata,
    Column("id", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("kind", String(30), nullable=False),
    Column("division_key", String(60)),
    Column("match_number", Integer),
    Column("table_no", Integer),
    Column("payload", JSON, nullable=False),
    Column("prev_hash", String(64)),
    Column("hash", String(64)),
)

seal_checkpoints = Table(
    "seal_checkpoints", metadata,
    Column("id", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("event_id", Integer, nullable=False),
    Column("hash", String(64), nullable=False),
    Column("key_id", String(16), nullable=False),
    Column("seal", String(120), nullable=False),
    Column("who", String(80), nullable=False),
)

TABLE_NAMES = tuple(metadata.tables)
