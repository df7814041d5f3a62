"""Short earcons made from plain math and written with the standard ``wave`` module.

Each sound is under 300 ms, 16-bit mono at 22050 Hz, peaks at 70 % of full scale (no clipping) and
has a short fade in and out (no clicks). The generator is deterministic: running it twice writes the
same bytes. The repository keeps the output in ``assets/sounds/NAME.wav``; regenerate with::

    python -m checkers_desktop.speech.sounds [DIRECTORY]

:func:`sound_path` finds a sound in the checkout, or (for an installed wheel, which does not carry
the top-level ``assets``) generates it once into a cache directory.
"""

from __future__ import annotations

import io
import math
import struct
import sys
import tempfile
import wave
from pathlib import Path
from typing import Callable, Optional, Sequence, Union

from ..storage.atomic import write_atomic

__all__ = ["SOUND_NAMES", "SAMPLE_RATE", "ASSETS_DIR", "render", "wav_bytes", "write_sound",
           "generate", "sound_path", "place_gains", "row_pitch", "render_placed",
           "write_placed_sound", "placed_sound_path"]

SAMPLE_RATE = 22050
"""Samples per second of every earcon."""

PEAK = 0.7
"""Highest sample as a fraction of full scale."""

_FADE_SECONDS = 0.005

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"
"""``assets/sounds`` of a repository checkout (may not exist in an installed wheel)."""

# A segment: (seconds, start Hz, end Hz, waveform); frequency glides linearly from start to end.
# 0 Hz is a silence.
Segment = tuple[float, float, float, str]

_RECIPES: dict[str, tuple[Segment, ...]] = {
    # A soft high blip: a piece put down.
    "move": ((0.07, 660.0, 660.0, "sine"),),
    # Two quick falling notes: a piece taken off.
    "capture": ((0.06, 988.0, 988.0, "sine"), (0.02, 0, 0, "sine"), (0.08, 740.0, 740.0, "sine")),
    # A rising major arpeggio: a man crowned.
    "crown": ((0.06, 523.25, 523.25, "sine"), (0.06, 659.25, 659.25, "sine"),
              (0.06, 783.99, 783.99, "sine"), (0.10, 1046.5, 1046.5, "sine")),
    # A low buzzy tone: a move refused.
    "refused": ((0.20, 196.0, 175.0, "square"),),
    # A very short low knock: the focus hit the edge of the board.
    "edge": ((0.05, 233.0, 180.0, "triangle"),),
    # Two alternating high tones, twice: a clock warning.
    "warning": ((0.06, 1175.0, 1175.0, "square"), (0.06, 880.0, 880.0, "square"),
                (0.06, 1175.0, 1175.0, "square"), (0.08, 880.0, 880.0, "square")),
    # A long falling glide: the game is over.
    "game_over": ((0.29, 880.0, 294.0, "sine"),),
    # A very short soft tick: the cursor moved to another square.
    "cursor": ((0.035, 880.0, 880.0, "sine"),),
}

SOUND_NAMES: tuple[str, ...] = tuple(_RECIPES)
"""move, capture, crown, refused, edge, warning, game_over, cursor."""

PLACES = 8
"""Columns and rows a placed sound can have (the board's, 0-7 from the top left of the screen)."""

PITCH_SPAN_SEMITONES = 12.0
"""How far apart the top and bottom rows sound: an octave, the top row highest."""


def _wave(kind: str) -> Callable[[float], float]:
    """A periodic function of the phase in cycles, range -1..1 (band-limited: a few harmonics)."""
    if kind == "sine":
        return lambda p: math.sin(2 * math.pi * p)
    if kind == "square":  # odd harmonics 1, 3, 5, 7 (kept below 9 kHz for every recipe above)
        return lambda p: sum(math.sin(2 * math.pi * k * p) / k for k in (1, 3, 5, 7)) / 1.2
    if kind == "triangle":
        return lambda p: sum((-1) ** i * math.sin(2 * math.pi * k * p) / (k * k)
                             for i, k in enumerate((1, 3, 5))) * 0.85
    raise ValueError(f"{kind!r} is not a waveform")


def _render_segment(seconds: float, f0: float, f1: float, kind: str) -> list[float]:
    n = int(round(seconds * SAMPLE_RATE))
    if f0 == 0 and f1 == 0:
        return [0.0] * n
    shape = _wave(kind)
    fade = max(1, int(_FADE_SECONDS * SAMPLE_RATE))
    out = []
    phase = 0.0
    for i in range(n):
        freq = f0 + (f1 - f0) * i / max(1, n - 1)
        phase += freq / SAMPLE_RATE
        # fade in, then a gentle exponential decay, then fade out
        env = min(1.0, (i + 1) / fade, (n - i) / fade) * math.exp(-2.0 * i / n)
        out.append(shape(phase) * env)
    return out


def render(name: str, pitch: float = 1.0) -> list[int]:
    """The samples (signed 16-bit ints) of the earcon ``name``, every frequency times ``pitch``.

    Raises ``ValueError`` quoting ``name`` when there is no such sound.
    """
    if name not in _RECIPES:
        raise ValueError(f"{name!r} is not a sound; the sounds are {', '.join(SOUND_NAMES)}")
    floats: list[float] = []
    for seconds, f0, f1, kind in _RECIPES[name]:
        floats.extend(_render_segment(seconds, f0 * pitch, f1 * pitch, kind))
    top = max(abs(x) for x in floats) or 1.0
    scale = PEAK * 32767 / top
    return [int(round(x * scale)) for x in floats]


def wav_bytes(samples: Sequence[int]) -> bytes:
    """Little-endian 16-bit PCM frames of ``samples``."""
    return struct.pack(f"<{len(samples)}h", *samples)


def _wav_file(channels: int, frames: bytes) -> bytes:
    """A whole WAV file of 16-bit ``frames`` at :data:`SAMPLE_RATE` Hz."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(channels)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(frames)
    return out.getvalue()


def write_sound(name: str, path: Union[str, Path]) -> Path:
    """Write the earcon ``name`` as a WAV file at ``path`` (16-bit mono, 22050 Hz); returns it."""
    return write_atomic(path, _wav_file(1, wav_bytes(render(name))))


def generate(directory: Union[str, Path] = ASSETS_DIR) -> list[Path]:
    """Write every earcon into ``directory`` as ``NAME.wav``; returns the paths."""
    directory = Path(directory)
    return [write_sound(name, directory / f"{name}.wav") for name in SOUND_NAMES]


def _default_cache() -> Path:
    return Path(tempfile.gettempdir()) / "checkers-desktop-sounds"


def sound_path(name: str, cache_dir: Optional[Union[str, Path]] = None) -> Path:
    """The WAV file of the earcon ``name``.

    Looks in the checkout's ``assets/sounds``; when it is not there (an installed wheel), generates
    the sound once into ``cache_dir`` (the UI passes a ``QStandardPaths`` cache location) or, when
    None, into a ``checkers-desktop-sounds`` folder of the temp directory. Raises ``ValueError``
    quoting ``name`` when there is no such sound.
    """
    if name not in _RECIPES:
        raise ValueError(f"{name!r} is not a sound; the sounds are {', '.join(SOUND_NAMES)}")
    asset = ASSETS_DIR / f"{name}.wav"
    if asset.is_file():
        return asset
    cached = Path(cache_dir if cache_dir is not None else _default_cache()) / f"{name}.wav"
    if not cached.is_file():
        write_sound(name, cached)
    return cached


# --- sounds placed on the board: stereo by column, pitch by row -----------------------------------
def _check_place(column: int, row: int) -> None:
    for what, value in (("column", column), ("row", row)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLACES:
            raise ValueError(f"{what} {value!r} is not 0 to {PLACES - 1}")


def place_gains(column: int) -> tuple[float, float]:
    """(left, right) loudness for a sound at screen column ``column`` (0 left to 7 right):
    equal-power panning, so a sound keeps its loudness wherever it is placed."""
    _check_place(column, 0)
    pan = column / (PLACES - 1)  # 0 left, 1 right
    return math.cos(pan * math.pi / 2), math.sin(pan * math.pi / 2)


def row_pitch(row: int) -> float:
    """The frequency factor of a sound at screen row ``row`` (0 top to 7 bottom): the top row
    half an octave above the plain sound, the bottom row half an octave below."""
    _check_place(0, row)
    semitones = PITCH_SPAN_SEMITONES * (0.5 - row / (PLACES - 1))
    return 2.0 ** (semitones / 12.0)


def render_placed(name: str, column: int, row: int) -> list[tuple[int, int]]:
    """The earcon ``name`` as (left, right) sample pairs, placed at the screen's ``column`` (left
    to right, by loudness) and ``row`` (top high, bottom low, by pitch). Raises ``ValueError``
    for an unknown name or a place outside 0-7."""
    _check_place(column, row)
    left, right = place_gains(column)
    return [(int(round(s * left)), int(round(s * right))) for s in render(name, row_pitch(row))]


def write_placed_sound(name: str, column: int, row: int, path: Union[str, Path]) -> Path:
    """Write :func:`render_placed` as a 16-bit stereo WAV file at ``path``; returns it."""
    frames = [v for pair in render_placed(name, column, row) for v in pair]
    return write_atomic(path, _wav_file(2, wav_bytes(frames)))


def placed_sound_path(name: str, column: int, row: int,
                      cache_dir: Optional[Union[str, Path]] = None) -> Path:
    """The WAV file of the earcon ``name`` placed at (``column``, ``row``), generated once into
    ``cache_dir``/placed (default: the temp directory's ``checkers-desktop-sounds``)."""
    _check_place(column, row)
    if name not in _RECIPES:
        raise ValueError(f"{name!r} is not a sound; the sounds are {', '.join(SOUND_NAMES)}")
    base = Path(cache_dir if cache_dir is not None else _default_cache())
    path = base / "placed" / f"{name}-c{column}-r{row}.wav"
    if not path.is_file():
        write_placed_sound(name, column, row, path)
    return path


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0]) if args else ASSETS_DIR
    for path in generate(directory):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
