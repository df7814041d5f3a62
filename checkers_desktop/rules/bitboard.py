"""Bitboards for English draughts: the fast layer under :class:`~checkers_desktop.rules.board.Board`.

Layout: a 35-bit board with three "ghost" bits (8, 17 and 26) that are never squares. Square ``s``
(1-32) is bit ``s - 1 + (s - 1) // 8``. With the ghosts in place every diagonal step is the same
shift everywhere on the board: +4 and +5 towards the higher numbers (the way BLACK's men move),
-4 and -5 towards the lower numbers (WHITE's men); a jump is twice the step, and the jumped square
is the step. Steps that would leave the board land on a ghost bit or outside the 35 bits, and every
result is masked with real squares, so no edge tests are needed.

A raw move is a tuple ``(frm, to, cap, path)``: bit masks of the start square, the end square and all
jumped pieces, and ``path``, ``None`` for a step or for a jump the tuple of the masks of every square
the piece stands on, start first. Two king jumps that take the same men going round in opposite
directions are two moves, as in the perft figures of ../shared/PERFT.md up to depth 11 and in
OEIS A133046 (the convention that counts "duplicate" king captures separately).

The functions take the side to move as ``my``/``opp`` masks and ``black`` (True when BLACK moves).
"""

from __future__ import annotations

from typing import Iterable, Optional

from .types import SQUARES

RawMove = tuple[int, int, int, Optional[tuple[int, ...]]]
"""A move as bit masks: ``(from, to, captured, path)``; ``path`` is the squares' masks of a jump
series from its start, None for a step."""

BIT_OF_SQUARE: tuple[int, ...] = (-1,) + tuple(s - 1 + (s - 1) // 8 for s in SQUARES)
SQUARE_OF_BIT: dict[int, int] = {BIT_OF_SQUARE[s]: s for s in SQUARES}
MASK_OF_SQUARE: tuple[int, ...] = (0,) + tuple(1 << BIT_OF_SQUARE[s] for s in SQUARES)
SQUARE_OF_MASK: dict[int, int] = {MASK_OF_SQUARE[s]: s for s in SQUARES}

VALID = 0
for _s in SQUARES:
    VALID |= MASK_OF_SQUARE[_s]
del _s

BLACK_CROWN = MASK_OF_SQUARE[29] | MASK_OF_SQUARE[30] | MASK_OF_SQUARE[31] | MASK_OF_SQUARE[32]
"""Where a BLACK man is crowned (the far row, squares 29-32)."""
WHITE_CROWN = MASK_OF_SQUARE[1] | MASK_OF_SQUARE[2] | MASK_OF_SQUARE[3] | MASK_OF_SQUARE[4]
"""Where a WHITE man is crowned (squares 1-4)."""

START_BLACK = sum(MASK_OF_SQUARE[s] for s in range(1, 13))
START_WHITE = sum(MASK_OF_SQUARE[s] for s in range(21, 33))


def mask_of(squares: Iterable[int]) -> int:
    """The bit mask of an iterable of squares 1-32."""
    m = 0
    for s in squares:
        m |= MASK_OF_SQUARE[s]
    return m


def squares_of(mask: int) -> list[int]:
    """The squares 1-32 set in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(SQUARE_OF_MASK[low])
        mask ^= low
    return out


def jumpers(my: int, opp: int, kings: int, black: bool) -> int:
    """The mask of the side to move's pieces that have a jump."""
    empty = VALID & ~(my | opp)
    mk = my & kings
    if black:
        j = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & my
        if mk:
            j |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & mk
    else:
        j = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & my
        if mk:
            j |= ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & mk
    return j


def _jump_tree(pos: int, king: bool, opp: int, empty: int, black: bool, frm: int, cap: int,
               path: tuple[int, ...], out: list[RawMove]) -> None:
    """Extend a jump series from ``pos`` as far as it goes; append each complete series to ``out``."""
    extended = False
    if king or black:
        for d in (4, 5):
            mid = pos << d
            if mid & opp:
                land = mid << d
                if land & empty:
                    extended = True
                    if not king and land & BLACK_CROWN:
                        out.append((frm, land, cap | mid, path + (land,)))
                    else:
                        _jump_tree(land, king, opp ^ mid, empty, black, frm, cap | mid,
                                   path + (land,), out)
    if king or not black:
        for d in (4, 5):
            mid = pos >> d
            if mid & opp:
                land = mid >> d
                if land & empty:
                    extended = True
                    if not king and land & WHITE_CROWN:
                        out.append((frm, land, cap | mid, path + (land,)))
                    else:
                        _jump_tree(land, king, opp ^ mid, empty, black, frm, cap | mid,
                                   path + (land,), out)
    if not extended:
        out.append((frm, pos, cap, path))


def jump_moves(my: int, opp: int, kings: int, black: bool,
               j: int | None = None) -> list[RawMove]:
    """Every complete jump series of the side to move (compulsory multi-jumps, crowning ends it)."""
    if j is None:
        j = jumpers(my, opp, kings, black)
    out: list[RawMove] = []
    occupied = my | opp
    while j:
        frm = j & -j
        j ^= frm
        empty = (VALID & ~occupied) | frm  # the start square is free once the piece leaves it
        _jump_tree(frm, bool(frm & kings), opp, empty, black, frm, 0, (frm,), out)
    return out


def step_moves(my: int, opp: int, kings: int, black: bool) -> list[RawMove]:
    """Every non-capturing move of the side to move."""
    empty = VALID & ~(my | opp)
    out: list[RawMove] = []
    mk = my & kings
    if black:
        fwd, back = my, mk
    else:
        fwd, back = mk, my
    # towards higher numbers: shift left
    for d in (4, 5):
        t = (fwd << d) & empty
        while t:
            to = t & -t
            t ^= to
            out.append((to >> d, to, 0, None))
    for d in (4, 5):
        t = (back >> d) & empty
        while t:
            to = t & -t
            t ^= to
            out.append((to << d, to, 0, None))
    return out


def generate(my: int, opp: int, kings: int, black: bool) -> list[RawMove]:
    """Every legal raw move: the jumps if there is one (capture is compulsory), else the steps."""
    j = jumpers(my, opp, kings, black)
    if j:
        return jump_moves(my, opp, kings, black, j)
    return step_moves(my, opp, kings, black)


def count_moves(my: int, opp: int, kings: int, black: bool) -> int:
    """How many legal moves the side to move has, without listing the steps."""
    j = jumpers(my, opp, kings, black)
    if j:
        return len(jump_moves(my, opp, kings, black, j))
    empty = VALID & ~(my | opp)
    mk = my & kings
    if black:
        n = ((my << 4) & empty).bit_count() + ((my << 5) & empty).bit_count()
        if mk:
            n += ((mk >> 4) & empty).bit_count() + ((mk >> 5) & empty).bit_count()
    else:
        n = ((my >> 4) & empty).bit_count() + ((my >> 5) & empty).bit_count()
        if mk:
            n += ((mk << 4) & empty).bit_count() + ((mk << 5) & empty).bit_count()
    return n


def after_move(my: int, opp: int, kings: int, frm: int, to: int, cap: int,
               crown: int) -> tuple[int, int, int]:
    """``(my, opp, kings)`` after the mover's raw move from ``frm`` to ``to`` capturing ``cap``
    (masks); ``crown`` is the mover's crowning row: a man that ends there is crowned (VA
    rulebook 3:00 s9), and the move ends there."""
    if kings & frm:
        new_kings = ((kings & ~cap) & ~frm) | to
    elif to & crown:
        new_kings = (kings & ~cap) | to
    else:
        new_kings = kings & ~cap
    return (my & ~frm) | to, opp & ~cap, new_kings


def apply(black_bb: int, white_bb: int, kings: int, black: bool,
          move: RawMove) -> tuple[int, int, int]:
    """The position ``(black, white, kings)`` after a raw move by the side to move."""
    frm, to, cap, _ = move
    if black:
        black_bb, white_bb, kings = after_move(black_bb, white_bb, kings, frm, to, cap,
                                               BLACK_CROWN)
    else:
        white_bb, black_bb, kings = after_move(white_bb, black_bb, kings, frm, to, cap,
                                               WHITE_CROWN)
    return black_bb, white_bb, kings


def perft(black_bb: int, white_bb: int, kings: int, black: bool, depth: int) -> int:
    """The number of leaves of the move tree ``depth`` plies deep (bulk-counted at the last ply)."""
    if depth <= 0:
        return 1
    if black:
        my, opp, crown = black_bb, white_bb, BLACK_CROWN
    else:
        my, opp, crown = white_bb, black_bb, WHITE_CROWN
    if depth == 1:
        return count_moves(my, opp, kings, black)
    total = 0
    nxt = not black
    for frm, to, cap, _ in generate(my, opp, kings, black):
        nmy, nopp, nk = after_move(my, opp, kings, frm, to, cap, crown)
        if black:
            total += perft(nmy, nopp, nk, nxt, depth - 1)
        else:
            total += perft(nopp, nmy, nk, nxt, depth - 1)
    return total
