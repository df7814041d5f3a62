"""A table laptop on the tournament server, through its window: Settings > Tournament server
(tested before it is saved, the password in the keyring), the match called to its table said,
"Play this match here" taking it, and the server going away in the middle of the match: the table
keeps playing, says so once, queues the result the official confirmed, and says when it is sent.
Needs the PostgreSQL cluster of .ci/run (CHECKERS_TEST_PG_URL, CHECKERS_TEST_PG_CTL)."""

from __future__ import annotations

import os
import random
import subprocess
from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.tournament.model import CompetitorInput, MatchStatus
from checkers_desktop.tournament.store import Tournament, load_password
from checkers_desktop.tournament.table import ReportStatus
from checkers_desktop.ui.tournament.server_dialog import ServerDialog
from checkers_desktop.ui.tournament.tournament_settings import SERVER_URL

from tournament_ui_helpers import PG_CTL

PEOPLE = (("Ann Lee", "Tampa VAMC"), ("Bo Diaz", "Reno VAMC"), ("Cy Rowe", "Bronx VAMC"),
          ("Dee Sims", "Tucson VAMC"))
GONE = ("The tournament server cannot be reached. Play goes on; the result will be sent when "
        "the server is back.")


def _said(window, text):
    return any(text == line or text in line for line in window.synth.spoken)


def _server_dialog(window, settings, url, password):
    dialog = ServerDialog(settings, window, announce=window.tournament_menu.say)
    dialog.url.setText(url)
    dialog.password.setText(password)
    return dialog


@pytest.mark.timeout(240)

def _official_form(qtbot):
    """The match form the bracket fills in, completed by the official (name and PIN)."""
    from checkers_desktop.ui.event.match_dialog import MatchDialog

    def make(parent):
        dialog = MatchDialog(parent)

        def exec_():
            qtbot.keyClicks(dialog.fields["official"], "Carol Ruiz")
            qtbot.keyClicks(dialog.fields["pin"], "4711")
            qtbot.keyClicks(dialog.fields["pin-again"], "4711")
            dialog.accept()
            return dialog.result()
        dialog.exec = exec_
        return dialog
    return make

def test_settings_test_the_server_before_saving_and_keep_the_password_in_the_keyring(
        make_window, qtbot, settings, pg_tournament, memory_keyring):
    window = make_window()
    url = pg_tournament.table_url(3)
    # a wrong password: said and shown, nothing saved
    dialog = _server_dialog(window, settings, url, "not-the-password")
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.tested, timeout=30000) as got:
        dialog.save_button.click()
    ok, text = got.args
    assert not ok and "refused the password" in text and text == dialog.message.text()
    assert window.synth.spoken[-1] == text
    assert settings.get(SERVER_URL) == "" and load_password(url) is None
    # nobody answers at that port: said so
    dialog.url.setText("postgresql+psycopg://checkers@127.0.0.1:9/checkers")
    with qtbot.waitSignal(dialog.tested, timeout=30000) as got:
        dialog.test_button.click()
    assert got.args[1].startswith("No tournament server answers at 127.0.0.1:9")
    # the right one: tested, then saved; the password only in the keyring
    dialog.url.setText(url)
    dialog.password.setText(pg_tournament.passwords[3])
    with qtbot.waitSignal(dialog.saved, timeout=30000):
        dialog.save_button.click()
    assert "works: PostgreSQL" in dialog.message.text() and "(table 3)" in dialog.message.text()
    assert settings.get(SERVER_URL) == url
    assert load_password(url) == pg_tournament.passwords[3]
    ini = settings.qsettings.fileName()
    settings.qsettings.sync()
    assert pg_tournament.passwords[3] not in open(ini, encoding="utf-8").read()


@pytest.mark.timeout(300)
def test_the_server_goes_away_mid_match_and_comes_back(tournament_window, qtbot, settings,
                                                       pg_tournament, memory_keyring, tmp_path):
    if not PG_CTL:
        pytest.skip("CHECKERS_TEST_PG_CTL is not set: the server cannot be stopped and started")
    org = Tournament.open(pg_tournament.organiser)
    for name, center in PEOPLE:
        org.add_competitor(CompetitorInput(name, center, "80-84"))
    org.make_divisions()
    org.draw("80-84", seed=5)
    url = pg_tournament.table_url(3)
    memory_keyring.set_password("checkers-desktop tournament server",
                                _key(url), pg_tournament.passwords[3])
    settings.set(SERVER_URL, url)
    window, menu = tournament_window()
    window.event_menu.rng = random.Random(4)
    window.event_menu.now = lambda: datetime(2026, 6, 15, 9, 0, 0)
    confirmations = []
    window.event_menu.desk.confirm = lambda q: confirmations.append(q) or True
    with qtbot.waitSignal(menu.opened, timeout=30000):
        menu.actions["tournament_connect"].trigger()
    assert _said(window, "is open on this laptop as table 3.")
    # the organiser calls a match to table 3: the table laptop hears it
    m = org.playable()[0]
    org.call(m.number, 3)
    call = f"Match {m.number}, {m.a.name} and {m.b.name}, to table 3."
    qtbot.waitUntil(lambda: _said(window, call), timeout=15000)
    assert [x.number for x in menu.called_here] == [m.number]
    menu.run(menu.show_called_here)
    assert menu.ask.asked[-1][1][2] == [org.match(m.number).line()]
    window.event_menu.dialog_factory = _official_form(qtbot)
    window.event_menu.desk.ask_pin = lambda action, official, check: \
        official if check("4711", official).ok else None
    with qtbot.waitSignal(menu.play.started, timeout=20000):
        menu.run(lambda: menu.play_here(m.number))
    ev = window.event_menu.current
    assert org.match(m.number).taken_by == "table 3"
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    _play(window, "11-15")
    shots = os.environ.get("CHECKERS_TABLE_SCREENSHOTS")
    transcript_from = len(window.synth.spoken)
    subprocess.run([PG_CTL, "stop"], check=True, capture_output=True)
    try:
        # the table keeps playing; it says once that the server is away
        qtbot.waitUntil(lambda: _said(window, GONE), timeout=30000)
        _play(window, "23-19")
        assert window.session.board.ply == 2
        loser = ev.player(window.session.board.turn)
        _resign(qtbot, window)
        qtbot.waitUntil(lambda: ev.game is not None and ev.game.number == 2)
        qtbot.waitUntil(lambda: not ev.awaiting_start)  # the official starts game 2
        if ev.player(window.session.board.turn) != loser:
            _play(window, "11-15")
        with qtbot.waitSignal(menu.play.finished, timeout=30000) as done:
            _resign(qtbot, window)
        assert done.args[0].status is ReportStatus.QUEUED
        assert confirmations and confirmations[-1].startswith(f"Match {m.number} is over: ")
        queued = (f"Match {m.number}: the result is kept on this laptop and will be sent when "
                  "the server is back.")
        assert _said(window, queued)
        if shots:
            window.grab().save(os.path.join(shots, "table-server-away.png"))
        assert sum(1 for s in window.synth.spoken if s == GONE) == 1
    finally:
        subprocess.run([PG_CTL, "start"], check=True, capture_output=True)
    back = "The tournament server is back; 1 queued result sent."
    qtbot.waitUntil(lambda: _said(window, back), timeout=30000)
    qtbot.waitUntil(lambda: _said(window, f"Match {m.number}: the queued result is sent and in "
                                          "the bracket."), timeout=10000)
    if shots:
        window.grab().save(os.path.join(shots, "table-server-back.png"))
    print("\nTRANSCRIPT (table 3, from the server stop):")
    for line in window.synth.spoken[transcript_from:]:
        print("  SAY", line)
    print("  STATUS", window.status.text())
    done_match = Tournament.open(pg_tournament.organiser).match(m.number)
    assert done_match.status == MatchStatus.DECIDED and done_match.reported_by == "table 3"
    winner = done_match.winner.name
    assert winner != loser and done_match.score == (2, 0)
    assert sum(1 for s in window.synth.spoken if s == GONE) == 1
    org.close()


def _key(url):
    from checkers_desktop.tournament.store.engine import password_key

    return password_key(url)


def _play(window, text):
    window.move_box.setText(text)
    window.submit_move_box()


def _resign(qtbot, window):
    qtbot.keyClick(window.board, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


@pytest.mark.timeout(120)
def test_a_missing_password_is_said_in_words(tournament_window, qtbot, settings, pg_tournament):
    settings.set(SERVER_URL, pg_tournament.table_url(5))   # no password in the keyring
    window, menu = tournament_window()
    with qtbot.waitSignal(menu.open_failed, timeout=30000) as failed:
        menu.actions["tournament_connect"].trigger()
    assert failed.args[0].startswith("The tournament could not be opened: The tournament server "
                                     "at 127.0.0.1:")
    assert "refused the password for 't" in failed.args[0] and "psycopg" not in failed.args[0]
    assert window.synth.spoken[-1] == failed.args[0]
