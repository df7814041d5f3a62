"""A whole practice game against the engine, through the game session alone: no window, no Qt,
no event loop (the engine's replies come through the manual scheduler)."""

from __future__ import annotations

import random

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session import events as ev
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.speech.spoken import spoken_move

MAX_PLIES = 400


def test_a_whole_game_against_the_engine_at_level_one():
    synth = FakeSynth()
    scheduler = ManualScheduler()
    engine = InlineEngine(scheduler)  # the real engine: engine.choose_move
    session = GameSession(Announcer([synth]), engine, scheduler, level=1, poll_seconds=0)
    seen: list = []
    session.subscribe(seen.append)
    session.new_game(Mode.COMPUTER, BLACK)
    assert isinstance(seen[-1], (ev.StatusChanged, ev.PositionChanged, ev.GameStarted))
    rng = random.Random(7)
    while session.running and session.board.ply < MAX_PLIES:
        assert session.is_human_turn() and session.board.turn is BLACK
        move = rng.choice(session.legal_moves())
        assert session.submit_text(move.pdn())
        assert spoken_move(move) in " ".join(synth.spoken[-3:])
        if session.running:
            assert session.thinking
            scheduler.run_pending()  # the engine answers
            assert not session.thinking
    assert not session.running, "the game should end well before 400 plies"
    results = [e.result for e in seen if isinstance(e, ev.ResultReached)]
    assert len(results) == 1
    assert results[0].winner in (BLACK, WHITE, None)
    over = [e.text for e in seen if isinstance(e, ev.GameOver)]
    # the result is said once, in the same announcement as the move that ended the game
    assert over == [session.result_text] and synth.spoken[-1].endswith(session.result_text)
    assert sum(session.result_text in text for text in synth.spoken) == 1
    played = [e.move for e in seen if isinstance(e, ev.MovePlayed)]
    assert played == list(session.board.move_stack)
    assert engine.requests == sum(1 for ply in range(len(played)) if ply % 2 == 1)
    assert not [e for e in seen if isinstance(e, ev.EngineFailed)]
    # the game's end is said once, then the status line shows it
    assert session.status_text().startswith(session.result_text)


class _HeldEngine:
    """An engine port whose replies wait until the test gives them (a long search)."""

    def __init__(self) -> None:
        self.waiting: list = []

    def request(self, board, level, reply) -> None:
        self.waiting.append((board, reply))

    def cancel(self) -> None:
        self.waiting.clear()

    def wait(self, timeout: float) -> None:
        pass

    def answer(self) -> None:
        from checkers_desktop.session.ports import EngineReply

        board, reply = self.waiting.pop()
        reply(EngineReply(board.legal_moves[0]))


def test_a_long_search_is_said_once_and_a_quick_one_never():
    """Level 6 may think 8 s: after THINKING_NOTICE_SECONDS of silence the player hears that the
    computer is thinking, once per search; a reply before then says nothing of it."""
    synth = FakeSynth()
    scheduler = ManualScheduler()
    engine = _HeldEngine()
    session = GameSession(Announcer([synth]), engine, scheduler, level=6, poll_seconds=0)
    session.new_game(Mode.COMPUTER, BLACK)
    thinking = "The computer is thinking."
    assert session.submit_text("11-15")
    assert session.thinking
    scheduler.tick()  # the notice's time has come
    scheduler.tick()  # and gone again: said once only
    assert sum(thinking in text for text in synth.spoken) == 1
    engine.answer()
    assert not session.thinking
    said = len(synth.spoken)
    move = session.legal_moves()[0]
    assert session.submit_text(move.pdn())
    engine.answer()  # a quick reply: the notice's timer is stopped before it fires
    scheduler.tick()
    assert not any(thinking in text for text in synth.spoken[said:])
