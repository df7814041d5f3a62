"""The official's PIN and the server password: typed, edited and pasted into the secret, while
the widget, and so every screen reader, holds only dots (the AT-SPI events a screen reader
receives: tests/a11y/test_atspi_secret.py)."""

from __future__ import annotations


import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtWidgets import QLineEdit

from checkers_desktop.ui.secret_field import MASK, SecretField


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
