"""Every command of the window, declared once: id, menu text, shortcut, accessible name, help text.

The menus, the shortcuts, the Help > Keyboard commands dialog and ``accessibility/keyboard.md`` are all
made from :data:`ACTIONS` and :data:`BOARD_KEYS` (a test checks keyboard.md against them).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class ActionSpec:
    """One command. ``shortcut`` is in ``QKeySequence`` portable text ("Ctrl+N"), "" for none;
    ``menu`` is the menu it sits in ("Game", "Speech", "Help") ."""

    id: str
    text: str
    shortcut: str
    accessible_name: str
    help_text: str
    menu: str
    checkable: bool = False


@dataclass(frozen=True)
class KeySpec:
    """A key handled on the board itself (not a menu command)."""

    keys: str
    help_text: str


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("new_vs_computer", "New game against the &computer", "Ctrl+N",
               "New game against the computer",
               "Start a new game: you play Black and move first, the computer plays the other side.",
               "Game"),
    ActionSpec("new_two_players", "New game for &two players", "Ctrl+Shift+N",
               "New game for two players",
               "Start a new game for two people at the same keyboard; both sides move by keyboard.",
               "Game"),
    ActionSpec("resign", "&Resign", "Ctrl+Shift+R", "Resign",
               "Resign the game in progress, after a confirmation.", "Game"),
    ActionSpec("move_box", "Type a &move", "Ctrl+M", "Type a move",
               "Go to the move box and type a move such as 11-15, 11 15 or 22x15, then press Enter. "
               "Escape goes back to the board.", "Game"),
    ActionSpec("go_to_board", "Go to the &board", "Ctrl+B", "Go to the board",
               "Put the keyboard cursor back on the board.", "Game"),
    ActionSpec("quit", "&Quit", "Ctrl+Q", "Quit", "Close the app.", "Game"),
    ActionSpec("repeat_last", "&Repeat last message", "F2", "Repeat last message",
               "Say the last message again.", "Speech"),
    ActionSpec("say_status", "Say &whose turn", "F3", "Say whose turn",
               "Say whose turn it is and the last move.", "Speech"),
    ActionSpec("toggle_speech", "&Speech on", "Ctrl+Shift+S", "Speech on or off",
               "Switch the app's own voice on or off. Screen reader announcements go on either way.",
               "Speech", checkable=True),
    ActionSpec("keyboard_help", "&Keyboard commands", "F1", "Keyboard commands",
               "List every key of the app.", "Help"),
)

BOARD_KEYS: tuple[KeySpec, ...] = (
    KeySpec("Up, Down", "Move the cursor to the row above or below (the square number goes down or "
            "up by four). At the edge of the board you hear so."),
    KeySpec("Left, Right", "Move the cursor along the row, over the playing squares."),
    KeySpec("Enter, Space", "Pick up the piece under the cursor; on a destination, put it down and "
            "play the move. On the picked-up piece again, put it back. In a jump with several paths to "
            "the same square, go first to a square the piece passes through."),
    KeySpec("Escape", "Put the picked-up piece back; in the move box, go back to the board."),
    KeySpec("Digits, then Enter", "Type a square number (1 to 32) and press Enter to move the cursor "
            "there."),
    KeySpec("Tab, Shift+Tab", "Go between the board, the move box and the other controls."),
)


def action_spec(action_id: str) -> ActionSpec:
    """The spec of ``action_id``; raises ``KeyError`` quoting the id when there is none."""
    for spec in ACTIONS:
        if spec.id == action_id:
            return spec
    raise KeyError(action_id)


def native_shortcut(spec: ActionSpec) -> str:
    """The shortcut as the platform writes it ("Ctrl+N", on macOS "⌘N")."""
    return QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.NativeText)


def create_actions(parent: QWidget) -> dict[str, QAction]:
    """One ``QAction`` per spec, parented to ``parent``, keyed by id. Triggers are connected by the
    caller."""
    actions: dict[str, QAction] = {}
    for spec in ACTIONS:
        action = QAction(spec.text, parent)
        action.setObjectName(spec.id)
        if spec.shortcut:
            action.setShortcut(QKeySequence(spec.shortcut))
        action.setToolTip(spec.accessible_name)
        action.setStatusTip(spec.help_text)
        action.setWhatsThis(spec.help_text)
        action.setCheckable(spec.checkable)
        actions[spec.id] = action
    return actions


def keyboard_help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every key of the app: board keys first, then the commands."""
    rows = [(k.keys, k.help_text) for k in BOARD_KEYS]
    rows += [(spec.shortcut, f"{spec.accessible_name}. {spec.help_text}")
             for spec in ACTIONS if spec.shortcut]
    return rows


def keyboard_help_markdown() -> str:
    """The text of ``accessibility/keyboard.md``."""
    lines = [
        "# Keyboard commands",
        "",
        "Generated from `checkers_desktop/ui/actions.py` (`python -m checkers_desktop.ui.actions` "
        "prints it); a test checks this file against it. The same list is in the app under "
        "Help > Keyboard commands (F1).",
        "",
        "The board is 32 squares, numbered 1 to 32 as in every checkers book: 1 to 4 are the top row "
        "and Black's home row, 29 to 32 the bottom row and Red's home row. The keyboard cursor is the "
        "focused square; your screen reader reads it as you move, for example \"11, black man\".",
        "",
        "## On the board",
        "",
        "| Keys | What they do |",
        "| --- | --- |",
    ]
    lines += [f"| {k.keys} | {k.help_text} |" for k in BOARD_KEYS]
    lines += ["", "## Commands (anywhere in the window)", "", "| Keys | Command | What it does |",
              "| --- | --- | --- |"]
    lines += [f"| {spec.shortcut} | {spec.accessible_name} | {spec.help_text} |"
              for spec in ACTIONS if spec.shortcut]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - prints the keyboard map
    print(keyboard_help_markdown(), end="")
