"""Engine benchmark: speed, depth, composed problems, and matches.

Run from the repository root::

    .venv/bin/python benchmarks/engine.py            # about 15 minutes
    .venv/bin/python benchmarks/engine.py --quick    # about 3 minutes
    .venv/bin/python benchmarks/engine.py --problems 0 --problem-time 1   # every problem, 1 s each

Prints:

1. nodes per second of the engine's search from the start, with the ratio to a plain minimax run in
   the same process (the peer), and the depth reached in 1 second from the start and from a few
   positions after three-move ballots (../shared/ballots/three_move_english.tsv);
2. the share of the composed problems of ../shared/pdn/problems whose stated result the search
   confirms within a fixed time each, by file, by kind and by the number of pieces. The side to
   move is the FEN's first letter; "1-0" means BLACK (the first mover) wins, "0-1" WHITE.
   Confirmed: a won score for the side to move when it is the stated winner, a lost score when
   the other side is, and neither when the result is a draw;
3. match scores (wins + half the draws, engine's view) against level 1 and against a plain
   fixed-depth minimax opponent (material only, no pruning), colours alternating over ballots, and
   a ladder of the fixed-depth levels (1 against 2, 2 against 3, 1 against the minimax). A game is
   drawn after 200 plies, a third repetition or 80 plies without a capture or a man's move;
4. whether the engine, playing both sides, converts two known won endings (First Position; three
   kings against two);
5. the same search with and without the opening book over the same ballots (``book``);
6. the compiled core against the Python search, 1 s a move by default (``compiled``);
7. with ``--candidate-weights``, the same compiled search with those evaluation weights against
   the weights in use (``weights``; benchmarks/tune_eval.py fits candidates);
8. with ``--versus TREE``, this version against the one checked out in TREE (e.g. ``git worktree
   add /work/wt-old a7cc39a``), each a persistent ``checkers-desktop engine`` process with its
   own endgame database, ``go time`` a move, the ballots with both colours (benchmarks/versus.py,
   which also runs alone and adds up several runs' logs).

Searches use the compiled core (engine/compiled.py) unless ``--python`` is given; the speed
section runs both in the same process.

The endgame database (5 pieces, as in the app) is generated on the first run into --endgame-cache
(about a minute with the compiled builder; --endgame-pieces 3 or 4 for less). Its build is measured
by benchmarks/endgame.py.
Figures vary with the machine's load: other processes share the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import Searcher, WIN  # noqa: E402
from checkers_desktop.engine import compiled as _compiled  # noqa: E402
from checkers_desktop.engine.endgame import ensure_table  # noqa: E402
from checkers_desktop.engine.levels import search_at_level  # noqa: E402
from checkers_desktop.engine.search import WIN_BOUND  # noqa: E402
from checkers_desktop.rules import BLACK, Board  # noqa: E402
from checkers_desktop.rules import bitboard as bbm  # noqa: E402
from checkers_desktop.rules.board import _raw_to_move  # noqa: E402

SHARED = ROOT / ".." / "shared"


# --- the peer: plain fixed-depth minimax --------------------------------------------------------
class PlainMinimax:
    """Fixed-depth negamax without pruning, material only (man 100, king 150), on raw bitboards.

    Ties are broken by a seeded random choice so that games vary."""

    def __init__(self, depth: int = 4, seed: int = 0):
        self.depth = depth
        self.rng = random.Random(seed)
        self.nodes = 0

    def _value(self, my, opp, kings, black, depth):
        self.nodes += 1
        moves = bbm.generate(my, opp, kings, black)
        if not moves:
            return -WIN
        if depth == 0:
            mk = (my & kings).bit_count()
            ok = (opp & kings).bit_count()
            return 100 * (my.bit_count() - opp.bit_count()) + 50 * (mk - ok)
        best = -10 * WIN
        for raw in moves:
            b, w, k = bbm.apply(*((my, opp) if black else (opp, my)), kings, black, raw)
            nmy, nopp = (w, b) if black else (b, w)
            v = -self._value(nmy, nopp, k, not black, depth - 1)
            if v > best:
                best = v
        return best

    def choose(self, board: Board):
        black = board.turn is BLACK
        my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
        scored = []
        for raw in board.iter_moves_raw():
            b, w, k = bbm.apply(board.black_bb, board.white_bb, board.kings_bb, black, raw)
            nmy, nopp = (w, b) if black else (b, w)
            scored.append((-self._value(nmy, nopp, k, not black, self.depth - 1), raw))
        best = max(s for s, _ in scored)
        return _raw_to_move(self.rng.choice([r for s, r in scored if s == best]))


# --- inputs ------------------------------------------------------------------------------------
def ballots(limit=None):
    path = SHARED / "ballots" / "three_move_english.tsv"
    rows = []
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["in_standard_list"] == "yes":
                rows.append(row)
    return rows if limit is None else rows[:limit]


TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]')


def problems():
    """(file, event, fen, result) of every composed problem, read from the [FEN] and [Result] tags
    (each game of these files is a tag block, a result and a blank line; see ../shared/pdn/README)."""
    out = []
    for path in sorted((SHARED / "pdn" / "problems").glob("*.pdn")):
        games: list[dict] = []
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            m = TAG.match(line.strip())
            if not m:
                continue
            name = m.group(1).lower()
            if name == "event" or not games:
                games.append({})
            games[-1][name] = m.group(2)
        for tags in games:
            if tags.get("fen") and tags.get("result"):
                out.append((path.stem, tags.get("event", ""), tags["fen"], tags["result"]))
    return out


# --- sections ----------------------------------------------------------------------------------
def speed(seconds: float, positions: int):
    """Nodes per second and depth in ``seconds`` from the start and after ``positions`` ballots:
    the engine as the app runs it (the compiled core when numba is there) against the same
    search in pure Python (today's engine before the compiled core, and the fallback), and a
    plain minimax peer, all in this process."""
    print("## Speed and depth (1 search per position; compiled core against the Python search)")
    compiled_on = _compiled.ready()
    print(f"compiled core: {'on' if compiled_on else 'off (' + str(_compiled.failure()) + ')'}")
    board = Board()
    r = Searcher().search(board, time_limit=seconds)
    nps = r.nodes / r.seconds
    rp = Searcher(compiled=False).search(board, time_limit=seconds)
    py_nps = rp.nodes / rp.seconds
    peer = PlainMinimax(depth=5)
    t = time.perf_counter()
    peer.choose(board)
    peer_nps = peer.nodes / (time.perf_counter() - t)
    print(f"start position: {r.nodes} nodes in {r.seconds:.2f} s = {nps:,.0f} nodes/s; "
          f"depth {r.depth}; move {r.move.pdn()}; score {r.score}")
    print(f"  the Python search: {py_nps:,.0f} nodes/s, depth {rp.depth}; "
          f"ratio {nps / py_nps:.1f}x")
    print(f"peer (plain minimax, depth 5): {peer_nps:,.0f} nodes/s; ratio engine/peer "
          f"{nps / peer_nps:.2f}")
    rows = []
    ratios = []
    for row in ballots()[:: max(1, len(ballots()) // positions)][:positions]:
        b = Board(row["fen"])
        r = Searcher().search(b, time_limit=seconds)
        rp = Searcher(compiled=False).search(b, time_limit=seconds)
        rows.append((row["moves"], r.depth, r.nodes / r.seconds))
        forced = " (the only move: searched 0.1 s)" if len(b.legal_moves) == 1 else ""
        if not forced:  # a forced move's tiny search times the Python root, not the tree
            ratios.append((r.nodes / r.seconds) / (rp.nodes / rp.seconds))
        print(f"ballot {row['number']} ({row['moves']}): depth {r.depth}, "
              f"{r.nodes / r.seconds:,.0f} nodes/s, move {r.move.pdn()}, score {r.score}{forced}; "
              f"Python: depth {rp.depth}, {rp.nodes / rp.seconds:,.0f} nodes/s; ratio "
              f"{(r.nodes / r.seconds) / (rp.nodes / rp.seconds):.1f}x")
    if ratios:
        print(f"  ratio after the ballots (forced moves left out): {min(ratios):.1f}x to "
              f"{max(ratios):.1f}x")
    return nps, r.depth, rows


def confirm(fen: str, result: str, seconds: float) -> tuple[bool, bool, str]:
    """(proven, seen, contradiction) for one problem.

    proven: the search's score is a forced win for the stated winner (a won score for the side to
    move when it wins, a lost one when the other side wins), or, for a draw, neither a win nor a
    loss. seen: the same with "winning" read as "a man ahead or better" (score >= 100 for the
    winner), the usual way a problem's win shows in a search that cannot reach its end.
    contradiction: "" or, when the search proves another result than the stated one (a forced
    win or loss is exact: it ends in a position without a move or in the endgame database), that
    result with the line that proves it, for a person to check the problem's statement."""
    board = Board(fen)
    r = Searcher().search(board, time_limit=seconds)
    mover = "1-0" if board.turn is BLACK else "0-1"
    other = "0-1" if mover == "1-0" else "1-0"
    proved = mover if r.score > WIN_BOUND else other if r.score < -WIN_BOUND else ""
    contradiction = ""
    if proved and proved != result:
        contradiction = f"proved {proved} by {' '.join(m.pdn() for m in r.pv[:10])}"
    if result == "1/2-1/2":
        ok = abs(r.score) <= WIN_BOUND
        return ok, ok, contradiction
    if result == mover:
        return r.score > WIN_BOUND, r.score >= 100, contradiction
    return r.score < -WIN_BOUND, r.score <= -100, contradiction


def pieces_group(board) -> str:
    """The problem's row in the by-pieces table: "2-5 pieces", "6 pieces", "7 pieces", "8
    pieces", "9-10 pieces" or "11+ pieces". The default database settles up to 5 pieces at once
    and the one on request 6; the rows show how far beyond the database the unproven wins lie."""
    n = bin(board.black_bb | board.white_bb).count("1")
    if n <= 5:
        return "2-5 pieces"
    if n <= 8:
        return f"{n} pieces"
    return "9-10 pieces" if n <= 10 else "11+ pieces"


def problem_share(seconds: float, limit):
    print(f"## Composed problems ({seconds} s each): proven / seen (see confirm()) / count")
    probs = problems()
    if limit:
        step = max(1, len(probs) // limit)
        probs = probs[::step][:limit]
    by_kind: dict[str, list[int]] = {}
    by_file: dict[str, list[int]] = {}
    by_pieces: dict[str, list[int]] = {}
    unreadable = []
    contradicted = []
    for fname, event, fen, result in probs:
        try:
            board = Board(fen)
        except ValueError as exc:
            unreadable.append(f"{fname} {event}: {exc}")
            continue
        mover = "1-0" if board.turn is BLACK else "0-1"
        kind = "draw" if result == "1/2-1/2" else ("win, mover" if result == mover
                                                    else "win, other side")
        proven, seen, contradiction = confirm(fen, result, seconds)
        if contradiction:
            contradicted.append(f"{fname} {event} ({fen}, stated {result}): {contradiction}")
        for table, key in ((by_kind, kind), (by_file, fname), (by_pieces, pieces_group(board))):
            table.setdefault(key, [0, 0, 0])
            table[key][0] += proven
            table[key][1] += seen
            table[key][2] += 1
    rows = sorted(by_file.items()) + sorted(by_kind.items())
    rows += sorted(by_pieces.items(), key=lambda kv: int(kv[0].split()[0].split("-")[0].strip("+")))
    for name, (ok, ok2, n) in rows:
        print(f"  {name:16s} {ok:4d} {ok2:4d} / {n:4d}")
    ok = sum(v[0] for v in by_kind.values())
    ok2 = sum(v[1] for v in by_kind.values())
    n = sum(v[2] for v in by_kind.values())
    print(f"  all              {ok:4d} {ok2:4d} / {n:4d} = {100 * ok / max(n, 1):.0f}% proven, "
          f"{100 * ok2 / max(n, 1):.0f}% seen")
    for line in unreadable:
        print(f"  skipped (FEN not a legal position): {line}")
    for line in contradicted:
        print(f"  the stated result is contradicted by a proof: {line}")
    return ok, ok2, n


def play_game(fen, black_player, white_player, max_plies=200):
    """1 BLACK wins, 0 WHITE wins, 0.5 draw (from BLACK's side)."""
    board = Board(fen)
    seen: dict = {}
    while board.ply < max_plies:
        if board.is_game_over():
            return 0.0 if board.turn is BLACK else 1.0
        key = board.key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or board.quiet_plies >= 80:
            return 0.5
        player = black_player if board.turn is BLACK else white_player
        board.push(player(board))
    return 0.5


def match(name, opponent_factory, ballot_rows, move_time, engine_factory=None, engine_name=None,
          log=None):
    """Play each ballot twice, the engine taking each colour once; print and return its score.
    ``log`` (an open text file, or None): one JSON line a game as it ends (ballot, colour, the
    engine's score, the 1-minute load), so that a long match can be followed and added up."""
    if engine_factory is None:
        engine = Searcher()

        def engine_factory(i):
            engine.clear_table()
            return lambda board: engine.search(board, time_limit=move_time).move

        engine_name = f"engine ({move_time} s a move)"
    score = wins = draws = losses = 0
    for i, row in enumerate(ballot_rows):
        for engine_black in (True, False):
            me, opp = engine_factory(i), opponent_factory(i)
            # the ballot position has WHITE to move
            if engine_black:
                s = play_game(row["fen"], me, opp)
            else:
                s = 1 - play_game(row["fen"], opp, me)
            if log is not None:
                log.write(json.dumps({
                    "engine": engine_name, "opponent": name, "ballot": row.get("number", str(i)),
                    "engine_black": engine_black, "score": s,
                    "load": round(os.getloadavg()[0], 2)}) + "\n")
                log.flush()
            score += s
            wins += s == 1
            draws += s == 0.5
            losses += s == 0
    n = 2 * len(ballot_rows)
    print(f"  {engine_name} vs {name}: {score} / {n} (+{wins} ={draws} -{losses})", flush=True)
    return score, n


ENDINGS = (
    ("First Position (2 kings against king and man), White to move wins", "W:WK19,K23:B12,K28", 0.0),
    ("3 kings against 2 kings, White to move wins", "W:WK1,K2,K3:BK30,K31", 0.0),
)


def endings(move_time):
    """The engine plays both sides of known won endings; a win for the stronger side confirms
    that it can convert them (the weaker side defends with the same search)."""
    print(f"## Endings converted (engine against itself, {move_time} s a move)")
    for name, fen, expected in ENDINGS:
        s = Searcher()
        plies = []

        def player(board):
            plies.append(1)
            return s.search(board, time_limit=move_time).move

        result = play_game(fen, player, player)
        verdict = "won" if result == expected else "NOT won"
        print(f"  {name}: {verdict} in {len(plies)} plies")


def level_player(level):
    def factory(i):
        rng = random.Random(i)
        return lambda board: search_at_level(board, level, rng=rng).move
    return factory


def book_match(rows, move_time):
    """The same search with and without the opening book (engine/book.py), colours swapped over
    the ballots; prints the score and how many book moves were played."""
    from checkers_desktop.engine.book import load_book

    book = load_book()
    if book is None:
        print("  no opening book (checkers_desktop/engine/opening-book.json)")
        return
    used = [0]

    def with_book(i):
        searcher = Searcher()

        def play(board):
            found = book.choose(board, True)
            if found is not None:
                used[0] += 1
                return found[0]
            return searcher.search(board, time_limit=move_time).move
        return play

    def without(i):
        searcher = Searcher()
        return lambda board: searcher.search(board, time_limit=move_time).move

    match("the same search without it", without, rows, move_time, engine_factory=with_book,
          engine_name=f"search with the opening book ({move_time} s a move)")
    print(f"  book moves played: {used[0]} in {2 * len(rows)} games")


def compiled_match(rows, move_time):
    """The engine as the app runs it (the compiled core) against the same search in pure Python
    (today's engine before the compiled core), the same time a move, colours swapped."""
    if not _compiled.ready():
        print(f"  the compiled core is off: {_compiled.failure()}")
        return

    def fast(i):
        searcher = Searcher(compiled=True)
        return lambda board: searcher.search(board, time_limit=move_time).move

    def python(i):
        searcher = Searcher(compiled=False)
        return lambda board: searcher.search(board, time_limit=move_time).move

    match("the Python search", python, rows, move_time, engine_factory=fast,
          engine_name=f"compiled search ({move_time} s a move)")


def network_speed(seconds: float, positions: int, network, repeats: int = 3) -> None:
    """Nodes per second and depth in ``seconds`` with the learned evaluation and with the hand
    one, the same positions (the start and ``positions`` ballots, forced moves left out) in this
    process, each search on a fresh searcher, the two alternating ``repeats`` times; the best
    rate of each is kept (the least disturbed by other processes on the machine). The rate is
    nodes per second of this process's CPU time (``time.process_time``), so that other
    processes sharing the cores slow neither side; the wall-clock rate follows in brackets."""
    print(f"## Speed: the learned evaluation against the hand one ({seconds} s a search, best "
          f"of {repeats})")
    rows = [("start", Board())]
    rows += [(f"ballot {r['number']} ({r['moves']})", Board(r["fen"]))
             for r in ballots()[:: max(1, len(ballots()) // positions)][:positions]
             if len(Board(r["fen"]).legal_moves) > 1]
    ratios = []
    for name, board in rows:
        best = {}
        for _ in range(repeats):
            for which, net in (("hand", None), ("learned", network)):
                s = Searcher(compiled=True)
                s.set_network(net)
                cpu = time.process_time()
                r = s.search(board, time_limit=seconds)
                rate = r.nodes / max(1e-6, time.process_time() - cpu)
                if which not in best or rate > best[which][0]:
                    best[which] = (rate, r)
        (nh, hand), (nl, learned) = best["hand"], best["learned"]
        ratios.append(nl / nh)
        print(f"{name}: learned {nl:,.0f} nodes/CPU-s ({learned.nodes / learned.seconds:,.0f} "
              f"a wall second) depth {learned.depth} move {learned.move.pdn()}; hand "
              f"{nh:,.0f} nodes/CPU-s ({hand.nodes / hand.seconds:,.0f}) depth {hand.depth} "
              f"move {hand.move.pdn()}; ratio {nl / nh:.2f}", flush=True)
    print(f"  learned/hand nodes per second: {min(ratios):.2f} to {max(ratios):.2f} "
          f"(mean {sum(ratios) / len(ratios):.2f})")


def network_match(rows, move_time, network, depth=None) -> None:
    """The same compiled search, the opening book first, with the learned evaluation against
    with the hand one: each ballot twice, colours swapped; a searcher per side kept through a
    game (its table too), the endgame database installed for both. Prints the score of the
    learned side with a 95 % error bar (1.96 standard errors of the per-game score), overall
    and as BLACK."""
    from checkers_desktop.engine.book import BookUse
    from checkers_desktop.engine.levels import book_result

    def player(net):
        def factory(i):
            searcher = Searcher(compiled=True)
            searcher.set_network(net)

            def play(board):
                found = book_result(board, BookUse.STRONG)
                if found is not None:
                    return found.move
                if depth is not None:  # a fixed depth, as level 5 searches
                    return searcher.search(board, depth=depth).move
                return searcher.search(board, time_limit=move_time).move
            return play
        return factory

    learned, hand = player(network), player(None)
    games: list[tuple[bool, float]] = []
    for i, row in enumerate(rows):
        for learned_black in (True, False):
            if learned_black:
                s = play_game(row["fen"], learned(i), hand(i))
            else:
                s = 1 - play_game(row["fen"], hand(i), learned(i))
            games.append((learned_black, s))
        print(f"  ballot {row['number']}: {games[-2][1]} as BLACK, {games[-1][1]} as WHITE",
              flush=True)

    def line(label, scores):
        from versus import score_line

        score_line("learned vs hand", label, scores)

    pace = f"depth {depth}" if depth is not None else f"{move_time} s a move"
    line(f"({pace}, both colours)", [s for _, s in games])
    line("(learned as BLACK)", [s for b, s in games if b])
    line("(learned as WHITE)", [s for b, s in games if not b])


def parse_weights(text: str):
    """``"king=186,back=25"``: the weights in use with those fields changed."""
    import dataclasses

    from checkers_desktop.engine.evaluate import WEIGHTS

    changes = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        changes[name.strip()] = int(value)
    return dataclasses.replace(WEIGHTS, **changes)


def weights_match(rows, move_time, candidate):
    """The same compiled search with ``candidate`` weights against the weights in use (the
    evaluation's WEIGHTS), colours swapped over the ballots."""
    from checkers_desktop.engine.evaluate import WEIGHTS

    if not _compiled.ready():
        print(f"  the compiled core is off: {_compiled.failure()}")
        return

    def with_weights(weights):
        def factory(i):
            searcher = Searcher(compiled=True)
            searcher.set_weights(weights)
            return lambda board: searcher.search(board, time_limit=move_time).move
        return factory

    print(f"  candidate: {candidate}")
    print(f"  in use:    {WEIGHTS}")
    match("the weights in use", with_weights(WEIGHTS), rows, move_time,
          engine_factory=with_weights(candidate),
          engine_name=f"candidate weights ({move_time} s a move)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer positions, problems and games")
    ap.add_argument("--problem-time", type=float, default=None, help="seconds per problem")
    ap.add_argument("--problems", type=int, default=None,
                    help="how many problems (evenly spread; 0 = all 1,031)")
    ap.add_argument("--games", type=int, default=None, help="ballots per match (2 games each)")
    ap.add_argument("--move-time", type=float, default=None, help="engine seconds a move in matches")
    ap.add_argument("--endgame-cache", default="/tmp/checkers-desktop-bench-cache",
                    help="where the endgame database is cached (generated when missing)")
    ap.add_argument("--no-endgame", action="store_true", help="search without the endgame database")
    ap.add_argument("--endgame-pieces", type=int, default=5,
                    help="pieces of the endgame database (2-6; 5 takes a minute the first "
                         "time, 6 about 20 minutes: checkers-desktop endgame --pieces 6)")
    ap.add_argument("--skip", default="", help="comma list of sections to skip: "
                    "speed,problems,endings,matches,book,compiled,versus")
    ap.add_argument("--python", action="store_true",
                    help="search in pure Python throughout (the compiled core off)")
    ap.add_argument("--compiled-games", type=int, default=None,
                    help="ballots of the compiled-against-Python match (2 games each)")
    ap.add_argument("--compiled-time", type=float, default=1.0,
                    help="seconds a move in the compiled-against-Python match")
    ap.add_argument("--compiled-offset", type=int, default=0,
                    help="start the compiled match's evenly spread ballots this many ballots in "
                         "(e.g. 2 with --compiled-games 39: the 3rd, 7th, ... ballot), so that "
                         "runs on different parts of the 156 can be added up")
    ap.add_argument("--ladder-top", type=int, default=3,
                    help="the ladder plays each level up to this one against the one below "
                         "(4 and 5 look 6 and 10 plies ahead, 6 thinks 8 s a move: 6 takes hours)")
    ap.add_argument("--ladder-bottom", type=int, default=1,
                    help="the lowest level of the ladder (e.g. 4 with --ladder-top 5: only 5 "
                         "against 4)")
    ap.add_argument("--ladder-offset", type=int, default=0,
                    help="shift the ladder's evenly spread ballots by this many (runs on other "
                         "ballots can then be added up)")
    ap.add_argument("--ladder-log", type=Path, default=None,
                    help="append one JSON line a ladder game as it ends")
    ap.add_argument("--candidate-weights", default="",
                    help='section "weights": e.g. "king=186,back=25" (the rest as in use)')
    ap.add_argument("--weights-games", type=int, default=20, help='ballots of "weights"')
    ap.add_argument("--weights-time", type=float, default=0.1, help='seconds a move in "weights"')
    ap.add_argument("--weights-offset", type=int, default=0,
                    help='first ballot of "weights" (0-based; every len/games-th from there), '
                         "so that one set of ballots can be split between processes")
    ap.add_argument("--network", default="",
                    help='sections "network" and "network-speed": the learned evaluation of '
                         'this weights file ("default": the shipped one) against the hand one')
    ap.add_argument("--network-games", type=int, default=20, help='ballots of "network"')
    ap.add_argument("--network-time", type=float, default=0.1,
                    help='seconds a move in "network"')
    ap.add_argument("--network-depth", type=int, default=None,
                    help='"network" searches this many plies a move instead of a time')
    ap.add_argument("--network-offset", type=int, default=0,
                    help='first ballot of "network" (0-based; every len/games-th from there)')
    ap.add_argument("--versus", type=Path, default=None,
                    help="section versus: this version against the one in this source tree")
    ap.add_argument("--versus-time", type=float, default=0.1, help='seconds a move in "versus"')
    ap.add_argument("--versus-games", type=int, default=100, help='ballots of "versus"')
    ap.add_argument("--versus-offset", type=int, default=0,
                    help='shift the evenly spread ballots of "versus"')
    ap.add_argument("--versus-log", type=Path, default=None,
                    help='append one JSON line a game of "versus" (versus.py --summary adds '
                         'logs up)')
    args = ap.parse_args(argv)
    print("command: " + " ".join([Path(sys.argv[0]).name] + (sys.argv[1:] if argv is None
                                                               else list(argv))), flush=True)
    if not args.python:
        t = time.perf_counter()
        _compiled.warm_up()
        print(f"compiled core: {'ready' if _compiled.ready() else _compiled.failure()} in "
              f"{time.perf_counter() - t:.1f} s")
    quick = args.quick
    ptime = args.problem_time or (0.25 if quick else 0.5)
    nprob = args.problems if args.problems is not None else (120 if quick else 300)
    nballots = args.games or (4 if quick else 8)
    mtime = args.move_time or (0.1 if quick else 0.2)
    skip = set(filter(None, args.skip.split(",")))
    if not SHARED.is_dir():
        print(f"needs {SHARED} (the shared reference material)", file=sys.stderr)
        return 2
    if not args.no_endgame:
        t = time.perf_counter()
        table = ensure_table(args.endgame_cache, pieces=args.endgame_pieces)
        print(f"endgame database: up to {table.pieces} pieces, the search's copy "
              f"{table.mapped_search_bytes() / 2**20:.1f} MiB mapped (read where probed), ready "
              f"in {time.perf_counter() - t:.1f} s (cached in {args.endgame_cache})")
    else:
        print("endgame database: off")
    if "speed" not in skip:
        speed(1.0, 3 if quick else 5)
    if "problems" not in skip:
        problem_share(ptime, nprob)
    if "endings" not in skip:
        endings(0.5 if quick else 1.0)
    if "matches" not in skip:
        print("## Matches (colours alternating over the three-move ballots)")
        rows = ballots()
        step = max(1, len(rows) // nballots)
        rows = rows[::step][:nballots]

        def minimax(i):
            peer = PlainMinimax(depth=4, seed=i)
            return peer.choose

        if args.ladder_bottom == 1:  # the whole ladder: the engine against its peers too
            match("level 1", level_player(1), rows, mtime)
            match("plain minimax depth 4", minimax, rows, mtime)
        print("## Level ladder (each level against the next, same ballots, at the levels' own "
              "times)")
        all_rows = ballots()
        lrows = [all_rows[(args.ladder_offset + i * len(all_rows) // nballots) % len(all_rows)]
                 for i in range(min(nballots, len(all_rows)))]
        ladder_log = open(args.ladder_log, "a", encoding="utf-8") if args.ladder_log else None
        for lv in range(args.ladder_bottom, args.ladder_top):
            match(f"level {lv}", level_player(lv), lrows, mtime,
                  engine_factory=level_player(lv + 1), engine_name=f"level {lv + 1}",
                  log=ladder_log)
        if args.ladder_bottom == 1:
            match("plain minimax depth 4", minimax, rows, mtime, engine_factory=level_player(1),
                  engine_name="level 1")
    if "compiled" not in skip and not args.python:
        print("## The compiled core against the Python search (same ballots, both colours)")
        rows = ballots()
        n = args.compiled_games or nballots
        step = max(1, len(rows) // n)
        compiled_match(rows[args.compiled_offset::step][:n], args.compiled_time)
    if args.candidate_weights and "weights" not in skip:
        print("## Evaluation weights: a candidate against the weights in use (both colours)")
        rows = ballots()
        step = max(1, len(rows) // args.weights_games)
        weights_match(rows[args.weights_offset::step][:args.weights_games], args.weights_time,
                      parse_weights(args.candidate_weights))
    if args.network:
        from checkers_desktop.engine.network import default_network, load_network
        net = default_network() if args.network == "default" else load_network(Path(args.network))
        if net is None:
            print(f"  the network {args.network} cannot be used (see the log)")
            return 2
        print(f"network: {net.hidden} hidden units, plus the hand evaluation: {net.plus_hand}")
        if "network-speed" not in skip:
            network_speed(1.0, 5, net)
        if "network" not in skip:
            print("## The learned evaluation against the hand one (both colours)")
            rows = ballots()
            step = max(1, len(rows) // args.network_games)
            network_match(rows[args.network_offset::step][:args.network_games],
                          args.network_time, net, args.network_depth)
    if args.versus is not None and "versus" not in skip:
        import versus

        versus.run(args.versus.resolve(), ROOT, args.versus_time, args.versus_games,
                   args.versus_offset, args.endgame_pieces, Path(args.endgame_cache),
                   args.versus_log, sys.executable, 5)
    if "book" not in skip:
        print("## The opening book (the same search with and without it, same ballots)")
        rows = ballots()
        step = max(1, len(rows) // nballots)
        book_match(rows[::step][:nballots], mtime)
    return 0


if __name__ == "__main__":
    sys.exit(main())
