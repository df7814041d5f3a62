"""The window on the screens event laptops have (1366x768 and 1280x720), at text size 100 % and
200 %, in every theme, in a game and in a match: the whole window lies within the screen's
available area, every visible control lies on the screen, the board is square and as large as the
height allows (the clocks, the move box and the status line beside it), and the status line's and
the clocks' text is not cut off.

The window runs in a subprocess (``tests/ui/screen_fit.py``) on an Xvfb server whose screen has
the laptop's size, with no window manager (so the available area is the whole screen). Skipped
only when ``Xvfb`` is not installed (CI installs it). The screenshots stay in pytest's temporary
directory (printed with ``-s``), with the board's size in pixels.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checkers_desktop.ui.themes import THEMES

SCRIPT = Path(__file__).resolve().parent / "screen_fit.py"
ROOT = Path(__file__).resolve().parents[2]
SCREENS = ("1366x768", "1280x720")

pytestmark = [pytest.mark.timeout(300), pytest.mark.slow]  # a real X server, every screen


def _xvfb(size: str):
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    return server, f":{number}"


@pytest.fixture(scope="module", params=SCREENS)
def screens(request, tmp_path_factory):
    """The measurements of every text size, mode and theme on one screen size."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); the screen tests need it")
    size = request.param
    out = tmp_path_factory.mktemp(f"screens-{size}")
    server, display = _xvfb(size)
    try:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        for name in ("QT_SCALE_FACTOR", "WAYLAND_DISPLAY", "CHECKERS_DESKTOP_SETTINGS"):
            env.pop(name, None)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        result = subprocess.run([sys.executable, str(SCRIPT), str(out)], env=env,
                                capture_output=True, text=True, timeout=280)
        assert result.returncode == 0, result.stderr[-3000:]
    finally:
        server.terminate()
        server.wait(timeout=10)
    data = json.loads((out / "screens.json").read_text())
    data["dialogs"] = [r for r in data["records"] if r["mode"] == "dialog"]
    data["records"] = [r for r in data["records"] if r["mode"] != "dialog"]
    boards = sorted({(r["text"], r["mode"], r["board_side"]) for r in data["records"]})
    print(f"\nscreens {size} in {out}: board side in pixels (text %, mode, side): {boards}")
    data.update(size=[int(v) for v in size.split("x")], dir=out)
    return data


def _inside(inner, outer) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox and y >= oy and x + w <= ox + ow and y + h <= oy + oh


def test_every_text_size_mode_and_theme_was_shot(screens):
    assert screens["platform"] == "xcb"
    seen = {(r["text"], r["mode"], r["theme"]) for r in screens["records"]}
    assert seen == {(t, m, k) for t in (100, 200) for m in ("game", "match", "penalty")
                    for k in THEMES}
    for record in screens["records"]:
        assert record["screen"][2:] == screens["size"]
        assert (screens["dir"] / record["png"]).stat().st_size > 0


def test_the_window_and_every_control_lie_on_the_screen(screens):
    for r in screens["records"]:
        where = r["png"]
        assert _inside(r["frame"], r["available"]), (where, r["frame"], r["available"])
        for widget in r["widgets"]:
            assert _inside(widget["rect"], r["screen"]), (where, widget)
            assert _inside(widget["rect"], r["geometry"]), (where, widget)
        for square, rect in r["squares"].items():
            assert _inside(rect, r["board"]), (where, square)


def test_the_officials_dialogs_lie_on_the_screen(screens):
    """The new-match form (its fields scroll at a large text size) and the PIN dialog."""
    assert {(d["text"], d["dialog"]) for d in screens["dialogs"]} == {
        (t, name) for t in (100, 200) for name in ("MatchDialog", "PinDialog")}
    for d in screens["dialogs"]:
        assert _inside(d["frame"], d["available"]), (d["png"], d["frame"])
        for widget in d["widgets"]:
            if widget["class"] in ("QDialogButtonBox", "QPushButton", "QScrollArea"):
                assert _inside(widget["rect"], d["available"]), (d["png"], widget)


def test_the_move_box_status_line_and_clocks_are_visible_and_whole(screens):
    for r in screens["records"]:
        where = r["png"]
        assert r["move_box"] and r["move_box"][3] >= 20, where
        assert r["status"] and r["status"][3] >= 20, where
        if r["mode"] != "game":
            assert r["clocks"] and r["clocks"][3] > 0, where
            assert r["clock_points"] >= 18, where  # large print at least
        else:
            assert r["clocks"] is None, where
        for label in r["labels"]:
            assert label["needed_height"] <= label["rect"][3], (where, label)
            assert label["text"], (where, label)


def test_text_size_200_doubles_the_window_s_own_text(screens):
    """View > Text size reaches the status line, the move box and the menus in every theme (it
    once fell back to 100 % when a style sheet was set on the whole application)."""
    points = {}
    for r in screens["records"]:
        status = next(label for label in r["labels"] if label["name"] == "status")
        points.setdefault(r["text"], set()).add(status["points"])
    assert len(points[100]) == 1 and len(points[200]) == 1, points
    assert points[200].pop() == pytest.approx(2 * points[100].pop())


def test_the_board_is_square_and_as_large_as_the_height_allows(screens):
    width, height = screens["size"]
    for r in screens["records"]:
        where = r["png"]
        x, y, w, h = r["board"]
        assert w == h == r["board_side"], where
        sides = {rect[2] for rect in r["squares"].values()}
        assert len(sides) == 1 and all(rect[2] == rect[3] for rect in r["squares"].values())
        assert 8 * sides.pop() >= w - 8, where
        # beside the clocks and the status line, the board takes the whole height of the
        # window's content area (less the layout's margins): the clocks cost it nothing
        assert r["beside"], where
        central_height = r["central"][3]
        assert w >= central_height - 24, (where, w, central_height)
        assert w >= 0.85 * height, (where, w)
    # a match's board is as large as a game's at the same text size
    for text in (100, 200):
        sides = {r["mode"]: r["board_side"] for r in screens["records"] if r["text"] == text}
        assert sides["match"] == sides["game"] and sides["penalty"] >= 0.85 * height, sides
