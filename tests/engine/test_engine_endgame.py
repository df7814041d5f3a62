"""The endgame database: values consistent with the moves, known endings, cache round trip."""

from __future__ import annotations

import random
import threading

import pytest

from checkers_desktop.engine import WIN, Searcher
from checkers_desktop.engine import endgame as eg
from checkers_desktop.rules import Board


@pytest.fixture(scope="module")
def table2():
    return eg.build_table(2)


def _view(board: Board):
    black = board.turn.name == "BLACK"
    my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
    return my, opp, board.kings_bb, black


def _value(table, board: Board) -> int:
    """The stored value for the side to move (see EndgameTable)."""
    return table.probe(*_view(board))


def _check_consistent(table, board: Board) -> None:
    """Bellman check, independent of how the table was built: a win in d has a move to a loss in
    d - 1 and none to a quicker one; a loss in d has every move going to a win, the longest d - 1;
    a draw has no move to a loss and some move to a draw."""
    v = _value(table, board)
    children = []
    for move in board.legal_moves:
        board.push(move)
        if not board.squares(board.turn):
            children.append(eg.LOST_NOW)  # the side to move has nothing left
        else:
            children.append(_value(table, board))
        board.pop()
    if not children:
        assert v == eg.LOST_NOW
        return
    losses = [eg.plies_of(c) for c in children if c < 0]
    if v > 0:
        assert losses and min(losses) + 1 == v
    elif v < 0:
        assert all(c > 0 for c in children)
        assert max(children) + 1 == eg.plies_of(v)
    else:
        assert not losses and any(c == 0 for c in children)


def _random_boards(count, pieces, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        squares = rng.sample(range(1, 33), pieces)
        nb = rng.randint(1, pieces - 1)
        fen_b, fen_w = [], []
        for i, s in enumerate(squares):
            black = i < nb
            king = rng.random() < 0.5 or (black and s >= 29) or (not black and s <= 4)
            (fen_b if black else fen_w).append(("K" if king else "") + str(s))
        turn = rng.choice("BW")
        out.append(Board(f"{turn}:W{','.join(fen_w)}:B{','.join(fen_b)}"))
    return out


@pytest.fixture(scope="module")
def table3():
    return eg.build_table(3)


def test_two_piece_table_is_consistent_everywhere(table2):
    checked = 0
    values = set()
    for board in _random_boards(400, 2, seed=1):
        _check_consistent(table2, board)
        values.add((_value(table2, board) > 0) - (_value(table2, board) < 0))
        checked += 1
    assert checked == 400
    assert values == {-1, 0, 1}  # some of each outcome occur


def test_white_to_move_is_the_turned_board_with_black_to_move(table3):
    """Colour reversal (the storage's symmetry) checked on boards built both ways."""
    for board in _random_boards(300, 3, seed=5):
        turned = Board(board.fen())
        for sq in range(1, 33):
            turned.set_piece_at(sq, None)
        for sq in range(1, 33):
            piece = board.piece_at(sq)
            if piece is not None:
                turned.set_piece_at(33 - sq, type(piece)(piece.color.other, piece.kind))
        turned_fen = turned.fen()
        side = "B" if board.turn.name == "WHITE" else "W"
        turned = Board(side + turned_fen[1:])
        assert _value(table3, turned) == _value(table3, board)


def test_king_against_king_in_the_open_is_a_draw(table2):
    assert _value(table2, Board("B:WK23:BK10")) == 0


def test_a_man_that_must_walk_into_a_jump_is_lost_in_two(table2):
    board = Board("B:WK13:B5")  # 5-9 is BLACK's only move, then WHITE's king jumps it
    assert [m.pdn() for m in board.legal_moves] == ["5-9"]
    assert _value(table2, board) == -2
    board.push_pdn("5-9")
    assert _value(table2, board) == 1


def test_three_piece_table_consistent_and_two_kings_beat_one(table3):
    table = table3
    for board in _random_boards(300, 3, seed=2):
        _check_consistent(table, board)
    # two kings against one king win (the lone king is hunted down; no double corner saves it)
    for board in _random_boards(60, 3, seed=3):
        if (len(board.squares(board.turn)) == 2 and not board.is_capture_required()
                and all(board.piece_at(s).is_king for s in board.squares(board.turn))
                and all(board.piece_at(s).is_king for s in board.squares(board.turn.other))):
            assert _value(table, board) > 0


def test_cache_round_trip(tmp_path, table2):
    path = eg.save_table(table2, tmp_path)
    assert path.exists()
    loaded = eg.load_table(tmp_path, 2)
    assert loaded is not None and bytes(loaded.data) == bytes(table2.data)
    assert eg.load_table(tmp_path / "missing", 2) is None
    whole = path.read_bytes()
    path.write_bytes(whole[:-1])  # cut short (a full disk): refused, generated again
    assert eg.load_table(tmp_path, 2) is None
    path.write_bytes(b"not a table")
    assert eg.load_table(tmp_path, 2) is None


def test_ensure_table_generates_then_loads(tmp_path):
    installed = eg.installed_table()
    table = eg.ensure_table(tmp_path, pieces=2, install=False)
    assert list(tmp_path.iterdir())  # cached
    again = eg.ensure_table(tmp_path, pieces=2, install=False)
    assert again is not table and bytes(again.data) == bytes(table.data)
    assert eg.installed_table() is installed


def test_ensure_table_builds_on_a_cached_smaller_table_and_installs_each_count(tmp_path, table2,
                                                                              monkeypatch):
    eg.save_table(table2, tmp_path)
    seen = []
    monkeypatch.setattr(eg, "install_table", lambda t: seen.append(t.pieces))
    table = eg.ensure_table(tmp_path, pieces=3)
    assert seen == [2, 3, 3]  # the cached 2 at once, then 3 when finished
    assert table.pieces == 3 and bytes(eg.load_table(tmp_path, 3).data) == bytes(table.data)
    for board in _random_boards(50, 2, seed=6):
        assert _value(table, board) == _value(table2, board)


def test_generation_can_be_stopped():
    stop = threading.Event()
    stop.set()
    with pytest.raises(InterruptedError):
        eg.build_table(3, stop=stop)


def test_search_with_the_table_plays_the_quickest_win(table2):
    won = [b for b in _random_boards(200, 2, seed=4)
           if _value(table2, b) > 2 and not b.is_capture_required()]
    assert won
    board = won[0]
    before = _value(table2, board)
    result = Searcher(endgame=table2).search(board, depth=3)
    assert result.is_win
    board.push(result.move)
    # after the engine's move the opponent is lost in one ply fewer
    after = _value(table2, board)
    assert after < 0 and eg.plies_of(after) == before - 1


@pytest.mark.parametrize("pieces", [1, 7, "3"])
def test_only_two_to_six_pieces_can_be_generated(pieces, tmp_path):
    with pytest.raises(ValueError, match=repr(pieces)):
        eg.build_table(pieces)
    with pytest.raises(ValueError, match=repr(pieces)):
        eg.ensure_table(tmp_path, pieces=pieces)
    assert not list(tmp_path.iterdir())


@pytest.fixture(scope="module")
def table4_part(table4):
    """The run's 4-piece table (the compiled builder's where numba loads). The Python builder's
    bytes for these materials, (0, 2, 0, 2), (0, 1, 0, 3) and (1, 1, 0, 2) among them, are
    compared with the compiled builder's in test_engine_endgame_build.py, so what is shown here
    of the one holds for the other, without solving them in Python again (about 40 s)."""
    return table4


def _two_kings_each(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        squares = rng.sample(range(1, 33), 4)
        yield Board(f"{rng.choice('BW')}:WK{squares[0]},K{squares[1]}:BK{squares[2]},K{squares[3]}")


def test_four_kings_and_first_position(table4_part):
    """Consistent, and First Position (two kings against king and man) is a win for the two kings
    (Lees' Guide; see the engine benchmark's endings)."""
    table = table4_part
    assert _value(table, Board("W:WK19,K23:B12,K28")) > 0
    for board in _two_kings_each(200, seed=7):
        _check_consistent(table, board)


def test_wins_the_search_proves_are_real(table3, table4_part):
    """The search (late move reductions, proven scores reused from its table) with only the
    3-piece database: every win or loss it claims for a 4-piece position is one by the 4-piece
    database, and never quicker than the quickest."""
    claims = 0
    for board in _two_kings_each(60, seed=8):
        result = Searcher(endgame=table3).search(board, depth=7)
        truth = _value(table4_part, board)
        if result.is_win or result.is_loss:
            claims += 1
            plies = WIN - abs(result.score)
            assert (truth > 0) == result.is_win and truth != 0
            assert plies >= eg.plies_of(truth)
    assert claims  # the check was exercised


def test_a_stopped_build_keeps_the_smaller_table_installed(tmp_path, table2, monkeypatch):
    """The app's background build: stopped while generating 3 pieces, the cached 2-piece table
    stays installed for the searches and nothing half-made is written."""
    eg.save_table(table2, tmp_path)
    monkeypatch.setattr(eg, "_installed", None)
    stop = threading.Event()
    stop.set()
    with pytest.raises(InterruptedError):
        eg.ensure_table(tmp_path, pieces=3, stop=stop)
    assert eg.installed_table() is not None and eg.installed_table().pieces == 2
    assert eg.load_table(tmp_path, 3) is None
