"""The tournament's forms and a screen reader. In the competitors list, a competitor just
registered (or edited) is the line at the cursor and is told, and nothing is told of a line that
is gone when the screen reader asks for its name ("?"). In the result and correction forms,
each game's box tells the result it shows, from the moment the form opens (a correction opens on
the games recorded) and each time an arrow key changes it."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from checkers_desktop.tournament.model import CompetitorInput
from checkers_desktop.ui.tournament.dialogs import ResultDialog

from modal import when_modal
from tournament_ui_helpers import settle

NAME = QAccessible.Text.Name


def _in_competitors(menu, qtbot, act):
    """Open Tournament > Competitors with the keyboard in its list and run ``act(dialog)`` in it,
    then close it; returns what ``act`` returned."""
    out = []

    def inside(dialog):
        try:
            dialog.list.setFocus()
            qtbot.waitUntil(dialog.list.hasFocus)
            out.append(act(dialog))
        except Exception as exc:  # raised below, out of the dialog's event loop
            out.append(exc)
        finally:
            dialog.reject()

    when_modal(inside)
    menu.run(menu.competitors)
    assert out, "the competitors list did not open"
    if isinstance(out[0], Exception):
        raise out[0]
    return out[0]


def _cursor_watch(lines):
    """(row, line, accessible id) each time the cursor moves to a line: with the list focused,
    Qt tells the screen reader that child, and the screen reader asks for its name after."""
    handed = []

    def moved(row):
        if row >= 0:
            child = QAccessible.queryAccessibleInterface(lines).child(row)
            handed.append((row, lines.item(row).text(), QAccessible.uniqueId(child)))

    lines.currentRowChanged.connect(moved)
    return handed


def _name_of(uid):
    iface = QAccessible.accessibleInterface(uid)
    return None if iface is None else iface.text(NAME)


def test_a_competitor_registered_is_the_line_at_the_cursor_and_no_gone_line_is_told(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    """An organiser registers forty competitors in a row: after each, the list's cursor is on
    the one just registered, so the screen reader reads it back (and Edit acts on it if a
    name was misheard). The list used to be rebuilt: the cursor went through lines as they
    were removed (the screen reader heard "FOCUS ?") and ended on the first line."""
    window, menu = tournament_window(tmp_path / "t.db")
    for name, center in (("Di Park", "Boise VAMC"), ("Ann Lee", "Tampa VAMC")):
        menu.tournament.add_competitor(CompetitorInput(name, center, "55-59"))
    prompts.answers["competitor"] = [CompetitorInput("Cy Ott", "Reno VAMC", "55-59")]

    def add(dialog):
        settle(qtbot, dialog.list)
        handed = _cursor_watch(dialog.list)
        dialog.action_buttons[0].click()  # Add...; the form is answered at once
        settle(qtbot, dialog.list)
        return dialog.list.currentItem().text(), handed, dialog.lines()

    current, handed, lines = _in_competitors(menu, qtbot, add)
    assert current.startswith("Cy Ott, Reno VAMC, 55-59") and lines[-1] == current
    assert len(lines) == 3
    assert handed and handed[-1][1] == current
    for row, line, uid in handed:  # every line the screen reader was told of still answers
        assert _name_of(uid) == line, f"told of row {row} ({line}), gone when asked"


def test_a_line_changed_under_the_cursor_is_told_once(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    """Editing the competitor at the cursor changes its line without moving the cursor, so Qt
    tells nothing: the list tells the new line, once, though the keyboard comes back to the
    list (from the form) at the same moment. Coming back to the list later, the line at the
    cursor is told again (Qt tells only "Competitors")."""
    window, menu = tournament_window(tmp_path / "t.db")
    for name in ("Di Park", "Ann Lee", "Cy Ott"):
        menu.tournament.add_competitor(CompetitorInput(name, "Tampa VAMC", "55-59"))
    dialog_of = []

    def form(_initial):
        # the form has the keyboard, then gives it back to the list as it closes
        lines = dialog_of[0].list
        dialog_of[0].action_buttons[1].setFocus()
        qtbot.waitUntil(lambda: not lines.hasFocus())
        lines.setFocus()
        qtbot.waitUntil(lines.hasFocus)
        return CompetitorInput("Ann Lee", "Bronx VAMC", "55-59")

    prompts.answers["competitor"] = [form]

    def edit(dialog):
        dialog_of.append(dialog)
        lines = dialog.list
        told = []
        lines.post_accessible = told.append
        lines.setCurrentRow(1)
        settle(qtbot, lines)
        told.clear()
        dialog.action_buttons[1].click()  # Edit...
        settle(qtbot, lines)
        heard = [(e.type(), e.child(),
                  QAccessible.queryAccessibleInterface(lines).child(e.child()).text(NAME))
                 for e in told]
        told.clear()
        dialog.action_buttons[0].setFocus()
        qtbot.waitUntil(lambda: not lines.hasFocus())
        lines.setFocus()
        qtbot.waitUntil(lines.hasFocus)
        settle(qtbot, lines)
        return heard, [(e.type(), e.child()) for e in told], lines.currentRow()

    heard, back, row = _in_competitors(menu, qtbot, edit)
    assert row == 1
    assert heard == [(QAccessible.Event.Focus, 1, "Ann Lee, Bronx VAMC, 55-59")]
    assert back == [(QAccessible.Event.Focus, 1)]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="Qt names a combo box by its text shown only on Linux (AT-SPI)")
def test_each_game_box_tells_the_result_it_shows(accessibility_on, qtbot):
    """On Linux a game's box is named by the result it shows and labelled "Game 1:" (the screen
    reader says "Game 1: Cy Ott won"). Its name was told only when the form was built
    ("not played"): the correction form, opening on the games recorded, was heard as "not
    played", and an arrow key's change was not heard by a screen reader listening for names."""
    dialog = ResultDialog(2, "Cy Ott", "Bo Diaz", "va-standard", title="Correct match 2")
    qtbot.addWidget(dialog)
    told = []

    def post(event):
        box = event.object()
        told.append((event.type(), box.objectName(),
                     QAccessible.queryAccessibleInterface(box).text(NAME)))

    dialog.post_accessible = post
    dialog.set_games(["a", "a"])  # the correction opens on the games recorded
    changed = QAccessible.Event.NameChanged
    assert told == [(changed, "game-1", "Cy Ott won"), (changed, "game-2", "Cy Ott won")]

    dialog.show()
    qtbot.waitExposed(dialog)
    box = dialog.fields["game-1"]
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    told.clear()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert told == [(changed, "game-1", "Bo Diaz won")]
    assert box.currentText() == "Bo Diaz won"
    for n in (1, 2, 3):  # each box's label, which the screen reader says before its result
        iface = QAccessible.queryAccessibleInterface(dialog.fields[f"game-{n}"])
        labels = [label.text(NAME) for label, _ in iface.relations(QAccessible.Relation.Label)]
        assert labels == [f"Game {n}:"]
