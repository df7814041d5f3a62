"""What keeps a decode short on a busy machine: pocketsphinx is not run beside every decode when
no core is spare (only when Whisper needs its agreement or a "yes" must be checked), and Whisper
decodes the speech segment only, not the silence around it. No timing here (benchmarks/voice.py
measures the time)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice import simulate
from checkers_desktop.speech.voice.grammar import Interpretation
from checkers_desktop.speech.voice.result import VoiceResult
from checkers_desktop.speech.voice.twostage import TwoStageRecognizer
from whisper_model import HAVE_MODEL

MOVE = Board().legal_moves[0]


class FakeWhisper:
    trim = True

    def __init__(self, result: VoiceResult):
        self.result = result
        self.pcm: list[bytes] = []

    def decode_pcm(self, pcm, board, profile=None, **kw):
        self.pcm.append(pcm)
        return self.result


class FakeSphinx:
    def __init__(self):
        self.calls: list[bytes] = []
        self.started = threading.Event()

    def decode_pcm(self, pcm, board, profile=None, **kw):
        self.calls.append(pcm)
        self.started.set()
        return VoiceResult("move", heard="eleven to fifteen", move=MOVE)


SURE = VoiceResult("move", heard="eleven to fifteen", move=MOVE, details={})
UNSURE = VoiceResult("nothing", reason="unsure", heard="eleven to fifteen",
                     details={"candidate": Interpretation("move", move=MOVE), "margin": 3.0,
                              "candidate_heard": "eleven to fifteen"})
YES = VoiceResult("command", command="yes", heard="yes", details={"yes_margin": 9.0})

PCM = simulate.to_pcm16(np.concatenate([np.zeros(16000, np.float32),
                                        0.3 * np.sin(np.arange(16000) * 0.2).astype(np.float32),
                                        np.zeros(16000, np.float32)]))


def test_without_a_spare_core_a_sure_result_never_runs_pocketsphinx():
    sphinx = FakeSphinx()
    two = TwoStageRecognizer(FakeWhisper(SURE), sphinx, parallel=lambda: False)
    result = two.decode_pcm(PCM, Board())
    assert result.move == MOVE
    assert not sphinx.started.wait(0.2) and sphinx.calls == []


def test_without_a_spare_core_pocketsphinx_still_checks_what_whisper_is_unsure_of():
    sphinx = FakeSphinx()
    two = TwoStageRecognizer(FakeWhisper(UNSURE), sphinx, parallel=lambda: False)
    result = two.decode_pcm(PCM, Board())
    assert result.move == MOVE and result.details["agreed"] is True
    assert len(sphinx.calls) == 1
    sphinx = FakeSphinx()
    two = TwoStageRecognizer(FakeWhisper(YES), sphinx, parallel=lambda: False)
    two.decode_pcm(PCM, Board(), confirming=True)
    assert len(sphinx.calls) == 1  # a "yes" is always checked


def test_with_a_spare_core_pocketsphinx_runs_beside_whisper():
    sphinx = FakeSphinx()
    two = TwoStageRecognizer(FakeWhisper(SURE), sphinx, parallel=lambda: True)
    two.decode_pcm(PCM, Board())
    assert sphinx.started.wait(5)


def test_both_decode_the_speech_without_the_silence_around_it():
    whisper, sphinx = FakeWhisper(UNSURE), FakeSphinx()
    TwoStageRecognizer(whisper, sphinx, parallel=lambda: False).decode_pcm(PCM, Board())
    kept = 2 * (16000 + 2 * int(0.25 * 16000))  # the tone and a quarter second either side
    assert abs(len(whisper.pcm[0]) - kept) <= 640 and sphinx.calls[0] == whisper.pcm[0]


@pytest.mark.skipif(not HAVE_MODEL, reason="the Whisper model is not installed")
def test_whisper_encodes_the_speech_segment_only():
    from checkers_desktop.speech.voice.whisper import WhisperRecognizer

    r = WhisperRecognizer()
    result = r.decode_pcm(PCM, Board())
    assert result.details["trimmed_ms"] == pytest.approx(1500, abs=40)


class _AlignModel:
    """A stand-in for CTranslate2's Whisper ``align``: each text's token probabilities are
    its token ids / 100, and every call's batch size is kept."""

    def __init__(self):
        self.calls: list[int] = []

    def align(self, features, start, tokens, frames):
        assert features.shape[0] == len(tokens)  # one copy of the audio per text
        self.calls.append(len(tokens))
        return [type("R", (), {"text_token_probs": [t / 100 for t in ids]})() for ids in tokens]


def _aligning(batch: int):
    from checkers_desktop.speech.voice.whisper import WhisperRecognizer

    r = WhisperRecognizer(align_batch=batch)
    r._np = np
    r._ct2 = type("CT2", (), {"StorageView": type("SV", (), {
        "from_array": staticmethod(lambda a: a)})})
    r._model = _AlignModel()
    r._start = [1]
    return r


def test_many_rival_texts_are_aligned_a_few_at_a_time_each_with_its_own_values():
    from checkers_desktop.speech.voice.whisper import ALIGN_BATCH

    r = _aligning(ALIGN_BATCH)
    texts = [[10 + i] * (1 + i % 5) for i in range(45)]  # 45 texts of 1 to 5 tokens
    got = r._token_logprobs(np.zeros((1, 50, 4), np.float32), 100, texts)
    assert got == [[pytest.approx(np.log(t / 100)) for t in ids] for ids in texts]
    assert max(r._model.calls) <= ALIGN_BATCH < 45 and sum(r._model.calls) == 45
    everything = _aligning(0)  # 0: all in one call
    assert everything._token_logprobs(np.zeros((1, 50, 4), np.float32), 100, texts) == got
    assert everything._model.calls == [45]


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_MODEL, reason="the Whisper model is not installed")
def test_on_the_real_model_a_text_scores_the_same_aligned_in_small_batches_or_in_one():
    from checkers_desktop.speech.voice.whisper import WhisperRecognizer

    texts = ([f" {a} to {b}." for a in range(1, 13) for b in (15, 16)]
             + [f" Pick up {a}." for a in range(1, 9)] + [" Read the board.", " Hmm."])
    scores = []
    for batch in (0, 8):
        r = WhisperRecognizer(align_batch=batch, threads=1)
        r.warm_up()
        with r._lock:
            encoded, frames = r._encode(simulate.from_pcm16(PCM)[12000:36000])
            scores.append(r._score(encoded, frames, texts))
    assert scores[0] == scores[1]
