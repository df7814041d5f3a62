"""Every key is declared once in actions.py and listed in accessibility/keyboard.md and the help."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from checkers_desktop.ui.actions import ACTIONS, BOARD_KEYS, keyboard_help_markdown
from checkers_desktop.ui.help_dialog import keyboard_help_html

KEYBOARD_MD = Path(__file__).resolve().parents[2] / "accessibility" / "keyboard.md"


def test_keyboard_md_lists_every_shortcut_and_board_key():
    text = KEYBOARD_MD.read_text(encoding="utf-8")
    for spec in ACTIONS:
        if spec.shortcut:
            assert f"| {spec.shortcut} |" in text, spec.id
    for key in BOARD_KEYS:
        assert f"| {key.keys} |" in text, key.keys


def test_keyboard_md_is_up_to_date():
    assert KEYBOARD_MD.read_text(encoding="utf-8") == keyboard_help_markdown(), (
        "regenerate: python -m checkers_desktop.ui.actions > accessibility/keyboard.md")


def test_shortcuts_are_valid_and_unique():
    shortcuts = [QKeySequence(spec.shortcut) for spec in ACTIONS if spec.shortcut]
    assert all(not s.isEmpty() for s in shortcuts)
    assert len({s.toString() for s in shortcuts}) == len(shortcuts)
    assert len({spec.id for spec in ACTIONS}) == len(ACTIONS)


def test_help_dialog_lists_every_shortcut(qtbot):
    html = keyboard_help_html()
    for spec in ACTIONS:
        if spec.shortcut:
            assert spec.shortcut in html


def test_window_actions_carry_the_declared_shortcuts(make_window):
    window = make_window()
    for spec in ACTIONS:
        action = window.actions_by_id[spec.id]
        assert action.shortcut() == QKeySequence(spec.shortcut)
        assert action in window.findChildren(type(action))
