"""Voice commands' own sentences: on and off, push-to-talk, what was heard or refused, the
questions asked before acting or when unsure, help, and Learn my voice.

The words a player says (the commands' phrases, squares as "twenty two") are the recogniser's
vocabulary, in ``speech.voice.grammar``; the sentences around them are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from ..speech.spoken import number_words, path_words, spoken_move, spoken_squares
from .words import capital, join

if TYPE_CHECKING:
    from ..speech.voice.grammar import Command, Interpretation
    from ..speech.voice.result import VoiceResult

PUSH_TO_TALK_KEY = "F12"
"""The push-to-talk key (declared in ``ui/actions.py`` as the shortcut of "push_to_talk")."""


def voice_on_text(continuous: bool, toggles: bool) -> str:
    if continuous:
        return "Voice commands on, listening all the time. Say help for the commands."
    if toggles:
        return (f"Voice commands on. Press {PUSH_TO_TALK_KEY} to start talking and again to "
                "stop. Say help for the commands.")
    return (f"Voice commands on. Hold {PUSH_TO_TALK_KEY} while you speak. Say help for the "
            "commands.")


def voice_off_text() -> str:
    return "Voice commands off."


def listening_text() -> str:
    return "Listening."


def nothing_heard_text(toggles: bool = False) -> str:
    """Push-to-talk gave no speech (a key pressed and released with nothing said, or too far
    from the microphone); ``toggles``: the key is pressed once to start and once to stop."""
    if toggles:
        return (f"Nothing was heard. Press {PUSH_TO_TALK_KEY}, speak close to the microphone, "
                f"then press {PUSH_TO_TALK_KEY} again.")
    return (f"Nothing was heard. Hold {PUSH_TO_TALK_KEY} while you speak, close to the "
            "microphone.")


def nothing_to_confirm_text() -> str:
    return "There is nothing to confirm."


def say_which_move_text() -> str:
    """The answer to a "yes" or "no" said after "Did you say eleven to fifteen or eleven to
    sixteen?" (:func:`did_you_say_text`), which is answered by saying the move."""
    return "Please say the move you meant again."


def cancelled_text() -> str:
    return "Cancelled."


def keyboard_only_between_players_text(command: str) -> str:
    """``command`` ("resign" or "offer-draw") said in a game between two players: refused,
    since the voice cannot tell which player spoke."""
    what = "resign" if command == "resign" else "offer a draw"
    return (f"With two players, the voice cannot tell who is speaking: {what} with the "
            "keyboard.")


def closed_to_voice_text() -> str:
    """Something was said while a window or question that voice may not answer is open (the
    official's or the organiser's, a PIN, a form): nothing was done."""
    return "A question is open that is answered at the keyboard. Nothing was done by voice."


def stale_text(heard: str) -> str:
    return f"I heard '{heard}', but the position has changed since. Please say it again."


def confirmation_text(every_move: bool) -> str:
    """What is said when the confirmation setting changes. Turning it off warns about voices
    nearby: with other talkers in the background benchmarks/voice.py --babble saw a few wrong
    moves without confirmation and none with it. A move the recogniser is not sure enough of
    is read back either way (``speech.voice.needs_confirmation``)."""
    if every_move:
        return "Voice moves are confirmed: say yes to play each one."
    return ("Voice moves the game is sure of are played at once; others are read back. "
            "Resigning and draw offers are always confirmed. "
            "Where other people are talking nearby, keep confirmation on.")


def push_to_talk_mode_text(toggles: bool) -> str:
    if toggles:
        return f"Press {PUSH_TO_TALK_KEY} once to start talking and once to stop."
    return f"Hold {PUSH_TO_TALK_KEY} while you speak."


def voice_failure_text(no_microphone: bool, recogniser_failed: bool, detail: str) -> str:
    """Voice input failed: no microphone (or unplugged), or the recogniser failing; ``detail``
    what the library said. The keyboard always works, so each sentence says so."""
    detail = detail.strip().rstrip(".")
    if no_microphone:
        head = "Voice commands are off: no microphone can be used"
    elif recogniser_failed:
        head = "Voice commands are off: the speech recogniser failed"
    else:
        head = "Voice commands are off"
    text = f"{head} ({detail})." if detail else f"{head}."
    return text + " Play goes on by keyboard."


COMMAND_DESCRIPTIONS: dict[str, str] = {
    "read-board": "reads every piece on the board",
    "my-pieces": "reads where your pieces are",
    "their-pieces": "reads where your opponent's pieces are",
    "count": "counts the men and kings of each side",
    "last-move": "repeats the last move played",
    "my-moves": "lists the moves you can make",
    "time": "reads the clocks",
    "whose-turn": "says whose turn it is",
    "hint": "suggests a move (when the rules allow hints)",
    "undo": "takes back your last move (practice only)",
    "show-solution": "says the solution of the problem on the board (practice only)",
    "next-problem": "sets up the next problem for you (practice only)",
    "repeat": "says the last message again",
    "stop-talking": "stops the speech",
    "help": "lists what you can say",
    "resign": "resigns the game (asks you to confirm)",
    "offer-draw": "offers a draw (asks you to confirm)",
    "yes": "confirms",
    "no": "cancels",
}
"""What each spoken command does (keys: the names of ``speech.voice.COMMANDS``), for help."""


def voice_help_text(commands: Sequence[Command]) -> str:
    """What can be said, as the app's help shows and speaks it, one sentence a line:
    moves, jumps, pick-up, then each of ``commands`` (those the rules allow) by its first
    phrase. Raises ``KeyError`` for a command with no description."""
    lines = [
        "Say a move with its squares: \"eleven to fifteen\", \"move eleven to fifteen\" or "
        "\"eleven fifteen\".",
        "Say a jump with \"takes\" or \"jumps\": \"twenty two takes fifteen\"; a multiple jump "
        "names every landing square: \"twenty six takes seventeen takes ten\".",
        "Or pick up a piece, \"pick up eleven\", then say where it goes: \"fifteen\".",
        "Commands:",
    ]
    for command in commands:
        lines.append(f"\"{command.phrases[0]}\": {COMMAND_DESCRIPTIONS[command.name]}.")
    return "\n".join(lines)


def heard_text(result: VoiceResult) -> str:
    """The sentence shown and spoken after an utterance. Recognised: "Heard: eleven to
    fifteen." Refused, by ``result.reason``: "I heard 'eleven to sixteen', which is not a legal
    move." (the app names an illegal move more fully with :func:`illegal_move_text` where it
    can), "... which could be more than one move", "Did you say ... or ...?" or "... but I am
    not sure", "... which is not possible now", "Nothing was heard ..." (silence, push-to-talk
    held), "I did not understand. Say help for the commands."."""
    heard = result.heard
    if result.kind != "nothing":
        return f"Heard: {heard}."
    if result.reason == "not-legal":
        return f"I heard '{heard}', which is not a legal move."
    if result.reason == "ambiguous":
        return (f"I heard '{heard}', which could be more than one move. "
                "Say it with 'to' or 'takes' between the squares.")
    if result.reason == "unsure":
        question = did_you_say_text(result.rivals)
        if question:
            return question
        return f"I heard '{heard}', but I am not sure. Please say it again."
    if result.reason == "not-now":
        return f"I heard '{heard}', which is not possible now."
    if result.reason == "silence" and not heard:
        return nothing_heard_text()
    return "I did not understand. Say help for the commands."


def confirmation_question_text(result: VoiceResult) -> str:
    """The question asked before acting on ``result``: "Eleven to fifteen? Say yes or no."; for a
    pick-up that binds under strict touch-move, "Pick up eleven? You must then move it. Say yes
    or no."; for resign, a draw offer and taking back, what it does. A move, put-down or pick-up
    the recogniser heard but is not sure of (``result.confident`` false) is asked as a doubt:
    "Did you say eleven to fifteen? Say yes or no.", so that a player who confirms only
    resigning and draw offers knows why the move is read back."""
    doubt = not result.confident and result.kind != "command"
    if result.command == "resign":
        return "Resign the game? Say yes or no."
    if result.command == "offer-draw":
        return "Offer a draw? Say yes or no."
    if result.command == "undo":
        return "Take back your last move? Say yes or no."
    if result.move is not None:
        words = spoken_move(result.move)  # as the game tells moves: "fifteen jumps twenty-two"
        return f"{_asked(words, doubt)}? Say yes or no."
    if result.kind == "pick-up" and result.square is not None:
        return (f"{_asked('pick up ' + number_words(result.square), doubt)}? You must then "
                "move it. Say yes or no.")
    return f"{_asked(result.heard, doubt)}? Say yes or no."


def _asked(words: str, doubt: bool) -> str:
    return f"Did you say {words}" if doubt else capital(words)


def asked_again_text(heard: str, question: str, times: int) -> str:
    """What is said when the answer to a move or command read back was not taken (unsure, not
    understood): what was heard, then ``question`` (:func:`confirmation_question_text`) again,
    so that the player knows what is still waiting. From the second time in a row (``times``,
    1 for the first), how to be heard: "I heard 'yes', but I am not sure. Say yes or no on its
    own, close to the microphone. Eleven to fifteen? Say yes or no."."""
    lead = f"I heard '{heard}', but I am not sure." if heard else "I did not understand."
    if times >= 2:
        lead += " Say yes or no on its own, close to the microphone."
    return f"{lead} {question}"


def _said(meaning: Interpretation) -> str:
    """A result as the player says it: "eleven to fifteen", "pick up eleven", "fifteen"."""
    if meaning.kind == "move" and meaning.move is not None:
        return spoken_move(meaning.move)
    if meaning.kind == "pick-up" and meaning.square is not None:
        return f"pick up {number_words(meaning.square)}"
    if meaning.square is not None:
        return number_words(meaning.square)
    return ""


def did_you_say_text(rivals: Sequence[Interpretation]) -> Optional[str]:
    """The question asked when the recogniser could not tell ``rivals`` apart (best first):
    "Did you say eleven to fifteen or one to six?" (three: "..., one to six or seven to
    eleven?"); None when fewer than two differ in words. The player answers by saying the move
    again; nothing is played meanwhile."""
    said = list(dict.fromkeys(w for w in (_said(m) for m in rivals) if w))
    if len(said) < 2:
        return None
    return f"Did you say {join(said, 'or')}?"


def illegal_move_text(said: Sequence[int], jump: bool, piece: Optional[str],
                      destinations: Sequence[int], jumps_only: bool,
                      must_jump: Sequence[Sequence[int]] = ()) -> str:
    """A move said by voice that is not legal here, named, and what the piece said can do
    instead: "Seventeen to fourteen is not a legal move: the man on seventeen can go to
    thirteen." ``said``: the squares said (1-32, at least two); ``jump``: said as a jump
    ("takes", "jumps"); ``piece``: "man" or "king" when the player to move has one on the first
    square said, else None; ``destinations``: where that piece can go now (its legal moves'
    last squares); ``jumps_only``: those are jumps; ``must_jump``: when a jump is compulsory and
    the piece said has none, the paths of the jumps that must be taken instead (first three
    named). Raises ``ValueError`` for a square outside 1-32 (as ``number_words``)."""
    named = path_words(said, jump, "takes")
    text = f"{capital(named)} is not a legal move"
    first = number_words(said[0])
    if piece is None:
        return f"{text}: you have no piece on {first}."
    if destinations:
        verb = "can jump to" if jumps_only else "can go to"
        return f"{text}: the {piece} on {first} {verb} {spoken_squares(destinations, 'or')}."
    if must_jump:
        paths = [path_words(p, True, "takes") for p in must_jump[:3]]
        return f"{text}: a jump must be taken, {join(paths, 'or')}."
    return f"{text}: the {piece} on {first} cannot move now."


# --- Learn my voice (speaker enrolment) ------------------------------------------------------
def enrol_intro_text(count: int) -> str:
    """The start of Voice > Learn my voice: what the player does, and how to stop."""
    return (f"Learn my voice. You will read {number_words(count)} short phrases, one at a time. "
            "For each, press Space or Enter, say the phrase, then press Space or Enter again. "
            "Escape stops at any time and keeps nothing.")


def enrol_prompt_text(number: int, count: int, words: str) -> str:
    """Phrase ``number`` (1-based) of ``count`` to read: ``words`` ("eleven to fifteen")."""
    return (f"Phrase {number_words(number)} of {number_words(count)}: {words}. "
            "Press Space, say it, then press Space.")


def enrol_recording_text(words: str) -> str:
    """Shown (not spoken: the microphone is open) while a phrase is recorded."""
    return f"Recording. Say: {words}. Then press Space or Enter."


def enrol_measuring_text() -> str:
    return "Listening to that phrase."


def enrol_again_text(words: str) -> str:
    """A phrase that was not heard clearly (or nothing was heard): read it once more."""
    return f"I did not hear '{words}' clearly. Press Space and say it again."


def enrol_done_text(count: int, kept: bool, standard: bool = False) -> str:
    """All phrases read: the voice is learned and in use; ``kept``: saved for next time;
    ``standard``: what was learned is the standard settings (they suit this voice; no margin is
    ever lowered), so nothing changes now."""
    where = ("It is kept for next time." if kept
             else "It could not be saved, so it is used only until the app closes.")
    if standard:
        return (f"Your voice is learned from {number_words(count)} phrases. The standard "
                f"settings suit it, so voice commands work as before. {where}")
    return (f"Your voice is learned from {number_words(count)} phrases and voice commands use it "
            f"now. {where}")


def enrol_stopped_text() -> str:
    return "Learn my voice stopped. Nothing was kept; voice commands work as before."


def enrol_failed_text(detail: str) -> str:
    """Learning stopped because the microphone or the recogniser failed; ``detail`` says how
    (a sentence, or what the library said)."""
    detail = detail.strip()
    if detail and detail[-1] not in ".!?)":
        detail += "."
    text = f"Learn my voice stopped. {capital(detail)}" if detail else "Learn my voice stopped."
    return text + " Nothing was kept."


def enrol_no_microphone_text() -> str:
    """Learn my voice cannot start: no microphone can be used."""
    return ("Learn my voice needs a microphone, and none was found. Plug one in and choose "
            "Learn my voice again. Nothing was changed.")


def enrol_replace_question() -> str:
    """Asked when a learned voice is already kept for the player."""
    return ("A learned voice is already kept. Learn it again? The one kept now is replaced only "
            "when all the phrases have been read.")


def learned_voice_unusable_text(changed: bool) -> str:
    """A kept learned voice that cannot be used: damaged (``changed`` False) or not this app's
    own, unchanged (``changed``). Voice commands go on with the standard settings."""
    why = ("was changed outside the app" if changed else "is damaged")
    return (f"Your learned voice {why}, so voice commands use the standard settings. "
            "Voice, Learn my voice learns it again.")


def enrol_needs_whisper_text() -> str:
    return ("Learn my voice needs the Whisper speech model, which could not be loaded. Voice "
            "commands work as before.")
