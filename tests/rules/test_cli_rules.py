"""The rules core's command-line tools, run as ``python -m checkers_desktop ...`` subprocesses:
``perft``, ``moves`` and ``replay`` (output format and exit status)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "checkers_desktop", *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120)


def test_perft_prints_depth_nodes_seconds():
    """OEIS A133046: 7, 49, 302, 1469 leaves at depths 1-4 from the start."""
    proc = run("perft", "--depth", "4")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 4
    for depth, (line, nodes) in enumerate(zip(lines, (7, 49, 302, 1469)), 1):
        assert re.fullmatch(rf"{depth} {nodes} \d+\.\d{{3}}", line), line


def test_perft_with_a_fen():
    """../shared/PERFT.md: First Position W:WK19,K23:B12,K28 has 6 and 14 leaves at depths 1-2."""
    proc = run("perft", "--depth", "2", "--fen", "W:WK19,K23:B12,K28")
    assert [line.split()[1] for line in proc.stdout.splitlines()] == ["6", "14"]


def test_perft_with_a_bad_fen_exits_two():
    proc = run("perft", "--depth", "1", "--fen", "B:W33")
    assert proc.returncode == 2 and "B:W33" in proc.stderr and proc.stdout == ""


def test_moves_lists_each_positions_moves_sorted():
    """Start: the seven opening moves; B:W18:B9,14: the jump 14x23 is forced (VA 3:00 s6)."""
    proc = run("moves", stdin="B:W21-32:B1-12\nB:W18:B9,14\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["9-13 9-14 10-14 10-15 11-15 11-16 12-16", "14x23"]


def test_moves_reports_a_bad_line_and_goes_on():
    proc = run("moves", stdin="nonsense\nW:WK10:B14,15,22,23\n")
    assert proc.returncode == 2
    assert "'nonsense'" in proc.stderr and "line 1" in proc.stderr
    assert proc.stdout.splitlines() == ["", "10x17x26x19x10 10x19x26x17x10"]


def test_replay_clean_file():
    proc = run("replay", str(DATA / "tinsley_first_two.pdn"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["games: 2, replayed: 2, errors: 0"]


def test_replay_reports_problems_and_exits_one():
    proc = run("replay", str(DATA / "quirks.pdn"))
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[-1] == "games: 8, replayed: 4, errors: 4"
    problems = lines[:-1]
    assert len(problems) == 4
    pattern = r"game (\d+) \((.*) vs (.*) / (.*)\), ply (\d+): (.+)"
    assert [re.fullmatch(pattern, line).group(1, 5) for line in problems] == [
        ("4", "3"), ("5", "0"), ("6", "1"), ("7", "4")]


def test_replay_of_the_faulty_tinsley_record():
    proc = run("replay", str(DATA / "tinsley_petal_1981_game18.pdn"))
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0].startswith(
        "game 1 (M Tinsley vs AA Long / Petal 1981, game 18), ply 123: ")


def test_replay_with_a_profile():
    proc = run("replay", str(DATA / "tinsley_first_two.pdn"), "--profile", "va-vi")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("profile: ") and lines[-1] == "games: 2, replayed: 2, errors: 0"


def test_replay_missing_file_exits_two():
    proc = run("replay", str(DATA / "no-such-file.pdn"))
    assert proc.returncode == 2
    assert "no-such-file.pdn" in proc.stderr and proc.stdout == ""
