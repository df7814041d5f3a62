"""A whole game through the window's keyboard handling against the computer, heard in order."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.engine import choose_move
from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.texts import game as game_texts

SIDES = {BLACK: "Black", WHITE: "Red"}  # the practice profile's names
MAX_PLIES = 300


def giveaway_move(board: Board):
    """A deliberately weak choice: the move that leaves the opponent the most jumps."""
    def opponent_jumps(move):
        after = board.copy()
        after.push(move)
        return sum(1 for m in after.legal_moves if m.is_capture)
    return max(board.legal_moves, key=opponent_jumps)


def level_one(board, level, stop=None):
    """The real engine at its gentlest level, so that the game is quick."""
    return choose_move(board, 1, stop)


@pytest.mark.timeout(120)
def test_whole_game_against_the_computer_by_keyboard(make_window, qtbot):
    window = make_window(engine_choose=level_one)
    controller = window.session
    window.move_box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.move_box)
    window.synth.clear()
    window.events.events.clear()

    while controller.running and controller.board.ply < MAX_PLIES:
        assert controller.board.turn is BLACK
        move = giveaway_move(controller.board)
        qtbot.keyClicks(window.move_box, move.pdn())
        qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
        assert controller.board.move_stack[-1] == move
        qtbot.waitUntil(lambda: not controller.running or controller.board.turn is BLACK,
                        timeout=10000)

    board = controller.board
    assert not controller.running, "the game did not end within the ply limit"
    print(f"game over after {board.ply} plies: {' '.join(m.pdn() for m in board.move_stack)}")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is WHITE  # the giveaway player loses

    # One announcement per move ("You: ...", "Computer: ..."), the result in the last one.
    replay = Board()
    expected = []
    for move in board.move_stack:
        before = replay.copy()
        replay.push(move)
        result = game_texts.game_over_text(outcome, SIDES, board, BLACK) \
            if replay.is_game_over() else ""
        expected.append(game_texts.move_announcement(before, move, SIDES, you=BLACK,
                                                     result=result))
    assert window.synth.spoken == expected
    assert window.synth.spoken[-1].endswith("The computer wins. You have no pieces left.") or \
        window.synth.spoken[-1].endswith("The computer wins. You cannot move.")
    # The screen reader heard the same sentences, the computer's moves assertively.
    assert window.events.messages == expected
    for message, politeness, _ in window.events.events:
        if message.startswith("Computer:"):
            assert politeness.name == "Assertive"
    assert window.status.text().startswith("The computer wins.")
    assert window.sounds.played[-1] == "game_over"


def _positions(board: Board):
    replay = Board()
    for move in board.move_stack:
        yield replay.copy(), move
        replay.push(move)
