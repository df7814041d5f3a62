"""Whatever Whisper's beam writes, the recogniser decides without failing, and never acts on an
illegal move.

Whisper's beam can hold anything: squares out of range, a square repeated in a loop (" 22 18 18
18 18" from tiny.en), commands run together, punctuation alone. The model is replaced here (its
beam and its scores drawn at random) so that only the app's own reading and rules are tried.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice.grammar import build_grammar

from checkers_desktop.speech.voice.result import VoiceResult
from checkers_desktop.speech.voice.twostage import TwoStageRecognizer

from test_voice_refusals import LOOPED, SEVENTEEN, SOUND, _Fake, _whisper

WORDS = (" 1", " 2", " 9", " 11", " 13", " 14", " 15", " 17", " 18", " 20", " 21", " 22", " 24",
         " 25", " 30", " 32", " 33", " 0", " 2.", " to", " takes", " jumps", " Pick up", " pick",
         " up", " from", " move", " please", " Yes", " yes", " No", " no", " Help", " Hint",
         " Undo", " Read the board", " Whose turn?", " Time", " Offer draw", " Resign", " Hmm",
         " the", " with", " 20 to", ",", ".", "!", "?", " 22 18 18 18", " King", " x", "-")
POSITIONS = (Board().fen(), SEVENTEEN, LOOPED, "W:W30:B1,21", "B:W30:B9,6",
             "B:WK14:BK10,K18")

texts = st.lists(st.sampled_from(WORDS), min_size=0, max_size=9).map("".join)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hypotheses=st.lists(texts, min_size=1, max_size=3),
       scores=st.lists(st.floats(-15, 0, allow_nan=False), min_size=1, max_size=3),
       fen=st.sampled_from(POSITIONS), confirming=st.booleans(),
       selected=st.one_of(st.none(), st.sampled_from((1, 9, 11, 17, 22, 30))),
       sphinx=st.sampled_from(("nothing", "first legal", "yes", "no")))
def test_any_beam_is_decided_without_failing_and_no_illegal_move_is_played(
        hypotheses, scores, fen, confirming, selected, sphinx):
    board = Board(fen)

    def whisper():
        return _whisper(hypotheses, {h: s for h, s in zip(hypotheses, scores)},
                        beam_scores=[scores[i % len(scores)] for i in range(len(hypotheses))])

    grammar = build_grammar(board, selected=selected, confirming=confirming)
    # the app's reading of the beam itself: a fault here would be hidden as "not understood"
    meaning, _, _ = whisper()._decide(np.zeros(16000, np.float32), grammar, None, {})
    assert meaning.kind in ("move", "pick-up", "square", "command", "nothing")
    if meaning.move is not None:
        assert meaning.move in board.legal_moves
    # and the whole decode, checked by a pocketsphinx that heard something of its own
    legal = board.legal_moves
    second = {"nothing": VoiceResult("nothing", reason="not-understood"),
              "first legal": VoiceResult("move", heard="", move=legal[0]) if legal else
              VoiceResult("nothing", reason="not-understood"),
              "yes": VoiceResult("command", heard="yes", command="yes"),
              "no": VoiceResult("command", heard="no", command="no")}[sphinx]
    result = TwoStageRecognizer(whisper(), _Fake(second)).decode_pcm(
        SOUND, board, selected=selected, confirming=confirming)
    if result.move is not None:
        assert result.move in legal
    if confirming and result.command == "yes":
        assert any(h.strip(" .!").lower() in ("yes", "yeah", "yep") for h in hypotheses)
