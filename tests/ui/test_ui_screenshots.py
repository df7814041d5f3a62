"""Screenshots of the real window under Xvfb, every theme at two window sizes and at twice the
scale: the theme's colours where the position puts squares and pieces, the focus outline
at least 3 device pixels wide with 3:1 contrast, large square numbers, "where am I".

The window runs in a subprocess (``tests/ui/xvfb_shot.py``) on the X server, since pytest-qt in this
process uses the offscreen platform. Skipped only when ``Xvfb`` is not installed (CI installs it).
The PNGs stay in pytest's temporary directory (printed with ``-s``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checkers_desktop.rules import BLACK, WHITE

from checkers_desktop.ui.contrast import contrast_ratio
from checkers_desktop.ui.themes import THEMES

PRACTICE_NAMES = {BLACK: "Black", WHITE: "Red"}
"""The practice rules' names of the sides: the window draws each side's pieces for them."""

SCRIPT = Path(__file__).resolve().parent / "xvfb_shot.py"
ROOT = Path(__file__).resolve().parents[2]
SIZES = "640x720,1100x1200"
FOCUS_SQUARE = "15"

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]  # a real X server, every theme


@pytest.fixture(scope="module")
def xvfb_display():
    """An Xvfb server on a free display (``-displayfd``), stopped after the module."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); the screenshot tests need it")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "2600x2600x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            pytest.fail("Xvfb did not report a display number")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _run_shots(display: str, out: Path, *extra: str, scale: str | None = None) -> dict:
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    env.pop("QT_SCALE_FACTOR", None)
    env.pop("WAYLAND_DISPLAY", None)
    if scale:
        env["QT_SCALE_FACTOR"] = scale
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    result = subprocess.run([sys.executable, str(SCRIPT), str(out), *extra], env=env,
                            capture_output=True, text=True, timeout=200)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads((out / "shots.json").read_text())


@pytest.fixture(scope="module")
def shots(xvfb_display, tmp_path_factory):
    out = tmp_path_factory.mktemp("screenshots")
    data = _run_shots(xvfb_display, out, "--sizes", SIZES, "--large-numbers", "--flash")
    print(f"\nscreenshots in {out}")
    data["dir"] = out
    return data


@pytest.fixture(scope="module")
def shots_2x(xvfb_display, tmp_path_factory):
    out = tmp_path_factory.mktemp("screenshots-2x")
    data = _run_shots(xvfb_display, out, "--sizes", "640x720", scale="2")
    print(f"\nscreenshots at scale 2 in {out}")
    return data


def _of_theme(data: dict, key: str, large_numbers: bool = False) -> list[dict]:
    return [s for s in data["shots"] if s["theme"] == key and s["large_numbers"] == large_numbers]


def _focus_run(pixels: list[str], theme) -> tuple[int, int]:
    """(width, index after) of the run of ``theme.focus`` pixels from the start of ``pixels``,
    after the casing band if the theme has one (and, at a fractional scale, the one blended pixel
    where the casing meets the focus band)."""
    i = 0
    if theme.casing:
        while i < len(pixels) and pixels[i] == theme.casing.upper():
            i += 1
        if i < len(pixels) and pixels[i] != theme.focus.upper():
            i += 1
    start = i
    while i < len(pixels) and pixels[i] == theme.focus.upper():
        i += 1
    return i - start, i


def test_screenshots_run_on_the_x_server(shots):
    assert shots["platform"] == "xcb"
    assert {s["theme"] for s in shots["shots"]} == set(THEMES)
    for shot in shots["shots"]:
        assert (shots["dir"] / shot["png"]).stat().st_size > 0
        assert shot["focused"], f"{shot['png']}: square {FOCUS_SQUARE} never got the focus"
        assert shot["theme_name_in_menu"], "the theme's radio item is not ticked"


@pytest.mark.parametrize("key", list(THEMES))
def test_theme_colours_where_the_position_puts_them(shots, key):
    theme = THEMES[key].for_sides(PRACTICE_NAMES)
    taken = _of_theme(shots, key)
    assert len(taken) == 2
    for shot in taken:
        m = shot["measure"]
        where = shot["png"]
        assert m["light_square"] == theme.light_square.upper(), where
        assert m["empty_square"] == theme.dark_square.upper(), where
        assert m["black_piece"] == theme.first_piece.upper(), where
        assert m["white_piece_ring"] == theme.second_piece.upper(), where
        assert m["white_piece_hole"] == theme.dark_square.upper(), where  # a ring, not a disc


@pytest.mark.parametrize("key", list(THEMES))
def test_board_fills_the_window_and_squares_stay_square(shots, key):
    small, large = sorted(_of_theme(shots, key), key=lambda s: s["size"][0])
    for shot in (small, large):
        sides = {tuple(r[2:]) for r in shot["rects"].values()}
        assert len(sides) == 1 and all(w == h for w, h in sides), shot["png"]
        side = next(iter(sides))[0]
        width, height = shot["central"]
        # the board (8 squares) takes the central area's width (the window less the side panel),
        # less the margins of the layout
        assert 8 * side >= 0.9 * min(width, height - 150), shot["png"]
    assert large["rects"][FOCUS_SQUARE][2] > 1.5 * small["rects"][FOCUS_SQUARE][2]


@pytest.mark.parametrize("key", list(THEMES))
def test_focus_outline_is_3px_and_3_to_1_on_every_side(shots, key):
    theme = THEMES[key]
    for shot in _of_theme(shots, key):
        m = shot["measure"]
        for name, pixels in (("left", m["focus_row"]), ("right", m["focus_row"][::-1]),
                             ("top", m["focus_column"]), ("bottom", m["focus_column"][::-1])):
            width, _ = _focus_run(pixels, theme)
            assert width >= 3, f"{shot['png']}: focus outline {width} px on the {name}"
            # WCAG 2.4.13: the outline's pixels against the same pixels unfocused (the square)
            assert contrast_ratio(theme.focus, m["empty_square"]) >= 3.0
        # inside the outline the square shows again
        _, after = _focus_run(m["focus_row"], theme)
        assert m["focus_row"][after] != theme.focus.upper()


@pytest.mark.parametrize("key", list(THEMES))
def test_large_square_numbers(shots, key):
    normal = _of_theme(shots, key)[0]["measure"]["number_box"]
    (large_shot,) = _of_theme(shots, key, large_numbers=True)
    large = large_shot["measure"]["number_box"]
    assert normal and large, "no number drawn on square 14"
    normal_height, large_height = normal[3] - normal[1], large[3] - large[1]
    assert normal_height < 0.26 and normal[2] < 0.6 and normal[3] < 0.45  # small, top left
    assert large_height >= 0.3 and large_height > 1.4 * normal_height
    assert abs((large[0] + large[2]) / 2 - 0.5) < 0.08  # centred
    assert abs((large[1] + large[3]) / 2 - 0.5) < 0.08
    # the pieces keep their shapes: the white ring's hole still shows the square
    assert large_shot["measure"]["white_piece_hole"] == THEMES[key].dark_square.upper()


@pytest.mark.parametrize("key", list(THEMES))
def test_where_am_i_enlarges_the_square_over_its_neighbours(shots, key):
    theme = THEMES[key]
    (shot,) = [s for s in _of_theme(shots, key) if "flash_peak" in s]
    assert shot["measure"]["left_of_focus"] == theme.light_square.upper()  # the neighbour
    peak = shot["flash_peak"]["left_of_focus"]
    assert peak != theme.light_square.upper(), "the enlarged square does not cover its neighbour"
    assert shot["flash_finished"] == [int(FOCUS_SQUARE)]
    assert shot["flash_after"]["left_of_focus"] == theme.light_square.upper()


def test_high_dpi_scale_2_doubles_the_device_pixels(shots, shots_2x):
    assert {s["theme"] for s in shots_2x["shots"]} == set(THEMES)
    for shot in shots_2x["shots"]:
        theme = THEMES[shot["theme"]].for_sides(PRACTICE_NAMES)
        assert shot["dpr"] == 2.0
        assert shot["image_size"] == [2 * v for v in shot["window_size"]]
        one_x = next(s for s in _of_theme(shots, shot["theme"]) if s["size"] == shot["size"])
        assert shot["rects"][FOCUS_SQUARE][2] == 2 * one_x["rects"][FOCUS_SQUARE][2]
        width_2x, _ = _focus_run(shot["measure"]["focus_row"], theme)
        width_1x, _ = _focus_run(one_x["measure"]["focus_row"], theme)
        assert width_2x >= 3 and width_2x >= 2 * width_1x - 1, shot["png"]
        m = shot["measure"]
        assert m["black_piece"] == theme.first_piece.upper()
        assert m["white_piece_ring"] == theme.second_piece.upper()
        assert m["empty_square"] == theme.dark_square.upper()


@pytest.fixture(scope="module")
def shots_1_5x(xvfb_display, tmp_path_factory):
    out = tmp_path_factory.mktemp("screenshots-1.5x")
    return _run_shots(xvfb_display, out, "--sizes", "640x720", scale="1.5")


def test_fractional_scale_1_5_keeps_colours_and_a_3px_outline(shots_1_5x):
    assert {s["theme"] for s in shots_1_5x["shots"]} == set(THEMES)
    for shot in shots_1_5x["shots"]:
        theme = THEMES[shot["theme"]].for_sides(PRACTICE_NAMES)
        assert shot["dpr"] == 1.5  # not rounded to 1 or 2: Qt 6 passes the scale through
        assert shot["image_size"] == [round(1.5 * v) for v in shot["window_size"]]
        m = shot["measure"]
        for pixels in (m["focus_row"], m["focus_row"][::-1], m["focus_column"]):
            width, _ = _focus_run(pixels, theme)
            assert width >= 3, shot["png"]
        assert m["black_piece"] == theme.first_piece.upper()
        assert m["white_piece_ring"] == theme.second_piece.upper()
        assert m["light_square"] == theme.light_square.upper()
