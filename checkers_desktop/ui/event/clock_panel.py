"""The match's clocks in large type: whose turn, the game time left, this move's time.

Readings come from the referee's :class:`~checkers_desktop.rules.clock.GameClock` (VA rulebook
3:00 s4: 25-second warning and 30-second limit per move; 3:00 s5: 10 minutes a game; 3:00 s5-VI:
15 minutes and no move limit). The panel shows them; the event controller announces the warnings.
Screen readers get the same text as the panel's accessible description.

The panel sits in the window's side column, beside the board on a wide screen (see
``ui/table_layout.py``): one reading a line, its type as large as View > Text size asks
(:data:`BASE_POINTS` at 100 %) but made smaller when a line would not fit the column's width
(:meth:`ClockPanel.fit_width`), never below :data:`LARGE_PRINT_POINTS` nor below the window's own
text, so the clocks never take the board's room.
"""

from __future__ import annotations

import math
import re
from typing import Optional

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from ...rules.clock import GameClock
from ...session.match_model import format_game_time

__all__ = ["ClockPanel", "clock_readings", "BASE_POINTS", "LARGE_PRINT_POINTS"]

BASE_POINTS = 26.0
"""The clocks' type size at View > Text size 100 percent, points; it grows with the setting."""
LARGE_PRINT_POINTS = 18.0
"""The smallest type the clocks are shown in, points: the large-print minimum (18 point, as in
the American Printing House for the Blind's and the RNIB's large-print guidance)."""
TURN_LINES = 2
"""The most lines the turn line (whose turn, or the result) wraps to before the clocks' type is
made smaller (never below :meth:`ClockPanel.floor_points`)."""
_WIDEST = "Move 00:00 of 00:00"
"""The widest reading of a running clock (digits as 0): the type is fitted to it even when a
match is over and the readings are "Game -", so it does not grow then."""
_DIGIT = re.compile(r"\d")
_SECONDS = re.compile(r":\d\d\b")


def told_readings(readings: dict[str, str]) -> dict[str, str]:
    """What screen readers are told of ``readings``: the same without the seconds ("Game 14:42
    left" -> "Game 14 left"), so a running clock tells them once a minute, not every second
    (the C key says the clocks to the second)."""
    return {key: _SECONDS.sub("", text) for key, text in readings.items()}


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
    sentence, so a screen reader can read it on demand. Screen readers are told of a change
    once a minute while a clock runs, and at once when the turn or the state changes
    (:func:`told_readings`); the C key says the clocks to the second. :meth:`set_text_percent` follows
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
        self.fitted_points = point_size
        self._width = 0
        layout = QGridLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setVerticalSpacing(2)
        font = QFont(self.font())
        font.setPointSizeF(point_size)
        font.setBold(True)
        # one reading a line: whose turn (it may wrap), the game time, the move time, the state.
        # The labels are plain text (no text interaction): a screen reader reads them by name,
        # and selectable labels sent AT-SPI text events they have no text interface for.
        for row, key in enumerate(("turn", "game", "move", "state")):
            label = QLabel(self)
            label.setObjectName(f"clock-{key}")
            label.setFont(font)
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            layout.addWidget(label, row, 0)
            self.labels[key] = label
        self.readings: dict[str, str] = {}
        self._told: dict[str, str] = {}
        """:func:`told_readings` of what screen readers were last told."""
        self.show_clock(None, "")

    @property
    def point_size(self) -> float:
        """The clocks' type size View > Text size asks for, points (see :attr:`fitted_points`
        for the size shown)."""
        return self.base_points * self.text_percent / 100

    def set_text_percent(self, percent: int) -> None:
        """Size the clocks' type for View > Text size ``percent`` (100-300): ``base_points`` times
        ``percent`` / 100, never below ``base_points``; then fitted to the width."""
        self.text_percent = max(100, int(percent))
        self._apply(self._fit(self._width) if self._width else self.point_size)

    def floor_points(self) -> float:
        """The smallest type the clocks may have: the large-print minimum, or the window's own
        text size (View > Text size) when that is larger."""
        app_points = QFont(self.window().font() if self.window() else self.font()).pointSizeF()
        return max(LARGE_PRINT_POINTS, app_points * 1.25)

    def _fit(self, width: int) -> float:
        """The largest size, at most :attr:`point_size` and at least :meth:`floor_points`, at
        which each time reading fits on one line in ``width`` pixels (measured with every digit
        as 0, so the size does not change as the clocks run, and at least as a running clock's
        widest reading, so it does not grow when a match ends) and the turn line in at most
        :data:`TURN_LINES` lines."""
        layout = self.layout()
        sides = 0
        if layout is not None:  # the panel's layout is made with it
            margins = layout.contentsMargins()
            sides = margins.left() + margins.right()
        room = max(1, width - sides - 2 * self.lineWidth() - 4)
        font = QFont(self.labels["game"].font())
        font.setPointSizeF(self.point_size)
        lines = [_DIGIT.sub("0", self.readings.get(k, "")) for k in ("game", "move")]
        lines = [line for line in lines if line] + [_WIDEST]
        widest = max(QFontMetrics(font).horizontalAdvance(t) for t in lines)
        fitted = self.point_size * min(1.0, room / max(1, widest))
        floor = self.floor_points()
        fitted = max(floor, min(self.point_size, fitted))
        turn = self.readings.get("turn", "")
        while fitted > floor and turn and self._lines(turn, fitted, room) > TURN_LINES:
            fitted = max(floor, fitted - 1.0)
        return fitted

    def _lines(self, text: str, points: float, room: int) -> int:
        """How many lines ``text`` wraps to in ``room`` pixels at ``points``."""
        font = QFont(self.labels["turn"].font())
        font.setPointSizeF(points)
        metrics = QFontMetrics(font)
        box = metrics.boundingRect(QRect(0, 0, room, 1 << 20), Qt.TextFlag.TextWordWrap, text)
        return max(1, round(box.height() / max(1, metrics.lineSpacing())))

    def fit_width(self, width: int) -> float:
        """Fit the type to the panel's width ``width`` (pixels; the window's side column calls
        this before placing it) and return the size in points."""
        self._width = int(width)
        points = self._fit(self._width)
        if abs(points - self.fitted_points) >= 0.5:
            self._apply(points)
        return self.fitted_points

    def _apply(self, points: float) -> None:
        self.fitted_points = points
        for label in self.labels.values():
            font = QFont(label.font())
            font.setPointSizeF(points)
            label.setFont(font)
        self.updateGeometry()

    def show_clock(self, clock: Optional[GameClock], mover: str, *, paused: bool = False,
                   over: str = "") -> dict[str, str]:
        """Show ``clock``'s readings (see :func:`clock_readings`) and return them."""
        readings = clock_readings(clock, mover, paused=paused, over=over)
        if readings != self.readings:
            refit = [_DIGIT.sub("0", readings[k]) for k in ("game", "move")] != \
                [_DIGIT.sub("0", self.readings.get(k, "")) for k in ("game", "move")] or \
                readings["turn"] != self.readings.get("turn")
            self.readings = readings
            told = told_readings(readings) != self._told
            for key, text in readings.items():
                label = self.labels[key]
                if told or not label.accessibleName():
                    # an accessible name of its own: the text's change each second is not an
                    # event for screen readers (Orca fell behind on four a second and went
                    # silent); the name follows once a minute, or when the turn or state changes
                    label.setAccessibleName(text or " ")
                label.setText(text)
            self.labels["state"].setVisible(bool(readings["state"]))
            if told:
                self._told = told_readings(readings)
                self.setAccessibleDescription(self.spoken_text())
            if refit and self._width:
                self.fit_width(self._width)
        return readings

    def spoken_text(self) -> str:
        """The readings as one sentence ("Alice, Black, to move. Game 9:42 left. ...")."""
        parts = [self.readings.get(k, "") for k in ("turn", "game", "move", "state")]
        return ". ".join(p for p in parts if p) + "."
