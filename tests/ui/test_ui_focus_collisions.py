"""One focus event at a time: a move played from the legal-moves list is said before the list's
new item, a dialog opened after another takes the focus straight from it, and turning the board
renames only the squares whose content changed."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.session.game import Mode
from checkers_desktop.ui.a11y import PACE_MIN_MS


def key(qtbot, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def test_a_move_from_the_list_between_two_players_is_said_before_the_lists_new_item(
        make_window, qtbot):
    """Two players at one keyboard: the move played from the list is announced first, and the
    list's new item (the other player's moves, a focus change for a screen reader) comes once
    the move has about been said, not in the same moment, which cut the move off."""
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    said: list[tuple[float, str]] = []
    post = window.screen_reader._post
    window.screen_reader._post = lambda e: (said.append((time.monotonic(), e.message())),
                                            post(e))
    focus: list[float] = []
    panel.moves.currentItemChanged.connect(
        lambda item, _old: focus.append(time.monotonic()) if panel.moves.hasFocus() else None)
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
