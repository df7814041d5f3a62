"""The real app read through AT-SPI, the way Orca reads it, on a private Xvfb display.

The app runs as a user starts it (``python -m checkers_desktop``) with Qt's AT-SPI bridge on;
``atspi_reader.py`` (Debian's Python, which has pyatspi) dumps the window's accessible tree, types
"11-15" into the "Move" box with synthesized keys and presses Return, records the
``object:announcement`` events (the move, the computer's reply) and the tree after them, then
presses Escape and arrow keys and records where the focus goes. The tests assert on that JSON.

Needs the Debian packages xvfb, dbus, at-spi2-core and python3-pyatspi; without them the tests
skip, naming what is missing (under ``CI=true`` they fail instead: .ci/run installs them).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xsession  # noqa: E402

pytestmark = pytest.mark.slow  # its own X server, D-Bus and AT-SPI bus, and the real app

HERE = Path(__file__).resolve().parent
READER = HERE / "atspi_reader.py"
# After the move: back from the move box to the board, then one step each way: whatever square
# the cursor is on, at least one of Down/Up and one of Right/Left moves it.
KEYS = ("Escape", "Prior", "Down", "Up", "Right", "Left")
# Before the move the cursor visits 15 and comes back to 11 (Page Up, End: the diagonals from
# Black's chair), so that the screen reader has read "15, empty"; after it, Page Up from 11 must
# be heard as "15, black man", not the name the screen reader kept.
KEYS_BEFORE = ("Prior", "End")
ATSPI_LIVE_ASSERTIVE = 2  # AtspiLive in at-spi2-core's atspi-constants.h: NONE 0, POLITE 1
SQUARE_NAME = re.compile(r"^(\d{1,2}), (.+)$")

# The starting position of English draughts: Black's twelve men on 1-12, the other side's on
# 21-32 (WCDF rules 1.3-1.4); the practice profile calls that side Red.
START = {**{sq: "black man" for sq in range(1, 13)}, **{sq: "empty" for sq in range(13, 21)},
         **{sq: "red man" for sq in range(21, 33)}}


def _missing_or_skip() -> None:
    missing = xsession.missing_tools()
    if not missing:
        return
    reason = "AT-SPI test needs " + ", ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (.ci/run installs these)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def reading(tmp_path_factory) -> dict:
    """Start the session and the app, run the reader once; the reader's JSON plus a screenshot."""
    _missing_or_skip()
    workdir = tmp_path_factory.mktemp("atspi")
    settings = workdir / "settings.ini"
    settings.write_text("[speech]\nenabled=false\n")  # no own voice: the screen reader speaks
    with xsession.XSession(workdir) as session:
        app = session.spawn("app", [sys.executable, "-m", "checkers_desktop"], {
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "CHECKERS_DESKTOP_SETTINGS": str(settings),
            "PYTHONPATH": str(HERE.parents[1]),
        })
        result = session.run("reader", [
            xsession.SYSTEM_PYTHON, str(READER), "--pid", str(app.pid), "--wait-for", "Board",
            "--timeout", "60", "--event", "object:announcement",
            "--event", "object:state-changed:focused", "--type-into", "Move",
            "--text", "11-15", "--listen", "40", "--until-text", "Computer: ",
            "--dump-after", "--table", "Board", "--text-of", "Board as text",
            "--keys-before", ",".join(KEYS_BEFORE),
            "--keys", ",".join(KEYS)], timeout=180)
        if app.poll() is not None:
            pytest.fail(f"the app exited with status {app.returncode}\n" + session.log_text("app"))
        shot = session.screenshot(workdir / "window.png")
        wanted = os.environ.get("CHECKERS_A11Y_SCREENSHOT")
        if wanted:
            Path(wanted).write_bytes(shot.read_bytes())
        try:
            data = json.loads(result.stdout)
        except json.JSONDecodeError:
            pytest.fail(f"reader printed no JSON (status {result.returncode}): "
                        f"{result.stdout[-2000:]}\n{session.log_text('reader')}\n"
                        + session.log_text("app"))
        data["_app_log"] = session.log_text("app")
        data["_screenshot"] = str(shot)
    return data


def _nodes(node: dict):
    yield node
    for child in node.get("children", ()):
        yield from _nodes(child)


def _squares(tree: dict) -> dict[int, str]:
    """Square number -> what its accessible name says, for the objects under "Board"."""
    board = next((n for n in _nodes(tree) if n["name"] == "Board"), None)
    assert board is not None, f"no object named 'Board' in {[n['name'] for n in _nodes(tree)]}"
    found: dict[int, str] = {}
    for node in _nodes(board):
        match = SQUARE_NAME.match(node["name"])
        if match:
            found[int(match.group(1))] = match.group(2)
    return found


def _context(data: dict) -> str:
    return json.dumps({k: data.get(k) for k in ("app", "typed", "events", "log")})[:3000] \
        + "\n" + data.get("_app_log", "")


def test_the_app_is_on_the_accessibility_bus_with_its_window(reading):
    assert reading["app"] is not None, _context(reading)
    assert reading["app"]["toolkit"] == "Qt"
    windows = reading["tree"]["children"]
    assert any("Checkers" in w["name"] for w in windows), [w["name"] for w in windows]


def test_the_board_names_all_32_playing_squares_with_their_pieces(reading):
    assert _squares(reading["tree"]) == START


def test_the_move_box_and_status_are_named(reading):
    assert not any(n.get("truncated") for n in _nodes(reading["tree"]))
    names = {n["name"]: n for n in _nodes(reading["tree"])}
    assert "Move" in names and "editable" in names["Move"]["states"], sorted(names)
    assert any(name.startswith("Status") for name in names), sorted(names)


def _status(tree: dict) -> dict:
    nodes = [n for n in _nodes(tree) if n["name"].startswith("Status")]
    assert len(nodes) == 1, [n["name"] for n in _nodes(tree)]
    return nodes[0]


def test_the_status_line_text_is_read_after_a_move(reading):
    """Tab to the status line reads its text, not only "Status": its accessible name follows
    the text (the move played and whose turn)."""
    status = _status(reading["tree_after"])
    heard = status["name"] + " " + status.get("text", "")
    assert status["name"].startswith("Status: "), status
    assert "You, Black to move" in heard and "Last move: Computer" in heard, status
    before = _status(reading["tree"])
    assert before["name"] != status["name"]  # it followed the move


def test_qt_sends_no_text_event_for_an_object_without_text(reading):
    """Selectable labels used to send AT-SPI text events they had no text interface for (Qt
    logged "Received text event for invalid interface" for every clock tick)."""
    assert "Received text event for invalid interface" not in reading["_app_log"]


def test_typing_a_move_is_announced_to_the_screen_reader(reading):
    typed = reading["typed"]
    assert typed and typed["found"] and typed["text_before_return"] == "11-15", _context(reading)
    texts = [str(e["any_data"]) for e in reading["events"] if e["type"] == "object:announcement"]
    assert any("eleven to fifteen" in t.lower() for t in texts), _context(reading)


def test_the_computers_reply_is_announced_assertively(reading):
    """The opponent's move interrupts the screen reader: AT-SPI politeness 2 (assertive)."""
    events = [e for e in reading["events"] if e["type"] == "object:announcement"]
    mine = next((i for i, e in enumerate(events)
                 if "eleven to fifteen" in str(e["any_data"]).lower()), None)
    assert mine is not None, _context(reading)
    replies = [e for e in events[mine + 1:] if str(e["any_data"]).startswith("Computer: ")]
    assert replies, _context(reading)
    assert replies[0]["detail1"] == ATSPI_LIVE_ASSERTIVE, replies[0]


def test_the_square_names_follow_the_move(reading):
    after = _squares(reading["tree_after"])
    # The computer's reply cannot touch 11 or 15: Red has no jump after 11-15.
    assert after[11] == "empty" and after[15] == "black man", after


def test_the_keyboard_cursor_moves_the_screen_readers_focus_over_named_squares(reading):
    """Orca speaks the focused object: each key must put the focus on a square named as it is."""
    events = reading["events"]
    first_key = next((i for i, e in enumerate(events) if e["type"] == "reader:key"), None)
    assert first_key is not None, _context(reading)
    focused = [e["source_name"] for e in events[first_key:]
               if e["type"] == "object:state-changed:focused" and e["detail1"] == 1
               and e["source_name"] != "Board"]  # the board's table itself, then its cells
    names = {f"{sq}, {what}" for sq, what in _squares(reading["tree_after"]).items()}
    assert focused and set(focused) <= names, (focused, _context(reading))
    assert len(set(focused)) >= 2, focused


def test_the_window_is_drawn(reading):
    from PySide6.QtGui import QImage

    image = QImage(reading["_screenshot"])
    assert not image.isNull()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 16)
               for y in range(0, image.height(), 16)}
    assert len(colours) >= 4, f"the screen looks blank: {len(colours)} colours"


def test_the_board_is_a_table_whose_cells_know_their_row_and_column(reading):
    """Orca's and NVDA's table commands: the board read through the AT-SPI Table interface is
    8 by 8; the cells are the squares, each at its row and column on the screen (Black's side at
    the bottom against the computer: square 1 in the bottom row, 32 in the top one)."""
    table = reading.get("table") or {}
    assert table.get("found"), _context(reading)
    assert table["rows"] == 8 and table["columns"] == 8, table
    cells = {(c["row"], c["column"]): c for c in table["cells"]}
    named = {c["name"].split(",")[0]: c for c in table["cells"] if c["name"]}
    assert len(named) == 32, sorted(named)
    fifteen = named["15"]
    assert fifteen["name"] == "15, black man"  # after 11-15
    assert (fifteen["row"], fifteen["column"]) == (4, 3)
    assert fifteen.get("row_of_index", 4) == 4 and fifteen.get("column_of_index", 3) == 3
    if "cell_position" in fifteen:
        assert fifteen["cell_position"] == [4, 3]
    assert named["1"]["row"] == 7 and named["32"]["row"] == 0
    assert cells[(0, 0)]["name"] == ""  # a light square: unused
    # read before the move too: the client was told the cells' new names (no stale "empty")
    before = {c["name"].split(",")[0]: c["name"] for c in reading["table_before"]["cells"]
              if c["name"]}
    assert before["15"] == "15, empty" and before["11"] == "11, black man"
    assert named["11"]["name"] == "11, empty"


def test_orca_hears_only_the_square_in_a_cell_no_selection_state_or_header(reading):
    """Orca says "not selected" after a cell of a table with a selection that is not selected,
    and a column's or row's header ("Column 3 column header") on entering it: on the board both
    would be noise said at every step, so the cursor's cell is the one selected cell and the
    lines have no header."""
    table = reading.get("table") or {}
    assert table.get("found"), _context(reading)
    selected = [cell for cell in table["cells"] if "selected" in cell["states"]]
    focused = [cell for cell in table["cells"] if "focused" in cell["states"]]
    assert len(selected) == 1 and selected == focused, (selected, focused)
    assert set(table["column_headers"]) == {""}, table["column_headers"]
    assert set(table["row_headers"]) == {""}, table["row_headers"]


def test_the_board_as_text_follows_the_move_for_a_braille_display(reading):
    shown = reading.get("text_of") or {}
    lines = (shown.get("text") or "").split("\n")
    assert len(lines) == 8, shown
    assert lines[4] == ". - . b . - . -" or lines[4].replace(">", " ") == " . - . b . - . -"[1:], \
        lines  # 15 holds the black man moved from 11
    assert lines[5].count("b") == 3, lines  # 11 is empty now
    assert "b: black man" in (shown.get("description") or "")


def test_a_cell_read_before_a_move_is_heard_with_its_new_content_after_it(reading):
    """A screen reader keeps the names it has read; each cell whose square changed is told
    (name-changed), so coming back to it says what is there now."""
    events = reading["events"]
    before = [e["source_name"] for e in events
              if e["type"] == "object:state-changed:focused" and e["detail1"] == 1
              and e["source_role"] == "table cell"
              and e["time"] < next(x["time"] for x in events if x["type"] == "reader:key")]
    assert "15, empty" in before, (before, _context(reading))
    first_key = next(i for i, e in enumerate(events) if e["type"] == "reader:key")
    after = [e["source_name"] for e in events[first_key:]
             if e["type"] == "object:state-changed:focused" and e["detail1"] == 1
             and e["source_name"].startswith("15,")]
    assert after and after[0] == "15, black man", (after, _context(reading))
