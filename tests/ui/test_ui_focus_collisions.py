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
