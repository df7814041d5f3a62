"""The search: iterative deepening alpha-beta (principal variation search) on raw bitboards.

What it does, and why:

- **Raw bitboards inside.** The tree is searched on the ints of
  :mod:`checkers_desktop.rules.bitboard` (``generate`` for moves, the same three-line update as
  ``bitboard.apply``); :class:`~checkers_desktop.rules.Board` and :class:`Move` objects appear only
  at the root, because building them costs more than the search of a node.
- **Transposition table keyed by the exact position.** The key is one Python int packing the side
  to move's men and kings, the opponent's, and the side: ``((my << 35 | opp) << 36) | kings << 1
  | black``. This is used instead of Zobrist keys because in Python a Zobrist update needs a loop
  over the moved and captured squares in interpreted code for every move, while packing three ints
  is three shifts done in C; and a dict keyed by the whole position never has a collision, so no
  check move is needed when a hash move is reused. The table is a dict, cleared when it passes
  :data:`TT_LIMIT` entries.
  An interior node looks in the table before generating its moves, so a cut-off costs no move
  generation; a stored proven win (a lower bound above :data:`WIN_BOUND`) or proven loss (an upper
  bound below minus it) is used whatever depth it was found at, since it holds at any depth.
- **Late move reductions:** at depth 3 or more, quiet moves ordered after the first
  :data:`LMR_AFTER` (not crownings, never jumps) are searched one ply shallower with a null window
  first, and again at full depth only when they beat alpha. Every move is still searched, so a
  won or lost score stays a proof. Measured (benchmarks/engine.py style, same process): one ply
  deeper in 1 s from the start; 23.5 / 44 games against the same engine without reductions.
- **Move ordering:** the hash move, then killer moves (two per ply: quiet moves that caused a
  cut-off at the same ply of another line), then the history heuristic (a count per from/to pair
  of cut-offs, weighted by depth squared).
- **Forced captures do not end the search.** At the horizon a side that must jump keeps searching
  its jumps (capture is compulsory, so there is no "stand pat"); a side with a single legal move is
  not charged a ply for it; a leaf where the opponent threatens a jump is searched one ply more
  (once), so that a man left hanging at the horizon is seen. Only quiet positions are evaluated
  statically, and a quiet leaf whose side to move has no step at all is a loss, not a score.
- **Endgame database:** when a table is installed (:mod:`.endgame`, 5 pieces by default), any
  position with that few pieces takes its value from it instead of being searched, so a won line
  that simplifies to five pieces is proven at once: plies to the win or loss, except that below
  the root 5 pieces are read from a packed copy (win, loss or draw, a win counted as
  ``endgame.WLD_PLIES`` plies) to keep memory down; the root's children read the exact distances,
  so the quickest win is played. A position whose side to move has a jump is never read from
  the table (the coded copy holds no value for it, which makes it several times smaller): its
  jumps are searched, at any depth, into fewer pieces, as the long-established checkers
  programs do.
- **Repetition:** a position met again on the current line or in the game since the last
  irreversible move scores as a draw (0).
- **Compiled below the root:** once :mod:`.compiled` is ready (numba), every child of the root
  is searched by its port of :meth:`Searcher.node` (the same tree, some 20 times faster; tests
  compare scores, moves and node counts); the root stays here. Without numba this module's own
  node searches.
- **Time and cancelling:** every 1024 nodes the search looks at the clock and at the caller's
  ``threading.Event``; when either says stop it unwinds at once and the best move of the deepest
  finished iteration (or the better one found so far in the unfinished one) is returned. A legal
  move is chosen before any searching starts, so there is always one to return.

Scores are in hundredths of a man from the side to move's view; a won position is worth
``WIN - plies`` (see :data:`~checkers_desktop.engine.evaluate.WIN`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Literal, Optional

from checkers_desktop.rules import BLACK, Board, Move
from checkers_desktop.rules import bitboard as bbm
from checkers_desktop.rules.bitboard import RawMove
from checkers_desktop.rules.board import _raw_to_move

from . import compiled as _compiled
from .compiled_layout import S_NODES, S_STOP
from . import endgame as _endgame
from .evaluate import WIN, Weights, evaluate
from .network import Network, full_strength_network
from .params import (EXACT, INF, LMR_AFTER, LOST_NOW, LOWER, MAX_PLY, UPPER, WIN_BOUND,
                     WLD_PLIES)

if TYPE_CHECKING:
    from .endgame import EndgameTable

TableEntry = tuple[int, int, int, Optional[RawMove]]
"""A transposition table entry: (depth searched, EXACT/LOWER/UPPER, score, best move or None)."""

BLACK_CROWN = bbm.BLACK_CROWN
WHITE_CROWN = bbm.WHITE_CROWN
VALID = bbm.VALID

TT_LIMIT = 500_000
"""Entries kept in the transposition table before it is cleared (about 170 MB at the most: some
350 bytes an entry)."""
MAX_DEPTH = 64

SPEND = 0.9
"""A timed search starts another iteration until this share of its time is gone: an unfinished
iteration searches the best move so far first, deeper, and a move that proves better there is
played (see the end of :meth:`Searcher.search`). Measured (120 composed problems of
../shared/pdn/problems at 1 s, no endgame database, both rules alternating in one process): 0.93 s
used on average and 54 problems proven with this share as with 45 %; an iteration started before
45 % of the time usually runs on to the deadline anyway."""

EMERGENCY_DROP = 30
"""A timed search given more time for emergencies (``most_time``) takes it when its best score
falls by at least this much (hundredths of a man) from one depth to the next."""

EMERGENCY_TIMES = 2.0
"""``engine``'s ``go time`` and ``bestmove --time`` may take this many times the time asked
for when the score falls (see :data:`EMERGENCY_DROP`)."""


def _margin(seconds: float) -> float:
    """How far before a time limit the search stops (the clock is read every 1024 nodes)."""
    return max(0.0, seconds - min(0.05, 0.1 * seconds))


def score_falling(before: Optional[int], now: int) -> bool:
    """Whether a search's best score has fallen enough between two depths to spend its emergency
    time: by :data:`EMERGENCY_DROP` or more, ``before`` being the last finished depth's best
    (None: no depth finished yet, nothing to compare) and ``now`` the next depth's score of the
    same or a later move. A proven loss (below minus WIN_BOUND) is not an emergency (more time
    cannot change a proof), nor is a fall from a proven win to a smaller one."""
    if before is None or now < -WIN_BOUND or before > WIN_BOUND and now > WIN_BOUND:
        return False
    return now <= before - EMERGENCY_DROP


def seconds_allowed(time_limit: float, most_time: Optional[float], emergency: bool) -> float:
    """The seconds a timed search may take: ``time_limit``, or ``most_time`` (when larger) once
    its score is falling (:func:`score_falling`)."""
    if emergency and most_time is not None and most_time > time_limit:
        return most_time
    return time_limit
RELEASE_SECONDS = 0.02
"""While a compiled search runs on a large memory-mapped endgame database (over
:data:`RELEASE_ABOVE_BYTES` of it read by the search: the 6-piece table's 88 MiB), the pages
it has read are given back this often (seconds), not only when it ends (see
``endgame.release_pages``); a page read again is a minor fault from the file cache. Measured
(``benchmarks/app_memory.py --pieces 6``, the app with its child process): without it the
compiled search brings about 400 MB of the 6-piece table into resident memory a second, and the
app peaked at 560 MB (558-584 MB giving them back every 0.5 s); with it, 369-396 MB (three
runs). The cost: about a fifth fewer nodes a second in endings that probe the table at every
leaf; 71 of 100 composed problems proven at 2 s, against 72 without."""
RELEASE_ABOVE_BYTES = 32 * 2 ** 20
"""Tables whose searched part is smaller (5 pieces: 10 MiB coded) are given back only when a
search ends: their pages fit in memory, and reading them again would only slow the search. The
6-piece table's (88 MiB) is given back while a search runs (``benchmarks/app_memory.py
--pieces 6 --moves 6 --skip-peer``, the app with its child processes: the search-only 6-piece
file so, 379 MB at its peak; the whole 6-piece file, its pages kept to each search's end, 429
MB)."""


class _Stopped(Exception):
    """Raised inside the tree when the time is up or the caller set the stop event."""


@dataclass
class SearchResult:
    """What a search found.

    ``move``: the best move (a legal :class:`Move`; None only when the side to move has no move).
    ``score``: hundredths of a man from the side to move's view (``WIN - plies`` for a forced win).
    ``depth``: the deepest iteration finished, in plies (0 when stopped before the first finished).
    ``nodes``: positions visited. ``pv``: the expected line, starting with ``move``.
    ``seconds``: time used. ``root_scores``: for a multi-move search, (move, score) of every root
    move (used by the levels to choose among nearly equal moves), else empty.
    """

    move: Optional[Move]
    score: int
    depth: int
    nodes: int
    pv: list[Move] = field(default_factory=list)
    seconds: float = 0.0
    root_scores: list[tuple[Move, int]] = field(default_factory=list)

    @property
    def is_win(self) -> bool:
        return self.score > WIN_BOUND

    @property
    def is_loss(self) -> bool:
        return self.score < -WIN_BOUND


def position_key(my: int, opp: int, kings: int, black: bool) -> int:
    """The exact position as one int (see the module docstring for why not Zobrist keys)."""
    return (((my << 35) | opp) << 36) | (kings << 1) | black


def _captured_count(raw: RawMove) -> int:
    return raw[2].bit_count()


WLD_ROOT_WIN = WIN - MAX_PLY - WLD_PLIES - 300
"""At a root the endgame database holds only win, loss or draw of, a winning move whose search
found no quicker proven win scores this plus its searched score (kept within 299): above
:data:`WIN_BOUND` (a proven win), below every win the search proved to a smaller piece count."""


def _outcome_score(outcome: int, score: int) -> int:
    """The root score of a move whose database outcome is ``outcome`` (+1 won, 0 drawn, -1 lost)
    and whose search scored ``score``: a proven win or loss of the search stands; otherwise the
    outcome decides, the searched score ranking moves of one outcome."""
    if outcome > 0 and score > WIN_BOUND or outcome < 0 and score < -WIN_BOUND:
        return score
    within = max(-299, min(299, score))
    return within if outcome == 0 else (WLD_ROOT_WIN + within if outcome > 0
                                        else -WLD_ROOT_WIN + within)


class Searcher:
    """One search's state: transposition table, killers, history, node count and the stop rules.

    A Searcher may be kept between moves of a game (its table stays useful); it is not thread-safe:
    use one per thread.
    """

    def __init__(self, endgame: EndgameTable | Literal[False] | None = None,
                 compiled: Optional[bool] = None) -> None:
        """``endgame``: an :class:`~.endgame.EndgameTable` to probe, False for none, or None for
        the one installed with :func:`~.endgame.install_table` when the search starts.

        ``compiled``: None (the default) searches below the root with the compiled core
        (:mod:`.compiled`) once it is ready and in Python until then; True compiles it (or loads
        it from the disk cache) at the first search, waiting for it; False always searches in
        Python. Where numba is absent every choice searches in Python."""
        self.endgame = endgame
        self.compiled = compiled
        self.network: Optional[Network] = full_strength_network()
        # the compiled core's arrays, made at the first compiled search
        self._core: Optional[_compiled.CompiledState] = None
        self._tb_probe: Optional[Callable[[int, int, int, bool], int]] = None
        self._tb_pieces = 0
        self.tt: dict[int, TableEntry] = {}
        self.nodes = 0
        self.quiescence = True
        self.threat_extension = True
        self.reductions = True
        self._deadline: Optional[float] = None
        self._stop: Optional[threading.Event] = None
        self._killers: list[list[Optional[RawMove]]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self._history: dict[RawMove, int] = {}  # raw step move -> cut-offs weighted by depth^2
        self._path: set[int] = set()

    # --- the tree -------------------------------------------------------------------------
    def _check(self) -> None:
        if self._stop is not None and self._stop.is_set():
            raise _Stopped
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Stopped

    @staticmethod
    def _tb_score(v: int, ply: int) -> int:
        """The score of an endgame database value ``v`` (see ``EndgameTable.probe``) at ``ply``."""
        if v > 0:
            return WIN - ply - v
        if v < 0:
            return ply + (0 if v == LOST_NOW else -v) - WIN
        return 0

    def node(self, my: int, opp: int, kings: int, black: bool, depth: int, alpha: int, beta: int,
             ply: int) -> int:
        """Negamax value of a position for the side to move (``my``), searched ``depth`` plies."""
        self.nodes += 1
        if not self.nodes & 1023:
            self._check()
        key = (((my << 35) | opp) << 36) | (kings << 1) | black
        in_table = False
        if self._tb_probe is not None and self._tb_pieces and my \
                and (my | opp).bit_count() <= self._tb_pieces:
            # the endgame database: exact, or a packed win/loss as a long one (endgame.WLD_PLIES);
            # it holds no value for a position whose mover has a jump: the jumps are searched
            # instead (forced, and into fewer pieces), whatever the depth
            in_table = True
            if not bbm.jumpers(my, opp, kings, black):
                return self._tb_score(self._tb_probe(my, opp, kings, black), ply)
        path = self._path
        if kings and key in path:
            return 0  # a repetition (a position with a jump is never in the path)
        hash_move = None
        if depth > 0:
            # interior node: the table first, so that a cut-off costs no move generation
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, e_flag, e_score, hash_move = entry
                # a proven win (lower bound) or loss (upper bound) holds at any depth
                if (e_depth >= depth or (e_score > WIN_BOUND and e_flag != UPPER)
                        or (e_score < -WIN_BOUND and e_flag != LOWER)):
                    if e_score > WIN_BOUND:
                        e_score -= ply
                    elif e_score < -WIN_BOUND:
                        e_score += ply
                    if e_flag == EXACT:
                        return e_score
                    if e_flag == LOWER:
                        if e_score >= beta:
                            return e_score
                    elif e_score <= alpha:
                        return e_score
            probed = True
        else:
            probed = False
        j = bbm.jumpers(my, opp, kings, black)
        if j:
            moves = bbm.jump_moves(my, opp, kings, black, j)
            if depth < 0:
                depth = 0  # jumps are searched to the end at any depth
        else:
            if depth <= 0 or ply >= MAX_PLY:
                # a quiet leaf; one with no step at all is lost (blocked), not evaluated
                empty = VALID & ~(my | opp)
                mk = my & kings
                if black:
                    free = ((my << 4) | (my << 5) | (mk >> 4) | (mk >> 5)) & empty
                else:
                    free = ((my >> 4) | (my >> 5) | (mk << 4) | (mk << 5)) & empty
                if not free:
                    return ply - WIN
                if (depth < 0 or ply >= MAX_PLY or not self.threat_extension
                        or not bbm.jumpers(opp, my, kings, not black)):
                    return evaluate(my, opp, kings, black)
                # the opponent threatens a jump: look one ply further (once) before judging
                depth = -1
            moves = bbm.step_moves(my, opp, kings, black)
            if not moves:
                return ply - WIN
        if not self.quiescence and depth <= 0 and not in_table:
            return evaluate(my, opp, kings, black)
        if ply >= MAX_PLY:
            return evaluate(my, opp, kings, black)

        tt = self.tt
        if not probed:
            entry = tt.get(key)
            if entry is not None:
                e_depth, e_flag, e_score, hash_move = entry
                # a proven win (lower bound) or loss (upper bound) holds at any depth
                if (e_depth >= depth or (e_score > WIN_BOUND and e_flag != UPPER)
                        or (e_score < -WIN_BOUND and e_flag != LOWER)):
                    if e_score > WIN_BOUND:
                        e_score -= ply
                    elif e_score < -WIN_BOUND:
                        e_score += ply
                    if e_flag == EXACT:
                        return e_score
                    if e_flag == LOWER:
                        if e_score >= beta:
                            return e_score
                    elif e_score <= alpha:
                        return e_score

        n = len(moves)
        if depth < 0:
            new_depth = -1  # a threat extension: the replies are judged after their jumps only
            depth = 0
        elif n == 1:
            new_depth = depth  # a forced move (single reply or the only jump) costs no ply
        else:
            new_depth = depth - 1
        if n > 1:
            moves = self._order(moves, hash_move, ply, bool(j))

        crown = BLACK_CROWN if black else WHITE_CROWN
        nxt = not black
        alpha0 = alpha
        best = -INF
        best_move = None
        first = True
        # late move reductions: quiet moves ordered after the first LMR_AFTER, at depth 3 or more,
        # are searched one ply shallower first (again at full depth when they beat alpha)
        late = LMR_AFTER if (self.reductions and not j and new_depth >= 2) else n
        if kings and not j:
            path.add(key)
        try:
            for idx, raw in enumerate(moves):
                frm, to, cap, _ = raw
                # bitboard.after_move written out: the call would cost about a tenth of the
                # node's time, and the crowning flag is needed here too
                nmy = (my & ~frm) | to
                nopp = opp & ~cap
                crowned = False
                if kings & frm:
                    nk = ((kings & ~cap) & ~frm) | to
                elif to & crown:
                    nk = (kings & ~cap) | to
                    crowned = True
                else:
                    nk = kings & ~cap
                if first:
                    score = -self.node(nopp, nmy, nk, nxt, new_depth, -beta, -alpha, ply + 1)
                    first = False
                else:
                    if idx >= late and not crowned:
                        score = -self.node(nopp, nmy, nk, nxt, new_depth - 1, -alpha - 1, -alpha,
                                           ply + 1)
                        if score > alpha:
                            score = -self.node(nopp, nmy, nk, nxt, new_depth, -alpha - 1, -alpha,
                                               ply + 1)
                    else:
                        score = -self.node(nopp, nmy, nk, nxt, new_depth, -alpha - 1, -alpha,
                                           ply + 1)
                    if alpha < score < beta:
                        score = -self.node(nopp, nmy, nk, nxt, new_depth, -beta, -score, ply + 1)
                if score > best:
                    best = score
                    best_move = raw
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not cap:
                                killers = self._killers[ply]
                                if killers[0] != raw:
                                    killers[1] = killers[0]
                                    killers[0] = raw
                                history = self._history
                                history[raw] = history.get(raw, 0) + depth * depth
                            break
        finally:
            if kings and not j:
                path.discard(key)

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
        if len(tt) >= TT_LIMIT:
            tt.clear()
        tt[key] = (depth, flag, stored, best_move)
        return best

    def _order(self, moves: list[RawMove], hash_move: Optional[RawMove], ply: int,
               captures: bool) -> list[RawMove]:
        """Hash move first; then jumps taking the most pieces, or for steps the killers and then
        the history scores."""
        front: tuple[Optional[RawMove], ...]
        if captures:
            out = sorted(moves, key=_captured_count, reverse=True)
            front = (hash_move,)
        else:
            hget = self._history.get
            dec = [(hget(r, 0), r) for r in moves]
            dec.sort(reverse=True)
            out = [r for _, r in dec]
            k0, k1 = self._killers[ply]
            front = (hash_move, k0, k1)
        for i in range(len(front) - 1, -1, -1):  # last first, so the hash move ends up in front
            m = front[i]
            if m is not None and m in out:
                out.remove(m)
                out.insert(0, m)
        return out

    # --- the root -------------------------------------------------------------------------
    def search(self, board: Board, *, time_limit: Optional[float] = None,
               depth: Optional[int] = None, stop: Optional[threading.Event] = None,
               all_scores: bool = False, quiescence: bool = True,
               most_time: Optional[float] = None) -> SearchResult:
        """Iterative deepening from depth 1 up to ``depth`` plies or until ``time_limit`` seconds.

        ``stop``: an Event; once set, the search returns within a few thousand nodes. With neither
        ``depth`` nor ``time_limit`` the search runs to depth :data:`MAX_DEPTH` or until stopped.
        ``all_scores``: score every root move exactly (no pruning at the root; slower), for the
        levels that choose among nearly equal moves. ``quiescence=False`` evaluates at the horizon
        even when a jump is pending (used by the gentlest level to miss shots, as people do).
        ``most_time`` (seconds, above ``time_limit``): the time the search may take instead when
        its best score falls between two depths (:func:`score_falling`: an emergency). A timed
        search also stops early when the endgame database values every move at the root.
        Always returns a legal move when the position has one. Afterwards the endgame
        database's pages this search read are given back (see ``endgame.release_pages``).
        """
        table = _endgame.installed_table() if self.endgame is None else (self.endgame or None)
        try:
            return self._search(board, table, time_limit=time_limit, depth=depth, stop=stop,
                                all_scores=all_scores, quiescence=quiescence,
                                most_time=most_time)
        finally:
            if table is not None:
                _endgame.release_pages(table)

    def _search(self, board: Board, table: Optional[EndgameTable], *, time_limit: Optional[float], depth: Optional[int],
                stop: Optional[threading.Event], all_scores: bool,
                quiescence: bool, most_time: Optional[float] = None) -> SearchResult:
        start = time.perf_counter()
        self.nodes = 0
        self.quiescence = quiescence
        self._stop = stop
        # a small margin keeps the answer inside the limit: the clock is read every 1024 nodes
        self._deadline = None if time_limit is None else start + _margin(time_limit)
        emergency = False
        previous: Optional[int] = None  # the last finished depth's best score
        self._killers = [[None, None] for _ in range(MAX_PLY + 2)]
        self._history = {}
        self._tb_probe = table.search_probe if table is not None else None
        self._tb_pieces = table.pieces if table is not None else 0
        exact = table.probe if table is not None else None
        black = board.turn is BLACK
        my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
        kings = board.kings_bb
        raws = list(board.iter_moves_raw())
        if not raws:
            return SearchResult(None, -WIN, 0, 0, seconds=time.perf_counter() - start)
        # A root the table holds only win, loss or draw of (no exact distances, see
        # endgame.EndgameTable.exact_pieces): every move would read as the same long win, and
        # the first would be played for ever. So positions of the root's count are searched, the
        # table probed below it, and the root's moves ranked by their win, loss or draw first.
        wld_root = table is not None and table.exact_pieces < (my | opp).bit_count() \
            <= table.pieces
        if wld_root:
            assert table is not None
            self._tb_pieces = table.exact_pieces
        game = self._path_tuples(board)
        self._path = {position_key(*t) for t in game[1:]}
        core = self._compiled_core()
        if core is not None:
            core.set_network(self.network)
            core.new_search(quiescence=quiescence, threat=self.threat_extension,
                            reductions=self.reductions, table=table, game_keys=game,
                            pieces=self._tb_pieces)
            node = self._compiled_node
        else:
            node = self.node

        # A legal move before any searching: the best by a one-ply look (cheap), or the only one.
        crown = BLACK_CROWN if black else WHITE_CROWN

        def child(raw: RawMove) -> tuple[int, int, int, bool]:
            frm, to, cap, _ = raw
            nmy, nopp, nk = bbm.after_move(my, opp, kings, frm, to, cap, crown)
            return nopp, nmy, nk, not black

        outcome: dict[RawMove, int] = {}
        if wld_root:
            assert table is not None
            for r in raws:
                c = child(r)
                v = table.search_probe(*c) if c[0] else LOST_NOW
                outcome[r] = (v < 0) - (v > 0)  # +1 the move wins, 0 draws, -1 loses
        best_outcome = max(outcome.values(), default=0)
        scored = [(-evaluate(*child(r)), i, r) for i, r in enumerate(raws)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        order = [r for _, _, r in scored]
        best_raw = order[0]
        best_score = scored[0][0]
        best_pv = [best_raw]
        done_depth = 0
        root_scores: list[tuple[RawMove, int]] = []
        max_depth = MAX_DEPTH if depth is None else max(1, depth)
        single = len(raws) == 1
        if single and depth is None:
            # Only one move: search a little for its score, no more.
            limit = 0.1 if time_limit is None else min(time_limit, 0.1)
            self._deadline = start + limit

        scores_this: list[tuple[RawMove, int]] = []
        self._path.add(position_key(my, opp, kings, black))
        watcher = self._watch(core, table) if core is not None else None
        try:
            if stop is not None and stop.is_set():
                raise _Stopped
            for d in range(1, max_depth + 1):
                iter_best = None
                iter_score = -INF
                alpha = -INF
                beta = INF
                scores_this = []
                for idx, raw in enumerate(order):
                    nopp, nmy, nk, nxt = child(raw)
                    if wld_root and outcome[raw] < best_outcome:
                        score = _outcome_score(outcome[raw], 0)  # not searched: a better exists
                    elif exact is not None and nopp and \
                            (nmy | nopp).bit_count() <= self._tb_pieces:
                        # the exact distance at the root, so the quickest win is played even
                        # where the searches below read the database's packed win/loss/draw
                        score = -self._tb_score(exact(nopp, nmy, nk, nxt), 1)
                    elif all_scores:
                        score = -node(nopp, nmy, nk, nxt, d - 1, -INF, INF, 1)
                    elif idx == 0:
                        score = -node(nopp, nmy, nk, nxt, d - 1, -beta, -alpha, 1)
                    else:
                        score = -node(nopp, nmy, nk, nxt, d - 1, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -node(nopp, nmy, nk, nxt, d - 1, -beta, -score, 1)
                    if wld_root and outcome[raw] == best_outcome:
                        score = _outcome_score(best_outcome, score)
                    scores_this.append((raw, score))
                    if (idx == 0 and time_limit is not None and not emergency
                            and score_falling(previous, score)):
                        # the best move so far scores worse deeper: take the emergency time
                        emergency = True
                        self._deadline = start + _margin(
                            seconds_allowed(time_limit, most_time, True))
                    if score > iter_score:
                        iter_score = score
                        iter_best = raw
                        if score > alpha:
                            alpha = score
                # the iteration finished
                assert iter_best is not None  # every root move scores above -INF
                best_raw, best_score = iter_best, iter_score
                done_depth = d
                root_scores = scores_this
                best_pv = self._pv(my, opp, kings, black, best_raw, d, core)
                # next iteration: this one's best first, the rest by their scores (stable)
                order = [r for r, _ in sorted(scores_this, key=lambda t: -t[1])]
                if abs(best_score) > WIN_BOUND and WIN - abs(best_score) <= d:
                    break  # the win or loss is proven within this depth
                if single and d >= 4:
                    break
                if (my | opp).bit_count() <= self._tb_pieces:
                    break  # every reply is valued exactly by the endgame database
                previous = best_score
                if time_limit is not None and not single:
                    if exact is not None and all(
                            ((my | opp) & ~r[2]).bit_count() <= self._tb_pieces for r in raws):
                        break  # every move at the root leads into the database: it decides
                    allowed = seconds_allowed(time_limit, most_time, emergency)
                    if time.perf_counter() - start > SPEND * allowed:
                        break  # too little time left to search even the best move deeper
        except _Stopped:
            # A move of the unfinished iteration replaces the last finished iteration's best only
            # when it was fully searched and scored better than that move (searched first).
            if scores_this and done_depth > 0 and not all_scores:
                s0 = scores_this[0][1]
                cand = max(scores_this, key=lambda t: t[1])
                if cand[1] > s0:
                    best_raw, best_score = cand
                    best_pv = [best_raw]
                elif s0 > WIN_BOUND and scores_this[0][0] == best_raw:
                    best_score = s0  # the deeper search proved the win of the same move
        finally:
            if watcher is not None:
                watcher.set()
            if core is not None:
                self.nodes += int(core.state[S_NODES])
            self._stop = None
            self._deadline = None
        pv_moves = [_raw_to_move(r) for r in best_pv]
        return SearchResult(
            move=_raw_to_move(best_raw), score=best_score, depth=done_depth, nodes=self.nodes,
            pv=pv_moves, seconds=time.perf_counter() - start,
            root_scores=[(_raw_to_move(r), s) for r, s in root_scores])

    # --- the table ------------------------------------------------------------------------
    def table_entries(self) -> int:
        """Positions held in the transposition table (the compiled core's or the Python one)."""
        if self._core is not None:
            return self._core.entries()
        return len(self.tt)

    def clear_table(self) -> None:
        """Forget every stored position (before an unrelated game)."""
        self.tt.clear()
        if self._core is not None:
            self._core.clear_table()

    def set_weights(self, weights: Weights) -> None:
        """Search with other evaluation weights (an :class:`~.evaluate.Weights`; benchmarks
        compare weights this way). Only the compiled core takes them: raises RuntimeError where
        it cannot be used (the Python evaluation keeps :data:`~.evaluate.WEIGHTS`)."""
        self.compiled = True
        core = self._compiled_core()
        if core is None:
            raise RuntimeError(f"the compiled search is not available: {_compiled.failure()}")
        core.set_weights(weights)

    def set_network(self, network: Optional[Network]) -> None:
        """Evaluate with a learned network (:mod:`.network`; None: the hand evaluation) from the
        next search on (a new Searcher starts with :func:`~.network.full_strength_network`). Only the compiled core evaluates with it; the Python search (numba
        absent, or the core not yet compiled) keeps the hand evaluation."""
        self.network = network

    # --- the compiled core ----------------------------------------------------------------
    def _compiled_core(self) -> Optional[_compiled.CompiledState]:
        """The compiled core's arrays when this search uses it (see ``compiled`` in __init__),
        else None."""
        if self.compiled is False or not _compiled.AVAILABLE:
            return None
        if not _compiled.ready() and not (self.compiled and _compiled.warm_up()):
            return None
        if self._core is None:
            self._core = _compiled.CompiledState()
        return self._core

    def _compiled_node(self, my: int, opp: int, kings: int, black: bool, depth: int, alpha: int,
                       beta: int, ply: int) -> int:
        """:meth:`node` run by the compiled core; raises _Stopped as the Python node does."""
        core = self._core
        assert core is not None  # made by _compiled_core before any compiled node
        value = core.node(my, opp, kings, black, depth, alpha, beta, ply)
        if core.stopped():
            raise _Stopped
        return value

    def _watch(self, core: _compiled.CompiledState,
               table: Optional[EndgameTable] = None) -> threading.Event:
        """Start a thread that sets the core's stop flag at the deadline (``self._deadline``, as
        it is at each look) or when the caller's stop event is set (the compiled node reads the flag; it cannot read the clock), and
        that gives back the pages of ``table`` (an endgame database, or None) every
        :data:`RELEASE_SECONDS` when it is a large memory-mapped one. Returns the event that
        ends the watcher (set it when the search is over)."""
        done = threading.Event()
        deadline = self._deadline
        stop = self._stop
        if table is not None and table.mapped_search_bytes() <= RELEASE_ABOVE_BYTES:
            table = None
        if deadline is None and stop is None and table is None:
            return done

        def watch() -> None:
            release_at = time.perf_counter() + RELEASE_SECONDS
            while not done.wait(0.002):
                now = time.perf_counter()
                # read anew each time: the root moves it later in an emergency
                limit = self._deadline
                if ((stop is not None and stop.is_set())
                        or (limit is not None and now >= limit)):
                    core.state[S_STOP] = 1
                    return
                if table is not None and now >= release_at:
                    _endgame.release_pages(table)
                    release_at = now + RELEASE_SECONDS

        threading.Thread(target=watch, name="search-clock", daemon=True).start()
        return done

    def _path_tuples(self, board: Board) -> list[tuple[int, int, int, bool]]:
        """The root and the game's positions since the last capture or man move, as (my, opp,
        kings, black): the repetition rule's positions (the Python search keeps the keys of all
        but the root in its path set, the compiled one all of them in its repetition stack)."""
        black = board.turn is BLACK
        my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
        out = [(my, opp, board.kings_bb, black)]
        if not board.kings_bb or not board.quiet_plies:
            return out
        b = board.copy()
        for _ in range(min(board.quiet_plies, b.ply)):
            b.pop()
            black = b.turn is BLACK
            my, opp = (b.black_bb, b.white_bb) if black else (b.white_bb, b.black_bb)
            out.append((my, opp, b.kings_bb, black))
        return out

    def _hash_move(self, my: int, opp: int, kings: int, black: bool,
                   core: Optional[_compiled.CompiledState]) -> Optional[tuple[int, int, int]]:
        """The table's best move for a position as (frm, to, cap) masks, or None."""
        if core is not None:
            return core.hash_move(my, opp, kings, black)
        entry = self.tt.get(position_key(my, opp, kings, black))
        if entry is None or entry[3] is None:
            return None
        frm, to, cap, _ = entry[3]
        return frm, to, cap

    def _pv(self, my: int, opp: int, kings: int, black: bool, first_raw: RawMove, depth: int,
            core: Optional[_compiled.CompiledState] = None) -> list[RawMove]:
        """The line of hash moves from the root, starting with ``first_raw`` (raw moves)."""
        line = [first_raw]
        seen = set()
        raw = first_raw
        for _ in range(max(depth, 1) + 8):
            crown = BLACK_CROWN if black else WHITE_CROWN
            frm, to, cap, _ = raw
            nmy, nopp, kings = bbm.after_move(my, opp, kings, frm, to, cap, crown)
            my, opp, black = nopp, nmy, not black
            key = position_key(my, opp, kings, black)
            if key in seen:
                break
            seen.add(key)
            found = self._hash_move(my, opp, kings, black, core)
            if found is None:
                break
            reply = next((r for r in bbm.generate(my, opp, kings, black) if r[:3] == found), None)
            if reply is None:
                break
            raw = reply
            line.append(raw)
        return line


def search(board: Board, *, time_limit: Optional[float] = None, depth: Optional[int] = None,
           stop: Optional[threading.Event] = None) -> SearchResult:
    """Search ``board`` for the side to move; see :meth:`Searcher.search`.

    ``time_limit`` in seconds, ``depth`` in plies; with neither, 1 second. Returns a
    :class:`SearchResult` whose ``move`` is legal in ``board`` (None only when there is no move).
    """
    if time_limit is None and depth is None:
        time_limit = 1.0
    return Searcher().search(board, time_limit=time_limit, depth=depth, stop=stop)
