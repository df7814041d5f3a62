"""The official's PIN with no window: a salted scrypt hash only, the gate that grants one
official's action per right PIN, wrong PINs rate-limited, the match's official actions refused
without the PIN (nothing changed) and recorded with the official's name with it, the PIN kept
with the match's records and read back on resume, and leaving a match as an official's action."""

from __future__ import annotations

import json
import random

import pytest

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.match import MatchSession
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.official_gate import (LOCK_SECONDS, MAX_ATTEMPTS, OfficialGate,
                                                    OfficialOnlyError, Unlock)
from checkers_desktop.session.official_pin import (PIN_FILE, PinError, PinHash, check_new_pin,
                                                   load_match_pin)
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.session.resume import resume, snapshot_of
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.storage import Snapshot

from officiating import officiate

PIN = "4711"


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the hash -----------------------------------------------------------------------------------
def test_only_a_salted_hash_is_kept():
    one, two = PinHash.make(PIN), PinHash.make(PIN)
    assert one.salt != two.salt and one.key != two.key  # salted: the same PIN hashes apart
    assert one.matches(PIN) and two.matches(PIN)
    assert not one.matches("4712") and not one.matches("") and not one.matches("x" * 500)
    text = one.to_text()
    assert PIN not in text and text.startswith("scrypt$65536$8$1$")
    again = PinHash.from_text(text)
    assert again == one and again.matches(PIN)


@pytest.mark.parametrize("text", ["", "plain", "scrypt$16384$8$1$AAAA$BBBB",
                                  "scrypt$4194304$8$1$" + "A" * 24 + "$" + "A" * 44,
                                  "md5$1$1$1$AAAAAAAAAAAA$" + "A" * 44, "x" * 1000])
def test_a_stored_hash_that_cannot_be_read_is_refused(text):
    with pytest.raises(PinError):
        PinHash.from_text(text)


def test_a_new_pin_is_typed_twice_and_long_enough():
    assert check_new_pin("2468", "2468") == "2468"
    with pytest.raises(PinError, match="too short"):
        check_new_pin("12", "12")
    with pytest.raises(PinError, match="not the same"):
        check_new_pin("2468", "2469")
    with pytest.raises(PinError, match="too long"):
        check_new_pin("9" * 65, "9" * 65)


# --- the gate -----------------------------------------------------------------------------------
def test_a_gate_without_a_pin_lets_the_official_act():
    gate = OfficialGate()
    gate.official = "Carol Ruiz"
    assert not gate.protected
    assert gate.take("pause") == "Carol Ruiz"
    assert gate.unlock("anything").outcome is Unlock.NOT_SET


def test_one_right_pin_grants_one_action():
    gate = OfficialGate()
    gate.match_pin = PinHash.make(PIN)
    with pytest.raises(OfficialOnlyError, match="Pausing the clocks is the official's action"):
        gate.take("pause")
    assert gate.unlock(PIN, "Dan Cole").ok
    assert gate.take("pause") == "Dan Cole"
    with pytest.raises(OfficialOnlyError):  # one action only
        gate.take("resume")


def test_the_event_pin_opens_the_gate_too():
    event = PinHash.make("9999")
    gate = OfficialGate(lambda: event)
    assert gate.protected and gate.unlock("9999").ok


def test_wrong_pins_are_rate_limited():
    clock = FakeTime()
    gate = OfficialGate(time_source=clock)
    gate.match_pin = PinHash.make(PIN)
    results = [gate.unlock("0000") for _ in range(MAX_ATTEMPTS)]
    assert [r.outcome for r in results] == [Unlock.WRONG] * (MAX_ATTEMPTS - 1) + [Unlock.LOCKED]
    assert results[0].text == "Wrong PIN. 2 more tries before a wait."
    assert results[-1].wait_seconds == LOCK_SECONDS
    assert "30 seconds" in results[-1].text
    # while locked even the right PIN is refused
    clock.now += LOCK_SECONDS - 1
    assert gate.unlock(PIN).outcome is Unlock.LOCKED and not gate.granted()
    clock.now += 1
    # one more wrong PIN after the wait: locked twice as long
    again = gate.unlock("1111")
    assert again.outcome is Unlock.LOCKED and again.wait_seconds == 2 * LOCK_SECONDS
    clock.now += 2 * LOCK_SECONDS
    assert gate.unlock(PIN).ok  # the right PIN resets the count
    gate.revoke()
    assert gate.unlock("0000").outcome is Unlock.WRONG


# --- the match ----------------------------------------------------------------------------------
def table(tmp_path, profile="va-vi"):
    synth = FakeSynth()
    scheduler = ManualScheduler()
    clock = FakeTime()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler, first_legal_move), scheduler,
                       time_source=clock, poll_seconds=0)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), profile,
                             official="Carol Ruiz")
    match = MatchSession(game, settings, tmp_path, rng=random.Random(4))
    match.set_official_pin(PinHash.make(PIN), "Carol Ruiz")
    match.start()
    officiate(match, PIN)
    return game, match, synth, scheduler


def test_official_actions_need_the_pin_and_name_the_official(tmp_path):
    game, match, synth, scheduler = table(tmp_path)
    actions = len(match.actions)
    for act in (match.official.pause, lambda: match.official.stalling_warning(WHITE),
                lambda: match.official.declare_forfeit(BLACK, "left"),
                lambda: match.official.correct_result(1, "Ann Lee"), match.official.adjudicate):
        with pytest.raises(OfficialOnlyError):
            act()
    assert len(match.actions) == actions and not match.paused and game.running
    assert match.gate.unlock(PIN, "Dan Cole").ok  # another official, named with the PIN
    match.official.pause()
    assert match.paused
    assert match.actions[-1].official and match.actions[-1].text == \
        "The official, Dan Cole, pauses the clocks."
    assert synth.spoken[-1] == "The official, Dan Cole, pauses the clocks."  # said once
    with pytest.raises(OfficialOnlyError):
        match.official.resume()


def test_the_pin_is_kept_with_the_match_and_read_back_on_resume(tmp_path):
    game, match, synth, scheduler = table(tmp_path)
    kept = json.loads((match.folder / PIN_FILE).read_text(encoding="utf-8"))
    assert kept["official"] == "Carol Ruiz" and PIN not in json.dumps(kept)
    assert load_match_pin(match.folder)[0].matches(PIN)
    game.submit_text("11-15")
    data = snapshot_of(game, match).to_json()
    # a new session (the app restarted) resumes the match: the PIN guards it still
    synth2 = FakeSynth()
    scheduler2 = ManualScheduler()
    game2 = GameSession(Announcer([synth2]), InlineEngine(scheduler2, first_legal_move),
                        scheduler2, poll_seconds=0)
    resumed = resume(game2, Snapshot.from_json(data), records_dir=tmp_path).match
    assert resumed.gate.protected
    with pytest.raises(OfficialOnlyError):
        resumed.official.resume()
    assert resumed.gate.unlock(PIN).ok
    resumed.official.resume()
    assert not resumed.paused
    assert resumed.actions[-1].text == "The official, Carol Ruiz, restarts the clocks."


def test_leaving_a_match_is_the_officials_action(tmp_path):
    game, match, synth, scheduler = table(tmp_path)
    game.submit_text("11-15")
    with pytest.raises(OfficialOnlyError, match="Ending the match"):
        match.leave("a new game")
    assert game.referee is match.referee and game.running  # nothing changed
    assert match.gate.unlock(PIN).ok
    match.leave("a new game")
    assert synth.spoken[-1] == ("The official, Carol Ruiz, ends the match Ann Lee against Bo "
                                "Diaz before its end, for a new game. Game one is recorded "
                                "unfinished.")
    assert '[Result "*"]' in (match.folder / "game-1.pdn").read_text(encoding="utf-8")
    # the next game is the home profile's, with no players' names
    game.new_game(Mode.COMPUTER)
    assert game.profile.key == "practice" and game.player_names is None
