"""Game > Open game, without Qt: a PDN file's first game read within limits, or why it cannot be.

:func:`read_first_game` runs on a worker thread (the window shows progress and can cancel): the
file goes through ``rules.pdn.read_pdn_file`` (``checkers_desktop.inputs``: a folder, a FIFO,
``/dev/zero`` or a file over 20 MB refused before reading, read in chunks), then its first game
through the PDN reader and its limits (tag and comment length, variation depth, moves). Every
refusal is an :class:`OpenError` whose :class:`OpenProblem` the texts package words
(``texts.app.open_failed_text``) into a message a veteran can act on. Nothing here changes the game
in progress: the window puts the board on only when a game came back.

Time and memory (``benchmarks/input_limits.py``, measured on the hostile branch): reading a file of
19 MB takes at most about 0.5 s, its first game at most about 1.5 s.
"""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..inputs import InputError, InputProblem, brief
from ..rules import BLACK, WHITE, Board, Color, RulesError
from ..rules.pdn import NotPdnError, PdnLimitError, read_games, read_pdn_file

__all__ = ["OpenProblem", "OpenError", "OpenedGame", "StatedResult", "TAG_LENGTH",
           "read_first_game"]

TAG_LENGTH = 80
"""The most characters of a tag's value kept for saying (a longer event name is cut, with "...")."""


@dataclass(frozen=True)
class StatedResult:
    """A result as a PDN file records it: ``winner`` the colour that won, None for a draw."""

    winner: Optional[Color]


_STATED = {"1-0": StatedResult(BLACK), "0-1": StatedResult(WHITE),
           "1/2-1/2": StatedResult(None)}
"""PDN results ("1-0": Black, the first mover, won) to data; "*" and anything else are unknown."""


def _tag(tags: dict, name: str) -> Optional[str]:
    """The value of tag ``name`` (any case), shortened; None when absent, blank or "?"."""
    for key, value in tags.items():
        if key.lower() == name.lower():
            text = str(value)
            value = " ".join(text[:TAG_LENGTH + 1].split())  # bounded: a tag may be 100 KB
            if value and value.strip("?. ") and value != "-":
                return brief(value, TAG_LENGTH)
    return None


class OpenProblem(enum.Enum):
    """Why a file could not be opened as a game (data; the texts package words it)."""

    MISSING = "missing"
    NOT_PERMITTED = "not permitted"
    FOLDER = "folder"
    NOT_REGULAR = "not regular"
    """A FIFO, a device (``/dev/zero``), a socket."""
    UNREADABLE = "unreadable"
    TOO_LARGE = "too large"
    EMPTY = "empty"
    NOT_PDN = "not pdn"
    """Binary data, text in no known encoding, or text with no tag pair and no move."""
    LIMIT = "limit"
    """A PDN past one of the reader's limits (a 10 MB tag, variations 1,000 deep, ...)."""
    NO_GAME = "no game"
    BAD_START = "bad start"
    """The game's start position is not legal (a FEN tag with 20 pieces a side)."""
    CANCELLED = "cancelled"


_FROM_INPUT = {
    InputProblem.MISSING: OpenProblem.MISSING, InputProblem.NOT_PERMITTED: OpenProblem.NOT_PERMITTED,
    InputProblem.FOLDER: OpenProblem.FOLDER, InputProblem.NOT_REGULAR: OpenProblem.NOT_REGULAR,
    InputProblem.TOO_LARGE: OpenProblem.TOO_LARGE, InputProblem.EMPTY: OpenProblem.EMPTY,
}


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
    """The first game of a file: the ``board`` after its readable moves (on its move stack), the
    file's ``name``, and ``problem``: the first move that could not be read, in the reader's
    words, when the game stops early (else None).

    What the file's tags say of the game, each None when the tag is absent, empty or "?" (PDN's
    unknown): ``event`` (the ``Event`` tag: a tournament, or a composed problem's title such as
    "Boland's Border Classics #A-1"), ``players`` (``{Color: name}`` from the ``Black`` and
    ``White`` tags, only the sides named) and ``stated`` (a :class:`StatedResult`: the result the
    file records, from the result after the moves or else the ``Result`` tag; for a composed
    problem, the result its composer claims). Each text is shortened to :data:`TAG_LENGTH`
    characters, its control characters escaped. ``more_games``: the file holds another game
    after this one (only the first is put on the board)."""

    board: Board
    name: str
    problem: Optional[str] = None
    event: Optional[str] = None
    players: dict[Color, str] = field(default_factory=dict)
    stated: Optional["StatedResult"] = None
    more_games: bool = False

    @property
    def plies(self) -> int:
        return self.board.ply


def _check(stop: Optional[threading.Event], name: str) -> None:
    if stop is not None and stop.is_set():
        raise OpenError(OpenProblem.CANCELLED, name)


def read_first_game(path, stop: Optional[threading.Event] = None) -> OpenedGame:
    """The first game of the PDN file ``path``. ``stop``: set by the window's Cancel; checked
    between the steps (each step is bounded: see the module text). Raises :class:`OpenError`."""
    name = brief(Path(path).name or str(path), 80)
    try:
        text = read_pdn_file(path)
    except InputError as exc:
        raise OpenError(_FROM_INPUT.get(exc.problem, OpenProblem.UNREADABLE), name,
                        brief(exc.reason, 160)) from None
    except NotPdnError as exc:
        problem = OpenProblem.EMPTY if exc.problem is InputProblem.EMPTY else OpenProblem.NOT_PDN
        raise OpenError(problem, name, brief(exc.reason, 160)) from None
    except PdnLimitError as exc:
        raise OpenError(OpenProblem.TOO_LARGE if exc.limit.value == "file size"
                        else OpenProblem.LIMIT, name, brief(str(exc), 160)) from None
    _check(stop, name)
    games = iter(read_games(text))
    try:
        parsed = next(games, None)
    except PdnLimitError as exc:
        raise OpenError(OpenProblem.LIMIT, name, brief(str(exc), 160)) from None
    except (RulesError, ValueError) as exc:
        raise OpenError(OpenProblem.NOT_PDN, name, brief(str(exc), 160)) from None
    _check(stop, name)
    try:  # one more game read (within the reader's limits), only to say that the file has it
        more_games = parsed is not None and next(games, None) is not None
    except (PdnLimitError, RulesError, ValueError):  # what follows is no readable game
        more_games = False
    del text, games
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
    players = {color: who for color, who in ((BLACK, _tag(game.tags, "Black")),
                                             (WHITE, _tag(game.tags, "White"))) if who}
    result = _tag(game.tags, "Result")
    stated = _STATED.get(game.result) or _STATED.get(result or "")
    return OpenedGame(board, name, problem, _tag(game.tags, "Event"), players, stated,
                      more_games)
