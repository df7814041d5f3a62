"""The position and its legal moves: :class:`Board`, in the style of python-chess.

The rules are those every rulebook in ../shared/seeds shares (digest: ../shared/RULES.md, "The game
every document shares"): men step and jump diagonally forward, kings both ways; capture is compulsory
and the player may choose any capture (VA rulebook 3:00 s6-7, WCDF 1.16-1.19); a jump series must be
completed (VA 3:00 s3); a man reaching the far row is crowned and the move ends there, also in the
middle of a jump series (VA 3:00 s9); a player who cannot move loses (VA 2:00).

Duplicate king captures (a king taking the same pieces going round either way) are two moves here,
the convention of the first column of ../shared/PERFT.md and of OEIS A133046.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterator, Optional

from . import bitboard as bb
from .errors import AmbiguousMoveError, IllegalMoveError
from .fen import format_fen, parse_fen
from .geometry import check_square
from .notation import parse_squares, path_matches
from .types import BLACK, WHITE, Color, Move, Piece, PieceKind, Square

STARTING_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


class Termination(enum.Enum):
    NO_MOVES = "no moves"
    """The side to move has no legal move: all its pieces are taken or blocked (VA rulebook 2:00)."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended on the board. ``winner`` is None for a draw."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """The PDN result: "1-0" when BLACK (the first mover) won, "0-1" for WHITE, "1/2-1/2"."""
        if self.winner is BLACK:
            return "1-0"
        if self.winner is WHITE:
            return "0-1"
        return "1/2-1/2"


def _raw_to_move(raw: bb.RawMove) -> Move:
    frm, to, cap, path = raw
    if path is None:
        return Move((bb.SQUARE_OF_MASK[frm], bb.SQUARE_OF_MASK[to]))
    squares = tuple(bb.SQUARE_OF_MASK[m] for m in path)
    caps = tuple(
        bb.SQUARE_OF_BIT[(a.bit_length() + b.bit_length() - 2) // 2] for a, b in zip(path, path[1:])
    )
    return Move(squares, caps)


class Board:
    """A position of English draughts with its move history.

    ``Board()`` is the starting position; ``Board(fen)`` reads a FEN (raises ``InvalidFenError``).
    Squares are 1-32. The board keeps a stack of the moves pushed so that :meth:`pop` can take them
    back, and a count of plies since the last capture or man move (for the draw rules of the profiles).
    """

    __slots__ = ("black_bb", "white_bb", "kings_bb", "turn", "_stack", "quiet_plies", "_legal_cache")

    def __init__(self, fen: Optional[str] = STARTING_FEN) -> None:
        self._stack: list[tuple[int, int, int, Color, int, Move]] = []
        self._legal_cache: Optional[list[bb.RawMove]] = None
        self.quiet_plies = 0
        if fen is None:
            self.black_bb = self.white_bb = self.kings_bb = 0
            self.turn = BLACK
        else:
            self.set_fen(fen)

    # --- set-up -----------------------------------------------------------------------------
    def set_fen(self, fen: str) -> None:
        """Set up the position of a FEN string; clears the move stack. Raises ``InvalidFenError``."""
        pos = parse_fen(fen)
        self.black_bb = bb.mask_of(pos.black)
        self.white_bb = bb.mask_of(pos.white)
        self.kings_bb = bb.mask_of([s for s, k in pos.black.items() if k]) | bb.mask_of(
            [s for s, k in pos.white.items() if k])
        self.turn = pos.turn
        self._stack.clear()
        self.quiet_plies = 0
        self._legal_cache = None

    def fen(self) -> str:
        """The canonical FEN of the position (e.g. the start: ``STARTING_FEN``)."""
        black = {s: bool(bb.MASK_OF_SQUARE[s] & self.kings_bb) for s in bb.squares_of(self.black_bb)}
        white = {s: bool(bb.MASK_OF_SQUARE[s] & self.kings_bb) for s in bb.squares_of(self.white_bb)}
        return format_fen(self.turn, black, white)

    @classmethod
    def empty(cls) -> "Board":
        return cls(None)

    def copy(self, stack: bool = True) -> "Board":
        """A copy of the board; with ``stack=False`` the copy has no move history."""
        other = Board.__new__(Board)
        other.black_bb, other.white_bb, other.kings_bb = self.black_bb, self.white_bb, self.kings_bb
        other.turn = self.turn
        other.quiet_plies = self.quiet_plies
        other._stack = list(self._stack) if stack else []
        other._legal_cache = None
        return other

    def key(self) -> tuple[int, int, int, bool]:
        """A hashable key of the position (pieces and side to move), for repetitions and tables."""
        return (self.black_bb, self.white_bb, self.kings_bb, self.turn is BLACK)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Board({self.fen()!r})"

    # --- pieces -----------------------------------------------------------------------------
    def piece_at(self, square: Square) -> Optional[Piece]:
        """The piece on a square 1-32, or None. Raises ``ValueError`` for a number outside 1-32."""
        m = bb.MASK_OF_SQUARE[check_square(square)]
        kind = PieceKind.KING if self.kings_bb & m else PieceKind.MAN
        if self.black_bb & m:
            return Piece(BLACK, kind)
        if self.white_bb & m:
            return Piece(WHITE, kind)
        return None

    def set_piece_at(self, square: Square, piece: Optional[Piece]) -> None:
        """Put a piece on a square (or clear it with None). Used to set up positions and to remove a
        checker as a penalty (VA rulebook 3:00 s4). Clears the move stack's legality cache only."""
        m = bb.MASK_OF_SQUARE[square]
        self.black_bb &= ~m
        self.white_bb &= ~m
        self.kings_bb &= ~m
        if piece is not None:
            if piece.color is BLACK:
                self.black_bb |= m
            else:
                self.white_bb |= m
            if piece.is_king:
                self.kings_bb |= m
        self._legal_cache = None

    def squares(self, color: Color, kind: Optional[PieceKind] = None) -> list[Square]:
        """The squares of one side's pieces (all, or only men or only kings), ascending."""
        mask = self.black_bb if color is BLACK else self.white_bb
        if kind is PieceKind.KING:
            mask &= self.kings_bb
        elif kind is PieceKind.MAN:
            mask &= ~self.kings_bb
        return bb.squares_of(mask)

    def count(self, color: Color) -> tuple[int, int]:
        """``(men, kings)`` of one side."""
        mask = self.black_bb if color is BLACK else self.white_bb
        kings = (mask & self.kings_bb).bit_count()
        return mask.bit_count() - kings, kings

    def material(self, color: Color) -> int:
        """Material as the VA rulebook counts it at the time limit: man 1, king 2 (3:00 s5)."""
        men, kings = self.count(color)
        return men + 2 * kings

    # --- moves ------------------------------------------------------------------------------
    def _sides(self) -> tuple[int, int, bool]:
        black = self.turn is BLACK
        return (self.black_bb, self.white_bb, True) if black else (self.white_bb, self.black_bb, False)

    def _raw_moves(self) -> list[bb.RawMove]:
        if self._legal_cache is None:
            my, opp, black = self._sides()
            self._legal_cache = bb.generate(my, opp, self.kings_bb, black)
        return self._legal_cache

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move, jumps only when a jump is possible (capture is compulsory)."""
        return [_raw_to_move(r) for r in self._raw_moves()]

    def has_legal_moves(self) -> bool:
        return bool(self._raw_moves())

    def is_capture_required(self) -> bool:
        """True when the side to move must jump (VA rulebook 3:00 s6)."""
        my, opp, black = self._sides()
        return bool(bb.jumpers(my, opp, self.kings_bb, black))

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square`` (empty when it has none or must not move)."""
        return [m for m in self.legal_moves if m.from_square == square]

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves

    def is_crowning(self, move: Move) -> bool:
        """True when the move makes a man a king."""
        m = bb.MASK_OF_SQUARE[move.from_square]
        if self.kings_bb & m:
            return False
        crown = (29, 30, 31, 32) if self.turn is BLACK else (1, 2, 3, 4)
        return move.to_square in crown

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names ("11-15", "11 15", "22x15", "26x17x10", "26x10").

        Raises ``InvalidMoveError`` when the text is not a move, ``IllegalMoveError`` when no legal
        move matches (with ``required_captures`` when a jump was required), and
        ``AmbiguousMoveError`` when a short form fits more than one legal move.
        """
        squares, _ = parse_squares(text)
        legal = self.legal_moves
        found = [m for m in legal if path_matches(squares, m.path)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            # Several paths fit: prefer the one written in full, else refuse.
            exact = [m for m in found if m.path == squares]
            if len(exact) == 1:
                return exact[0]
            raise AmbiguousMoveError(
                f"{text!r} fits {len(found)} moves in {self.fen()}: "
                + ", ".join(m.pdn() for m in found), tuple(found))
        required = tuple(m for m in legal if m.is_capture)
        if required:
            raise IllegalMoveError(
                f"{text!r} is not legal in {self.fen()}: a jump is required ("
                + ", ".join(m.pdn() for m in required) + ")", required)
        raise IllegalMoveError(f"{text!r} is not a legal move in {self.fen()}")

    def push(self, move: Move) -> None:
        """Play a legal move. Raises ``IllegalMoveError`` (and changes nothing) for any other."""
        for raw in self._raw_moves():
            if _raw_to_move(raw) == move:
                self._push_raw(raw, move)
                return
        raise IllegalMoveError(f"{move.pdn()!r} is not a legal move in {self.fen()}",
                               tuple(m for m in self.legal_moves if m.is_capture))

    def push_partial_jump(self, move: Move) -> None:
        """Play the first jumps of a legal jump series and stop there.

        Only for rule profiles where continuing a series is optional (Caseville: "it is an option
        of the player moving their checker to jump or not any further jumps on that turn"). ``move``
        must be a strict beginning, of at least one jump, of a legal series; the turn passes as after
        any move and :meth:`pop` takes it back. Raises ``IllegalMoveError`` (changing nothing)
        otherwise.
        """
        for full in self.legal_moves:
            n = len(move.captures)
            if (full.is_capture and 1 <= n < len(full.captures)
                    and full.path[:n + 1] == move.path and full.captures[:n] == move.captures):
                frm = bb.MASK_OF_SQUARE[move.from_square]
                raw = (frm, bb.MASK_OF_SQUARE[move.to_square], bb.mask_of(move.captures),
                       tuple(bb.MASK_OF_SQUARE[s] for s in move.path))
                self._push_raw(raw, move)
                return
        raise IllegalMoveError(
            f"{move.pdn()!r} does not begin a legal jump series in {self.fen()}",
            tuple(m for m in self.legal_moves if m.is_capture))

    def push_pdn(self, text: str) -> Move:
        """Parse ``text`` with :meth:`parse_move` and play it; returns the move played."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def _push_raw(self, raw: bb.RawMove, move: Move) -> None:
        man_moved = not (self.kings_bb & raw[0])
        self._stack.append((self.black_bb, self.white_bb, self.kings_bb, self.turn,
                            self.quiet_plies, move))
        self.black_bb, self.white_bb, self.kings_bb = bb.apply(
            self.black_bb, self.white_bb, self.kings_bb, self.turn is BLACK, raw)
        self.quiet_plies = 0 if (raw[2] or man_moved) else self.quiet_plies + 1
        self.turn = self.turn.other
        self._legal_cache = None

    def pop(self) -> Move:
        """Take back the last move and return it. Raises ``IndexError`` when there is none."""
        b, w, k, turn, quiet, move = self._stack.pop()
        self.black_bb, self.white_bb, self.kings_bb, self.turn, self.quiet_plies = b, w, k, turn, quiet
        self._legal_cache = None
        return move

    def peek(self) -> Optional[Move]:
        """The last move played, or None."""
        return self._stack[-1][5] if self._stack else None

    @property
    def move_stack(self) -> list[Move]:
        return [entry[5] for entry in self._stack]

    @property
    def ply(self) -> int:
        return len(self._stack)

    def root(self) -> "Board":
        """A board at the position before the first move of the stack."""
        if not self._stack:
            return self.copy(stack=False)
        b, w, k, turn, quiet, _ = self._stack[0]
        other = self.copy(stack=False)
        other.black_bb, other.white_bb, other.kings_bb, other.turn = b, w, k, turn
        other.quiet_plies = quiet
        return other

    def repetitions(self) -> int:
        """How many times the current position (pieces and side to move) has stood on the board."""
        key = self.key()
        n = 1
        for b, w, k, turn, _, _ in self._stack:
            if (b, w, k, turn is BLACK) == key:
                n += 1
        return n

    # --- end of game ------------------------------------------------------------------------
    def outcome(self) -> Optional[Outcome]:
        """The result when the side to move cannot move (it loses, VA rulebook 2:00), else None.

        Draws (agreement, repetition, the 40-move count, the time limit) are decided by the rule
        profile and referee, not by the board.
        """
        if self._raw_moves():
            return None
        return Outcome(Termination.NO_MOVES, self.turn.other)

    def is_game_over(self) -> bool:
        """True when the side to move has no legal move."""
        return not self._raw_moves()

    # --- perft ------------------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf count of the move tree ``depth`` plies deep (see the module docstring's convention)."""
        return bb.perft(self.black_bb, self.white_bb, self.kings_bb, self.turn is BLACK, depth)

    def iter_moves_raw(self) -> Iterator[bb.RawMove]:
        """The raw bitboard moves (see :mod:`bitboard`), for the engine."""
        return iter(self._raw_moves())
