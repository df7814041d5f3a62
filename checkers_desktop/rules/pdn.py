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
"""

from __future__ import annotations

import io
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from .board import STARTING_FEN, Board
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidPdnError, RulesError
from .notation import parse_squares
from .types import BLACK, Move

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
        if not 1 <= sq <= 32 or board.piece_at(sq) is None:
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


class PdnProblem(InvalidPdnError):
    """Why a game of a PDN file could not be read or replayed.

    ``number`` is the game's number in the file (from 1), ``ply`` the half-move (from 1; 0 for the
    tags), ``reason`` the explanation (quoting the text), ``text`` the move or text at fault,
    ``candidates`` the moves an ambiguous short capture fits, ``line`` the line in the file (from
    1, 0 when not known).
    """

    def __init__(self, number: int, ply: int, reason: str, text: str = "",
                 candidates: tuple = (), line: int = 0) -> None:
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
    problems found (empty when the game replays as legal English draughts)."""

    number: int
    game: Game
    problems: list[PdnProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


# --- reading ------------------------------------------------------------------------------------
@dataclass
class _Token:
    kind: str
    text: str
    line: int
    name: str = ""
    value: str = ""
    suffix: str = ""


_KINDS = ("ws", "comment", "open_comment", "line_comment", "tag", "bad_tag", "result", "number",
          "move", "nag", "open", "close", "other")


def _tokens(text: str) -> Iterator[_Token]:
    """The tokens of a PDN text, with their line numbers (white space left out)."""
    line = 1
    pos = 0
    n = len(text)
    while pos < n:
        # "%" at the start of a line escapes the whole line (PDN 3.0, as PGN).
        if text[pos] == "%" and (pos == 0 or text[pos - 1] in "\r\n"):
            end = text.find("\n", pos)
            end = n if end < 0 else end
            pos = end
            continue
        m = _TOKEN_RE.match(text, pos)
        # the alternative that matched (lastgroup may name an inner group of a tag or a move)
        kind = next(k for k in _KINDS if m.group(k) is not None)
        raw = m.group(0)
        if kind == "open_comment":
            # An unclosed comment runs to the next tag line or the end of the text.
            nxt = _NEXT_TAG_LINE_RE.search(text, pos)
            end = nxt.start() if nxt else n
            raw = text[pos:end]
            yield _Token("open_comment", raw, line)
        elif kind == "tag":
            value = re.sub(r"\\(.)", r"\1", m.group("tag_value"))
            yield _Token("tag", raw, line, m.group("tag_name"), value)
        elif kind == "move":
            yield _Token("move", m.group("move"), line, suffix=m.group("suffix") or "")
        elif kind != "ws":
            yield _Token(kind, raw, line)
        line += raw.count("\n")
        pos += len(raw)


_COMMENT_KINDS = ("comment", "line_comment", "open_comment")


def _split_games(text: str) -> Iterator[tuple[list[_Token], list[_Token]]]:
    """Group tokens into games: (tag tokens, movetext tokens). A game ends at its result (outside
    variations) or where a tag follows movetext."""
    tags: list[_Token] = []
    body: list[_Token] = []
    depth = 0
    for tok in _tokens(text):
        if tok.kind in ("tag", "bad_tag"):
            only_comments = all(t.kind in _COMMENT_KINDS for t in body)
            if not only_comments or (tok.kind == "tag" and any(t.name == tok.name for t in tags)):
                # movetext then a tag, or a tag name seen again: a new game begins
                yield tags, body
                tags, body, depth = [], [], 0
            elif not tags:
                body = []  # comments before the first tag of the file belong to no game
            tags.append(tok)
            continue
        body.append(tok)
        if tok.kind == "open":
            depth += 1
        elif tok.kind == "close":
            depth = max(0, depth - 1)
        elif tok.kind == "result" and depth == 0:
            yield tags, body
            tags, body, depth = [], [], 0
    if tags or any(t.kind not in _COMMENT_KINDS for t in body):
        yield tags, body


class _GameBuilder:
    """Turns one game's tokens into a :class:`Game`: first the move text's structure (moves, NAGs,
    comments, variations), then each move resolved against the position; problems are noted."""

    def __init__(self, number: int, tag_tokens: list[_Token], body: list[_Token]) -> None:
        self.number = number
        self.problems: list[PdnProblem] = []
        self.game = Game()
        self.tag_tokens = tag_tokens
        self.body = body
        self.lines: dict[int, int] = {}  # id(node) -> line in the file

    def problem(self, ply: int, reason: str, text: str = "", candidates: tuple = (), line: int = 0):
        self.problems.append(PdnProblem(self.number, ply, reason, text, candidates, line))

    def build(self) -> ParsedGame:
        game = self.game
        for tok in self.tag_tokens:
            if tok.kind == "bad_tag":
                self.problem(0, f"{tok.text!r} is not a tag pair such as [Event \"name\"]",
                             tok.text, line=tok.line)
            else:
                game.tags[tok.name] = tok.value
        game.result = game.tags.get("Result", "*")
        if game.result not in RESULTS:
            game.result = "*"
        nodes, _ = self._parse_line(0, 0, top=True)
        game.nodes = nodes
        board: Optional[Board] = None
        game_type = next((v for k, v in game.tags.items() if k.lower() == "gametype"), "")
        kind = game_type.split(",")[0].strip()
        if kind and kind != ENGLISH_GAME_TYPE:
            self.problem(0, f"GameType {game_type!r} is not English draughts (21)", game_type)
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
            self._resolve(nodes, board, 0, "")
        self.problems.sort(key=lambda p: p.ply)
        return ParsedGame(self.number, game, self.problems)

    # --- pass 1: structure ---
    def _parse_line(self, pos: int, start_ply: int, top: bool) -> tuple[list[GameNode], int]:
        """Read a line of moves from token ``pos`` up to its ``)`` (or the end for the main line)."""
        body = self.body
        nodes: list[GameNode] = []
        pending: list[str] = []  # comments before the first move of a variation
        while pos < len(body):
            tok = body[pos]
            pos += 1
            kind = tok.kind
            ply = start_ply + len(nodes)
            if kind == "close":
                if top:
                    self.problem(ply, "')' without a matching '('", ")", line=tok.line)
                    continue
                return nodes, pos
            if kind == "number":
                continue
            if kind in ("comment", "line_comment", "open_comment", "other"):
                if kind == "other" and any(c.isdigit() for c in tok.text):
                    self.problem(ply + 1, f"{tok.text!r} is not a move, move number, comment or "
                                 "result", tok.text, line=tok.line)
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
                    pending.append(text)
                continue
            if kind == "nag":
                if nodes:
                    nodes[-1].nags.append(tok.text)
                else:
                    self.problem(ply, f"NAG {tok.text!r} before any move", tok.text, line=tok.line)
                continue
            if kind == "result":
                if top:
                    self.game.result = tok.text
                else:
                    self.problem(ply, f"result {tok.text!r} inside a variation", tok.text,
                                 line=tok.line)
                continue
            if kind == "open":
                variation, pos = self._parse_line(pos, max(ply - 1, 0), top=False)
                if nodes:
                    nodes[-1].variations.append(variation)
                else:
                    self.problem(ply, "a variation '(' before any move", "(", line=tok.line)
                continue
            if kind == "move":
                node = GameNode(None, tok.text, [tok.suffix] if tok.suffix else [],
                                comments_before=pending)
                pending = []
                self.lines[id(node)] = tok.line
                nodes.append(node)
                continue
            self.problem(ply, f"{tok.text!r} is not PDN here", tok.text, line=tok.line)
        if not top:
            self.problem(start_ply + len(nodes), "a variation '(' is never closed with ')'", "(")
        return nodes, pos

    # --- pass 2: moves ---
    def _resolve(self, nodes: list[GameNode], board: Board, start_ply: int, where: str) -> None:
        """Resolve ``nodes`` from ``board`` (a copy is used). Stops at the first move that cannot be
        played; an ambiguous short capture is reported and then read as the candidate with which
        the rest of the line replays furthest."""
        board = board.copy(stack=False)
        for i, node in enumerate(nodes):
            ply = start_ply + i + 1
            line = self.lines.get(id(node), 0)
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
        self.problem(ply, where + f"the short capture {text!r} is ambiguous: it fits "
                     + ", ".join(m.pdn() for m in candidates), text, candidates, line)

        def reach(cand: Move) -> int:
            trial = board.copy(stack=False)
            trial.push(cand)
            for n, node in enumerate(rest):
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
    return f"{side}'s {text!r} is illegal: {why} (position {board.fen()})"


Source = Union[str, bytes, os.PathLike, io.IOBase]
"""What the reader takes: PDN text (``str``), bytes, a path (``pathlib.Path``) or an open stream."""


def _read_text(source) -> str:
    if isinstance(source, os.PathLike):
        data = Path(source).read_bytes()
        return _decode(data)
    if hasattr(source, "read"):
        data = source.read()
        return _decode(data) if isinstance(data, bytes) else data
    if isinstance(source, bytes):
        return _decode(source)
    if isinstance(source, str):
        return source
    raise TypeError(f"read PDN from text, a path or a stream, not {type(source).__name__}")


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class PdnReader:
    """Iterates over the games of a PDN text (a ``str``), a path (``pathlib.Path``) or a stream,
    yielding a :class:`ParsedGame` per game, numbered from 1. One bad game never stops the rest."""

    def __init__(self, source: Source) -> None:
        self.text = _read_text(source)

    def __iter__(self) -> Iterator[ParsedGame]:
        for number, (tags, body) in enumerate(_split_games(self.text), 1):
            yield _GameBuilder(number, tags, body).build()


def read_games(source: Source) -> Iterator[ParsedGame]:
    """The games of a PDN text, path or stream, each a :class:`ParsedGame` (see :class:`PdnReader`)."""
    return iter(PdnReader(source))


def read_game(source: Source) -> Game:
    """The first game of a PDN text, path or stream. Raises :class:`PdnProblem` (an
    ``InvalidPdnError``) for its first problem, or ``InvalidPdnError`` when there is no game."""
    for parsed in read_games(source):
        if parsed.problems:
            raise parsed.problems[0]
        return parsed.game
    text = _read_text(source) if isinstance(source, str) else ""
    raise InvalidPdnError(f"no PDN game in {text[:60]!r}")


# --- writing ------------------------------------------------------------------------------------
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    # "}" cannot stand inside a PDN comment.
    return "{" + text.replace("}", ")") + "}"


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
    whole path, move numbers, NAGs, comments, variations) ending with the result, and a newline."""
    if game.result not in RESULTS:
        raise InvalidPdnError(f"result {game.result!r} is not one of {', '.join(RESULTS)}")
    head = "".join(f'[{name} "{_escape(str(value))}"]\n' for name, value in game.tags.items())
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
    white = tags.get("White") or "?"
    black = tags.get("Black") or "?"
    event = tags.get("Event") or "?"
    return f"game {parsed.number} ({white} vs {black} / {event})"


def replay_main(args) -> int:
    """``checkers-desktop replay FILE.pdn [--profile NAME]``: replay every game of the file.

    Prints one line per problem, ``game N (white vs black / event), ply P: reason``, and ends with
    ``games: N, replayed: N, errors: N`` (replayed: games that replay as legal English draughts;
    errors: games with a problem, so games = replayed + errors). Exit status 0 when every game
    replays, 1 when some do not, 2 when the file cannot be opened or the profile is unknown.
    """
    profile_name = getattr(args, "profile", None)
    if profile_name:
        try:
            from .profiles import get_profile
        except ImportError:
            get_profile = None
        if get_profile is not None:
            try:
                profile = get_profile(profile_name)
            except (KeyError, ValueError) as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            print(f"profile: {getattr(profile, 'title', profile_name)}")
        elif not re.fullmatch(r"[a-z][a-z0-9-]*", profile_name):
            print(f"error: {profile_name!r} is not a profile name", file=sys.stderr)
            return 2
        else:
            print(f"profile: {profile_name}")
    try:
        with open(args.file, "rb") as stream:
            text = _decode(stream.read())
    except OSError as exc:
        print(f"error: cannot open {args.file!r}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    games = replayed = errors = 0
    for parsed in read_games(text):
        games += 1
        if parsed.ok:
            replayed += 1
            continue
        errors += 1
        name = describe(parsed)
        for problem in parsed.problems:
            print(f"{name}, ply {problem.ply}: {problem.reason}")
    print(f"games: {games}, replayed: {replayed}, errors: {errors}")
    return 1 if errors else 0
