"""A recorded human voice for the voice benchmark: evaluation only, never training or tuning.

The voice is Allison Smith's, as recorded for the Asterisk telephone exchange's prompts
(Debian ``asterisk-core-sounds-en-g722``, 16 kHz G.722, and ``asterisk-core-sounds-en-wav``, the
same takes at 8 kHz; licence CC BY-SA 3.0, "Recorded by: Allison Smith", financial contributions
by Digium, Inc., as the packages' ``copyright`` files say). She recorded single words (the numbers
0 to 20, thirty, "no", "oh", "time", "with"...) and whole prompts ("Press 0 for help", "Please try
again"), so what a player says is *spliced*: "eleven to fifteen" is her "eleven", her "to" cut
from "To call this number" and her "fifteen", each trimmed of silence and joined by a short
pause. Spliced speech is flatter than a sentence said at once (each word carries its own ending
intonation); the figures say so wherever they are given.

What she can say, and so which utterances the split holds (:func:`sayable`): moves and illegal
moves in the forms "A to B", "A B" and "A to B please", jumps "A to B" and "A B", multi-jumps
"A to B to C", a square alone (a put-down), the answer "no", the command "time", her
whole prompts as other speech, and her words "oh", "with", "and", "is", "your" as fillers. She
never recorded "yes", "takes", "pick up" or "move" alone, so those are not measured on her.

Set-up (once): ``python benchmarks/recorded_voice.py fetch DIR`` downloads the two Debian packages
with ``apt-get download`` (no root needed), unpacks them and converts every G.722 prompt to a
16 kHz WAV with ffmpeg (the one on PATH, or the one of PyPI ``imageio-ffmpeg``). The benchmark
then reads ``DIR`` (``--recorded DIR`` or ``CHECKERS_RECORDED_VOICE``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
from functools import lru_cache
from pathlib import Path

import numpy as np

RATE = 16000
"""Samples per second of what this module returns (the recogniser's rate)."""

PACKAGES = {"g722": "asterisk-core-sounds-en-g722", "wav8k": "asterisk-core-sounds-en-wav"}
"""The Debian package each recording chain comes from."""

VOICE_DIR = "usr/share/asterisk/sounds/en_US_f_Allison"

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30}

CUT_WORDS = {
    # word: (prompt, the window in seconds of the trimmed prompt where the word ends)
    "to": ("to-call-this-number", 0.1, 0.2),       # "To | call this number": /k/ closure after
    "please": ("please-try-again", 0.3, 0.42),     # "Please | try again": /t/ closure after
}
"""Words taken out of a longer prompt: each ends at the quietest 10 ms frame of the window
given, read off the prompt's energy contour (10 ms frames) at the closure of the consonant that
follows it. "help" is only ever followed by nothing or preceded by "for", which runs into it, so
it is not cut out and the command "help" is not measured on her."""

WHOLE_WORDS = {"no": "vm-no", "oh": "digits/oh", "time": "time", "with": "with", "and": "vm-and",
               "is": "is", "your": "your"}
"""Words she recorded alone."""

PROMPTS = {
    "press zero for help": "dictate/forhelp", "please try again": "please-try-again",
    "one moment please": "one-moment-please", "goodbye": "goodbye",
    "thank you": "auth-thankyou", "I am sorry": "im-sorry",
    "thank you for your patience": "queue-thankyou", "you entered": "you-entered",
    "hello world": "hello-world"}
"""Her whole prompts used as other speech (the text is what she says in them); her "hello" is
left out, being a sentence the training data says (in other voices)."""

OTHER_SPEECH = list(PROMPTS)
FILLERS = ["oh", "with", "and", "is", "your"]
WORD_GAP = 0.08
"""Seconds of silence between spliced words (within a number such as "twenty one": none)."""


def _words(text: str) -> list[str]:
    return text.replace("'", "").split()


def sayable(text: str) -> bool:
    """True when ``text`` can be said in her voice: a whole prompt, or only words she recorded
    alone, cut out of a prompt, or numbers up to thirty-two."""
    if text in PROMPTS:
        return True
    return all(w in NUMBER_WORDS or w in CUT_WORDS or w in WHOLE_WORDS for w in _words(text))


def _read(path: Path) -> np.ndarray:
    with wave.open(str(path)) as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
        if w.getsampwidth() != 2 or w.getnchannels() != 1:
            raise ValueError(f"{path}: expected 16-bit mono")
    x = np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32768.0
    if rate != RATE:
        from scipy.signal import resample_poly
        g = int(np.gcd(rate, RATE))
        x = resample_poly(x, RATE // g, rate // g).astype(np.float32)
    return x


def _trim(x: np.ndarray, floor_db: float = -40.0) -> np.ndarray:
    """``x`` without the silence before and after (frames of 10 ms quieter than ``floor_db``
    below the loudest frame), keeping 20 ms either side."""
    frame = RATE // 100
    n = x.size // frame
    if n == 0:
        return x
    energy = np.sqrt(np.mean(x[: n * frame].reshape(n, frame) ** 2, axis=1)) + 1e-9
    loud = np.nonzero(20 * np.log10(energy / energy.max()) > floor_db)[0]
    if loud.size == 0:
        return x
    start = max(0, (loud[0] - 2) * frame)
    end = min(x.size, (loud[-1] + 3) * frame)
    return x[start:end]


def _quietest(x: np.ndarray, start: float, end: float) -> int:
    frame = RATE // 100
    a, b = int(start * RATE) // frame, int(end * RATE) // frame
    energy = [float(np.mean(x[i * frame:(i + 1) * frame] ** 2)) for i in range(a, b)]
    return (a + int(np.argmin(energy))) * frame


class RecordedVoice:
    """Her recordings in ``folder`` (made by :func:`fetch`): ``chain`` "g722" (16 kHz) or
    "wav8k" (the 8 kHz takes, telephone band)."""

    def __init__(self, folder: Path, chain: str = "g722") -> None:
        if chain not in PACKAGES:
            raise ValueError(f"recording chain {chain!r}: expected one of {sorted(PACKAGES)}")
        self.root = Path(folder) / chain
        if not (self.root / "digits" / "1.wav").is_file():
            raise FileNotFoundError(
                f"no recordings in {self.root}: run python benchmarks/recorded_voice.py fetch "
                f"{folder}")

    @lru_cache(maxsize=None)
    def clip(self, name: str) -> np.ndarray:
        return _read(self.root / f"{name}.wav")

    @lru_cache(maxsize=None)
    def word(self, word: str) -> np.ndarray:
        if word in NUMBER_WORDS:
            return _trim(self.clip(f"digits/{NUMBER_WORDS[word]}"))
        if word in WHOLE_WORDS:
            return _trim(self.clip(WHOLE_WORDS[word]))
        prompt, lo, hi = CUT_WORDS[word]
        x = _trim(self.clip(prompt))
        return _trim(x[:_quietest(x, lo, hi)])

    def say(self, text: str) -> np.ndarray:
        """``text`` in her voice, float32 at 16 kHz; ValueError when not :func:`sayable`."""
        if text in PROMPTS:
            return _trim(self.clip(PROMPTS[text]))
        if not sayable(text):
            raise ValueError(f"not in her recordings: {text[:60]!r}")
        words = _words(text)
        gap = np.zeros(int(WORD_GAP * RATE), np.float32)
        parts: list[np.ndarray] = []
        for i, w in enumerate(words):
            if parts:
                tens = words[i - 1] in ("twenty", "thirty") and w in NUMBER_WORDS \
                    and NUMBER_WORDS[w] < 10
                if not tens:
                    parts.append(gap)
            parts.append(self.word(w))
        return np.concatenate(parts).astype(np.float32)


def _ffmpeg() -> str:
    found = shutil.which("ffmpeg")
    if found:
        return found
    try:
        import imageio_ffmpeg
    except ImportError:
        raise SystemExit("recorded_voice: no ffmpeg on PATH; pip install imageio-ffmpeg "
                         "(the bench extra)") from None
    return imageio_ffmpeg.get_ffmpeg_exe()


def fetch(folder: Path) -> int:
    """Download, unpack and convert both recording chains into ``folder``/g722 and
    ``folder``/wav8k (WAV files named as her prompts). Returns the number of files written."""
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        raise SystemExit("recorded_voice: needs apt-get and dpkg-deb (Debian or Ubuntu)")
    written = 0
    with tempfile.TemporaryDirectory() as tmp:
        for chain, package in PACKAGES.items():
            subprocess.run(["apt-get", "download", package], cwd=tmp, check=True)
            deb = next(Path(tmp).glob(f"{package}_*.deb"))
            unpacked = Path(tmp) / chain
            subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
            source = unpacked / VOICE_DIR
            out = Path(folder) / chain
            copyright_file = unpacked / "usr/share/doc" / package / "copyright"
            out.mkdir(parents=True, exist_ok=True)
            if copyright_file.is_file():
                shutil.copy(copyright_file, out / "copyright")
            for path in sorted(source.rglob("*.g722" if chain == "g722" else "*.wav")):
                target = out / path.relative_to(source).with_suffix(".wav")
                target.parent.mkdir(parents=True, exist_ok=True)
                if chain == "g722":
                    subprocess.run([_ffmpeg(), "-hide_banner", "-loglevel", "error", "-y",
                                    "-f", "g722", "-i", str(path), "-ar", str(RATE), "-ac", "1",
                                    str(target)], check=True)
                else:
                    shutil.copy(path, target)
                written += 1
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fetch", help="download and convert her recordings into FOLDER")
    f.add_argument("folder")
    s = sub.add_parser("say", help="write TEXT in her voice as a 16 kHz WAV file")
    s.add_argument("folder")
    s.add_argument("text")
    s.add_argument("out")
    s.add_argument("--chain", default="g722", choices=sorted(PACKAGES))
    args = parser.parse_args(argv)
    if args.command == "fetch":
        print(f"{fetch(Path(args.folder))} recordings written under {args.folder}")
        return 0
    x = RecordedVoice(Path(args.folder), args.chain).say(args.text)
    with wave.open(args.out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.clip(x, -1, 1) * 32767).astype("<i2").tobytes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
