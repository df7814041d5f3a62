"""A move read from the transcript is scored against only the rivals that could change the
decision (PRUNE_RIVALS): the decision is the same as when every rival is aligned, and fewer texts
are aligned. No model here: a per-token model set by the test, whose probabilities at each token
sum to 1 (as Whisper's), so that the bound the pruning rests on holds."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice import simulate
from checkers_desktop.speech.voice.whisper import WhisperRecognizer, _rival_bound

VOCABULARY = 200


class _Tokens:
    """Words and punctuation as token ids (" 11 to 15." -> [" 11", " to", " 15", "."])."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def encode(self, text: str) -> list[int]:
        return [self.ids.setdefault(piece, len(self.ids))
                for piece in re.findall(r" ?[^ .,]+|[.,]", text)]


def _recognizer(said: str, sure: dict[int, dict[str, float]], prune: bool,
                hypotheses: list[str]) -> WhisperRecognizer:
    """A recogniser whose model heard ``said``: each of its tokens has probability 0.99 after
    the tokens of ``said`` before it (or ``sure[position]``, token -> probability, the rest of
    the mass spread over the vocabulary); a token after a text that has left ``said`` has
    probability 0.9."""
    recognizer = WhisperRecognizer(prune_rivals=prune, search_commands_alone=False,
                                   phrase_no_speech=0.6)
    tokens = _Tokens()
    truth = tokens.encode(said)
    recognizer._model = object()
    recognizer._np = np
    recognizer._tokenizer = tokens
    recognizer._encode = lambda samples: (None, 100)  # type: ignore[method-assign]
    recognizer._transcribe = lambda encoded: (  # type: ignore[method-assign]
        hypotheses, [-0.1] * len(hypotheses), 0.01)
    recognizer._end_first = lambda encoded: -20.0  # type: ignore[method-assign]
    aligned: list[list[int]] = []

    def token_logprobs(encoded, frames, batch):
        out = []
        for ids in batch:
            aligned.append(ids)
            lps, on_track = [], True
            for k, token in enumerate(ids):
                if on_track and k < len(truth):
                    table = {tokens.encode(w)[0]: p for w, p in sure.get(k, {}).items()}
                    table.setdefault(truth[k], 0.99)
                    rest = (1.0 - sum(table.values())) / VOCABULARY
                    p = table.get(token, rest)
                else:
                    p = 0.9
                lps.append(math.log(p))
                on_track = on_track and k < len(truth) and token == truth[k]
            out.append(lps)
        return out

    recognizer._token_logprobs = token_logprobs  # type: ignore[method-assign]
    recognizer.aligned = aligned  # type: ignore[attr-defined]
    return recognizer


SOUND = simulate.to_pcm16(np.full(16000, 0.1, np.float32))


def _both(said: str, sure: dict, hypotheses: list[str], fen: str = ""):
    board = Board(fen) if fen else Board()
    results = []
    for prune in (False, True):
        recognizer = _recognizer(said, sure, prune, hypotheses)
        result = recognizer.decode_pcm(SOUND, board)
        results.append((result, len(recognizer.aligned)))  # type: ignore[attr-defined]
    return results


def _same(a, b) -> bool:
    return (a.kind, a.move, a.command, a.square, a.reason, a.heard, a.rivals) == (
        b.kind, b.move, b.command, b.square, b.reason, b.heard, b.rivals)


def test_a_clear_move_is_accepted_as_before_aligning_one_text_instead_of_all_its_rivals():
    (full, full_count), (pruned, pruned_count) = _both(" 11 to 15.", {}, [" 11 to 15."])
    assert full.move == Board().parse_move("11-15") and _same(full, pruned)
    assert full_count > 30 and pruned_count == 1


def test_a_close_legal_rival_is_still_aligned_and_the_move_is_asked_about_as_before():
    # the model torn between fifteen and sixteen: 16 must still be scored, and asked about
    sure = {2: {" 15": 0.6, " 16": 0.35}}
    (full, full_count), (pruned, pruned_count) = _both(" 11 to 15.", sure, [" 11 to 15."])
    assert full.kind == "nothing" and full.reason == "unsure"
    assert Board().parse_move("11-16") in [r.move for r in full.rivals]
    assert _same(full, pruned) and 2 <= pruned_count < full_count


def test_an_illegal_rival_that_fits_better_is_still_found_and_named_as_before():
    # "eleven to fourteen" (no move here) said, the transcript wrote 15: refused by name
    sure = {2: {" 15": 0.3, " 14": 0.65}}
    (full, _), (pruned, pruned_count) = _both(" 11 to 15.", sure, [" 11 to 15."])
    assert full.kind == "nothing" and full.reason == "not-legal"
    assert full.heard == "eleven to fourteen"
    assert _same(full, pruned) and pruned_count >= 2


def test_the_bound_is_never_below_what_a_rival_parting_later_can_score():
    chosen, lps = [1, 2, 3, 4], [math.log(0.9), math.log(0.8), math.log(0.99), math.log(0.5)]
    # parts at the third token: the first two as in the chosen, then at most 1 - 0.99
    assert _rival_bound(lps, chosen, [1, 2, 7, 4]) == pytest.approx(
        math.log(0.9) + math.log(0.8) + math.log(0.01))
    assert _rival_bound(lps, chosen, [1, 2]) is None  # the chosen text cut short
    assert _rival_bound(lps, chosen, [1, 2, 3, 4, 5]) == pytest.approx(sum(lps))


def test_a_command_is_checked_against_the_hesitations_as_before_with_fewer_texts_aligned():
    # a clear "hint": the hesitations part from it at a token the model was sure of
    (full, full_count), (pruned, pruned_count) = _both(" Hint.", {0: {" Hint": 0.999}},
                                                       [" Hint."])
    assert full.command == "hint" and _same(full, pruned)
    assert full_count == 11 and pruned_count == 1
    # an "ahem" written " Hint.": " Ahem." is close, aligned, and the command refused as before
    sure = {0: {" Hint": 0.55, " Ahem": 0.44}}
    (full, _), (pruned, pruned_count) = _both(" Ahem.", sure, [" Hint."])
    assert full.kind == "nothing" and _same(full, pruned) and pruned_count >= 2


@pytest.mark.slow
def test_on_speech_the_model_decides_the_same_with_and_without_pruning():
    """Real speech (espeak-ng) through the real model: the same result either way, and fewer
    texts aligned with pruning."""
    import shutil

    from whisper_model import HAVE_MODEL

    if shutil.which("espeak-ng") is None or not HAVE_MODEL:
        pytest.skip("needs espeak-ng and the Whisper model")
    from test_voice_refusals import speak

    recognizers = [WhisperRecognizer(prune_rivals=p, threads=1) for p in (False, True)]
    aligned = [0, 0]
    for text in ("eleven to fifteen", "pick up nine", "read the board", "eleven to eighteen"):
        pcm = simulate.to_pcm16(speak(text))
        full, pruned = (r.decode_pcm(pcm, Board()) for r in recognizers)
        assert _same(full, pruned), text
        aligned[0] += full.details["scored"]
        aligned[1] += pruned.details["scored"]
    assert aligned[1] < aligned[0] / 3
