"""Learn my voice without Qt: the twelve phrases' flow (EnrolmentSession), what a speaker's
measures change (enrol.adapt), the learned voice kept sealed per player (VoiceProfileStore) and
refused when damaged or changed, the recogniser's margins put in force and restored, and the
silence trimmed before decoding."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_desktop.session.enrolment import (EnrolmentSession, EnrolmentStep,
                                                load_learned_voice)
from checkers_desktop.speech.voice import enrol, trim, whisper
from checkers_desktop.speech.voice.enrol import (PROMPTS, PhraseMeasure, Reference,
                                                 SpeakerAdaptation, adapt)
from checkers_desktop.storage.integrity import KeyRing
from checkers_desktop.storage.voice_profile import LoadProblem, VoiceProfileStore

BANDS = 80
REFERENCE = Reference(8.0, tuple([0.5] * BANDS), 14)


def measures(margin: float, level: float = 0.3) -> list[PhraseMeasure]:
    return [PhraseMeasure(i, margin, tuple([level] * BANDS), 80) for i in range(len(PROMPTS))]


@pytest.fixture
def store(tmp_path):
    return VoiceProfileStore(tmp_path / "voice", KeyRing(tmp_path / "keys"))


# --- what the measures change ---------------------------------------------------------------
def test_twelve_phrases_of_moves_commands_yes_and_no():
    assert len(PROMPTS) == 12
    kinds = [p.kind for p in PROMPTS]
    assert kinds.count("yes") == 1 and kinds.count("no") == 1 and kinds.count("move") == 8
    for p in PROMPTS:
        assert p.written not in p.rivals and p.rivals


def test_a_voice_the_model_fits_less_well_keeps_the_standard_margins_a_clear_one_gets_more():
    weak = adapt(measures(4.0), REFERENCE)  # half the tuning speakers' margins
    assert weak.scale == 1.0
    # no margin is lowered: a wrong move or a "no" heard as "yes" must not get easier
    assert weak.move_margin == whisper.MOVE_MARGIN
    assert weak.binding_margin == whisper.BINDING_MARGIN
    assert weak.yes_margin == whisper.YES_MARGIN
    assert weak.yes_filler_margin == whisper.YES_FILLER_MARGIN
    assert weak.command_filler_margin == whisper.COMMAND_FILLER_MARGIN
    strong = adapt(measures(10.0), REFERENCE)
    assert strong.scale == pytest.approx(1.25)
    assert strong.move_margin == pytest.approx(whisper.MOVE_MARGIN * 1.25)
    assert strong.binding_margin == pytest.approx(whisper.BINDING_MARGIN * 1.25)
    assert strong.yes_margin == pytest.approx(whisper.YES_MARGIN * 1.25)


def test_the_spectrum_is_left_as_it_is_by_default():
    assert adapt(measures(8.0, level=0.3), REFERENCE).feature_offset == ()


def test_the_spectrum_can_be_moved_part_way_and_boundedly_towards_the_tuning_speakers(
        monkeypatch):
    monkeypatch.setattr(enrol, "OFFSET_SHARE", 0.5)
    a = adapt(measures(8.0, level=0.3), REFERENCE)  # 0.2 below the reference in every band
    assert a.feature_offset == pytest.approx([0.1] * BANDS)
    far = adapt(measures(8.0, level=-2.0), REFERENCE)
    assert max(far.feature_offset) == pytest.approx(enrol.OFFSET_LIMIT)


def test_phrases_not_heard_count_as_margin_zero_and_not_in_the_spectrum():
    unheard = [PhraseMeasure(i, -3.0, tuple([9.0] * BANDS), 80) for i in range(len(PROMPTS))]
    a = adapt(unheard, REFERENCE)
    assert a.scale == enrol.SCALE_MIN and a.feature_offset == ()


def test_without_a_reference_nothing_changes():
    a = adapt(measures(1.0), None)
    assert a.scale == 1.0 and a.feature_offset == ()
    assert a.move_margin == whisper.MOVE_MARGIN and a.yes_margin == whisper.YES_MARGIN
    with pytest.raises(ValueError):
        adapt([], REFERENCE)


def test_a_learned_voice_round_trips_and_a_hand_loosened_one_is_refused():
    a = adapt(measures(10.0), REFERENCE)
    assert SpeakerAdaptation.from_json(json.loads(json.dumps(a.to_json()))) == a
    for name, value in (("move_margin", 0.5), ("yes_margin", 1.0), ("scale", 0.1),
                        ("feature_offset", [3.0] * BANDS), ("phrases", 99),
                        ("format", "x"), ("command_filler_margin", True)):
        data = a.to_json()
        data[name] = value
        with pytest.raises(ValueError):
            SpeakerAdaptation.from_json(data)


def test_a_voice_kept_with_lowered_move_margins_is_read_with_the_standard_ones():
    """An enrolment kept when a weak voice's move margins were lowered (down to 0.6 of the
    standard) is not refused as damaged: it is read, with every margin at least the standard."""
    kept = adapt(measures(8.0), REFERENCE).to_json()
    kept.update(scale=0.75, move_margin=round(whisper.MOVE_MARGIN * 0.75, 4),
                binding_margin=round(whisper.BINDING_MARGIN * 0.75, 4))
    a = SpeakerAdaptation.from_json(kept)
    assert a.scale == 1.0
    assert a.move_margin == whisper.MOVE_MARGIN and a.binding_margin == whisper.BINDING_MARGIN
    kept.update(scale=0.5)  # below anything the game ever kept
    with pytest.raises(ValueError):
        SpeakerAdaptation.from_json(kept)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["format", "version", "scale", "move_margin",
                                        "binding_margin", "yes_margin", "yes_filler_margin",
                                        "command_filler_margin", "feature_offset", "phrases"]),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                                 st.text(max_size=5), st.lists(st.floats(), max_size=3))))
def test_any_other_content_is_a_value_error(data):
    try:
        a = SpeakerAdaptation.from_json(data)
    except ValueError:
        return
    assert enrol.SCALE_MIN <= a.scale <= enrol.SCALE_MAX  # only what adapt can give
    defaults = enrol._defaults()
    assert all(v >= defaults[k] for k, v in a.margins().items())  # never below the standard


# --- kept per player --------------------------------------------------------------------------
def test_kept_sealed_per_player_and_read_back(store):
    a = adapt(measures(6.0), REFERENCE)
    path = store.save("player", a.to_json())
    assert path.parent == store.folder and "seal" in json.loads(path.read_text())
    assert load_learned_voice(store, "player") == (a, None)
    assert load_learned_voice(store, "someone else") == (None, None)


@pytest.mark.parametrize("damage, changed", [
    (lambda p: p.write_bytes(b"{not json"), False),
    (lambda p: p.write_bytes(b"\x00" * 70000), False),
    (lambda p: p.write_text(p.read_text().replace('"phrases": 12', '"phrases": 40')), False),
    (lambda p: p.write_text(p.read_text().replace('"scale": 1.25', '"scale": 1.3')), True),
    (lambda p: p.write_text(json.dumps({k: v for k, v in json.loads(p.read_text()).items()
                                        if k != "seal"})), True),
])
def test_a_damaged_or_changed_learned_voice_gives_the_standard_settings_and_says_so(
        store, damage, changed):
    a = adapt(measures(10.0), REFERENCE)
    assert a.scale == 1.25
    path = store.save("player", a.to_json())
    damage(path)
    adaptation, told = load_learned_voice(store, "player")
    assert adaptation is None
    assert told == ("Your learned voice " + ("was changed outside the app" if changed
                                             else "is damaged")
                    + ", so voice commands use the standard settings. Voice, Learn my voice "
                    "learns it again.")
    assert not path.exists()  # kept aside, never deleted
    kept = [p.name for p in store.folder.iterdir()]
    assert any(("changed" if changed else "damaged") in name for name in kept), kept
    loaded = store.load("player", SpeakerAdaptation.from_json)
    assert loaded.problem is None and loaded.value is None  # nothing there any more


# --- the flow of the twelve phrases -----------------------------------------------------------
class Flow:
    def __init__(self, store, reference=REFERENCE):
        self.said: list[str] = []
        self.applied: list = []
        self.session = EnrolmentSession(lambda text, priority: self.said.append(text), store,
                                        "player", reference, self.applied.append)

    def read(self, margin: float = 6.0) -> None:
        s = self.session
        assert s.press() == "record" and s.step is EnrolmentStep.RECORDING
        assert s.press() == "stop" and s.step is EnrolmentStep.MEASURING
        assert s.press() is None  # keys wait while a phrase is measured
        s.measured(PhraseMeasure(s.index, margin, tuple([0.4] * BANDS), 80))


@pytest.mark.parametrize("margin, scale, said", [
    (6.0, 1.0, "Your voice is learned from twelve phrases. The standard settings suit it, so "
               "voice commands work as before. It is kept for next time."),
    (10.0, 1.25, "Your voice is learned from twelve phrases and voice commands use it now. It is "
                 "kept for next time."),
])
def test_twelve_phrases_prompted_in_turn_then_learned_kept_and_used(store, margin, scale, said):
    flow = Flow(store)
    s = flow.session
    s.begin()
    assert flow.said[0].startswith("Learn my voice. You will read twelve short phrases")
    assert flow.said[0].endswith("Phrase one of twelve: eleven to fifteen. Press Space, say it, "
                                 "then press Space.")
    for i in range(12):
        assert s.step is EnrolmentStep.WAITING and s.words == PROMPTS[i].words
        flow.read(margin)
        if i < 11:
            assert PROMPTS[i + 1].words in flow.said[-1]
    assert s.step is EnrolmentStep.DONE
    assert flow.said[-1] == said  # a voice that needs no change is told so
    assert flow.applied == [s.adaptation] and s.adaptation.scale == scale
    assert load_learned_voice(store, "player") == (s.adaptation, None)


def test_a_phrase_not_heard_is_asked_once_more_then_counts_as_it_is(store):
    flow = Flow(store)
    s = flow.session
    s.begin()
    flow.read(margin=-2.0)
    assert s.index == 0 and s.step is EnrolmentStep.WAITING
    assert flow.said[-1] == ("I did not hear 'eleven to fifteen' clearly. Press Space and say it "
                             "again.")
    flow.read(margin=-2.0)  # the second time it counts
    assert s.index == 1 and s.measures[0].margin == -2.0
    s.press()
    s.press()
    s.nothing_recorded()  # the microphone gave nothing: the same phrase again
    assert s.index == 1 and s.step is EnrolmentStep.WAITING
    assert "twenty two to eighteen" in flow.said[-1]


def test_escape_keeps_nothing_and_changes_nothing(store):
    flow = Flow(store)
    s = flow.session
    s.begin()
    for _ in range(5):
        flow.read()
    s.press()
    assert s.stop()
    assert flow.said[-1] == ("Learn my voice stopped. Nothing was kept; voice commands work as "
                             "before.")
    s.measured(PhraseMeasure(s.index, 6.0, (), 80))  # a late measure after Escape: ignored
    assert s.step is EnrolmentStep.STOPPED and flow.applied == []
    assert not store.path("player").exists()
    assert not s.stop()


def test_a_learned_voice_that_cannot_be_saved_is_used_and_said_so(tmp_path):
    blocked = tmp_path / "voice"
    blocked.write_text("a file where the folder should be")
    flow = Flow(VoiceProfileStore(blocked, KeyRing(tmp_path / "keys")))
    flow.session.begin()
    for _ in range(12):
        flow.read()
    assert flow.applied and flow.said[-1].endswith(
        "It could not be saved, so it is used only until the app closes.")


# --- the recogniser -------------------------------------------------------------------------
def test_the_recogniser_uses_a_learned_voice_and_goes_back_to_its_own_settings():
    r = whisper.WhisperRecognizer(move_margin=4.5)
    a = dataclasses.replace(adapt(measures(4.0), REFERENCE), feature_offset=(0.1,) * BANDS)
    r.adapt(a)
    assert r.move_margin == pytest.approx(a.move_margin) and r.adaptation is a
    assert r.feature_offset is not None and r.feature_offset.shape == (BANDS,)
    r.adapt(None)
    assert r.move_margin == 4.5 and r.feature_offset is None and r.adaptation is None


def test_silence_around_the_words_is_trimmed_and_talk_all_along_is_kept():
    rng = np.random.default_rng(1)
    quiet = rng.normal(0, 1e-4, 16000).astype(np.float32)
    words = np.sin(np.arange(8000) * 0.2).astype(np.float32) * 0.3
    capture = np.concatenate([quiet, words, quiet])
    first, last = trim.speech_span(capture)
    keep = int(trim.KEEP * 16000)
    assert first == pytest.approx(16000 - keep, abs=160)
    assert last == pytest.approx(24000 + keep, abs=160)
    noisy = rng.normal(0, 0.1, 40000).astype(np.float32)
    assert trim.speech_span(noisy) == (0, 40000)
    assert trim.speech_span(np.zeros(0, np.float32)) == (0, 0)
    pcm = (capture * 32767).astype("<i2").tobytes()
    assert len(trim.trim_pcm(pcm)) == 2 * (last - first)
