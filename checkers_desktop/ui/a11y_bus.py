"""Whether the screen reader listening on Linux hears announcements.

The app tells screen readers of events (a move played, a result, a refusal) as announcements
(``QAccessibleAnnouncementEvent``, AT-SPI ``object:announcement``). A screen reader that does not
listen for them hears none of those events: Orca 43 (Debian 12) registers 34 kinds of event on the
accessibility bus and not that one. Where it is so, the app's own voice must say them.

:func:`announcements_heard` asks the AT-SPI registry which events its clients listen for
(``org.a11y.atspi.Registry.GetRegisteredEvents`` on the accessibility bus, whose address the
session bus's ``org.a11y.Bus`` gives), with jeepney (a pure-Python D-Bus library; PySide6's QtDBus
cannot read the registry's ``a(ss)`` answer). No Qt here.
"""

from __future__ import annotations

import logging
import sys
from typing import Iterable, Optional

__all__ = ["announcements_heard", "hears_announcements", "registered_events"]

log = logging.getLogger(__name__)

REPLY_SECONDS = 1.0
"""The longest wait for each of the two D-Bus answers, seconds."""


def hears_announcements(events: Iterable[tuple[str, str]]) -> Optional[bool]:
    """From the registry's (client bus name, event type) pairs: True when a client listens for
    announcements (``Object:Announcement:``, or every object event: ``Object:``); False when
    clients listen for events and none for those; None when no client listens for anything."""
    clients = False
    for _client, event in events:
        clients = True
        kind, _, rest = event.lower().partition(":")
        major = rest.split(":", 1)[0]
        if kind == "object" and major in ("", "announcement"):
            return True
    return False if clients else None


def registered_events(timeout: float = REPLY_SECONDS) -> list[tuple[str, str]]:
    """The (client bus name, event type) pairs the AT-SPI registry holds. Raises ``OSError``
    (or jeepney's errors) when the buses cannot be reached; ``ImportError`` without jeepney."""
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection

    with open_dbus_connection(bus="SESSION") as session:
        reply = session.send_and_get_reply(new_method_call(
            DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus"),
            "GetAddress"), timeout=timeout)
        address = reply.body[0]
    with open_dbus_connection(bus=address) as a11y:
        reply = a11y.send_and_get_reply(new_method_call(
            DBusAddress("/org/a11y/atspi/registry", bus_name="org.a11y.atspi.Registry",
                        interface="org.a11y.atspi.Registry"),
            "GetRegisteredEvents"), timeout=timeout)
    return [(str(client), str(event)) for client, event in reply.body[0]]


def announcements_heard(timeout: float = REPLY_SECONDS) -> Optional[bool]:
    """On Linux, :func:`hears_announcements` of the registry's events; None elsewhere (UIA and
    VoiceOver screen readers take announcements), and None when the registry cannot be asked
    (no accessibility bus, no jeepney, no answer within ``timeout`` seconds each)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        events = registered_events(timeout)
    except Exception as exc:  # noqa: BLE001 - no bus, no answer, no jeepney: not known
        log.info("could not ask the accessibility registry for its listeners: %s", exc)
        return None
    return hears_announcements(events)
