#!/usr/bin/python3
"""Read the bracket window of the running app through AT-SPI, as a screen reader does; print JSON.

Run by Debian's ``/usr/bin/python3`` (pyatspi) inside the session of :mod:`xsession`, with the
helpers of ``atspi_reader.py``. Steps, each bounded by ``--timeout`` seconds:

1. find the application (``--pid``) and its object named "Board"; listen for announcements and
   focus changes;
2. wait until an announcement holds ``--wait-text`` (the tournament is open);
3. give the board the keyboard focus (a click when nobody else does) and press F7;
4. wait for the object named "Bracket" (the bracket window's list) and dump the bracket window;
5. press ``--keys`` one by one (names as in KEYS below), collecting what is announced and which
   object gets the focus after each.

Output: ``{"app", "before_keys", "window", "events", "log"}``; an event is as in atspi_reader.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import atspi_reader as ar  # noqa: E402
import pyatspi  # noqa: E402

KEYS = {**ar.KEYSYMS, "F7": 0xFFC4, "n": 0x6E, "s": 0x73, "p": 0x70, "d": 0x64}


def press(key: str) -> None:
    ar.pyatspi.Registry.generateKeyboardEvent(KEYS[key], None, pyatspi.KEY_SYM)


def focus(acc, timeout: float) -> bool:
    component = ar.safe(acc.queryComponent)
    if component is None:
        return False
    ar.safe(component.grabFocus, False)
    if ar.wait_until(lambda: "focused" in ar.states_of(acc), min(timeout, 3.0)):
        return True
    extents = ar.safe(lambda: component.getExtents(pyatspi.DESKTOP_COORDS))
    if extents is not None:  # no window manager gives the X focus: a click does
        pyatspi.Registry.generateMouseEvent(extents.x + 8, extents.y + 8, "b1c")
    return ar.wait_until(lambda: "focused" in ar.states_of(acc), min(timeout, 5.0))


def window_of(app, name_prefix: str):
    for child in ar.children_of(app):
        if (ar.safe(lambda c=child: c.name, "") or "").startswith(name_prefix):
            return child
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--wait-text", default="is open")
    parser.add_argument("--keys", default="", help="comma-separated: " + ", ".join(KEYS))
    parser.add_argument("--key-wait", type=float, default=1.5)
    args = parser.parse_args()
    out: dict = {"app": None, "window": None, "events": [], "log": ar._log}
    events: list[dict] = []

    def on_event(event) -> None:
        record = ar.safe(lambda: ar.event_record(event))
        if record is not None:
            events.append(record)

    deadline = time.monotonic() + args.timeout
    app = None
    while time.monotonic() < deadline:
        app = ar.find_app(args.pid)
        if app is not None and ar.find(app, "Board") is not None:
            break
        ar.pump(0.2)
    if app is None:
        print(json.dumps(out))
        return 2
    out["app"] = {"name": ar.safe(lambda: app.name, ""), "pid": args.pid}
    types = ("object:announcement", "object:state-changed:focused")
    pyatspi.Registry.registerEventListener(on_event, *types)
    ar.pump(0.5)
    ar.wait_until(lambda: any(args.wait_text in str(e["any_data"]) for e in events),
                  args.timeout)
    board = ar.find(app, "Board")
    out["board_focused"] = focus(board, args.timeout) if board is not None else False
    events.append({"type": "reader:key", "any_data": "F7", "time": round(time.monotonic(), 3)})
    press("F7")
    ar.wait_until(lambda: ar.find(app, "Bracket") is not None, args.timeout)
    ar.pump(1.0)
    window = window_of(app, "Bracket")
    out["window"] = ar.dump(window) if window is not None else None
    out["before_keys"] = len(events)
    tree = ar.find(app, "Bracket")
    if tree is not None and "focused" not in ar.states_of(tree):
        focus(tree, args.timeout)
    for key in filter(None, (k.strip() for k in args.keys.split(","))):
        events.append({"type": "reader:key", "any_data": key, "time": round(time.monotonic(), 3)})
        press(key)
        ar.pump(args.key_wait)
    ar.safe(lambda: pyatspi.Registry.deregisterEventListener(on_event, *types))
    out["events"] = events
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
