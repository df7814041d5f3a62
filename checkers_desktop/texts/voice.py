"""Voice commands' own sentences: on and off, push-to-talk, confirmation, what was not usable.

What was heard and the confirmation question come from ``speech.voice`` (``VoiceResult.feedback``,
``confirmation_question``), which owns the recogniser's vocabulary.
"""

from __future__ import annotations

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
