"""Saying less and meaning more: one announcement per move, "you" and "the computer" rather than
colours, captures named by square, the forced jump named or counted; over whole games at each
verbosity, against the real engine (no window, no Qt)."""

from __future__ import annotations

import random

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.texts import game as game_texts

MAX_PLIES = 400


def _session(verbosity: str = "normal"):
    synth = FakeSynth()
    scheduler = ManualScheduler()
    session = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler, level=1,
                          poll_seconds=0, verbosity=verbosity)
    return session, synth, scheduler


def _play_whole_game(session, synth, scheduler, seed: int):
    """Random legal moves of the player's (Black) against the engine; returns, for each pair of
    moves (the player's and the computer's reply), the texts said."""
    session.new_game(Mode.COMPUTER, BLACK)
    rng = random.Random(seed)
    pairs = []
    while session.running and session.board.ply < MAX_PLIES:
        start = len(synth.spoken)
        move = rng.choice(session.legal_moves())
        assert session.submit_text(move.pdn())
        if session.running:
            scheduler.run_pending()
        pairs.append(synth.spoken[start:])
    assert not session.running
    return pairs


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_at_normal_verbosity_says_at_most_two_things_per_move_pair(seed):
    session, synth, scheduler = _session("normal")
    pairs = _play_whole_game(session, synth, scheduler, seed)
    counts = [len(p) for p in pairs]
    assert len(pairs) > 10
    assert max(counts) <= 2, [p for p in pairs if len(p) > 2]
    for texts in pairs[:-1]:  # the last pair may end with the player's own move
        assert len(texts) == 2
        assert texts[0].startswith("You: ") and texts[1].startswith("Computer: ")
    joined = " ".join(t for p in pairs for t in p)
    assert "Black" not in joined and "Red" not in joined
    assert pairs[-1][-1].endswith(session.result_text)
    assert session.result_text.startswith(("You win.", "The computer wins.", "The game is"))


def test_captures_and_the_forced_jump_are_named():
    session, synth, scheduler = _session("normal")
    session.load_position("B:W19,32:B15,1", Mode.COMPUTER, BLACK)
    synth.spoken.clear()
    assert session.submit_text("15x24")
    assert synth.spoken[0] == "You: fifteen jumps twenty-four, takes the man on nineteen."


def test_the_computers_jump_names_your_man_and_your_jump():
    session, synth, scheduler = _session("normal")
    # Red (the computer) to move has one move, 23x14, taking Black's man on 18; then Black must
    # jump 10x17 back
    session.load_position("W:W23,30:B18,10,7,3", Mode.COMPUTER, BLACK)
    scheduler.run_pending()
    assert synth.spoken[-1] == ("Computer: twenty-three jumps fourteen, takes your man on "
                                "eighteen, you must jump: ten jumps seventeen.")


def test_several_jumps_are_counted_and_brief_only_says_you_must_jump():
    board = Board("W:W24:B15,16")  # after 24-19, Black jumps 15x24 or 16x23
    move = board.parse_move("24-19")
    names = {BLACK: "Black", WHITE: "Red"}
    normal = game_texts.move_announcement(board, move, names, you=BLACK)
    assert normal == "Computer: twenty-four to nineteen, you must jump: two jumps to choose from."
    brief = game_texts.move_announcement(board, move, names, you=BLACK, verbosity="brief")
    assert brief == "Computer: twenty-four to nineteen, you must jump."
    full = game_texts.move_announcement(Board(), Board().parse_move("11-15"), names,
                                        you=WHITE, verbosity="full")
    assert full == "Computer: eleven to fifteen. Your turn."


def test_two_players_hear_one_announcement_per_move_with_whose_turn():
    session, synth, scheduler = _session("normal")
    session.new_game(Mode.TWO_PLAYERS)
    synth.spoken.clear()
    assert session.submit_text("11-15")
    assert synth.spoken == ["Black: eleven to fifteen. Red to move."]
    assert session.submit_text("24-19")
    assert synth.spoken[-1] == ("Red: twenty-four to nineteen. Black to move. Black must jump: "
                                "fifteen jumps twenty-four.")
    session.player_names = {BLACK: "Ann Lee", WHITE: "Bo Diaz"}
    assert session.submit_text("15x24")
    assert synth.spoken[-1] == ("Ann Lee: fifteen jumps twenty-four, takes the man on nineteen. "
                                "Bo Diaz, Red to move. Bo Diaz must jump: two jumps to choose "
                                "from.")


def test_crowning_is_said_in_the_same_announcement():
    session, synth, scheduler = _session("normal")
    session.load_position("B:W5:B27", Mode.TWO_PLAYERS)
    assert session.submit_text("27-32")
    assert synth.spoken[-1].startswith("Black: twenty-seven to thirty-two, crowned.")


@pytest.mark.parametrize("verbosity", ["brief", "full"])
def test_every_verbosity_keeps_one_announcement_per_move(verbosity):
    session, synth, scheduler = _session(verbosity)
    pairs = _play_whole_game(session, synth, scheduler, 5)
    assert max(len(p) for p in pairs) <= 2
    first_own = pairs[0][0]
    if verbosity == "brief":
        assert not first_own.startswith("You")
    else:
        assert any("Your turn." in t for p in pairs for t in p)
