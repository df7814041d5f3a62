"""The compiled core (numba) is the Python search, faster: the same perft counts, evaluation,
endgame values, and at the same depth the same score, move and node count; it stops on time and
on request, and the pure-Python engine stays in use where it is switched off."""

from __future__ import annotations

import dataclasses
import importlib
import os
import random
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.engine import compiled
from checkers_desktop.engine import endgame as eg
from checkers_desktop.engine.evaluate import evaluate
from checkers_desktop.engine.search import Searcher
from checkers_desktop.rules import Board
from checkers_desktop.rules import bitboard as bbm

ev = importlib.import_module("checkers_desktop.engine.evaluate")  # the package's name is the function


@pytest.fixture(scope="module", autouse=True)
def core():
    if not compiled.warm_up():
        pytest.skip(f"the compiled engine cannot be used here: {compiled.failure()}")
    return compiled._core


def _random_boards(seed: int, count: int, longest: int = 70) -> list[Board]:
    """Positions of random games (random plies 2 to ``longest``), each with a legal move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board()
        for _ in range(rng.randrange(2, longest)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if list(board.legal_moves):
            out.append(board)
    return out


def _view(board: Board):
    black = board.turn.name == "BLACK"
    my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
    return my, opp, board.kings_bb, black


def test_compiled_perft_counts_the_moves_of_the_rules_core():
    start = (bbm.START_BLACK, bbm.START_WHITE, 0, True)
    for depth in range(1, 8):
        assert compiled.compiled_perft(*start, depth) == bbm.perft(*start, depth)
    for board in _random_boards(3, 12):
        b, w, k = board.black_bb, board.white_bb, board.kings_bb
        black = board.turn.name == "BLACK"
        assert compiled.compiled_perft(b, w, k, black, 4) == bbm.perft(b, w, k, black, 4)


def test_compiled_perft_from_the_start_matches_the_published_count():
    """3,963,680 leaves at depth 9: ../shared/PERFT.md and OEIS A133046."""
    assert compiled.compiled_perft(bbm.START_BLACK, bbm.START_WHITE, 0, True, 9) == 3_963_680


squares = st.lists(st.integers(1, 32), min_size=2, max_size=24, unique=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(squares, st.integers(0, 2**24), st.booleans())
def test_compiled_evaluation_equals_the_python_evaluation(cells, bits, black):
    """Any placement (men, kings, either side to move) scores the same, term for term."""
    b = w = k = 0
    for i, s in enumerate(cells):
        mask = bbm.MASK_OF_SQUARE[s]
        if (bits >> i) & 1:
            b |= mask
        else:
            w |= mask
        if (bits >> (i + 12)) & 1 or (s <= 4 and mask & w) or (s >= 29 and mask & b):
            k |= mask
    if not b or not w:
        return
    my, opp = (b, w) if black else (w, b)
    assert compiled._core.evaluate(my, opp, k, black, _MEM) == evaluate(my, opp, k, black)


_MEM = compiled.CompiledState(buckets=1).mem


def test_the_compiled_evaluation_uses_the_weights_it_is_given():
    """A king worth 2 men instead of 1.4: a king up scores 60 more (the rest unchanged)."""
    state = compiled.CompiledState(buckets=1)
    board = Board("B:WK10,22,23:BK1,9,12")
    args = (board.black_bb, board.white_bb, board.kings_bb, True)
    before = compiled._core.evaluate(*args, state.mem)
    state.set_weights(dataclasses.replace(ev.WEIGHTS, king=ev.WEIGHTS.king + 60))
    assert compiled._core.evaluate(*args, state.mem) == before  # a king each: no change
    board = Board("B:W22,23:BK1,9,12")
    args = (board.black_bb, board.white_bb, board.kings_bb, True)
    state.set_weights(ev.WEIGHTS)
    before = compiled._core.evaluate(*args, state.mem)
    state.set_weights(dataclasses.replace(ev.WEIGHTS, king=ev.WEIGHTS.king + 60))
    assert compiled._core.evaluate(*args, state.mem) - before >= 60


@pytest.mark.parametrize("depth", [3, 5])
def test_same_depth_gives_the_same_score_move_and_nodes(depth):
    """The node is a line-by-line port: with tables too small to be full, the trees are alike."""
    for board in _random_boards(11, 24):
        py = Searcher(compiled=False, endgame=False).search(board, depth=depth)
        fast = Searcher(compiled=True, endgame=False).search(board, depth=depth)
        assert (fast.score, fast.move, fast.nodes, fast.depth) == \
            (py.score, py.move, py.nodes, py.depth), board.fen()
        assert fast.pv == py.pv


def test_same_depth_with_kings_and_a_game_history_gives_the_same_result():
    """Repetitions (a king's to and fro since the last man move) count as draws in both."""
    board = Board("W:WK19,K31:BK1,K5,12")
    for mv in ("31-26", "5-9", "26-31", "9-5"):
        board.push_pdn(mv)
    py = Searcher(compiled=False, endgame=False).search(board, depth=7)
    fast = Searcher(compiled=True, endgame=False).search(board, depth=7)
    assert (fast.score, fast.move, fast.nodes) == (py.score, py.move, py.nodes)


@pytest.fixture(scope="module")
def table3():
    return eg.build_table(3)


def test_endgame_probe_equals_the_table_and_the_searches_agree(table3):
    rng = random.Random(7)
    off, data = compiled.flatten_table(table3)
    mem = np.zeros(compiled.TT + 9 * 4, np.int64)
    mem[compiled.EG_OFF:compiled.EG_OFF + 4096] = off
    checked = 0
    while checked < 400:
        cells = rng.sample(range(1, 33), 3)
        b = bbm.MASK_OF_SQUARE[cells[0]]
        w = bbm.MASK_OF_SQUARE[cells[1]]
        third = bbm.MASK_OF_SQUARE[cells[2]]
        if rng.random() < 0.5:
            b |= third
        else:
            w |= third
        k = 0
        for s in cells:
            if rng.random() < 0.5 or s <= 4 or s >= 29:
                k |= bbm.MASK_OF_SQUARE[s]
        for black in (True, False):
            my, opp = (b, w) if black else (w, b)
            assert compiled._core.tb_probe(my, opp, k, black, mem, data) == \
                table3.probe(my, opp, k, black)
            checked += 1
    board = Board("B:WK27,K32:BK5")
    py = Searcher(compiled=False, endgame=table3).search(board, depth=6)
    fast = Searcher(compiled=True, endgame=table3).search(board, depth=6)
    assert (fast.score, fast.move) == (py.score, py.move)


def test_a_stop_event_from_another_thread_ends_a_compiled_search_at_once():
    searcher = Searcher(compiled=True, endgame=False)
    stop = threading.Event()
    out = {}

    def run():
        out["result"] = searcher.search(Board(), stop=stop)

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.3)
    stop.set()
    thread.join(5)
    assert not thread.is_alive(), "the compiled search did not stop"
    assert out["result"].move in list(Board().legal_moves)
    assert out["result"].depth >= 1


def test_a_timed_compiled_search_keeps_to_its_time_and_searches_deeper():
    board = Board()
    py = Searcher(compiled=False, endgame=False).search(board, time_limit=0.5)
    fast = Searcher(compiled=True, endgame=False).search(board, time_limit=0.5)
    assert fast.seconds < 0.75
    assert fast.move in list(board.legal_moves)
    assert fast.nodes > 5 * py.nodes and fast.depth > py.depth


def test_the_table_is_kept_between_searches_and_cleared_on_request():
    searcher = Searcher(compiled=True, endgame=False)
    searcher.search(Board(), depth=6)
    kept = searcher.table_entries()
    assert kept > 0
    searcher.clear_table()
    assert searcher.table_entries() == 0


def test_switched_off_the_engine_searches_in_python():
    code = ("from checkers_desktop.engine import compiled, Searcher;"
            "from checkers_desktop.rules import Board;"
            "assert not compiled.AVAILABLE and not compiled.warm_up();"
            "s = Searcher(compiled=True); r = s.search(Board(), depth=4);"
            "assert s._core is None and r.move is not None; print(compiled.failure())")
    env = dict(os.environ, CHECKERS_DESKTOP_COMPILED="0")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "CHECKERS_DESKTOP_COMPILED=0" in done.stdout


def test_a_buckets_count_that_is_not_a_power_of_two_is_refused():
    with pytest.raises(ValueError, match="12 buckets"):
        compiled.CompiledState(buckets=12)


def test_the_database_is_held_once_and_probes_the_same(table3):
    """The compiled search reads the table's own flat bytes (no second copy of the database) and
    its Python probes answer as before."""
    table = eg.EndgameTable(table3.pieces, bytearray(table3.data))
    rng = random.Random(3)
    samples = []
    for _ in range(200):
        a, b = rng.sample(range(1, 33), 2)
        my, opp = bbm.MASK_OF_SQUARE[a], bbm.MASK_OF_SQUARE[b]
        samples.append((my, opp, my | opp, rng.random() < 0.5))
    before = [table.probe(*s) for s in samples]
    off, flat = compiled.flatten_table(table)
    assert [table.probe(*s) for s in samples] == before
    assert np.shares_memory(np.frombuffer(table.data, np.uint8), flat)
    assert len(flat) == eg.layout(table3.pieces)[1] == table.nbytes()
    assert compiled.flatten_table(table)[1] is flat  # made once per table
