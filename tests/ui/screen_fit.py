"""The window on an event laptop's screen, for tests/ui/test_ui_screens.py.

Run by the test in a subprocess on an Xvfb server whose screen is the laptop's (1366x768 or
1280x720), with ``QT_QPA_PLATFORM=xcb``::

    python tests/ui/screen_fit.py OUT_DIR [--texts 100,200] [--themes k1,k2]

For each text size it opens the MainWindow as the app does (its size fitted to the screen's
available area), then for a game, a match (two moves played, the clocks shown) and a penalty in a
match (the longest status line: whose choice it is, and the penalised player's move refused) and
each theme it grabs the whole screen (PNG), and opens the new-match form and the PIN dialog, and
records, in ``OUT_DIR/screens.json``: the screen and its
available area, the window's frame, every visible widget's rectangle on the screen (name, class),
the board's and its squares' rectangles, the layout's arrangement, and for each label of the status
line and the clocks whether its text fits (the height its text needs at its width). Nothing is
asserted here: the test does.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings
from PySide6.QtWidgets import QApplication, QLabel, QWidget

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from checkers_desktop.session.match_model import MatchSettings, PlayerInfo  # noqa: E402
from checkers_desktop.session.official_gate import OfficialGate  # noqa: E402
from checkers_desktop.session.ports import first_legal_move  # noqa: E402
from checkers_desktop.speech.fake import FakeSynth  # noqa: E402
from checkers_desktop.ui.event.pin_dialog import PinDialog  # noqa: E402
from checkers_desktop.ui.main_window import MainWindow  # noqa: E402
from checkers_desktop.ui.settings import TEXT_SIZE_PERCENT, THEME_KEY, Settings  # noqa: E402
from checkers_desktop.ui.themes import THEMES  # noqa: E402
from xvfb_shot import _Silent, _wait  # noqa: E402  (beside this file)


def _rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def _global(widget: QWidget) -> list[int]:
    top_left = widget.mapToGlobal(QPoint(0, 0))
    return [top_left.x(), top_left.y(), widget.width(), widget.height()]


def _visible(widget: QWidget) -> list[int]:
    """The part of ``widget`` on the screen: inside a scroll area, what its viewport shows (the
    rest is scrolled to)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QAbstractScrollArea

    top_left = widget.mapToGlobal(QPoint(0, 0))
    rect = QRect(top_left, widget.size())
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            port = parent.viewport()
            rect = rect.intersected(QRect(port.mapToGlobal(QPoint(0, 0)), port.size()))
        parent = parent.parentWidget()
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def _label_fit(label: QLabel) -> dict:
    needed = label.heightForWidth(label.width()) if label.wordWrap() else \
        label.sizeHint().height()
    return {"name": label.objectName(), "text": label.text(), "rect": _global(label),
            "needed_height": needed, "points": label.font().pointSizeF()}


def measure(window: MainWindow) -> dict:
    screen = window.screen()
    widgets = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.isWindow() or w.width() == 0 or w.height() == 0:
            continue
        widgets.append({"class": type(w).__name__, "name": w.objectName(),
                        "rect": _visible(w)})
    board = window.board
    panel = window.event_menu.panel
    labels = [window.status] + ([panel.labels[k] for k in ("turn", "game", "move")]
                                if panel.isVisible() else [])
    return {
        "screen": _rect(screen.geometry()),
        "available": _rect(screen.availableGeometry()),
        "frame": _rect(window.frameGeometry()),
        "geometry": _rect(window.geometry()),
        "central": _global(window.centralWidget()),
        "board": _global(board),
        "board_side": window.table.board_side,
        "beside": window.table.beside,
        "squares": {str(sq): _global(w) for sq, w in board.squares.items()},
        "move_box": _global(window.move_box) if window.move_box.isVisible() else None,
        "status": _global(window.status) if window.status.isVisible() else None,
        "clocks": _global(panel) if panel.isVisible() else None,
        "clock_points": panel.fitted_points if panel.isVisible() else None,
        "labels": [_label_fit(label) for label in labels],
        "widgets": widgets,
        "maximized": window.isMaximized(),
    }


def shoot(app: QApplication, out: Path, text: int, themes: list[str]) -> list[dict]:
    records: list[dict] = []
    ini = out / f"settings-{text}.ini"
    settings = Settings(QSettings(str(ini), QSettings.Format.IniFormat))
    settings.set(TEXT_SIZE_PERCENT, text)
    settings.set(THEME_KEY, themes[0])
    data = Path(tempfile.mkdtemp(prefix="screens-data-", dir=out))
    window = MainWindow(settings=settings, speech_sink=FakeSynth(),
                        screen_reader_post=lambda event: None, engine_choose=first_legal_move,
                        reply_seconds=0, confirm=lambda question: False, sound_player=_Silent(),
                        welcome_delay_ms=0, data_folder=data)
    window.show()
    window.activateWindow()
    _wait(app, 3000, lambda: window.isVisible() and window.isActiveWindow())
    _wait(app, 300)
    for mode in ("game", "match", "penalty"):
        if mode == "penalty":
            # a visually impaired match: a stalling penalty, the penalised player's move
            # refused: the longest status line of a match
            menu = window.event_menu
            match = menu.start_match(MatchSettings(
                (PlayerInfo("Mary Jones"), PlayerInfo("John Smith")), "va-vi",
                official="Carol Ruiz"), pin="2468", ask_ready=False)
            match.gate.unlock("2468")  # the official starts the game (players ready)
            match.official.start_game()
            window.session.submit_text("11-15")
            window.session.submit_text("22-18")
            for act in (lambda: match.official.stalling_warning(window.session.board.turn),
                        lambda: match.official.stalling_penalty(window.session.board.turn)):
                match.gate.unlock("2468")
                act()
            window.session.submit_text("15x22")
            assert match.pending_penalty is not None
        elif mode == "match":
            menu = window.event_menu
            menu.records_dir = data / "records"
            match = menu.start_match(MatchSettings(
                (PlayerInfo("Mary Jones", "Tampa VAMC", "70-74"),
                 PlayerInfo("John Smith", "Reno VAMC", "85-up")), "va-standard",
                official="Carol Ruiz"), pin="2468", ask_ready=False)
            match.gate.unlock("2468")  # the official starts the game (players ready)
            match.official.start_game()
            window.session.submit_text("11-15")
            window.session.submit_text("22-18")
            menu.refresh_clocks()
            assert match.game_running
        else:
            window.session.submit_text("11-15")
            _wait(app, 2000, lambda: window.session.board.ply >= 2)
        for key in themes:
            window.display.set_theme(key)
            _wait(app, 400)
            shot = window.screen().grabWindow(0)  # the whole screen: nothing may be off it
            name = f"{mode}-{text}-{key}.png"
            shot.save(str(out / name))
            record = measure(window)
            record.update({"mode": mode, "text": text, "theme": key, "png": name,
                           "dpr": window.devicePixelRatioF()})
            records.append(record)
    # the dialogs an official meets at this text size: the new-match form, the PIN
    for dialog in (window.event_menu.dialog_factory(window),
                   PinDialog("pause", "Carol Ruiz", OfficialGate().unlock, parent=window)):
        dialog.show()
        _wait(app, 400)
        name = f"dialog-{text}-{type(dialog).__name__}.png"
        window.screen().grabWindow(0).save(str(out / name))
        records.append({"mode": "dialog", "text": text, "dialog": type(dialog).__name__,
                        "png": name, "frame": _rect(dialog.frameGeometry()),
                        "available": _rect(window.screen().availableGeometry()),
                        "widgets": [{"class": type(w).__name__, "name": w.objectName(),
                                     "rect": _global(w)} for w in dialog.findChildren(QWidget)
                                    if w.isVisible() and w.width() and w.height()
                                    and not w.isWindow()]})
        dialog.close()
    window.close()
    window.deleteLater()
    _wait(app, 50)
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--texts", default="100,200")
    parser.add_argument("--themes", default=",".join(THEMES))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["screen-fit"])
    records = []
    for text in (int(t) for t in args.texts.split(",")):
        records += shoot(app, args.out, text, args.themes.split(","))
    (args.out / "screens.json").write_text(json.dumps({"platform": app.platformName(),
                                                       "records": records}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
