"""``checkers-desktop engine``: the computer player as one long-running process.

Matches, analysis tools and benchmarks that ask for many moves would otherwise pay a process start,
the imports and an empty transposition table for every move (``bestmove``). Here one process reads
commands on standard input, one per line, and answers on standard output, keeping its
transposition table (and the endgame database the command line installed) from one search to the
next.

Commands (keywords in any case; at most :data:`MAX_LINE` bytes a line, UTF-8):

- ``position startpos`` or ``position fen FEN`` (FEN as ``bestmove --fen`` takes it), optionally
  followed by ``moves M1 M2 ...`` (PDN moves, "11-15", "22x15", played in turn): the position to
  search. Nothing is answered.
- ``go`` (as level 6, the full strength), ``go time SECONDS``, ``go depth PLIES`` or ``go level N``
  (1-6, the window's levels): answers ``bestmove MOVE`` (PDN with the whole path, "26x17x10") then
  ``info score S depth D nodes N seconds T`` (S in hundredths of a man for the side to move, a won
  position 100000 less the plies to the win); ``bestmove none`` when the side to move has no move.
  ``go``, ``go time`` and ``go level`` play the opening book's move where the position is in it
  (``info ... depth 0 nodes 0``), as the window's levels do; ``go depth`` always searches.
  ``go time SECONDS`` takes up to twice the time when the score falls from one depth to the
  next (``search.EMERGENCY_DROP``), and stops early when the endgame database values every
  move; a bare ``go`` plays as level 6 (5 s a move, up to 8 s when the score falls).
- ``newgame``: forget the transposition table (a new, unrelated game follows).
- ``isready``: answers ``readyok`` (a client waits for it after starting the process).
- ``quit`` (or the end of standard input): the process ends with status 0.

A command that cannot be carried out is answered by one line ``error MESSAGE`` (the input quoted
briefly) and changes nothing; the process goes on. Blank lines and lines starting with ``#`` are
ignored. Bounds are those of ``bestmove``: depths 1-64, times up to an hour.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Callable, Iterator, Optional, TypeVar

from checkers_desktop.inputs import brief, quote
from checkers_desktop.rules import Board, RulesError

from .book import BookUse
from .levels import InvalidLevelError, book_result, search_at_level
from .search import EMERGENCY_TIMES, MAX_DEPTH, Searcher, SearchResult

N = TypeVar("N", int, float)

__all__ = ["EngineSession", "engine_command", "MAX_LINE", "MAX_SECONDS"]

MAX_LINE = 4096
"""The longest command line read, in bytes: a FEN (at most 256 characters) and a game's moves
(a long game's moves take some 2,000). A longer line is refused whole."""
MAX_SECONDS = 3600.0
"""The longest search asked for with ``go time``, seconds."""
FULL_STRENGTH = 6
"""The level a bare ``go`` plays at: the window's strongest."""


class CommandError(ValueError):
    """A command line that cannot be carried out; the message says why, quoting it briefly."""


class EngineSession:
    """The state of one ``engine`` process: the position and the searcher (its transposition
    table kept between searches). :meth:`handle` takes one command line and returns the lines to
    answer (an empty list for none); ``None`` asks the process to end."""

    def __init__(self, searcher: Optional[Searcher] = None) -> None:
        self.board = Board()
        self.searcher = searcher if searcher is not None else Searcher()

    def handle(self, line: str) -> Optional[list[str]]:
        words = line.split()
        if not words or words[0].startswith("#"):
            return []
        keyword = words[0].lower()
        try:
            if keyword == "quit":
                return None
            if keyword == "isready":
                return ["readyok"]
            if keyword == "newgame":
                self.searcher.clear_table()
                self.board = Board()
                return []
            if keyword == "position":
                self.board = self._position(words[1:])
                return []
            if keyword == "go":
                return self._go(words[1:])
            raise CommandError(f"unknown command {quote(words[0])}: the commands are "
                               "position, go, newgame, isready and quit")
        except CommandError as exc:
            return [f"error {exc}"]

    # --- the commands --------------------------------------------------------------------
    @staticmethod
    def _position(words: list[str]) -> Board:
        if not words:
            raise CommandError("position needs 'startpos' or 'fen FEN'")
        rest = words[1:]
        if words[0].lower() == "startpos":
            board = Board()
        elif words[0].lower() == "fen" and rest:
            fen, rest = rest[0], rest[1:]
            try:
                board = Board(fen)
            except (RulesError, ValueError) as exc:
                raise CommandError(str(exc)) from None
        else:
            raise CommandError(f"position {quote(' '.join(words))}: give 'startpos' or "
                               "'fen FEN'")
        if rest:
            if rest[0].lower() != "moves":
                raise CommandError(f"{quote(rest[0])} after the position: give 'moves' and "
                                   "the moves")
            for text in rest[1:]:
                try:
                    board.push_pdn(text)
                except (RulesError, ValueError) as exc:
                    raise CommandError(f"move {quote(text)} after {board.ply} plies: "
                                       f"{brief(str(exc), 200)}") from None
        return board

    def _go(self, words: list[str]) -> list[str]:
        if len(words) not in (0, 2):
            raise CommandError("go takes nothing, or 'time SECONDS', 'depth PLIES' or "
                               "'level N'")
        board = self.board
        if not words:
            result = search_at_level(board, FULL_STRENGTH, searcher=self.searcher)
        else:
            what, value = words[0].lower(), words[1]
            if what == "time":
                seconds = _number(value, float, "time", 0.0, MAX_SECONDS, open_low=True)
                found = book_result(board, BookUse.STRONG)
                result = found if found is not None else self.searcher.search(
                    board, time_limit=seconds,
                    most_time=min(EMERGENCY_TIMES * seconds, MAX_SECONDS))
            elif what == "depth":
                depth = _number(value, int, "depth", 1, MAX_DEPTH)
                result = self.searcher.search(board, depth=depth)
            elif what == "level":
                level = _number(value, int, "level", 1, 6)
                try:
                    result = search_at_level(board, level)
                except InvalidLevelError as exc:  # pragma: no cover - bounds checked above
                    raise CommandError(str(exc)) from None
            else:
                raise CommandError(f"go {quote(what)}: give time, depth or level")
        return answer_lines(result)


def answer_lines(result: SearchResult) -> list[str]:
    """``bestmove MOVE`` and the ``info`` line of a search (see the module text)."""
    move = result.move.pdn() if result.move is not None else "none"
    return [f"bestmove {move}",
            f"info score {result.score} depth {result.depth} nodes {result.nodes} "
            f"seconds {result.seconds:.3f}"]


def _number(text: str, kind: Callable[[str], N], what: str, low: N, high: N,
            open_low: bool = False) -> N:
    try:
        value = kind(text)
    except ValueError:
        raise CommandError(f"{what} {quote(text)} is not a number") from None
    if value != value or value < low or value > high or (open_low and value == low):
        raise CommandError(f"{what} {quote(text)} is out of range: {low} to {high}")
    return value


class InputNotText(Exception):
    """Standard input holds binary data (a NUL byte), or a line runs past :data:`MAX_SKIP`:
    not commands; the process ends (exit status 2) rather than read on for ever."""


MAX_SKIP = 1 << 20
"""The most bytes of one overlong line read past before the input is taken for something else."""


def read_commands(stream: IO[bytes], max_line: int = MAX_LINE) -> Iterator[Optional[str]]:
    """Yield each command line of ``stream`` (bytes) as text, as soon as it is complete (the
    process answers line by line). A line longer than ``max_line`` bytes, or not UTF-8, yields
    ``None`` in its place (the caller answers an error) and is read past without being kept.
    Raises :class:`InputNotText` for a NUL byte or a line over :data:`MAX_SKIP` bytes."""
    while True:
        raw = stream.readline(max_line + 1)
        if not raw:
            return
        if b"\0" in raw:
            raise InputNotText("standard input holds binary data, not text commands")
        if len(raw) > max_line and not raw.endswith(b"\n"):
            skipped = len(raw)
            while True:  # the rest of the line, a bounded piece at a time
                more = stream.readline(max_line + 1)
                skipped += len(more)
                if b"\0" in more:
                    raise InputNotText("standard input holds binary data, not text commands")
                if not more or more.endswith(b"\n"):
                    break
                if skipped > MAX_SKIP:
                    raise InputNotText(f"a line of standard input runs past {MAX_SKIP:,} "
                                       "bytes: it is not a command")
            yield None
            continue
        try:
            yield raw.rstrip(b"\r\n").decode("utf-8")
        except UnicodeDecodeError:
            yield None


def engine_command(args: argparse.Namespace, stdin: Optional[IO[bytes]] = None,
                   stdout: Optional[IO[str]] = None) -> int:
    """Run the protocol on standard input and output (see the module text). Exit status 0, or 2
    when standard input is not text commands (binary data, a line of over a MiB)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    session = EngineSession()
    try:
        for line in read_commands(stdin):
            answer: Optional[list[str]]
            if line is None:
                answer = [f"error a command line is at most {MAX_LINE} bytes of UTF-8 text"]
            else:
                answer = session.handle(line)
                if answer is None:
                    break
            for text in answer:
                stdout.write(text + "\n")
            stdout.flush()
    except InputNotText as exc:
        print(f"checkers-desktop engine: {exc}", file=sys.stderr)
        return 2
    return 0
