"""The whole app's memory while it plays: the real window (offscreen), its endgame database
loaded, a game against the strongest level with a hint asked before every move of the player.

Run from the repository root::

    .venv/bin/python benchmarks/app_memory.py --endgame-cache DIR          # 5 pieces, 2 positions
    .venv/bin/python benchmarks/app_memory.py --endgame-cache DIR --pieces 6 --moves 6

``DIR`` holds ``endgame-N-v5.egdb`` (``checkers-desktop endgame --cache DIR``); they
are linked into a fresh cache folder, so the app installs the table at once and builds nothing.
The app runs as ``checkers-desktop`` runs (``ui.app.run_app``) in a child process with fresh
data, settings and cache folders (``XDG_*_HOME``); a timer in that process plays for the player
once the table is installed: for each start position, a game against level 6 (8 s a move) in
which the player asks for a hint (the strongest search, 1 s) and plays it, for ``--moves`` moves
of the player.

The parent reads the child's resident memory (``VmRSS`` in ``/proc``, with that of any process it
started, such as the engine's compile) every 0.2 s and prints, in MB (10^6 bytes): after the
window opened, after the table was installed, and the peak during play, with the child's own
``VmHWM``. The peer, run in the same way in the same run: the same app and the same play with no
endgame database (``CHECKERS_DESKTOP_ENDGAME_PIECES=0``), so the ratio is what the database costs.
The aim (the engine's issue): the whole app under
400 MB with the database loaded. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine.endgame import FORMAT_VERSION  # noqa: E402

POSITIONS = (
    None,  # the start
    "W:W32,31,30,28,27,24,22,21,19:B14,12,11,10,9,6,5,1.",  # a 17-piece middlegame
    "B:W32,28,27,22,19:BK5,14,12,10,3.",  # a 10-piece ending: the database is probed at once
)
"""Start positions of the games (FEN; None: the standard start)."""


def _status_kb(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    out = []
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    for child in children:
        out.append(int(child))
        out.extend(_descendants(int(child)))
    return out


def _child(args) -> int:
    """In the child: run the app, and play from a timer once the table is installed."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from checkers_desktop.engine import preparation
    from checkers_desktop.session.game import Mode
    from checkers_desktop.ui.app import run_app

    app = QApplication(["checkers-desktop"])
    state = {"window": None, "games": list(POSITIONS[:args.games]), "moves": 0, "asked": None,
             "phase": "waiting"}

    def say(text: str) -> None:
        print(text, flush=True)

    def find_window():
        for widget in QApplication.topLevelWidgets():
            if type(widget).__name__ == "MainWindow":
                return widget
        return None

    def step() -> None:
        window = state["window"] or find_window()
        state["window"] = window
        if window is None:
            return
        if state["phase"] == "waiting":
            now = preparation.current()
            if now.busy:
                return
            say("ready")
            state["phase"] = "next game"
        if state["phase"] == "next game":
            if not state["games"]:
                say("done")
                timer.stop()
                app.quit()
                return
            fen = state["games"].pop(0)
            s = window.session
            s.level = 6
            s.new_game(Mode.COMPUTER, announce=False, fen=fen)
            state.update(moves=0, asked=None, phase="playing")
            say(f"game {fen or 'start'}")
            return
        s = window.session
        if not s.running or state["moves"] >= args.moves:
            state["phase"] = "next game"
            return
        if not s.is_human_turn():
            return
        key = (s.board.fen(), s.board.ply)
        practice = window.practice
        if state["asked"] != key:
            state["asked"] = key
            practice.hint()
            return
        move = practice.hint_move if practice.hint_squares() else None
        if move is None:
            return  # the hint is still being searched
        s.submit_text(move.pdn())
        state["moves"] += 1
        say(f"played {move.pdn()}")

    timer = QTimer()
    timer.setInterval(200)
    timer.timeout.connect(step)
    timer.start()
    return run_app(["checkers-desktop"])


def _measure(label: str, cache_from: Path | None, pieces: int, args) -> dict:
    with tempfile.TemporaryDirectory(prefix="app-memory-") as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=home,
                   XDG_DATA_HOME=f"{home}/data", XDG_CONFIG_HOME=f"{home}/config",
                   XDG_CACHE_HOME=f"{home}/cache")
        env["CHECKERS_DESKTOP_ENDGAME_PIECES"] = "0"
        cache = Path(home, "cache", "checkers-desktop", "checkers-desktop")
        cache.mkdir(parents=True)
        if cache_from is not None:
            for n in range(5, pieces + 1):
                name = f"endgame-{n}-v{FORMAT_VERSION}.egdb"
                os.symlink(cache_from / name, cache / name)
            env["CHECKERS_DESKTOP_ENDGAME_PIECES"] = str(pieces)
        cmd = [sys.executable, __file__, "--child", "--moves", str(args.moves), "--games",
               str(args.games)]
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        lines: list[str] = []
        def read() -> None:
            for line in proc.stdout:
                lines.append(line.strip())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        seen = 0
        marks: dict[str, float] = {}
        peak_all = peak_app = 0
        started = time.monotonic()
        while proc.poll() is None:
            pids = [proc.pid] + _descendants(proc.pid)
            rss_app = _status_kb(proc.pid, "VmRSS")
            rss_all = sum(_status_kb(p, "VmRSS") for p in pids)
            hwm = _status_kb(proc.pid, "VmHWM") or marks.get("hwm", 0)
            marks["hwm"] = hwm
            for line in lines[seen:]:
                seen += 1
                if args.verbose:
                    print(f"  {time.monotonic() - started:6.1f} s  {line}", flush=True)
                if line in ("ready", "done") and line not in marks:
                    marks[line] = rss_app
            if "ready" in marks:
                peak_app = max(peak_app, rss_app)
                peak_all = max(peak_all, rss_all)
            else:
                marks["window"] = max(marks.get("window", 0), rss_app)
            if time.monotonic() - started > args.timeout:
                proc.kill()
                print(f"{label}: stopped after {args.timeout} s", file=sys.stderr)
            time.sleep(0.2)
        played = sum(1 for line in lines if line.startswith("played"))
        result = {"label": label, "before ready": marks.get("window", 0) / 1000,
                  "ready": marks.get("ready", 0) / 1000, "peak": peak_app / 1000,
                  "peak with children": peak_all / 1000, "VmHWM": marks.get("hwm", 0) / 1000,
                  "moves": played, "seconds": time.monotonic() - started,
                  "exit": proc.returncode}
        print(", ".join(f"{k}: {v:.0f}" if isinstance(v, float) else f"{k}: {v}"
                        for k, v in result.items()), flush=True)
        return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--endgame-cache", type=Path,
                        help="a folder holding endgame-5-v5.egdb (and 6 for --pieces 6)")
    parser.add_argument("--pieces", type=int, default=5, choices=(5, 6))
    parser.add_argument("--moves", type=int, default=10, help="the player's moves a game")
    parser.add_argument("--games", type=int, default=len(POSITIONS), choices=range(1, 4))
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a run may take")
    parser.add_argument("--skip-peer", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="print the child's lines")
    args = parser.parse_args(argv)
    if args.child:
        return _child(args)
    if not Path("/proc/self/status").exists():
        print("needs Linux's /proc", file=sys.stderr)
        return 2
    if args.endgame_cache is None:
        parser.error("--endgame-cache is needed")
    print(f"command: {' '.join(sys.argv)}")
    print("resident memory in MB; 'peak' is the app process during play, 'VmHWM' its own "
          "high-water mark, 'peak with children' adds processes it started")
    table = _measure(f"{args.pieces}-piece database", args.endgame_cache, args.pieces, args)
    if not args.skip_peer:
        peer = _measure("no database (peer)", None, 0, args)
        print(f"ratio of peaks, database / none: {table['peak'] / max(peer['peak'], 1):.2f}")
    print(f"aim: the whole app under 400 MB with the database: "
          f"{'met' if table['peak with children'] < 400 else 'not met'} "
          f"({table['peak with children']:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
