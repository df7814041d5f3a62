"""The tournament's errors: one ``ValueError`` subclass per failure, each message quoting the input.

Every error leaves the tournament as it was: the action that raised it changed nothing (each action
is one database transaction, rolled back when it raises).
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "TournamentError", "RegistrationError", "ImportFileError", "DivisionError", "DrawError",
    "ResultError", "MatchNotPlayableError", "MatchTakenError", "ConflictingResultError",
    "CorrectionError", "PermissionDeniedError", "ServerUnavailableError", "ConnectionTestError",
    "SchemaVersionError",
]


class TournamentError(ValueError):
    """Base of every tournament error."""


class RegistrationError(TournamentError):
    """A competitor cannot be added or changed: no name, an unknown age group, a duplicate."""


class ImportFileError(TournamentError):
    """A registration file cannot be read at all (missing, too large, no header row, no name
    column). Single bad rows are not errors: they are listed in the import's report."""


class DivisionError(TournamentError):
    """Divisions cannot be made as asked (an unknown age group, a merge of a group twice), or an
    action needs divisions that were already drawn."""


class DrawError(TournamentError):
    """A division cannot be drawn: no competitors, too many seeds, results already entered."""


class ResultError(TournamentError):
    """A result is not a finished best of three (VA rulebook 4:00 s5), names a player who is not in
    the match, or is for a match that has no two players yet. ``game``: the number (from 1) of
    the game entered that is wrong, where one is (a form puts the keyboard on it), else None."""

    def __init__(self, message: str, game: Optional[int] = None) -> None:
        super().__init__(message)
        self.game = game


class MatchNotPlayableError(TournamentError):
    """The match cannot be called or taken: it is finished, waiting for its players, or a bye."""


class MatchTakenError(TournamentError):
    """Another table already took this match (a row lock makes the first one win)."""

    def __init__(self, message: str, *, match_number: int, table: int | None) -> None:
        super().__init__(message)
        self.match_number = match_number
        self.table = table


class ConflictingResultError(TournamentError):
    """A result arrived for a match that already has one from another report; both tables are named
    in the message and in ``first_table`` / ``second_table``."""

    def __init__(self, message: str, *, match_number: int, first_table: str,
                 second_table: str) -> None:
        super().__init__(message)
        self.match_number = match_number
        self.first_table = first_table
        self.second_table = second_table


class CorrectionError(TournamentError):
    """A correction is refused: no reason given, the match has no result, nothing would change."""


class PermissionDeniedError(TournamentError):
    """This connection's role may not do this (a table laptop may take and report its matches, but
    only the organiser may draw, correct or withdraw)."""


class ServerUnavailableError(TournamentError):
    """The tournament server cannot be reached (network down, server stopped)."""


class ConnectionTestError(TournamentError):
    """A tournament server URL failed its test; ``reason`` is one of "password", "unreachable",
    "version", "database", "url", "other"."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class SchemaVersionError(TournamentError):
    """The tournament database was made by a newer version of the app than this one."""
