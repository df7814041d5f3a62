"""The board by keyboard: cursor, edges, picking up and putting down, square names, refusals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.ui.board_widget import neighbour
from checkers_desktop.session.game import Mode


def focus_board(window, qtbot, square=None):
    if square is not None:
        window.board.set_cursor(square)
    else:
        window.board.focus_cursor()
    assert window.board.focused_square() == window.board.cursor
    window.synth.clear()


def press(qtbot, window, key, times=1):
    for _ in range(times):
        qtbot.keyClick(QApplication.focusWidget(), key)


def type_square(qtbot, window, number):
    qtbot.keyClicks(QApplication.focusWidget(), str(number))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_neighbours_and_edges():
    assert neighbour(11, "up") == 7 and neighbour(11, "down") == 15
    assert neighbour(11, "left") == 10 and neighbour(11, "right") == 12
    assert neighbour(1, "up") is None and neighbour(29, "left") is None
    assert neighbour(12, "right") is None and neighbour(30, "down") is None


def test_board_has_32_named_squares_each_one_object_in_the_accessible_tree(make_window, qtbot):
    """The board is one table named "Board" whose cells are the squares: no push button per
    square beside them, and one focused object, the table (its current cell the cursor's), not
    also the widget around it."""
    from PySide6.QtGui import QAccessible

    window = make_window()
    squares = window.board.squares
    assert len(squares) == 32
    assert squares[11].accessibleName() == "11, black man"
    assert squares[15].accessibleName() == "15, empty"
    assert squares[22].accessibleName() == "22, red man"
    assert window.board.table.accessibleName() == "Board"
    iface = QAccessible.queryAccessibleInterface(window.board)
    roles = [iface.child(i).role() for i in range(iface.childCount())]
    assert QAccessible.Role.Button not in roles and roles.count(QAccessible.Role.Table) == 1
    named_board = [w for w in window.findChildren(QWidget) if w.accessibleName() == "Board"]
    assert named_board == [window.board.table]
    assert window.move_box.accessibleName() == "Move"
    assert window.status.accessibleName() == "Status: You, Black to move."  # follows the text
    assert window.windowTitle() == "Checkers"
    window.move_box.setFocus()
    qtbot.keyClicks(window.move_box, "11-15")
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    assert window.board.table.hasFocus() and not window.board.hasFocus()


def test_arrows_move_the_focused_square_and_echo_its_name(make_window, qtbot):
    window = make_window()
    # Playing Black against the computer, the board is seen from Black's chair: Black's men
    # (1-12) at the bottom, so Up goes towards Red (the numbers grow) and Right towards 9, 5, 1.
    assert window.board.flipped
    focus_board(window, qtbot, 11)
    press(qtbot, window, Qt.Key.Key_Up)
    assert window.board.focused_square() == 15
    assert window.synth.spoken[-1].startswith("15, empty")
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.board.cursor == 14
    press(qtbot, window, Qt.Key.Key_Down, times=3)
    assert window.board.cursor == 2
    assert window.synth.spoken[-1].startswith("2, black man")
    # The cursor's square names go to the app's voice only: the screen reader reads the focus.
    assert not any(m.startswith("2,") for m in window.events.messages)


def test_edge_is_announced_with_its_sound_and_the_cursor_stays(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 29)  # from Black's chair 29 is the top right corner
    press(qtbot, window, Qt.Key.Key_Up)
    assert window.board.cursor == 29
    assert window.synth.spoken == ["Top edge."]
    assert "Top edge." in window.events.messages
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.board.cursor == 29 and window.synth.spoken[-1] == "Right edge."
    assert window.sounds.played == ["edge", "edge"]


def test_typed_square_number_moves_the_cursor(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 11)
    type_square(qtbot, window, 27)
    assert window.board.focused_square() == 27
    assert window.session.selected is None  # Enter after digits only moves the cursor
    type_square(qtbot, window, 40)
    assert window.board.cursor == 27
    assert window.synth.spoken[-1] == "There is no square 40. Squares are 1 to 32."


def test_pick_up_and_put_down_plays_the_move(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 11)
    window.synth.clear()
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.selected == 11
    assert window.board.squares[11].accessibleDescription() == "Picked up."
    # the cursor goes to the nearest destination (16, left of 15 from Black's chair); the
    # pick-up and the cursor's move are both said
    assert window.board.cursor == 16
    assert window.board.focused_square() == 16
    assert window.synth.spoken == ["You picked up eleven. It can go to fifteen or sixteen.",
                                   "Cursor on 16, empty: it can go here."]
    # the destination the screen reader lands on says the piece is held
    assert window.board.squares[16].accessibleDescription() == "Eleven, picked up, can go here."
    press(qtbot, window, Qt.Key.Key_Right)  # to 15, the other destination
    press(qtbot, window, Qt.Key.Key_Space)
    board = window.session.board
    assert board.move_stack[0].pdn() == "11-15"
    assert "You: eleven to fifteen." in window.synth.spoken
    assert window.events.messages[-1] == "You: eleven to fifteen."  # one announcement
    # The computer (first legal move) replies through the worker.
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert board.turn is BLACK
    assert window.events.messages[-1].startswith("Computer: ")
    assert "Picked up." not in window.board.squares[11].accessibleDescription()


def test_a_pick_up_is_said_at_full_verbosity(make_window, qtbot):
    window = make_window()
    window.session.verbosity = "full"
    focus_board(window, qtbot, 11)
    press(qtbot, window, Qt.Key.Key_Return)
    assert "You picked up eleven. It can go to fifteen or sixteen." in window.synth.spoken


def test_picking_up_says_the_same_in_a_practice_game_and_a_match(make_window, qtbot):
    """The screen reader hears "You picked up eleven. It can go to fifteen or sixteen." in a
    practice game, a game of two players and under the visually impaired rules (liberal
    touch-move) alike: a practice game said nothing, only the focused square's description."""
    window = make_window()
    heard = []
    for mode, profile in ((Mode.COMPUTER, None), (Mode.TWO_PLAYERS, None),
                          (Mode.TWO_PLAYERS, "va-vi")):
        window.session.new_game(mode, profile_key=profile, announce=False)
        focus_board(window, qtbot, 11)
        window.events.events.clear()
        press(qtbot, window, Qt.Key.Key_Return)
        heard.append(window.events.messages)
        press(qtbot, window, Qt.Key.Key_Escape)
    said = ["You picked up eleven. It can go to fifteen or sixteen."]
    assert heard == [said, said, said]


def test_square_names_follow_the_moves(make_window, qtbot):
    window = make_window()
    window.move_box.setFocus()
    qtbot.keyClicks(window.move_box, "11-15")
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    assert window.board.squares[11].accessibleName() == "11, empty"
    assert window.board.squares[15].accessibleName() == "15, black man"
    assert window.move_box.text() == ""
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    reply = window.session.board.peek()
    assert window.board.squares[reply.from_square].accessibleName().endswith("empty")
    assert window.board.squares[reply.to_square].accessibleName() == f"{reply.to_square}, red man"


def test_escape_puts_the_piece_back(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 10)
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.session.selected == 10
    press(qtbot, window, Qt.Key.Key_Escape)
    assert window.session.selected is None
    assert window.synth.spoken[-1] == "Ten put back."
    assert window.session.board.ply == 0


def test_another_piece_can_be_picked_up_instead(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 10)
    press(qtbot, window, Qt.Key.Key_Return)
    type_square(qtbot, window, 11)  # the cursor went to 10's destination: go to 11
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.selected == 11
    assert window.session.board.ply == 0


def test_picking_up_nothing_or_the_opponent_is_refused(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 15)
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.selected is None
    assert window.synth.spoken[-1] == "Fifteen is empty. Pick up one of your own pieces."
    type_square(qtbot, window, 22)
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.selected is None
    assert window.synth.spoken[-1] == "Twenty-two is a red piece, not yours."
    assert window.sounds.played.count("refused") == 2


def test_illegal_destination_is_refused_and_changes_nothing(make_window, qtbot):
    window = make_window()
    before = window.session.board.fen()
    focus_board(window, qtbot, 11)
    press(qtbot, window, Qt.Key.Key_Return)
    type_square(qtbot, window, 19)
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.board.fen() == before
    assert window.synth.spoken[-1].startswith("Eleven to nineteen is not a legal move.")
    assert window.status.text().count("Eleven to nineteen is not a legal move.") == 1


def test_multi_jump_with_two_paths_asks_for_a_square_passed_through(make_window, qtbot):
    # Black man on 2, red men on 6, 7, 14, 15: 2x9x18 and 2x11x18 both end on 18.
    window = make_window()
    window.session.load_position("B:W6,7,14,15:B2", Mode.TWO_PLAYERS)
    focus_board(window, qtbot, 2)
    press(qtbot, window, Qt.Key.Key_Return)
    type_square(qtbot, window, 18)
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.board.ply == 0
    assert window.synth.spoken[-1] == ("There are several ways to reach eighteen. First put the "
                                       "piece on a square it passes through: nine or eleven.")
    type_square(qtbot, window, 11)
    press(qtbot, window, Qt.Key.Key_Return)
    played = window.session.board.peek()
    assert played.path == (2, 11, 18) and played.captures == (7, 15)
    assert window.board.squares[18].accessibleName() == "18, black man"
    assert window.board.squares[7].accessibleName() == "7, empty"


def test_two_players_move_both_sides_by_keyboard(make_window, qtbot):
    window = make_window()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.synth.spoken[-2:] == ["New game for two players.", "Black to move."]
    for text in ("11-15", "23-19", "8-11"):
        window.move_box.setFocus()
        qtbot.keyClicks(window.move_box, text)
        qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    board = window.session.board
    assert [m.pdn() for m in board.move_stack] == ["11-15", "23-19", "8-11"]
    assert board.turn is WHITE
    assert window.session.thinking is False
    assert "Red: twenty-three to nineteen. Black to move." in window.synth.spoken


def test_tab_leaves_the_board_and_comes_back_to_the_cursor(make_window, qtbot):
    window = make_window()
    focus_board(window, qtbot, 10)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.move_box
    qtbot.keyClick(window.move_box, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert window.board.focused_square() == 10
    assert window.synth.spoken[-1] == "10, black man"  # coming back by Tab says the square


def test_move_box_escape_returns_to_the_board(make_window, qtbot):
    window = make_window()
    window.move_box.setFocus()  # reached by Tab or the mouse
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.move_box)
    qtbot.keyClick(window.move_box, Qt.Key.Key_Escape)
    assert window.board.focused_square() == window.board.cursor


def test_mouse_click_picks_up_and_puts_down(make_window, qtbot):
    window = make_window()
    table = window.board.table

    def click(square: int) -> None:
        where = window.board.squares[square].geometry().center() - table.pos()
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)

    click(12)
    assert window.session.selected == 12
    click(16)
    assert window.session.board.move_stack[0].pdn() == "12-16"
    assert Board().fen() != window.session.board.fen()


def test_typed_jump_with_two_paths_asks_for_the_whole_path(make_window, qtbot):
    window = make_window()
    window.session.load_position("B:W6,7,14,15:B2", Mode.TWO_PLAYERS)
    window.synth.clear()
    window.move_box.setFocus()
    qtbot.keyClicks(window.move_box, "2x18")
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    assert window.session.board.ply == 0
    said = window.synth.spoken[-1]
    assert "can be played two ways" in said and "two jumps nine jumps eighteen" in said
    window.move_box.clear()
    qtbot.keyClicks(window.move_box, "2x9x18")
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    assert window.session.board.peek().captures == (6, 14)


def test_f1_opens_the_keyboard_commands(make_window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from pytestqt.exceptions import TimeoutError as WaitTimedOut

    from checkers_desktop.ui.help_dialog import HelpDialog

    window = make_window()
    seen = []

    def close_dialog():
        dialog = QApplication.activeModalWidget()
        seen.append(dialog)
        try:  # the list takes the focus once the dialog is shown, later on a loaded machine
            qtbot.waitUntil(dialog.list.hasFocus, timeout=5000)
        except WaitTimedOut:
            pass  # told by the check below
        items = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        seen.append(any(i.startswith("Ctrl+Shift+S: ") for i in items)
                    and any("Enter, Space" in i for i in items)
                    and dialog.list.hasFocus())
        # the first key is made current once shown (so that a screen reader says it)
        seen.append(dialog.list.currentRow() == 0)
        QTest.keyClick(dialog.list, Qt.Key.Key_Down)  # the next key, one at a time
        seen.append(dialog.list.currentItem().text() == items[1])
        dialog.reject()

    QTimer.singleShot(100, close_dialog)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F1)
    assert isinstance(seen[0], HelpDialog) and seen[1:] == [True, True, True]
    assert window.board.focused_square() == window.board.cursor


def test_a_key_with_no_command_says_so(make_window, qtbot):
    """Q on the board (no command) is answered, as are Shift+Q and F11; a modifier alone is
    not."""
    window = make_window()
    focus_board(window, qtbot, 11)
    window.events.events.clear()
    press(qtbot, window, Qt.Key.Key_Q)
    assert window.events.messages == ["No command on Q. F1 lists the keys."]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Q, Qt.KeyboardModifier.ShiftModifier)
    assert window.events.messages[-1] == "No command on Shift+Q. F1 lists the keys."
    press(qtbot, window, Qt.Key.Key_F11)
    assert window.events.messages[-1] == "No command on F11. F1 lists the keys."
    window.events.events.clear()
    press(qtbot, window, Qt.Key.Key_Shift)
    assert window.events.messages == []


def test_shift_n_on_the_only_destination_says_the_square(make_window, qtbot):
    """A piece picked up with one destination: the cursor is on it, and N or Shift+N says it
    again rather than nothing."""
    window = make_window()
    window.session.load_position("B:W18:B14", Mode.TWO_PLAYERS)
    focus_board(window, qtbot, 14)
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.session.selected == 14 and window.board.cursor == 23
    window.events.events.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert window.events.messages and window.events.messages[-1].startswith("Only 23, empty")
