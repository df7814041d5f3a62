"""Replays every real record of ../shared/pdn (README.md there lists the files and their quirks).

Every game must replay as legal English draughts except the known faulty records, which must be
reported at the right game and ply:
- tinsley.pdn, "Petal 1981, game 18" (game 541 of the file), ply 123: 32-28 with the king on 28;
- tricks_traps_and_shots.pdn: the ambiguous short captures "10x26" (game 57, ply 37) and "32x7"
  (game 90, ply 22). The README also counts "one illegal move": it is ply 23 of game 90 ("11x18"),
  illegal only when "32x7" is read as its first candidate 32x23x16x7. This reader reports the
  ambiguity and then goes on with the candidate the rest of the game agrees with (32x23x14x7), so
  that illegal move is checked below by replaying the other reading.
The problem files (1,032 composed positions: FEN + Result) must all load, except seven whose FEN
puts a man on its own crowning row or is empty (found by this test; listed in KNOWN_BAD_FEN).
"""

from __future__ import annotations

import functools

import pytest

from checkers_desktop.rules import Board, IllegalMoveError, Move
from checkers_desktop.rules.pdn import RESULTS, read_games

GAME_COUNTS = {
    "tinsley.pdn": 724,
    "oca_2.0_excerpt.pdn": 43,
    "inferno.pdn": 68,
    # the README says 90 games: "TTS Game 47 Freeman's Flashback" is in the file twice
    "tricks_traps_and_shots.pdn": 91,
    "principles_of_strategy.pdn": 16,
}

# file -> {(game number, ply): text at fault}
KNOWN_FAULTS = {
    "tinsley.pdn": {(541, 123): "32-28"},
    "tricks_traps_and_shots.pdn": {(57, 37): "10x26", (90, 22): "32x7"},
}

PROBLEM_COUNTS = {"beginner.pdn": 58, "borderclassics.pdn": 183, "bridges.pdn": 267,
                  "gem.pdn": 162, "goulds.pdn": 262, "lpc.pdn": 100}

# file -> {game number: FEN as written}; a man on its own crowning row cannot be (VA 3:00 s8).
KNOWN_BAD_FEN = {
    "beginner.pdn": {10: "W:W18,K15,1:BK30,K26,2."},
    "bridges.pdn": {14: "W::."},
    "goulds.pdn": {93: "B:WK23,12,3:BK15,K11."},
    "lpc.pdn": {36: "B:WK31,27,23,K20:B32,30,K22,K7.",
                63: "B:W19,16,15,14,13,10:B32,28,27,26,22,21.",
                65: "B:WK30,11,9:B31,K28,18.",
                73: "B:WK22,K20,13,4:BK31,27,21,K14."},
}


@functools.lru_cache(maxsize=None)
def _parsed(path) -> list:
    """The games of a file, read once per test session."""
    return list(read_games(path))


@pytest.fixture(scope="module")
def games_dir(shared_dir):
    return shared_dir / "pdn" / "games"


@pytest.mark.parametrize("name", sorted(GAME_COUNTS))
def test_every_game_replays_except_the_known_faulty_records(games_dir, name):
    parsed = _parsed(games_dir / name)
    assert len(parsed) == GAME_COUNTS[name]
    found = {(p.number, problem.ply): problem.text for p in parsed for problem in p.problems}
    assert found == KNOWN_FAULTS.get(name, {})
    for p in parsed:
        if p.ok:
            assert len(p.game.moves) == len(p.game.nodes) > 0
            assert p.game.result in RESULTS


def test_petal_1981_game_18_is_reported_as_a_king_onto_an_occupied_square(games_dir):
    parsed = _parsed(games_dir / "tinsley.pdn")[540]
    assert parsed.game.tags["Event"] == "Petal 1981, game 18"
    (problem,) = parsed.problems
    assert problem.ply == 123 and "square 28 is occupied" in problem.reason
    board = parsed.game.board()
    assert board.piece_at(28).is_king  # Black's king is on 28 already


def test_ambiguous_captures_list_both_readings(games_dir):
    parsed = _parsed(games_dir / "tricks_traps_and_shots.pdn")
    (first,) = parsed[56].problems
    (second,) = parsed[89].problems
    assert {m.path for m in first.candidates} == {(10, 17, 26), (10, 19, 26)}
    assert {m.path for m in second.candidates} == {(32, 23, 16, 7), (32, 23, 14, 7)}
    # the whole game is kept, read with the candidate that keeps the rest legal
    assert parsed[89].game.moves[21].path == (32, 23, 14, 7)
    assert len(parsed[89].game.moves) == len(parsed[89].game.nodes)


def test_the_readmes_illegal_move_follows_the_other_reading_of_32x7(games_dir):
    """With 32x23x16x7 at ply 22, ply 23 "11x18" of game 90 is illegal (README: one illegal move)."""
    game = _parsed(games_dir / "tricks_traps_and_shots.pdn")[89].game
    board = game.start_board()
    for move in game.moves[:21]:
        board.push(move)
    board.push(next(m for m in board.legal_moves if m.path == (32, 23, 16, 7)))
    assert game.nodes[22].text == "11x18"
    with pytest.raises(IllegalMoveError):
        board.parse_move("11x18")


@pytest.mark.parametrize("name", sorted(PROBLEM_COUNTS))
def test_problem_positions_load(shared_dir, name):
    parsed = list(read_games(shared_dir / "pdn" / "problems" / name))
    assert len(parsed) == PROBLEM_COUNTS[name]
    bad = {}
    for p in parsed:
        assert p.game.tags.get("Result") in RESULTS and p.game.result in RESULTS
        if p.ok:
            Board(p.game.fen)  # loads
        else:
            (problem,) = p.problems
            assert problem.ply == 0 and "FEN" in problem.reason
            bad[p.number] = p.game.fen
    assert bad == KNOWN_BAD_FEN.get(name, {})


def test_all_1032_problems_are_read(shared_dir):
    folder = shared_dir / "pdn" / "problems"
    total = sum(len(list(read_games(path))) for path in folder.glob("*.pdn"))
    assert total == 1032


def test_problem_fen_with_final_dot_sets_up_the_position(shared_dir):
    """beginner.pdn #1: [FEN "W:W31,27,19:B17,12,5."]"""
    first = next(iter(read_games(shared_dir / "pdn" / "problems" / "beginner.pdn")))
    board = first.game.start_board()
    assert board.fen() == "W:W19,27,31:B5,12,17"
    assert first.game.result == "0-1"
    assert Move((19, 15)) in board.legal_moves
