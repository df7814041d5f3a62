"""The learned evaluation: colour-symmetric like the hand one, the compiled search's incremental
accumulators equal to the plain sum, a damaged or missing weights file falls back to the hand
evaluation (and says so in the log), and the levels that use it search with it."""

from __future__ import annotations

import dataclasses
import logging
import random

import numpy as np
import pytest
from hypothesis import given, settings

from checkers_desktop.engine import compiled
from checkers_desktop.engine import network as nn
from checkers_desktop.engine.evaluate import evaluate, evaluate_black
from checkers_desktop.engine.search import Searcher
from checkers_desktop.rules import BLACK, Board
from checkers_desktop.rules import bitboard as bbm
from strategies import games, positions


def turned(mask: int) -> int:
    """A mask with every square s moved to 33 - s (the board turned half round)."""
    out = 0
    for s in range(1, 33):
        if mask & bbm.MASK_OF_SQUARE[s]:
            out |= bbm.MASK_OF_SQUARE[33 - s]
    return out


def twin(board: Board) -> tuple[int, int, int, bool]:
    """(black, white, kings, black to move) of the position with the board turned half round,
    the colours swapped and the other side to move: the same game seen from the other chair."""
    return (turned(board.white_bb), turned(board.black_bb), turned(board.kings_bb),
            board.turn is not BLACK)


def views(black_bb: int, white_bb: int, kings: int, black: bool) -> tuple[int, int, int, bool]:
    my, opp = (black_bb, white_bb) if black else (white_bb, black_bb)
    return my, opp, kings, black


def random_network(seed: int, hidden: int = 16, plus_hand: bool = False) -> nn.Network:
    rng = np.random.default_rng(seed)
    return nn.Network(w1=rng.integers(-60, 61, (nn.FEATURES, hidden)).astype(np.int16),
                      b1=rng.integers(-30, 90, hidden).astype(np.int16),
                      w2=rng.integers(-300, 301, 2 * hidden).astype(np.int16),
                      b2=int(rng.integers(-1000, 1000)), out_scale=64, plus_hand=plus_hand)


OUT_OF_BOOK = "B:W18,23,27,30:B3,6,9,14"
"""A position out of the opening book (so that a level searches)."""
SHIPPED = nn.load_network()
def extreme_network() -> nn.Network:
    """The largest weights a file can hold: the scores must stay far from a proven win."""
    return nn.Network(w1=np.full((nn.FEATURES, 32), 32767, np.int16),
                      b1=np.full(32, 32767, np.int16), w2=np.full(64, 32767, np.int16),
                      b2=2**31 - 1, out_scale=1, plus_hand=True)


NETWORKS = [random_network(1), random_network(2, 32, plus_hand=True), extreme_network()]
if SHIPPED is not None:
    NETWORKS.append(SHIPPED)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_hand_evaluation_scores_the_twin_position_as_the_negation(board):
    b, w, k, black_to_move = twin(board)
    assert evaluate_black(b, w, k) == -evaluate_black(board.black_bb, board.white_bb,
                                                      board.kings_bb)
    assert (evaluate(*views(b, w, k, black_to_move))
            == evaluate(*views(board.black_bb, board.white_bb, board.kings_bb,
                                 board.turn is BLACK)))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_learned_evaluation_scores_the_twin_position_as_the_negation(board):
    """Seen from BLACK's chair the twin scores the negation; for its side to move, the same."""
    b, w, k, black_to_move = twin(board)
    here = views(board.black_bb, board.white_bb, board.kings_bb, board.turn is BLACK)
    there = views(b, w, k, black_to_move)
    for net in NETWORKS:
        mine = nn.evaluate(net, *here)
        assert nn.evaluate(net, *there) == mine
        black_view = mine if board.turn is BLACK else -mine
        twin_black_view = -mine if board.turn is BLACK else mine
        assert twin_black_view == -black_view


def test_no_weights_file_can_make_a_score_look_like_a_proven_win():
    from checkers_desktop.engine.search import WIN_BOUND
    board = Board(OUT_OF_BOOK)
    my, opp = board.white_bb, board.black_bb
    for net in (extreme_network(), dataclasses.replace(extreme_network(), b2=-2**31,
                                                       w2=np.full(64, -32768, np.int16))):
        for black in (True, False):
            a, b = (opp, my) if black else (my, opp)
            assert abs(nn.evaluate(net, a, b, board.kings_bb, black)) < WIN_BOUND


def test_the_shipped_weights_file_loads():
    assert SHIPPED is not None, "checkers_desktop/engine/network.bin cannot be used"
    assert SHIPPED.hidden <= 32


def test_a_damaged_weights_file_is_refused_with_the_reason_in_the_log(tmp_path, caplog):
    path = tmp_path / "network.bin"
    size = nn.save_network(random_network(3), path)
    assert nn.load_network(path) is not None
    data = bytearray(path.read_bytes())
    data[size - 10] ^= 0xFF
    path.write_bytes(bytes(data))
    with caplog.at_level(logging.WARNING, logger="checkers_desktop.engine.network"):
        assert nn.load_network(path) is None
    assert "checksum" in caplog.text and "hand evaluation" in caplog.text
    path.write_bytes(bytes(data[:40]))
    assert nn.load_network(path) is None
    path.write_bytes(b"not a network")
    assert nn.load_network(path) is None
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="checkers_desktop.engine.network"):
        assert nn.load_network(tmp_path / "absent.bin") is None
    assert "cannot be read" in caplog.text


def test_a_saved_network_reads_back_the_same():
    import tempfile
    from pathlib import Path
    net = random_network(4, 24, plus_hand=True)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "n.bin"
        nn.save_network(net, path)
        back = nn.load_network(path)
    assert back is not None
    assert back.plus_hand and back.out_scale == 64 and back.b2 == net.b2
    assert np.array_equal(back.w1, net.w1) and np.array_equal(back.w2, net.w2)


# --- the compiled core ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def core():
    if not compiled.warm_up():
        pytest.skip(f"the compiled engine cannot be used here: {compiled.failure()}")
    return compiled._core


@settings(max_examples=60, deadline=None)
@given(games(max_plies=40))
def test_the_incremental_accumulators_equal_the_sum_over_a_line(core, board):
    """Down a line of random moves (jumps, crownings, kings), the accumulators the compiled core
    updates move by move score as the network computed from scratch, at every ply, whether each
    ply is evaluated (brought up to date one move at a time) or only every few plies (several
    noted moves applied at once)."""
    rng = random.Random(board.black_bb ^ board.white_bb)
    for net in NETWORKS:
        state = compiled.CompiledState(buckets=1)
        state.set_network(net)
        mem = state.mem
        b = board.copy()
        black = b.turn is BLACK
        my, opp = (b.black_bb, b.white_bb) if black else (b.white_bb, b.black_bb)
        core.net_refresh(my, opp, b.kings_bb, black, 0, mem)
        for ply in range(30):
            black = b.turn is BLACK
            my, opp = (b.black_bb, b.white_bb) if black else (b.white_bb, b.black_bb)
            if ply % 4 in (0, 3) or net is NETWORKS[0]:
                assert core.leaf(my, opp, b.kings_bb, black, ply, mem) == nn.evaluate(
                    net, my, opp, b.kings_bb, black)
            raws = list(b.iter_moves_raw())
            if not raws:
                break
            frm, to, cap, _ = raws[rng.randrange(len(raws))]
            crown = bbm.BLACK_CROWN if black else bbm.WHITE_CROWN
            crowned = not (b.kings_bb & frm) and bool(to & crown)
            core.net_push(mem, ply, frm, to, cap, b.kings_bb, black, crowned)
            move = next(m for m in b.legal_moves
                        if bbm.MASK_OF_SQUARE[m.path[0]] == frm
                        and bbm.MASK_OF_SQUARE[m.path[-1]] == to
                        and sum(bbm.MASK_OF_SQUARE[c] for c in m.captures) == cap)
            b.push(move)


def test_a_search_with_the_network_differs_from_the_hand_one_and_switches_back(core):
    """The searcher's network reaches the compiled leaves (another score), and None restores the
    hand evaluation's exact score."""
    board = Board("W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,13,2,3,4,6,7,8,9")
    by_hand = Searcher(endgame=False, compiled=True)
    by_hand.set_network(None)
    hand = by_hand.search(board, depth=5)
    s = Searcher(endgame=False, compiled=True)
    s.set_network(random_network(5))
    learned = s.search(board, depth=5)
    assert learned.score != hand.score
    s.set_network(None)
    again = s.search(board, depth=5)
    assert (again.score, again.move) == (hand.score, hand.move)


# --- which searches use it -------------------------------------------------------------------------


@pytest.mark.parametrize("choice", ["learned", "hand"])
def test_the_switch_gives_levels_5_and_6_the_learned_evaluation_and_the_lower_levels_never(
        monkeypatch, choice):
    from checkers_desktop.engine.levels import search_at_level
    monkeypatch.setenv(nn.EVALUATION_ENV, choice)
    board = Board(OUT_OF_BOOK)
    for level, learned in ((3, False), (4, False), (5, choice == "learned")):
        searcher = Searcher(endgame=False, compiled=False)
        searcher.set_network(NETWORKS[0])  # whatever it had, the level decides
        search_at_level(board, level, searcher=searcher)
        assert searcher.network is (nn.default_network() if learned else None), level
    assert (Searcher().network is not None) == (choice == "learned" and SHIPPED is not None)


def test_an_unknown_switch_value_keeps_the_default_and_says_so(monkeypatch, caplog):
    monkeypatch.setenv(nn.EVALUATION_ENV, "neural")
    with caplog.at_level(logging.WARNING, logger="checkers_desktop.engine.network"):
        got = nn.full_strength_network()
    assert "neither 'hand' nor 'learned'" in caplog.text
    assert (got is not None) == nn.LEARNED_AT_FULL_STRENGTH
