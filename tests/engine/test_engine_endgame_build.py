"""The endgame database's compiled builder (engine/numba_endgame.py): the same bytes as the
pure-Python builder, five pieces consistent with the moves, the cache file mapped and refused when
damaged, and the piece count the app asks for."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.engine import compiled
from checkers_desktop.engine import endgame as eg
from checkers_desktop.engine.search import WIN_BOUND, Searcher
from checkers_desktop.rules import Board

from test_engine_endgame import _check_consistent, _random_boards, _value

needs_numba = pytest.mark.skipif(not compiled.AVAILABLE,
                                 reason=f"the compiled builder cannot run here: {compiled.WHY_NOT}")


@pytest.fixture(scope="module")
def compiled4(table4):
    """The 4-piece table of the compiled builder: the run's ``table4`` (built by it wherever numba
    loads, which is the only case where this does not skip)."""
    if not compiled.AVAILABLE:
        pytest.skip(f"the compiled builder cannot run here: {compiled.WHY_NOT}")
    return table4


@needs_numba
def test_both_builders_give_the_same_bytes_to_three_pieces():
    python = eg.build_table(3, compiled=False)
    fast = eg.build_table(3, compiled=True)
    assert bytes(python.data) == bytes(fast.data)
    assert len(fast) > 50_000  # most 3-piece positions are decided (none is left out)


@pytest.mark.slow  # the same comparison on every material of three pieces runs in the quick set
@needs_numba
def test_both_builders_give_the_same_bytes_for_four_piece_materials(compiled4):
    """Four materials solved by the Python builder on the compiled 3-piece start: every byte of
    their signatures equals the compiled 4-piece table's (the whole 4-piece table was compared
    once by hand: 7,455,300 equal bytes, 70 s against 1.8 s)."""
    offsets, size = eg.layout(4)
    data = bytearray(size)
    three = eg.layout(3)[1]
    data[:three] = bytes(compiled4.data[:three])
    materials = ((0, 2, 0, 2), (0, 1, 0, 3), (1, 1, 0, 2), (1, 1, 1, 1))
    mine = set()
    for mat in sorted(materials, key=lambda m: m[0] + m[2]):
        eg._solve_material(mat, data, offsets, None)
        bm, bk, wm, wk = mat
        mine |= {eg._sig_code(bm, bk, wm, wk), eg._sig_code(wm, wk, bm, bk)}
    fast = bytes(compiled4.data)
    for code in mine:
        at = offsets[code]
        n = eg.signature_size(code >> 9, (code >> 6) & 7, (code >> 3) & 7, code & 7)
        assert data[at:at + n] == fast[at:at + n], f"signature {code:o} differs"


def _kings(rng, count_black, count_white):
    squares = rng.sample(range(1, 33), count_black + count_white)
    black = ",".join(f"K{s}" for s in squares[:count_black])
    white = ",".join(f"K{s}" for s in squares[count_black:])
    return Board(f"{rng.choice('BW')}:W{white}:B{black}")


@pytest.fixture(scope="module")
def five_kings(compiled4):
    """The 5-piece table with only three kings against two solved (on the 4-piece table):
    (table, offsets array, data)."""
    from checkers_desktop.engine import numba_endgame

    assert compiled.warm_up()
    offsets, size = eg.layout(5)
    data = np.zeros(size, np.uint8)
    data[:len(compiled4.data)] = np.frombuffer(compiled4.data, np.uint8)
    offs = compiled.offsets_array(offsets)
    mem = np.zeros(compiled.PATH, np.int64)
    decided = numba_endgame.solve_pair(0, 3, 0, 2, offs, data, mem)
    assert decided > 1_000_000
    return eg.EndgameTable(5, data), offs, data


def _views(board):
    black = board.turn.name == "BLACK"
    my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
    return my, opp, board.kings_bb, black


@needs_numba
def test_a_five_piece_material_is_consistent_with_its_moves(five_kings):
    """Three kings against two: every sampled position's value agrees with its moves' values
    (the Bellman check), the compiled probe reads what the Python probe reads, and three kings
    beat two from most positions where nothing can be jumped at once."""
    table, offs, data = five_kings
    rng = random.Random(12)
    wins = quiet = 0
    for _ in range(400):
        board = _kings(rng, 3, 2) if rng.random() < 0.5 else _kings(rng, 2, 3)
        _check_consistent(table, board)
        assert compiled._core.eg_byte(*_views(board), offs, 0, data) == \
            table.probe_byte(*_views(board))  # the search's probe, compiled
        if len(board.squares(board.turn)) == 3 and not board.is_capture_required():
            quiet += 1
            wins += _value(table, board) > 0
    assert quiet > 100 and wins > 0.9 * quiet


@needs_numba
def test_the_search_reads_the_packed_copy_and_the_root_the_distances(five_kings):
    """With the packed copy (two bits a position for 5 pieces), the search reads win, loss or
    draw as the exact table says (Python and compiled alike), both searches agree, and at a
    5-piece root the move played is still the quickest win by the exact distances."""
    table, offs, data = five_kings
    packed = eg.EndgameTable(5, data, packed=eg.pack_for_search(table))
    assert packed.packed_from == eg.layout(4)[1]
    assert len(packed.search_data) < len(data) / 3
    state = compiled.CompiledState(buckets=1 << 4)
    state.new_search(quiescence=True, threat=True, reductions=True, table=packed, game_keys=[])
    rng = random.Random(16)
    won = []
    for _ in range(300):
        board = _kings(rng, 3, 2) if rng.random() < 0.5 else _kings(rng, 2, 3)
        if board.is_capture_required():
            continue  # the coded copy holds no value there: the searches play the jump
        exact = table.probe(*_views(board))
        read = packed.search_probe(*_views(board))
        assert (exact > 0, exact < 0) == (read > 0, read < 0)
        assert read in (0, eg.WLD_PLIES, -eg.WLD_PLIES)
        assert compiled._core.tb_probe(*_views(board), state.mem, state.eg_data) == read
        if exact > 4:
            won.append(board)
    assert eg.WLD_PLIES > 161  # longer than the longest win of the tables
    for board in won[:6]:
        py = Searcher(compiled=False, endgame=packed).search(board, depth=5)
        fast = Searcher(compiled=True, endgame=packed).search(board, depth=5)
        assert (fast.score, fast.move) == (py.score, py.move)
        after = board.copy()
        after.push(py.move)
        best = min(eg.plies_of(table.probe(*_views(c))) for c in _children(board)
                   if table.probe(*_views(c)) < 0)
        assert table.probe(*_views(after)) < 0
        assert eg.plies_of(table.probe(*_views(after))) == best  # the quickest win


def _children(board):
    for move in board.legal_moves:
        child = board.copy()
        child.push(move)
        yield child


BUILD_AS_THE_APP_DOES = """
import os, sys
from checkers_desktop.engine.startup import build_endgame_table
build_endgame_table(sys.argv[1], 5, os.getppid(), True)
with open("/proc/self/status") as status:
    print([line.split()[1] for line in status if line.startswith("VmHWM:")][0])
"""
"""Prints the process's peak resident memory in KiB: VmHWM, this process's own. Its
``ru_maxrss`` would not do: Linux keeps the largest of it across ``exec``, so a process started
by a large parent (pytest, 600-800 MB here) reports the parent's peak."""


@pytest.mark.slow
@needs_numba
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_the_whole_five_piece_table_is_consistent(tmp_path):
    """All 2-5 pieces built by the function the app's builder process runs at its first start,
    in a process of its own, cached and mapped back: every position agrees with its moves
    generated forwards (about a minute and a half and 190 MB of disk).

    That process's peak resident memory stays under 480 MB: measured 428 MB (numba about 156 MB,
    the table 187 MB, the pair being solved 3 bytes a position). Two costs that used to be there
    would break it: waiting lists of 8 bytes a position more (+200 MB), and ``if table`` on the
    mapped table after saving, which counted its positions through a copy of every byte (peak
    784 MB)."""
    done = subprocess.run([sys.executable, "-c", BUILD_AS_THE_APP_DOES, str(tmp_path)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    peak_mib = int(done.stdout.split()[-1]) / 1024
    assert peak_mib < 480, f"the builder process peaked at {peak_mib:.0f} MiB"
    mapped = eg.load_table(tmp_path, 5)
    assert mapped is not None and mapped.nbytes() == eg.layout(5)[1]
    assert mapped.packed_from == eg.layout(4)[1]  # its coded copy was written and mapped
    checked, bad = eg.verify_table(mapped)
    assert bad == 0 and checked > 140_000_000
    four = eg.load_table(tmp_path, 4)
    for board in _random_boards(200, 4, seed=13):
        assert _value(mapped, board) == _value(four, board)
    # every 5-piece position of the search's coded copy whose side to move has no jump reads
    # as the exact distances say
    exact = mapped.exact_array()
    start = mapped.packed_from
    values = _slot_values(exact, 5)[start:]
    real = values != 3
    quiet = _slot_values(exact, 5, skip=1)[start:] != 3
    assert np.count_nonzero(quiet) > 100_000_000
    coded = np.frombuffer(mapped._search_view, np.uint8).copy()
    read = _read_every_position(coded, start, len(exact) - start)
    assert np.array_equal(read[quiet], values[quiet])
    assert np.array_equal(values[real], _wld(exact[start:])[real])


@needs_numba
def test_the_verifier_finds_a_wrong_byte(compiled4):
    """The whole 4-piece table passes the forward check; one value changed is caught."""
    checked, bad = eg.verify_table(compiled4)
    assert bad == 0 and checked > 4_000_000
    data = bytearray(compiled4.data)
    broken = eg.EndgameTable(4, data)
    at = eg.layout(3)[1] + 12345
    while data[at] == 0:
        at += 1
    data[at] = data[at] + 2  # a win or loss two plies longer than it is
    assert eg.verify_table(broken)[1] >= 1


def test_five_pieces_need_the_compiled_builder(tmp_path):
    with pytest.raises(ValueError, match="compiled builder"):
        eg.build_table(5, compiled=False)
    with pytest.raises(ValueError, match="compiled builder"):
        eg.ensure_table(tmp_path, pieces=5, compiled=False)
    assert not list(tmp_path.iterdir())


def test_a_table_is_true_without_counting_its_positions(monkeypatch):
    """``if table`` is True even for a table of draws only (len 0), and does not count its
    positions: that reads every byte (187 MB at 5 pieces, 3.7 GB at 6)."""
    table = eg.EndgameTable(2, bytearray(eg.layout(2)[1]))
    assert len(table) == 0

    def counted(self):
        raise AssertionError("the table's positions were counted")

    monkeypatch.setattr(eg.EndgameTable, "__len__", counted)
    assert table


def test_a_cache_file_that_fails_while_written_is_not_left_behind(tmp_path, monkeypatch):
    table = eg.build_table(2, compiled=False)

    def failing(_table, _search=None, _exact_pieces=None):
        yield b"x" * 60
        raise ValueError("the coder failed")

    monkeypatch.setattr(eg, "_file_parts", failing)
    with pytest.raises(ValueError, match="the coder failed"):
        eg.save_table(table, tmp_path)
    assert not list(tmp_path.iterdir())
    monkeypatch.undo()
    eg.save_table(table, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [f"endgame-2-v{eg.FORMAT_VERSION}.egdb"]


def test_the_cache_file_is_mapped_not_read(tmp_path):
    """A cached table is a memory map of its file (the search reads only the pages it touches),
    and the compiled search takes it without a copy."""
    table = eg.build_table(2, compiled=False)
    eg.save_table(table, tmp_path)
    mapped = eg.load_table(tmp_path, 2)
    assert mapped is not None and bytes(mapped.data) == bytes(table.data)
    assert mapped._keep is not None  # the open map
    for board in _random_boards(100, 2, seed=14):
        assert _value(mapped, board) == _value(table, board)
    if compiled.AVAILABLE:
        off, flat = compiled.flatten_table(mapped)
        assert flat.flags.writeable and np.shares_memory(flat, np.frombuffer(mapped.data,
                                                                              np.uint8))


def test_earlier_cache_formats_and_old_temporary_files_are_removed(tmp_path):
    """Earlier formats go; so does a temporary file a killed builder left (it can be 3.7 GB),
    but not one young enough to belong to a builder writing now."""
    for name in ("endgame-3-v1.json.gz", "endgame-4-v2.bin.gz", "endgame-6-v3.bin.77.tmp",
                 "endgame-5-v3.search.78.tmp", ".endgame-6-v3.bin-k2j9x.tmp"):
        (tmp_path / name).write_bytes(b"old")
    old = time.time() - eg.STALE_TEMPORARY_SECONDS - 60
    os.utime(tmp_path / "endgame-6-v3.bin.77.tmp", (old, old))
    os.utime(tmp_path / ".endgame-6-v3.bin-k2j9x.tmp", (old, old))  # storage.atomic's name
    eg.ensure_table(tmp_path, pieces=2, install=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"endgame-2-v{eg.FORMAT_VERSION}.egdb", "endgame-5-v3.search.78.tmp"]


@pytest.mark.parametrize("value, switched_off, expected, loaded", [
    ("", False, 5, 6), ("", True, 4, 6), ("3", False, 3, 3), ("0", True, 0, 0), ("5", True, 5, 5),
    ("6", False, 6, 6), ("seven", False, 5, 6)])
def test_the_pieces_asked_for(value, switched_off, expected, loaded):
    """Five pieces built by default where the compiled builder runs, four where it does not; the
    variable can ask for less, or for 5-6 (which fail to build with a clear error without
    numba). Unless the variable is set, the largest table cached is loaded, up to 6 pieces (a
    6-piece table is only built on request)."""
    env = dict(os.environ, CHECKERS_DESKTOP_ENDGAME_PIECES=value)
    if switched_off:
        env["CHECKERS_DESKTOP_COMPILED"] = "0"
    elif not compiled.AVAILABLE:
        pytest.skip(f"the compiled builder cannot run here: {compiled.WHY_NOT}")
    code = ("from checkers_desktop.engine.endgame import pieces_from_env, pieces_to_load;"
            "print(pieces_from_env(), pieces_to_load())")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert [int(w) for w in done.stdout.split()] == [expected, loaded]


def _compact_offsets(base_size, signatures):
    """Offsets of the 2-4 piece layout, then of ``signatures`` (BLACK-to-move (mm, mk, om, ok))
    end to end after ``base_size`` bytes: (offsets array, total bytes)."""
    offsets = dict(eg.layout(4)[0])
    total = base_size
    for sig in signatures:
        offsets[eg._sig_code(*sig)] = total
        total += eg.signature_size(*sig)
    return compiled.offsets_array(offsets), total


@pytest.mark.slow
@needs_numba
def test_a_six_piece_material_is_solved_and_consistent_with_its_moves(compiled4):
    """Five kings against one, both sides to move, solved on top of the 5-piece material its
    jumps lead to (four kings against one), in a compact layout that holds only what they reach:
    every position agrees with its moves generated forwards, five kings to move never lose and
    win nearly everywhere, and a lone king to move wins rarely (by a jump that takes them all)."""
    from checkers_desktop.engine import numba_endgame

    assert compiled.warm_up()
    sigs = [(0, 1, 0, 4), (0, 4, 0, 1), (0, 1, 0, 5), (0, 5, 0, 1)]
    base = len(compiled4.data)
    offs, size = _compact_offsets(base, sigs)
    data = np.zeros(size, np.uint8)
    data[:base] = np.frombuffer(compiled4.data, np.uint8)
    mem = np.zeros(compiled.PATH, np.int64)
    assert numba_endgame.solve_pair(0, 1, 0, 4, offs, data, mem) > 0
    assert numba_endgame.solve_pair(0, 1, 0, 5, offs, data, mem) > 1_000_000
    for sig in sigs:
        checked, bad = numba_endgame.verify_signature(*sig, offs, data, mem)
        assert checked > 0 and bad == 0, sig
    five = data[offs[eg._sig_code(0, 5, 0, 1)]:][:eg.signature_size(0, 5, 0, 1)]
    lone = data[offs[eg._sig_code(0, 1, 0, 5)]:][:eg.signature_size(0, 1, 0, 5)]
    assert not np.any(five & 1)  # no loss for five kings to move
    positions = eg.signature_size(0, 5, 0, 1) * 26 // 32  # the lone king on none of the five
    assert np.count_nonzero(five) > 0.99 * positions
    lone_wins = np.count_nonzero((lone > 0) & (lone % 2 == 0))  # jumping most of them at once
    assert 0 < lone_wins < 0.01 * positions


@needs_numba
def test_six_piece_positions_are_indexed_alike_in_python_and_compiled():
    """The real 6-piece layout (3,739,728,040 bytes, offsets past 2**31): the compiled index of
    random 6-piece boards is the Python one, and lies inside its signature's table."""
    offsets, total = eg.layout(6)
    assert total == 3_739_728_040 and max(offsets.values()) > 2 ** 31
    offs = compiled.offsets_array(offsets)
    for board in _random_boards(300, 6, seed=17):
        my, opp, kings, black = _views(board)
        code, idx = eg._locate(my, opp, kings, black)
        at = offsets[code] + idx
        n = eg.signature_size(code >> 9, (code >> 6) & 7, (code >> 3) & 7, code & 7)
        assert 0 <= idx < n
        assert compiled._core.eg_at(my, opp, kings, black, offs, 0) == at


def _mapped_kib(path) -> int:
    """Resident KiB of this process's mappings of ``path`` (Linux /proc/self/smaps)."""
    total = 0
    inside = False
    with open("/proc/self/smaps") as fh:
        for line in fh:
            if "-" in line.split(" ", 1)[0]:
                inside = line.rstrip().endswith(str(path))
            elif inside and line.startswith("Rss:"):
                total += int(line.split()[1])
    return total


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/smaps")
def test_pages_read_by_searches_are_given_back_and_read_again_right(tmp_path):
    """After a search the mapped table's pages leave the app's resident memory (they stay in the
    file cache), and probes afterwards still read the file's values."""
    table = eg.build_table(3, compiled=False)
    path = eg.save_table(table, tmp_path)
    mapped = eg.load_table(tmp_path, 3)
    boards = _random_boards(300, 3, seed=15)
    before = [_value(mapped, b) for b in boards]
    bytes(mapped.data)  # every page read
    assert _mapped_kib(path) > 100
    eg.release_pages(mapped)
    assert _mapped_kib(path) < 20
    assert [_value(mapped, b) for b in boards] == before == [_value(table, b) for b in boards]
    eg.release_pages(table)  # a table in memory: nothing to give back, nothing breaks
    assert [_value(table, b) for b in boards] == before


@pytest.mark.slow
@pytest.mark.skipif(not compiled.AVAILABLE, reason="the page release runs beside the compiled search")
def test_a_long_search_gives_a_large_table_back_while_it_runs(tmp_path, monkeypatch):
    """A compiled search gives a large mapped table's pages back every ``RELEASE_SECONDS`` while
    it runs, not only at its end, so a long search of an ending does not hold every page it read
    (the 6-piece table is 940 MB); a small table (here: under the patched threshold) is given back
    only at the end. The move is the same either way."""
    search_module = importlib.import_module("checkers_desktop.engine.search")

    eg.save_table(eg.build_table(3, compiled=False), tmp_path)
    mapped = eg.load_table(tmp_path, 3)
    assert mapped.mapped_search_bytes() == len(mapped.search_data) > 0
    calls = []
    real = eg.release_pages

    def counting(table=None):
        calls.append(time.perf_counter())
        real(table)

    board = Board("W:WK30,K22,K10:BK5,K13,K27.")
    quiet = Searcher(compiled=True, endgame=mapped).search(board, depth=9)
    monkeypatch.setattr(search_module, "RELEASE_SECONDS", 0.02)
    monkeypatch.setattr(search_module._endgame, "release_pages", counting)
    for threshold, periodic in ((mapped.mapped_search_bytes(), False), (0, True)):
        monkeypatch.setattr(search_module, "RELEASE_ABOVE_BYTES", threshold)
        calls.clear()
        start = time.perf_counter()
        released = Searcher(compiled=True, endgame=mapped).search(board, time_limit=0.5)
        during = [t for t in calls if t - start < released.seconds - 0.01]
        assert (len(during) >= 5) is periodic and (periodic or not during), (threshold, calls)
        assert calls[-1] - start >= released.seconds - 0.05  # and once when it ends
    assert Searcher(compiled=True, endgame=mapped).search(board, depth=9).move == quiet.move
    assert eg.build_table(3, compiled=False).mapped_search_bytes() == 0  # in memory


# --- the compressed cache file and the search's run-length coded copy -------------------------
def _wld(exact):
    """Win, loss or draw of exact endgame bytes: 0 a draw, 1 a loss, 2 a win."""
    return np.where(exact == 0, 0, np.where(exact & 1, 1, 2)).astype(np.uint8)


def _slot_values(exact, pieces, skip=0):
    """The encoder's values of every slot of ``pieces`` (3 where a slot is no position, and with
    ``skip`` 1 where the side to move has a jump)."""
    from checkers_desktop.engine import numba_endgame

    values = np.empty(len(exact), np.uint8)
    for off, sig in eg._signatures_from(pieces, 0):
        numba_endgame.wld_values(*sig, exact, off, values[off:off + eg.signature_size(*sig)],
                                 skip)
    return values


def _read_every_position(coded, start, n):
    """The compiled decoder's value of coded positions 0 to ``n - 1``."""
    from numba import njit

    from checkers_desktop.engine.numba_wld import wld_at

    @njit
    def read(coded, start, n):
        out = np.empty(n, np.uint8)
        for rel in range(n):
            out[rel] = wld_at(coded, start, rel)
        return out

    return read(coded, start, n)


@needs_numba
def test_the_coded_copy_reads_every_two_to_four_piece_position_as_the_exact_table(compiled4):
    """Every position of 2-4 pieces whose side to move has no jump (3.4 million of the 4.4
    million slots that are positions) coded from the first byte: the compiled decoder and the
    Python one both read win, loss or draw as the exact bytes say; the positions with a jump
    (a fifth) are left to lengthen the runs, and the code is under a fourteenth of the bytes."""
    from checkers_desktop.engine.wld_codec import BLOCK, BlockDecoder

    exact = compiled4.exact_array()
    coded = eg.code_wld(exact, 4, 0)
    assert len(coded) < len(exact) / 14
    values = _slot_values(exact, 4)
    real = values != 3
    assert np.count_nonzero(real) > 4_000_000
    assert np.array_equal(values[real], _wld(exact)[real])
    assert not np.any(exact[~real])  # what is left out is no position: never decided
    quiet = _slot_values(exact, 4, skip=1) != 3
    assert 3_000_000 < np.count_nonzero(quiet) < 0.85 * np.count_nonzero(real)
    assert np.array_equal(_read_every_position(coded, 0, len(exact))[quiet], values[quiet])
    decoder = BlockDecoder(coded, 0, keep=1)
    blocks = (len(exact) + BLOCK - 1) // BLOCK
    python = np.frombuffer(b"".join(decoder.block(b) for b in range(blocks)), np.uint8)
    assert np.array_equal(python[:len(exact)][quiet], values[quiet])


@pytest.fixture(scope="module")
def four_coded_from_three(compiled4):
    """The 4-piece table with its 3- and 4-piece positions coded (as 5 and 6 pieces are)."""
    start = eg.layout(2)[1]
    coded = eg.code_wld(compiled4.exact_array(), 4, start)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(eg, "PACKED_PIECES", 3)  # (the app codes from 5 pieces)
        table = eg.EndgameTable(4, compiled4.exact_array(), packed=coded)
    assert table.packed_from == start
    return table


@needs_numba
def test_every_three_and_four_piece_position_reads_its_value_a_jump_through_its_jumps(
        compiled4, four_coded_from_three):
    """Every 3-piece position, and 30,000 4-piece ones, read by the search's probe of the coded
    copy: win, loss or draw as the exact table says, also where the side to move must jump (the
    copy holds nothing there: the probe plays the jumps, into fewer pieces)."""
    table = four_coded_from_three
    exact = compiled4.exact_array()
    values = _slot_values(exact, 4)
    jumps = _slot_values(exact, 4, skip=1) == 3
    rng = np.random.default_rng(5)
    three = np.arange(eg.layout(2)[1], eg.layout(3)[1])
    four = rng.integers(eg.layout(3)[1], eg.layout(4)[1], 30_000)
    seen = {True: 0, False: 0}
    by_at = {}
    for off, sig in eg._signatures_from(4, eg.layout(2)[1]):
        by_at[off] = sig
    starts = np.array(sorted(by_at))
    for at in np.concatenate([three, four]):
        at = int(at)
        if values[at] == 3:
            continue  # no position
        off = int(starts[np.searchsorted(starts, at, "right") - 1])
        view = _view_of_slot(by_at[off], at - off)
        read = table.search_probe(*view)
        assert (read > 0, read < 0) == (values[at] == 2, values[at] == 1), (view, read)
        seen[bool(jumps[at])] += 1
    assert seen[True] > 10_000 and seen[False] > 20_000


def _view_of_slot(sig, idx):
    """(my, opp, kings, True) of slot ``idx`` of BLACK-to-move signature ``sig``."""
    from checkers_desktop.engine import numba_endgame

    mm, mk, om, ok = sig
    groups = [numba_endgame._group_masks(mm, 0, 28), numba_endgame._group_masks(mk, 0, 32),
              numba_endgame._group_masks(om, 4, 28), numba_endgame._group_masks(ok, 0, 32)]
    masks = []
    for g in reversed(groups):
        masks.append(int(g[idx % len(g)]))
        idx //= len(g)
    okm, omm, mkm, mmm = masks
    return mmm | mkm, omm | okm, mkm | okm, True


@needs_numba
def test_the_searches_never_probe_a_position_whose_mover_must_jump(four_coded_from_three,
                                                                   monkeypatch):
    """Python and compiled searches of 5-piece positions over the 4-piece coded table: the
    Python search never asks the table about a position with a jump for its mover, and both
    give the exact table's verdict at the root after a capture."""
    from checkers_desktop.rules import bitboard as bbm

    table = four_coded_from_three
    asked = []
    real = table.search_probe

    def spy(my, opp, kings, black):
        asked.append(bool(bbm.jumpers(my, opp, kings, black)))
        return real(my, opp, kings, black)

    monkeypatch.setattr(table, "search_probe", spy)
    boards = [Board("B:W18,K30:B22,K9,5"), Board("W:W18,19:B22,K1,K3"),
              Board("B:WK14,K30:BK10,K23,K27")]
    for board in boards:
        for quiescence in (True, False):
            py = Searcher(compiled=False, endgame=table).search(board, depth=3,
                                                                  quiescence=quiescence)
            fast = Searcher(compiled=True, endgame=table).search(board, depth=3,
                                                                   quiescence=quiescence)
            assert (fast.score, fast.move) == (py.score, py.move)
    assert asked and not any(asked)
    assert sum(1 for _ in asked) > 20


def _five_piece_view(draw):
    squares = draw(st.lists(st.integers(1, 32), min_size=5, max_size=5, unique=True))
    mine = draw(st.integers(1, 4))
    crowned = draw(st.lists(st.booleans(), min_size=5, max_size=5))
    return eg.view_of(squares, mine, crowned, draw(st.booleans()))


five_piece_views = st.composite(_five_piece_view)


@needs_numba
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=five_piece_views())
def test_five_piece_positions_read_from_the_coded_copy_as_from_the_exact_table(five_kings,
                                                                              view):
    """Any five pieces whose side to move has no jump (three kings against two solved, the
    rest of the 5-piece table drawn): the search's coded copy says win, loss or draw as the
    exact table does, in Python and compiled. (With a jump, the Python probe plays it into the
    real 4-piece table, which the unsolved materials here do not agree with.)"""
    from checkers_desktop.rules import bitboard as bbm

    table, _offs, data = _coded_five(five_kings)
    read = table.search_probe(*view)
    assert read in (0, eg.WLD_PLIES, -eg.WLD_PLIES) or abs(read) < eg.WLD_PLIES
    if bbm.jumpers(*view):
        return
    exact = table.probe(*view)
    assert (exact > 0, exact < 0) == (read > 0, read < 0)
    assert read in (0, eg.WLD_PLIES, -eg.WLD_PLIES)
    state = _coded_five_state(five_kings)
    assert compiled._core.tb_probe(*view, state.mem, state.eg_data) == read


_CODED = {}


def _coded_five(five_kings):
    if "table" not in _CODED:
        table, offs, data = five_kings
        _CODED["table"] = (eg.EndgameTable(5, data, packed=eg.pack_for_search(table)), offs,
                           data)
    return _CODED["table"]


def _coded_five_state(five_kings):
    if "state" not in _CODED:
        state = compiled.CompiledState(buckets=1 << 4)
        state.new_search(quiescence=True, threat=True, reductions=True,
                         table=_coded_five(five_kings)[0], game_keys=[])
        _CODED["state"] = state
    return _CODED["state"]


@pytest.fixture
def coded_from_three(monkeypatch):
    """Tables coded from 3 pieces (as 5 pieces are), so that the compressed file is made in a
    second."""
    if not compiled.AVAILABLE:
        pytest.skip(f"the compiled encoder cannot run here: {compiled.WHY_NOT}")
    monkeypatch.setattr(eg, "PACKED_PIECES", 3)


def test_a_compressed_file_gives_back_every_byte_and_every_win_loss_or_draw(tmp_path,
                                                                            coded_from_three):
    table = eg.build_table(3, compiled=True)
    path = eg.save_table(table, tmp_path)
    assert path.name == f"endgame-3-v{eg.FORMAT_VERSION}.egdb"
    assert path.stat().st_size < len(table.data) / 2
    mapped = eg.load_table(tmp_path, 3)
    assert mapped is not None and mapped.packed_from == eg.layout(2)[1]
    assert isinstance(mapped.data, eg.CompressedExact)
    assert np.array_equal(mapped.exact_array(), np.frombuffer(table.data, np.uint8))
    for board in _random_boards(300, 3, seed=21):
        exact = table.probe(*_views(board))
        assert mapped.probe(*_views(board)) == exact
        read = mapped.search_probe(*_views(board))
        assert (exact > 0, exact < 0) == (read > 0, read < 0)


def test_a_damaged_compressed_file_is_never_used_and_is_built_again(tmp_path, coded_from_three):
    """A byte changed anywhere (header, coded copy, distances, their index, the checksum) or
    the file cut short: the file is refused, and ensure_table builds and writes it again."""
    table = eg.build_table(3, compiled=True)
    path = eg.save_table(table, tmp_path)
    good = path.read_bytes()
    for where in (3, 20, eg._HEADER.size + 5, len(good) // 2, len(good) - 40, len(good) - 1):
        bad = bytearray(good)
        bad[where] ^= 0x10
        path.write_bytes(bytes(bad))
        assert eg.load_table(tmp_path, 3) is None, f"a change at byte {where} was not seen"
    path.write_bytes(good[:-1000])
    assert eg.load_table(tmp_path, 3) is None
    eg.ensure_table(tmp_path, 3, install=False)
    assert path.read_bytes() == good


def test_a_block_of_distances_changed_after_loading_is_refused(tmp_path, coded_from_three):
    """Each block of distances is checked against its CRC-32 when it is read: a block changed
    in memory after the file's checksum passed raises DamagedTable, and a probe reads the
    search's win, loss or draw instead, never a wrong distance."""
    eg.save_table(eg.build_table(3, compiled=True), tmp_path)
    mapped = eg.load_table(tmp_path, 3)
    exact = mapped.data
    exact.payload[int(exact.ends[0]) // 2] ^= 0xFF  # the map is copy-on-write: the file stays
    with pytest.raises(eg.DamagedTable):
        exact[exact.start]
    # a probe there falls back on the search's win, loss or draw instead of a wrong distance
    for board in _random_boards(300, 3, seed=22):
        at = mapped.offsets[eg._locate(*_views(board))[0]] + eg._locate(*_views(board))[1]
        if at - exact.start in range(eg.EXACT_BLOCK):
            assert mapped.probe(*_views(board)) == mapped.search_probe(*_views(board))
    assert eg.load_table(tmp_path, 3) is not None


def test_a_table_of_the_previous_format_is_converted_not_built_again(tmp_path, monkeypatch):
    table = eg.build_table(3, compiled=False)
    old = tmp_path / "endgame-3-v3.bin"
    old.write_bytes(eg._OLD_HEADER.pack(b"CDEG", 3, 3, len(table.data)) + bytes(table.data))
    monkeypatch.setattr(eg, "build_table", lambda *a, **k: pytest.fail("built again"))
    (tmp_path / "endgame-2-v3.bin").write_bytes(b"a smaller table of the old format")
    loaded = eg.ensure_table(tmp_path, 3, install=False)
    assert np.array_equal(loaded.exact_array(), np.frombuffer(table.data, np.uint8))
    eg.remove_stale(tmp_path)  # (at the next start) smaller old tables go too
    assert [p.name for p in tmp_path.iterdir()] == [f"endgame-3-v{eg.FORMAT_VERSION}.egdb"]


def _previous_format_file(path, table):
    """Write ``table`` (coded from 3 pieces) as the previous format's file: version 4, its
    search's copy in blocks of 256 (here every block's codes empty: only the conversion reads
    the file, and it codes the copy again from the distances)."""
    import hashlib

    current = eg.save_table(table, path.parent)
    good = current.read_bytes()
    current.unlink()
    (magic, _version, pieces, total, search_len, start, blocks, _block,
     exact_block) = eg._HEADER.unpack(good[:eg._HEADER.size])
    rest = good[eg._HEADER.size + search_len:-32]
    old_blocks = (total - start + 255) // 256
    codes_at = start + 4 * old_blocks
    copy = (bytes(table.exact_array()[:start]) + np.full(old_blocks, codes_at, "<u4").tobytes()
            + bytes(64))
    body = eg._HEADER.pack(magic, 4, pieces, total, len(copy), start, blocks, 256,
                           exact_block) + copy + rest
    path.write_bytes(body + hashlib.sha256(body).digest())


def test_a_table_of_the_format_before_is_converted_its_distances_kept(tmp_path,
                                                                      coded_from_three,
                                                                      monkeypatch):
    """A file of the format before (every position valued in blocks of 256) is written in this
    format, not built again: the same distances, a search's copy that reads every position
    without a jump as the distances say, the old file gone. A damaged one is not converted."""
    from checkers_desktop.rules import bitboard as bbm

    table = eg.build_table(3, compiled=True)
    old = tmp_path / "endgame-3-v4.egdb"
    _previous_format_file(old, table)
    good = old.read_bytes()
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 1
    old.write_bytes(bytes(bad))
    assert eg.convert_previous(tmp_path, 3) is None and old.exists()
    old.write_bytes(good)
    assert eg.has_previous_format(tmp_path, 3)
    monkeypatch.setattr(eg, "build_table", lambda *a, **k: pytest.fail("built again"))
    loaded = eg.ensure_table(tmp_path, 3, install=False)
    assert not eg.has_previous_format(tmp_path, 3)
    assert [p.name for p in tmp_path.iterdir()] == [f"endgame-3-v{eg.FORMAT_VERSION}.egdb"]
    assert np.array_equal(loaded.exact_array(), np.frombuffer(table.data, np.uint8))
    for board in _random_boards(400, 3, seed=23):
        view = _views(board)
        exact = table.probe(*view)
        assert loaded.probe(*view) == exact
        read = loaded.search_probe(*view)
        assert (exact > 0, exact < 0) == (read > 0, read < 0)
        if not bbm.jumpers(*view) and (view[0] | view[1]).bit_count() == 3:
            assert read in (0, eg.WLD_PLIES, -eg.WLD_PLIES)


@needs_numba
def test_a_table_built_in_a_work_file_has_the_same_bytes(tmp_path):
    """Built in a memory-mapped work file (as 6 pieces are, its pages handed back after each
    material), the table is byte for byte the one built in memory."""
    in_memory = eg.build_table(4, compiled=True)
    work = tmp_path / "work.tmp"
    mapped = eg.build_table(4, compiled=True, work=work)
    assert isinstance(mapped.exact_array(), np.memmap)
    assert np.array_equal(mapped.exact_array(), in_memory.exact_array())
    assert work.stat().st_size == eg.layout(4)[1]


def test_a_file_coded_in_other_blocks_is_not_used(tmp_path, coded_from_three, monkeypatch):
    """The file says its block sizes: read with other ones, it is refused, not misread."""
    eg.save_table(eg.build_table(3, compiled=True), tmp_path)
    from checkers_desktop.engine import wld_codec

    monkeypatch.setattr(wld_codec, "BLOCK", wld_codec.BLOCK // 2)
    assert eg.load_table(tmp_path, 3) is None
    monkeypatch.setattr(wld_codec, "BLOCK", wld_codec.BLOCK * 2)
    monkeypatch.setattr(eg, "EXACT_BLOCK", eg.EXACT_BLOCK // 2)
    assert eg.load_table(tmp_path, 3) is None


def test_a_block_index_that_points_outside_is_refused_even_with_a_right_checksum(
        tmp_path, coded_from_three):
    """A file made to look whole (its SHA-256 written again) whose block index points past the
    search's copy is refused: no probe reads outside the file."""
    import hashlib
    import struct

    path = eg.save_table(eg.build_table(3, compiled=True), tmp_path)
    good = bytearray(path.read_bytes())
    at = eg._HEADER.size + eg.layout(2)[1] + 4 * 10  # the eleventh block's start
    for bad_start in (0xFFFFFFF0, 0):
        bad = bytearray(good)
        struct.pack_into("<I", bad, at, bad_start)
        bad[-32:] = hashlib.sha256(bytes(bad[:-32])).digest()
        path.write_bytes(bytes(bad))
        assert eg.load_table(tmp_path, 3) is None
    path.write_bytes(bytes(good))
    assert eg.load_table(tmp_path, 3) is not None


@pytest.fixture
def search_only_four(tmp_path, compiled4, coded_from_three):
    """A cache folder with the whole 3-piece table and the 4-piece one as a search-only file
    (win, loss or draw coded from 3 pieces, no distances), as 5 and 6 pieces would be shipped."""
    eg.save_table(eg.build_table(3, compiled=True), tmp_path)
    path = eg.save_table(compiled4, tmp_path, exact_pieces=2)
    return tmp_path, path


def test_a_search_only_file_takes_the_distances_of_the_smaller_table(search_only_four,
                                                                     compiled4):
    """The 4-piece search-only file is a small part of the whole one; loaded, it reads the
    3-piece distances from the 3-piece file and the 4-piece positions' win, loss or draw from
    its coded copy (a jump played); damaged, it is refused."""
    folder, path = search_only_four
    whole = eg.save_table(compiled4, folder / "whole")
    assert path.stat().st_size < whole.stat().st_size / 5
    table = eg.load_table(folder, 4)
    assert table is not None and table.exact_pieces == 3
    for board in _random_boards(300, 3, seed=31):
        assert table.probe(*_views(board)) == compiled4.probe(*_views(board))
    for board in _random_boards(300, 4, seed=32):
        exact = compiled4.probe(*_views(board))
        read = table.probe(*_views(board))
        assert (exact > 0, exact < 0) == (read > 0, read < 0)
    with pytest.raises(eg.NoDistance):
        table.exact_array()  # (it holds no 4-piece distances to give)
    good = path.read_bytes()
    for where in (len(good) // 2, len(good) - 40):
        bad = bytearray(good)
        bad[where] ^= 0x10
        path.write_bytes(bytes(bad))
        assert eg.load_table(folder, 4) is None
    path.write_bytes(good)
    (folder / f"endgame-3-v{eg.FORMAT_VERSION}.egdb").unlink()
    alone = eg.load_table(folder, 4)  # no distances to take: win, loss or draw from 3 pieces
    assert alone is not None and alone.exact_pieces == 2


@needs_numba
@pytest.mark.parametrize("fen", ["B:WK1:BK28,K27,K32", "B:WK13:BK22,K26,K30",
                                 "W:WK5,K10,K14:BK29"])
def test_a_won_ending_without_distances_is_played_to_the_win(search_only_four, fen):
    """Three kings against one, the 4-piece table holding only win, loss or draw: the engine
    (compiled and Python, 8 plies a move, both sides) takes the last king within 20 plies
    instead of shuffling among moves that all keep a win, and says the win at once."""
    table = eg.load_table(search_only_four[0], 4)
    for fast in (True, False):
        board = Board(fen)
        for ply in range(20):
            result = Searcher(compiled=fast, endgame=table).search(board, depth=8)
            if ply == 0:
                assert result.score > WIN_BOUND
            board.push(result.move)
            if (board.black_bb | board.white_bb).bit_count() <= 3:
                break
        assert (board.black_bb | board.white_bb).bit_count() <= 3, (fen, fast)


def test_a_shipped_file_is_unpacked_checked_and_a_damaged_one_left_out(search_only_four,
                                                                        tmp_path, monkeypatch):
    """The package's xz-compressed search-only file is unpacked into the cache once and loads
    with the smaller table's distances; one damaged or cut short leaves nothing in the cache."""
    import lzma

    folder, path = search_only_four
    ship = tmp_path / "ship"
    ship.mkdir()
    monkeypatch.setattr(eg, "SHIPPED_DIR", ship)
    packed = lzma.compress(path.read_bytes())
    path.unlink()
    eg.shipped_path(4).write_bytes(packed)
    assert eg.install_shipped(folder, 4)
    table = eg.load_table(folder, 4)
    assert table is not None and table.exact_pieces == 3
    assert eg.install_shipped(folder, 4)  # cached: not unpacked again
    for bad in (packed[:len(packed) // 2], packed[:-200] + bytes(200)):
        eg.shipped_path(4).write_bytes(bad)
        empty = tmp_path / f"cache-{len(bad)}"
        empty.mkdir()
        assert not eg.install_shipped(empty, 4)
        assert list(empty.iterdir()) == []
    payload = bytearray(lzma.decompress(packed))
    payload[len(payload) // 3] ^= 4  # whole xz, wrong bytes inside: its SHA-256 refuses it
    eg.shipped_path(4).write_bytes(lzma.compress(bytes(payload)))
    empty = tmp_path / "cache-sha"
    empty.mkdir()
    assert not eg.install_shipped(empty, 4) and list(empty.iterdir()) == []
