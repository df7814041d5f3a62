"""The official's PIN dialogs: :class:`PinDialog` asks the official's name and PIN before an
official's action; :class:`NewPinDialog` asks a new PIN twice (the event PIN in the settings).

The PIN fields are password fields (the characters are hidden, from screen readers too) with
accessible names; a mistake
(a wrong PIN, too many wrong PINs, two PINs that differ) is shown in the dialog's message line and
announced through ``say``, and the PIN field is cleared and focused again. The checking itself is
the session's (``OfficialGate.unlock``, ``check_new_pin``); nothing here stores a PIN.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from ...session.official_pin import (MAX_PIN_LENGTH, MIN_EVENT_PIN_LENGTH, MIN_PIN_LENGTH,
                                     PinError, check_new_pin)
from ..display import style_dialog
from ..secret_field import SecretField
from ...texts import official as official_texts

__all__ = ["PinDialog", "NewPinDialog", "pin_field", "lay_out_dialog"]


def pin_field(parent: QWidget, name: str, description: str) -> QLineEdit:
    """A password field with an accessible name and description, whose characters are hidden
    from the eye and from screen readers alike (:class:`~..secret_field.SecretField`)."""
    field = SecretField(parent)
    field.setMaxLength(MAX_PIN_LENGTH)
    field.setAccessibleName(name)
    field.setAccessibleDescription(description)
    return field


def _message_label(parent: QWidget) -> QLabel:
    label = QLabel("", parent)
    label.setObjectName("pin-message")
    label.setAccessibleName("Message")
    label.setWordWrap(True)
    return label


def lay_out_dialog(dialog: QDialog, prompt: QLabel, form: QFormLayout,
                   message: QLabel) -> QDialogButtonBox:
    """The layout of a small question dialog: the prompt, the form, the message line (its
    mistakes), OK and Cancel (connected to accept and reject). Returns the buttons."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(prompt)
    layout.addLayout(form)
    layout.addWidget(message)
    layout.addWidget(buttons)
    return buttons


class PinDialog(QDialog):
    """Asks the official's name (filled with ``official``) and PIN for ``action``; OK calls
    ``check(pin, name)`` (an ``UnlockResult``) and closes only when it is ok. :attr:`official`
    holds the name given."""

    def __init__(self, action: str, official: str, check, *,
                 say: Optional[Callable[[str], None]] = None,
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Official's PIN")
        self.setAccessibleName("Official's PIN")
        style_dialog(self)
        self.check = check
        self.say = say
        self.official = official
        self.prompt = QLabel(official_texts.pin_prompt_text(action), self)
        self.prompt.setWordWrap(True)
        self.name = QLineEdit(official, self)
        self.name.setObjectName("official-name")
        self.name.setAccessibleName("Official's name")
        self.pin = pin_field(self, "Official's PIN", "The official's PIN; the characters are "
                             "hidden.")
        self.pin.setObjectName("official-pin")
        self.message = _message_label(self)
        form = QFormLayout()
        name_label = QLabel("Official's &name:", self)
        name_label.setBuddy(self.name)
        pin_label = QLabel("&PIN:", self)
        pin_label.setBuddy(self.pin)
        form.addRow(name_label, self.name)
        form.addRow(pin_label, self.pin)
        lay_out_dialog(self, self.prompt, form, self.message)
        (self.pin if official else self.name).setFocus(Qt.FocusReason.OtherFocusReason)

    def show_error(self, text: str) -> None:
        self.message.setText(text)
        if self.say is not None:
            self.say(text)
        self.pin.clear()
        self.pin.setFocus(Qt.FocusReason.OtherFocusReason)

    def accept(self) -> None:
        result = self.check(self.pin.text(), self.name.text().strip())
        if not result.ok:
            self.show_error(result.text)
            return
        self.official = self.name.text().strip()
        self.pin.clear()
        super().accept()


class NewPinDialog(QDialog):
    """Asks a new PIN twice; :attr:`pin` holds it after OK ("" when ``allow_empty`` and both
    fields are empty)."""

    def __init__(self, title: str, prompt: str, *, say: Optional[Callable[[str], None]] = None,
                 allow_empty: bool = False, parent: Optional[QWidget] = None,
                 event: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        style_dialog(self)
        self.say = say
        self.allow_empty = allow_empty
        self.for_event = event
        """The event PIN: the longer rule applies (``check_new_pin(..., event=True)``)."""
        self.pin: Optional[str] = None
        self.prompt = QLabel(prompt, self)
        self.prompt.setWordWrap(True)
        shortest = MIN_EVENT_PIN_LENGTH if event else MIN_PIN_LENGTH
        self.first = pin_field(self, "New PIN", official_texts.new_pin_description_text(shortest))
        self.first.setObjectName("new-pin")
        self.again = pin_field(self, "New PIN again", "The same PIN again; hidden.")
        self.again.setObjectName("new-pin-again")
        self.message = _message_label(self)
        form = QFormLayout()
        for text, field in (("New &PIN:", self.first), ("PIN &again:", self.again)):
            label = QLabel(text, self)
            label.setBuddy(field)
            form.addRow(label, field)
        lay_out_dialog(self, self.prompt, form, self.message)
        self.first.setFocus(Qt.FocusReason.OtherFocusReason)

    def accept(self) -> None:
        first, again = self.first.text(), self.again.text()
        if self.allow_empty and not first and not again:
            self.pin = ""
            super().accept()
            return
        try:
            self.pin = check_new_pin(first, again, event=self.for_event)
        except PinError as exc:
            self.message.setText(str(exc))
            if self.say is not None:
                self.say(str(exc))
            self.first.clear()
            self.again.clear()
            self.first.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        super().accept()
