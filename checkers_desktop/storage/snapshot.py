"""One game in progress as versioned JSON: the game as PDN plus what PDN does not hold.

PDN keeps the start position and the moves. It does not keep the clocks, the warnings and
offences counted by the referee, the piece picked up under touch-move, checkers removed as a time
or stalling penalty (VA rulebook 3:00 s4, 3:00 s4-VI: the board changes without a move), the
official's actions with their times, or the match score. A :class:`Snapshot` holds all of these as
plain JSON values next to the PDN text, so that a game interrupted by a crash or a closed laptop can
be restored exactly, with its clocks paused.

Pure Python, no Qt. Every malformed field raises :class:`DamagedAutosaveError` (a ``ValueError``)
whose message says what is wrong; nothing here writes files (see :mod:`.autosave`).

:func:`snapshot_from_referee`, :func:`restore_referee` and :func:`restore_match` use the rules
objects' own ``to_dict``/``from_dict`` (``GameClock``, ``Referee``, ``Match``) and check every field
here before handing it over.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
import random
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, overload

from checkers_desktop.rules import Board, Color, Move, RulesError, score_sheet_moves
from checkers_desktop.rules.notation import parse_squares
from checkers_desktop.rules.rulings import PenaltyCause

if TYPE_CHECKING:
    from checkers_desktop.rules.clock import GameClock, TimeSource
    from checkers_desktop.rules.match import Match
    from checkers_desktop.rules.referee import Referee
    from checkers_desktop.rules.rulings import GameResult

__all__ = [
    "SNAPSHOT_VERSION", "SNAPSHOT_FORMAT", "DamagedAutosaveError", "UnreachablePositionError",
    "Snapshot", "SnapshotSummary", "snapshot_from_referee", "restore_referee", "restore_match", "replay_game",
    "result_dict", "result_from_dict", "is_standard_start",
]

SNAPSHOT_VERSION = 1
"""Version of the JSON layout; a file with another version is treated as damaged."""

SNAPSHOT_FORMAT = "checkers-desktop autosave"
"""The ``format`` field every snapshot file carries."""


class DamagedAutosaveError(ValueError):
    """A saved game that cannot be read: bad JSON, another version, a malformed field, or moves
    that do not replay. The message says why in plain words (and, from :mod:`.autosave`, where the
    damaged file was kept)."""


class UnreachablePositionError(DamagedAutosaveError):
    """A saved position that no game could reach: more than 12 pieces a side, a man on its
    crowning row, a game that should start from the standard position but does not (every match
    game does, VA rulebook 3:00 s1), or moves that replay to another position than the one
    saved. Such a save is refused and kept aside, never resumed."""


JsonObject = dict[str, Any]
"""A JSON object as :func:`json.loads` gives it."""


# --- small validators ---------------------------------------------------------------------------
def _fail(what: str, value: Any) -> DamagedAutosaveError:
    text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    return DamagedAutosaveError(f"the saved game has a bad {what}: {text}")


@overload
def _num(value: Any, what: str, *, optional: Literal[False] = False) -> float: ...
@overload
def _num(value: Any, what: str, *, optional: bool) -> Optional[float]: ...
def _num(value: Any, what: str, *, optional: bool = False) -> Optional[float]:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value < 0:
        raise _fail(what, value)
    return float(value)


@overload
def _int(value: Any, what: str, *, optional: Literal[False] = False, lo: int = 0,
         hi: Optional[int] = None) -> int: ...
@overload
def _int(value: Any, what: str, *, optional: bool, lo: int = 0,
         hi: Optional[int] = None) -> Optional[int]: ...
def _int(value: Any, what: str, *, optional: bool = False, lo: int = 0,
         hi: Optional[int] = None) -> Optional[int]:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < lo \
            or (hi is not None and value > hi):
        raise _fail(what, value)
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(what, value)
    return value


@overload
def _str(value: Any, what: str, *, optional: Literal[False] = False) -> str: ...
@overload
def _str(value: Any, what: str, *, optional: bool) -> Optional[str]: ...
def _str(value: Any, what: str, *, optional: bool = False) -> Optional[str]:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _fail(what, value)
    return value


@overload
def _dict(value: Any, what: str, *, optional: Literal[False] = False) -> JsonObject: ...
@overload
def _dict(value: Any, what: str, *, optional: bool) -> Optional[JsonObject]: ...
def _dict(value: Any, what: str, *, optional: bool = False) -> Optional[JsonObject]:
    if value is None and optional:
        return None
    if not isinstance(value, dict):
        raise _fail(what, value)
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(what, value)
    return value


def _color(value: Any, what: str, *, optional: bool = True) -> Optional[Color]:
    if value is None and optional:
        return None
    try:
        return Color(value)
    except (ValueError, TypeError):
        raise _fail(what, value) from None


def _cval(color: Optional[Color]) -> Optional[str]:
    return None if color is None else color.value


def _per_color(value: Any, what: str, check: Callable[[Any, str], Any]) -> dict[Color, Any]:
    d = _dict(value, what)
    if set(d) != {c.value for c in Color}:
        raise _fail(what, value)
    return {Color(k): check(v, what) for k, v in d.items()}


def _move_dict(move: Optional[Move]) -> Optional[JsonObject]:
    if move is None:
        return None
    return {"path": list(move.path), "captures": list(move.captures)}


def _move_from(value: Any, what: str) -> Optional[Move]:
    if value is None:
        return None
    d = _dict(value, what)
    path = _list(d.get("path"), what)
    caps = _list(d.get("captures"), what)
    squares = [_int(s, what, lo=1, hi=32) for s in path + caps]
    try:
        return Move(tuple(squares[:len(path)]), tuple(squares[len(path):]))
    except (ValueError, TypeError):
        raise _fail(what, value) from None


# --- the snapshot -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SnapshotSummary:
    """A save as the resume offer names it (see :meth:`Snapshot.summary`): the rule profile's
    ``title``, its names for Black and White (``sides``), the ``players`` (Black's, White's) or
    None, the ``moves`` played and the side to move (``turn_side``), None when unreadable."""

    title: str
    sides: tuple[str, str]
    players: Optional[tuple[str, str]]
    moves: Optional[int]
    turn_side: Optional[str]

@dataclass
class Snapshot:
    """One game as it stood after the last completed move or official's action.

    - ``pdn``: the game as PDN text (start position in a ``FEN`` tag when not the standard start;
      moves with their whole path; a removed checker as a comment).
    - ``fen``: the position after the last move and removal, checked on :meth:`restore`.
    - ``profile``: the rule profile's key; ``players``: ``{"black": name, "white": name}``.
    - ``removals``: ``[(ply, square), ...]``, checkers removed as a penalty after ``ply`` moves
      (VA rulebook 3:00 s4, s4-VI); squares 1-32. Those at ply 0 are already in the PDN's start
      position (the board's root is the position the first move was played from).
    - ``clock``: the clock state (see :func:`snapshot_from_referee`), seconds; None without one.
    - ``referee``: offences, stalling warnings, penalties, draw offer, 40-move count, pending
      penalty, play-out flag; ``touch``: ``{"held": square or None}``.
    - ``actions``: the referee's record, each ``{"at": seconds of game time, "ply", "kind",
      "color": "B"/"W"/None, "detail", "move"}`` (moves and the official's actions).
    - ``result``: the game's result when it is over (``winner``, ``reason``, ``detail``, ``at``).
    - ``match``: the match (players, who had Black first, games played) or None.
    - ``finished``: True when the game is over (such a save is never offered for resuming).
    - ``extra``: anything else the UI wants back (must be JSON); ``saved_at``: ISO time, UTC.
    - ``seq``: the save's sequence number in its folder (1, 2, ...; 0 when not numbered): the
      newest complete save is the one with the highest (``storage.autosave``).
    - ``set_up``: True when the game began from a position set up in the app (a problem, a FEN,
      an opened record) rather than the standard start; None in saves from before this field
      (then a PDN ``FEN`` tag says it). A game not set up, and every match game, must start from
      the standard position (less checkers removed before the first move).
    """

    pdn: str
    fen: str
    profile: str = "practice"
    players: dict[str, str] = field(default_factory=dict)
    removals: list[tuple[int, int]] = field(default_factory=list)
    clock: Optional[JsonObject] = None
    referee: Optional[JsonObject] = None
    touch: JsonObject = field(default_factory=dict)
    actions: list[JsonObject] = field(default_factory=list)
    result: Optional[JsonObject] = None
    match: Optional[JsonObject] = None
    finished: bool = False
    extra: JsonObject = field(default_factory=dict)
    saved_at: str = ""
    version: int = SNAPSHOT_VERSION
    seq: int = 0
    set_up: Optional[bool] = None

    # --- building ---------------------------------------------------------------------------
    @classmethod
    def from_board(cls, board: Board, *, profile: str = "practice",
                   players: Optional[dict[str, str]] = None,
                   removals: Optional[list[tuple[int, int]]] = None,
                   finished: Optional[bool] = None, pdn_result: Optional[str] = None,
                   extra: Optional[JsonObject] = None, tags: Optional[dict[str, str]] = None,
                   **fields: Any) -> "Snapshot":
        """A snapshot of ``board`` (its root position and move stack).

        ``finished`` defaults to whether the board's game is over; ``pdn_result`` is the PDN result
        ("1-0", "0-1", "1/2-1/2", "*"; by default from the board). ``removals``: ``(ply,
        square)`` pairs of checkers removed as penalties. Other keyword arguments set the
        snapshot's fields of the same name (``clock``, ``referee``, ``touch``, ...).
        """
        from checkers_desktop.rules.pdn import Game, write_game

        players = dict(players or {})
        removals = [(int(p), int(s)) for p, s in (removals or [])]
        all_tags = {}
        if players.get("black"):
            all_tags["Black"] = str(players["black"])
        if players.get("white"):
            all_tags["White"] = str(players["white"])
        all_tags.update(tags or {})
        if finished is None:
            finished = board.is_game_over()
        if pdn_result is None:
            outcome = board.outcome()
            pdn_result = outcome.result() if outcome else "*"
        game = Game.from_board(board, tags=all_tags, result=pdn_result)
        for ply, square in removals:
            note = f"checker on {square} removed (penalty)"
            if ply == 0:
                game.intro.append(note)
            elif ply <= len(game.nodes):
                game.nodes[ply - 1].comments.append(note)
        at_start = [sq for p, sq in removals if p == 0]
        set_up = not is_standard_start(board.root(), at_start)
        return cls(pdn=write_game(game), fen=board.fen(), profile=profile, players=players,
                   removals=removals, finished=bool(finished), extra=dict(extra or {}),
                   saved_at=_now(), set_up=set_up, **fields)

    # --- reading back -----------------------------------------------------------------------
    def restore(self) -> Board:
        """The board: the PDN's start position, every move replayed (checked legal under the
        profile, so Caseville's shortened jump series count) with the removals in between, and
        the final position checked against :attr:`fen` (see :func:`replay_game`). A match game,
        or a game not :attr:`set_up`, must start from the standard position.

        Raises :class:`DamagedAutosaveError` saying which move does not replay, and
        :class:`UnreachablePositionError` for a position no game could reach.
        """
        must_start = self.match is not None or self.set_up is False
        return replay_game(self.pdn, self.fen, self.removals, self.profile,
                           standard_start=must_start)

    @property
    def ply(self) -> int:
        """Moves in the PDN's main line (what :meth:`restore` replays)."""
        from checkers_desktop.rules.pdn import read_games

        parsed = next(iter(read_games(self.pdn)), None)
        return 0 if parsed is None else len(parsed.game.nodes)

    # --- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> JsonObject:
        return {
            "format": SNAPSHOT_FORMAT, "version": self.version, "saved_at": self.saved_at,
            "profile": self.profile, "players": self.players, "finished": self.finished,
            "pdn": self.pdn, "fen": self.fen, "removals": [list(r) for r in self.removals],
            "clock": self.clock, "referee": self.referee, "touch": self.touch,
            "actions": self.actions, "result": self.result, "match": self.match,
            "extra": self.extra, "seq": self.seq, "set_up": self.set_up,
        }

    def to_json(self) -> str:
        """The snapshot as JSON text (UTF-8 safe, one object). Raises ``TypeError`` when
        ``extra`` holds a value JSON cannot write."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1, allow_nan=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Snapshot":
        """Read :meth:`to_json`'s text, checking every field's type and range.

        Raises :class:`DamagedAutosaveError` for text that is not JSON, another format or
        version, or any malformed field. Does not replay the moves (see :meth:`restore`).
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise DamagedAutosaveError(f"the saved game is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Snapshot":
        """See :meth:`from_json`."""
        d = _dict(data, "file (not a JSON object)")
        if d.get("format") != SNAPSHOT_FORMAT:
            raise _fail("format name", d.get("format"))
        version = d.get("version")
        if version != SNAPSHOT_VERSION or isinstance(version, bool):
            raise DamagedAutosaveError(f"the saved game has version {version!r}; this program "
                                       f"reads version {SNAPSHOT_VERSION}")
        players = _dict(d.get("players", {}), "players")
        for k, v in players.items():
            if k not in ("black", "white"):
                raise _fail("player entry", k)
            _str(v, "player name")
        removals = []
        for r in _list(d.get("removals", []), "list of removed checkers"):
            if not isinstance(r, list) or len(r) != 2:
                raise _fail("removed checker", r)
            removals.append((_int(r[0], "removal ply"), _int(r[1], "removed square", lo=1, hi=32)))
        clock = _dict(d.get("clock"), "clock", optional=True)
        if clock is not None:
            _check_clock(clock)
        referee = _dict(d.get("referee"), "referee state", optional=True)
        if referee is not None:
            _check_referee(referee)
        touch = _dict(d.get("touch", {}), "touch-move state")
        _int(touch.get("held"), "piece picked up", optional=True, lo=1, hi=32)
        actions = _list(d.get("actions", []), "list of actions")
        for a in actions:
            _check_action(a)
        result = _dict(d.get("result"), "result", optional=True)
        if result is not None:
            _check_result(result)
        match = _dict(d.get("match"), "match", optional=True)
        if match is not None:
            _check_match(match)
        snap = cls(
            pdn=_str(d.get("pdn"), "PDN text"), fen=_str(d.get("fen"), "position (FEN)"),
            profile=_str(d.get("profile"), "profile name"), players=players, removals=removals,
            clock=clock, referee=referee, touch=touch, actions=actions, result=result,
            match=match, finished=_bool(d.get("finished"), "finished flag"),
            extra=_dict(d.get("extra", {}), "extra data"),
            saved_at=_str(d.get("saved_at", ""), "save time"), version=version,
            seq=_int(d.get("seq", 0), "save number"),
            set_up=None if d.get("set_up") is None else _bool(d.get("set_up"), "set-up flag"))
        return snap

    def summary(self) -> "SnapshotSummary":
        """What the resume offer says of this save, as data (``texts.app`` words it): the rule
        profile's title and side names, the players by colour, the moves played (as the moves
        played list counts them) and the side to move. Never raises (a field it cannot use is
        left out: None)."""
        from checkers_desktop.rules.profiles import get_profile

        try:
            profile = get_profile(self.profile)
            title, names = profile.title, profile.side_names
        except (RulesError, KeyError):
            title, names = self.profile, {c: c.name.capitalize() for c in Color}
        sides = (names[Color.BLACK], names[Color.WHITE])
        black, white = self.players.get("black"), self.players.get("white")
        players = (black, white) if black and white else None
        moves: Optional[int] = None
        turn_side: Optional[str] = None
        try:
            turn = Board(self.fen).turn
            first = turn if self.ply % 2 == 0 else turn.other
            moves = score_sheet_moves(self.ply, first)  # as the moves played list counts them
            turn_side = names[turn]
        except (RulesError, ValueError):
            pass
        return SnapshotSummary(title, sides, players, moves, turn_side)

    def with_extra(self, **extra: Any) -> "Snapshot":
        """A copy with ``extra`` updated."""
        return replace(self, extra={**self.extra, **extra})


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def is_standard_start(root: Board, removed: list[int] | tuple[int, ...] = ()) -> bool:
    """True when ``root`` is the standard starting position (Black to move, VA rulebook 3:00 s1)
    with only the checkers on ``removed`` (squares 1-32, each holding one at the start) taken
    away as a penalty before the first move."""
    start = Board()
    for square in removed:
        if start.piece_at(square) is None:
            return False
        start.set_piece_at(square, None)
    return root.fen() == start.fen()


def replay_game(pdn: str, fen: str, removals: list[tuple[int, int]], profile_key: str, *,
                standard_start: bool = False) -> Board:
    """The board of a saved game: ``pdn``'s first game from its start position, each move replayed
    (checked legal under the profile ``profile_key``, so Caseville's shortened jump series
    count), the checkers in ``removals`` (``(ply, square)`` pairs, squares 1-32) taken off after
    their ply, and the final position checked against ``fen``. Removals at ply 0 are already in
    the PDN's start position (the position the first move was played from).
    ``standard_start``: the game must start from the standard position (less the ply-0 removals).

    Raises :class:`DamagedAutosaveError` saying which move does not replay, and
    :class:`UnreachablePositionError` for a start position or a final position no game could
    reach (more than 12 pieces a side, a man on its crowning row, not the standard start, moves
    that lead elsewhere).
    """
    from checkers_desktop.rules.errors import InvalidFenError
    from checkers_desktop.rules.pdn import read_games
    from checkers_desktop.rules.profiles import get_profile, profile_legal_moves, \
        push_profile_move

    try:
        profile = get_profile(profile_key)
    except (RulesError, KeyError) as exc:
        raise DamagedAutosaveError(f"the saved game names an unknown rule profile: {exc}") \
            from None
    try:
        parsed = next(iter(read_games(pdn)), None)
    except (RulesError, ValueError) as exc:
        raise DamagedAutosaveError(f"the saved game's PDN cannot be read: {exc}") from None
    if parsed is None:
        raise DamagedAutosaveError("the saved game's PDN holds no game")
    game = parsed.game
    start_problems = [p for p in parsed.problems if p.ply == 0]
    if start_problems:
        problem = start_problems[0]
        if "bad FEN tag" in str(problem):
            raise UnreachablePositionError(f"the saved start position is impossible: {problem}")
        raise DamagedAutosaveError(f"the saved game's PDN cannot be read: {problem}")
    try:
        board = game.start_board()
    except InvalidFenError as exc:
        raise UnreachablePositionError(f"the saved start position is impossible: {exc}") \
            from None
    except RulesError as exc:
        raise DamagedAutosaveError(f"the saved game's start position is bad: {exc}") from None
    try:
        Board(fen)
    except InvalidFenError as exc:
        raise UnreachablePositionError(f"the saved position is impossible: {exc}") from None
    except (RulesError, ValueError, TypeError) as exc:
        raise DamagedAutosaveError(f"the saved position is malformed: {exc}") from None
    removals_at: dict[int, list[int]] = {}
    for ply, square in removals:
        removals_at.setdefault(ply, []).append(square)
    if standard_start and not is_standard_start(board, removals_at.get(0, [])):
        raise UnreachablePositionError(
            f"the saved game does not start from the standard position (it starts from "
            f"{board.fen()!r}), so its position cannot be reached by the recorded moves")

    def remove(ply: int) -> None:
        for square in removals_at.get(ply, ()):
            if board.piece_at(square) is None:
                raise DamagedAutosaveError(f"the saved game removes a checker from {square} "
                                           f"after move {ply}, but the square is empty")
            board.set_piece_at(square, None)

    for ply, node in enumerate(game.nodes, 1):
        text = node.notation
        try:
            squares, _ = parse_squares(text)
            legal = profile_legal_moves(board, profile)
            found = [m for m in legal if m.path == squares]
            move = found[0] if len(found) == 1 else board.parse_move(text)
            push_profile_move(board, profile, move)
        except RulesError as exc:
            raise DamagedAutosaveError(f"move {ply} of the saved game ({text!r}) does not "
                                       f"replay: {exc}") from None
        remove(ply)
    if any(p > len(game.nodes) for p in removals_at):
        raise DamagedAutosaveError("the saved game removes a checker after its last move")
    if board.fen() != fen:
        raise UnreachablePositionError(
            f"the saved position {fen!r} cannot be reached by the recorded moves (they lead to "
            f"{board.fen()!r})")
    return board


# --- field checks -------------------------------------------------------------------------------
_CLOCK_SETTINGS = ("game_limit", "move_warning", "move_limit", "side_seconds")


def _check_clock(c: JsonObject) -> None:
    s = _dict(c.get("settings"), "clock settings")
    for name in _CLOCK_SETTINGS:
        _num(s.get(name), f"clock setting {name}", optional=True)
    _int(s.get("side_moves"), "clock setting side_moves", optional=True, lo=1)
    for w in _list(s.get("game_warnings", []), "clock warnings"):
        _num(w, "clock warning")
    for name in ("game", "move"):
        _num(c.get(name), f"clock time {name}")
    _per_color(c.get("sides"), "side clock times", _num)
    _per_color(c.get("side_moves_made"), "side move counts", _int)
    _color(c.get("to_move"), "side to move on the clock")
    for name in ("paused", "started", "finished", "game_expired", "move_warned", "move_expired"):
        _bool(c.get(name), f"clock flag {name}")
    for name in ("move_warning_now", "move_limit_now", "game_limit_now"):
        _num(c.get(name), f"clock value {name}", optional=True)
    for w in _list(c.get("game_warned", []), "game warnings given"):
        _num(w, "game warning given")
    for col in _list(c.get("side_expired", []), "expired side clocks"):
        _color(col, "expired side clock", optional=False)


_PENALTY_CAUSES = frozenset(c.value for c in PenaltyCause)
"""The causes a pending penalty may name (``PenaltyCause`` values)."""


def _check_referee(r: JsonObject) -> None:
    for name in ("offences", "stalling_warnings", "penalties"):
        _per_color(r.get(name), name.replace("_", " "), _int)
    _per_color(r.get("declined_by"), "declined draws", _bool)
    for name in ("draw_offer", "time_forfeit_claimable", "forty_move_attacker"):
        _color(r.get(name), name.replace("_", " "))
    _str(r.get("draw_offer_reason"), "draw offer reason")
    _int(r.get("forty_move_count"), "40-move count")
    _bool(r.get("forty_judging"), "40-move judgement flag")
    _bool(r.get("play_out"), "play-out flag")
    pen = _dict(r.get("pending_penalty"), "pending penalty", optional=True)
    if pen is not None:
        _num(pen.get("at"), "penalty time")
        _color(pen.get("chooser"), "penalty chooser", optional=False)
        _color(pen.get("victim"), "penalty victim", optional=False)
        for sq in _list(pen.get("squares"), "penalty squares"):
            _int(sq, "penalty square", lo=1, hi=32)
        if pen.get("cause") not in _PENALTY_CAUSES:
            raise _fail("penalty cause", pen.get("cause"))


def _check_action(a: Any) -> None:
    a = _dict(a, "action")
    _num(a.get("at"), "action time")
    _int(a.get("ply"), "action ply")
    _str(a.get("kind"), "action kind")
    _color(a.get("color"), "action side")
    _str(a.get("detail"), "action detail")
    _move_from(a.get("move"), "action move")
    _int(a.get("square"), "action square", optional=True, lo=1, hi=32)


def _check_result(r: JsonObject) -> None:
    _color(r.get("winner"), "winner")
    _str(r.get("reason"), "result reason")
    _str(r.get("detail"), "result detail")
    _num(r.get("at"), "result time")
    _bool(r.get("by_lot", False), "result by lot")
    _str(r.get("forfeit_reason", ""), "forfeit reason")
    mat = _dict(r.get("material"), "result material", optional=True)
    if mat is not None:
        _per_color(mat, "result material", _int)


def _check_match(m: JsonObject) -> None:
    players = _list(m.get("players"), "match players")
    if len(players) != 2 or not all(isinstance(p, str) for p in players) \
            or players[0] == players[1]:
        raise _fail("match players", players)
    if m.get("first_black") not in players:
        raise _fail("match first Black player", m.get("first_black"))
    _bool(m.get("finished_early", False), "match finished flag")
    for g in _list(m.get("games"), "match games"):
        g = _dict(g, "match game")
        _int(g.get("number"), "match game number", lo=1)
        _str(g.get("black"), "match game Black player")
        _str(g.get("white"), "match game White player")
        _bool(g.get("play_out"), "match game play-out flag")
        _str(g.get("winner"), "match game winner", optional=True)
        _color(g.get("winner_color"), "match game winning side")
        _str(g.get("reason"), "match game reason")
        _str(g.get("detail", ""), "match game detail")


# --- the rules objects ----------------------------------------------------------------------------
def _clock_state(clock: GameClock) -> JsonObject:
    """The state of a :class:`~checkers_desktop.rules.clock.GameClock` (seconds)."""
    return clock.to_dict()


def _restore_clock(state: JsonObject, time_source: TimeSource) -> GameClock:
    """A paused :class:`GameClock` with the saved times (``GameClock.from_dict``)."""
    from checkers_desktop.rules.clock import ClockError, GameClock

    try:
        return GameClock.from_dict(state, time_source)
    except ClockError as exc:
        raise DamagedAutosaveError(f"the saved game's clock settings are bad: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise DamagedAutosaveError(f"the saved game's clock is malformed: {exc!r}") from None


def result_dict(result: Optional[GameResult]) -> Optional[JsonObject]:
    """A :class:`~checkers_desktop.rules.rulings.GameResult` as JSON values (None for None)."""
    if result is None:
        return None
    return {"winner": _cval(result.winner), "reason": result.reason.value, "detail": result.detail,
            "at": result.at, "by_lot": result.by_lot, "forfeit_reason": result.forfeit_reason,
            "cause": None if result.cause is None else result.cause.value,
            "material": None if result.material is None
            else {c.value: n for c, n in result.material.items()}}


def _match_dict(match: Match) -> JsonObject:
    return match.to_dict()


def snapshot_from_referee(referee: Referee, *, match: Optional[Match] = None,
                          players: Optional[dict[str, str]] = None,
                          extra: Optional[JsonObject] = None,
                          tags: Optional[dict[str, str]] = None) -> Snapshot:
    """A snapshot of a :class:`~checkers_desktop.rules.referee.Referee`'s game (board, clock,
    touch-move, offences, penalties, draw state, record, result) and of ``match`` (a
    :class:`~checkers_desktop.rules.match.Match`, optional). Checkers removed as penalties are
    taken from the referee's record ("checker_removed" entries).
    """
    removals = []
    for entry in referee.record:
        if entry.kind == "checker_removed" and entry.square is not None:
            removals.append((entry.ply, entry.square))
    ref_state = referee.to_dict()
    actions = [{"at": e.at, "ply": e.ply, "kind": e.kind, "color": _cval(e.color),
                "detail": e.detail, "move": _move_dict(e.move), "square": e.square}
               for e in referee.record]
    result = referee.result
    if players is None and match is not None:
        setup = match.next_game() if result is None else None
        if setup is None and match.games:
            g = match.games[-1]
            players = {"black": g.black, "white": g.white}
        elif setup is not None:
            players = {"black": setup.black, "white": setup.white}
    return Snapshot.from_board(
        referee.board, profile=referee.profile.key, players=players, removals=removals,
        finished=result is not None, pdn_result=result.pdn_result() if result else "*",
        extra=extra, tags=tags, clock=_clock_state(referee.clock), referee=ref_state,
        touch={"held": referee.touch.held}, actions=actions, result=result_dict(result),
        match=None if match is None else _match_dict(match))


def restore_referee(snapshot: Snapshot, *, time_source: Optional[TimeSource] = None,
                    rng: Optional[random.Random] = None) -> Referee:
    """A :class:`~checkers_desktop.rules.referee.Referee` in the saved state, its clocks paused
    (call ``referee.resume()`` when the players are ready). ``time_source``: monotonic seconds
    (``time.monotonic`` by default). A snapshot without the referee's state (the app always
    writes one; a save written or damaged outside it may lack it) gives a referee whose counts
    start afresh (no warnings, offences or draw offer): the game's moves and clocks are kept, and
    the seal says the save was changed. Raises :class:`DamagedAutosaveError` when the snapshot
    does not replay or its referee state is malformed.
    """
    import time

    from checkers_desktop.rules.referee import Referee
    from checkers_desktop.rules.rulings import RecordEntry

    board = snapshot.restore()
    r = snapshot.referee
    if r is not None:
        _check_referee(r)
    ts = time_source if time_source is not None else time.monotonic
    clock = _restore_clock(snapshot.clock, ts) if snapshot.clock is not None else None
    try:
        if r is None:
            referee = Referee(snapshot.profile, board, time_source=ts, clock=clock, rng=rng)
        else:
            referee = Referee.from_dict(r, snapshot.profile, board, time_source=ts, clock=clock,
                                        rng=rng)
        result = None if snapshot.result is None else result_from_dict(snapshot.result)
    except (ValueError, KeyError, TypeError) as exc:
        raise DamagedAutosaveError(f"the saved game has a bad referee state, result or draw "
                                   f"reason: {exc}") from None
    if clock is None:
        referee.clock.pause()
    referee.result = result
    held = snapshot.touch.get("held")
    referee.touch.held = held if held is not None and board.piece_at(held) is not None else None
    referee.record = [RecordEntry(float(a["at"]), a["ply"], a["kind"], _color(a.get("color"), "side"),
                                  a["detail"], _move_from(a.get("move"), "action move"),
                                  a.get("square"))
                      for a in snapshot.actions]
    return referee


def result_from_dict(res: JsonObject) -> GameResult:
    """The :class:`~checkers_desktop.rules.rulings.GameResult` of :func:`result_dict`'s values.
    Raises :class:`DamagedAutosaveError` for malformed ones."""
    from checkers_desktop.rules.rulings import AdjudicationCause, EndReason, GameResult

    _check_result(_dict(res, "result"))
    try:
        material = res.get("material")
        return GameResult(
            _color(res.get("winner"), "winner"), EndReason(res["reason"]), res["detail"],
            float(res["at"]), None if material is None
            else {Color(k): v for k, v in material.items()}, bool(res.get("by_lot", False)),
            str(res.get("forfeit_reason", "")),
            None if res.get("cause") is None else AdjudicationCause(res["cause"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise DamagedAutosaveError(f"the saved game has a bad result: {exc}") from None


def restore_match(snapshot: Snapshot, rng: Optional[random.Random] = None) -> Optional[Match]:
    """The :class:`~checkers_desktop.rules.match.Match` saved with the game, or None."""
    from checkers_desktop.rules.match import Match, MatchError

    m = snapshot.match
    if m is None:
        return None
    _check_match(m)
    try:
        return Match.from_dict(m, snapshot.profile, rng=rng)
    except (MatchError, RulesError, KeyError, ValueError, TypeError) as exc:
        raise DamagedAutosaveError(f"the saved match cannot be restored: {exc}") from None
