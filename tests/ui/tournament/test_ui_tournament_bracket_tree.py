"""The bracket tree and a screen reader: when a result arrives or is corrected, the line at the
cursor is told with a focus event whose accessible child is still the tree's child when the
screen reader asks for its name. Removing or adding lines makes the tree lay itself out again
(on its next timer), and that drops every accessible child it had handed out: a child handed out
before it is gone when the screen reader asks, and it hears "?" until an arrow key."""

from __future__ import annotations

from PySide6.QtGui import QAccessible

from checkers_desktop.session.desk_steps import CorrectionAnswer
from checkers_desktop.tournament.model import CompetitorInput
from checkers_desktop.ui.tournament.bracket_tree import KEY_ROLE

from tournament_ui_helpers import drawn_division, open_bracket, settle

NAMES = ("Ann Lee", "Bo Diaz", "Cy Rowe", "Dee Sims")


def _drawn_bracket(tournament_window, prompts, qtbot, tmp_path):
    """Four competitors in 70-74, drawn (seed 7), the bracket window open on the division with
    the keyboard in the tree; the tree's focus events go to the list returned."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts, NAMES)
    bracket = open_bracket(qtbot, window, menu, t.divisions()[0].key)
    tree = bracket.tree
    told = []

    def post(event):
        # what the screen reader gets: the child named by the event, and the id it asks with
        if event.type() != QAccessible.Event.Focus:
            return
        child = QAccessible.queryAccessibleInterface(tree).child(event.child())
        told.append((event.child(), QAccessible.uniqueId(child)))

    tree.post_accessible = post
    tree.setFocus()
    qtbot.waitUntil(tree.hasFocus)
    return menu, t, tree, told, ready


def _heard(qtbot, tree, told):
    """The name the screen reader reads for the last focus event, once the tree has laid itself
    out and the calls queued then have run; None when the child it was given is gone."""
    settle(qtbot, tree)
    tree.executeDelayedItemsLayout()
    settle(qtbot, tree)
    child, uid = told[-1]
    iface = QAccessible.accessibleInterface(uid)
    return None if iface is None else iface.text(QAccessible.Text.Name)


def _result_told(qtbot, menu, tree, told, match):
    """Record ``match`` as won 2-0 by its first player with the cursor on its line; returns the
    line's key once a focus event was posted for it, having checked that the screen reader
    reads the line at the cursor."""
    key = ("match", (match.round, match.index))
    tree.select_key(key)
    menu.ask.answers["games"] = [[match.a.name, match.a.name]]
    told.clear()
    menu.run(lambda: menu.enter_result(match.number))
    qtbot.waitUntil(lambda: bool(told))
    assert tree.current_key() == key
    assert _heard(qtbot, tree, told) == tree.currentItem().text(0)
    return key


def test_a_correction_tells_the_line_at_the_cursor_not_a_gone_child(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    menu, t, tree, told, ready = _drawn_bracket(tournament_window, prompts, qtbot, tmp_path)
    match = ready[0]
    key = _result_told(qtbot, menu, tree, told, match)

    # corrected: the other player wins, so the final's and third place's players change (a line
    # removed and one added under each, while their rounds are closed)
    prompts.answers["correction"] = [CorrectionAnswer((match.b.name, match.b.name), None,
                                                      "score sheet misread")]
    told.clear()
    menu.run(lambda: menu.correct_result(match.number))
    tree.tell_current()  # the keyboard coming back from the last question at the same moment
    qtbot.waitUntil(lambda: bool(told))
    settle(qtbot, tree)
    assert len(told) == 1  # told once, after the tree was laid out again
    assert tree.current_key() == key
    line = tree.currentItem().text(0)
    assert line.startswith(f"Semi-final 1, match {match.number}: {match.b.name}")
    assert f"{match.b.name}, Tampa VAMC, beat {match.a.name}" in line
    assert _heard(qtbot, tree, told) == line


def test_a_new_result_tells_the_line_at_the_cursor_with_later_rounds_open(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    """A result arriving adds the winner's line under the final; with the final's round open,
    that lays the tree out again too."""
    menu, t, tree, told, ready = _drawn_bracket(tournament_window, prompts, qtbot, tmp_path)
    for i in range(tree.topLevelItemCount()):  # every round and match open
        top = tree.topLevelItem(i)
        top.setExpanded(True)
        for j in range(top.childCount()):
            top.child(j).setExpanded(True)
    for match in ready:
        _result_told(qtbot, menu, tree, told, match)
        assert "beat" in tree.currentItem().text(0)


def test_rounds_a_draw_adds_to_the_open_bracket_show_their_matches(
        tournament_window, prompts, qtbot, tmp_path):
    """The bracket open on a division before its draw: the rounds the draw adds are open, as on
    a first showing, so Down from a round reaches its matches (they came closed, and Down went
    from one round's line to the next)."""
    window, menu = tournament_window(tmp_path / "t.db")
    t = menu.tournament
    for name in NAMES:
        t.add_competitor(CompetitorInput(name, "Tampa VAMC", "70-74"))
    prompts.answers["divisions"] = [([], [])]
    menu.run(menu.divisions)
    key = t.divisions()[0].key
    bracket = open_bracket(qtbot, window, menu, key)
    before = {bracket.tree.topLevelItem(i).data(0, KEY_ROLE)
              for i in range(bracket.tree.topLevelItemCount())}
    prompts.answers["confirm"] = [True]
    prompts.answers["text"] = ["7"]
    menu.run(lambda: menu.draw(key))
    tree = bracket.tree
    rounds = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
              if (tree.topLevelItem(i).data(0, KEY_ROLE) or ("",))[0] == "round"]
    assert len(rounds) >= 2 and not any(r.data(0, KEY_ROLE) in before for r in rounds)
    assert all(r.isExpanded() and r.childCount() for r in rounds)
    # the organiser's own choice stays: a round closed by hand is not opened by a result
    rounds[-1].setExpanded(False)
    match = next(m for m in t.matches() if m.a is not None and m.b is not None)
    prompts.answers["games"] = [[match.a.name, match.a.name]]
    menu.run(lambda: menu.enter_result(match.number))
    assert not rounds[-1].isExpanded() and rounds[0].isExpanded()


def test_a_long_line_wraps_to_the_trees_width_instead_of_being_cut(
        tournament_window, prompts, qtbot, tmp_path):
    """Every line is as tall as its text wrapped to the tree's width: on a narrow tree a match
    line takes two rows or more, and it still reads whole (nothing cut to "...")."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts, ("Annabelle Leeward-Smith", "Bonaventure Diaz",
                                              "Cyrus Rowe", "Deanna Simmons"))
    bracket = open_bracket(qtbot, window, menu, t.divisions()[0].key)
    tree = bracket.tree
    tree.select_key(("match", (ready[0].round, ready[0].index)))
    item = tree.currentItem()
    one_row = tree.fontMetrics().height()
    tree.setColumnWidth(0, 260)
    tree.doItemsLayout()
    narrow = tree.visualItemRect(item)
    assert narrow.height() >= 2 * one_row
    assert tree.fontMetrics().horizontalAdvance(item.text(0)) > narrow.width()
    tree.setColumnWidth(0, 4000)
    tree.doItemsLayout()
    assert tree.visualItemRect(item).height() < narrow.height()


def test_a_later_match_whose_players_change_is_told_by_its_new_name(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    """A result changes the final's line in place ("... against the winner of match 1" becomes
    the winner's name): a screen reader, which keeps the names it was told, is told the new
    one; else arrowing onto the final read the old pairing while the screen showed the new."""
    menu, t, tree, told, ready = _drawn_bracket(tournament_window, prompts, qtbot, tmp_path)
    for i in range(tree.topLevelItemCount()):
        tree.topLevelItem(i).setExpanded(True)
    renamed = []

    def post(event):
        if event.type() == QAccessible.Event.NameChanged:
            child = QAccessible.queryAccessibleInterface(tree).child(event.child())
            renamed.append(child.text(QAccessible.Text.Name))

    tree.post_accessible = post
    final = next(m for m in t.matches() if m.a is None or m.b is None)
    final_key = ("match", (final.round, final.index))
    before = next(line for line in tree.lines()
                  if line.startswith(f"Final, match {final.number}"))
    match = ready[0]
    prompts.answers["games"] = [[match.a.name, match.a.name]]
    menu.run(lambda: menu.enter_result(match.number))
    settle(qtbot, tree)
    tree.select_key(final_key)
    after = tree.currentItem().text(0)
    assert after != before and match.a.name in after
    assert after in renamed


def test_a_line_that_cannot_open_tells_no_expandable_state(
        accessibility_on, tournament_window, prompts, qtbot, tmp_path):
    """A match line (a bye's too) holds nothing: the screen reader is told no expandable
    state, so it does not end the line with "collapsed" (Orca said "... 2 games to 1
    collapsed" on every match). A round, which opens on its matches, is expandable."""
    menu, t, tree, told, ready = _drawn_bracket(tournament_window, prompts, qtbot, tmp_path)
    menu.ask.answers["games"] = [[ready[0].a.name, ready[0].a.name]]
    menu.run(lambda: menu.enter_result(ready[0].number))
    settle(qtbot, tree)
    tree.executeDelayedItemsLayout()
    iface = QAccessible.queryAccessibleInterface(tree)
    states = {}
    for i in range(iface.childCount()):
        child = iface.child(i)
        if child.role() == QAccessible.Role.TreeItem:
            states[child.text(QAccessible.Text.Name)] = child.state()
    matches = [line for line in states if ", match " in line or "with a bye" in line]
    assert matches and any("beat" in line for line in matches)
    for line in matches:
        assert not states[line].expandable and not states[line].expanded, line
    rounds = [line for line in states if line.endswith(" matches") or line.endswith(" match")]
    assert rounds and all(states[line].expandable for line in rounds)
