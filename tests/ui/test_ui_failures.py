"""Each failure gets a clear message, shown on the status line and spoken (by the screen
reader at least), and the game goes on."""

from __future__ import annotations

import logging
import threading

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QAccessible

from checkers_desktop.logging_setup import setup_logging
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.speech.voice import MicrophoneUnavailableError, RecognizerUnavailableError
from checkers_desktop.storage import AutosaveStore
from checkers_desktop.ui import failures, main_window
from checkers_desktop.ui.settings import ENGINE_LEVEL, SPEECH_ENABLED, Settings
from checkers_desktop.session.game import Mode


def plays_on(window) -> None:
    """The game goes on: a move is accepted."""
    window.new_game(Mode.TWO_PLAYERS)
    assert window.session.submit_text("11-15")
    assert window.session.board.ply == 1


def told(window, words: str) -> None:
    assert words in window.status.text(), window.status.text()
    assert any(words in m for m in window.events.messages), window.events.messages


# --- speech --------------------------------------------------------------------------------------
class NoEngine(FakeSynth):
    available = False
    error_message = "Speech is off: no speech engine was found (espeak-ng is missing)."


def test_no_speech_engine_is_shown_and_said_by_the_screen_reader(make_window, tmp_path):
    window = make_window(synth=NoEngine())
    window.autosave.folder = tmp_path
    window.autosave.start()
    told(window, "no speech engine was found")
    assert not window.actions_by_id["toggle_speech"].isEnabled()
    plays_on(window)


class BreaksMidSentence(FakeSynth):
    """Reports a failure from its own worker thread, as ``TtsSink`` does, on the first sentence."""

    def __init__(self, on_error) -> None:
        super().__init__()
        self.on_error = on_error
        self.threads: list[threading.Thread] = []

    def output(self, text, priority=0) -> None:
        super().output(text, priority)
        if not self.threads:
            t = threading.Thread(target=self.on_error,
                                 args=("The app's voice stopped in the middle of a sentence "
                                       "(audio device lost).",))
            self.threads.append(t)
            t.start()

    def close(self) -> None:  # the window closes the voice it made
        for t in self.threads:
            t.join(5)


def test_speech_failing_mid_sentence_reaches_the_gui_thread(qtbot, make_window, monkeypatch):
    sinks = []

    def fake_make_tts(on_error):
        sinks.append(BreaksMidSentence(on_error))
        return sinks[0], None

    monkeypatch.setattr(main_window, "_make_tts", fake_make_tts)
    window = make_window(speech_sink=None)
    window.announcer.announce("Black, eleven to fifteen.")
    qtbot.waitUntil(lambda: "middle of a sentence" in window.status.text())
    assert sinks[0].threads[0].ident != threading.get_ident()
    qtbot.waitUntil(lambda: any("middle of a sentence" in m for m in window.events.messages))
    # politely: it waits for what the screen reader is saying (at the start, the question
    # whether to resume the saved game), it does not cut it off
    politeness = next(p for m, p, _ in window.events.events if "middle of a sentence" in m)
    assert politeness == QAccessible.AnnouncementPoliteness.Polite
    plays_on(window)


# --- settings ------------------------------------------------------------------------------------
def test_damaged_settings_file_is_kept_aside_and_defaults_used(qtbot, make_window, tmp_path):
    path = tmp_path / "app.ini"  # not the fixture's settings.ini
    good = Settings(QSettings(str(path), QSettings.Format.IniFormat))
    good.set(ENGINE_LEVEL, 5)
    del good
    assert failures.open_checked_settings(path)[1] is None  # a file Qt wrote is fine
    damaged = b"[engine]\nlevel=5\n" + bytes(range(256)) * 4
    path.write_bytes(damaged)
    settings, message = failures.open_checked_settings(path)
    assert message and "could not be read" in message and "kept as" in message
    assert settings.engine_level == ENGINE_LEVEL.default
    assert settings.get(SPEECH_ENABLED) is SPEECH_ENABLED.default
    kept = list(tmp_path.glob("app.damaged-*.ini"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    window = make_window(settings=settings)
    failures.report(window.ctx, message)
    told(window, "The settings file could not be read")
    window.settings.engine_level = 2  # settings work again, in a fresh file
    assert Settings(QSettings(str(path), QSettings.Format.IniFormat)).engine_level == 2
    plays_on(window)


@pytest.mark.parametrize("text", ["[speech\nenabled=true\n", "just some words\n",
                                  "[speech]\nenabled=\x01\x02\n"])
def test_settings_check_finds_malformed_text(tmp_path, text):
    path = tmp_path / "s.ini"
    path.write_text(text)
    assert failures.settings_file_problem(path)


# --- autosave ------------------------------------------------------------------------------------
def test_damaged_autosave_is_kept_aside_and_told(make_window, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    garbage = b'{"format": "checkers-desktop autosave", "version": 1, "pdn": \x00\xff'
    (data / "autosave.json").write_bytes(garbage)
    window = make_window()
    window.autosave.folder = data
    assert window.autosave.start(ask=lambda q: pytest.fail("nothing to resume")) is False
    told(window, "could not be read")
    kept = list(data.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    plays_on(window)
    assert AutosaveStore(data).load().ply == 1  # saving goes on


def test_autosave_that_cannot_be_written_is_told_once(make_window, tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    window = make_window()
    window.autosave.folder = blocker
    window.autosave.start()
    plays_on(window)
    told(window, "could not be saved automatically")
    window.session.submit_text("22-18")
    assert window.session.board.ply == 2
    assert sum("could not be saved" in m for m in window.events.messages) == 1


# --- PDN -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [None, b"\x00\x01\x02garbage\xff", b"nothing like a game",
                                     b'[FEN "W:W99:B1"]\n1. 11-15 *\n'])
def test_pdn_that_cannot_be_read_changes_nothing(qtbot, make_window, tmp_path, content):
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    window.session.submit_text("11-15")
    before = (window.session.board.fen(), window.session.board.ply)
    path = tmp_path / "game.pdn"
    if content is not None:
        path.write_bytes(content)
    with qtbot.waitSignal(window.open_game_action.done, timeout=10_000) as opened:
        assert window.open_game_action.open(str(path))
    assert opened.args == [False]
    told(window, "The game on the board is unchanged.")
    assert (window.session.board.fen(), window.session.board.ply) == before
    assert window.session.submit_text("22-18")  # and play goes on


# --- voice input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("error, words", [
    (MicrophoneUnavailableError("no input device"), "no microphone can be used"),
    (RecognizerUnavailableError("the model files are missing"), "the speech recogniser failed"),
])
def test_voice_input_failures_are_told(make_window, error, words):
    window = make_window()
    text = failures.report_voice_failure(window.ctx, error)
    assert "keyboard" in text
    told(window, words)
    plays_on(window)


# --- uncaught exceptions -------------------------------------------------------------------------
@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_is_logged_and_told(qtbot, make_window, tmp_path):
    log_path = setup_logging(tmp_path / "log")
    window = make_window()
    failures.install_excepthook(lambda: window.ctx)
    try:
        def broken_slot():
            raise RuntimeError("slot blew up")

        QTimer.singleShot(0, broken_slot)
        qtbot.waitUntil(lambda: "slot blew up" in window.status.text())
    finally:
        failures.uninstall_excepthook()
        for h in logging.getLogger().handlers:
            h.flush()
    told(window, "Something went wrong inside the app")
    text = log_path.read_text()
    assert "uncaught exception" in text and "slot blew up" in text and "Traceback" in text
    plays_on(window)


# --- the real app, started with a damaged settings file and a damaged autosave -------------------
def test_real_app_starts_with_damaged_files_tells_and_plays(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_bytes(b"\x00\x01 not json")
    ini = tmp_path / "settings.ini"
    ini.write_bytes(bytes(range(256)))
    script = tmp_path / "moves.txt"
    script.write_text("11-15\n23-19\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CHECKERS_DESKTOP_DATA=str(data),
               CHECKERS_DESKTOP_SETTINGS=str(ini), CHECKERS_DESKTOP_SCRIPT=str(script),
               CHECKERS_DESKTOP_AUTORESUME="1")
    out = subprocess.run([sys.executable, "-m", "checkers_desktop"], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    problems = [ln for ln in lines if ln.startswith("problem")]
    assert any("settings file could not be read" in p for p in problems), lines
    assert any("saved game could not be read" in p for p in problems), lines
    assert "fresh" in lines and lines[-1].startswith("done 2 ")
    assert list(data.glob("autosave.damaged-*.json"))
    assert list(tmp_path.glob("settings.damaged-*.ini"))
    log = (data / "checkers-desktop.log").read_text()
    assert "settings file" in log and "damaged save" in log
