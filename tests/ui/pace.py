"""What a screen reader gets, in order: the announcements posted to it with their times, the
legal-move list's focus changes, and where the keyboard focus goes, for the pacing and focus
tests."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QMessageBox


def record_pace(window) -> tuple[list[tuple[float, str]], list[float]]:
    """Start recording; returns (said, focus): each announcement posted to the screen reader as
    (monotonic seconds, text), and the time of each change of the legal-move list's current
    item while the list has the keyboard focus."""
    panel = window.play_aids.panel
    said: list[tuple[float, str]] = []
    post = window.screen_reader._post
    window.screen_reader._post = lambda e: (said.append((time.monotonic(), e.message())),
                                            post(e))
    focus: list[float] = []
    panel.moves.currentItemChanged.connect(
        lambda item, _old: focus.append(time.monotonic()) if panel.moves.hasFocus() else None)
    return said, focus


def place_of(window, widget) -> str:
    """Where ``widget`` (the focus) is, in a word: "board", "list" (the legal moves),
    "question" (a Yes/No box), "nothing", or its class name."""
    if widget is None:
        return "nothing"
    if widget is window.board.table:
        return "board"
    if widget is window.play_aids.panel.moves:
        return "list"
    if isinstance(widget.window(), QMessageBox):
        return "question"
    return type(widget).__name__
