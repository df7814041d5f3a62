"""Speech and sound settings: chosen from the Speech menu, applied at once, said, remembered; where
speech goes (screen reader, own voice, both; automatic avoids hearing everything twice)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction

from checkers_desktop.speech.announcer import Priority
from checkers_desktop.ui import a11y
from checkers_desktop.ui.settings import (NOTATION, OUTPUT, SOUND_MUTED, SOUND_VOLUME, SPEECH_RATE,
                                          VERBOSITY)
from checkers_desktop.session.game import Mode


class FakePlayer:
    def __init__(self) -> None:
        self.volume = 0.8
        self.muted = False
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        if not self.muted:
            self.played.append(name)
        return not self.muted


class FakeVoice:
    """A speech sink with the TtsSink's settings methods."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.rate = self.volume = self.voice = None

    def output(self, text, priority=Priority.QUEUE) -> None:
        self.spoken.append(text)

    def cancel(self) -> None:
        pass

    def set_rate(self, wpm) -> None:
        self.rate = wpm

    def set_volume(self, volume) -> None:
        self.volume = volume

    def set_voice(self, voice_id) -> None:
        self.voice = voice_id

    def voices(self):
        return [("en-gb", "English (Great Britain)"), ("fr", "French")]


def menu_action(window, name: str) -> QAction:
    found = [a for a in window.findChildren(QAction) if a.objectName() == name]
    assert found, name
    return found[0]


def test_verbosity_and_notation_from_the_menu_are_applied_said_and_remembered(make_window, settings):
    window = make_window()
    menu_action(window, f"setting:{VERBOSITY.key}=brief").trigger()
    assert window.session.verbosity == "brief"
    assert window.synth.spoken[-1] == "Verbosity: Brief."
    menu_action(window, f"setting:{NOTATION.key}=takes").trigger()
    assert settings.get(NOTATION) == "takes" and settings.get(VERBOSITY) == "brief"
    window.session.load_position("B:W18,30:B14,15,1", Mode.TWO_PLAYERS)
    window.session.submit_text("14x23")
    assert "Black: fourteen takes twenty-three." in window.synth.spoken  # brief: no more
    again = make_window()
    assert again.session.verbosity == "brief" and again.session.style == "takes"
    assert menu_action(again, f"setting:{VERBOSITY.key}=brief").isChecked()


def test_brief_board_reading_leaves_out_empty_squares(make_window):
    window = make_window()
    full = window.speech_controls.reading_text("read_board")
    menu_action(window, f"setting:{VERBOSITY.key}=brief").trigger()
    brief = window.speech_controls.reading_text("read_board")
    assert "15 empty" in full and "15 empty" not in brief
    assert len(brief) < len(full)


@pytest.mark.parametrize("mode, reader_active, heard, to_reader, to_voice", [
    ("auto", False, None, True, True),
    ("auto", True, None, True, False),
    ("auto", True, True, True, False),
    # a screen reader that does not listen for announcements (Orca 43): the own voice says them
    ("auto", True, False, True, True),
    ("screen_reader", False, None, True, False),
    ("screen_reader", True, False, True, False),  # the player's own choice stands
    ("self_voice", True, None, False, True),
    ("both", True, None, True, True),
])
def test_output_routes(make_window, monkeypatch, settings, mode, reader_active, heard, to_reader,
                       to_voice):
    from checkers_desktop.ui import a11y_bus

    monkeypatch.setattr(a11y, "screen_reader_active", lambda: reader_active)
    monkeypatch.setattr(a11y_bus, "announcements_heard", lambda: heard)
    settings.set(OUTPUT, mode)
    window = make_window()
    window.synth.clear()
    window.events.events.clear()
    window.session.submit_text("11-15")
    assert (len(window.events.messages) > 0) is to_reader
    assert (len(window.synth.spoken) > 0) is to_voice
    assert window.echo.is_sink_enabled(window.speech_sink) is to_voice


def test_output_menu_switches_at_once(make_window, monkeypatch):
    monkeypatch.setattr(a11y, "screen_reader_active", lambda: True)
    window = make_window()
    menu_action(window, f"setting:{OUTPUT.key}=self_voice").trigger()
    window.events.events.clear()
    window.synth.clear()
    window.session.submit_text("11-15")
    assert window.synth.spoken and not window.events.messages


def test_speech_off_still_mutes_the_own_voice_in_every_mode(make_window, settings):
    settings.set(OUTPUT, "both")
    window = make_window()
    window.set_speech_enabled(False)
    window.synth.clear()
    window.session.submit_text("11-15")
    assert window.synth.spoken == []
    assert window.events.messages


def test_voice_rate_volume_and_voice_reach_the_speech_engine(make_window, settings):
    voice = FakeVoice()
    settings.set(SPEECH_RATE, 250)
    window = make_window(synth=voice)
    assert voice.rate == 250 and voice.volume == 1.0
    menu_action(window, f"setting:{SPEECH_RATE.key}=130").trigger()
    assert voice.rate == 130 and settings.get(SPEECH_RATE) == 130
    window.speech_controls._fill_voices()
    menu_action(window, "setting:speech/voice=fr").trigger()
    assert voice.voice == "fr" and voice.spoken[-1] == "Voice: French."


def test_sound_volume_and_mute_are_separate_from_speech(make_window, settings):
    player = FakePlayer()
    window = make_window(sound_player=player)
    window.new_game(Mode.TWO_PLAYERS)  # two players: no computer reply in between
    menu_action(window, f"setting:{SOUND_VOLUME.key}=50").trigger()
    assert player.volume == 0.5 and settings.get(SOUND_VOLUME) == 50
    window.session.submit_text("11-15")
    assert "move" in player.played
    menu_action(window, f"setting:{SOUND_MUTED.key}").setChecked(True)
    assert player.muted and settings.get(SOUND_MUTED) is True
    assert window.synth.spoken[-1] == "Sounds off."
    count = len(player.played)
    assert window.session.submit_text("22-18")
    assert len(player.played) == count  # muted: no sound, speech goes on
    assert any(t.startswith("Red: twenty-two to eighteen. Black to move.")
               for t in window.synth.spoken)


def test_settings_menus_have_keyboard_paths(make_window):
    window = make_window()
    speech_menu = [m for m in window.menuBar().actions() if m.text() == "&Speech"][0].menu()
    titles = [a.text() for a in speech_menu.actions() if a.text()]
    letters = [t[t.index("&") + 1].lower() for t in titles if "&" in t]
    assert len(letters) == len(set(letters)), titles  # one access key each
    assert len(letters) == len(titles)
