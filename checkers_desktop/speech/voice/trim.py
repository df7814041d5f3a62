"""Where the speech is in a push-to-talk capture: the silence before and after it is cut off
before decoding, so that the recogniser's window (and so its time) follows the words, not how
long the key was held.

:func:`speech_span` finds the first and last 10 ms frames clearly louder than the capture's
quietest part (its floor: room noise, or other people's talk in a hall) and keeps
:data:`KEEP` seconds either side. A capture with no such frame, or one that is sound from end to
end (talk in the background all along), is kept whole. Pure numpy, no Qt.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speech_span", "trim_pcm", "KEEP", "ABOVE_FLOOR"]

RATE = 16000
FRAME = 160
"""Samples in a frame (10 ms at 16 kHz)."""

KEEP = 0.25
"""Seconds kept before the first loud frame and after the last: a soft first consonant ("f" of
"fifteen") and the fall of the last vowel are below the threshold but belong to the words."""

ABOVE_FLOOR = 4.0
"""How much louder (power ratio, 6 dB) than the floor a frame must be to count as speech. The
floor is the 10th percentile of the frames' power: the room between words."""

MIN_POWER = 1e-7
"""Frames below this power (about -70 dBFS) are never speech, whatever the floor."""


def speech_span(samples: np.ndarray, rate: int = RATE) -> tuple[int, int]:
    """``(first, last)``: the sample indices (``last`` exclusive) of the speech in ``samples``
    (float mono at ``rate`` Hz, any scale), :data:`KEEP` seconds kept either side; ``(0,
    len(samples))`` when nothing stands out or the capture is too short to judge (under 0.3 s).
    Never raises for an empty or silent array."""
    samples = np.asarray(samples, dtype=np.float32)
    n = samples.size
    frame = max(1, FRAME * rate // RATE)
    count = n // frame
    if count < 30:
        return 0, n
    frames = samples[: count * frame].astype(np.float64).reshape(count, frame)
    power = np.mean(frames * frames, axis=1)
    floor = float(np.percentile(power, 10))
    loud = np.flatnonzero(power > max(MIN_POWER, floor * ABOVE_FLOOR))
    if loud.size == 0:
        return 0, n
    keep = int(KEEP * rate)
    first = max(0, int(loud[0]) * frame - keep)
    last = min(n, (int(loud[-1]) + 1) * frame + keep)
    return first, last


def trim_pcm(pcm: bytes) -> bytes:
    """16 kHz 16-bit little-endian mono PCM with the silence around its speech cut off (see
    :func:`speech_span`); the same bytes when there is nothing to cut."""
    samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2")
    first, last = speech_span(samples.astype(np.float32))
    if first == 0 and last == samples.size:
        return pcm
    return samples[first:last].tobytes()
