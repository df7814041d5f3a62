"""pocketsphinx decoding of one utterance (:class:`SphinxRecognizer`): a ``pocketsphinx.Decoder``
(pocketsphinx 5) with the English acoustic model and dictionary that ship inside the pocketsphinx
wheel and a JSGF grammar built for the position by :mod:`.grammar`; the n-best list read for rival
meanings, and a free phone recognition for how well the chosen phrase fits the audio.
SpeechRecognition's ``recognize_sphinx(grammar=...)`` is not used: with pocketsphinx 5 it fails
because it builds its ``FsgModel`` the pocketsphinx 0.1 way.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from checkers_desktop.rules import Board
from checkers_desktop.rules.profiles import TouchRule

from . import denoise as _denoise
from .grammar import (GARBAGE_PHONES, GARBAGE_PREFIX, PAUSE, VOCABULARY, Interpretation,
                      VoiceGrammar, build_grammar)
from .result import SAMPLE_RATE, RecognizerUnavailableError, VoiceResult, same_meaning, sounds_alike

log = logging.getLogger(__name__)

__all__ = ["SphinxRecognizer", "Candidate", "choose", "lookalike_margin", "rival_margin",
           "is_whole_phrase", "DECODER_OPTIONS", "LOOKALIKE_MARGIN", "FIT_THRESHOLD",
           "BINDING_PICK_UP_MARGIN", "NBEST"]

DECODER_OPTIONS = {
    # No dither: its random numbers would make the same audio decode differently from run to
    # run; denoise.prepare() adds a fixed noise floor instead.
    "dither": False,
    # pocketsphinx's default HMM beam: the narrower 1e-35 tried before pruned the right path
    # away early in some utterances ("pick up twelve" came out as "eight eleven", a legal move,
    # on the seed-11 corpus of benchmarks/voice.py); the narrower word and phone beams and the
    # cap on active HMMs per frame keep decoding fast.
    "beam": 1e-48,
    "wbeam": 1e-25,
    "pbeam": 1e-35,
    "maxhmmpf": 5000,
    # The grammar's weight against the acoustics (default 6.5): 9 gained about half a point of
    # accuracy on clean speech and decodes faster (more is pruned); 12 let wrong moves through.
    "lw": 9.0,
    # Silence between words is likelier than the default says (a few points of accuracy in
    # noise on the benchmark).
    "silprob": 0.1,
}
"""pocketsphinx options of the main decoder, used unless overridden (tuned with
benchmarks/voice.py on seed 7, checked on seeds 5, 11 and 13)."""


PHONE_LOOP_OPTIONS = {
    "dither": False,
    # Every second frame and narrow beams: the free phone recognition only has to say how well
    # *some* speech sounds fit the audio, not which; about 30 ms instead of 55.
    "ds": 2,
    "beam": 1e-20,
    "pbeam": 1e-20,
    "wbeam": 1e-15,
    "maxhmmpf": 1000,
}
"""pocketsphinx options of the second decoder that runs free phone recognition (see
:data:`FIT_THRESHOLD`)."""


NBEST = 40
"""How many different word strings of the decoder's n-best list (from its word lattice) are read:
the first that is a whole phrase of the grammar is the result, the others are its rivals."""


LOOKALIKE_MARGIN = 450
"""How much better (pocketsphinx log units of 1.0001, shifted by 10 bits as the decoder reports
path scores; 450 is about 46 in natural log) the result's path must score than the best path in
the same decoding that means a *different legal* move, put-down, pick-up or checker whose squares
sound alike (:func:`.result.look_alike`: "fifteen" and "sixteen", "twenty six" and "twenty three").
Below it the result is "nothing" with reason "unsure", and the player is asked to say it again.
Scores of one decoding pass are comparable; scores of separate passes are not (pocketsphinx
normalises each frame by the best state it kept), which is why rivals come from the n-best list
and not from aligning each rival phrase separately. Set on benchmarks/voice.py: the closest wrong
result seen was a "sixteen" put down on 15 in noise at 317 (seed 5); 450 leaves room and costs
about a point of accuracy against 300."""


FIT_THRESHOLD = -12.0
"""How much worse (log-likelihood per frame, in the units of :data:`LOOKALIKE_MARGIN`) a move's
path may fit the audio than free phone recognition does before the move is refused as "unsure".
Speech that is not a command at all ("where did I put my glasses") is pulled onto some phrase of
the grammar, which then fits far worse than the phones actually said (-13 in that case, while
98 % of correct moves fit better than -8 on benchmarks/voice.py). Only moves, put-downs, pick-ups
and checkers chosen for removal are checked: a command heard by mistake changes nothing."""


BINDING_PICK_UP_MARGIN = 200
"""Under strict touch-move a pick-up binds the player to the piece (VA rulebook 4:00 s1), so a
misheard pick-up is nearly as bad as a misheard move. Such a pick-up must then score at least
this much better than *every* other whole phrase of the same decoding that means something else
(not only its look-alikes), else it is refused as "unsure". Set on the corpora of
benchmarks/voice.py with seeds 5, 7, 11 and 13: of 6 wrong pick-ups that passed the other checks
("eight to four" heard as "pick up four", "pick up seven" as "pick up ten"), 5 scored within 200
of another phrase, while 93 % of the right pick-ups (664 of 711) cleared it."""


def _default_model_paths() -> tuple[str, str]:
    try:
        import pocketsphinx
    except Exception as exc:  # ImportError, or OSError from the native library
        raise RecognizerUnavailableError(
            f"Voice commands need the pocketsphinx package, which could not be loaded ({exc}).")
    root = Path(pocketsphinx.get_model_path()) / "en-us"
    hmm, dictionary = root / "en-us", root / "cmudict-en-us.dict"
    if not hmm.is_dir() or not dictionary.is_file():
        raise RecognizerUnavailableError(
            f"The English speech model was not found in {str(root)!r}; reinstall pocketsphinx.")
    return str(hmm), str(dictionary)


@dataclass(frozen=True)
class Candidate:
    """One entry of the decoder's n-best list: the ``words`` (pause words left out), the path's
    ``score`` (see :data:`LOOKALIKE_MARGIN` for the units) and its ``meaning`` in the position."""

    words: str
    score: int
    meaning: Interpretation


def is_whole_phrase(meaning: Interpretation) -> bool:
    """True when the words are a whole phrase of the grammar (a result, or an illegal, ambiguous
    or not-now phrase); False for silence and for an unfinished path ("nine to") that the decoder
    returns when no path reached the grammar's end."""
    return meaning.kind != "nothing" or meaning.reason in ("not-legal", "ambiguous", "not-now")


def choose(candidates: list[Candidate]) -> Optional[Candidate]:
    """The first candidate that is a whole phrase (:func:`is_whole_phrase`), or None."""
    for candidate in candidates:
        if is_whole_phrase(candidate.meaning):
            return candidate
    return None


def _changes_the_game(meaning: Interpretation) -> bool:
    """Results that move or touch a piece or remove a checker, which a mishearing must not do."""
    return meaning.kind in ("move", "square", "pick-up")


def lookalike_margin(chosen: Candidate, candidates: list[Candidate]) -> float:
    """How much better ``chosen`` scores than the best candidate whose meaning is a different
    legal result that sounds alike (:func:`sounds_alike`); infinity when there is none."""
    gaps = [chosen.score - c.score for c in candidates
            if sounds_alike(chosen.meaning, c.meaning)]
    return min(gaps, default=float("inf"))


def rival_margin(chosen: Candidate, candidates: list[Candidate]) -> float:
    """How much better ``chosen`` scores than the best candidate that is a whole phrase
    (:func:`is_whole_phrase`) with a different meaning, whatever it is (another move, a command,
    an illegal move); infinity when there is none."""
    gaps = [chosen.score - c.score for c in candidates
            if is_whole_phrase(c.meaning) and not same_meaning(chosen.meaning, c.meaning)]
    return min(gaps, default=float("inf"))


def _heard(words: str) -> str:
    return " ".join(w.split("(")[0] for w in words.split()
                    if w != PAUSE and not w.startswith((GARBAGE_PREFIX, "<", "[")))


class SphinxRecognizer:
    """Decodes utterances against the grammar of a position with pocketsphinx (the fallback
    where the Whisper model is not installed).

    Two pocketsphinx decoders, created on first use (about 0.2 s; the noise removal's imports take
    about a second more) and reused: the main one, whose grammar is swapped per position (about
    1 ms; the last few are kept), and a small one for free phone recognition
    (:data:`FIT_THRESHOLD`). ``decode`` is thread-safe (a lock serialises it). Raises
    :class:`RecognizerUnavailableError` on first use when pocketsphinx or its model cannot be
    loaded.

    How an utterance is decoded: the audio is cleaned (:func:`.denoise.prepare`); the main
    decoder finds the best path through the position's grammar and its n-best list; the first
    whole phrase of that list is the result; a result that would move or touch a piece is refused
    as "unsure" when a look-alike rival scores within :data:`LOOKALIKE_MARGIN` of it, when it
    fits the audio poorly (:data:`FIT_THRESHOLD`), or, for a pick-up that binds the player under
    strict touch-move, when any other phrase comes within :data:`BINDING_PICK_UP_MARGIN`.
    """

    engine_name = "pocketsphinx"

    def __init__(self, *, weights: Optional[dict[str, float]] = None, cache_size: int = 8,
                 hmm: Optional[str] = None, dictionary: Optional[str] = None,
                 decoder_options: Optional[dict] = None,
                 lookalike_margin: Optional[float] = LOOKALIKE_MARGIN,
                 fit_threshold: Optional[float] = FIT_THRESHOLD,
                 binding_margin: Optional[float] = BINDING_PICK_UP_MARGIN,
                 denoise: bool = True) -> None:
        self._weights = weights
        self.lookalike_margin = lookalike_margin
        self.binding_margin = binding_margin
        self.fit_threshold = fit_threshold
        self.denoise = denoise
        self._options = dict(DECODER_OPTIONS, **(decoder_options or {}))
        self._cache_size = cache_size
        self._paths = (hmm, dictionary)
        self._decoder = None
        self._phone_decoder = None
        self._searches: OrderedDict[tuple, tuple[str, VoiceGrammar]] = OrderedDict()
        self._counter = 0
        self._lock = threading.Lock()

    # -- set-up ------------------------------------------------------------------------------
    def _new_decoder(self, options: dict):
        hmm, dictionary = self._paths
        if hmm is None or dictionary is None:
            hmm, dictionary = _default_model_paths()
        try:
            from pocketsphinx import Decoder

            return Decoder(hmm=hmm, dict=dictionary, lm=None, samprate=SAMPLE_RATE,
                           loglevel="FATAL", **options)
        except Exception as exc:
            raise RecognizerUnavailableError(
                f"The speech recogniser could not start ({exc}).") from exc

    def _ensure_decoder(self):
        if self._decoder is not None:
            return self._decoder
        decoder = self._new_decoder(self._options)
        missing = [w for w in VOCABULARY if decoder.lookup_word(w) is None]
        if missing:
            raise RecognizerUnavailableError(
                "The speech dictionary lacks the words " + ", ".join(repr(w) for w in missing))
        decoder.add_word(PAUSE, "SIL", update=False)
        for i, phone in enumerate(GARBAGE_PHONES):
            decoder.add_word(f"{GARBAGE_PREFIX}{phone.lower()}", phone,
                             update=i == len(GARBAGE_PHONES) - 1)
        self._decoder = decoder
        return decoder

    def _ensure_phone_decoder(self):
        if self._phone_decoder is None:
            phones = self._new_decoder(PHONE_LOOP_OPTIONS)
            phones.add_allphone_file("_phones")
            phones.activate_search("_phones")
            self._phone_decoder = phones
        return self._phone_decoder

    def warm_up(self) -> None:
        """Load the models and the noise removal now (else on the first decode). Raises
        RecognizerUnavailableError."""
        with self._lock:
            self._ensure_decoder()
            if self.fit_threshold is not None:
                self._ensure_phone_decoder()
        if self.denoise:
            _denoise.warm_up()

    def grammar_for(self, board: Board, profile=None, *, selected: Optional[int] = None,
                    confirming: bool = False, choosing=None) -> VoiceGrammar:
        """The grammar that :meth:`decode` uses for this position and state (no decoder needed)."""
        return build_grammar(board, profile, selected=selected, confirming=confirming,
                             weights=self._weights, choosing=choosing)

    def _activate(self, decoder, board, profile, selected, confirming, choosing=None
                  ) -> VoiceGrammar:
        flags = (getattr(profile, "allows_undo", True), getattr(profile, "allows_hints", True))
        choosing = None if choosing is None else frozenset(choosing)
        key = (board.key(), flags, selected, confirming, choosing)
        if key in self._searches:
            self._searches.move_to_end(key)
            name, grammar = self._searches[key]
        else:
            grammar = self.grammar_for(board, profile, selected=selected, confirming=confirming,
                                       choosing=choosing)
            self._counter += 1
            name = f"g{self._counter}"
            decoder.add_jsgf_string(name, grammar.jsgf)
            self._searches[key] = (name, grammar)
            while len(self._searches) > self._cache_size:
                _, (old, _) = self._searches.popitem(last=False)
                decoder.remove_search(old)
        decoder.activate_search(name)
        return grammar

    # -- decoding ----------------------------------------------------------------------------
    def decode(self, audio_data, board: Board, profile=None, *, selected: Optional[int] = None,
               confirming: bool = False, choosing=None) -> VoiceResult:
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``, any rate and width) as spoken
        by the side to move in ``board``. See :meth:`decode_pcm` for the other arguments."""
        pcm = audio_data.get_raw_data(convert_rate=SAMPLE_RATE, convert_width=2)
        return self.decode_pcm(pcm, board, profile, selected=selected, confirming=confirming,
                               choosing=choosing)

    def decode_pcm(self, pcm: bytes, board: Board, profile=None, *,
                   selected: Optional[int] = None, confirming: bool = False,
                   choosing=None) -> VoiceResult:
        """Decode raw 16 kHz 16-bit mono PCM.

        ``profile``: a rule profile (undo and hint are heard only when it allows them; None allows
        both). ``selected``: the square (1-32) of a piece already picked up, so that a bare
        destination ("fifteen") puts it down. ``confirming``: a confirmation question waits, so
        only yes, no, repeat, stop talking and help are heard. ``choosing``: the squares (1-32)
        of the offender's checkers while a penalty waits for the player to choose one to remove
        (VA rulebook 3:00 s4); a bare square or "remove N" among them gives kind "square" with no
        move, and no move is heard meanwhile. Never changes ``board``.
        Raises :class:`RecognizerUnavailableError` when the recogniser cannot run.
        """
        start = time.perf_counter()
        pcm = _denoise.prepare(pcm) if self.denoise else pcm
        details: dict = {}
        with self._lock:
            candidates, frames = self._decode_locked(pcm, board, profile, selected, confirming,
                                                     choosing)
            chosen = choose(candidates)
            if chosen is None:
                meaning = (candidates[0].meaning if candidates
                           else Interpretation("nothing", reason="silence"))
                heard = ""
            else:
                meaning, heard = chosen.meaning, _heard(chosen.words)
                binds = (meaning.kind == "pick-up"
                         and getattr(profile, "touch", None) is TouchRule.STRICT)
                if _changes_the_game(meaning) and not self._confident(
                        pcm, chosen, candidates, frames, binds):
                    details["top"] = meaning  # the best whole phrase, not sure enough alone
                    meaning = Interpretation("nothing", reason="unsure")
        if meaning.kind == "nothing" and meaning.reason in ("not-understood", "silence"):
            heard = ""
        return VoiceResult(kind=meaning.kind, heard=heard, move=meaning.move,
                           command=meaning.command if meaning.kind == "command" else None,
                           square=meaning.square, reason=meaning.reason,
                           seconds=time.perf_counter() - start, details=details)

    def candidates(self, pcm: bytes, board: Board, profile=None, *,
                   selected: Optional[int] = None, confirming: bool = False,
                   choosing=None) -> list[Candidate]:
        """The decoder's n-best list for raw 16 kHz 16-bit mono ``pcm`` (after the same clean-up
        as :meth:`decode_pcm`), best first, each with its path score and meaning: what the result
        was chosen from, for tools and tests. Same arguments and errors as :meth:`decode_pcm`."""
        pcm = _denoise.prepare(pcm) if self.denoise else pcm
        with self._lock:
            return self._decode_locked(pcm, board, profile, selected, confirming, choosing)[0]

    def _decode_locked(self, pcm: bytes, board: Board, profile, selected, confirming, choosing
                       ) -> tuple[list[Candidate], int]:
        """The n-best list and frame count of cleaned ``pcm`` in the position's grammar; the
        caller holds ``self._lock``."""
        decoder = self._ensure_decoder()
        grammar = self._activate(decoder, board, profile, selected, confirming, choosing)
        return self._candidates(decoder, pcm, grammar)

    @staticmethod
    def _run(decoder, pcm: bytes) -> None:
        try:
            # A fresh front end for every utterance: the model's feature settings switch on
            # pocketsphinx's own noise tracking, whose estimate otherwise carries over from one
            # utterance to the next, so that the same words decoded differently depending on what
            # was said before (about 0.1 ms).
            decoder.reinit_feat()
            decoder.start_utt()
            decoder.process_raw(pcm, full_utt=True)
            decoder.end_utt()
        except Exception as exc:
            raise RecognizerUnavailableError(f"The speech recogniser failed ({exc}).") from exc

    def _candidates(self, decoder, pcm: bytes, grammar: VoiceGrammar
                    ) -> tuple[list[Candidate], int]:
        """The best path and the n-best list of the main decoder, best first, one entry per
        word string (pause words removed), at most :data:`NBEST`; and the number of frames."""
        self._run(decoder, pcm)
        frames = max(decoder.n_frames(), 1)
        logmath = decoder.get_logmath()
        out, seen = [], set()

        def add(words: str, score: float) -> None:
            words = " ".join(w for w in words.split() if w != PAUSE)
            if words in seen or not score > 0:
                return
            seen.add(words)
            out.append(Candidate(words, logmath.log(score), grammar.interpret(words)))

        hyp = decoder.hyp()
        if hyp is not None:
            add(hyp.hypstr, hyp.score)
        try:
            for i, entry in enumerate(decoder.nbest() or ()):
                if i >= 10 * NBEST or len(out) >= NBEST:
                    break
                add(entry.hypstr, entry.score)
        except Exception as exc:  # noqa: BLE001 - no lattice (nothing decoded): the best path alone
            log.debug("no n-best list: %s", exc)
        return out, frames

    def _phone_score(self, pcm: bytes) -> Optional[float]:
        """Log-likelihood per frame of free phone recognition of ``pcm`` (None: no result)."""
        decoder = self._ensure_phone_decoder()
        self._run(decoder, pcm)
        hyp = decoder.hyp()
        if hyp is None or not hyp.score > 0:
            return None
        return decoder.get_logmath().log(hyp.score) / max(decoder.n_frames(), 1)

    def _confident(self, pcm: bytes, chosen: Candidate, candidates: list[Candidate],
                   frames: int, binds: bool = False) -> bool:
        """True when no look-alike rival comes within :data:`LOOKALIKE_MARGIN` of ``chosen``,
        no other phrase at all within :data:`BINDING_PICK_UP_MARGIN` when ``binds`` (a pick-up
        under strict touch-move), and ``chosen`` fits the audio well enough
        (:data:`FIT_THRESHOLD`)."""
        if (self.lookalike_margin is not None
                and lookalike_margin(chosen, candidates) < self.lookalike_margin):
            return False
        if (binds and self.binding_margin is not None
                and rival_margin(chosen, candidates) < self.binding_margin):
            return False
        if self.fit_threshold is not None:
            free = self._phone_score(pcm)
            if free is not None and chosen.score / frames - free < self.fit_threshold:
                return False
        return True
