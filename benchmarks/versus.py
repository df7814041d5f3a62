"""Self-play between two versions of the engine, each a persistent ``checkers-desktop engine`` process.

Run from the repository root, with an earlier version checked out beside it::

    git worktree add /work/wt-old a7cc39a
    nice -n 5 .venv/bin/python benchmarks/versus.py --old /work/wt-old --time 0.1 --games 100

(``benchmarks/engine.py --versus /work/wt-old`` runs the same section.) With ``--speed 5 --time 1``
it plays no game: it prints the depth each version reaches within 1 s, and its nodes per second,
from the start and after five ballots, both in the same run.

Each version runs as its own process (``python -m checkers_desktop engine`` with PYTHONPATH set to
its source tree, under ``nice``), with the endgame database of its own format: ``checkers-desktop
endgame --pieces N`` of that version builds it into the version's own cache folder where it is
missing (the files of --endgame-cache are linked in first, so a cached table is not built twice;
the folder, one a tree in the temporary folder, is kept for the next run).
The processes keep their transposition tables through a game and get ``newgame`` between games.

A move is asked for with ``position fen BALLOT moves ...`` and ``go time SECONDS``: each engine
times its own move (the time it takes is its own ``info ... seconds``, printed as the mean per
side). The machine's load slows both sides alike; the load average is printed at the start, every
20 games and at the end.

The games start from the three-move ballots of ../shared/ballots (the standard list, 156), each
ballot played twice with the colours swapped: the new version BLACK once and WHITE once (the
ballot positions have WHITE to move). ``--games N`` takes N ballots spread evenly over the list
(``--offset K`` shifts them, so that runs on different ballots can be added up: ``--log`` writes
one JSON line a game, with its moves, and ``--summary LOG...`` prints the score of several logs
together). A game
is drawn after 200 plies, a third repetition or 80 plies without a capture or a man's move (as in
benchmarks/engine.py).

Prints the new version's score (wins + half the draws) with a 95 % error bar (1.96 standard errors
of the per-game score), the same as BLACK and as WHITE, wins/draws/losses, the mean seconds and
depth a move of each side, and the command.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import queue
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.rules import BLACK, Board  # noqa: E402

SHARED = ROOT / ".." / "shared"
MAX_PLIES = 200
QUIET_PLIES = 80
APP_FOLDER = Path("checkers-desktop") / "checkers-desktop"
"""The endgame cache folder under XDG_CACHE_HOME (Qt's CacheLocation for the app's names)."""


class EngineFailure(RuntimeError):
    """An engine process ended, answered an error, timed out or played an illegal move."""


@dataclass
class Answer:
    move: str
    score: int
    depth: int
    seconds: float


class EngineProcess:
    """One ``checkers-desktop engine`` process of the source tree ``tree``."""

    def __init__(self, name: str, tree: Path, cache_home: Path, pieces: int, python: str,
                 niceness: int) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(tree), XDG_CACHE_HOME=str(cache_home),
                   CHECKERS_DESKTOP_ENDGAME_PIECES=str(pieces), PYTHONUNBUFFERED="1")
        self.command = ["nice", "-n", str(niceness), python, "-m", "checkers_desktop", "engine"]
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env,
                                     cwd=str(tree))
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self.send("isready")
        self.expect("readyok", timeout=300)

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineFailure(f"{self.name}: the process is gone ({exc})") from None

    def next_line(self, timeout: float) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineFailure(f"{self.name}: no answer in {timeout:.0f} s") from None
        if line is None:
            raise EngineFailure(f"{self.name}: the process ended (status {self.proc.wait()})")
        if line.startswith("error"):
            raise EngineFailure(f"{self.name}: {line}")
        return line

    def expect(self, word: str, timeout: float) -> str:
        while True:
            line = self.next_line(timeout)
            if line.split()[:1] == [word]:
                return line

    def go(self, fen: str, moves: list[str], seconds: float) -> Answer:
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go time {seconds:g}")
        move = self.expect("bestmove", timeout=60 + 10 * seconds).split()[1]
        words = self.expect("info", timeout=30).split()
        info = dict(zip(words[1::2], words[2::2]))
        return Answer(move, int(info.get("score", 0)), int(info.get("depth", 0)),
                      float(info.get("seconds", 0.0)))

    def go_depth(self, fen: str, moves: list[str], depth: int) -> tuple[int, float]:
        """(nodes, seconds) of a search to ``depth`` plies (``go depth``: never the book)."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        self.expect("bestmove", timeout=600)
        words = self.expect("info", timeout=30).split()
        info = dict(zip(words[1::2], words[2::2]))
        return int(info.get("nodes", 0)), float(info.get("seconds", 0.0))

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (EngineFailure, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def prepare_cache(tree: Path, cache_home: Path, seed_folder: Optional[Path], pieces: int,
                  python: str) -> None:
    """Make the endgame database of ``pieces`` ready for the version in ``tree``: link the
    files of ``seed_folder`` into its cache folder, then let its own ``endgame`` command build
    whatever of its format is still missing (nothing when the links cover it)."""
    folder = cache_home / APP_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    if seed_folder is not None and seed_folder.is_dir():
        for path in seed_folder.glob("endgame-*"):
            target = folder / path.name
            if not target.exists() and not path.name.endswith(".tmp"):
                target.symlink_to(path.resolve())
    env = dict(os.environ, PYTHONPATH=str(tree), XDG_CACHE_HOME=str(cache_home))
    done = subprocess.run([python, "-m", "checkers_desktop", "endgame", "--pieces", str(pieces)],
                          env=env, cwd=str(tree), capture_output=True, text=True)
    last = (done.stdout.strip().splitlines() or [""])[-1]
    print(f"  {tree}: {last}", flush=True)
    if done.returncode:
        raise SystemExit(f"{tree}: the endgame database cannot be built: {done.stderr.strip()}")


def ballots() -> list[dict[str, str]]:
    path = SHARED / "ballots" / "three_move_english.tsv"
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in fh]
    return [row for row in rows if row.get("in_standard_list") == "yes"]


def chosen(rows: list, n: int, offset: int) -> list:
    """``n`` rows spread evenly over ``rows``, shifted by ``offset``."""
    n = min(n, len(rows))
    return [rows[(offset + i * len(rows) // n) % len(rows)] for i in range(n)]


def play(fen: str, black: EngineProcess, white: EngineProcess, seconds: float,
         times: dict[str, list[float]], depths: dict[str, list[int]],
         moves: list[str]) -> tuple[float, int, str]:
    """(result from BLACK's side: 1, 0.5 or 0; plies; how it ended); the moves played are
    appended to ``moves`` (PDN)."""
    board = Board(fen)
    seen: dict = {}
    for engine in (black, white):
        engine.send("newgame")
    while board.ply < MAX_PLIES:
        if board.is_game_over():
            return (0.0 if board.turn is BLACK else 1.0), len(moves), "no move"
        key = board.key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return 0.5, len(moves), "repetition"
        if board.quiet_plies >= QUIET_PLIES:
            return 0.5, len(moves), f"{QUIET_PLIES} quiet plies"
        engine = black if board.turn is BLACK else white
        answer = engine.go(fen, moves, seconds)
        try:
            board.push_pdn(answer.move)
        except ValueError as exc:
            raise EngineFailure(f"{engine.name} played {answer.move!r}, not legal: {exc}") from None
        moves.append(answer.move)
        if answer.depth:  # a book move (depth 0) is not timed
            times[engine.name].append(answer.seconds)
            depths[engine.name].append(answer.depth)
    return 0.5, len(moves), f"{MAX_PLIES} plies"


def load_text() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def score_line(who: str, label: str, scores: list[float]) -> None:
    """Print ``who``'s score over ``scores`` (1 a win, 0.5 a draw, 0 a loss): the points, the
    percentage with 1.96 standard errors, and wins, draws and losses; nothing for no games."""
    n = len(scores)
    if not n:
        return
    mean = sum(scores) / n
    sd = (sum((x - mean) ** 2 for x in scores) / max(1, n - 1)) ** 0.5
    w = sum(x == 1 for x in scores)
    d = sum(x == 0.5 for x in scores)
    print(f"  {who} {label}: {sum(scores):g} / {n} = {100 * mean:.1f} % "
          f"+- {100 * 1.96 * sd / n ** 0.5:.1f} (+{w} ={d} -{n - w - d})", flush=True)


def summary(games: list[dict], seconds_label: str) -> None:
    def line(label: str, scores: list[float]) -> None:
        score_line("new vs old", label, scores)

    line(f"({seconds_label}, both colours)", [g["new_score"] for g in games])
    line("(new as BLACK)", [g["new_score"] for g in games if g["new_black"]])
    line("(new as WHITE)", [g["new_score"] for g in games if not g["new_black"]])


def start_engines(old: Path, new: Path, pieces: int, endgame_cache: Optional[Path], python: str,
                  niceness: int) -> dict[str, EngineProcess]:
    """The "new" and "old" engine processes, each with its endgame database ready in a cache
    folder of its own, kept between runs (a converted or built table is reused)."""
    homes = {name: Path(tempfile.gettempdir()) /
             f"versus-cache-{name}-{hashlib.sha1(str(tree).encode()).hexdigest()[:8]}"
             for name, tree in (("new", new), ("old", old))}
    for name, tree in (("old", old), ("new", new)):
        prepare_cache(tree, homes[name], endgame_cache, pieces, python)
    print(f"  start: {load_text()}", flush=True)
    return {name: EngineProcess(name, tree, homes[name], pieces, python, niceness)
            for name, tree in (("new", new), ("old", old))}


def run(old: Path, new: Path, seconds: float, games: int, offset: int, pieces: int,
        endgame_cache: Optional[Path], log: Optional[Path], python: str, niceness: int,
        minutes: Optional[float] = None) -> int:
    """Play the match (see the module text); returns 0, or 1 when an engine failed. With
    ``minutes``, no game starts after that many minutes (the games played are counted)."""
    print(f"## Self-play: {new} (new) against {old} (old), separate `engine` processes, "
          f"go time {seconds:g}", flush=True)
    for tree in (old, new):
        described = subprocess.run(["git", "-C", str(tree), "log", "-1", "--format=%h %s"],
                                   capture_output=True, text=True).stdout.strip()
        print(f"  {tree}: {described[:100]}", flush=True)
    engines = start_engines(old, new, pieces, endgame_cache, python, niceness)
    print(f"  engine command: {shlex.join(engines['new'].command)} (PYTHONPATH = each tree)",
          flush=True)
    rows = chosen(ballots(), games, offset)
    played: list[dict] = []
    times: dict[str, list[float]] = {"new": [], "old": []}
    depths: dict[str, list[int]] = {"new": [], "old": []}
    out = open(log, "a", encoding="utf-8") if log else None
    status = 0
    started = time.monotonic()
    try:
        for row in rows:
            for new_black in (True, False):
                if minutes is not None and time.monotonic() - started > 60 * minutes:
                    raise TimeoutError
                black, white = ((engines["new"], engines["old"]) if new_black
                                else (engines["old"], engines["new"]))
                moves: list[str] = []
                result, plies, how = play(row["fen"], black, white, seconds, times, depths,
                                          moves)
                score = result if new_black else 1 - result
                game = {"ballot": row["number"], "new_black": new_black, "new_score": score,
                        "plies": plies, "end": how, "seconds": seconds,
                        "load": round(os.getloadavg()[0], 2), "fen": row["fen"],
                        "moves": moves}
                played.append(game)
                if out:
                    out.write(json.dumps(game) + "\n")
                    out.flush()
                print(f"  ballot {row['number']} ({row['moves']}), new as "
                      f"{'BLACK' if new_black else 'WHITE'}: {score:g} in {plies} plies ({how})",
                      flush=True)
                if len(played) % 20 == 0:
                    print(f"  after {len(played)} games, {time.monotonic() - started:.0f} s: "
                          f"{load_text()}", flush=True)
                    summary(played, f"{seconds:g} s a move")
    except EngineFailure as exc:
        print(f"  stopped: {exc}", flush=True)
        status = 1
    except KeyboardInterrupt:
        print("  interrupted", flush=True)
    except TimeoutError:
        print(f"  no game started after {minutes:g} minutes", flush=True)
    finally:
        for engine in engines.values():
            engine.close()
        if out:
            out.close()
    print(f"## Result after {len(played)} games in {time.monotonic() - started:.0f} s "
          f"(end: {load_text()})", flush=True)
    summary(played, f"{seconds:g} s a move")
    for name in ("new", "old"):
        t, d = times[name], depths[name]
        if t:
            print(f"  {name}: {len(t)} moves, mean {sum(t) / len(t):.3f} s a move by its own "
                  f"clock (longest {max(t):.2f} s), mean depth {sum(d) / max(1, len(d)):.1f} "
                  f"over {len(d)} searched moves", flush=True)
    return status


START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def depth_in(engine: EngineProcess, fen: str, moves: list[str], budget: float,
             deepest: int = 40) -> tuple[int, int, float]:
    """(the deepest search that ends within ``budget`` seconds, its nodes, its seconds), each
    depth searched afresh after ``newgame`` (an empty transposition table), as ``go depth``
    searches without the book. The one just past the budget is searched too and ends the
    loop."""
    best = (0, 0, 0.0)
    for depth in range(1, deepest + 1):
        engine.send("newgame")
        nodes, seconds = engine.go_depth(fen, moves, depth)
        if seconds > budget:
            break
        best = (depth, nodes, seconds)
    return best


def speed(old: Path, new: Path, positions: int, budget: float, pieces: int,
          endgame_cache: Optional[Path], python: str, niceness: int) -> int:
    """Depth reached within ``budget`` seconds and nodes per second, for both versions in the
    same run, from the start and after the three moves of ``positions`` ballots spread over the
    list (ballots where the side to move has more than one move); the two processes search one
    after the other, position by position, so the load
    falls on both alike."""
    print(f"## Speed: {new} (new) against {old} (old), the deepest `go depth` search ending "
          f"within {budget:g} s, from an empty table", flush=True)
    engines = start_engines(old, new, pieces, endgame_cache, python, niceness)
    # a ballot whose side to move has one move (a forced jump) is answered without a search
    choice = [row for row in ballots() if len(Board(row["fen"]).legal_moves) > 1]
    places = [("start", START_FEN)] + [(f"ballot {row['number']} ({row['moves']})", row["fen"])
                                      for row in chosen(choice, positions, 0)]
    totals: dict[str, list[tuple[int, int, float]]] = {"new": [], "old": []}
    try:
        for label, fen in places:
            found = {name: depth_in(engines[name], fen, [], budget) for name in ("new", "old")}
            for name in ("new", "old"):
                totals[name].append(found[name])
            line = "; ".join(f"{name} depth {d}, {n / max(t, 1e-9) / 1000:.0f} k nodes/s"
                             for name, (d, n, t) in found.items())
            print(f"  {label}: {line}", flush=True)
    finally:
        for engine in engines.values():
            engine.close()
    rates = {}
    for name in ("new", "old"):
        rows = totals[name]
        depth = sum(d for d, _, _ in rows) / len(rows)
        rates[name] = sum(n for _, n, _ in rows) / max(1e-9, sum(t for _, _, t in rows))
        print(f"  {name}: mean depth {depth:.1f} within {budget:g} s, "
              f"{rates[name] / 1000:.0f} k nodes/s over {len(rows)} positions", flush=True)
    print(f"  new/old nodes per second: {rates['new'] / max(1e-9, rates['old']):.2f}; "
          f"end: {load_text()}", flush=True)
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, help="the earlier version's source tree (a worktree)")
    ap.add_argument("--new", type=Path, default=ROOT, help="the new version's tree (this one)")
    ap.add_argument("--time", type=float, default=0.1, help="seconds a move (go time)")
    ap.add_argument("--games", type=int, default=100, help="ballots (2 games each)")
    ap.add_argument("--offset", type=int, default=0, help="shift the spread ballots")
    ap.add_argument("--endgame-pieces", type=int, default=5)
    ap.add_argument("--endgame-cache", type=Path, default=Path("/tmp/checkers-desktop-bench-cache"),
                    help="a folder of database files to link in before building")
    ap.add_argument("--log", type=Path, default=None, help="append one JSON line a game")
    ap.add_argument("--summary", type=Path, nargs="+", default=None,
                    help="only print the score of these logs together")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--nice", type=int, default=5)
    ap.add_argument("--minutes", type=float, default=None,
                    help="start no game after this many minutes")
    ap.add_argument("--speed", type=int, default=None, metavar="BALLOTS",
                    help="instead of games: depth within --time seconds and nodes per second of "
                         "both versions, from the start and after BALLOTS ballots")
    args = ap.parse_args(argv)
    print("command: " + shlex.join([Path(sys.argv[0]).name] + (sys.argv[1:] if argv is None
                                                                 else list(argv))), flush=True)
    if args.summary:
        games = [json.loads(line) for path in args.summary
                 for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for seconds in sorted({g["seconds"] for g in games}):
            some = [g for g in games if g["seconds"] == seconds]
            loads = [g["load"] for g in some]
            print(f"{len(some)} games at {seconds:g} s a move, 1-minute load "
                  f"{min(loads):.2f} to {max(loads):.2f}")
            summary(some, f"{seconds:g} s a move")
        return 0
    if args.old is None:
        ap.error("--old TREE is needed (or --summary LOG...)")
    if args.speed is not None:
        return speed(args.old.resolve(), args.new.resolve(), args.speed, args.time,
                     args.endgame_pieces, args.endgame_cache, args.python, args.nice)
    return run(args.old.resolve(), args.new.resolve(), args.time, args.games, args.offset,
               args.endgame_pieces, args.endgame_cache, args.log, args.python, args.nice,
               args.minutes)


if __name__ == "__main__":
    sys.exit(main())
