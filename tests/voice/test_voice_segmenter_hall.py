"""Continuous listening in a hall: the segmenter cuts the player's commands out of a stream in
which other people talk all the time (or a fan hisses), one piece per command, each whole and
short, and cuts nothing out of the room alone. Real espeak-ng speech, mixed as
``benchmarks/voice.py --continuous`` mixes it (the player at about -24 dBFS)."""

from __future__ import annotations

import shutil
import subprocess
import wave

import numpy as np
import pytest

from checkers_desktop.speech.voice import simulate
from checkers_desktop.speech.voice.microphone import BLOCK, UtteranceSegmenter

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                reason="espeak-ng renders the speech")

RATE = simulate.RATE
LEVEL = 2000 / 32768  # the player's voice, RMS (full scale 1)
GAP = 3.0


def _say(tmp_path, text: str, voice: str) -> np.ndarray:
    path = tmp_path / f"{abs(hash((text, voice)))}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(path), text], check=True)
    with wave.open(str(path)) as w:
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
        rate = w.getframerate()
    return np.interp(np.arange(0, len(x), rate / RATE), np.arange(len(x)), x) / 32768


def _stream(tmp_path, bed_kind: str, snr_db: float):
    """(16-bit PCM, [(start, end) sample spans of the player's commands])."""
    said = ["eleven to fifteen", "pick up nine", "read the board", "twenty two to eighteen"]
    clips = []
    for i, text in enumerate(said):
        x = _say(tmp_path, text, ("en-us", "en-us+f2")[i % 2])
        clips.append(x / np.sqrt(simulate.speech_power(x)) * LEVEL)
    gap = int(GAP * RATE)
    total = sum(c.size for c in clips) + gap * (len(clips) + 1)
    stream, spans, at = np.zeros(total), [], gap
    for c in clips:
        stream[at:at + c.size] += c
        spans.append((at, at + c.size))
        at += c.size + gap
    rng = np.random.default_rng(3)
    if bed_kind == "talk":
        talkers = [np.concatenate([_say(tmp_path, s, v) for s in sentences])
                   for v, sentences in (
                       ("en+m1", ["how was the drive up", "we got in late last night"]),
                       ("en-us+f1", ["the lunch is at noon today", "my wife is here too"]),
                       ("en+m7", ["he jumped twenty six to seventeen", "nice game sir"]))]
        bed = simulate.babble(talkers, total / RATE, rng).astype(np.float64)
    else:
        bed = simulate.white_noise(total, rng).astype(np.float64)
    bed = bed / np.sqrt(np.mean(bed ** 2)) * LEVEL / 10 ** (snr_db / 20)
    return simulate.to_pcm16((stream + bed).astype(np.float32)), spans


def _cut(pcm: bytes):
    seg, pieces, step = UtteranceSegmenter(), [], BLOCK * 2
    for k in range(0, len(pcm) - step + 1, step):
        for piece in seg.feed(pcm[k:k + step]):
            end = (k + step) // 2
            pieces.append((end - len(piece) // 2, end))
    return pieces


@pytest.mark.parametrize("bed_kind", ["talk", "hiss"])
def test_each_command_is_cut_whole_and_alone_above_the_rooms_talk(tmp_path, bed_kind):
    """Other tables talking (three voices) or white noise, 10 dB under the player: one piece per
    command, holding all of it and no other, under 4 s, and no piece of the room alone. With the
    threshold of a quiet room the stream was cut into 8-second pieces (the room was "loud" for
    good), the commands inside them or cut in two."""
    pcm, spans = _stream(tmp_path, bed_kind, 10.0)
    pieces = _cut(pcm)
    for a, b in spans:
        over = [(s, e) for s, e in pieces if s < b and e > a]
        assert len(over) == 1, (a / RATE, over)
        s, e = over[0]
        assert s <= a + RATE // 20 and e >= b - RATE // 20  # the whole command
        assert (e - s) < 4 * RATE
    assert all(any(s < b and e > a for a, b in spans) for s, e in pieces)  # no room piece


def test_in_a_quiet_room_the_fixed_threshold_still_decides():
    """A quiet room: the room's level is far under ``threshold``, which alone decides; a 50 ms
    click is too short, half a second of speech-loud sound is one piece."""
    seg = UtteranceSegmenter()
    rng = np.random.default_rng(1)
    room = rng.normal(0, 20, int(2 * RATE))
    loud = rng.normal(0, 3000, int(0.5 * RATE))
    click = rng.normal(0, 3000, int(0.05 * RATE))
    x = np.concatenate([room, loud, room, click, room])
    pcm = np.clip(x, -32768, 32767).astype("<i2").tobytes()
    pieces = []
    step = BLOCK * 2
    for k in range(0, len(pcm) - step + 1, step):
        pieces += seg.feed(pcm[k:k + step])
    assert len(pieces) == 1
    assert seg.room_level < seg.threshold
