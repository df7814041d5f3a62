"""The referee's vocabulary: what it answers (:class:`Ruling`, with a :class:`Verdict` and a
:class:`RulingCode`), how a game ends (:class:`GameResult`, :class:`EndReason`), what it records
(:class:`RecordEntry`) and the events its clock brings (:class:`PenaltyDue` with its
:class:`PenaltyCause`, :class:`GameEnded`, :class:`FortyMovesCompleted`). Plain data: layers pass
these fields, never sentences to be read back. Times are seconds; squares 1-32.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Optional, Union

from .clock import ClockEvent
from .touch import TouchResult
from .types import BLACK, WHITE, Color, Move, Square

__all__ = [
    "Verdict", "RulingCode", "EndReason", "PenaltyCause", "GameResult", "Ruling", "RecordEntry",
    "PenaltyDue", "GameEnded", "FortyMovesCompleted", "Event",
]


class Verdict(enum.Enum):
    ACCEPTED = "accepted"
    REFUSED = "refused"
    """Nothing happened on the board; the player tries again (retracted moves included)."""
    WARNING = "warning"
    """Refused, and the player is warned (or reminded); the next such offence forfeits."""
    FORFEIT = "forfeit"
    """The player forfeits the game."""


class RulingCode(str, enum.Enum):
    """What a :class:`Ruling` is about. The value is the stable name used in the record and in
    saved games; being a ``str`` it also compares equal to that name."""

    MOVE_PLAYED = "move_played"
    PICKED_UP = "picked_up"
    PUT_BACK = "put_back"
    # touch-move refusals (the values of rules.touch.TouchStatus)
    EMPTY_SQUARE = "empty_square"
    NOT_YOUR_PIECE = "not_your_piece"
    NO_LEGAL_MOVE = "no_legal_move"
    MUST_MOVE_HELD = "must_move_held"
    PUT_BACK_REFUSED = "put_back_refused"
    NOTHING_HELD = "nothing_held"
    IMPOSSIBLE_TOUCH = "impossible_touch"      # WCDF 3.3
    TOUCH_VIOLATION = "touch_violation"        # VA 4:00 s1, WCDF 3.2, Caseville
    # moves
    NOT_YOUR_TURN = "not_your_turn"
    NOT_A_MOVE = "not_a_move"
    AMBIGUOUS = "ambiguous"
    ILLEGAL_MOVE = "illegal_move"
    JUMP_REQUIRED = "jump_required"            # VA 3:00 s6, WCDF 1.18
    JUMP_INCOMPLETE = "jump_incomplete"
    UNDONE = "undone"
    UNDO_NOT_ALLOWED = "undo_not_allowed"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # the game's state
    GAME_OVER = "game_over"
    PAUSED = "paused"
    RESUMED = "resumed"
    PENALTY_PENDING = "penalty_pending"
    # penalties and time
    PENALTY_DUE = "penalty_due"                # VA 3:00 s4, s4-VI
    NO_PENALTY = "no_penalty"
    NOT_CHOOSER = "not_chooser"
    NOT_A_VICTIM_CHECKER = "not_a_victim_checker"
    CHECKER_REMOVED = "checker_removed"
    TIME_FORFEIT = "time_forfeit"              # WCDF 4.2
    NO_TIME_FORFEIT = "no_time_forfeit"
    STALLING_WARNING = "stalling_warning"      # VA 3:00 s4-VI
    WARNING_FIRST = "warning_first"
    NOT_IN_PROFILE = "not_in_profile"
    # the game's end
    ADJUDICATED = "adjudicated"                # VA 3:00 s5
    PLAY_OUT = "play_out"                      # VA 4:00 s4
    FORFEIT = "forfeit"
    DRAWN = "drawn"
    CORRECTED = "corrected"
    RESIGNED = "resigned"
    # draws (WCDF 6.1-6.4)
    DRAW_OFFERED = "draw_offered"
    DRAW_DECLINED = "draw_declined"
    NO_DRAW_OFFER = "no_draw_offer"
    REPETITION_POINTED_OUT = "repetition_pointed_out"
    NO_REPETITION = "no_repetition"
    FORTY_MOVE_COUNT_STARTED = "forty_move_count_started"
    FORTY_MOVE_RESTARTED = "forty_move_restarted"
    OFFER_DRAW_FIRST = "offer_draw_first"
    COUNT_RUNNING = "count_running"
    NO_COUNT = "no_count"
    STRENGTHENED = "strengthened"


class PenaltyCause(enum.Enum):
    """Why a checker is to be removed; the value is what the record says."""

    MOVE_TIME = "move time expired (VA rulebook 3:00 s4)"
    STALLING = "stalling (VA rulebook 3:00 s4-VI)"


class EndReason(enum.Enum):
    NO_MOVES = "no moves"                  # VA 2:00, WCDF 5.2
    RESIGNATION = "resignation"            # WCDF 5.1, Caseville
    FORFEIT = "forfeit"                    # WCDF 5.3, Caseville
    ADJUDICATION = "adjudication"          # VA 3:00 s5, s5-VI, Caseville
    AGREEMENT = "agreement"                # WCDF 6.1
    OFFICIAL_DRAW = "declared drawn"       # VA 4:00 s4 "neither competitor can force a win"
    FORTY_MOVE_DRAW = "40-move count"      # WCDF 6.2
    REPETITION_DRAW = "repetition"         # WCDF 6.4
    CORRECTED = "corrected by the official"


class AdjudicationCause(enum.Enum):
    """Why a game was adjudicated by the count (VA rulebook 3:00 s5): the game's time limit was
    reached, or the official adjudicated before it, for stalling or by the official's own
    decision."""

    TIME_LIMIT = "time limit"
    STALLING = "stalling"
    OFFICIAL = "the official's decision"


@dataclass(frozen=True)
class GameResult:
    """How the game ended. ``winner`` is None for a draw.

    ``material`` holds each side's count (man 1, king 2) when the game was adjudicated;
    ``by_lot`` is True when a random draw picked the winner (Caseville); ``at`` is the game's
    running time in seconds; ``forfeit_reason`` why the loser forfeited (the official's words,
    or the offence), "" otherwise. ``detail`` is the record's sentence, not meant to be parsed.
    """

    winner: Optional[Color]
    reason: EndReason
    detail: str
    at: float
    material: Optional[dict[Color, int]] = None
    by_lot: bool = False
    forfeit_reason: str = ""
    cause: Optional["AdjudicationCause"] = None
    """Why an adjudicated game was adjudicated (None: not adjudicated; older records: the time
    limit)."""

    def pdn_result(self) -> str:
        """"1-0" when BLACK (the first mover) won, "0-1" for WHITE, "1/2-1/2" for a draw."""
        if self.winner is BLACK:
            return "1-0"
        if self.winner is WHITE:
            return "0-1"
        return "1/2-1/2"


@dataclass(frozen=True)
class Ruling:
    """The referee's answer to one action.

    ``code`` says what the ruling is about (:class:`RulingCode`), ``message`` a plain English
    sentence using the profile's side names (for the record; the app's own words are in
    ``checkers_desktop.texts``). ``offences`` is the player's count of counted
    offences after this ruling; ``required`` the moves the player must choose from when a jump was
    required; ``result`` is set when this ruling ended the game; ``square`` for a checker removed.
    """

    verdict: Verdict
    code: RulingCode
    message: str
    color: Optional[Color] = None
    move: Optional[Move] = None
    required: tuple[Move, ...] = ()
    offences: int = 0
    result: Optional[GameResult] = None
    touch: Optional[TouchResult] = None
    square: Optional[Square] = None
    """The square (1-32) a checker was removed from (``CHECKER_REMOVED``)."""

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.ACCEPTED


@dataclass(frozen=True)
class RecordEntry:
    """One recorded action. ``at``: game running time in seconds; ``ply``: moves played so far;
    ``square``: the square (1-32) the action is about, for a checker removed as a penalty;
    ``detail``: the record's sentence (for people, not to be parsed)."""

    at: float
    ply: int
    kind: str
    color: Optional[Color]
    detail: str
    move: Optional[Move] = None
    square: Optional[Square] = None


@dataclass(frozen=True)
class PenaltyDue:
    """``chooser`` must choose one of ``victim``'s checkers for the official to remove
    (VA 3:00 s4; 3:00 s4-VI for stalling). ``squares`` are the checkers that may be chosen."""

    at: float
    chooser: Color
    victim: Color
    squares: tuple[Square, ...]
    cause: PenaltyCause


@dataclass(frozen=True)
class GameEnded:
    at: float
    result: GameResult


@dataclass(frozen=True)
class FortyMovesCompleted:
    """The attacker has made 40 counted moves: a third person must judge whether the position was
    strengthened (WCDF 6.2); call :meth:`Referee.forty_move_ruling`."""

    at: float
    attacker: Color


Event = Union[ClockEvent, PenaltyDue, GameEnded, FortyMovesCompleted]
