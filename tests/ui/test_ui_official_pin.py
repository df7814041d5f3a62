"""The official's actions through the window, without and with the official's PIN: a player who
presses the official's keys hears that the action is the official's and nothing changes; with
the PIN each action is done and the record names the official who acted. The PIN dialog is a
password field with an accessible name, says its errors, and wrong PINs are rate-limited. The
event PIN is set once in the settings (only its hash is kept) and guards a match started
without a PIN of its own."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from checkers_desktop.rules import BLACK
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.official_gate import OfficialGate
from checkers_desktop.session.official_pin import PinHash
from checkers_desktop.ui.event.pin_dialog import NewPinDialog, PinDialog
from checkers_desktop.ui.settings import EVENT_PIN

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
PIN = "5150"

pytestmark = pytest.mark.timeout(120)

# (key, action kind, what the player hears without the PIN)
OFFICIAL_KEYS = [
    (Qt.Key.Key_P, "pause", "Pausing the clocks"),
    (Qt.Key.Key_W, "stalling_warning", "A stalling warning"),
    (Qt.Key.Key_S, "stalling_penalty", "A stalling penalty"),
    (Qt.Key.Key_F, "forfeit", "Declaring a forfeit"),
    (Qt.Key.Key_C, "correct_result", "Correcting a result"),
    (Qt.Key.Key_A, "adjudicate", "Adjudicating the game"),
]


def start(window, tmp_path, pin=PIN):
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi",
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin=pin)
    window.session.submit_text("11-15")
    desk = menu.desk
    desk.confirm = lambda question: True
    desk.choose = lambda title, label, options: len(options) - 1 if "Drawn" in options[-1] \
        and "count" in options[0] else 0
    desk.ask_text = lambda title, label: "a reason"
    return match, menu


def press(qtbot, window, key):
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), key, CTRL_ALT)


@pytest.mark.parametrize("key,action,words", OFFICIAL_KEYS, ids=[k[1] for k in OFFICIAL_KEYS])
def test_without_the_pin_a_player_is_told_and_nothing_changes(make_window, qtbot, tmp_path, key,
                                                              action, words):
    window = make_window()
    match, menu = start(window, tmp_path)
    tried = []

    def player(action_, official, check):  # guesses a PIN, then gives up
        tried.append(action_)
        check("1234", official)
        return None
    menu.desk.ask_pin = player
    if action == "stalling_penalty":  # a warning comes first, or it is refused before the PIN
        match.gate.unlock(PIN)
        match.official.stalling_warning(BLACK)
    before = (window.session.board.fen(), len(match.actions), match.paused, match.games[0].result,
              match.pending_penalty)
    press(qtbot, window, key)
    assert tried == [action]
    assert window.synth.spoken[-1] == f"{words} is the official's action. Ask the official."
    assert (window.session.board.fen(), len(match.actions), match.paused,
            match.games[0].result, match.pending_penalty) == before


@pytest.mark.parametrize("key,action,words", OFFICIAL_KEYS, ids=[k[1] for k in OFFICIAL_KEYS])
def test_with_the_pin_the_action_is_done_and_names_the_official(make_window, qtbot, tmp_path,
                                                                key, action, words):
    window = make_window()
    match, menu = start(window, tmp_path)
    if action == "stalling_penalty":  # a warning comes first
        match.gate.unlock(PIN)
        match.official.stalling_warning(BLACK)  # the player the desk picks (the first)
    menu.desk.ask_pin = lambda action_, official, check: \
        "Dan Cole" if check(PIN, "Dan Cole").ok else None
    press(qtbot, window, key)
    official = [a for a in match.actions if a.official]
    assert official and "The official, Dan Cole," in official[-1].text, [a.text for a in official]
    assert not match.gate.granted()  # one action per PIN


def test_the_pin_dialog_is_a_named_password_field_and_says_its_errors(qtbot):
    gate = OfficialGate()
    gate.match_pin = PinHash.make(PIN)
    said = []
    dialog = PinDialog("pause", "Carol Ruiz", gate.unlock, say=said.append)
    qtbot.addWidget(dialog)
    assert dialog.pin.echoMode() is QLineEdit.EchoMode.Password
    assert dialog.pin.accessibleName() == "Official's PIN"
    assert dialog.name.accessibleName() == "Official's name" and dialog.name.text() == "Carol Ruiz"
    assert dialog.prompt.text().startswith("Pausing the clocks is the official's action.")
    for attempt in range(3):
        qtbot.keyClicks(dialog.pin, "0000")
        dialog.accept()
        assert dialog.result() != PinDialog.DialogCode.Accepted
        assert dialog.pin.text() == ""  # cleared for the next try
    assert said[0] == "Wrong PIN. 2 more tries before a wait."
    assert said[-1].startswith("Wrong PIN. 3 wrong tries on this laptop: the next try in 30 "
                               "seconds.")
    assert dialog.message.text() == said[-1]
    qtbot.keyClicks(dialog.pin, PIN)  # even the right PIN waits now
    dialog.accept()
    assert dialog.result() != PinDialog.DialogCode.Accepted and not gate.granted()


def test_the_right_pin_closes_the_dialog_with_the_officials_name(qtbot):
    gate = OfficialGate()
    gate.match_pin = PinHash.make(PIN)
    dialog = PinDialog("pause", "", gate.unlock)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Dan Cole")
    qtbot.keyClicks(dialog.pin, PIN)
    dialog.accept()
    assert dialog.result() == PinDialog.DialogCode.Accepted
    assert dialog.official == "Dan Cole" and gate.take("pause") == "Dan Cole"


def test_the_new_pin_field_says_how_long_the_pin_must_be(qtbot):
    """The event PIN guards every match on the laptop and must be longer: its field says so,
    and a PIN as short as the field says is taken."""
    for event, shortest, pin in ((False, 4, "4711"), (True, 6, "482917")):
        dialog = NewPinDialog("Set the PIN", "prompt", event=event)
        qtbot.addWidget(dialog)
        assert dialog.first.accessibleDescription() == f"At least {shortest} characters; hidden."
        qtbot.keyClicks(dialog.first, pin)
        qtbot.keyClicks(dialog.again, pin)
        dialog.accept()
        assert dialog.result() == NewPinDialog.DialogCode.Accepted


def test_a_new_pin_is_typed_twice(qtbot):
    said = []
    dialog = NewPinDialog("Set the event PIN", "prompt", say=said.append)
    qtbot.addWidget(dialog)
    assert dialog.first.echoMode() is QLineEdit.EchoMode.Password
    qtbot.keyClicks(dialog.first, "12")
    qtbot.keyClicks(dialog.again, "12")
    dialog.accept()
    assert said[-1].startswith("The PIN is too short")
    qtbot.keyClicks(dialog.first, "4711")
    qtbot.keyClicks(dialog.again, "4711")
    dialog.accept()
    assert dialog.result() == NewPinDialog.DialogCode.Accepted and dialog.pin == "4711"


def test_the_event_pin_is_kept_as_a_hash_and_guards_a_match_without_its_own(make_window, qtbot,
                                                                           tmp_path, settings):
    window = make_window()
    menu = window.event_menu
    window.ask.ask_new_pin = lambda title, prompt, allow_empty=False, event=False: "907153"
    press(qtbot, window, Qt.Key.Key_E)  # Event > Official > Set the event PIN
    stored = settings.get(EVENT_PIN)
    assert stored.startswith("scrypt$") and "907153" not in stored
    assert window.synth.spoken[-1].startswith("The event PIN is set.")
    menu.desk.ask_pin = lambda action, official, check: official if check("907153", official).ok \
        else None
    match, _ = start(window, tmp_path, pin=None)
    assert match.gate.protected
    press(qtbot, window, Qt.Key.Key_P)
    assert match.paused and match.actions[-1].text == "The official, Carol Ruiz, pauses the " \
                                                      "clocks."
    # changing it asks for the current one first
    asked = []
    window.ask.ask_pin = lambda action, official, check: asked.append(action) or None
    press(qtbot, window, Qt.Key.Key_E)
    assert asked == ["event_pin"] and settings.get(EVENT_PIN) == stored
    assert window.synth.spoken[-1] == "Changing the event PIN is the official's action. Ask " \
                                      "the official."


def test_a_resumed_match_without_its_pin_is_said(make_window, tmp_path):
    window = make_window()
    match, menu = start(window, tmp_path, pin=None)
    match.pin_missing = True  # as MatchSession.restore marks it when official.json is gone
    menu.show_match(match)
    assert window.synth.spoken[-1].startswith("This match has no official's PIN any more")
