"""``checkers-desktop bestmove``: output format and errors."""

from __future__ import annotations

import re

import pytest

from checkers_desktop.cli import build_parser
from checkers_desktop.engine.commands import bestmove_command
from checkers_desktop.rules import Board

LINE2 = re.compile(r"^score (-?\d+) depth (\d+)$")


def _run(argv, capsys):
    args = build_parser().parse_args(["bestmove", *argv])
    status = bestmove_command(args)
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


@pytest.mark.parametrize("extra", [["--depth", "4"], ["--level", "2"], ["--time", "0.2"]])
def test_prints_a_legal_move_with_the_whole_path_then_score_and_depth(extra, capsys):
    fen = "W:W27,28,32:B19,20,K24"  # WHITE to move; 28x19x... or another jump path is forced
    status, lines, err = _run(["--fen", fen, *extra], capsys)
    assert status == 0 and err == ""
    assert len(lines) == 2
    board = Board(fen)
    assert lines[0] in {m.pdn() for m in board.legal_moves}
    assert LINE2.match(lines[1])


def test_depth_reported_is_the_depth_asked(capsys):
    fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15"
    status, lines, _ = _run(["--fen", fen, "--depth", "5"], capsys)
    assert status == 0
    assert LINE2.match(lines[1]).group(2) == "5"


def test_a_won_position_scores_as_a_win(capsys):
    status, lines, _ = _run(["--fen", "B:W18:B14", "--depth", "3"], capsys)
    assert status == 0
    assert lines[0] == "14x23"
    assert int(LINE2.match(lines[1]).group(1)) > 90_000


def test_bad_fen_exits_2_with_the_fen_quoted(capsys):
    status, lines, err = _run(["--fen", "Q:nonsense"], capsys)
    assert status == 2 and lines == []
    assert "Q:nonsense" in err


def test_bad_level_exits_2(capsys):
    status, lines, err = _run(["--fen", "B:W18:B14", "--level", "9"], capsys)
    assert status == 2 and lines == [] and "9" in err


def test_no_legal_move_exits_1(capsys):
    status, lines, err = _run(["--fen", "W:W29:B25,22", "--depth", "2"], capsys)
    assert status == 1 and lines == [] and "no legal move" in err


def _book_move(fen: str) -> str:
    from checkers_desktop.engine.book import load_book

    book = load_book()
    assert book is not None, "the opening book ships with the package"
    found = book.choose(Board(fen), True)
    assert found is not None, f"{fen} is in the book"
    return found[0].pdn()


START = Board().fen()


@pytest.mark.parametrize("extra", [[], ["--time", "0.2"]])
def test_the_book_move_is_played_in_the_book_as_level_6_plays_it(extra, capsys):
    status, lines, _ = _run(["--fen", START, *extra], capsys)
    assert status == 0
    assert lines[0] == _book_move(START)
    assert LINE2.match(lines[1]).group(2) == "0"  # no search: the master's move


def test_no_book_and_depth_search_from_the_first_move(capsys):
    for extra in (["--no-book", "--time", "0.2"], ["--depth", "3"]):
        status, lines, _ = _run(["--fen", START, *extra], capsys)
        assert status == 0
        assert int(LINE2.match(lines[1]).group(2)) >= 1, extra


@pytest.mark.parametrize("argv, says", [
    (["--fen", ""], "error:"),
    (["--fen", "W:W99:B1"], "error:"),
    (["--fen", "B:W21-32:B1-12", "--level", "9"], "9"),
])
def test_bad_input_is_refused_before_the_search_is_prepared(argv, says, monkeypatch, capsys):
    # preparing the compiled search takes about 10 s on a first run: a bad FEN or level must
    # be refused at once, without it
    import checkers_desktop.cli as cli
    import checkers_desktop.engine.compiled as compiled

    prepared = []
    monkeypatch.setattr(compiled, "warm_up", lambda: prepared.append(True))
    assert cli.main(["bestmove", *argv]) == 2
    assert says in capsys.readouterr().err
    assert prepared == []


def test_good_input_prepares_the_search_once_before_searching(monkeypatch, capsys):
    import checkers_desktop.cli as cli
    import checkers_desktop.engine.compiled as compiled

    prepared = []
    real = compiled.warm_up
    monkeypatch.setattr(compiled, "warm_up", lambda: (prepared.append(True), real()))
    assert cli.main(["bestmove", "--fen", "W:W27,28,32:B19,20,K24", "--depth", "2"]) == 0
    assert prepared == [True]
    assert LINE2.match(capsys.readouterr().out.splitlines()[1])
