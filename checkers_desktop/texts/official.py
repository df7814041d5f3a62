"""The official's actions in a match, as said and written, and the questions the official is asked
before each (VA rulebook 3:00 s4-VI stalling, 3:00 s5 adjudication, 4:00 s4 a declared draw;
WCDF 6.2, 6.3 the forty-move ruling). ``spoken`` as in :mod:`.event`: words for the ear, digits
on paper."""

from __future__ import annotations

from typing import Optional

from .event import no_game_in_match_text, no_match_text
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


ADJUDICATIONS = ("By the count now, the official's decision (man 1, king 2)",
                 "By the count now, for stalling (man 1, king 2)",
                 "By the count: the time limit is reached (man 1, king 2)",
                 "Drawn: neither player can force a win")
"""The official's ways to adjudicate (VA rulebook 3:00 s5; 4:00 s4): three causes by the count
(:class:`~checkers_desktop.rules.rulings.AdjudicationCause`, in this order), then a declared
draw (last)."""


def adjudicate_outcome_question(cause: str, counts: str, outcome: str, number: int) -> str:
    """The confirmation, stating the outcome before it is given: "Adjudicate game 2 by the count,
    for stalling: Bo Diaz (Black) 8, Ann Lee (Red) 7. Bo Diaz wins game 2. Give this result?"."""
    return (f"Adjudicate game {number} by the count, {cause}: {counts}. {outcome} Give this "
            "result?")


def adjudicate_outcome_text(winner: Optional[str], number: int) -> str:
    return f"{winner} wins game {number}." if winner else f"Game {number} is drawn."


def adjudicate_refused_text(reason: str, mover: str = "") -> str:
    if reason == "jump":
        return (f"{mover} has a jump to make: the jump is made first, then the count (VA "
                "rulebook 3:00 s5, s6). Adjudicate after it.")
    return ("The count is equal after a drawn game: this game is played out (VA rulebook 4:00 "
            "s4). It cannot be adjudicated by the count.")


CAUSE_WORDS = {"the official's decision": "by the official's decision",
               "stalling": "for stalling", "time limit": "at the time limit"}


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
    "start_game": "Starting the game and its clocks",
    "hold_match": "Keeping the match for later",
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


def new_pin_description_text(shortest: int) -> str:
    """The New PIN field's description: how long the PIN must be (``shortest`` characters: the
    match's or the event's rule)."""
    return f"At least {shortest} characters; hidden."


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


def pin_too_easy_text(reason: str) -> str:
    """A new PIN refused as the first one anyone would try (``reason``: "repeat", "sequence")."""
    what = ("one digit or a short group repeated" if reason == "repeat"
            else "digits in a row, up or down")
    return (f"That PIN is too easy to guess ({what}, such as 1111 or 1234). Choose digits "
            "with no pattern.")


def pin_wait_text(seconds: int, wrong: int) -> str:
    """Said after a wrong PIN once the laptop's wrong tries reach the wait."""
    return (f"Wrong PIN. {wrong} wrong tries on this laptop: the next try in "
            f"{duration_words(seconds)}. Only the official has the PIN.")


def game_started_text(number: int, by: str = "", spoken: bool = True) -> str:
    return f"{the_official(by)} starts game {_n(number, spoken)}. The clocks are running."


def awaiting_start_text(number: int, last: str = "") -> str:
    """The turn line while a game waits for the official: the last result stays on it."""
    before = f"{last} " if last else ""
    return (f"{before}Game {number} waits for the official: Event, Official, Start the game "
            "(Control Alt G). The clocks are stopped.")


def awaiting_start_headline(number: int, last: str = "") -> str:
    """The clocks' turn line while a game waits for the official, in a few words: "Ann Lee
    wins game one. Game 2 waits for the official." (the status line says how to start it)."""
    before = f"{last} " if last else ""
    return f"{before}Game {number} waits for the official."


def no_game_waiting_text() -> str:
    return "No game is waiting to start."


def pin_locked_state_text(problem: str, recovery: bool) -> str:
    """The official's actions are locked because the PIN that guards them cannot be trusted
    (``problem``: a ``PinFileState`` or event-PIN state value); says how the official recovers."""
    what = {
        "removed": "the official's PIN file of this match was removed outside the app",
        "damaged": "the official's PIN file of this match cannot be read",
        "changed": "the official's PIN file of this match was changed outside the app",
        "unsealed": "the official's PIN file of this match carries no seal: it was written "
                    "outside the app",
        "missing": "the official's PIN of this match is missing",
        "event changed": "the event PIN was changed outside the app",
        "event removed": "the event PIN was removed outside the app",
        "event damaged": "the event PIN cannot be read",
    }.get(problem, "the official's PIN cannot be trusted")
    how = ("The official types the event PIN, or the event's recovery code, to open them again."
           if recovery else
           "There is no event PIN on this laptop to open them again: the games can be played "
           "to their end; ask the organiser.")
    return f"The official's actions are locked: {what}. {how}"


def recovery_code_text(code: str) -> str:
    """Shown once when the event PIN is set."""
    spaced = " ".join(code[i:i + 4] for i in range(0, len(code), 4))
    return (f"The event PIN is set. Its recovery code is {spaced}. Write it down and keep it "
            "apart from the laptop: it is shown only now, and it opens the official's actions "
            "if the PIN files are damaged.")


def recovered_text(by: str = "") -> str:
    return (f"{the_official(by)} opens the official's actions again. The PIN that opened them "
            "now guards the match.")


def written_down_question() -> str:
    return "Have you written it down?"


# --- one form per official's action (ui/event/official.py, ui/event/action_form.py) -------------
def official_refusal_text(refusal: str, *, profile: str = "", chooser: str = "",
                          victim: str = "") -> str:
    """Why an official's action cannot be done now, said before any form opens (``refusal``: an
    ``OfficialRefusal`` value; ``profile`` the rules' title; ``chooser`` and ``victim`` the
    players of a penalty still pending)."""
    texts = {
        "no match": no_match_text(),
        "no game": no_game_in_match_text(),
        "already paused": already_paused_text(),
        "clocks running": clocks_running_text(),
        "no stalling rule": f"{profile} rules have no stalling warning or penalty.",
        "not warned": ("Neither player has been warned for stalling: a stalling penalty comes "
                       "after a warning (VA rulebook 3:00 s4-VI). Give the warning first."),
        "paused": ("The clocks are paused: restart them first (Event, Official, Restart the "
                   "clocks), then give the penalty."),
        "penalty pending": (f"{chooser} must first choose a {victim} checker to remove for the "
                            "last penalty."),
        "no adjudication": adjudicate_refused_text("play out"),
        "no forty count": "No forty-move count waits for the official's ruling.",
    }
    return texts[refusal]


FORM_TITLES = {
    "pause": "Pause the clocks",
    "resume": "Restart the clocks",
    "stalling_warning": "Stalling warning",
    "stalling_penalty": "Stalling penalty",
    "adjudicate": "Adjudicate",
    "forfeit": "Declare a forfeit",
    "correct_result": "Correct a result",
    "forty_move_ruling": "Forty-move ruling",
    "start_game": "Start the game",
    "hold_match": "Keep the match for later",
    "end_match": "End the match",
    "quit_match": "Quit during the match",
}
"""The title of each official's action form (keys: the action's kind)."""

CONFIRM_LABELS = {
    "pause": "&Pause the clocks",
    "resume": "&Restart the clocks",
    "stalling_warning": "&Warn",
    "stalling_penalty": "&Penalize",
    "adjudicate": "&Adjudicate",
    "forfeit": "&Declare the forfeit",
    "correct_result": "&Correct the result",
    "forty_move_ruling": "&Rule",
    "start_game": "&Start the game",
    "hold_match": "&Keep for later",
    "end_match": "&End the match",
    "quit_match": "&Quit",
}
"""The confirm button of each form (the ampersand marks its Alt key)."""

PIN_LABEL = "PIN"
OFFICIAL_NAME_LABEL = "Official's name"
PLAYER_LABEL = "Player"
HOW_LABEL = "How"
REASON_LABEL = "Reason (may be left empty)"
GAME_LABEL = "Game"
RESULT_LABEL = "Result"
RULING_LABEL = "Ruling"
CANCEL_LABEL = "Cancel"


def form_prompt_text(action: str, *, pin: bool, before: str = "", fields: bool = True) -> str:
    """What a form is for, said once when it opens: ``before`` (what the official should know
    first), then the fields in their Tab order (``fields``: whether it has choices besides the
    PIN)."""
    first = f"{before} " if before else ""
    if pin:
        keys = "Type the PIN, then Tab to the choices; " if fields else "Type the PIN; "
    else:
        keys = "Tab goes through the choices; " if fields else ""
    return (f"{first}{FORM_TITLES[action]}: the official's form. {keys}Enter confirms, Escape "
            "cancels and changes nothing.")


def start_game_intro_text(number: int, black: str, white: str, sides: tuple[str, str],
                          last: str = "") -> str:
    """What the players-ready form says first: the last game's result, then the game and who
    plays which side."""
    before = f"{last} " if last else ""
    black_side, white_side = sides
    return f"{before}Game {number}: {black}, {black_side}, against {white}, {white_side}."


def start_game_outcome_text(number: int, mover: str) -> str:
    """What starting a game does (``mover``: the player to move, named with the side)."""
    return (f"Both players are ready: game {number} starts and its clocks run. {mover} moves "
            "first.")


def hold_match_outcome_text(a: str, b: str) -> str:
    return (f"The match {a} against {b} is kept for later: it stays listed in Event, Resume a "
            "match, until the official resumes or ends it. A new game is set up.")


def end_match_outcome_text(number: int) -> str:
    return (f"The match ends now. The games played stay in the records; game {number} is "
            "recorded unfinished and cannot be resumed.")


def quit_match_outcome_text() -> str:
    return ("Checkers closes. The match is saved: when Checkers starts again it is offered, with "
            "the clocks paused.")


def player_choice_text(name: str, side: str) -> str:
    return f"{name} ({side})"


def pause_outcome_text() -> str:
    return "Every clock stops until the official restarts them."


def resume_outcome_text() -> str:
    return "The clocks start again; the player to move is on the clock."


def warning_outcome_text(name: str, side: str) -> str:
    return (f"{name}, {side}, is warned for stalling. If it goes on, a checker will be "
            "removed.")


def penalty_outcome_text(name: str, chooser: str) -> str:
    return (f"{name} is penalized for stalling: {chooser} chooses one of {name}'s checkers, "
            "which is removed.")


def draw_outcome_text(number: int) -> str:
    return f"Game {number} is drawn: neither player can force a win. A new game follows."


def count_outcome_text(cause: str, counts: str, outcome: str) -> str:
    """Adjudication by the count: "By the count, for stalling: Bo Diaz (Black) 8, Ann Lee (Red)
    7. Bo Diaz wins game 2."."""
    return f"By the count, {cause}: {counts}. {outcome}"


def forfeit_outcome_text(name: str, winner: str, number: int, reason: str) -> str:
    why = f" Reason: {reason}." if reason else ""
    return f"{name} forfeits game {number}: {winner} wins it.{why}"


def correction_outcome_text(number: int, was: str, choice: str, reason: str) -> str:
    why = f" Reason: {reason}." if reason else ""
    return f"Game {number}, now {was}, becomes: {choice}.{why}"


def adjudication_choices(ways: tuple[Optional[str], ...]) -> tuple[str, ...]:
    """The labels of the adjudication ways (``AdjudicationCause`` values, None for a declared
    draw), in :data:`ADJUDICATIONS`' words."""
    index = {"the official's decision": 0, "stalling": 1, "time limit": 2}
    return tuple(ADJUDICATIONS[3] if way is None else ADJUDICATIONS[index[way]]
                 for way in ways)
