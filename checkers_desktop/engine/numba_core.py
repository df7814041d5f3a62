"""The numba functions of the compiled engine (see :mod:`.compiled`, which loads this module in
:func:`~.compiled.warm_up`: importing it compiles, or loads from numba's disk cache, every
function with an explicit signature).

These functions repeat :mod:`checkers_desktop.rules.bitboard`, :mod:`.evaluate` and
``Searcher.node`` on purpose: nopython code cannot call Python functions, and the copies must stay
equal to them (tests/engine/test_engine_compiled.py plays both over many positions and compares
perft counts, evaluations, endgame values, scores, moves and node counts). A change to the
evaluation or the search is made in both places.

The recursive functions (``node``, ``_jump_tree``, ``perft``) carry explicit signatures: numba's
disk cache of a lazily typed recursive function crashes the next process that loads it (a known
numba defect, "Setting cache=True with a recursive function results in Segmentation fault" in
numba's tracker; seen here as a segmentation fault at the first search of a second run).
"""

from __future__ import annotations

from numba import njit

from .compiled_layout import (ACC, ACC_ONE, NET_B1, NET_B2, NET_LIMIT, NET_LINE, NET_ROOM, NET_W1, NET_W2, S_NET,
                              S_NET_DIV, BBONUS, BCONE, BIN, BLACK_BACK, BLACK_BRIDGE, BLACK_CROWN, BLACK_NEAR,
                              CENTRE, COL, DOUBLE_CORNERS, EDGES, EG_OFF, EXACT, HIST, INF, KILL,
                              LMR_AFTER, LOST_NOW, LOWER, MAN, MAX_MOVES, MAX_PLY, MC, MF, MT, PATH,
                              ROW, ROW_BIT1, ROW_BIT2, ROW_BIT4, S_NODES, S_PACKED_FROM,
                              S_PATH_BASE, S_QUIESCENCE, S_REDUCTIONS, S_STOP, S_TB_PIECES,
                              S_THREAT, S_TT_MASK, TT, TT_CELLS, TT_WAYS, UPPER, VALID, WBONUS,
                              WCONE, WHITE_BACK, WHITE_BRIDGE, WHITE_CROWN, WHITE_NEAR, WIDE_CENTRE,
                              WIN, WIN_BOUND, WLD_PLIES, WTS, Z)
from .numba_wld import wld_at

__all__ = ["node", "perft", "evaluate", "tt_find", "jumpers", "leaf", "net_refresh",
           "net_child", "net_push", "net_bring", "net_evaluate"]


# --- bit helpers ---------------------------------------------------------------------------
if True:
    from llvmlite import ir as _ir
    from numba import types as _types
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx, x):
        """LLVM's population count (the popcnt instruction where the CPU has one)."""
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])
        return _types.int64(_types.int64), codegen

    @intrinsic
    def _cttz(typingctx, x):
        """LLVM's count of trailing zeros (tzcnt/bsf)."""
        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], _ir.Constant(_ir.IntType(1), 0))
        return _types.int64(_types.int64), codegen

    @njit(cache=True, inline="always")
    def popcount(x):
        """Set bits of a non-negative int64."""
        return _ctpop(x)

    @njit(cache=True, inline="always")
    def bit_index(m):
        """Index of the lowest set bit of ``m`` (a non-zero int64 below 2**35)."""
        return _cttz(m)
else:  # pragma: no cover - the module is not used without numba
    def popcount(x):
        return x.bit_count()

    def bit_index(m):
        return (m & -m).bit_length() - 1


@njit(cache=True, inline="always")
def _div_trunc(a, b):
    return a // b if a >= 0 else -((-a) // b)


# --- move generation (bitboard.py's order) -------------------------------------------------
@njit(cache=True)
def jumpers(my, opp, kings, black):
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
    return j & VALID


@njit("int64(int64, boolean, int64, int64, boolean, int64, int64, int64[::1], int64, int64)",
      cache=True)
def _jump_tree(pos, king, opp, empty, black, frm, cap, mem, base, n):
    """Extend a jump series from ``pos``; each complete series is written at index ``n`` of the
    ply's moves (``base``: the ply's first cell); returns the new count (bitboard._jump_tree's
    order)."""
    extended = False
    if king or black:
        for d in (4, 5):
            mid = pos << d
            if mid & opp:
                land = mid << d
                if land & empty:
                    extended = True
                    if not king and land & BLACK_CROWN:
                        if n < MAX_MOVES:
                            mem[MF + base + n] = frm
                            mem[MT + base + n] = land
                            mem[MC + base + n] = cap | mid
                            n += 1
                    else:
                        n = _jump_tree(land, king, opp ^ mid, empty, black, frm, cap | mid,
                                       mem, base, n)
    if king or not black:
        for d in (4, 5):
            mid = pos >> d
            if mid & opp:
                land = mid >> d
                if land & empty:
                    extended = True
                    if not king and land & WHITE_CROWN:
                        if n < MAX_MOVES:
                            mem[MF + base + n] = frm
                            mem[MT + base + n] = land
                            mem[MC + base + n] = cap | mid
                            n += 1
                    else:
                        n = _jump_tree(land, king, opp ^ mid, empty, black, frm, cap | mid,
                                       mem, base, n)
    if not extended:
        if n < MAX_MOVES:
            mem[MF + base + n] = frm
            mem[MT + base + n] = pos
            mem[MC + base + n] = cap
            n += 1
    return n


@njit(cache=True)
def gen_jumps(my, opp, kings, black, j, mem, ply):
    n = 0
    occupied = my | opp
    base = ply * MAX_MOVES
    while j:
        frm = j & -j
        j ^= frm
        empty = (VALID & ~occupied) | frm
        n = _jump_tree(frm, (frm & kings) != 0, opp, empty, black, frm, 0, mem, base, n)
    return n


@njit(cache=True)
def gen_steps(my, opp, kings, black, mem, ply):
    empty = VALID & ~(my | opp)
    mk = my & kings
    if black:
        fwd = my
        back = mk
    else:
        fwd = mk
        back = my
    n = 0
    base = ply * MAX_MOVES
    for d in (4, 5):
        t = (fwd << d) & empty
        while t:
            to = t & -t
            t ^= to
            mem[MF + base + n] = to >> d
            mem[MT + base + n] = to
            mem[MC + base + n] = 0
            n += 1
    for d in (4, 5):
        t = (back >> d) & empty
        while t:
            to = t & -t
            t ^= to
            mem[MF + base + n] = to << d
            mem[MT + base + n] = to
            mem[MC + base + n] = 0
            n += 1
    return n


@njit(cache=True, inline="always")
def play(my, opp, kings, frm, to, cap, crown):
    """(mover's pieces, opponent's pieces, kings, crowned) after the move ``frm``-``to``
    capturing ``cap`` (masks; ``crown``: the mover's crowning row)."""
    crowned = False
    if kings & frm:
        nk = ((kings & ~cap) & ~frm) | to
    elif to & crown:
        nk = (kings & ~cap) | to
        crowned = True
    else:
        nk = kings & ~cap
    return (my & ~frm) | to, opp & ~cap, nk, crowned


@njit("int64(int64, int64, int64, boolean, int64, int64[::1], int64)", cache=True)
def perft(my, opp, kings, black, depth, mem, ply):
    """Leaves of the move tree ``depth`` plies deep from the side to move ``my`` (a check of the
    compiled generator against bitboard.perft and ../shared/PERFT.md)."""
    if depth == 0:
        return 1
    j = jumpers(my, opp, kings, black)
    if j:
        n = gen_jumps(my, opp, kings, black, j, mem, ply)
    else:
        n = gen_steps(my, opp, kings, black, mem, ply)
    if depth == 1:
        return n
    crown = BLACK_CROWN if black else WHITE_CROWN
    total = 0
    base = ply * MAX_MOVES
    for i in range(n):
        frm = mem[MF + base + i]
        to = mem[MT + base + i]
        cap = mem[MC + base + i]
        nmy, nopp, nk, _ = play(my, opp, kings, frm, to, cap, crown)
        total += perft(nopp, nmy, nk, not black, depth - 1, mem, ply + 1)
    return total


# --- evaluation (evaluate.evaluate_black, term for term) -----------------------------------
@njit(cache=True)
def _hunt(hunters, prey):
    total = 0
    while hunters:
        h = hunters & -hunters
        hunters ^= h
        hb = bit_index(h)
        hr = ROW[hb]
        hc = COL[hb]
        near = 8
        p = prey
        while p:
            m = p & -p
            p ^= m
            pb = bit_index(m)
            dr = abs(hr - ROW[pb])
            dc = abs(hc - COL[pb])
            d = dr if dr > dc else dc
            if d < near:
                near = d
        total += near
    return total




@njit(cache=True)
def evaluate_black(black, white, kings, mem):
    """evaluate.evaluate_black with the weights of ``mem[WTS:]`` (Weights' field order)."""
    w_king = mem[WTS]
    w_back = mem[WTS + 1]
    kb = black & kings
    kw = white & kings
    men_b = black ^ kb
    men_w = white ^ kw
    nmb = popcount(men_b)
    nmw = popcount(men_w)
    nkb = popcount(kb)
    nkw = popcount(kw)
    lead = MAN * (nmb - nmw) + w_king * (nkb - nkw)
    s = lead
    g = (w_back * (popcount(men_b & BLACK_BACK) + popcount(men_b & BLACK_BRIDGE)) * nmw
         - w_back * (popcount(men_w & WHITE_BACK) + popcount(men_w & WHITE_BRIDGE)) * nmb)
    s += _div_trunc(g, 8)
    s += mem[WTS + 2] * (popcount(men_b & CENTRE) - popcount(men_w & CENTRE))
    if kings:
        s += mem[WTS + 3] * (popcount(kb & WIDE_CENTRE) - popcount(kw & WIDE_CENTRE))
        s -= mem[WTS + 4] * (popcount(kb & EDGES) - popcount(kw & EDGES))
    empty = VALID & ~(black | white)
    nb = popcount((black << 4) & empty) + popcount((black << 5) & empty)
    nw = popcount((white >> 4) & empty) + popcount((white >> 5) & empty)
    if kb:
        nb += popcount((kb >> 4) & empty) + popcount((kb >> 5) & empty)
    if kw:
        nw += popcount((kw << 4) & empty) + popcount((kw << 5) & empty)
    s += mem[WTS + 5] * (nb - nw)
    w_run = mem[WTS + 6]
    men = men_b & BLACK_NEAR
    while men:
        m = men & -men
        men ^= m
        b = bit_index(m)
        if not BCONE[b] & white:
            s += BBONUS[b] * w_run // 100
    men = men_w & WHITE_NEAR
    while men:
        m = men & -men
        men ^= m
        b = bit_index(m)
        if not WCONE[b] & black:
            s -= WBONUS[b] * w_run // 100
    total = nmb + nmw + nkb + nkw
    if total <= 16:
        if total < 16:
            tb = (popcount(men_b & ROW_BIT1) + 2 * popcount(men_b & ROW_BIT2)
                  + 4 * popcount(men_b & ROW_BIT4))
            tw = 7 * nmw - (popcount(men_w & ROW_BIT1) + 2 * popcount(men_w & ROW_BIT2)
                            + 4 * popcount(men_w & ROW_BIT4))
            s += _div_trunc((tb - tw) * (16 - total) * mem[WTS + 7], 800)
        s += _div_trunc(lead * (16 - total) * mem[WTS + 8], 4000)
        if total <= 8 and kings:
            if lead < 0:
                s += (mem[WTS + 9] * popcount(kb & DOUBLE_CORNERS)
                      + mem[WTS + 10] * _hunt(kw, black))
            elif lead > 0:
                s -= (mem[WTS + 9] * popcount(kw & DOUBLE_CORNERS)
                      + mem[WTS + 10] * _hunt(kb, white))
    return s


@njit(cache=True)
def evaluate(my, opp, kings, black, mem):
    if black:
        return evaluate_black(my, opp, kings, mem)
    return -evaluate_black(opp, my, kings, mem)


# --- the learned evaluation (network.evaluate, with the accumulators kept per ply) ------------
@njit(cache=True, inline="always")
def _feature(own, king, bit, white_view):
    """network.feature_index of the piece on ``bit``."""
    sq = Z[bit]
    if white_view:
        sq = 31 - sq
    return (0 if own else 64) + (32 if king else 0) + sq


@njit(cache=True)
def net_refresh(my, opp, kings, black, ply, mem):
    """Both accumulators of ``ply`` summed from the pieces (the root of a compiled search)."""
    black_bb = my if black else opp
    white_bb = opp if black else my
    for p in range(2):
        row = ACC + (ply * 2 + p) * NET_ROOM
        for i in range(NET_ROOM):
            mem[row + i] = mem[NET_B1 + i]
        for side in range(2):
            c = black_bb if side == 0 else white_bb
            own = side == p
            while c:
                m = c & -c
                c ^= m
                w = NET_W1 + _feature(own, (kings & m) != 0, bit_index(m), p == 1) * NET_ROOM
                for i in range(NET_ROOM):
                    mem[row + i] += mem[w + i]
    mem[NET_LINE + ply * 6] = 1


@njit(cache=True, inline="always")
def net_push(mem, ply, frm, to, cap, kings, black, crowned):
    """Note the move that leads from ``ply`` to ``ply + 1`` (masks; ``kings`` before it; the
    side ``black`` moved): the accumulators of ``ply + 1`` are summed from it when a leaf needs
    them (:func:`net_bring`)."""
    at = NET_LINE + (ply + 1) * 6
    mem[at] = 0
    mem[at + 1] = frm
    mem[at + 2] = to
    mem[at + 3] = cap
    mem[at + 4] = kings
    mem[at + 5] = (1 if black else 0) | (2 if crowned else 0)


@njit(cache=True)
def net_bring(ply, mem):
    """Bring the accumulators of ``ply`` up to date: from the nearest ready ply above, apply the
    noted moves down to it."""
    if mem[NET_LINE + ply * 6]:
        return
    p = ply - 1
    while p > 0 and not mem[NET_LINE + p * 6]:
        p -= 1
    for q in range(p, ply):
        at = NET_LINE + (q + 1) * 6
        flags = mem[at + 5]
        net_child(mem, q, mem[at + 1], mem[at + 2], mem[at + 3], mem[at + 4], (flags & 1) != 0,
                  (flags & 2) != 0)
        mem[at] = 1


@njit(cache=True)
def net_child(mem, ply, frm, to, cap, kings, black, crowned):
    """The accumulators of ``ply + 1`` from those of ``ply`` after the move ``frm``-``to``
    taking ``cap`` (masks) by the side ``black`` (``kings``: before the move): the features of
    the squares the move changes, taken off and put on."""
    was_king = (kings & frm) != 0
    now_king = was_king or crowned
    fb = bit_index(frm)
    tb = bit_index(to)
    for p in range(2):
        src = ACC + (ply * 2 + p) * NET_ROOM
        dst = ACC + ((ply + 1) * 2 + p) * NET_ROOM
        own = (p == 0) == black
        wv = p == 1
        wf = NET_W1 + _feature(own, was_king, fb, wv) * NET_ROOM
        wt = NET_W1 + _feature(own, now_king, tb, wv) * NET_ROOM
        for i in range(NET_ROOM):
            mem[dst + i] = mem[src + i] - mem[wf + i] + mem[wt + i]
        c = cap
        while c:
            m = c & -c
            c ^= m
            wc = NET_W1 + _feature(not own, (kings & m) != 0, bit_index(m), wv) * NET_ROOM
            for i in range(NET_ROOM):
                mem[dst + i] -= mem[wc + i]


@njit(cache=True)
def net_evaluate(black, ply, mem):
    """The network's score for the side to move from the accumulators of ``ply``."""
    a = ACC + (ply * 2 + (0 if black else 1)) * NET_ROOM
    b = ACC + (ply * 2 + (1 if black else 0)) * NET_ROOM
    total = mem[NET_B2]
    for i in range(NET_ROOM):
        v = mem[a + i]
        if v < 0:
            v = 0
        elif v > ACC_ONE:
            v = ACC_ONE
        u = mem[b + i]
        if u < 0:
            u = 0
        elif u > ACC_ONE:
            u = ACC_ONE
        total += v * mem[NET_W2 + i] + u * mem[NET_W2 + NET_ROOM + i]
    s = _div_trunc(total * 100, mem[S_NET_DIV])
    if s > NET_LIMIT:
        return NET_LIMIT
    if s < -NET_LIMIT:
        return -NET_LIMIT
    return s


@njit(cache=True)
def leaf(my, opp, kings, black, ply, mem):
    """The evaluation the search uses at a leaf of ``ply``: the hand one, the network's, or
    both added (``mem[S_NET]`` 0, 1 or 2)."""
    net = mem[S_NET]
    if net == 0:
        return evaluate(my, opp, kings, black, mem)
    net_bring(ply, mem)
    s = net_evaluate(black, ply, mem)
    if net == 2:
        s += evaluate(my, opp, kings, black, mem)
    return s


# --- endgame database index and probe (endgame._locate over one flat array) -----------------
@njit(cache=True, inline="always")
def _rank(c, lo):
    """Rank of a group of squares (a mask) in the combinatorial number system, squares counted
    from ``lo`` (endgame._rank with the board as it is)."""
    r = 0
    i = 1
    while c:
        b = c & -c
        c ^= b
        r += BIN[Z[bit_index(b)] - lo, i]
        i += 1
    return r


@njit(cache=True)
def turn35(c):
    """A mask on the board turned half round (square s to 33 - s: bit b to bit 34 - b)."""
    out = 0
    while c:
        b = c & -c
        c ^= b
        out |= 1 << (34 - bit_index(b))
    return out


@njit(cache=True)
def eg_index(mm, mk, om, ok):
    """Index of a BLACK-to-move position in its signature's table (endgame._locate): the mover's
    men, mover's kings, opponent's men and opponent's kings as masks."""
    return (((_rank(mm, 0) * BIN[32, popcount(mk)] + _rank(mk, 0)) * BIN[28, popcount(om)]
             + _rank(om, 4)) * BIN[32, popcount(ok)] + _rank(ok, 0))


@njit(cache=True)
def eg_at(my, opp, kings, black, offs, base):
    """Where a position's byte is in the flat endgame data (-1 when its signature's table is
    absent: ``offs[base + code]`` is -1)."""
    mm = my & ~kings
    mk = my & kings
    om = opp & ~kings
    ok = opp & kings
    if not black:
        mm = turn35(mm)
        mk = turn35(mk)
        om = turn35(om)
        ok = turn35(ok)
    code = (((popcount(mm) << 3) | popcount(mk)) << 3 | popcount(om)) << 3 | popcount(ok)
    off = offs[base + code]
    if off < 0:
        return -1
    return off + eg_index(mm, mk, om, ok)


@njit(cache=True)
def eg_byte(my, opp, kings, black, offs, base, eg_data):
    """The stored byte of a position (0 when its signature's table is absent)."""
    at = eg_at(my, opp, kings, black, offs, base)
    return 0 if at < 0 else eg_data[at]


@njit(cache=True)
def tb_probe(my, opp, kings, black, mem, eg_data):
    """The endgame value the search reads (endgame.EndgameTable.search_probe); ``mem[EG_OFF +
    code]`` is the offset of a signature's table in ``eg_data`` (-1: absent, then 0, a draw, is
    returned); from ``mem[S_PACKED_FROM]`` (when not 0) the data is run-length coded
    (wld_codec: win, loss or draw), a win read as WLD_PLIES. Only for a position whose mover
    has no jump: the coded copy holds no value for the others (:func:`node` searches their
    jumps instead), and what it returns for them means nothing."""
    at = eg_at(my, opp, kings, black, mem, EG_OFF)
    if at < 0:
        return 0
    start = mem[S_PACKED_FROM]
    if start and at >= start:
        two = wld_at(eg_data, start, at - start)
        if two == 0:
            return 0
        return -WLD_PLIES if two == 1 else WLD_PLIES
    v = eg_data[at]
    if v == 0:
        return 0
    if v & 1:
        return LOST_NOW if v == 1 else 1 - v
    return v - 1


# --- the transposition table ---------------------------------------------------------------
@njit(cache=True, inline="always")
def _mix(my, opp, kings, black):
    # int64 arithmetic that wraps (constants below 2**63 keep numba in int64)
    h = (my * 0x1E3779B97F4A7C15) ^ (opp * 0x42B2AE3D27D4EB4F) ^ (kings * 0x165667B19E3779F9)
    h ^= black
    h ^= (h >> 29) & 0x7FFFFFFFF
    h *= 0x3F58476D1CE4E5B9
    h ^= (h >> 32) & 0xFFFFFFFF
    return h


@njit(cache=True)
def tt_find(mem, my, opp, kings, black):
    """The first cell of the entry holding the position, or -1."""
    bk = 1 if black else 0
    key0 = my | (bk << 40)
    at = TT + (_mix(my, opp, kings, bk) & mem[S_TT_MASK]) * (TT_WAYS * TT_CELLS)
    for _ in range(TT_WAYS):
        if mem[at] == key0 and mem[at + 1] == opp and mem[at + 2] == kings:
            return at
        at += TT_CELLS
    return -1


@njit(cache=True)
def tt_store(mem, my, opp, kings, black, depth, flag, score, mfrm, mto, mcap):
    """Store an entry: over the same position, else in an empty way, else over the shallowest."""
    bk = 1 if black else 0
    key0 = my | (bk << 40)
    at = TT + (_mix(my, opp, kings, bk) & mem[S_TT_MASK]) * (TT_WAYS * TT_CELLS)
    slot = -1
    shallow = at
    for _ in range(TT_WAYS):
        if mem[at] == key0 and mem[at + 1] == opp and mem[at + 2] == kings:
            slot = at
            break
        if mem[at] == 0:
            if slot < 0:
                slot = at
        elif mem[at + 3] < mem[shallow + 3]:
            shallow = at
        at += TT_CELLS
    if slot < 0:
        slot = shallow
    mem[slot] = key0
    mem[slot + 1] = opp
    mem[slot + 2] = kings
    mem[slot + 3] = depth
    mem[slot + 4] = flag
    mem[slot + 5] = score
    mem[slot + 6] = mfrm
    mem[slot + 7] = mto
    mem[slot + 8] = mcap


# --- the node -------------------------------------------------------------------------------
@njit(cache=True)
def _order(mem, ply, n, captures, hf, ht, hc):
    """The moves of ``ply`` reordered in place as Searcher._order does: jumps by pieces taken
    (stable), steps by history then from/to descending; the killers then the hash move in front."""
    base = ply * MAX_MOVES
    if captures:
        for i in range(1, n):  # stable insertion sort by captured count, descending
            f = mem[MF + base + i]
            t = mem[MT + base + i]
            c = mem[MC + base + i]
            pc = popcount(c)
            k = i - 1
            while k >= 0 and popcount(mem[MC + base + k]) < pc:
                mem[MF + base + k + 1] = mem[MF + base + k]
                mem[MT + base + k + 1] = mem[MT + base + k]
                mem[MC + base + k + 1] = mem[MC + base + k]
                k -= 1
            mem[MF + base + k + 1] = f
            mem[MT + base + k + 1] = t
            mem[MC + base + k + 1] = c
    else:
        # the history score of each move in the captured cells (steps capture nothing)
        for i in range(n):
            mem[MC + base + i] = mem[HIST + bit_index(mem[MF + base + i]) * 35
                                     + bit_index(mem[MT + base + i])]
        for i in range(1, n):
            f = mem[MF + base + i]
            t = mem[MT + base + i]
            hs = mem[MC + base + i]
            k = i - 1
            while k >= 0:
                f2 = mem[MF + base + k]
                t2 = mem[MT + base + k]
                h2 = mem[MC + base + k]
                if h2 > hs or (h2 == hs and (f2 > f or (f2 == f and t2 > t))):
                    break
                mem[MF + base + k + 1] = f2
                mem[MT + base + k + 1] = t2
                mem[MC + base + k + 1] = h2
                k -= 1
            mem[MF + base + k + 1] = f
            mem[MT + base + k + 1] = t
            mem[MC + base + k + 1] = hs
        for i in range(n):
            mem[MC + base + i] = 0
    # front: (hash, killer 0, killer 1), the last first so that the hash move ends up in front
    for which in range(2, -1, -1):
        if which == 0:
            if hf == 0:
                continue
            ff = hf
            ft = ht
            fc = hc
        else:
            kf = mem[KILL + ply * 4 + 2 * (which - 1)]
            if kf == 0 or captures:
                continue
            ff = kf
            ft = mem[KILL + ply * 4 + 2 * (which - 1) + 1]
            fc = 0
        for i in range(n):
            if mem[MF + base + i] == ff and mem[MT + base + i] == ft and mem[MC + base + i] == fc:
                for k in range(i, 0, -1):
                    mem[MF + base + k] = mem[MF + base + k - 1]
                    mem[MT + base + k] = mem[MT + base + k - 1]
                    mem[MC + base + k] = mem[MC + base + k - 1]
                mem[MF + base] = ff
                mem[MT + base] = ft
                mem[MC + base] = fc
                break


@njit(cache=True, inline="always")
def _table_cut(mem, at, depth, alpha, beta, ply):
    """Whether a table entry decides the node (returns (True, score)) or not ((False, 0)): an
    entry deep enough, or a proven win (lower bound) or loss (upper bound) at any depth."""
    e_depth = mem[at + 3]
    e_flag = mem[at + 4]
    e_score = mem[at + 5]
    if (e_depth >= depth or (e_score > WIN_BOUND and e_flag != UPPER)
            or (e_score < -WIN_BOUND and e_flag != LOWER)):
        if e_score > WIN_BOUND:
            e_score -= ply
        elif e_score < -WIN_BOUND:
            e_score += ply
        if e_flag == EXACT:
            return True, e_score
        if e_flag == LOWER:
            if e_score >= beta:
                return True, e_score
        elif e_score <= alpha:
            return True, e_score
    return False, 0


@njit("int64(int64, int64, int64, boolean, int64, int64, int64, int64, int64[::1], uint8[::1])",
      cache=True, nogil=True)
def node(my, opp, kings, black, depth, alpha, beta, ply, mem, eg_data):
    """Negamax value for the side to move (``my``), ``depth`` plies: Searcher.node compiled.

    ``mem``: the search's memory (layout above: state, history, killers, moves, repetition
    stack, endgame offsets, table); ``eg_data``: the endgame database's bytes. Returns garbage
    once ``mem[S_STOP]`` is set: the caller must check it.
    """
    mem[S_NODES] += 1
    if mem[S_STOP]:
        return 0
    tbp = mem[S_TB_PIECES]
    in_table = False
    if tbp and my and popcount(my | opp) <= tbp:
        # the database holds no value for a position whose mover has a jump: the jumps are
        # searched instead (they are forced, and lead to fewer pieces), whatever the depth
        in_table = True
        if not jumpers(my, opp, kings, black):
            v = tb_probe(my, opp, kings, black, mem, eg_data)
            if v > 0:
                return WIN - ply - v
            if v < 0:
                return ply + (0 if v == LOST_NOW else -v) - WIN
            return 0
    height = mem[S_PATH_BASE]
    bk = 1 if black else 0
    if kings:
        at = PATH
        for _ in range(height):
            if mem[at] == my and mem[at + 1] == opp and mem[at + 2] == kings and \
                    mem[at + 3] == bk:
                return 0
            at += 4
    hf = 0
    ht = 0
    hc = 0
    probed = False
    if depth > 0:
        at = tt_find(mem, my, opp, kings, black)
        if at >= 0:
            hf = mem[at + 6]
            ht = mem[at + 7]
            hc = mem[at + 8]
            cut, value = _table_cut(mem, at, depth, alpha, beta, ply)
            if cut:
                return value
        probed = True
    j = jumpers(my, opp, kings, black)
    if j:
        n = gen_jumps(my, opp, kings, black, j, mem, ply)
        if depth < 0:
            depth = 0
    else:
        if depth <= 0 or ply >= MAX_PLY:
            empty = VALID & ~(my | opp)
            mk = my & kings
            if black:
                free = ((my << 4) | (my << 5) | (mk >> 4) | (mk >> 5)) & empty
            else:
                free = ((my >> 4) | (my >> 5) | (mk << 4) | (mk << 5)) & empty
            if not free:
                return ply - WIN
            if (depth < 0 or ply >= MAX_PLY or not mem[S_THREAT]
                    or not jumpers(opp, my, kings, not black)):
                return leaf(my, opp, kings, black, ply, mem)
            depth = -1
        n = gen_steps(my, opp, kings, black, mem, ply)
        if n == 0:
            return ply - WIN
    if not mem[S_QUIESCENCE] and depth <= 0 and not in_table:
        return leaf(my, opp, kings, black, ply, mem)
    if ply >= MAX_PLY:
        return leaf(my, opp, kings, black, ply, mem)
    if not probed:
        at = tt_find(mem, my, opp, kings, black)
        if at >= 0:
            hf = mem[at + 6]
            ht = mem[at + 7]
            hc = mem[at + 8]
            cut, value = _table_cut(mem, at, depth, alpha, beta, ply)
            if cut:
                return value

    if depth < 0:
        new_depth = -1
        depth = 0
    elif n == 1:
        new_depth = depth
    else:
        new_depth = depth - 1
    if n > 1:
        _order(mem, ply, n, j != 0, hf, ht, hc)

    crown = BLACK_CROWN if black else WHITE_CROWN
    nxt = not black
    alpha0 = alpha
    best = -INF
    bf = 0
    bt = 0
    bc = 0
    late = LMR_AFTER if (mem[S_REDUCTIONS] and not j and new_depth >= 2) else n
    pushed = kings != 0 and j == 0
    if pushed:
        at = PATH + 4 * height
        mem[at] = my
        mem[at + 1] = opp
        mem[at + 2] = kings
        mem[at + 3] = bk
        mem[S_PATH_BASE] = height + 1
    base = ply * MAX_MOVES
    net = mem[S_NET] != 0
    for idx in range(n):
        frm = mem[MF + base + idx]
        to = mem[MT + base + idx]
        cap = mem[MC + base + idx]
        nmy, nopp, nk, crowned = play(my, opp, kings, frm, to, cap, crown)
        if net:
            net_push(mem, ply, frm, to, cap, kings, black, crowned)
        if idx == 0:
            score = -node(nopp, nmy, nk, nxt, new_depth, -beta, -alpha, ply + 1, mem, eg_data)
        else:
            if idx >= late and not crowned:
                score = -node(nopp, nmy, nk, nxt, new_depth - 1, -alpha - 1, -alpha, ply + 1,
                              mem, eg_data)
                if score > alpha and not mem[S_STOP]:
                    score = -node(nopp, nmy, nk, nxt, new_depth, -alpha - 1, -alpha, ply + 1,
                                  mem, eg_data)
            else:
                score = -node(nopp, nmy, nk, nxt, new_depth, -alpha - 1, -alpha, ply + 1, mem,
                              eg_data)
            if alpha < score < beta and not mem[S_STOP]:
                score = -node(nopp, nmy, nk, nxt, new_depth, -beta, -score, ply + 1, mem,
                              eg_data)
        if mem[S_STOP]:
            if pushed:
                mem[S_PATH_BASE] = height
            return 0
        if score > best:
            best = score
            bf = frm
            bt = to
            bc = cap
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    if not cap:
                        kat = KILL + ply * 4
                        if not (mem[kat] == frm and mem[kat + 1] == to):
                            mem[kat + 2] = mem[kat]
                            mem[kat + 3] = mem[kat + 1]
                            mem[kat] = frm
                            mem[kat + 1] = to
                        mem[HIST + bit_index(frm) * 35 + bit_index(to)] += depth * depth
                    break
    if pushed:
        mem[S_PATH_BASE] = height

    if best >= beta:
        flag = LOWER
    elif best > alpha0:
        flag = EXACT
    else:
        flag = UPPER
    stored = best
    if stored > WIN_BOUND:
        stored += ply
    elif stored < -WIN_BOUND:
        stored -= ply
    tt_store(mem, my, opp, kings, black, depth, flag, stored, bf, bt, bc)
    return best
