"""PDN records: reading the forms real files use, reporting faulty games, writing, and replay.

Test files are in tests/data (their sources are in tests/data/README.md). PDN 3.0 is the format;
English draughts is its GameType 21; "1-0" means Black, the first mover, won.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from checkers_desktop.rules import (BLACK, WHITE, Board, InvalidPdnError, Move, RulesError)
from checkers_desktop.rules.pdn import (Game, GameNode, ParsedGame, PdnProblem, PdnReader,
                                        read_game, read_games, replay_main, write_game,
                                        write_games)

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="module")
def quirks() -> list[ParsedGame]:
    return list(read_games(DATA / "quirks.pdn"))


# --- reading ------------------------------------------------------------------------------------
def test_every_game_is_read_and_numbered_from_one(quirks):
    """The leading ";" comment is no game; game 2 ends glued to game 3's first tag ("0-1[Event")."""
    assert [p.number for p in quirks] == list(range(1, 9))
    assert [p.game.tags["Event"].split(":")[0] for p in quirks] == [
        f"Quirks {n}" for n in range(1, 9)]


def test_tags_keep_their_order(quirks):
    assert list(quirks[0].game.tags) == ["Event", "Black", "White", "GameType", "Result"]
    assert quirks[0].game.tags["Black"] == "Ann"


def test_moves_numbers_nags_comments_and_variation(quirks):
    game = quirks[0].game
    assert quirks[0].ok
    assert [m.pdn() for m in game.moves] == [
        "11-15", "23-18", "8-11", "27-23", "4-8", "23-19", "10-14", "19x10", "14x23", "26x19",
        "7x14"]
    first, second = game.nodes[0], game.nodes[1]
    assert first.nags == ["$1"] and second.nags == ["!"]
    assert game.intro == ["Before the first move."]
    assert game.comments == {0: ["Before the first move."], 2: ["main line"],
                             7: ['"x" for a plain move'], 11: ["a line comment"]}
    # the variation replaces 1. 11-15, so it starts from the start position
    (variation,) = first.variations
    assert [n.move for n in variation] == [Move((9, 14)), Move((22, 18))]
    assert variation[0].comments == ["the Double Corner"]
    (nested,) = variation[1].variations
    assert [n.move for n in nested] == [Move((22, 17))] and nested[0].nags == ["!?"]
    assert game.result == "1/2-1/2"


def test_setup_with_small_u_and_fen_ending_in_a_dot(quirks):
    """[Setup "1"] and [FEN "W:...:B20,15,10,7."] as in tricks_traps_and_shots.pdn."""
    parsed = quirks[1]
    assert parsed.ok
    game = parsed.game
    assert game.start_board().turn is WHITE
    assert game.start_board().squares(BLACK) == [7, 10, 15, 20]
    # "18x2" is a short capture: 18 jumps 15 to 11, then 7 to 2, where it is crowned
    assert game.moves[4] == Move((18, 11, 2), (15, 7))
    assert game.result == "0-1" and len(game.moves) == 9


def test_whole_path_capture(quirks):
    game = quirks[2].game
    assert quirks[2].ok and game.result == "*"
    assert game.moves[-1] == Move((26, 17, 10, 1), (22, 14, 6))


def test_illegal_move_is_reported_with_game_ply_and_reason(quirks):
    parsed = quirks[3]
    (problem,) = parsed.problems
    assert (problem.number, problem.ply, problem.text) == (4, 3, "15-20")
    assert "'15-20'" in problem.reason and "illegal" in problem.reason
    # the moves before stay; the rest is kept as written
    assert [m.pdn() for m in parsed.game.moves] == ["11-15", "23-18"]
    assert [n.text for n in parsed.game.nodes[2:]] == ["15-20", "18x11"]
    assert parsed.game.nodes[2].move is None


def test_bad_fen_is_reported_at_ply_zero(quirks):
    (problem,) = quirks[4].problems
    assert problem.ply == 0 and "B:W33:B1" in problem.reason


def test_ambiguous_short_capture_is_reported_with_its_candidates(quirks):
    (problem,) = quirks[5].problems
    assert problem.ply == 1 and "'10x26'" in problem.reason
    assert {m.path for m in problem.candidates} == {(10, 17, 26), (10, 19, 26)}


def test_word_that_is_not_a_move_is_reported(quirks):
    (problem,) = quirks[6].problems
    assert problem.ply == 4 and "'2x-1'" in problem.reason


def test_one_bad_game_does_not_stop_the_rest(quirks):
    assert quirks[7].ok and len(quirks[7].game.moves) == 4


def test_problem_is_an_invalid_pdn_error(quirks):
    problem = quirks[3].problems[0]
    assert isinstance(problem, InvalidPdnError) and isinstance(problem, RulesError)
    assert isinstance(problem, ValueError)
    assert str(problem).startswith("game 4, ply 3: ")


def test_read_game_raises_for_a_faulty_game():
    with pytest.raises(PdnProblem) as info:
        read_game("1. 11-15 23-18 2. 15-20 *")
    assert info.value.ply == 3 and "'15-20'" in str(info.value)


def test_read_game_raises_when_there_is_no_game():
    with pytest.raises(InvalidPdnError):
        read_game("{only a comment}")


def test_sources_text_stream_path_and_bytes_read_the_same():
    text = (DATA / "tinsley_first_two.pdn").read_text()
    expected = [p.game for p in read_games(text)]
    assert len(expected) == 2
    assert [p.game for p in read_games(io.StringIO(text))] == expected
    assert [p.game for p in read_games(DATA / "tinsley_first_two.pdn")] == expected
    assert [p.game for p in PdnReader(text.replace("\n", "\r\n").encode())] == expected


def test_move_number_with_three_dots_and_no_space():
    game = read_game("1.11-15 1...23-18 2.8-11 *")
    assert [m.pdn() for m in game.moves] == ["11-15", "23-18", "8-11"]


def test_other_game_types_are_not_replayed():
    (parsed,) = read_games('[GameType "20"]\n1. 32-28 *')
    assert parsed.problems[0].ply == 0 and "GameType" in parsed.problems[0].reason


def test_setup_without_fen_is_a_problem():
    (parsed,) = read_games('[SetUp "1"]\n*')
    assert "FEN" in parsed.problems[0].reason


def test_unclosed_comment_and_variation_are_problems():
    (parsed,) = read_games("1. 11-15 {never closed")
    assert "never closed" in parsed.problems[0].reason
    (parsed,) = read_games("1. 11-15 (1. 9-14 *")
    assert any("')'" in p.reason for p in parsed.problems)


def test_words_glued_to_a_move_are_kept_as_a_comment():
    """tinsley.pdn: "8-11Redoversteppedthetimecontrolonthismove." (no brace, no digits)."""
    (parsed,) = read_games("1. 11-15 23-18 2. 8-11Redovershot. 0-1")
    assert parsed.ok
    assert parsed.game.comments == {3: ["Redovershot."]}


def test_result_marker_without_result_tag():
    game = read_game("1. 11-15 1-0")
    assert game.result == "1-0" and "Result" not in game.tags


def test_start_fen_defaults_to_the_start_position():
    assert read_game("*").fen == Board().fen()


def test_faulty_tinsley_record_from_the_shared_files():
    """../shared/pdn/README.md: "Petal 1981", game 18, ply 123 (a king moves onto an occupied
    square: 32-28 while Black's king already stands on 28)."""
    (parsed,) = read_games(DATA / "tinsley_petal_1981_game18.pdn")
    (problem,) = parsed.problems
    assert problem.ply == 123 and problem.text == "32-28"
    assert "square 28 is occupied" in problem.reason
    assert len(parsed.game.moves) == 122


def test_ambiguous_capture_is_then_read_as_the_one_the_game_goes_on_with():
    """tricks_traps_and_shots.pdn game 57: "10x26" fits 10x17x26 and 10x19x26; only with 10x17x26
    do the next moves (18-14, 26-31) stay legal, so the rest of the game is kept."""
    (parsed,) = read_games(DATA / "tts_game38_ambiguous.pdn")
    (problem,) = parsed.problems
    assert problem.ply == 37 and problem.text == "10x26"
    assert parsed.game.moves[36] == Move((10, 17, 26), (14, 22))
    assert len(parsed.game.moves) == 39


def test_duplicate_king_capture_is_not_ambiguous_for_a_record():
    """A king circling four men either way (PERFT.md) reaches the same position: no problem."""
    (parsed,) = read_games('[FEN "W:WK10:B14,15,22,23"]\n1. 10x10 0-1')
    assert parsed.ok and set(parsed.game.moves[0].captures) == {14, 15, 22, 23}


# --- writing ------------------------------------------------------------------------------------
def test_write_game_layout():
    game = read_game('[Event "E"]\n[Result "1-0"]\n1. 11-15 {c} 23-18 $2 *')
    text = write_game(game)
    assert text == '[Event "E"]\n[Result "1-0"]\n\n1. 11-15 {c} 1... 23-18 $2 *\n'


def test_write_uses_the_whole_path():
    game = read_game('[FEN "W:W32,27,24,22:B20,15,10,7."]\n'
                     "1. 27-23 20x27 2. 23-18 27-31 3. 18x2 *")
    assert "3. 18x11x2 *" in write_game(game)


def test_write_escapes_tag_values():
    game = Game({"Event": 'say "hi" \\ bye'}, [], "*")
    text = write_game(game)
    assert '[Event "say \\"hi\\" \\\\ bye"]' in text
    assert read_game(text).tags == game.tags


def test_write_refuses_a_bad_result():
    with pytest.raises(InvalidPdnError) as info:
        write_game(Game({}, [], "2-0"))
    assert "'2-0'" in str(info.value)


def test_round_trip_of_every_test_file():
    """Write then read gives back the same game: tags, moves, NAGs, comments, variations, result."""
    for path in sorted(DATA.glob("*.pdn")):
        for parsed in read_games(path):
            if not parsed.ok:
                continue
            again = read_game(write_game(parsed.game))
            assert again == parsed.game, (path.name, parsed.number)


def test_write_games_then_read_games():
    games = [p.game for p in read_games(DATA / "tinsley_first_two.pdn")]
    assert [p.game for p in read_games(write_games(games))] == games


def test_game_from_board_with_a_set_up_position():
    board = Board("W:W32,27,24,22:B20,15,10,7")
    for text in ("27-23", "20x27", "23-18"):
        board.push_pdn(text)
    game = Game.from_board(board, {"Black": "Ann"})
    assert game.tags["SetUp"] == "1" and game.tags["FEN"] == "W:W22,24,27,32:B7,10,15,20"
    assert game.tags["Black"] == "Ann" and game.tags["GameType"] == "21"
    assert game.result == "*"
    again = read_game(write_game(game))
    assert again.moves == board.move_stack and again.board() == board
    assert "1. 27-23 20x27 2. 23-18" in write_game(game)


def test_game_from_board_takes_the_result_of_a_finished_game():
    board = Board("B:W18:B14")
    board.push_pdn("14x23")
    game = Game.from_board(board)
    assert game.result == "1-0" and game.tags["Result"] == "1-0"


def test_add_move_and_node_notation():
    game = Game()
    node = game.add_move(Move((11, 15)), comment="good", nags=["!"])
    assert isinstance(node, GameNode) and node.notation == "11-15"
    assert write_game(game).strip() == "1. 11-15! {good} *"
    assert GameNode(None, "20x4").notation == "20x4"


# --- replay -------------------------------------------------------------------------------------
def _replay(path, capsys, profile=None):
    status = replay_main(argparse.Namespace(file=str(path), profile=profile))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_replay_reports_each_problem_and_ends_with_the_summary(capsys):
    status, lines, _ = _replay(DATA / "quirks.pdn", capsys)
    assert status == 1
    assert lines[-1] == "games: 8, replayed: 4, errors: 4"
    assert lines[0].startswith("game 4 (Flo vs Ed / Quirks 4: an illegal move at ply 3), ply 3: ")
    assert len(lines) == 5


def test_replay_of_clean_file_exits_zero(capsys):
    status, lines, _ = _replay(DATA / "tinsley_first_two.pdn", capsys)
    assert status == 0 and lines == ["games: 2, replayed: 2, errors: 0"]


def test_replay_of_missing_file_exits_two(tmp_path, capsys):
    status, lines, err = _replay(tmp_path / "absent.pdn", capsys)
    assert status == 2 and lines == [] and "absent.pdn" in err


def test_replay_with_an_unknown_profile_exits_two(capsys):
    status, _, err = _replay(DATA / "tinsley_first_two.pdn", capsys, profile="No Such Profile!")
    assert status == 2 and "No Such Profile!" in err
