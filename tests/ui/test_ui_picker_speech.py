"""A picker's value changed with Up or Down while its list is closed is told to the screen reader
as the focus on the chosen item (Orca 43 says nothing for Qt's own events of a closed combo box);
the keyboard still changes the value without opening the list, and Alt+Down still opens it.
Every picker of the app is covered in one place: the official's forms, the organiser's forms,
the match form and the ``QInputDialog`` lists."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QVBoxLayout

from checkers_desktop.ui.app_hooks import install_on_linux, installed
from checkers_desktop.ui.forms import FormChoice, FormRequest, FormText
from checkers_desktop.ui.picker_speech import PickerSpeech

pytestmark = pytest.mark.timeout(60)


class Told:
    """Stands in for QAccessible.updateAccessibility: keeps (event type, object, child, the
    name of the item the event is about)."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def __call__(self, event) -> None:
        iface = QAccessible.queryAccessibleInterface(event.object())
        child = iface.child(event.child()) if iface is not None and event.child() >= 0 else None
        name = child.text(QAccessible.Text.Name) if child is not None else None
        self.events.append((event.type(), event.object(), event.child(), name))

    @property
    def items(self) -> list[str]:
        return [e[3] for e in self.events if e[0] == QAccessible.Event.Focus]


@pytest.fixture
def told_by_the_window(make_window):
    """The window (``make_window()``) and a recorder of what its picker speech tells: the window
    installs it (these tests come first in the file, before the others install it)."""
    window = make_window()
    speech = installed(QApplication.instance(), PickerSpeech)
    assert speech is not None
    recorder = Told()
    before, speech.post = speech.post, recorder
    yield window, recorder
    speech.post = before


@pytest.fixture
def told():
    app = QApplication.instance()
    speech = install_on_linux(app, PickerSpeech, "linux")
    assert speech is not None and installed(app, PickerSpeech) is speech
    recorder = Told()
    before, speech.post = speech.post, recorder
    yield recorder
    speech.post = before


def _picker(qtbot, options=("not played", "Ann Lee won", "Bo Diaz won", "drawn")):
    dialog = QDialog()
    combo = QComboBox(dialog)
    combo.addItems(list(options))
    combo.setAccessibleName("Game 1")
    QVBoxLayout(dialog).addWidget(combo)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    return dialog, combo


def test_the_officials_form_the_correction_form_and_the_lists_tell_their_pickers(
        told_by_the_window, qtbot):
    """The window installs it: a choice of an official's form, the correction form's new result
    and game rows, and a list question (QInputDialog) each tell the value Down gave them."""
    from checkers_desktop.session.desk_steps import AskCorrection
    from checkers_desktop.ui.event.action_form import ActionFormDialog
    from checkers_desktop.ui.tournament.dialogs import CompetitorDialog, CorrectionDialog

    window, told = told_by_the_window
    request = FormRequest(title="Declare a forfeit", prompt="Declare a forfeit.",
                          confirm="Declare the forfeit", outcome=lambda values: "",
                          fields=(FormChoice("Player", ("Ann Lee (Black)", "Bo Diaz (Red)")),
                                  FormText("Reason")))
    correction = AskCorrection(2, "Jose Villanueva", "Patricia Gallagher", "va-standard",
                               ("Jose Villanueva", "Patricia Gallagher"),
                               lambda winners, present: "", ("a", "a"))
    forms = [(ActionFormDialog(request, parent=window), "Bo Diaz (Red)"),
             (CorrectionDialog(correction, window), None),
             (CompetitorDialog(window), None)]
    for form, expected in forms:
        qtbot.addWidget(form)
        form.show()
        qtbot.waitExposed(form)
        form.activateWindow()
        for combo in form.findChildren(QComboBox):
            if not combo.isEnabled() or not combo.isVisible():
                continue
            told.events.clear()
            combo.setFocus()
            qtbot.waitUntil(combo.hasFocus)
            before = combo.currentIndex()
            qtbot.keyClick(combo, Qt.Key.Key_Down)
            if combo.currentIndex() == before:
                continue  # the last option already
            qtbot.waitUntil(lambda: len(told.items) == 1)
            assert told.items == [combo.currentText()], (type(form).__name__,
                                                         combo.accessibleName())
            if expected is not None:
                assert told.items == [expected]
        form.reject()


def test_a_list_question_tells_its_picker(told_by_the_window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QInputDialog

    window, told = told_by_the_window
    seen = []

    def answer():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        combo = dialog.findChild(QComboBox)
        qtbot.waitUntil(combo.hasFocus)
        qtbot.keyClick(combo, Qt.Key.Key_Down)
        qtbot.waitUntil(lambda: bool(told.items))
        seen.extend(told.items)
        qtbot.keyClick(combo, Qt.Key.Key_Return)
    QTimer.singleShot(100, answer)
    chosen = window.ask.choose("Withdraw a competitor", "Which competitor?",
                               ["Shirley Abernathy", "Marcus Bell"], say_options=False)
    assert seen == ["Marcus Bell"] and chosen == 1


def test_down_and_up_on_a_closed_picker_tell_the_new_value(qtbot, told):
    _dialog, combo = _picker(qtbot)
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: told.items == ["Ann Lee won"])
    assert combo.currentIndex() == 1 and not combo.view().isVisible()  # the list stays closed
    assert told.events[0][1] is combo.view() and told.events[0][2] == 1
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: told.items == ["Ann Lee won", "Bo Diaz won", "Ann Lee won"])
    assert combo.hasFocus()  # the keyboard stays on the picker


def test_no_change_no_program_change_and_alt_down_tell_nothing(qtbot, told):
    _dialog, combo = _picker(qtbot)
    qtbot.keyClick(combo, Qt.Key.Key_Up)  # already the first: no change
    qtbot.wait(20)
    combo.setCurrentIndex(3)  # by the program (a form filled in): Qt tells it
    qtbot.wait(50)
    assert told.events == []
    qtbot.keyClick(combo, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(combo.view().isVisible)  # Alt+Down opens the list
    qtbot.wait(50)
    assert told.events == []  # Qt tells the items of the open list itself
    combo.hidePopup()


def test_only_on_linux():
    assert install_on_linux(QApplication.instance(), PickerSpeech, "win32") is None
    assert install_on_linux(QApplication.instance(), PickerSpeech, "darwin") is None
