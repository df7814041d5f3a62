"""Whether the screen reader hears announcements: the AT-SPI registry's listeners read (asked of a
real registry with a real client in tests/a11y/test_atspi_listeners.py)."""

from __future__ import annotations



from checkers_desktop.ui import a11y_bus

# the 34 events Orca 43 (Debian 12) registers, as the registry listed them: no announcement
ORCA_43 = [(":1.2", e) for e in (
    "Focus::", "Document:Reload:", "Document:LoadComplete:", "Document:LoadStopped:",
    "Mouse:Button:", "Object:PropertyChange:AccessibleName",
    "Object:PropertyChange:AccessibleDescription", "Object:TextCaretMoved:",
    "Object:StateChanged:Focused", "Object:ChildrenChanged:", "Window:Activate:")]


def test_a_client_listening_for_announcements_hears_them():
    assert a11y_bus.hears_announcements(ORCA_43 + [(":1.9", "Object:Announcement:")]) is True
    assert a11y_bus.hears_announcements([(":1.3", "Object:")]) is True  # every object event
    assert a11y_bus.hears_announcements([(":1.3", "object:announcement")]) is True


def test_orca_43s_listeners_do_not_hear_announcements():
    assert a11y_bus.hears_announcements(ORCA_43) is False
    assert a11y_bus.hears_announcements([(":1.3", "Object:AnnouncementX:")]) is False


def test_no_listener_is_not_known():
    assert a11y_bus.hears_announcements([]) is None


def test_without_an_accessibility_bus_it_is_not_known(monkeypatch):
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
    assert a11y_bus.announcements_heard(timeout=0.5) is None
