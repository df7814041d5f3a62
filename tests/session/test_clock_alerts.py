"""Spoken time thresholds (5, 2, 1 minute, 30 and 10 seconds left) under every profile with
clocks, each said once, on a fake clock (no sleeping)."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.clock import GameClock
from checkers_desktop.rules.profiles import PROFILES
from checkers_desktop.session.clock_alerts import Alert, ClockAlerts
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.texts import clock as clock_texts

NAMES = {BLACK: "Black", WHITE: "Red"}


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _session(profile: str, time: FakeTime):
    synth = FakeSynth()
    scheduler = ManualScheduler()
    session = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler,
                          profile=profile, time_source=time, poll_seconds=0)
    return session, synth


def test_the_va_game_timer_says_every_threshold_once():
    time = FakeTime()
    session, synth = _session("va-vi", time)  # 15 minutes, no move timer
    session.new_game(Mode.TWO_PLAYERS, announce=False)
    heard = []
    for second in range(0, 901, 1):
        time.now = 1000.0 + second
        start = len(synth.spoken)
        session.poll_clock()
        heard += synth.spoken[start:]
    left = [t for t in heard if "game time left" in t]
    assert left == ["5 minutes of game time left.", "2 minutes of game time left.",
                    "1 minute of game time left.", "30 seconds of game time left.",
                    "10 seconds of game time left."]


def test_the_va_move_timer_says_ten_seconds_then_the_rulebook_warning():
    time = FakeTime()
    session, synth = _session("va-standard", time)  # 30 s a move, warned at 25 s
    session.new_game(Mode.COMPUTER, BLACK, announce=False)
    for second in range(0, 27):
        time.now = 1000.0 + second
        session.poll_clock()
    assert "You have 10 seconds left to move." in synth.spoken
    assert synth.spoken.count("You have 10 seconds left to move.") == 1
    assert synth.spoken.index("You have 10 seconds left to move.") < \
        synth.spoken.index("You have 5 seconds left to move.")
    assert not any("30 seconds left to move" in t for t in synth.spoken)  # not below 30 s


def test_every_profile_with_clocks_says_the_last_ten_seconds():
    for key, profile in PROFILES.items():
        if not profile.has_clock:
            continue
        time = FakeTime()
        session, synth = _session(key, time)
        session.new_game(Mode.TWO_PLAYERS, announce=False)
        limit = profile.game_limit or profile.move_limit.limit
        for second in range(0, int(limit) + 1):
            time.now = 1000.0 + second
            session.poll_clock()
            if not session.running:
                break
        assert any("10 seconds" in t for t in synth.spoken), key


def test_a_side_clock_says_each_threshold_of_its_period_for_the_side_to_move():
    time = FakeTime()
    clock = GameClock(time, side_moves=30, side_seconds=600.0)
    clock.start_turn(BLACK)
    alerts = ClockAlerts()
    said = []
    for second in range(0, 601):
        time.now = 1000.0 + second
        said += alerts.poll(clock)
    assert [a.seconds_left for a in said] == [300.0, 120.0, 60.0, 30.0, 10.0]
    assert {a.kind for a in said} == {"side"} and {a.color for a in said} == {BLACK}
    texts = [clock_texts.time_left_text(a, NAMES, you=BLACK) for a in said]
    assert texts[0] == "Your clock: 5 minutes left."
    assert clock_texts.time_left_text(said[-1], NAMES) == "Black's clock: 10 seconds left."


def test_a_late_poll_says_only_the_lowest_threshold_passed_and_a_paused_clock_nothing():
    time = FakeTime()
    clock = GameClock(time, game_limit=600.0)
    clock.start_turn(BLACK)
    alerts = ClockAlerts()
    time.now += 595
    assert alerts.poll(clock) == [Alert("game", 10.0, None)]
    assert alerts.poll(clock) == []
    clock.pause()
    assert alerts.poll(clock) == []
