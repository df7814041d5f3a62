"""What a command that would leave the game on the board puts at stake (no window): nothing for a
game with no move or a finished one, a game otherwise (its question says what will be lost), a
match in progress (the official's decision; quitting keeps it), nothing for a finished match."""

from __future__ import annotations

import random

from checkers_desktop.rules import BLACK
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.leaving import Leaving, StakeKind, at_stake
from checkers_desktop.session.match import MatchSession
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth


def make_game():
    scheduler = ManualScheduler()
    game = GameSession(Announcer([FakeSynth()]), InlineEngine(scheduler, first_legal_move),
                       scheduler, poll_seconds=0)
    return game, scheduler


def test_a_game_just_saved_is_said_to_be_in_its_file_until_a_move_changes_it():
    """Told "will be lost: it cannot be resumed" right after Ctrl+S, a player doubted the save
    (found in a play-through)."""
    game, scheduler = make_game()
    game.new_game(Mode.TWO_PLAYERS, BLACK)
    game.submit_text("11-15")
    game.mark_saved("checkers-game.pdn")
    question = at_stake(game, None, Leaving.OPEN_GAME).question
    assert question.endswith("Open a saved game? It is saved in checkers-game.pdn; Open game "
                             "brings it back.")
    assert "will be lost" not in question
    game.submit_text("22-18")  # a move since the save: it would be lost
    assert at_stake(game, None, Leaving.OPEN_GAME).question.endswith(
        "The game in progress will be lost: it cannot be resumed.")
    game.new_game(Mode.TWO_PLAYERS, BLACK)  # a new game was never saved
    game.submit_text("11-15")
    assert game.saved_name() is None
    assert "will be lost" in at_stake(game, None, Leaving.NEW_GAME).question


def test_a_game_in_progress_is_at_stake_once_a_move_is_played():
    game, scheduler = make_game()
    game.new_game(Mode.COMPUTER, BLACK)
    assert at_stake(game, None, Leaving.NEW_GAME).kind is StakeKind.NONE
    game.submit_text("11-15")
    scheduler.run_pending()  # the computer replies
    stake = at_stake(game, None, Leaving.NEW_GAME)
    assert stake.kind is StakeKind.GAME and not stake.official
    assert stake.question == ("A game against the computer is in progress, one move played. "
                              "Start a new game? The game in progress will be lost: it cannot "
                              "be resumed.")
    quit_ = at_stake(game, None, Leaving.QUIT)
    assert "The game is saved and offered again" in quit_.question
    assert "Open a saved game?" in at_stake(game, None, Leaving.OPEN_GAME).question
    game.resign()
    assert at_stake(game, None, Leaving.NEW_GAME).kind is StakeKind.NONE


def test_a_match_in_progress_is_the_officials_to_leave(tmp_path):
    game, scheduler = make_game()
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi")
    match = MatchSession(game, settings, tmp_path, rng=random.Random(2))
    match.start()
    for command in (Leaving.NEW_GAME, Leaving.OPEN_GAME, Leaving.NEW_MATCH):
        stake = at_stake(game, match, command)
        assert stake.kind is StakeKind.MATCH and stake.official and stake.ends_match
        assert stake.question.startswith("A match is in progress: Ann Lee against Bo Diaz, game "
                                         "one; score Ann Lee zero, Bo Diaz zero.")
        assert "that is the official's decision" in stake.question
        assert "game one is recorded unfinished and cannot be resumed" in stake.question
    quit_ = at_stake(game, match, Leaving.QUIT)
    assert quit_.official and not quit_.ends_match
    assert "The match is saved" in quit_.question
    match.official.correct_result(1, "Ann Lee")
    scheduler.run_pending()
    match.official.correct_result(2, "Ann Lee")
    assert match.is_over
    assert at_stake(game, match, Leaving.NEW_GAME).kind is StakeKind.NONE
