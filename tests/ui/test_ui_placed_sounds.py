"""Where things are, by sound: the cursor's tick and the move's sound are given the place on the
screen (column, row) where they happen; the setting switches it off and is remembered."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules.geometry import square_cell
from checkers_desktop.ui.settings import SOUND_PLACED


class PlacedPlayer:
    """Stands in for the SoundPlayer: records (name, place)."""

    def __init__(self) -> None:
        self.placed = True
        self.volume = 0.8
        self.muted = False
        self.played: list[tuple] = []

    def play(self, name, place=None):
        self.played.append((name, place))
        return True


def _place(window, square):
    row, col = square_cell(square, window.board.flipped)
    return col, row


def test_the_cursor_and_the_moves_are_heard_where_they_are(make_window, qtbot):
    player = PlacedPlayer()
    window = make_window(sound_player=player)
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: window.board.focused_square() == window.board.cursor)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageUp)
    assert player.played[-1] == ("cursor", _place(window, window.board.cursor))
    window.session.submit_text("11-15")
    assert ("move", _place(window, 15)) in player.played
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    reply = window.session.board.peek()
    assert player.played[-1] == ("move", _place(window, reply.to_square))
    # left and right ears: square 12 is at the screen's left edge from Black's chair
    assert _place(window, 12)[0] == 0 and _place(window, 1)[1] == 7


def test_the_setting_is_applied_said_and_remembered(make_window, settings):
    player = PlacedPlayer()
    window = make_window(sound_player=player)
    action = next(a for a in window.findChildren(type(window.actions_by_id["quit"]))
                  if a.objectName() == f"setting:{SOUND_PLACED.key}")
    assert action.isChecked() and player.placed
    action.setChecked(False)
    assert player.placed is False and settings.get(SOUND_PLACED) is False
    assert window.synth.spoken[-1] == "Place sounds on the board: off."
