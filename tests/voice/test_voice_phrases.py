"""Reading a transcript in a position: the phrasings people use map onto exactly one legal move or
command, and anything else (other people's sentences, illegal or ambiguous moves) onto nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice.grammar import COMMANDS, build_grammar
from checkers_desktop.speech.voice.phrases import (COMMAND_PATTERNS, collapse_repeats, normalise,
                                                   read)

START = build_grammar(Board())
JUMP = build_grammar(Board("W:W22,30:B18"))
DOUBLE = build_grammar(Board("W:W26:B22,14"))


@pytest.mark.parametrize("text", [
    " 11 to 15.", "Move 11 to 15.", "From 11 to 15.", "11 to 15, please.", "I'll go 11 to 15.",
    "eleven to fifteen", "Eleven-fifteen.", "11-15", "11 15.", "1115", "I will go 11 to 15",
    " Square 11 to square 15.", "From square 11 to square 15.", "11 to square 15 please",
])
def test_every_move_phrasing_reads_as_the_move(text):
    meaning = read(text, START).meaning
    assert meaning.kind == "move" and meaning.move.pdn() == "11-15"


@pytest.mark.parametrize("text", ["22 takes 15.", "22 jumps 15", "22 to 15.", "22, 15.", "2215",
                                  "twenty-two fifteen", "22x15", "22 times 15."])
def test_a_jump_with_or_without_a_joining_word(text):
    meaning = read(text, JUMP).meaning
    assert meaning.kind == "move" and meaning.move.pdn() == "22x15"


def test_square_before_each_number_of_a_jump_or_a_pick_up():
    assert read(" Square 26 takes square 17 takes square 10.", DOUBLE).meaning.move.pdn() == \
        "26x17x10"
    reading = read(" Pick up square 11.", START).meaning
    assert reading.kind == "pick-up" and reading.square == 11
    assert read(" Square.", START).meaning.kind == "nothing"
    assert read(" 11 square 15.", START).meaning.move.pdn() == "11-15"


@pytest.mark.parametrize("text", [" 15.", " To 15.", " Move to 15.", " Go to 15.", " To 15 please.",
                                  " Square 15.", " To square 15."])
def test_a_put_down_after_a_pick_up_with_or_without_to(text):
    reading = read(text, build_grammar(Board(), selected=11)).meaning
    assert reading.kind == "square" and reading.move.pdn() == "11-15"


def test_to_a_square_alone_is_no_put_down_without_a_piece_picked_up():
    assert read(" To 15.", START).meaning.kind == "nothing"
    assert read(" To 15.", build_grammar(Board(), selected=11)).meaning.kind == "square"
    jump = read(" Takes 15.", build_grammar(Board("W:W22,30:B18"), selected=22)).meaning
    assert jump.kind == "square" and jump.move.pdn() == "22x15"


def test_a_multiple_jump_by_its_whole_path_or_its_ends():
    assert read("26 takes 17 takes 10.", DOUBLE).meaning.move.pdn() == "26x17x10"
    assert read("26 jumps 10", DOUBLE).meaning.move.pdn() == "26x17x10"


@pytest.mark.parametrize("text, name", [
    ("What are my pieces?", "my-pieces"), ("My pieces.", "my-pieces"),
    ("Whose turn is it?", "whose-turn"), ("How much time do I have?", "time"),
    ("Read the board.", "read-board"), ("Offer a draw.", "offer-draw"), ("Help!", "help"),
    ("Stop talking.", "stop-talking"), ("Last move?", "last-move"),
    (" Read the clock.", "time"), (" What is the time?", "time"), (" What's the time?", "time"),
])
def test_command_phrasings(text, name):
    meaning = read(text, START).meaning
    assert meaning.kind == "command" and meaning.command == name


@pytest.mark.parametrize("text", [
    "He jumped 26 to 17.", "I think he played 24 to 19", "Nine to fourteen was a mistake.",
    "Where did I put my glasses?", "11 to 15 and then 22 to 18", "(coughing)", "Hmm.",
])
def test_sentences_with_other_words_are_never_a_move(text):
    assert read(text, START).meaning.kind == "nothing"


def test_an_illegal_move_is_refused_as_not_legal():
    reading = read("21 to 17", START)
    assert reading.meaning.kind == "nothing" and reading.meaning.reason == "not-legal"


def test_pick_up_and_put_down():
    reading = read("Pick up 11.", START)
    assert reading.meaning.kind == "pick-up" and reading.meaning.square == 11
    assert read("Pickup 23", START).meaning.kind == "nothing"  # not a piece that can move
    held = build_grammar(Board(), selected=11)
    meaning = read("15.", held).meaning
    assert meaning.kind == "square" and meaning.move.pdn() == "11-15"


def test_while_confirming_only_answers_count():
    grammar = build_grammar(Board(), confirming=True)
    assert read("Yes.", grammar).meaning.command == "yes"
    assert read("Yeah", grammar).meaning.command == "yes"
    assert read("No.", grammar).meaning.command == "no"
    assert read("11 to 15", grammar).meaning.kind == "nothing"
    assert read("Yes, I think he played", grammar).meaning.kind == "nothing"
    assert read("Read the board.", grammar).meaning.reason == "not-now"


def test_template_keeps_the_words_and_marks_the_squares():
    reading = read(" I'll go 11 to 15.", START)
    assert reading.template.format(9, 13) == " I'll go 9 to 13."


def test_repeats_are_collapsed():
    assert collapse_repeats("Read the board. Read the board. Read") == "Read the board."
    assert collapse_repeats(" 13. 13. 13. 13.") == "13."
    assert read("Pick up 24. Pick up 24. Pick up 24. Pick", START).meaning.kind == "nothing"
    assert read("Pick up 11. Pick up 11. Pick up 11. Pick", START).meaning.square == 11


def test_normalise_numbers():
    assert normalise("Twenty-two takes fifteen!") == ["22", "takes", "15"]
    assert normalise("26x17x10") == ["26", "takes", "17", "takes", "10"]


def test_every_command_has_patterns():
    assert set(COMMAND_PATTERNS) == {c.name for c in COMMANDS}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 -x.,?abcdefghijklmnopqrstuvwxyz'")),
               max_size=80))
def test_any_text_reads_as_a_legal_result_or_nothing(text):
    meaning = read(text, START).meaning
    if meaning.kind == "move":
        assert meaning.move in START.legal
    elif meaning.kind == "pick-up":
        assert meaning.square in {m.from_square for m in START.legal}
    else:
        assert meaning.kind in ("command", "nothing")


@pytest.mark.parametrize("text, expected", [
    ("No No No No No No", "no"), ("Yeah Yeah Yeah Yeah", "yes"), ("Nope Nope Nope", "no")])
def test_repeated_answers_while_confirming(text, expected):
    grammar = build_grammar(Board(), confirming=True)
    assert read(text, grammar).meaning.command == expected


@pytest.mark.parametrize("text", ["Pick up 11. 1. Pick up 11. 1. Pick up 11. 1",
                                  " 11 to 15. 1 11 to 15. 1 11 to",
                                  " 1115 1115 1115 1115", "11 15 11 15 11 11 15"])
def test_repeated_moves_read_once(text):
    meaning = read(text, START).meaning
    assert meaning.kind in ("move", "pick-up")
    assert meaning.square == 11 or meaning.move.pdn() == "11-15"


@pytest.mark.parametrize("text", ["Pick up 11 11 11 11 11 11", "Pick up 11. 11. 11. 11."])
def test_a_pick_up_whose_square_is_written_again_and_again(text):
    meaning = read(text, START).meaning
    assert meaning.kind == "pick-up" and meaning.square == 11


@pytest.mark.parametrize("text", ["Pick up 11 12", "Pick up 11 11 12"])
def test_a_pick_up_with_two_different_squares_is_nothing(text):
    assert read(text, START).meaning.kind == "nothing"


@pytest.mark.parametrize("text", [" 11. 15. 11. 15. 11. 15. 11",
                                  " Move 11. 15. Move 11. 15. Move 11.", " 11. 15. 11. 15."])
def test_a_move_written_as_sentences_again_and_again_reads_once(text):
    meaning = read(text, START).meaning
    assert meaning.kind == "move" and meaning.move.pdn() == "11-15"


@pytest.mark.parametrize("text", [" 11. 16. 11. 15. 11.", " 11. 15. 12. 16. 11. 15.", " 11. 12."])
def test_sentences_that_do_not_repeat_one_move_are_not_a_move(text):
    # the cycle must hold all the way: two different moves, or a move and another, are nothing
    assert read(text, START).meaning.kind == "nothing"
