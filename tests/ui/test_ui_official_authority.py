"""After a crash a player's No never throws a match away: the question names the match, the
players and the score; No needs the official's PIN, and a match kept for later is listed under
Event > Resume a match until the official resumes or ends it. A tampered PIN file keeps the
official's actions locked after the restart; an honest restart says nothing of it."""

from __future__ import annotations

import json
import random

import pytest

from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.official_pin import PIN_FILE, PinHash

PIN = "4711"


def official(action, name, check):
    return name if check(PIN, name).ok else None


def player(action, name, check):
    check("0000", name)  # a guess
    return None


def started(window, folder, **kw):
    window.autosave.folder = folder
    window.autosave.start(**kw)
    return window


def match_played(make_window, tmp_path):
    data = tmp_path / "data"
    window = started(make_window(), data)
    menu = window.event_menu
    menu.records_dir = data / "event"
    menu.rng = random.Random(3)
    menu.desk.ask_pin = official
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-standard",
                             official="Carol Ruiz")
    ev = menu.start_match(settings, pin=PIN)
    assert not getattr(ev, "awaiting_start", False)  # started by the form's PIN
    assert window.session.submit_text("11-15") and window.session.submit_text("23-19")
    return window, ev, data


def restarted(make_window, data, answer, pin_dialog):
    again = make_window()
    again.event_menu.records_dir = data / "event"
    again.event_menu.desk.ask_pin = pin_dialog
    questions = []
    started(again, data, ask=lambda q: questions.append(q) or answer)
    return again, questions


def test_no_after_a_crash_needs_the_official_and_the_match_stays_listed(make_window, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    # the app is killed; a player answers No at the restart and has no PIN
    again, questions = restarted(make_window, data, False, player)
    assert questions[0].startswith("Resume the match Ann Lee against Bo Diaz, 0 games to 0, "
                                   "game 1, move 2?")
    kept = again.event_menu.current
    assert kept is not None and kept.settings.names == ("Ann Lee", "Bo Diaz")  # not thrown away
    assert kept.paused  # the clocks wait for the official
    assert not list(data.glob("autosave.declined-*"))
    assert any("Only the official can keep a match for later" in s for s in again.synth.spoken)
    # next restart: the official says No with the PIN: the match is kept for later
    third, questions = restarted(make_window, data, False, official)
    assert third.event_menu.current is None
    assert list((data / "held").iterdir())
    held = third.autosave.held_matches()
    assert [o.names for _f, o in held] == [("Ann Lee", "Bo Diaz")]
    # Event > Resume a match: it is there, and comes back on the board
    third.ask.choose = lambda title, label, options, **kw: 0
    assert third.event_menu.resume_held()
    back = third.event_menu.current
    assert back is not None and back.settings.names == ("Ann Lee", "Bo Diaz")
    assert third.session.board.ply == 2 and back.awaiting_start
    assert not third.autosave.held_matches()


def test_a_tampered_pin_file_keeps_the_officials_actions_locked(make_window, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    path = ev.folder / PIN_FILE
    # an honest restart: nothing said about the PIN file, the PIN works
    again, _ = restarted(make_window, data, True, official)
    spoken = " ".join(again.synth.spoken)
    assert "seal" not in spoken and "locked" not in spoken
    assert getattr(again.event_menu.current.gate, "locked", None) is None
    # a player writes his own PIN's hash into the file and restarts
    data_json = json.loads(path.read_text(encoding="utf-8"))
    data_json["pin"] = PinHash.make("8642").to_text()
    path.write_text(json.dumps(data_json), encoding="utf-8")
    third, _ = restarted(make_window, data, True, lambda a, n, check: n if check(
        "8642", n).ok else None)
    m = third.event_menu.current
    assert getattr(m.gate, "locked", None) == "changed"
    assert any("The official's actions are locked" in s for s in third.synth.spoken)
    assert not third.event_menu.players_ready()  # the player's PIN opens nothing
    assert m.awaiting_start and m.paused
    assert any("Game 1 waits for the official" in s for s in third.synth.spoken)


def test_every_question_names_the_player_it_asks(make_window, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    asked = []

    def confirm(question, title="Checkers", on_answer=None, **_):
        asked.append((title, question))
        return False
    window.ask.confirm = confirm
    window.confirm = confirm
    name = ev.player(window.session.board.turn)
    side = ev.sides[window.session.board.turn]
    window.resign()
    assert asked[-1] == (f"Player {name} ({side})",
                         f"{name}, {side}: resign game 1? The game goes to your opponent.")
    assert window.session.running  # No: nothing resigned
    # a draw offer is the player's question, titled by the player (not "Official")
    window.event_menu.offer_draw()
    assert asked[-1][0] == f"Player {name} ({side})"
    # the answer to a draw offer goes through the window's one interaction object
    window.confirm = window.ask.confirm = lambda q, title="Checkers", on_answer=None, **_: \
        asked.append((title, q)) or True
    window.event_menu.offer_draw()
    other = ev.player(window.session.board.turn.other)
    assert asked[-1][0].startswith(f"Player {other}") and "Do you accept the draw?" in asked[-1][1]


def test_the_adjudication_confirmation_states_the_outcome_first(make_window, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    desk = window.event_menu.desk
    asked = []
    desk.choose = lambda title, label, options: 1  # by the count, for stalling
    desk.confirm = lambda q: asked.append(q) and False
    assert not desk.adjudicate()
    assert len(asked) == 1 and asked[0].startswith("By the count, for stalling: ")
    assert " 12, " in asked[0] and asked[0].endswith("Game 1 is drawn.")
    assert ev.game_running  # No: nothing given
    desk.confirm = lambda q: True
    assert desk.adjudicate()
    assert ev.games[0].result.cause.value == "stalling"


def test_a_flipped_finished_record_is_said_when_opened(make_window, qtbot, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    loser = ev.player(window.session.board.turn)
    window.resign()  # confirmed (the window's fake says Yes)
    winner = next(n for n in ev.settings.names if n != loser)
    path = ev.folder / "game-1.pdn"
    text = path.read_text(encoding="utf-8")
    flipped = {"1-0": "0-1", "0-1": "1-0"}
    old = ev.games[0].pdn_result
    path.write_text(text.replace(f'[Result "{old}"]', f'[Result "{flipped[old]}"]')
                    .replace(f" {old}", f" {flipped[old]}"), encoding="utf-8")
    window.synth.clear()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000):
        assert window.open_game_action.open(str(path))
    said = " ".join(window.synth.spoken)
    assert "Warning: the match record game-1.pdn was changed outside the app" in said
    assert f"{winner} won ({old})" in said  # the result the app sealed


def test_the_event_pin_removed_from_the_settings_file_keeps_every_gate_shut(make_window,
                                                                           settings, tmp_path):
    from checkers_desktop.session.official_gate import OfficialOnlyError
    from checkers_desktop.ui.settings import EVENT_PIN

    window = started(make_window(), tmp_path / "data")
    menu = window.event_menu
    shown = []
    window.ask.ask_new_pin = lambda title, prompt, allow_empty=False, event=False: "905173"
    window.ask.confirm = lambda q, title="Checkers", on_answer=None, **_: shown.append(q) or True
    assert menu.set_event_pin()
    assert "recovery code is" in shown[-1]  # shown once
    code = shown[-1].split("recovery code is ")[1].split(".")[0].replace(" ", "")
    assert len(code) == 12 and settings.get(EVENT_PIN).startswith("scrypt$")
    tournament_gate = window.tournament_menu.gate
    assert tournament_gate.protected
    # a player deletes the line from the settings file (Qt re-reads it): every gate stays shut
    settings.qsettings.remove(EVENT_PIN.key)
    settings.qsettings.sync()
    assert menu.event_pin() is None and menu.event_pin_state().problem == "event removed"
    for gate in (tournament_gate, menu.event_gate):
        assert gate.protected
        with pytest.raises(OfficialOnlyError, match="event PIN was removed outside the app"):
            gate.take("record_result")
    # and Set the event PIN asks for it first: a player cannot set one of his own
    window.ask.ask_pin = lambda action, official, check: None
    assert not menu.set_event_pin()
    # the official's event PIN opens it again and writes the line back
    assert tournament_gate.unlock("905173").ok
    assert menu.event_pin_state().problem is None and settings.get(EVENT_PIN)


def test_a_match_kept_for_later_is_ended_only_by_the_official(make_window, tmp_path):
    window, ev, data = match_played(make_window, tmp_path)
    third, _ = restarted(make_window, data, False, official)  # kept for later by the official
    assert len(third.autosave.held_matches()) == 1
    answers = iter([0, 1])  # the match, then "End the match (the official)"
    third.ask.choose = lambda title, label, options, **kw: next(answers)
    third.event_menu.desk.ask_pin = player  # a player tries: refused, the match stays
    assert third.event_menu.resume_held()
    m = third.event_menu.current
    assert m is not None and not m.is_over  # not ended: back on the board, clocks stopped
    assert any("Ending the match before its end is the official's action" in s
               for s in third.synth.spoken)
    # the official keeps it again, then ends it from the list
    third.event_menu.desk.ask_pin = official
    assert third.event_menu.desk.hold_match()
    third.autosave.hold(m)
    answers = iter([0, 1])
    assert third.event_menu.resume_held()
    assert third.event_menu.current is None and not third.autosave.held_matches()
    assert '[Result "*"]' in (ev.folder / "game-1.pdn").read_text(encoding="utf-8")
