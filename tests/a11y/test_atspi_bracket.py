"""The bracket read the way Orca reads it: the real app on a private Xvfb display with the AT-SPI
bus, a tournament opened at start (the one opened last), F7 for the bracket window, then the
single keys N (next matches) and S (standings) and arrow keys through the list.

Needs what tests/a11y/test_atspi.py needs (xvfb, dbus, at-spi2-core, python3-pyatspi); skips
naming what is missing, or fails under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xsession  # noqa: E402
from test_atspi import _missing_or_skip  # noqa: E402  (the same tools, skipped the same way)

pytestmark = pytest.mark.slow  # its own X server, D-Bus and AT-SPI bus, and the real app

HERE = Path(__file__).resolve().parent
READER = HERE / "bracket_reader.py"
PLAYERS40 = HERE.parent / "tournament" / "data" / "players40.csv"
KEYS = ("n", "s", "Down", "Down", "Down")


def _prepare(data: Path):
    from checkers_desktop.tournament.store import Tournament

    folder = data / "tournament"
    folder.mkdir(parents=True)
    path = folder / "tournament.db"
    with Tournament.open(str(path), name="Golden Age Games test") as t:
        t.import_competitors(str(PLAYERS40))
        t.make_divisions(merges=[("55-59", "60-64")])
        for d in t.divisions():
            t.draw(d.key, seed=2026)
        while True:  # the merged division played to its medals
            due = [m for m in t.playable() if m.division_key == "55-59+60-64"]
            if not due:
                break
            for m in due:
                t.enter_result(m.number, [m.a.name, m.a.name])
        return path, t.division_view("55-59+60-64")


@pytest.fixture(scope="module")
def reading(tmp_path_factory) -> dict:
    _missing_or_skip()
    workdir = tmp_path_factory.mktemp("atspi-bracket")
    path, view = _prepare(workdir / "data")
    settings = workdir / "settings.ini"
    settings.write_text(f"[speech]\nenabled=false\n[tournament]\nlast={path}\n")
    with xsession.XSession(workdir, screen="1366x768x24") as session:
        app = session.spawn("app", [sys.executable, "-m", "checkers_desktop"], {
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "CHECKERS_DESKTOP_SETTINGS": str(settings),
            "CHECKERS_DESKTOP_DATA": str(workdir / "data"),
            "PYTHONPATH": str(HERE.parents[1]),
        })
        result = session.run("reader", [xsession.SYSTEM_PYTHON, str(READER), "--pid",
                                        str(app.pid), "--timeout", "60", "--keys",
                                        ",".join(KEYS)], timeout=240)
        if app.poll() is not None:
            pytest.fail(f"the app exited with status {app.returncode}\n" + session.log_text("app"))
        shot = session.screenshot(workdir / "bracket.png")
        wanted = os.environ.get("CHECKERS_A11Y_BRACKET_SCREENSHOT")
        if wanted:
            Path(wanted).write_bytes(shot.read_bytes())
        try:
            data = json.loads(result.stdout)
        except json.JSONDecodeError:
            pytest.fail(f"reader printed no JSON (status {result.returncode}): "
                        f"{result.stdout[-2000:]}\n{session.log_text('reader')}\n"
                        + session.log_text("app"))
        data["_app_log"] = session.log_text("app")
        data["_view"] = view
    return data


def _nodes(node):
    yield node
    for child in node.get("children", ()):
        yield from _nodes(child)


def _context(data) -> str:
    return json.dumps({k: data.get(k) for k in ("app", "events", "log")})[:3000] + "\n" + \
        data.get("_app_log", "")[-2000:]


def test_the_bracket_window_is_read_as_a_list_of_the_division(reading):
    window = reading["window"]
    assert window is not None, _context(reading)
    names = [n["name"] for n in _nodes(window)]
    view = reading["_view"]
    d = view.division
    assert f"Division {d.label}: {d.competitor_count} competitors, drawn with seed 2026; " \
           f"same-center first-round pairs {d.same_center_pairs} (fewest possible " \
           f"{d.minimum_same_center_pairs}). {d.note}." in names, names[:40]
    for m in view.matches:
        if m.status != "empty":
            assert m.line() in names, (m.line(), names[:60])
    assert "Standings, 55-59 and 60-64" in names
    gold = view.standings.lines()[0]
    assert gold.startswith("Gold: ") and "not decided" not in gold and gold in names


def test_single_keys_are_announced(reading):
    events = reading["events"]
    after = events[reading["before_keys"]:]
    said = [str(e["any_data"]) for e in after if e["type"] == "object:announcement"]
    label = reading["_view"].division.label
    assert any(s.startswith(f"No match is waiting to be played in {label}") or
               s.startswith("Next match") for s in said), (said, _context(reading))
    assert any(s.startswith(f"Standings, {label}: Gold: ") for s in said), said


def test_arrow_keys_move_the_focus_over_the_lines(reading):
    events = reading["events"][reading["before_keys"]:]
    focused = [e["source_name"] for e in events
               if e["type"] == "object:state-changed:focused" and e["detail1"] == 1]
    lines = {n["name"] for n in _nodes(reading["window"])}
    moved = [f for f in focused if f in lines and f]
    assert len(set(moved)) >= 2, (focused, _context(reading))
