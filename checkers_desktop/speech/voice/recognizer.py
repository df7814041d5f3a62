"""Offline decoding of one utterance into a move, a command or nothing.

``VoiceRecognizer(...).decode(audio_data, board, profile=None) -> VoiceResult`` is the whole API the
UI needs; call it from a worker thread (a decode takes about a tenth of a second, see
benchmarks/voice.py) and emit the result to the GUI thread. No Qt here.

Decoding uses a ``pocketsphinx.Decoder`` (pocketsphinx 5) with the English acoustic model and
dictionary that ship inside the pocketsphinx wheel and a JSGF grammar built for the position by
:mod:`.grammar`. SpeechRecognition's ``recognize_sphinx(grammar=...)`` is not used: with
pocketsphinx 5 it fails because it builds its ``FsgModel`` the pocketsphinx 0.1 way.
"""

from __future__ import annotations

import array
import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from checkers_desktop.rules import Board, Move

from .grammar import (CONNECTORS, GARBAGE_PHONES, GARBAGE_PREFIX, PAUSE, VOCABULARY,
                      Interpretation, VoiceGrammar, build_grammar, diagonal_pairs, square_words)

__all__ = ["VoiceResult", "VoiceRecognizer", "RecognizerUnavailableError", "SAMPLE_RATE"]

SAMPLE_RATE = 16000
"""The decoder's audio: 16 kHz, 16-bit signed little-endian, mono."""


DECODER_OPTIONS = {
    # No dither: its random numbers would make the same audio decode differently from run to
    # run; add_noise_floor() does its job with fixed noise instead.
    "dither": False,
    # Narrow beams and a cap on active HMMs per frame: the same raw accuracy on the benchmark
    # corpus as the defaults (1e-48), about a third of the decoding time; beams of 1e-25 lose
    # words in noise (benchmarks/voice.py, seed 7). A main beam of 1e-40 decodes "help" for one
    # more espeak voice but let one wrong put-down through in noise (seed 5). They apply to the
    # alignments and the phone loop of the confidence checks too.
    "beam": 1e-30,
    "wbeam": 1e-25,
    "pbeam": 1e-30,
    "maxhmmpf": 3000,
    # Silence between words is likelier than the default says (a few points of accuracy in
    # noise on the benchmark).
    "silprob": 0.1,
}
"""pocketsphinx options used unless overridden (tuned with benchmarks/voice.py)."""


NOISE_FLOOR = 30
"""Standard deviation (in 16-bit sample units, about -60 dBFS) of the fixed noise added to every
utterance before decoding. A microphone never delivers exact digital silence, but WAV files and
padded captures do, and the decoder's silence model then fails to reach the grammar's end."""

_FLOOR = None


def _noise_floor(n_bytes: int) -> bytes:
    global _FLOOR
    if _FLOOR is None or len(_FLOOR) < n_bytes:
        rng = random.Random(16000)  # fixed: the same audio always decodes the same way
        samples = max(n_bytes // 2, 16000 * 10)
        noise = (int(rng.gauss(0, NOISE_FLOOR)) for _ in range(samples))
        _FLOOR = array.array("h", noise).tobytes()
    return _FLOOR[:n_bytes]


def add_noise_floor(pcm: bytes) -> bytes:
    """``pcm`` (16-bit mono) with the fixed :data:`NOISE_FLOOR` added, clipped to 16 bits."""
    pcm = pcm[: len(pcm) // 2 * 2]
    noise = _noise_floor(len(pcm))
    try:
        import audioop  # standard library up to 3.12; the audioop-lts package after

        return audioop.add(pcm, noise, 2)
    except ImportError:  # pragma: no cover - plain Python fallback
        a, b = array.array("h", pcm), array.array("h", noise)
        return array.array("h", (max(-32768, min(32767, x + y)) for x, y in zip(a, b))).tobytes()


CONFIDENCE_MARGIN = 2.0
"""How much better (log-likelihood per 10 ms frame, in pocketsphinx's log units) the heard move
must align with the audio than its closest rival before it is accepted. Rivals, said the same
way as the heard phrase, are the other legal moves that share a square with it ("eleven fifteen"
against "eleven sixteen"), the steps and single jumps that are *not* legal now but share a square
with it and differ in a look-alike square ("twenty six to nineteen" against the legal "twenty
three to nineteen": an illegal move said must never become a legal one), the other destinations
and look-alike non-destinations of a picked-up piece, and the look-alike squares of the other
pieces that could be picked up or chosen for removal (see :func:`look_alike`). Below the margin the result is "nothing" with reason "unsure": the player is asked
to say it again rather than risk a wrong move. Set on benchmarks/voice.py's corpus (seed 7),
checked on another (seed 5)."""


FIT_THRESHOLD = -3.0
"""How much worse (log-likelihood per frame) the heard phrase may fit the audio than free phone
recognition does before the result is refused as "unsure". Speech that is not a command at all
("can you hear me") is pulled onto some phrase of the grammar, which then fits far worse than
the phones actually said. Set on benchmarks/voice.py's corpus (seed 7), where it refuses about
4 % of correct results and most other speech; checked on another (seed 5)."""


_PAIRS = diagonal_pairs(1) + diagonal_pairs(2)


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
    close to a rival move or fitting the audio poorly, see :data:`CONFIDENCE_MARGIN` and
    :data:`FIT_THRESHOLD`).
    ``heard`` is the words recognised ("" for silence or noise); ``seconds`` the decoding time.
    """

    kind: str
    heard: str = ""
    move: Optional[Move] = None
    command: Optional[str] = None
    square: Optional[int] = None
    reason: Optional[str] = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.kind != "nothing"

    def result_text(self) -> str:
        """One word for tools: the PDN move with its whole path ("11-15", "26x17x10"), the command
        name ("read-board"), "pick-up 11", "square 15" or "?" when nothing fits."""
        if self.kind == "move":
            return self.move.pdn()
        if self.kind == "command":
            return self.command
        if self.kind == "pick-up":
            return f"pick-up {self.square}"
        if self.kind == "square":
            return f"square {self.square}"
        return "?"

    def feedback(self) -> str:
        """The sentence shown and spoken after the utterance.

        Recognised: "Heard: eleven to fifteen." Refused: "I heard 'eleven to sixteen', which is
        not a legal move." / "I did not understand. Say help for the commands."
        """
        if self.kind != "nothing":
            return f"Heard: {self.heard}."
        if self.reason == "not-legal":
            return f"I heard '{self.heard}', which is not a legal move."
        if self.reason == "ambiguous":
            return (f"I heard '{self.heard}', which could be more than one move. "
                    "Say it with 'to' or 'takes' between the squares.")
        if self.reason == "unsure":
            return f"I heard '{self.heard}', but I am not sure. Please say it again."
        if self.reason == "not-now":
            return f"I heard '{self.heard}', which is not possible now."
        return "I did not understand. Say help for the commands."


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


class VoiceRecognizer:
    """Decodes utterances against the grammar of a position.

    One pocketsphinx decoder per recognizer, created on first use (about 0.1 s) and reused; the
    grammar is swapped per position (about 1 ms) and the last few are kept. ``decode`` is
    thread-safe (a lock serialises it). Raises :class:`RecognizerUnavailableError` on first use
    when pocketsphinx or its model cannot be loaded.
    """

    def __init__(self, *, weights: Optional[dict[str, float]] = None, cache_size: int = 8,
                 hmm: Optional[str] = None, dictionary: Optional[str] = None,
                 decoder_options: Optional[dict] = None,
                 confidence_margin: float = CONFIDENCE_MARGIN,
                 fit_threshold: Optional[float] = FIT_THRESHOLD) -> None:
        self._weights = weights
        self.confidence_margin = confidence_margin
        self.fit_threshold = fit_threshold
        self._options = dict(DECODER_OPTIONS, **(decoder_options or {}))
        self._cache_size = cache_size
        self._paths = (hmm, dictionary)
        self._decoder = None
        self._searches: OrderedDict[tuple, tuple[str, VoiceGrammar]] = OrderedDict()
        self._counter = 0
        self._lock = threading.Lock()

    # -- set-up ------------------------------------------------------------------------------
    def _ensure_decoder(self):
        if self._decoder is not None:
            return self._decoder
        hmm, dictionary = self._paths
        if hmm is None or dictionary is None:
            hmm, dictionary = _default_model_paths()
        try:
            from pocketsphinx import Decoder

            decoder = Decoder(hmm=hmm, dict=dictionary, lm=None, samprate=SAMPLE_RATE,
                              loglevel="FATAL", **self._options)
        except Exception as exc:
            raise RecognizerUnavailableError(
                f"The speech recogniser could not start ({exc}).") from exc
        missing = [w for w in VOCABULARY if decoder.lookup_word(w) is None]
        if missing:
            raise RecognizerUnavailableError(
                "The speech dictionary lacks the words " + ", ".join(repr(w) for w in missing))
        decoder.add_word(PAUSE, "SIL", update=False)
        for i, phone in enumerate(GARBAGE_PHONES):
            decoder.add_word(f"{GARBAGE_PREFIX}{phone.lower()}", phone,
                             update=i == len(GARBAGE_PHONES) - 1)
        decoder.add_allphone_file("_phones")
        self._decoder = decoder
        return decoder

    def warm_up(self) -> None:
        """Load the model now (else on the first decode). Raises RecognizerUnavailableError."""
        with self._lock:
            self._ensure_decoder()
        _noise_floor(2 * SAMPLE_RATE * 10)

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
        pcm = add_noise_floor(pcm)
        with self._lock:
            decoder = self._ensure_decoder()
            grammar = self._activate(decoder, board, profile, selected, confirming, choosing)
            text = self._run(decoder, pcm)
            meaning = grammar.interpret(text)
            text = " ".join(w for w in text.split() if w != PAUSE)
            heard = " ".join(w.split("(")[0] for w in text.split()
                             if not w.startswith((GARBAGE_PREFIX, "<", "[")))
            if meaning.kind != "nothing":
                if not self._confident(decoder, pcm, heard, meaning, grammar):
                    meaning = Interpretation("nothing", reason="unsure")
        if meaning.kind == "nothing" and meaning.reason in ("not-understood", "silence"):
            heard = ""
        return VoiceResult(kind=meaning.kind, heard=heard, move=meaning.move,
                           command=meaning.command if meaning.kind == "command" else None,
                           square=meaning.square, reason=meaning.reason,
                           seconds=time.perf_counter() - start)

    @staticmethod
    def _run(decoder, pcm: bytes) -> str:
        try:
            decoder.start_utt()
            decoder.process_raw(pcm, full_utt=True)
            decoder.end_utt()
        except Exception as exc:
            raise RecognizerUnavailableError(f"The speech recogniser failed ({exc}).") from exc
        hyp = decoder.hyp()
        return hyp.hypstr if hyp is not None else ""

    def _align_score(self, decoder, pcm: bytes, text: str) -> Optional[float]:
        """Log-likelihood per frame of ``pcm`` forced onto the words ``text`` (None: no fit)."""
        try:
            decoder.set_align_text(text)
            decoder.start_utt()
            decoder.process_raw(pcm, full_utt=True)
            decoder.end_utt()
        except Exception:
            return None
        hyp = decoder.hyp()
        if hyp is None or not hyp.score > 0:
            return None
        return decoder.get_logmath().log(hyp.score) / max(decoder.n_frames(), 1)

    def _phone_score(self, decoder, pcm: bytes) -> Optional[float]:
        """Log-likelihood per frame of free phone recognition of ``pcm`` (None: no result)."""
        decoder.activate_search("_phones")
        self._run(decoder, pcm)
        hyp = decoder.hyp()
        if hyp is None or not hyp.score > 0:
            return None
        return decoder.get_logmath().log(hyp.score) / max(decoder.n_frames(), 1)

    def _confident(self, decoder, pcm: bytes, heard: str, meaning: Interpretation,
                   grammar: VoiceGrammar) -> bool:
        """True when ``heard`` fits the audio well (:data:`FIT_THRESHOLD`) and clearly better
        than each rival phrase (:data:`CONFIDENCE_MARGIN`)."""
        rivals = []
        if meaning.kind in ("move", "square", "pick-up") and self.confidence_margin > 0:
            rivals = _rival_phrases(heard, meaning, grammar)
        if not rivals and self.fit_threshold is None:
            return True
        top = self._align_score(decoder, pcm, heard)
        if top is None:
            return False
        if self.fit_threshold is not None:
            free = self._phone_score(decoder, pcm)
            if free is not None and top - free < self.fit_threshold:
                return False
        for phrase in rivals:
            score = self._align_score(decoder, pcm, phrase)
            if score is not None and top - score < self.confidence_margin:
                return False
        return True


def _rephrase(heard: str, path) -> Optional[str]:
    """``heard``'s way of saying a move ("move" or not, its joining words) applied to ``path``."""
    tokens = heard.split()
    joins = [t for t in tokens if t in CONNECTORS]
    words = [square_words(sq) for sq in path]
    if joins and len(joins) != len(words) - 1:
        return None
    out = ["move"] if tokens[:1] == ["move"] else []
    out.append(words[0])
    for i, word in enumerate(words[1:]):
        if joins:
            out.append(joins[i])
        out.append(word)
    return " ".join(out)


def look_alike(a: int, b: int) -> bool:
    """True when squares ``a`` and ``b`` (1-32) may be heard one for the other: two one-word
    squares ("fifteen" and "sixteen", "six" and "three": white noise masks such pairs), or two
    squares that share a word ("twenty six" with "twenty three", "six" or "thirty six")."""
    wa, wb = square_words(a).split(), square_words(b).split()
    if a == b:
        return False
    return (len(wa) == len(wb) == 1) or bool(set(wa) & set(wb))


def _neighbours(square: int) -> list[int]:
    """The squares one step or one single jump away from ``square`` on a diagonal."""
    return [b for a, b in _PAIRS if a == square]


def _rival_paths(meaning: Interpretation, grammar: VoiceGrammar) -> list[tuple[int, ...]]:
    """Paths of the moves a mishearing of ``meaning``'s move most likely came from: the other
    legal moves of the same length that share its first or its last square, and the steps and
    single jumps that are *not* legal now but share a square with it and differ in a square that
    sounds alike (:func:`look_alike`). The illegal ones matter as much: a player saying the
    illegal "twenty six to nineteen" must not have "twenty three to nineteen" played."""
    move = meaning.move
    paths = []
    for other in grammar.legal:
        if other == move or len(other.path) != len(move.path):
            continue
        if other.from_square == move.from_square or other.to_square == move.to_square:
            paths.append(tuple(other.path))
    if len(move.path) == 2:
        a, b = move.path
        legal = {(m.from_square, m.to_square) for m in grammar.legal}
        for x in _neighbours(a):
            if (a, x) not in legal and look_alike(x, b):
                paths.append((a, x))
        for y in _neighbours(b):
            if (y, b) not in legal and look_alike(y, a):
                paths.append((y, b))
    return paths


def _rival_phrases(heard: str, meaning: Interpretation, grammar: VoiceGrammar) -> list[str]:
    """The phrases a mishearing of ``heard`` would most likely have come from (see
    :func:`_rival_paths`); for a pick-up, the look-alike squares of the other movable pieces;
    for a bare square after a pick-up, the other destinations and the look-alike squares next
    to the piece that are not destinations now."""
    legal = grammar.legal
    if meaning.kind == "pick-up":
        return [f"pick up {square_words(sq)}"
                for sq in sorted({m.from_square for m in legal} - {meaning.square})
                if look_alike(sq, meaning.square)]
    if meaning.kind == "square" and grammar.selected is None:  # choosing a checker to remove
        return [square_words(sq) for sq in sorted(grammar.choosing or ())
                if sq != meaning.square and look_alike(sq, meaning.square)]
    if meaning.kind == "square":
        ends = {m.to_square for m in legal if m.from_square == grammar.selected}
        others = {sq for sq in _neighbours(grammar.selected)
                  if sq not in ends and look_alike(sq, meaning.square)}
        return [square_words(sq) for sq in sorted((ends | others) - {meaning.square})]
    rivals = []
    for path in _rival_paths(meaning, grammar):
        phrase = _rephrase(heard, path)
        if phrase and phrase != heard and phrase not in rivals:
            rivals.append(phrase)
    return rivals


def confirmation_question(result: VoiceResult) -> str:
    """The question asked before acting on ``result``: "Eleven to fifteen? Say yes or no."."""
    if result.command == "resign":
        return "Resign the game? Say yes or no."
    if result.command == "offer-draw":
        return "Offer a draw? Say yes or no."
    if result.move is not None:
        join = " takes " if result.move.is_capture else " to "
        words = join.join(square_words(sq) for sq in result.move.path)
        return f"{words[0].upper()}{words[1:]}? Say yes or no."
    return f"{result.heard}? Say yes or no."
