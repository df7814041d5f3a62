"""Voice commands in the window (issue 5): what the player says becomes the same actions as keys.

:class:`VoiceInput` owns

- a decoding thread: every utterance (from the microphone, or injected by a test or a tool with
  :meth:`VoiceInput.inject_audio` / :meth:`~VoiceInput.inject_pcm` / :meth:`~VoiceInput.inject_file`)
  is decoded there by ``speech.voice.VoiceRecognizer`` against the grammar of the position at the
  moment it was heard; the thread never touches a widget, its result comes back by a Qt signal;
- the ``Microphone``, opened only when the player turns voice commands on (Voice menu,
  Ctrl+Shift+V) and talks: push-to-talk (hold F12 while speaking, or press it once to start and
  once to stop, a setting) or continuous listening (Ctrl+Shift+L). While the app's own voice
  speaks, the microphone is muted (polled every 100 ms), so the app never hears itself;
- the mapping of each ``VoiceResult`` onto the window's existing paths: a move goes through
  ``GameController.submit_text`` (the referee, touch-move, the announcements all apply as for a
  typed move), "pick up N" and a bare square through ``GameController.activate`` (as Enter on the
  board), reading commands through the Read menu's handlers (``ui/speech_menu.py``), hint and undo
  through ``window.practice``, resign and offer draw after a spoken "yes".

What was heard is shown on the status line and spoken ("Heard: eleven to fifteen."); what is not
possible now is refused in words ("I heard 'eleven to sixteen', which is not a legal move.") and
the game is unchanged. A missing microphone or a failing recogniser is told by
``failures.report_voice_failure`` and voice commands switch off; the rest of the app works.
"""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable, Optional

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from ..rules.touch import TouchRule
from ..speech.announcer import Priority
from ..speech.voice import (Confirmation, Microphone, MicrophoneUnavailableError,
                            RecognizerUnavailableError, VoiceRecognizer, VoiceResult,
                            confirmation_question, help_text, microphone_status,
                            needs_confirmation, pick_up_commits)
from ..texts import game as game_texts
from ..texts.voice import (PUSH_TO_TALK_KEY, cancelled_text, confirmation_text,
                          nothing_heard_text, nothing_to_confirm_text, push_to_talk_mode_text,
                          stale_text, voice_off_text, voice_on_text)
from . import failures
from .settings import (VOICE_CONFIRMATION, VOICE_CONTINUOUS, VOICE_ENABLED, VOICE_PTT_TOGGLES)

__all__ = ["VoiceInput", "READING_COMMANDS"]

log = logging.getLogger(__name__)


READING_COMMANDS: dict[str, str] = {
    "read-board": "read_board",
    "my-pieces": "read_my_pieces",
    "their-pieces": "read_opponent_pieces",
    "count": "read_counts",
    "last-move": "read_last_move",
    "my-moves": "read_all_moves",
    "time": "read_clocks",
    "whose-turn": "read_turn",
}
"""Spoken command name (accessibility/voice-commands.md) -> Read menu command id (actions.py)."""

VOICE_MENU_TITLE = "Vo&ice"
"""The Voice menu's title (Alt+I; Alt+V is the View menu)."""

MUTE_POLL_MS = 100
"""How often (milliseconds) the microphone's mute follows the app's own voice."""


# --- the decoding thread ---------------------------------------------------------------------
@dataclass(frozen=True)
class _Request:
    token: int
    audio: Any            # speech_recognition.AudioData, or raw PCM bytes (16 kHz 16-bit mono)
    board: Any            # a copy of the position, never the game's board
    profile: Any
    selected: Optional[int]
    confirming: bool
    choosing: Optional[frozenset] = None  # squares of a penalty's checkers to choose from


class _Decoder(QObject):
    """One Python thread that decodes requests in order; results and failures come back as
    signals (queued to the GUI thread, since this object lives there)."""

    decoded = Signal(int, object, object)  # token, VoiceResult, decoding thread's ident
    failed = Signal(int, object)         # token, the exception

    def __init__(self, recognizer_getter: Callable[[], Any], parent: QObject | None = None):
        super().__init__(parent)
        self._get = recognizer_getter
        self._queue: "queue.Queue[Optional[_Request]]" = queue.Queue()
        self._thread: Optional[threading.Thread] = None

    def submit(self, request: _Request) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="voice-decoder", daemon=True)
            self._thread.start()
        self._queue.put(request)

    def _run(self) -> None:
        while True:
            request = self._queue.get()
            if request is None:
                return
            try:
                recognizer = self._get()
                if request.board is None:  # warm-up: load the model before the first phrase
                    recognizer.warm_up()
                    continue
                if isinstance(request.audio, (bytes, bytearray)):
                    result = recognizer.decode_pcm(bytes(request.audio), request.board,
                                                   request.profile, selected=request.selected,
                                                   confirming=request.confirming,
                                                   choosing=request.choosing)
                else:
                    result = recognizer.decode(request.audio, request.board, request.profile,
                                               selected=request.selected,
                                               confirming=request.confirming,
                                               choosing=request.choosing)
            except Exception as exc:  # the recogniser failing must never end the thread
                log.exception("voice decoding failed")
                self.failed.emit(request.token, exc)
                continue
            self.decoded.emit(request.token, result, threading.get_ident())

    def shutdown(self, timeout: float = 2.0) -> None:
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout)
        self._thread = None


def open_question_box() -> Optional[QMessageBox]:
    """The yes/no message box open in front of the window (modal), or None."""
    widget = QApplication.activeModalWidget()
    if isinstance(widget, QMessageBox) and widget.isVisible():
        wanted = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        if widget.standardButtons() & wanted == wanted:
            return widget
    return None


class _KeyWatcher(QObject):
    """Sees the push-to-talk key come up (hold-to-talk) anywhere in the app, and the window
    closing."""

    def __init__(self, voice: "VoiceInput") -> None:
        super().__init__(voice)
        self.voice = voice
        self.key = QKeySequence(PUSH_TO_TALK_KEY)[0].key()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.KeyRelease and isinstance(event, QKeyEvent):
            if event.key() == self.key and not event.isAutoRepeat():
                self.voice.push_to_talk_released()
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            # a question box is open (the window's shortcuts are asleep): F12 still talks
            if event.key() == self.key and self.voice.enabled and open_question_box() is not None:
                if not event.isAutoRepeat():
                    self.voice.push_to_talk_pressed()
                return True
        elif kind == QEvent.Type.Close and obj is self.voice.window:
            self.voice.shutdown()
        return False


# --- the window's voice ---------------------------------------------------------------------
class VoiceInput(QObject):
    """Voice commands for ``window`` (a ``MainWindow``).

    ``recognizer``: the ``VoiceRecognizer`` (default one, created on first use, in the decoding
    thread). ``microphone_factory() -> Microphone``: makes the microphone when voice is turned on
    (tests replace it; nothing opens a sound device before the player turns voice on).

    Signals: ``heard(object)`` after each ``VoiceResult`` was acted on (or refused);
    ``failed(str)`` with the sentence told when voice failed; ``listening_changed(bool)``.
    Attributes: ``enabled`` (voice commands on), ``pending`` (a ``VoiceResult`` waiting for
    "yes"), ``last_feedback`` (the last sentence shown for an utterance), ``decode_threads``
    (the thread idents that decoded, for tests: never the GUI thread's).
    """

    heard = Signal(object)
    failed = Signal(str)
    listening_changed = Signal(bool)
    _audio_arrived = Signal(object)  # from the microphone's audio thread (continuous listening)

    def __init__(self, window, *, recognizer=None,
                 microphone_factory: Optional[Callable[[], Any]] = None) -> None:
        super().__init__(window)
        self.window = window
        self.recognizer = recognizer
        self._recognizer_lock = threading.Lock()
        self.microphone_factory = microphone_factory or Microphone
        self.microphone = None
        self.enabled = False
        self.recording = False
        self.pending: Optional[VoiceResult] = None
        self._pending_key = None
        self.last_feedback = ""
        self.decode_threads: list[int] = []
        self._token = 0
        self._requests: dict[int, tuple] = {}
        self._decoder = _Decoder(self._get_recognizer, self)
        self._decoder.decoded.connect(self._on_decoded)
        self._decoder.failed.connect(self._on_failed)
        self._audio_arrived.connect(self.inject_audio)
        self._mute_timer = QTimer(self)
        self._mute_timer.setInterval(MUTE_POLL_MS)
        self._mute_timer.timeout.connect(self._follow_own_voice)
        self._keys = _KeyWatcher(self)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self._keys)
        window.installEventFilter(self._keys)
        c = window.controller
        c.move_played.connect(lambda _move: self._drop_pending())
        c.game_started.connect(self._drop_pending)
        self.handlers: dict[str, Callable] = {
            "voice_on": self.set_enabled,
            "voice_continuous": self.set_continuous,
            "push_to_talk": self.push_to_talk_pressed,
            "voice_ptt_toggles": self.set_push_to_talk_toggles,
            "voice_confirm_moves": self.set_confirm_every_move,
            "voice_help": self.say_help,
        }

    # --- settings ---------------------------------------------------------------------------
    @property
    def continuous(self) -> bool:
        return bool(self.window.settings.get(VOICE_CONTINUOUS))

    @property
    def ptt_toggles(self) -> bool:
        return bool(self.window.settings.get(VOICE_PTT_TOGGLES))

    @property
    def confirmation(self) -> Confirmation:
        try:
            return Confirmation(self.window.settings.get(VOICE_CONFIRMATION))
        except ValueError:
            return Confirmation(VOICE_CONFIRMATION.default)

    def sync_actions(self) -> None:
        """Set the Voice menu's check items from the settings (no handler runs), and turn voice
        on when the player left it on last time (after start-up, never in a fresh settings file)."""
        checks = {"voice_on": False, "voice_continuous": self.continuous,
                  "voice_ptt_toggles": self.ptt_toggles,
                  "voice_confirm_moves": self.confirmation is Confirmation.EVERY_MOVE}
        for action_id, value in checks.items():
            self._check(action_id, value)
        for menu_action in self.window.menuBar().actions():
            if menu_action.text() == "&Voice":  # Alt+V is the View menu's: Alt+I opens this one
                menu_action.setText(VOICE_MENU_TITLE)
                menu_action.menu().setTitle(VOICE_MENU_TITLE)
        push = self.window.actions_by_id.get("push_to_talk")
        if push is not None:
            push.setAutoRepeat(False)  # held down: one press, then the release ends the phrase
        if self.window.settings.get(VOICE_ENABLED):
            QTimer.singleShot(0, lambda: self.set_enabled(True))

    def _check(self, action_id: str, value: bool) -> None:
        action = self.window.actions_by_id.get(action_id)
        if action is not None and action.isChecked() != value:
            action.blockSignals(True)
            action.setChecked(value)
            action.blockSignals(False)

    def set_confirm_every_move(self, on: bool) -> None:
        setting = Confirmation.EVERY_MOVE if on else Confirmation.RESIGN_AND_DRAW
        self.window.settings.set(VOICE_CONFIRMATION, setting.value)
        self._check("voice_confirm_moves", on)
        self._say(confirmation_text(setting is Confirmation.EVERY_MOVE), Priority.INTERRUPT)

    def set_push_to_talk_toggles(self, on: bool) -> None:
        self.window.settings.set(VOICE_PTT_TOGGLES, on)
        self._check("voice_ptt_toggles", on)
        if self.recording:
            self._stop_recording(decode=False)
        self._say(push_to_talk_mode_text(on), Priority.INTERRUPT)

    def set_continuous(self, on: bool) -> None:
        """Continuous listening on or off (turns voice commands on when needed)."""
        self.window.settings.set(VOICE_CONTINUOUS, on)
        self._check("voice_continuous", on)
        if not self.enabled:
            if on:
                self.set_enabled(True)
            return
        self._close_microphone(stop_following=False)
        if on and not self._open_continuous():
            return
        self._say(voice_on_text(on, self.ptt_toggles), Priority.INTERRUPT)

    # --- on and off -------------------------------------------------------------------------
    def set_enabled(self, on: bool) -> bool:
        """Voice commands on (the microphone is checked, and opened at once for continuous
        listening) or off. Returns whether voice is now on; a failure is told, voice stays off."""
        if not on:
            self._close_microphone()
            self.enabled = False
            self._drop_pending()
            self._check("voice_on", False)
            self.window.settings.set(VOICE_ENABLED, False)
            self._say(voice_off_text(), Priority.INTERRUPT)
            return False
        ok, message = microphone_status()
        if not ok:
            self._fail(MicrophoneUnavailableError(message))
            return False
        try:
            self.microphone = self.microphone_factory()
        except MicrophoneUnavailableError as exc:
            self._fail(exc)
            return False
        self.enabled = True
        self._check("voice_on", True)
        self.window.settings.set(VOICE_ENABLED, True)
        if self.continuous and not self._open_continuous():
            return False
        self._mute_timer.start()
        self._say(voice_on_text(self.continuous, self.ptt_toggles), Priority.INTERRUPT)
        self._follow_own_voice()  # deaf at once while that is said, not after the next poll
        self._decoder.submit(_Request(-1, b"", None, None, None, False))  # load the model now
        return True

    def _open_continuous(self) -> bool:
        try:
            self.microphone.listen(self._audio_arrived.emit)
        except MicrophoneUnavailableError as exc:
            self._fail(exc)
            return False
        self.listening_changed.emit(True)
        return True

    def _close_microphone(self, *, stop_following: bool = True) -> None:
        if stop_following:
            self._mute_timer.stop()
        mic = self.microphone
        self.recording = False
        if mic is not None and getattr(mic, "active", False):
            try:
                mic.stop()
            except Exception:  # pragma: no cover - closing must never break the game
                log.exception("closing the microphone failed")
            self.listening_changed.emit(False)

    def shutdown(self) -> None:
        """Close the microphone and end the decoding thread (the window is closing)."""
        self._close_microphone()
        self.microphone = None
        self.enabled = False
        self._decoder.shutdown()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self._keys)

    def _fail(self, exc: BaseException) -> None:
        """Tell the failure (shown and spoken) and switch voice commands off."""
        self._close_microphone()
        self.enabled = False
        self._check("voice_on", False)
        text = failures.report_voice_failure(self.window, exc)
        self.failed.emit(text)

    def _follow_own_voice(self) -> None:
        """Mute the microphone while the app's own voice speaks (and it is switched on)."""
        mic = self.microphone
        if mic is None:
            return
        sink = self.window.speech_sink
        speaking = False
        if sink is not None and self.window.announcer.is_sink_enabled(sink):
            speaking = bool(getattr(sink, "speaking", False))
        if mic.muted != speaking:
            mic.set_muted(speaking)

    # --- push-to-talk -----------------------------------------------------------------------
    def push_to_talk_pressed(self) -> None:
        """F12 went down: start recording (hold mode), or start/stop (toggle mode)."""
        if not self.enabled and not self.set_enabled(True):
            return
        if self.continuous:
            self._say(voice_on_text(True, False), Priority.READING)
            return
        if self.recording:
            if self.ptt_toggles:
                self._stop_recording(decode=True)
            return
        try:
            self.microphone.start()
        except MicrophoneUnavailableError as exc:
            self._fail(exc)
            return
        self.recording = True
        self.listening_changed.emit(True)
        self._follow_own_voice()

    def push_to_talk_released(self) -> None:
        """F12 came up: in hold mode, the phrase is over and is decoded."""
        if self.recording and not self.ptt_toggles:
            self._stop_recording(decode=True)

    def _stop_recording(self, decode: bool) -> None:
        self.recording = False
        try:
            audio = self.microphone.stop()
        except Exception as exc:
            self._fail(MicrophoneUnavailableError(str(exc)))
            return
        self.listening_changed.emit(False)
        if not decode:
            return
        if audio is None:
            self._show(nothing_heard_text(), Priority.READING)
            return
        self.inject_audio(audio)

    # --- utterances in ----------------------------------------------------------------------
    def inject_audio(self, audio_data) -> int:
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``) as if the player had just
        said it, in the decoding thread, then act on it. Returns the request's token."""
        return self._submit(audio_data)

    def inject_pcm(self, pcm: bytes) -> int:
        """The same for raw PCM: 16 kHz, 16-bit signed little-endian, mono."""
        return self._submit(bytes(pcm))

    def inject_file(self, path) -> int:
        """The same for a WAV/AIFF/FLAC file (as ``checkers-desktop listen`` reads it).
        Raises ``ValueError`` quoting ``path`` when it is not readable audio."""
        from ..speech.voice.commands import load_audio

        return self._submit(load_audio(str(path)))

    def _submit(self, audio) -> int:
        c = self.window.controller
        self._token += 1
        board = c.board.copy()
        selected = c.selected if (c.selected is not None and len(c.partial_path) == 1) else None
        confirming = self.pending is not None
        penalty = getattr(getattr(c, "referee", None), "pending_penalty", None)
        choosing = frozenset(penalty.squares) if penalty is not None else None
        self._requests[self._token] = (board.ply, board.key(), confirming)
        self._decoder.submit(_Request(self._token, audio, board, c.profile, selected,
                                      confirming, choosing))
        return self._token

    def _get_recognizer(self):
        with self._recognizer_lock:
            if self.recognizer is None:
                self.recognizer = VoiceRecognizer()
            return self.recognizer

    def _on_failed(self, token: int, exc: object) -> None:
        self._requests.pop(token, None)
        if not isinstance(exc, (MicrophoneUnavailableError, RecognizerUnavailableError)):
            exc = RecognizerUnavailableError(str(exc))
        self._fail(exc)

    def _on_decoded(self, token: int, result: VoiceResult, thread_id: int) -> None:
        self.decode_threads.append(thread_id)
        request = self._requests.pop(token, None)
        if request is None:  # warm-up, or a request from before a failure
            return
        ply, key, confirming = request
        board = self.window.controller.board
        stale = (board.ply, board.key()) != (ply, key) or confirming != (self.pending is not None)
        try:
            if stale and result.kind in ("move", "square", "pick-up") or \
                    (stale and result.command in ("yes", "no")):
                self._refuse(stale_text(result.heard))
            else:
                self._act(result)
        finally:
            self.heard.emit(result)

    # --- acting on what was heard -----------------------------------------------------------
    def _act(self, result: VoiceResult) -> None:
        if not result.ok:
            self._refuse(result.feedback())
            return
        if result.kind == "command":
            self._command(result)
            return
        c = self.window.controller
        # a pick-up binds only when nothing is held yet (a held piece already binds the player)
        binds = pick_up_commits(c.profile.touch is TouchRule.STRICT) and c.selected is None
        if needs_confirmation(result, self.confirmation, pick_up_binds=binds):
            self._ask(result)
            return
        self._show(result.feedback(), Priority.QUEUE)
        self._perform(result)
        self._keep_shown(result.feedback())

    def _perform(self, result: VoiceResult) -> None:
        """Act on a move, a pick-up or a square through the controller's normal paths."""
        c = self.window.controller
        if result.kind == "move":
            c.submit_text(result.move.pdn())
        elif result.kind == "pick-up":
            if c.selected == result.square and len(c.partial_path) == 1:
                # already held: say where it can go (Enter here again would put it back)
                self._say(game_texts.picked_up_text(result.square, sorted(c.destinations())),
                          Priority.READING)
            else:
                c.activate(result.square)
        elif result.kind == "square":
            n = len(c.partial_path)
            through = any(result.square in m.path[n:-1] for m in c.candidate_moves())
            if through and result.move is not None:
                c.submit_text(result.move.pdn())  # the heard square ends exactly one move
            else:
                c.activate(result.square)  # put down (or, while a penalty is due, remove)
        self.window.board.set_cursor(self._cursor_square(result), focus=False)

    def _cursor_square(self, result: VoiceResult) -> int:
        if result.move is not None:
            return result.move.to_square
        return result.square

    def _ask(self, result: VoiceResult) -> None:
        self.pending = result
        board = self.window.controller.board
        self._pending_key = (board.ply, board.key())
        self._show(confirmation_question(result), Priority.INTERRUPT)

    def _drop_pending(self) -> None:
        self.pending = None
        self._pending_key = None

    def _command(self, result: VoiceResult) -> None:
        name = result.command
        w = self.window
        if name in ("yes", "no") and self._answer_open_question(name == "yes"):
            self._show_only(result.feedback())
            return
        if name == "yes" or name == "no":
            pending, self.pending = self.pending, None
            board = w.controller.board
            if pending is None:
                self._refuse(nothing_to_confirm_text())
                return
            if pending.kind != "command" and self._pending_key != (board.ply, board.key()):
                self._refuse(stale_text(pending.heard))  # the position changed meanwhile
                return
            if name == "no":
                self._show(cancelled_text(), Priority.INTERRUPT)
                return
            self._show(result.feedback(), Priority.QUEUE)
            if pending.kind == "command":
                self._confirmed_command(pending.command)
            else:
                self._perform(pending)
                self._keep_shown(pending.feedback())
            return
        if name == "repeat":  # not "Heard: repeat.": that would become the last message
            self._show_only(result.feedback())
            w.announcer.repeat_last()
            return
        if name == "stop-talking":
            self._show_only(result.feedback())
            w.speech_controls.stop_speaking()
            return
        if needs_confirmation(result, self.confirmation):  # resign, offer draw; undo maybe
            self._ask(result)
            return
        self._show_only(result.feedback())
        if name in READING_COMMANDS:
            w.speech_controls.run_reading(READING_COMMANDS[name])
        elif name == "help":
            self.say_help()
        elif name == "hint":
            w.practice.hint()
        elif name == "undo":
            w.practice.take_back()
        else:  # pragma: no cover - every command of COMMANDS is handled above
            self._refuse(result.feedback())

    def _answer_open_question(self, yes: bool) -> bool:
        """Click Yes or No of the yes/no question box that is open (the resume offer at start,
        a confirmation, a draw offer's answer); False when none is open."""
        box = open_question_box()
        if box is None:
            return False
        button = box.button(QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No)
        if button is None:
            return False
        button.click()
        return True

    def _confirmed_command(self, name: str) -> None:
        w = self.window
        c = w.controller
        if name == "resign":
            c.resign()
            return
        if name == "undo":
            w.practice.take_back()
            return
        menu = getattr(w, "event_menu", None)
        if menu is not None and getattr(menu, "_match_game", lambda: None)() is not None:
            menu.offer_draw()  # a match: named, logged, on the score sheet (asks again)
            return
        from .event import draws

        ask = getattr(menu, "ask_answer", None) or w.confirm
        draws.offer_draw_in_game(c, lambda _question: True, ask,
                                 lambda text: w.announcer.announce(text, Priority.QUEUE))

    def say_help(self) -> None:
        """"What can I say?": the commands the current rules allow, spoken and shown."""
        text = help_text(self.window.controller.profile)
        self._show_only(text.splitlines()[0])
        self.window.announcer.announce(text.replace("\n", " "), Priority.READING)

    # --- telling ----------------------------------------------------------------------------
    def _show_only(self, text: str) -> None:
        """Put ``text`` on the status line (until the next message or move)."""
        self.last_feedback = text
        c = self.window.controller
        c.message = text
        self.window._show_status(c.status_text())

    def _keep_shown(self, text: str) -> None:
        """After acting: show ``text`` again unless the controller has a message of its own (a
        refusal); a move clears the status line's message, and what was heard should stay."""
        if not self.window.controller.message:
            self._show_only(text)

    def _show(self, text: str, priority: Priority) -> None:
        self._show_only(text)
        self._say(text, priority)

    def _say(self, text: str, priority: Priority) -> None:
        self.window.announcer.announce(text, priority)

    def _refuse(self, text: str) -> None:
        """Something not possible now: shown, spoken, the refused sound; the game is unchanged."""
        self._show(text, Priority.INTERRUPT)
        self.window.play_sound("refused")
