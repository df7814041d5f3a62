"""The whole of voice play: a whole game against the computer played by voice through the app's window.

Each of the player's moves is spoken by espeak-ng into a WAV file, injected into the real
MainWindow (``voice_input.inject_file``: the microphone's decoding path, in the decoding thread),
and must come out as that move on the board; the computer (engine level 1) replies; until the
game ends."""

from __future__ import annotations

import random
import shutil
import subprocess
import threading

import pytest

from checkers_desktop.engine import choose_move
from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.speech.voice.grammar import square_words
from checkers_desktop.speech.spoken import spoken_move
from checkers_desktop.ui.settings import VOICE_CONFIRMATION

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                reason="espeak-ng renders the speech")

VOICES = (("en-us+f2", 160), ("en", 150), ("en-us+m3", 140), ("en-us", 130))
MAX_PLIES = 300
GAME_SEED = 1
"""The computer's seed, so that the game (and this test) is the same on every run (46 plies, 2
moves said again). Seeds 2, 3 and 4 were tried as well after the recogniser's last changes: each
game was played to its end (40, 44 and 46 plies), with 4, 1 and 1 moves said again."""


def level_one(seed: int):
    """The real engine at its gentlest level, so that the game is quick; seeded, so that the game
    (and this test) is the same on every run."""
    rng = random.Random(seed)

    def choose(board, level, stop=None):
        return choose_move(board, 1, stop, rng=rng)
    return choose


def giveaway_move(board: Board):
    """A deliberately weak choice (the move leaving the opponent the most jumps): a short game."""
    def opponent_jumps(move):
        after = board.copy()
        after.push(move)
        return sum(1 for m in after.legal_moves if m.is_capture)
    return max(board.legal_moves, key=opponent_jumps)


def phrasings(move) -> list[str]:
    """Ways a player says the move, in the grammar's words, tried in turn when the app asks to say
    it again: "eleven to fifteen", "move eleven to fifteen"; "twenty six takes seventeen takes
    ten", then with "jumps", then with "to" (every landing square named)."""
    words = [square_words(sq) for sq in move.path]
    if move.is_capture:
        return [join.join(words) for join in (" takes ", " jumps ", " to ")]
    return [" to ".join(words), "move " + " to ".join(words)]


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_whole_game_against_the_computer_by_voice(make_window, settings, qtbot, tmp_path):
    settings.set(VOICE_CONFIRMATION, "resign-and-draw")  # moves are played as soon as heard
    window = make_window(engine_choose=level_one(GAME_SEED))
    controller, voice = window.session, window.voice_input
    gui_thread = threading.get_ident()
    count = 0
    asked = 0
    retries = 0
    played = []

    while controller.running and controller.board.ply < MAX_PLIES:
        assert controller.board.turn is BLACK
        move = giveaway_move(controller.board)
        attempts = [(text, v) for text in phrasings(move) for v in VOICES]
        for text, (voice_name, speed) in attempts:
            count += 1
            path = tmp_path / f"u{count}.wav"
            subprocess.run(["espeak-ng", "-v", voice_name, "-s", str(speed), "-w", str(path),
                            text], check=True)
            ply, said = controller.board.ply, len(window.synth.spoken)
            with qtbot.waitSignal(voice.heard, timeout=30000) as heard:
                voice.inject_file(path)
            result = heard.args[0]
            if voice.pending is not None:
                # heard, but not beyond doubt: read back ("Did you say ...? Say yes or no.")
                # though moves are not confirmed; nothing is played until "yes"
                assert not result.confident and controller.board.ply == ply
                asked += 1
                for _ in range(3):
                    count += 1
                    yes = tmp_path / f"u{count}.wav"
                    subprocess.run(["espeak-ng", "-v", voice_name, "-s", str(speed), "-w",
                                    str(yes), "yes"], check=True)
                    with qtbot.waitSignal(voice.heard, timeout=30000):
                        voice.inject_file(yes)
                    if controller.board.ply > ply:
                        break
                assert controller.board.ply > ply, "a clear 'yes' was never taken"
            if controller.board.ply > ply:
                break
            # not understood (too unsure): nothing may have changed; say it again, another voice
            # or other words
            assert result.kind == "nothing" and controller.board.ply == ply
            retries += 1
        else:
            pytest.fail(f"{move.pdn()} was never understood, said as {phrasings(move)}")
        assert result.kind == "move" and result.move == move
        assert controller.board.move_stack[ply] == move  # the move said is the move played
        played.append(move)
        qtbot.waitUntil(lambda: not controller.running or
                        (controller.board.turn is BLACK and not controller.thinking),
                        timeout=15000)
        # "Heard: ..." is shown, not spoken: the move's own announcement says it
        assert f"Heard: {text}." not in window.synth.spoken
        assert any(t.startswith(f"You: {spoken_move(move)}") for t in window.synth.spoken[said:])

    board = controller.board
    assert not controller.running, "the game did not end within the ply limit"
    print(f"voice game over after {board.ply} plies, {len(played)} spoken moves, "
          f"{retries} said again, {asked} read back: "
          f"{' '.join(m.pdn() for m in board.move_stack)}")
    assert board.outcome() is not None and board.outcome().winner is WHITE
    assert window.status.text().startswith("The computer wins.")
    assert [m for m in board.move_stack[::2]] == played  # every Black move came from a voice
    assert voice.decode_threads and gui_thread not in voice.decode_threads
    # the player's moves were mostly understood at the first try
    assert retries <= len(played) // 2
