"""How a result is chosen from the decoder's n-best list and which rivals it must beat (no audio
here): the first whole phrase wins; a result that moves or touches a piece must beat every
*legal* look-alike result of the same decoding by LOOKALIKE_MARGIN."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice.grammar import build_grammar
from checkers_desktop.speech.voice import VoiceRecognizer
from checkers_desktop.speech.voice.grammar import Interpretation
from checkers_desktop.speech.voice.recognizer import (Candidate, VoiceResult, choose, look_alike,
                                                      lookalike_margin, rival_margin,
                                                      sounds_alike)
from checkers_desktop.texts.voice import did_you_say_text, heard_text

RED_23 = "W:W23,27:B1"  # Red (White) to move: 23-18, 23-19, 27-24; 26-19 is not a move here


def candidates(grammar, *scored):
    return [Candidate(words, score, grammar.interpret(words)) for words, score in scored]


def test_the_first_whole_phrase_is_chosen_over_an_unfinished_path():
    grammar = build_grammar(Board(RED_23))
    found = candidates(grammar, ("two to", -3236), ("help", -3240), ("twenty three to", -3300))
    chosen = choose(found)
    assert chosen.words == "help" and chosen.meaning.command == "help"


def test_an_illegal_phrase_is_a_whole_phrase_and_wins_when_it_scores_best():
    grammar = build_grammar(Board(RED_23))
    found = candidates(grammar, ("twenty six to nineteen", -100), ("twenty three to nineteen", -90))
    chosen = choose(found)
    assert chosen.words == "twenty six to nineteen"
    assert chosen.meaning.kind == "nothing" and chosen.meaning.reason == "not-legal"


def test_nothing_is_chosen_when_no_path_is_whole():
    grammar = build_grammar(Board(RED_23))
    assert choose(candidates(grammar, ("twenty three to", -10), ("move", -20))) is None
    assert choose([]) is None


def test_legal_look_alike_moves_are_rivals_and_other_results_are_not():
    grammar = build_grammar(Board(RED_23))
    m = {w: grammar.interpret(w) for w in ("twenty three to nineteen", "twenty three to eighteen",
                                           "twenty seven to twenty four", "count",
                                           "twenty six to nineteen")}
    assert sounds_alike(m["twenty three to nineteen"], m["twenty three to eighteen"])
    assert not sounds_alike(m["twenty three to nineteen"], m["twenty three to nineteen"])
    assert not sounds_alike(m["twenty three to nineteen"], m["twenty seven to twenty four"])
    assert not sounds_alike(m["twenty three to nineteen"], m["count"])
    # An illegal phrase is not a result: it competes inside the decoder (the grammar's decoys).
    assert not sounds_alike(m["twenty three to nineteen"], m["twenty six to nineteen"])


def test_put_downs_on_look_alike_destinations_are_rivals():
    grammar = build_grammar(Board(), selected=11)  # 11 can go to 15 or 16
    fifteen, sixteen = grammar.interpret("fifteen"), grammar.interpret("sixteen")
    assert fifteen.kind == sixteen.kind == "square"
    assert sounds_alike(fifteen, sixteen)


def test_the_margin_is_measured_against_the_closest_look_alike_only():
    grammar = build_grammar(Board(), selected=11)
    found = candidates(grammar, ("fifteen", -2516), ("count", -2520), ("sixteen", -2833))
    assert lookalike_margin(found[0], found) == 2833 - 2516
    assert lookalike_margin(found[0], found[:2]) == math.inf


@pytest.mark.parametrize("a,b,alike", [(26, 23, True), (15, 16, True), (6, 3, True),
                                       (26, 6, True), (22, 31, False),
                                       (20, 30, True), (13, 23, False),
                                       (5, 5, False)])
def test_look_alike_squares(a, b, alike):
    assert look_alike(a, b) is alike


@given(st.integers(1, 32), st.integers(1, 32))
def test_look_alike_is_symmetric(a, b):
    assert look_alike(a, b) == look_alike(b, a)


def test_a_binding_pick_up_must_beat_every_other_phrase_not_only_look_alikes():
    """Under strict touch-move a pick-up binds the player, so any other meaning counts as a rival
    ("eight to four" heard as "pick up four" was seen on benchmarks/voice.py)."""
    grammar = build_grammar(Board("B:W12,18,23:B4,5,6,10"))
    found = candidates(grammar, ("pick up four", -3188), ("pick up four", -3190),
                       ("eight to four", -3272), ("read the board", -3483),
                       ("pick up", -3000))
    chosen = choose(found)
    assert chosen.meaning.kind == "pick-up" and chosen.meaning.square == 4
    assert lookalike_margin(chosen, found) == math.inf  # no other pick-up among them
    assert rival_margin(chosen, found) == 84  # the illegal move, the nearest other phrase
    # the same words again and an unfinished path are not rivals
    assert rival_margin(chosen, found[:2] + found[4:]) == math.inf


def test_did_you_say_names_the_rivals():
    b = Board()
    m1 = next(m for m in b.legal_moves if m.pdn() == "11-15")
    m2 = next(m for m in b.legal_moves if m.pdn() == "11-16")
    result = VoiceResult("nothing", heard="eleven to fifteen", reason="unsure",
                         rivals=(Interpretation("move", move=m1), Interpretation("move", move=m2)))
    assert did_you_say_text(result.rivals) == "Did you say eleven to fifteen or eleven to sixteen?"
    assert heard_text(result) == did_you_say_text(result.rivals)
    assert did_you_say_text(VoiceResult("nothing", reason="unsure").rivals) is None
    picks = VoiceResult("nothing", reason="unsure", rivals=(
        Interpretation("pick-up", square=11), Interpretation("pick-up", square=1),
        Interpretation("pick-up", square=7)))
    assert did_you_say_text(picks.rivals) == "Did you say pick up eleven, pick up one or pick up seven?"


def test_without_the_whisper_model_the_app_falls_back_to_pocketsphinx(monkeypatch):
    from checkers_desktop.speech.voice import whisper

    def missing():
        raise whisper.ModelUnavailable("not installed")
    monkeypatch.setattr(whisper, "model_path", missing)
    assert VoiceRecognizer().engine_name == "pocketsphinx"
    with pytest.raises(Exception, match="Whisper"):
        VoiceRecognizer(engine="whisper").engine_name
    with pytest.raises(ValueError):
        VoiceRecognizer(engine="nonsense")


class _Fake:
    """An engine that returns a set result (and records what it was asked)."""

    def __init__(self, result):
        self.result, self.calls = result, []

    def decode_pcm(self, pcm, board, profile=None, **kw):
        self.calls.append(kw)
        return self.result


def _two_stage(whisper_result, sphinx_result, **kw):
    from checkers_desktop.speech.voice.twostage import TwoStageRecognizer

    return TwoStageRecognizer(_Fake(whisper_result), _Fake(sphinx_result), **kw)


def _unsure(meaning, **details):
    return VoiceResult("nothing", heard="eleven to fifteen", reason="unsure",
                       rivals=(meaning,), details=dict(candidate=meaning, **details))


def test_two_stage_takes_an_unsure_result_only_when_pocketsphinx_agrees():
    board = Board()
    move = board.parse_move("11-15")
    other = board.parse_move("11-16")
    meaning = Interpretation("move", move=move)
    agreeing = VoiceResult("move", heard="eleven to fifteen", move=move)
    result = _two_stage(_unsure(meaning, margin=2.0), agreeing).decode_pcm(b"", board)
    assert result.kind == "move" and result.move == move and result.details["agreed"]
    # pocketsphinx heard another move, or nothing: Whisper's refusal stands
    for second in (VoiceResult("move", move=other), VoiceResult("nothing", reason="unsure")):
        result = _two_stage(_unsure(meaning, margin=2.0), second).decode_pcm(b"", board)
        assert result.kind == "nothing" and result.reason == "unsure"
    # agreement with too small a margin is not enough
    result = _two_stage(_unsure(meaning, margin=0.5), agreeing).decode_pcm(b"", board)
    assert result.kind == "nothing"
    # a result found by scoring the position's phrases needs to be their best
    found = _unsure(meaning, search=" 11 to 15.", search_margin=0.2)
    assert _two_stage(found, agreeing).decode_pcm(b"", board).kind == "move"
    found = _unsure(meaning, search=" 11 to 15.", search_margin=-0.1)
    assert _two_stage(found, agreeing).decode_pcm(b"", board).kind == "nothing"


def test_two_stage_never_takes_yes_on_agreement_and_asks_pocketsphinx_nothing_then():
    board = Board()
    yes = Interpretation("command", command="yes")
    sphinx = _Fake(VoiceResult("command", heard="yes", command="yes"))
    from checkers_desktop.speech.voice.twostage import TwoStageRecognizer

    two = TwoStageRecognizer(_Fake(_unsure(yes, margin=9.0)), sphinx)
    assert two.decode_pcm(b"", board, confirming=True).command is None
    assert sphinx.calls[0]["confirming"] is True  # it listens for the answers alone
    assert two.decode_pcm(b"", board).command is None  # and "yes" is never agreed on


def test_a_yes_to_a_confirmation_is_checked_by_pocketsphinx():
    from checkers_desktop.speech.voice.twostage import YES_ALONE_MARGIN

    board = Board()

    def whisper_yes(margin):
        return VoiceResult("command", heard="yes", command="yes", details={"yes_margin": margin})

    heard_yes = VoiceResult("command", heard="yes", command="yes")
    heard_no = VoiceResult("command", heard="no", command="no")
    heard_nothing = VoiceResult("nothing", reason="not-understood")
    low, high = YES_ALONE_MARGIN - 0.8, YES_ALONE_MARGIN + 3.0

    def decode(first, second, **kw):
        return _two_stage(first, second, **kw).decode_pcm(b"", board, confirming=True)

    # both heard "yes": it stands, whatever Whisper's margin
    assert decode(whisper_yes(low), heard_yes).command == "yes"
    # a "no" at arm's length that Whisper heard as " Yes." (margin 2.2): pocketsphinx heard
    # "no", or nothing, so the player is asked again
    for second in (heard_no, heard_nothing):
        result = decode(whisper_yes(low), second)
        assert result.kind == "nothing" and result.reason == "unsure"
        assert result.command is None and result.details["yes_refused"]
    # pocketsphinx drowned by other talkers: a clear "yes" stands on Whisper's margin alone...
    assert decode(whisper_yes(high), heard_nothing).command == "yes"
    # ... but never against a "no" that pocketsphinx heard
    assert decode(whisper_yes(high), heard_no).kind == "nothing"
    # -99 switches the check off
    assert decode(whisper_yes(low), heard_no, yes_alone_margin=-99).command == "yes"
    # "no" needs no check: it only cancels
    sure_no = VoiceResult("command", heard="no", command="no", details={})
    assert decode(sure_no, heard_yes).command == "no"


def test_two_unsure_recognisers_with_the_same_best_result_agree_only_above_the_margin():
    board = Board()
    move = board.parse_move("11-15")
    other = board.parse_move("11-16")
    meaning = Interpretation("move", move=move)
    both_unsure = VoiceResult("nothing", reason="unsure", details={"top": meaning})
    # switched off (99): pocketsphinx's unsure best is not enough
    result = _two_stage(_unsure(meaning, margin=2.5), both_unsure,
                        unsure_agree_margin=99).decode_pcm(b"", board)
    assert result.kind == "nothing" and result.details["sphinx_top"] == meaning
    # at or above the margin it stands, and says how it was agreed
    result = _two_stage(_unsure(meaning, margin=2.5), both_unsure,
                        unsure_agree_margin=2.5).decode_pcm(b"", board)
    assert result.kind == "move" and result.move == move
    assert result.details["agreed"] == "both unsure"
    result = _two_stage(_unsure(meaning, margin=2.4), both_unsure,
                        unsure_agree_margin=2.5).decode_pcm(b"", board)
    assert result.kind == "nothing"
    # another best phrase, or none, never agrees
    elsewhere = VoiceResult("nothing", reason="unsure",
                            details={"top": Interpretation("move", move=other)})
    for second in (elsewhere, VoiceResult("nothing", reason="not-understood", details={})):
        result = _two_stage(_unsure(meaning, margin=9.0), second,
                            unsure_agree_margin=0).decode_pcm(b"", board)
        assert result.kind == "nothing"
    # a result found by scoring the position's phrases uses its own margin
    found = _unsure(meaning, search=" 11 to 15.", search_margin=1.0)
    two = _two_stage(found, both_unsure, unsure_agree_search_margin=1.0)
    assert two.decode_pcm(b"", board).kind == "move"
    two = _two_stage(found, both_unsure, unsure_agree_search_margin=1.5)
    assert two.decode_pcm(b"", board).kind == "nothing"


def test_an_undo_found_by_scoring_needs_the_take_back_margin_for_agreement():
    """Other people's words ("I think so") were heard by pocketsphinx as "undo" and found by
    Whisper's scoring just ahead of the other phrases: "undo" takes a move back, so agreement
    on it needs TAKE_BACK_AGREE_SEARCH_MARGIN, sure or unsure; other commands keep theirs."""
    from checkers_desktop.speech.voice.twostage import TAKE_BACK_AGREE_SEARCH_MARGIN as need

    board = Board()
    undo = Interpretation("command", command="undo")
    count = Interpretation("command", command="count")
    sure = VoiceResult("command", heard="undo", command="undo")
    unsure = VoiceResult("nothing", reason="unsure", details={"top": undo})

    def decode(meaning, second, margin):
        found = _unsure(meaning, search=" Undo.", search_margin=margin)
        return _two_stage(found, second, unsure_agree_search_margin=0.5).decode_pcm(b"", board)

    for second in (sure, unsure):
        assert decode(undo, second, need - 0.2).kind == "nothing"
        assert decode(undo, second, need).command == "undo"
    counted = VoiceResult("command", heard="count", command="count")
    assert decode(count, counted, need - 0.2).command == "count"


def test_two_stage_keeps_a_sure_whisper_result_whatever_pocketsphinx_says():
    board = Board()
    move = board.parse_move("11-15")
    sure = VoiceResult("move", heard="eleven to fifteen", move=move, details={})
    result = _two_stage(sure, VoiceResult("nothing", reason="silence")).decode_pcm(b"", board)
    assert result.kind == "move" and result.move == move


def _searching(scores: dict, **options):
    """A Whisper recogniser whose model is replaced by ``scores`` (text -> log-probability per
    token; every other text scores -10): enough for its search over the position's phrases."""
    from checkers_desktop.speech.voice.whisper import WhisperRecognizer

    recognizer = WhisperRecognizer(**options)
    recognizer.prune_rivals = False  # scores set per text, not per token
    recognizer._score = lambda encoded, frames, texts, mean=False: [  # noqa: E731
        scores.get(t, -10.0) for t in texts]
    return recognizer


def test_a_move_found_only_by_scoring_the_positions_phrases_is_a_question_not_a_move():
    grammar = build_grammar(Board())
    scores = {" 11 to 15.": -0.5, " 11 to 16.": -3.0, " 20.": -1.0}
    details: dict = {}
    meaning, _, rivals = _searching(scores)._search(None, 100, grammar, None, " 20.", details)
    assert meaning.kind == "nothing" and meaning.reason == "unsure"
    assert rivals[0].move == Board().parse_move("11-15")  # asked about first, and
    assert details["search_margin"] == pytest.approx(2.5)  # pocketsphinx may still agree
    # a command found so stands on Whisper's scores when it beats the rest by the margin
    scores = {" Read the board.": -0.5, " 20.": -1.0}
    meaning, _, _ = _searching(scores)._search(None, 100, grammar, None, " 20.", {})
    assert meaning.kind == "command" and meaning.command == "read-board"
    # the rule can be turned off (benchmarks/voice.py measures what it costs)
    meaning, _, _ = _searching({" 11 to 15.": -0.5, " 20.": -1.0}, search_acts_alone=True)._search(
        None, 100, grammar, None, " 20.", {})
    assert meaning.kind == "move"


def test_a_later_hypothesis_of_the_beam_that_is_a_phrase_is_read_and_scored_against_its_rivals():
    import numpy as np

    grammar = build_grammar(Board())
    recognizer = _searching({" 11 to 15.": -0.5})
    recognizer._encode = lambda samples: (None, 100)
    hypotheses = [" It was the floor.", " 11 to 15."]
    recognizer._transcribe = lambda encoded: (hypotheses, [-1.0, -2.0], 0.1)
    details: dict = {}
    meaning, _, _ = recognizer._decide(np.zeros(16000, np.float32), grammar, None, details)
    # read and scored, but the first hypothesis was other words: only a candidate that
    # pocketsphinx must confirm (" Good morning." then " 2 to 6." for a "pick up eight")
    assert meaning.kind == "nothing" and meaning.reason == "unsure"
    assert recognizer._candidate[0].move == Board().parse_move("11-15")
    assert details["hypothesis"] == 1 and details["margin"] == pytest.approx(9.5)
    # the first hypothesis alone is no phrase: the position's phrases are searched instead,
    # and a move found so is only asked about
    hypotheses[1:] = []
    meaning, _, _ = recognizer._decide(np.zeros(16000, np.float32), grammar, None, {})
    assert meaning.kind == "nothing"
