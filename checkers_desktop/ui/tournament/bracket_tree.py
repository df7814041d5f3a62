"""The bracket for screen readers: one division as a tree a screen reader walks with the arrow keys.

Top level, in order: the division (its competitors, draw seed and same-center pairs), one item per
round ("Quarter-finals: 4 matches") holding its matches, and the standings holding the places. A
match item reads as one sentence ("Quarter-final 2, match 21: Walt Hunt, Bronx VAMC, beat Bo Diaz,
Tampa VAMC, 2 games to 1") and holds nothing: a screen reader says an item that holds lines is
"collapsed" or "expanded" at the end of it, which on every match line was noise (the path key P
on a match reads both competitors' paths). Rounds and the standings are open when a division is
first shown; a refresh (a result arriving) keeps the cursor and what was opened.
"""

from __future__ import annotations

import time
from typing import Optional

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import (QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
                               QTreeWidget, QTreeWidgetItem, QWidget)

from ...texts import tournament as texts
from ...tournament.bracket import round_title
from ...tournament.model import MatchStatus
from ...tournament.views import DivisionView, MatchView

__all__ = ["BracketTree", "KEY_ROLE"]

KEY_ROLE = Qt.ItemDataRole.UserRole
"""Each item's key: ("division",), ("round", r), ("match", (r, i)), ("standings",) or
("place", n)."""


class _WrappingLines(QStyledItemDelegate):
    """Each line as tall as its text wrapped to the width the tree gives it. Qt's tree sizes a
    row by its text on one line even with word wrap on, so a long match line ("Semi-final 1,
    match 1: Cy Ott, Reno, beat Di Park, Boise, 2 games to 0") was cut to "..." on a 1366x768
    screen, and a low-vision organiser could not read it there."""

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt's name
        view = self.parent()
        assert isinstance(view, QTreeWidget)  # the delegate of the bracket's tree
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        depth, up = 0, index.parent()
        while up.isValid():
            depth, up = depth + 1, up.parent()
        indent = view.indentation() * (depth + (1 if view.rootIsDecorated() else 0))
        opt.rect.setWidth(max(40, view.columnWidth(0) - indent))
        opt.rect.setHeight(1 << 20)
        opt.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        return view.style().sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, opt, QSize(),
                                             view)


def _child(item: QTreeWidgetItem, i: int) -> QTreeWidgetItem:
    """``item``'s child ``i`` (below its ``childCount()``)."""
    child = item.child(i)
    assert child is not None
    return child


def _opens(item: QTreeWidgetItem) -> bool:
    """Whether a top-level line is shown open (a round, the standings): Down from a round
    reaches its matches, without Right first."""
    return (item.data(0, KEY_ROLE) or ("",))[0] in ("round", "standings")


class BracketTree(QTreeWidget):
    """The tree of one division (:meth:`show_division`)."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setObjectName("bracket-list")
        self.setAccessibleName("Bracket")
        self.setAccessibleDescription("The division's matches round by round, then the "
                                      "standings. N: next matches, S: standings, P: a "
                                      "competitor's path.")
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setIndentation(28)
        self.setItemDelegate(_WrappingLines(self))
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view: Optional[DivisionView] = None
        self._division_key: Optional[str] = None
        self._new_top: list[QTreeWidgetItem] = []
        self.post_accessible = None
        self._told: tuple = (None, None, 0.0)
        """Posts the focus event of :meth:`tell_current` (None: ``QAccessible.updateAccessibility``
        while a screen reader listens); tests give a recorder."""
        self._lines_moved = False
        """Lines were added or removed since the line at the cursor was last told: Qt lays the
        tree out again, and a call it queues then drops every accessible child handed out."""
        self._relaying = False
        """:meth:`tell_current` waits for that call (the line is told after it)."""
        self._renamed: list[QTreeWidgetItem] = []
        """Kept lines whose text changed in place, to be told by :meth:`_tell_renamed`."""

    # --- what is chosen -----------------------------------------------------------------
    def current_key(self) -> Optional[tuple]:
        item = self.currentItem()
        return None if item is None else item.data(0, KEY_ROLE)

    def current_match(self) -> Optional[MatchView]:
        """The match at the cursor, or None."""
        key = self.current_key()
        if not key or self.view is None or key[0] != "match":
            return None
        return self.match_at(key[1])

    def match_at(self, pos) -> Optional[MatchView]:
        if self.view is None:
            return None
        for m in self.view.matches:
            if (m.round, m.index) == tuple(pos):
                return m
        return None

    def select_key(self, key) -> bool:
        item = self._find(key)
        if item is None:
            return False
        parent = item.parent()
        while parent is not None:
            parent.setExpanded(True)
            parent = parent.parent()
        self.setCurrentItem(item)
        return True

    def _find(self, key) -> Optional[QTreeWidgetItem]:
        stack = self._top_items()
        while stack:
            item = stack.pop(0)
            if item.data(0, KEY_ROLE) == key:
                return item
            stack.extend(_child(item, i) for i in range(item.childCount()))
        return None

    def lines(self) -> list[str]:
        """Every item's text, depth first (what a screen reader can reach)."""
        out = []
        stack = self._top_items()
        while stack:
            item = stack.pop(0)
            out.append(item.text(0))
            stack[0:0] = [_child(item, i) for i in range(item.childCount())]
        return out

    def _top_items(self) -> list[QTreeWidgetItem]:
        return [item for item in (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
                if item is not None]

    # --- building -----------------------------------------------------------------------
    def show_division(self, view: Optional[DivisionView], empty_text: str = "") -> None:
        """Show ``view`` (None: only ``empty_text``), keeping the cursor and opened items when it
        is the same division again. Then the items are changed in place, line by line (a result:
        its match's text, the next match's players), not rebuilt: a rebuild destroyed the line a
        screen reader was on, and it heard nothing (or "?") until the next arrow key."""
        same = view is not None and view.division.key == self._division_key
        self._new_top = []
        if view is None:
            self._item(None, empty_text or texts.no_division_text(), ("division",))
        else:
            self._build(view)
        new, self._new_top = self._new_top, []
        self.view = view
        if same:
            keep, line = self.current_key(), self.currentItem()
            said = line.text(0) if line is not None else None
            if self._reconcile(None, new):
                if self._renamed:
                    QTimer.singleShot(0, self, self._tell_renamed)
                if keep is not None and self.current_key() != keep:
                    self.select_key(keep)
                line = self.currentItem()
                if line is not None and line.text(0) != said:  # its own line changed: tell it
                    QTimer.singleShot(0, self, self.tell_current)
            return
        self._division_key = view.division.key if view is not None else None
        self._lines_moved = True
        self.setUpdatesEnabled(False)
        self.clear()
        self.addTopLevelItems(new)
        for item in new:
            if _opens(item):
                item.setExpanded(True)
        first = self.topLevelItem(0)
        if first is not None:
            self.setCurrentItem(first)
        self.setUpdatesEnabled(True)
        QTimer.singleShot(0, self, self.tell_current)

    def _reconcile(self, parent: Optional[QTreeWidgetItem], new: list) -> bool:
        """Make the children of ``parent`` (None: the top level) show the items ``new`` (not in
        the tree), matched by key: a kept line gets the new text and its children the same way,
        a line gone is removed, a new line is put in its place (closed). Returns True when
        anything changed."""
        def count() -> int:
            return parent.childCount() if parent is not None else self.topLevelItemCount()

        def at(i: int) -> QTreeWidgetItem:
            item = parent.child(i) if parent is not None else self.topLevelItem(i)
            assert item is not None  # i < count()
            return item

        wanted = {n.data(0, KEY_ROLE) for n in new}
        changed = False
        i = 0
        while i < count():
            if at(i).data(0, KEY_ROLE) in wanted:
                i += 1
                continue
            changed = self._lines_moved = True
            if parent is not None:
                parent.takeChild(i)
            else:
                self.takeTopLevelItem(i)
        for pos, fresh in enumerate(new):
            old = at(pos) if pos < count() else None
            if old is not None and old.data(0, KEY_ROLE) == fresh.data(0, KEY_ROLE):
                text = fresh.text(0)
                if old.text(0) != text:
                    old.setText(0, text)
                    old.setData(0, Qt.ItemDataRole.AccessibleTextRole, text)
                    old.setToolTip(0, text)
                    self._renamed.append(old)
                    changed = True
                changed = self._reconcile(old, fresh.takeChildren()) or changed
                continue
            changed = self._lines_moved = True
            if parent is not None:
                parent.insertChild(pos, fresh)
            else:
                self.insertTopLevelItem(pos, fresh)
                if _opens(fresh):
                    fresh.setExpanded(True)  # as on a first showing: a new round shows its matches
        while count() > len(new):  # a kept line out of order (a bracket has none): no twin left
            changed = self._lines_moved = True
            if parent is not None:
                parent.takeChild(len(new))
            else:
                self.takeTopLevelItem(len(new))
        return changed

    # --- what a screen reader is told ---------------------------------------------------
    def accessible_child(self, item: QTreeWidgetItem) -> Optional[int]:
        """The index of ``item`` among the tree's accessible children (its visual row; Qt 6
        counts the hidden header first), checked by its name; None when not shown."""
        iface = QAccessible.queryAccessibleInterface(self)
        if iface is None:
            return None
        row, below = 0, self.topLevelItem(0)
        while below is not None and below is not item:
            below, row = self.itemBelow(below), row + 1
        if below is None:
            return None
        for child in (row + 1, row):
            found = iface.child(child)
            if found is not None and found.text(QAccessible.Text.Name) == item.text(0):
                return child
        return None

    def tell_current(self) -> None:
        """Tell the screen reader the line at the cursor, when the tree has the keyboard: after
        a rebuild (a result arrived) and when the keyboard comes back from a dialog. Qt tells it
        only "Bracket" then, or an item already destroyed, so without this the organiser would
        hear no line until an arrow key."""
        item = self.currentItem()
        if item is None or not self.hasFocus() or QApplication.activeModalWidget() is not None:
            return  # (a command's next question is already open: the line would be chatter)
        post = self.post_accessible
        if post is None:
            if not QAccessible.isActive():
                return
            post = QAccessible.updateAccessibility
        if self._relaying:
            return  # told once the tree is laid out again (below)
        if self._lines_moved:
            # lines were added or removed (a result arrived, a correction changed later
            # matches): laid out again, Qt drops the tree's accessible children on a call it
            # queues then. A child handed out before that call is gone when the screen reader
            # asks for its name: it heard "FOCUS ?" until an arrow key. So lay the tree out
            # now and tell the line after Qt's call.
            self._lines_moved, self._relaying = False, True
            self.executeDelayedItemsLayout()
            QTimer.singleShot(0, self, self._tell_laid_out)
            return
        child = self.accessible_child(item)
        told = (child, item.text(0), time.monotonic())
        last = self._told
        if child is None or (last[:2] == told[:2] and told[2] - last[2] < 0.5):
            return  # told already (the keyboard came back and its line changed, both at once)
        self._told = told
        event = QAccessibleEvent(self, QAccessible.Event.Focus)
        event.setChild(child)
        post(event)

    def _tell_renamed(self) -> None:
        """Tell a screen reader the new name of each shown line whose text changed in place (a
        later match's players once a result arrived). A screen reader keeps the names it was
        told: without this, arrowing onto "Final, match 4: Ann Lee against the winner of match
        3" would read that old line after match 3 was decided, while the screen shows the
        winner. Only lines shown are told: a line inside a closed
        round has no accessible child to tell then."""
        items, self._renamed = self._renamed, []
        post = self.post_accessible
        if post is None:
            if not QAccessible.isActive():
                return
            post = QAccessible.updateAccessibility
        for item in items:
            child = self.accessible_child(item)
            if child is not None:
                event = QAccessibleEvent(self, QAccessible.Event.NameChanged)
                event.setChild(child)
                post(event)

    def _tell_laid_out(self) -> None:
        self._relaying = False
        self.tell_current()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._lines_moved = True  # laid out again: the next line told waits for it
            self.scheduleDelayedItemsLayout()  # the lines wrap to the new width

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        QTimer.singleShot(0, self, self.tell_current)

    def _item(self, parent, text: str, key: tuple) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        item.setData(0, KEY_ROLE, key)
        item.setData(0, Qt.ItemDataRole.AccessibleTextRole, text)
        item.setToolTip(0, text)
        if parent is None:
            self._new_top.append(item)  # added to the tree by show_division, if anything changed
        else:
            parent.addChild(item)
        return item

    def _build(self, view: DivisionView) -> None:
        d = view.division
        self._item(None, view.heading(), ("division",))
        if not d.drawn or d.bracket_size is None:
            return
        rounds: dict[int, list[MatchView]] = {}
        for m in view.matches:
            if m.status is MatchStatus.EMPTY:
                continue
            rounds.setdefault(m.round, []).append(m)
        for r in sorted(rounds):
            ms = sorted(rounds[r], key=lambda m: m.index)
            head = self._item(None, texts.round_heading(round_title(d.bracket_size, r), len(ms)),
                              ("round", r))
            for m in ms:
                self._item(head, m.line(), ("match", (m.round, m.index)))
        st = self._item(None, texts.standings_heading(d.label), ("standings",))
        for n, line in enumerate(view.standings.lines()):
            self._item(st, line, ("place", n))
