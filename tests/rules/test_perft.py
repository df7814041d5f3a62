"""Perft: the leaf count of the move tree, the standard check of a move generator.

Expected figures come from ../shared/PERFT.md (read at test time). The start-position figures to
depth 8 are also copied here so that the test runs without ../shared; their source is OEIS A133046
("number of positions after n moves in checkers", the convention that counts a king's capture of
the same pieces going round either way twice) and Aart Bik's checkers perft page, as PERFT.md says.
Depths whose leaf count is over 1,000,000 are marked ``slow`` (they take a few seconds each).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checkers_desktop.rules import Board

# OEIS A133046, n = 1..8 (copied from ../shared/PERFT.md, "From the start position").
START_PERFT = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931}

FAST_NODES = 1_000_000
MAX_NODES = 4_000_000

PERFT_MD = (Path(__file__).resolve().parents[2] / ".." / "shared" / "PERFT.md").resolve()


def _number(text: str) -> int:
    return int(text.replace(",", "").strip())


def read_perft_md(path: Path = PERFT_MD) -> tuple[dict[int, int], dict[str, list[int]]]:
    """(start figures by depth, {FEN: [nodes at depth 1, 2, ...]}) from PERFT.md's tables."""
    start: dict[int, int] = {}
    others: dict[str, list[int]] = {}
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "start position" in section:
            for i in range(0, len(cells) - 1, 2):
                if cells[i].isdigit() and re.fullmatch(r"[\d,]+", cells[i + 1]):
                    start[int(cells[i])] = _number(cells[i + 1])
        elif "Other positions" in section and cells and cells[0].startswith("`"):
            fen = cells[0].split("`")[1]
            others[fen] = [_number(n) for n in re.findall(r"\d[\d,]*", cells[1].split("(")[0])]
    return start, others


def _cases():
    if not PERFT_MD.is_file():
        return []
    start, others = read_perft_md()
    cases = [("start", None, d, n) for d, n in sorted(start.items()) if n <= MAX_NODES]
    for fen, counts in others.items():
        cases += [(fen, fen, d, n) for d, n in enumerate(counts, 1) if n <= MAX_NODES]
    return [pytest.param(fen, d, n, id=f"{name}-d{d}",
                         marks=[pytest.mark.slow] if n > FAST_NODES else [])
            for name, fen, d, n in cases]


@pytest.mark.parametrize("depth, nodes", sorted(START_PERFT.items()))
def test_start_position_perft_copied_figures(depth, nodes):
    """OEIS A133046 (copy above): perft from the start, depths 1-8."""
    assert Board().perft(depth) == nodes


def test_copied_figures_agree_with_perft_md(shared_dir):
    start, _ = read_perft_md(shared_dir / "PERFT.md")
    assert all(start[d] == n for d, n in START_PERFT.items())
    assert len(start) == 15


@pytest.mark.parametrize("fen, depth, nodes", _cases())
def test_perft_md_positions(fen, depth, nodes):
    """Every position and depth of ../shared/PERFT.md up to 4,000,000 leaves."""
    board = Board(fen) if fen else Board()
    assert board.perft(depth) == nodes


def test_perft_md_is_read(shared_dir):
    """The parser finds the four positions of PERFT.md, so the cases above are not empty."""
    _, others = read_perft_md(shared_dir / "PERFT.md")
    assert len(others) == 4
    assert others["W:WK19,K23:B12,K28"][:3] == [6, 14, 54]


def test_perft_counts_king_duplicate_captures_twice():
    """PERFT.md: in W:WK10:B14,15,22,23 the king can circle the four men either way; this project
    follows the first convention (2 moves), as board.py says."""
    moves = Board("W:WK10:B14,15,22,23").legal_moves
    assert len(moves) == 2
    assert {frozenset(m.captures) for m in moves} == {frozenset({14, 15, 22, 23})}


def test_perft_agrees_with_walking_the_legal_moves():
    """perft (bulk-counted on bitboards) equals a walk with Board.push/pop, in a position with kings."""
    board = Board("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")

    def walk(depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += walk(depth - 1)
            board.pop()
        return total

    for depth in range(1, 4):
        assert walk(depth) == board.perft(depth)


def test_perft_depth_zero_is_one():
    assert Board().perft(0) == 1
