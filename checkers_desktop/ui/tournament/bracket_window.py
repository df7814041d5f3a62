"""The bracket window (Tournament, Show the bracket, F7): one division at a time.

Left, the bracket as a tree for screen readers and the keyboard (:mod:`.bracket_tree`); right, the
same bracket drawn in the app's theme, zoomable (:mod:`.bracket_view`); above, the division's
choice; below, the last thing said. Its menus (declared in ``ui/actions.py`` ``BRACKET_ACTIONS``)
work only here: Division (previous, next, draw, PDF), Match (call to a table, play here, enter a
result, walkover, correct, withdraw), Read (single keys: N next matches, S standings, P a
competitor's path, D the division) and View (zoom).

The window shows what the Tournament menu (:class:`~.menu.TournamentMenu`) knows: it redraws when
the menu's ``changed`` signal says the tournament changed (this laptop's action, or another
laptop's, followed in the background). What it says goes through the app's one announcer; while
this window is active, announcements are posted on its own status line, so that a screen reader
takes them from the window it is in.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QMainWindow, QSplitter,
                               QVBoxLayout, QWidget)

from ...speech.announcer import Priority
from ...texts import tournament as texts
from ...tournament.model import MatchStatus
from .. import menu_bar_focus
from ..actions import BRACKET_ACTIONS, make_action
from ...session.desk_results import player_line
from .bracket_tree import BracketTree
from .bracket_view import BracketScroll

__all__ = ["BracketWindow"]

TITLE = "Bracket"


class BracketWindow(QMainWindow):
    """The bracket of the tournament ``menu`` follows (a :class:`~.menu.TournamentMenu`)."""

    def __init__(self, menu) -> None:
        super().__init__(None)
        self.menu = menu
        self.ctx = menu.ctx
        self.setObjectName("bracket-window")
        self.setWindowTitle(TITLE)
        self.division_key: Optional[str] = None
        self._restore_target = None
        central = QWidget(self)
        self.division_label = QLabel("D&ivision:", central)
        self.divisions = QComboBox(central)
        self.divisions.setObjectName("division-choice")
        self.divisions.setAccessibleName("Division")
        self.division_label.setBuddy(self.divisions)
        self.tree = BracketTree(central)
        self.drawing = BracketScroll(central)
        self.canvas = self.drawing.canvas
        self.chosen = QLabel("", central)
        self.chosen.setObjectName("bracket-chosen-line")
        self.chosen.setAccessibleName("Chosen line")
        self.chosen.setWordWrap(True)
        self.chosen.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.status = QLabel("", central)
        self.status.setObjectName("bracket-status")
        self.status.setAccessibleName("Bracket status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                            | Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        top = QHBoxLayout()
        top.addWidget(self.division_label)
        top.addWidget(self.divisions, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, central)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.drawing)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([420, 880])  # the drawing wide enough to fit a bracket of 16 at 1366x768
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.chosen)  # the list's line at the cursor, whole, for the eyes
        layout.addWidget(self.status)
        self.setCentralWidget(central)
        self.setTabOrder(self.divisions, self.tree)
        self.setTabOrder(self.tree, self.status)
        self._enlarge_text()

        self.actions_by_id = {}
        handlers = {
            "bracket_previous_division": lambda: self.step_division(-1),
            "bracket_next_division": lambda: self.step_division(1),
            "bracket_draw": lambda: menu.draw(self.division_key),
            "bracket_pdf": lambda: menu.save_bracket_pdf(self.division_key),
            "bracket_close": self.close,
            "match_call": lambda: self._on_match(menu.call_match),
            "match_play_here": lambda: self._on_match(menu.play_here),
            "match_result": lambda: self._on_match(menu.enter_result),
            "match_walkover": lambda: self._on_match(menu.walkover),
            "match_correct": lambda: self._on_match(menu.correct_result),
            "match_withdraw": self.withdraw,
            "read_next_matches": self.read_next_matches,
            "read_standings": self.read_standings,
            "read_path": self.read_path,
            "read_division": self.read_division,
            "bracket_zoom_in": lambda: self._zoomed(self.canvas.zoom_in()),
            "bracket_zoom_out": lambda: self._zoomed(self.canvas.zoom_out()),
            "bracket_zoom_reset": lambda: self._zoomed(self.canvas.set_zoom(100)),
            "bracket_text_larger": lambda: self._text_size("text_larger"),
            "bracket_text_smaller": lambda: self._text_size("text_smaller"),
        }
        menus = {}
        declared = {spec.shortcut.lower() for spec in BRACKET_ACTIONS if spec.shortcut}
        for spec in BRACKET_ACTIONS:
            action = make_action(spec, self)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            shifted = f"Shift+{spec.shortcut}"
            if len(spec.shortcut) == 1 and spec.shortcut.isalpha() \
                    and shifted.lower() not in declared:
                # a capital letter (Shift held) is the same command, not the list's search
                # for a line starting with that letter
                action.setShortcuts([action.shortcut(), QKeySequence(shifted)])
            action.triggered.connect(
                lambda checked=False, h=handlers[spec.id]: menu.run(h, origin=self))
            if spec.menu not in menus:
                menus[spec.menu] = self.menuBar().addMenu(f"&{spec.menu}")
            menus[spec.menu].addAction(action)
            self.addAction(action)
            self.actions_by_id[spec.id] = action
        menu_bar_focus.install(self.menuBar(),
                               lambda: self.tree.setFocus(Qt.FocusReason.OtherFocusReason))
        # Ctrl+= zooms in too (the same key as Ctrl++ without Shift), as in the View menu.
        zoom_in = self.actions_by_id["bracket_zoom_in"]
        zoom_in.setShortcuts([zoom_in.shortcut(), QKeySequence("Ctrl+=")])

        self.divisions.currentIndexChanged.connect(self._division_chosen)
        self.tree.currentItemChanged.connect(lambda *_: self._follow_cursor())
        self.canvas.match_clicked.connect(self._clicked)
        display = self.ctx.display
        if display is not None:
            display.theme_changed.connect(lambda _k: self.apply_theme())
            display.text_size_changed.connect(lambda _p: self._enlarge_text())
        self.apply_theme()
        self._fit_screen()

    # --- showing ------------------------------------------------------------------------
    def _fit_screen(self) -> None:
        """Open on the whole of the screen's available area, maximised (the geometry is set to
        the area too, for a desktop with no window manager): the drawn bracket needs every
        column of pixels an event laptop's screen has."""
        screen = self.screen() or (self.ctx.window.screen() if self.ctx.window else None)
        if screen is None:
            self.resize(1280, 700)
            return
        self.setGeometry(screen.availableGeometry())
        self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def _enlarge_text(self) -> None:
        """The list and the status line in type a third larger than the window's; the drawing's
        type grows with the app's text size."""
        from PySide6.QtWidgets import QApplication

        display = self.ctx.display
        if display is not None:
            self.canvas.set_text_percent(display.text_size)
            self.drawing.refit()
        base = QFont(QApplication.font())
        size = base.pointSizeF() if base.pointSizeF() > 0 else 10.0
        big = QFont(base)
        big.setPointSizeF(max(13.0, size * 1.35))
        for w in (self.tree, self.status, self.divisions, self.division_label, self.chosen):
            w.setFont(big)
        bold = QFont(big)
        bold.setBold(True)
        self.chosen.setFont(bold)

    def apply_theme(self) -> None:
        theme = self.ctx.board.theme
        if theme is None:
            return
        self.drawing.apply_theme(theme)
        self.tree.setStyleSheet(
            f"QTreeWidget {{ background: {theme.background}; color: {theme.text}; "
            f"border: 2px solid {theme.text}; }} "
            f"QTreeWidget:focus {{ border: 4px solid {theme.focus}; }} "
            f"QTreeWidget::item:selected {{ background: {theme.text}; "
            f"color: {theme.background}; }}")

    def refresh(self) -> None:
        """Show the tournament as the menu knows it now (the divisions, the chosen one)."""
        snap = self.menu.snapshot
        divisions = list(snap.divisions) if snap is not None else []
        keys = [d.key for d in divisions]
        self.divisions.blockSignals(True)
        self.divisions.clear()
        for d in divisions:
            self.divisions.addItem(d.label, d.key)
        if self.division_key not in keys:
            self.division_key = keys[0] if keys else None
        if self.division_key is not None:
            self.divisions.setCurrentIndex(keys.index(self.division_key))
        self.divisions.blockSignals(False)
        self._show_current()
        name = snap.name if snap is not None else ""
        self.setWindowTitle(f"{TITLE}: {name}" if name else TITLE)

    def _show_current(self) -> None:
        view = self.current_view()
        if self.menu.tournament is None:
            empty = texts.no_tournament_text()
        elif view is None:
            empty = texts.no_division_text()
        else:
            empty = texts.not_drawn_text(view.division.label)
        self.tree.show_division(view, empty)
        self.canvas.set_view(view, empty)
        self._follow_cursor()

    def current_view(self):
        snap = self.menu.snapshot
        if snap is None or self.division_key is None:
            return None
        return snap.views.get(self.division_key)

    def show_division(self, key: str, announce: bool = True) -> None:
        if key is None:
            return
        self.division_key = key
        index = self.divisions.findData(key)
        if index >= 0 and index != self.divisions.currentIndex():
            self.divisions.blockSignals(True)
            self.divisions.setCurrentIndex(index)
            self.divisions.blockSignals(False)
        self._show_current()
        if announce:
            view = self.current_view()
            if view is None:
                self.say(texts.division_shown_text(key, index + 1, self.divisions.count()),
                         Priority.READING)
                return
            self.say(texts.division_shown_text(view.heading(), index + 1,
                                               self.divisions.count()), Priority.READING)

    def _division_chosen(self, index: int) -> None:
        key = self.divisions.itemData(index)
        if key is not None and key != self.division_key:
            self.show_division(key)

    def step_division(self, step: int) -> None:
        count = self.divisions.count()
        if count == 0:
            self.say(texts.no_division_text(), Priority.INTERRUPT)
            return
        index = (max(0, self.divisions.currentIndex()) + step) % count
        self.show_division(self.divisions.itemData(index))

    def _follow_cursor(self) -> None:
        item = self.tree.currentItem()
        self.chosen.setText(item.text(0) if item is not None else "")
        m = self.tree.current_match()
        pos = (m.round, m.index) if m is not None else None
        self.canvas.select(pos)
        if pos is not None:
            self.drawing.show_match(pos)

    def _clicked(self, pos) -> None:
        self.tree.select_key(("match", tuple(pos)))
        self.tree.setFocus(Qt.FocusReason.MouseFocusReason)

    def _text_size(self, command: str) -> None:
        """The app's text size one step larger or smaller (``command``: the View menu's
        ``text_larger`` or ``text_smaller``), from this window as from the main one."""
        display = self.ctx.display
        if display is not None:
            display.handlers[command]()

    def _zoomed(self, percent: int) -> None:
        self._follow_cursor()
        self.say(texts.zoom_text(percent), Priority.READING)

    # --- speaking -----------------------------------------------------------------------
    def say(self, text: str, priority: Priority = Priority.READING) -> None:
        self.status.setText(text)
        self.ctx.say(text, priority)

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange:
            sink = self.ctx.screen_reader
            if self.isActiveWindow():
                if self._restore_target is None:
                    self._restore_target = sink.target
                sink.target = self.status
            elif self._restore_target is not None:
                sink.target = self._restore_target
                self._restore_target = None

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._restore_target is not None:
            self.ctx.screen_reader.target = self._restore_target
            self._restore_target = None
        super().closeEvent(event)
        self.ctx.window.activateWindow()
        self.ctx.focus_board()

    # --- reading (single keys) ------------------------------------------------------------
    def _label(self) -> str:
        view = self.current_view()
        return view.division.label if view is not None else ""

    def read_next_matches(self) -> None:
        view = self.current_view()
        if view is None:
            self.say(texts.no_division_text())
            return
        lines = [m.line() for m in view.matches if m.status.playable]
        self.say(texts.next_matches_text(view.division.label, lines))

    def read_standings(self) -> None:
        view = self.current_view()
        if view is None:
            self.say(texts.no_division_text())
            return
        self.say(texts.standings_text(view.division.label, view.standings.lines()))

    def read_division(self) -> None:
        view = self.current_view()
        if view is None:
            self.say(texts.no_division_text())
            return
        self.say(view.heading())

    def path_of(self, competitor) -> str:
        view = self.current_view()
        lines = [m.line() for m in (view.matches if view is not None else ())
                 if m.status is not MatchStatus.EMPTY and any(c is not None and c.id == competitor.id
                                                for c in (m.a, m.b))]
        return texts.path_text(player_line(competitor), lines)

    def read_path(self) -> None:
        """The path of each competitor of the match at the cursor (P)."""
        m = self.tree.current_match()
        if m is None:
            self.say(texts.nothing_selected_text())
            return
        players = [x for x in (m.a, m.b) if x is not None]
        if not players:
            self.say(texts.no_competitor_here_text())
            return
        self.say(" ".join(self.path_of(c) for c in players))

    # --- acting on the chosen match ----------------------------------------------------------
    def _on_match(self, action) -> None:
        m = self.tree.current_match()
        if m is not None and m.number is None and m.kind == "bye":
            winner = m.winner or m.a or m.b
            self.say(texts.bye_line_text(winner.name if winner else None), Priority.INTERRUPT)
            return
        if m is None or m.number is None:
            self.say(texts.nothing_selected_text(), Priority.INTERRUPT)
            return
        action(m.number)

    def withdraw(self) -> None:
        """Withdraw a competitor of the match at the cursor (which one is asked)."""
        m = self.tree.current_match()
        players = [x for x in (m.a, m.b) if x is not None] if m is not None else []
        if not players:
            self.say(texts.nothing_selected_text(), Priority.INTERRUPT)
            return
        index = self.menu.ask.over(self).choose("Withdraw a competitor", "Which competitor?",
                                                [player_line(x) for x in players])
        if index is None:
            return
        self.menu.withdraw(players[index].id)
