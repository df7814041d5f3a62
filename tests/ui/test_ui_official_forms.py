"""Each official's action is one form: the PIN, the choices, the outcome in words, one confirm
button; what can be known before asking (no game, a penalty for a player never warned) is said
instead of opening any form; Escape changes nothing; a wrong PIN keeps the form open and counts
the try, so a player cannot act as the official. The real form is driven with the keyboard
only (Tab order PIN, choices, the official's name, confirm)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo

from official_forms import FormFiller

PIN = "5150"
pytestmark = pytest.mark.timeout(120)

ACTIONS = ["pause", "stalling_warning", "stalling_penalty", "adjudicate", "forfeit",
           "correct_result"]


def start(window, tmp_path, pin=PIN, profile="va-vi"):
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), profile,
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin=pin)
    window.session.submit_text("11-15")

    def no_other_question(*args, **kwargs):
        if args and "are both players ready" in str(args[0]):
            return False  # the next game's start, after a game ended: not these actions
        raise AssertionError(f"a question outside the action's one form: {args}")
    for name in ("confirm", "choose", "ask_text", "ask_pin"):
        setattr(menu.desk, name, no_other_question)
    return match, menu


def state(window, match):
    return (window.session.board.fen(), len(match.actions), match.paused,
            match.games[0].result, match.pending_penalty,
            dict(match.referee.stalling_warnings))


@pytest.mark.parametrize("action", ACTIONS)
def test_each_action_is_one_form_with_the_pin_the_choices_and_the_outcome(make_window,
                                                                         tmp_path, action):
    window = make_window()
    match, menu = start(window, tmp_path)
    if action == "stalling_penalty":  # the penalty comes after a warning
        match.gate.unlock(PIN)
        match.official.stalling_warning(WHITE)
    filler = menu.desk.ask_form = FormFiller(PIN, official="Dan Cole", pick="Drawn")
    getattr(menu.desk, {"forfeit": "declare_forfeit"}.get(action, action))()
    assert len(filler.forms) == 1
    form = filler.forms[0]
    assert form.pin_action is not None and form.confirm and filler.outcomes[0]
    official = [a for a in match.actions if a.official]
    assert "The official, Dan Cole," in official[-1].text
    assert not match.gate.granted()  # one action per PIN
    if action == "stalling_penalty":  # only the player warned is offered
        assert form.fields[0].options == (f"{match.player(WHITE)} ({match.sides[WHITE]})",)
    if action == "adjudicate":
        assert any("Drawn" in o for o in form.fields[0].options)
        assert filler.outcomes[0].startswith("Game 1 is drawn")


def test_the_outcome_follows_the_choices(make_window, tmp_path):
    window = make_window()
    match, menu = start(window, tmp_path)
    filler = menu.desk.ask_form = FormFiller(PIN, pick=match.player(WHITE))
    assert menu.desk.stalling_warning()
    form = filler.forms[0]
    red, black = match.player(WHITE), match.player(BLACK)
    assert form.outcome((0,)).startswith(f"{black}, {match.sides[BLACK]}, is warned")
    assert form.outcome((1,)).startswith(f"{red}, {match.sides[WHITE]}, is warned")
    assert match.referee.stalling_warnings[WHITE] == 1
    assert match.referee.stalling_warnings[BLACK] == 0


def test_a_penalty_for_a_player_never_warned_is_refused_before_any_form(make_window,
                                                                        tmp_path):
    window = make_window()
    match, menu = start(window, tmp_path)
    filler = menu.desk.ask_form = FormFiller(PIN)
    before = state(window, match)
    assert not menu.desk.stalling_penalty()
    assert filler.forms == []
    assert "Neither player has been warned for stalling" in window.synth.spoken[-1]
    assert state(window, match) == before


def test_without_a_game_every_action_is_refused_before_any_form(make_window, tmp_path):
    window = make_window()
    menu = window.event_menu
    filler = menu.desk.ask_form = FormFiller(PIN)
    for action in ("pause", "stalling_warning", "adjudicate", "declare_forfeit",
                   "correct_result"):
        assert not getattr(menu.desk, action)()
    assert filler.forms == []
    assert "No match is in progress" in window.synth.spoken[-1]


def _when_the_form_opens(qtbot, act):
    """Run ``act(form)`` once the action's modal form is open."""
    from checkers_desktop.ui.event.action_form import ActionFormDialog

    done = []

    def poll():
        form = QApplication.activeModalWidget()
        if isinstance(form, ActionFormDialog) and form.isVisible():
            done.append(form)
            try:
                act(form)
            except BaseException as exc:  # said by the test, and the form closed
                done.append(exc)
                form.reject()
        else:
            QTimer.singleShot(20, poll)
    QTimer.singleShot(0, poll)
    return done


def test_keyboard_only_tab_order_enter_confirms(make_window, qtbot, tmp_path):
    """PIN, Tab to the player, Down to the second player (the outcome follows), Enter."""
    window = make_window()
    match, menu = start(window, tmp_path)
    menu.desk.ask_form = window.ask.ask_form
    seen = {}

    def act(form):
        qtbot.waitUntil(lambda: QApplication.focusWidget() is form.pin)  # the PIN first
        assert form.pin.accessibleName() and form.pin.echoMode() == QLineEdit.EchoMode.Password
        qtbot.keyClicks(form.pin, PIN)
        qtbot.keyClick(form.pin, Qt.Key.Key_Tab)
        player = QApplication.focusWidget()
        assert isinstance(player, QComboBox) and player.accessibleName() == "Player"
        first = form.outcome.text()
        qtbot.keyClick(player, Qt.Key.Key_Down)
        seen["outcomes"] = (first, form.outcome.text(), form.confirm.accessibleDescription())
        qtbot.keyClick(player, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is form.name
        qtbot.keyClick(form.name, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is form.confirm
        qtbot.keyClick(form.name, Qt.Key.Key_Return)
    opened = _when_the_form_opens(qtbot, act)
    window.event_menu.actions["official_stalling_warning"].trigger()
    assert opened and len(opened) == 1, opened
    first, second, described = seen["outcomes"]
    red = match.player(WHITE)
    assert first != second and second.startswith(red) and described == second
    assert match.referee.stalling_warnings[WHITE] == 1
    spoken_openings = [s for s in window.synth.spoken if "the official's form" in s]
    assert len(spoken_openings) == 1  # the form's opening is said once


def test_escape_cancels_and_changes_nothing(make_window, qtbot, tmp_path):
    window = make_window()
    match, menu = start(window, tmp_path)
    match.gate.unlock(PIN)
    match.official.stalling_warning(BLACK)
    menu.desk.ask_form = window.ask.ask_form
    before = state(window, match)

    def act(form):
        qtbot.waitUntil(lambda: QApplication.focusWidget() is form.pin)
        qtbot.keyClicks(form.pin, PIN)
        qtbot.keyClick(form.pin, Qt.Key.Key_Tab)
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Escape)
    opened = _when_the_form_opens(qtbot, act)
    assert not menu.desk.stalling_penalty()
    assert len(opened) == 1, opened
    assert opened and state(window, match) == before
    assert not match.gate.granted()


def test_a_player_cannot_act_as_the_official_the_form_stays_open_and_counts(make_window, qtbot,
                                                                            tmp_path):
    window = make_window()
    match, menu = start(window, tmp_path)
    menu.desk.ask_form = window.ask.ask_form
    before = state(window, match)
    wrong_before = match.gate.tries.wrong
    seen = {}

    def act(form):
        qtbot.waitUntil(lambda: QApplication.focusWidget() is form.pin)
        qtbot.keyClicks(form.pin, "1234")
        qtbot.keyClick(form.pin, Qt.Key.Key_Return)  # Enter: the PIN is checked
        seen["open"] = form.isVisible()
        seen["message"] = form.message.text()
        seen["focus"] = QApplication.focusWidget() is form.pin and not form.pin.text()
        qtbot.keyClick(form.pin, Qt.Key.Key_Escape)
    opened = _when_the_form_opens(qtbot, act)
    assert not menu.desk.adjudicate()
    assert len(opened) == 1, opened
    assert opened and seen["open"] and seen["focus"]
    assert seen["message"].startswith("Wrong PIN") and seen["message"] in window.synth.spoken
    assert match.gate.tries.wrong == wrong_before + 1
    assert state(window, match) == before
    assert window.synth.spoken[-1] == "Adjudicating the game is the official's action. Ask " \
        "the official."


def test_the_forms_prompt_is_shown_once_and_not_repeated_as_a_description(qtbot):
    """Orca reads a dialog's description and then its labels: a description repeating the
    prompt's label was heard twice."""
    from checkers_desktop.ui.event.action_form import ActionFormDialog
    from checkers_desktop.ui.forms import FormRequest

    request = FormRequest(title="Start the game", prompt="Game 1: Ann Lee against Bo Diaz.",
                          confirm="Start the game", outcome=lambda values: "Game 1 starts.")
    form = ActionFormDialog(request)
    qtbot.addWidget(form)
    assert form.prompt.text() == request.prompt
    assert form.accessibleDescription() == ""
    assert form.accessibleName() == "Start the game"
