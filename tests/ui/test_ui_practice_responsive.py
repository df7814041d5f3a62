"""The proof of responsiveness: the window answers keys while the real engine thinks at a level with a long
think, and the computer's move still comes afterwards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from checkers_desktop.engine import LEVELS, choose_move
from checkers_desktop.speech.announcer import Priority


def post_key(widget, key) -> None:
    """Queue a key press and release for ``widget``: only a running event loop delivers them."""
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QCoreApplication.postEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier,
                                                     chr(key).lower()))


@pytest.mark.slow
def test_reading_keys_are_answered_while_the_engine_searches(make_window, qtbot, monkeypatch):
    # the opening book would answer 11-15 at once: this proof needs the engine to search
    monkeypatch.setattr("checkers_desktop.engine.levels.load_book", lambda: None)
    window = make_window(engine_choose=choose_move, reply_seconds=0)
    # a long think bounded by time, not by a depth: a depth-bound level's compiled search
    # answered in a fraction of a second once numba's cache was warm, before the keys were read
    slow = next(lv for lv in LEVELS if lv.think_seconds >= 3 and lv.depth is None)
    window.practice.set_level(slow.number, announce=False)
    window.session.submit_text("11-15")
    assert window.session.thinking and window.worker.busy
    window.board.focus_cursor()
    start = len(window.announcer.history)

    post_key(QApplication.focusWidget(), Qt.Key.Key_T)  # whose turn
    post_key(QApplication.focusWidget(), Qt.Key.Key_M)  # counts and material
    qtbot.waitUntil(lambda: len([p for _, p in window.announcer.history[start:]
                                 if p is Priority.READING]) >= 2, timeout=2000)
    answered = [t for t, p in window.announcer.history[start:] if p is Priority.READING]
    assert answered[0].startswith("Red to move.") and "The computer is thinking." in answered[0]
    assert "12 men" in answered[1]
    assert window.session.board.ply == 1  # the engine has not answered yet
    assert window.worker.busy

    with qtbot.waitSignal(window.game_signals.move_played, timeout=int(slow.think_seconds * 1000)
                          + 10000) as blocker:
        pass
    assert window.session.board.ply == 2 and blocker.args[0] in window.session.board.move_stack
    # The readings were said before the computer's move (INTERRUPT: "Computer: ... to ...").
    after = window.announcer.history[start:]
    reply = next(i for i, (t, p) in enumerate(after) if p is Priority.INTERRUPT)
    assert after[reply][0].startswith("Computer: ")
    assert all(after.index((t, Priority.READING)) < reply for t in answered)
