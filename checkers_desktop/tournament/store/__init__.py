"""The tournament's storage: SQLAlchemy 2 with Alembic migrations, on SQLite or PostgreSQL.

:class:`Tournament` (organiser and tables), :class:`TableClient` (a table laptop with its queue of
results), :class:`Watcher` (the organiser's live view), :func:`init_server` (schema and roles on a
PostgreSQL server), :func:`try_connection` and the keyring helpers.
"""

from .engine import (ServerInfo, delete_password, load_password, make_engine, parse_url,
                     save_password, sqlite_url, try_connection, upgrade)
from .server import InitReport, drop_roles, init_server, organiser_url, table_url
from .service import DEFAULT_TABLES, NOTIFY_CHANNEL, Tournament
from .table_client import Outbox, TableClient
from ..views import (AffectedMatch, AuditEntry, Call, CorrectionPreview, DivisionInfo,
                     DivisionView,
                    DrawInfo, MatchView, Offer, StandingsView, TournamentEvent)
from .watch import MAX_POLL_SECONDS, Watcher

__all__ = [
    "Tournament", "TableClient", "Outbox", "Watcher", "MAX_POLL_SECONDS", "DEFAULT_TABLES",
    "NOTIFY_CHANNEL", "init_server", "drop_roles", "organiser_url", "table_url", "InitReport",
    "ServerInfo", "try_connection", "make_engine", "parse_url", "sqlite_url", "upgrade",
    "save_password", "load_password", "delete_password", "AffectedMatch", "AuditEntry", "Call",
    "CorrectionPreview", "DivisionInfo", "DivisionView", "DrawInfo", "MatchView", "Offer",
    "StandingsView", "TournamentEvent",
]
