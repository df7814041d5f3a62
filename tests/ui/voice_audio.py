"""Spoken test input for the window's voice tests: utterances rendered with espeak-ng into WAV
files and fed to ``window.voice_input.inject_file`` (the microphone's decoding path)."""

from __future__ import annotations

import subprocess

import pytest

VOICES = (("en-us+f2", 160), ("en", 150), ("en-us+m3", 140), ("en-us", 180))
"""espeak-ng voice and speed (words per minute) of each try, in order."""


def speak_to_file(text: str, path, attempt: int = 0):
    """Render ``text`` with espeak-ng into the WAV file ``path``, in the voice of try ``attempt``
    (see :data:`VOICES`); returns ``path``."""
    voice, speed = VOICES[attempt % len(VOICES)]
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
    return path


def utter(qtbot, window, path):
    """Inject one utterance and wait until the window has acted on it; returns the VoiceResult."""
    with qtbot.waitSignal(window.voice_input.heard, timeout=30000) as blocker:
        window.voice_input.inject_file(path)
    return blocker.args[0]


def utter_until(qtbot, window, say, text, accept):
    """Say ``text`` (other voices on a retry) until ``accept(result)``; returns the result."""
    for attempt in range(len(VOICES)):
        result = utter(qtbot, window, say(text, attempt))
        if accept(result):
            return result
    pytest.fail(f"{text!r} was not understood by any voice: last {result!r}")
