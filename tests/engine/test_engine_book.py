"""The opening book: built from PDN games (counts and points per position, transpositions found),
the shipped book's moves all legal where they stand, the levels playing from it (the strongest its
best-scoring move, the gentle ones a move masters played, at random), and a missing or damaged
book leaving the search to decide."""

from __future__ import annotations

import json
import random

from checkers_desktop.engine import book as book_module
from checkers_desktop.engine.book import (BookMove, OpeningBook, SearchedReply, build_book,
                                          load_book)
from checkers_desktop.engine.levels import search_at_level
from checkers_desktop.rules import Board
from checkers_desktop.rules.pdn import read_games

GAMES = """[Event "a"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 1-0

[Event "b"]
[Result "0-1"]
1. 11-15 23-19 2. 9-13 0-1

[Event "c"]
[Result "1/2-1/2"]
1. 11-15 22-18 1/2-1/2

[Event "d, unfinished"]
[Result "*"]
1. 9-14 *

[Event "e, set up"]
[FEN "B:W18:B14"]
[Result "1-0"]
1. 14x23 1-0
"""


def test_built_from_games_with_counts_and_points_for_the_mover():
    book = build_book([p.game for p in read_games(GAMES)], min_games=1)
    start = book["positions"][Board().fen()]
    assert start == [["11-15", 3, 1.5]]  # won, lost, drawn: 1.5 points for Black
    after = Board()
    after.push_pdn("11-15")
    assert book["positions"][after.fen()] == [["23-19", 2, 1.0], ["22-18", 1, 0.5]]
    after.push_pdn("23-19")
    assert book["positions"][after.fen()] == [["8-11", 1, 1.0], ["9-13", 1, 0.0]]
    # unfinished and set-up games are left out
    assert not any(m == "9-14" for moves in book["positions"].values() for m, _, _ in moves)
    assert Board("B:W18:B14").fen() not in book["positions"]
    # with the default, a move played in one game only is not kept
    kept = build_book([p.game for p in read_games(GAMES)])["positions"]
    after_one = Board()
    after_one.push_pdn("11-15")
    assert kept == {Board().fen(): [["11-15", 3, 1.5]], after_one.fen(): [["23-19", 2, 1.0]]}


def test_every_shipped_book_move_is_legal_where_it_stands():
    book = load_book()
    assert book is not None and len(book) > 1000
    assert book.positions[Board().fen()]
    for fen, entries in book.positions.items():
        board = Board(fen)
        legal = {m.pdn() for m in board.legal_moves}
        assert entries and all(e.move in legal and e.games >= 2 for e in entries), fen


def test_the_strongest_level_plays_the_best_scoring_master_move():
    book = load_book()
    result = search_at_level(Board(), 6)
    best = max(book.positions[Board().fen()], key=lambda e: (e.score, e.games, e.move))
    assert result.move.pdn() == best.move and result.depth == 0 and result.nodes == 0


def test_the_gentle_levels_vary_among_master_moves():
    played = {search_at_level(Board(), 1, rng=random.Random(seed)).move.pdn()
              for seed in range(30)}
    masters = {e.move for e in load_book().positions[Board().fen()]}
    assert len(played) >= 2 and played <= masters


def test_out_of_the_book_the_search_decides():
    board = Board("B:W17,21,22,24,25,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,11,12,19")
    result = search_at_level(board, 4)
    assert result.depth >= 1 and result.nodes > 0


def test_an_illegal_entry_is_never_played():
    fen = Board().fen()
    book = OpeningBook({fen: [BookMove("11-14", 50, 50.0), BookMove("9-13", 2, 1.0)]})
    assert book.choose(Board(), True)[0].pdn() == "9-13"


def test_a_missing_or_damaged_book_is_no_book(tmp_path):
    assert load_book(tmp_path / "none.json") is None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 99, "positions": {}}))
    assert load_book(bad) is None
    bad.write_text("{")
    assert load_book(bad) is None
    assert book_module.load_book() is not None  # the shipped one is untouched


def _book_with_searched_reply(searched_move: str) -> OpeningBook:
    fen = Board().fen()
    return OpeningBook({fen: [BookMove("11-15", 50, 40.0), BookMove("9-13", 2, 1.0)]},
                       searched={fen: SearchedReply(searched_move, 18, "11-15", 45)})


def test_the_strong_levels_play_a_searched_reply_the_gentle_ones_master_moves():
    book = _book_with_searched_reply("10-14")
    move, entry = book.choose(Board(), True)
    assert move.pdn() == "10-14" and entry.games == 0  # no master played it
    gentle = {book.choose(Board(), False, random.Random(seed))[0].pdn() for seed in range(40)}
    assert gentle == {"11-15", "9-13"}


def test_a_searched_reply_that_a_master_played_keeps_its_games():
    move, entry = _book_with_searched_reply("9-13").choose(Board(), True)
    assert move.pdn() == "9-13" and (entry.games, entry.points) == (2, 1.0)


def test_an_illegal_searched_reply_is_never_played():
    assert _book_with_searched_reply("11-14").choose(Board(), True)[0].pdn() == "11-15"


def test_searched_replies_are_read_from_the_file_and_a_damaged_one_is_no_book(tmp_path):
    fen = Board().fen()
    data = {"format": 1, "positions": {fen: [["11-15", 50, 40.0]]},
            "searched": {fen: ["10-14", 18, "11-15", 45]}}
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data))
    book = load_book(path)
    assert book is not None and book.searched[fen] == SearchedReply("10-14", 18, "11-15", 45)
    assert book.choose(Board(), True)[0].pdn() == "10-14"
    for damaged in ({"x": ["10-14", 18, "11-15", 45]}, {fen: ["10-14"]}, [fen]):
        path.write_text(json.dumps({**data, "searched": damaged}))
        assert load_book(path) is None, damaged


def test_the_shipped_searched_replies_are_legal_and_played_by_the_strongest_level():
    book = load_book()
    assert book is not None and book.searched  # the master replies checked by search
    for fen, reply in book.searched.items():
        board = Board(fen)
        legal = {m.pdn() for m in board.legal_moves}
        masters = {e.move for e in book.positions[fen]}
        assert reply.move in legal and reply.replaces in masters, fen
        assert reply.move != reply.replaces and reply.shortfall > 0, fen
        result = search_at_level(board, 6)
        assert result.move.pdn() == reply.move and result.depth == 0, fen
