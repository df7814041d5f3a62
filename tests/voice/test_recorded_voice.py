"""The recorded human voice of the voice benchmark: what she can say, how words are spliced, and
that it is kept for evaluation (never in training).

The recordings themselves are fetched with ``benchmarks/recorded_voice.py fetch`` (Debian
packages); these tests build a small folder of tones in their layout instead, so they run
everywhere. One test also decodes her real recordings when ``CHECKERS_RECORDED_VOICE`` names a
fetched folder, and skips with the reason otherwise.
"""

from __future__ import annotations

import os
import sys
import wave
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "training"))

import recorded_voice as rv  # noqa: E402


def _tone(path: Path, seconds: float, rate: int = 16000, lead: float = 0.2,
          gaps: tuple = ()) -> None:
    """A 300 Hz tone with ``lead`` seconds of silence either side; ``gaps`` (start, end) seconds
    of the tone made silent."""
    n = int(seconds * rate)
    t = np.arange(n) / rate
    x = 0.5 * np.sin(2 * np.pi * 300 * t)
    for a, b in gaps:
        x[int(a * rate):int(b * rate)] = 0
    pad = np.zeros(int(lead * rate))
    x = np.concatenate([pad, x, pad])
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes((x * 32767).astype("<i2").tobytes())


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "g722"
    for n in list(range(1, 21)) + [30]:
        _tone(root / "digits" / f"{n}.wav", 0.5)
    for name in set(rv.WHOLE_WORDS.values()) | set(rv.PROMPTS.values()):
        _tone(root / f"{name}.wav", 0.3)
    # "to" ends in a silence 0.14 s into the trimmed prompt; "please" in one at 0.36 s
    _tone(root / "to-call-this-number.wav", 1.3, gaps=[(0.16, 0.18)])
    _tone(root / "please-try-again.wav", 1.1, gaps=[(0.36, 0.39)])
    return tmp_path


def test_what_she_can_say():
    for text in ("eleven to fifteen", "twenty two thirty one", "nine to fourteen please",
                 "eleven to eighteen to twenty five", "no", "time", "oh", "with",
                 "press zero for help", "thirty two"):
        assert rv.sayable(text), text
    for text in ("yes", "pick up eleven", "eleven takes eighteen", "move nine to thirteen",
                 "help", "offer draw", "press one for help"):
        assert not rv.sayable(text), text


def test_a_move_is_her_words_joined_by_short_pauses(folder):
    voice = rv.RecordedVoice(folder)
    word = voice.word("eleven").size
    to = voice.word("to").size
    assert 0.12 * rv.RATE < to < 0.2 * rv.RATE  # cut at the closure, not the whole prompt
    said = voice.say("eleven to fifteen")
    gap = int(rv.WORD_GAP * rv.RATE)
    assert said.size == 2 * word + to + 2 * gap
    assert said.dtype == np.float32
    # a number in two words is said without a pause inside it
    assert voice.say("twenty two").size == 2 * word
    assert voice.say("please").size < 0.4 * rv.RATE


def test_a_prompt_is_said_whole_and_nothing_else_is_made_up(folder):
    voice = rv.RecordedVoice(folder)
    assert voice.say("press zero for help").size == voice.word("time").size
    with pytest.raises(ValueError, match="not in her recordings: 'yes'"):
        voice.say("yes")


def test_a_missing_folder_says_how_to_fetch_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="recorded_voice.py fetch"):
        rv.RecordedVoice(tmp_path)
    with pytest.raises(ValueError, match="recording chain 'mp3'"):
        rv.RecordedVoice(tmp_path, "mp3")


def test_the_split_holds_only_what_she_can_say_and_every_kind_she_can():
    import voice

    items = [i for i in voice.corpus(voice.RECORDED_HUMAN, 40) if rv.sayable(i.text)]
    kinds = {i.kind for i in items}
    assert {"move", "square", "command", "answer", "illegal", "other", "filler"} <= kinds
    phrasings = {i.phrasing for i in items if i.kind == "move"}
    assert {"to", "bare", "please", "to-jump", "bare-jump", "multi-jump"} <= phrasings
    assert {i.expected for i in items if i.kind == "answer"} == {"no"}
    assert all(s.engine == "recorded" for s in voice.RECORDED_HUMAN.speakers)


def test_the_other_splits_say_what_they_always_said():
    """Narrower phrasings for her split leave every other split's corpus as it was."""
    import voice

    items = voice.corpus(voice.HELDOUT_FAMILY, 40)
    assert {i.phrasing for i in items if i.kind == "move"} >= {"move-to", "from", "ill-go",
                                                                "takes", "jumps"}
    assert any(i.kind == "command" and i.phrasing == "command-natural" for i in items)


def test_training_never_uses_the_recorded_voice():
    """Her voice is for evaluation only: no training speaker or talker is recorded speech, and
    her split's talkers, sentences and positions are not trained on."""
    import adapt_whisper as adapt
    import voice

    talkers = list(adapt.TRAINING.speakers) + list(adapt.BABBLE_TALKERS)
    assert not [s for s in talkers if s.engine == "recorded"]
    held = voice.RECORDED_HUMAN
    sentences = set(adapt.OTHER_SPEECH) | set(adapt.LOOKALIKES) | set(
        adapt.TRAINING.chatter) | set(adapt.TRAINING.other_speech)
    assert not sentences & (set(held.chatter) | set(held.other_speech) | set(held.fillers))
    assert not set(adapt.TRAINING.babble_voices) & set(held.babble_voices)
    assert adapt.TRAINING.position_seed != held.position_seed
    # the renderer training builds has no folder of her recordings, so it cannot speak with her
    renderer = voice.Renderer(Path(os.environ.get("TMPDIR", "/tmp")) / "checkers-recorded-test")
    with pytest.raises(ValueError, match="--recorded"):
        renderer.speech(held.speakers[0], "eleven to fifteen")


@pytest.mark.skipif(not os.environ.get("CHECKERS_RECORDED_VOICE"),
                    reason="her recordings are not fetched (CHECKERS_RECORDED_VOICE unset; "
                           "python benchmarks/recorded_voice.py fetch FOLDER)")
def test_her_real_words_are_spliced_in_both_chains():
    folder = Path(os.environ["CHECKERS_RECORDED_VOICE"])
    for chain in rv.PACKAGES:
        said = rv.RecordedVoice(folder, chain).say("eleven to fifteen please")
        assert 1.0 * rv.RATE < said.size < 3.0 * rv.RATE
        assert np.abs(said).max() > 0.1
