"""Fixtures for the window tests: a window with a FakeSynth voice, a recorder for screen reader
events, a recorder for sounds, settings in a temporary ini file and a fast computer opponent."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from checkers_desktop.speech.fake import FakeSynth  # noqa: E402
from checkers_desktop.session.ports import first_legal_move  # noqa: E402
from checkers_desktop.ui.settings import Settings  # noqa: E402


class SoundRecorder:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


class EventRecorder:
    """Stands in for QAccessible.updateAccessibility: keeps (message, politeness, object)."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def __call__(self, event) -> None:
        self.events.append((event.message(), event.politeness(), event.object()))

    @property
    def messages(self) -> list[str]:
        return [e[0] for e in self.events]


@pytest.fixture
def settings_path(tmp_path):
    return tmp_path / "settings.ini"


@pytest.fixture
def settings(settings_path):
    return Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))


@pytest.fixture
def make_window(qtbot, settings, tmp_path):
    """make_window(**overrides) -> MainWindow, shown, with fakes in .synth, .events, .sounds."""
    from checkers_desktop.ui.main_window import MainWindow

    windows = []

    def make(**kwargs):
        synth = kwargs.pop("synth", None) or FakeSynth()
        events = EventRecorder()
        sounds = SoundRecorder()
        options = dict(settings=settings, speech_sink=synth, screen_reader_post=events,
                       engine_choose=first_legal_move, reply_seconds=0,
                       confirm=lambda question: True, sound_player=sounds,
                       welcome_delay_ms=0, data_folder=tmp_path / "data",
                       paced_screen_reader=False)
        options.update(kwargs)
        window = MainWindow(**options)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        if options.get("auto_welcome", True):
            qtbot.waitUntil(lambda: bool(window.announcer.history))  # the welcome
        window.synth, window.events, window.sounds = synth, events, sounds
        if options.get("confirm") is not None:  # no modal form either: the desk's fakes answer
            from official_forms import through_the_desks_fakes

            desk = window.event_menu.desk
            desk.ask_form = through_the_desks_fakes(desk)

        def unexpected_choice(listing):  # a modal list would wait for ever in a test
            raise AssertionError(f"{listing.name} holds several games: the test must choose")

        window.open_game_action.choose_game = unexpected_choice
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.session.shutdown()


@pytest.fixture
def say(tmp_path):
    """say(text, attempt=0) -> path of a WAV file of ``text`` spoken by espeak-ng (voice tests)."""
    from voice_audio import speak_to_file

    count = iter(range(10000))
    return lambda text, attempt=0: speak_to_file(text, tmp_path / f"u{next(count)}.wav", attempt)

