"""Snapshot: the game as PDN plus clocks, warnings, touch-move, penalties and the match, as JSON."""

from __future__ import annotations

import json
import random

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board, Move
from checkers_desktop.rules.match import Match
from checkers_desktop.rules.referee import Referee
from checkers_desktop.storage import (DamagedAutosaveError, Snapshot, restore_match,
                                      restore_referee, snapshot_from_referee)


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def random_board(plies: int, seed: int, fen: str | None = None) -> Board:
    rng = random.Random(seed)
    board = Board(fen) if fen else Board()
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def play_referee(profile: str, seed: int, plies: int, clock: FakeTime,
                 max_think: float = 35.0) -> Referee:
    """A referee game with random moves and random thinking times (time-outs included)."""
    rng = random.Random(seed)
    ref = Referee(profile, time_source=clock, rng=random.Random(seed))
    for _ in range(plies):
        if ref.is_over:
            break
        clock.now += rng.uniform(0.0, max_think)
        ref.poll()
        if ref.is_over:
            break
        pen = ref.pending_penalty
        if pen is not None:
            ref.remove_checker(pen.chooser, rng.choice(pen.squares))
            continue
        ref.submit_move(rng.choice(ref.legal_moves()))
    return ref


def test_long_game_round_trips_through_json():
    board = max((random_board(200, seed=s) for s in range(20)), key=lambda b: b.ply)
    assert board.ply > 80  # a long game, with kings, not a trivial one
    assert any(board.piece_at(sq).is_king for sq in board.squares(BLACK) + board.squares(WHITE))
    snap = Snapshot.from_board(board, players={"black": "Ann", "white": "Bob"})
    again = Snapshot.from_json(snap.to_json())
    restored = again.restore()
    assert restored.fen() == board.fen()
    assert restored.move_stack == board.move_stack
    assert again.players == {"black": "Ann", "white": "Bob"}
    assert again.ply == board.ply
    assert '[Black "Ann"]' in again.pdn


def test_set_up_position_round_trips():
    fen = "W:W18,K27,30:B6,10,K15"
    board = random_board(9, seed=3, fen=fen)
    restored = Snapshot.from_json(Snapshot.from_board(board).to_json()).restore()
    assert restored.root().fen() == Board(fen).fen()
    assert restored.move_stack == board.move_stack


def test_finished_flag_follows_the_board():
    board = random_board(400, seed=11)
    assert board.is_game_over()
    assert Snapshot.from_board(board).finished
    assert not Snapshot.from_board(Board()).finished


def test_referee_state_with_penalties_is_restored_paused():
    clock = FakeTime()
    ref = play_referee("va-standard", seed=5, plies=40, clock=clock)
    removed = [e for e in ref.record if e.kind == "checker_removed"]
    assert removed, "the scripted game should include a time penalty"
    snap = Snapshot.from_json(snapshot_from_referee(ref).to_json())
    assert len(snap.removals) == len(removed)
    later = FakeTime()
    later.now = 1000.0
    again = restore_referee(snap, time_source=later)
    assert again.board.fen() == ref.board.fen()
    assert again.board.move_stack == ref.board.move_stack
    assert again.clock.paused
    assert again.clock.elapsed() == pytest.approx(ref.clock.elapsed())
    assert again.clock.move_elapsed() == pytest.approx(ref.clock.move_elapsed())
    assert again.penalties == ref.penalties
    assert again.offences == ref.offences
    assert again.record == ref.record
    assert again.result == ref.result


def test_restored_clock_stands_still_until_resumed():
    clock = FakeTime()
    ref = play_referee("va-standard", seed=9, plies=10, clock=clock, max_think=10.0)
    before = ref.clock.elapsed()
    later = FakeTime()
    again = restore_referee(snapshot_from_referee(ref), time_source=later)
    later.now += 50.0
    assert again.clock.elapsed() == pytest.approx(before)
    assert not again.submit_move(again.legal_moves()[0]).ok  # paused: the official resumes first
    again.resume()
    later.now += 4.0
    assert again.clock.elapsed() == pytest.approx(before + 4.0)
    assert again.submit_move(again.legal_moves()[0]).ok


def test_held_piece_and_offences_survive():
    clock = FakeTime()
    ref = Referee("wcdf", time_source=clock)
    ref.submit_move("11-15")
    ref.submit_move("22-18")
    # Black must jump 15x22; picking up 9 is an impossible move under WCDF 3.3 (warned).
    ruling = ref.pick_up(9)
    assert ruling.code == "impossible_touch"
    assert ref.pick_up(15).ok
    again = restore_referee(Snapshot.from_json(snapshot_from_referee(ref).to_json()))
    assert again.touch.held == 15
    assert again.offences[BLACK] == 1
    again.resume()
    # The held piece binds under strict touch-move, and the first offence is remembered.
    assert again.submit_move("15x22").ok


def test_draw_offer_and_result_survive():
    ref = Referee("practice", time_source=FakeTime())
    ref.submit_move("11-15")
    ref.offer_draw(WHITE)
    again = restore_referee(snapshot_from_referee(ref))
    assert again.draw_offer is WHITE
    ref.accept_draw(BLACK)
    snap = snapshot_from_referee(ref)
    assert snap.finished
    finished = restore_referee(Snapshot.from_json(snap.to_json()))
    assert finished.result == ref.result


def test_caseville_shortened_jump_series_replays():
    ref = Referee("caseville", Board("B:W10,19,30:B6"), time_source=FakeTime())
    ruling = ref.submit_move(Move((6, 15), (10,)))
    assert ruling.ok, ruling.message
    again = restore_referee(Snapshot.from_json(snapshot_from_referee(ref).to_json()))
    assert again.board.fen() == ref.board.fen()
    assert again.board.move_stack == [Move((6, 15), (10,))]


def test_match_round_trips():
    match = Match(("Ann", "Bob"), "va-standard", rng=random.Random(4))
    match.record_result(BLACK, "no moves")
    match.record_result(None, "adjudication", "Black 3, Red 3")
    ref = Referee("va-standard", time_source=FakeTime())
    snap = Snapshot.from_json(snapshot_from_referee(ref, match=match).to_json())
    again = restore_match(snap)
    assert again.games == match.games
    assert again.first_black == match.first_black
    assert again.next_game() == match.next_game()
    assert snap.players == {"black": match.next_game().black, "white": match.next_game().white}


def test_extra_data_round_trips():
    snap = Snapshot.from_board(Board(), extra={"vs_computer": True, "level": 3})
    assert Snapshot.from_json(snap.to_json()).extra == {"vs_computer": True, "level": 3}


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", '"x"', "{\"format\": 1}"])
def test_not_a_snapshot_is_damaged(text):
    with pytest.raises(DamagedAutosaveError):
        Snapshot.from_json(text)


def test_other_version_is_damaged():
    data = Snapshot.from_board(Board()).to_dict()
    data["version"] = 99
    with pytest.raises(DamagedAutosaveError, match="version 99"):
        Snapshot.from_json(json.dumps(data))


@pytest.mark.parametrize("field, value", [
    ("pdn", 5), ("fen", None), ("finished", "no"), ("removals", [[1, 40]]), ("players", []),
    ("touch", {"held": 0}), ("clock", {"game": -1}), ("referee", {"offences": {}}),
    ("actions", [{"at": "soon"}]), ("match", {"players": ["A", "A"]}), ("extra", []),
])
def test_malformed_field_is_damaged(field, value):
    clock = FakeTime()
    data = snapshot_from_referee(play_referee("va-standard", 2, 6, clock)).to_dict()
    data[field] = value
    with pytest.raises(DamagedAutosaveError):
        Snapshot.from_json(json.dumps(data))


def test_moves_that_do_not_replay_are_damaged():
    board = random_board(20, seed=1)
    snap = Snapshot.from_board(board)
    first = board.move_stack[0].pdn()
    snap.pdn = snap.pdn.replace(f"1. {first} ", "1. 12-16 ", 1) if first != "12-16" \
        else snap.pdn.replace("1. 12-16 ", "1. 9-13 ", 1)
    with pytest.raises(DamagedAutosaveError, match="does not replay|saved position"):
        snap.restore()


def test_position_mismatch_is_damaged():
    snap = Snapshot.from_board(random_board(10, seed=2))
    snap.fen = Board().fen()
    with pytest.raises(DamagedAutosaveError, match="saved position"):
        snap.restore()


def test_removal_from_an_empty_square_is_damaged():
    snap = Snapshot.from_board(random_board(4, seed=2))
    snap.removals = [(2, 16)] if snap.restore().piece_at(16) is None else [(2, 17)]
    with pytest.raises(DamagedAutosaveError):
        snap.restore()


@pytest.mark.parametrize("moves_after", [0, 3])
def test_penalty_before_the_first_move_restores(moves_after):
    # Found by benchmarks/soak.py: a stalling penalty (VA rulebook 3:00 s4-VI) before any move.
    ref = Referee("va-vi", time_source=FakeTime())
    assert ref.stalling_warning(BLACK).code == "stalling_warning"
    ref.stalling_penalty(BLACK)
    assert ref.remove_checker(WHITE, 4).ok
    for _ in range(moves_after):
        assert ref.submit_move(ref.legal_moves()[0]).ok
    snap = Snapshot.from_json(snapshot_from_referee(ref).to_json())
    assert snap.removals == [(0, 4)]
    again = restore_referee(snap)
    assert again.board.fen() == ref.board.fen() and again.board.piece_at(4) is None
    assert again.board.move_stack == ref.board.move_stack
    assert again.penalties == ref.penalties


def test_summary_names_the_profile_players_and_turn_as_data():
    from checkers_desktop.storage.snapshot import SnapshotSummary

    board = Board()
    board.push_pdn("11-15")
    summary = Snapshot.from_board(board, profile="va-vi",
                                  players={"black": "Ann", "white": "Bob"}).summary()
    assert summary == SnapshotSummary("VA Golden Age, visually impaired", ("Black", "Red"),
                                      ("Ann", "Bob"), 1, "Red")
    damaged = Snapshot(pdn="", fen="?", profile="nonesuch").summary()
    assert damaged.title == "nonesuch" and damaged.moves is None and damaged.players is None


def test_removal_square_and_forfeit_reason_are_fields_not_sentences():
    """The removed checker's square and a forfeit's reason travel as fields of the ruling, the
    record entry and the result, and survive a save; the penalty's cause is an enum."""
    from checkers_desktop.rules.rulings import EndReason, PenaltyCause, RulingCode

    clock = FakeTime()
    ref = Referee("va-standard", time_source=clock)
    ref.start()
    assert ref.submit_move("11-15").code is RulingCode.MOVE_PLAYED
    clock.now += 31
    due = [e for e in ref.poll() if getattr(e, "cause", None) is not None]
    assert due and due[0].cause is PenaltyCause.MOVE_TIME
    ruling = ref.remove_checker(BLACK, 22)
    assert ruling.code is RulingCode.CHECKER_REMOVED and ruling.square == 22
    entry = [e for e in ref.record if e.kind == "checker_removed"][-1]
    assert entry.square == 22
    snap = Snapshot.from_json(snapshot_from_referee(ref).to_json())
    assert snap.removals == [(1, 22)]
    again = restore_referee(snap, time_source=clock)
    assert [e.square for e in again.record if e.kind == "checker_removed"] == [22]
    ruling = again.declare_forfeit(WHITE, "left the table")
    assert ruling.result.reason is EndReason.FORFEIT
    assert ruling.result.forfeit_reason == "left the table"
    kept = restore_referee(Snapshot.from_json(snapshot_from_referee(again).to_json()),
                           time_source=clock)
    assert kept.result.forfeit_reason == "left the table"
