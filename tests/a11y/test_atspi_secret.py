"""The official's PIN typed into its field with real key presses, read by a real AT-SPI client:
every text event it receives, and the field's text, hold dots only."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from checkers_desktop.ui.secret_field import MASK

HERE = Path(__file__).resolve().parent


_APP = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QVBoxLayout
    from checkers_desktop.ui.event.pin_dialog import pin_field
    app = QApplication(sys.argv[:1])
    dialog = QDialog()
    dialog.setWindowTitle("PIN test")
    layout = QVBoxLayout(dialog)
    pin = pin_field(dialog, "Official's PIN", "The official's PIN")
    layout.addWidget(pin)
    dialog.show()
    pin.setFocus()
    app.exec()
""")


def test_a_screen_reader_gets_no_character_of_the_pin(tmp_path, xsession_module):
    """The PIN typed with real key presses; every text event the AT-SPI client receives, and
    the field's text read through AT-SPI, hold dots only."""
    xsession = xsession_module
    script = tmp_path / "pin_app.py"
    script.write_text(_APP)
    reader = HERE / "atspi_reader.py"
    with xsession.XSession(tmp_path) as session:
        app = session.spawn("app", [sys.executable, str(script)], {
            "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "PYTHONPATH": str(HERE.parents[1])})
        result = session.run("reader", [
            xsession.SYSTEM_PYTHON, str(reader), "--pid", str(app.pid),
            "--wait-for", "Official's PIN", "--timeout", "60",
            "--event", "object:text-changed:insert", "--event", "object:text-changed:delete",
            "--type-into", "Official's PIN", "--text", "4826", "--no-return",
            "--expect-text", MASK * 4,
            "--listen", "4", "--dump-after"], timeout=120)
        log = session.log_text("reader")
    data = json.loads(result.stdout)
    assert data["app"] is not None, log
    texts = [str(e.get("any_data")) for e in data["events"]
             if str(e.get("type", "")).startswith("object:text-changed")]
    assert texts, (data.get("typed"), data["events"][:10])
    assert all(not any(d in t for d in "4826") for t in texts), texts
    assert data.get("typed", {}).get("method") != "editable-text", data.get("typed")
    dumped = json.dumps(data.get("tree_after"))
    assert "4826" not in dumped
