"""A match's earlier games and its record, carried in the autosave so that a resumed match still
has them: the score sheet lists every game of the match, and every logged action, however often
the match was resumed.

:func:`history_of` turns a :class:`~.match.MatchSession`'s finished games (their moves, the
checkers removed as penalties, the result, an official's correction) and its logged actions into
JSON values; :func:`read_history` turns them back into :class:`~.match_model.PlayedGame` and
:class:`~.match_model.LoggedAction` objects, replaying every game's moves
(``storage.replay_game``), so that a carried game is as trustworthy as the game on the board.

A checker removed as a penalty (VA rulebook 3:00 s4) is not a move: it is found by comparing,
before each move, the position the board recorded with the position the moves lead to.

Pure Python, no Qt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Optional

from ..rules import Board
from ..rules.geometry import SQUARES, is_square
from ..rules.profiles import get_profile, push_profile_move
from ..storage import DamagedAutosaveError, Snapshot, replay_game
from ..storage.snapshot import is_standard_start, result_dict, result_from_dict
from .match_model import LoggedAction, PlayedGame

__all__ = ["history_of", "read_history", "removals_of", "MAX_CARRIED_GAMES",
           "MAX_CARRIED_ACTIONS"]

MAX_CARRIED_GAMES = 99
"""The most earlier games read back (a best-of-N match has at most N plus its drawn games)."""

MAX_CARRIED_ACTIONS = 5000
"""The most logged actions read back (a match logs a few dozen)."""


def removals_of(board: Board, profile_key: str) -> list[tuple[int, int]]:
    """The checkers removed from ``board``'s game without a move, as ``(ply, square)`` pairs
    (squares 1-32): after ``ply`` moves, the square held a piece in the position the moves lead
    to and none in the position the board recorded. Those before the first move (ply 0) are the
    squares the standard start has and the board's root lacks, when the root is the standard
    start less some checkers."""
    profile = get_profile(profile_key)
    root, start = board.root(), Board()
    found: list[tuple[int, int]] = []
    missing = [sq for sq in SQUARES
               if start.piece_at(sq) is not None and root.piece_at(sq) is None]
    if missing and is_standard_start(root, missing):
        found += [(0, sq) for sq in missing]
    moves = board.move_stack
    before: list[Board] = []
    back = board.copy()
    while back.ply:
        back.pop()
        before.append(back.copy(stack=False))
    before.reverse()  # before[i]: the position move i+1 was played from
    for i, move in enumerate(moves):
        reached = before[i].copy(stack=False)
        push_profile_move(reached, profile, move)
        recorded = before[i + 1] if i + 1 < len(moves) else board
        found += [(i + 1, sq) for sq in SQUARES
                  if reached.piece_at(sq) is not None and recorded.piece_at(sq) is None]
    return found


def _game_dict(game: PlayedGame, profile_key: str) -> dict[str, Any]:
    snap = Snapshot.from_board(game.board, profile=profile_key,
                               removals=removals_of(game.board, profile_key),
                               pdn_result=game.pdn_result)
    return {"number": game.number, "black": game.black, "white": game.white,
            "play_out": game.play_out, "pdn": snap.pdn, "fen": snap.fen,
            "removals": [list(r) for r in snap.removals], "result": result_dict(game.result),
            "corrected": game.corrected}


def _action_dict(a: LoggedAction) -> dict[str, Any]:
    return {"game": a.game, "at": a.at, "ply": a.ply, "wall": a.wall, "kind": a.kind,
            "text": a.text, "official": a.official, "command": a.command, "written": a.written}


def history_of(games: Iterable[PlayedGame], actions: Iterable[LoggedAction],
               profile_key: str) -> dict[str, Any]:
    """The finished games (those with a result) and every logged action, as JSON values:
    ``{"games": [...], "actions": [...]}``."""
    return {"games": [_game_dict(g, profile_key) for g in games if g.result is not None],
            "actions": [_action_dict(a) for a in actions]}


def _text(d: dict[str, Any], key: str, default: Optional[str] = None) -> str:
    value = d.get(key, default)
    if not isinstance(value, str):
        raise DamagedAutosaveError(f"a carried entry has a bad {key}")
    return value


def _number(d: dict[str, Any], key: str, *, lo: int = 0) -> int:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise DamagedAutosaveError(f"a carried entry has a bad {key}")
    return value


def _read_game(d: Any, profile_key: str, folder: Optional[Path]) -> PlayedGame:
    if not isinstance(d, dict):
        raise DamagedAutosaveError("a carried game is not an object")
    number = _number(d, "number", lo=1)
    removals = d.get("removals", [])
    if not isinstance(removals, list) or not all(
            isinstance(r, list) and len(r) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in r)
            and r[0] >= 0 and is_square(r[1]) for r in removals):
        raise DamagedAutosaveError(f"carried game {number} has bad removals")
    if not isinstance(d.get("result"), dict):
        raise DamagedAutosaveError(f"carried game {number} has no result")
    play_out = d.get("play_out", False)
    if not isinstance(play_out, bool):
        raise DamagedAutosaveError(f"carried game {number} has a bad play-out flag")
    board = replay_game(_text(d, "pdn"), _text(d, "fen"), [tuple(r) for r in removals],
                        profile_key, standard_start=True)
    path = None
    if folder is not None:
        from .match_records import game_record_name

        candidate = folder / game_record_name(number)
        path = str(candidate) if candidate.exists() else None
    return PlayedGame(number, _text(d, "black"), _text(d, "white"), play_out, board,
                      result_from_dict(d["result"]), _text(d, "corrected", ""), path)


def _read_action(d: Any) -> LoggedAction:
    if not isinstance(d, dict):
        raise DamagedAutosaveError("a carried action is not an object")
    at = d.get("at")
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not at >= 0 \
            or at == float("inf"):
        raise DamagedAutosaveError("a carried action has a bad time")
    official = d.get("official", False)
    if not isinstance(official, bool):
        raise DamagedAutosaveError("a carried action has a bad official flag")
    return LoggedAction(_number(d, "game"), float(at), _number(d, "ply"), _text(d, "wall"),
                        _text(d, "kind"), _text(d, "text"), official, _text(d, "command", ""),
                        _text(d, "written", ""))


def read_history(data: Any, profile_key: str, *, before: int,
                 folder: Optional[Path] = None) -> tuple[list[PlayedGame], list[LoggedAction]]:
    """The earlier games (numbered below ``before``, the game on the board, in order) and the
    logged actions of :func:`history_of`'s ``data``. ``folder``: the match's records folder (a
    game's ``pdn_path`` is set when its record is there). Raises
    :class:`~checkers_desktop.storage.DamagedAutosaveError` saying what is wrong (the caller
    resumes the match without them and says so)."""
    if data is None:
        return [], []
    if not isinstance(data, dict):
        raise DamagedAutosaveError("the match's earlier games are not an object")
    games_data = data.get("games", [])
    actions_data = data.get("actions", [])
    if not isinstance(games_data, list) or not isinstance(actions_data, list):
        raise DamagedAutosaveError("the match's earlier games are not lists")
    if len(games_data) > MAX_CARRIED_GAMES or len(actions_data) > MAX_CARRIED_ACTIONS:
        raise DamagedAutosaveError("the match carries more earlier games or actions than a "
                                   "match can have")
    games = [_read_game(g, profile_key, folder) for g in games_data]
    games = sorted((g for g in games if g.number < before), key=lambda g: g.number)
    if len({g.number for g in games}) != len(games):
        raise DamagedAutosaveError("the match carries the same game twice")
    return games, [_read_action(a) for a in actions_data]
