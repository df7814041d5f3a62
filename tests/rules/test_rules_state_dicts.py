"""``to_dict``/``from_dict`` of GameClock, Referee and Match (what the autosave keeps)."""

from __future__ import annotations

import json
import random

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.clock import GameClock, MoveWarning
from checkers_desktop.rules.match import Match
from checkers_desktop.rules.referee import EndReason, Referee


class FakeTime:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def test_clock_round_trip_keeps_times_and_given_warnings_and_comes_back_paused():
    t = FakeTime()
    clock = GameClock(t, game_limit=600.0, game_warnings=(300.0, 60.0), move_warning=25.0,
                      move_limit=30.0)
    clock.start_turn(BLACK)
    t.now += 26.0
    assert any(isinstance(e, MoveWarning) for e in clock.poll())
    state = json.loads(json.dumps(clock.to_dict()))  # plain JSON values
    t2 = FakeTime(50.0)
    back = GameClock.from_dict(state, t2)
    assert back.paused and back.to_move is BLACK
    assert back.elapsed() == clock.elapsed() == 26.0
    assert back.move_elapsed() == 26.0
    t2.now += 100.0
    assert back.elapsed() == 26.0  # paused: nothing counts
    back.resume()
    t2.now += 1.0
    events = back.poll()
    assert not any(isinstance(e, MoveWarning) for e in events)  # given once, not again
    assert back.elapsed() == 27.0
    assert back.to_dict()["settings"] == state["settings"]


def test_referee_round_trip_keeps_offences_penalty_and_draw_state():
    t = FakeTime()
    ref = Referee("va-vi", time_source=t)
    ref.start()
    assert ref.stalling_warning(BLACK).code == "stalling_warning"
    ref.stalling_penalty(BLACK)
    assert ref.pending_penalty is not None
    ref.offences[WHITE] = 2
    state = json.loads(json.dumps(ref.to_dict()))
    back = Referee.from_dict(state, "va-vi", ref.board.copy(), time_source=t)
    assert back.to_dict() == ref.to_dict()
    assert back.pending_penalty == ref.pending_penalty
    assert back.stalling_warnings[BLACK] == 1 and back.offences[WHITE] == 2
    square = back.pending_penalty.squares[0]
    assert back.remove_checker(back.pending_penalty.chooser, square).ok  # it works on


def test_referee_load_dict_checks_before_changing_anything():
    ref = Referee("practice")
    state = ref.to_dict()
    state["offences"] = {"B": 1, "W": 0}
    state["draw_offer_reason"] = "not a reason"
    try:
        ref.load_dict(state)
    except ValueError:
        pass
    else:  # pragma: no cover - the test fails here
        raise AssertionError("a bad draw reason was accepted")
    assert ref.offences[BLACK] == 0
    assert EndReason.AGREEMENT.value == ref.to_dict()["draw_offer_reason"]


def test_match_round_trip_keeps_games_and_first_black():
    match = Match(("Ann", "Bo"), "va-standard", rng=random.Random(4))
    match.record_result(BLACK, "no moves")
    match.record_result(None, "draw")
    state = json.loads(json.dumps(match.to_dict()))
    back = Match.from_dict(state, "va-standard", rng=random.Random(99))
    assert back.first_black == match.first_black
    assert back.games == match.games
    assert back.next_game() == match.next_game()
    assert back.wins(match.games[0].winner) == 1 and back.draws() == 1
