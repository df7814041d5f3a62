"""Game clocks driven by a fake time source: no test waits in real time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.clock import (ClockError, GameClock, GameTimeExpired, GameTimeWarning,
                                          MoveTimeExpired, MoveWarning, SideTimeExpired, Stopwatch)


class FakeTime:
    """A monotonic time source that moves only when told (seconds)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def va_clock(t: FakeTime) -> GameClock:
    """VA rulebook 3:00 s4 (25 s warning, 30 s limit) and 3:00 s5 (10 minutes a game)."""
    return GameClock(t, game_limit=600.0, game_warnings=(300.0, 120.0, 60.0),
                     move_warning=25.0, move_limit=30.0)


def test_stopwatch_counts_only_while_running():
    t = FakeTime()
    watch = Stopwatch(t)
    t.advance(5)
    assert watch.elapsed() == 0.0
    watch.start()
    t.advance(3)
    watch.stop()
    t.advance(100)
    assert watch.elapsed() == pytest.approx(3.0)


def test_move_warning_at_25_s_and_expiry_at_30_s_once_each():
    """VA rulebook 3:00 s4: warning at 25 seconds, time up at 30 seconds."""
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(24.9)
    assert clock.poll() == []
    t.advance(0.2)
    events = clock.poll()
    assert [type(e) for e in events] == [MoveWarning]
    assert events[0].color is BLACK and events[0].seconds == 25.0 and events[0].at == 25.0
    assert clock.poll() == []
    t.advance(5)
    events = clock.poll()
    assert [type(e) for e in events] == [MoveTimeExpired]
    assert events[0].at == pytest.approx(30.0)
    t.advance(10)
    assert clock.poll() == []


def test_new_turn_restarts_the_move_timer():
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(20)
    clock.start_turn(WHITE)
    t.advance(20)
    assert clock.poll() == []  # neither side reached 25 s on one move
    assert clock.move_elapsed() == pytest.approx(20.0)
    assert clock.elapsed() == pytest.approx(40.0)


def test_a_late_poll_reports_every_threshold_in_order_with_its_own_time():
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(45)
    events = clock.poll()
    assert [type(e) for e in events] == [MoveWarning, MoveTimeExpired]
    assert [e.at for e in events] == [25.0, 30.0]


def test_game_time_is_one_timer_for_the_whole_game_with_warnings():
    """VA rulebook 3:00 s5: "All games will have a 10-minute time limit" (the game, not each
    player). Warnings at 5, 2 and 1 minutes left."""
    t = FakeTime()
    clock = GameClock(t, game_limit=600.0, game_warnings=(300.0, 120.0, 60.0))
    clock.start_turn(BLACK)
    seen = []
    for turn in range(60):
        t.advance(10)
        seen.extend(clock.poll())
        clock.start_turn(WHITE if turn % 2 == 0 else BLACK)
    warnings = [e for e in seen if isinstance(e, GameTimeWarning)]
    assert [w.minutes_left for w in warnings] == [5.0, 2.0, 1.0]
    assert [w.at for w in warnings] == [300.0, 480.0, 540.0]
    expired = [e for e in seen if isinstance(e, GameTimeExpired)]
    assert len(expired) == 1 and expired[0].at == 600.0
    assert clock.game_remaining() == 0.0


def test_pause_stops_every_timer_and_resume_goes_on():
    """The official may pause the game; paused time does not count."""
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(10)
    clock.pause()
    t.advance(500)
    assert clock.poll() == []
    assert clock.elapsed() == pytest.approx(10.0)
    clock.resume()
    t.advance(16)
    assert [type(e) for e in clock.poll()] == [MoveWarning]
    assert clock.move_elapsed() == pytest.approx(26.0)


def test_a_turn_started_while_paused_waits_for_resume():
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    clock.pause()
    clock.start_turn(WHITE)
    t.advance(100)
    assert clock.move_elapsed() == 0.0
    clock.resume()
    t.advance(1)
    assert clock.move_elapsed() == pytest.approx(1.0)


def test_restart_move_gives_the_mover_a_fresh_move_time():
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(31)
    assert [type(e) for e in clock.poll()] == [MoveWarning, MoveTimeExpired]
    clock.restart_move()
    t.advance(25)
    assert [type(e) for e in clock.poll()] == [MoveWarning]


def test_per_move_override_for_a_single_way_capture():
    """WCDF 4.1: 1 minute and 1 minute's grace for a capture that can be made only one way."""
    t = FakeTime()
    clock = GameClock(t, move_warning=300.0, move_limit=360.0)
    clock.start_turn(BLACK, move_warning=60.0, move_limit=120.0)
    t.advance(121)
    assert [e.at for e in clock.poll()] == [60.0, 120.0]
    clock.start_turn(WHITE)
    assert clock.move_limits() == (300.0, 360.0)


def test_remove_game_limit_lets_the_game_go_on():
    """VA 4:00 s4: the game after a draw, if undecided at the limit, is played out."""
    t = FakeTime()
    clock = GameClock(t, game_limit=600.0)
    clock.start_turn(BLACK)
    t.advance(600)
    assert [type(e) for e in clock.poll()] == [GameTimeExpired]
    clock.remove_game_limit()
    t.advance(600)
    assert clock.poll() == []
    assert clock.game_remaining() is None


def test_side_clock_thirty_moves_per_hour():
    """WCDF 4.3: tournament clocks "usually at 30 moves per hour": each side has an hour for its
    first 30 moves and another hour for the next 30."""
    t = FakeTime()
    clock = GameClock(t, side_moves=30, side_seconds=3600.0)
    clock.start_turn(BLACK)
    for _ in range(30):  # Black uses 100 s a move, White 1 s
        t.advance(100)
        clock.start_turn(WHITE)
        t.advance(1)
        clock.start_turn(BLACK)
    assert clock.side_remaining(BLACK) == pytest.approx(7200.0 - 3000.0)
    assert clock.side_remaining(WHITE) == pytest.approx(7200.0 - 30.0)
    assert clock.poll() == []
    t.advance(4200)
    events = clock.poll()
    assert len(events) == 1 and isinstance(events[0], SideTimeExpired) and events[0].color is BLACK
    assert clock.side_remaining(BLACK) == 0.0


def test_side_clock_runs_out_within_the_first_period():
    t = FakeTime()
    clock = GameClock(t, side_moves=30, side_seconds=3600.0)
    clock.start_turn(BLACK)
    t.advance(3600)
    assert [type(e) for e in clock.poll()] == [SideTimeExpired]


def test_stop_ends_the_clock_for_good():
    t = FakeTime()
    clock = va_clock(t)
    clock.start_turn(BLACK)
    t.advance(5)
    clock.stop()
    clock.resume()
    t.advance(100)
    assert clock.finished and clock.elapsed() == pytest.approx(5.0)


@pytest.mark.parametrize("kwargs", [
    {"game_limit": 0}, {"game_limit": -5.0}, {"move_limit": 0.0},
    {"move_warning": 30.0, "move_limit": 25.0}, {"move_warning": -1.0},
    {"side_moves": 30}, {"side_moves": 0, "side_seconds": 60.0},
])
def test_bad_settings_raise_clock_error_quoting_them(kwargs):
    with pytest.raises(ClockError) as info:
        GameClock(FakeTime(), **kwargs)
    assert isinstance(info.value, ValueError)
    assert any(repr(v) in str(info.value) for v in kwargs.values())


_ACTIONS = st.lists(st.one_of(
    st.tuples(st.just("advance"), st.floats(min_value=0.0, max_value=400.0)),
    st.tuples(st.just("turn"), st.sampled_from([BLACK, WHITE])),
    st.tuples(st.just("pause"), st.none()),
    st.tuples(st.just("resume"), st.none()),
    st.tuples(st.just("restart"), st.none()),
), max_size=40)


@settings(max_examples=150, deadline=None)
@given(_ACTIONS)
def test_clocks_never_go_negative_and_never_run_backwards(actions):
    """Property: remaining times stay within [0, limit], elapsed time never decreases, and each
    game-time threshold is reported at most once."""
    t = FakeTime()
    clock = GameClock(t, game_limit=600.0, game_warnings=(300.0, 120.0, 60.0), move_warning=25.0,
                      move_limit=30.0, side_moves=30, side_seconds=3600.0)
    clock.start_turn(BLACK)
    last = 0.0
    game_events = []
    for kind, arg in actions:
        if kind == "advance":
            t.advance(arg)
        elif kind == "turn":
            clock.start_turn(arg)
        elif kind == "pause":
            clock.pause()
        elif kind == "resume":
            clock.resume()
        else:
            clock.restart_move()
        events = clock.poll()
        assert [e.at for e in events] == sorted(e.at for e in events)
        game_events.extend(e for e in events if isinstance(e, (GameTimeWarning, GameTimeExpired)))
        now = clock.elapsed()
        assert now >= last
        last = now
        assert 0.0 <= clock.game_remaining() <= 600.0
        assert 0.0 <= clock.move_remaining() <= 30.0
        for color in (BLACK, WHITE):
            assert clock.side_remaining(color) >= 0.0
    keys = [(type(e), getattr(e, "seconds_left", None)) for e in game_events]
    assert len(keys) == len(set(keys))
