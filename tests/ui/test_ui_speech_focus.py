"""What is announced waits for the focus to settle: a screen reader says the newly focused object
(the board's cell after a dialog, a list's line) and cuts an announcement posted with it. So
every announcement of the paced screen reader comes at least 300 ms after the last focus change,
and one meant to interrupt that had to wait is posted polite, heard after the focus, not over
it."""

from __future__ import annotations

import time

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QLabel

from checkers_desktop.speech.announcer import Priority
from checkers_desktop.ui.a11y import ScreenReaderSink

FOCUS_SETTLE_MS = 300  # at least this long from a focus change to an announcement (ms)

pytestmark = pytest.mark.timeout(60)


def test_an_announcement_then_a_focus_change_in_the_same_command_waits_for_the_focus(qtbot):
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(
        (time.monotonic(), e.message(), e.politeness())), paced=True)
    sink.output("22 competitors registered; no row refused.", Priority.INTERRUPT)
    focus_at = time.monotonic()
    sink.focus_moved()  # the dialog closed: the board takes the focus back
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    at, text, politeness = posted[0]
    assert text == "22 competitors registered; no row refused."
    assert at - focus_at >= FOCUS_SETTLE_MS / 1000 - 0.005
    assert politeness == QAccessible.AnnouncementPoliteness.Polite


def test_a_second_focus_change_pushes_the_announcement_back(qtbot):
    """The table's focus, then its cell's 80 ms later: the announcement comes after both."""
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append((time.monotonic(), e.message())),
                            paced=True)
    sink.focus_moved()
    sink.output("Jose Villanueva beat Patricia Gallagher, 2 games to 0.", Priority.QUEUE)
    qtbot.wait(80)
    second = time.monotonic()
    sink.focus_moved()
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    assert posted[0][0] - second >= FOCUS_SETTLE_MS / 1000 - 0.005


def test_an_interrupting_text_with_no_focus_change_is_still_assertive(qtbot):
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append((e.message(), e.politeness())),
                            paced=True)
    sink.output("Computer: twenty-two to seventeen.", Priority.INTERRUPT)
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    assert posted == [("Computer: twenty-two to seventeen.",
                       QAccessible.AnnouncementPoliteness.Assertive)]


def test_in_the_window_a_sentence_said_before_the_board_takes_the_focus_comes_after_it(
        make_window, qtbot):
    """A command says its outcome and puts the focus back on the board (as after every
    dialog): the screen reader hears the board's cell first, the sentence 300 ms later."""
    window = make_window(paced_screen_reader=True)
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=10_000)
    posted = []
    window.screen_reader._post = lambda e: posted.append((time.monotonic(), e.message()))
    window.move_box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.move_box)
    qtbot.wait(FOCUS_SETTLE_MS + 50)
    changes = []
    QApplication.instance().focusChanged.connect(
        lambda old, new: changes.append(time.monotonic()))
    window.ctx.say("The standings are saved as PDF: standings.pdf in Documents.",
                   Priority.INTERRUPT)
    window.ctx.focus_board()
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    assert changes, "the board took the focus"
    assert posted[0][0] - changes[-1] >= FOCUS_SETTLE_MS / 1000 - 0.005


def test_nothing_is_posted_while_a_question_is_about_to_take_the_focus(qtbot):
    """A question kept up for the next one (a draw answered, the next game's start to come):
    what is said waits until the next question has the focus, then 300 ms more, polite."""
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(
        (time.monotonic(), e.message(), e.politeness())), paced=True)
    pending = [True]
    sink.hold = lambda: pending[0]
    sink.output("Ann Lee (Red) accepts the draw.", Priority.INTERRUPT)
    qtbot.wait(200)
    assert posted == []
    pending[0] = False
    focus_at = time.monotonic()
    sink.focus_moved()  # the start form has the focus
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    assert posted[0][0] - focus_at >= FOCUS_SETTLE_MS / 1000 - 0.005
    assert posted[0][2] == QAccessible.AnnouncementPoliteness.Polite


def test_a_hold_that_never_ends_delays_an_announcement_by_a_second_at_most(qtbot):
    """The window not active again (another program has it): what is said still comes."""
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(time.monotonic()), paced=True)
    sink.hold = lambda: True
    said_at = time.monotonic()
    sink.output("The 10 matches are called.", Priority.QUEUE)
    qtbot.waitUntil(lambda: bool(posted), timeout=5_000)
    assert 0.9 <= posted[0] - said_at < 2.0
