"""The engine's search, levels and hints: legal moves, shots found, stopping, levels, determinism."""

from __future__ import annotations

import random
import re
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.engine import (LEVELS, Searcher, SearchResult, choose_move, get_level, hint,
                                     search)
from checkers_desktop.engine.hint import material_along, reason_for
from checkers_desktop.engine.search import WIN
from checkers_desktop.engine.levels import InvalidLevelError, search_at_level
from checkers_desktop.rules import WHITE, Board

# White to move: 25-21 is the one move that wins a man by force (a shot; the oracle below proves it).
SHOT_FEN = "W:W14,23,24,25,26,27,32,K2:B4,7,8,11,12,17"
SHOT_MOVE = "25-21"
# White to move: 23-19 is the only move that wins a man within four plies.
SHOT2_FEN = "W:W20,21,23,24,28:B5,11,12,14,K29"
SHOT2_MOVE = "23-19"
# First Position (a standard ending): White to move wins with two kings against king and man.
FIRST_POSITION = "W:WK19,K23:B12,K28"


def _pieces_ahead(board: Board) -> int:
    me = board.turn
    m, k = board.count(me)
    om, ok = board.count(me.other)
    return (m + k) - (om + ok)


def oracle(board: Board, depth: int) -> int:
    """Plain minimax on Board objects counting pieces (not the engine's code): the side to move's
    lead in pieces after ``depth`` plies of best play, jumps followed past the horizon; -100 when
    the side to move has no move."""
    moves = board.legal_moves
    if not moves:
        return -100
    if depth <= 0 and not moves[0].is_capture:
        return _pieces_ahead(board)
    best = -1000
    for move in moves:
        board.push(move)
        best = max(best, -oracle(board, depth - 1))
        board.pop()
    return best


def _oracle_after(board: Board, move, depth: int) -> int:
    board.push(move)
    try:
        return -oracle(board, depth - 1)
    finally:
        board.pop()


def _random_positions(count: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = Board()
        for _ in range(rng.randint(0, 60)):
            moves = b.legal_moves
            if not moves:
                break
            b.push(rng.choice(moves))
        out.append(b.copy(stack=False))
    return out


def test_oracle_agrees_that_the_shot_positions_have_one_winning_move():
    board = Board(SHOT_FEN)
    values = {m.pdn(): _oracle_after(board, m, 5) for m in board.legal_moves}
    best = max(values.values())
    assert [m for m, v in values.items() if v == best] == [SHOT_MOVE]
    board = Board(SHOT2_FEN)
    values = {m.pdn(): _oracle_after(board, m, 4) for m in board.legal_moves}
    best = max(values.values())
    assert [m for m, v in values.items() if v == best] == [SHOT2_MOVE]


@pytest.mark.parametrize("fen,move", [(SHOT_FEN, SHOT_MOVE), (SHOT2_FEN, SHOT2_MOVE)])
def test_search_finds_the_shot(fen, move):
    result = search(Board(fen), depth=6)
    assert result.move.pdn() == move
    assert result.depth == 6
    assert result.pv[0] == result.move


def test_search_always_returns_a_legal_move():
    for board in _random_positions(25, seed=11):
        result = search(board, depth=3)
        if board.is_game_over():
            assert result.move is None
        else:
            assert result.move in board.legal_moves
            # the principal variation is a playable line
            b = board.copy()
            for move in result.pv:
                b.push(move)


def test_every_level_returns_a_legal_move():
    positions = _random_positions(6, seed=5)
    stop = threading.Event()
    stop.set()  # the time-limited levels answer at once; the fixed-depth ones still search
    for board in positions:
        for level in LEVELS:
            move = choose_move(board, level.number, stop=stop if level.depth is None else None,
                               rng=random.Random(1))
            if board.is_game_over():
                assert move is None
            else:
                assert move in board.legal_moves


def test_no_move_gives_none():
    blocked = Board("W:W29:B25,22")  # WHITE's man on 29 can neither step nor jump
    assert blocked.legal_moves == []
    result = search(blocked, depth=2)
    assert result.move is None and result.is_loss
    assert choose_move(blocked, 1) is None


def test_first_position_the_winning_side_keeps_its_kings():
    board = Board(FIRST_POSITION)
    searcher = Searcher()
    for _ in range(8):  # White's engine moves against Black's engine replies
        result = searcher.search(board, depth=8)
        # after White's move Black cannot win a piece within three plies (independent oracle)
        assert _oracle_after(board, result.move, 3) >= _pieces_ahead(board)
        board.push(result.move)
        if board.is_game_over():
            break
        board.push(searcher.search(board, depth=4).move)
        if board.is_game_over():
            break
    white_men, white_kings = board.count(WHITE)
    assert white_kings == 2 or board.outcome().winner is WHITE


def test_hint_for_a_forced_jump():
    board = Board("B:W18:B14")  # BLACK to move must jump 14x23
    h = hint(board, time_limit=0.2)
    assert [h.move] == board.legal_moves and h.move.is_capture
    assert h.reason == "this jump is forced"


OUT_OF_BOOK = "B:W17,21,22,24,25,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,11,12,19"
"""An early middlegame position no master game of the opening book reached."""


@pytest.mark.parametrize("run_search", [
    lambda board, stop: Searcher().search(board, stop=stop).move,  # no depth, no time: until stopped
    lambda board, stop: choose_move(board, 6, stop=stop),  # the strongest level
], ids=["unlimited-search", "level-6"])
def test_stop_event_set_from_another_thread_ends_the_search(run_search):
    polled = threading.Event()

    class ProbeEvent(threading.Event):
        """An Event that tells the test once the search has looked at it a few times."""

        def __init__(self):
            super().__init__()
            self.calls = 0

        def is_set(self):
            self.calls += 1
            if self.calls >= 3:
                polled.set()
            return super().is_set()

    stop = ProbeEvent()
    board = Board(OUT_OF_BOOK)  # searched, not answered from the opening book
    out = {}

    def run():
        out["move"] = run_search(board, stop)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    assert polled.wait(60), "the search never looked at the stop event"
    assert "move" not in out  # it was still searching
    stop.set()
    worker.join(60)
    assert not worker.is_alive(), "the search did not stop after the event was set"
    assert out["move"] in board.legal_moves


def test_stop_already_set_still_returns_a_legal_move():
    stop = threading.Event()
    stop.set()
    for board in _random_positions(5, seed=3):
        move = choose_move(board, 6, stop=stop)
        if not board.is_game_over():
            assert move in board.legal_moves


def test_levels_are_numbered_and_described():
    assert [lv.number for lv in LEVELS] == list(range(1, len(LEVELS) + 1))
    assert len(LEVELS) >= 5
    assert len({lv.name for lv in LEVELS}) == len(LEVELS)
    for lv in LEVELS:
        assert lv.description.startswith(f"Level {lv.number}, {lv.name}")
        assert lv.think_seconds > 0 and lv.min_reply_seconds >= 0
    thinking = [lv.think_seconds for lv in LEVELS]
    assert thinking == sorted(thinking)
    assert get_level(3) is LEVELS[2]
    for bad in (0, 7, "2", 2.0, True):
        with pytest.raises(InvalidLevelError, match=repr(bad).replace(".", r"\.")):
            get_level(bad)


def test_the_gentle_level_misses_a_shot_that_the_club_level_finds():
    board = Board(SHOT_FEN)
    gentle = {choose_move(board, 1, rng=random.Random(seed)).pdn() for seed in range(10)}
    club = {choose_move(board, 3, rng=random.Random(seed)).pdn() for seed in range(10)}
    assert club == {SHOT_MOVE}
    assert gentle - {SHOT_MOVE}, "level 1 found the shot every time"


def test_choice_is_deterministic_with_a_seed_and_varies_between_seeds():
    board = Board()
    for level in (1, 2, 3):
        a = [choose_move(board, level, rng=random.Random(s)) for s in range(8)]
        b = [choose_move(board, level, rng=random.Random(s)) for s in range(8)]
        assert a == b
    varied = {choose_move(board, 1, rng=random.Random(s)).pdn() for s in range(20)}
    assert len(varied) >= 2


def test_depth_limited_search_is_repeatable():
    board = Board(SHOT_FEN)
    first = search(board, depth=5)
    again = search(board, depth=5)
    assert (first.move, first.score, first.nodes) == (again.move, again.score, again.nodes)


def test_hint_reasons():
    h = hint(Board(SHOT_FEN), time_limit=0.5)
    assert h.move.pdn() == SHOT_MOVE
    # how much the shot wins depends on the depth reached in 0.5 s (a man at depth 9, two men at
    # 13, three men deeper, on an idle machine): the reason says a gain of men, as the score does
    assert re.fullmatch(r"wins (a man|(two|three|four|five|six) men)", h.reason), h.reason
    assert h.score >= 100  # a man ahead at least
    # BLACK's man on 26 must crown now or be jumped by the king on 22 (the oracle checks that)
    board = Board("B:WK22,5:B26,11")
    for move in board.legal_moves:
        if move.to_square not in (30, 31):
            assert _oracle_after(board, move, 2) < _pieces_ahead(board)
    h = hint(board, time_limit=0.3)
    assert board.is_crowning(h.move)
    assert h.reason == "crowns a king"
    h = hint(Board(), time_limit=0.2)
    assert h.reason == "keeps the material even"


def test_search_at_level_reports_depth_and_score():
    result = search_at_level(Board(SHOT_FEN), 3, rng=random.Random(0))
    assert result.depth == get_level(3).depth
    assert result.score > 50  # a man up for White, who is to move


def test_material_along_the_line_counts_the_jumps():
    board = Board("B:W18,27,32:B14,5")  # BLACK 14x23, then WHITE 27x18
    line = [board.parse_move("14x23")]
    pieces, kings, crowned = material_along(board, line)
    assert (pieces, kings, crowned) == (1, 0, False)
    after = board.copy()
    after.push(line[0])
    line.append(after.parse_move("27x18"))
    assert material_along(board, line)[0] == 0
    assert reason_for(board, SearchResult(line[0], 0, 2, 10, line)) == "this jump is forced"


def test_a_line_that_crowns_later_is_told_as_a_new_king_not_as_the_mover_crowning():
    board = Board("W:WK13,6:BK30")  # the king moves; the man on 6 crowns two plies later
    line = []
    b = board.copy()
    for text in ("13-17", "30-26", "6-2"):
        line.append(b.parse_move(text))
        b.push(line[-1])
    assert material_along(board, line) == (0, 1, False)
    assert reason_for(board, SearchResult(line[0], 0, 3, 10, line)) == "leads to a new king"


@st.composite
def _boards(draw):
    """Any legal set-up: up to 12 pieces a side, men never on their own crowning row."""
    squares = draw(st.lists(st.integers(1, 32), min_size=2, max_size=24, unique=True))
    split = draw(st.integers(max(1, len(squares) - 12), min(12, len(squares) - 1)))
    black, white = [], []
    for i, s in enumerate(squares):
        is_black = i < split
        king = draw(st.booleans()) or (is_black and s >= 29) or (not is_black and s <= 4)
        (black if is_black else white).append(("K" if king else "") + str(s))
    turn = draw(st.sampled_from("BW"))
    return Board(f"{turn}:W{','.join(white)}:B{','.join(black)}")


@settings(max_examples=60, deadline=None)
@given(_boards(), st.integers(1, 3))
def test_any_position_gets_a_legal_move_or_none(board, depth):
    result = search(board, depth=depth)
    legal = board.legal_moves
    if legal:
        assert result.move in legal
        assert result.pv and result.pv[0] == result.move
    else:
        assert result.move is None and result.is_loss


def test_a_winning_move_that_gives_up_a_piece_at_once_says_so():
    """The hint's "wins the game" for a move whose reply takes a king: the player hears the
    king go, so the hint says it first."""
    board = Board("W:WK19,K27:B10")  # White: K19-15; Black's man 10 jumps it, 10x19
    line = [board.parse_move("19-15")]
    after = board.copy()
    after.push(line[0])
    line.append(after.parse_move("10x19"))
    won = SearchResult(line[0], WIN - 9, 9, 10, line)
    assert reason_for(board, won) == "gives up a king first, then wins the game"
    quiet = [board.parse_move("27-24")]
    after = board.copy()
    after.push(quiet[0])
    quiet.append(after.parse_move("10-14"))
    assert reason_for(board, SearchResult(quiet[0], WIN - 9, 9, 10, quiet)) == "wins the game"
    # a man given up, and a line cut short: the words follow what the reply takes
    board = Board("W:W19,K27:B10")
    line = [board.parse_move("19-15")]
    after = board.copy()
    after.push(line[0])
    line.append(after.parse_move("10x19"))
    assert reason_for(board, SearchResult(line[0], WIN - 9, 9, 10, line)) == \
        "gives up a man first, then wins the game"
    assert reason_for(board, SearchResult(line[0], WIN - 9, 9, 10, line[:1])) == "wins the game"
