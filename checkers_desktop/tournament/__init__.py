"""The tournament (VA Golden Age Games checkers: single elimination by age group, best of three,
third place; see ../shared/seeds/000_...): plain Python, no Qt.

Pure parts: :mod:`.model` (age groups, competitors), :mod:`.registration` (CSV and Excel import),
:mod:`.divisions`, :mod:`.draw`, :mod:`.bracket`, :mod:`.scoring` (best of three, reusing
``rules.match``), :mod:`.table` (what a table exchanges with the tournament),
:mod:`.printout` (bracket and standings as large-print HTML). Storage: :mod:`.store`. Its
sentences are in :mod:`checkers_desktop.texts.tournament`.
"""

from .errors import *  # noqa: F401,F403
from .errors import __all__ as _errors
from .model import AGE_GROUPS, Competitor, CompetitorInput, parse_age_group
from .table import (GameOutcome, MatchReport, MatchSetup, PlayerEntry, ReportOutcome, ReportStatus,
                    ServerState, ServerStatusChange)

__all__ = list(_errors) + [
    "AGE_GROUPS", "Competitor", "CompetitorInput", "parse_age_group", "GameOutcome",
    "MatchReport", "MatchSetup", "PlayerEntry", "ReportOutcome", "ReportStatus", "ServerState",
    "ServerStatusChange",
]
