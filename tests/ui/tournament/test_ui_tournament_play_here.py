"""One match started from the bracket ("Play this match here") and played through the window to
its end: the Event menu's match has the players, medical centers, age group, division and rule
profile filled in; the official is asked to confirm the result; it lands in the bracket."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.session.game import Mode
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.tournament.model import CompetitorInput, MatchStatus
from checkers_desktop.ui.event.match_dialog import MatchDialog
from checkers_desktop.tournament.store import Tournament
from checkers_desktop.tournament.table import ReportStatus

from tournament_ui_helpers import open_bracket

PEOPLE = (("Ann Lee", "Tampa VAMC", True), ("Bo Diaz", "Reno VAMC", False),
          ("Cy Rowe", "Bronx VAMC", False), ("Dee Sims", "Tucson VAMC", False))


def _four(path):
    t = Tournament.open(str(path), name="Golden Age Games test")
    for name, center, vi in PEOPLE:
        t.add_competitor(CompetitorInput(name, center, "70-74", vi))
    t.make_divisions()
    t.draw("70-74", seed=7)
    return t


PIN = "4711"


def official_form(qtbot, seen, accept=True):
    """The real match form as the bracket fills it; the official types a name and the PIN (or
    cancels, ``accept`` False). ``seen`` gets the form."""
    def make(parent):
        dialog = MatchDialog(parent)
        seen.append(dialog)

        def exec_():
            if not accept:
                dialog.reject()
                return dialog.result()
            dialog.fields["official"].clear()
            qtbot.keyClicks(dialog.fields["official"], "Carol Ruiz")
            qtbot.keyClicks(dialog.fields["pin"], PIN)
            qtbot.keyClicks(dialog.fields["pin-again"], PIN)
            dialog.accept()
            return dialog.result()
        dialog.exec = exec_
        return dialog
    return make


def official_types_the_pin(action, official, check):
    return official if check(PIN, official).ok else None


def _play(window, text):
    window.move_box.setText(text)
    window.submit_move_box()


@pytest.mark.timeout(180)
def test_a_match_played_from_the_bracket_lands_in_the_bracket(tournament_window, qtbot, tmp_path):
    path = tmp_path / "t.db"
    t = _four(path)
    semi = next(m for m in t.matches("70-74") if m.round_name == "Semi-final 1")
    window, menu = tournament_window(path)
    window.event_menu.rng = random.Random(3)
    window.event_menu.now = lambda: datetime(2026, 6, 14, 10, 30, 0)
    questions = []
    window.event_menu.desk.confirm = lambda q: questions.append(q) or True
    window.event_menu.desk.ask_pin = official_types_the_pin
    forms = []
    window.event_menu.dialog_factory = official_form(qtbot, forms)

    # F7, the semi-final in the list, Ctrl+H
    bracket = open_bracket(qtbot, window, menu)
    assert bracket.tree.select_key(("match", (semi.round, semi.index)))
    with qtbot.waitSignal(menu.play.started, timeout=20000):
        qtbot.keyClick(bracket.tree, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)

    # the Event menu's match, filled in from the bracket
    ev = window.event_menu.current
    s = ev.settings
    a, b = semi.a, semi.b
    assert s.names == (a.name, b.name)
    assert [p.medical_center for p in s.players] == [a.medical_center, b.medical_center]
    assert [p.age_group for p in s.players] == ["70-74", "70-74"]
    assert s.division == "70-74" and s.best_of == 3
    vi = a.visually_impaired or b.visually_impaired
    assert s.profile_key == ("va-vi" if vi else "va-standard")  # VA 3:00 s5-VI in a mixed group
    assert s.round == f"Semi-final 1, match {semi.number}"
    assert s.event == "Golden Age Games test"
    said = " ".join(window.synth.spoken)
    assert f"Match {semi.number}, {a.name} and {b.name}, to table 1." in said
    assert f"Match {semi.number}, Semi-final 1, division 70-74, is played at table 1." in said
    assert t.match(semi.number).status == "playing"
    assert t.match(semi.number).taken_by == "table 1"

    # played through the window: a move each, then the player to move resigns (Ctrl+Shift+R);
    # game two: the player to move resigns at once
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.board.focus_cursor()
    _play(window, "11-15")
    _play(window, "23-19")
    assert window.session.board.ply == 2
    loser1 = ev.player(window.session.board.turn)
    qtbot.keyClick(window.board, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: ev.game is not None and ev.game.number == 2)
    qtbot.waitUntil(lambda: not ev.awaiting_start)  # the official started game 2
    loser2 = ev.player(window.session.board.turn)
    if loser2 != loser1:  # make the same player lose both: resign for the other side first
        _play(window, "11-15")
        loser2 = ev.player(window.session.board.turn)
    assert loser2 == loser1
    with qtbot.waitSignal(menu.play.finished, timeout=20000) as done:
        qtbot.keyClick(window.board, Qt.Key.Key_R,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    winner = b.name if loser1 == a.name else a.name
    assert ev.is_over and ev.match.winner == winner
    # the official confirmed the result first
    assert questions[-1] == (f"Match {semi.number} is over: {winner} beat {loser1}, 2 games to 0. "
                             "Official: send this result to the tournament?")
    assert done.args[0].status is ReportStatus.RECORDED
    # it landed in the bracket: the database, the list and the final
    m = t.match(semi.number)
    assert m.status == MatchStatus.DECIDED and m.winner.name == winner and m.score == (2, 0)
    assert m.reported_by == "table 1" and any(r.endswith(".pdn") for r in m.records)
    qtbot.waitUntil(lambda: any(line.startswith(f"Semi-final 1, match {semi.number}: {winner}")
                                and "2 games to 0" in line for line in bracket.tree.lines()))
    final = next(x for x in t.matches("70-74") if x.round_name == "Final")
    assert winner in (final.a.name if final.a else "", final.b.name if final.b else "")
    assert f"Match {semi.number}: the result is in the bracket." in window.synth.spoken
    # the follower sees the same result: it is not said a second time ("Table 1: ...")
    qtbot.waitUntil(lambda: menu.last_event_seen >= t.last_event_id(), timeout=10000)
    assert not [s for s in window.synth.spoken if s.startswith("Table 1: ")]
    t.close()


@pytest.mark.timeout(120)
def test_play_here_goes_through_the_match_form_and_waits_for_the_official(tournament_window,
                                                                          qtbot, tmp_path):
    """Ctrl+H in the bracket: the Event menu's match form comes first (players filled in from the
    bracket, the official's name and PIN asked); cancelled, nothing starts; then game 1 waits,
    its clocks still, until the official starts it; the official's actions ask the PIN."""
    path = tmp_path / "t.db"
    t = _four(path)
    semi = next(m for m in t.matches("70-74") if m.round_name == "Semi-final 1")
    window, menu = tournament_window(path)
    window.event_menu.rng = random.Random(3)
    clock = [1000.0]
    window.session.time_source = lambda: clock[0]
    forms = []
    window.event_menu.dialog_factory = official_form(qtbot, forms, accept=False)
    bracket = open_bracket(qtbot, window, menu)
    assert bracket.tree.select_key(("match", (semi.round, semi.index)))
    qtbot.keyClick(bracket.tree, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(forms) == 1, timeout=20000)
    # the form came filled in from the bracket; cancelled: no match, no clock
    form = forms[0]
    assert form.fields["name-1"].text() == semi.a.name and form.fields["name-1"].isReadOnly()
    assert window.event_menu.current is None
    # again, and the official fills in the name and the PIN; the game waits for the official
    ready = []
    window.event_menu.desk.confirm = lambda q: ready.append(q) and False
    window.event_menu.dialog_factory = official_form(qtbot, forms)
    with qtbot.waitSignal(menu.play.started, timeout=20000):
        menu.run(lambda: menu.play_here(semi.number))
    ev = window.event_menu.current
    assert ev.settings.official == "Carol Ruiz" and ev.gate.protected
    assert ready and ready[0].startswith("Both players are ready: game 1 starts and its "
                                         "clocks run.")
    assert ev.awaiting_start and ev.paused
    clock[0] += 600  # ten minutes with nobody at the table: no clock ran, no penalty
    window.session.poll_clock()
    assert ev.referee.clock.move_elapsed() == 0 and ev.pending_penalty is None
    assert not window.session.submit_text("11-15")  # no move before the official starts
    assert "waits for the official" in ev.turn_text()
    # a player cannot start it nor pause: the PIN is asked
    window.event_menu.desk.confirm = lambda q: True
    window.event_menu.desk.ask_pin = lambda action, official, check: None
    assert not window.event_menu.players_ready()
    assert ev.awaiting_start
    window.event_menu.desk.ask_pin = official_types_the_pin
    assert window.event_menu.players_ready()
    assert not ev.awaiting_start and not ev.paused
    assert ev.actions[-1].official and ev.actions[-1].kind == "start_game"
    t.close()


def test_play_here_asks_before_leaving_a_game_in_progress(tournament_window, qtbot, tmp_path):
    """A game on the board is left for a bracket match only as Event > New match leaves it: the
    question first; No keeps the game and takes nothing."""
    path = tmp_path / "t.db"
    t = _four(path)
    semi = next(m for m in t.matches("70-74") if m.round_name == "Semi-final 1")
    asked = []
    window, menu = tournament_window(path, confirm=lambda q: asked.append(q) and False)
    window.new_game(Mode.TWO_PLAYERS)
    _play(window, "11-15")
    _play(window, "23-19")
    forms = []
    window.event_menu.dialog_factory = official_form(qtbot, forms)
    menu.run(lambda: menu.play_here(semi.number))
    qtbot.waitUntil(lambda: bool(asked), timeout=20000)
    assert "A game for two players is in progress" in asked[0]
    assert window.session.board.ply == 2 and window.event_menu.current is None
    assert forms == []
    t.close()


def test_play_here_over_a_match_in_progress_needs_the_officials_pin(tournament_window, qtbot,
                                                                    tmp_path):
    """A match of the Event menu in progress is left for a bracket match only with the
    official's Yes and PIN; without the PIN it goes on, and nothing fails."""
    path = tmp_path / "t.db"
    t = _four(path)
    semi = next(m for m in t.matches("70-74") if m.round_name == "Semi-final 1")
    asked = []
    window, menu = tournament_window(path, confirm=lambda q: asked.append(q) or True)
    forms = []
    window.event_menu.dialog_factory = official_form(qtbot, forms)
    window.event_menu.desk.confirm = lambda q: True
    window.event_menu.desk.ask_pin = official_types_the_pin
    window.event_menu.records_dir = tmp_path
    ev = window.event_menu.start_match(MatchSettings(
        (PlayerInfo("Eve Park"), PlayerInfo("Fay Moss")), "va-standard", official="Carol Ruiz"),
        pin=PIN)
    assert not ev.awaiting_start
    _play(window, "11-15")
    assert ev.started and not ev.is_over
    official_forms = []  # the official's one form; no PIN typed: the form is cancelled
    window.event_menu.desk.ask_form = lambda request: official_forms.append(request) and None
    menu.run(lambda: menu.play_here(semi.number))
    qtbot.waitUntil(lambda: bool(official_forms), timeout=20000)
    assert "Eve Park" in official_forms[0].prompt
    assert window.event_menu.current is ev and not ev.is_over and forms == []
    t.close()
