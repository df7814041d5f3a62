"""The removal step after a penalty (VA rulebook 3:00 s4, the 30-second move limit; 3:00 s4-VI,
stalling): the opponent of the player penalised chooses one of that player's checkers to remove.

With two players at one keyboard the app cannot know who presses a key, so every sentence here
names who chooses ("the chooser") and whose checker goes ("the victim"): the prompt is addressed to
the chooser, the confirmation names the chooser, and the player penalised who tries to move or to
pick up a checker is told that the choice is the opponent's.

``chooser`` and ``victim`` are what the players are called: their names in a match ("Ann Lee"),
else the sides ("Red"). ``side`` is the victim's side ("Black"), ``kind`` "man" or "king".
``spoken`` as in :mod:`.event`: words for the ear, digits on paper.
"""

from __future__ import annotations

from typing import Sequence

from .words import join
from .words import number as _n

__all__ = [
    "choose_prompt", "choosing_headline", "confirm_question", "declined_text",
    "not_victims_text", "wait_for_choice_text", "wait_for_choice_shown", "removed_text", "history_note",
    "not_a_square_text", "not_allowed_text", "dialog_prompt_text", "no_penalty_text",
    "panel_choice_text",
]


def _how() -> str:
    return "move to it and press Enter, or type its square"


def _whose(victim: str, side: str = "") -> str:
    """"Mary Jones's Black" (a name and the side), "Black's" (the side is the name), "your"."""
    if victim == "you":
        return "your" + (f" {side}" if side else "")
    if side and side != victim:
        return f"{victim}'s {side}"
    return f"{victim}'s"


def choose_prompt(chooser: str, victim: str, stalling: bool, *, you: bool = False) -> str:
    """The one announcement when a penalty is due, addressed to the chooser: "Stalling penalty on
    Mary Jones. John Smith, choose one of Mary Jones's checkers to remove: move to it and press
    Enter, or type its square." (``you``: the player at the keyboard against the computer
    chooses)."""
    why = f"{'Stalling penalty' if stalling else 'Penalty'} on {victim}."
    if you:
        return f"{why} Choose one of {victim}'s checkers to remove: {_how()}."
    return f"{why} {chooser}, choose one of {victim}'s checkers to remove: {_how()}."


def choosing_headline(chooser: str, victim: str, side: str) -> str:
    """The status line and "whose turn" (T) while the choice is awaited."""
    return (f"Penalty: {chooser} chooses one of {_whose(victim, side)} checkers to remove. "
            f"Nobody moves until then.")


def confirm_question(chooser: str, victim: str, side: str, kind: str, square: int, *,
                     you: bool = False) -> str:
    """The confirmation asked before a checker is removed, naming the chooser: "Remove Mary
    Jones's Black man on 15? Only John Smith answers: the choice is John Smith's, not Mary
    Jones's." (digits: it is shown in a dialog and read with it)."""
    question = f"Remove {_whose(victim, side)} {kind} on {square}?"
    if you:
        return question
    return f"{question} Only {chooser} answers: the choice is {chooser}'s, not {victim}'s."


def declined_text(chooser: str, victim: str, *, you: bool = False) -> str:
    """The chooser (or the player penalised) answered No: nothing is removed, the step goes on."""
    if you:
        return f"Nothing removed. Choose one of {victim}'s checkers to remove: {_how()}."
    return (f"Nothing removed. {chooser}, choose one of {victim}'s checkers to remove: "
            f"{_how()}.")


def not_victims_text(square: int, empty: bool, chooser: str, victim: str, side: str) -> str:
    """A square that holds none of the victim's checkers was chosen."""
    what = f"Square {square} is empty." if empty else \
        f"The checker on {square} is not one of {_whose(victim)}."
    return f"{what} {chooser} chooses one of {_whose(victim, side)} checkers to remove."


def wait_for_choice_text(chooser: str, victim: str) -> str:
    """A move was tried while the choice is awaited (most often by the player penalised): what
    is said."""
    return f"{wait_for_choice_shown(chooser)} {chooser} first chooses one of {victim}'s checkers " \
        "to remove."


def wait_for_choice_shown(chooser: str) -> str:
    """The same refusal on the status line, whose headline already says who chooses whose
    checker (:func:`choosing_headline`): "Nobody moves now: it is John Smith's choice." """
    return f"Nobody moves now: it is {chooser}'s choice."


def removed_text(chooser: str, victim: str, side: str, kind: str, square: int,
                 spoken: bool = True) -> str:
    """"John Smith removes Mary Jones's Black man on fifteen." (on paper "on 15")."""
    return f"{chooser} removes {_whose(victim, side)} {kind} on {_n(square, spoken)}."


def history_note(chooser: str, victim: str, side: str, square: int) -> str:
    """The removal as the move history (H) reads it, after the move it followed."""
    return f"Penalty: {chooser} removed {_whose(victim, side)} checker on {_n(square)}."


def dialog_prompt_text(chooser: str, victim: str, allowed: Sequence[int]) -> str:
    """The prompt of the dialog that asks for the square (Event, Choose the checker to remove)."""
    return (f"{chooser}: type the square of {victim}'s checker to remove. It may be one of "
            + ", ".join(map(str, allowed)) + ".")


def not_a_square_text(typed: str) -> str:
    """What was typed in the square dialog names no square 1-32."""
    return f"{typed!r} is not a square. Type a number from 1 to 32."


def not_allowed_text(square: int, allowed: Sequence[int]) -> str:
    """The square typed holds none of the checkers that may be removed."""
    return (f"Square {square} holds none of the checkers that may be removed. Choose "
            + join([str(s) for s in allowed], "or") + ".")


def panel_choice_text(chooser: str) -> str:
    """The clocks' turn line while the choice is awaited."""
    return f"{chooser} chooses a checker to remove."


def no_penalty_text() -> str:
    return "No checker is to be removed now."
