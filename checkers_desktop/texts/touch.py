"""Touch-move's sentences (VA rulebook 4:00 s1 strict, s1-VI liberal)."""

from __future__ import annotations

from typing import Sequence

from ..speech.spoken import number_words
from .words import join

def touch_text(square: int, strict: bool, destinations: Sequence[int]) -> str:
    """A piece picked up under a touch-move rule (VA rulebook 4:00 s1 strict, s1-VI liberal):
    "You picked up eleven. You must move it. It can go to fifteen or sixteen." (strict) or
    "You picked up eleven. It can go to fifteen or sixteen." (liberal)."""
    text = f"You picked up {number_words(square)}."
    if strict:
        text += " You must move it."
    if destinations:
        text += " It can go to " + join([number_words(s) for s in destinations], "or") + "."
    return text  # without the rule's words, as texts.game.picked_up_text says it


def put_back_refused_text(square: int) -> str:
    """Strict touch-move refuses putting a picked-up piece back (VA rulebook 4:00 s1)."""
    return f"You picked up {number_words(square)}: you must move it. Touch and move."


def must_move_held_text(held: int) -> str:
    return f"You already picked up {number_words(held)}: you must move it. Touch and move."


def put_back_touch_text(square: int) -> str:
    """Liberal touch-move: the piece is put back (VA rulebook 4:00 s1-VI)."""
    return f"You put {number_words(square)} back."


