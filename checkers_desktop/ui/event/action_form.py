"""The form of one official's action (:class:`ActionFormDialog`, opened by
:meth:`~checkers_desktop.ui.interaction.Interaction.ask_form`): the official's PIN, the choices
(a player, a way to adjudicate, a reason...), the official's name, the outcome in words that
follow the choices, one confirm button.

Keyboard: the Tab order is PIN, the choices, the official's name, Confirm, Cancel; Enter
confirms from any field, Escape cancels and changes nothing. A required line of text left empty
is shown and said, and the form stays open with the focus on it. Every field has an accessible
name; the outcome is also the confirm button's accessible description, so a screen reader reads
it with the button. A wrong PIN (checked by the request's ``check``, ``OfficialGate.unlock``,
which counts the tries) is shown in the message line and announced, the PIN field cleared and
focused again, and the form stays open. Nothing here decides anything: the request says what is
offered, the caller does what was confirmed.
"""

from __future__ import annotations

from typing import Callable, Optional, Union

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QPushButton, QVBoxLayout, QWidget)

from ...texts import official as official_texts
from ..display import question_font, style_dialog
from ..forms import FormAnswer, FormChoice, FormRequest, FormText, FormValue
from ..handover import answering, finish
from .pin_dialog import pin_field

__all__ = ["ActionFormDialog"]


class ActionFormDialog(QDialog):
    """The form for ``request``; :attr:`answer` holds what was confirmed. ``say(text)``
    announces a mistake (a wrong PIN) to the screen reader and the app's voice."""

    def __init__(self, request: FormRequest, *, say: Optional[Callable[[str], None]] = None,
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.request = request
        self.say = say
        self.answer: Optional[FormAnswer] = None
        self.setWindowTitle(request.title)
        self.setAccessibleName(request.title)
        style_dialog(self)
        self.setFont(question_font(self))
        self.prompt = QLabel(request.prompt, self)
        self.prompt.setWordWrap(True)
        form = QFormLayout()
        order: list[QWidget] = []
        self.pin: Optional[QLineEdit] = None
        self.name: Optional[QLineEdit] = None
        if request.pin_action is not None:
            self.pin = pin_field(self, official_texts.PIN_LABEL,
                                 official_texts.pin_prompt_text(request.pin_action))
            self.pin.setObjectName("form-pin")
            self._row(form, official_texts.PIN_LABEL, self.pin)
            order.append(self.pin)
        self.fields: list[Union[QComboBox, QLineEdit]] = []
        for spec in request.fields:
            widget: Union[QComboBox, QLineEdit]
            if isinstance(spec, FormChoice):
                widget = QComboBox(self)
                widget.addItems(list(spec.options))
                widget.setCurrentIndex(spec.current)
                widget.currentIndexChanged.connect(self._update)
            else:
                widget = QLineEdit(spec.text, self)
                widget.textChanged.connect(self._update)
            widget.setAccessibleName(spec.name)
            self._row(form, spec.name, widget)
            self.fields.append(widget)
            order.append(widget)
        if request.pin_action is not None:
            self.name = QLineEdit(request.official, self)
            self.name.setObjectName("form-official-name")
            self.name.setAccessibleName(official_texts.OFFICIAL_NAME_LABEL)
            self._row(form, official_texts.OFFICIAL_NAME_LABEL, self.name)
            order.append(self.name)
        self.outcome = QLabel("", self)
        self.outcome.setObjectName("form-outcome")
        self.outcome.setAccessibleName("Outcome")
        self.outcome.setWordWrap(True)
        self.message = QLabel("", self)
        self.message.setObjectName("form-message")
        self.message.setAccessibleName("Message")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(self)
        self.confirm = QPushButton(request.confirm, self)
        self.confirm.setObjectName("form-confirm")
        self.confirm.setAccessibleName(request.confirm.replace("&", ""))
        self.confirm.setDefault(True)
        self.confirm.setAutoDefault(True)
        self.cancel = QPushButton(official_texts.CANCEL_LABEL, self)
        self.cancel.setAutoDefault(False)
        buttons.addButton(self.confirm, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.cancel, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        order += [self.confirm, self.cancel]
        for first, second in zip(order, order[1:]):
            QWidget.setTabOrder(first, second)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addLayout(form)
        layout.addWidget(self.outcome)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self._update()
        order[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def _row(self, form: QFormLayout, name: str, widget: QWidget) -> None:
        label = QLabel(f"{name}:", self)
        label.setBuddy(widget)
        form.addRow(label, widget)

    def values(self) -> tuple[FormValue, ...]:
        """The fields' values now (an option's index, or the text typed, stripped)."""
        return tuple(w.currentIndex() if isinstance(w, QComboBox) else w.text().strip()
                     for w in self.fields)

    def _update(self, *_args: object) -> None:
        text = self.request.outcome(self.values())
        self.outcome.setText(text)
        self.confirm.setAccessibleDescription(text)

    def accept(self) -> None:
        for spec, widget in zip(self.request.fields, self.fields):
            if isinstance(spec, FormText) and spec.required and isinstance(widget, QLineEdit) \
                    and not widget.text().strip():
                self._tell(spec.required, widget)
                return
        official = self.request.official
        if self.pin is not None and self.name is not None:
            official = self.name.text().strip()
            if self.request.check is not None:
                result = self.request.check(self.pin.text(), official)
                if not getattr(result, "ok", False):
                    self._show_error(str(getattr(result, "text", "")))
                    return
            official = official or self.request.official
            self.pin.clear()
        self.answer = FormAnswer(self.values(), official)
        if self.request.act is not None:
            answer = self.answer
            act = self.request.act
            answering(self, lambda: act(answer))
        super().accept()

    def done(self, result: int) -> None:  # noqa: D102 - Qt's name
        finish(self, result, super().done)

    def _show_error(self, text: str) -> None:
        assert self.pin is not None
        self.pin.clear()
        self._tell(text, self.pin)

    def _tell(self, text: str, field: QWidget) -> None:
        """Show and say ``text`` (a mistake); the focus goes to ``field`` to put it right."""
        self.message.setText(text)
        if self.say is not None:
            self.say(text)
        field.setFocus(Qt.FocusReason.OtherFocusReason)
