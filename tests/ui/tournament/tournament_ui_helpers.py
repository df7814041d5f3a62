"""Helpers of the tournament window tests (a module with its own name: test modules import it,
never ``conftest``, whose name several folders share)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

PG_CTL = os.environ.get("CHECKERS_TEST_PG_CTL", "")
"""A script taking "stop" or "start" for the tests' PostgreSQL cluster (.ci/postgres.sh)."""
PLAYERS40 = Path(__file__).resolve().parents[2] / "tournament" / "data" / "players40.csv"


def drawn_division(menu, prompts, names=("Ann Lee", "Bo Diaz", "Cy Rowe", "Dee Sims")):
    """The open tournament with ``names`` registered in 70-74 and drawn (seed 7): (the
    tournament, its matches with both players known)."""
    from checkers_desktop.tournament.model import CompetitorInput
    t = menu.tournament
    for name in names:
        t.add_competitor(CompetitorInput(name, "Tampa VAMC", "70-74"))
    prompts.answers["divisions"] = [([], [])]
    menu.run(menu.divisions)
    prompts.answers["confirm"] = [True]
    prompts.answers["text"] = ["7"]
    menu.run(lambda: menu.draw(t.divisions()[0].key))
    return t, [m for m in t.matches() if m.a is not None and m.b is not None]


def open_bracket(qtbot, window, menu, division=None):
    """F7 on the board; the bracket window shown and active (showing ``division`` when given)."""
    qtbot.keyClick(window.board, Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: menu.bracket is not None and menu.bracket.isVisible())
    bracket = menu.bracket
    qtbot.addWidget(bracket)
    bracket.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bracket)
    if division is not None:
        bracket.show_division(division, announce=False)
    return bracket


def settle(qtbot, widget):
    """Wait until every call already queued (``QTimer.singleShot(0, ...)``) has run: a call
    queued now runs after them."""
    from PySide6.QtCore import QTimer
    done = []
    QTimer.singleShot(0, widget, lambda: done.append(True))
    qtbot.waitUntil(lambda: bool(done))
