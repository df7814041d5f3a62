"""What an utterance meant, as every recogniser gives it (:class:`VoiceResult`), the error of a
recogniser that cannot run, and which squares sound alike. What the app says about a result
("Heard: eleven to fifteen.", "Did you say ... or ...?") is in ``texts.voice``. No decoder here: the recognisers
(:mod:`.sphinx`, :mod:`.whisper`, :mod:`.twostage`) import this module, never one another's
results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from checkers_desktop.rules import Move

from .grammar import Interpretation, square_words

__all__ = ["SAMPLE_RATE", "RecognizerUnavailableError", "VoiceResult", "look_alike", "sounds_alike",
           "same_meaning"]

SAMPLE_RATE = 16000
"""The decoder's audio: 16 kHz, 16-bit signed little-endian, mono."""


class RecognizerUnavailableError(RuntimeError):
    """pocketsphinx or its English model cannot be loaded; the message says why in plain words."""


@dataclass(frozen=True)
class VoiceResult:
    """What one utterance meant.

    ``kind``: "move" (``move`` is the legal move), "pick-up" (``square`` is the piece's square,
    1-32), "square" (a destination said after a pick-up: ``square`` and the resulting ``move``; or,
    while choosing a checker to remove for a penalty, its ``square`` and no move),
    "command" (``command`` is the name listed in accessibility/voice-commands.md) or "nothing"
    (``reason``: "silence", "not-understood", "not-legal", "ambiguous", "not-now" or "unsure": too
    close to a look-alike rival or fitting the audio poorly, see :data:`.sphinx.LOOKALIKE_MARGIN` and
    :data:`.sphinx.FIT_THRESHOLD`).
    ``heard`` is the words recognised ("" for silence or noise); ``seconds`` the decoding time.

    ``confident``: False for a move, pick-up or put-down accepted but not beyond doubt (read from
    a later hypothesis of Whisper's beam, taken on pocketsphinx's agreement, or with less margin
    over its best legal rival than a move played without a question needs,
    :data:`.whisper.UNASKED_MARGIN`): it is read back ("Eleven to fifteen? Say yes or no.") even
    when the player confirms only resigning and draw offers
    (:func:`.confirm.needs_confirmation`). True for everything else.

    ``rivals``: for "unsure" only, the results it could not tell apart, best first (each a
    :class:`.grammar.Interpretation` of kind "move", "pick-up" or "square"; at most three): the
    app asks "Did you say eleven to fifteen or one to six?" (``texts.voice.did_you_say_text``),
    and the player's next phrase is decoded as usual. ``details``: the recogniser's own figures (scores,
    margins, transcripts) for tools and benchmarks; not for the app to act on.
    """

    kind: str
    heard: str = ""
    move: Optional[Move] = None
    command: Optional[str] = None
    square: Optional[int] = None
    reason: Optional[str] = None
    seconds: float = 0.0
    rivals: tuple[Interpretation, ...] = ()
    confident: bool = True
    details: Optional[dict[str, Any]] = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.kind != "nothing"

    def result_text(self) -> str:
        """One word for tools: the PDN move with its whole path ("11-15", "26x17x10"), the command
        name ("read-board"), "pick-up 11", "square 15" or "?" when nothing fits."""
        if self.kind == "move" and self.move is not None:
            return self.move.pdn()
        if self.kind == "command" and self.command is not None:
            return self.command
        if self.kind == "pick-up":
            return f"pick-up {self.square}"
        if self.kind == "square":
            return f"square {self.square}"
        return "?"


def same_meaning(a: Interpretation, b: Interpretation) -> bool:
    return (a.kind, a.move, a.command, a.square) == (b.kind, b.move, b.command, b.square)


def sounds_alike(a: Interpretation, b: Interpretation) -> bool:
    """True when results ``a`` and ``b`` differ and may be heard one for the other: two moves of
    the same length whose squares are the same or :func:`look_alike` one by one (23-19 and 26-19;
    15-24 and 16-23), or two pick-ups, put-downs or chosen checkers on look-alike squares."""
    if same_meaning(a, b) or a.kind == "nothing" or b.kind == "nothing":
        return False
    if a.kind == "move" and b.kind == "move" and a.move is not None and b.move is not None:
        pa, pb = a.move.path, b.move.path
        return len(pa) == len(pb) and all(x == y or look_alike(x, y) for x, y in zip(pa, pb))
    if a.kind == b.kind and a.kind in ("square", "pick-up") and a.square is not None \
            and b.square is not None:
        return a.square != b.square and look_alike(a.square, b.square)
    return False


def look_alike(a: int, b: int) -> bool:
    """True when squares ``a`` and ``b`` (1-32) may be heard one for the other: two one-word
    squares ("fifteen" and "sixteen", "six" and "three": white noise masks such pairs), or two
    squares that share a word ("twenty six" with "twenty three", "six" or "thirty six")."""
    wa, wb = square_words(a).split(), square_words(b).split()
    if a == b:
        return False
    return (len(wa) == len(wb) == 1) or bool(set(wa) & set(wb))
