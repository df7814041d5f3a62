"""Whether the screen reader hears announcements, asked of a real AT-SPI registry: a client that
listens for focus and names only (as Orca 43 does), and one that also listens for announcements."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize("kinds, expected", [
    (["object:state-changed:focused", "object:property-change:accessible-name"], False),
    (["object:state-changed:focused", "object:announcement"], True),
])
def test_the_real_registry_is_asked(tmp_path, xsession_module, kinds, expected):
    xsession = xsession_module
    script = tmp_path / "client.py"
    script.write_text(_CLIENT)
    with xsession.XSession(tmp_path) as session:
        client = session.spawn("client", [xsession.SYSTEM_PYTHON, str(script), *kinds],
                               stdout=subprocess.PIPE)
        try:  # its line comes once its listeners are registered
            said = xsession._read_line(client.stdout.fileno(), 60, "the AT-SPI client")
        except xsession.SessionError as error:
            pytest.fail(f"{error}\n{session.log_text('client')}")
        assert said == "listening", session.log_text("client")
        probe = session.run("probe", [sys.executable, "-c", textwrap.dedent("""
            from checkers_desktop.ui import a11y_bus
            print(a11y_bus.announcements_heard())
        """)], timeout=60, extra_env={"PYTHONPATH": str(ROOT)})
        assert client.poll() is None, session.log_text("client")
    assert probe.stdout.strip().splitlines()[-1] == str(expected), probe.stdout + probe.stderr
