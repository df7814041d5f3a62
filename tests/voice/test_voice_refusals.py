"""What must never be acted on: an illegal move said (refused by name, never played as its legal
neighbour), a hesitation or a cough (never a move, a command or a "yes"), a "no" (never a "yes"),
other people's talk (never a command).

The decoding rules are checked with Whisper's scores set by the test (no model needed); the
whole path, audio to game, on speech rendered with espeak-ng through the app's recogniser (slow,
skipped without espeak-ng or the Whisper model)."""

from __future__ import annotations

import io
import math
import shutil
import subprocess
import wave
from typing import Any, Optional

import numpy as np
import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.session.voice import VoiceSession
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.speech.voice import Confirmation, simulate
from checkers_desktop.speech.voice.grammar import Interpretation
from checkers_desktop.speech.voice.phrases import is_chatter, is_filler, said_move
from checkers_desktop.speech.voice.result import VoiceResult
from checkers_desktop.speech.voice.twostage import TwoStageRecognizer
from checkers_desktop.speech.voice.whisper import WhisperRecognizer
from whisper_model import HAVE_MODEL
from checkers_desktop.texts import voice as voice_texts
from checkers_desktop.texts.voice import illegal_move_text

SEVENTEEN = "W:W17,30:B1,10,14"
START = Board().fen()
"""White (Red) to move: the man on 17 can go to 13 only (14 is taken, and 10 behind it), the man
on 30 to 25 or 26; "seventeen to fourteen" is not legal, 17-13 is its neighbour."""


class _Fake:
    """A pocketsphinx stand-in that returns a set result."""

    def __init__(self, result: VoiceResult) -> None:
        self.result = result

    def decode_pcm(self, pcm: bytes, board: Board, profile: Any = None, **kw: Any) -> VoiceResult:
        return self.result


def _whisper(hypotheses: list[str], scores: dict[str, float],
             no_speech: float = 0.01, end_first: float = -20.0,
             beam_scores: Optional[list[float]] = None) -> WhisperRecognizer:
    """A Whisper recogniser whose model is replaced: it writes ``hypotheses`` (the beam's own
    scores ``beam_scores``, else -1 each) and scores each text by ``scores`` (log-probability;
    per token for the search, every other text -12); ``end_first`` is its log-probability of
    writing nothing at all."""
    recognizer = WhisperRecognizer(search_commands_alone=False, phrase_no_speech=0.6)
    recognizer._model = object()  # loaded: nothing else is read from it
    recognizer.prune_rivals = False  # scores set per text, not per token
    recognizer._np = np
    recognizer._encode = lambda samples: (None, 100)  # type: ignore[method-assign]
    recognizer._transcribe = lambda encoded: (  # type: ignore[method-assign]
        hypotheses, beam_scores or [-1.0] * len(hypotheses), no_speech)
    recognizer._score = lambda encoded, frames, texts, mean=False: [  # type: ignore
        scores.get(t, -12.0) for t in texts]
    recognizer._end_first = lambda encoded: end_first  # type: ignore[method-assign]
    return recognizer


SOUND = simulate.to_pcm16(np.full(16000, 0.1, np.float32))


def _decode(whisper: WhisperRecognizer, sphinx: VoiceResult, fen: str,
            confirming: bool = False) -> VoiceResult:
    two = TwoStageRecognizer(whisper, _Fake(sphinx))
    return two.decode_pcm(SOUND, Board(fen), confirming=confirming)


def _move(fen: str, pdn: str) -> VoiceResult:
    move = Board(fen).parse_move(pdn)
    return VoiceResult("move", heard=pdn, move=move)


# --- an illegal move said -------------------------------------------------------------------
def test_an_illegal_move_that_fits_the_audio_best_is_refused_by_name_not_played_as_legal():
    """Whisper wrote the legal 17-13, but "17 to 14" (not legal: 14 is taken) fits the audio
    better: the illegal phrase is what was said, and is named."""
    whisper = _whisper([" 17 to 13."], {" 17 to 13.": -3.0, " 17 to 14.": -2.5})
    result = _decode(whisper, _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert result.kind == "nothing" and result.reason == "not-legal"
    assert result.move is None and result.heard == "seventeen to fourteen"


def test_an_illegal_move_written_is_never_searched_onto_its_legal_neighbour():
    """Whisper wrote "17 to 14"; 17-13 scores best among the position's phrases and
    pocketsphinx, whose grammar favours the legal moves, heard 17-13: still refused, by name."""
    whisper = _whisper([" 17 to 14."], {" 17 to 13.": -0.2, " 17 to 14.": -0.9})
    result = _decode(whisper, _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert result.kind == "nothing" and result.reason == "not-legal"
    assert result.heard == "seventeen to fourteen"


def test_the_search_over_the_position_scores_illegal_steps_as_rivals():
    """A fragment (" 17.") makes the app score the position's phrases: the illegal step 17-14
    is among them, and when it fits best the move is refused, never taken as 17-13."""
    whisper = _whisper([" 17."], {" 17 to 14.": -0.3, " 17 to 13.": -0.6, " 17.": -0.4})
    result = _decode(whisper, _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert result.move is None and result.reason == "not-legal"
    assert said_move(result.heard) == ((17, 14), False)


def test_an_illegal_move_is_named_from_the_beam_when_another_hypothesis_fits_better():
    """"twenty to eleven" written " 22 11." first and " 20 to 11." second: the second fits the
    audio better and is named."""
    whisper = _whisper([" 22 11.", " 20 to 11."], {" 22 11.": -3.0, " 20 to 11.": -1.5})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.reason == "not-legal" and result.heard == "twenty to eleven"


def test_an_illegal_move_along_a_diagonal_is_named_before_a_slightly_better_one_off_it():
    """" 22 11." (no step or jump) fits the audio a little better than " 20 to 11." (a jump):
    players name squares on one diagonal, so "twenty to eleven" is named."""
    whisper = _whisper([" 22 11.", " 20 to 11."], {" 22 11.": -2.0, " 20 to 11.": -2.5})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.reason == "not-legal" and result.heard == "twenty to eleven"


def test_an_illegal_move_is_named_with_a_square_misheard_when_that_step_fits_better():
    """" 24 to 25." written (no step: 24 and 25 are not on one diagonal), but the step
    " 21 to 25." into the same square fits the audio better: "twenty one to twenty five"
    (not legal either) is named, not what was written."""
    fen = "W:W30:B1,21"  # Red to move: the man on 30 only; 21-25 is no move of Red's
    whisper = _whisper([" 24 to 25."], {" 24 to 25.": -2.0, " 21 to 25.": -1.0})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), fen)
    assert result.reason == "not-legal" and result.heard == "twenty one to twenty five"


def test_an_illegal_step_is_named_before_a_text_off_the_diagonals_that_fits_much_better():
    """" 9 to 16." (off the diagonals) fits the audio 2.2 better than " 9 to 6." (a step):
    the step is what players say, and is named."""
    fen = "B:W30:B9,6"  # Black to move: 9-6 goes backwards, 9-16 is no step at all
    whisper = _whisper([" 9 to 16.", " 9 to 6."], {" 9 to 16.": -0.1, " 9 to 6.": -2.3})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), fen)
    assert result.reason == "not-legal" and result.heard == "nine to six"


def test_twenty_two_then_a_square_is_also_read_as_twenty_to_it_which_sounds_the_same():
    """" 22 11." is also "twenty to eleven" (the same sounds): that reading is a jump along a
    diagonal, 22-11 no move at all, so "twenty to eleven" is named."""
    whisper = _whisper([" 22 11."], {" 22 11.": -0.02})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.reason == "not-legal" and result.heard == "twenty to eleven"
    # the same when the beam wrote " 20 to 11." too, scored lower on the audio
    whisper = _whisper([" 22 11.", " 20 to 11."], {" 22 11.": -0.02, " 20 to 11.": -4.0})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.reason == "not-legal" and result.heard == "twenty to eleven"


LOOPED = "W:W12,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,21"
"""A position in which Whisper tiny.en, stuck repeating itself, wrote " 22 18 18 18 18" for a
recorded "twenty two to eighteen" (Red's 22-18 is legal, 22-18-18... is no move)."""


def test_a_square_repeated_in_a_loop_is_refused_not_a_failure_of_the_recogniser():
    """A beam of looped squares has no move to name the illegal reading by (every path repeats a
    square); the reading is refused as written instead of failing the recogniser, which would
    switch voice input off."""
    from checkers_desktop.speech.voice.grammar import build_grammar

    hypotheses = [" 22 18 18 18 18", " 22 18 18 18", " 22 18 18"]
    whisper = _whisper(hypotheses, {})
    meaning, heard, _ = whisper._decide(np.zeros(16000, np.float32),
                                        build_grammar(Board(LOOPED)), None, {})
    assert meaning.kind == "nothing" and meaning.reason == "not-legal"
    result = _decode(_whisper(hypotheses, {}), VoiceResult("nothing", reason="not-understood"),
                     LOOPED)
    assert result.kind == "nothing" and result.move is None


def test_a_fault_deciding_one_utterance_refuses_it_and_voice_input_goes_on(monkeypatch):
    """A fault in the app's own reading of an utterance is that utterance not understood (and
    logged); the next one is decoded as ever."""
    whisper = _whisper([" 17 to 13."], {" 17 to 13.": -0.1})
    calls = []
    real = WhisperRecognizer._decide

    def faulty(self, *args):
        calls.append(1)
        if len(calls) == 1:
            raise IndexError("list index out of range")
        return real(self, *args)

    monkeypatch.setattr(WhisperRecognizer, "_decide", faulty)
    first = whisper.decode_pcm(SOUND, Board(SEVENTEEN))
    assert first.kind == "nothing" and first.reason == "not-understood" and first.move is None
    second = whisper.decode_pcm(SOUND, Board(SEVENTEEN))
    assert second.kind == "move" and second.move == Board(SEVENTEEN).parse_move("17-13")


def test_a_failure_of_the_model_itself_still_says_the_recogniser_failed():
    """When the model cannot run (here its beam search raises), no utterance can be decoded:
    that is told as the recogniser failing, as before."""
    from types import SimpleNamespace

    from checkers_desktop.speech.voice.result import RecognizerUnavailableError

    class Broken:
        def generate(self, *args, **kwargs):
            raise RuntimeError("std::bad_alloc")

    whisper = _whisper([" 17 to 13."], {" 17 to 13.": -0.1})
    whisper._model = Broken()
    whisper._prompt_ids, whisper._start = [], []
    whisper._tokenizer = SimpleNamespace(no_timestamps=0, eot=1)
    whisper._transcribe = WhisperRecognizer._transcribe.__get__(whisper)  # the real one
    with pytest.raises(RecognizerUnavailableError, match="bad_alloc"):
        whisper.decode_pcm(SOUND, Board(SEVENTEEN))


def test_an_illegal_move_in_a_later_hypothesis_is_refused_by_name_not_searched():
    """The first hypothesis has other words (" 17 to 14 to your move."), the second is the
    illegal "17 to 14" alone: refused by name, though 17-13 scores best among the phrases."""
    whisper = _whisper([" 17 to 14 to your move.", " 17 to 14."],
                       {" 17 to 13.": -0.2, " 17 to 14.": -0.9,
                        " 17 to 14 to your move.": -0.5})
    result = _decode(whisper, _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert result.move is None and result.reason == "not-legal"
    assert result.heard == "seventeen to fourteen"


def test_the_search_scores_steps_from_a_square_heard_whose_piece_cannot_move():
    """"fourteen to eighteen" (Black's man, White to move) written " 14.": the search scores
    the steps and jumps from and into 14 too, and the illegal 14-18 is named."""
    whisper = _whisper([" 14."], {" 14 to 18.": -0.3, " 14.": -0.4})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.move is None and result.reason == "not-legal"
    assert said_move(result.heard) == ((14, 18), False)


def test_pocketsphinx_hearing_an_illegal_move_names_it_when_whisper_is_unsure():
    whisper = _whisper([" 17 to 13."], {" 17 to 13.": -3.0, " 30 to 26.": -4.0})
    refused = VoiceResult("nothing", heard="seventeen to fourteen", reason="not-legal")
    result = _decode(whisper, refused, SEVENTEEN)
    assert result.move is None and result.reason == "not-legal"
    assert result.heard == "seventeen to fourteen"


def test_an_illegal_move_pocketsphinx_heard_far_from_whisper_s_candidate_is_not_named():
    """Whisper is unsure of 30-26 (30-25 close behind); pocketsphinx heard "seventeen to
    fourteen", which shares no square with it: the player is asked about Whisper's moves,
    not told that a move nobody said is not legal. Nothing is played either way."""
    whisper = _whisper([" 30 to 26."], {" 30 to 26.": -3.0, " 30 to 25.": -3.5})
    refused = VoiceResult("nothing", heard="seventeen to fourteen", reason="not-legal")
    result = _decode(whisper, refused, SEVENTEEN)
    assert result.move is None and result.reason == "unsure"
    assert result.heard != "seventeen to fourteen"
    assert [r.move.pdn() for r in result.rivals][:1] == ["30-26"]


# --- words the model leaves out ---------------------------------------------------------------
def test_a_move_said_with_square_is_scored_as_said_so_the_square_misheard_is_not_played():
    """"I'll go eleven to square fifteen": the model leaves "square" out and writes the number
    after it wrongly (" I'll go 11 to 16."), 4.5 above " I'll go 11 to 15.", past the move
    margin. Said with "square", 11-15 fits the audio better: 11-16 is not played, even with
    pocketsphinx hearing it too; the player is asked which move was meant."""
    scores = {" I'll go 11 to 16.": -2.0, " I'll go 11 to 15.": -6.5,
              " I'll go 11 to square 15.": -1.0, " I'll go 11 to square 16.": -9.0}
    result = _decode(_whisper([" I'll go 11 to 16."], scores), _move(START, "11-16"), START)
    assert result.move is None and result.reason == "unsure"
    assert {m.move.pdn() for m in result.rivals if m.move} == {"11-15", "11-16"}
    assert result.details["square_forms"] == 2 + 2 * 6  # the move and its six legal rivals
    old = _whisper([" I'll go 11 to 16."], scores)
    old.square_forms = 0
    assert _decode(old, _move(START, "11-16"), START).move == Board(START).parse_move("11-16")


def test_a_move_said_without_square_still_stands():
    scores = {" 11 to 15.": -0.5, " 11 to 16.": -7.0, " 11 to square 15.": -6.0,
              " Square 11 to square 15.": -8.0, " 11 to square 16.": -9.0}
    result = _decode(_whisper([" 11 to 15."], scores), _move(START, "11-15"), START)
    assert result.move == Board(START).parse_move("11-15")


def test_the_forms_with_square_in_the_transcript_s_own_words():
    from checkers_desktop.speech.voice.whisper import _with_square

    assert _with_square(" I'll go {0} to {1}.", " I'll go 14 to 18.") == [
        " I'll go 14 to square 18.", " I'll go square 14 to square 18."]
    assert _with_square(" {0} to {1}.", " 14 to 18.") == [" 14 to square 18.",
                                                         " Square 14 to square 18."]
    assert _with_square(" Pick up {0}.", " Pick up 11.") == [" Pick up square 11."]
    assert _with_square(" {0} to {1}.", " Pick up 11.") == []  # a rival in other words


def test_only_rivals_whose_squares_could_be_heard_for_the_move_s_are_scored_with_square():
    from checkers_desktop.speech.voice.whisper import _heard_for

    assert _heard_for(" I'll go 14 to 18.", " I'll go 14 to 17.")  # eighteen, seventeen
    assert _heard_for(" From 5 to 9.", " From 25 to 29.")  # "twenty five" holds "five"
    assert not _heard_for(" 23 to 26.", " 11 to 15.")
    assert not _heard_for(" 26 takes 17 takes 10.", " 26 takes 17.")


# --- a result the beam itself was torn about -------------------------------------------------
def test_a_pick_up_whose_beam_names_another_close_pick_up_is_asked_about_never_played():
    """Whisper wrote " Pick up 11." with " Pick up 10." close behind in its beam: the audio
    scores 11 well above 10, and pocketsphinx heard 11 too, yet the model itself was torn, so
    the player is asked "Did you say pick up eleven or pick up ten?" and nothing is played."""
    whisper = _whisper([" Pick up 11.", " Give up 11.", " Pick up 10."],
                       {" Pick up 11.": -1.0, " Pick up 10.": -7.0})
    whisper._transcribe = lambda encoded: (  # type: ignore[method-assign]
        [" Pick up 11.", " Give up 11.", " Pick up 10."], [-0.01, -1.2, -1.39], 0.01)
    start = Board().fen()
    result = _decode(whisper, VoiceResult("pick-up", heard="pick up eleven", square=11), start)
    assert result.kind == "nothing" and result.reason == "unsure"
    assert [m.square for m in result.rivals] == [11, 10]


def test_a_move_read_from_a_later_hypothesis_needs_pocketsphinx_to_have_heard_it():
    """The beam's first hypothesis was other words (" Good morning."), its second " 11 to
    15.": that move, however well it scores, stands only when pocketsphinx heard 11-15."""
    hypotheses = [" Good morning.", " 11 to 15.", " Do you have any?"]
    start = Board().fen()
    whisper = _whisper(hypotheses, {" 11 to 15.": -1.0})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), start)
    assert result.move is None and result.reason == "unsure"
    whisper = _whisper(hypotheses, {" 11 to 15.": -1.0})
    result = _decode(whisper, _move(start, "11-15"), start)
    assert result.move == Board().parse_move("11-15")


def test_a_move_read_after_an_illegal_hypothesis_is_judged_on_its_margins_alone():
    """" 16 to 13." (not possible: a square misheard) before " 17 to 13.": the legal move is
    read and stands on its margins, with no need of pocketsphinx; after " Good morning." it
    needs pocketsphinx."""
    nothing = VoiceResult("nothing", reason="not-understood")
    whisper = _whisper([" 16 to 13.", " 17 to 13."], {" 17 to 13.": -1.0})
    result = _decode(whisper, nothing, SEVENTEEN)
    assert result.move == Board(SEVENTEEN).parse_move("17-13")
    whisper = _whisper([" Good morning.", " 17 to 13."], {" 17 to 13.": -1.0})
    result = _decode(whisper, nothing, SEVENTEEN)
    assert result.move is None and result.reason == "unsure"


def test_a_move_behind_other_words_and_an_illegal_move_needs_pocketsphinx():
    """" It is me for now." then " 16 to 13." then " 17 to 13.": the model's best was other words
    (talk, "press zero for help"), so the illegal move behind it does not make the legal one
    stand on Whisper's margins alone; pocketsphinx hearing 17-13 too makes it stand."""
    beam = [" It is me for now.", " 16 to 13.", " 17 to 13."]
    nothing = VoiceResult("nothing", reason="not-understood")
    result = _decode(_whisper(beam, {" 17 to 13.": -1.0}), nothing, SEVENTEEN)
    assert result.move is None and result.reason == "unsure"
    assert result.details["later_hypothesis"] == 2
    result = _decode(_whisper(beam, {" 17 to 13.": -1.0}), _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert result.move == Board(SEVENTEEN).parse_move("17-13")
    # squares misheard in both earlier hypotheses (40 is no square, but 17 is): judged on the
    # margins alone, as before
    beam = [" 17 to 14.", " 17 to 40.", " 17 to 13."]
    result = _decode(_whisper(beam, {" 17 to 13.": -1.0}), nothing, SEVENTEEN)
    assert result.move == Board(SEVENTEEN).parse_move("17-13")


def test_a_move_not_beyond_doubt_is_not_confident_so_it_is_read_back_whatever_the_setting():
    """A move read from the first hypothesis with a wide margin may be played unasked; one that
    passes the move margin but not the unasked margin, one read from a later hypothesis, and
    one taken on pocketsphinx's agreement are not ``confident``."""
    nothing = VoiceResult("nothing", reason="not-understood")
    move = Board(SEVENTEEN).parse_move("17-13")
    wide = _decode(_whisper([" 17 to 13."], {" 17 to 13.": -1.0}), nothing, SEVENTEEN)
    assert wide.move == move and wide.confident and wide.details["margin"] >= 5.0
    # 4.5 above its best legal rival: enough to stand (MOVE_MARGIN 4), not to play unasked
    scores = {" 17 to 13.": -1.0, " 30 to 26.": -5.5, " 30 to 25.": -5.5}
    close = _decode(_whisper([" 17 to 13."], scores), nothing, SEVENTEEN)
    assert close.move == move and close.details["margin"] == pytest.approx(4.5)
    assert not close.confident
    later = _decode(_whisper([" 16 to 13.", " 17 to 13."], {" 17 to 13.": -1.0}), nothing,
                    SEVENTEEN)
    assert later.move == move and later.details["hypothesis"] == 1 and not later.confident
    scores = {" 17 to 13.": -1.0, " 30 to 26.": -4.0, " 30 to 25.": -4.0}
    agreed = _decode(_whisper([" 17 to 13."], scores), _move(SEVENTEEN, "17-13"), SEVENTEEN)
    assert agreed.move == move and agreed.details["agreed"] and not agreed.confident
    # the threshold can be set (benchmarks/voice.py --set unasked_margin=...)
    recognizer = _whisper([" 17 to 13."], {" 17 to 13.": -1.0, " 30 to 26.": -5.5,
                                           " 30 to 25.": -5.5})
    recognizer.unasked_margin = 4.0
    assert _decode(recognizer, nothing, SEVENTEEN).confident


def test_a_move_an_illegal_look_alike_nearly_fits_is_not_confident():
    """"I resign" heard as 5-9: the legal rivals far below, an illegal look-alike (" 1 to 9.")
    only 1.2 behind. The move stands (DECOY_MARGIN) but is read back; 3 behind, it may be
    played unasked (UNASKED_DECOY_MARGIN 2)."""
    nothing = VoiceResult("nothing", reason="not-understood")
    move = Board(SEVENTEEN).parse_move("17-13")
    near = _decode(_whisper([" 17 to 13."], {" 17 to 13.": -1.0, " 17 to 3.": -2.2}), nothing,
                   SEVENTEEN)
    assert near.move == move and near.details["margin"] >= 5.0
    assert near.details["decoy"] == " 17 to 3." and near.details["decoy_margin"] == \
        pytest.approx(1.2)
    assert not near.confident
    apart = _decode(_whisper([" 17 to 13."], {" 17 to 13.": -1.0, " 17 to 3.": -4.0}), nothing,
                    SEVENTEEN)
    assert apart.move == move and apart.confident


def test_a_move_not_confident_is_read_back_though_only_resign_and_draw_are_confirmed():
    """The player confirms only resigning and draw offers: a confident move is played at once,
    one that is not is read back and waits for "yes"."""
    game, synth, voice = _game(SEVENTEEN, confirmation=Confirmation.RESIGN_AND_DRAW)
    move = Board(SEVENTEEN).parse_move("17-13")
    voice.heard(VoiceResult("move", heard="seventeen to thirteen", move=move, confident=False),
                voice.listening_state())
    assert voice.pending is not None and game.board.fen() == Board(SEVENTEEN).fen()
    # asked as a doubt, so that the player knows why a move is read back at all
    assert "Did you say seventeen to thirteen? Say yes or no." in synth.spoken
    voice.heard(VoiceResult("command", heard="yes", command="yes"), voice.listening_state())
    assert voice.pending is None and game.board.fen() != Board(SEVENTEEN).fen()
    game2, synth2, voice2 = _game(SEVENTEEN, confirmation=Confirmation.RESIGN_AND_DRAW)
    voice2.heard(VoiceResult("move", heard="seventeen to thirteen", move=move),
                 voice2.listening_state())
    assert voice2.pending is None and game2.board.fen() != Board(SEVENTEEN).fen()
    # "Heard: ..." is shown, not spoken: the move's own announcement follows and says it
    assert voice2.last_feedback == "Heard: seventeen to thirteen."
    assert "Heard: seventeen to thirteen." not in synth2.spoken
    assert any("seventeen to thirteen" in t for t in synth2.spoken)


def test_a_yes_or_no_after_did_you_say_this_or_that_asks_for_the_move_again():
    """"Did you say seventeen to thirteen or thirty to twenty-six?" is answered by saying the
    move: a "yes" or "no" said to it gets "Please say the move you meant again.", not "There is
    nothing to confirm.", and plays nothing; once anything else is said, "yes" has nothing to
    confirm again."""
    game, synth, voice = _game(SEVENTEEN)
    board = Board(SEVENTEEN)
    rivals = (Interpretation("move", move=board.parse_move("17-13")),
              Interpretation("move", move=board.parse_move("30-26")))
    voice.heard(VoiceResult("nothing", heard="seventeen to thirteen", reason="unsure",
                            rivals=rivals), voice.listening_state())
    assert voice.last_feedback.startswith("Did you say seventeen to thirteen or thirty to")
    for answer in ("no", "yes"):
        voice.heard(VoiceResult("command", heard=answer, command=answer),
                    voice.listening_state())
        assert voice.last_feedback == voice_texts.say_which_move_text()
        assert voice.last_feedback in synth.spoken and voice.pending is None
    assert game.board.fen() == board.fen()
    voice.heard(VoiceResult("nothing", heard="", reason="not-understood"),
                voice.listening_state())
    voice.heard(VoiceResult("command", heard="yes", command="yes"), voice.listening_state())
    assert voice.last_feedback == voice_texts.nothing_to_confirm_text()


def _game(fen: str, question: Optional[list[bool]] = None,
          confirmation: Confirmation = Confirmation.EVERY_MOVE
          ) -> tuple[GameSession, FakeSynth, VoiceSession]:
    """A game on ``fen`` with voice; ``question``: a one-item list, whether a yes/no question
    is open on screen (the test may change it), answered by voice into the list's end;
    ``confirmation``: the player's setting."""
    synth = FakeSynth()
    scheduler = ManualScheduler()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler, level=1,
                       poll_seconds=0)
    game.new_game(Mode.TWO_PLAYERS, WHITE if Board(fen).turn is WHITE else BLACK, fen=fen)

    class Host:
        def answer_question(self, yes: bool) -> bool:
            if question and question[0]:
                question.append(yes)
                return True
            return False

        def question_open(self) -> bool:
            return bool(question and question[0])

        def __getattr__(self, name: str) -> Any:
            return lambda *a, **k: None

    voice = VoiceSession(game, Host(), lambda: confirmation)
    return game, synth, voice


def test_the_game_names_an_illegal_move_said_and_what_the_piece_can_do():
    game, synth, voice = _game(SEVENTEEN)
    before = game.board.fen()
    result = VoiceResult("nothing", heard="seventeen to fourteen", reason="not-legal")
    voice.heard(result, voice.listening_state())
    assert game.board.fen() == before and voice.pending is None
    said = ("Seventeen to fourteen is not a legal move: the man on seventeen can go to "
            "thirteen.")
    assert voice.last_feedback == said and said in " ".join(synth.spoken)
    # a square without a piece of the player to move
    voice.heard(VoiceResult("nothing", heard="ten to six", reason="not-legal"),
                voice.listening_state())
    assert voice.last_feedback == "Ten to six is not a legal move: you have no piece on ten."


def test_an_answer_not_taken_asks_the_question_again_then_says_how_to_be_heard():
    """A "yes" the recogniser was unsure of (or a sound not understood) while a move read back
    waits: nothing is played, the question is asked again (not "please say it again", which
    leaves the player to remember what was asked), and from the second time in a row how to be
    heard. A new question starts the count again."""
    game, synth, voice = _game(SEVENTEEN)
    before = game.board.fen()
    move = Board(SEVENTEEN).parse_move("17-13")
    voice.heard(VoiceResult("move", heard="seventeen to thirteen", move=move),
                voice.listening_state())
    question = "Seventeen to thirteen? Say yes or no."
    assert voice.pending is not None and question in synth.spoken
    unsure = VoiceResult("nothing", heard="yes", reason="unsure")
    voice.heard(unsure, voice.listening_state())
    assert voice.last_feedback == f"I heard 'yes', but I am not sure. {question}"
    voice.heard(VoiceResult("nothing", heard="", reason="not-understood"),
                voice.listening_state())
    assert voice.last_feedback == ("I did not understand. Say yes or no on its own, close to "
                                   f"the microphone. {question}")
    assert voice.last_feedback in synth.spoken
    voice.heard(VoiceResult("nothing", heard="", reason="silence"), voice.listening_state())
    assert voice.last_feedback == f"{voice_texts.nothing_heard_text()} {question}"
    assert game.board.fen() == before and voice.pending is not None
    voice.heard(VoiceResult("command", heard="no", command="no"), voice.listening_state())
    assert voice.pending is None
    voice.heard(VoiceResult("move", heard="seventeen to thirteen", move=move),
                voice.listening_state())
    voice.heard(unsure, voice.listening_state())
    assert voice.last_feedback == f"I heard 'yes', but I am not sure. {question}"
    said = len(synth.spoken)
    voice.heard(VoiceResult("command", heard="yes", command="yes"), voice.listening_state())
    assert game.board.fen() != before and voice.pending is None
    # the move played is announced; "Heard: yes." is only shown (said, the announcement right
    # after it would cut it short)
    assert "Heard: yes." not in synth.spoken[said:]
    assert any("seventeen to thirteen" in t for t in synth.spoken[said:])


def test_between_two_players_resign_and_draw_offers_are_not_taken_by_voice():
    """The recogniser cannot tell which of two players spoke: one player's "resign" (then
    "yes") would resign the side to move. Refused with the reason; the game goes on."""
    game, synth, voice = _game(SEVENTEEN)
    for name in ("resign", "offer-draw"):
        voice.heard(VoiceResult("command", heard=name, command=name), voice.listening_state())
        assert voice.pending is None and game.running
        assert voice.last_feedback == voice_texts.keyboard_only_between_players_text(name)
    assert "with the keyboard" in voice.last_feedback
    game.new_game(Mode.COMPUTER, BLACK, fen=Board().fen())  # against the computer: asked
    voice.heard(VoiceResult("command", heard="resign", command="resign"),
                voice.listening_state())
    assert voice.pending is not None and voice.pending.command == "resign"


def test_a_jump_said_where_another_must_be_taken_names_the_compulsory_jumps():
    text = illegal_move_text((22, 13), True, "man", (), False, ((23, 14),))
    assert text == ("Twenty-two takes thirteen is not a legal move: a jump must be taken, "
                    "twenty-three takes fourteen.")


# --- fillers, other talk, "no" ----------------------------------------------------------------
@pytest.mark.parametrize("text", ["Hmm.", "Uh.", "Um...", "Ahem.", "(coughs)", "[laughter]",
                                  "Ha ha ha.", "[BLANK_AUDIO]"])
def test_a_filler_is_never_a_move_a_command_or_a_yes(text):
    assert is_filler(text)
    # the position's phrases would fit it (a command, a move), and pocketsphinx agrees
    whisper = _whisper([text], {" Whose turn?": -0.1, " 30 to 26.": -0.2, " Hint.": -0.3,
                                 " Yes.": -0.5, " No.": -6.0, text: -0.4})
    for sphinx in (VoiceResult("command", heard="whose turn", command="whose-turn"),
                   _move(SEVENTEEN, "30-26")):
        result = _decode(whisper, sphinx, SEVENTEEN)
        assert result.kind == "nothing", (text, result)
    answer = _decode(whisper, VoiceResult("command", heard="yes", command="yes"), SEVENTEEN,
                     confirming=True)
    assert answer.command != "yes"


@pytest.mark.parametrize("text", ["Press 0 for help.", "That was a nice move.",
                                  "Is it my turn yet?", "Can you hear me?", "What time is it?"])
def test_other_speech_is_no_command(text):
    whisper = _whisper([text], {" Help.": -0.1, " Last move.": -0.1, " Whose turn?": -0.1,
                                " Read the board.": -0.2, text: -0.3})
    for name, words in (("help", "help"), ("last-move", "last move"),
                        ("whose-turn", "whose turn"), ("read-board", "read the board")):
        result = _decode(whisper, VoiceResult("command", heard=words, command=name), SEVENTEEN)
        assert result.kind == "nothing", (text, result)


def test_chatter_and_fillers_are_told_from_phrases():
    for text in ("Read the board.", "I'll go 11 to 15, please.", "Uh, 11 to 15.", "Pick up 9.",
                 "Yes.", "No."):
        assert not is_filler(text) and not is_chatter(text), text
    assert is_chatter("Press 0 for help.") and is_chatter("how is your wife doing these days")


def test_a_no_is_never_a_yes():
    """A "no" that Whisper's beam also wrote as " Yes." (other talkers), with " Yes." scoring
    above " No." by more than the yes margins, and pocketsphinx hearing neither: not a yes."""
    whisper = _whisper([" Yes.", " No."], {" Yes.": -1.0, " No.": -5.0})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN,
                     confirming=True)
    assert result.command != "yes"
    whisper = _whisper([" No, yes."], {" Yes.": -1.0, " No.": -5.0})
    result = _decode(whisper, VoiceResult("command", heard="yes", command="yes"), SEVENTEEN,
                     confirming=True)
    assert result.command != "yes"


def test_a_clear_yes_is_still_a_yes():
    whisper = _whisper([" Yes."], {" Yes.": -0.5, " No.": -9.0})
    result = _decode(whisper, VoiceResult("command", heard="yes", command="yes"), SEVENTEEN,
                     confirming=True)
    assert result.command == "yes"


# --- the whole path, on speech ------------------------------------------------------------------
def needs_speech(test):
    """Marks ``test`` slow, and skipped where espeak-ng or the Whisper model is missing."""
    for mark in (pytest.mark.slow,
                 pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                    reason="espeak-ng, which says the phrases, is not installed"),
                 pytest.mark.skipif(not HAVE_MODEL, reason="the Whisper model is not installed")):
        test = mark(test)
    return test


def speak(text: str, voice: str = "en-us", rate: int = 150) -> np.ndarray:
    data = subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "--stdout", text],
                          check=True, capture_output=True).stdout
    with wave.open(io.BytesIO(data)) as w:
        rate_hz, frames = w.getframerate(), w.readframes(w.getnframes())
    x = simulate.from_pcm16(frames)
    if rate_hz != simulate.RATE:
        from scipy.signal import resample_poly

        g = np.gcd(rate_hz, simulate.RATE)
        x = resample_poly(x, simulate.RATE // g, rate_hz // g).astype(np.float32)
    return simulate.pad(x)


_APP: Optional[Any] = None


def _app() -> Any:
    global _APP
    if _APP is None:
        from checkers_desktop.speech.voice import VoiceRecognizer

        _APP = VoiceRecognizer(engine="two-stage")
        _APP.warm_up()
    return _APP


@pytest.mark.parametrize("voice", ["en-us", "en-gb-x-rp"])
@pytest.mark.parametrize("said, expected", [
    ("seventeen to fourteen", "Seventeen to fourteen is not a legal move: the man on seventeen "
                              "can go to thirteen."),
    ("thirty to twenty one", "Thirty to twenty-one is not a legal move: the man on thirty can "
                             "go to twenty-five or twenty-six."),
])
@needs_speech
def test_an_illegal_move_said_is_refused_by_name_and_never_played(voice, said, expected):
    game, synth, session = _game(SEVENTEEN)
    before = game.board.fen()
    state = session.listening_state()
    result = _app().decode_pcm(simulate.to_pcm16(speak(said, voice)), state.board.copy(),
                               state.profile)
    session.heard(result, state)
    assert game.board.fen() == before and session.pending is None
    assert session.last_feedback == expected, result


@pytest.mark.parametrize("voice", ["en-us", "en-gb-x-rp"])
@pytest.mark.parametrize("said", ["hmm", "uh", "ahem", "ha ha ha", "press zero for help",
                                  "that was a nice move"])
@needs_speech
def test_a_filler_or_chatter_said_is_neither_move_nor_command_nor_yes(said, voice):
    audio = simulate.to_pcm16(speak(said, voice))
    board = Board(SEVENTEEN)
    assert _app().decode_pcm(audio, board.copy()).kind == "nothing"
    assert _app().decode_pcm(audio, board.copy(), confirming=True).command != "yes"


def test_a_yes_must_stand_far_above_a_hesitation_and_a_no():
    """" Yes." written for a sound that fits " Hmm." nearly as well, or for a sound where " No."
    is close behind: the question is asked again (pocketsphinx heard "yes" all along)."""
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    near_hmm = _whisper([" Yes."], {" Yes.": -0.5, " No.": -12.0, " Hmm.": -2.0})
    result = _decode(near_hmm, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"
    near_no = _whisper([" Yes."], {" Yes.": -0.5, " No.": -4.5})
    result = _decode(near_no, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"


def test_a_yes_said_in_other_words_is_scored_as_it_was_said():
    """"Yes please" and "correct" are ways of saying yes that the grammar knows: each is scored
    on the audio as said, against " No." and "no" said the same way (" No please."), not as
    " Yes." alone, which fits them poorly. A "no please" close behind still asks again."""
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    please = {" Yes please.": -0.4, " Yes.": -8.0, " No.": -14.0, " No please.": -13.0}
    whisper = _whisper([" Yes please.", " Yes, please."], please, beam_scores=[0.0, -0.3])
    assert _decode(whisper, heard_yes, SEVENTEEN, confirming=True).command == "yes"
    whisper.yes_as_said = False  # scored as " Yes.": 6 above " No.", 4 above the hesitations
    result = _decode(whisper, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"
    near_no = _whisper([" Yes please."], dict(please, **{" No please.": -2.0}))
    result = _decode(near_no, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"
    correct = _whisper([" Correct."], {" Correct.": -0.3, " Yes.": -9.0, " No.": -13.0})
    assert _decode(correct, heard_yes, SEVENTEEN, confirming=True).command == "yes"
    alone = _whisper([" Yes."], {" Yes.": -0.3, " No.": -13.0, " Yes please.": -30.0})
    assert _decode(alone, heard_yes, SEVENTEEN, confirming=True).command == "yes"


def test_the_words_a_yes_is_scored_as():
    from checkers_desktop.speech.voice.whisper import _yes_as_said

    for alone in (" Yes.", " Yes!", " yes", " Yes, yes.", " Yes. Yes."):
        assert _yes_as_said(alone) == (" Yes.", [" No."])
    assert _yes_as_said(" Yes, please.") == (" Yes, please.", [" No.", " No, please."])
    assert _yes_as_said(" yes sir") == (" yes sir.", [" No.", " No sir."])
    assert _yes_as_said(" Correct.") == (" Correct.", [" No."])


def test_right_is_no_answer_wrong_is_sometimes_written_so():
    """Whisper writes "wrong" said as " Right." (7 of 45 on the tuning split) and cannot tell
    "right" from "write": " Right." alone is no "yes" to a question, however well it fits."""
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    right = _whisper([" Right."], {" Right.": -0.1, " Yes.": -9.0, " No.": -13.0})
    result = _decode(right, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes"
    that_s = _whisper([" That's right."], {" That's right.": -0.1, " No.": -13.0})
    assert _decode(that_s, heard_yes, SEVENTEEN, confirming=True).command == "yes"


def test_a_no_far_down_the_beam_leaves_a_clear_yes_a_yes():
    """A beam of three holding " Yes." and " yes." fills its third place with " No." however
    unlikely: a "yes" that beats "no" and the hesitations on the audio still counts when that
    " No." scores more than YES_BEAM_NO_GAP below it, and is asked again when it scores near."""
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    clear = {" Yes.": -0.1, " No.": -7.0}
    far = _whisper([" Yes.", " yes.", " No."], clear, beam_scores=[0.0, -4.1, -4.3])
    assert _decode(far, heard_yes, SEVENTEEN, confirming=True).command == "yes"
    near = _whisper([" Yes.", " yes.", " No."], clear, beam_scores=[0.0, -0.9, -1.2])
    result = _decode(near, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"
    above = _whisper([" No.", " Yes."], clear, beam_scores=[-0.2, -3.9])
    assert _decode(above, heard_yes, SEVENTEEN, confirming=True).command != "yes"


def test_a_yes_with_another_word_close_behind_in_the_beam_is_asked_again():
    """A short word said while a question waits ("just", "this") is written " Yes." with the
    word itself close behind: the model was torn, so the question is asked again; the same
    word far below (more than YES_BEAM_OTHER_GAP), and other "yes"es beside it, leave a "yes"."""
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    scores = {" Yes.": -0.1, " No.": -9.0}
    for beam, beam_scores in (([" Yes.", " Just."], [-0.2, -0.5]),
                              ([" Yes.", " This.", " Bess."], [-0.06, -1.1, -2.7]),
                              ([" Yes.", " Hint."], [0.0, -1.99])):
        whisper = _whisper(beam, scores, beam_scores=beam_scores)
        result = _decode(whisper, heard_yes, SEVENTEEN, confirming=True)
        assert result.command != "yes" and result.reason == "unsure", beam
    for beam, beam_scores in (([" Yes.", " Just."], [-0.2, -3.5]),
                              ([" Yes.", " yes.", " Yeah."], [0.0, -0.4, -0.9])):
        whisper = _whisper(beam, scores, beam_scores=beam_scores)
        assert _decode(whisper, heard_yes, SEVENTEEN, confirming=True).command == "yes", beam
    # the rule can be turned off (benchmarks/voice.py replays it)
    whisper = _whisper([" Yes.", " Just."], scores, beam_scores=[-0.2, -0.5])
    whisper.yes_beam_other_gap = -99
    assert _decode(whisper, heard_yes, SEVENTEEN, confirming=True).command == "yes"


def test_a_command_with_a_hesitation_among_the_beams_hypotheses_is_no_command():
    """A "mm" written " Hint." first and " Mm." second: the model itself heard a hesitation, so
    it is no command however well " Hint." fits; a "yes" so is asked again. A beam of the
    command alone still gives it."""
    for beam in ([" Hint.", " Mm."], [" Mm.", " Hint."], [" Hint.", " Hint me.", " Uh."]):
        whisper = _whisper(beam, {" Hint.": -0.1})
        result = _decode(whisper, VoiceResult("command", heard="hint", command="hint"),
                         SEVENTEEN)
        assert result.kind == "nothing" and result.command is None, beam
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    whisper = _whisper([" Yes.", " Hmm."], {" Yes.": -0.1})
    result = _decode(whisper, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes" and result.reason == "unsure"
    whisper = _whisper([" Hint.", " Hint me."], {" Hint.": -0.1})
    result = _decode(whisper, VoiceResult("nothing", reason="not-understood"), SEVENTEEN)
    assert result.command == "hint"


def test_a_short_sound_written_as_a_command_word_is_no_command():
    """An "ahem" written " Hint." that fits " Ahem." better on the audio is nothing."""
    whisper = _whisper([" Hint."], {" Hint.": -3.0, " Ahem.": -1.0})
    result = _decode(whisper, VoiceResult("command", heard="hint", command="hint"), SEVENTEEN)
    assert result.kind == "nothing"
    clear = _whisper([" Hint."], {" Hint.": -0.5, " Ahem.": -9.0})
    assert _decode(clear, VoiceResult("nothing", reason="silence"), SEVENTEEN).command == "hint"


def test_a_sound_written_no_while_a_question_waits_cancels_nothing():
    whisper = _whisper([" No."], {" No.": -3.0, " Oh.": -1.0, " Yes.": -9.0})
    result = _decode(whisper, VoiceResult("command", heard="no", command="no"), SEVENTEEN,
                     confirming=True)
    assert result.kind == "nothing"


def test_writing_nothing_is_taken_as_impossible_where_ctranslate2_cannot_give_logits():
    """A CTranslate2 without ``return_logits_vocab`` raises TypeError on it: the check is
    skipped (-infinity), never a failed decode."""

    class OldModel:
        def generate(self, *args, **kwargs):
            if "return_logits_vocab" in kwargs:
                raise TypeError("unexpected keyword argument 'return_logits_vocab'")
            raise AssertionError("not asked")

    recognizer = WhisperRecognizer()
    recognizer._model = OldModel()
    recognizer._np = np
    recognizer._prompt_ids, recognizer._start = [1], [2]

    class Tokens:
        no_timestamps, eot = 3, 4

    recognizer._tokenizer = Tokens()
    assert recognizer._end_first(None) == float("-inf")


def test_a_command_behind_other_words_in_the_beam_is_no_command():
    """" Not bad." then " Resign.": the player's remark (or a neighbour's), not a command said
    to the app, even when pocketsphinx heard "resign" too; nor " Last move." behind " Ask 0 for
    help." (0 is no square); a "yes" behind " Thank you." is asked again. A "no" to a question
    behind " Oh no." still cancels (it only cancels). A command behind a square (" 10." then
    " Hint.": a command word misheard as a number) is still the command."""
    heard_resign = VoiceResult("command", heard="resign", command="resign")
    whisper = _whisper([" Not bad.", " Resign."], {" Resign.": -0.1})
    result = _decode(whisper, heard_resign, SEVENTEEN)
    assert result.kind == "nothing" and result.command is None
    heard_last = VoiceResult("command", heard="last move", command="last-move")
    whisper = _whisper([" Ask 0 for help.", " Last move."], {" Last move.": -0.1})
    assert _decode(whisper, heard_last, SEVENTEEN).command is None
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    whisper = _whisper([" Thank you.", " Yes."], {" Yes.": -0.1})
    assert _decode(whisper, heard_yes, SEVENTEEN, confirming=True).command != "yes"
    heard_no = VoiceResult("command", heard="no", command="no")
    whisper = _whisper([" Oh no.", " No."], {" No.": -0.1})
    assert _decode(whisper, heard_no, SEVENTEEN, confirming=True).command == "no"
    heard_hint = VoiceResult("command", heard="hint", command="hint")
    whisper = _whisper([" 10.", " Hint."], {" Hint.": -0.1})
    assert _decode(whisper, heard_hint, SEVENTEEN).command == "hint"
    whisper = _whisper([" Hint.", " 10."], {" Hint.": -0.1})
    assert _decode(whisper, heard_hint, SEVENTEEN).command == "hint"


def test_a_no_behind_other_words_is_judged_as_no_among_words_or_is_nothing():
    """While a question waits, " Oh no." then " No." is judged as "no" among other words:
    " No." against " Yes." on the audio, not against the " Oh." that is part of what was said;
    " So." then " No." (a word said, with "no" only behind it) is nothing, and the question
    still waits, even when pocketsphinx heard "no"."""
    heard_no = VoiceResult("command", heard="no", command="no")
    # the hesitation " Oh." scores close to " No." (part of what was said): still "no"
    whisper = _whisper([" Oh no.", " No."], {" No.": -0.1, " Oh.": -0.5, " Yes.": -9.0})
    result = _decode(whisper, heard_no, SEVENTEEN, confirming=True)
    assert result.command == "no"
    assert result.details["later_no"] == "in-words" and result.details["no_margin"] > 8
    # " Yes." fits the audio better than " No.": not a "no"
    whisper = _whisper([" Oh no.", " No."], {" No.": -3.0, " Yes.": -0.5})
    result = _decode(whisper, heard_no, SEVENTEEN, confirming=True)
    assert result.command is None
    for first in (" So.", " Mess.", " What?"):
        whisper = _whisper([first, " No."], {" No.": -0.1})
        result = _decode(whisper, heard_no, SEVENTEEN, confirming=True)
        assert result.kind == "nothing" and result.command is None, first
        assert result.details["later_no"] == "after-words"
    # said alone and written first, "no" is read as before
    whisper = _whisper([" No.", " So."], {" No.": -0.1})
    assert _decode(whisper, heard_no, SEVENTEEN, confirming=True).command == "no"


def test_an_illegal_move_said_in_full_is_named_not_read_as_a_later_command():
    """" 17 to 14." (not legal here) then " Repeat.": the illegal move was said, and is refused
    by name, never taken for the command behind it."""
    whisper = _whisper([" 17 to 14.", " Repeat."], {" 17 to 14.": -0.2, " Repeat.": -0.5})
    result = _decode(whisper, VoiceResult("command", heard="repeat", command="repeat"),
                     SEVENTEEN)
    assert result.command is None and result.reason == "not-legal"
    assert result.heard == "seventeen to fourteen"


def test_a_command_the_model_would_rather_not_have_written_is_no_command():
    """An "ahem" written " Help." (the only hypothesis, fitting far better than every
    hesitation) while the model, unforced, gives writing nothing at all a probability of 37 %:
    it is no command, and pocketsphinx hearing "help" does not make it one; the same " Help."
    when writing nothing is unlikely (-6) is the command. A "no" to a confirmation is held to
    the same rule; a "yes" keeps its own."""
    heard_help = VoiceResult("command", heard="help", command="help")
    said = {" Help.": -0.1}
    assert _decode(_whisper([" Help."], said, end_first=-1.0), heard_help,
                   SEVENTEEN).command is None
    assert _decode(_whisper([" Help."], said, end_first=-6.0), heard_help,
                   SEVENTEEN).command == "help"
    heard_no = VoiceResult("command", heard="no", command="no")
    assert _decode(_whisper([" No."], {" No.": -0.1}, end_first=-0.5), heard_no, SEVENTEEN,
                   confirming=True).command is None
    assert _decode(_whisper([" No."], {" No.": -0.1}, end_first=-6.0), heard_no, SEVENTEEN,
                   confirming=True).command == "no"
    off = _whisper([" Help."], said, end_first=-1.0)
    off.command_end_first = 0  # the check switched off
    assert _decode(off, heard_help, SEVENTEEN).command == "help"


def test_a_command_with_another_command_word_among_the_beams_hypotheses_is_no_command():
    """An "ahem" written " Help." first and " Hint." second: the model was torn between two
    command words, so it is no command however well " Help." fits (pocketsphinx heard "help"
    too) when the model would nearly as soon have written nothing, and a "yes" with " Help."
    behind it is asked again. "Yes" or "no" behind a command, or the same command written
    another way, still give the command."""
    heard_help = VoiceResult("command", heard="help", command="help")
    for beam in ([" Help.", " Hint."], [" Hint.", " Count."], [" Thank you.", " Help.", " Hint."]):
        whisper = _whisper(beam, {" Help.": -0.1, " Hint.": -0.1}, end_first=-6.0)
        result = _decode(whisper, heard_help, SEVENTEEN)
        assert result.kind == "nothing" and result.command is None, beam
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    whisper = _whisper([" Yes.", " Help."], {" Yes.": -0.1})
    result = _decode(whisper, heard_yes, SEVENTEEN, confirming=True)
    assert result.command != "yes"
    for beam in ([" Help.", " help.", " Hell."], [" Help.", " Yes.", " No."]):
        whisper = _whisper(beam, {" Help.": -0.1})
        assert _decode(whisper, heard_help, SEVENTEEN).command == "help", beam


def test_another_command_word_counts_as_a_rival_within_the_gap_set():
    """" Repeat." first and " Resign." 2.4 below it: by default any other command word in the
    beam is a rival, and the command is nothing; with the gap set to 1.5 a command word that
    far below is no rival and the command stands, while one 0.9 below still is."""
    heard_repeat = VoiceResult("command", heard="repeat", command="repeat")
    said = {" Repeat.": -0.1, " Resign.": -9.0}
    beam = [" Repeat.", " Resign.", " repeat."]
    whole = _whisper(beam, said, beam_scores=[0.0, -2.4, -3.7], end_first=-6.0)
    assert _decode(whole, heard_repeat, SEVENTEEN).kind == "nothing"
    far = _whisper(beam, said, beam_scores=[0.0, -2.4, -3.7])
    far.beam_command_rival_gap = 1.5
    assert _decode(far, heard_repeat, SEVENTEEN).command == "repeat"
    near = _whisper(beam, said, beam_scores=[0.0, -0.9, -3.7], end_first=-6.0)
    near.beam_command_rival_gap = 1.5
    result = _decode(near, heard_repeat, SEVENTEEN)
    assert result.kind == "nothing" and result.command is None


@pytest.mark.parametrize("end_first, stands", [
    (-12.0, True), (-7.6, True), (-7.4, False), (-6.2, False), (-math.inf, False)])
def test_a_command_torn_with_another_stands_only_when_the_model_would_much_rather_write_it(
        end_first, stands):
    """" Repeat." with " Resign." in the beam: a command said stands when the model would much
    rather write it than nothing (its end of text first at most -7.5); an "ahem" the model
    could as well have written as nothing does not, nor anything when that probability cannot
    be had (-infinity). "Yes" torn with a command is asked again whatever the probability, and
    -99 refuses every torn command."""
    heard_repeat = VoiceResult("command", heard="repeat", command="repeat")
    said = {" Repeat.": -0.1, " Resign.": -9.0}
    beam = [" Repeat.", " Resign.", " repeat."]
    whisper = _whisper(beam, said, beam_scores=[0.0, -2.4, -3.7], end_first=end_first)
    result = _decode(whisper, heard_repeat, SEVENTEEN)
    assert result.command == ("repeat" if stands else None), result
    whisper.beam_command_rival_end = -99.0
    assert _decode(whisper, heard_repeat, SEVENTEEN).command is None
    heard_yes = VoiceResult("command", heard="yes", command="yes")
    torn_yes = _whisper([" Yes.", " Help."], {" Yes.": -0.1}, end_first=end_first)
    assert _decode(torn_yes, heard_yes, SEVENTEEN, confirming=True).command != "yes"


def test_a_question_open_on_screen_is_answered_with_the_rules_of_a_confirmation():
    """A draw offer or the resume offer open on screen: what is said is decoded as an answer
    (``confirming``: a clear "yes" only, checked as a move read back is); a "yes" heard after
    the question closed is refused (nothing to confirm), not taken for something else."""
    question = [True]
    game, synth, voice = _game(SEVENTEEN, question)
    state = voice.listening_state()
    assert state.confirming
    voice.heard(VoiceResult("command", heard="yes", command="yes"), state)
    assert question == [True, True]  # answered yes
    state = voice.listening_state()
    question[0] = False  # closed (answered with the keyboard) while the decode ran
    before = game.board.fen()
    voice.heard(VoiceResult("command", heard="yes", command="yes"), state)
    assert question == [False, True] and game.board.fen() == before
    assert voice.last_feedback == voice_texts.nothing_to_confirm_text()
    assert not voice.listening_state().confirming
