"""``checkers-desktop engine``: one process answering many searches (position, go, newgame,
isready, quit), its errors (one line, nothing changed, the process goes on), its bounds, and the
command line loading the endgame database the window cached."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checkers_desktop.engine import endgame
from checkers_desktop.engine.protocol import MAX_LINE, EngineSession, engine_command
from checkers_desktop.engine.search import Searcher
from checkers_desktop.rules import Board

REPO = Path(__file__).resolve().parents[2]


def run(lines: list[str]) -> list[str]:
    out = io.StringIO()
    status = engine_command(None, io.BytesIO(("\n".join(lines) + "\n").encode()), out)
    assert status == 0
    return out.getvalue().splitlines()


def test_answers_each_go_with_a_legal_move_and_its_info():
    out = run(["isready", "position startpos moves 11-15 23-19", "go depth 4",
               "position fen W:W27,28,32:B19,20,K24", "go time 0.1", "quit", "go depth 1"])
    assert out[0] == "readyok"
    after = Board()
    after.push_pdn("11-15")
    after.push_pdn("23-19")
    assert out[1].startswith("bestmove ")
    assert out[1].split()[1] in {m.pdn() for m in after.legal_moves}
    fields = out[2].split()
    assert fields[0] == "info" and fields[3:5] == ["depth", "4"]
    assert out[3].split()[1] in {m.pdn() for m in Board("W:W27,28,32:B19,20,K24").legal_moves}
    assert len(out) == 5  # nothing after quit


def test_the_table_is_kept_between_searches_until_newgame():
    session = EngineSession()
    session.handle("position startpos")
    session.handle("go depth 5")
    searcher = session.searcher
    stored = searcher.table_entries()
    assert stored > 0
    session.handle("go depth 5")
    assert session.searcher is searcher and searcher.table_entries() >= stored
    session.handle("newgame")
    assert searcher.table_entries() == 0 and session.board.ply == 0


@pytest.mark.parametrize("line,says", [
    ("fly", "unknown command 'fly'"),
    ("position", "position needs"),
    ("position fen Q:nonsense", "Q:nonsense"),
    ("position startpos moves 11-15 11-15", "move '11-15' after 1 plies"),
    ("position startpos 11-15", "'11-15' after the position"),
    ("go depth 0", "depth '0' is out of range"),
    ("go depth 65", "out of range"),
    ("go time -1", "out of range"),
    ("go time nan", "out of range"),
    ("go time 3601", "out of range"),
    ("go level 7", "level '7' is out of range"),
    ("go fast", "go takes nothing"),
    ("go speed 3", "give time, depth or level"),
])
def test_a_bad_command_is_one_error_line_and_changes_nothing(line, says):
    session = EngineSession()
    session.handle("position startpos moves 11-15")
    answer = session.handle(line)
    assert len(answer) == 1 and answer[0].startswith("error ") and says in answer[0], answer
    assert session.board.fen() == Board("B:W21-32:B1-10,12,15".replace("B:W", "W:W")).fen()


def test_an_overlong_or_binary_line_is_refused_and_the_process_goes_on():
    out = io.StringIO()
    data = b"position startpos\n" + b"x" * (3 * MAX_LINE) + b"\n\xff\xfe\ngo depth 2\nquit\n"
    assert engine_command(None, io.BytesIO(data), out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("error a command line is at most")
    assert lines[1].startswith("error ")
    assert lines[2].startswith("bestmove ") and len(lines) == 4


def test_a_position_without_moves_says_none():
    assert run(["position fen W:W29:B25,22", "go depth 2"])[0] == "bestmove none"


def test_the_process_answers_line_by_line(tmp_path):
    """Through the command line: each answer comes as soon as its command is read (a client
    waits for it before sending the next)."""
    env = dict(os.environ, CHECKERS_DESKTOP_ENDGAME_PIECES="0")
    proc = subprocess.Popen([sys.executable, "-m", "checkers_desktop", "engine"], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        proc.stdin.write("isready\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "readyok"
        proc.stdin.write("position startpos\ngo depth 3\n")
        proc.stdin.flush()
        assert proc.stdout.readline().startswith("bestmove ")
        assert proc.stdout.readline().startswith("info score ")
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_cached_table_is_installed_and_none_is_built(tmp_path):
    assert endgame.install_cached(tmp_path, 4) is None  # nothing cached: nothing built
    assert not list(tmp_path.iterdir())
    before = endgame.installed_table()
    try:
        endgame.save_table(endgame.build_table(2), tmp_path)
        table = endgame.install_cached(tmp_path, 4)
        assert table is not None and table.pieces == 2 and endgame.installed_table() is table
    finally:
        endgame.install_table(before)


def test_a_timed_search_spends_its_time():
    """A timed search from the start (it cannot end early there) uses most of its time and
    returns within it (a margin for a loaded machine)."""
    result = Searcher(endgame=False).search(Board(), time_limit=0.6)
    assert 0.5 <= result.seconds <= 0.6 + 0.5, result.seconds


@pytest.mark.parametrize("data,says", [
    (b"isready\n\0\0\0\n", "binary data"),
    (b"isready\n" + b"y" * (2 << 20), "runs past"),
])
def test_input_that_is_not_commands_ends_the_process_with_status_2(data, says, capsys):
    out = io.StringIO()
    assert engine_command(None, io.BytesIO(data), out) == 2
    assert out.getvalue() == "readyok\n" and says in capsys.readouterr().err


def test_dev_zero_as_input_ends_at_once():
    env = dict(os.environ, CHECKERS_DESKTOP_ENDGAME_PIECES="0")
    with open(os.devnull if not os.path.exists("/dev/zero") else "/dev/zero", "rb") as zero:
        run = subprocess.run([sys.executable, "-m", "checkers_desktop", "engine"], cwd=REPO,
                             stdin=zero, capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode in (0, 2) and "Traceback" not in run.stderr


def test_go_and_go_time_play_the_book_go_depth_searches():
    from checkers_desktop.engine.book import load_book

    book = load_book()
    assert book is not None
    master = book.choose(Board(), True)[0].pdn()
    out = run(["position startpos", "go", "go time 0.1", "go level 6", "go depth 3"])
    assert [out[i].split()[1] for i in (0, 2, 4)] == [master] * 3
    for i in (1, 3, 5):
        assert out[i].split()[3:7] == ["depth", "0", "nodes", "0"]
    assert out[7].split()[3:5] == ["depth", "3"]


def test_a_bare_go_out_of_the_book_searches_as_level_6(monkeypatch):
    from checkers_desktop.engine import protocol

    asked = []
    real = protocol.search_at_level

    def spy(board, level, **kwargs):
        asked.append(level)
        return real(board, 3, **kwargs)  # level 3's depth: the test need not wait 8 s

    monkeypatch.setattr(protocol, "search_at_level", spy)
    out = run(["position fen W:W27,28,32:B19,20,K24", "go"])
    assert asked == [6]
    assert out[0].split()[1] in {m.pdn() for m in Board("W:W27,28,32:B19,20,K24").legal_moves}
