"""Screenshots of the real window on an X server (Xvfb), for tests/ui/test_ui_screenshots.py.

Run by the test in a subprocess with ``DISPLAY`` set and ``QT_QPA_PLATFORM=xcb`` (and, for the
high-DPI case, ``QT_SCALE_FACTOR=2``)::

    python tests/ui/xvfb_shot.py OUT_DIR --sizes 640x720,1100x1200 [--themes k1,k2] [--flash]

For every theme and window size (logical pixels) it opens the MainWindow at the starting position
with the cursor (keyboard focus) on square 15, grabs the window from the X server's screen
(``QScreen.grabWindow``, device pixels), saves a PNG and records measurements in
``OUT_DIR/shots.json``: the device pixel ratio, each square's rectangle in device pixels, sample
colours, the pixels of a row across the focused square, and the box of a square's number. With
``--large-numbers`` the first size is shot again with large square numbers; with ``--flash`` it
also shoots "where am I" at its peak and after it ends. Nothing is asserted here: the test does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QPoint, QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from checkers_desktop.rules import BLACK, WHITE  # noqa: E402
from checkers_desktop.speech.fake import FakeSynth  # noqa: E402
from checkers_desktop.session.ports import first_legal_move  # noqa: E402
from checkers_desktop.ui.main_window import MainWindow  # noqa: E402
from checkers_desktop.ui.settings import (LARGE_NUMBERS, THEME_KEY, Settings)  # noqa: E402
from checkers_desktop.ui.themes import THEMES  # noqa: E402

FOCUS_SQUARE = 15
"""Empty at the start; the cursor is put here."""
NUMBER_SQUARE = 14
"""Empty at the start, not focused: its number is measured."""
BLACK_SQUARE = 10
WHITE_SQUARE = 23


class _Silent:
    def play(self, name: str) -> bool:
        return True


def _wait(app: QApplication, ms: int, until=None) -> bool:
    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < ms:
        app.processEvents()
        if until is not None and until():
            return True
        time.sleep(0.01)
    app.processEvents()
    return until() if until is not None else True


def _hex(image: QImage, x: float, y: float) -> str:
    return image.pixelColor(int(x), int(y)).name().upper()


def _device_rect(window, widget, dpr: float) -> list[int]:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return [round(top_left.x() * dpr), round(top_left.y() * dpr),
            round(widget.width() * dpr), round(widget.height() * dpr)]


def _grab(app: QApplication, window) -> QImage:
    screen = window.screen() or app.primaryScreen()
    pixmap = screen.grabWindow(window.winId())
    if pixmap.isNull():  # pragma: no cover - a screen that cannot be read: render the widget
        pixmap = window.grab()
    return pixmap.toImage().convertToFormat(QImage.Format.Format_RGB32)


def _number_box(image: QImage, rect: list[int], background: str) -> list[float]:
    """Box (left, top, right, bottom, as fractions of the side) of the pixels that differ from
    ``background`` inside the square, 8 % in from its edges; [] if there are none."""
    x0, y0, side = rect[0], rect[1], rect[2]
    margin = max(1, round(side * 0.08))
    xs, ys = [], []
    for y in range(y0 + margin, y0 + side - margin):
        for x in range(x0 + margin, x0 + side - margin):
            if _hex(image, x, y) != background:
                xs.append(x)
                ys.append(y)
    if not xs:
        return []
    return [(min(xs) - x0) / side, (min(ys) - y0) / side, (max(xs) + 1 - x0) / side,
            (max(ys) + 1 - y0) / side]


def _measure(image: QImage, rects: dict[int, list[int]], theme) -> dict:
    def centre(sq, dx=0.0, dy=0.0):
        x, y, w, h = rects[sq]
        return _hex(image, x + w * (0.5 + dx), y + h * (0.5 + dy))

    fx, fy, fw, fh = rects[FOCUS_SQUARE]
    row = [_hex(image, x, fy + fh // 2) for x in range(fx, fx + fw)]
    column = [_hex(image, fx + fw // 2, y) for y in range(fy, fy + fh)]
    one = rects[1]  # square 1 is row 0, column 1: the light square (0, 0) is one cell to its left
    return {
        "light_square": _hex(image, one[0] - one[2] * 0.5, one[1] + one[3] * 0.5),
        "empty_square": centre(NUMBER_SQUARE, 0.35, 0.35),
        "black_piece": centre(BLACK_SQUARE),
        "white_piece_ring": centre(WHITE_SQUARE, 0.28),
        "white_piece_hole": centre(WHITE_SQUARE),
        "focus_row": row,
        "focus_column": column,
        "number_box": _number_box(image, rects[NUMBER_SQUARE], theme.dark_square),
        "left_of_focus": _hex(image, fx - fw * 0.3, fy + fh * 0.5),
    }


def shoot(app, out: Path, theme_key: str, size: tuple[int, int], large_numbers: bool,
          flash: bool) -> dict:
    theme = THEMES[theme_key].for_sides({BLACK: "Black", WHITE: "Red"})  # as drawn in practice
    ini = out / f"settings-{theme_key}-{size[0]}x{size[1]}-{int(large_numbers)}.ini"
    settings = Settings(QSettings(str(ini), QSettings.Format.IniFormat))
    settings.set(THEME_KEY, theme_key)
    settings.set(LARGE_NUMBERS, large_numbers)
    window = MainWindow(settings=settings, speech_sink=FakeSynth(),
                        screen_reader_post=lambda event: None, engine_choose=first_legal_move,
                        reply_seconds=0, confirm=lambda question: False,
                        sound_player=_Silent(), welcome_delay_ms=0)
    window.move(0, 0)
    window.resize(*size)
    window.show()
    window.activateWindow()
    window.raise_()
    _wait(app, 3000, lambda: window.isActiveWindow() and window.isVisible())
    window.board.set_cursor(FOCUS_SQUARE)
    focused = _wait(app, 2000,
                    lambda: window.board.focused_square() == FOCUS_SQUARE)
    _wait(app, 300)
    dpr = window.devicePixelRatioF()
    rects = {sq: _device_rect(window, w, dpr) for sq, w in window.board.squares.items()}
    image = _grab(app, window)
    name = f"{theme_key}-{size[0]}x{size[1]}{'-numbers' if large_numbers else ''}"
    image.save(str(out / f"{name}.png"))
    record = {"theme": theme_key, "size": list(size), "large_numbers": large_numbers,
              "dpr": dpr, "png": f"{name}.png", "focused": focused,
              "image_size": [image.width(), image.height()],
              # the window's own logical size: no smaller than its minimum (with the game panel
              # beside the board that is a little wider than the narrowest size asked for)
              "window_size": [window.width(), window.height()],
              "active": window.isActiveWindow(),
              "theme_name_in_menu": window.display.theme_actions[theme_key].isChecked(),
              "rects": {str(k): v for k, v in rects.items()},
              "central": [round(window.centralWidget().width() * dpr),
                          round(window.height() * dpr)],
              "measure": _measure(image, rects, theme)}
    if flash:
        finished = []
        window.board.flash_finished.connect(finished.append)
        window.board.where_am_i(900)
        _wait(app, 450)
        peak = _grab(app, window)
        peak.save(str(out / f"{name}-where-am-i.png"))
        record["flash_peak"] = _measure(peak, rects, theme)
        _wait(app, 3000, lambda: bool(finished))
        _wait(app, 200)
        after = _grab(app, window)
        record["flash_after"] = _measure(after, rects, theme)
        record["flash_finished"] = finished
    window.close()
    window.deleteLater()
    _wait(app, 50)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="640x720,1100x1200")
    parser.add_argument("--themes", default=",".join(THEMES))
    parser.add_argument("--large-numbers", action="store_true")
    parser.add_argument("--flash", action="store_true")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    app = QApplication.instance() or QApplication(["xvfb-shot"])
    shots = []
    for key in args.themes.split(","):
        for index, size in enumerate(sizes):
            shots.append(shoot(app, args.out, key, size, False, args.flash and index == 0))
        if args.large_numbers:
            shots.append(shoot(app, args.out, key, sizes[0], True, False))
    (args.out / "shots.json").write_text(json.dumps({"platform": app.platformName(),
                                                     "shots": shots}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
