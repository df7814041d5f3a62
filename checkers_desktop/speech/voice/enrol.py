"""Learning a player's voice and microphone (Voice > Learn my voice): twelve phrases read once,
and what the recogniser changes for that speaker.

The player reads :data:`PROMPTS` (moves, a pick-up, commands, "yes" and "no"). Each recording is
measured on the Whisper model (:meth:`.whisper.WhisperRecognizer.measure`): how far the phrase
said scores above its rivals (the squares that look or sound alike, the neighbouring moves, "no"
for "yes", the hesitations for a command), and the speaker's mean log-mel spectrum over the
voiced frames. :func:`adapt` turns the twelve measures into a :class:`SpeakerAdaptation`:

- **Margins, by score normalisation.** A voice the model fits less well scores every phrase
  closer to its rivals, the wrong ones as much as the right one, and the other way round. The
  speaker's ``scale`` is the median margin of the moves read, divided by the same median over the
  tuning speakers (:data:`REFERENCE_FILE`, made by ``benchmarks/voice.py --enrol-reference`` on
  the tuning split only), kept within [:data:`SCALE_MIN`, :data:`SCALE_MAX`]. Every margin (the
  moves', :data:`.whisper.MOVE_MARGIN`, the binding pick-up's, and those that guard "yes" and the
  commands against "no", coughs and hesitations) is multiplied by it, so a voice that scores
  everything far apart, the wrong phrases too, needs more. No margin is ever lowered
  (:data:`SCALE_MIN` is 1): a wrong move or a "no" taken as "yes" must not happen for anyone.
- **Features.** The speaker's log-mel spectrum can be moved part of the way
  (:data:`OFFSET_SHARE`, at most :data:`OFFSET_LIMIT` a band) towards the tuning speakers' mean.
  It is measured and kept, but the share is 0: moving it cost accuracy on the held-out family
  (see :data:`OFFSET_SHARE`).

Nothing here plays a move; the adaptation is kept per player by ``storage.voice_profile`` and put
in force with :meth:`.whisper.WhisperRecognizer.adapt`. No Qt.
"""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from .grammar import diagonal_pairs, square_words

__all__ = ["Prompt", "PROMPTS", "PhraseMeasure", "SpeakerAdaptation", "Reference", "adapt",
           "measure_phrase", "load_reference", "REFERENCE_FILE", "SCALE_MIN", "SCALE_MAX",
           "OFFSET_SHARE", "OFFSET_LIMIT", "FORMAT"]

FORMAT = "checkers-desktop voice enrolment"
VERSION = 1

SCALE_MIN = 1.0
"""The lowest speaker scale: no margin is set below the one tuned for everyone. Lowering the move
margins for a voice the model follows less well (down to 0.6 of them) gained nothing measurable
on the held-out family (four Flite speakers, 381 utterances: the same right before and after)
and, on the recorded human voice (``benchmarks/voice.py --split recorded-human --enrol
--speakers 0,1``, 1,110 utterances in five rooms), gained 2 utterances and played one wrong
put-down (her "thirty one" in babble at 5 dB put down on 30, at scale 0.85)."""
KEPT_SCALE_MIN = 0.6
"""The lowest scale a kept enrolment may hold: what the game gave before :data:`SCALE_MIN` was 1.
Such a file is still read (it is not damaged), and its margins are raised to the standard ones."""
SCALE_MAX = 1.5
"""The highest speaker scale."""

OFFSET_SHARE = 0.0
"""The share of the gap between the speaker's mean log-mel spectrum and the tuning speakers'
that :func:`adapt` closes: none. Measured on the held-out family (``benchmarks/voice.py --split
heldout-family --enrol --speakers 6,5 --conditions white,babble10,far``, two Flite speakers,
231 utterances, white noise, babble at 10 dB, arm's length): with 0.5 (at most 0.15 a band)
their utterances were right 86.1 % against 89.6 % without adaptation; with the margins alone
(0), 89.6 % against 89.2 %. The spectrum of a
twelve-phrase enrolment in a quiet room is not the spectrum heard in noise, and Whisper's own
log-mel normalisation already takes out the level."""
OFFSET_LIMIT = 0.15
"""The largest offset a mel band is given (Whisper's log-mel scale: 0.15 is 6 dB)."""

FILLERS = (" Hmm.", " Uh.", " Um.", " Ah.", " Oh.", " Ahem.")
"""The hesitations a command or "yes" is measured against."""

REFERENCE_FILE = "enrolment.json"
"""The file in a model's folder with the tuning speakers' enrolment measures (:class:`Reference`);
without it no margin is changed (the features still are not: there is nothing to move them
towards)."""


@dataclass(frozen=True)
class Prompt:
    """One phrase to read: ``words`` as shown and spoken ("eleven to fifteen"), ``written`` as
    Whisper writes it (" 11 to 15."), ``kind`` "move", "yes", "no" or "command", and the
    ``rivals`` it is measured against (written likewise)."""

    words: str
    written: str
    kind: str
    rivals: tuple[str, ...]


def _move_prompt(a: int, b: int) -> Prompt:
    from .whisper import _look_alikes

    rivals: list[str] = []
    for x, y in diagonal_pairs(1) + diagonal_pairs(2):
        if (x == a or y == b) and (x, y) != (a, b):
            rivals.append(f" {x} to {y}.")
    for alike in _look_alikes(a):
        rivals.append(f" {alike} to {b}.")
    for alike in _look_alikes(b):
        rivals.append(f" {a} to {alike}.")
    rivals = [r for r in dict.fromkeys(rivals) if r != f" {a} to {b}."]
    return Prompt(f"{square_words(a)} to {square_words(b)}", f" {a} to {b}.", "move",
                  tuple(rivals))


def _pick_up_prompt(square: int) -> Prompt:
    from .whisper import _look_alikes

    near = [s for s in (square - 5, square - 4, square - 1, square + 1, square + 4, square + 5)
            if 1 <= s <= 32]
    rivals = [f" Pick up {s}." for s in dict.fromkeys(near + _look_alikes(square)) if s != square]
    return Prompt(f"pick up {square_words(square)}", f" Pick up {square}.", "move", tuple(rivals))


def _command_prompt(words: str) -> Prompt:
    written = " " + words[0].upper() + words[1:] + "."
    return Prompt(words, written, "command", FILLERS)


PROMPTS: tuple[Prompt, ...] = (
    _move_prompt(11, 15),
    _move_prompt(22, 18),
    _pick_up_prompt(9),
    Prompt("yes", " Yes.", "yes", (" No.",) + FILLERS),
    _move_prompt(24, 20),
    _move_prompt(12, 16),
    _command_prompt("read the board"),
    Prompt("no", " No.", "no", (" Yes.",)),
    _move_prompt(23, 19),
    _pick_up_prompt(30),
    _move_prompt(6, 10),
    _command_prompt("whose turn"),
)
"""The twelve phrases, in the order they are read: eight moves and pick-ups (the squares'
words from one to thirty, the teens and the twenties), two commands, "yes" and "no"."""


@dataclass(frozen=True)
class PhraseMeasure:
    """What one recording showed: its ``prompt`` (index in :data:`PROMPTS`), ``margin`` (the
    phrase's log-probability above its best rival, natural log; -inf when nothing was heard),
    ``mel_mean`` (the mean log-mel vector over the voiced frames, or () when none) and
    ``voiced`` (how many frames, 10 ms each)."""

    prompt: int
    margin: float
    mel_mean: tuple[float, ...] = ()
    voiced: int = 0

    @property
    def heard(self) -> bool:
        """Whether the phrase was heard as itself: sound, and above every rival."""
        return self.voiced >= MIN_VOICED and self.margin > 0.0


MIN_VOICED = 15
"""Voiced frames (10 ms) a recording needs to count: 0.15 s."""


def measure_phrase(measure: Callable[[bytes, list[str]], tuple], index: int,
                   pcm: bytes) -> PhraseMeasure:
    """The :class:`PhraseMeasure` of ``pcm`` (16 kHz 16-bit mono) read for prompt ``index``;
    ``measure`` is :meth:`.whisper.WhisperRecognizer.measure`. Raises ``IndexError`` for an
    index outside :data:`PROMPTS`, and what ``measure`` raises."""
    prompt = PROMPTS[index]
    scores, mel_mean, voiced = measure(pcm, [prompt.written, *prompt.rivals])
    margin = scores[0] - max(scores[1:])
    mel = tuple(round(float(v), 4) for v in mel_mean) if mel_mean is not None else ()
    return PhraseMeasure(index, float(margin), mel, int(voiced))


@dataclass(frozen=True)
class Reference:
    """The tuning speakers' measures on :data:`PROMPTS`: the median margin of the moves
    (``move_margin``) and the mean log-mel vector (``mel_mean``); ``speakers`` how many."""

    move_margin: float
    mel_mean: tuple[float, ...]
    speakers: int = 0

    @classmethod
    def from_json(cls, data: Any) -> "Reference":
        """Raises ``ValueError`` naming the field that is not what the benchmark writes."""
        if not isinstance(data, dict):
            raise ValueError("not an enrolment reference")
        move = data.get("move_margin")
        if not isinstance(move, (int, float)) or not 0 < move < 1000:
            raise ValueError("move_margin")
        mel = data.get("mel_mean")
        if not isinstance(mel, list) or not all(isinstance(v, (int, float)) for v in mel):
            raise ValueError("mel_mean")
        speakers = data.get("speakers", 0)
        if not isinstance(speakers, int):
            raise ValueError("speakers")
        return cls(float(move), tuple(float(v) for v in mel), speakers)

    def to_json(self) -> dict:
        return {"move_margin": round(self.move_margin, 3),
                "mel_mean": [round(v, 4) for v in self.mel_mean], "speakers": self.speakers}


def load_reference(folder: Optional[Path] = None) -> Optional[Reference]:
    """The :class:`Reference` in the model's folder (default: the model the recogniser loads);
    None when there is none or it cannot be read."""
    try:
        if folder is None:
            from .whisper import model_path

            folder = model_path()
        return Reference.from_json(json.loads((Path(folder) / REFERENCE_FILE).read_text("utf-8")))
    except Exception:  # noqa: BLE001 - no reference: the margins stay as they are
        return None


MARGIN_NAMES = ("move_margin", "binding_margin", "yes_margin", "yes_filler_margin",
                "command_filler_margin")
"""The recogniser's settings (:mod:`.whisper`) an enrolment sets."""


@dataclass(frozen=True)
class SpeakerAdaptation:
    """What a speaker's enrolment changes: ``scale`` (see the module docstring), the margins
    (natural log-probability, as :mod:`.whisper`'s constants of the same names), the
    ``feature_offset`` (one float a mel band, Whisper's log-mel scale; () for none) and
    ``phrases`` (how many recordings it rests on)."""

    scale: float
    move_margin: float
    binding_margin: float
    yes_margin: float
    yes_filler_margin: float
    command_filler_margin: float
    feature_offset: tuple[float, ...] = ()
    phrases: int = 0

    def margins(self) -> dict[str, float]:
        """The margins, by the recogniser's setting names."""
        return {name: float(getattr(self, name)) for name in MARGIN_NAMES}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "scale": round(self.scale, 4),
                **{k: round(v, 4) for k, v in self.margins().items()},
                "feature_offset": [round(v, 4) for v in self.feature_offset],
                "phrases": self.phrases}

    @classmethod
    def from_json(cls, data: Any) -> "SpeakerAdaptation":
        """Raises ``ValueError`` naming the first field that is not what the app writes (also
        for a value outside what :func:`adapt` can give: a file changed by hand is refused,
        not obeyed)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a voice enrolment")
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r} is not {VERSION}")
        scale = data.get("scale")
        if not isinstance(scale, (int, float)) or not KEPT_SCALE_MIN <= scale <= SCALE_MAX:
            raise ValueError("scale")
        values = {}
        defaults = _defaults()
        for name, default in defaults.items():
            value = data.get(name)
            low = default * (KEPT_SCALE_MIN if name in KEPT_LOWERED else 1.0)
            if (not isinstance(value, (int, float)) or isinstance(value, bool)
                    or not low - 1e-3 <= value <= default * SCALE_MAX + 1e-3):
                raise ValueError(name)
            values[name] = max(float(value), default)  # never below the standard
        scale = max(float(scale), SCALE_MIN)
        offset = data.get("feature_offset")
        if (not isinstance(offset, list) or len(offset) > 256
                or not all(isinstance(v, (int, float)) and abs(v) <= OFFSET_LIMIT + 1e-6
                           for v in offset)):
            raise ValueError("feature_offset")
        phrases = data.get("phrases")
        if not isinstance(phrases, int) or not 0 <= phrases <= len(PROMPTS):
            raise ValueError("phrases")
        return _made(float(scale), values, tuple(float(v) for v in offset), phrases)


KEPT_LOWERED = ("move_margin", "binding_margin")
"""The margins a kept enrolment may hold below the standard (:data:`KEPT_SCALE_MIN`); read as
the standard."""


def _defaults() -> dict[str, float]:
    from . import whisper

    return {"move_margin": whisper.MOVE_MARGIN, "binding_margin": whisper.BINDING_MARGIN,
            "yes_margin": whisper.YES_MARGIN, "yes_filler_margin": whisper.YES_FILLER_MARGIN,
            "command_filler_margin": whisper.COMMAND_FILLER_MARGIN}


def adapt(measures: Sequence[PhraseMeasure], reference: Optional[Reference]
          ) -> SpeakerAdaptation:
    """The adaptation the enrolment ``measures`` call for, against ``reference`` (the tuning
    speakers'; None: no margin changes and no offset). Measures of phrases not heard
    (:attr:`PhraseMeasure.heard` false) count in the scale with margin 0 (a voice the model
    does not follow keeps the standard margins, :data:`SCALE_MIN`) and not in the spectrum.
    Raises ``ValueError`` when no measure is given."""
    if not measures:
        raise ValueError("no phrase was measured")
    defaults = _defaults()
    moves = [max(0.0, m.margin) if math.isfinite(m.margin) else 0.0
             for m in measures if PROMPTS[m.prompt].kind == "move"]
    if reference is None or not moves:
        return _made(1.0, defaults, (), len(measures))
    scale = statistics.median(moves) / reference.move_margin
    scale = round(min(SCALE_MAX, max(SCALE_MIN, scale)), 4)  # as kept on disk
    margins = {name: round(value * scale, 4) for name, value in defaults.items()}
    offset: tuple[float, ...] = ()
    spectra = [m.mel_mean for m in measures
               if m.heard and len(m.mel_mean) == len(reference.mel_mean)]
    if spectra and OFFSET_SHARE > 0:
        bands = len(reference.mel_mean)
        mean = [statistics.fmean(s[i] for s in spectra) for i in range(bands)]
        offset = tuple(round(max(-OFFSET_LIMIT, min(OFFSET_LIMIT,
                                                    OFFSET_SHARE * (reference.mel_mean[i]
                                                                    - mean[i]))), 4)
                       for i in range(bands))
    return _made(scale, margins, offset, len(measures))


def _made(scale: float, margins: dict[str, float], offset: tuple[float, ...],
          phrases: int) -> SpeakerAdaptation:
    return SpeakerAdaptation(scale=scale, move_margin=margins["move_margin"],
                             binding_margin=margins["binding_margin"],
                             yes_margin=margins["yes_margin"],
                             yes_filler_margin=margins["yes_filler_margin"],
                             command_filler_margin=margins["command_filler_margin"],
                             feature_offset=offset, phrases=phrases)


def reference_of(measures_by_speaker: Sequence[Sequence[PhraseMeasure]]) -> Reference:
    """The :class:`Reference` of the tuning speakers' measures (one list per speaker): the
    median of the speakers' median move margins, and the mean of their mean spectra. Raises
    ``ValueError`` when there is none."""
    medians, spectra = [], []
    for measures in measures_by_speaker:
        moves = [max(0.0, m.margin) for m in measures
                 if PROMPTS[m.prompt].kind == "move" and math.isfinite(m.margin)]
        if moves:
            medians.append(statistics.median(moves))
        heard = [m.mel_mean for m in measures if m.heard and m.mel_mean]
        if heard:
            spectra.append([statistics.fmean(s[i] for s in heard)
                            for i in range(len(heard[0]))])
    if not medians or not spectra:
        raise ValueError("no speaker was measured")
    mel = tuple(statistics.fmean(s[i] for s in spectra) for i in range(len(spectra[0])))
    return Reference(statistics.median(medians), mel, len(medians))
