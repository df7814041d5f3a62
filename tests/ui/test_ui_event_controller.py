"""The event controller on its own (no window): a match played on its referees with a fake clock."""

from __future__ import annotations

import random

import pytest

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.rules.profiles import get_profile, material_totals
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.speech.spoken import number_words
from checkers_desktop.ui.event.event_controller import EventController, EventError
from checkers_desktop.ui.event.model import MatchSettings, PlayerInfo


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_event(tmp_path, profile="va-standard", seed=3, best_of=3):
    synth = FakeSynth()
    clock = FakeTime()
    settings = MatchSettings((PlayerInfo("Ann Lee", "Tampa VAMC", "70-74"),
                              PlayerInfo("Bo Diaz", "Reno VAMC", "85-up")), profile,
                             best_of=best_of, site="Tampa", round="1")
    event = EventController(settings, Announcer([synth]), time_source=clock,
                            rng=random.Random(seed), records_dir=tmp_path)
    return event, synth, clock


def test_coin_flip_is_announced_and_colours_alternate_every_game(qapp, tmp_path):
    seen_first = set()
    for seed in range(12):
        event, synth, _ = make_event(tmp_path / str(seed), seed=seed)
        game = event.start()
        first = event.match.first_black
        seen_first.add(first)
        other = "Bo Diaz" if first == "Ann Lee" else "Ann Lee"
        assert game.black == first and game.white == other
        assert synth.spoken[0].startswith(f"The coin flip gives {first} Black in game one")
        assert f"{first} plays Black, {other} plays Red" in synth.spoken[1]
        event.declare_draw()  # game 1 drawn: game 2 with the colours swapped, played out
        second = event.game
        assert (second.number, second.black, second.white, second.play_out) == (2, other, first,
                                                                                  True)
        assert "follows a drawn game" in synth.spoken[-1]
    assert seen_first == {"Ann Lee", "Bo Diaz"}  # the flip is not fixed


def test_thirty_second_penalty_opponent_chooses_and_the_move_timer_restarts(qapp, tmp_path):
    event, synth, clock = make_event(tmp_path)
    event.start()
    black, white = event.player(BLACK), event.player(WHITE)
    assert event.submit_move("11-15").ok
    clock.advance(25.5)
    event.poll()
    assert synth.spoken[-1] == f"{white}, twenty-five seconds. Five seconds left for this move."
    clock.advance(5)
    event.poll()
    due = event.pending_penalty
    assert due is not None and due.chooser is BLACK and due.victim is WHITE
    assert f"{black} chooses one of {white}'s Red checkers to remove" in synth.spoken[-1]
    # a wrong square is refused and changes nothing
    assert not event.remove_checker(15).ok  # Black's own checker
    assert event.referee.board.piece_at(15) is not None
    assert event.remove_checker(22).ok
    assert event.referee.board.piece_at(22) is None
    assert f"{black} removes {white}'s Red checker on twenty-two." in synth.spoken
    assert event.pending_penalty is None
    assert event.referee.clock.move_elapsed() == 0.0
    kinds = [a.kind for a in event.actions]
    assert kinds[-4:] == ["move_warning", "move_time_expired", "penalty_due", "checker_removed"]


def test_game_limit_adjudicates_by_the_count_and_reads_it(qapp, tmp_path):
    event, synth, clock = make_event(tmp_path)
    event.start()
    event.submit_move("11-15")
    clock.advance(31)
    event.poll()
    event.remove_checker(21)  # Red is one checker down
    limit = get_profile("va-standard").game_limit
    while event.game.number == 1:
        clock.advance(20)
        event.poll()
        if event.game.number == 1 and event.referee.board.turn is not None:
            event.submit_move(event.referee.legal_moves()[0])
    game1 = event.games[0]
    assert game1.result.reason.value == "adjudication"
    assert game1.result.at == pytest.approx(limit)
    mat = game1.result.material
    assert mat == material_totals(game1.board)
    count = (f"The count: Black {number_words(mat[BLACK])}, Red {number_words(mat[WHITE])} "
             "(man 1, king 2).")
    # one announcement at the game's end: the named result, the count, the score
    end = [line for line in synth.spoken if count in line]
    assert len(end) == 1
    winner = game1.player(game1.result.winner)
    assert end[0].startswith(f"{winner} wins game one with ")
    assert "Score: Ann Lee " in end[0]
    assert "Time limit reached." in synth.spoken
    assert "Five minutes left in the game." in synth.spoken


def test_stalling_warning_then_penalty_under_the_visually_impaired_profile(qapp, tmp_path):
    event, synth, clock = make_event(tmp_path, profile="va-vi")
    event.start()
    white = event.player(WHITE)
    event.submit_move("11-15")
    clock.advance(120)  # no move limit under -VI: nothing happens
    event.poll()
    assert event.pending_penalty is None
    assert not event.stalling_penalty(WHITE).ok  # a warning comes first
    assert "must be warned for stalling first" in synth.spoken[-1]
    event.stalling_warning(WHITE)
    assert synth.spoken[-1].startswith(f"The official warns {white}, Red, for stalling.")
    warning = event.actions[-1]
    assert (warning.kind, warning.official, warning.ply) == ("stalling_warning", True, 1)
    event.stalling_penalty(WHITE)
    assert event.pending_penalty is not None and event.pending_penalty.chooser is BLACK
    assert event.remove_checker(30).ok


def test_stalling_is_refused_under_the_standard_profile(qapp, tmp_path):
    event, synth, _ = make_event(tmp_path)
    event.start()
    event.stalling_warning(BLACK)
    assert "have no stalling warning" in synth.spoken[-1]
    assert not [a for a in event.actions if a.kind == "stalling_warning"]


def test_whole_match_result_records_and_correction(qapp, tmp_path):
    event, synth, clock = make_event(tmp_path)
    event.start()
    event.declare_draw()                       # game 1 drawn
    p2 = event.game.black                      # game 2: the other player has Black
    event.declare_forfeit(WHITE, "left the table")  # p2 wins game 2
    assert event.score()[event.settings.names.index(p2)] == 1
    assert event.game.number == 3
    event.pause()
    clock.advance(500)
    assert event.referee.clock.elapsed() == 0.0  # paused: no time counted
    event.resume()
    loser = event.color_of(p2).other
    event.referee.resign(loser)                # p2 wins game 3 and the match
    event.after_action()
    assert event.is_over and event.match.winner == p2
    assert synth.spoken[-1].endswith(f"{p2} wins the match, two games to none.")
    assert synth.spoken[-1].startswith(f"{p2} wins game three with ")
    pdns = sorted(event.folder.glob("game-*.pdn"))
    assert [p.name for p in pdns] == ["game-1.pdn", "game-2.pdn", "game-3.pdn"]
    games = [next(read_games(p.read_text())) for p in pdns]
    assert [g.game.tags["Result"] for g in games] == ["1/2-1/2", "1-0", event.games[2].pdn_result]
    assert games[1].game.tags["Termination"] == "forfeit"
    assert games[0].game.tags["Profile"] == "va-standard"
    assert games[0].game.tags["BlackCenter"] in ("Tampa VAMC", "Reno VAMC")
    third = games[2].game
    assert any("Official: The official pauses the clocks." in c
               for cs in third.comments.values() for c in cs)
    assert (event.folder / "score-sheet.pdf").exists()
    # the official corrects game 1 to a win for the other player: 2-1 and the match stands
    other = event.settings.names[1 - event.settings.names.index(p2)]
    event.correct_result(1, other, "scoring mistake")
    assert event.score()[event.settings.names.index(other)] == 1
    assert event.match.winner == p2
    assert "Result" in (event.folder / "game-1.pdn").read_text()
    assert next(read_games((event.folder / "game-1.pdn").read_text())).game.tags["Termination"] \
        == "corrected by the official"
    with pytest.raises(EventError):
        event.correct_result(9, None)


def test_no_game_running_raises_event_error(qapp, tmp_path):
    event, _, _ = make_event(tmp_path)
    with pytest.raises(EventError):
        event.pause()
