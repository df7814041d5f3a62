"""Rule profiles: the tournament rules each rulebook in ../shared/seeds plays by, as plain data.

A :class:`Profile` is one column of the profile table in ../shared/RULES.md ("Where the documents
differ"); ``practice`` is the home profile (no clocks, undo and hints allowed). The code that applies
a profile is shared: :mod:`.touch` (touch-move), :mod:`.clock` (time limits), :mod:`.referee`
(refused jumps, penalties, adjudication, draws) and :mod:`.match` (matches). This module also gives
the moves a profile makes legal (:func:`profile_legal_moves`: Caseville lets a player stop a jump
series after any jump) and plays them (:func:`push_profile_move`).

Sources, cited on each field below:
- VA: National Veterans Golden Age Games, Event 4 Checkers rulebook (seeds/000_...), rules 3:00, 4:00.
- WCDF: World Checker/Draught Federation rules of play (seeds/001_...). The seed lost its section
  headings; "WCDF n.m" here is item m of the n-th numbered list, the way ../shared/RULES.md cites it
  ("WCDF 1.4" for the numbering, "3.3-3.5" for impossible moves): 1 the board (and pieces), 2 the
  play, 3 adjusting, touching and impossible moves, 4 time, 5 winning, 6 draws.
- Caseville: Shanty Days Checker Tournament rules 2018 (seeds/002_...), by paragraph.
- Washburn: Washburn University intramural checkers rules 2019 (seeds/003_...), numbered 1-9.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Optional

from .board import Board
from .errors import RulesError
from .types import BLACK, WHITE, Color, Move

__all__ = [
    "TouchRule", "RefusalRule", "TouchViolation", "MoveLimitPenalty", "TieRule", "ColourChoice",
    "MoveLimit", "TimeControl", "DrawRules", "MatchFormat", "Profile", "PROFILES",
    "DEFAULT_PROFILE_KEY", "UnknownProfileError", "get_profile", "profile_legal_moves",
    "is_profile_legal", "push_profile_move", "material_totals", "WCDF_TOURNAMENT_CLOCK",
]


class TouchRule(enum.Enum):
    """How picking a piece up binds the player (see ../shared/RULES.md "What touching means on a
    screen": only an explicit pick-up is touching; exploring is never touching)."""

    STRICT = "strict"
    """A picked-up piece that has a legal move must be the one moved (VA 4:00 s1, WCDF 3.2,
    Caseville "If a player touches a checker that can be played that player must move that checker")."""
    LIBERAL = "liberal"
    """A piece may be put back and another chosen until a move is made; a move made stands
    (VA 4:00 s1-VI: "liberally interpreted ... Once a checker is deliberately moved, it can not be
    moved back")."""
    NONE = "none"
    """No touch-move rule stated (Washburn) or wanted (practice): behaves as liberal."""


class RefusalRule(enum.Enum):
    """What happens when a player makes a move other than a required jump."""

    RETRACT = "retract"
    """The move is retracted and the jump must be made; no penalty (VA 3:00 s6, s6A, s6B)."""
    WARN_THEN_FORFEIT = "warn then forfeit"
    """Retracted with a warning for an "impossible" move; the next one in the game forfeits
    (WCDF 3.3, 3.4)."""
    REMIND_THEN_FORFEIT = "remind then forfeit"
    """First time the opponent reminds and the capture must be made; the second time forfeits
    (Caseville: "The first time a jump can be made and it is [not] done the opponent should remind
    ... The second time the player forfeits the game")."""
    REFUSE = "refuse"
    """Simply not allowed ("If you can jump, you must", Washburn 6); the board refuses it."""


class TouchViolation(enum.Enum):
    """What happens when, under strict touch-move, the player tries to move another piece than the
    one picked up."""

    REFUSE = "refuse"
    """Refused: the touched piece must be moved (VA 4:00 s1 "he/she must move it")."""
    IMPOSSIBLE_MOVE = "impossible move"
    """Counted with the impossible moves: warned, the next forfeits (WCDF 3.2, 3.3)."""
    FORFEIT = "forfeit"
    """Forfeits the game (Caseville: "must move that checker or they forfeit the game")."""


class MoveLimitPenalty(enum.Enum):
    """What follows when the per-move time runs out."""

    OPPONENT_REMOVES_CHECKER = "opponent removes a checker"
    """The opponent selects one of the mover's checkers and the official removes it (VA 3:00 s4)."""
    FORFEIT_CLAIMABLE = "forfeit may be claimed"
    """The opponent may claim a forfeit (WCDF 4.2)."""


class TieRule(enum.Enum):
    """Who wins when material is equal at the game time limit."""

    DRAW = "draw"
    """A drawn game (VA 3:00 s5: "If each player has the same value ... drawn/tie game")."""
    RANDOM = "random"
    """A random draw picks the winner (Caseville: a checker of each colour hidden in the official's
    hands; red chooses a hand and the colour chosen wins)."""


class ColourChoice(enum.Enum):
    """How the first game's colours are chosen."""

    COIN_FLIP = "coin flip"     # VA 4:00 s5
    RANDOM_DRAW = "random draw"  # WCDF 2.1 ("select colors ... by random draw"), Washburn 8
    PLAYERS_CHOOSE = "players choose"  # Caseville, practice: not stated / at home


@dataclass(frozen=True)
class MoveLimit:
    """A per-move time limit in seconds.

    ``warning`` is when the mover is warned, ``limit`` when time is up and ``penalty`` applies.
    ``single_capture_warning``/``single_capture_limit`` replace them when the only legal move is one
    capture (WCDF 4.1: "up to 1 minute and another minute's grace for a capture that can only be made
    in one way"); None means the same as the ordinary limits.
    """

    warning: float
    limit: float
    penalty: MoveLimitPenalty
    single_capture_warning: Optional[float] = None
    single_capture_limit: Optional[float] = None

    def for_board(self, board: Board) -> tuple[float, float]:
        """``(warning, limit)`` in seconds for the side to move on ``board``."""
        if self.single_capture_limit is not None:
            legal = board.legal_moves
            if len(legal) == 1 and legal[0].is_capture:
                return (self.single_capture_warning if self.single_capture_warning is not None
                        else self.warning, self.single_capture_limit)
        return self.warning, self.limit


@dataclass(frozen=True)
class TimeControl:
    """A chess-clock control per side: ``moves`` moves in ``seconds`` (WCDF 4.3: "30 moves per hour").
    """

    moves: int
    seconds: float


@dataclass(frozen=True)
class DrawRules:
    """Which ways to a draw a profile allows."""

    agreement: bool = True
    """Draw by agreement (../shared/RULES.md, shared rules; WCDF 6.1)."""
    official_declares: bool = False
    """The official declares a game drawn when neither side can force a win (VA 4:00 s4)."""
    forty_move_count: bool = False
    """The 40-move count on request (WCDF 6.2, 6.3)."""
    repetition: bool = False
    """Repeated positions, the "see-saw" draw, may be pointed out (WCDF 6.4)."""


@dataclass(frozen=True)
class MatchFormat:
    """How games are grouped.

    ``best_of``: 3 for "best two out of three" (VA, competition format), 1 for single games
    (Caseville), None for an open series with alternating colours (WCDF 2.1, Washburn 8).
    ``new_game_after_draw``: a drawn game does not count; a new game is played (VA 4:00 s4).
    ``play_out_after_draw``: the game after a drawn game is not adjudicated as a draw at the time
    limit: if undecided then, it is played to the finish (VA 4:00 s4).
    """

    best_of: Optional[int]
    first_colours: ColourChoice
    alternate_colours: bool = True
    new_game_after_draw: bool = False
    play_out_after_draw: bool = False


@dataclass(frozen=True)
class Profile:
    """One rule profile. Times are in seconds; None means "no such limit".

    ``side_names`` maps each :class:`Color` to the word the rulebook uses (BLACK is always the first
    mover); it is read-only. ``jump_continuation_optional`` is Caseville's optional continuation of a jump series.
    """

    key: str
    title: str
    side_names: Mapping[Color, str]
    allows_undo: bool
    allows_hints: bool
    source: str
    touch: TouchRule
    touch_violation: TouchViolation
    refusal: RefusalRule
    refusal_forfeit_after: Optional[int]
    """The offence number that forfeits (2: "the second time"); None: never forfeits."""
    impossible_moves_counted: bool
    """True when every impossible move counts toward the forfeit, not only a refused jump
    (WCDF 3.3-3.4); False when only a refused required jump counts (Caseville)."""
    jump_continuation_optional: bool
    move_limit: Optional[MoveLimit]
    stalling_rule: bool
    """The official may warn a staller and then remove a checker (VA 3:00 s4-VI)."""
    game_limit: Optional[float]
    """A single timer for the whole game, seconds (VA 3:00 s5, s5-VI; Caseville)."""
    game_limit_warnings: tuple[float, ...]
    """Seconds left at which the game timer announces a warning."""
    tie_rule: Optional[TieRule]
    side_clock: Optional[TimeControl]
    """A chess clock per side (WCDF 4.3 tournaments); None when not used by default."""
    draws: DrawRules
    match: MatchFormat

    def __hash__(self) -> int:  # side_names is a mapping; the key names the profile
        return hash(self.key)

    def side_name(self, color: Color) -> str:
        return self.side_names[color]

    @property
    def has_clock(self) -> bool:
        """True when any timer runs in this profile."""
        return self.move_limit is not None or self.game_limit is not None or self.side_clock is not None


_BLACK_RED = MappingProxyType({BLACK: "Black", WHITE: "Red"})
_RED_WHITE = MappingProxyType({BLACK: "Red", WHITE: "White"})
_GAME_WARNINGS = (300.0, 120.0, 60.0)

_VA_MATCH = MatchFormat(best_of=3, first_colours=ColourChoice.COIN_FLIP, alternate_colours=True,
                        new_game_after_draw=True, play_out_after_draw=True)

PROFILES: dict[str, Profile] = {
    p.key: p for p in (
        Profile(
            key="practice", title="Practice at home", side_names=_BLACK_RED,
            allows_undo=True, allows_hints=True,
            source="Home practice: the shared rules of ../shared/RULES.md, no clocks.",
            touch=TouchRule.NONE, touch_violation=TouchViolation.REFUSE,
            refusal=RefusalRule.REFUSE, refusal_forfeit_after=None, impossible_moves_counted=False,
            jump_continuation_optional=False, move_limit=None, stalling_rule=False,
            game_limit=None, game_limit_warnings=(), tie_rule=None, side_clock=None,
            draws=DrawRules(agreement=True, official_declares=False, forty_move_count=True,
                            repetition=True),
            match=MatchFormat(best_of=None, first_colours=ColourChoice.PLAYERS_CHOOSE,
                              alternate_colours=True)),
        Profile(
            key="va-standard", title="VA Golden Age, standard", side_names=_BLACK_RED,
            allows_undo=False, allows_hints=False,
            source="National Veterans Golden Age Games, Event 4 Checkers rulebook",
            touch=TouchRule.STRICT, touch_violation=TouchViolation.REFUSE,
            refusal=RefusalRule.RETRACT, refusal_forfeit_after=None, impossible_moves_counted=False,
            jump_continuation_optional=False,
            move_limit=MoveLimit(25.0, 30.0, MoveLimitPenalty.OPPONENT_REMOVES_CHECKER),
            stalling_rule=False, game_limit=600.0, game_limit_warnings=_GAME_WARNINGS,
            tie_rule=TieRule.DRAW, side_clock=None,
            draws=DrawRules(agreement=True, official_declares=True), match=_VA_MATCH),
        Profile(
            key="va-vi", title="VA Golden Age, visually impaired", side_names=_BLACK_RED,
            allows_undo=False, allows_hints=False,
            source="National Veterans Golden Age Games, Event 4 Checkers rulebook, -VI sections",
            touch=TouchRule.LIBERAL, touch_violation=TouchViolation.REFUSE,
            refusal=RefusalRule.RETRACT, refusal_forfeit_after=None, impossible_moves_counted=False,
            jump_continuation_optional=False, move_limit=None, stalling_rule=True,
            game_limit=900.0, game_limit_warnings=_GAME_WARNINGS,
            tie_rule=TieRule.DRAW, side_clock=None,
            draws=DrawRules(agreement=True, official_declares=True), match=_VA_MATCH),
        Profile(
            key="wcdf", title="World Checker/Draught Federation", side_names=_RED_WHITE,
            allows_undo=False, allows_hints=False,
            source="World Checker/Draught Federation rules of play",
            touch=TouchRule.STRICT, touch_violation=TouchViolation.IMPOSSIBLE_MOVE,
            refusal=RefusalRule.WARN_THEN_FORFEIT, refusal_forfeit_after=2,
            impossible_moves_counted=True, jump_continuation_optional=False,
            move_limit=MoveLimit(300.0, 360.0, MoveLimitPenalty.FORFEIT_CLAIMABLE,
                                 single_capture_warning=60.0, single_capture_limit=120.0),
            stalling_rule=False, game_limit=None, game_limit_warnings=(), tie_rule=None,
            side_clock=None,
            draws=DrawRules(agreement=True, official_declares=False, forty_move_count=True,
                            repetition=True),
            match=MatchFormat(best_of=None, first_colours=ColourChoice.RANDOM_DRAW,
                              alternate_colours=True)),
        Profile(
            key="caseville", title="Caseville Shanty Days", side_names=_BLACK_RED,
            allows_undo=False, allows_hints=False,
            source="Caseville Shanty Days Checker Tournament rules, 2018",
            touch=TouchRule.STRICT, touch_violation=TouchViolation.FORFEIT,
            refusal=RefusalRule.REMIND_THEN_FORFEIT, refusal_forfeit_after=2,
            impossible_moves_counted=False, jump_continuation_optional=True,
            move_limit=None, stalling_rule=False, game_limit=900.0,
            game_limit_warnings=_GAME_WARNINGS, tie_rule=TieRule.RANDOM, side_clock=None,
            draws=DrawRules(agreement=True),
            match=MatchFormat(best_of=1, first_colours=ColourChoice.PLAYERS_CHOOSE,
                              alternate_colours=True)),
        Profile(
            key="washburn", title="Washburn intramural", side_names=_RED_WHITE,
            allows_undo=False, allows_hints=False,
            source="Washburn University intramural checkers rules, 2019",
            touch=TouchRule.NONE, touch_violation=TouchViolation.REFUSE,
            refusal=RefusalRule.REFUSE, refusal_forfeit_after=None, impossible_moves_counted=False,
            jump_continuation_optional=False, move_limit=None, stalling_rule=False,
            game_limit=None, game_limit_warnings=(), tie_rule=None, side_clock=None,
            draws=DrawRules(agreement=True),
            match=MatchFormat(best_of=None, first_colours=ColourChoice.RANDOM_DRAW,
                              alternate_colours=True)),
    )
}

DEFAULT_PROFILE_KEY = "practice"

WCDF_TOURNAMENT_CLOCK = TimeControl(moves=30, seconds=3600.0)
"""WCDF 4.3: "Official Tournaments are played with time clocks usually at 30 moves per hour"."""


class UnknownProfileError(RulesError, KeyError):
    """No profile has this key. A ``ValueError`` (and ``KeyError``) whose message quotes the key."""

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return str(self.args[0]) if self.args else ""


def get_profile(key: str) -> Profile:
    """The profile named ``key`` ("va-standard", "va-vi", "wcdf", "caseville", "washburn",
    "practice"). Raises :class:`UnknownProfileError` naming the key and the known keys."""
    try:
        return PROFILES[key]
    except (KeyError, TypeError):
        raise UnknownProfileError(
            f"{key!r} is not a rule profile; known profiles: {', '.join(PROFILES)}") from None


# --- moves a profile makes legal -------------------------------------------------------------

def _prefixes(move: Move) -> list[Move]:
    return [Move(move.path[:n + 1], move.captures[:n]) for n in range(1, len(move.captures) + 1)]


def profile_legal_moves(board: Board, profile: Profile) -> list[Move]:
    """The moves legal on ``board`` under ``profile``.

    The board's complete moves, plus, when the profile makes continuing a jump series optional
    (Caseville: "If a second jump or more ... it is an option of the player moving their checker to
    jump or not any further jumps on that turn"), every shorter series of at least one jump that
    begins a complete one. Each move appears once, complete moves first.
    """
    legal = board.legal_moves
    if not profile.jump_continuation_optional:
        return legal
    seen = set(legal)
    out = list(legal)
    for move in legal:
        for part in _prefixes(move)[:-1]:
            if part not in seen:
                seen.add(part)
                out.append(part)
    return out


def is_profile_legal(board: Board, profile: Profile, move: Move) -> bool:
    return move in profile_legal_moves(board, profile)


def push_profile_move(board: Board, profile: Profile, move: Move) -> None:
    """Play ``move`` on ``board`` if it is legal under ``profile`` (see :func:`profile_legal_moves`).

    A shortened jump series (Caseville) is pushed onto the board's move stack like any move, so
    ``board.pop()`` takes it back. Raises ``IllegalMoveError`` (changing nothing) for other moves.
    """
    if board.is_legal(move):
        board.push(move)
        return
    if not is_profile_legal(board, profile, move):
        board.push(move)  # raises IllegalMoveError with the board's message
        return
    board.push_partial_jump(move)


def material_totals(board: Board) -> dict[Color, int]:
    """Material of each side, man 1 and king 2 (VA 3:00 s5; Caseville "All kings count as TWO")."""
    return {BLACK: board.material(BLACK), WHITE: board.material(WHITE)}
