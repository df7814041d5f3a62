"""A composed problem solved by voice: utterances rendered with espeak-ng and fed to the window's
voice input (the microphone's decoding path, without a microphone): "next problem", "hint", the
move, and "show the solution"."""

from __future__ import annotations

import shutil

import pytest

from checkers_desktop.session.problem_set import Problem, Stated
from checkers_desktop.session.problems import State
from checkers_desktop.ui.settings import VOICE_CONFIRMATION
from voice_audio import utter_until

pytestmark = [
    pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng renders the speech"),
    pytest.mark.timeout(300),
]

EASY = Problem("beginner/20", "beginner", "Beginner's problems", "Beginner's Problem #20",
               "W:WK15,K14:BK6.", Stated.WHITE_WINS, rating=700)
"""Red to play and win: two kings against one; fourteen to seventeen wins at once (the
database then shows the win is sure)."""



def test_a_problem_is_solved_by_voice(make_window, settings, qtbot, say, installed4):
    settings.set(VOICE_CONFIRMATION, "resign-and-draw")
    window = make_window()
    controls = window.problem_controls
    controls.analyst.pause, controls.analyst.seconds = 0.0, 0.3
    controls._catalogue = [EASY]  # "next problem" picks from these
    window.synth.clear()
    result = utter_until(qtbot, window, say, "next problem",
                         lambda r: r.command == "next-problem")
    assert result.command == "next-problem"
    assert controls.problems.problem == EASY
    assert "Beginner's Problem #20. Red to play and win." in " | ".join(window.synth.spoken)
    qtbot.waitUntil(lambda: not controls.problems._busy, timeout=10000)
    utter_until(qtbot, window, say, "hint", lambda r: r.command == "hint")
    qtbot.waitUntil(lambda: window.synth.spoken[-1].startswith("Hint: move the king on"),
                    timeout=10000)
    utter_until(qtbot, window, say, "fourteen to seventeen",
                lambda r: r.kind == "move" and r.move.pdn() == "14-17")
    qtbot.waitUntil(lambda: controls.problems.state is State.SOLVED, timeout=15000)
    said = " | ".join(window.synth.spoken)
    assert "Solved, with 1 hint! The win is sure from here." in said
    assert controls.problems.progress.problems["beginner/20"].solved == 1


def test_show_the_solution_by_voice(make_window, settings, qtbot, say, installed4):
    settings.set(VOICE_CONFIRMATION, "resign-and-draw")
    window = make_window()
    controls = window.problem_controls
    controls.analyst.pause, controls.analyst.seconds = 0.0, 0.3
    controls._start(EASY)
    qtbot.waitUntil(lambda: not controls.problems._busy, timeout=10000)
    utter_until(qtbot, window, say, "show the solution",
                lambda r: r.command == "show-solution")
    qtbot.waitUntil(lambda: controls.problems.state is State.FAILED, timeout=10000)
    assert "The solution: " in " | ".join(window.synth.spoken)
