"""Help > Learn checkers played through to its end with scripted keys on the window's board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.session.game import Mode
from checkers_desktop.session.tutorial import LESSON
from checkers_desktop.texts import tutorial as texts


def press(qtbot, *keys) -> None:
    for key in keys:
        qtbot.keyClick(QApplication.focusWidget(), key)
        qtbot.wait(1)


@pytest.mark.timeout(60)
def test_the_lesson_is_played_to_its_end_by_keys(make_window, qtbot):
    window = make_window()
    runner = window.play_aids.tutorial
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F1, Qt.KeyboardModifier.ControlModifier)
    assert runner.active
    assert window.synth.spoken[-1] == f"Step 1 of {len(LESSON)}. {texts.INTRO}"
    assert window.board.flipped and window.board.cursor == 11
    press(qtbot, Qt.Key.Key_Return)               # the introduction
    press(qtbot, Qt.Key.Key_Return)               # the board and its numbers
    assert texts.CURSOR_DIAGONAL in window.synth.spoken[-1]
    press(qtbot, Qt.Key.Key_Return)               # Enter before the cursor is there: not yet
    assert window.synth.spoken[-1] == texts.wrong_square_text(15)
    press(qtbot, Qt.Key.Key_PageUp)               # up and to the right: 15
    qtbot.waitUntil(lambda: texts.CURSOR_NUMBER in window.synth.spoken[-1])
    assert window.synth.spoken[-3:-1] == ["15, empty", texts.WELL_DONE]
    press(qtbot, Qt.Key.Key_1, Qt.Key.Key_Return)  # type 1, Enter
    qtbot.waitUntil(lambda: texts.CURSOR_NEXT in window.synth.spoken[-1])
    press(qtbot, Qt.Key.Key_N)                    # the nearest movable piece
    qtbot.waitUntil(lambda: texts.MOVING in window.synth.spoken[-1])
    press(qtbot, Qt.Key.Key_Return, Qt.Key.Key_Return)   # pick up 11, put it down
    qtbot.waitUntil(lambda: texts.JUMPING in window.synth.spoken[-1])
    press(qtbot, Qt.Key.Key_N, Qt.Key.Key_Return, Qt.Key.Key_Return)  # 14x23
    qtbot.waitUntil(lambda: texts.SEVERAL_JUMPS in window.synth.spoken[-1])
    assert window.board.cursor == 10
    press(qtbot, Qt.Key.Key_Return, Qt.Key.Key_Return)   # 10x19x28
    qtbot.waitUntil(lambda: texts.CROWNING in window.synth.spoken[-1])
    press(qtbot, Qt.Key.Key_Return, Qt.Key.Key_Return)   # 27 to the far row
    qtbot.waitUntil(lambda: texts.KEYS in window.synth.spoken[-1])
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not runner.active)
    assert runner.completed
    assert window.synth.spoken[-1] == texts.END
    assert window.session.mode is Mode.COMPUTER and window.session.board.ply == 0
    assert window.session.running and window.board.intercept is None
    said = window.synth.spoken
    assert said.count(texts.WELL_DONE) >= 7  # every practice step was checked and praised


def test_escape_leaves_the_lesson_for_a_new_game(make_window, qtbot):
    window = make_window()
    window.play_aids.tutorial.start()
    press(qtbot, Qt.Key.Key_Escape)
    assert not window.play_aids.tutorial.active
    assert window.synth.spoken[-1] == texts.LEFT
    assert window.session.mode is Mode.COMPUTER


def test_the_first_welcome_offers_the_lesson_and_says_the_level_and_rules(make_window):
    window = make_window()
    welcome = window.synth.spoken[0]
    assert "level 3, Club" in welcome and "Practice at home" in welcome
    assert "Control F1 starts a short spoken lesson" in welcome
    again = make_window()  # the same settings: offered once only
    assert "Control F1" not in again.synth.spoken[0]
