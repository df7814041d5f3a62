"""The voice grammar: what can be said in a position and what it means (no audio here)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice.grammar import (COMMANDS, available_commands, build_grammar,
                                                   diagonal_pairs, square_words, words_to_squares)
from checkers_desktop.texts.voice import COMMAND_DESCRIPTIONS, voice_help_text

START = Board()
JUMP = "W:W22,30:B18"                  # Red (White) must jump 22x15
DOUBLE = "W:W26:B22,14"                # 26x17x10
TWO_PATHS = ("B:W17,18,20,25,26,27,28,29,31,32:B1,2,3,4,6,7,10,11,13,14,19")  # 14x21x30, 14x23x30


def meaning(board, text, **kw):
    return build_grammar(board, **kw).interpret(text)


@pytest.mark.parametrize("n", range(1, 33))
def test_every_square_reads_back_from_its_words(n):
    words = square_words(n).split()
    assert [n] in words_to_squares(words)
    assert all(w.isalpha() for w in words)


def test_square_words_refuses_squares_off_the_board():
    with pytest.raises(ValueError, match="33"):
        square_words(33)


@pytest.mark.parametrize("text", ["eleven to fifteen", "move eleven to fifteen", "eleven fifteen",
                                  "move eleven fifteen"])
def test_the_three_move_forms_name_the_same_move(text):
    m = meaning(START, text)
    assert m.kind == "move"
    assert m.move.pdn() == "11-15"


def test_every_legal_move_of_the_start_has_a_phrase():
    g = build_grammar(START)
    found = {i.move for i in g.phrases.values() if i.kind == "move"}
    assert found == set(START.legal_moves)


def test_a_move_that_is_not_legal_now_is_refused_and_says_so():
    m = meaning(START, "eleven to eighteen")
    assert m.kind == "nothing" and m.move is None and m.reason == "not-legal"
    # White's move while Black is to move
    assert meaning(START, "twenty two to seventeen").reason == "not-legal"


@pytest.mark.parametrize("text", ["twenty two takes fifteen", "twenty two jumps fifteen",
                                  "twenty two to fifteen", "move twenty two takes fifteen"])
def test_jump_forms(text):
    m = meaning(Board(JUMP), text)
    assert m.kind == "move" and m.move.pdn() == "22x15"


def test_a_step_is_refused_when_a_jump_is_compulsory():
    assert meaning(Board(JUMP), "thirty to twenty six").reason == "not-legal"


@pytest.mark.parametrize("text", ["twenty six takes seventeen takes ten",
                                  "twenty six to seventeen to ten",
                                  "twenty six jumps seventeen takes ten",
                                  "twenty six takes ten"])
def test_multi_jump_full_path_and_unique_short_form(text):
    m = meaning(Board(DOUBLE), text)
    assert m.kind == "move" and m.move.pdn() == "26x17x10"


def test_short_form_of_two_different_paths_is_ambiguous_not_a_guess():
    board = Board(TWO_PATHS)
    assert {m.pdn() for m in board.legal_moves} >= {"14x21x30", "14x23x30"}
    m = meaning(board, "fourteen takes thirty")
    assert m.kind == "nothing" and m.reason == "ambiguous"
    assert meaning(board, "fourteen takes twenty three takes thirty").move.pdn() == "14x23x30"


def test_pick_up_only_a_piece_that_can_move():
    assert meaning(START, "pick up eleven").kind == "pick-up"
    assert meaning(START, "pick up eleven").square == 11
    assert meaning(START, "pick up one").kind == "nothing"       # blocked in
    assert meaning(START, "pick up twenty two").kind == "nothing"  # not the mover's piece


def test_after_pick_up_a_bare_destination_puts_the_piece_down():
    m = meaning(START, "fifteen", selected=11)
    assert m.kind == "square" and m.square == 15 and m.move.pdn() == "11-15"
    assert meaning(START, "seventeen", selected=11).kind == "nothing"
    assert meaning(START, "fifteen").kind == "nothing"          # nothing picked up


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_every_command_phrase_is_heard_as_its_name(command):
    for phrase in command.phrases:
        m = meaning(START, phrase)
        assert (m.kind, m.command) == ("command", command.name)


def test_command_names_are_lower_case_with_hyphens():
    for command in COMMANDS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", command.name)


def test_undo_and_hint_only_when_the_profile_allows_them():
    strict = SimpleNamespace(allows_undo=False, allows_hints=False)
    assert meaning(START, "undo", profile=strict).kind == "nothing"
    assert meaning(START, "undo", profile=strict).reason == "not-now"
    assert meaning(START, "hint", profile=strict).kind == "nothing"
    assert meaning(START, "resign", profile=strict).command == "resign"
    assert "undo" not in voice_help_text(available_commands(strict))
    assert "undo" in voice_help_text(available_commands(None))


def test_every_command_is_described_for_help():
    assert set(COMMAND_DESCRIPTIONS) == {c.name for c in COMMANDS}
    text = voice_help_text(COMMANDS)
    assert all(f'"{c.phrases[0]}": ' in text for c in COMMANDS)


def test_while_confirming_only_answers_are_heard():
    assert meaning(START, "yes", confirming=True).command == "yes"
    assert meaning(START, "no", confirming=True).command == "no"
    assert meaning(START, "eleven to fifteen", confirming=True).kind == "nothing"
    assert meaning(START, "resign", confirming=True).kind == "nothing"


@pytest.mark.parametrize("text", ["", "   ", "<sil>", "[NOISE]"])
def test_silence_is_nothing(text):
    m = meaning(START, text)
    assert m.kind == "nothing" and m.reason == "silence"


@pytest.mark.parametrize("text", ["banana", "eleven", "to to", "pick up", "move"])
def test_fragments_are_not_understood(text):
    m = meaning(START, text)
    assert m.kind == "nothing" and m.move is None


def test_diagonal_pairs_are_symmetric_and_on_the_board():
    steps = diagonal_pairs(1)
    assert (11, 15) in steps and (15, 11) in steps and (11, 16) in steps
    assert all((b, a) in steps for a, b in steps)
    assert all(1 <= a <= 32 and 1 <= b <= 32 for a, b in steps + diagonal_pairs(2))
    assert (22, 15) not in steps and (22, 15) in diagonal_pairs(2)


def test_jsgf_has_one_public_rule_and_names_only_known_words():
    g = build_grammar(START)
    assert g.jsgf.startswith("#JSGF V1.0;")
    assert g.jsgf.count("public ") == 1
    assert "e-" not in g.jsgf  # weights are plain decimals


PENALTY = frozenset({9, 10, 22})  # the offender's checkers the chooser may name


@pytest.mark.parametrize("text,square", [("twenty two", 22), ("remove twenty two", 22),
                                         ("nine", 9), ("remove ten", 10)])
def test_choosing_a_checker_to_remove_hears_its_square(text, square):
    m = meaning(START, text, choosing=PENALTY)
    assert (m.kind, m.square, m.move) == ("square", square, None)


@pytest.mark.parametrize("text", ["twenty three", "remove eleven", "eleven to fifteen",
                                  "pick up eleven"])
def test_choosing_refuses_other_squares_and_moves(text):
    m = meaning(START, text, choosing=PENALTY)
    assert m.kind == "nothing" and m.move is None
    assert meaning(START, "read the board", choosing=PENALTY).command == "read-board"


def test_choosing_puts_the_squares_and_remove_in_the_grammar():
    jsgf = build_grammar(START, choosing=PENALTY).jsgf
    assert "remove twenty two" in jsgf and "remove <square>" in jsgf
    assert "eleven to fifteen" not in build_grammar(START, choosing=PENALTY).phrases
    assert "remove" not in build_grammar(START).jsgf


def test_choosing_refuses_squares_off_the_board():
    with pytest.raises(ValueError, match="33"):
        build_grammar(START, choosing={9, 33})
