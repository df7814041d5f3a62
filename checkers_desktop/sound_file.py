"""Checking a recorded voice command before it is decoded: a regular file, small, a WAV, AIFF or
FLAC sound no longer than :data:`MAX_SOUND_SECONDS`. Only the header is read. Qt-free, standard
library only (``wave`` and ``aifc`` read the headers, as SpeechRecognition's ``AudioFile`` does;
FLAC's STREAMINFO block is read here, from the FLAC format specification,
xiph.org/flac/format.html).

Why a limit in seconds: decoding time and memory grow with the length of the sound (measured with
``checkers-desktop listen`` on white noise, 16 kHz, on the shared 2-core development machine: 16 s
of sound took 5.3 s in all and 189 MB at the peak, 30 s took 21 s and 243 MB, 60 s took 13 s and
285 MB, the times varying with the machine's load; 10 minutes was reported still running after
25 minutes at 686 MB). A voice command is a few words: the app's own microphone hands over at most
8 seconds (``Microphone(max_seconds=8.0)`` in speech/voice/microphone.py);
:data:`MAX_SOUND_SECONDS` is about twice that, room for silence before and after a recorded
command, and keeps ``listen`` near 5 s and under 200 MB a file (``benchmarks/input_limits.py``:
15 s of noise, 5.1 s and 180 MB).
"""

from __future__ import annotations

import os
import struct
import warnings
from dataclasses import dataclass
from typing import Optional

from .inputs import MIB, InputError, InputProblem, PathLike, open_regular_file

__all__ = ["MAX_SOUND_BYTES", "MAX_SOUND_SECONDS", "SoundInfo", "check_sound_file",
           "SPEECH_CHANNELS", "SPEECH_BITS", "SPEECH_RATES"]

MAX_SOUND_SECONDS = 15.0
"""The longest recording ``listen`` decodes, in seconds (see the module's docstring for why)."""

MAX_SOUND_BYTES = 16 * MIB
"""The largest sound file read: 15 s of stereo, 32-bit sound at 96 kHz is 11.5 MB."""

SPEECH_CHANNELS = (1, 2)
"""A voice recording is mono or stereo (the recogniser, SpeechRecognition's ``AudioFile``, reads
only these; a recording with more channels is not a voice command)."""
SPEECH_BITS = 16
"""Bits per sample of a voice recording: 16-bit integer PCM, as the app's microphone records
(``speech/voice/microphone.py``) and as the recogniser's models were trained; 8-bit is too coarse
for speech, 24-bit, 32-bit and floating point are studio formats to save again as 16-bit."""
SPEECH_RATES = (8_000, 48_000)
"""The sample rates of a voice recording, in Hz: from the telephone's 8 kHz to the 48 kHz of
sound cards and video."""
_HOW = "save it again as 16-bit PCM, mono; for example: sox IN.wav -b 16 -c 1 OUT.wav"
_WAV_FORMATS = {3: "floating-point samples", 6: "A-law samples", 7: "mu-law samples",
                2: "ADPCM samples", 17: "IMA ADPCM samples", 85: "MP3 data",
                0xFFFE: "an extensible format (WAVE_FORMAT_EXTENSIBLE)"}

SOUND_WHAT = "a WAV, AIFF or FLAC sound file"


@dataclass(frozen=True)
class SoundInfo:
    """What a sound file's header says: ``kind`` ("WAV", "AIFF" or "FLAC"), ``channels``,
    ``rate`` (frames a second), ``seconds`` (its length, at most what the file's size can hold),
    ``bits`` (bits per sample)."""

    kind: str
    channels: int
    rate: int
    seconds: float
    bits: int = SPEECH_BITS


def _check_speech(info: SoundInfo, path) -> None:
    """Refuse a sound whose channels, sample size or rate are not a voice recording's
    (:data:`SPEECH_CHANNELS`, :data:`SPEECH_BITS`, :data:`SPEECH_RATES`)."""
    what = f"a {info.kind} sound the app cannot hear as a voice command"
    if info.channels not in SPEECH_CHANNELS:
        raise InputError(InputProblem.NOT_SOUND, f"This file is {what}: it has {info.channels} "
                         f"channels; a voice recording is mono or stereo ({_HOW})", path)
    if info.bits != SPEECH_BITS:
        raise InputError(InputProblem.NOT_SOUND, f"This file is {what}: its samples are "
                         f"{info.bits}-bit; a voice recording is 16-bit ({_HOW})", path)
    low, high = SPEECH_RATES
    if not low <= info.rate <= high:
        raise InputError(InputProblem.NOT_SOUND, f"This file is {what}: its sample rate is "
                         f"{info.rate:,} Hz; a voice recording is {low:,} to {high:,} Hz "
                         f"({_HOW})", path)


def _not_sound(path, why: str) -> InputError:
    return InputError(InputProblem.NOT_SOUND, f"This file is not {SOUND_WHAT}: {why}", path)


def check_sound_file(path: PathLike, max_seconds: float = MAX_SOUND_SECONDS,
                     max_bytes: int = MAX_SOUND_BYTES) -> SoundInfo:
    """Check ``path`` before decoding it, reading only its header.

    Returns its :class:`SoundInfo`. Raises :class:`~checkers_desktop.inputs.InputError`: those of
    :func:`~checkers_desktop.inputs.open_regular_file` (missing, a folder, a FIFO, a device such
    as ``/dev/zero``, ...), TOO_LARGE (over ``max_bytes``), NOT_SOUND (not a PCM WAV, AIFF or
    FLAC, a header that does not say its length, or a sound that is not a voice recording's:
    more than two channels, samples other than 16-bit integers, a rate outside 8 to 48 kHz),
    TOO_LONG (over ``max_seconds`` seconds).
    """
    with open_regular_file(path) as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > max_bytes:
            raise InputError(InputProblem.TOO_LARGE,
                             f"the file is too large ({size / MIB:,.1f} MB); a voice command "
                             f"recording may be at most {max_bytes // MIB} MB", path,
                             limit=max_bytes, size=size)
        head = stream.read(12)
        stream.seek(0)
        if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
            info = _wav(stream, size, path)
        elif head[:4] == b"FORM" and head[8:12] in (b"AIFF", b"AIFC"):
            info = _aiff(stream, size, path)
        elif head[:4] == b"fLaC":
            info = _flac(stream, path)
        else:
            raise _not_sound(path, "its first bytes are not a WAV, AIFF or FLAC header")
    _check_speech(info, path)
    if not info.seconds <= max_seconds:
        raise InputError(InputProblem.TOO_LONG,
                         f"the recording is {info.seconds:,.1f} seconds long; a voice command "
                         f"recording may be at most {max_seconds:g} seconds", path,
                         limit=max_seconds, size=info.seconds)
    return info


def _frames_seconds(frames: int, frame_bytes: int, data_bytes: int, rate: int) -> float:
    # a header may claim more frames than the file holds; what can be read is what counts
    if frame_bytes > 0:
        frames = min(frames, data_bytes // frame_bytes)
    return frames / rate


def _wav(stream, size: int, path) -> SoundInfo:
    import wave

    try:
        with wave.open(stream, "rb") as reader:
            channels, width = reader.getnchannels(), reader.getsampwidth()
            rate, frames = reader.getframerate(), reader.getnframes()
    except (wave.Error, EOFError, struct.error, ValueError, OverflowError) as exc:
        tag = _wav_format_tag(str(exc))
        if tag in _WAV_FORMATS:
            raise InputError(InputProblem.NOT_SOUND, f"This file is a WAV sound the app cannot "
                             f"hear as a voice command: it holds {_WAV_FORMATS[tag]}, not "
                             f"integer PCM ({_HOW})", path) from None
        raise _not_sound(path, f"its WAV header cannot be read ({str(exc)[:60]}); the app reads "
                               "PCM WAV") from None
    if not (channels > 0 and width > 0 and rate > 0):
        raise _not_sound(path, "its WAV header gives no channels, sample size or rate")
    return SoundInfo("WAV", channels, rate, _frames_seconds(frames, channels * width, size, rate),
                     width * 8)


def _wav_format_tag(message: str) -> Optional[int]:
    """The format tag in the ``wave`` module's "unknown format: 3" (None otherwise)."""
    head, _, tail = message.partition("unknown format:")
    try:
        return int(tail.strip()) if _ else None
    except ValueError:
        return None


def _aiff(stream, size: int, path) -> SoundInfo:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            import aifc
        except ImportError:  # Python 3.13 and later have no aifc (nor does SpeechRecognition)
            raise _not_sound(path, "AIFF cannot be read with this Python") from None
    try:
        reader = aifc.open(stream, "rb")
        try:
            channels, width = reader.getnchannels(), reader.getsampwidth()
            rate, frames = reader.getframerate(), reader.getnframes()
        finally:
            reader.close()
    except (aifc.Error, EOFError, struct.error, ValueError, OverflowError, KeyError) as exc:
        raise _not_sound(path, f"its AIFF header cannot be read ({str(exc)[:60]})") from None
    if not (channels > 0 and width > 0 and rate > 0):
        raise _not_sound(path, "its AIFF header gives no channels, sample size or rate")
    return SoundInfo("AIFF", channels, int(rate),
                     _frames_seconds(frames, channels * width, size, rate), width * 8)


def _flac(stream, path) -> SoundInfo:
    # "fLaC", then the first metadata block, which must be STREAMINFO (type 0, 34 bytes): 16-bit
    # min and max block size, 24-bit min and max frame size, then 20 bits sample rate, 3 bits
    # channels - 1, 5 bits bits per sample - 1, 36 bits total samples (0: not known).
    data = stream.read(4 + 4 + 34)
    if len(data) < 42 or data[4] & 0x7F != 0 or int.from_bytes(data[5:8], "big") < 34:
        raise _not_sound(path, "its FLAC header (STREAMINFO) is missing or cut short")
    info = int.from_bytes(data[18:26], "big")
    rate = info >> 44
    channels = ((info >> 41) & 0x7) + 1
    bits = ((info >> 36) & 0x1F) + 1
    total = info & 0xFFFFFFFFF
    if rate == 0:
        raise _not_sound(path, "its FLAC header gives no sample rate")
    if total == 0:
        raise _not_sound(path, "its FLAC header does not say how long the recording is")
    return SoundInfo("FLAC", channels, rate, total / rate, bits)
