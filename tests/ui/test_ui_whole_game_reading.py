"""A whole game against the computer with the keyboard only, as a blind player plays it: reading
commands before each move, the cursor moved by typing square numbers, Enter to pick up and put
down. A holding fake synthesiser records what was said and what was cut off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.texts import game as game_texts
from checkers_desktop.texts import reading as reading_texts
from checkers_desktop.speech.announcer import Priority
from checkers_desktop.speech.fake import FakeSynth

SIDES = {BLACK: "Black", WHITE: "Red"}  # the practice profile's names
MAX_PLIES = 300
DIGITS = {str(d): getattr(Qt.Key, f"Key_{d}") for d in range(10)}


def giveaway_move(board: Board):
    """A deliberately weak choice, so the game ends soon: the move leaving the most jumps."""
    def opponent_jumps(move):
        after = board.copy()
        after.push(move)
        return sum(1 for m in after.legal_moves if m.is_capture)
    return max(board.legal_moves, key=lambda m: (opponent_jumps(m), m.path))


def key(qtbot, k):
    qtbot.keyClick(QApplication.focusWidget(), k)


def go_to(qtbot, window, square: int) -> None:
    """Type the square's number and Enter: the cursor (and the focus) goes there."""
    for digit in str(square):
        key(qtbot, DIGITS[digit])
    key(qtbot, Qt.Key.Key_Return)
    assert window.board.cursor == square
    assert window.board.focused_square() == square


@pytest.mark.timeout(120)
def test_whole_game_by_keyboard_with_reading_commands(make_window, qtbot):
    synth = FakeSynth(hold=True)
    window = make_window(synth=synth)
    controller = window.session
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == 11)
    synth.clear()
    readings_cut = 0

    while controller.running and controller.board.ply < MAX_PLIES:
        assert controller.board.turn is BLACK
        board = controller.board.copy()
        # Where do things stand? T then A at once: the second reading replaces the first.
        key(qtbot, Qt.Key.Key_T)
        turn_text = synth.speaking
        assert turn_text.startswith("Black to move")
        key(qtbot, Qt.Key.Key_A)
        assert turn_text in synth.interrupted
        readings_cut += 1
        assert synth.speaking == reading_texts.legal_moves_text(board, None, SIDES)
        synth.finish_all()
        # Play the move square by square, as with the arrow keys and Enter.
        move = giveaway_move(board)
        go_to(qtbot, window, move.from_square)
        key(qtbot, Qt.Key.Key_D)  # the moves of this piece
        assert synth.speaking == reading_texts.legal_moves_text(board, move.from_square, SIDES)
        key(qtbot, Qt.Key.Key_Return)
        assert controller.selected == move.from_square
        for square in move.path[1:]:
            go_to(qtbot, window, square)
            key(qtbot, Qt.Key.Key_Return)
        assert controller.board.move_stack[board.ply] == move
        qtbot.waitUntil(lambda: not controller.running or controller.board.turn is BLACK,
                        timeout=5000)
        synth.finish_all()

    assert not controller.running, "the game did not end within the ply limit"
    final = controller.board
    # Every computer move was said with the INTERRUPT priority, every own move queued, in order.
    replay = final.root()
    said = [(t, p) for t, p in synth.outputs]
    position = 0
    for ply, move in enumerate(final.move_stack, start=1):
        mover = replay.turn
        last = ply == len(final.move_stack)
        text = game_texts.move_announcement(replay, move, SIDES, you=BLACK,
                                            result=controller.result_text if last else "")
        expected = Priority.INTERRUPT if mover is WHITE else Priority.QUEUE
        position = said.index((text, expected), position) + 1
        replay.push(move)
    # The end is said (with the last move), the last readings tell the final position.
    assert synth.spoken[-1].endswith(controller.result_text)
    key(qtbot, Qt.Key.Key_M)
    assert synth.speaking == reading_texts.counts_text(final, SIDES)
    key(qtbot, Qt.Key.Key_L)
    assert synth.speaking == game_texts.last_move_text(final, SIDES, you=BLACK)
    assert synth.speaking.startswith("Last move: Computer, ")  # as the move was announced
    key(qtbot, Qt.Key.Key_T)
    assert synth.speaking == controller.result_text
    assert readings_cut >= 1
    assert "game_over" in window.sounds.played and "move" in window.sounds.played
    assert "capture" in window.sounds.played
