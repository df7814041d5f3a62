"""Microphone capture with a fake audio stream: push-to-talk, continuous listening, muting while
the app speaks, and plain errors when there is no audio backend."""

from __future__ import annotations

import array
import math
import sys

import pytest

from checkers_desktop.speech.voice import microphone as mic
from checkers_desktop.speech.voice.confirm import (Confirmation, needs_confirmation,
                                                   pick_up_commits)
from checkers_desktop.speech.voice.recognizer import VoiceResult
from checkers_desktop.rules import Board


class FakeStream:
    def __init__(self, callback):
        self.callback = callback
        self.started = self.closed = False

    def start(self):
        self.started = True

    def stop(self):
        self.started = False

    def close(self):
        self.closed = True


def tone(seconds, amplitude=8000):
    n = int(seconds * mic.SAMPLE_RATE)
    return array.array("h", (int(amplitude * math.sin(i / 5)) for i in range(n))).tobytes()


def quiet(seconds):
    return bytes(2 * int(seconds * mic.SAMPLE_RATE))


def blocks(pcm, size=mic.BLOCK * 2):
    return [pcm[i:i + size] for i in range(0, len(pcm), size)]


@pytest.fixture
def fake():
    made = []

    def factory(callback):
        made.append(FakeStream(callback))
        return made[-1]
    return made, factory


def test_push_to_talk_returns_what_was_heard_between_start_and_stop(fake):
    made, factory = fake
    m = mic.Microphone(stream_factory=factory, hold_off=0)
    m.start()
    assert m.active and made[0].started
    pcm = tone(0.2)
    for b in blocks(pcm):
        made[0].callback(b)
    audio = m.stop()
    assert made[0].closed and not m.active
    assert audio.sample_rate == 16000 and audio.sample_width == 2
    assert audio.get_raw_data() == pcm


def test_audio_heard_while_the_app_speaks_is_dropped(fake):
    made, factory = fake
    m = mic.Microphone(stream_factory=factory, hold_off=0)
    m.start()
    made[0].callback(tone(0.03, 100))
    m.set_muted(True)
    made[0].callback(tone(0.03, 9000))     # the app's own voice
    m.set_muted(False)
    made[0].callback(tone(0.03, 200))
    audio = m.stop()
    assert audio.get_raw_data() == tone(0.03, 200)  # earlier audio cleared on mute, voice dropped


def test_hold_off_after_speaking_drops_the_echo(fake):
    made, factory = fake
    m = mic.Microphone(stream_factory=factory, hold_off=60)
    m.start()
    m.set_muted(True)
    m.set_muted(False)
    made[0].callback(tone(0.03))
    assert m.stop() is None


def test_continuous_listening_hands_over_each_utterance(fake):
    made, factory = fake
    heard = []
    m = mic.Microphone(stream_factory=factory, hold_off=0)
    m.listen(heard.append)
    stream = made[0]
    speech = tone(0.5)
    for b in blocks(quiet(0.5) + speech + quiet(0.8) + tone(0.05) + quiet(0.8)):
        stream.callback(b)
    assert m.stop() is None
    assert len(heard) == 1                      # the 50 ms click is too short
    pcm = heard[0].get_raw_data()
    assert speech in pcm
    assert len(pcm) < len(speech) + 2 * mic.SAMPLE_RATE * 2


def test_segmenter_never_returns_an_unfinished_utterance():
    seg = mic.UtteranceSegmenter()
    out = []
    for b in blocks(quiet(0.3) + tone(1.0)):
        out += seg.feed(b)
    assert out == []


def test_missing_backend_is_a_plain_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # import fails
    with pytest.raises(mic.MicrophoneUnavailableError, match="sounddevice"):
        mic.Microphone().start()
    ok, message = mic.microphone_status()
    assert not ok and "rest of the game works" in message


def test_missing_portaudio_is_a_plain_error(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "sounddevice":
            raise OSError("PortAudio library not found")
        return real_import(name, *args, **kwargs)
    monkeypatch.delitem(sys.modules, "sounddevice", raising=False)
    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(mic.MicrophoneUnavailableError, match="libportaudio2") as err:
        mic.Microphone().listen(lambda audio: None)
    assert isinstance(err.value, RuntimeError)


def test_status_on_this_machine_is_a_plain_answer():
    ok, message = mic.microphone_status()
    assert isinstance(ok, bool) and message and "Traceback" not in message


def test_starting_twice_is_refused(fake):
    _, factory = fake
    m = mic.Microphone(stream_factory=factory)
    m.start()
    with pytest.raises(RuntimeError):
        m.listen(lambda a: None)
    m.stop()


def test_confirmation_setting():
    move = Board().parse_move("11-15")
    said_move = VoiceResult("move", "eleven to fifteen", move=move)
    resign = VoiceResult("command", "resign", command="resign")
    draw = VoiceResult("command", "offer draw", command="offer-draw")
    board = VoiceResult("command", "read the board", command="read-board")
    for setting in Confirmation:
        assert needs_confirmation(resign, setting) and needs_confirmation(draw, setting)
        assert not needs_confirmation(board, setting)
    assert needs_confirmation(said_move, Confirmation.EVERY_MOVE)
    assert not needs_confirmation(said_move, Confirmation.RESIGN_AND_DRAW)
    assert pick_up_commits(True) and not pick_up_commits(False)
    pick_up = VoiceResult("pick-up", "pick up eleven", square=11)
    assert needs_confirmation(pick_up, Confirmation.EVERY_MOVE, pick_up_binds=True)
    assert not needs_confirmation(pick_up, Confirmation.EVERY_MOVE)
    assert not needs_confirmation(pick_up, Confirmation.RESIGN_AND_DRAW, pick_up_binds=True)
    undo = VoiceResult("command", "undo", command="undo")
    assert needs_confirmation(undo, Confirmation.EVERY_MOVE)
    assert not needs_confirmation(undo, Confirmation.RESIGN_AND_DRAW)
    # accepted, but not beyond doubt: read back whatever the setting (a pick-up that binds)
    doubtful = VoiceResult("move", "eleven to fifteen", move=move, confident=False)
    assert needs_confirmation(doubtful, Confirmation.RESIGN_AND_DRAW)
    put_down = VoiceResult("square", "fifteen", square=15, move=move, confident=False)
    assert needs_confirmation(put_down, Confirmation.RESIGN_AND_DRAW)
    held = VoiceResult("pick-up", "pick up eleven", square=11, confident=False)
    assert needs_confirmation(held, Confirmation.RESIGN_AND_DRAW, pick_up_binds=True)
    assert not needs_confirmation(held, Confirmation.RESIGN_AND_DRAW)
    unsure_undo = VoiceResult("command", "undo", command="undo", confident=False)
    assert not needs_confirmation(unsure_undo, Confirmation.RESIGN_AND_DRAW)
