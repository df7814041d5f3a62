"""Soak test: thousands of computer-against-computer games through the referee, over every rule
profile, with random time-outs, penalties, pauses, draw offers and claims, bad typed input and
save-and-restore, checking the game after every action.

Run from the repository root::

    .venv/bin/python benchmarks/soak.py                 # 2,000 games (a few minutes)
    .venv/bin/python benchmarks/soak.py --games 200     # quicker

Moves are a mix of random legal moves (under the profile, so Caseville's shortened jump series
come up) and the engine's level 1 (``choose_move``); the point is to exercise the rules, the
referee, the clocks and the autosave snapshot, not to play well. Time is a fake clock advanced by a
random "thinking time" per action, now and then past the move limit (VA 3:00 s4 penalty, WCDF 4.2
forfeit claim) or the game limit (VA 3:00 s5 adjudication, Caseville's random draw).

Checked after every action (a fault is counted and the first few are printed):

- the position is valid: no square holds two pieces, kings are pieces, no man stands on its own
  crowning row (VA 3:00 s8), and neither side's piece count ever rises;
- a refused action changes nothing on the board;
- the clocks are consistent: no time is negative, the game time never goes back, a paused clock
  does not advance, the move time is never more than the game time;
- a game whose side to move has no move has a result, and a game with a result refuses moves;
- every 10th action (and at the end): the game saved as a snapshot (JSON) and restored gives the
  same position, move list, clocks, offences and penalties.

Prints the games, plies and actions, the games per minute, the faults (aim: 0), how the games
ended, and the ratio of the time per ply to a bare run of the same number of random plies on a
plain board in the same process (the peer: the cost of refereeing). Exit status 1 when there is a
fault.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import choose_move  # noqa: E402
from checkers_desktop.rules import BLACK, WHITE, Board  # noqa: E402
from checkers_desktop.rules import bitboard as bb  # noqa: E402
from checkers_desktop.rules.match import Match  # noqa: E402
from checkers_desktop.rules.profiles import PROFILES  # noqa: E402
from checkers_desktop.rules.referee import Referee, Verdict  # noqa: E402
from checkers_desktop.storage import Snapshot, restore_referee, snapshot_from_referee  # noqa: E402

BLACK_CROWN = bb.mask_of((29, 30, 31, 32))
WHITE_CROWN = bb.mask_of((1, 2, 3, 4))
ALL_SQUARES = bb.mask_of(range(1, 33))
BAD_INPUT = ["11-1", "33-15", "11x", "1-2-3", "", "eleven", "11-15-19", "x", "0-4", "22x15"]
EPS = 1e-9


class FakeTime:
    """A monotonic time source the soak advances by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Soak:
    def __init__(self, seed: int, engine_share: float, max_plies: int, verbose: bool) -> None:
        self.rng = random.Random(seed)
        self.engine_share = engine_share
        self.max_plies = max_plies
        self.verbose = verbose
        self.faults: list[str] = []
        self.games = 0
        self.plies = 0
        self.actions = 0
        self.restores = 0
        self.endings: collections.Counter = collections.Counter()
        self.by_profile: collections.Counter = collections.Counter()
        self.events: collections.Counter = collections.Counter()

    # --- checks ---------------------------------------------------------------------------
    def fault(self, where: str, text: str) -> None:
        self.faults.append(f"{where}: {text}")
        if self.verbose or len(self.faults) <= 10:
            print(f"FAULT {where}: {text}", flush=True)

    def check_board(self, where: str, board: Board, counts: dict) -> None:
        b, w, k = board.black_bb, board.white_bb, board.kings_bb
        if b & w:
            self.fault(where, f"two pieces on one square in {board.fen()}")
        if k & ~(b | w):
            self.fault(where, f"a king bit without a piece in {board.fen()}")
        if (b | w) & ~ALL_SQUARES:
            self.fault(where, f"a piece off the 32 squares in {board.fen()}")
        if b & ~k & BLACK_CROWN or w & ~k & WHITE_CROWN:
            self.fault(where, f"a man on its own crowning row in {board.fen()}")
        for color in (BLACK, WHITE):
            n = len(board.squares(color))
            if n > counts[color]:
                self.fault(where, f"{color.name} pieces rose from {counts[color]} to {n}")
            counts[color] = n

    def check_clock(self, where: str, ref: Referee, last: dict) -> None:
        clock = ref.clock
        game = clock.elapsed()
        move = clock.move_elapsed()
        if game < 0 or move < 0:
            self.fault(where, f"negative time: game {game}, move {move}")
        if game + EPS < last["game"]:
            self.fault(where, f"game time went back from {last['game']} to {game}")
        if move > game + EPS:
            self.fault(where, f"move time {move} is more than the game time {game}")
        for value in (clock.game_remaining(), clock.move_remaining(),
                      clock.side_remaining(BLACK), clock.side_remaining(WHITE)):
            if value is not None and value < 0:
                self.fault(where, f"negative remaining time {value}")
        last["game"] = game

    def check_restore(self, where: str, ref: Referee, match: Match) -> None:
        self.restores += 1
        try:
            snap = Snapshot.from_json(snapshot_from_referee(ref, match=match).to_json())
            again = restore_referee(snap, time_source=ref.clock._now)  # noqa: SLF001
        except Exception as exc:  # noqa: BLE001 - every failure is a fault to report
            self.fault(where, f"save/restore failed: {exc!r}")
            return
        if again.board.fen() != ref.board.fen() or again.board.move_stack != ref.board.move_stack:
            self.fault(where, "restored board differs")
        if abs(again.clock.elapsed() - ref.clock.elapsed()) > 1e-6:
            self.fault(where, f"restored clock {again.clock.elapsed()} != {ref.clock.elapsed()}")
        if not again.clock.paused:
            self.fault(where, "restored clock is not paused")
        if (again.offences, again.penalties, again.result, again.record) != \
                (ref.offences, ref.penalties, ref.result, ref.record):
            self.fault(where, "restored referee state differs")

    # --- one game ---------------------------------------------------------------------------
    def think(self, ref: Referee) -> float:
        r = self.rng.random()
        if r < 0.04:
            self.events["time-outs"] += 1
            ml = ref.profile.move_limit
            return (ml.limit if ml else 60.0) + self.rng.uniform(0, 5)  # a time-out
        if r < 0.10:
            return self.rng.uniform(20, 40)
        return self.rng.uniform(0, 12)

    def choose(self, ref: Referee):
        legal = ref.legal_moves()
        if self.rng.random() < self.engine_share:
            return choose_move(ref.board.copy(), 1, rng=self.rng)
        return self.rng.choice(legal)

    def official_or_player_action(self, ref: Referee, counts: dict) -> None:
        """Now and then something else than a move: these may be refused, never raise. A move
        taken back (practice) may give back a captured piece, so the counts start again."""
        r = self.rng.random()
        turn = ref.board.turn
        p = ref.profile
        if r < 0.01:
            ref.offer_draw(turn)
            if self.rng.random() < 0.5:
                ref.accept_draw(turn.other)
            else:
                ref.decline_draw(turn.other)
        elif r < 0.015:
            ref.point_out_repetition(turn)  # refused where the profile has no repetition draw
        elif r < 0.02:
            ref.request_forty_move_count(turn)
        elif r < 0.025:
            ref.stalling_warning(turn)
            if p.stalling_rule and self.rng.random() < 0.5:
                ref.stalling_penalty(turn)
        elif r < 0.03:
            if ref.undo().ok:  # refused unless the profile allows it (practice)
                counts.update({c: len(ref.board.squares(c)) for c in (BLACK, WHITE)})
        elif r < 0.031:
            ref.resign(turn)
        elif r < 0.034:
            ref.declare_draw()  # the official (VA 4:00 s4); refused in other profiles

    def play_game(self, profile_key: str, match: Match, setup) -> None:
        where_base = f"game {self.games + 1} ({profile_key})"
        clock_time = FakeTime()
        ref = Referee(profile_key, time_source=clock_time, rng=self.rng, play_out=setup.play_out)
        counts = {BLACK: 12, WHITE: 12}
        last = {"game": 0.0}
        plies_here = 0
        while not ref.is_over:
            self.actions += 1
            where = f"{where_base}, ply {ref.board.ply}"
            if ref.forty_move_judgement_due:
                ref.forty_move_ruling(self.rng.random() < 0.5)
                continue
            # Time passes; now and then the official pauses (a paused clock must not move).
            if self.rng.random() < 0.02:
                self.events["pauses"] += 1
                ref.pause()
                before = ref.clock.elapsed()
                clock_time.now += self.rng.uniform(1, 300)
                if abs(ref.clock.elapsed() - before) > EPS:
                    self.fault(where, "a paused clock advanced")
                if ref.poll():
                    self.fault(where, "clock events while paused")
                ref.resume()
            clock_time.now += self.think(ref)
            for event in ref.poll():
                if type(event).__name__ == "MoveTimeExpired" and ref.time_forfeit_claimable:
                    if self.rng.random() < 0.5:
                        ref.claim_time_forfeit(ref.time_forfeit_claimable.other)
            self.check_clock(where, ref, last)
            if ref.is_over:
                break
            pen = ref.pending_penalty
            if pen is not None:
                squares = [s for s in pen.squares if ref.board.piece_at(s) is not None]
                ruling = ref.remove_checker(pen.chooser, self.rng.choice(squares))
                self.events["checkers removed"] += 1
                if not ruling.ok:
                    self.fault(where, f"penalty removal refused: {ruling.message}")
                    return
                self.check_board(where, ref.board, counts)
                continue
            self.official_or_player_action(ref, counts)
            if ref.is_over:
                break
            if ref.pending_penalty is not None:  # a stalling penalty: the checker is chosen first
                continue
            if self.rng.random() < 0.05:  # bad typed input: refused, nothing changes
                self.events["bad inputs"] += 1
                fen, stack = ref.board.fen(), ref.board.move_stack
                ruling = ref.submit_move(self.rng.choice(BAD_INPUT))
                if ruling.verdict is not Verdict.ACCEPTED and (
                        ref.board.fen() != fen or ref.board.move_stack != stack):
                    self.fault(where, f"refused input changed the board: {ruling.message}")
                if ref.is_over:
                    break
                self.check_board(where, ref.board, counts)
            if ref.board.ply >= self.max_plies or plies_here >= self.max_plies:
                # A long endgame: the players agree a draw (every profile allows it).
                ref.offer_draw(ref.board.turn)
                ref.accept_draw(ref.board.turn.other)
                if not ref.is_over:
                    self.fault(where, "agreed draw refused")
                    return
                break
            move = self.choose(ref)
            t = self.rng.random()
            if t < 0.3:
                ref.pick_up(move.from_square)  # touch the piece first, as on the screen
            elif t < 0.35:
                # Touch some piece of one's own: under strict touch-move it must then be moved.
                own = ref.board.squares(ref.board.turn)
                touched = ref.pick_up(self.rng.choice(own)) if own else None
                if ref.is_over:
                    break
                if touched is not None and ref.touch.binding:
                    move = self.rng.choice([m for m in ref.legal_moves()
                                            if m.from_square == ref.touch.held])
                elif self.rng.random() < 0.5:
                    ref.put_back()
            ruling = ref.submit_move(move)
            if not ruling.ok and ruling.verdict is not Verdict.FORFEIT:
                self.fault(where, f"a legal move was refused: {move.pdn()}: {ruling.message}")
                return
            if ruling.ok:
                self.plies += 1
                plies_here += 1
            self.check_board(where, ref.board, counts)
            self.check_clock(where, ref, last)
            if ref.board.outcome() is not None and not ref.is_over:
                self.fault(where, "no move for the side to move, but no result")
            if self.actions % 10 == 0:
                self.check_restore(where, ref, match)
        if ref.is_over and ref.submit_move("11-15").ok:
            self.fault(where_base, "a move was accepted after the game ended")
        self.check_restore(where_base + ", end", ref, match)
        self.endings[(profile_key, ref.result.reason.value)] += 1
        for entry in ref.record:
            if entry.kind in ("offence", "retracted", "stalling_warning", "draw_offer",
                              "forty_move_count", "repetition", "undo", "pick_up"):
                self.events[entry.kind.replace("_", " ") + "s"] += 1
        if not match.is_over:
            match.record_game_result(ref.result)

    def run(self, n_games: int) -> None:
        keys = sorted(PROFILES)
        matches: dict[str, Match] = {}
        while self.games < n_games:
            key = keys[self.games % len(keys)]
            match = matches.get(key)
            if match is None or match.is_over or len(match.games) >= 6:
                match = matches[key] = Match(("Ann", "Bob"), key, rng=self.rng)
            setup = match.next_game()
            try:
                self.play_game(key, match, setup)
            except Exception:  # noqa: BLE001 - an exception is a fault, the soak goes on
                self.fault(f"game {self.games + 1} ({key})", traceback.format_exc())
            self.games += 1
            self.by_profile[key] += 1


def bare_plies(n: int, seed: int) -> float:
    """Seconds for ``n`` random plies on a plain board (the peer)."""
    rng = random.Random(seed)
    board = Board()
    start = time.perf_counter()
    for _ in range(n):
        moves = board.legal_moves
        if not moves or board.ply >= 200:
            board = Board()
            moves = board.legal_moves
        board.push(rng.choice(moves))
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--engine-share", type=float, default=0.3,
                        help="share of moves chosen by the engine's level 1 (default 0.3)")
    parser.add_argument("--max-plies", type=int, default=200,
                        help="plies after which the players agree a draw (default 200)")
    parser.add_argument("--verbose", action="store_true", help="print every fault")
    args = parser.parse_args(argv)

    soak = Soak(args.seed, args.engine_share, args.max_plies, args.verbose)
    start = time.perf_counter()
    soak.run(args.games)
    seconds = time.perf_counter() - start
    peer = bare_plies(max(soak.plies, 1), args.seed)

    print(f"games: {soak.games}, plies: {soak.plies}, actions: {soak.actions}, "
          f"save/restore checks: {soak.restores}")
    print(f"profiles: " + ", ".join(f"{k} {n}" for k, n in sorted(soak.by_profile.items())))
    print(f"time: {seconds:.1f} s, games per minute: {soak.games / seconds * 60:.0f}")
    per_ply = seconds / max(soak.plies, 1)
    print(f"per ply: {per_ply * 1000:.2f} ms refereed vs {peer / max(soak.plies, 1) * 1000:.3f} ms "
          f"bare board (ratio {per_ply / max(peer / max(soak.plies, 1), 1e-12):.0f}x)")
    print("exercised: " + ", ".join(f"{k} {n}" for k, n in sorted(soak.events.items())))
    print("endings:")
    for (key, reason), n in sorted(soak.endings.items()):
        print(f"  {key:12} {reason:26} {n}")
    print(f"faults: {len(soak.faults)}")
    return 1 if soak.faults else 0


if __name__ == "__main__":
    sys.exit(main())
