"""The earcons in assets/sounds: present, in the right format, short, unclipped and distinct."""

from __future__ import annotations

import array
import itertools
import sys
import wave
from pathlib import Path

import pytest

from checkers_desktop.speech import sounds

EXPECTED = ("move", "capture", "crown", "refused", "edge", "warning", "game_over", "cursor")
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "sounds"


def _read(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        data = array.array("h", wav.readframes(params.nframes))
    if sys.byteorder == "big":
        data.byteswap()
    return params, list(data)


def _zero_crossings(samples: list[int]) -> int:
    return sum(1 for a, b in zip(samples, samples[1:]) if (a < 0) != (b < 0))


def test_the_eight_sounds_are_named():
    assert set(sounds.SOUND_NAMES) == set(EXPECTED)


@pytest.mark.parametrize("name", EXPECTED)
def test_asset_format_length_and_level(name):
    path = ASSETS / f"{name}.wav"
    assert path.is_file(), f"{path} is missing: run python -m checkers_desktop.speech.sounds"
    params, samples = _read(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    seconds = params.nframes / params.framerate
    assert 0.03 <= seconds < 0.3
    peak = max(abs(s) for s in samples)
    assert 0.3 * 32767 < peak < 32767  # audible and never at full scale (no clipping)
    # fades in and out: no click at either end
    assert abs(samples[0]) < 0.05 * 32767 and abs(samples[-1]) < 0.05 * 32767


@pytest.mark.parametrize("name", EXPECTED)
def test_assets_are_what_the_generator_makes(name, tmp_path):
    made = sounds.write_sound(name, tmp_path / f"{name}.wav")
    assert made.read_bytes() == (ASSETS / f"{name}.wav").read_bytes(), \
        "assets are stale: run python -m checkers_desktop.speech.sounds"


def test_the_generator_is_deterministic():
    for name in EXPECTED:
        assert sounds.render(name) == sounds.render(name)


def test_earcons_differ_from_each_other():
    signatures = {}
    for name in EXPECTED:
        params, samples = _read(ASSETS / f"{name}.wav")
        # length in centiseconds and pitch (zero crossings per second, to the nearest 50)
        rate = _zero_crossings(samples) / (params.nframes / params.framerate)
        signatures[name] = (round(params.nframes / params.framerate, 2), round(rate / 50))
    for a, b in itertools.combinations(EXPECTED, 2):
        assert signatures[a] != signatures[b], f"{a} and {b} sound alike: {signatures[a]}"


def test_sound_path_finds_the_checkout_assets():
    assert sounds.sound_path("crown") == ASSETS / "crown.wav"


def test_sound_path_generates_into_the_cache_when_assets_are_absent(monkeypatch, tmp_path):
    monkeypatch.setattr(sounds, "ASSETS_DIR", tmp_path / "not-there")
    cache = tmp_path / "cache"
    path = sounds.sound_path("capture", cache)
    assert path == cache / "capture.wav"
    assert path.read_bytes() == (ASSETS / "capture.wav").read_bytes()


def test_sound_path_refuses_an_unknown_name():
    with pytest.raises(ValueError, match="'bell'"):
        sounds.sound_path("bell")


def test_generate_writes_every_file(tmp_path):
    paths = sounds.generate(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{n}.wav" for n in EXPECTED)
    assert not list(tmp_path.glob("*.part"))


def _channels(pairs):
    left = [l for l, _ in pairs]
    right = [r for _, r in pairs]
    return left, right


def _peak(samples):
    return max(abs(s) for s in samples)


def test_a_placed_sound_is_heard_left_to_right_by_column():
    left0, right0 = _channels(sounds.render_placed("move", 0, 3))
    left7, right7 = _channels(sounds.render_placed("move", 7, 3))
    assert _peak(left0) > 10 * max(1, _peak(right0))   # column 0: the left ear
    assert _peak(right7) > 10 * max(1, _peak(left7))   # column 7: the right ear
    mid_l, mid_r = _channels(sounds.render_placed("move", 3, 3))
    assert _peak(mid_l) > _peak(mid_r) > 0  # left of the middle: both, the left louder
    for column in range(8):  # equal power: the same loudness wherever it is
        g_left, g_right = sounds.place_gains(column)
        assert abs(g_left ** 2 + g_right ** 2 - 1) < 1e-9


def test_a_placed_sound_is_higher_at_the_top_row():
    top, _ = _channels(sounds.render_placed("move", 0, 0))
    bottom, _ = _channels(sounds.render_placed("move", 0, 7))
    assert _zero_crossings(top) > 1.8 * _zero_crossings(bottom)  # an octave apart
    assert sounds.row_pitch(0) > sounds.row_pitch(3) > 1 > sounds.row_pitch(4) > sounds.row_pitch(7)


def test_placed_sound_files_are_stereo_and_places_are_checked(tmp_path):
    path = sounds.placed_sound_path("cursor", 2, 5, tmp_path)
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 2 and wav.getframerate() == sounds.SAMPLE_RATE
    assert path.parent.name == "placed" and path.name == "cursor-c2-r5.wav"
    for bad in ((8, 0), (0, -1), (True, 0)):
        with pytest.raises(ValueError):
            sounds.render_placed("move", *bad)
