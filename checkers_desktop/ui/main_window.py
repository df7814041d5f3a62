"""The main window: the board, the move box, the status line, the menus.

It wires the :class:`~.game_controller.GameController` (the game) to the widgets and to the speech
``Announcer``, whose sinks are the screen reader (:class:`~.a11y.ScreenReaderSink`) and the app's own
voice (``TtsSink``; tests pass a ``FakeSynth``). Everything the controller says goes to both;
the name of the square under the cursor goes only to the app's voice, since a screen reader reads
the focused square itself.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QColor, QKeyEvent, QPalette
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QMainWindow, QMessageBox,
                               QVBoxLayout, QWidget)

from ..rules import BLACK
from ..rules.profiles import DEFAULT_PROFILE_KEY, UnknownProfileError, get_profile
from ..speech.announcer import Announcer, Priority
from ..texts import app as app_texts
from ..texts import game as game_texts
from .a11y import ScreenReaderSink
from .actions import ACTIONS, create_actions
from .board_widget import BoardWidget
from .engine_worker import ChooseFn, EngineWorker
from .game_controller import GameController
from .help_dialog import HelpDialog
from .settings import Settings
from .display import DisplayController  # issue 7: View menu (display.py)
from .event import install_event_menu  # issue 8: Event menu (ui/event/)
from .speech_menu import SpeechControls  # issue 4: Read menu and speech settings (speech_menu.py)
from .practice import PracticeControls  # issue 6: level, hint, take back, review (practice.py)
from .autosave import install_keeping  # issue 9: autosave, Open game, problem report
from .voice_input import VoiceInput  # issue 5: voice commands (Voice menu)
from .square_widget import SquareMarks

WINDOW_TITLE = "Checkers"


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


class MainWindow(QMainWindow):
    """The game window.

    Everything it talks to can be injected for tests: ``settings`` (a :class:`Settings`; default from
    ``$CHECKERS_DESKTOP_SETTINGS`` or the native store), ``speech_sink`` (the app's voice; default a
    ``TtsSink``; pass ``False`` for none), ``screen_reader_post`` (what posts accessibility events),
    ``engine_choose`` (the computer's move function), ``reply_seconds`` (shortest reply time; None =
    the level's), ``confirm`` (asks a yes/no question; default a ``QMessageBox``), ``sound_player``
    (an object with ``play(name)``), ``welcome_delay_ms`` (the welcome is said this long after the
    window first shows, so that a screen reader has found the window).
    """

    tts_error = Signal(str)

    def __init__(self, settings: Settings | None = None, speech_sink=None,
                 screen_reader_post=None, engine_choose: ChooseFn | None = None,
                 reply_seconds: float | None = None,
                 confirm: Callable[[str], bool] | None = None, sound_player=None,
                 welcome_delay_ms: int = 300, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or Settings()
        self.setWindowTitle(WINDOW_TITLE)
        self.setObjectName("main-window")
        self.confirm = confirm or self._ask
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
        self.status = QLabel(central)
        self.status.setObjectName("status")
        self.status.setAccessibleName("Status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                            | Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.status.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.4)
        self.status.setFont(font)
        self.move_box.setFont(font)
        self.move_label.setFont(font)
        row = QHBoxLayout()
        row.addWidget(self.move_label)
        row.addWidget(self.move_box, 1)
        layout = QVBoxLayout(central)
        layout.addWidget(self.board, 1)
        layout.addLayout(row)
        layout.addWidget(self.status)
        self.setCentralWidget(central)
        self.setTabOrder(self.board, self.move_box)
        self.setTabOrder(self.move_box, self.status)
        self.move_box.installEventFilter(_MoveBoxKeys(self))

        # --- speech -----------------------------------------------------------------------
        self.screen_reader = ScreenReaderSink(self.status, post=screen_reader_post)
        self.speech_error: Optional[str] = None
        self._owns_tts = False
        if speech_sink is None:
            self.tts_error.connect(self._on_tts_error)
            speech_sink, self.speech_error = _make_tts(self.tts_error.emit)
            self._owns_tts = speech_sink is not None
        elif speech_sink is False:
            speech_sink, self.speech_error = None, app_texts.no_speech_engine_text(None)
        self.speech_sink = speech_sink
        if speech_sink is not None and getattr(speech_sink, "available", True) is False:
            self.speech_error = getattr(speech_sink, "error_message", None) or \
                app_texts.no_speech_engine_text(None)
        self.announcer = Announcer([self.screen_reader])
        self.echo = Announcer()  # cursor echo: the app's voice only
        if speech_sink is not None:
            on = self.settings.speech_enabled
            self.announcer.add_sink(speech_sink, on)
            self.echo.add_sink(speech_sink, on)

        # --- game -------------------------------------------------------------------------
        self.worker = EngineWorker(engine_choose, min_seconds=reply_seconds, parent=self)
        # issue 4: the controller plays under the profile's Referee (side names from the profile)
        self.controller = GameController(self.announcer, self.worker, None,
                                         level=self.settings.engine_level, parent=self,
                                         profile=self.profile)
        self.controller.position_changed.connect(self.refresh_board)
        self.controller.status_changed.connect(self._show_status)
        self.controller.sound.connect(self.play_sound)
        self.board.activated.connect(self.controller.activate)
        self.board.escape_pressed.connect(self.controller.cancel_selection)
        self.board.cursor_moved.connect(self._echo_square)
        self.board.edge.connect(self._on_edge)
        self.board.bad_square.connect(self._on_bad_square)
        self.move_box.returnPressed.connect(self.submit_move_box)

        # --- menus ------------------------------------------------------------------------
        self.actions_by_id = create_actions(self)
        handlers = {
            "new_vs_computer": lambda: self.new_game(True),
            "new_two_players": lambda: self.new_game(False),
            "resign": self.resign,
            "offer_draw": lambda: self.event_menu.offer_draw(),  # issue 8: ui/event/draws.py
            "move_box": self.focus_move_box,
            "go_to_board": self.board.focus_cursor,
            "quit": self.close,
            "repeat_last": self.announcer.repeat_last,
            "say_status": self.say_status,
            "toggle_speech": self.set_speech_enabled,
            "keyboard_help": self.show_keyboard_help,
        }
        # --- display (issue 7): theme, zoom, text size, numbers, where am I; see display.py --
        self.display = DisplayController(self)
        handlers.update(self.display.handlers)
        # --- end display ---
        # --- non-visual play (issue 4): reading commands, speech settings; see speech_menu.py --
        self.speech_controls = SpeechControls(self)
        handlers.update(self.speech_controls.handlers)
        # --- end non-visual play ---
        # --- never lose a game (issue 9): autosave, Open game, problem report; see autosave.py --
        handlers.update(install_keeping(self))  # inert until self.autosave.start()
        self.practice = PracticeControls(self)  # issue 6: practice against the computer
        handlers.update(self.practice.handlers)
        self.voice_input = VoiceInput(self)  # issue 5: voice commands (voice_input.py)
        handlers.update(self.voice_input.handlers)
        menus = {}
        for spec in ACTIONS:
            action = self.actions_by_id[spec.id]
            if spec.checkable:
                action.toggled.connect(handlers[spec.id])
            else:
                action.triggered.connect(lambda checked=False, h=handlers[spec.id]: h())
            if spec.menu not in menus:
                menus[spec.menu] = self.menuBar().addMenu(f"&{spec.menu}")
            menus[spec.menu].addAction(action)
        if "View" in menus:  # issue 7: Theme and Text size submenus (display.py)
            self.display.build_view_menu(menus["View"], self.actions_by_id)
        if "Speech" in menus:  # issue 4: speech and sound settings submenus (speech_menu.py)
            self.speech_controls.build_menu(menus["Speech"])
        self.practice.build_menu(menus, self.actions_by_id)  # issue 6: Game > Computer level
        self.voice_input.sync_actions()  # issue 5: Voice menu check items from the settings
        self.speech_controls.apply_all()  # issue 4: output routes, voice, sounds, words
        self.status.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # issue 4: Tab reaches the status
        speech_action = self.actions_by_id["toggle_speech"]
        speech_action.blockSignals(True)
        speech_action.setChecked(speech_sink is not None and self.settings.speech_enabled)
        speech_action.setEnabled(speech_sink is not None and self.speech_error is None)
        speech_action.blockSignals(False)
        install_event_menu(self)  # issue 8: Event menu, match and official (ui/event/)

        # --- ready to play: a game against the computer, the player is Black and moves first --
        self.controller.new_game(vs_computer=True, human_color=BLACK, announce=False)
        self.board.set_cursor(11, focus=False)
        self.refresh_board()
        self._welcome_delay_ms = welcome_delay_ms
        self._welcomed = False
        self._apply_theme()
        if self.speech_error:
            self._show_status(self.controller.status_text())
        self.resize(760, 900)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._welcomed:
            self._welcomed = True
            QTimer.singleShot(self._welcome_delay_ms, self._welcome)

    def _welcome(self) -> None:
        self.speech_controls.apply_routes()  # issue 4: a screen reader may have attached by now
        self.announcer.announce(app_texts.welcome_text(self.controller.side_names[BLACK]),
                                Priority.QUEUE)

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
        self.centralWidget().setPalette(palette)
        self.centralWidget().setAutoFillBackground(True)
        self.move_box.setStyleSheet(
            f"QLineEdit {{ background: {theme.background}; color: {theme.text}; "
            f"border: 2px solid {theme.text}; padding: 4px; }} "
            f"QLineEdit:focus {{ border: 4px solid {theme.focus}; }}")

    # --- commands ---------------------------------------------------------------------------
    def new_game(self, vs_computer: bool) -> None:
        self.controller.new_game(vs_computer=vs_computer, human_color=BLACK)
        self.board.focus_cursor()

    def resign(self) -> None:
        if not self.controller.running:
            self.controller.resign()  # says there is no game
            return
        if self.confirm(game_texts.resign_question()):
            self.controller.resign()
        self.board.focus_cursor()

    def focus_move_box(self) -> None:
        self.move_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.move_box.selectAll()

    def submit_move_box(self) -> None:
        if self.controller.submit_text(self.move_box.text()):
            self.move_box.clear()
        else:
            self.move_box.selectAll()

    def say_status(self) -> None:
        self.announcer.announce(self.controller.status_text(), Priority.READING)

    def set_speech_enabled(self, on: bool) -> None:
        """Switch the app's own voice on or off (screen reader announcements go on) and save it."""
        if self.speech_sink is None:
            return
        self.settings.speech_enabled = on
        self.speech_controls.apply_routes()  # issue 4: on/off within the output setting
        self.announcer.announce(app_texts.speech_text(on), Priority.INTERRUPT)
        action = self.actions_by_id["toggle_speech"]
        if action.isChecked() != on:
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)

    def show_keyboard_help(self) -> None:
        dialog = HelpDialog(self)
        dialog.exec()
        self.board.focus_cursor()

    def play_sound(self, name: str) -> None:
        if self.sound_player is not None:
            try:
                self.sound_player.play(name)
            except Exception:  # a missing sound must never stop the game
                pass

    # --- board ------------------------------------------------------------------------------
    def refresh_board(self) -> None:
        c = self.controller
        board = c.board
        last = set(board.peek().path) if board.peek() is not None else set()
        dests = c.destinations()
        practice = getattr(self, "practice", None)  # issue 6: a hint's squares are marked
        hinted = practice.hint_squares() if practice is not None else set()
        required = c.required_jump_squares() if c.selected is None else set()
        picked = set(c.partial_path)

        def marks(sq: int) -> SquareMarks:
            return SquareMarks(focused=False, selected=sq in picked,
                               destination=sq in dests or sq in hinted,
                               last_move=sq in last, required_jump=sq in required)

        def description(sq: int) -> str:
            return game_texts.square_description(sq in picked, sq in dests, sq in required,
                                                 sq in last, sq in hinted)

        self.board.show_position(board.piece_at, marks, c.square_name, description)

    def _echo_square(self, square: int) -> None:
        widget = self.board.squares[square]
        text = widget.accessibleName()
        if widget.accessibleDescription():
            text += ". " + widget.accessibleDescription()
        self.echo.announce(text, Priority.READING)

    def _on_edge(self, direction: str) -> None:
        self.announcer.announce(game_texts.edge_text(direction), Priority.READING)
        self.play_sound("edge")

    def _on_bad_square(self, typed: str) -> None:
        self.announcer.announce(game_texts.no_square_text(typed), Priority.INTERRUPT)
        self.play_sound("refused")

    # --- status -----------------------------------------------------------------------------
    def _show_status(self, text: str) -> None:
        if self.speech_error:
            text = f"{text}  {self.speech_error}"
        notice = getattr(self, "failure_notice", None)  # issue 9: ui/failures.report
        if notice and notice != self.speech_error:
            text = f"{text}  {notice}"
        self.status.setText(text)

    def _on_tts_error(self, message: str) -> None:
        if self.speech_error != message:
            self.speech_error = message
            self._show_status(self.controller.status_text())

    def _ask(self, question: str) -> bool:
        answer = QMessageBox.question(self, WINDOW_TITLE, question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    # --- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.shutdown()
        self.practice.shutdown()  # issue 6: hint and review searches
        if self._owns_tts and self.speech_sink is not None:
            self.speech_sink.close()
        super().closeEvent(event)


def _default_sound_player(parent: QObject):
    """The earcon player (``ui/sound_player.py``), or None (silent) when it cannot be made."""
    try:
        from .sound_player import SoundPlayer
    except ImportError:  # pragma: no cover - ships with the app
        return None
    try:
        return SoundPlayer(parent)
    except Exception:
        return None
