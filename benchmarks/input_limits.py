"""The worst input *within* the limits: how long the command-line tools and the window's reading of
a file take, and how much memory, on files just under each limit.

Run: ``nice -n 10 python benchmarks/input_limits.py [--quick]``

The hostile inputs past a limit are refused in well under a second (tests/robustness/
test_cli_hostile.py). Inside the limits, time grows with the size of the input, linearly; this
prints how far it goes on this machine:

1. ``replay`` on 19 MB files (just under the 20 MB limit): the peer is real games (the two games of
   tests/data/tinsley_first_two.pdn repeated); the others are games just under 256 KB each, made of
   the densest things a game may hold (one-character words, move numbers, NAGs, empty comments,
   stray ")"), which cost the reader the most per byte. "ratio" is the time over the peer's.
2. The first game of each of those files, read in this process as the window's Open and the
   autosave read one game (``next(read_games(read_pdn_file(path)))``).
3. ``moves`` on a 2 MB list of FEN positions (its limit) and ``listen`` on a 15 s recording of
   white noise (its limit).

Each command runs in a child under a small launcher that reads the child's own peak resident
memory (``ru_maxrss`` from ``wait4``). ``--quick`` makes 4 MB files instead of 19 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from checkers_desktop.rules.pdn import MAX_GAME_CHARS, read_games, read_pdn_file  # noqa: E402

LAUNCHER = r"""
import os, subprocess, sys, time
start = time.monotonic()
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(f"{os.waitstatus_to_exitcode(status)} {time.monotonic() - start} {usage.ru_maxrss}")
"""


def measure(args: list[str]) -> tuple[int, float, float]:
    """(exit status, seconds, peak MB) of ``python -m checkers_desktop ARGS``."""
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "r")
        subprocess.run([sys.executable, "-c", LAUNCHER, report, sys.executable, "-m",
                        "checkers_desktop", *args], cwd=REPO, stderr=subprocess.DEVNULL,
                       check=False)
        status, seconds, kb = Path(report).read_text().split()
    return int(status), float(seconds), int(kb) / 1024


def dense_game(body: str) -> str:
    """A game of just under :data:`MAX_GAME_CHARS` characters, ``body`` repeated."""
    room = MAX_GAME_CHARS - 200
    return '[Event "dense"]\n1. 11-15 ' + (body * (room // len(body) + 1))[:room] + " *\n"


def fill(path: Path, game: str, size: int) -> None:
    path.write_text(game * max(1, size // len(game)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 MB files instead of 19 MB")
    size = (4 if parser.parse_args().quick else 19) * 1024 * 1024
    real = (REPO / "tests" / "data" / "tinsley_first_two.pdn").read_text()
    kinds = {"real games (peer)": real + "\n",
             "one-character words": dense_game("a "),
             "move numbers": dense_game("1. "),
             "NAGs": dense_game("$1 "),
             "empty comments": dense_game("{} "),
             "stray ')'": dense_game(")")}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        print(f"replay of {size / 2 ** 20:.0f} MB files (limit 20 MB)")
        print(f"{'file':24} {'exit':>4} {'seconds':>8} {'peak MB':>8} {'ratio':>6}   "
              f"first game (s)")
        peer = None
        for name, game in kinds.items():
            path = root / "f.pdn"
            fill(path, game, size)
            status, seconds, peak = measure(["replay", str(path)])
            peer = peer or seconds
            start = time.perf_counter()
            next(iter(read_games(read_pdn_file(path))))
            first = time.perf_counter() - start
            print(f"{name:24} {status:>4} {seconds:>8.2f} {peak:>8.0f} {seconds / peer:>6.2f}   "
                  f"{first:.3f}", flush=True)
        fens = root / "list.fen"
        lines = ["B:W21-32:B1-12", "W:W18,K27,30:B6,10,K15",
                 "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"]
        text = "\n".join(lines) + "\n"
        fens.write_text(text * ((2 * 1024 * 1024 - 1) // len(text)))
        status, seconds, peak = measure(["moves", "--fen-file", str(fens)])
        print(f"moves, {fens.stat().st_size / 2 ** 20:.1f} MB of FEN (limit 2 MB): exit {status}, "
              f"{seconds:.2f} s, peak {peak:.0f} MB", flush=True)
        noise = root / "noise.wav"
        with wave.open(str(noise), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes(os.urandom(2 * 16000 * 15))
        status, seconds, peak = measure(["listen", "--fen", "B:W21-32:B1-12", str(noise)])
        print(f"listen, 15 s of white noise (limit 15 s): exit {status}, {seconds:.2f} s, "
              f"peak {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
