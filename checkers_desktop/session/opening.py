"""Game > Open game, without Qt: the games a PDN file holds, and the one chosen, read within
limits, or why they cannot be.

:func:`list_games` and :func:`read_game` run on a worker thread (the window shows progress and can
cancel): the file goes through ``rules.pdn.read_pdn_file`` (``checkers_desktop.inputs``: a folder,
a FIFO, ``/dev/zero`` or a file over 20 MB refused before reading, read in chunks), then through
the PDN reader and its limits (tag and comment length, variation depth, moves): the games' tag
pairs only to list them, the moves of the one chosen. Every
refusal is an :class:`OpenError` whose :class:`OpenProblem` the texts package words
(``texts.app.open_failed_text``) into a message a veteran can act on. Nothing here changes the game
in progress: the window puts the board on only when a game came back.

Time and memory (``benchmarks/input_limits.py``, measured on the hostile branch): reading a file of
19 MB takes at most about 0.5 s, its first game at most about 1.5 s.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..inputs import InputError, InputProblem, brief
from ..rules import BLACK, WHITE, Board, Color, RulesError
from ..rules.pdn import Game, NotPdnError, PdnLimitError, PdnReader, read_pdn_file
from .keeping import LEVEL_TAG, PLAYER_TYPE_TAGS

__all__ = ["OpenProblem", "OpenError", "OpenedGame", "StatedResult", "TAG_LENGTH", "GameEntry",
           "GameList", "MAX_LISTED", "list_games", "read_game", "ComputerSide"]

TAG_LENGTH = 80
"""The most characters of a tag's value kept for saying (a longer event name is cut, with "...")."""


@dataclass(frozen=True)
class StatedResult:
    """A result as a PDN file records it: ``winner`` the colour that won, None for a draw."""

    winner: Optional[Color]


_STATED = {"1-0": StatedResult(BLACK), "0-1": StatedResult(WHITE),
           "1/2-1/2": StatedResult(None)}
"""PDN results ("1-0": Black, the first mover, won) to data; "*" and anything else are unknown."""


def _tag(tags: dict[str, Any], name: str) -> Optional[str]:
    """The value of tag ``name`` (any case), shortened; None when absent, blank or "?"."""
    for key, value in tags.items():
        if key.lower() == name.lower():
            text = str(value)
            value = " ".join(text[:TAG_LENGTH + 1].split())  # bounded: a tag may be 100 KB
            if value and value.strip("?. ") and value != "-":
                return brief(value, TAG_LENGTH)
    return None


@dataclass(frozen=True)
class ComputerSide:
    """The computer's part in a game saved against it: its ``color``, the ``level`` it plays at
    next (1 = gentlest; None when the file does not say), and ``move_levels``: the level that
    played each of its moves (index in the game's moves, from 0, to level)."""

    color: Color
    level: Optional[int] = None
    move_levels: dict[int, int] = field(default_factory=dict)


_LEVEL_RE = re.compile(r"\[%level\s+(\d{1,2})\]")
_OLD_COMPUTER_RE = re.compile(r"Computer, level (\d{1,2})")
"""The players' names this app wrote against the computer before it wrote the kinds as tags
("You" and "Computer, level 4"): the exact form only, never other words."""


def _level(text: Optional[str]) -> Optional[int]:
    return int(text) if text is not None and text.isdigit() and 1 <= int(text) <= 99 else None


def _computer_side(game: Game) -> Optional[ComputerSide]:
    """Who the computer was in ``game`` (a parsed PDN game), from the ``BlackType`` and
    ``WhiteType`` tags (exactly one "program"), else from the players' names this app wrote
    before those tags ("You" against "Computer, level N"); None for a game of people."""
    tags = game.tags
    kinds = {color: (_tag(tags, name) or "").lower() for color, name in PLAYER_TYPE_TAGS.items()}
    programs = [color for color, kind in kinds.items() if kind == "program"]
    level = _level(_tag(tags, LEVEL_TAG))
    if len(programs) != 1:
        if programs or any(kinds.values()):
            return None
        names = {color: _tag(tags, name) or "" for color, name in (
            (BLACK, "Black"), (WHITE, "White"))}
        old = [(c, m) for c in (BLACK, WHITE)
               if (m := _OLD_COMPUTER_RE.fullmatch(names[c])) and names[c.other] == "You"]
        if len(old) != 1:
            return None
        programs = [old[0][0]]
        level = level or _level(old[0][1].group(1))
    computer = programs[0]
    root_turn = game.start_board().turn
    move_levels: dict[int, int] = {}
    for index, node in enumerate(game.nodes):
        if node.move is None:
            break
        mover = root_turn if index % 2 == 0 else root_turn.other
        if mover is not computer:
            continue
        found = [m for c in node.comments for m in _LEVEL_RE.findall(c[:200])]
        if found and _level(found[-1]) is not None:
            move_levels[index] = int(found[-1])
    if level is None and move_levels:
        level = move_levels[max(move_levels)]
    return ComputerSide(computer, level, move_levels)


OpenProblem = InputProblem
"""Why a file could not be opened as a game: the inputs' own problems (``inputs.InputProblem``),
one enum for every input the app reads. Those that reach the player here: MISSING,
NOT_PERMITTED, FOLDER, NOT_REGULAR, UNREADABLE, TOO_LARGE, EMPTY; NOT_TEXT, ENCODING and
WRONG_CONTENT (not a PDN); LIMIT, NO_GAME, BAD_START and CANCELLED."""

_AS_READ = frozenset({InputProblem.MISSING, InputProblem.NOT_PERMITTED, InputProblem.FOLDER,
                      InputProblem.NOT_REGULAR, InputProblem.TOO_LARGE, InputProblem.EMPTY})
"""The reading problems told as they are; any other is told as UNREADABLE."""


class OpenError(ValueError):
    """A file that cannot be opened as a game: ``problem`` (:class:`OpenProblem`), ``name`` (the
    file's name, shortened), ``detail`` (the reader's own words, at most a short sentence)."""

    def __init__(self, problem: OpenProblem, name: str, detail: str = "") -> None:
        super().__init__(f"{name}: {problem.value}" + (f" ({detail})" if detail else ""))
        self.problem = problem
        self.name = name
        self.detail = detail


@dataclass(frozen=True)
class OpenedGame:
    """A game of a file: the ``board`` after its readable moves (on its move stack), the
    file's ``name``, and ``problem``: the first move that could not be read, in the reader's
    words, when the game stops early (else None).

    What the file's tags say of the game, each None when the tag is absent, empty or "?" (PDN's
    unknown): ``event`` (the ``Event`` tag: a tournament, or a composed problem's title such as
    "Boland's Border Classics #A-1"), ``players`` (``{Color: name}`` from the ``Black`` and
    ``White`` tags, only the sides named) and ``stated`` (a :class:`StatedResult`: the result the
    file records, from the result after the moves or else the ``Result`` tag; for a composed
    problem, the result its composer claims). Each text is shortened to :data:`TAG_LENGTH`
    characters, its control characters escaped. ``number``: the game's place in the file (from
    1). ``computer``: the computer's side and level when the game was played against it (a
    :class:`ComputerSide`), else None."""

    board: Board
    name: str
    problem: Optional[str] = None
    event: Optional[str] = None
    players: dict[Color, str] = field(default_factory=dict)
    stated: Optional["StatedResult"] = None
    number: int = 1
    computer: Optional[ComputerSide] = None

    @property
    def plies(self) -> int:
        return self.board.ply


MAX_LISTED = 2000
"""The most games of one file offered to choose from (the first ones; a file of 20 MB may hold
tens of thousands, more than anyone arrows through)."""


@dataclass(frozen=True)
class GameEntry:
    """One game of a file, to choose from: its ``number`` in the file (from 1), its ``event``,
    ``players`` and ``stated`` result as in :class:`OpenedGame`, and its ``date`` (the ``Date``
    tag), each None or empty when the file does not say."""

    number: int
    event: Optional[str] = None
    players: dict[Color, str] = field(default_factory=dict)
    stated: Optional[StatedResult] = None
    date: Optional[str] = None


@dataclass(frozen=True)
class GameList:
    """The games of the file ``name``: ``games`` (the first :data:`MAX_LISTED`), and ``more``:
    the file holds more games than these (not read further, so that listing stays quick)."""

    name: str
    games: tuple[GameEntry, ...]
    more: bool = False


def _check(stop: Optional[threading.Event], name: str) -> None:
    if stop is not None and stop.is_set():
        raise OpenError(OpenProblem.CANCELLED, name)


def _read_text(path: os.PathLike[str] | str, name: str) -> str:
    """The file's text, or the :class:`OpenError` saying why not."""
    try:
        return read_pdn_file(path)
    except InputError as exc:
        raise OpenError(exc.problem if exc.problem in _AS_READ else InputProblem.UNREADABLE, name,
                        brief(exc.reason, 160)) from None
    except NotPdnError as exc:
        raise OpenError(exc.problem, name, brief(exc.reason, 160)) from None
    except PdnLimitError as exc:
        raise OpenError(OpenProblem.TOO_LARGE if exc.limit.value == "file size"
                        else OpenProblem.LIMIT, name, brief(str(exc), 160)) from None


def _players(tags: dict[str, Any]) -> dict[Color, str]:
    return {color: who for color, who in ((BLACK, _tag(tags, "Black")),
                                          (WHITE, _tag(tags, "White"))) if who}


def list_games(path: os.PathLike[str] | str, stop: Optional[threading.Event] = None) -> GameList:
    """The games of the PDN file ``path``, from their tag pairs only (their moves are read when
    one is chosen: :func:`read_game`): the first :data:`MAX_LISTED`, and whether more follow.
    ``stop`` (the window's Cancel) is checked every 100 games. Raises :class:`OpenError`, as
    :func:`read_game` does, for a file that is no game record, or holds no game; a file past a
    reader's limit after some games lists those games."""
    name = brief(Path(path).name or str(path), 80)
    reader = PdnReader(_read_text(path, name))
    _check(stop, name)
    entries: list[GameEntry] = []
    more = False
    try:
        for header in reader.headers():
            if len(entries) == MAX_LISTED:
                more = True
                break
            if header.number % 100 == 0:
                _check(stop, name)
            tags = header.tags
            entries.append(GameEntry(header.number, _tag(tags, "Event"), _players(tags),
                                     _STATED.get(_tag(tags, "Result") or ""),
                                     _tag(tags, "Date")))
    except PdnLimitError as exc:
        if not entries:
            raise OpenError(OpenProblem.LIMIT, name, brief(str(exc), 160)) from None
        # the games before the limit can still be chosen; what follows them is left out
    if not entries:
        raise OpenError(OpenProblem.NO_GAME, name)
    return GameList(name, tuple(entries), more)


def read_game(path: os.PathLike[str] | str, number: int = 1, stop: Optional[threading.Event] = None) -> OpenedGame:
    """Game ``number`` (from 1, as :func:`list_games` numbers them) of the PDN file ``path``.
    ``stop``: set by the window's Cancel; checked between the steps (each step is bounded: see
    the module text). Raises :class:`OpenError`."""
    name = brief(Path(path).name or str(path), 80)
    text = _read_text(path, name)
    _check(stop, name)
    reader = PdnReader(text)
    del text
    try:
        parsed = reader.game(number)
    except PdnLimitError as exc:
        raise OpenError(OpenProblem.LIMIT, name, brief(str(exc), 160)) from None
    except (RulesError, ValueError) as exc:
        raise OpenError(InputProblem.WRONG_CONTENT, name, brief(str(exc), 160)) from None
    _check(stop, name)
    if parsed is None:
        raise OpenError(OpenProblem.NO_GAME, name)
    game = parsed.game
    if not game.nodes and not any(tag.lower() == "fen" for tag in game.tags):
        raise OpenError(OpenProblem.NO_GAME, name, "no moves and no position")
    start = [p for p in parsed.problems if p.ply == 0]
    if start:
        raise OpenError(OpenProblem.BAD_START, name, brief(start[0].reason, 160))
    try:
        board = game.board()
    except (RulesError, ValueError) as exc:
        raise OpenError(OpenProblem.BAD_START, name, brief(str(exc), 160)) from None
    _check(stop, name)
    problem = brief(str(parsed.problems[0]), 160) if parsed.problems else None
    if problem is not None and board.ply == 0 and not any(t.lower() == "fen" for t in game.tags):
        raise OpenError(OpenProblem.NO_GAME, name, f"its first move cannot be read: {problem}")
    result = _tag(game.tags, "Result")
    stated = _STATED.get(game.result) or _STATED.get(result or "")
    return OpenedGame(board, name, problem, _tag(game.tags, "Event"), _players(game.tags),
                      stated, number, _computer_side(game))
