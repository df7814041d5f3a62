"""Sound files that are not a voice recording: any channel count or sample format other than
mono or stereo 16-bit PCM at 8 to 48 kHz is refused from its header with one clear line (exit 2
from ``checkers-desktop listen``), never a traceback. Table-driven."""

from __future__ import annotations

import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from checkers_desktop.inputs import InputError, InputProblem
from checkers_desktop.sound_file import check_sound_file

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def _pcm(path: Path, channels: int, width: int, rate: int = 16000, seconds: float = 0.5) -> Path:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(b"\x01" * (int(rate * seconds) * channels * width))
    return path


def _tagged(path: Path, tag: int, channels: int, bits: int, rate: int = 16000,
            extra: bytes = b"") -> Path:
    block = channels * bits // 8
    data = bytes(rate // 2 * block)
    fmt = struct.pack("<HHIIHH", tag, channels, rate, rate * block, block, bits) + extra
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + \
        struct.pack("<I", len(data)) + data
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)
    return path


_PCM_GUID = bytes.fromhex("0100000000001000800000aa00389b71")
_FLOAT_GUID = bytes.fromhex("0300000000001000800000aa00389b71")

CASES = [
    # (file name, how it is made, None when accepted, else words of the refusal)
    ("mono16.wav", lambda p: _pcm(p, 1, 2), None),
    ("stereo16.wav", lambda p: _pcm(p, 2, 2), None),
    ("mono16-8k.wav", lambda p: _pcm(p, 1, 2, 8000), None),
    ("mono16-48k.wav", lambda p: _pcm(p, 1, 2, 48000), None),
    ("three.wav", lambda p: _pcm(p, 3, 2), "it has 3 channels"),
    ("four.wav", lambda p: _pcm(p, 4, 2), "it has 4 channels"),
    ("six24.wav", lambda p: _pcm(p, 6, 3), "it has 6 channels"),
    ("u8.wav", lambda p: _pcm(p, 1, 1), "its samples are 8-bit"),
    ("s24.wav", lambda p: _pcm(p, 1, 3), "its samples are 24-bit"),
    ("s32.wav", lambda p: _pcm(p, 2, 4), "its samples are 32-bit"),
    ("float32.wav", lambda p: _tagged(p, 3, 1, 32), "floating-point samples"),
    ("float64.wav", lambda p: _tagged(p, 3, 1, 64), "floating-point samples"),
    ("alaw.wav", lambda p: _tagged(p, 6, 1, 8), "A-law samples"),
    ("mulaw.wav", lambda p: _tagged(p, 7, 1, 8), "mu-law samples"),
    ("ext-pcm4.wav", lambda p: _tagged(p, 0xFFFE, 4, 16, extra=struct.pack("<HHI", 22, 16, 0)
                                       + _PCM_GUID), "WAVE_FORMAT_EXTENSIBLE"),
    ("ext-float.wav", lambda p: _tagged(p, 0xFFFE, 1, 32, extra=struct.pack("<HHI", 22, 32, 0)
                                        + _FLOAT_GUID), "WAVE_FORMAT_EXTENSIBLE"),
    ("rate1.wav", lambda p: _pcm(p, 1, 2, 1, seconds=3), "its sample rate is 1 Hz"),
    ("rate96k.wav", lambda p: _pcm(p, 1, 2, 96000), "its sample rate is 96,000 Hz"),
    ("flac-8ch.flac", lambda p: _flac(p, 8, 16), "it has 8 channels"),
    ("flac-24.flac", lambda p: _flac(p, 1, 24), "its samples are 24-bit"),
]


def _flac(path: Path, channels: int, bits: int, rate: int = 16000) -> Path:
    info = (rate << 44) | ((channels - 1) << 41) | ((bits - 1) << 36) | rate
    path.write_bytes(b"fLaC" + bytes([0x80, 0, 0, 34]) + bytes(10) + info.to_bytes(8, "big")
                     + bytes(16))
    return path


@pytest.mark.parametrize("name, make, refused", CASES, ids=[c[0] for c in CASES])
def test_sound_format(tmp_path, name, make, refused):
    path = make(tmp_path / name)
    if refused is None:
        check_sound_file(path)
        return
    with pytest.raises(InputError) as info:
        check_sound_file(path)
    assert info.value.problem is InputProblem.NOT_SOUND
    assert refused in str(info.value) and "16-bit PCM" in str(info.value)


def test_listen_gives_one_line_and_status_2(tmp_path):
    """The command itself, on every refused file at once: one line each, status 2."""
    refused = [make(tmp_path / name) for name, make, why in CASES if why is not None]
    proc = subprocess.run([sys.executable, "-m", "checkers_desktop", "listen", "--fen", START,
                           *map(str, refused)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == len(refused)
    assert all(line.startswith("checkers-desktop listen: ") for line in lines)
