"""The referee applies each profile's rules; time is driven by a fake clock (no sleeps)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from checkers_desktop.rules import BLACK, WHITE, Board, Move, Piece, PieceKind
from checkers_desktop.rules.clock import GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning
from checkers_desktop.rules.referee import EndReason, GameEnded, PenaltyDue, Referee, Verdict

DOUBLE_JUMP_FEN = "B:W15,24:B1,10"  # Black must jump 10x19x28; 1-5 would be a refused jump
KINGS_FEN = "B:WK32:BK1"            # two lone kings in their corners


class FakeTime:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class StubRandom:
    """Stands in for ``random.Random``: ``choice`` returns the item at a fixed index."""

    def __init__(self, index: int) -> None:
        self.index = index

    def choice(self, seq):
        return seq[self.index]


def referee(key: str, fen: str | None = None, **kw) -> tuple[Referee, FakeTime]:
    t = FakeTime()
    board = Board(fen) if fen else Board()
    return Referee(key, board, time_source=t, **kw), t


def play(ref: Referee, *moves: str) -> None:
    for text in moves:
        ruling = ref.submit_move(text)
        assert ruling.ok, ruling


# --- refused jumps ------------------------------------------------------------------------------

def test_va_refused_jump_is_retracted_without_penalty_any_number_of_times():
    """VA rulebook 3:00 s6A, s6B: the piece is replaced and the jump must be made; no penalty."""
    ref, _ = referee("va-standard", DOUBLE_JUMP_FEN)
    before = ref.board.fen()
    for n in range(1, 4):
        ruling = ref.submit_move("1-5")
        assert ruling.verdict is Verdict.REFUSED and ruling.code == "jump_required"
        assert ruling.required == (Move((10, 19, 28), (15, 24)),)
        assert ref.board.fen() == before and ref.result is None
        assert ref.offences[BLACK] == n  # kept for the score sheet
    assert ref.submit_move("10x28").ok
    assert ref.record[-1].kind == "end" or ref.board.turn is WHITE


def test_va_incomplete_series_is_retracted():
    """VA rulebook 3:00 s3: "it must do so in the same turn"; 3:00 s6A: retracted."""
    ref, _ = referee("va-standard", DOUBLE_JUMP_FEN)
    ruling = ref.submit_move("10x19")
    assert ruling.verdict is Verdict.REFUSED and ruling.code == "jump_incomplete"


def test_wcdf_first_impossible_move_is_warned_the_second_forfeits():
    """WCDF 3.3, 3.4: retracted with a warning; "The next such impossible move in the same game
    shall require the offending player to forfeit the game"."""
    ref, _ = referee("wcdf", DOUBLE_JUMP_FEN)
    first = ref.submit_move("1-5")
    assert first.verdict is Verdict.WARNING and first.offences == 1 and ref.result is None
    second = ref.submit_move("10x19")  # an incomplete multiple capture counts too (3.4)
    assert second.verdict is Verdict.FORFEIT and second.code == "jump_incomplete"
    assert ref.result.winner is WHITE and ref.result.reason is EndReason.FORFEIT
    assert ref.submit_move("10x28").code == "game_over"


def test_wcdf_offences_are_counted_per_player():
    """WCDF 3.3: the count is the offending player's."""
    ref, _ = referee("wcdf")
    play(ref, "11-15", "22-18")
    assert ref.submit_move("9-13").verdict is Verdict.WARNING  # 15x22 is required
    play(ref, "15x22")
    first = ref.submit_move("24-20")  # White must retake on 22
    assert first.verdict is Verdict.WARNING and ref.offences == {BLACK: 1, WHITE: 1}
    assert ref.result is None


def test_caseville_reminds_the_first_time_and_forfeits_the_second():
    """Caseville: "The first time ... the opponent should remind ... The second time the player
    forfeits the game"."""
    ref, _ = referee("caseville", DOUBLE_JUMP_FEN)
    first = ref.submit_move("1-5")
    assert first.verdict is Verdict.WARNING and "reminded" in first.message
    second = ref.submit_move("1-6")
    assert second.verdict is Verdict.FORFEIT and ref.result.winner is WHITE


def test_caseville_may_stop_after_the_first_jump():
    """Caseville: continuing a jump series is "an option of the player"."""
    ref, _ = referee("caseville", DOUBLE_JUMP_FEN)
    ruling = ref.submit_move("10x19")
    assert ruling.ok and ruling.move == Move((10, 19), (15,))
    assert ref.board.piece_at(24) is not None and ref.board.turn is WHITE
    assert ref.offences[BLACK] == 0


def test_washburn_refuses_without_counting_toward_anything():
    """Washburn 6: "If you can jump, you must"."""
    ref, _ = referee("washburn", DOUBLE_JUMP_FEN)
    for _ in range(3):
        assert ref.submit_move("1-5").verdict is Verdict.REFUSED
    assert ref.result is None


def test_text_that_is_not_a_move_is_refused_without_any_count():
    ref, _ = referee("wcdf")
    for text in ("eleven", "11-", "40-45", "11-17", "22-18"):
        ruling = ref.submit_move(text)
        assert ruling.verdict is Verdict.REFUSED, text
    assert ref.offences[BLACK] == 0 and ref.board.ply == 0


# --- touch-move -----------------------------------------------------------------------------------

def test_va_strict_touch_move_refuses_another_piece():
    """VA rulebook 4:00 s1: a touched playable piece must be moved."""
    ref, _ = referee("va-standard")
    assert ref.pick_up(9).ok
    ruling = ref.submit_move("11-15")
    assert ruling.verdict is Verdict.REFUSED and ruling.code == "touch_violation"
    assert ref.put_back().verdict is Verdict.REFUSED
    play(ref, "9-13")
    assert ref.pick_up(22).ok  # the next turn starts free


def test_va_vi_liberal_touch_allows_putting_back():
    """VA rulebook 4:00 s1-VI: liberally interpreted; once moved, it cannot be moved back."""
    ref, _ = referee("va-vi")
    assert ref.pick_up(9).ok and ref.put_back().ok
    assert ref.pick_up(10).ok
    play(ref, "11-15")
    assert ref.board.move_stack == [Move((11, 15))]
    assert ref.undo().code == "undo_not_allowed"


def test_wcdf_moving_another_piece_than_the_touched_one_is_an_impossible_move():
    """WCDF 3.2, 3.3."""
    ref, _ = referee("wcdf")
    ref.pick_up(9)
    assert ref.submit_move("11-15").verdict is Verdict.WARNING
    assert ref.submit_move("10-14").verdict is Verdict.FORFEIT


def test_wcdf_touching_an_opponent_or_unplayable_piece_is_an_impossible_move():
    """WCDF 3.3: "If it is not possible to play the first touched piece ..., or opponent's piece
    ... has been touched, ... the player is warned"."""
    ref, _ = referee("wcdf")
    assert ref.pick_up(22).verdict is Verdict.WARNING
    assert ref.pick_up(1).verdict is Verdict.FORFEIT
    assert ref.result.winner is WHITE


def test_va_touching_an_unplayable_piece_costs_nothing():
    """VA rulebook 4:00 s2."""
    ref, _ = referee("va-standard")
    assert ref.pick_up(1).verdict is Verdict.REFUSED
    assert ref.pick_up(22).verdict is Verdict.REFUSED
    assert ref.pick_up(9).ok and ref.offences[BLACK] == 0


def test_caseville_moving_another_checker_than_the_touched_one_forfeits():
    """Caseville: "If a player touches a checker that can be played that player must move that
    checker or they forfeit the game"."""
    ref, _ = referee("caseville")
    ref.pick_up(9)
    ruling = ref.submit_move("11-15")
    assert ruling.verdict is Verdict.FORFEIT and ref.result.winner is WHITE


# --- the per-move limit ---------------------------------------------------------------------------

def test_va_move_warning_at_25_s_then_opponent_removes_a_checker_at_30_s():
    """VA rulebook 3:00 s4."""
    ref, t = referee("va-standard")
    ref.start()
    t.advance(25)
    assert [type(e) for e in ref.poll()] == [MoveWarning]
    t.advance(5)
    events = ref.poll()
    assert [type(e) for e in events] == [MoveTimeExpired, PenaltyDue]
    due = events[1]
    assert due.chooser is WHITE and due.victim is BLACK and set(due.squares) == set(range(1, 13))
    assert ref.submit_move("11-15").code == "penalty_pending"
    assert ref.remove_checker(BLACK, 11).code == "not_chooser"
    assert ref.remove_checker(WHITE, 22).code == "not_a_victim_checker"
    ruling = ref.remove_checker(WHITE, 11)
    assert ruling.ok and ref.board.piece_at(11) is None and ref.board.count(BLACK) == (11, 0)
    assert ref.board.turn is BLACK and ref.penalties[BLACK] == 1
    t.advance(20)
    assert ref.poll() == []  # a fresh move time after the penalty
    play(ref, "10-15")


def test_va_penalty_that_leaves_no_checker_ends_the_game():
    """VA rulebook 2:00 s1: a player who has lost all pieces loses."""
    ref, t = referee("va-standard", "B:W30:B1")
    ref.start()
    t.advance(30)
    ref.poll()
    ruling = ref.remove_checker(WHITE, 1)
    assert ruling.result is not None and ruling.result.winner is WHITE


def test_va_vi_has_no_move_limit_but_the_official_can_punish_stalling():
    """VA rulebook 3:00 s4-VI: no 30-second limit; stalling is warned, then a checker is removed."""
    ref, t = referee("va-vi")
    ref.start()
    t.advance(120)
    assert [e for e in ref.poll() if isinstance(e, (MoveWarning, MoveTimeExpired))] == []
    assert ref.stalling_penalty(BLACK).code == "warning_first"
    assert ref.stalling_warning(BLACK).verdict is Verdict.WARNING
    assert ref.stalling_penalty(BLACK).code == "penalty_due"
    assert ref.pending_penalty.chooser is WHITE
    assert ref.remove_checker(WHITE, 12).ok and ref.board.piece_at(12) is None


def test_stalling_actions_belong_to_the_vi_profile_only():
    ref, _ = referee("va-standard")
    assert ref.stalling_warning(BLACK).code == "not_in_profile"


def test_wcdf_move_time_lets_the_opponent_claim_a_forfeit():
    """WCDF 4.1, 4.2: 5 minutes and 1 minute's grace; "a forfeit may be claimed"."""
    ref, t = referee("wcdf")
    ref.start()
    t.advance(300)
    assert [type(e) for e in ref.poll()] == [MoveWarning]
    assert ref.claim_time_forfeit(WHITE).code == "no_time_forfeit"
    t.advance(60)
    assert [type(e) for e in ref.poll()] == [MoveTimeExpired]
    assert ref.claim_time_forfeit(BLACK).code == "no_time_forfeit"  # Black is the one late
    ruling = ref.claim_time_forfeit(WHITE)
    assert ruling.verdict is Verdict.FORFEIT and ref.result.winner is WHITE


def test_wcdf_single_way_capture_has_one_minute_plus_grace():
    """WCDF 4.1: "up to 1 minute and another minute's grace for a capture that can only be made in
    one way"."""
    ref, t = referee("wcdf", DOUBLE_JUMP_FEN)
    ref.start()
    t.advance(120)
    events = ref.poll()
    assert [e.at for e in events] == [60.0, 120.0]


# --- the game limit and adjudication ---------------------------------------------------------------

def test_va_game_limit_adjudicates_by_material_king_counts_two():
    """VA rulebook 3:00 s5: at 10 minutes the most checkers win; man 1, king 2."""
    ref, t = referee("va-standard", "B:W30,31:B1,K5")  # Black 3, Red 2
    ref.start()
    t.advance(600)
    events = ref.poll()
    assert [type(e) for e in events if isinstance(e, GameTimeWarning)] == [GameTimeWarning] * 3
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    result = ended[0].result
    assert result.winner is BLACK and result.reason is EndReason.ADJUDICATION
    assert result.material == {BLACK: 3, WHITE: 2} and result.at == 600.0
    assert ref.submit_move("1-6").code == "game_over"


def test_va_equal_material_at_the_limit_is_a_draw():
    """VA rulebook 3:00 s5: "If each player has the same value ... drawn/tie game"."""
    ref, t = referee("va-standard", "B:W30,K31:B1,K5")
    ref.start()
    t.advance(601)
    ref.poll()
    assert ref.result.winner is None and ref.result.pdn_result() == "1/2-1/2"


def test_va_vi_game_limit_is_15_minutes():
    """VA rulebook 3:00 s5-VI."""
    ref, t = referee("va-vi", "B:W30:B1,5")
    ref.start()
    t.advance(899)
    assert not any(isinstance(e, GameEnded) for e in ref.poll())
    t.advance(1)
    assert any(isinstance(e, GameTimeExpired) for e in ref.poll())
    assert ref.result.winner is BLACK


@pytest.mark.parametrize("index, winner", [(0, BLACK), (1, WHITE)])
def test_caseville_equal_material_a_random_draw_picks_the_winner(index, winner):
    """Caseville: "an official will put a black or red checker in each hand, red will choose a hand
    and the color chosen will be the winner"."""
    ref, t = referee("caseville", "B:W30,K31:B1,K5", rng=StubRandom(index))
    ref.start()
    t.advance(900)
    ref.poll()
    assert ref.result.winner is winner and ref.result.by_lot
    assert ref.result.material == {BLACK: 3, WHITE: 3}


def test_game_after_a_draw_is_played_out_when_equal_at_the_limit():
    """VA rulebook 4:00 s4: "If the winner is not declared, then the game must be finished"."""
    ref, t = referee("va-vi", "B:W30,K31:B1,K5", play_out=True)
    ref.start()
    t.advance(900)
    ref.poll()
    assert ref.result is None and ref.clock.game_remaining() is None
    assert any(e.kind == "play_out" for e in ref.record)
    play(ref, "5-9", "31-27")
    t.advance(3600)
    assert ref.poll() == [] and ref.result is None


def test_game_after_a_draw_is_still_adjudicated_when_material_differs():
    """VA rulebook 4:00 s4: "If a winner is declared after the time limit, then so be it"."""
    ref, t = referee("va-standard", "B:W30:B1,K5", play_out=True)
    ref.start()
    t.advance(600)
    ref.poll()
    assert ref.result.winner is BLACK


def test_official_adjudication_and_pause():
    ref, t = referee("va-standard", "B:W30:B1,K5")
    ref.start()
    t.advance(10)
    ref.pause()
    t.advance(1000)
    assert ref.poll() == [] and ref.submit_move("1-6").code == "paused"
    ref.resume()
    ruling = ref.adjudicate()
    assert ruling.result.winner is BLACK and ruling.result.at == pytest.approx(10.0)


# --- the end of the game and the record -----------------------------------------------------------

def test_no_moves_ends_the_game():
    """VA rulebook 2:00: a competitor wins when the opponent can make no move."""
    ref, _ = referee("va-standard", DOUBLE_JUMP_FEN)
    ruling = ref.submit_move("10x19x28")
    assert ruling.result.winner is BLACK and ruling.result.reason is EndReason.NO_MOVES


def test_resignation_forfeit_and_correction():
    ref, _ = referee("caseville")
    assert ref.resign(WHITE).result.winner is BLACK  # Caseville: "A player may resign"
    ruling = ref.correct_result(WHITE, "the official found the wrong player resigned")
    assert ruling.result.reason is EndReason.CORRECTED and ref.result.winner is WHITE
    ref2, _ = referee("wcdf")
    assert ref2.declare_forfeit(WHITE, "moved out of turn (WCDF 3.7)").result.winner is BLACK


def test_every_action_is_recorded_with_the_clock_time():
    ref, t = referee("va-standard")
    ref.start()
    t.advance(4)
    play(ref, "11-15")
    t.advance(6)
    play(ref, "22-18")
    moves = [e for e in ref.record if e.kind == "move"]
    assert [(e.at, e.ply, e.detail) for e in moves] == [(4.0, 1, "11-15"), (10.0, 2, "22-18")]
    assert moves[0].color is BLACK


def test_undo_in_practice():
    ref, _ = referee("practice")
    play(ref, "11-15")
    assert ref.undo().ok and ref.board.ply == 0
    assert ref.undo().code == "nothing_to_undo"


# --- draws ----------------------------------------------------------------------------------------

def test_draw_by_agreement():
    """WCDF 6.1; RULES.md shared rules: draws by agreement."""
    ref, _ = referee("va-standard")
    assert ref.accept_draw(WHITE).code == "no_draw_offer"
    ref.offer_draw(BLACK)
    assert ref.accept_draw(BLACK).code == "no_draw_offer"  # not one's own offer
    ruling = ref.accept_draw(WHITE)
    assert ruling.result.winner is None and ruling.result.reason is EndReason.AGREEMENT


def test_a_move_instead_of_an_answer_declines_the_offer():
    ref, _ = referee("va-standard")
    play(ref, "11-15")
    ref.offer_draw(BLACK)
    play(ref, "22-18")
    assert ref.draw_offer is None and ref.accept_draw(WHITE).code == "no_draw_offer"


def test_va_official_declares_a_draw_when_neither_can_force_a_win():
    """VA rulebook 4:00 s4."""
    ref, _ = referee("va-standard", KINGS_FEN)
    assert ref.declare_draw().result.reason is EndReason.OFFICIAL_DRAW
    ref2, _ = referee("wcdf", KINGS_FEN)
    assert ref2.declare_draw().code == "not_in_profile"


def shuffle_kings(ref: Referee, times: int) -> None:
    for _ in range(times):
        play(ref, "1-6", "32-27", "6-1", "27-32")


def test_wcdf_see_saw_repetition_may_be_pointed_out_and_conceded():
    """WCDF 6.4: "When the same position ... occurs two or more times, a 'see-saw' draw may be
    beginning ... The other side is then expected to start a new attack or concede the draw"."""
    ref, _ = referee("wcdf", KINGS_FEN)
    assert ref.point_out_repetition(BLACK).code == "no_repetition"
    shuffle_kings(ref, 1)
    assert ref.board.repetitions() == 2
    assert ref.point_out_repetition(BLACK).code == "repetition_pointed_out"
    ruling = ref.accept_draw(WHITE)
    assert ruling.result.reason is EndReason.REPETITION_DRAW
    ref2, _ = referee("va-standard", KINGS_FEN)
    assert ref2.point_out_repetition(BLACK).code == "not_in_profile"


def test_wcdf_forty_move_count_needs_a_declined_draw_and_counts_only_the_attacker():
    """WCDF 6.2: requested after a draw proposal is not agreed; "counts only the moves of the
    attacking side"; not strengthened in 40 moves, the draw is conceded."""
    ref, _ = referee("wcdf", KINGS_FEN)
    assert ref.request_forty_move_count(BLACK).code == "offer_draw_first"
    ref.offer_draw(BLACK)
    ref.decline_draw(WHITE)
    assert ref.request_forty_move_count(BLACK).ok
    assert ref.forty_move_attacker is WHITE
    shuffle_kings(ref, 9)  # 18 White moves
    assert ref.forty_move_count == 18
    shuffle_kings(ref, 11)
    assert ref.forty_move_count == 40 and ref.forty_move_judgement_due
    ruling = ref.forty_move_ruling(strengthened=False)
    assert ruling.result.reason is EndReason.FORTY_MOVE_DRAW


def test_wcdf_forty_move_count_restarts_on_a_man_move_or_a_concession():
    """WCDF 6.2a (the claimer concedes a strengthening), 6.2b (an uncrowned piece advances)."""
    ref, _ = referee("wcdf", "B:WK32:BK1,12")
    ref.offer_draw(BLACK)
    ref.decline_draw(WHITE)
    ref.request_forty_move_count(BLACK)
    play(ref, "1-6", "32-27", "6-1", "27-32")
    assert ref.forty_move_count == 2
    play(ref, "12-16")  # Black's man advances
    assert ref.forty_move_count == 0
    play(ref, "32-27")
    assert ref.forty_move_count == 1
    assert ref.concede_strengthening(WHITE).code == "no_count"  # only the claimer concedes
    assert ref.concede_strengthening(BLACK).ok and ref.forty_move_count == 0


def test_forty_move_count_strengthened_play_goes_on():
    """WCDF 6.3: the attacker must still complete the win; another count may be requested later."""
    ref, _ = referee("wcdf", KINGS_FEN)
    ref.offer_draw(BLACK)
    ref.decline_draw(WHITE)
    ref.request_forty_move_count(BLACK)
    shuffle_kings(ref, 20)
    assert ref.forty_move_ruling(strengthened=True).code == "strengthened"
    assert ref.result is None and ref.forty_move_attacker is None
    ref.offer_draw(BLACK)
    ref.decline_draw(WHITE)
    assert ref.request_forty_move_count(BLACK).ok


def test_a_penalty_removal_uses_set_piece_at_on_a_king_too():
    ref, t = referee("va-standard", "B:W30:B1,K5")
    ref.start()
    t.advance(30)
    ref.poll()
    assert ref.remove_checker(WHITE, 5).ok
    assert ref.board.piece_at(5) is None and ref.board.piece_at(1) == Piece(BLACK, PieceKind.MAN)


def test_forty_moves_completed_is_reported_once_by_poll():
    """WCDF 6.2: after 40 counted moves a third person judges the position."""
    from checkers_desktop.rules.referee import FortyMovesCompleted
    ref, _ = referee("wcdf", KINGS_FEN)
    ref.offer_draw(BLACK)
    ref.decline_draw(WHITE)
    ref.request_forty_move_count(BLACK)
    shuffle_kings(ref, 20)
    events = ref.poll()
    assert [type(e) for e in events] == [FortyMovesCompleted] and events[0].attacker is WHITE
    assert ref.poll() == []


def test_a_late_poll_stamps_the_adjudication_with_the_limit():
    """VA rulebook 3:00 s5: the game ends at 10 minutes, even if the poll comes later."""
    ref, t = referee("va-vi", "B:W30:B1,5")
    ref.start()
    t.advance(1000)
    ref.poll()
    assert ref.result.at == 900.0


def test_acting_out_of_turn_is_refused():
    ref, _ = referee("wcdf")
    assert ref.submit_move("22-18", player=WHITE).code == "not_your_turn"
    assert ref.pick_up(22, player=WHITE).code == "not_your_turn"
    assert ref.offences == {BLACK: 0, WHITE: 0}
    assert ref.submit_move("11-15", player=BLACK).ok


def test_undo_after_the_end_of_a_practice_game_reopens_it():
    ref, _ = referee("practice", DOUBLE_JUMP_FEN)
    assert ref.submit_move("10x28").result is not None
    assert ref.undo().ok and ref.result is None
    assert ref.submit_move("10x19x28").result.winner is BLACK


_PROFILE_KEYS = ["practice", "va-standard", "va-vi", "wcdf", "caseville", "washburn"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_PROFILE_KEYS), st.integers(0, 2**32 - 1),
       st.lists(st.integers(0, 9), min_size=1, max_size=80))
def test_no_sequence_of_actions_crashes_a_game_or_breaks_its_invariants(key, seed, actions):
    """Property ("Never crash a game in progress"): whatever players and the official do, the
    referee answers with a ruling, offences never pass the forfeit count, nothing happens on the
    board after the end, and the record's times never run backwards."""
    rng = random.Random(seed)
    ref, t = referee(key, rng=random.Random(seed))
    ref.start()
    for action in actions:
        before = ref.board.fen()
        over = ref.is_over
        color = ref.board.turn
        if action <= 3:
            legal = ref.legal_moves()
            ruling = ref.submit_move(rng.choice(legal)) if legal else ref.submit_move("1-5")
        elif action == 4:
            ruling = ref.submit_move(rng.choice(["1-5", "9-13", "22-18", "11x18", "x", "10x19"]))
        elif action == 5:
            ruling = ref.pick_up(rng.randint(1, 32))
        elif action == 6:
            ruling = ref.put_back()
        elif action == 7:
            t.advance(rng.choice([1.0, 26.0, 31.0, 200.0]))
            ref.poll()
            ruling = None
        elif action == 8:
            pen = ref.pending_penalty
            ruling = ref.remove_checker(pen.chooser, rng.choice(pen.squares)) if pen else None
        else:
            ruling = rng.choice([ref.offer_draw, ref.stalling_warning, ref.stalling_penalty])(color)
        if over:
            assert ref.board.fen() == before
            if ruling is not None:
                assert not ruling.ok
        limit = ref.profile.refusal_forfeit_after
        if limit is not None:
            assert all(n <= limit for n in ref.offences.values())
    times = [e.at for e in ref.record]
    assert times == sorted(times)
    assert ref.clock.elapsed() >= 0


def test_wcdf_tournament_clock_run_out_lets_the_opponent_claim():
    """WCDF 4.3: tournaments use clocks at 30 moves per hour (profiles.WCDF_TOURNAMENT_CLOCK)."""
    from checkers_desktop.rules.clock import GameClock, SideTimeExpired
    from checkers_desktop.rules.profiles import WCDF_TOURNAMENT_CLOCK
    t = FakeTime()
    clock = GameClock(t, side_moves=WCDF_TOURNAMENT_CLOCK.moves,
                      side_seconds=WCDF_TOURNAMENT_CLOCK.seconds)
    ref = Referee("wcdf", Board(), time_source=t, clock=clock)
    play(ref, "11-15")
    t.advance(3600)
    assert [type(e) for e in ref.poll()] == [SideTimeExpired]
    assert ref.claim_time_forfeit(BLACK).result.winner is BLACK
