"""Practice's sentences: hints, taking a move back, and the review after the game (the engine's
``engine.review`` finds, this says)."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..engine.review import Finding
from ..rules import Move
from ..speech.spoken import spoken_move
from .game import no_game_text
from .reading import move_item_text

_MEN_WORDS = {1: "a man", 2: "two men", 3: "three men", 4: "four men", 5: "five men"}


def _what_and_tail(finding: Finding, other: str) -> tuple[str, str]:
    """What the played move did and what the better one does ("lost a man", "22 to 18 was
    better"), ``other`` the better move in words or digits."""
    kind, men_lost = finding.kind, finding.men_lost
    if kind == "threw_away_win":
        return "let a won game slip", f"{other} wins"
    if kind == "lost_game":
        return "lost the game", (f"{other} holds" if men_lost <= 0 else f"{other} was better")
    if kind == "lost_material":
        return f"lost {_MEN_WORDS.get(men_lost, f'{men_lost} men')}", f"{other} was better"
    return "cost about a man's worth of position", f"{other} was better"


def finding_text(finding: Finding, style: str = "jumps") -> str:
    """The sentence for one review finding (``engine.review.Finding``): "Your move 14, ten to
    fifteen, lost a man; twenty-two to eighteen was better." ``style``: how jumps are said."""
    played = spoken_move(finding.move, style)
    what, tail = _what_and_tail(finding, spoken_move(finding.better, style))
    return f"Your move {finding.move_number}, {played}, {what}; {tail}."


def finding_note_text(finding: Finding, style: str = "jumps") -> str:
    """One finding as shown in the list of moves played, under the move it is about, in digits
    as the list's items are: "Review: this move lost a man; 22 to 18 was better."."""
    what, tail = _what_and_tail(finding, move_item_text(finding.better, style))
    return f"Review: this move {what}; {tail}."


def review_shown_text(count: int, finished: bool = True) -> str:
    """The status line's note once the review is ready: where its findings are shown."""
    if count == 0:
        return ("Review: so far no mistake in your moves." if not finished
                else "Review: no move of yours changed the result.")
    if count == 1:
        return "Review: 1 move to look at; its note is under it in Moves played (Control H)."
    return (f"Review: {count} moves to look at; each note is under its move in Moves played "
            "(Control H).")


def review_text(findings: Sequence[Finding], style: str = "jumps", finished: bool = True) -> str:
    """What to say after the review: every finding's sentence, or that no move changed the
    result; of a game still going on (``finished`` False), that no mistake was found so far
    (there is no result yet to have changed)."""
    if not findings:
        if not finished:
            return "So far, the computer found no mistake in your moves."
        return "No move of yours changed the result."
    return " ".join(finding_text(f, style) for f in findings)


def hint_text(move: Move, reason: str, style: str = "jumps") -> str:
    """"Hint: twenty-two to eighteen. Wins a man." (``move`` a Move, ``reason`` the engine's)."""
    text = f"Hint: {spoken_move(move, style)}."
    if reason:
        text += f" {reason[:1].upper()}{reason[1:]}."
    return text


def took_back_text(moves: Iterable[Move], style: str = "jumps", ended: bool = False,
                   turn: Optional[str] = None) -> str:
    """"Took back eighteen to fifteen and eleven to fifteen. Your turn." (latest first);
    ``ended``: the game had ended (a resignation, a draw agreed, the last move), and now goes on:
    "Took back ... The game goes on. Your turn."; ``turn``: whose turn it is in other words, for a
    game of two players at one board, where "your turn" names nobody ("Red to move.")."""
    words = " and ".join(spoken_move(m, style) for m in moves)
    again = " The game goes on." if ended else ""
    return f"Took back {words}.{again} {turn or 'Your turn.'}"


def hints_not_allowed_text() -> str:
    return "Hints are not allowed under these rules."


def no_hint_no_game_text() -> str:
    return f"{no_game_text()} No hint."


def no_hint_computer_turn_text() -> str:
    return "No hint now: it is the computer's turn."


def looking_for_hint_text() -> str:
    return "Looking for a hint."


def no_move_to_suggest_text() -> str:
    return "There is no move to suggest."


def hint_failed_text() -> str:
    return "No hint: the engine failed."


def review_only_against_computer_text() -> str:
    return "The review is for games against the computer."


def nothing_to_review_text() -> str:
    return "No move of yours to review yet."


def reviewing_text() -> str:
    return "Reviewing your game."


def review_heading_text(findings: Sequence[Finding], style: str = "jumps", finished: bool = True) -> str:
    """What is said when the review is ready: "Review of your game: " and :func:`review_text`."""
    return "Review of your game: " + review_text(findings, style, finished)


def review_failed_text() -> str:
    return "The review could not be made."
