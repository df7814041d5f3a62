"""Choosing the offender's checker to remove (VA rulebook 3:00 s4; 3:00 s4-VI for stalling).

On the board the chooser moves to the checker and presses Enter (or clicks it); typing its square
in the move box works too. This module adds the dialog of Event > Choose the checker to remove
(Ctrl+Shift+X): :class:`SquareChoiceDialog` asks for the square, listing the checkers that may be
chosen, and reads it with :func:`~checkers_desktop.session.penalty_step.parse_square_choice`
("22", "remove 22", "twenty-two"). A wrong entry is shown in the dialog and announced. Whatever
way the checker is picked, the game session then asks for the confirmation naming the chooser
before anything is removed (``session/penalty_step.py``).
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QWidget

from ...session.penalty_step import SquareChoiceError, parse_square_choice
from ...texts import penalty as penalty_texts
from ..display import style_dialog
from .pin_dialog import lay_out_dialog

__all__ = ["SquareChoiceError", "parse_square_choice", "SquareChoiceDialog"]


class SquareChoiceDialog(QDialog):
    """Asks the chooser for the square of the checker to remove. ``allowed``: the offender's
    checkers. :attr:`square` holds the choice after OK; a wrong entry is shown, announced through
    ``announce(text)`` and kept for correction."""

    def __init__(self, chooser: str, victim: str, allowed: Iterable[int],
                 parent: Optional[QWidget] = None, *,
                 announce: Optional[Callable[[str], None]] = None) -> None:
        super().__init__(parent)
        self.allowed = tuple(allowed)
        self.square: Optional[int] = None
        self.announce = announce
        self.setWindowTitle("Choose the checker to remove")
        style_dialog(self)
        prompt = penalty_texts.dialog_prompt_text(chooser, victim, self.allowed)
        self.prompt = QLabel(prompt, self)
        self.prompt.setWordWrap(True)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("penalty-square")
        self.edit.setAccessibleName("Square of the checker to remove")
        self.edit.setAccessibleDescription(prompt)
        label = QLabel("&Square:", self)
        label.setBuddy(self.edit)
        self.message = QLabel("", self)
        self.message.setAccessibleName("Message")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow(label, self.edit)
        lay_out_dialog(self, self.prompt, form, self.message)
        self.edit.setFocus()

    def accept(self) -> None:
        try:
            self.square = parse_square_choice(self.edit.text(), self.allowed)
        except SquareChoiceError as exc:
            self.message.setText(str(exc))
            if self.announce is not None:
                self.announce(str(exc))
            self.edit.selectAll()
            return
        super().accept()
