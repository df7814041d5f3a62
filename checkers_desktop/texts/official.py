"""The official's actions in a match, as said and written, and the questions the official is asked
before each (VA rulebook 3:00 s4-VI stalling, 3:00 s5 adjudication, 4:00 s4 a declared draw;
WCDF 6.2, 6.3 the forty-move ruling). ``spoken`` as in :mod:`.event`: words for the ear, digits
on paper."""

from __future__ import annotations

from typing import Optional

from .words import number as _n

def paused_text() -> str:
    return "The official pauses the clocks."


def resumed_text() -> str:
    return "The official restarts the clocks."


def stalling_warning_text(name: str, side: str) -> str:
    return (f"The official warns {name}, {side}, for stalling. If it goes on, a checker will be "
            f"removed.")


def forfeit_text(name: str, number: int, reason: str, spoken: bool = True) -> str:
    text = f"The official declares that {name} forfeits game {_n(number, spoken)}"
    return text + (f": {reason}." if reason else ".")


def adjudication_requested_text() -> str:
    return "The official adjudicates the game."


def declare_draw_text() -> str:
    return "The official declares the game drawn: neither player can force a win."


def corrected_text(number: int, winner: Optional[str], spoken: bool = True) -> str:
    who = "a draw" if winner is None else f"{winner} wins"
    return f"The official corrects the result of game {_n(number, spoken)}: {who}."


def forty_ruling_text(attacker: str, strengthened: bool, spoken: bool = True) -> str:
    if strengthened:
        return (f"The official rules that {attacker} has strengthened the position. Play goes "
                f"on.")
    return (f"The official rules that {attacker} did not strengthen the position in "
            f"{_n(40, spoken)} moves: the game is drawn.")


def stalling_penalty_logged_text(name: str) -> str:
    return f"The official applies a stalling penalty to {name}."


def which_player_question() -> str:
    return "Which player?"


def already_paused_text() -> str:
    return "The clocks are already paused."


def clocks_running_text() -> str:
    return "The clocks are running."


def pause_question() -> str:
    return "Pause the clocks?"


def resume_question() -> str:
    return "Restart the clocks?"


def stalling_warning_question(name: str) -> str:
    return f"Warn {name} for stalling?"


def stalling_penalty_question(name: str, chooser: str) -> str:
    return (f"Penalize {name} for stalling? {chooser} will choose one of {name}'s checkers to "
            "remove.")


def adjudicate_how_question() -> str:
    return "How?"


def adjudicate_question() -> str:
    return "Adjudicate the game now by the count (man 1, king 2)?"


def declare_draw_question() -> str:
    return "Declare the game drawn? A new game follows."


def forfeit_reason_question(name: str) -> str:
    return f"Why does {name} forfeit?"


def forfeit_question(name: str, number: int) -> str:
    return f"Declare that {name} forfeits game {number}?"


def which_game_question() -> str:
    return "Which game?"


def game_choice_text(number: int, black: str, white: str, pdn_result: str) -> str:
    return f"Game {number}: {black} - {white}, {pdn_result}"


def result_choices(black: str, white: str) -> tuple[str, str, str]:
    return (f"{black} wins", f"{white} wins", "Drawn")


def result_of_game_question(number: int) -> str:
    return f"Result of game {number}:"


def correction_reason_question() -> str:
    return "Reason for the correction:"


def correction_question(number: int, choice: str) -> str:
    return f"Set the result of game {number}: {choice}?"


def strengthened_by_question(attacker: str) -> str:
    return f"Has {attacker} strengthened the position?"


def forty_ruling_question(choice: str) -> str:
    return f"{choice}?"


def corrected_detail_text(text: str, detail: str) -> str:
    """A correction's announcement followed by the official's reason, if any."""
    return f"{text} {detail}." if detail else text


def corrected_by_official_text() -> str:
    """The record's reason for a correction when the official gave none."""
    return "corrected by the official"


def forfeit_by_official_text() -> str:
    """The record's reason for a forfeit when the official gave none."""
    return "declared by the official"


FORTY_RULINGS = ("Not strengthened: the game is drawn",
                 "Strengthened: play goes on")
"""The official's choices when the 40-move count completes (WCDF 6.2, 6.3)."""


ADJUDICATIONS = ("By the count now: man 1, king 2 (as at the time limit)",
                 "Drawn: neither player can force a win")
"""The official's two ways to adjudicate (VA rulebook 3:00 s5; 4:00 s4)."""
