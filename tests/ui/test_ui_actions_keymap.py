"""Every key is declared once in actions.py and listed in accessibility/keyboard.md and the help."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from checkers_desktop.ui.actions import ACTIONS, BOARD_KEYS, keyboard_help_markdown
from checkers_desktop.ui.help_dialog import keyboard_help_items

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


def test_help_dialog_lists_every_shortcut_one_per_item(qtbot):
    """One item per key, the key first: a screen reader reads the list one command at a time."""
    items = keyboard_help_items()
    for spec in ACTIONS:
        if spec.shortcut:
            assert any(item.startswith(f"{spec.shortcut}: {spec.accessible_name}.")
                       for item in items), spec.shortcut


def test_window_actions_carry_the_declared_shortcuts(make_window):
    window = make_window()
    for spec in ACTIONS:
        action = window.actions_by_id[spec.id]
        assert action.shortcut() == QKeySequence(spec.shortcut)
        assert action in window.findChildren(type(action))


def _mnemonic(text: str):
    plain = text.replace("&&", "")
    at = plain.find("&")
    return plain[at + 1].lower() if 0 <= at < len(plain) - 1 else None


def window_mnemonics(window) -> list[tuple[str, str]]:
    """(letter, text) of every Alt+letter in ``window``: its menu bar's menus and the labels that
    give a field the focus (a letter used twice makes the first Alt press go to the wrong one)."""
    from PySide6.QtWidgets import QLabel

    out = [(_mnemonic(a.text()), a.text()) for a in window.menuBar().actions()]
    out += [(_mnemonic(label.text()), label.text()) for label in window.findChildren(QLabel)
            if label.buddy() is not None]
    return [(k, t) for k, t in out if k is not None]


def test_every_alt_letter_of_the_main_window_is_used_once(make_window):
    """Alt+T opens the Tournament menu, Alt+P the Practice menu: no label of the side panel takes
    their letters."""
    window = make_window()
    letters = window_mnemonics(window)
    assert len({k for k, _ in letters}) == len(letters), sorted(letters)
    assert ("t", "&Tournament") in letters and ("b", "&Board as text") in letters


def test_f10_opens_the_game_menu_from_the_board(make_window, qtbot):
    """F10 opens the menu bar at Game with its first item highlighted, as Alt+G does and as in
    Windows and GNOME programs (Qt on Linux has no such key)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window = make_window()
    window.board.focus_cursor()
    game = window.menuBar().actions()[0]
    assert game.text().replace("&", "") == "Game"
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_F10)
    qtbot.waitUntil(lambda: game.menu().isVisible(), timeout=2000)
    assert window.menuBar().activeAction() is game
    first = game.menu().actions()[0]  # highlighted, as with Alt+G: a screen reader hears it
    qtbot.waitUntil(lambda: game.menu().activeAction() is first, timeout=2000)
    assert first.text().replace("&", "") == "New game against the computer"
    game.menu().hide()


def test_every_menu_letter_is_used_once_in_its_menu():
    """In an open menu a letter used by two items only moves between them (Alt+M, H in the
    bracket's Match menu went to Play this match here, not to Withdraw): each menu's letters
    are its own."""
    from collections import defaultdict

    from checkers_desktop.ui.actions import BRACKET_ACTIONS, EVENT_ACTIONS, TOURNAMENT_ACTIONS

    for window, specs in (("main", ACTIONS + EVENT_ACTIONS + TOURNAMENT_ACTIONS),
                          ("bracket", BRACKET_ACTIONS)):
        letters: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for spec in specs:
            letter = _mnemonic(spec.text)
            if letter is not None:
                letters[spec.menu].append((letter, spec.text))
        for menu, used in letters.items():
            assert len({k for k, _ in used}) == len(used), (window, menu, sorted(used))
