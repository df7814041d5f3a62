"""The game session drives a Referee: touch-move, refused jumps per profile, clocks with a fake
time source (no real time passes), penalties, adjudication, and the events the window and a match
listen to. No Qt: the session runs on a manual scheduler."""

from __future__ import annotations

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.clock import GameTimeWarning, MoveWarning
from checkers_desktop.rules.rulings import EndReason, GameEnded, PenaltyDue
from checkers_desktop.speech.announcer import Announcer, Priority
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.session import events as ev
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def record(session) -> dict:
    """The session's events by kind, as the window's signals would carry them."""
    seen = {"sounds": [], "events": [], "results": [], "rulings": []}

    def listen(event) -> None:
        if isinstance(event, ev.SoundCue):
            seen["sounds"].append(event.cue.value)
        elif isinstance(event, ev.RefereeEventRaised):
            seen["events"].append(event.event)
        elif isinstance(event, ev.ResultReached):
            seen["results"].append(event.result)
        elif isinstance(event, ev.RulingMade):
            seen["rulings"].append(event.ruling)

    session.subscribe(listen)
    return seen


@pytest.fixture
def rig():
    """(session, synth, fake time, recorded events) for two players by default."""
    synth = FakeSynth()
    announcer = Announcer([synth])
    scheduler = ManualScheduler()
    clock = FakeTime()
    controller = GameSession(announcer, InlineEngine(scheduler, first_legal_move), scheduler,
                             profile="practice", time_source=clock, poll_seconds=0)
    seen = record(controller)
    yield controller, synth, clock, seen
    controller.shutdown()


def test_default_profile_is_practice_and_moves_go_through_the_referee(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS)
    assert controller.profile.key == "practice"
    assert controller.side_names[WHITE] == "Red"
    assert controller.submit_text("11-15")
    assert controller.referee.board is controller.board
    assert [e.kind for e in controller.referee.record if e.kind == "move"] == ["move"]
    assert seen["rulings"][-1].code == "move_played"


def test_strict_touch_move_binds_the_piece(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="va-standard")
    controller.activate(11)
    assert synth.spoken[-1].startswith("You picked up eleven. You must move it.")
    assert controller.cancel_selection() is False
    assert "must move it" in synth.spoken[-1]
    assert controller.selected == 11
    controller.activate(10)  # another piece: refused under strict touch-move
    assert controller.selected == 11
    assert "You already picked up eleven" in synth.spoken[-1]
    assert seen["sounds"][-1] == "refused"
    assert not controller.submit_text("10-14")  # typed move of another piece: refused too
    assert controller.board.ply == 0
    controller.activate(15)
    assert controller.board.peek().pdn() == "11-15"


def test_liberal_touch_move_puts_back_and_says_so(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    controller.activate(11)
    assert synth.spoken[-1].startswith("You picked up eleven.")
    assert "must move" not in synth.spoken[-1]
    assert controller.cancel_selection()
    assert synth.spoken[-1] == "You put eleven back."
    assert controller.selected is None


@pytest.mark.parametrize("key, verdicts, words", [
    ("practice", ["refused", "refused"], "You must jump"),
    ("va-standard", ["refused", "refused"], "taken back; no penalty"),
    ("wcdf", ["warning", "forfeit"], "warned"),
])
def test_refused_jump_per_profile(rig, key, verdicts, words):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key=key, fen="B:W18,30:B14,15,1")
    assert not controller.submit_text("1-5")
    assert seen["rulings"][-1].verdict.value == verdicts[0]
    assert words in synth.spoken[-1]
    assert controller.running
    assert not controller.submit_text("1-6")
    assert seen["rulings"][-1].verdict.value == verdicts[1]
    assert controller.running is (verdicts[1] != "forfeit")
    if verdicts[1] == "forfeit":
        assert seen["results"][-1].reason is EndReason.FORFEIT
        assert seen["results"][-1].winner is WHITE


def test_move_warning_and_penalty_under_va_standard(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="va-standard")
    clock.now += 24
    assert controller.poll_clock() == []
    clock.now += 1.5
    events = controller.poll_clock()
    polled = list(events)
    assert [type(e) for e in events] == [MoveWarning]
    assert controller.announcer.history[-1][1] is Priority.INTERRUPT
    assert "5 seconds left to move" in synth.spoken[-1]
    assert seen["sounds"][-1] == "warning"
    clock.now += 5
    events = controller.poll_clock()
    polled += events
    assert any(isinstance(e, PenaltyDue) for e in events)
    assert synth.spoken[-1] == ("Penalty on Black. Red, choose one of Black's checkers to "
                                "remove: move to it and press Enter, or type its square.")
    assert not controller.submit_text("11-15")  # nobody moves until the checker is removed
    assert "it is Red's choice" in synth.spoken[-1]
    controller.activate(22)  # not a black checker
    assert controller.board.piece_at(22) is not None
    controller.activate(12)  # a pick, to be confirmed: nothing removed yet
    assert controller.board.piece_at(12) is not None
    assert controller.removal.candidate == 12
    controller.answer_removal(True)
    assert controller.board.piece_at(12) is None
    assert controller.referee.penalties[BLACK] == 1
    assert controller.submit_text("11-15")
    # every polled event came out once on the signal, in order
    assert seen["events"][0] is polled[0]
    assert seen["events"] == polled


def test_computer_chooses_the_checker_when_the_player_runs_out_of_time(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.COMPUTER, BLACK, profile_key="va-standard")
    clock.now += 31
    controller.poll_clock()
    assert controller.referee.penalties[BLACK] == 1
    assert controller.referee.pending_penalty is None
    assert sum(1 for sq in range(1, 13) if controller.board.piece_at(sq)) == 11
    assert any(text.startswith("Red removes your Black man on ") for text in synth.spoken)
    assert controller.is_human_turn()


def test_game_time_warnings_and_adjudication_with_counts(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="va-vi", fen="B:W30,31:B1,2,3")
    said = []
    for minutes_left in (5, 2, 1):
        clock.now = 1000.0 + 900 - 60 * minutes_left
        events = controller.poll_clock()
        assert [type(e) for e in events] == [GameTimeWarning]
        said.append(synth.spoken[-1])
    assert said == ["5 minutes of game time left.", "2 minutes of game time left.",
                    "1 minute of game time left."]
    clock.now = 1000.0 + 900
    events = controller.poll_clock()
    assert any(isinstance(e, GameEnded) for e in events)
    assert not controller.running
    result = seen["results"][-1]
    assert result.reason is EndReason.ADJUDICATION and result.winner is BLACK
    assert "Black 3, Red 2" in controller.result_text
    assert len(seen["results"]) == 1
    assert seen["sounds"][-1] == "game_over"


def test_stalling_warning_under_va_vi(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    ruling = controller.stalling_warning(BLACK)
    assert ruling.code == "stalling_warning"
    assert "warned for stalling" in synth.spoken[-1]
    controller.stalling_penalty(BLACK)
    assert controller.referee.pending_penalty is not None
    controller.activate(9)
    controller.answer_removal(True)
    assert controller.board.piece_at(9) is None


def test_caseville_jump_series_may_stop(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, profile_key="caseville", fen="B:W14,23,30:B9,1")
    controller.activate(9)
    controller.activate(18)
    assert controller.partial_path == (9, 18)
    assert "stop the jump series here" in synth.spoken[-1]
    controller.activate(18)
    assert controller.board.peek().pdn() == "9x18"


def test_resign_emits_one_game_result(rig):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS)
    controller.resign()
    assert len(seen["results"]) == 1
    assert seen["results"][0].reason is EndReason.RESIGNATION
    assert seen["results"][0].winner is WHITE


def test_player_names_in_turn_text_and_adopted_referee(rig):
    from checkers_desktop.rules.referee import Referee
    controller, synth, clock, seen = rig
    referee = Referee("va-vi", Board(), time_source=clock, play_out=True)
    controller.new_game(Mode.TWO_PLAYERS, referee=referee,
                        player_names={BLACK: "Alice", WHITE: "Bob"})
    assert controller.referee is referee and controller.profile.key == "va-vi"
    assert synth.spoken[-1].startswith("Alice, Black to move")
    controller.new_game(Mode.TWO_PLAYERS)  # the next game's players are not named
    assert controller.player_names is None and synth.spoken[-1].startswith("Black to move")


def test_a_resignation_between_named_players_names_them(rig):
    """A match's game (players named) ends "Bob (Red) resigns. Alice (Black) wins.", as the
    score sheet names them, on the status line and aloud; a game without names keeps the
    sides' names."""
    controller, synth, clock, seen = rig
    controller.new_game(Mode.TWO_PLAYERS, player_names={BLACK: "Alice", WHITE: "Bob"})
    controller.resign(WHITE)
    assert controller.result_text == "Bob (Red) resigns. Alice (Black) wins."
    controller.new_game(Mode.TWO_PLAYERS)
    controller.resign(WHITE)
    assert controller.result_text == "Red resigns. Black wins."
    # the last piece taken: the winner named too
    controller.new_game(Mode.TWO_PLAYERS, fen="B:W18:B14",
                        player_names={BLACK: "Alice", WHITE: "Bob"})
    assert controller.submit_text("14x23")
    assert controller.result_text.startswith("Alice (Black) wins"), controller.result_text


def test_clock_timer_polls_with_fake_time(rig):
    """The repeating timer polls the referee; the fake time decides what happens."""
    controller, synth, clock, seen = rig
    scheduler = ManualScheduler()
    timed = GameSession(controller.announcer, InlineEngine(scheduler, first_legal_move),
                        scheduler, profile="va-standard", time_source=clock, poll_seconds=0.25)
    got = record(timed)["events"]
    timed.new_game(Mode.TWO_PLAYERS)
    scheduler.tick()
    assert got == []
    clock.now += 26
    scheduler.tick()
    assert isinstance(got[0], MoveWarning)
    timed.resign()
    clock.now += 60
    scheduler.tick()  # the game is over: the timer was stopped
    assert len(got) == 1
    timed.shutdown()


def test_the_computer_replies_through_the_engine_port_and_a_failure_is_told(rig, caplog):
    controller, synth, clock, seen = rig
    controller.new_game(Mode.COMPUTER, BLACK)
    assert controller.submit_text("11-15")
    assert controller.thinking
    controller.scheduler.run_pending()
    assert controller.board.ply == 2 and not controller.thinking

    def broken(board, level, stop=None):
        raise RuntimeError("the search broke")

    failed = []
    controller.subscribe(lambda e: failed.append(e) if isinstance(e, ev.EngineFailed) else None)
    controller.engine.choose = broken
    assert controller.submit_text(controller.legal_moves()[0].pdn())
    controller.scheduler.run_pending()
    assert controller.board.ply == 4  # the game goes on with a legal move
    assert len(failed) == 1 and "the search broke" in str(failed[0].error)
    assert any("search failed" in text for text in synth.spoken)
    assert "the computer's search failed" in caplog.text


def test_the_computers_opening_move_waits_for_the_welcome_and_later_replies_cut_in():
    """Playing Red, the player hears the welcome ("You play Red.") whole: the computer's first
    move is queued behind it. Its later replies interrupt, as the opponent's move does."""
    synth = FakeSynth(hold=True)  # each text is being said until the test finishes it
    scheduler = ManualScheduler()
    controller = GameSession(Announcer([synth]), InlineEngine(scheduler, first_legal_move),
                             scheduler, profile="practice", time_source=FakeTime(),
                             poll_seconds=0)
    controller.new_game(Mode.COMPUTER, WHITE)
    assert synth.speaking.startswith("New game against the computer") and "Red" in synth.speaking
    scheduler.run_pending()
    assert controller.board.ply == 1
    assert synth.interrupted == [] and synth.dropped == []
    synth.finish_all()
    # no "Computer, Black to move." between them: it would be said after the move was made
    assert len(synth.spoken) == 2
    assert synth.spoken[0].startswith("New game") and synth.spoken[1].startswith("Computer: ")
    assert controller.submit_text(controller.legal_moves()[0].pdn())
    scheduler.run_pending()
    assert controller.board.ply == 3
    assert controller.announcer.history[-1][0].startswith("Computer: ")
    assert controller.announcer.history[-1][1] is Priority.INTERRUPT
    controller.shutdown()
