"""Voice > Learn my voice in the window: the dialog prompts each phrase (spoken and shown), Space
or Enter opens and closes the microphone, each recording is measured off the GUI thread, the
learned voice is kept and put in force; Escape keeps nothing; a damaged learned voice is told
when voice commands go on, and the standard settings stay."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt

from checkers_desktop.speech.voice.enrol import PROMPTS, SpeakerAdaptation
from checkers_desktop.ui import voice_input as voice_module

pytestmark = pytest.mark.timeout(120)


class FakeMicrophone:
    """Gives a second of sound for each phrase; records when it was opened and closed."""

    def __init__(self):
        self.active = False
        self.muted = False
        self.opened = 0

    def start(self):
        self.active = True
        self.opened += 1

    def stop(self):
        self.active = False
        return b"\x10\x00" * 16000

    def listen(self, callback):
        self.active = True

    def set_muted(self, muted):
        self.muted = muted


class FakeRecognizer:
    """The recogniser's side of enrolment: ``measure`` (each phrase clearly heard, on the thread
    that calls it) and ``adapt`` (what was put in force)."""

    engine_name = "fake"

    def __init__(self):
        self.adapted: list = []
        self.measured_on: list[int] = []

    def measurer(self):
        def measure(pcm, texts):
            self.measured_on.append(threading.get_ident())
            return [0.0] + [-5.0] * (len(texts) - 1), [0.4] * 80, 90
        return measure

    def adapt(self, adaptation):
        self.adapted.append(adaptation)
        return True

    def warm_up(self):
        pass


@pytest.fixture
def window(make_window, monkeypatch):
    window = make_window()
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    voice = window.voice_input
    voice.recognizer = FakeRecognizer()
    voice.mic = FakeMicrophone()
    voice.microphone_factory = lambda: voice.mic
    window.synth.clear()
    return window


def spoken(window) -> list[str]:
    return list(window.synth.spoken)


def test_learn_my_voice_is_in_the_voice_menu(window):
    action = window.actions_by_id["voice_learn"]
    assert action.text() == "&Learn my voice..."
    voice_menu = next(a.menu() for a in window.menuBar().actions() if "Vo" in a.text())
    assert action in voice_menu.actions()


def test_twelve_phrases_with_space_and_enter_then_kept_and_used(window, qtbot):
    voice = window.voice_input
    window.actions_by_id["voice_learn"].trigger()
    dialog = voice.enrolment
    assert dialog is not None and dialog.isVisible()
    assert "Phrase one of twelve: eleven to fifteen." in spoken(window)[-1]
    assert dialog.label.text() == spoken(window)[-1]
    qtbot.waitUntil(dialog.label.hasFocus, timeout=5000)
    for i, prompt in enumerate(PROMPTS):
        key = Qt.Key.Key_Space if i % 2 == 0 else Qt.Key.Key_Return
        qtbot.keyClick(dialog.label, key)
        assert voice.mic.active and dialog.label.text().startswith(
            f"Recording. Say: {prompt.words}.")
        if i == len(PROMPTS) - 1:
            with qtbot.waitSignal(dialog.ended, timeout=10000) as ended:
                qtbot.keyClick(dialog.label, key)
            assert ended.args == [True]
        else:
            qtbot.keyClick(dialog.label, key)
            qtbot.waitUntil(lambda: dialog.session.index == i + 1, timeout=10000)
            assert PROMPTS[i + 1].words in spoken(window)[-1]
        assert not voice.mic.active
    assert voice.mic.opened == 12
    assert spoken(window)[-1].startswith("Your voice is learned from twelve phrases")
    assert threading.get_ident() not in voice.recognizer.measured_on
    qtbot.waitUntil(lambda: bool(voice.recognizer.adapted), timeout=5000)
    learned = voice.recognizer.adapted[-1]
    assert isinstance(learned, SpeakerAdaptation) and learned.phrases == 12
    kept = voice.voice_store().load("player", SpeakerAdaptation.from_json)
    assert kept.value == learned and kept.problem is None
    assert voice.enrolment is None


def test_escape_stops_and_keeps_nothing(window, qtbot):
    voice = window.voice_input
    window.actions_by_id["voice_learn"].trigger()
    dialog = voice.enrolment
    qtbot.keyClick(dialog.label, Qt.Key.Key_Space)
    qtbot.keyClick(dialog.label, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: dialog.session.index == 1, timeout=10000)
    qtbot.keyClick(dialog.label, Qt.Key.Key_Space)  # recording the second phrase
    with qtbot.waitSignal(dialog.ended, timeout=5000) as ended:
        qtbot.keyClick(dialog.label, Qt.Key.Key_Escape)
    assert ended.args == [False]
    assert spoken(window)[-1] == ("Learn my voice stopped. Nothing was kept; voice commands "
                                  "work as before.")
    assert not voice.mic.active and voice.recognizer.adapted == []
    assert not voice.voice_store().path("player").exists()


def test_learning_again_asks_first_through_the_interaction(window, qtbot):
    voice = window.voice_input
    store = voice.voice_store()
    store.save("player", {"format": "something kept"})
    asked = []
    window.ctx.ask.confirm = lambda question, title="", on_answer=None, **_: asked.append(
        question) or False
    window.actions_by_id["voice_learn"].trigger()
    assert asked and asked[0].startswith("A learned voice is already kept. Learn it again?")
    assert voice.enrolment is None


def test_a_damaged_learned_voice_is_told_when_voice_goes_on(window, qtbot):
    voice = window.voice_input
    path = voice.voice_store().path("player")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{damaged")
    window.actions_by_id["voice_on"].trigger()
    told = ("Your learned voice is damaged, so voice commands use the standard settings. "
            "Voice, Learn my voice learns it again.")
    assert told in spoken(window)
    assert told in window.status.text()
    assert voice.recognizer.adapted == []
    assert not path.exists()  # kept aside


def test_a_microphone_that_cannot_open_stops_with_nothing_kept(window, qtbot):
    voice = window.voice_input

    def broken():
        raise RuntimeError("Voice commands cannot hear you: the microphone could not be opened.")

    voice.mic.start = broken
    window.actions_by_id["voice_learn"].trigger()
    dialog = voice.enrolment
    with qtbot.waitSignal(dialog.ended, timeout=5000) as ended:
        qtbot.keyClick(dialog.label, Qt.Key.Key_Space)
    assert ended.args == [False]
    assert spoken(window)[-1] == ("Learn my voice stopped. Voice commands cannot hear you: the "
                                  "microphone could not be opened. Nothing was kept.")
    assert not voice.voice_store().path("player").exists() and voice.recognizer.adapted == []


def test_without_a_microphone_it_does_not_start(window, monkeypatch):
    monkeypatch.setattr(voice_module, "microphone_status",
                        lambda: (False, "no microphone was found"))
    window.actions_by_id["voice_learn"].trigger()
    assert window.voice_input.enrolment is None
    assert spoken(window)[-1] == ("Learn my voice needs a microphone, and none was found. Plug "
                                  "one in and choose Learn my voice again. Nothing was changed.")
