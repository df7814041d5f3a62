"""An empty line of text reached with Tab gets the keyboard without a cursor move or a selection
change before it (Orca 43 took those for the focus and never named the field); a field with
text still has its text selected; typing works as before. The window installs it for every
form: the official's forfeit form's reason, the match form's fields."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLineEdit, QVBoxLayout

from checkers_desktop.ui.app_hooks import install_on_linux, installed
from checkers_desktop.ui.field_speech import EmptyFieldFocus
from checkers_desktop.ui.forms import FormChoice, FormRequest, FormText

pytestmark = pytest.mark.timeout(60)


def _watch(field: QLineEdit) -> list:
    """What happens to ``field`` in order: "selection", ("cursor", old, new), and "focus" when
    the application says the keyboard came to it (after the field has handled its focus event,
    just before Qt tells the screen reader of the focus)."""
    seen: list = []
    field.selectionChanged.connect(lambda: seen.append("selection"))
    field.cursorPositionChanged.connect(lambda old, new: seen.append(("cursor", old, new)))

    def focused(_old, new):
        if new is field:
            seen.append("focus")
    QApplication.instance().focusChanged.connect(focused)
    field.destroyed.connect(lambda: QApplication.instance().focusChanged.disconnect(focused))
    return seen


def _before_focus(seen: list) -> list:
    """What came before the focus, but the cursor's first placing (from -1, "no cursor yet", as
    a field gets the keyboard: no move that a screen reader is told of before the focus)."""
    before = seen[:seen.index("focus")] if "focus" in seen else seen
    return [e for e in before if not (isinstance(e, tuple) and e[1] == -1 and e[2] == 0)]


def _tab_from(qtbot, widget, key=Qt.Key.Key_Tab):
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    qtbot.keyClick(widget, key)


def test_the_forfeit_forms_empty_reason_gets_the_keyboard_with_nothing_before_it(make_window,
                                                                               qtbot):
    """Comes first in the file: the window installs it (the other tests install it too)."""
    from checkers_desktop.ui.event.action_form import ActionFormDialog

    window = make_window()
    assert installed(QApplication.instance(), EmptyFieldFocus) is not None
    request = FormRequest(title="Declare a forfeit", prompt="Declare a forfeit.",
                          confirm="Declare the forfeit", outcome=lambda values: "",
                          fields=(FormChoice("Player", ("Ann Lee (Black)", "Bo Diaz (Red)")),
                                  FormText("Reason (may be left empty)")),
                          pin_action="forfeit", official="Carol Ruiz")
    form = ActionFormDialog(request, parent=window)
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(lambda: form.focusWidget() is form.pin and form.pin.hasFocus())
    reason = form.fields[1]
    assert isinstance(reason, QLineEdit) and not reason.text()
    seen = _watch(reason)
    _tab_from(qtbot, form.fields[0])
    assert reason.hasFocus()
    assert _before_focus(seen) == []  # no cursor move, no selection change: the focus first
    qtbot.keyClicks(reason, "Left the table")
    assert reason.text() == "Left the table"
    named = _watch(form.name)  # the official's name, filled in: selected as before
    qtbot.keyClick(reason, Qt.Key.Key_Tab)
    assert form.name.hasFocus() and form.name.selectedText() == "Carol Ruiz"
    assert "selection" in _before_focus(named)
    form.reject()


@pytest.fixture
def dialog(qtbot):
    assert install_on_linux(QApplication.instance(), EmptyFieldFocus, "linux") is not None
    box = QDialog()
    combo = QComboBox(box)
    combo.addItems(["Ann", "Bo"])
    empty = QLineEdit("", box)  # as the forms make them
    filled = QLineEdit("Bronx VAMC", box)
    layout = QVBoxLayout(box)
    for widget in (combo, empty, filled):
        layout.addWidget(widget)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    box.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    yield combo, empty, filled
    box.close()


def test_tab_and_shift_tab_into_an_empty_field_change_nothing_before_the_focus(qtbot, dialog):
    combo, empty, filled = dialog
    seen = _watch(empty)
    _tab_from(qtbot, combo)
    assert empty.hasFocus() and "focus" in seen and _before_focus(seen) == []
    seen.clear()
    _tab_from(qtbot, filled, Qt.Key.Key_Backtab)
    assert empty.hasFocus() and "focus" in seen and _before_focus(seen) == []
    qtbot.keyClicks(empty, "Tampa")
    assert empty.text() == "Tampa" and empty.cursorPosition() == 5


def test_a_field_with_text_is_left_to_qt(qtbot, dialog):
    _combo, empty, filled = dialog
    _tab_from(qtbot, empty)
    assert filled.hasFocus() and filled.selectedText() == "Bronx VAMC"


def test_only_on_linux():
    assert install_on_linux(QApplication.instance(), EmptyFieldFocus, "win32") is None
    assert install_on_linux(QApplication.instance(), EmptyFieldFocus, "darwin") is None
