"""The match's clocks in large type: whose turn, the game time left, this move's time.

Readings come from the referee's :class:`~checkers_desktop.rules.clock.GameClock` (VA rulebook
3:00 s4: 25-second warning and 30-second limit per move; 3:00 s5: 10 minutes a game; 3:00 s5-VI:
15 minutes and no move limit). The panel shows them; the event controller announces the warnings.
Screen readers get the same text as the panel's accessible description.
"""

from __future__ import annotations

import math
from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from ...rules.clock import GameClock
from ...session.match_model import format_game_time

__all__ = ["ClockPanel", "clock_readings", "BASE_POINTS"]

BASE_POINTS = 26.0
"""The clocks' type size at View > Text size 100 percent, points; it grows with the setting."""


def _remaining(seconds: Optional[float]) -> str:
    # Time left is rounded up, as a clock counting down shows it: 9:59.2 left reads "10:00".
    if seconds is None:
        return "-"
    return format_game_time(math.ceil(max(0.0, seconds) - 1e-9))


def clock_readings(clock: Optional[GameClock], mover: str, *, paused: bool = False,
                   over: str = "") -> dict[str, str]:
    """The panel's texts: ``turn`` ("Alice, Black, to move"), ``game`` ("Game 9:42 left" or
    "Game 3:10, no limit"), ``move`` ("Move 0:12 of 0:30" or "Move 0:12, no move limit") and
    ``state`` ("Paused", "" or ``over``). ``clock`` None gives "-" readings."""
    if clock is None:
        return {"turn": over or "No match", "game": "Game -", "move": "Move -", "state": ""}
    if clock.game_limit is not None:
        game = f"Game {_remaining(clock.game_remaining())} left"
    else:
        game = f"Game {format_game_time(clock.elapsed())}, no time limit"
    warning, limit = clock.move_limits()
    used = format_game_time(clock.move_elapsed())
    if limit is not None:
        move = f"Move {used} of {format_game_time(limit)}"
    else:
        move = f"Move {used}, no move limit"
    state = over or ("Paused" if paused else "")
    return {"turn": over or mover, "game": game, "move": move, "state": state}


class ClockPanel(QFrame):
    """Three large lines (turn, game time, move time) and a state line ("Paused").

    Call :meth:`show_clock` with the referee's clock (a ``QTimer`` in the window does it a few
    times a second). Accessible name "Clocks"; its description is the whole reading in one
    sentence, so a screen reader can read it on demand. :meth:`set_text_percent` follows
    View > Text size (``point_size`` at 100 percent, never smaller).
    """

    def __init__(self, parent: Optional[QWidget] = None,
                 point_size: float = BASE_POINTS) -> None:
        super().__init__(parent)
        self.setObjectName("clock-panel")
        self.setAccessibleName("Clocks")
        self.setFrameShape(QFrame.Shape.Box)
        self.setLineWidth(2)
        self.labels: dict[str, QLabel] = {}
        self.base_points = point_size
        self.text_percent = 100
        layout = QGridLayout(self)
        font = QFont(self.font())
        font.setPointSizeF(point_size)
        font.setBold(True)
        # turn on the first line (it is long), game and move time side by side, then the state
        places = {"turn": (0, 0, 1, 2), "game": (1, 0, 1, 1), "move": (1, 1, 1, 1),
                  "state": (2, 0, 1, 2)}
        for key, place in places.items():
            label = QLabel(self)
            label.setObjectName(f"clock-{key}")
            label.setFont(font)
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
            label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            layout.addWidget(label, *place)
            self.labels[key] = label
        self.readings: dict[str, str] = {}
        self.show_clock(None, "")

    @property
    def point_size(self) -> float:
        """The clocks' type size now, points."""
        return self.base_points * self.text_percent / 100

    def set_text_percent(self, percent: int) -> None:
        """Size the clocks' type for View > Text size ``percent`` (100-300): ``base_points`` times
        ``percent`` / 100, never below ``base_points``."""
        self.text_percent = max(100, int(percent))
        for label in self.labels.values():
            font = QFont(label.font())
            font.setPointSizeF(self.point_size)
            label.setFont(font)
        self.updateGeometry()

    def show_clock(self, clock: Optional[GameClock], mover: str, *, paused: bool = False,
                   over: str = "") -> dict[str, str]:
        """Show ``clock``'s readings (see :func:`clock_readings`) and return them."""
        readings = clock_readings(clock, mover, paused=paused, over=over)
        if readings != self.readings:
            self.readings = readings
            for key, text in readings.items():
                self.labels[key].setText(text)
            self.labels["state"].setVisible(bool(readings["state"]))
            self.setAccessibleDescription(self.spoken_text())
        return readings

    def spoken_text(self) -> str:
        """The readings as one sentence ("Alice, Black, to move. Game 9:42 left. ...")."""
        parts = [self.readings.get(k, "") for k in ("turn", "game", "move", "state")]
        return ". ".join(p for p in parts if p) + "."
