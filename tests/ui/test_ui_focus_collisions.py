"""One focus event at a time: a move played from the legal-moves list is said before the list's
new item, a dialog opened after another takes the focus straight from it, and turning the board
renames only the squares whose content changed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules.geometry import SQUARES
from checkers_desktop.session.game import Mode
from checkers_desktop.ui.a11y import PACE_MIN_MS

from pace import place_of, record_pace


def key(qtbot, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def listen(monkeypatch) -> list:
    """The board's table as a listening screen reader sees it: ``QAccessible.isActive()``
    True, and every event it posts recorded (as (type, the object's name then)) instead of
    sent. Returns that record."""
    from PySide6.QtGui import QAccessible

    import checkers_desktop.ui.board_table as board_table

    posted: list = []

    def record(event) -> None:
        iface = event.accessibleInterface()
        posted.append((event.type(), iface.text(QAccessible.Text.Name) if iface else ""))

    monkeypatch.setattr(board_table, "QAccessible", listening(record))
    return posted


def listening(update):
    """A stand-in for ``QAccessible`` in ``ui.board_table``: a screen reader listens
    (``isActive()`` True) and every event the table posts goes to ``update(event)``."""
    from PySide6.QtGui import QAccessible

    class Listening:
        Event = QAccessible.Event
        Role = QAccessible.Role
        queryAccessibleInterface = staticmethod(QAccessible.queryAccessibleInterface)

        @staticmethod
        def isActive() -> bool:  # noqa: N802 - Qt's name
            return True

        @staticmethod
        def updateAccessibility(event) -> None:  # noqa: N802 - Qt's name
            update(event)

    return Listening


def test_a_move_from_the_list_between_two_players_is_said_before_the_lists_new_item(
        make_window, qtbot):
    """Two players at one keyboard: the move played from the list is announced first, and the
    list's new item (the other player's moves, a focus change for a screen reader) comes once
    the move has about been said, not in the same moment, which cut the move off."""
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    said, focus = record_pace(window)
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.board.ply == 1
    qtbot.waitUntil(lambda: bool(focus) and bool(said), timeout=5000)
    move = next(t for t, text in said if "to move" in text)
    assert focus[0] - move >= PACE_MIN_MS / 1000
    assert QApplication.focusWidget() is panel.moves
    # the list now holds the other player's moves, the first one current
    legal = {m.pdn() for m in window.session.legal_moves()}
    from checkers_desktop.ui.side_panel import MOVE_ROLE
    assert panel.moves.currentItem().data(MOVE_ROLE).pdn() in legal


def test_the_match_form_stays_up_until_the_official_start_form_opens_over_it(
        make_window, qtbot, tmp_path):
    """The new-match form, confirmed, hands the focus straight to the official's start form
    (one focus change), not to the board, its cell and then the form within 160 ms."""
    import random

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from checkers_desktop.ui.event.action_form import ActionFormDialog
    from checkers_desktop.ui.event.match_dialog import MatchDialog
    from tests.ui.test_ui_focus_handover import ShownHidden

    window = make_window(confirm=None)
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    forms: list[str] = []
    filled: list[MatchDialog] = []

    def poll():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox) and modal.isVisible():
            modal.button(QMessageBox.StandardButton.Yes).click()
        elif isinstance(modal, MatchDialog) and modal.isVisible() and not filled:
            filled.append(modal)
            for name, text in (("name-1", "Ann Lee"), ("center-1", "Tampa VAMC"),
                               ("name-2", "Bo Diaz"), ("center-2", "Reno VAMC"),
                               ("official", "Carol Ruiz"), ("pin", "5150"),
                               ("pin-again", "5150")):
                modal.fields[name].setText(text)
            modal.accept()
        elif isinstance(modal, ActionFormDialog) and modal.isVisible():
            forms.append(modal.request.title)
            modal.reject()
            return
        QTimer.singleShot(20, window, poll)

    seen = ShownHidden()
    try:
        QTimer.singleShot(0, window, poll)
        menu.new_match()
        qtbot.waitUntil(lambda: bool(forms), timeout=10_000)
    finally:
        seen.close()
    assert forms == ["Start the game"]
    assert menu.current is not None
    shown = [e for e in seen.events if e[1] in ("MatchDialog", "ActionFormDialog")]
    assert shown[:3] == [("show", "MatchDialog"), ("show", "ActionFormDialog"),
                         ("hide", "MatchDialog")], seen.events


def test_a_menu_item_that_asks_a_question_hands_the_focus_straight_to_it(make_window, qtbot):
    """Game > New game for two players, chosen with the keyboard while a game is in progress:
    the focus goes from the menu to the question, not by way of the board (Qt gave the keyboard
    back to the board before the item acted); the board has it again once the question is
    answered."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    window = make_window(confirm=None)
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply >= 1, timeout=5000)
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    focus: list[str] = []

    def where(widget) -> str:
        return place_of(window, widget)

    QApplication.instance().focusChanged.connect(lambda _old, new: focus.append(where(new)))
    asked: list[str] = []

    def answer():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox) and modal.isVisible():
            asked.append(modal.text())
            focus.append("shown")
            modal.button(QMessageBox.StandardButton.No).click()
            return
        QTimer.singleShot(10, window, answer)

    qtbot.keyClick(window.board.table, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    popup = QApplication.activePopupWidget()
    assert popup is not None
    popup.setActiveAction(window.actions_by_id["new_two_players"])
    QTimer.singleShot(0, window, answer)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert "board" not in focus[:focus.index("shown")], focus
    assert window.session.board.ply >= 1  # No: the game goes on
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)


def test_the_cursors_cell_is_not_told_focused_once_a_dialog_has_opened(make_window, qtbot,
                                                                     monkeypatch):
    """The board tells screen readers of its cursor's cell a moment after it takes the focus;
    when a dialog opened in that moment (a command that gives the board the keyboard and then
    asks something), the focus is going to the dialog, and the cell is not told (it was: the
    board, its cell and the dialog within a few milliseconds)."""
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QDialog

    posted = listen(monkeypatch)
    window = make_window()
    table = window.board.table
    window.play_aids.panel.focus_moves()  # the keyboard elsewhere
    qtbot.waitUntil(lambda: not table.hasFocus(), timeout=3000)
    qtbot.wait(20)
    posted.clear()
    window.board.focus_cursor()
    dialog = QDialog(window)
    dialog.setModal(True)
    dialog.show()
    qtbot.wait(100)
    assert [e for e in posted if e[0] == QAccessible.Event.Focus] == []
    dialog.reject()
    window.activateWindow()
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: (QAccessible.Event.Focus, "11, black man") in posted,
                    timeout=3000)  # with no dialog, the cursor's cell is told


def test_turning_the_board_to_the_player_to_move_renames_only_the_changed_squares(
        make_window, qtbot, tmp_path, monkeypatch):
    """In a match the board turns to the player to move after every move; each square's cell
    stays its own object (its name, row and column), so that a screen reader is told of the
    squares the move changed, not of all 32 cells renamed, and the cursor stays on its square."""
    import random

    from PySide6.QtGui import QAccessible

    from checkers_desktop.session.match_model import MatchSettings, PlayerInfo

    posted = listen(monkeypatch)
    window = make_window()
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi",
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin="5150", ask_ready=False)
    match.official.start_game()
    window.refresh_board()
    board = window.board
    board.set_cursor(11)
    table = board.table
    cells_before = {sq: (table.index_of(sq).row(), table.index_of(sq).column())
                    for sq in range(1, 33)}
    flipped_before = board.flipped
    posted.clear()
    window.session.submit_text("11-15" if window.session.board.turn.name == "BLACK"
                               else "22-18")
    assert board.flipped != flipped_before  # the board turned to the other player
    renamed = [name for kind, name in posted if kind == QAccessible.Event.NameChanged]
    squares = sorted(int(name.split(",")[0]) for name in renamed)
    assert squares in ([11, 15], [18, 22]), renamed
    assert {sq: (table.index_of(sq).row(), table.index_of(sq).column())
            for sq in range(1, 33)} == cells_before
    assert board.cursor == 11
    assert table.board_model.square(table.currentIndex()) == 11
    # on the screen, the cursor's cell is where its square is painted now
    centre = table.visualRect(table.currentIndex()).center() + table.pos()
    assert board.squares[11].geometry().contains(centre)


def test_leaving_a_game_from_the_list_gives_the_keyboard_to_the_board_not_the_list_first(
        make_window, qtbot):
    """A new game asked from the legal-moves list while a game is in progress: when the window
    is active again as soon as the question goes (before the new game is made), the keyboard
    goes straight to the board, not to the list and then the board."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    window = make_window(confirm=None)
    window.new_game(Mode.TWO_PLAYERS)
    window.session.submit_text("11-15")
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.moves, timeout=3000)
    focus: list[str] = []

    def where(widget) -> str:
        return place_of(window, widget)

    def answer():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox) and modal.isVisible():
            # the window manager makes the window active again the moment the question goes
            modal.finished.connect(lambda _result: window.activateWindow())
            QApplication.instance().focusChanged.connect(
                lambda _old, new: focus.append(where(new)))
            modal.button(QMessageBox.StandardButton.Yes).click()
            return
        QTimer.singleShot(10, window, answer)

    QTimer.singleShot(0, window, answer)
    window.actions_by_id["new_two_players"].trigger()
    qtbot.waitUntil(lambda: window.session.board.ply == 0, timeout=5000)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    assert "list" not in focus, focus



@pytest.mark.parametrize("start", [1, 18])
def test_a_hint_is_said_once_wherever_the_cursor_was(make_window, qtbot, monkeypatch, start):
    """F9 (here "eleven jumps eighteen"), with the cursor away from the move (1) or on its
    landing square (18): a screen reader reads the cell the cursor comes to with its
    description, and says a change of the focused cell's description as it comes (Orca
    does); "Hint." is heard once, on the hinted piece, though every square of the move is
    marked on the screen. It was said twice: the landing square's mark told while the
    cursor was on it, or the piece's mark told after the cursor had come to it."""
    from PySide6.QtGui import QAccessible

    import checkers_desktop.ui.board_table as board_table
    from checkers_desktop.ui import practice

    monkeypatch.setattr(practice, "HINT_SECONDS", 0.2)
    window = make_window()
    window.session.load_position("B:W15,30:B11,1", Mode.COMPUTER)  # 11 must jump 15
    window.board.set_cursor(start)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table, timeout=3000)
    table = window.board.table
    heard: list[str] = []
    locus = [table.currentIndex()]

    def description(index) -> str:
        return table.model().data(index, Qt.ItemDataRole.AccessibleDescriptionRole) or ""

    def changed(event) -> None:  # the table's own events, as a listening screen reader gets them
        iface = event.accessibleInterface()
        cell = iface.tableCellInterface() if iface is not None else None
        if event.type() == QAccessible.Event.DescriptionChanged and cell is not None \
                and (cell.rowIndex(), cell.columnIndex()) == (locus[0].row(), locus[0].column()):
            heard.append(iface.text(QAccessible.Text.Description))

    monkeypatch.setattr(board_table, "QAccessible", listening(changed))

    def focused(current, _previous) -> None:
        # read as the screen reader gets round to it: with the description the cell has by then
        locus[0] = current
        QTimer.singleShot(0, lambda: heard.append(description(current)))

    table.selectionModel().currentChanged.connect(focused)
    with qtbot.waitSignal(window.practice.hint_ready, timeout=5000):
        window.practice.hint()
    qtbot.wait(50)
    assert window.board.cursor == 11
    assert {sq for sq in SQUARES if window.board.squares[sq].marks.destination} >= {11, 18}
    assert sum(text.count("Hint.") for text in heard) == 1, heard


def _cells_focused(window) -> list[int]:
    """Record the board's current cell each time it changes while the board has the keyboard
    focus (Qt then tells screen readers of a focus on that cell); returns the squares, in
    order."""
    table = window.board.table
    focused: list[int] = []
    table.selectionModel().currentChanged.connect(
        lambda current, _old: focused.append(table.board_model.square(current))
        if table.hasFocus() and current.isValid() else None)
    return focused


def test_a_piece_picked_up_by_voice_gets_the_focus_once_on_its_own_square(
        make_window, settings, qtbot):
    """"Pick up eleven" said with the cursor elsewhere: the focus goes straight to 11, once.
    It went first to the piece's nearest destination (16) and then, a moment later, to 11: two
    focus changes that a screen reader cut into each other, and the app's voice said "Cursor on
    16" of a cursor that was on 11."""
    from checkers_desktop.speech.voice import VoiceResult
    from checkers_desktop.ui.settings import VOICE_CONFIRMATION

    settings.set(VOICE_CONFIRMATION, "resign-and-draw")  # a pick-up is not read back
    window = make_window()
    board = window.board
    board.set_cursor(22)
    qtbot.waitUntil(board.has_cursor_focus, timeout=3000)
    focused = _cells_focused(window)
    window.synth.clear()
    voice = window.voice_input.session
    state = voice.listening_state()
    with qtbot.waitSignal(window.game_signals.position_changed, timeout=3000):
        voice.heard(VoiceResult("pick-up", heard="pick up eleven", square=11), state)
    assert window.session.selected == 11
    assert focused == [11]
    assert board.cursor == 11 and board.focused_square() == 11
    assert not any(text.startswith("Cursor on") for text in window.synth.spoken)
    # on the board, Enter picks the piece up and takes the cursor to a destination: one change
    focused.clear()
    window.session.cancel_selection()
    with qtbot.waitSignal(window.game_signals.position_changed, timeout=3000):
        qtbot.keyClick(board.table, Qt.Key.Key_Return)
    assert window.session.selected == 11
    assert focused == [board.cursor] and board.cursor in (15, 16)
