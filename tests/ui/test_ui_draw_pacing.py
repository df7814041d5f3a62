"""After a draw is accepted in a match the screen reader hears each announcement whole: they
are posted at least the pace apart (``ui.a11y.ScreenReaderSink``, 300 ms and more), and the
keyboard focus changes once, to the board's cursor square."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.ui.a11y import PACE_MIN_MS

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
pytestmark = pytest.mark.timeout(60)


class TimedPosts:
    """Stands in for QAccessible.updateAccessibility: keeps (monotonic seconds, message,
    politeness)."""

    def __init__(self) -> None:
        self.posts: list[tuple[float, str, object]] = []

    def __call__(self, event) -> None:
        self.posts.append((time.monotonic(), event.message(), event.politeness()))


def test_a_draw_accepted_is_announced_paced_with_one_focus_change(make_window, qtbot,
                                                                  tmp_path):
    from PySide6.QtGui import QAccessible

    posts = TimedPosts()
    window = make_window(screen_reader_post=posts, paced_screen_reader=True, confirm=None)
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(5)
    window.board.focus_cursor()
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "wcdf",
                             official="Carol Ruiz")
    match = menu.start_match(settings)
    menu.ask_player = lambda question, who: True
    window.move_box.setText("11-15")
    window.submit_move_box()
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=20000)
    window.board.focus_cursor()
    focus: list[object] = []
    QApplication.instance().focusChanged.connect(
        lambda old, new: focus.append((type(new).__name__, time.monotonic())))
    start = len(posts.posts)
    answered: list[str] = []

    def answer_dialogs():  # the opponent: Yes; the official, asked to start game 2: No
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            yes = "accept" in box.text() and "ready" not in box.text()
            answered.append(box.text())
            focus.append(("dialog", time.monotonic()))
            box.button(QMessageBox.StandardButton.Yes if yes
                       else QMessageBox.StandardButton.No).click()
        if len(answered) < 2:
            QTimer.singleShot(10, answer_dialogs)
    QTimer.singleShot(0, answer_dialogs)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_D, CTRL_SHIFT)  # offer; accepted
    qtbot.waitUntil(lambda: match.games[0].result is not None and len(answered) == 2,
                    timeout=20000)
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=20000)
    qtbot.wait(50)
    after = posts.posts[start:]
    assert len(after) >= 3, [m for _, m, _ in after]
    assertive = QAccessible.AnnouncementPoliteness.Assertive
    close = [(b[1], round((b[0] - a[0]) * 1000)) for a, b in zip(after, after[1:])
             if (b[0] - a[0]) * 1000 < PACE_MIN_MS and b[2] != assertive]
    assert close == [], close
    print(focus)
    print([(round((t - after[0][0]) * 1000), m[:50]) for t, m, _ in after])
    assert len(focus) <= 1, focus
