""""Guess the move" through the game session alone: a master game scored end to end."""

from __future__ import annotations

from pathlib import Path

from checkers_desktop.library import collection
from checkers_desktop.rules import WHITE
from checkers_desktop.rules.pdn import PdnReader
from checkers_desktop.session.game import GameSession
from checkers_desktop.session.guess import GuessKind, GuessSession
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.session.problems import InlineAnalyst, ProblemSession
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.storage.integrity import KeyRing, RecordKey
from checkers_desktop.storage.progress import ProgressStore


def _tts_example_1():
    parsed = PdnReader(collection("tricks").path).game(1)
    assert parsed is not None and parsed.ok
    return parsed.game


def test_guess_the_move_scores_a_master_game_end_to_end(tmp_path: Path):
    record = _tts_example_1()
    master = record.moves
    assert [m.pdn() for m in master][:3] == ["27-23", "20x27", "23-18"]
    synth = FakeSynth()
    scheduler = ManualScheduler()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler, poll_seconds=0)
    store = ProgressStore(tmp_path, KeyRing.of(RecordKey.from_secret(b"g" * 32)))
    analyst = InlineAnalyst(scheduler, 0.3)
    problems = ProblemSession(game, analyst, store, "Ann")
    guess = GuessSession(game, analyst, problems)
    guess.start(record, "TTS Example 1", WHITE)
    scheduler.run_pending()
    assert game.board.turn is WHITE and game.is_human_turn()
    # White's moves: the first guessed wrong (22-17, the amateur's try the comment warns of),
    # the others right
    white_moves = master[0::2]
    for n, move in enumerate(white_moves):
        assert game.is_human_turn(), (n, game.board.fen())
        tried = "22-17" if n == 0 else move.pdn()
        assert game.submit_text(tried)
        scheduler.run_pending()
        # the master's move is on the board whatever was guessed, then the master's reply
        assert game.board.move_stack[2 * n] == move
    said = " | ".join(synth.spoken)
    kinds = [g.kind for g in guess.guesses]
    assert kinds[0] is not GuessKind.RIGHT and kinds[1:] == [GuessKind.RIGHT] * (len(kinds) - 1)
    assert len(kinds) == len(white_moves)
    assert "the master played twenty-seven to twenty-three" in said
    assert "Right: the master played twenty-three to eighteen. Two points." in said
    # each verdict is said after the master's reply, which interrupts whatever is being said
    spoken = synth.spoken
    verdict = spoken.index("Right: the master played twenty-three to eighteen. Two points.")
    reply = next(i for i, text in enumerate(spoken) if text.startswith("The master: "
                                                                       "twenty-seven to "
                                                                       "thirty-one"))
    assert reply < verdict
    # the master's moves are the master's, never the computer's
    assert not any(text.startswith("Computer") for text in spoken), spoken
    assert guess.over and "The game is over. Score:" in said
    assert list(game.board.move_stack) == master
    assert guess.points == 2 * (len(kinds) - 1) + (1 if kinds[0] is GuessKind.CLOSE else 0)
    again = ProgressStore(tmp_path, KeyRing.of(RecordKey.from_secret(b"g" * 32))).load("Ann")
    assert again.progress.guess_moves == len(kinds) and again.progress.guess_games == 1
    assert again.progress.guess_points == guess.points
