"""When a voice result needs "yes" before it acts (the player's confirmation setting).

Lichess's voice moves confirm moves unless the player turns that off; resigning and offering a
draw are always confirmed here, since they cannot be taken back. A move the recogniser was not
sure enough of to play unasked is confirmed whatever the setting.
"""

from __future__ import annotations

import enum

from .result import VoiceResult

__all__ = ["Confirmation", "needs_confirmation", "pick_up_commits"]


class Confirmation(enum.Enum):
    """The setting: confirm every move, or only resign and draw offers."""

    EVERY_MOVE = "every-move"
    RESIGN_AND_DRAW = "resign-and-draw"


ALWAYS_CONFIRMED = ("resign", "offer-draw")
CONFIRMED_LIKE_MOVES = ("undo",)
"""Commands that change the position, confirmed when moves are: on benchmarks/voice.py "help"
and some other speech ("can you hear me") were now and then heard as "undo"."""


def needs_confirmation(result: VoiceResult, setting: Confirmation,
                       pick_up_binds: bool = False) -> bool:
    """True when ``result`` must be followed by "yes" before it acts: resign and offer-draw
    always; moves (said in full or put down after a pick-up) and "undo" under ``EVERY_MOVE``;
    and, under ``EVERY_MOVE``, a pick-up when ``pick_up_binds`` (strict touch-move, see
    :func:`pick_up_commits`), since a misheard pick-up would then bind the player to the wrong
    piece as surely as a misheard move plays it. Under ``RESIGN_AND_DRAW`` too, a move, put-down
    or binding pick-up that the recogniser accepted but not beyond doubt
    (:attr:`.result.VoiceResult.confident` false): the player chose speed, not to have a move
    nobody said played."""
    if result.kind == "command":
        return result.command in ALWAYS_CONFIRMED or (
            result.command in CONFIRMED_LIKE_MOVES and setting is Confirmation.EVERY_MOVE)
    every = setting is Confirmation.EVERY_MOVE or not result.confident
    if result.kind in ("move", "square"):
        return every
    if result.kind == "pick-up":
        return every and pick_up_binds
    return False


def pick_up_commits(touch_move_strict: bool) -> bool:
    """Whether "pick up N" binds the player to move that piece: it does exactly when strict
    touch-move is in force, as touching the piece would (VA rulebook 3:00, touch-move rule);
    otherwise another "pick up" changes the choice."""
    return bool(touch_move_strict)
