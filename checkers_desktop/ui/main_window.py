"""The main window: the board, the move box, the status line, the menus.

It makes the game (:class:`~checkers_desktop.session.game.GameSession`, with its Qt signals
:class:`~.game_signals.GameSignals`), the speech ``Announcer`` (whose sinks are the screen reader,
:class:`~.a11y.ScreenReaderSink`, and the app's own voice, ``TtsSink``; tests pass a
``FakeSynth``), the :class:`~.context.AppContext` every feature is given, and the features
themselves: the View menu (:mod:`.display`), the Read and Speech menus (:mod:`.speech_menu`),
autosave, Open game and the problem report (:mod:`.autosave`), practice (:mod:`.practice`), voice
commands (:mod:`.voice_input`) and the Event menu (:mod:`.event`). Everything the game says goes
to both outputs; the name of the square under the cursor goes only to the app's voice, since a
screen reader reads the focused square itself.

Every question goes through one :class:`~.interaction.Interaction` (``ctx.ask``); every command
that would leave a game or match in progress asks first (:class:`~.leave_guard.LeaveGuard`,
``ctx.leaving``). The layout (:class:`~.table_layout.TableLayout`) keeps the board square and as
large as the screen allows, the side column (clocks, move box, status line) beside it on a wide
screen; the window opens to fit the screen's available area (maximised on an event laptop).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from PySide6.QtCore import QEvent, QKeyCombination, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QColor, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (QApplication, QFrame, QHBoxLayout, QLabel, QLineEdit,
                               QMainWindow, QMenu, QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from ..rules import BLACK
from ..rules.profiles import DEFAULT_PROFILE_KEY, UnknownProfileError, get_profile
from ..session.game import GameSession, Mode
from ..session.leaving import Leaving
from ..speech.announcer import Announcer, Priority
from ..texts import app as app_texts
from ..texts import game as game_texts
from ..texts import leaving as leaving_texts
from ..texts import move_box as move_box_texts
from ..texts import reading as reading_texts
from ..texts.voice import listening_text
from . import dialog_fit, menu_bar_focus, menu_fit
from . import handover
from .a11y import ScreenReaderSink, tell_parent_item_after_submenu
from .actions import ACTIONS, ENDS_REVIEW, create_actions
from .autosave import install_keeping
from .board_widget import BoardWidget
from .context import AppContext, Sounds
from .display import DisplayController, base_font, points_of
from .engine_worker import ChooseFn, EngineWorker
from .event import install_event_menu
from .app_hooks import install_on_linux
from .field_speech import EmptyFieldFocus
from .game_signals import GameSignals
from .help_dialog import HelpDialog
from .interaction import Interaction
from .leave_guard import LeaveGuard
from .paths import data_folder as default_data_folder
from .play_aids import PlayAids, install_play_aids
from .picker_speech import PickerSpeech
from .practice import PracticeControls
from .problems_menu import install_problems
from .qt_ports import QtScheduler
from .settings import Settings
from .speech_menu import SpeechControls
from .square_widget import SquareMarks
from .menu_boxes import install_menu_boxes
from .menu_current import install_open_on_current
from .shown_notes import install_shown_notes
from .status_line import StatusLine
from .table_layout import TableLayout
from .tournament import install_tournament_menu
from .voice_input import VoiceInput

if TYPE_CHECKING:
    from .event.menu import EventMenu

ROOMY_SCREEN = QSize(1600, 1000)
"""On a screen smaller than this (an event laptop: 1366x768, 1280x720) the window opens
maximised; on a larger one at :data:`ROOMY_WINDOW`."""
ROOMY_WINDOW = QSize(1280, 900)


def _make_tts(on_error: Callable[[str], None]):
    """The app's own voice, or None with a reason when pyttsx3/the speech helper is missing."""
    try:
        from ..speech.tts import TtsSink
    except ImportError as exc:  # pragma: no cover - the speech package ships with the app
        return None, f"Speech is off: {exc}"
    sink = TtsSink(on_error=on_error)
    return sink, None


class _MoveBoxKeys(QObject):
    """Escape in the move box goes back to the board."""

    def __init__(self, window: "MainWindow") -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_Escape:
                self.window.board.focus_cursor()
                return True
        return False


def unassigned_key_name(event: QKeyEvent) -> Optional[str]:
    """The name of the key pressed ("Q", "Shift+Q", "Ctrl+Q", "F9") when it is one a player
    presses for a command (a letter, a digit, a sign, a function key; alone, with Shift or
    with Ctrl), else None (a modifier alone, Tab, the arrows, Alt's menu keys, Escape)."""
    key = event.key()
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    allowed = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier,
               Qt.KeyboardModifier.ControlModifier,
               Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    if mods not in allowed:
        return None
    function = Qt.Key.Key_F1 <= key <= Qt.Key.Key_F35
    printable = Qt.Key.Key_Space < key < 0x7f
    if not (function or printable):
        return None
    return QKeySequence(QKeyCombination(mods, Qt.Key(key))).toString(
        QKeySequence.SequenceFormat.NativeText)


def _status_area(label: QLabel, parent: QWidget) -> QScrollArea:
    """The status line in the room the side column has left beside the board: its text keeps
    its size and wraps, and what does not fit scrolls (the arrow keys and Page Up/Down scroll
    it while the line has the focus; the screen reader reads it whole, its accessible name),
    so a long message at a large text size never takes the board's room nor loses its last
    line."""
    area = _StatusArea(parent)
    area.setObjectName("status-area")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the label inside takes Tab
    area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
    area.setWidget(label)
    return area


class _StatusArea(QScrollArea):
    """At least :data:`STATUS_LINES` lines of the status line's text high, at its size now."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        label = self.widget()
        lines = label.fontMetrics().lineSpacing() * STATUS_LINES if label is not None else 0
        return QSize(0, lines + 8)


STATUS_LINES = 3
"""The least number of lines of the status line shown beside the board (the rest scrolls)."""


def _last_in_focus_chain(widget: QWidget) -> QWidget:
    """``widget`` or the last of its descendants that follow it in the focus chain."""
    last, following = widget, widget.nextInFocusChain()
    while following is not None and following is not widget and widget.isAncestorOf(following):
        last, following = following, following.nextInFocusChain()
    return last


class MainWindow(QMainWindow):
    """The game window.

    Everything it talks to can be injected for tests: ``settings`` (a :class:`Settings`; default from
    ``$CHECKERS_DESKTOP_SETTINGS`` or the native store), ``speech_sink`` (the app's voice; default a
    ``TtsSink``; pass ``False`` for none), ``screen_reader_post`` (what posts accessibility events),
    ``engine_choose`` (the computer's move function), ``reply_seconds`` (shortest reply time; None =
    the level's), ``confirm`` (asks a yes/no question,
    ``confirm(question)``; default a ``QMessageBox``; the window's :attr:`confirm`, which wraps
    it, also takes the question's window title), ``sound_player``
    (an object with ``play(name)``), ``welcome_delay_ms`` (the welcome is said this long after the
    window first shows, so that a screen reader has found the window; ``auto_welcome`` False:
    not by itself, the caller says it with :meth:`welcome`), ``data_folder`` (where the autosave,
    the log and the match records go; default :func:`.paths.data_folder`),
    ``paced_screen_reader`` (announcements to the screen reader queued so that none is cut:
    :class:`~.a11y.ScreenReaderSink`; False posts each at once).
    """

    tts_error = Signal(str)

    def __init__(self, settings: Settings | None = None, speech_sink=None,
                 screen_reader_post=None, engine_choose: ChooseFn | None = None,
                 reply_seconds: float | None = None,
                 confirm: Callable[[str], bool] | None = None, sound_player=None,
                 welcome_delay_ms: int = 300, data_folder: Optional[Path] = None,
                 auto_welcome: bool = True, paced_screen_reader: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.play_aids: Optional[PlayAids] = None  # the side panel and the other aids, made below
        self.event_menu: Optional[EventMenu] = None  # the Event menu, made below
        self.settings = settings or Settings()
        self.setWindowTitle(app_texts.window_title_text())
        self.setObjectName("main-window")
        app = QApplication.instance()
        assert isinstance(app, QApplication)  # a window needs widgets
        dialog_fit.install(app)  # every dialog's title shown whole
        install_on_linux(app, PickerSpeech)  # a picker's new value said by Orca (Linux)
        install_on_linux(app, EmptyFieldFocus)  # an empty field reached with Tab named by Orca (Linux)
        self.sound_player = sound_player if sound_player is not None else _default_sound_player(self)

        profile_key = self.settings.profile_key
        try:
            self.profile = get_profile(profile_key)
        except UnknownProfileError:
            self.profile = get_profile(DEFAULT_PROFILE_KEY)

        # --- widgets ----------------------------------------------------------------------
        central = QWidget(self)
        self.board = BoardWidget(central)
        self.move_label = QLabel("Move:", central)  # no access key: Ctrl+M is the declared one
        self.move_box = QLineEdit(central)
        self.move_box.setObjectName("move-box")
        self.move_box.setAccessibleName("Move")
        self.move_box.setAccessibleDescription("Type a move such as 11-15 or 22x15, then Enter.")
        self.move_label.setBuddy(self.move_box)
        # The status line is a plain label (no text interaction: a selectable label sends AT-SPI
        # text events it has no text interface for); its accessible name follows its text
        # ("Status: ..."), so Tab reads the whole line (StatusLine sets it).
        self.status = QLabel(central)
        self.status.setObjectName("status")
        self.status.setAccessibleName("Status")
        self.status.setAccessibleDescription("Status line")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        font = self.status.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.4)
        self.status.setFont(font)
        self.move_box.setFont(font)
        self.move_label.setFont(font)
        row = QHBoxLayout()
        row.addWidget(self.move_label)
        row.addWidget(self.move_box, 1)
        self.side = QWidget(central)
        self.side.setObjectName("side-column")
        self.side_layout = QVBoxLayout(self.side)
        """The side column: the match's clock panel (put first by the Event menu), the move row,
        the status line."""
        self.side_layout.setContentsMargins(0, 0, 0, 0)
        self.side_layout.addLayout(row)
        self.status_area = _status_area(self.status, self.side)
        self.side_layout.addWidget(self.status_area, 1)
        self.side_layout.addStretch(0)
        self.table = TableLayout(self.board, self.side, central)
        self.setCentralWidget(central)
        self.move_box.installEventFilter(_MoveBoxKeys(self))

        # --- speech -----------------------------------------------------------------------
        self.screen_reader = ScreenReaderSink(self.status, post=screen_reader_post,
                                              paced=paced_screen_reader)
        # what is announced waits for the focus to settle (a dialog closed, a cell focused)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.board.table.focus_told = self.screen_reader.focus_moved
        # the focus is about to move: a question kept up for the next one, or a dialog closed
        # and the window not active again yet (the window manager activates it a moment later)
        self.screen_reader.hold = lambda: handover.pending() or QApplication.activeWindow() is None
        speech_error: Optional[str] = None
        self._owns_tts = False
        if speech_sink is None:
            self.tts_error.connect(self._on_tts_error)
            speech_sink, speech_error = _make_tts(self.tts_error.emit)
            self._owns_tts = speech_sink is not None
        elif speech_sink is False:
            speech_sink, speech_error = None, app_texts.no_speech_engine_text(None)
        self.speech_sink = speech_sink
        if speech_sink is not None and getattr(speech_sink, "available", True) is False:
            speech_error = getattr(speech_sink, "error_message", None) or \
                app_texts.no_speech_engine_text(None)
        self.announcer = Announcer([self.screen_reader])
        self.echo = Announcer()  # cursor echo: the app's voice only
        if speech_sink is not None:
            on = self.settings.speech_enabled
            self.announcer.add_sink(speech_sink, on)
            self.echo.add_sink(speech_sink, on)
        self.ask = Interaction(self, lambda text: self.announcer.announce(text, Priority.INTERRUPT),
                               lambda text: self.echo.announce(text, Priority.READING),
                               confirm=confirm)
        self.confirm = self.ask.confirm

        # --- game -------------------------------------------------------------------------
        self.scheduler = QtScheduler(self)
        self.worker = EngineWorker(engine_choose, min_seconds=reply_seconds, parent=self)
        self.session = GameSession(self.announcer, self.worker, self.scheduler,
                                   level=self.settings.engine_level, profile=self.profile)
        self.game_signals = GameSignals(self.session, self)
        self.status_line = StatusLine(self.status, self.session.status_text, "Status")
        self.status_line.speech_error = speech_error

        # --- what every feature is given: made before anything can use it -------------------
        self.actions_by_id = create_actions(self)
        self.ctx = AppContext(
            window=self, settings=self.settings, session=self.session, game=self.game_signals,
            scheduler=self.scheduler, announcer=self.announcer, echo=self.echo,
            screen_reader=self.screen_reader, speech_sink=speech_sink, status=self.status_line,
            board=self.board, sounds=Sounds(self.sound_player), confirm=self.confirm,
            refresh_board=self.refresh_board,
            data_folder=Path(data_folder) if data_folder is not None else default_data_folder(),
            actions=self.actions_by_id, ask=self.ask, side_column=self.side_layout,
            welcome_delay_ms=welcome_delay_ms)
        self.leaving = LeaveGuard(self.ctx)
        self.ctx.leaving = self.leaving
        self.table.on_column_width = self._column_width  # the clocks fit the side column

        self.game_signals.position_changed.connect(self.refresh_board)
        self.game_signals.status_changed.connect(self.status_line.show)
        self.game_signals.sound.connect(self.play_sound)
        # a refused move left in the box belongs to the game before: a new one starts empty
        self.game_signals.game_started.connect(self.move_box.clear)
        self.board.activated.connect(self.session.activate)
        self.board.escape_pressed.connect(self.session.cancel_selection)
        self.board.cursor_moved.connect(self._echo_square)
        self.board.edge.connect(self._on_edge)
        self.board.bad_square.connect(self._on_bad_square)
        self.board.move_typed.connect(self._continue_in_move_box)
        self.board.typing_changed.connect(self._show_typing)
        self.board.typing_left.connect(lambda: self._echo_square(self.board.cursor))
        self.game_signals.game_started.connect(self.board.stop_typing)
        self.board.digits_typed.connect(self._echo_digits)
        self.move_box.returnPressed.connect(self.submit_move_box)

        # --- menus ------------------------------------------------------------------------
        handlers: dict[str, Callable[..., object]] = {
            "new_vs_computer": lambda: self.new_game(Mode.COMPUTER),
            "new_two_players": lambda: self.new_game(Mode.TWO_PLAYERS),
            "resign": self.resign,
            "offer_draw": self._offer_draw,
            "move_box": self.focus_move_box,
            "go_to_board": self.board.focus_cursor,
            "quit": self.quit,
            "repeat_last": self.announcer.repeat_last,
            "say_status": self.say_status,
            "toggle_speech": self.set_speech_enabled,
            "keyboard_help": self.show_keyboard_help,
            "open_menus": self.open_menus,
        }
        self.display = DisplayController(self.ctx)
        self.ctx.display = self.display
        self.display.theme_changed.connect(lambda _key: self._apply_theme())
        handlers.update(self.display.handlers)
        self.speech_controls = SpeechControls(self.ctx)
        self.ctx.reading = self.speech_controls
        handlers.update(self.speech_controls.handlers)
        self.keeping = install_keeping(self.ctx)  # inert until self.autosave.start()
        self.autosave = self.keeping.autosave
        self.open_game_action = self.keeping.open_game
        self.problem_report_action = self.keeping.problem_report
        handlers.update(self.keeping.handlers)
        self.practice = PracticeControls(self.ctx)
        self.ctx.practice = self.practice
        handlers.update(self.practice.handlers)
        self.problem_controls = install_problems(self.ctx, handlers)
        self.voice_input = VoiceInput(self.ctx)
        handlers.update(self.voice_input.handlers)
        self.voice_input.listening_changed.connect(
            lambda on: self.status_line.set_note("listening", listening_text() if on else None))
        self.play_aids = install_play_aids(self.ctx)  # side panel, movable pieces, save, lesson
        handlers.update(self.play_aids.handlers)
        # A command that starts another game asks first when it would leave one in progress
        # (in a match: the official, with the PIN); quitting asks in quit().
        for action_id, command in (("new_vs_computer", Leaving.NEW_GAME),
                                   ("new_vs_computer_red", Leaving.NEW_GAME),
                                   ("new_two_players", Leaving.NEW_GAME),
                                   ("open_game", Leaving.OPEN_GAME),
                                   ("tutorial", Leaving.LESSON)):
            if action_id in handlers:
                handlers[action_id] = self.leaving.guarded(command, handlers[action_id])
        menus = {}
        for spec in ACTIONS:
            action = self.actions_by_id[spec.id]
            handler = handlers[spec.id]
            if spec.id in ENDS_REVIEW:
                handler = self._after_review(handler)
            if spec.checkable:
                action.toggled.connect(handler)
            else:
                action.triggered.connect(lambda checked=False, h=handler: h())
            if spec.menu not in menus:
                menus[spec.menu] = self.menuBar().addMenu(f"&{spec.menu}")
            menus[spec.menu].addAction(action)
        if "View" in menus:
            self.display.build_view_menu(menus["View"], self.actions_by_id)
        if "Speech" in menus:
            self.speech_controls.build_menu(menus["Speech"])
        self.practice.build_menu(menus, self.actions_by_id)
        self.voice_input.sync_actions()
        self.speech_controls.apply_all()
        self.status.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches the status line
        speech_action = self.actions_by_id["toggle_speech"]
        speech_action.blockSignals(True)
        speech_action.setChecked(speech_sink is not None and self.settings.speech_enabled)
        speech_action.setEnabled(speech_sink is not None and speech_error is None)
        speech_action.blockSignals(False)
        self.event_menu = install_event_menu(self.ctx)
        self.ctx.matches = self.event_menu
        install_shown_notes(self.ctx, self.practice.hint_ready,  # hint, lesson, score, last game
                            self.practice.review_shown)
        self.practice.review_shown.connect(lambda _text: self.play_aids.panel.refresh_history())
        self.tournament_menu = install_tournament_menu(self.ctx)  # Tournament and Settings menus
        self.ctx.tournament = self.tournament_menu
        bar_menus = [m for m in (a.menu() for a in self.menuBar().actions())
                     if isinstance(m, QMenu)]
        tell_parent_item_after_submenu(bar_menus)  # the first Escape from a submenu is heard
        self._menu_boxes = install_menu_boxes(bar_menus)  # an unticked box seen in every theme
        install_open_on_current(  # Text size, Verbosity ... open on the choice in force
            bar_menus,
            skip=[self.practice.level_menu] if self.practice.level_menu is not None else [])
        menu_bar_focus.install(self.menuBar(), self.board.focus_cursor, self.board.table)
        menu_fit.install(self.menuBar(), points_of(base_font()))  # every title at 300 % text
        self.display.text_size_changed.connect(lambda _percent: menu_fit.refit(self.menuBar()))
        self.event_menu.panel.set_text_percent(self.display.text_size)  # View > Text size
        self.display.text_size_changed.connect(self.event_menu.panel.set_text_percent)
        self.display.text_size_changed.connect(lambda _percent: self._fit_side_panel(True))
        self.play_aids.panel.returned.connect(self._fit_side_panel)
        self.display.track_font(self.play_aids.panel.text)  # the braille view grows with the text
        # the legend under the status line while the game panel is hidden: in the room left over
        self.side_layout.takeAt(self.side_layout.count() - 1)  # the stretch
        self.side_layout.addWidget(self.play_aids.panel.legend_beside_board, 0)
        # Tab: the board, the move field, the status line; Shift+Tab back the same way. The move
        # field goes after the board's last child in Qt's focus chain: put straight after the
        # board, it would stand before the board's own children, and Shift+Tab from the status
        # line would go back through them to the board, skipping the move field.
        self.setTabOrder(_last_in_focus_chain(self.board), self.move_box)
        self.setTabOrder(self.move_box, self.status)

        # --- ready to play: a game against the computer, the player is Black and moves first --
        self.session.new_game(Mode.COMPUTER, human_color=BLACK, announce=False)
        self.board.set_cursor(11, focus=False)
        self.refresh_board()
        self.welcome_delay_ms = welcome_delay_ms
        self.auto_welcome = auto_welcome
        """The welcome is said :attr:`welcome_delay_ms` after the window is first shown; the app
        turns this off and calls :meth:`welcome` itself once it knows no saved game is taken
        up (``ui.app.welcome_or_resume``), so the welcome never offers a new game the resume
        question then contradicts."""
        self._welcomed = False
        self._apply_theme()
        self.status_line.show()
        self._quitting = False
        self.fit_to_screen()
        self._fit_side_panel()

    @property
    def speech_error(self) -> Optional[str]:
        """Why the app's own voice is not available (shown on the status line), or None."""
        return self.status_line.speech_error

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._welcomed and self.auto_welcome:
            self._welcomed = True
            QTimer.singleShot(self.welcome_delay_ms, self.welcome)

    def fit_to_screen(self) -> None:
        """Open within the screen's available area: maximised on an event laptop's screen (the
        geometry is set to the available area too, for a desktop with no window manager),
        else :data:`ROOMY_WINDOW`, centred, never larger than the area."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None:  # pragma: no cover - no screen at all
            self.resize(ROOMY_WINDOW)
            return
        area = screen.availableGeometry()
        if area.width() < ROOMY_SCREEN.width() or area.height() < ROOMY_SCREEN.height():
            self.setGeometry(area)
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
            return
        size = ROOMY_WINDOW.boundedTo(area.size())
        self.resize(size)
        self.move(area.x() + (area.width() - size.width()) // 2,
                  area.y() + (area.height() - size.height()) // 2)

    def _fit_side_panel(self, again: bool = False) -> None:
        """The game panel shown where the window has room for it beside the board and the side
        column at the present text size, else hidden (``side_panel.room_for_panel``); ``again``
        (the text size changed): even if the player had shown or hidden it."""
        aids = self.play_aids
        if aids is None:  # resized while the window is being made
            return
        if again:
            aids.panel.auto = True
        aids.panel.fit(self.width(), self.height(), self.display.text_size)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_side_panel()

    def _column_width(self, width: int) -> None:
        """The side column's width changed: the clocks fit their type to it."""
        matches = self.ctx.matches  # None until the Event menu is made
        if matches is not None:
            matches.panel.fit_width(width)

    def welcome(self) -> None:
        """Say the welcome (the game ready, the level, the first keys), once."""
        self._welcomed = True
        self.speech_controls.apply_routes()  # a screen reader may have attached by now
        if self.play_aids is not None:
            self.play_aids.welcome()

    def _offer_draw(self) -> None:
        if self.event_menu is not None:
            self.event_menu.offer_draw()

    def _apply_theme(self) -> None:
        """The window's colours from the board theme (high contrast by default)."""
        theme = self.board.theme
        palette = self.palette()
        for role, colour in ((QPalette.ColorRole.Window, theme.background),
                             (QPalette.ColorRole.Base, theme.background),
                             (QPalette.ColorRole.WindowText, theme.text),
                             (QPalette.ColorRole.Text, theme.text),
                             (QPalette.ColorRole.ButtonText, theme.text)):
            palette.setColor(role, QColor(colour))
        central = self.centralWidget()
        if central is not None:
            central.setPalette(palette)
            central.setAutoFillBackground(True)
        self.move_box.setStyleSheet(
            f"QLineEdit {{ background: {theme.background}; color: {theme.text}; "
            f"border: 2px solid {theme.field_frame}; padding: 4px; }} "
            f"QLineEdit:focus, QLineEdit[typing=\"true\"] "
            f"{{ border: 4px solid {theme.widget_focus}; }}")
        # Tab reaches the status line (to read it again): a low-vision player must see it has
        # the keyboard, as the board, the move field and the lists show theirs
        self.status.setStyleSheet(
            f"QLabel#status {{ border: 3px solid transparent; }} "
            f"QLabel#status:focus {{ border: 3px solid {theme.widget_focus}; }}")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """A key that reached the window unused (no shortcut, no widget took it): a letter,
        a digit or sign, or a function key, alone or with Shift or Ctrl, is answered "No
        command on Q. F1 lists the keys." (it was silent, and a player could not tell a key
        without a command from a key not heard)."""
        name = unassigned_key_name(event)
        if name is None:
            super().keyPressEvent(event)
            return
        self.announcer.announce(app_texts.no_command_text(name), Priority.INTERRUPT)
        event.accept()

    # --- commands ---------------------------------------------------------------------------
    def new_game(self, mode: Mode) -> None:
        """A new game (Ctrl+N against the computer, Ctrl+Shift+N for two players); the player
        has Black. The rules are the settings' (never a match's just played); the command asked
        first if it leaves a game in progress."""
        self.session.new_game(mode, human_color=BLACK, profile_key=self.profile.key)
        self.board.focus_cursor()

    def quit(self) -> None:
        """Game > Quit: asks first when a game or a match is in progress (a match: the
        official), then closes the window."""
        if self.leaving.allow(Leaving.QUIT):
            self._quitting = True
            self.close()

    def resign(self) -> None:
        if not self.session.running:
            self.session.resign()  # says there is no game
            return
        asked = self.event_menu.resign_question() if self.event_menu is not None else None
        question, title = asked or (game_texts.resign_question(), game_texts.resign_title())
        # by voice only against the computer: with two players, who said "yes" is not known
        if self.confirm(question, title, by_voice=self.session.mode is Mode.COMPUTER):
            self.session.resign()
        else:
            # as No to leaving a game is told: at once, cutting the question's own reading
            self.announcer.announce(leaving_texts.stayed_text(False), Priority.INTERRUPT)
        self.board.focus_cursor()

    def focus_move_box(self) -> None:
        """Ctrl+M: type a move. The keyboard stays on the board (or comes back to it) and the
        move is typed into the move box from there (``BoardWidget.type_into``): the box shows
        it, Enter plays it, Escape goes back to the board's own keys. Text left in the box (a
        refused move) is selected, so what is typed replaces it."""
        self.board.focus_cursor()
        self.move_box.selectAll()
        self.board.type_into(self.move_box)
        self.announcer.announce(move_box_texts.typing_text(), Priority.READING)

    def _show_typing(self, on: bool) -> None:
        """The move box framed as the focus is while a move is typed into it from the board."""
        self.move_box.setProperty("typing", on)
        style = self.move_box.style()
        style.unpolish(self.move_box)
        style.polish(self.move_box)
        self.move_box.update()

    def submit_move_box(self) -> None:
        """Return in the move box: a move played goes back to the board (the reading keys work
        there again); a mistake is said as precisely as on the board and stays to be
        corrected; an empty box says what to type."""
        text = self.move_box.text()
        if self.session.removal.awaits_player():  # a penalty: a square picks the checker
            mistake = None if text.strip() else self.session.removal.headline()
        else:
            mistake = move_box_texts.typed_mistake(text)
        if mistake is not None:
            self.session.refuse(mistake)
            self.move_box.selectAll()
            return
        if self.session.submit_text(text):
            self.move_box.clear()
            self.board.stop_typing()
            self.board.focus_cursor()
        else:
            self.move_box.selectAll()

    def _focus_changed(self, _old, _new) -> None:
        self.screen_reader.focus_moved()

    def say_status(self) -> None:
        """F3: whose turn and the last move (the status line without its latest message, which
        F2 repeats); while a past position is reviewed, what the line says of it (the game's own
        status describes another position)."""
        note = self.status_line.review_note
        self.announcer.announce(note or self.session.status_text(message=False),
                                Priority.READING)

    def set_speech_enabled(self, on: bool) -> None:
        """Switch the app's own voice on or off (screen reader announcements go on) and save it."""
        if self.speech_sink is None:
            return
        self.settings.speech_enabled = on
        self.speech_controls.apply_routes()
        self.announcer.announce(app_texts.speech_text(on), Priority.INTERRUPT)
        action = self.actions_by_id["toggle_speech"]
        if action.isChecked() != on:
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)

    def open_menus(self) -> None:
        """F10: the menu bar opens at its first menu (Game), its first item highlighted, as
        Alt+G does and as F10 does in Windows and GNOME programs (Qt gives no such key of its
        own on Linux). The item is highlighted once the menu is shown (the next turn of the
        event loop), so that a screen reader hears it as with Alt+G."""
        from PySide6.QtCore import QTimer

        bar = self.menuBar()
        first = next((a for a in bar.actions() if a.isVisible() and a.isEnabled()), None)
        if first is None:
            return
        bar.setActiveAction(first)
        menu = first.menu()
        if not isinstance(menu, QMenu):
            return

        def highlight() -> None:
            item = next((a for a in menu.actions()
                         if a.isVisible() and a.isEnabled() and not a.isSeparator()), None)
            if menu.isVisible() and item is not None and menu.activeAction() is None:
                menu.setActiveAction(item)

        QTimer.singleShot(0, highlight)

    def show_keyboard_help(self) -> None:
        dialog = HelpDialog(self)
        dialog.exec()
        self.board.focus_cursor()

    def play_sound(self, name: str) -> None:
        self.ctx.sounds.play(name)

    def _after_review(self, handler):
        """``handler``, run once a review in progress has ended and the board has the keyboard
        (see ``actions.ENDS_REVIEW``)."""
        def run(*args):
            if self.board.reviewed_position is not None and self.ctx.end_review is not None:
                self.ctx.end_review(announce=False)
                self.board.focus_cursor()
                # said whole: the command's own answer ("Took back ...") waits for it
                with self.announcer.heard_first(reading_texts.review_ended_text()):
                    return handler(*args)
            return handler(*args)
        return run

    # --- board ------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        ctx = self.ctx
        if self.board.reviewed_position is not None and ctx.end_review is not None:
            ctx.end_review()  # a hint, a pick-up...: the review ends, then the game is drawn
            if self.board.reviewed_position is None:
                return  # end_review drew the game
        s = self.session
        board = s.board
        played = board.peek()
        last = set(played.path) if played is not None else set()
        dests = s.destinations()
        practice = self.ctx.practice
        hinted = practice.hint_squares() if practice is not None else set()
        hint_start = practice.hint_start() if practice is not None else None
        # no "must jump" while a penalty's checker is chosen: nobody moves then
        required = s.required_jump_squares() if s.selected is None and \
            not s.removal.awaits_player() else set()
        picked = set(s.partial_path)

        def marks(sq: int) -> SquareMarks:
            return SquareMarks(focused=False, selected=sq in picked,
                               destination=sq in dests or sq in hinted,
                               last_move=sq in last, required_jump=sq in required)

        def description(sq: int) -> str:
            return game_texts.square_description(sq in picked, sq in dests, sq in required,
                                                 sq in last, sq == hint_start,
                                                 held=s.selected)

        self.board.show_position(board.piece_at, marks, s.square_name, description)

    def _echo_square(self, square: int) -> None:
        widget = self.board.squares[square]
        text = widget.accessibleName()
        if widget.accessibleDescription():
            text += ". " + widget.accessibleDescription()
        self.echo.announce(text, Priority.READING)

    def _on_edge(self, direction: str) -> None:
        self.announcer.announce(game_texts.edge_text(direction), Priority.READING)
        self.play_sound("edge")

    def _echo_digits(self, typed: str) -> None:
        """Say the digits typed on the board so far ("1", then "10"), to the screen reader too:
        the board's cell does not change while they are typed, so a screen reader says nothing
        of them by itself. READING: a digit replaces the digit said before it, and never cuts
        off an INTERRUPT text (the computer's move, a refusal, a clock warning)."""
        self.announcer.announce(move_box_texts.typed_digits_text(typed), Priority.READING)

    def _continue_in_move_box(self, typed: str) -> None:
        """A move begun on the board ("11-"): the move box takes it, to be finished on the
        board as after Ctrl+M (the keyboard stays there)."""
        self.move_box.setText(typed)
        self.move_box.deselect()
        self.move_box.end(False)
        self.board.type_into(self.move_box)
        self.announcer.announce(move_box_texts.typed_on_board_text(typed), Priority.INTERRUPT)

    def _on_bad_square(self, typed: str) -> None:
        self.announcer.announce(game_texts.no_square_text(typed), Priority.INTERRUPT)
        self.play_sound("refused")

    # --- status -----------------------------------------------------------------------------
    def _on_tts_error(self, message: str) -> None:
        self.status_line.set_speech_error(message)

    # --- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window (its close button, Alt+F4) asks as Game > Quit does; a close made
        by the program (Quit after its question, the end of a test) does not."""
        if event.spontaneous() and not self._quitting and not self.leaving.allow(Leaving.QUIT):
            event.ignore()
            return
        self.session.shutdown()
        self.worker.shutdown()
        self.practice.shutdown()
        self.problem_controls.shutdown()
        self.tournament_menu.shutdown()
        if self._owns_tts and self.speech_sink is not None:
            self.speech_sink.close()
        super().closeEvent(event)


def _default_sound_player(parent: QObject):
    """The earcon player (``ui/sound_player.py``), or None (silent) when it cannot be made: no
    audio stack on this machine (logged; the game goes on without sounds)."""
    import logging

    from .sound_player import SoundPlayer

    try:
        return SoundPlayer(parent)
    except Exception:  # no QtMultimedia backend here: play without sounds
        logging.getLogger(__name__).exception("no sounds: the sound player could not be made")
        return None
