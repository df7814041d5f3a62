"""Choosing the offender's checker to remove (VA rulebook 3:00 s4; 3:00 s4-VI for stalling).

On the board the chooser picks the checker as a piece is picked up (keyboard Enter or Space, or a
mouse click): the window's game controller takes the square while a penalty is pending. This module
adds the third way, typing or saying the square: :func:`parse_square_choice` reads "22", "remove
22", "take twenty-two", and :class:`SquareChoiceDialog` asks for it, listing the checkers that may
be chosen.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from ...rules.geometry import SQUARES, is_square
from ...speech.spoken import number_words
from ...texts import event as event_texts

__all__ = ["SquareChoiceError", "parse_square_choice", "SquareChoiceDialog"]

_WORDS = {number_words(n): n for n in SQUARES}
_FILLER = re.compile(r"\b(remove|take|the|checker|piece|on|square|number|at)\b", re.IGNORECASE)


class SquareChoiceError(ValueError):
    """The text is not one of the squares that may be chosen; the message quotes it."""


def parse_square_choice(text: str, allowed: Optional[Iterable[int]] = None) -> int:
    """The square (1-32) named in ``text``: digits ("22"), words ("twenty-two", "twenty two"), with
    or without "remove", "take", "checker on". Raises :class:`SquareChoiceError` when no square is
    named, or it is not in ``allowed`` (the offender's checkers)."""
    raw = text
    cleaned = _FILLER.sub(" ", text.strip().lower()).strip()
    square: Optional[int] = None
    if re.fullmatch(r"\d{1,2}", cleaned):
        square = int(cleaned)
    else:
        words = "-".join(cleaned.replace("-", " ").split())
        square = _WORDS.get(words)
    if square is None or not is_square(square):
        raise SquareChoiceError(f"{raw!r} is not a square from 1 to 32")
    allowed = tuple(allowed) if allowed is not None else None
    if allowed is not None and square not in allowed:
        raise SquareChoiceError(f"{raw!r}: square {square} holds none of the checkers that may be "
                                "removed: " + ", ".join(map(str, allowed)))
    return square


class SquareChoiceDialog(QDialog):
    """Asks the chooser for the square of the checker to remove. ``allowed``: the offender's
    checkers. :attr:`square` holds the choice after OK; a wrong entry is shown and kept."""

    def __init__(self, chooser: str, victim: str, allowed: Iterable[int],
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.allowed = tuple(allowed)
        self.square: Optional[int] = None
        self.setWindowTitle("Choose the checker to remove")
        prompt = event_texts.removal_prompt_text(chooser, victim, self.allowed)
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
        form = QFormLayout()
        form.addRow(label, self.edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.edit.setFocus()

    def accept(self) -> None:
        try:
            self.square = parse_square_choice(self.edit.text(), self.allowed)
        except SquareChoiceError as exc:
            self.message.setText(str(exc))
            self.edit.selectAll()
            return
        super().accept()
