"""PDN (Portable Draughts Notation) records of English draughts: read, write and replay.

Reads PDN 3.0 as found in real files (../shared/pdn/README.md lists their quirks): tag pairs
``[Name "value"]`` (any order; ``SetUp`` or ``Setup``; a ``FEN`` tag with or without a final "."),
move numbers ``1.`` and ``1...``, an ``x`` also for plain moves ("10x14"), captures with the whole
path ("26x17x10x1") or only start and end ("20x4"), comments ``{...}`` (over several lines) and
``;`` to the end of the line, NAGs (``$1``, ``!``, ``?``, ``!?``), variations ``( ... )`` (nested),
results ``1-0`` (Black, the first mover, won), ``0-1`` (White won), ``1/2-1/2`` and ``*``, games not
separated by a blank line ("0-1[Event ..."), and words without digits outside braces (tinsley.pdn:
"8-11Redoversteppedthetimecontrolonthismove."), which are kept as a comment.

Every move is resolved against the position with :meth:`Board.parse_move`, so a :class:`Game` holds
real :class:`Move` objects with their whole path. A game that cannot be replayed does not stop the
others: :func:`read_games` yields a :class:`ParsedGame` for each game, with the :class:`PdnProblem`
found in it (game number from 1, ply from 1, reason). Only GameType 21 (English draughts) is played.

Writing (:func:`write_game`) gives tags in their order, then the moves with their whole path, move
numbers, NAGs, comments, variations and the result; reading it back gives the same game.

Limits (a careless or hostile file is refused in bounded time and memory, never with a traceback):
a file of at most :data:`MAX_PDN_BYTES` (20 MB), read by :func:`read_pdn_file` only if it is a
regular file; a tag value of at most :data:`MAX_TAG_CHARS` characters and :data:`MAX_TAGS` tags a
game; a comment of at most :data:`MAX_COMMENT_CHARS`; variations nested at most
:data:`MAX_VARIATION_DEPTH` deep (read without recursion); a game of at most
:data:`MAX_GAME_MOVES` moves and variations and :data:`MAX_GAME_CHARS` characters. Past one,
reading stops with :class:`PdnLimitError`; binary data and text that holds no game raise
:class:`NotPdnError`. Time is linear in the text (about 3 s a MB of real games on the development
machine, most of it replaying the moves); memory is the text plus one game.
"""

from __future__ import annotations

import argparse
import enum
import io
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional, Union

from ..inputs import (MIB, PathLike, InputError, InputProblem, brief, brief_message, decode_text, describe_path,
                      quote, read_bytes)
from .board import STARTING_FEN, Board
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidPdnError, RulesError
from .notation import parse_squares
from .types import BLACK, Move
from .geometry import is_square

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""PDN results: "1-0" Black (the first mover) won, "0-1" White won, "1/2-1/2" drawn, "*" unknown."""

ENGLISH_GAME_TYPE = "21"
"""PDN GameType of English draughts / American checkers."""

_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>\{[^}]*\})
  | (?P<open_comment>\{)
  | (?P<line_comment>;[^\n]*)
  | (?P<tag>\[\s*(?P<tag_name>[A-Za-z0-9_]+)\s*"(?P<tag_value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<bad_tag>\[[^\]\n]*\]?)
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?![\w/*-]))
  | (?P<number>\d+\.+)
  | (?P<move>\d+(?:[-xX:]\d+)+)(?P<suffix>[!?]{1,2})?
  | (?P<nag>\$\d+|[!?]{1,2})
  | (?P<open>\()
  | (?P<close>\))
  | (?P<other>[^\s{}()\[\];]+|.)
""", re.VERBOSE)

_NEXT_TAG_LINE_RE = re.compile(r"\n\s*\[")

_REMOVE_RE = re.compile(r"\[%remove\s+(\d{1,2})\]")
"""A checker removed as a penalty (VA rulebook 3:00 s4: at 30 s "the opposing competitor will have
the opportunity to select a checker to be removed"). PDN has no notation for it, so it is written in
a comment after the move it followed, as ``[%remove 22]`` (the ``[%command ...]`` form PGN uses for
machine-readable data in comments)."""


def removals(comments: Iterable[str]) -> list[int]:
    """The squares (1-32) of the ``[%remove N]`` markers in ``comments``, in order."""
    return [int(m.group(1)) for c in comments for m in _REMOVE_RE.finditer(c)]


def apply_removals(board: Board, comments: Iterable[str]) -> list[int]:
    """Take the pieces named by ``[%remove N]`` markers off ``board``; returns the squares.

    Raises ``InvalidPdnError`` (changing nothing) when a marker names a square outside 1-32 or an
    empty square.
    """
    squares = removals(comments)
    for sq in squares:
        if not is_square(sq) or board.piece_at(sq) is None:
            raise InvalidPdnError(f"'[%remove {sq}]' names no piece in {board.fen()}")
    for sq in squares:
        board.set_piece_at(sq, None)
    return squares


# --- the record ---------------------------------------------------------------------------------
@dataclass(eq=False)
class GameNode:
    """One move of a record with what is written around it.

    ``move`` is the resolved :class:`Move` (whole path), or None when it could not be resolved (then
    ``text`` keeps it as written). ``nags`` are written after the move ("$1", "!", "?!"),
    ``comments`` are the ``{...}`` texts after it, ``variations`` the alternatives to this move (each
    a list of nodes starting from the position before this move); ``comments_before`` are comments
    written before the first move of a variation.
    """

    move: Optional[Move]
    text: str = ""
    nags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[list["GameNode"]] = field(default_factory=list)
    comments_before: list[str] = field(default_factory=list)

    @property
    def notation(self) -> str:
        """The move as written on output: the whole path ("26x17x10"), else the text read."""
        return self.move.pdn() if self.move is not None else self.text

    def __eq__(self, other: object) -> bool:
        # Equal when they write the same: "20x4" read and "20x11x4" written are the same move.
        if not isinstance(other, GameNode):
            return NotImplemented
        return (self.move, self.notation, self.nags, self.comments, self.variations,
                self.comments_before) == (other.move, other.notation, other.nags, other.comments,
                                          other.variations, other.comments_before)


@dataclass
class Game:
    """A PDN game: ``tags`` (insertion-ordered dict), the start position (the ``FEN`` tag, else the
    standard start), the main line ``nodes``, comments before the first move (``intro``) and the
    ``result`` ("1-0", "0-1", "1/2-1/2" or "*")."""

    tags: dict[str, str] = field(default_factory=dict)
    nodes: list[GameNode] = field(default_factory=list)
    result: str = "*"
    intro: list[str] = field(default_factory=list)

    # --- start position and moves ---
    @property
    def fen(self) -> str:
        """The FEN of the start position: the ``FEN`` tag (any case of the name), else the start."""
        for name, value in self.tags.items():
            if name.lower() == "fen" and value.strip():
                return value
        return STARTING_FEN

    def start_board(self) -> Board:
        """A board at the start position. Raises ``InvalidFenError`` for a bad FEN tag."""
        return Board(self.fen)

    @property
    def moves(self) -> list[Move]:
        """The main line's resolved moves, in order (stops at the first unresolved one)."""
        out = []
        for node in self.nodes:
            if node.move is None:
                break
            out.append(node.move)
        return out

    @property
    def comments(self) -> dict[int, list[str]]:
        """Comments by ply: 0 for those before the first move, ``n`` for those after move ``n``."""
        out: dict[int, list[str]] = {}
        if self.intro:
            out[0] = list(self.intro)
        for ply, node in enumerate(self.nodes, 1):
            if node.comments:
                out[ply] = list(node.comments)
        return out

    def board(self) -> Board:
        """A board after the main line's resolved moves (with them on its move stack)."""
        board = self.start_board()
        apply_removals(board, self.intro)
        for node in self.nodes:
            if node.move is None:
                break
            board.push(node.move)
            apply_removals(board, node.comments)
        return board

    def add_move(self, move: Move, comment: Optional[str] = None,
                 nags: Iterable[str] = ()) -> GameNode:
        """Append a move to the main line (not checked here: :func:`write_game` writes it as given)."""
        node = GameNode(move, move.pdn(), list(nags), [comment] if comment else [])
        self.nodes.append(node)
        return node

    @classmethod
    def from_board(cls, board: Board, tags: Optional[dict[str, str]] = None,
                   result: Optional[str] = None) -> "Game":
        """A game of the moves on ``board``'s stack, from its root position.

        The seven standard tags come first (``Event``, ``Site``, ``Date``, ``Round``, ``Black``,
        ``White``, ``Result``) with ``?`` where unknown, then ``GameType "21"``, then ``SetUp`` and
        ``FEN`` when the root is not the standard start; ``tags`` override them. ``result`` defaults
        to the board's outcome ("1-0"/"0-1") or "*". Raises ``InvalidPdnError`` for another result.
        """
        root = board.root()
        if result is None:
            outcome = board.outcome()
            result = outcome.result() if outcome else "*"
        if result not in RESULTS:
            raise InvalidPdnError(f"result {result!r} is not one of {', '.join(RESULTS)}")
        all_tags = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "Black": "?",
                    "White": "?", "Result": result, "GameType": ENGLISH_GAME_TYPE}
        if root.fen() != Board().fen():
            all_tags["SetUp"] = "1"
            all_tags["FEN"] = root.fen()
        all_tags.update(tags or {})
        game = cls(all_tags, [], result)
        for move in board.move_stack:
            game.add_move(move)
        return game


class PdnLimit(enum.Enum):
    """Which limit of the reader a PDN text passed (see the module's limits)."""

    FILE_SIZE = "file size"
    TAG_LENGTH = "tag length"
    TAG_COUNT = "tag count"
    COMMENT_LENGTH = "comment length"
    VARIATION_DEPTH = "variation depth"
    GAME_MOVES = "game moves"
    GAME_SIZE = "game size"


MAX_PDN_BYTES = 20 * MIB
"""The largest PDN file read (bytes; 20 MB, also the most characters of a PDN text). The largest
real file in ../shared/pdn (tinsley.pdn, 724 games) is 0.34 MB; 20 MB holds some 40,000 games."""

MAX_TAG_CHARS = 1000
"""The longest tag value, in characters. The PGN standard (1994, section 7), on which PDN is built,
limits a string to 255 characters; the longest in ../shared/pdn is 60; four times PGN's limit is
tolerated."""

MAX_TAGS = 200
"""The most tag pairs in one game (real games have 7 to 20)."""

MAX_COMMENT_CHARS = 10_000
"""The longest comment (``{...}``, ``;`` to the end of the line, words outside braces), in
characters: some pages of annotation. PDN sets no limit; the longest in ../shared/pdn is 161."""

MAX_VARIATION_DEPTH = 64
"""The deepest nesting of variations ``( ... ( ... ) ... )``. Annotated games nest a few levels
(the files of ../shared/pdn have none); the reader works without recursion, and the writer and the
replay recurse at most this deep."""

MAX_GAME_MOVES = 10_000
"""The most moves (plies) and variations in one game, counted together. No rulebook game comes near
it: the draw rules of every profile (../shared/RULES.md) end a game long before 1,000 plies."""

MAX_GAME_CHARS = 256 * 1024
"""The longest text of one game (tags, moves, comments), in characters. A real game is 0.2 to 5 KB
(tinsley.pdn: 474 bytes a game; an annotated one some tens of KB; 10,000 plies written out about
120 KB). The window's Open and the autosave read one game, so this bounds their time and memory."""

MAX_PROBLEMS = 100
"""The most problems kept for one game; past it they are only counted
(``ParsedGame.more_problems``)."""

MAX_MOVE_CHARS = 64
"""A move token longer than this is not read as a move (the longest jump series has 9 captures,
"1x10x19x28x..." is under 40 characters)."""

PDN_WHAT = "a checkers game record (PDN)"
"""What a PDN file is, for messages: "This file is not a checkers game record (PDN)"."""


class PdnLimitError(InvalidPdnError):
    """A PDN text passed one of the reader's limits; reading stopped there.

    ``limit`` is the :class:`PdnLimit`, ``maximum`` its value, ``found`` what was found (or None
    when reading stopped as soon as the limit was passed), ``number`` the game (from 1; 0 for the
    whole text), ``line`` the line (from 1; 0 when not known).
    """

    def __init__(self, limit: PdnLimit, message: str, maximum: int, found: Optional[int] = None,
                 number: int = 0, line: int = 0) -> None:
        where = (f"game {number}" if number else "") + \
            (f"{', ' if number else ''}line {line:,}" if line else "")
        super().__init__(f"{where}: {message}" if where else message)
        self.detail = message
        self.limit = limit
        self.maximum = maximum
        self.found = found
        self.number = number
        self.line = line


class NotPdnError(InvalidPdnError):
    """Data that is not a PDN record at all: empty, binary, or text with no tag pair and no move.

    ``reason`` says why in words; ``problem`` the :class:`~checkers_desktop.inputs.InputProblem`
    (EMPTY, NOT_TEXT, ENCODING or WRONG_CONTENT); ``path`` the file when known. ``str()`` is
    "'FILE': This file is not a checkers game record (PDN): <reason>".
    """

    def __init__(self, reason: str, path: Optional[PathLike] = None,
                 problem: InputProblem = InputProblem.WRONG_CONTENT) -> None:
        where = f"{describe_path(path)}: " if path is not None else ""
        super().__init__(f"{where}This file is not {PDN_WHAT}: {reason}")
        self.reason = reason
        self.path = path
        self.problem = problem


class PdnProblem(InvalidPdnError):
    """Why a game of a PDN file could not be read or replayed.

    ``number`` is the game's number in the file (from 1), ``ply`` the half-move (from 1; 0 for the
    tags), ``reason`` the explanation (quoting the text briefly), ``text`` the move or text at
    fault, ``candidates`` the moves an ambiguous short capture fits, ``line`` the line in the file
    (from 1, 0 when not known).
    """

    def __init__(self, number: int, ply: int, reason: str, text: str = "",
                 candidates: tuple[Move, ...] = (), line: int = 0) -> None:
        super().__init__(f"game {number}, ply {ply}: {reason}")
        self.number = number
        self.ply = ply
        self.reason = reason
        self.text = text
        self.candidates = candidates
        self.line = line


@dataclass
class ParsedGame:
    """One game read from a file: its number (from 1), the game (as far as it could be read) and the
    problems found (empty when the game replays as legal English draughts; at most
    :data:`MAX_PROBLEMS`, the others counted in ``more_problems``)."""

    number: int
    game: Game
    problems: list[PdnProblem] = field(default_factory=list)
    more_problems: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class GameHeader:
    """One game of a PDN text as its tag pairs give it, its moves not read: ``number`` (from 1)
    and ``tags`` (name -> value, as written; :meth:`PdnReader.headers`)."""

    number: int
    tags: dict[str, str]


# --- reading ------------------------------------------------------------------------------------
class _Token:
    __slots__ = ("kind", "text", "line", "pos", "name", "value", "suffix")

    def __init__(self, kind: str, text: str, line: int, pos: int, name: str = "",
                 value: str = "", suffix: str = "") -> None:
        self.kind = kind
        self.text = text
        self.line = line
        self.pos = pos
        self.name = name
        self.value = value
        self.suffix = suffix


# White space, then one token. Every alternative is linear (no nested repetition); a comment's "{"
# is found here and read by _tokens itself. Digits are ASCII only: "１１-１５" is not a move.
_TOKEN_RE = re.compile(r"""\s*(?:
    (?P<brace>\{)
  | (?P<escape>(?<![^\r\n])%[^\r\n]*)
  | (?P<line_comment>;[^\n]*)
  | (?P<tag>\[\s*(?P<tag_name>[A-Za-z0-9_]+)\s*"(?P<tag_value>[^"\\]*(?:\\.[^"\\]*)*)"\s*\])
  | (?P<bad_tag>\[[^\]\n]*\]?)
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?![\w/*-]))
  | (?P<number>[0-9]+\.+)
  | (?P<movefull>(?P<move>[0-9]+(?:[-xX:][0-9]+)+)(?P<suffix>[!?]{1,2})?)
  | (?P<nag>\$[0-9]+|[!?]{1,2})
  | (?P<open>\()
  | (?P<close>\))
  | (?P<other>[^\s{}()\[\];]+|[^{])
  | (?P<end>\Z)
)""", re.VERBOSE)

_NEXT_TAG_LINE_RE = re.compile(r"\n[ \t\r\f\v]*\[")


def _tokens(text: str, first_line: int = 1) -> Iterator[_Token]:
    """The tokens of a PDN text, with their line numbers and offsets (white space left out).

    Raises :class:`PdnLimitError` for a tag value longer than :data:`MAX_TAG_CHARS` or a comment
    longer than :data:`MAX_COMMENT_CHARS`. Time is linear in the text's length.
    """
    line = first_line
    pos = 0
    n = len(text)
    next_close = -2  # offset of the next "}" at or after a "{" (-1: none; -2: not looked for)
    match = _TOKEN_RE.match
    count = text.count
    while pos < n:
        m = match(text, pos)
        # ``other`` takes any character and ``end`` the end, so a token always matches
        assert m is not None and m.lastgroup is not None
        kind = m.lastgroup
        start = m.start(kind)
        if start > pos:
            line += count("\n", pos, start)
        if kind == "brace":
            if next_close != -1 and next_close < start:
                next_close = text.find("}", start)
            if next_close >= 0:
                end = next_close + 1
                kind = "comment"
            else:
                # An unclosed comment runs to the next tag line or the end of the text.
                nxt = _NEXT_TAG_LINE_RE.search(text, start)
                end = nxt.start() if nxt else n
                kind = "open_comment"
            if end - start - 2 > MAX_COMMENT_CHARS:
                raise PdnLimitError(
                    PdnLimit.COMMENT_LENGTH,
                    f"a comment is {end - start:,} characters long"
                    f"{' (it is never closed)' if kind == 'open_comment' else ''}; a comment may "
                    f"hold at most {MAX_COMMENT_CHARS:,}", MAX_COMMENT_CHARS, end - start,
                    line=line)
            raw = text[start:end]
            yield _Token(kind, raw, line, start)
            line += raw.count("\n")
            pos = end
            continue
        pos = m.end()
        if kind == "move" or kind == "suffix" or kind == "movefull":
            yield _Token("move", m.group("move"), line, start, suffix=m.group("suffix") or "")
        elif kind == "tag":
            value = m.group("tag_value")
            if len(value) > MAX_TAG_CHARS:
                raise PdnLimitError(
                    PdnLimit.TAG_LENGTH,
                    f"the tag [{quote(m.group('tag_name'), 20)[1:-1]} ...] is "
                    f"{len(value):,} characters long; a tag value may hold at most "
                    f"{MAX_TAG_CHARS:,}", MAX_TAG_CHARS, len(value), line=line)
            if "\\" in value:
                value = re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)
            raw = m.group(kind)
            yield _Token("tag", raw, line, start, m.group("tag_name"), value)
            line += raw.count("\n")
            continue
        elif kind == "end" or kind == "escape":
            pass
        else:
            raw = m.group(kind)
            if len(raw) > MAX_COMMENT_CHARS:
                raise PdnLimitError(
                    PdnLimit.COMMENT_LENGTH,
                    f"a comment or word is {len(raw):,} characters long; a comment may hold at "
                    f"most {MAX_COMMENT_CHARS:,}", MAX_COMMENT_CHARS, len(raw), line=line)
            yield _Token(kind, raw, line, start)


_COMMENT_KINDS = ("comment", "line_comment", "open_comment")


def _split_games(text: str) -> Iterator[tuple[int, list[_Token], list[_Token]]]:
    """Group tokens into games: (number, tag tokens, movetext tokens). A game ends at its result
    (outside variations) or where a tag follows movetext.

    Raises :class:`PdnLimitError` (naming the game) when a game passes :data:`MAX_GAME_CHARS`,
    :data:`MAX_TAGS` or :data:`MAX_VARIATION_DEPTH`, or a token a length limit.
    """
    tags: list[_Token] = []
    body: list[_Token] = []
    depth = 0
    number = 1
    start = -1  # offset of the game's first token

    def limit(kind: PdnLimit, message: str, maximum: int, tok: _Token,
              found: Optional[int] = None) -> PdnLimitError:
        return PdnLimitError(kind, message, maximum, found, number, tok.line)

    tokens = _tokens(text)
    while True:
        try:
            tok = next(tokens)
        except StopIteration:
            break
        except PdnLimitError as exc:
            raise PdnLimitError(exc.limit, exc.detail, exc.maximum, exc.found, number,
                                exc.line) from None
        if start < 0:
            start = tok.pos
        elif tok.pos - start > MAX_GAME_CHARS:
            raise limit(PdnLimit.GAME_SIZE, f"the game is longer than {MAX_GAME_CHARS // 1024} KB "
                        "of text; no real game is", MAX_GAME_CHARS, tok)
        if tok.kind in ("tag", "bad_tag"):
            only_comments = all(t.kind in _COMMENT_KINDS for t in body)
            if not only_comments or (tok.kind == "tag" and any(t.name == tok.name for t in tags)):
                # movetext then a tag, or a tag name seen again: a new game begins
                yield number, tags, body
                number += 1
                tags, body, depth, start = [], [], 0, tok.pos
            elif not tags:
                body = []  # comments before the first tag of the file belong to no game
                start = tok.pos
            tags.append(tok)
            if len(tags) > MAX_TAGS:
                raise limit(PdnLimit.TAG_COUNT, f"the game has more than {MAX_TAGS} tag pairs",
                            MAX_TAGS, tok)
            continue
        body.append(tok)
        if tok.kind == "open":
            depth += 1
            if depth > MAX_VARIATION_DEPTH:
                raise limit(PdnLimit.VARIATION_DEPTH,
                            f"variations are nested more than {MAX_VARIATION_DEPTH} deep",
                            MAX_VARIATION_DEPTH, tok)
        elif tok.kind == "close":
            depth = max(0, depth - 1)
        elif tok.kind == "result" and depth == 0:
            yield number, tags, body
            number += 1
            tags, body, depth, start = [], [], 0, -1
    if tags or any(t.kind not in _COMMENT_KINDS for t in body):
        yield number, tags, body


class _Frame:
    """An open line of moves while the structure is read: the main line or a variation."""

    __slots__ = ("nodes", "pending", "start_ply")

    def __init__(self, start_ply: int) -> None:
        self.nodes: list[GameNode] = []
        self.pending: list[str] = []  # comments before the first move of a variation
        self.start_ply = start_ply


class _GameBuilder:
    """Turns one game's tokens into a :class:`Game`: first the move text's structure (moves, NAGs,
    comments, variations), then each move resolved against the position; problems are noted."""

    def __init__(self, number: int, tag_tokens: list[_Token], body: list[_Token]) -> None:
        self.number = number
        self.problems: list[PdnProblem] = []
        self.more_problems = 0
        self.game = Game()
        self.tag_tokens = tag_tokens
        self.body = body
        self.lines: dict[int, int] = {}  # id(node) -> line in the file

    def problem(self, ply: int, reason: str, text: str = "", candidates: tuple[Move, ...] = (), line: int = 0) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.more_problems += 1
            return
        self.problems.append(PdnProblem(self.number, ply, reason, text[:MAX_MOVE_CHARS],
                                        candidates, line))

    def build(self) -> ParsedGame:
        game = self.game
        for tok in self.tag_tokens:
            if tok.kind == "bad_tag":
                self.problem(0, f"{quote(tok.text)} is not a tag pair such as [Event \"name\"]",
                             tok.text, line=tok.line)
            else:
                game.tags[tok.name] = tok.value
        game.result = game.tags.get("Result", "*")
        if game.result not in RESULTS:
            game.result = "*"
        game.nodes = self._parse_lines()
        board: Optional[Board] = None
        game_type = next((v for k, v in game.tags.items() if k.lower() == "gametype"), "")
        kind = game_type.split(",")[0].strip()
        if kind and kind != ENGLISH_GAME_TYPE:
            self.problem(0, f"GameType {quote(game_type)} is not English draughts (21)", game_type)
        else:
            setup = next((v for k, v in game.tags.items() if k.lower() == "setup"), "")
            has_fen = any(k.lower() == "fen" and v.strip() for k, v in game.tags.items())
            if setup.strip() == "1" and not has_fen:
                self.problem(0, "SetUp \"1\" without a FEN tag", setup)
            try:
                board = game.start_board()
            except RulesError as exc:
                self.problem(0, f"bad FEN tag: {exc}", game.fen)
        if board is not None:
            try:
                apply_removals(board, game.intro)
            except InvalidPdnError as exc:
                self.problem(0, str(exc))
                board = None
        if board is not None:
            self._resolve(game.nodes, board, 0, "")
        self.problems.sort(key=lambda p: p.ply)
        return ParsedGame(self.number, game, self.problems, self.more_problems)

    # --- pass 1: structure ---
    def _parse_lines(self) -> list[GameNode]:
        """The main line with its variations, read without recursion: an explicit stack holds
        the open lines (its depth is bounded by :data:`MAX_VARIATION_DEPTH`, checked when the
        tokens were grouped). Raises :class:`PdnLimitError` past :data:`MAX_GAME_MOVES` moves."""
        main = _Frame(0)
        stack: list[_Frame] = [main]
        moves = 0
        for tok in self.body:
            frame = stack[-1]
            top = frame is main
            nodes = frame.nodes
            kind = tok.kind
            ply = frame.start_ply + len(nodes)
            if kind == "close":
                if top:
                    self.problem(ply, "')' without a matching '('", ")", line=tok.line)
                    continue
                stack.pop()
                parent = stack[-1]
                if parent.nodes:
                    parent.nodes[-1].variations.append(nodes)
                continue
            if kind == "number":
                continue
            if kind in ("comment", "line_comment", "open_comment", "other"):
                if kind == "other" and any(c in "0123456789" for c in tok.text):
                    self.problem(ply + 1, f"{quote(tok.text)} is not a move, move number, comment "
                                 "or result", tok.text, line=tok.line)
                    continue
                if kind == "open_comment":
                    self.problem(ply, "a comment '{' is never closed with '}'", tok.text[:40],
                                 line=tok.line)
                if kind == "comment":
                    text = tok.text[1:-1].strip()
                elif kind == "other":
                    # Words outside braces (tinsley.pdn: "8-11Redoversteppedthetimecontrol...")
                    # are kept as a comment.
                    text = tok.text
                else:
                    text = tok.text[1:].strip()
                if nodes:
                    nodes[-1].comments.append(text)
                elif top:
                    self.game.intro.append(text)
                else:
                    frame.pending.append(text)
                continue
            if kind == "nag":
                if nodes:
                    nodes[-1].nags.append(tok.text)
                else:
                    self.problem(ply, f"NAG {quote(tok.text)} before any move", tok.text,
                                 line=tok.line)
                continue
            if kind == "result":
                if top:
                    self.game.result = tok.text
                else:
                    self.problem(ply, f"result {tok.text!r} inside a variation", tok.text,
                                 line=tok.line)
                continue
            if kind == "open":
                moves += 1
                if moves > MAX_GAME_MOVES:
                    raise self._too_long(tok)
                if not nodes:
                    self.problem(ply, "a variation '(' before any move", "(", line=tok.line)
                stack.append(_Frame(max(ply - 1, 0)))
                continue
            if kind == "move":
                moves += 1
                if moves > MAX_GAME_MOVES:
                    raise self._too_long(tok)
                node = GameNode(None, tok.text, [tok.suffix] if tok.suffix else [],
                                comments_before=frame.pending)
                frame.pending = []
                self.lines[id(node)] = tok.line
                nodes.append(node)
                continue
            self.problem(ply, f"{quote(tok.text)} is not PDN here", tok.text, line=tok.line)
        while len(stack) > 1:
            frame = stack.pop()
            self.problem(frame.start_ply + len(frame.nodes),
                         "a variation '(' is never closed with ')'", "(")
            parent = stack[-1]
            if parent.nodes:
                parent.nodes[-1].variations.append(frame.nodes)
        return main.nodes

    def _too_long(self, tok: _Token) -> PdnLimitError:
        return PdnLimitError(PdnLimit.GAME_MOVES,
                             f"the game has more than {MAX_GAME_MOVES:,} moves and variations; no "
                             "real game has", MAX_GAME_MOVES, None, self.number, tok.line)

    # --- pass 2: moves ---
    def _resolve(self, nodes: list[GameNode], board: Board, start_ply: int, where: str) -> None:
        """Resolve ``nodes`` from ``board`` (a copy is used). Stops at the first move that cannot be
        played; an ambiguous short capture is reported and then read as the candidate with which
        the rest of the line replays furthest. Recurses into variations, at most
        :data:`MAX_VARIATION_DEPTH` deep."""
        board = board.copy(stack=False)
        for i, node in enumerate(nodes):
            ply = start_ply + i + 1
            line = self.lines.get(id(node), 0)
            if len(node.text) > MAX_MOVE_CHARS:
                self.problem(ply, where + f"{quote(node.text)} is not a move: it is too long",
                             node.text, line=line)
                return
            before = board.copy(stack=False)
            try:
                move = board.parse_move(node.text)
            except AmbiguousMoveError as exc:
                move = self._disambiguate(board, node.text, exc, nodes[i + 1:], ply, line, where)
            except IllegalMoveError as exc:
                self.problem(ply, where + _illegal_reason(node.text, board, exc), node.text,
                             line=line)
                return
            except RulesError as exc:
                self.problem(ply, where + str(exc), node.text, line=line)
                return
            board.push(move)
            node.move = move
            try:
                apply_removals(board, node.comments)
            except InvalidPdnError as exc:
                self.problem(ply, where + str(exc), node.text, line=line)
                return
            for variation in node.variations:
                self._resolve(variation, before, ply - 1, "in a variation: ")

    def _disambiguate(self, board: Board, text: str, exc: AmbiguousMoveError,
                      rest: list[GameNode], ply: int, line: int, where: str) -> Move:
        """The candidate to go on with after an ambiguous short capture (reported here unless every
        candidate gives the same position)."""
        candidates = tuple(exc.candidates)
        outcomes = set()
        for cand in candidates:
            board.push(cand)
            outcomes.add(board.key())
            board.pop()
        if len(outcomes) == 1:
            # A king taking the same pieces going round either way: the same position either way.
            return candidates[0]
        self.problem(ply, where + f"the short capture {quote(text)} is ambiguous: it fits "
                     + ", ".join(m.pdn() for m in candidates), text, candidates, line)

        def reach(cand: Move) -> int:
            trial = board.copy(stack=False)
            trial.push(cand)
            for n, node in enumerate(rest):
                if len(node.text) > MAX_MOVE_CHARS:
                    return n
                try:
                    trial.push(trial.parse_move(node.text))
                except RulesError:
                    return n
            return len(rest)

        return max(candidates, key=reach)


def _illegal_reason(text: str, board: Board, exc: IllegalMoveError) -> str:
    """Why a move is illegal, in words (the square it leaves or lands on, or the jump required)."""
    side = "Black" if board.turn is BLACK else "White"
    try:
        squares, _ = parse_squares(text)
    except RulesError:
        return str(exc)
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    facts = []
    if piece is None:
        facts.append(f"square {start} is empty")
    elif piece.color is not board.turn:
        facts.append(f"the piece on {start} is not {side}'s")
    if end != start and board.piece_at(end) is not None:
        facts.append(f"square {end} is occupied")
    if exc.required_captures:
        facts.append("a jump is required (" + ", ".join(m.pdn() for m in exc.required_captures)
                     + ")")
    why = " and ".join(facts) or "no legal move fits it"
    return f"{side}'s {quote(text)} is illegal: {why} (position {board.fen()})"


Source = Union[str, bytes, os.PathLike[str], io.IOBase]
"""What the reader takes: PDN text (``str``), bytes, a path (``pathlib.Path``) or an open stream."""

_LOOKS_LIKE_PDN_RE = re.compile(
    r'\[[ \t]*[A-Za-z0-9_]+[ \t]*"|(?<![0-9])[0-9]{1,2}[-xX:][0-9]{1,2}(?![0-9])')


def _too_large(size: Optional[int], path: Optional[PathLike] = None) -> PdnLimitError:
    where = f"{describe_path(path)}: " if path is not None else ""
    found = f" ({size / MIB:,.1f} MB)" if size else ""
    return PdnLimitError(PdnLimit.FILE_SIZE, f"{where}the PDN text is too large{found}; a PDN file "
                         f"may be at most {MAX_PDN_BYTES // MIB} MB", MAX_PDN_BYTES, size)


def decode_pdn(data: bytes, path: Optional[PathLike] = None) -> str:
    """The text of a PDN file's bytes: UTF-8 (or UTF-16 with a byte-order mark), else Windows-1252,
    the encoding of old programs' files (the PGN standard on which PDN is built uses ISO 8859-1).

    Raises :class:`NotPdnError` for binary data (NUL bytes, control characters), and
    :class:`PdnLimitError` for more than :data:`MAX_PDN_BYTES` bytes.
    """
    if len(data) > MAX_PDN_BYTES:
        raise _too_large(len(data), path)
    try:
        return decode_text(data, fallback="cp1252")
    except InputError as exc:
        raise NotPdnError(exc.reason, path, exc.problem) from None


def read_pdn_file(path: PathLike) -> str:
    """The text of the PDN file ``path``, read within limits, for :func:`read_games`.

    What is not a regular file (a folder, a FIFO, ``/dev/zero``) is refused before reading; the file
    is read in chunks, at most :data:`MAX_PDN_BYTES` bytes. Raises
    :class:`~checkers_desktop.inputs.InputError` when the file cannot be read as a file (missing,
    not permitted, a folder, not a regular file, too large), and :class:`NotPdnError` when it is
    not a PDN record (empty, binary, or text with no tag pair and no move).
    """
    try:
        data = read_bytes(path, MAX_PDN_BYTES, "PDN file")
    except InputError as exc:
        if exc.problem is InputProblem.TOO_LARGE:
            exc.reason += " (about 40,000 games)"
            exc.args = (f"{describe_path(path)}: {exc.reason}",)
        raise
    if not data.strip():
        raise NotPdnError("the file is empty", path, InputProblem.EMPTY)
    text = decode_pdn(data, path)
    if not _LOOKS_LIKE_PDN_RE.search(text):
        raise NotPdnError('it holds no tag pair such as [Event "..."] and no move such as 11-15',
                          path, InputProblem.WRONG_CONTENT)
    return text


def _read_text(source: Source) -> str:
    if isinstance(source, os.PathLike):
        return read_pdn_file(source)
    if hasattr(source, "read"):
        data = source.read(MAX_PDN_BYTES + 1)
        if isinstance(data, bytes):
            return decode_pdn(data)
        if len(data) > MAX_PDN_BYTES:
            raise _too_large(None)
        return str(data)
    if isinstance(source, (bytes, bytearray)):
        return decode_pdn(bytes(source))
    if isinstance(source, str):
        if len(source) > MAX_PDN_BYTES:
            raise _too_large(len(source))
        return source
    raise TypeError(f"read PDN from text, a path or a stream, not {type(source).__name__}")


class PdnReader:
    """Iterates over the games of a PDN text (a ``str``), bytes, a path (``pathlib.Path``) or a
    stream, yielding a :class:`ParsedGame` per game, numbered from 1. One bad game never stops the
    rest; a text past the reader's limits does: iterating raises :class:`PdnLimitError` where the
    limit was passed (the games before it were yielded).

    Constructing it reads the source: raises :class:`PdnLimitError` for more than
    :data:`MAX_PDN_BYTES`, :class:`NotPdnError` for binary data (and, for a path, for a file that is
    empty or holds no tag and no move) and, for a path,
    :class:`~checkers_desktop.inputs.InputError` (missing, a folder, a FIFO, ...).
    """

    def __init__(self, source: Source) -> None:
        self.text = _read_text(source)

    def __iter__(self) -> Iterator[ParsedGame]:
        for number, tags, body in _split_games(self.text):
            yield _GameBuilder(number, tags, body).build()

    def headers(self) -> Iterator[GameHeader]:
        """Each game's tag pairs, in order, its moves not read (so a file of games can be
        listed to choose from: Tinsley's 724 games in about 0.3 s, against 2.4 s read in
        full). Raises :class:`PdnLimitError` where the text passes a limit, as iterating does."""
        for number, tags, _body in _split_games(self.text):
            yield GameHeader(number, {t.name: t.value for t in tags if t.kind == "tag"})

    def game(self, number: int) -> Optional[ParsedGame]:
        """Game ``number`` (from 1) read in full, the games before it only split off; None
        when the text holds fewer games. Raises :class:`PdnLimitError` as iterating does."""
        for n, tags, body in _split_games(self.text):
            if n == number:
                return _GameBuilder(n, tags, body).build()
        return None


def read_games(source: Source) -> Iterator[ParsedGame]:
    """The games of a PDN text, path or stream, each a :class:`ParsedGame` (see :class:`PdnReader`
    for what is raised)."""
    return iter(PdnReader(source))


def read_game(source: Source) -> Game:
    """The first game of a PDN text, path or stream. Raises :class:`PdnProblem` (an
    ``InvalidPdnError``) for its first problem, ``InvalidPdnError`` when there is no game, and
    what :class:`PdnReader` raises."""
    for parsed in read_games(source):
        if parsed.problems:
            raise parsed.problems[0]
        return parsed.game
    text = _read_text(source) if isinstance(source, str) else ""
    raise InvalidPdnError(f"no PDN game in {quote(text)}")


# --- writing ------------------------------------------------------------------------------------
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag_value(value: str) -> str:
    """A tag value as written: escaped, and cut to what the reader takes (:data:`MAX_TAG_CHARS`
    written characters), so that a long name typed in the app never makes a record the app cannot
    read back."""
    escaped = _escape(value)
    if len(escaped) <= MAX_TAG_CHARS:
        return escaped
    value = value[:MAX_TAG_CHARS]
    while len(_escape(value)) > MAX_TAG_CHARS:
        value = value[:-1]
    return _escape(value)


def _comment(text: str) -> str:
    # "}" cannot stand inside a PDN comment; a comment is cut to what the reader takes.
    return "{" + text.replace("}", ")")[:MAX_COMMENT_CHARS] + "}"


def _line_tokens(nodes: list[GameNode], first_ply: int) -> list[str]:
    """Move text tokens for ``nodes``; ``first_ply`` counts from 0 at the record's first move, whose
    number is 1 whichever side makes it (as the checkers books and real files do)."""
    out: list[str] = []
    need_number = True
    for i, node in enumerate(nodes):
        ply = first_ply + i
        number = ply // 2 + 1
        if node.comments_before:
            out.extend(_comment(c) for c in node.comments_before)
            need_number = True
        if ply % 2 == 0:
            out.append(f"{number}.")
        elif need_number:
            out.append(f"{number}...")
        suffix = "".join(n for n in node.nags if not n.startswith("$"))
        out.append(node.notation + suffix)
        out.extend(n for n in node.nags if n.startswith("$"))
        need_number = False
        for c in node.comments:
            out.append(_comment(c))
            need_number = True
        for variation in node.variations:
            out.append("(" + " ".join(_line_tokens(variation, ply)) + ")")
            need_number = True
    return out


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines: list[str] = []
    current = ""
    for tok in tokens:
        if current and len(current) + 1 + len(tok) > width:
            lines.append(current)
            current = tok
        else:
            current = f"{current} {tok}" if current else tok
    if current:
        lines.append(current)
    return "\n".join(lines)


def write_game(game: Game) -> str:
    """The game as PDN text: tags in their order, a blank line, then the move text (moves with their
    whole path, move numbers, NAGs, comments, variations) ending with the result, and a newline.

    A tag value longer than :data:`MAX_TAG_CHARS` or a comment longer than
    :data:`MAX_COMMENT_CHARS` is cut to that length, so that what is written can be read back.
    Raises ``InvalidPdnError`` for a result that is not a PDN result."""
    if game.result not in RESULTS:
        raise InvalidPdnError(f"result {game.result!r} is not one of {', '.join(RESULTS)}")
    head = "".join(f'[{name} "{_tag_value(str(value))}"]\n' for name, value in game.tags.items())
    tokens = [_comment(c) for c in game.intro]
    tokens += _line_tokens(game.nodes, 0)
    tokens.append(game.result)
    return head + ("\n" if head else "") + _wrap(tokens) + "\n"


def write_games(games: Iterable[Game]) -> str:
    """Several games as one PDN text, a blank line between them."""
    return "\n".join(write_game(g) for g in games)


# --- the replay command -------------------------------------------------------------------------
def describe(parsed: ParsedGame) -> str:
    """``game N (white vs black / event)``, as the replay report names a game."""
    tags = parsed.game.tags
    white = brief(tags.get("White") or "?")
    black = brief(tags.get("Black") or "?")
    event = brief(tags.get("Event") or "?")
    return f"game {parsed.number} ({white} vs {black} / {event})"


def replay_main(args: argparse.Namespace) -> int:
    """``checkers-desktop replay FILE.pdn [--profile NAME]``: replay every game of the file.

    Prints one line per problem, ``game N (white vs black / event), ply P: reason`` (at most
    :data:`MAX_PROBLEMS` a game, then how many more), and ends with
    ``games: N, replayed: N, errors: N`` (replayed: games that replay as legal English draughts;
    errors: games with a problem, so games = replayed + errors). Exit status 0 when every game
    replays, 1 when some do not, 2 for bad input: the file cannot be read (missing, a folder, a
    FIFO or device, larger than 20 MB), is not PDN (empty, binary, no tag and no move), or passes
    a limit of the reader (then the line ``error: 'FILE': game N, line L: what`` ends the output
    instead of the summary), or the profile is unknown. Errors go to standard error, one line.
    """
    profile_name = getattr(args, "profile", None)
    if profile_name:
        from .profiles import get_profile

        try:
            profile = get_profile(profile_name)
        except (KeyError, ValueError) as exc:
            print(f"error: {brief_message(str(exc))}", file=sys.stderr)
            return 2
        print(f"profile: {getattr(profile, 'title', profile_name)}")
    try:
        text = read_pdn_file(args.file)
    except (InputError, NotPdnError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    games = replayed = errors = 0
    try:
        for parsed in read_games(text):
            games += 1
            if parsed.ok:
                replayed += 1
                continue
            errors += 1
            name = describe(parsed)
            for problem in parsed.problems:
                print(f"{name}, ply {problem.ply}: {problem.reason}")
            if parsed.more_problems:
                print(f"{name}: {parsed.more_problems:,} more problems")
    except PdnLimitError as exc:
        sys.stdout.flush()
        print(f"error: {describe_path(args.file)}: {exc}; reading stopped there", file=sys.stderr)
        return 2
    if games == 0:
        print(f"error: {describe_path(args.file)}: This file is not {PDN_WHAT}: it holds no game",
              file=sys.stderr)
        return 2
    print(f"games: {games}, replayed: {replayed}, errors: {errors}")
    return 1 if errors else 0
