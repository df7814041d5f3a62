"""Rooms and sounds for testing voice commands: noise, other talkers, a laptop microphone at arm's
length, and the non-speech sounds of a hall (coughs, breaths, a chair, applause).

The benchmark (benchmarks/voice.py) and the tests use these to put clean synthetic speech (espeak-ng,
Piper) into the conditions players meet. Every function takes and returns float32 numpy arrays of
16 kHz mono samples scaled to [-1, 1] and draws its randomness from the ``numpy.random.Generator``
it is given, so a corpus is the same on every run. The app itself never calls this module.

Levels: an SNR in dB compares the *speech's* mean power (over its voiced part, the samples above
-40 dB of its peak) with the added sound's mean power, as the issue's conditions are stated
("babble at 10 dB": the other talkers' power is a tenth of the player's).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

__all__ = ["RATE", "pad", "speech_power", "mix_at_snr", "white_noise", "pink_noise",
           "brown_noise", "babble", "far_field", "cough", "breath", "chair_scrape", "applause",
           "to_pcm16", "from_pcm16"]

RATE = 16000
"""Samples per second of every array here."""


def from_pcm16(pcm: bytes) -> np.ndarray:
    """16-bit signed little-endian PCM as float32 in [-1, 1]."""
    return np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float32) / 32768.0


def to_pcm16(x: np.ndarray) -> bytes:
    """Float samples as 16-bit signed little-endian PCM (clipped to the 16-bit range)."""
    return np.clip(np.rint(np.asarray(x, np.float64) * 32768.0), -32768, 32767
                   ).astype("<i2").tobytes()


def pad(x: np.ndarray, before: float = 0.3, after: float = 0.3) -> np.ndarray:
    """``x`` with ``before`` and ``after`` seconds of silence, as a push-to-talk capture has."""
    return np.concatenate([np.zeros(int(before * RATE), np.float32), np.asarray(x, np.float32),
                           np.zeros(int(after * RATE), np.float32)])


def speech_power(x: np.ndarray) -> float:
    """Mean power of the voiced part of ``x`` (samples within 40 dB of the peak); 0 for silence."""
    x = np.asarray(x, np.float64)
    peak = float(np.max(np.abs(x))) if x.size else 0.0
    if peak == 0.0:
        return 0.0
    voiced = x[np.abs(x) > peak * 0.01]
    return float(np.mean(voiced * voiced))


def mix_at_snr(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """``speech`` plus ``noise`` (looped or cut to its length) scaled so that the speech's power
    (:func:`speech_power`) is ``snr_db`` above the noise's mean power."""
    speech = np.asarray(speech, np.float32)
    noise = np.resize(np.asarray(noise, np.float32), speech.shape)
    p_noise = float(np.mean(noise.astype(np.float64) ** 2))
    if p_noise == 0.0:
        return speech.copy()
    gain = np.sqrt(speech_power(speech) / (10 ** (snr_db / 10)) / p_noise)
    return (speech + gain * noise).astype(np.float32)


def white_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` samples of Gaussian white noise (unit power)."""
    return rng.standard_normal(n).astype(np.float32)


def _coloured(n: int, rng: np.random.Generator, exponent: float) -> np.ndarray:
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    f[0] = f[1] if n > 1 else 1.0
    x = np.fft.irfft(spectrum / f ** (exponent / 2), n)
    return (x / (np.std(x) or 1.0)).astype(np.float32)


def pink_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` samples of 1/f noise (unit power): a ventilation fan, a room's hum of air."""
    return _coloured(n, rng, 1.0)


def brown_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` samples of 1/f^2 noise (unit power): traffic, a far rumble."""
    return _coloured(n, rng, 2.0)


def babble(talkers: Sequence[np.ndarray], seconds: float, rng: np.random.Generator
           ) -> np.ndarray:
    """Several people talking at once: each array of ``talkers`` is one person's speech (their
    sentences joined with pauses), looped from a random start to ``seconds`` and brought to the
    same power; the sum, scaled to unit power."""
    n = int(seconds * RATE)
    out = np.zeros(n, np.float64)
    for voice in talkers:
        voice = np.asarray(voice, np.float64)
        if voice.size == 0:
            continue
        start = int(rng.integers(voice.size))
        track = np.resize(np.roll(voice, -start), n)
        out += track / np.sqrt(speech_power(track) or 1.0)
    return (out / (np.std(out) or 1.0)).astype(np.float32)


def _band(x: np.ndarray, low: float, high: float) -> np.ndarray:
    """``x`` with everything below ``low`` Hz and above ``high`` Hz removed (FFT mask with a
    short raised-cosine edge)."""
    n = x.size
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(n, 1 / RATE)
    mask = np.ones_like(f)
    edge = 0.15
    lo = np.clip((f - low * (1 - edge)) / (low * edge * 2), 0, 1)
    hi = np.clip((high * (1 + edge) - f) / (high * edge * 2), 0, 1)
    mask = mask * (0.5 - 0.5 * np.cos(np.pi * lo)) * (0.5 - 0.5 * np.cos(np.pi * hi))
    return np.fft.irfft(spectrum * mask, n).astype(np.float32)


def room_response(rt60: float, rng: np.random.Generator, direct: float = 0.5) -> np.ndarray:
    """A room's impulse response: the direct sound (weight ``direct``), then exponentially decaying
    noise reaching -60 dB after ``rt60`` seconds (the reverberation time), with early reflections
    in the first 50 ms. Normalised to unit energy."""
    n = int(rt60 * RATE)
    t = np.arange(n) / RATE
    tail = rng.standard_normal(n) * np.exp(-6.9 * t / rt60)
    tail[: int(0.002 * RATE)] = 0.0
    for _ in range(6):
        k = int(rng.uniform(0.003, 0.05) * RATE)
        tail[k] += rng.uniform(0.2, 0.5) * rng.choice((-1, 1))
    ir = tail / np.sqrt(np.sum(tail ** 2)) * np.sqrt(1 - direct ** 2)
    ir[0] = direct
    return (ir / np.sqrt(np.sum(ir ** 2))).astype(np.float32)


def far_field(speech: np.ndarray, rng: np.random.Generator, *, rt60: float = 0.5,
              direct: float = 0.45, low: float = 150.0, high: float = 3400.0,
              noise_snr_db: float = 15.0, noise: str = "pink", hum_hz: float = 0.0
              ) -> np.ndarray:
    """A laptop microphone at arm's length: ``speech`` through a room (:func:`room_response` with
    ``rt60`` seconds and the direct sound's weight ``direct``), band-limited to ``low``-``high``
    Hz (a laptop microphone and its voice processing), with room noise (``noise``: "pink" or
    "brown", plus mains hum at ``hum_hz`` if non-zero) at ``noise_snr_db`` below the speech."""
    from scipy.signal import fftconvolve

    speech = np.asarray(speech, np.float32)
    wet = fftconvolve(speech, room_response(rt60, rng, direct))[: speech.size]
    wet = wet * np.sqrt(speech_power(speech) / (speech_power(wet) or 1.0))
    n = speech.size
    bed = pink_noise(n, rng) if noise == "pink" else brown_noise(n, rng)
    if hum_hz:
        t = np.arange(n) / RATE
        hum = np.sin(2 * np.pi * hum_hz * t) + 0.5 * np.sin(2 * np.pi * 3 * hum_hz * t)
        bed = bed + hum.astype(np.float32) * 0.7
    mixed = mix_at_snr(wet.astype(np.float32), bed, noise_snr_db)
    return _band(mixed, low, high)


def _burst(n: int, rng: np.random.Generator, attack: float, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    env = np.minimum(t / attack, 1.0) * np.exp(-np.maximum(t - attack, 0) / decay)
    return (rng.standard_normal(n) * env).astype(np.float32)


def _resonate(x: np.ndarray, centres: Sequence[float] | np.ndarray, width: float) -> np.ndarray:
    """``x`` through a bank of band-passes at ``centres`` Hz (Gaussian bands ``width`` Hz wide)."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(x.size, 1 / RATE)
    gain = sum(np.exp(-0.5 * ((f - c) / width) ** 2) for c in centres) + 0.05
    return np.fft.irfft(spectrum * gain, x.size).astype(np.float32)


def _unit(x: np.ndarray, level: float = 0.3) -> np.ndarray:
    peak = float(np.max(np.abs(x))) or 1.0
    return (x / peak * level).astype(np.float32)


def cough(rng: np.random.Generator, bursts: int = 0) -> np.ndarray:
    """A cough: 1-3 explosive bursts (``bursts``, 0 for a random count) of noise shaped by the
    throat's resonances, each with a fast attack and a 100-250 ms decay, a short voiced onset
    (glottal buzz near 120-200 Hz), and a gap between bursts."""
    bursts = bursts or int(rng.integers(1, 4))
    parts = [np.zeros(int(0.05 * RATE), np.float32)]
    for _ in range(bursts):
        n = int(rng.uniform(0.2, 0.4) * RATE)
        noise = _burst(n, rng, rng.uniform(0.005, 0.015), rng.uniform(0.06, 0.14))
        centres = rng.uniform((400, 1100, 2300), (800, 1700, 3200))
        shaped = _resonate(noise, centres, rng.uniform(150, 400))
        t = np.arange(n) / RATE
        f0 = rng.uniform(120, 200)
        buzz = np.sign(np.sin(2 * np.pi * f0 * t)) * np.exp(-t / 0.05) * 0.3
        parts.append(_unit(shaped + buzz.astype(np.float32) * float(np.std(shaped)) * 3))
        parts.append(np.zeros(int(rng.uniform(0.05, 0.25) * RATE), np.float32))
    return np.concatenate(parts)


def breath(rng: np.random.Generator) -> np.ndarray:
    """A breath in or out: 0.5-1 s of low, soft noise with a slow rise and fall."""
    n = int(rng.uniform(0.5, 1.0) * RATE)
    t = np.linspace(0, np.pi, n)
    x = rng.standard_normal(n) * np.sin(t) ** 2
    x = _resonate(x.astype(np.float32), rng.uniform((300, 1200), (700, 2000)), 500)
    return _unit(x, rng.uniform(0.05, 0.15))


def chair_scrape(rng: np.random.Generator) -> np.ndarray:
    """A chair pushed back on a hard floor: 0.3-0.9 s of stick-slip pulses (30-90 per second)
    through a resonance that slides in pitch."""
    n = int(rng.uniform(0.3, 0.9) * RATE)
    rate = rng.uniform(30, 90)
    x = np.zeros(n, np.float32)
    k = 0.0
    while k < n:
        i = int(k)
        length = min(int(0.01 * RATE), n - i)
        x[i:i + length] += _burst(length, rng, 0.0005, 0.003) * rng.uniform(0.5, 1.0)
        k += RATE / rate * rng.uniform(0.7, 1.3)
    f = np.linspace(rng.uniform(300, 800), rng.uniform(800, 2000), 4)
    return _unit(_resonate(x, list(f), 250) * np.hanning(n).astype(np.float32) ** 0.3,
                 rng.uniform(0.2, 0.5))


def applause(rng: np.random.Generator, seconds: float = 0.0) -> np.ndarray:
    """A few people clapping: ``seconds`` (0 for a random 1-2.5 s) of short claps, 8-15 a second
    from each of 3-8 people."""
    n = int((seconds or rng.uniform(1.0, 2.5)) * RATE)
    x = np.zeros(n, np.float32)
    for _ in range(int(rng.integers(3, 9))):
        period = 1 / rng.uniform(4, 8)
        t = rng.uniform(0, period)
        centre = rng.uniform(800, 2500)
        while t < n / RATE:
            i = int(t * RATE)
            length = min(int(0.03 * RATE), n - i)
            clap = _resonate(_burst(length, rng, 0.0005, 0.006), [centre], 600)
            x[i:i + length] += clap * rng.uniform(0.5, 1.0)
            t += period * rng.uniform(0.85, 1.15)
    return _unit(x, rng.uniform(0.2, 0.5))
