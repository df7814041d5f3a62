"""The status line while the computer prepares at the start (ui/app.py, engine/preparation.py):
one line naming what is still being prepared, read from the workers' state on the window's own
thread, gone once everything is ready, and never in the way of the game's status."""

from __future__ import annotations

import pytest

from checkers_desktop.engine import preparation
from checkers_desktop.texts.app import engine_preparation_text, engine_ready_text
from checkers_desktop.ui.app import _show_engine_preparation


@pytest.fixture
def clean_preparation():
    yield
    preparation.set_compiling(False)
    preparation.set_endgame(0, 0)


def test_the_line_names_what_is_still_being_prepared():
    assert engine_preparation_text(False, 0, 0) is None
    assert engine_preparation_text(True, 0, 0) == (
        "Computer getting ready, the first time only: making its search faster.")
    assert engine_preparation_text(True, 4, 5) == (
        "Computer getting ready, the first time only: making its search faster; learning "
        "endings with 5 or fewer pieces left (4 or fewer learnt).")
    assert engine_preparation_text(False, 0, 4) == (
        "Computer getting ready, the first time only: learning endings with 4 or fewer pieces "
        "left.")


def test_the_status_line_shows_the_preparation_then_drops_it(make_window, qtbot,
                                                              clean_preparation):
    window = make_window()
    preparation.set_compiling(True)
    preparation.set_endgame(0, 5)
    _show_engine_preparation(window, note_after=0)
    status = window.status.text()
    assert ("Computer getting ready, the first time only: making its search faster; learning "
            "endings with 5 or fewer pieces left." in status)
    assert status.startswith(window.session.status_text())  # the game's status comes first
    assert "Computer getting ready" in window.status.accessibleName()
    preparation.set_compiling(False)
    preparation.set_endgame(4, 5)
    qtbot.waitUntil(lambda: "(4 or fewer learnt)" in window.status.text(), timeout=3000)
    assert "making its search faster" not in window.status.text()
    assert engine_ready_text() not in window.synth.spoken, window.synth.spoken[-5:]
    preparation.set_endgame(5, 0)
    qtbot.waitUntil(lambda: "Computer getting ready" not in window.status.text(), timeout=3000)
    assert window.status.text().startswith(window.session.status_text())
    # the end is said too (a screen-reader user does not watch the status line), once
    qtbot.waitUntil(lambda: engine_ready_text() in window.synth.spoken, timeout=3000)
    assert window.synth.spoken.count(engine_ready_text()) == 1


def test_a_player_never_told_of_the_preparation_is_not_told_it_ended(make_window, qtbot,
                                                                     clean_preparation):
    from checkers_desktop.session.game import Mode

    from PySide6.QtCore import QTimer

    window = make_window()
    preparation.set_endgame(0, 5)
    window.new_game(Mode.TWO_PLAYERS)
    before = set(window.findChildren(QTimer))
    _show_engine_preparation(window, note_after=0)
    (timer,) = set(window.findChildren(QTimer)) - before  # reads the preparation each second
    preparation.set_endgame(5, 0)
    qtbot.waitUntil(lambda: not timer.isActive(), timeout=6000)  # it stops once all is ready
    assert engine_ready_text() not in window.synth.spoken, window.synth.spoken[-5:]


def test_two_players_are_not_told_the_computer_is_getting_ready(make_window, qtbot,
                                                               clean_preparation):
    """In a game for two players the computer plays no move, so its preparation is not put on
    the status line; it comes back when a game against the computer starts."""
    from checkers_desktop.session.game import Mode

    window = make_window()
    preparation.set_compiling(True)
    preparation.set_endgame(0, 5)
    window.new_game(Mode.TWO_PLAYERS)
    _show_engine_preparation(window, note_after=0)
    assert "Computer getting ready" not in window.status.text()
    assert "Computer getting ready" not in window.status.accessibleName()
    window.new_game(Mode.COMPUTER)
    qtbot.waitUntil(lambda: "Computer getting ready" in window.status.text(), timeout=3000)


def test_a_later_start_says_no_first_time_and_nothing_while_it_reads_its_caches(
        make_window, qtbot, clean_preparation):
    """Once the computer finished getting ready on this install, a later start never says "the
    first time only"; and a preparation over within the first seconds (reading the caches
    again) puts nothing on the status line and says nothing."""
    from checkers_desktop.ui.settings import ENGINE_PREPARED

    window = make_window()
    assert not window.ctx.settings.get(ENGINE_PREPARED)
    preparation.set_compiling(True)
    _show_engine_preparation(window)  # the default wait before the line
    assert "Computer getting ready" not in window.status.text()
    preparation.set_compiling(False)
    qtbot.waitUntil(lambda: window.ctx.settings.get(ENGINE_PREPARED), timeout=6000)
    assert engine_ready_text() not in window.synth.spoken, window.synth.spoken[-5:]
    preparation.set_compiling(True)  # a later start, its caches gone: rebuilt, said plainly
    _show_engine_preparation(window, note_after=0)
    assert "Computer getting ready: making its search faster." in window.status.text()
    assert "first time" not in window.status.text()


def test_the_end_of_the_preparation_is_not_said_in_the_middle_of_a_match(make_window, qtbot,
                                                                         clean_preparation):
    """Told at the start (a game against the computer ready), the preparation ends while two
    players (an event match) are playing: nothing is said to them."""
    from PySide6.QtCore import QTimer

    from checkers_desktop.session.game import Mode

    window = make_window()
    preparation.set_endgame(0, 5)
    before = set(window.findChildren(QTimer))
    _show_engine_preparation(window, note_after=0)
    (timer,) = set(window.findChildren(QTimer)) - before
    assert "Computer getting ready" in window.status.text()
    window.new_game(Mode.TWO_PLAYERS)
    preparation.set_endgame(5, 0)
    qtbot.waitUntil(lambda: not timer.isActive(), timeout=6000)
    assert engine_ready_text() not in window.synth.spoken, window.synth.spoken[-5:]


def test_readiness_is_not_said_over_an_open_dialog(make_window, qtbot, clean_preparation):
    """The computer getting ready ends while a form is open (the new-match form of an event):
    the line goes, and nothing is said over the form."""
    from PySide6.QtWidgets import QDialog

    window = make_window()
    preparation.set_compiling(True)
    _show_engine_preparation(window, note_after=0)
    assert "Computer getting ready" in window.status.text()
    form = QDialog(window)
    form.setModal(True)
    form.show()
    qtbot.waitUntil(lambda: form.isVisible(), timeout=3000)
    preparation.set_compiling(False)
    from checkers_desktop.ui.settings import ENGINE_PREPARED

    qtbot.waitUntil(lambda: bool(window.ctx.settings.get(ENGINE_PREPARED)), timeout=8000)
    assert "Computer getting ready" not in window.status.text()
    form.close()
    announced = [text for text, _ in window.announcer.history]  # as soon as it is said
    assert engine_ready_text() not in announced, announced[-3:]
