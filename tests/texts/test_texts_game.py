"""The sentences the app shows and speaks, for real positions set up with FEN."""

from __future__ import annotations

import re

import pytest

from checkers_desktop.rules import (BLACK, WHITE, AmbiguousMoveError, Board, IllegalMoveError,
                                    InvalidMoveError, Move, Outcome, Termination)
from checkers_desktop.texts import game as game_texts
from checkers_desktop.texts import reading as reading_texts
from checkers_desktop.speech.spoken import number_words, spoken_move
from checkers_desktop.rules.geometry import SQUARES

PRACTICE = {BLACK: "Black", WHITE: "Red"}     # the practice profile's names
RED_WHITE = {BLACK: "Red", WHITE: "White"}    # a tournament that calls the first mover Red


def refusal(board: Board, text: str) -> str:
    with pytest.raises((InvalidMoveError, IllegalMoveError, AmbiguousMoveError)) as info:
        board.parse_move(text)
    return game_texts.refused_text(info.value, board, PRACTICE, text=text)


# --- squares ----------------------------------------------------------------------------------
def test_square_names_in_the_start_position():
    board = Board()
    assert game_texts.square_name(board, 11, PRACTICE) == "11, black man"
    assert game_texts.square_name(board, 15, PRACTICE) == "15, empty"
    assert game_texts.square_name(board, 22, PRACTICE) == "22, red man"
    assert game_texts.square_name(board, 11, RED_WHITE) == "11, red man"
    assert game_texts.square_name(board, 22, RED_WHITE) == "22, white man"


def test_square_name_of_a_king_and_default_names():
    board = Board("B:WK22:B11")
    assert game_texts.square_name(board, 22, PRACTICE) == "22, red king"
    assert game_texts.square_name(board, 22) == "22, white king"


@pytest.mark.parametrize("square", [0, 33, "11"])
def test_square_name_refuses_a_bad_square(square):
    with pytest.raises(ValueError, match=re.escape(repr(square))):
        game_texts.square_name(Board(), square, PRACTICE)


# --- moves and turns --------------------------------------------------------------------------
def test_move_text_of_a_step_for_each_side():
    board = Board()
    move = board.parse_move("11-15")
    assert game_texts.move_text(board, move, PRACTICE) == "Black, eleven to fifteen."
    board.push(move)
    move = board.parse_move("23-19")
    assert game_texts.move_text(board, move, PRACTICE) == "Red, twenty-three to nineteen."


def test_move_text_of_a_jump():
    board = Board("W:W22:B18")
    move = board.parse_move("22x15")
    assert game_texts.move_text(board, move, PRACTICE) == "Red, twenty-two jumps fifteen."
    assert game_texts.move_text(board, move, PRACTICE, style="takes") == "Red, twenty-two takes fifteen."
    # "to" does not show the capture, so the full text says it
    assert game_texts.move_text(board, move, PRACTICE, style="to") == "Red, twenty-two to fifteen. Takes one."


def test_move_text_of_a_double_jump_full_and_brief():
    board = Board("W:W26:B22,14")
    move = board.parse_move("26x10")
    assert game_texts.move_text(board, move, PRACTICE) == \
        "Red, twenty-six jumps seventeen jumps ten. Takes two."
    assert game_texts.move_text(board, move, PRACTICE, verbosity="brief") == \
        "Red, twenty-six jumps seventeen jumps ten."


def test_move_text_says_crowned_only_for_a_man_reaching_the_far_row():
    man = Board("B:W5:B27")
    assert game_texts.move_text(man, man.parse_move("27-32"), PRACTICE) == \
        "Black, twenty-seven to thirty-two. Crowned."
    jump = Board("B:W27:B23")
    assert game_texts.move_text(jump, jump.parse_move("23x32"), PRACTICE).endswith(
        "twenty-three jumps thirty-two. Crowned.")
    king = Board("B:W5:BK27")
    assert "Crowned" not in game_texts.move_text(king, king.parse_move("27-32"), PRACTICE)


def test_turn_text():
    board = Board()
    assert game_texts.turn_text(board, PRACTICE) == "Black to move."
    board.push_pdn("11-15")
    assert game_texts.turn_text(board, PRACTICE) == "Red to move."
    jump = Board("W:W22:B18")
    assert game_texts.turn_text(jump, PRACTICE, verbosity="full") == "Red to move. Red must jump."
    assert game_texts.turn_text(Board(), PRACTICE, verbosity="full") == "Black to move."
    with pytest.raises(ValueError, match="'loud'"):
        game_texts.turn_text(board, PRACTICE, verbosity="loud")


# --- refused moves ----------------------------------------------------------------------------
def test_refused_when_a_jump_is_compulsory():
    assert refusal(Board("W:W22:B18"), "22-17") == "You must jump: twenty-two jumps fifteen."


def test_refused_with_two_jumps_lists_both():
    board = Board("W:W26,30:B22,14,25")
    text = refusal(board, "26-23")
    assert text == "You must jump: twenty-six jumps seventeen jumps ten or thirty jumps twenty-one."


def test_refused_with_many_jumps_lists_three_and_counts_the_rest():
    board = Board("B:W14,15,22,23:B9,10,11,18")
    jumps = board.legal_moves
    assert len(jumps) == 4
    text = refusal(board, "9-13")
    listed = ", ".join(spoken_move(m) for m in jumps[:3])
    assert text == f"You must jump: {listed}, or one of 1 more."


@pytest.mark.parametrize("text, expected", [
    ("13-17", "Thirteen to seventeen is not a legal move. There is no piece on 13."),
    ("21-17", "Twenty-one to seventeen is not a legal move. That is not your piece."),
    ("1-5", "One to five is not a legal move: your man is on 5."),
    ("4-16", "Four to sixteen is not a legal move. 16 is not on a diagonal from 4. The man on 4 "
             "cannot move."),
    ("11-17", "Eleven to seventeen is not a legal move. 17 is not on a diagonal from 11. The "
              "man on 11 can go to 15 or 16."),
    ("11-18", "Eleven to eighteen is not a legal move. There is no opposing piece on 15 to jump."
              " The man on 11 can go to 15 or 16."),
])
def test_refused_illegal_moves_say_why(text, expected):
    assert refusal(Board(), text) == expected


@pytest.mark.parametrize("fen, names, text, expected", [
    # the far square taken: whose piece stands there, in the mover's words
    ("B:W27,32:B23,18", PRACTICE, "23-27", "Twenty-three to twenty-seven is not a legal move: "
                                           "a red man is on 27."),
    ("B:WK27,32:B23", None, "23-27", "Twenty-three to twenty-seven is not a legal move: a "
                                     "white king is on 27."),
    ("B:W10:B23,K27", PRACTICE, "23-27", "Twenty-three to twenty-seven is not a legal move: "
                                         "your king is on 27."),
    ("W:W22,18:B11", PRACTICE, "22-18", "Twenty-two to eighteen is not a legal move: your man "
                                        "is on 18."),
    # a jump whose landing square is taken says so too
    ("B:W15,19:B10", RED_WHITE, "10x19", "Ten jumps nineteen is not a legal move: a white man "
                                         "is on 19."),
])
def test_refused_move_onto_a_taken_square_says_what_stands_there(fen, names, text, expected):
    board = Board(fen)
    with pytest.raises(IllegalMoveError) as info:
        board.parse_move(text)
    assert game_texts.refused_text(info.value, board, names, text=text) == expected


@pytest.mark.parametrize("fen, text, expected", [
    # a man stepping back: the rule it breaks, not that the square behind is taken or not
    ("B:W22:B15,11", "15-10", "Fifteen to ten is not a legal move. A man moves forward only; "
                             "only a king moves backward. The man on 15 can go to 18 or 19."),
    ("W:W22:B15,11", "22-26", "Twenty-two to twenty-six is not a legal move. A man moves "
                              "forward only; only a king moves backward. The man on 22 can go "
                              "to 17 or 18."),
    # a king may go back: its jump over nothing is refused for that
    ("B:W22:BK15", "15-24", "Fifteen to twenty-four is not a legal move. There is no opposing "
                            "piece on 19 to jump. The king on 15 can go to 10, 11, 18 or 19."),
    ("B:W32:B9", "9-27", "Nine to twenty-seven is not a legal move. 27 is too far from 9: a "
                         "piece moves to the next square on a diagonal, or jumps over one "
                         "piece. The man on 9 can go to 13 or 14."),
])
def test_refused_moves_name_the_rule_they_break(fen, text, expected):
    assert refusal(Board(fen), text) == expected


def test_refused_move_from_push_names_the_move_given():
    board = Board()
    with pytest.raises(IllegalMoveError) as info:
        board.push(Move((11, 17)))
    assert game_texts.refused_text(info.value, board, PRACTICE, text="11-17").startswith(
        "Eleven to seventeen is not a legal move.")


def test_refused_text_prefers_the_text_given():
    board = Board()
    error = IllegalMoveError("no quote here")
    assert game_texts.refused_text(error, board, PRACTICE, text="9 15") == (
        "Nine to fifteen is not a legal move. 15 is not on a diagonal from 9. The man on 9 can go "
        "to 13 or 14.")
    assert game_texts.refused_text(error, board, PRACTICE) == "That is not a legal move."


def test_refused_text_that_is_not_a_move():
    assert refusal(Board(), "abc") == "'abc' is not a move. Type squares such as 11-15."
    assert refusal(Board(), "11-40") == "'11-40' is not a move. Type squares such as 11-15."


def test_refused_ambiguous_capture_lists_the_ways():
    board = Board("B:W6,7,8,14,15:BK2")
    with pytest.raises(AmbiguousMoveError) as info:
        board.parse_move("2x4")
    text = game_texts.refused_text(info.value, board, PRACTICE)
    ways = " or ".join(spoken_move(m) for m in info.value.candidates)
    assert text == (f"Two to four can be played {number_words(len(info.value.candidates))} ways: "
                    f"{ways}. Say the whole path.")


def test_refused_other_error():
    assert game_texts.refused_text(ValueError("boom"), Board(), PRACTICE) == "That move was refused. boom"


# --- end of game ------------------------------------------------------------------------------
def test_game_over_texts():
    blocked = Board("W:W29:B25,22")
    assert game_texts.game_over_text(blocked.outcome(), PRACTICE, blocked) == "Black wins. Red cannot move."
    wiped = Board("W:W:B1")
    assert game_texts.game_over_text(wiped.outcome(), PRACTICE, wiped) == \
        "Black wins. Red has no pieces left."
    assert game_texts.game_over_text(wiped.outcome(), PRACTICE) == "Black wins. Red cannot move."
    assert game_texts.game_over_text(Outcome(Termination.NO_MOVES, None), PRACTICE) == "The game is a draw."
    assert game_texts.game_over_text(None, PRACTICE) == "The game is not over."


# --- reading commands -------------------------------------------------------------------------
def _rows(text: str) -> list[str]:
    return re.findall(r"Row \d: [^.]*\.", text)


def test_read_board_full_from_each_side():
    board = Board()
    from_black = reading_texts.read_board(board, PRACTICE, BLACK)
    rows = _rows(from_black)
    assert len(rows) == 8
    assert rows[0] == "Row 1: 4 black man, 3 black man, 2 black man, 1 black man."
    assert rows[4] == "Row 5: 20 empty, 19 empty, 18 empty, 17 empty."
    assert from_black.endswith("Black to move.")
    mentioned = [int(n) for n in re.findall(r"(\d+) (?:black|red|empty)", from_black)]
    assert sorted(mentioned) == list(SQUARES)
    from_red = _rows(reading_texts.read_board(board, PRACTICE, WHITE))
    assert from_red[0] == "Row 1: 29 red man, 30 red man, 31 red man, 32 red man."


def test_read_board_brief_names_only_the_pieces():
    board = Board("B:WK22,30:B11")
    rows = _rows(reading_texts.read_board(board, PRACTICE, BLACK, verbosity="brief"))
    assert rows[2] == "Row 3: 11 black man."
    assert rows[5] == "Row 6: 22 red king."
    assert rows[0] == "Row 1: empty."


def test_list_pieces():
    board = Board("B:WK22:B9,10,11,K27")
    assert reading_texts.list_pieces(board, BLACK, PRACTICE) == "Black men on 9, 10 and 11. Black king on 27."
    assert reading_texts.list_pieces(board, WHITE, PRACTICE) == "Red king on 22."
    assert reading_texts.list_pieces(Board("W:W:B1"), WHITE, PRACTICE) == "Red has no pieces."


def test_counts_text():
    board = Board("B:WK22,25,26:B9,10,11,K27")
    assert reading_texts.counts_text(board, PRACTICE) == \
        "Black: 3 men, 1 king. Red: 2 men, 1 king. Black is ahead by 1."
    assert reading_texts.counts_text(Board(), PRACTICE) == \
        "Black: 12 men, no kings. Red: 12 men, no kings. Material is even."
    assert reading_texts.counts_text(Board(), PRACTICE, verbosity="brief") == \
        "Black: 12 men, no kings. Red: 12 men, no kings."


def test_legal_moves_text_for_the_side_and_for_a_square():
    board = Board()
    whole = reading_texts.legal_moves_text(board, side_names=PRACTICE)
    assert whole.startswith("Black has 7 moves: ")
    for move in board.legal_moves:
        assert spoken_move(move) in whole
    assert reading_texts.legal_moves_text(board, 11, PRACTICE) == \
        "The man on 11 can play: eleven to fifteen or eleven to sixteen."
    assert reading_texts.legal_moves_text(board, 1, PRACTICE) == "The man on 1 cannot move."
    assert reading_texts.legal_moves_text(board, 15, PRACTICE) == "There is no piece on 15."
    assert reading_texts.legal_moves_text(board, 22, PRACTICE) == "22 holds a red man; it is Black's turn."
    jumps = Board("W:W22,30:B18")
    assert reading_texts.legal_moves_text(jumps, side_names=PRACTICE) == \
        "Red has 1 jump: twenty-two jumps fifteen."
    assert reading_texts.legal_moves_text(jumps, 30, PRACTICE) == \
        "The man on 30 cannot move: Red must jump with another piece."
    assert reading_texts.legal_moves_text(Board("W:W29:B25,22"), side_names=PRACTICE) == "Red has no legal move."


def test_captures_text_with_threats():
    board = Board("W:W22:B18")
    assert reading_texts.captures_text(board, PRACTICE) == \
        "Red must jump: twenty-two jumps fifteen. Black threatens: eighteen jumps twenty-five."
    assert reading_texts.captures_text(Board(), PRACTICE) == "Black has no jump. Red threatens no jump."
    assert reading_texts.captures_text(Board(), PRACTICE, verbosity="brief") == "Black has no jump."


def test_move_list_and_last_move():
    board = Board()
    assert reading_texts.move_list_text(board, PRACTICE) == "No moves yet."
    assert game_texts.last_move_text(board, PRACTICE) == "No moves yet."
    for text in ("11-15", "23-19", "8-11"):
        board.push_pdn(text)
    assert reading_texts.move_list_text(board, PRACTICE) == (
        "1. Black eleven to fifteen, Red twenty-three to nineteen. 2. Black eight to eleven.")
    assert reading_texts.move_list_text(board, PRACTICE, last=2, verbosity="brief") == \
        "1. twenty-three to nineteen. 2. eight to eleven."
    assert game_texts.last_move_text(board, PRACTICE) == "Last move: Black, eight to eleven."


def test_move_list_of_a_game_set_up_with_white_to_move():
    board = Board("W:W22:B18,5")
    board.push_pdn("22x15")
    board.push_pdn("5-9")
    assert reading_texts.move_list_text(board, PRACTICE) == \
        "1. Red twenty-two jumps fifteen. 2. Black five to nine."


# --- every text for positions of random games -------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 1000), max_size=60))
def test_every_text_reads_as_sentences_in_random_games(choices):
    board = Board()
    for choice in choices:
        moves = board.legal_moves
        if not moves:
            break
        move = moves[choice % len(moves)]
        sentence = game_texts.move_text(board, move, PRACTICE)
        assert sentence.startswith(("Black, ", "Red, ")) and sentence.endswith(".")
        assert spoken_move(move) in sentence
        assert ("Crowned." in sentence) == board.is_crowning(move)
        board.push(move)
    texts = [
        game_texts.turn_text(board, PRACTICE, "full"), reading_texts.read_board(board, PRACTICE, BLACK),
        reading_texts.read_board(board, PRACTICE, WHITE, "brief"), reading_texts.list_pieces(board, BLACK, PRACTICE),
        reading_texts.list_pieces(board, WHITE, PRACTICE), reading_texts.counts_text(board, PRACTICE),
        reading_texts.legal_moves_text(board, side_names=PRACTICE), reading_texts.captures_text(board, PRACTICE),
        reading_texts.move_list_text(board, PRACTICE), game_texts.last_move_text(board, PRACTICE),
        game_texts.game_over_text(board.outcome(), PRACTICE, board),
    ]
    texts += [reading_texts.legal_moves_text(board, sq, PRACTICE) for sq in SQUARES]
    for text in texts:
        assert text and text.endswith(".") and "  " not in text
    for square in SQUARES:
        name = game_texts.square_name(board, square, PRACTICE)
        assert name.startswith(f"{square}, ")
        assert name.endswith(("empty", "black man", "black king", "red man", "red king"))


def test_the_lesson_says_a_jump_as_the_announcements_do():
    """One wording for a jump: the lesson names the landing square after "jumps" as the move
    announcements do ("fourteen jumps twenty-three"), and the man taken as a piece, never as a
    bare number after "jump" ("can jump fifteen" was the captured man there, the landing square
    everywhere else)."""
    import re

    from checkers_desktop.rules import Board
    from checkers_desktop.speech.spoken import number_words, spoken_move
    from checkers_desktop.texts import tutorial

    numbers = "|".join(number_words(n) for n in range(1, 33))
    bare = re.compile(rf"\bjump (?:{numbers})\b")
    for name in dir(tutorial):
        text = getattr(tutorial, name)
        if isinstance(text, str):
            assert not bare.search(text), (name, text)
    for fen, pdn, text in (("B:W18,32:B14,1", "14x23", tutorial.JUMPING),
                           ("B:W15,24,5:B10", "10x19x28", tutorial.SEVERAL_JUMPS)):
        move = next(m for m in Board(fen).legal_moves if m.pdn() == pdn)
        assert spoken_move(move) in text
