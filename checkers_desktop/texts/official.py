"""The official's actions in a match, as said and written, and the questions the official is asked
before each (VA rulebook 3:00 s4-VI stalling, 3:00 s5 adjudication, 4:00 s4 a declared draw;
WCDF 6.2, 6.3 the forty-move ruling). ``spoken`` as in :mod:`.event`: words for the ear, digits
on paper."""

from __future__ import annotations

from typing import Optional

from .words import duration_words
from .words import number as _n

def the_official(by: str = "") -> str:
    """"The official" or, with the official's name, "The official, Carol Ruiz,"."""
    return f"The official, {by}," if by else "The official"


def paused_text(by: str = "") -> str:
    return f"{the_official(by)} pauses the clocks."


def resumed_text(by: str = "") -> str:
    return f"{the_official(by)} restarts the clocks."


def stalling_warning_text(name: str, side: str, by: str = "") -> str:
    return (f"{the_official(by)} warns {name}, {side}, for stalling. If it goes on, a checker "
            f"will be removed.")


def forfeit_text(name: str, number: int, reason: str, spoken: bool = True, by: str = "") -> str:
    text = f"{the_official(by)} declares that {name} forfeits game {_n(number, spoken)}"
    return text + (f": {reason}." if reason else ".")


def adjudication_requested_text(by: str = "") -> str:
    return f"{the_official(by)} adjudicates the game."


def declare_draw_text(by: str = "") -> str:
    return f"{the_official(by)} declares the game drawn: neither player can force a win."


def corrected_text(number: int, winner: Optional[str], spoken: bool = True, by: str = "") -> str:
    who = "a draw" if winner is None else f"{winner} wins"
    return f"{the_official(by)} corrects the result of game {_n(number, spoken)}: {who}."


def forty_ruling_text(attacker: str, strengthened: bool, spoken: bool = True,
                      by: str = "") -> str:
    if strengthened:
        return (f"{the_official(by)} rules that {attacker} has strengthened the position. Play "
                f"goes on.")
    return (f"{the_official(by)} rules that {attacker} did not strengthen the position in "
            f"{_n(40, spoken)} moves: the game is drawn.")


def stalling_penalty_logged_text(name: str, by: str = "") -> str:
    return f"{the_official(by)} applies a stalling penalty to {name}."


def match_ended_text(names: tuple[str, str], number: int, command: str, by: str = "",
                     spoken: bool = True) -> str:
    """The official ends a match before its end (``command`` says what follows: "a new game",
    "a new match", "an opened game"); game ``number`` stays unfinished."""
    a, b = names
    return (f"{the_official(by)} ends the match {a} against {b} before its end, for "
            f"{command}. Game {_n(number, spoken)} is recorded unfinished.")


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


# --- the official's PIN (session/official_pin.py, session/official_gate.py) ----------------------
ACTION_WORDS = {
    "pause": "Pausing the clocks",
    "resume": "Restarting the clocks",
    "stalling_warning": "A stalling warning",
    "stalling_penalty": "A stalling penalty",
    "adjudicate": "Adjudicating the game",
    "declare_draw": "Declaring the game drawn",
    "forfeit": "Declaring a forfeit",
    "correct_result": "Correcting a result",
    "forty_move_ruling": "The forty-move ruling",
    "end_match": "Ending the match before its end",
    "quit_match": "Quitting during the match",
    "event_pin": "Changing the event PIN",
    # the tournament (ui/tournament/menu.py): what changes the bracket and its records
    "register": "Registering competitors",
    "edit_competitor": "Changing a competitor",
    "withdraw": "Withdrawing a competitor",
    "divisions": "Making the divisions",
    "draw": "The draw",
    "tables": "Setting the tables",
    "call": "Calling a match to a table",
    "record_result": "Recording a result",
    "walkover": "A walkover",
}
"""What each official's action is called in the sentences below (keys: the action's kind)."""


def action_words(action: str) -> str:
    return ACTION_WORDS.get(action, "This")


def officials_action_text(action: str) -> str:
    """Said to a player who tried an official's action without the PIN."""
    return f"{action_words(action)} is the official's action. Ask the official."


def pin_prompt_text(action: str) -> str:
    """The PIN dialog's prompt."""
    return (f"{action_words(action)} is the official's action. Official: your name and the "
            f"official's PIN, then Enter.")


def pin_wrong_text(attempts_left: int) -> str:
    more = "1 more try" if attempts_left == 1 else f"{attempts_left} more tries"
    return f"Wrong PIN. {more} before a wait."


def pin_locked_text(seconds: int) -> str:
    return (f"Wrong PIN too many times. The PIN can be tried again in {duration_words(seconds)}. "
            f"Only the official has the PIN.")


def pin_too_short_text(shortest: int) -> str:
    return f"The PIN is too short: use at least {shortest} characters."


def pin_too_long_text(longest: int) -> str:
    return f"The PIN is too long: use at most {longest} characters."


def pins_differ_text() -> str:
    return "The two PINs are not the same. Type the PIN twice."


def pin_damaged_text() -> str:
    return "The stored official's PIN cannot be read."


def pin_required_text() -> str:
    return ("Set the official's PIN for this match (at least four characters, typed twice), or "
            "set an event PIN once in Event, Official, Set the event PIN.")


def official_name_required_text() -> str:
    return "Give the official's name: the record names the official who acts."


def event_pin_set_text() -> str:
    return "The event PIN is set. The official's actions in every match ask for it."


def event_pin_cleared_text() -> str:
    return "The event PIN is removed. Matches ask for the PIN set at their start."


def set_event_pin_question() -> str:
    return ("Set the event PIN: the official's PIN for every match on this computer, and for "
            "what changes the tournament here.")


def no_pin_match_text() -> str:
    """Said when the PIN of a resumed match cannot be found and no event PIN is set."""
    return ("This match has no official's PIN any more: anyone can act as the official until "
            "the official sets the event PIN (Event, Official, Set the event PIN).")
