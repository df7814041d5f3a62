"""The clocks' sentences: warnings, expiries, a penalty due, the clocks reading.

The events come from :meth:`checkers_desktop.rules.referee.Referee.poll` and
:mod:`checkers_desktop.rules.clock`; their rules are cited where they are applied there. All times
are seconds.
"""

from __future__ import annotations

from typing import Optional, Protocol

from ..rules import BLACK, WHITE, Board, Color
from ..rules.clock import (GameClock, GameTimeExpired, GameTimeWarning, MoveTimeExpired, MoveWarning,
                           SideTimeExpired)
from ..rules.rulings import FortyMovesCompleted, GameEnded, PenaltyDue
from .game import result_text
from .words import SideNames, capital, duration_words, join, side_name


class TimeAlert(Protocol):
    """A time threshold passed (``session.clock_alerts.Alert``): ``kind`` "game", "side" or
    "move"; ``seconds_left`` the threshold, seconds; ``color`` whose clock (None: the game's)."""

    @property
    def kind(self) -> str: ...
    @property
    def seconds_left(self) -> float: ...
    @property
    def color(self) -> Optional[Color]: ...

def _subject(color: Color, side_names: SideNames, you: Optional[Color]) -> str:
    return "You" if you is not None and color is you else side_name(side_names, color)


def clock_event_text(event: object, side_names: SideNames = None, you: Optional[Color] = None) -> str:
    """A referee or clock event (from ``Referee.poll()``) as a sentence, or "" for one that says
    nothing on its own. ``you``: the player at this keyboard against the computer ("You have 5
    seconds left to move."), None for two players.

    * ``MoveWarning`` (VA rulebook 3:00 s4, 25 s): "Black: 25 seconds used. 5 seconds left to move."
    * ``MoveTimeExpired``: "Black's time for this move is up."
    * ``GameTimeWarning`` (at 5, 2, 1 minutes): "5 minutes of game time left."
    * ``GameTimeExpired`` (VA 3:00 s5): "The game's time limit is reached."
    * ``SideTimeExpired`` (WCDF 4.3): "Black's clock has run out. Red may claim the game."
    * ``PenaltyDue``: "Red chooses a black checker to be removed: 9, 10 or 11." (the chooser is
      told to go to the checker and press Enter when it is ``you``)
    * ``FortyMovesCompleted`` (WCDF 6.2): "Forty moves are counted. ..."
    * ``GameEnded``: :func:`result_text`.
    """
    if isinstance(event, MoveWarning):
        left = max(0.0, event.limit - event.seconds)
        who = _subject(event.color, side_names, you)
        if who == "You":
            return f"You have {duration_words(left)} left to move."
        return f"{who}: {duration_words(event.seconds)} used. {duration_words(left)} left to move."
    if isinstance(event, MoveTimeExpired):
        if you is not None and event.color is you:
            return "Your time for this move is up."
        return f"{side_name(side_names, event.color)}'s time for this move is up."
    if isinstance(event, GameTimeWarning):
        return f"{capital(duration_words(event.seconds_left))} of game time left."
    if isinstance(event, GameTimeExpired):
        return "The game's time limit is reached."
    if isinstance(event, SideTimeExpired):
        return (f"{side_name(side_names, event.color)}'s clock has run out. "
                f"{side_name(side_names, event.color.other)} may claim the game.")
    if isinstance(event, PenaltyDue):
        victim = side_name(side_names, event.victim).lower()
        squares = join([str(s) for s in event.squares], "or")
        if you is not None and event.chooser is you:
            return (f"You choose a {victim} checker to be removed: {squares}. Go to it and press "
                    "Enter.")
        return f"{side_name(side_names, event.chooser)} chooses a {victim} checker to be removed."
    if isinstance(event, FortyMovesCompleted):
        return (f"Forty moves are counted for {side_name(side_names, event.attacker)}. The official "
                "judges whether the position was strengthened.")
    if isinstance(event, GameEnded):
        return result_text(event.result, side_names)
    return ""



def clocks_text(clock: GameClock, board: Board, side_names: SideNames = None, has_clock: bool = True,
                title: str = "") -> str:
    """The clocks reading command: game time left (or played), this move's time, each side's
    chess clock. ``clock`` is the referee's ``GameClock``; ``has_clock`` False says the rules have
    none: "No clocks: Practice at home rules have no time limit." """
    if not has_clock:
        return f"No clocks: {title or 'these'} rules have no time limit."
    parts = []
    remaining = clock.game_remaining()
    if remaining is not None:
        parts.append(f"Game time left: {duration_words(remaining)}.")
    else:
        parts.append(f"Game time played: {duration_words(clock.elapsed())}.")
    warning, limit = clock.move_limits()
    side = side_name(side_names, board.turn)
    if limit is not None:
        parts.append(f"{side}'s move: {duration_words(clock.move_elapsed())} used of "
                     f"{duration_words(limit)}.")
    else:
        parts.append(f"{side}'s move: {duration_words(clock.move_elapsed())} so far.")
    for color in (BLACK, WHITE):
        left = clock.side_remaining(color)
        if left is not None:
            parts.append(f"{side_name(side_names, color)}'s clock: {duration_words(left)}.")
    if clock.paused:
        parts.append("The clocks are stopped.")
    return " ".join(parts)




def time_left_text(alert: TimeAlert, side_names: SideNames = None, you: Optional[Color] = None) -> str:
    """A time threshold passed (``session.clock_alerts.Alert``): the game timer "30 seconds of
    game time left."; a side's clock "Your clock: 2 minutes left." / "Red's clock: 10 seconds
    left."; this move's time "You have 10 seconds left to move." / "Black has 30 seconds left to
    move." (``you``: the player's colour against the computer)."""
    left = duration_words(alert.seconds_left)
    if alert.kind == "game":
        return f"{capital(left)} of game time left."
    yours = you is not None and alert.color is you
    assert alert.color is not None  # a side's clock and a move's time are someone's
    if alert.kind == "side":
        whose = "Your" if yours else f"{side_name(side_names, alert.color)}'s"
        return f"{whose} clock: {left} left."
    who = "You have" if yours else f"{side_name(side_names, alert.color)} has"
    return f"{who} {left} left to move."
