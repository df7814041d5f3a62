"""Audio clean-up before decoding (speech/voice/denoise.py): steady noise taken out of the pauses,
a fixed floor put in, the same output for the same input; and, on real espeak-ng audio with white
noise at 10 dB SNR, moves heard with the clean-up that are not heard without it."""

from __future__ import annotations

import random
import shutil
import subprocess
import wave

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice import SphinxRecognizer
from checkers_desktop.speech.voice import denoise

RATE = 16000


def rms(x) -> float:
    x = np.asarray(x, dtype=np.float64)
    return float(np.sqrt((x * x).mean()))


def as_pcm(x) -> bytes:
    return np.clip(np.rint(x), -32768, 32767).astype("<i2").tobytes()


def from_pcm(pcm: bytes):
    return np.frombuffer(pcm, dtype="<i2").astype(np.float64)


def burst_in_noise(noise_rms: float, seed: int = 3):
    """0.5 s of pause, 1 s of a broadband burst at RMS 3000 (a stand-in for speech: spread over
    the spectrum as speech is, unlike a pure tone, which the gating's smoothing over 500 Hz
    thins out), 0.5 s of pause; steady white noise at ``noise_rms`` throughout."""
    rng = np.random.default_rng(seed)
    speech = np.concatenate([np.zeros(RATE // 2), rng.normal(0, 3000, RATE), np.zeros(RATE // 2)])
    return speech + rng.normal(0, noise_rms, speech.size)


def test_quiet_audio_gets_the_fixed_floor_and_keeps_its_length():
    silence = bytes(2 * RATE)
    out = denoise.prepare(silence)
    assert len(out) == len(silence)
    assert rms(from_pcm(out)) == pytest.approx(denoise.QUIET_FLOOR, rel=0.05)
    assert denoise.prepare(silence) == out  # the same every time


def test_steady_noise_is_taken_out_of_the_pauses_and_the_speech_kept():
    noisy = burst_in_noise(noise_rms=900)
    out = from_pcm(denoise.prepare(as_pcm(noisy)))
    pause_before, pause_after = rms(noisy[: RATE // 2]), rms(out[: RATE // 2])
    assert pause_before > 800
    assert pause_after < pause_before / 4          # at least 12 dB less noise in the pause
    burst = slice(RATE // 2 + 1000, RATE + RATE // 2 - 1000)
    assert rms(out[burst]) > 0.7 * 3000            # the loud part itself mostly survives


def test_noise_below_the_quiet_level_is_left_alone():
    quiet = burst_in_noise(noise_rms=denoise.QUIET_RMS / 4)
    out = from_pcm(denoise.prepare(as_pcm(quiet)))
    added = out - np.clip(np.rint(quiet), -32768, 32767)
    assert rms(added) == pytest.approx(denoise.QUIET_FLOOR, rel=0.1)  # only the floor added


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=6000))
def test_any_bytes_give_pcm_of_the_same_even_length(data):
    out = denoise.prepare(data)
    assert len(out) == len(data) // 2 * 2


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng renders the speech")
def test_moves_in_white_noise_are_heard_with_the_clean_up(tmp_path):
    """Three moves, two voices, white noise at 10 dB SNR (as benchmarks/voice.py): with the
    clean-up at least five of six are heard right and none is a wrong move; without it fewer."""
    board = Board()
    said = {"eleven to fifteen": "11-15", "nine to thirteen": "9-13", "twelve to sixteen": "12-16"}
    rng = random.Random(10)
    clips = []
    for i, (text, voice) in enumerate((t, v) for t in said for v in ("en-us", "en-us+f2")):
        path = tmp_path / f"u{i}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-s", "160", "-w", str(path), text], check=True)
        with wave.open(str(path)) as w:
            x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
            rate = w.getframerate()
        x = np.interp(np.arange(0, len(x), rate / RATE), np.arange(len(x)), x)  # to 16 kHz
        pad = np.zeros(int(0.3 * RATE))
        speech = np.concatenate([pad, x, pad])
        sigma = rms(x) / (10 ** (10 / 20))
        noisy = speech + np.array([rng.gauss(0, sigma) for _ in range(speech.size)])
        clips.append((as_pcm(noisy), said[text]))

    def score(recognizer):
        right = wrong = 0
        for pcm, expected in clips:
            got = recognizer.decode_pcm(pcm, board)
            right += got.result_text() == expected
            wrong += got.move is not None and got.result_text() != expected
        return right, wrong

    with_clean_up, without = score(SphinxRecognizer()), score(SphinxRecognizer(denoise=False))
    assert with_clean_up[1] == 0
    assert with_clean_up[0] >= 5
    assert with_clean_up[0] > without[0]
