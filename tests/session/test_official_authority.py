"""The official's authority holds without a window: no clock runs before the official starts a
game (the first and each next one); the PIN file is sealed and a removed, damaged, changed or
unsealed one keeps the official's actions locked (an honest restart stays silent); the event PIN
changed outside the app locks too; the PIN rules; the wrong tries counted per laptop across gates
and restarts; the resume question names the match."""

from __future__ import annotations

import json
import random

import pytest

from checkers_desktop.rules import BLACK
from checkers_desktop.session.game import GameSession
from checkers_desktop.session.match import MatchSession
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.official_event_pin import EventPinStore
from checkers_desktop.session.official_gate import OfficialGate, OfficialOnlyError, Unlock
from checkers_desktop.session.official_pin import (PIN_FILE, PinError, PinFileState, PinHash,
                                                   check_new_pin, read_match_pin)
from checkers_desktop.session.official_tries import SealedTriesStore, TryCounter
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.session.resume import match_offer, resume, snapshot_of
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.storage import Snapshot
from checkers_desktop.storage import records as record_store
from checkers_desktop.storage.integrity import Integrity, KeyRing, RecordKey
from checkers_desktop.storage.sealed_state import SealedFile

PIN = "4711"
EVENT = "905173"


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def keys(tmp_path):
    ring = KeyRing.of(RecordKey.from_secret(b"k" * 32))
    before = record_store.keys_in_use()
    record_store.use_keys(ring, tmp_path)
    yield ring
    record_store.use_keys(*before)


def table(tmp_path, pin=PIN, clock=None):
    clock = clock or FakeTime()
    synth = FakeSynth()
    scheduler = ManualScheduler()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler, first_legal_move), scheduler,
                       time_source=clock, poll_seconds=0)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-standard",
                             official="Carol Ruiz")
    match = MatchSession(game, settings, tmp_path / "records", rng=random.Random(4))
    if pin:
        match.set_official_pin(PinHash.make(pin), "Carol Ruiz")
    match.start()
    return game, match, synth, scheduler, clock


def restart(tmp_path, game, match, integrity=Integrity.VERIFIED, before=None):
    data = snapshot_of(game, match).to_json()
    if before is not None:
        before()
    scheduler = ManualScheduler()
    game2 = GameSession(Announcer([FakeSynth()]), InlineEngine(scheduler, first_legal_move),
                        scheduler, poll_seconds=0)
    return resume(game2, Snapshot.from_json(data), records_dir=tmp_path / "records",
                  integrity=integrity)


# --- the players-ready step --------------------------------------------------------------------
def test_no_clock_runs_before_the_official_starts_each_game(tmp_path):
    game, match, synth, scheduler, clock = table(tmp_path)
    assert match.awaiting_start and match.paused
    clock.now += 600  # ten minutes, nobody at the table
    game.poll_clock()
    assert match.pending_penalty is None and match.referee.clock.move_elapsed() == 0
    assert not game.submit_text("11-15")  # no move before the start
    assert "waits for the official" in match.turn_text()
    # the status line and "whose turn" say the game waits, not whose move it is
    assert game.headline().startswith("Game 1 waits for the official") and "to move" not in \
        game.headline()
    with pytest.raises(OfficialOnlyError, match="Starting the game"):
        match.official.start_game()  # a player cannot start it
    assert match.gate.unlock(PIN).ok
    match.official.start_game()
    assert not match.awaiting_start and not match.paused
    assert game.headline() == "Bo Diaz, Black to move." or game.headline().endswith(
        ", Black to move."), game.headline()
    assert synth.spoken[-1] == "The official, Carol Ruiz, starts game one. The clocks are running."
    assert game.submit_text("11-15")
    # game 1 ends by a resignation: game 2 waits, its clocks still, the result on the turn line
    game.resign(game.board.turn)
    scheduler.run_pending()
    assert match.game.number == 2 and match.awaiting_start and match.paused
    assert match.turn_text().startswith("Game 1: ") or "wins" in match.turn_text()
    assert "Game 2 waits for the official" in match.turn_text()
    assert "Game 2 waits for the official" in game.status_text()
    clock.now += 120  # the players change seats; the official writes the result
    game.poll_clock()
    assert match.pending_penalty is None and match.referee.clock.move_elapsed() == 0
    assert match.gate.unlock(PIN).ok
    match.official.start_game()
    assert not match.paused and game.submit_text(game.legal_moves()[0].pdn())


# --- the PIN file ------------------------------------------------------------------------------
def test_the_pin_file_is_sealed_and_an_honest_restart_is_silent(tmp_path, keys):
    game, match, synth, scheduler, clock = table(tmp_path)
    assert read_match_pin(match.folder).state is PinFileState.SOUND
    resumed = restart(tmp_path, game, match)
    m = resumed.match
    assert m.gate.locked is None and m.gate.protected
    assert resumed.notices == []  # nothing said about the PIN file (no "carries no seal")
    assert m.gate.unlock(PIN).ok


def _own_hash(folder):
    path = folder / PIN_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pin"] = PinHash.make("8642").to_text()  # the player's own PIN
    path.write_text(json.dumps(data), encoding="utf-8")


def _damage(folder):
    (folder / PIN_FILE).write_text("{not json", encoding="utf-8")


def _delete(folder):
    (folder / PIN_FILE).unlink()


def _unseal(folder):
    (folder / record_store.SEALS_FILE).unlink()


@pytest.mark.parametrize("tamper,problem", [(_own_hash, "changed"), (_damage, "damaged"),
                                            (_delete, "removed"), (_unseal, "unsealed")])
def test_a_pin_file_tampered_with_keeps_the_officials_actions_locked(tmp_path, keys, tamper,
                                                                     problem):
    game, match, synth, scheduler, clock = table(tmp_path)
    folder = match.folder
    resumed = restart(tmp_path, game, match, before=lambda: tamper(folder))
    m = resumed.match
    assert m.gate.locked == problem and m.gate.protected
    for pin in ("8642", PIN):  # neither the player's PIN nor the old one opens it
        assert m.gate.unlock(pin).outcome is not Unlock.OPEN
    with pytest.raises(OfficialOnlyError, match="locked.*event PIN") as refused:
        m.official.pause()
    assert "recovery code" in str(refused.value) or "organiser" in str(refused.value)
    assert not m.paused or m.awaiting_start  # nothing changed
    # the official recovers with the event PIN: the match is guarded by it, sealed again
    event = PinHash.make(EVENT)
    m.gate.event_pin = lambda: event
    m.gate.recovery_pins = lambda: [event]
    m.gate.tries = TryCounter()
    assert m.gate.unlock(EVENT, "Carol Ruiz").ok
    assert m.gate.locked is None
    found = read_match_pin(folder)
    assert found.state is PinFileState.SOUND and found.pin == event and found.guard == "event"


def test_an_unsealed_pin_file_fails_closed_even_when_the_save_is_not_trusted(tmp_path, keys):
    game, match, synth, scheduler, clock = table(tmp_path)
    folder = match.folder
    resumed = restart(tmp_path, game, match, integrity=Integrity.CHANGED,
                      before=lambda: _own_hash(folder))
    assert resumed.match.gate.locked == "changed"
    assert not resumed.match.gate.unlock("8642").ok


def test_a_match_started_under_the_event_pin_keeps_it(tmp_path, keys):
    event = PinHash.make(EVENT)
    game, match, synth, scheduler, clock = table(tmp_path, pin=None)
    match.set_official_pin(event, "Carol Ruiz", guard="event")
    # the event PIN is removed from the settings afterwards: the match is still guarded
    resumed = restart(tmp_path, game, match)
    m = resumed.match
    assert m.gate.protected and m.pin_guard == "event"
    with pytest.raises(OfficialOnlyError):
        m.official.pause()
    assert m.gate.unlock(EVENT).ok


# --- the event PIN -----------------------------------------------------------------------------
def _store(tmp_path, keys, lines):
    return EventPinStore(lambda: lines.get("pin", ""), lambda t: lines.__setitem__("pin", t),
                         lambda: lines.get("seal", ""), lambda t: lines.__setitem__("seal", t),
                         SealedFile(tmp_path / "keys" / "event-pin.json", keys), keys)


def test_the_event_pin_changed_or_removed_outside_the_app_locks(tmp_path, keys):
    lines: dict = {}
    store = _store(tmp_path, keys, lines)
    assert store.read().pin is None and store.read().problem is None  # none set
    store.set(PinHash.make(EVENT), "123456789012")
    assert store.read().pin.matches(EVENT) and store.read().problem is None  # honest: silent
    # the line removed from the settings file: locked, not opened
    saved = dict(lines)
    lines["pin"] = ""
    state = store.read()
    assert state.pin is None and state.problem == "event removed"
    gate = OfficialGate(lambda: store.read().pin)
    gate.event_lock = lambda: store.read().problem
    gate.recovery_pins = lambda: store.read().recovery
    gate.on_recovered = lambda _pin: store.repair()
    assert gate.protected
    with pytest.raises(OfficialOnlyError, match="event PIN was removed outside the app"):
        gate.take("record_result")
    # the official recovers with the event PIN: both copies written again
    assert gate.unlock(EVENT).ok and store.read().problem is None
    assert lines["pin"] == saved["pin"]
    # a player writes a hash of his own into the settings line: locked, his PIN refused
    lines["pin"] = PinHash.make("8642").to_text()
    assert store.read().problem == "event changed"
    gate.revoke()
    assert not gate.unlock("8642").ok and gate.protected
    # the recovery code (shown once when the PIN was set) opens it too
    gate.tries = TryCounter()
    assert gate.unlock("123456789012").ok


# --- PIN rules and the count of wrong tries ------------------------------------------------------
@pytest.mark.parametrize("pin", ["0000", "1234", "4321", "1111", "1212", "abcd", "123123"])
def test_sequences_and_repeats_are_refused(pin):
    with pytest.raises(PinError, match="too easy to guess"):
        check_new_pin(pin, pin)


def test_the_event_pin_has_six_digits_at_least():
    with pytest.raises(PinError, match="at least 6"):
        check_new_pin("4711", "4711", event=True)
    assert check_new_pin(EVENT, EVENT, event=True) == EVENT
    assert check_new_pin(PIN, PIN) == PIN


def test_wrong_tries_are_counted_per_laptop_across_gates_and_restarts(tmp_path, keys):
    clock = FakeTime()
    file = SealedFile(tmp_path / "keys" / "pin-tries.json", keys)
    tries = TryCounter(SealedTriesStore(file), clock=clock)
    match_gate, event_gate = OfficialGate(tries=tries), OfficialGate(tries=tries)
    match_gate.match_pin = PinHash.make(PIN)
    event_gate.match_pin = PinHash.make(EVENT)
    assert match_gate.unlock("0000").outcome is Unlock.WRONG
    assert event_gate.unlock("0000").outcome is Unlock.WRONG  # another menu: the same count
    # the app restarts: the count is read back
    tries2 = TryCounter(SealedTriesStore(file), clock=clock)
    gate = OfficialGate(tries=tries2)
    gate.match_pin = PinHash.make(PIN)
    third = gate.unlock("0000")
    assert third.outcome is Unlock.LOCKED and third.wait_seconds == 30
    assert "3 wrong tries on this laptop" in third.text and "30 seconds" in third.text
    clock.now += 31
    assert gate.unlock("0000").wait_seconds == 60  # growing
    # restarting again does not end the wait
    tries3 = TryCounter(SealedTriesStore(file), clock=clock)
    assert tries3.wait_seconds() > 0
    # the count file removed outside the app: the next wrong PIN waits at once
    file.path.unlink()
    tries4 = TryCounter(SealedTriesStore(file), clock=clock)
    assert tries4.wrong >= 3
    clock.now += 3600
    assert tries4.wrong_pin() > 0


# --- the resume question -------------------------------------------------------------------------
def test_the_resume_question_names_the_match_the_players_and_the_score(tmp_path):
    game, match, synth, scheduler, clock = table(tmp_path, pin=None)
    match.official.start_game()
    ann = BLACK if match.game.black == "Ann Lee" else BLACK.other
    game.resign(ann.other)  # Bo Diaz resigns game 1
    scheduler.run_pending()
    match.official.start_game()
    while game.board.ply < 26:
        assert game.submit_text(game.legal_moves()[0].pdn())
    offer = match_offer(Snapshot.from_json(snapshot_of(game, match).to_json()))
    assert offer.question() == ("Resume the match Ann Lee against Bo Diaz, 1 game to 0, game 2, "
                                "move 14?")


# --- adjudication --------------------------------------------------------------------------------
def _started(tmp_path):
    game, match, synth, scheduler, clock = table(tmp_path, pin=None)
    match.official.start_game()
    return game, match, synth, scheduler, clock


def test_adjudication_records_the_cause_the_official_chose(tmp_path):
    from checkers_desktop.rules.rulings import AdjudicationCause, EndReason

    game, match, synth, scheduler, clock = _started(tmp_path)
    for text in ("11-15", "23-19", "8-11", "22-17"):
        assert game.submit_text(text)
    clock.now += 60  # thirteen minutes... of ten: far from the time limit
    match.official.adjudicate(AdjudicationCause.STALLING)
    result = match.games[0].result
    assert result.reason is EndReason.ADJUDICATION and result.cause is AdjudicationCause.STALLING
    said = " ".join(synth.spoken)
    assert "Time is up" not in said and "at the time limit" not in said
    assert "adjudicated by the official for stalling" in said
    sheet = match.score_sheet_html()
    assert "stalling: " in sheet and "time limit:" not in sheet
    # the official's own decision is the default cause
    from checkers_desktop.rules.profiles import get_profile
    from checkers_desktop.rules.referee import Referee
    referee = Referee(get_profile("va-standard"), time_source=clock)
    referee.start()
    assert referee.adjudicate().result.cause is AdjudicationCause.OFFICIAL


def test_a_jump_pending_is_made_before_the_count(tmp_path):
    from checkers_desktop.rules.rulings import RulingCode

    game, match, synth, scheduler, clock = _started(tmp_path)
    for text in ("11-15", "24-20", "15-19"):
        assert game.submit_text(text)
    assert game.board.is_capture_required()  # Red must jump 23x16
    mat, winner, refused = match.referee.adjudication_preview()
    assert refused == "jump"
    ruling = match.official.adjudicate()
    assert ruling.code is RulingCode.JUMP_REQUIRED and match.game_running
    while game.board.is_capture_required():  # the jumps are made
        assert game.submit_text(game.legal_moves()[0].pdn())
    mat, winner, refused = match.referee.adjudication_preview()
    assert refused is None
    match.official.adjudicate()
    result = match.games[0].result
    assert result.winner is winner and result.material == mat
