"""Keys per move and announcements per move pair, over a whole game against the computer played
through the window with the board's keys only: arrows and the diagonal keys, N (next movable
piece), digits, Enter. Each move is reached by the shortest way those keys allow from where the
cursor is (a player who knows the keys); the keys are really pressed and the move checked.

Figures (printed with ``-s``): the median and spread of keys per move, and of the screen
reader's announcements per pair of moves (the player's and the computer's reply; the echo of the
digits typed is not counted, as the focus changes of the arrow keys are not).
"""

from __future__ import annotations

import copy
import random
import statistics
from collections import deque

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.engine import choose_move
from checkers_desktop.rules import BLACK
from checkers_desktop.rules.geometry import SQUARES, diagonal_neighbours, square_at, square_cell
from checkers_desktop.ui.board_widget import neighbour

MAX_PLIES = 300
DIRECTION_KEYS = {"up": Qt.Key.Key_Up, "down": Qt.Key.Key_Down, "left": Qt.Key.Key_Left,
                  "right": Qt.Key.Key_Right, "up-left": Qt.Key.Key_Home,
                  "up-right": Qt.Key.Key_PageUp, "down-left": Qt.Key.Key_End,
                  "down-right": Qt.Key.Key_PageDown}
DIGITS = {str(d): getattr(Qt.Key, f"Key_{d}") for d in range(10)}


def computer_at_level_one(seed: int):
    """The computer at its gentlest level, its choices among equal moves repeatable."""
    rng = random.Random(seed)
    return lambda board, level, stop=None: choose_move(board, 1, stop, rng=rng)


def arrow_path(start: int, goal: int, flipped: bool) -> list:
    """The fewest arrow and diagonal keys from ``start`` to ``goal`` (breadth-first)."""
    seen = {start: []}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if sq == goal:
            return seen[sq]
        for direction, key in DIRECTION_KEYS.items():
            nxt = neighbour(sq, direction, flipped)
            if nxt is not None and nxt not in seen:
                seen[nxt] = seen[sq] + [key]
                queue.append(nxt)
    raise AssertionError(f"{goal} cannot be reached from {start}")


def n_presses(window, goal: int, candidates) -> list:
    """The N presses that bring the cursor to ``goal`` (going round as the window does)."""
    cycle = copy.deepcopy(window.play_aids.moves.cycle)
    cursor = window.board.cursor
    keys = []
    for _ in range(len(candidates) + 1):
        cursor = cycle.step(candidates, cursor, True, window.board.flipped)
        keys.append(Qt.Key.Key_N)
        if cursor == goal:
            return keys
    return [None] * 99  # never: not a candidate


def keys_to(window, goal: int, candidates) -> list:
    """The shortest of: arrows and diagonals, N presses, or the square's number then Enter."""
    if window.board.cursor == goal:
        return []
    options = [arrow_path(window.board.cursor, goal, window.board.flipped),
               n_presses(window, goal, candidates),
               [DIGITS[d] for d in str(goal)] + [Qt.Key.Key_Return]]
    return min(options, key=len)


SHIFT_KEYS = {"up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1),
              "down-right": (1, 1)}


def shift_key(origin: int, wanted: int, flipped: bool):
    """The Shift+diagonal chord that takes the piece on ``origin`` to ``wanted`` (a touching
    square, or a jump's landing), or None."""
    row, col = square_cell(origin, flipped)
    for direction, (dr, dc) in SHIFT_KEYS.items():
        if wanted in (square_at(row + dr, col + dc, flipped),
                      square_at(row + 2 * dr, col + 2 * dc, flipped)):
            return ("shift", DIRECTION_KEYS[direction])
    return None


def press(qtbot, keys) -> None:
    for key in keys:
        if isinstance(key, tuple):
            qtbot.keyClick(QApplication.focusWidget(), key[1], Qt.KeyboardModifier.ShiftModifier)
        else:
            qtbot.keyClick(QApplication.focusWidget(), key)


def play_by_keys(window, qtbot, move, chords: bool = True) -> int:
    """Play ``move`` with the board's keys (``chords``: Shift with a diagonal key too, else
    Enter to pick up and put down); returns how many keys were pressed."""
    session = window.session
    count = 0
    plies = session.board.ply
    for _ in range(12):
        if session.board.ply > plies:
            return count
        flipped = window.board.flipped
        if session.selected is None:
            movable = sorted({m.from_square for m in session.legal_moves()})
            reach = keys_to(window, move.from_square, movable)
            chord = shift_key(move.from_square, move.path[1], flipped) if chords else None
            keys = reach + ([chord] if chord else [Qt.Key.Key_Return])
        else:
            n = len(session.partial_path)
            rest = move.path[n:]
            ending = [m for m in session.candidate_moves() if move.to_square in m.path[n:]]
            target = move.to_square if ending == [move] else rest[0]
            keys = keys_to(window, target, sorted(session.destinations())) + [Qt.Key.Key_Return]
            chord = shift_key(session.partial_path[-1], rest[0], flipped) if chords else None
            if chord and window.board.cursor == session.partial_path[-1] and len(keys) > 1:
                keys = [chord]
        press(qtbot, keys)
        count += len(keys)
    raise AssertionError(f"{move.pdn()} was not played by keys")


def messages_about_the_game(messages) -> list:
    """The announcements other than the echo of the digits typed on the board ("2", "23"):
    that echo answers each key, as the screen reader's own echo of an arrow key's focus change
    does, and is no message about the game."""
    return [m for m in messages if not m.isdigit()]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("chords", [True, False], ids=["with-shift-diagonals", "enter-only"])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_by_board_keys_needs_three_keys_a_move_and_three_announcements_a_pair(
        make_window, qtbot, seed, chords):
    window = make_window(engine_choose=computer_at_level_one(seed + 100))
    player = random.Random(seed)
    session = window.session
    assert session.verbosity == "normal"  # the default setting
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == window.board.cursor)
    window.events.events.clear()
    keys_per_move = []
    said_per_pair = []
    while session.running and session.board.ply < MAX_PLIES:
        assert session.board.turn is BLACK
        move = choose_move(session.board, 3, rng=player)  # a club player's choice
        heard = len(window.events.messages)
        ply = session.board.ply
        keys_per_move.append(play_by_keys(window, qtbot, move, chords))
        assert session.board.move_stack[ply] == move
        qtbot.waitUntil(lambda: not session.running or session.board.turn is BLACK,
                        timeout=10000)
        said_per_pair.append(len(messages_about_the_game(window.events.messages[heard:])))
    assert not session.running, "the game did not end within the ply limit"
    median = statistics.median(keys_per_move)
    print(f"\nseed {seed}, {'with' if chords else 'without'} Shift+diagonals: keys per move over {len(keys_per_move)} moves: median {median}, mean "
          f"{statistics.mean(keys_per_move):.2f}, min {min(keys_per_move)}, max "
          f"{max(keys_per_move)}; distribution {sorted(keys_per_move)}")
    print(f"announcements per move pair: median {statistics.median(said_per_pair)}, max "
          f"{max(said_per_pair)}; {said_per_pair}")
    # With every board key (Shift with a diagonal moves a piece at once) the median is 3 at
    # most; picking up and putting down with Enter alone costs one key more.
    assert median <= (3 if chords else 4)
    # the pick-up ("You picked up eleven. It can go to fifteen or sixteen.", said alike in
    # every game), the move, the reply
    assert max(said_per_pair) <= 3
    assert len(keys_per_move) >= 10


def test_the_diagonal_keys_step_as_the_men_do_and_stop_at_the_edge(make_window, qtbot):
    window = make_window()
    board = window.board
    assert board.flipped  # Black at the bottom against the computer
    board.set_cursor(11)
    qtbot.waitUntil(lambda: board.focused_square() == 11)
    press(qtbot, [Qt.Key.Key_PageUp])
    assert board.cursor == 15  # up and to the right, from Black's chair
    press(qtbot, [Qt.Key.Key_Home])
    assert board.cursor == 19
    press(qtbot, [Qt.Key.Key_End, Qt.Key.Key_PageDown])
    assert board.cursor == 11
    board.set_cursor(4)
    window.synth.clear()
    press(qtbot, [Qt.Key.Key_PageDown])
    assert board.cursor == 4 and window.synth.spoken[-1] == "Bottom edge."
    for sq in SQUARES:  # a diagonal key goes to a square touching corners, or nowhere
        for direction in ("up-left", "up-right", "down-left", "down-right"):
            nxt = neighbour(sq, direction, True)
            assert nxt is None or nxt in diagonal_neighbours(sq)


def test_n_goes_round_the_movable_pieces_nearest_first_and_picking_up_goes_to_a_destination(
        make_window, qtbot):
    window = make_window()
    board = window.board
    board.set_cursor(1)
    qtbot.waitUntil(lambda: board.focused_square() == 1)
    seen = []
    for _ in range(4):
        press(qtbot, [Qt.Key.Key_N])
        seen.append(board.cursor)
    assert sorted(seen) == [9, 10, 11, 12]  # the four men that can move, each once
    press(qtbot, [Qt.Key.Key_N])
    assert board.cursor == seen[0]  # round again
    board.set_cursor(11)
    press(qtbot, [Qt.Key.Key_Return])
    assert window.session.selected == 11
    assert board.cursor in (15, 16)  # on a destination: Enter plays it
    press(qtbot, [Qt.Key.Key_Return])
    assert window.session.board.ply >= 1
    assert window.session.board.move_stack[0].from_square == 11
