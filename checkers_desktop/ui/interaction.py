"""Every question the window asks goes through one object: :class:`Interaction`.

Yes/No questions, a choice among options, a line of text, the official's PIN and a new PIN. Each
dialog is modal, keyboard-only friendly (the safe answer is the default: No, Cancel), its fields
have accessible names, and:

* the question is spoken by the app's own voice when the dialog opens (``echo``): a screen reader
  reads the dialog itself, so it is not sent to the screen reader twice;
* a mistake inside a dialog (a wrong PIN, two PINs that differ) is shown in the dialog's message
  line and announced to both the screen reader and the app's voice (``say``), since a label that
  changes is not read by itself.

Tests replace the methods of the instance (``window.ask.confirm = ...``) or pass ``confirm`` to the
window; nothing else in ui/ opens a question dialog of its own.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit, QMessageBox, QWidget

__all__ = ["Interaction", "TITLE"]

TITLE = "Checkers"

TYPE_AHEAD_MS = 1500
"""In a list to choose from, keys typed at most this far apart (milliseconds) make one search
("7", "0", "0": the option that begins "700")."""


class Interaction:
    """Questions for the window ``parent``. ``say(text)``: announce to the screen reader and the
    app's voice (errors); ``echo(text)``: the app's voice only (the question of a dialog the
    screen reader reads). ``confirm``: a replacement for :meth:`confirm` (the window's
    ``confirm`` argument)."""

    def __init__(self, parent: Optional[QWidget], say: Callable[[str], None],
                 echo: Callable[[str], None],
                 confirm: Optional[Callable[[str], bool]] = None) -> None:
        self.parent = parent
        self.say = say
        self.echo = echo
        if confirm is not None:
            self.confirm = lambda question, title=TITLE, on_answer=None: confirm(question)

    # --- Yes / No -----------------------------------------------------------------------
    def confirm(self, question: str, title: str = TITLE,
                on_answer: Optional[Callable[[bool], None]] = None) -> bool:
        """Ask ``question``; True for Yes. No is the default button and Escape answers No.
        ``on_answer(yes)`` runs as soon as a button is pressed, before the dialog closes (what
        the answer changes is done when the focus comes back to the window, so a screen reader
        reads the focused square as it is now); callers that pass it still get the answer."""
        from .display import question_font

        self.echo(question + " Yes or No.")
        box = QMessageBox(QMessageBox.Icon.Question, title, question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.parent)
        box.setFont(question_font(box))
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setAccessibleName(title)
        box.setAccessibleDescription(question)
        if on_answer is not None:
            yes_button = box.button(QMessageBox.StandardButton.Yes)
            box.buttonClicked.connect(lambda button: on_answer(button is yes_button))
        return box.exec() == QMessageBox.StandardButton.Yes

    # --- a choice, a text -----------------------------------------------------------------
    def choose(self, title: str, label: str, options: Sequence[str], *,
               say_options: bool = True) -> Optional[int]:
        """The index of the option chosen, or None (Cancel). The question is said with every
        option, or, with ``say_options`` False (a long list: the games of a file), alone: the
        screen reader reads the option in focus. Typing an option's first characters goes to
        it, the keys up to :data:`TYPE_AHEAD_MS` apart (Qt's own 0.4 s is too quick for many
        older players: "7", "0", "0" a second apart found game 7, not game 700)."""
        self.echo(f"{label} {', '.join(options)}." if say_options else label)
        dialog = self._input(title, label)
        dialog.setComboBoxItems(list(options))
        dialog.setComboBoxEditable(False)
        interval = QApplication.keyboardInputInterval()
        QApplication.setKeyboardInputInterval(TYPE_AHEAD_MS)
        try:
            answered = dialog.exec()
        finally:
            QApplication.setKeyboardInputInterval(interval)
        if answered != QInputDialog.DialogCode.Accepted:
            return None
        item = dialog.textValue()
        return list(options).index(item) if item in options else None

    def ask_text(self, title: str, label: str) -> Optional[str]:
        """A line of text, or None (Cancel)."""
        self.echo(label)
        dialog = self._input(title, label)
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        return dialog.textValue() if dialog.exec() == QInputDialog.DialogCode.Accepted else None

    def _input(self, title: str, label: str) -> QInputDialog:
        from .display import question_font, style_dialog

        dialog = QInputDialog(self.parent)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        style_dialog(dialog)
        dialog.setFont(question_font(dialog))
        return dialog

    # --- the official's PIN ---------------------------------------------------------------
    def ask_pin(self, action: str, official: str, check) -> Optional[str]:
        """Ask the official's name and PIN for the official's ``action`` (a kind, see
        ``texts.official.ACTION_WORDS``); ``official`` fills the name. ``check(pin, name) ->
        UnlockResult`` (``OfficialGate.unlock``) decides; a wrong PIN is shown and announced and
        the dialog stays open. Returns the official's name once the PIN was right, None when
        cancelled."""
        from .event.pin_dialog import PinDialog

        dialog = PinDialog(action, official, check, say=self.say, parent=self.parent)
        self.echo(dialog.prompt.text())
        if dialog.exec() != PinDialog.DialogCode.Accepted:
            return None
        return dialog.official

    def ask_new_pin(self, title: str, prompt: str, *, allow_empty: bool = False,
                    event: bool = False) -> Optional[str]:
        """A new PIN typed twice (checked by ``session.official_pin.check_new_pin``; ``event``:
        the event PIN's longer rule), or None (Cancel). ``allow_empty``: both fields left empty
        gives "" (remove the PIN)."""
        from .event.pin_dialog import NewPinDialog

        dialog = NewPinDialog(title, prompt, say=self.say, allow_empty=allow_empty,
                              parent=self.parent, event=event)
        self.echo(prompt)
        if dialog.exec() != NewPinDialog.DialogCode.Accepted:
            return None
        return dialog.pin


def focus_first(widget: QWidget) -> None:
    """Give ``widget`` the keyboard focus (a dialog's first field)."""
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
