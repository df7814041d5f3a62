"""A match is ended only by its end or by the official; a game in progress is never dropped without
a question. Every command that would leave it (New game against the computer, as Red, for two
players, Open game, Quit, the window's close button, New match, the lesson) asks first and says
what will be lost: on No nothing changes; in a match Yes is not enough without the official's PIN;
with it the match ends (recorded), and the new game has the app's own rules, not the match's."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK
from checkers_desktop.session.game import Mode
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo

from official_forms import FormFiller

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
PIN = "8642"

pytestmark = pytest.mark.timeout(120)

COMMANDS = [  # (key, modifiers, what it is)
    (Qt.Key.Key_N, CTRL, "new game against the computer"),
    (Qt.Key.Key_C, CTRL_SHIFT, "new game as Red"),
    (Qt.Key.Key_N, CTRL_SHIFT, "new game for two players"),
    (Qt.Key.Key_O, CTRL, "open game"),
    (Qt.Key.Key_Q, CTRL, "quit"),
    (Qt.Key.Key_M, CTRL_SHIFT, "new match"),
    (Qt.Key.Key_F1, CTRL, "the lesson"),
    (None, None, "the window's close button"),
]


class SpontaneousClose(QCloseEvent):
    """A close request as the window manager sends it (the close button, Alt+F4)."""

    def spontaneous(self) -> bool:  # noqa: D401 - Qt's name
        return True


class Recorder:
    def __init__(self, answer) -> None:
        self.asked: list = []
        self.answer = answer

    def __call__(self, *args, **kwargs):
        self.asked.append(args)
        return self.answer(*args) if callable(self.answer) else self.answer


def run(qtbot, window, key, modifiers) -> bool:
    """Give the command; True when the window is still open (closing was refused)."""
    if key is None:
        event = SpontaneousClose()
        window.closeEvent(event)
        return not event.isAccepted()
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)
    return window.isVisible()


def start_match(window, tmp_path):
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(5)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi",
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin=PIN)
    window.session.submit_text("11-15")
    window.session.submit_text("22-18")
    return match


def snapshot(window):
    s = window.session
    return (s.board.fen(), s.board.ply, s.referee, s.mode, s.profile.key, s.running)


@pytest.mark.parametrize("key,modifiers,what", COMMANDS, ids=[c[2] for c in COMMANDS])
def test_in_a_match_every_command_is_one_official_form_and_escape_loses_nothing(
        make_window, qtbot, tmp_path, key, modifiers, what):
    window = make_window()
    match = start_match(window, tmp_path)
    before = snapshot(window)
    confirm = Recorder(False)
    window.ask.confirm = confirm
    forms = window.event_menu.desk.ask_form = FormFiller(None)  # Escape: no PIN given
    assert run(qtbot, window, key, modifiers)
    assert confirm.asked == []  # no Yes/No before the form
    assert len(forms.forms) == 1, what
    form = forms.forms[0]
    assert form.prompt.startswith("A match is in progress: Ann Lee against Bo Diaz, game one;")
    assert "official's decision" in form.prompt
    quitting = what in ("quit", "the window's close button")
    assert form.pin_action == ("quit_match" if quitting else "end_match")
    outcome = form.outcome(())
    assert ("offered, with the clocks paused" in outcome if quitting
            else "game 1 is recorded unfinished" in outcome)
    assert window.event_menu.current is match and snapshot(window) == before
    assert window.synth.spoken[-1] == "Nothing changed: the match goes on."


@pytest.mark.parametrize("key,modifiers,what", COMMANDS, ids=[c[2] for c in COMMANDS])
def test_in_a_match_a_wrong_pin_loses_nothing(make_window, qtbot, tmp_path, key, modifiers,
                                              what):
    window = make_window()
    match = start_match(window, tmp_path)
    before = snapshot(window)
    window.ask.confirm = Recorder(True)
    wrong = Recorder(lambda action, official, check: None if not check("0000", official).ok
                     else official)  # a player tries a PIN, gives up
    window.event_menu.desk.ask_pin = wrong
    assert run(qtbot, window, key, modifiers)
    assert len(wrong.asked) == 1
    action = wrong.asked[0][0]
    assert action == ("quit_match" if what in ("quit", "the window's close button")
                      else "end_match")
    assert window.event_menu.current is match and snapshot(window) == before
    assert window.synth.spoken[-1] == "Nothing changed: the match goes on."
    assert not match.actions or match.actions[-1].kind != "end_match"


def test_in_a_match_the_official_ends_it_and_the_new_game_has_the_apps_rules(make_window, qtbot,
                                                                            tmp_path):
    window = make_window()
    match = start_match(window, tmp_path)
    window.ask.confirm = Recorder(True)
    window.event_menu.desk.ask_pin = lambda action, official, check: \
        official if check(PIN, official).ok else None
    run(qtbot, window, Qt.Key.Key_N, CTRL_SHIFT)  # a new game for two players
    assert window.event_menu.current is None
    assert match.actions[-1].kind == "end_match" and match.actions[-1].official
    assert "The official, Carol Ruiz, ends the match" in match.actions[-1].text
    assert '[Result "*"]' in (match.folder / "game-1.pdn").read_text(encoding="utf-8")
    s = window.session
    assert s.mode is Mode.TWO_PLAYERS and s.board.ply == 0 and s.player_names is None
    assert s.profile.key == window.profile.key == "practice"  # not the match's va-vi
    assert not s.profile.has_clock


def test_an_opened_game_after_a_match_has_the_apps_rules(make_window, qtbot, tmp_path):
    window = make_window()
    start_match(window, tmp_path)
    window.ask.confirm = Recorder(True)
    window.event_menu.desk.ask_pin = lambda action, official, check: \
        official if check(PIN, official).ok else None
    pdn = tmp_path / "saved.pdn"
    pdn.write_text('[Event "Practice"]\n[Result "*"]\n1. 11-15 23-19 *\n', encoding="utf-8")
    window.open_game_action.ask_path = lambda: str(pdn)
    with qtbot.waitSignal(window.open_game_action.done, timeout=10_000) as opened:
        run(qtbot, window, Qt.Key.Key_O, CTRL)  # the file is read off the GUI thread
    assert opened.args == [True]
    assert window.event_menu.current is None
    s = window.session
    assert s.board.ply == 2 and s.profile.key == "practice" and s.player_names is None


@pytest.mark.parametrize("key,modifiers,what", COMMANDS, ids=[c[2] for c in COMMANDS])
def test_a_game_against_the_computer_is_not_dropped_without_a_question(make_window, qtbot, key,
                                                                       modifiers, what):
    window = make_window()
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2)  # the computer replied
    before = snapshot(window)
    confirm = Recorder(False)
    window.ask.confirm = confirm
    assert run(qtbot, window, key, modifiers)
    assert len(confirm.asked) == 1, what
    question = confirm.asked[0][0]
    assert question.startswith("A game against the computer is in progress, one move played.")
    if what in ("quit", "the window's close button"):
        assert "The game is saved and offered again" in question
    else:
        assert "The game in progress will be lost" in question
    assert snapshot(window) == before
    assert window.synth.spoken[-1] == "Nothing changed: the game goes on."


def test_yes_starts_the_new_game(make_window, qtbot):
    window = make_window()
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2)
    window.ask.confirm = Recorder(True)
    run(qtbot, window, Qt.Key.Key_N, CTRL)
    assert window.session.board.ply == 0 and window.session.running
    assert window.session.human_color is BLACK


def test_nothing_at_stake_asks_nothing(make_window, qtbot):
    window = make_window()
    confirm = Recorder(False)
    window.ask.confirm = confirm
    run(qtbot, window, Qt.Key.Key_N, CTRL_SHIFT)
    assert confirm.asked == [] and window.session.mode is Mode.TWO_PLAYERS


def test_the_welcome_does_not_teach_a_key_that_ends_a_match_unsaid(make_window):
    window = make_window()
    welcome = window.announcer.history[0][0]
    assert "Control N starts a new game; it asks first when a game is in progress, and in a " \
           "match only the official can leave." in welcome
