"""The official's PIN and the server password: typed, edited and pasted into the secret, while
the widget, and so every screen reader, holds only dots; checked on the widget and, where Xvfb,
D-Bus and at-spi2-core are installed, on the AT-SPI events a screen reader receives."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtWidgets import QLineEdit

from checkers_desktop.ui.secret_field import MASK, SecretField

HERE = Path(__file__).resolve().parent


def _shown(field: SecretField) -> str:
    return QLineEdit.text(field)


@pytest.fixture
def field(qtbot):
    f = SecretField()
    f.setMaxLength(8)
    qtbot.addWidget(f)
    f.show()
    f.setFocus()
    return f


def test_typing_goes_into_the_secret_and_only_dots_into_the_widget(field, qtbot):
    qtbot.keyClicks(field, "4826")
    assert field.text() == "4826"
    assert _shown(field) == MASK * 4
    iface = QAccessible.queryAccessibleInterface(field)
    assert "4" not in iface.text(QAccessible.Text.Value)
    assert "4" not in (iface.textInterface().text(0, 4) or "")


def test_backspace_delete_and_a_selection_edit_the_secret(field, qtbot):
    qtbot.keyClicks(field, "48261")
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    assert field.text() == "4826"
    field.setCursorPosition(1)
    qtbot.keyClick(field, Qt.Key.Key_Delete)
    assert field.text() == "426"
    qtbot.keyClick(field, Qt.Key.Key_Home)
    qtbot.keyClick(field, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(field, "9")
    assert field.text() == "926"
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    assert field.text() == "" and _shown(field) == ""
    qtbot.keyClicks(field, "123456789")  # the maximum length holds
    assert field.text() == "12345678" and _shown(field) == MASK * 8


def test_paste_and_set_text_and_clear(field, qtbot):
    QGuiApplication.clipboard().setText("7531")
    qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == "7531" and _shown(field) == MASK * 4
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # no undo
    assert field.text() == "7531"
    field.setText("2468")
    assert field.text() == "2468" and _shown(field) == MASK * 4
    field.clear()
    assert field.text() == "" and _shown(field) == ""


def test_text_set_from_outside_becomes_the_secret(field):
    """A screen reader's editable-text call sets the widget's text in C++."""
    QLineEdit.setText(field, "1357")
    assert field.text() == "1357" and _shown(field) == MASK * 4


def test_the_pin_fields_are_secret_fields(qapp):
    from checkers_desktop.ui.event.pin_dialog import pin_field

    assert isinstance(pin_field(None, "PIN", "The official's PIN"), SecretField)


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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is Linux's")
def test_a_screen_reader_gets_no_character_of_the_pin(tmp_path):
    """The PIN typed with real key presses; every text event the AT-SPI client receives, and
    the field's text read through AT-SPI, hold dots only."""
    sys.path.insert(0, str(HERE.parent / "a11y"))
    import xsession

    missing = xsession.missing_tools()
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    script = tmp_path / "pin_app.py"
    script.write_text(_APP)
    reader = HERE.parent / "a11y" / "atspi_reader.py"
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
