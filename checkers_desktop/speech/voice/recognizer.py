"""Offline decoding of one utterance into a move, a command or nothing.

``VoiceRecognizer(...).decode(audio_data, board, profile=None) -> VoiceResult`` is the whole API the
UI needs; call it from a worker thread (a decode takes tens of milliseconds, see benchmarks/voice.py)
and emit the result to the GUI thread. No Qt here.

Decoding uses a ``pocketsphinx.Decoder`` (pocketsphinx 5) with the English acoustic model and
dictionary that ship inside the pocketsphinx wheel and a JSGF grammar built for the position by
:mod:`.grammar`. SpeechRecognition's ``recognize_sphinx(grammar=...)`` is not used: with
pocketsphinx 5 it fails because it builds its ``FsgModel`` the pocketsphinx 0.1 way.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from checkers_desktop.rules import Board, Move

from .grammar import (GARBAGE_PHONES, GARBAGE_PREFIX, VOCABULARY, VoiceGrammar, build_grammar,
                      square_words)

__all__ = ["VoiceResult", "VoiceRecognizer", "RecognizerUnavailableError", "SAMPLE_RATE"]

SAMPLE_RATE = 16000
"""The decoder's audio: 16 kHz, 16-bit signed little-endian, mono."""


DECODER_OPTIONS = {
    # Dither: digital silence (exact zeros, as padded or synthetic audio has) upsets the
    # cepstral mean normalisation; a little noise makes such audio decode like a microphone's.
    "dither": True,
}
"""pocketsphinx options used unless overridden (tuned with benchmarks/voice.py)."""


class RecognizerUnavailableError(RuntimeError):
    """pocketsphinx or its English model cannot be loaded; the message says why in plain words."""


@dataclass(frozen=True)
class VoiceResult:
    """What one utterance meant.

    ``kind``: "move" (``move`` is the legal move), "pick-up" (``square`` is the piece's square,
    1-32), "square" (a destination said after a pick-up: ``square`` and the resulting ``move``),
    "command" (``command`` is the name listed in accessibility/voice-commands.md) or "nothing"
    (``reason``: "silence", "not-understood", "not-legal", "ambiguous" or "not-now").
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
                 decoder_options: Optional[dict] = None) -> None:
        self._weights = weights
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
        for i, phone in enumerate(GARBAGE_PHONES):
            decoder.add_word(f"{GARBAGE_PREFIX}{phone.lower()}", phone,
                             update=i == len(GARBAGE_PHONES) - 1)
        self._decoder = decoder
        return decoder

    def warm_up(self) -> None:
        """Load the model now (else on the first decode). Raises RecognizerUnavailableError."""
        with self._lock:
            self._ensure_decoder()

    def grammar_for(self, board: Board, profile=None, *, selected: Optional[int] = None,
                    confirming: bool = False) -> VoiceGrammar:
        """The grammar that :meth:`decode` uses for this position and state (no decoder needed)."""
        return build_grammar(board, profile, selected=selected, confirming=confirming,
                             weights=self._weights)

    def _activate(self, decoder, board, profile, selected, confirming) -> VoiceGrammar:
        flags = (getattr(profile, "allows_undo", True), getattr(profile, "allows_hints", True))
        key = (board.key(), flags, selected, confirming)
        if key in self._searches:
            self._searches.move_to_end(key)
            name, grammar = self._searches[key]
        else:
            grammar = self.grammar_for(board, profile, selected=selected, confirming=confirming)
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
               confirming: bool = False) -> VoiceResult:
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``, any rate and width) as spoken
        by the side to move in ``board``. See :meth:`decode_pcm` for the other arguments."""
        pcm = audio_data.get_raw_data(convert_rate=SAMPLE_RATE, convert_width=2)
        return self.decode_pcm(pcm, board, profile, selected=selected, confirming=confirming)

    def decode_pcm(self, pcm: bytes, board: Board, profile=None, *,
                   selected: Optional[int] = None, confirming: bool = False) -> VoiceResult:
        """Decode raw 16 kHz 16-bit mono PCM.

        ``profile``: a rule profile (undo and hint are heard only when it allows them; None allows
        both). ``selected``: the square (1-32) of a piece already picked up, so that a bare
        destination ("fifteen") puts it down. ``confirming``: a confirmation question waits, so
        only yes, no, repeat, stop talking and help are heard. Never changes ``board``.
        Raises :class:`RecognizerUnavailableError` when the recogniser cannot run.
        """
        start = time.perf_counter()
        with self._lock:
            decoder = self._ensure_decoder()
            grammar = self._activate(decoder, board, profile, selected, confirming)
            try:
                decoder.start_utt()
                decoder.process_raw(pcm, full_utt=True)
                decoder.end_utt()
            except Exception as exc:
                raise RecognizerUnavailableError(f"The speech recogniser failed ({exc}).") from exc
            hyp = decoder.hyp()
            text = hyp.hypstr if hyp is not None else ""
        meaning = grammar.interpret(text)
        heard = " ".join(w for w in text.split() if not w.startswith(GARBAGE_PREFIX))
        if meaning.kind == "nothing" and meaning.reason == "not-understood":
            heard = ""
        return VoiceResult(kind=meaning.kind, heard=heard, move=meaning.move,
                           command=meaning.command if meaning.kind == "command" else None,
                           square=meaning.square, reason=meaning.reason,
                           seconds=time.perf_counter() - start)


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
