"""TtsSink: real synthesis with espeak-ng through pyttsx3, priorities on the worker, and failures.

Playback is replaced by a fake player (this machine has no sound card), except in the test that
checks a missing sound device is reported and does not hang.
"""

from __future__ import annotations

import ctypes.util
import sys
import threading
import wave
from pathlib import Path

import pytest

from checkers_desktop.speech.announcer import Announcer, Priority
from checkers_desktop.speech.tts import NO_DEVICE_MESSAGE, NO_ENGINE_MESSAGE, TtsSink

HAS_ESPEAK = bool(ctypes.util.find_library("espeak-ng") or ctypes.util.find_library("espeak"))
needs_espeak = pytest.mark.skipif(
    not HAS_ESPEAK, reason="espeak-ng (libespeak-ng1) is not installed, so pyttsx3 has no engine")


class FakePlayer:
    """Records each WAV it is given; the calls listed in ``block`` wait until told to stop."""

    def __init__(self, block=(), fail=(), last=None):
        self.block = set(block)
        self.fail = set(fail)
        self.last = dict(last or {})  # call index -> seconds the sound lasts unless stopped
        self.calls: list[dict] = []
        self.started = threading.Event()

    def __call__(self, path: Path, stop: threading.Event) -> None:
        with wave.open(str(path), "rb") as wav:
            record = {"frames": wav.getnframes(), "rate": wav.getframerate(), "stopped": False}
        index = len(self.calls)
        self.calls.append(record)
        self.started.set()
        if index in self.fail:
            raise RuntimeError("the sound card fell over")
        if index in self.block:
            record["stopped"] = stop.wait(10)
        elif index in self.last:
            record["stopped"] = stop.wait(self.last[index])


@pytest.fixture
def sinks():
    made: list[TtsSink] = []

    def make(**kwargs) -> TtsSink:
        sink = TtsSink(**kwargs)
        made.append(sink)
        return sink

    yield make
    for sink in made:
        sink.close()


def _frames(path: Path) -> tuple[int, int, int]:
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes(), wav.getframerate(), wav.getnchannels()


def _peak(path: Path) -> int:
    import array
    with wave.open(str(path), "rb") as wav:
        samples = array.array("h", wav.readframes(wav.getnframes()))
    return max(abs(s) for s in samples)


@needs_espeak
def test_espeak_really_synthesises_a_wav(sinks, tmp_path):
    sink = sinks(player=FakePlayer())
    assert sink.available, sink.error_message
    assert sink.error_message is None
    target = tmp_path / "spoken.wav"
    assert sink.synthesize_to_file("Red, twenty-two jumps fifteen.", target, timeout=60)
    frames, rate, channels = _frames(target)
    assert channels == 1 and rate > 8000
    assert frames / rate > 0.5  # a sentence of six words lasts well over half a second
    assert any(vid for vid, _ in sink.voices())


@needs_espeak
def test_output_never_blocks_and_plays_each_text(sinks):
    player = FakePlayer()
    sink = sinks(player=player)
    sink.output("Black, eleven to fifteen.", Priority.QUEUE)
    sink.output("Red to move.", Priority.QUEUE)
    assert sink.wait_idle(20)
    assert len(player.calls) == 2
    assert all(call["frames"] > 0 for call in player.calls)
    # the longer sentence gives the longer sound
    assert player.calls[0]["frames"] > player.calls[1]["frames"]


@needs_espeak
def test_interrupt_stops_the_utterance_and_drops_the_queue(sinks):
    player = FakePlayer(block={0})
    sink = sinks(player=player)
    sink.output("Computer: twenty-two to eighteen.", Priority.INTERRUPT)
    assert player.started.wait(20)
    sink.output("Row 1: empty.", Priority.READING)
    sink.output("That is not a legal move.", Priority.INTERRUPT)
    assert sink.wait_idle(20)
    assert player.calls[0]["stopped"] is True
    assert len(player.calls) == 2  # the waiting reading was dropped


@needs_espeak
def test_the_players_own_move_ends_before_the_reply_is_said(sinks):
    """An INTERRUPT text (the computer's reply) lets the QUEUE text being said (the player's
    own move, 1.3-3.7 s at eSpeak NG's default rate) end, and follows it with what waited."""
    player = FakePlayer(last={0: 1.5})
    sink = sinks(player=player)
    sink.output("You: nine to thirteen.", Priority.QUEUE)
    assert player.started.wait(20)
    sink.output("You, Red to move.", Priority.QUEUE)
    sink.output("Computer: twenty-two to eighteen.", Priority.INTERRUPT)
    assert sink.wait_idle(20)
    assert player.calls[0]["stopped"] is False  # said to its end
    assert len(player.calls) == 2  # then the waiting text and the reply, as one


@needs_espeak
def test_a_long_queue_text_is_cut_by_the_reply_at_the_hold(sinks):
    player = FakePlayer(block={0})
    sink = sinks(player=player, hold=0.3)
    sink.output("A long list of every legal move, read out one by one.", Priority.QUEUE)
    assert player.started.wait(20)
    sink.output("Computer: twenty-two to eighteen.", Priority.INTERRUPT)
    assert sink.wait_idle(5)  # well before the 10 s the fake sound would last
    assert player.calls[0]["stopped"] is True
    assert len(player.calls) == 2


@needs_espeak
def test_reading_replaces_reading_on_the_worker(sinks):
    player = FakePlayer(block={0})
    sink = sinks(player=player)
    sink.output("Row 1: empty.", Priority.READING)
    assert player.started.wait(20)
    sink.output("Black men on 9 and 10.", Priority.READING)
    assert sink.wait_idle(20)
    assert player.calls[0]["stopped"] is True and len(player.calls) == 2


@needs_espeak
def test_cancel_silences_everything(sinks):
    player = FakePlayer(block={0})
    sink = sinks(player=player)
    announcer = Announcer([sink])
    announcer.announce("first")
    assert player.started.wait(20)
    announcer.announce("second")
    announcer.stop()
    assert sink.wait_idle(20)
    assert player.calls[0]["stopped"] is True and len(player.calls) == 1
    assert not sink.speaking


@needs_espeak
def test_a_failure_mid_sentence_is_reported_and_the_worker_goes_on(sinks):
    errors: list[str] = []

    def on_error(message: str) -> None:
        errors.append(message)
        raise RuntimeError("a careless callback")  # must not kill the worker either

    player = FakePlayer(fail={0})
    sink = sinks(player=player, on_error=on_error)
    sink.output("this one fails")
    sink.output("this one is said")
    assert sink.wait_idle(20)
    assert errors == ["Speech failed: the sound card fell over"]
    assert len(player.calls) == 2


@needs_espeak
def test_rate_and_volume_change_the_sound(sinks, tmp_path):
    sink = sinks(player=FakePlayer())
    text = "Black has seven moves."
    sink.set_rate(100)
    sink.set_volume(1.0)
    assert sink.synthesize_to_file(text, tmp_path / "slow.wav", timeout=60)
    sink.set_rate(300)
    assert sink.synthesize_to_file(text, tmp_path / "fast.wav", timeout=60)
    sink.set_volume(0.2)
    assert sink.synthesize_to_file(text, tmp_path / "quiet.wav", timeout=60)
    assert _frames(tmp_path / "slow.wav")[0] > 1.5 * _frames(tmp_path / "fast.wav")[0]
    assert _peak(tmp_path / "quiet.wav") < 0.6 * _peak(tmp_path / "fast.wav")


@needs_espeak
def test_settings_refuse_bad_values(sinks):
    sink = sinks(player=FakePlayer())
    for bad in (10, 1000, "fast", True):
        with pytest.raises(ValueError, match=repr(bad).replace("'", ".")):
            sink.set_rate(bad)
    for bad in (-0.1, 1.5, None):
        with pytest.raises(ValueError):
            sink.set_volume(bad)
    with pytest.raises(ValueError, match="no-such-voice"):
        sink.set_voice("no-such-voice")
    sink.set_voice(sink.voices()[0][0])  # a real one is accepted


def _has_output_device() -> bool:
    try:
        import sounddevice
        sounddevice.query_devices(kind="output")
        return True
    except Exception:
        return False


@needs_espeak
@pytest.mark.skipif(_has_output_device(), reason="this machine has a sound device: the test "
                    "checks what happens without one and would make it speak")
def test_no_sound_device_is_reported_once_and_nothing_hangs(sinks):
    errors: list[str] = []
    sink = sinks(on_error=errors.append)
    sink.output("first")
    assert sink.wait_idle(20)
    sink.output("second")
    assert sink.wait_idle(20)
    # plain words only: the driver's own text ("Error querying device -1") goes to the log
    assert errors == [NO_DEVICE_MESSAGE]


def test_missing_engine_gives_a_plain_message(monkeypatch, sinks, tmp_path):
    import pyttsx3

    def broken_init(*args, **kwargs):
        raise RuntimeError("could not initialize espeak")

    monkeypatch.setattr(pyttsx3, "init", broken_init)
    sink = sinks()
    assert sink.available is False
    assert sink.error_message == NO_ENGINE_MESSAGE
    sink.output("dropped silently", Priority.INTERRUPT)
    sink.cancel()
    sink.set_rate(150)
    assert sink.voices() == []
    assert sink.synthesize_to_file("nothing", tmp_path / "x.wav") is False
    assert not (tmp_path / "x.wav").exists()
    assert not sink.speaking


def test_pyttsx3_not_installed_gives_the_same_message(monkeypatch, sinks):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # makes "import pyttsx3" raise ImportError
    sink = sinks()
    assert sink.available is False
    assert sink.error_message == NO_ENGINE_MESSAGE
    Announcer([sink]).announce("no exception reaches the caller")


def test_drivers_that_speak_themselves_say_text_after_text(sinks):
    """pyttsx3's dummy driver stands in for SAPI5/NSSpeechSynthesizer (say + runAndWait)."""
    errors: list[str] = []
    sink = sinks(driver_name="dummy", on_error=errors.append)
    assert sink.available and sink.voices()
    sink.output("first")
    assert sink.wait_idle(10)
    sink.set_rate(150)
    sink.set_voice(sink.voices()[1][0])
    sink.output("second")  # a second runAndWait must not hang
    sink.output("third", Priority.INTERRUPT)
    assert sink.wait_idle(10)
    assert errors == []


@needs_espeak
def test_a_file_written_without_sound_is_synthesised_again(sinks, tmp_path, monkeypatch):
    """espeak-ng under load now and then writes a WAV with no samples; writing to a file tries
    again, as speaking does, instead of reporting failure at once."""
    real_save = TtsSink._save
    empty_writes: list[Path] = []

    def save_silent_once(self, text: str, path: Path) -> None:
        if not empty_writes:
            empty_writes.append(path)
            with wave.open(str(path), "wb") as wav:  # a header and no sound, as espeak-ng leaves
                wav.setnchannels(1)
                wav.setsampwidth(2)
                wav.setframerate(22050)
            return
        real_save(self, text, path)

    monkeypatch.setattr(TtsSink, "_save", save_silent_once)
    sink = sinks(player=FakePlayer())
    assert sink.synthesize_to_file("Black has seven moves.", tmp_path / "said.wav", timeout=60)
    assert empty_writes == [tmp_path / "said.wav"]
    assert _frames(tmp_path / "said.wav")[0] > 5000


@needs_espeak
def test_a_file_left_from_before_is_not_taken_for_new_sound(sinks, tmp_path, monkeypatch):
    old = tmp_path / "said.wav"
    sink = sinks(player=FakePlayer())
    assert sink.synthesize_to_file("Black has seven moves.", old, timeout=60)
    monkeypatch.setattr(TtsSink, "_save", lambda self, text, path: None)  # writes nothing
    assert not sink.synthesize_to_file("White to move.", old, timeout=60)
