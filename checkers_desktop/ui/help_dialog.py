"""Help > Keyboard commands: every key of the app, made from ``actions.py``."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from .actions import keyboard_help_rows


def keyboard_help_html() -> str:
    """The keyboard map as an HTML table (keys, what they do)."""
    rows = "".join(f"<tr><th align='left'>{html.escape(keys)}</th><td>{html.escape(text)}</td></tr>"
                   for keys, text in keyboard_help_rows())
    return f"<h1>Keyboard commands</h1><table border='1' cellpadding='6'>{rows}</table>"


class HelpDialog(QDialog):
    """A read-only page of the keyboard map; Escape or Close shuts it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard commands")
        self.setAccessibleName("Keyboard commands")
        self.browser = QTextBrowser(self)
        self.browser.setAccessibleName("Keyboard commands")
        self.browser.setHtml(keyboard_help_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(760, 560)
        self.browser.setFocus()
