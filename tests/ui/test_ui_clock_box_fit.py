"""The match's clocks box beside the board on an event laptop's window (1366x768, 1280x720)
at every text size: each of its lines is shown whole while a game is played, while the next
game waits for the official (paused, after a long result), and once the match is over."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo

pytestmark = pytest.mark.timeout(120)

PIN = "2468"
# the window's area under the title bar on the kit's screens (Openbox), pixels
WINDOWS = {"1366x768": (1366, 749), "1280x720": (1280, 701)}


def _on_window(widget) -> QRect:
    return QRect(widget.mapTo(widget.window(), QPoint(0, 0)), widget.size())


def _cut_lines(window) -> list[str]:
    """The clocks box's lines not shown whole: a label lower than its text needs at its width,
    or one reaching out of the box, or the box out of the side column or the window."""
    QApplication.processEvents()
    panel = window.event_menu.panel
    cut = []
    box = _on_window(panel)
    column = _on_window(window.side)
    inside = QRect(window.centralWidget().mapTo(window, QPoint(0, 0)),
                   window.centralWidget().size())
    if not (column.contains(box) and inside.contains(box)):
        cut.append(f"box {box.getRect()} out of {column.getRect()} / {inside.getRect()}")
    room = panel.contentsRect()
    for key, label in panel.labels.items():
        if not label.isVisible():
            continue
        needed = label.heightForWidth(label.width())
        if label.height() < needed or not room.contains(label.geometry()):
            cut.append(f"{key} {label.text()!r}: {label.geometry().getRect()} needs {needed} "
                       f"in {room.getRect()}")
    return cut


def _unlocked(match):
    match.gate.unlock(PIN)
    return match.official


@pytest.mark.parametrize("screen", sorted(WINDOWS))
@pytest.mark.parametrize("text", [100, 150, 200, 300])
def test_the_clocks_box_shows_each_line_whole(make_window, qtbot, tmp_path, screen, text):
    window = make_window()
    window.resize(*WINDOWS[screen])
    window.display.set_text_size(text)
    menu = window.event_menu
    menu.records_dir = tmp_path / "records"
    menu.desk.ask_pin = lambda action, official, check: None  # the next game waits for them
    match = menu.start_match(MatchSettings(
        (PlayerInfo("Mary Jones", "Tampa VAMC", "70-74"),
         PlayerInfo("John Smith", "Reno VAMC", "85-up")), "va-standard",
        official="Carol Ruiz"), pin=PIN, ask_ready=False)
    _unlocked(match).start_game()
    window.session.submit_text("11-15")
    menu.refresh_clocks()
    assert match.game_running
    seen = {"playing": _cut_lines(window)}
    winner = match.player(WHITE)
    _unlocked(match).declare_forfeit(BLACK, "did not come back to the table")
    qtbot.waitUntil(lambda: match.awaiting_start, timeout=5000)  # the next game, deferred
    menu.refresh_clocks()
    assert not match.is_over
    seen["waiting"] = _cut_lines(window)
    _unlocked(match).start_game()
    loser = BLACK if match.player(BLACK) != winner else WHITE
    _unlocked(match).declare_forfeit(loser, "did not come back to the table")
    menu.refresh_clocks()
    assert match.is_over
    seen["over"] = _cut_lines(window)
    assert seen == {"playing": [], "waiting": [], "over": []}
