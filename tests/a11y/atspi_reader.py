#!/usr/bin/python3
"""Read a running program through AT-SPI, as a screen reader does, and print what it saw as JSON.

Run by Debian's ``/usr/bin/python3`` (the only Python with pyatspi, package python3-pyatspi),
inside the session that :mod:`xsession` starts. Steps, each bounded by ``--timeout`` seconds:

1. find the application whose process id is ``--pid`` on the AT-SPI desktop, and wait until its
   tree holds an object named ``--wait-for`` (if given);
2. listen for the ``--event`` types (e.g. ``object:announcement``);
3. dump the tree: name, role, states, description and child objects, depth first;
4. if ``--type-into NAME --text TEXT``: give the object named NAME the keyboard focus, type TEXT
   with synthesized key presses (XTest under Xvfb), falling back to the editable-text interface
   when the typed text does not arrive, and press Return (``--no-return`` to leave it);
5. collect events for ``--listen`` seconds, or until ``--stop-after`` events arrived or an
   event's text (after step 4) holds ``--until-text``; with ``--dump-after``, dump the tree again;
6. press the ``--keys`` one by one (synthesized, to the focused window), collecting events.

Output (stdout), one JSON object: ``{"app": {...}, "tree": node, "tree_after": node, "events":
[...], "typed": {...}, "log": [...]}``, where a node is ``{"name", "role", "states", "description",
"children"}`` and an event ``{"type", "source_name", "source_role", "detail1", "detail2",
"any_data"}``. Exit status 0 when the application was found, 2 when it was not (the JSON then says
what was seen instead).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

import pyatspi  # noqa: E402

KEYSYMS = {"Return": 0xFF0D, "Escape": 0xFF1B, "Tab": 0xFF09, "Home": 0xFF50, "Left": 0xFF51,
           "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54, "End": 0xFF57, "space": 0x20,
           "Prior": 0xFF55, "Next": 0xFF56}
MAX_NODES = 3000
MAX_DEPTH = 16
RETURN_KEYSYM = 0xFF0D

_log: list[str] = []


def log(message: str) -> None:
    _log.append(f"{time.monotonic():.2f} {message}")


def pump(seconds: float) -> None:
    """Let libatspi handle D-Bus traffic (events, cache updates) for ``seconds`` seconds."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.01)


def wait_until(condition, seconds: float) -> bool:
    """Pump events until ``condition()`` is true or ``seconds`` pass; the last answer."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= end:
            return False
        pump(0.05)
    return True


def safe(call, default=None):
    try:
        return call()
    except Exception as exc:  # a dead or changing object: report, don't stop reading
        log(f"error {type(exc).__name__}: {exc}")
        return default


def role_of(acc) -> str:
    return safe(acc.getRoleName, "?") or "?"


def states_of(acc) -> list[str]:
    state_set = safe(acc.getState)
    if state_set is None:
        return []
    return sorted(s.value_nick for s in safe(state_set.getStates, []))


def children_of(acc) -> list:
    count = safe(lambda: acc.childCount, 0) or 0
    return [c for c in (safe(lambda i=i: acc.getChildAtIndex(i)) for i in range(count)) if c]


def dump(acc, depth: int = 0, budget: list[int] | None = None) -> dict:
    """The subtree under ``acc`` as nested dicts (at most MAX_NODES nodes, MAX_DEPTH deep)."""
    budget = budget if budget is not None else [MAX_NODES]
    budget[0] -= 1
    node = {
        "name": safe(lambda: acc.name, "") or "",
        "role": role_of(acc),
        "states": states_of(acc),
        "description": safe(lambda: acc.description, "") or "",
        "children": [],
    }
    if "Text" in (safe(lambda: acc.get_interfaces(), []) or []):
        node["text"] = (text_of(acc) or "")[:2000]  # the text interface, as Orca reads it
    if depth < MAX_DEPTH:
        for child in children_of(acc):
            if budget[0] <= 0:
                node["truncated"] = True
                break
            node["children"].append(dump(child, depth + 1, budget))
    return node


def find(acc, name: str, depth: int = 0):
    """The first object named ``name`` under ``acc`` (depth first), or None."""
    if (safe(lambda: acc.name, "") or "") == name:
        return acc
    if depth >= MAX_DEPTH:
        return None
    for child in children_of(acc):
        hit = find(child, name, depth + 1)
        if hit is not None:
            return hit
    return None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended too
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def find_app(pid: int):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in children_of(desktop):
        if safe(app.get_process_id) == pid:
            return app
    return None


def seen_apps() -> list[dict]:
    desktop = pyatspi.Registry.getDesktop(0)
    return [{"name": safe(lambda a=a: a.name, ""), "pid": safe(a.get_process_id)}
            for a in children_of(desktop)]


def text_of(acc) -> str | None:
    text = safe(acc.queryText)
    if text is None:
        return None
    return safe(lambda: text.getText(0, -1))


def type_into(app, target_name: str, text: str, press_return: bool, timeout: float,
              expect: str | None = None) -> dict:
    """Focus the object named ``target_name``, type ``text`` and maybe press Return. The box
    should then hold ``expect`` (default: ``text``; a password field holds dots)."""
    expect = text if expect is None else expect
    result: dict = {"target": target_name, "text": text, "found": False}
    target = find(app, target_name)
    if target is None:
        log(f"no object named {target_name!r}")
        return result
    result.update(found=True, role=role_of(target))
    component = safe(target.queryComponent)
    result["grab_focus"] = bool(component is not None and safe(component.grabFocus, False))
    wait_until(lambda: "focused" in states_of(target), min(timeout, 3.0))
    if "focused" not in states_of(target) and component is not None:
        # With no window manager nobody gives the window the X input focus; a click (XTest)
        # on the text box makes Qt activate its window and focus the box.
        extents = safe(lambda: component.getExtents(pyatspi.DESKTOP_COORDS))
        if extents is not None:
            x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
            pyatspi.Registry.generateMouseEvent(x, y, "b1c")
            result["clicked_at"] = [x, y]
            wait_until(lambda: "focused" in states_of(target), min(timeout, 5.0))
    result["focused"] = "focused" in states_of(target)

    pyatspi.Registry.generateKeyboardEvent(0, text, pyatspi.KEY_STRING)
    wait_until(lambda: text_of(target) == expect, min(timeout, 5.0))
    result["method"] = "keyboard"
    if text_of(target) != expect:
        log(f"typed text did not arrive (box holds {text_of(target)!r}); using EditableText")
        editable = safe(target.queryEditableText)
        if editable is not None:
            safe(lambda: editable.setTextContents(text))
            result["method"] = "editable-text"
        wait_until(lambda: text_of(target) == text, min(timeout, 5.0))
    result["text_before_return"] = text_of(target)
    if press_return:
        pyatspi.Registry.generateKeyboardEvent(RETURN_KEYSYM, None, pyatspi.KEY_SYM)
        result["return_pressed"] = True
    return result


def table_of(app, name: str) -> dict:
    """The object named ``name`` read through the AT-SPI Table interface, as Orca's table
    commands read it: its size, every cell's name by (row, column), and for each named cell
    its own row and column through the TableCell interface (where the bridge has it)."""
    result: dict = {"name": name, "found": False}
    target = None
    for candidate in _all_named(app, name):
        if safe(candidate.queryTable) is not None:
            target = candidate
            break
    if target is None:
        return result
    table = target.queryTable()
    result.update(found=True, role=role_of(target), rows=safe(lambda: table.nRows),
                  columns=safe(lambda: table.nColumns), cells=[])
    # what Orca says on entering a column or a row: its header's name, or its description
    result["column_headers"] = [
        (safe(lambda c=col: table.getColumnHeader(c).name, "") or "")
        + (safe(lambda c=col: table.getColumnDescription(c), "") or "")
        for col in range(result["columns"] or 0)]
    result["row_headers"] = [
        (safe(lambda r=row: table.getRowHeader(r).name, "") or "")
        + (safe(lambda r=row: table.getRowDescription(r), "") or "")
        for row in range(result["rows"] or 0)]
    for row in range(result["rows"] or 0):
        for col in range(result["columns"] or 0):
            cell = safe(lambda r=row, c=col: table.getAccessibleAt(r, c))
            if cell is None:
                continue
            record = {"row": row, "column": col, "name": safe(lambda: cell.name, "") or "",
                      "states": states_of(cell)}
            index = safe(lambda: cell.getIndexInParent())
            if index is not None:
                record["row_of_index"] = safe(lambda: table.getRowAtIndex(index))
                record["column_of_index"] = safe(lambda: table.getColumnAtIndex(index))
            position = safe(lambda: Atspi.TableCell.get_position(cell))
            if position is not None:
                record["cell_position"] = [int(v) for v in position][-2:]
            result["cells"].append(record)
    return result


def _all_named(acc, name: str, depth: int = 0):
    if (safe(lambda: acc.name, "") or "") == name:
        yield acc
    if depth >= MAX_DEPTH:
        return
    for child in children_of(acc):
        yield from _all_named(child, name, depth + 1)


def event_record(event) -> dict:
    any_data = event.any_data
    if not isinstance(any_data, (str, int, float, bool, type(None))):
        any_data = str(any_data)
    source = event.source
    return {
        "type": event.type,
        "source_name": safe(lambda: source.name, "") if source is not None else "",
        "source_role": role_of(source) if source is not None else "",
        "detail1": event.detail1,
        "detail2": event.detail2,
        "any_data": any_data,
        "time": round(time.monotonic(), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pid", type=int, required=True, help="process id of the application")
    parser.add_argument("--wait-for", default=None, help="object name that must appear first")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds for each wait")
    parser.add_argument("--event", action="append", default=[], help="AT-SPI event type")
    parser.add_argument("--type-into", default=None, help="name of the text box to type into")
    parser.add_argument("--text", default="", help="what to type")
    parser.add_argument("--no-return", action="store_true", help="do not press Return")
    parser.add_argument("--expect-text", default=None,
                        help="what the box holds once --text is typed (default: that text)")
    parser.add_argument("--listen", type=float, default=3.0, help="seconds to collect events")
    parser.add_argument("--stop-after", type=int, default=0,
                        help="stop listening after this many events (0: listen all the time)")
    parser.add_argument("--until-text", default=None,
                        help="stop listening once an event's text contains this")
    parser.add_argument("--dump-after", action="store_true",
                        help="dump the tree again after listening (as tree_after)")
    parser.add_argument("--keys", default="",
                        help="comma-separated keys to press last, e.g. Escape,Down,Right "
                             f"(one of {', '.join(KEYSYMS)}); each is recorded as a "
                             "'reader:key' event, then events are collected for --key-wait s")
    parser.add_argument("--key-wait", type=float, default=1.0,
                        help="seconds to collect events after each of --keys")
    parser.add_argument("--keys-before", default="",
                        help="comma-separated keys to press before typing (recorded as "
                             "'reader:key-before' events)")
    parser.add_argument("--table", default=None,
                        help="after listening, read the object of this name through the Table "
                             "interface (as 'table')")
    parser.add_argument("--text-of", default=None,
                        help="after listening, read the text of the object of this name (as "
                             "'text_of')")
    args = parser.parse_args(argv)
    unknown = [k for k in filter(None, (k.strip() for k in args.keys.split(","))) if k not in KEYSYMS]
    if unknown:
        parser.error(f"unknown key(s) {unknown!r}; known: {', '.join(KEYSYMS)}")

    out: dict = {"app": None, "tree": None, "events": [], "typed": None, "log": _log}
    events: list[dict] = []

    def on_event(event) -> None:
        record = safe(lambda: event_record(event))
        if record is not None:
            events.append(record)
            log(f"event {record['type']} {record['any_data']!r}")

    deadline = time.monotonic() + args.timeout
    app = None
    while time.monotonic() < deadline:
        app = find_app(args.pid)
        if app is not None and (args.wait_for is None or find(app, args.wait_for) is not None):
            break
        if not alive(args.pid):
            log(f"process {args.pid} has ended")
            break
        pump(0.2)
    if app is None:
        out["seen_apps"] = seen_apps()
        log(f"no application with pid {args.pid}")
        print(json.dumps(out))
        return 2
    out["app"] = {"name": safe(lambda: app.name, ""), "pid": args.pid,
                  "toolkit": safe(lambda: app.get_toolkit_name(), "")}
    if args.wait_for is not None and find(app, args.wait_for) is None:
        log(f"no object named {args.wait_for!r} within {args.timeout:g} s")

    if args.event:
        pyatspi.Registry.registerEventListener(on_event, *args.event)
        pump(0.5)  # let the registry tell the application that someone listens
    out["tree"] = dump(app)
    if args.table:
        out["table_before"] = table_of(app, args.table)  # a client keeps the names it has read

    if args.keys_before and args.table:
        # the window has no X input focus yet (no window manager): a click on the board's
        # top-left cell, an unused light square, gives it the focus without acting
        table = next((a for a in _all_named(app, args.table) if role_of(a) == "table"), None)
        component = safe(table.queryComponent) if table is not None else None
        extents = safe(lambda: component.getExtents(pyatspi.DESKTOP_COORDS)) if component else None
        if extents is not None:
            pyatspi.Registry.generateMouseEvent(extents.x + 5, extents.y + 5, "b1c")
            pump(1.0)
    for key in filter(None, (k.strip() for k in args.keys_before.split(","))):
        events.append({"type": "reader:key-before", "source_name": "", "source_role": "",
                       "detail1": 0, "detail2": 0, "any_data": key,
                       "time": round(time.monotonic(), 3)})
        pyatspi.Registry.generateKeyboardEvent(KEYSYMS[key], None, pyatspi.KEY_SYM)
        pump(args.key_wait)
    if args.type_into:
        out["typed"] = type_into(app, args.type_into, args.text, not args.no_return, args.timeout,
                                 args.expect_text)
    since = len(events)  # --until-text looks only at what came after the typing

    def done() -> bool:
        if args.stop_after and len(events) >= args.stop_after:
            return True
        return args.until_text is not None and any(
            args.until_text in str(e["any_data"]) for e in events[since:])

    wait_until(done, args.listen)
    if args.dump_after:
        pump(0.3)  # name changes that follow the announcement
        out["tree_after"] = dump(app)
    if args.table:
        out["table"] = table_of(app, args.table)
    if args.text_of:
        holder = next((a for a in _all_named(app, args.text_of) if role_of(a) == "text"),
                      None)  # the text box, not its label
        out["text_of"] = {"name": args.text_of,
                          "text": text_of(holder) if holder is not None else None,
                          "description": safe(lambda: holder.description, "")
                          if holder is not None else None}
    for key in filter(None, (k.strip() for k in args.keys.split(","))):
        events.append({"type": "reader:key", "source_name": "", "source_role": "", "detail1": 0,
                       "detail2": 0, "any_data": key, "time": round(time.monotonic(), 3)})
        pyatspi.Registry.generateKeyboardEvent(KEYSYMS[key], None, pyatspi.KEY_SYM)
        pump(args.key_wait)
    if args.event:
        safe(lambda: pyatspi.Registry.deregisterEventListener(on_event, *args.event))
    out["events"] = events
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
