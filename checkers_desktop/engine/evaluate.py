"""Static evaluation of a position: how good it is for the side to move, in hundredths of a man.

Every term is a small function of the raw bitboards (see :mod:`checkers_desktop.rules.bitboard`)
that returns BLACK's advantage (BLACK's share minus WHITE's); :func:`evaluate` adds them and turns
the sign to the side to move's view. The terms work on masks and pop-counts only (no loops over
squares except for the few men near the crowning row), because the search calls :func:`evaluate`
at every leaf and Python is slow.

The weights are :data:`WEIGHTS` (a :class:`Weights`): :data:`TUNED_WEIGHTS`, fitted by self-play
(benchmarks/tune_spsa.py); :data:`HAND_WEIGHTS` are the engine author's first guesses, and
benchmarks/tune_eval.py fits them to the results of master games (a logistic "Texel" fit, see
there). The ideas behind the terms are the common ones of checkers programs and of the strategy
books (material, the "bridge" back-rank guard, centre control, mobility, runaway
men, tempo, simplifying when ahead, the double corner in king endings).
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from checkers_desktop.rules.bitboard import MASK_OF_SQUARE, VALID, mask_of
from checkers_desktop.rules.geometry import SQUARES, square_cell

MAN = 100
"""A man is worth 100: scores are in hundredths of a man."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, integers (hundredths of a man, or per cent of a term's table).

    ``king``: a king's worth (a man is 100); ``back``: each back-row man, the bridge squares
    twice, scaled by the opponent's men / 8; ``centre_man``, ``centre_king``, ``edge_king``: a
    man on the four centre squares, a king on the eight middle ones, a king on a side edge (taken
    off); ``mobility``: each step a side could make; ``runaway``, ``tempo``, ``simplify``: per
    cent of those terms' own formulas; ``double_corner``: the weaker side's king in a double
    corner; ``hunt``: each king step between a stronger side's king and its nearest prey (taken
    off)."""

    king: int = 140
    back: int = 6
    centre_man: int = 5
    centre_king: int = 8
    edge_king: int = 6
    mobility: int = 2
    runaway: int = 100
    tempo: int = 100
    simplify: int = 100
    double_corner: int = 12
    hunt: int = 3

    def values(self) -> tuple[int, ...]:
        """The weights in field order (the compiled core keeps them in this order)."""
        return astuple(self)


HAND_WEIGHTS = Weights()
"""The first guesses: a king 1.4 men (a common figure of checkers programs is 1.3-1.5), the rest
set by playing the benchmark matches."""

TUNED_WEIGHTS = Weights(king=145, back=19, centre_man=1, centre_king=16, edge_king=8,
                        mobility=4, runaway=137, tempo=92, simplify=146, double_corner=15,
                        hunt=3)
"""The weights fitted by self-play (benchmarks/tune_spsa.py: SPSA, 3,000 steps of two games at
depth 8 with the 5-piece database, on the 78 ballots of odd index; the mean of the second half
of the steps). Measured on the other 78 ballots, never played while tuning, at 0.1 s a move,
each ballot with both colours, against :data:`HAND_WEIGHTS`: 89.0 / 156 = 57 % (+51 =76 -29)
(benchmarks/engine.py's ``weights`` section); at 0.2 s a move on half of them (every fourth
ballot from the first): 43.0 / 78 = 55 % (+24 =38 -16), where 0.1 s had given 39.5 / 78. The fit values the back rank three times more
(the bridge guard), a king in the centre and mobility twice, the runaway, simplifying and
double-corner terms a quarter to a half more, and a man in the centre hardly at all. The
logistic fit to master games' results (benchmarks/tune_eval.py) had not played better:
24 / 48."""

WEIGHTS = TUNED_WEIGHTS
"""The weights in use."""

KING = WEIGHTS.king
"""A king's worth in hundredths of a man (see :class:`Weights`)."""
_W = WEIGHTS

WIN = 100_000
"""Score of a won position (the side to move's opponent cannot move), less the plies to get there."""

ROWS: tuple[int, ...] = tuple(mask_of(range(4 * r + 1, 4 * r + 5)) for r in range(8))
"""ROWS[r]: the squares of row r, row 0 = squares 1-4 (BLACK's back row) to row 7 = 29-32."""

# The row number r (0-7) of a square in binary: rows whose r has bit 1, 2 or 4 set; the advancement
# of BLACK's men is then popcount(men & _ROW_BIT1) + 2 * ... + 4 * ..., three pop-counts.
_ROW_BIT1 = ROWS[1] | ROWS[3] | ROWS[5] | ROWS[7]
_ROW_BIT2 = ROWS[2] | ROWS[3] | ROWS[6] | ROWS[7]
_ROW_BIT4 = ROWS[4] | ROWS[5] | ROWS[6] | ROWS[7]

BLACK_BACK = mask_of((1, 2, 3, 4))
WHITE_BACK = mask_of((29, 30, 31, 32))
BLACK_BRIDGE = mask_of((1, 3))
WHITE_BRIDGE = mask_of((30, 32))
CENTRE = mask_of((14, 15, 18, 19))
WIDE_CENTRE = mask_of((10, 11, 14, 15, 18, 19, 22, 23))
EDGES = mask_of((4, 12, 20, 28, 5, 13, 21, 29))
DOUBLE_CORNERS = mask_of((1, 5, 28, 32))
"""The two double corners (1-5 on BLACK's side, 28-32 on WHITE's): a lone king there cannot be
trapped by a single king, which is why the weaker side runs there in king endings."""


def _black_cone(square: int) -> int:
    """Every square a BLACK man on ``square`` could reach moving forward (towards 29-32)."""
    m = MASK_OF_SQUARE[square]
    cone = 0
    while m:
        m = ((m << 4) | (m << 5)) & VALID
        cone |= m
    return cone


def _white_cone(square: int) -> int:
    """Every square a WHITE man on ``square`` could reach moving forward (towards 1-4)."""
    m = MASK_OF_SQUARE[square]
    cone = 0
    while m:
        m = ((m >> 4) | (m >> 5)) & VALID
        cone |= m
    return cone


# mask -> (cone, bonus) for the men that can be runaways: the four rows before crowning.
_BLACK_RUNAWAY = {MASK_OF_SQUARE[s]: (_black_cone(s), 32 - 6 * (7 - (s - 1) // 4))
                  for s in range(13, 29)}
_WHITE_RUNAWAY = {MASK_OF_SQUARE[s]: (_white_cone(s), 32 - 6 * ((s - 1) // 4)) for s in range(5, 21)}
_BLACK_NEAR = mask_of(range(13, 29))
_WHITE_NEAR = mask_of(range(5, 21))


# mask -> (row, column) of the standard diagram (rules/geometry), for the king-hunting term of
# the ending
_COORDS = {MASK_OF_SQUARE[s]: square_cell(s) for s in SQUARES}


def _hunt(hunters: int, prey: int) -> int:
    """Sum over the hunting kings of the distance (in king steps) to the nearest prey piece."""
    total = 0
    while hunters:
        h = hunters & -hunters
        hunters ^= h
        hr, hc = _COORDS[h]
        near = 8
        p = prey
        while p:
            m = p & -p
            p ^= m
            pr, pc = _COORDS[m]
            d = max(abs(hr - pr), abs(hc - pc))
            if d < near:
                near = d
        total += near
    return total


def _div(a: int, b: int) -> int:
    """``a / b`` rounded towards zero, so that every term is exactly antisymmetric in the colours."""
    return a // b if a >= 0 else -(-a // b)


def material(black: int, white: int, kings: int) -> int:
    """Men at 100 and kings at :data:`KING`.

    Why: material decides almost every game of checkers; a man up with a normal position is a win
    for a strong player. Everything else is a tie-breaker smaller than a man.
    """
    bk = (black & kings).bit_count()
    wk = (white & kings).bit_count()
    return MAN * (black.bit_count() - bk - white.bit_count() + wk) + _W.king * (bk - wk)


def back_rank(black: int, white: int, kings: int) -> int:
    """Men kept on the own back row while the opponent still has men to crown.

    Why: an empty king row lets the opponent crown freely; the "bridge" (BLACK on 1 and 3, WHITE on
    30 and 32) alone stops any single man from crowning, so those squares count double. The guard
    matters only while the opponent has men, so it is scaled by the opponent's men.
    """
    men_b = black & ~kings
    men_w = white & ~kings
    b = _W.back * ((men_b & BLACK_BACK).bit_count() + (men_b & BLACK_BRIDGE).bit_count())
    w = _W.back * ((men_w & WHITE_BACK).bit_count() + (men_w & WHITE_BRIDGE).bit_count())
    return _div(b * men_w.bit_count() - w * men_b.bit_count(), 8)


def centre(black: int, white: int, kings: int) -> int:
    """Men on the four centre squares (14, 15, 18, 19); kings on the eight middle squares, and a
    small penalty for kings on the side edges.

    Why: pieces in the centre reach both wings and restrict the opponent's men; a king on the edge
    covers only one diagonal direction and is easier to trap.
    """
    men_b = black & ~kings
    men_w = white & ~kings
    kb = black & kings
    kw = white & kings
    s = _W.centre_man * ((men_b & CENTRE).bit_count() - (men_w & CENTRE).bit_count())
    if kings:
        s += _W.centre_king * ((kb & WIDE_CENTRE).bit_count() - (kw & WIDE_CENTRE).bit_count())
        s -= _W.edge_king * ((kb & EDGES).bit_count() - (kw & EDGES).bit_count())
    return s


def mobility(black: int, white: int, kings: int) -> int:
    """Steps each side could make (jumps aside), 2 each.

    Why: a side with few moves is close to being forced into giving men away or to having no move
    at all (which loses the game); freedom to wait is worth something in every phase.
    """
    empty = VALID & ~(black | white)
    kb = black & kings
    kw = white & kings
    nb = ((black << 4) & empty).bit_count() + ((black << 5) & empty).bit_count()
    nw = ((white >> 4) & empty).bit_count() + ((white >> 5) & empty).bit_count()
    if kb:
        nb += ((kb >> 4) & empty).bit_count() + ((kb >> 5) & empty).bit_count()
    if kw:
        nw += ((kw << 4) & empty).bit_count() + ((kw << 5) & empty).bit_count()
    return _W.mobility * (nb - nw)


def runaway(black: int, white: int, kings: int) -> int:
    """Men in the four rows before the crown with no enemy piece anywhere ahead of them.

    Why: such a man will crown unless the opponent brings a king round, so it is worth nearly a king
    already; the bonus is less than a king's extra value so the engine still prefers to crown.
    """
    s = 0
    men = black & ~kings & _BLACK_NEAR
    while men:
        m = men & -men
        men ^= m
        cone, bonus = _BLACK_RUNAWAY[m]
        if not cone & white:
            s += bonus * _W.runaway // 100
    men = white & ~kings & _WHITE_NEAR
    while men:
        m = men & -men
        men ^= m
        cone, bonus = _WHITE_RUNAWAY[m]
        if not cone & black:
            s -= bonus * _W.runaway // 100
    return s


def tempo(black: int, white: int, kings: int) -> int:
    """How far the men have advanced (rows from the own back row), weighted by how few pieces are left.

    Why: in the opening an advanced man is a target and the back men guard the king row, so tempo
    counts for nothing with a full board; as pieces come off, men must move on to crown and the side
    whose men are further advanced usually wins the race (the "move" and tempo counts of the books).
    """
    total = (black | white).bit_count()
    weight = 24 - total
    if weight <= 8:
        return 0
    men_b = black & ~kings
    men_w = white & ~kings
    tb = ((men_b & _ROW_BIT1).bit_count() + 2 * (men_b & _ROW_BIT2).bit_count()
          + 4 * (men_b & _ROW_BIT4).bit_count())
    tw = ((men_w & _ROW_BIT1).bit_count() + 2 * (men_w & _ROW_BIT2).bit_count()
          + 4 * (men_w & _ROW_BIT4).bit_count())
    tw = 7 * men_w.bit_count() - tw  # WHITE advances towards row 0
    return _div((tb - tw) * (weight - 8) * _W.tempo, 800)


def endgame(black: int, white: int, kings: int) -> int:
    """Simplify when ahead; with eight pieces or fewer, hunt with the kings and use the double
    corners.

    Why: an extra man counts for more the fewer pieces are left (three against two wins, twelve
    against eleven may not), so the side ahead gains by exchanging. In the ending the weaker side
    draws by sitting in a double corner, so its kings there count for it; and the stronger side
    wins only by bringing its kings up to the enemy pieces, so each of its kings loses 3 for every
    king step between it and the nearest enemy piece (without this a search with a short horizon
    shuffles its kings about and lets a won ending go).
    """
    nb = black.bit_count()
    nw = white.bit_count()
    total = nb + nw
    if total > 16:
        return 0
    lead = material(black, white, kings)
    s = _div(lead * (16 - total) * _W.simplify, 4000)
    if total <= 8 and kings:
        kb = black & kings
        kw = white & kings
        if lead < 0:
            s += (_W.double_corner * (kb & DOUBLE_CORNERS).bit_count()
                  + _W.hunt * _hunt(kw, black))
        elif lead > 0:
            s -= (_W.double_corner * (kw & DOUBLE_CORNERS).bit_count()
                  + _W.hunt * _hunt(kb, white))
    return s


TERMS = (material, back_rank, centre, mobility, runaway, tempo, endgame)
"""Every term, in the order :func:`evaluate` adds them."""


def evaluate_black(black: int, white: int, kings: int) -> int:
    """BLACK's advantage in hundredths of a man: the sum of :data:`TERMS`, computed in one pass
    (the search calls it at every leaf; tests check it equals the sum of the terms)."""
    w = _W
    kb = black & kings
    kw = white & kings
    men_b = black ^ kb
    men_w = white ^ kw
    nmb = men_b.bit_count()
    nmw = men_w.bit_count()
    nkb = kb.bit_count()
    nkw = kw.bit_count()
    lead = MAN * (nmb - nmw) + w.king * (nkb - nkw)
    s = lead
    # back_rank
    g = (w.back * ((men_b & BLACK_BACK).bit_count() + (men_b & BLACK_BRIDGE).bit_count()) * nmw
         - w.back * ((men_w & WHITE_BACK).bit_count() + (men_w & WHITE_BRIDGE).bit_count()) * nmb)
    s += g // 8 if g >= 0 else -(-g // 8)
    # centre
    s += w.centre_man * ((men_b & CENTRE).bit_count() - (men_w & CENTRE).bit_count())
    if kings:
        s += w.centre_king * ((kb & WIDE_CENTRE).bit_count() - (kw & WIDE_CENTRE).bit_count())
        s -= w.edge_king * ((kb & EDGES).bit_count() - (kw & EDGES).bit_count())
    # mobility
    empty = VALID & ~(black | white)
    nb = ((black << 4) & empty).bit_count() + ((black << 5) & empty).bit_count()
    nw = ((white >> 4) & empty).bit_count() + ((white >> 5) & empty).bit_count()
    if kb:
        nb += ((kb >> 4) & empty).bit_count() + ((kb >> 5) & empty).bit_count()
    if kw:
        nw += ((kw << 4) & empty).bit_count() + ((kw << 5) & empty).bit_count()
    s += w.mobility * (nb - nw)
    # runaway
    men = men_b & _BLACK_NEAR
    while men:
        m = men & -men
        men ^= m
        cone, bonus = _BLACK_RUNAWAY[m]
        if not cone & white:
            s += bonus * w.runaway // 100
    men = men_w & _WHITE_NEAR
    while men:
        m = men & -men
        men ^= m
        cone, bonus = _WHITE_RUNAWAY[m]
        if not cone & black:
            s -= bonus * w.runaway // 100
    total = nmb + nmw + nkb + nkw
    if total <= 16:
        # tempo
        if total < 16:
            tb = ((men_b & _ROW_BIT1).bit_count() + 2 * (men_b & _ROW_BIT2).bit_count()
                  + 4 * (men_b & _ROW_BIT4).bit_count())
            tw = 7 * nmw - ((men_w & _ROW_BIT1).bit_count() + 2 * (men_w & _ROW_BIT2).bit_count()
                            + 4 * (men_w & _ROW_BIT4).bit_count())
            t = (tb - tw) * (16 - total) * w.tempo
            s += t // 800 if t >= 0 else -(-t // 800)
        # endgame
        e = lead * (16 - total) * w.simplify
        s += e // 4000 if e >= 0 else -(-e // 4000)
        if total <= 8 and kings:
            if lead < 0:
                s += (w.double_corner * (kb & DOUBLE_CORNERS).bit_count()
                      + w.hunt * _hunt(kw, black))
            elif lead > 0:
                s -= (w.double_corner * (kw & DOUBLE_CORNERS).bit_count()
                      + w.hunt * _hunt(kb, white))
    return s


def evaluate(my: int, opp: int, kings: int, black: bool) -> int:
    """The score of a position for the side to move, in hundredths of a man.

    ``my``/``opp`` are the masks of the side to move and of its opponent, ``black`` True when BLACK
    is to move. The position is taken as quiet: the search resolves pending jumps before asking.
    """
    if black:
        return evaluate_black(my, opp, kings)
    return -evaluate_black(opp, my, kings)
