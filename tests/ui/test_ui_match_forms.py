"""Starting a game, keeping a match for later and ending a match before its end are each one
official's form, as the official's other actions are: the match and its players said first, the
PIN, the outcome in words, one confirm. No Yes/No comes before it; Enter confirms, Escape changes
nothing, and a wrong PIN keeps the form open and counts the try. Driven with the keyboard in the
real dialogs."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.ui.event.action_form import ActionFormDialog

from modal import watch_modals as watch_all

PIN = "5150"
pytestmark = pytest.mark.timeout(120)


def start(window, tmp_path):
    """A match with the official's PIN; game 1 waits for the official (the grant of the match
    form is spent)."""
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi",
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin=PIN, ask_ready=False)
    match.gate.revoke()
    return match, menu


def watch_modals(qtbot, act, window):
    """Record every modal window that opens; run ``act(form)`` on the ActionFormDialog, close any
    other unanswered (see ``modal.watch_modals``)."""
    return watch_all(window, act, ActionFormDialog)


def kinds(opened):
    return [name for name, _ in opened]


def type_pin_and_enter(qtbot, form, pin):
    assert form.focusWidget() is form.pin  # the PIN first
    qtbot.keyClicks(form.pin, pin)
    qtbot.keyClick(form.pin, Qt.Key.Key_Return)


def test_start_the_game_is_one_form_a_wrong_pin_keeps_it_open(make_window, qtbot, tmp_path):
    window = make_window(confirm=None)
    match, menu = start(window, tmp_path)
    wrong_before = match.gate.tries.wrong
    seen = {}

    def act(form):
        seen["prompt"] = form.request.prompt
        seen["outcome"] = form.confirm.accessibleDescription()
        type_pin_and_enter(qtbot, form, "1234")
        seen["open after a wrong PIN"] = form.isVisible()
        seen["message"] = form.message.text()
        seen["counted"] = match.gate.tries.wrong
        type_pin_and_enter(qtbot, form, PIN)
    opened = watch_modals(qtbot, act, window)
    assert menu.players_ready()
    assert kinds(opened) == ["ActionFormDialog"], opened
    black, red = match.game.black, match.game.white
    assert seen["prompt"].startswith(f"Game 1: {black}, Black, against {red}, Red.")
    assert "Type the PIN" in seen["prompt"]
    assert seen["outcome"].startswith("Both players are ready: game 1 starts")
    assert seen["open after a wrong PIN"] and seen["message"].startswith("Wrong PIN")
    assert seen["counted"] == wrong_before + 1
    assert not match.awaiting_start and not match.paused
    assert not match.gate.granted()


def test_escape_on_the_start_form_changes_nothing(make_window, qtbot, tmp_path):
    window = make_window(confirm=None)
    match, menu = start(window, tmp_path)

    def act(form):
        qtbot.keyClicks(form.pin, PIN)
        qtbot.keyClick(form.pin, Qt.Key.Key_Escape)
    opened = watch_modals(qtbot, act, window)
    assert not menu.players_ready()
    assert kinds(opened) == ["ActionFormDialog"], opened
    assert match.awaiting_start and match.paused
    assert window.synth.spoken[-1].startswith("Game 1 waits for the official")
    assert not match.gate.granted()


def test_keep_the_match_for_later_is_one_form(make_window, qtbot, tmp_path):
    window = make_window(confirm=None)
    match, menu = start(window, tmp_path)
    seen = {}

    def act(form):
        seen["outcome"] = form.outcome.text()
        type_pin_and_enter(qtbot, form, PIN)
    opened = watch_modals(qtbot, act, window)
    assert menu.desk.hold_match()
    assert kinds(opened) == ["ActionFormDialog"], opened
    assert "kept for later" in seen["outcome"]
    assert match.actions[-1].kind == "hold_match" and "Carol Ruiz" in match.actions[-1].text


def test_ending_the_match_for_a_new_game_is_one_form(make_window, qtbot, tmp_path):
    window = make_window(confirm=None)
    match, menu = start(window, tmp_path)
    match.gate.unlock(PIN)
    match.official.start_game()
    match.gate.revoke()
    window.session.submit_text("11-15")
    seen = {}

    def act(form):
        seen["prompt"] = form.request.prompt
        seen["outcome"] = form.outcome.text()
        type_pin_and_enter(qtbot, form, PIN)
    opened = watch_modals(qtbot, act, window)
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: menu.current is None)
    assert kinds(opened) == ["ActionFormDialog"], opened
    assert seen["prompt"].startswith("A match is in progress: Ann Lee against Bo Diaz")
    assert "game 1 is recorded unfinished" in seen["outcome"]
    assert match.actions[-1].kind == "end_match" and match.actions[-1].official
