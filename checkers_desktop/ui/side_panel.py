"""The panel beside the board: which drawn piece is which side, the legal moves to choose from,
the moves played to step through (review), and the board as text for a braille display.

:class:`SidePanel` is a ``QDockWidget`` (View > Side panel, Ctrl+Shift+P, shows or hides it; at
1366x768 it sits right of the board). At a text size above 100 % it starts hidden where it would
take the board's width (:func:`room_for_panel`, checked as the window is resized and when the text
size changes, until the player shows or hides it): on an event laptop at 200 % the board keeps the
whole height and the clocks and the status line their room; the keys below show the panel when
asked. Each part is a standard widget a screen reader knows:

* the legend (``QLabel``): "Black, you: yellow solid discs. Red, the computer: white rings.";
* the legal moves (``QListWidget``, F5): items "11 to 15"; Enter plays the selected move; while
  a penalty's checker is chosen, one item instead saying whose choice it is (nobody moves);
* the moves played (``QListWidget``, Ctrl+H): items "3. You: 11 to 15" (after a move the
  review found wanting, its note: "Review: this move lost a man; 22 to 18 was better."); moving the selection
  shows the position after that move on the board and in the board as text (review; the game
  is not changed); Enter reads that position; Escape or leaving the list ends the review;
* the board as text (read-only ``QPlainTextEdit``, Ctrl+Shift+B): eight lines such as
  ``. b . b . b . b`` with the cursor marked, its text cursor on the board cursor's cell so that a
  braille display shows it there.

Escape in any of them goes back to the board. What the lists hold and the texts come from
``session/moving.py``, ``session/reading.py`` and ``texts/reading.py``.
"""

from __future__ import annotations

import time
from typing import Optional

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QFont, QFontDatabase, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (QApplication, QDockWidget, QLabel, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QSizePolicy, QVBoxLayout, QWidget)

from ..rules import Board, move_number
from ..session import moving
from ..session import reading as session_reading
from ..speech.announcer import Priority
from ..texts import app as app_texts
from ..texts import game as game_texts
from ..texts import reading as reading_texts
from ..texts import themes as theme_texts
from .a11y import PACE_MIN_MS, pace_after
from .painting import SquareMarks
from .table_layout import MIN_COLUMN_WIDTH
from .context import AppContext

__all__ = ["SidePanel", "install_side_panel", "room_for_panel"]

MOVE_ROLE = Qt.ItemDataRole.UserRole

REFILL_WAIT_MAX_MS = 15000
"""The longest the legal-moves list waits to show the moves after the computer's move while it
has the focus (milliseconds): the reply waits up to :data:`~.a11y.HOLD_MAX_MS` behind the
player's own move, then is said (a jump with what it took and the jump the player must make:
4.4 to 8.8 s with eSpeak NG at its default rate; at 5 s three of five were cut, at 10 s one
of seven); a longer one is cut by the list's new item. Enter or an arrow key meanwhile brings
the new moves at once."""
"""The item data holding a legal move (``Move``) or a history item's number of moves (int)."""

PANEL_SLACK = 40
"""Logical pixels for the window's and the layout's margins and spacing around the three parts."""


def room_for_panel(area_width: int, area_height: int, text_percent: int, panel_width: int) -> bool:
    """Whether the panel is shown by default in a window of ``area_width`` x ``area_height``
    logical pixels at text size ``text_percent`` (100 is normal), the panel ``panel_width`` pixels
    wide.

    At the normal text size (or smaller) it is: beside the board and the side column it leaves the
    board the whole height of a 1366x768 or 1280x720 screen, and on a larger window it takes width
    the board does not need. At a larger text size (a player with low vision) the side column's
    clocks and status line need more width, and the panel is shown only where the window holds,
    side by side, the board at the whole height, the column at its least width scaled to the text
    size, and the panel; else the board keeps that width."""
    if text_percent <= 100:
        return True
    column = MIN_COLUMN_WIDTH * text_percent / 100
    return area_width >= area_height + column + panel_width + PANEL_SLACK


class _Keys(QObject):
    """Escape goes back to the board; Return/Enter calls ``on_enter`` when given."""

    def __init__(self, panel: "SidePanel", on_enter=None) -> None:
        super().__init__(panel)
        self.panel = panel
        self.on_enter = on_enter

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_Escape:
                self.panel.back_to_board()
                return True
            if self.on_enter is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.on_enter()
                return True
            if obj is self.panel.moves and event.key() in _LIST_KEYS and \
                    self.panel._refill_now():
                # the list still held the moves before the reply: the new ones come first and
                # the item under the cursor is read, instead of a move no longer legal
                return True
        if event.type() == QEvent.Type.FocusOut and obj is self.panel.history and \
                isinstance(event, QFocusEvent) and event.reason() not in _MENU_REASONS:
            self.panel.end_review()  # not for a menu: its command decides (actions.ENDS_REVIEW)
        return False


_LIST_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End,
              Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)
"""The keys that move through the legal-moves list."""

_MENU_REASONS = (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.MenuBarFocusReason)
"""Focus lost to a menu, not to another part of the window: a review goes on while the menu is
open, and after Escape; a game command chosen there ends it as its key does."""


def _labelled_list(layout: QVBoxLayout, label: str, name: str, description: str) -> QListWidget:
    """A list under its label (the label's access key focuses it), added to ``layout``."""
    parent = layout.parentWidget()
    title = QLabel(label, parent)
    widget = QListWidget(parent)
    widget.setObjectName(name)
    widget.setAccessibleName(label.replace("&", ""))
    widget.setAccessibleDescription(description)
    # a long item ("6. Computer: 27 jumps 18 jumps 11") wraps in the narrow panel instead of
    # being cut off behind a horizontal scroll bar
    widget.setWordWrap(True)
    widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    title.setBuddy(widget)
    layout.addWidget(title)
    layout.addWidget(widget, 2)
    return widget


class WholeLabel(QLabel):
    """A word-wrapped label that takes only the room left over (it never makes its layout ask
    for more) and is drawn only when its whole text fits there: half a sentence is never shown.
    Screen readers read its text either way."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)

    def fits(self) -> bool:
        """True when the whole text fits the label's present size."""
        return self.heightForWidth(self.width()) <= self.height()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.fits():
            super().paintEvent(event)


class SidePanel(QDockWidget):
    """See the module text. ``ctx``: the :class:`~.context.AppContext`. ``returned``: Escape went
    back to the board from a panel that a key showed (the window fits the panel again)."""

    returned = Signal()

    def __init__(self, ctx: AppContext) -> None:
        super().__init__("Game", ctx.window)
        self.ctx = ctx
        self.setObjectName("side-panel")
        # a screen reader says the role after the name: "Game panel"
        self.setAccessibleName("Game")
        self._refill_later = False
        self._playing = False  # a move from the list is being played (see refresh_moves)
        self._refill_timer = QTimer(self)
        self._refill_timer.setSingleShot(True)
        self._refill_timer.timeout.connect(self._refill_when_said)
        self._refill_since = 0.0  # when the list's new moves began to wait (monotonic seconds)
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)

        self.legend = QLabel(body)
        self.legend.setObjectName("legend")
        self.legend.setAccessibleName("Pieces")
        self.legend.setWordWrap(True)
        self.legend.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                            | Qt.TextInteractionFlag.TextSelectableByMouse)
        self.legend.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout.addWidget(self.legend)
        self.legend_beside_board = WholeLabel()
        """The same legend for the window's side column (under the status line), shown while the
        panel is hidden, so that the window always says which drawn piece is which side."""
        self.legend_beside_board.setObjectName("legend-beside-board")
        self.legend_beside_board.setAccessibleName("Pieces")
        self.legend_beside_board.hide()

        self.moves = _labelled_list(layout, "&Legal moves", "legal-moves", (
            "Arrow to a move, Enter plays it, Escape goes back to the board."))
        self.history = _labelled_list(layout, "Moves pla&yed", "history", (
            "Arrow through the moves: the board shows the position after each one. Enter reads "
            "it, Escape goes back to the game."))

        self.text_label = QLabel("&Board as text", body)
        self.text = QPlainTextEdit(body)
        self.text.setObjectName("board-text")
        self.text.setAccessibleName("Board as text")
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                          | Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setTabChangesFocus(True)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.text.setFont(mono)
        self.text_label.setBuddy(self.text)
        layout.addWidget(self.text_label)
        layout.addWidget(self.text, 2)
        self.setWidget(body)
        # beside the board, not instead of it: about 24 characters wide
        self.setMaximumWidth(self.natural_width())

        self.moves.installEventFilter(_Keys(self, self.play_selected))
        self.history.installEventFilter(_Keys(self, self.read_reviewed))
        self.text.installEventFilter(_Keys(self))
        self.legend.installEventFilter(_Keys(self))
        self.moves.itemDoubleClicked.connect(lambda _item: self.play_selected())
        self.history.currentRowChanged.connect(self._review_row)
        self.reviewing: Optional[int] = None
        self.auto = True
        """Shown or hidden by the room there is (:meth:`fit`) until the player chooses."""
        self.for_keys = False
        """Shown, where there is no room for it, by a key that went to one of its parts."""

        ctx.game.position_changed.connect(self.refresh)
        ctx.board.cursor_changed.connect(lambda _sq: self.refresh_text())
        ctx.board.theme_changed.connect(self._theme_changed)
        ctx.board.flipped_changed.connect(lambda _flipped: self.refresh_text())
        self.refresh()

    # --- filling ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Refill every part from the game (after every change of the position)."""
        self.refresh_legend()
        self.refresh_moves()
        self.refresh_history()
        self.refresh_text()

    def _theme_changed(self) -> None:
        s = self.ctx.session
        self._show_legend(theme_texts.legend_text(self.ctx.board.theme, s.side_names, you=s.you))

    def refresh_legend(self) -> None:
        s = self.ctx.session
        self.ctx.board.set_side_names(s.side_names)
        self._show_legend(theme_texts.legend_text(self.ctx.board.theme, s.side_names, you=s.you))

    def _show_legend(self, text: str) -> None:
        """The legend in the panel and under the status line, its text also their description."""
        for label in (self.legend, self.legend_beside_board):
            label.setText(text)
            label.setAccessibleDescription(text)

    def refresh_moves(self) -> None:
        """The legal moves of the player to move; "Please wait" on the computer's turn, except
        while the list has the focus (a move was just played from it): the computer's reply
        refills it then, so that a screen reader hears one new item per move, not two. A move
        played from the list with another player of the board to move (two players at one
        keyboard) is said first: the list's new moves (a focus change) come once it has about
        been said (:func:`~.a11y.pace_after`, or what the screen reader still has to say at a default
        rate, :meth:`~.a11y.ScreenReaderSink.quiet_in_ms`), not in the same moment, which cut it
        off."""
        s = self.ctx.session
        if s.running and s.is_computer_turn() and self.moves.hasFocus():
            self._refill_later = True
            return
        if self._playing and self.moves.hasFocus() and s.running and s.is_human_turn():
            # a move played from the list, the other player of the board to move: the move is
            # announced first, the list's new item (a focus change) once it has about been said
            self._refill_later = False
            self._refill_since = time.monotonic()
            self._refill_timer.start(PACE_MIN_MS)
            QTimer.singleShot(0, self, self._refill_after_said)
            return
        if self._refill_later and self.moves.hasFocus():
            # the reply has just been announced: the list's new item (a focus change) waits
            # until it has about been said, else a screen reader cuts the reply off
            self._refill_later = False
            last = self.ctx.announcer.last_text or ""
            # the reply may wait behind the player's own move before it is posted
            self._refill_since = time.monotonic()
            self._refill_timer.start(self._refill_wait(last))
            return
        self._refill_later = False
        self._refill_timer.stop()
        self._refill_moves()

    def _refill_after_said(self) -> None:
        """The list's new moves wait until the move just announced has about been said."""
        if self._refill_timer.isActive():
            self._refill_timer.start(self._refill_wait(self.ctx.announcer.last_text or ""))

    def _refill_when_said(self) -> None:
        """The wait is over: the list's new moves, unless the screen reader still has to say
        what was given meanwhile (the reply, posted after this wait began): then they wait for
        it too, :data:`REFILL_WAIT_MAX_MS` after the wait began at most."""
        left = REFILL_WAIT_MAX_MS - int((time.monotonic() - self._refill_since) * 1000)
        quiet = self.ctx.screen_reader.quiet_in_ms()
        if quiet > 20 and left > 20:
            self._refill_timer.start(min(quiet, left))
            return
        self._refill_moves()

    def _refill_wait(self, last: str) -> int:
        """How long (milliseconds) the list's new moves wait: until ``last`` (the text announced
        last) has about been said, or what the screen reader still has to say at a default rate
        (the reply may wait behind the player's own move before it is posted), at most
        :data:`REFILL_WAIT_MAX_MS`."""
        return min(REFILL_WAIT_MAX_MS, max(pace_after(last), self.ctx.screen_reader.quiet_in_ms()))

    def _refill_moves(self) -> None:
        s = self.ctx.session
        penalty = s.removal.headline()  # a penalty's checker is chosen: nobody moves until then
        moves = moving.moves_for_list(s.legal_moves()) if s.is_human_turn() and not penalty \
            else []
        keep = self.moves.currentRow()
        # no current item while the items go: a screen reader was told of a focus on an item
        # already gone, just before the new one
        self.moves.setCurrentRow(-1)
        self.moves.clear()
        for move in moves:
            item = QListWidgetItem(reading_texts.move_item_text(move, s.style))
            item.setData(MOVE_ROLE, move)
            self.moves.addItem(item)
        if not moves:
            waiting = penalty or (game_texts.wait_text() if s.running else (
                s.result_text or game_texts.no_game_text()))
            item = QListWidgetItem(waiting)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.moves.addItem(item)
        self.moves.setCurrentRow(min(max(keep, 0), self.moves.count() - 1))

    def refresh_history(self) -> None:
        s = self.ctx.session
        board = s.board
        self.history.blockSignals(True)
        self.history.clear()
        first = board.root().turn
        notes = {k: list(v) for k, v in s.history_notes().items()}  # penalty removals
        practice = self.ctx.practice
        if practice is not None:  # the review's findings, under the moves they are about
            for number, texts_ in practice.review_notes().items():
                notes.setdefault(number, []).extend(texts_)

        def add_notes(number: int) -> None:
            for note in notes.get(number, ()):
                item = QListWidgetItem(note)
                item.setData(MOVE_ROLE, number)
                self.history.addItem(item)

        start = QListWidgetItem(reading_texts.history_start_item_text())
        start.setData(MOVE_ROLE, 0)  # Home reviews the position the game started from
        self.history.addItem(start)
        add_notes(0)
        for number, move in enumerate(board.move_stack, start=1):
            color = first if number % 2 else first.other  # the turn passes at every move
            mover = game_texts.mover_words(color, s.side_names, s.you, s.player_names,
                                           s.opponent_name)
            item = QListWidgetItem(reading_texts.history_item_text(
                move_number(first, number - 1), mover, move, s.style))
            item.setData(MOVE_ROLE, number)
            self.history.addItem(item)
            add_notes(number)
        if self.history.count():
            self.history.setCurrentRow(self.history.count() - 1)
        self.history.blockSignals(False)
        self.end_review()  # the game moved on during a review: the board shows it again

    def refresh_text(self, board: Optional[Board] = None) -> None:
        """The board as text: the game's position (or ``board``, a reviewed one), the cursor
        marked, and the text cursor put on the board cursor's cell."""
        s = self.ctx.session
        b = self.ctx.board
        cursor = b.cursor if board is None else None
        lines = session_reading.board_text_lines(s, cursor, b.flipped, board)
        text = "\n".join(lines)
        if self.text.toPlainText() != text:
            self.text.setPlainText(text)
        self.text.setAccessibleDescription(reading_texts.board_text_legend(s.side_names))
        if cursor is not None:
            for row, line in enumerate(lines):
                col = line.find(">")
                if col >= 0:
                    caret = QTextCursor(self.text.document().findBlockByNumber(row))
                    caret.movePosition(QTextCursor.MoveOperation.Right,
                                       QTextCursor.MoveMode.MoveAnchor, col + 1)
                    self.text.setTextCursor(caret)
                    break

    # --- acting -----------------------------------------------------------------------------
    def play_selected(self) -> None:
        """Enter in the legal-move list: play the selected move. While the list still holds
        the moves before the computer's reply (its new moves wait until the reply is said),
        Enter brings the new moves first and plays nothing: the item then under the cursor is
        read, and a second Enter plays it."""
        if self._refill_now():
            return
        item = self.moves.currentItem()
        move = item.data(MOVE_ROLE) if item is not None else None
        if move is None:
            self.ctx.session.refuse(self.moves.currentItem().text() if item else
                                    game_texts.no_game_text())
            return
        self._playing = True
        try:
            self.ctx.session.submit_text(move.pdn())
        finally:
            self._playing = False

    def _reviewed_board(self, number: int) -> Board:
        board = self.ctx.session.board.copy()
        while len(board.move_stack) > number:  # taken back the way it was played (removed
            board.pop()                         # checkers and all)
        return board

    def _review_row(self, row: int) -> None:
        """The history's selection moved: show the position after that move (review)."""
        if row < 0 or not self.history.hasFocus():
            return
        number = self.history.item(row).data(MOVE_ROLE)
        total = len(self.ctx.session.board.move_stack)
        if number == total:
            self.end_review()
            return
        if self.reviewing is None:  # the list's item is read; that the board changed is not
            self.ctx.say(reading_texts.review_started_text(), Priority.QUEUE)
            self._hide_legal_moves()
        self.reviewing = number
        board = self._reviewed_board(number)
        self.show_board(board)
        s = self.ctx.session
        self.ctx.status.set_review_note(reading_texts.review_note_text(
            number, len(s.board.move_stack), board, self._mover(board, number), s.side_names,
            s.style))

    def _hide_legal_moves(self) -> None:
        """While a past position is shown, the legal moves list says so instead of listing the
        game's moves (which belong to another position; a theme's colours do not grey a
        disabled list), and is disabled: Enter there plays nothing."""
        self.moves.clear()
        item = QListWidgetItem(reading_texts.review_moves_item_text())
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.moves.addItem(item)
        self.moves.setEnabled(False)

    def _mover(self, board: Board, number: int) -> Optional[str]:
        """Who played move ``number`` (plies) of ``board``'s game, as the game names them."""
        if not number:
            return None
        s = self.ctx.session
        first = board.root().turn
        color = first if number % 2 else first.other
        return game_texts.mover_words(color, s.side_names, s.you, s.player_names,
                                      s.opponent_name)

    def show_board(self, board: Board) -> None:
        """Show ``board`` (a reviewed position) on the board widget and in the board as text."""
        names = self.ctx.session.side_names
        played = board.peek()
        last = set(played.path) if played is not None else set()
        self.ctx.board.reviewed_position = board  # the reading keys read what is shown
        self.ctx.board.show_position(
            board.piece_at, lambda sq: SquareMarks(last_move=sq in last),
            lambda sq: game_texts.square_name(board, sq, names),
            lambda sq: game_texts.square_description(False, False, False, sq in last))
        self.refresh_text(board)

    def read_reviewed(self) -> None:
        """Enter in the history: say the position after the selected move."""
        item = self.history.currentItem()
        if item is None:
            s = self.ctx.session
            self.ctx.say(game_texts.last_move_text(s.board, s.side_names, s.style, s.you,
                                                   s.player_names, s.opponent_name),
                         Priority.READING)
            return
        number = item.data(MOVE_ROLE)
        board = self._reviewed_board(number)
        s = self.ctx.session
        mover = self._mover(board, number)
        text = reading_texts.review_text(number, len(s.board.move_stack), board, s.side_names,
                                         mover, s.style)
        self.ctx.say(text, Priority.READING)

    def end_review(self, announce: bool = True) -> None:
        """Show the game's own position again, on the board, the status line, the board as
        text and the legal moves list, and say so (unless ``announce`` is False: the caller
        says it); Ctrl+H then opens on the game's last move. Nothing when no review is on."""
        if self.reviewing is None:
            return
        self.reviewing = None
        self.ctx.board.reviewed_position = None
        self.ctx.status.set_review_note(None)
        self.moves.setEnabled(True)
        self.refresh_moves()
        last = self.history.count() - 1  # Ctrl+H opens on the game again, not the old move
        if last >= 0 and self.history.currentRow() != last:
            self.history.blockSignals(True)
            self.history.setCurrentRow(last)
            self.history.blockSignals(False)
        self.ctx.refresh_board()
        self.refresh_text()
        if announce:
            self.ctx.say(reading_texts.review_ended_text(), Priority.QUEUE)

    def natural_width(self) -> int:
        """The panel's width beside the board: about 24 characters of its font, pixels."""
        return max(240, 24 * self.fontMetrics().averageCharWidth())

    def fit(self, area_width: int, area_height: int, text_percent: int) -> None:
        """Unless the player chose (View > Side panel), show the panel where
        :func:`room_for_panel` finds room for it in a window of ``area_width`` x ``area_height``
        logical pixels at text size ``text_percent``, else hide it; a panel a key went to stays
        while it holds the focus."""
        self.setMaximumWidth(self.natural_width())
        if not self.auto:
            return
        focused = QApplication.focusWidget()
        if self.for_keys and focused is not None and self.isAncestorOf(focused):
            return
        self.for_keys = False
        shown = room_for_panel(area_width, area_height, text_percent, self.natural_width())
        if shown == self.isHidden():
            self.set_shown(shown)

    def choose(self, shown: bool) -> None:
        """The player showed or hid the panel (View > Side panel): that holds until the text size
        changes. Said, since nothing else tells a screen-reader user the key did anything."""
        self.auto = False
        self.for_keys = False
        self.set_shown(shown)
        self.ctx.say(app_texts.side_panel_text(shown), Priority.INTERRUPT)

    def set_shown(self, shown: bool) -> None:
        """Show or hide the panel, View > Side panel checked to match (also before the window is
        first shown, when no visibility change is signalled)."""
        self.setVisible(shown)
        self.legend_beside_board.setVisible(not shown)
        action = self.ctx.actions.get("side_panel")
        if action is not None:
            action.blockSignals(True)
            action.setChecked(shown)
            action.blockSignals(False)

    # --- focus ------------------------------------------------------------------------------
    def _show_and_focus(self, widget: QWidget) -> None:
        """Go to ``widget``, showing the panel for as long as it is used when it was hidden for
        want of room (Escape, back on the board, hides it again: at 200 % text the board needs
        the width)."""
        if self.isHidden():
            self.for_keys = self.auto
            self.set_shown(True)
        widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if isinstance(widget, QListWidget) and widget.count():
            # the list's current item again, now that the list has the focus: screen readers
            # are told the item (else the first Down, to the second item, was the first heard)
            row = max(widget.currentRow(), 0)
            widget.setCurrentRow(-1)
            widget.setCurrentRow(row)

    def focus_moves(self) -> None:
        self._refill_now()
        self._show_and_focus(self.moves)

    def _refill_now(self) -> bool:
        """The list's new moves, now, if they were waiting for the reply to be said; True when
        they were."""
        if not self._refill_timer.isActive():
            return False
        self._refill_timer.stop()
        self._refill_moves()
        return True

    def focus_history(self) -> None:
        self._show_and_focus(self.history)

    def focus_text(self) -> None:
        self._show_and_focus(self.text)

    def back_to_board(self) -> None:
        self.end_review()
        self.ctx.focus_board()
        if self.for_keys:
            self.returned.emit()


def install_side_panel(ctx: AppContext) -> SidePanel:
    """Make the side panel, dock it right of the board, and tie View > Side panel to it."""
    panel = SidePanel(ctx)
    ctx.end_review = panel.end_review
    ctx.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    action = ctx.actions.get("side_panel")
    if action is not None:
        action.setChecked(True)
        def follow_panel(_visible: bool) -> None:
            action.blockSignals(True)
            action.setChecked(panel.isVisible())
            action.blockSignals(False)

        panel.visibilityChanged.connect(follow_panel)
    return panel
