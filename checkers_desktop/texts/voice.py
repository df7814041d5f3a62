"""Voice commands' own sentences: on and off, push-to-talk, confirmation, what was not usable.

What was heard and the confirmation question come from ``speech.voice`` (``VoiceResult.feedback``,
``confirmation_question``), which owns the recogniser's vocabulary.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..speech.spoken import number_words, path_words, spoken_squares
from .words import capital, join

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


def nothing_heard_text() -> str:
    return "Nothing was heard. Hold the key while you speak."


def nothing_to_confirm_text() -> str:
    return "There is nothing to confirm."


def cancelled_text() -> str:
    return "Cancelled."


def stale_text(heard: str) -> str:
    return f"I heard '{heard}', but the position has changed since. Please say it again."


def confirmation_text(every_move: bool) -> str:
    """What is said when the confirmation setting changes. Turning it off warns about voices
    nearby: with other talkers in the background benchmarks/voice.py --babble saw a few wrong
    moves without confirmation and none with it."""
    if every_move:
        return "Voice moves are confirmed: say yes to play each one."
    return ("Voice moves are played at once; only resigning and draw offers are confirmed. "
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
