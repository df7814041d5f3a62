"""Whether the screen reader hears announcements: the AT-SPI registry's listeners read, and, where
Xvfb, D-Bus and at-spi2-core are installed, asked of a real registry with a real client."""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path

import pytest

from checkers_desktop.ui import a11y_bus

HERE = Path(__file__).resolve().parent

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


_CLIENT = textwrap.dedent("""
    import sys, pyatspi
    from gi.repository import GLib
    def on_event(event):
        pass
    for kind in sys.argv[1:]:
        pyatspi.Registry.registerEventListener(on_event, kind)
    print("listening", flush=True)
    GLib.MainLoop().run()
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is Linux's")
@pytest.mark.parametrize("kinds, expected", [
    (["object:state-changed:focused", "object:property-change:accessible-name"], False),
    (["object:state-changed:focused", "object:announcement"], True),
])
def test_the_real_registry_is_asked(tmp_path, kinds, expected):
    sys.path.insert(0, str(HERE.parent / "a11y"))
    import xsession

    missing = xsession.missing_tools()
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    script = tmp_path / "client.py"
    script.write_text(_CLIENT)
    with xsession.XSession(tmp_path) as session:
        client = session.spawn("client", [xsession.SYSTEM_PYTHON, str(script), *kinds])
        deadline = time.monotonic() + 60
        while "listening" not in session.log_text("client") and time.monotonic() < deadline:
            assert client.poll() is None, session.log_text("client")
            time.sleep(0.2)
        probe = session.run("probe", [sys.executable, "-c", textwrap.dedent("""
            from checkers_desktop.ui import a11y_bus
            print(a11y_bus.announcements_heard())
        """)], timeout=60, extra_env={"PYTHONPATH": str(HERE.parents[1])})
        assert client.poll() is None, session.log_text("client")
    assert probe.stdout.strip().splitlines()[-1] == str(expected), probe.stdout + probe.stderr
