"""Voice commands in the window: the microphone, push-to-talk, the decoding thread, the Voice menu.

:class:`VoiceInput` owns

- decoding off the GUI thread (a :class:`~.jobs.BackgroundJob`, utterances in order): every
  utterance (from the microphone, or injected by a test or a tool with
  :meth:`VoiceInput.inject_audio` / :meth:`~VoiceInput.inject_pcm` / :meth:`~VoiceInput.inject_file`)
  is decoded by ``speech.voice.VoiceRecognizer`` against the grammar of the position at the moment
  it was heard; the result comes back to the GUI thread by a Qt signal;
- the ``Microphone``, opened only when the player turns voice commands on (Voice menu,
  Ctrl+Shift+V) and talks: push-to-talk (hold F12 while speaking, or press it once to start and
  once to stop, a setting) or continuous listening (Ctrl+Shift+L). While the app's own voice
  speaks, the microphone is muted (polled every 100 ms), so the app never hears itself;
- the window's side of voice commands (:class:`~checkers_desktop.session.voice.VoiceHost`):
  reading commands, hint, take back, offering a draw, answering an open question box.

What each result does in the game, and when it waits for "yes", is
:class:`~checkers_desktop.session.voice.VoiceSession`'s. A missing microphone or a failing
recogniser is told by ``failures.report_voice_failure`` and voice commands switch off; the rest of
the app works.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from ..speech.announcer import Priority
from ..session.voice import Heard, VoiceSession
from ..speech.voice import (Confirmation, Microphone, MicrophoneUnavailableError,
                            RecognizerUnavailableError, VoiceRecognizer, VoiceResult,
                            microphone_status)
from ..texts.voice import (PUSH_TO_TALK_KEY, confirmation_text, enrol_failed_text,
                          enrol_needs_whisper_text, enrol_no_microphone_text,
                          enrol_replace_question, nothing_heard_text,
                          push_to_talk_mode_text, voice_off_text, voice_on_text)
from ..session.enrolment import load_learned_voice, EnrolmentSession
from ..speech.voice.enrol import load_reference
from ..storage.integrity import KeyRing
from ..storage.voice_profile import VoiceProfileStore
from .paths import key_folder
from .problems_menu import PLAYER
from .voice_enrolment import TITLE as ENROLMENT_TITLE, EnrolmentDialog
from . import failures
from .jobs import BackgroundJob
from .settings import (VOICE_CONFIRMATION, VOICE_CONTINUOUS, VOICE_ENABLED, VOICE_PTT_TOGGLES)
from .context import AppContext
from .interaction import VOICE_ANSWERS

__all__ = ["VoiceInput", "open_question_box"]

log = logging.getLogger(__name__)


VOICE_MENU_TITLE = "Vo&ice"
"""The Voice menu's title (Alt+I; Alt+V is the View menu)."""

MUTE_POLL_MS = 100
"""How often (milliseconds) the microphone's mute follows the app's own voice."""

HOLD_OWN_VOICE_MAX_MS = 15000
"""The longest (milliseconds) the app's own voice keeps quiet while the player talks (the key
held, or between the two presses): what is announced meanwhile is said when the phrase ends, or
after this long if the key stays down (a key stuck or leant on must not silence the game)."""

TURN_ON_TAP_MS = 700
"""A press of the push-to-talk key that turns voice on and ends within this time
(milliseconds, press to the end of the phrase) was a tap to turn voice on, not a phrase: it is
not decoded, and the instructions just said stand alone (decoded, it would give "Nothing was
heard" seconds later, once the model has loaded). The microphone being muted while the app's own
voice says the instructions is no sign of a tap: with a screen reader speaking them instead, the
microphone is open. No phrase is said in so short a hold: "eleven to fifteen" takes a second."""

RELEASE_GRACE_MS = 100
"""How long (milliseconds) after the push-to-talk key comes up, in hold mode, the phrase is
still taken as going on: a press of the key within it means the key never came up. Where the
X server's key repeat is not detectable (seen on Xvfb driven by xdotool), a held key sends a
release and a press about 30 times a second, each reported as no repeat: without the grace,
every one ended the phrase ("pick up eleven" decoded in pieces as "pick up one", then a string
of "I did not understand"). The press that follows such a release may also come marked as a
repeat, and then reaches the app only as the shortcut's override: that too counts as the key
still down (:meth:`VoiceInput.key_held`). A real release ends the phrase this much later."""


def open_question_box() -> Optional[QMessageBox]:
    """The yes/no message box open in front of the window (modal) that a spoken answer may
    answer (a player's own question, marked :data:`~.interaction.VOICE_ANSWERS`), or None."""
    widget = QApplication.activeModalWidget()
    if isinstance(widget, QMessageBox) and widget.isVisible() \
            and widget.property(VOICE_ANSWERS) is True:
        wanted = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        if widget.standardButtons() & wanted == wanted:
            return widget
    return None


def closed_to_voice() -> bool:
    """Whether a window or question is open (modal) that voice must not act under: anything
    but a player's own yes/no question (the official's and the organiser's questions and
    forms, a PIN, a file dialog, help)."""
    widget = QApplication.activeModalWidget()
    return widget is not None and widget.isVisible() and open_question_box() is None


class _KeyWatcher(QObject):
    """Sees the push-to-talk key come up (hold-to-talk) anywhere in the app, and the window
    closing."""

    def __init__(self, voice: "VoiceInput") -> None:
        super().__init__(voice)
        self.voice = voice
        # PySide6's stubs lack QKeySequence.__getitem__ (the key combination at an index)
        self.key = QKeySequence(PUSH_TO_TALK_KEY)[0].key()  # type: ignore[index]
        self._released_at = -math.inf  # time.monotonic() of the key's last release

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.KeyRelease and isinstance(event, QKeyEvent):
            if event.key() == self.key and not event.isAutoRepeat():
                self._released_at = time.monotonic()
                self.voice.push_to_talk_released()
        elif kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if event.key() == self.key:
                # down again, marked as a repeat or not: a hold-mode phrase goes on. A release
                # left unmarked can be followed by a press marked as a repeat, which the
                # push-to-talk action ignores; its shortcut takes the press itself, so only
                # this override announcing it is seen here
                self.voice.key_held()
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            # a window is open in front (the window's shortcuts are asleep): F12 talks to a
            # player's own question; to anything else (the official's question, a form, a PIN)
            # it says that voice does nothing there, rather than nothing at all
            if event.key() == self.key and self.voice.enabled \
                    and QApplication.activeModalWidget() is not None:
                if not event.isAutoRepeat():
                    if open_question_box() is not None:
                        self.voice.push_to_talk_pressed()
                    elif not self.voice.recording and \
                            time.monotonic() - self._released_at > RELEASE_GRACE_MS / 1000:
                        # once a press: a release and a press closer than RELEASE_GRACE_MS
                        # are a held key repeating unmarked
                        self.voice.session.refuse_closed_to_voice()
                return True
        elif kind == QEvent.Type.Close and obj is self.voice.ctx.window:
            self.voice.shutdown()
        return False


# --- the window's voice ---------------------------------------------------------------------
class VoiceInput(QObject):
    """Voice commands for the window of ``ctx`` (an :class:`~.context.AppContext`).

    ``recognizer``: the ``VoiceRecognizer`` (default one, created on first use, in the decoding
    thread). ``microphone_factory() -> Microphone``: makes the microphone when voice is turned on
    (tests replace it; nothing opens a sound device before the player turns voice on).

    Signals: ``heard(object)`` after each ``VoiceResult`` was acted on (or refused);
    ``failed(str)`` with the sentence told when voice failed; ``listening_changed(bool)``.
    Attributes: ``enabled`` (voice commands on), ``session`` (the
    :class:`~checkers_desktop.session.voice.VoiceSession`: ``pending``, ``last_feedback``),
    ``decode_threads`` (the thread idents that decoded, for tests: never the GUI thread's).
    """

    heard = Signal(object)
    failed = Signal(str)
    listening_changed = Signal(bool)
    _audio_arrived = Signal(object)  # from the microphone's audio thread (continuous listening)

    def __init__(self, ctx: AppContext, *, recognizer=None,
                 microphone_factory: Optional[Callable[[], Any]] = None) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.recognizer = recognizer
        self._recognizer_lock = threading.Lock()
        self.microphone_factory = microphone_factory or Microphone
        self.microphone: Optional[Microphone] = None
        self.enabled = False
        self.recording = False
        self._phrase_turned_voice_on = False  # this phrase's press turned voice on
        self._phrase_started = 0.0  # time.monotonic() at this phrase's press
        self._release = QTimer(self)  # a hold-mode release, ended after RELEASE_GRACE_MS
        self._release.setSingleShot(True)
        self._release.setInterval(RELEASE_GRACE_MS)
        self._release.timeout.connect(self._released)
        self._hold_limit = QTimer(self)  # the own voice kept quiet no longer than this
        self._hold_limit.setSingleShot(True)
        self._hold_limit.setInterval(HOLD_OWN_VOICE_MAX_MS)
        self._hold_limit.timeout.connect(self._release_own_voice)
        self.decode_threads: list[int] = []
        self._requests: dict[int, Heard] = {}
        self.session = VoiceSession(ctx.session, self, lambda: self.confirmation)
        self._decoder = BackgroundJob("voice-decoder", self)
        self._decoder.finished.connect(self._on_decoded)
        self._decoder.failed.connect(self._on_failed)
        self._audio_arrived.connect(self._continuous_audio)
        self._mute_timer = QTimer(self)
        self._mute_timer.setInterval(MUTE_POLL_MS)
        self._mute_timer.timeout.connect(self._follow_own_voice)
        self._keys = _KeyWatcher(self)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self._keys)
        ctx.window.installEventFilter(self._keys)
        self.handlers: dict[str, Callable] = {
            "voice_on": self.set_enabled,
            "voice_continuous": self.set_continuous,
            "push_to_talk": self.push_to_talk_pressed,
            "voice_ptt_toggles": self.set_push_to_talk_toggles,
            "voice_confirm_moves": self.set_confirm_every_move,
            "voice_help": self.say_help,
            "voice_learn": self.learn_my_voice,
        }
        self.enrolment: Optional[Any] = None  # the Learn my voice dialog while it is open
        self._learned_checked = False

    @property
    def pending(self) -> Optional[VoiceResult]:
        """A result waiting for "yes" (see ``VoiceSession.pending``)."""
        return self.session.pending

    @property
    def last_feedback(self) -> str:
        return self.session.last_feedback

    # --- settings ---------------------------------------------------------------------------
    @property
    def continuous(self) -> bool:
        return bool(self.ctx.settings.get(VOICE_CONTINUOUS))

    @property
    def ptt_toggles(self) -> bool:
        return bool(self.ctx.settings.get(VOICE_PTT_TOGGLES))

    @property
    def confirmation(self) -> Confirmation:
        try:
            return Confirmation(self.ctx.settings.get(VOICE_CONFIRMATION))
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
        for menu_action in self.ctx.window.menuBar().actions():
            if menu_action.text() == "&Voice":  # Alt+V is the View menu's: Alt+I opens this one
                menu_action.setText(VOICE_MENU_TITLE)
                menu = menu_action.menu()
                if isinstance(menu, QMenu):
                    menu.setTitle(VOICE_MENU_TITLE)
        push = self.ctx.actions.get("push_to_talk")
        if push is not None:
            push.setAutoRepeat(False)  # held down: one press, then the release ends the phrase
        if self.ctx.settings.get(VOICE_ENABLED):
            QTimer.singleShot(0, lambda: self.set_enabled(True))

    def _check(self, action_id: str, value: bool) -> None:
        action = self.ctx.actions.get(action_id)
        if action is not None and action.isChecked() != value:
            action.blockSignals(True)
            action.setChecked(value)
            action.blockSignals(False)

    def set_confirm_every_move(self, on: bool) -> None:
        setting = Confirmation.EVERY_MOVE if on else Confirmation.RESIGN_AND_DRAW
        self.ctx.settings.set(VOICE_CONFIRMATION, setting.value)
        self._check("voice_confirm_moves", on)
        self._say(confirmation_text(setting is Confirmation.EVERY_MOVE), Priority.INTERRUPT)

    def set_push_to_talk_toggles(self, on: bool) -> None:
        self.ctx.settings.set(VOICE_PTT_TOGGLES, on)
        self._check("voice_ptt_toggles", on)
        if self.recording:
            self._stop_recording(decode=False)
        self._say(push_to_talk_mode_text(on), Priority.INTERRUPT)

    def set_continuous(self, on: bool) -> None:
        """Continuous listening on or off (turns voice commands on when needed)."""
        self.ctx.settings.set(VOICE_CONTINUOUS, on)
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
            self.session.drop_pending()
            self._check("voice_on", False)
            self.ctx.settings.set(VOICE_ENABLED, False)
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
        self.ctx.settings.set(VOICE_ENABLED, True)
        if self.continuous and not self._open_continuous():
            return False
        self._mute_timer.start()
        self._say(voice_on_text(self.continuous, self.ptt_toggles), Priority.INTERRUPT)
        self._follow_own_voice()  # deaf at once while that is said, not after the next poll
        self._warm_up()
        self._use_learned_voice()
        return True

    def _open_continuous(self) -> bool:
        assert self.microphone is not None  # voice is on
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
        self._release.stop()
        self.recording = False
        self._release_own_voice()
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
        text = failures.report_voice_failure(self.ctx, exc)
        self.failed.emit(text)

    def _own_voice_speaking(self) -> bool:
        """Whether the app's own voice is switched on and speaking now."""
        sink = self.ctx.speech_sink
        if sink is None or not self.ctx.announcer.is_sink_enabled(sink):
            return False
        return bool(getattr(sink, "speaking", False))

    def _hold_own_voice(self) -> None:
        """The player has started a phrase: what the game announces from now on is kept from
        the app's own voice until the phrase ends (the screen reader still gets it at once);
        were it said, the microphone would be muted and the player's words lost."""
        sink = self.ctx.speech_sink
        if sink is not None and sink in self.ctx.announcer.sinks:
            self.ctx.announcer.hold(sink)
            self._hold_limit.start()

    def _release_own_voice(self) -> None:
        """The phrase is over (or has gone on too long): the app's own voice says what it kept."""
        self._hold_limit.stop()
        sink = self.ctx.speech_sink
        if sink is not None and self.ctx.announcer.is_held(sink):
            self.ctx.announcer.release(sink)
            self._follow_own_voice()

    def _follow_own_voice(self) -> None:
        """Mute the microphone while the app's own voice speaks (and it is switched on)."""
        mic = self.microphone
        if mic is None:
            return
        speaking = self._own_voice_speaking()
        if mic.muted != speaking:
            mic.set_muted(speaking)

    # --- push-to-talk -----------------------------------------------------------------------
    def push_to_talk_pressed(self) -> None:
        """F12 went down: start recording (hold mode), or start/stop (toggle mode). Starting a
        phrase silences the app's own voice first (the microphone is deaf while it speaks, so
        the player's first words would be lost), unless this press turned voice on and its
        instructions are being said; a tap that turns voice on is no phrase
        (:data:`TURN_ON_TAP_MS`)."""
        was_on = self.enabled
        if not self.enabled and not self.set_enabled(True):
            return
        if self.continuous:
            self._say(voice_on_text(True, False), Priority.READING)
            return
        if self.recording:
            if self.ptt_toggles:
                self._stop_recording(decode=True)
            else:
                self._release.stop()  # the key went up and down again at once: still held
            return
        assert self.microphone is not None  # voice is on
        if was_on and self._own_voice_speaking():
            self.stop_speaking()
        try:
            self.microphone.start()
        except MicrophoneUnavailableError as exc:
            self._fail(exc)
            return
        self.recording = True
        self._phrase_turned_voice_on = not was_on
        self._phrase_started = time.monotonic()
        self._hold_own_voice()
        self.listening_changed.emit(True)
        self._follow_own_voice()

    def push_to_talk_released(self) -> None:
        """F12 came up: in hold mode, the phrase is over and is decoded, unless the key goes
        down again within :data:`RELEASE_GRACE_MS` (a repeat the system did not mark)."""
        if self.recording and not self.ptt_toggles:
            self._release.start()

    def key_held(self) -> None:
        """The push-to-talk key is down (a press seen anywhere in the app, a repeat or not):
        a release just before it did not end the phrase."""
        if self.recording and not self.ptt_toggles:
            self._release.stop()

    def _released(self) -> None:
        if self.recording and not self.ptt_toggles:
            self._stop_recording(decode=True)

    def _stop_recording(self, decode: bool) -> None:
        self._release.stop()
        self.recording = False
        self._release_own_voice()
        assert self.microphone is not None  # it was recording
        try:
            audio = self.microphone.stop()
        except Exception as exc:
            self._fail(MicrophoneUnavailableError(str(exc)))
            return
        self.listening_changed.emit(False)
        if not decode:
            return
        if self._phrase_turned_voice_on and (
                time.monotonic() - self._phrase_started) * 1000 < TURN_ON_TAP_MS:
            # a tap to turn voice on, not a phrase: the instructions just said how to talk;
            # "Nothing was heard" seconds later would only puzzle
            return
        if audio is None:
            self.session.show_only(nothing_heard_text(self.ptt_toggles))
            self.ctx.say(nothing_heard_text(self.ptt_toggles), Priority.READING)
            return
        self.inject_audio(audio)

    # --- utterances in ----------------------------------------------------------------------
    def inject_audio(self, audio_data) -> int:
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``) as if the player had just
        said it, off the GUI thread, then act on it. Returns the request's token."""
        return self._submit(audio_data)

    def _continuous_audio(self, audio_data) -> int:
        """A piece continuous listening cut out of the room: decoded as :meth:`inject_audio`,
        but what is no command at all is only shown (see ``Heard.continuous``)."""
        return self._submit(audio_data, continuous=True)

    def inject_pcm(self, pcm: bytes) -> int:
        """The same for raw PCM: 16 kHz, 16-bit signed little-endian, mono."""
        return self._submit(bytes(pcm))

    def inject_file(self, path) -> int:
        """The same for a WAV/AIFF/FLAC file (as ``checkers-desktop listen`` reads it).
        Raises ``ValueError`` quoting ``path`` when it is not readable audio."""
        from ..speech.voice.commands import load_audio

        return self._submit(load_audio(str(path)))

    def _submit(self, audio, continuous: bool = False) -> int:
        state = self.session.listening_state(continuous=continuous, toggles=self.ptt_toggles)
        token = self._decoder.start(self._decode, audio, state, replace=False)
        self._requests[token] = state
        return token

    def _warm_up(self) -> None:
        """Load the recogniser's model now, before the first phrase."""
        self._decoder.start(lambda stop: self._get_recognizer().warm_up(), replace=False)

    def _decode(self, stop: threading.Event, audio, state: Heard):
        """Runs on the decoding thread: (the ``VoiceResult``, this thread's ident)."""
        recognizer = self._get_recognizer()
        decode = recognizer.decode_pcm if isinstance(audio, (bytes, bytearray)) \
            else recognizer.decode
        result = decode(bytes(audio) if isinstance(audio, bytearray) else audio, state.board,
                        state.profile, selected=state.selected, confirming=state.confirming,
                        choosing=state.choosing)
        return result, threading.get_ident()

    def _get_recognizer(self):
        with self._recognizer_lock:
            if self.recognizer is None:
                self.recognizer = VoiceRecognizer()
            return self.recognizer

    def _on_failed(self, exc: object, token: int) -> None:
        self._requests.pop(token, None)
        if not isinstance(exc, (MicrophoneUnavailableError, RecognizerUnavailableError)):
            exc = RecognizerUnavailableError(str(exc))
        self._fail(exc)

    def _on_decoded(self, answer, token: int) -> None:
        state = self._requests.pop(token, None)
        if state is None:  # the warm-up, or a request from before a failure
            return
        result, thread_id = answer
        self.decode_threads.append(thread_id)
        try:
            self.session.heard(result, state)
        finally:
            self.heard.emit(result)

    def say_help(self) -> None:
        """"What can I say?": the commands the current rules allow, spoken and shown."""
        self.session.say_help()

    # --- the player's learned voice (Voice > Learn my voice) ---------------------------------
    def voice_store(self) -> VoiceProfileStore:
        """Where learned voices are kept: the data folder's ``voice``, sealed."""
        folder = Path(self.ctx.data_folder)
        return VoiceProfileStore(folder / "voice", KeyRing(key_folder(folder)))

    def _use_learned_voice(self) -> None:
        """Once a run, when voice commands first go on: the player's kept learned voice is put
        in force (a damaged one is told, and the standard settings stay)."""
        if self._learned_checked:
            return
        self._learned_checked = True
        adaptation, problem = load_learned_voice(self.voice_store(), PLAYER)
        if problem is not None:
            self._say(problem, Priority.QUEUE)
            self.session.show_only(problem)
        if adaptation is not None:
            self._adapt(adaptation)

    def _adapt(self, adaptation) -> None:
        """Put ``adaptation`` in force on the decoding thread, in turn with the utterances."""
        self._decoder.start(lambda stop: self._get_recognizer().adapt(adaptation),
                            replace=False)

    def learn_my_voice(self) -> None:
        """Voice > Learn my voice: asks first when a learned voice is kept, then the twelve
        phrases (:class:`~.voice_enrolment.EnrolmentDialog`)."""
        if self.enrolment is not None:
            return
        store = self.voice_store()
        if store.path(PLAYER).exists() and not self.ctx.ask.confirm(
                enrol_replace_question(), ENROLMENT_TITLE, by_voice=True):
            return
        try:
            measure = self._get_recognizer().measurer()
        except RecognizerUnavailableError:
            measure = None
        if measure is None:
            self._say(enrol_needs_whisper_text(), Priority.INTERRUPT)
            return
        ok, message = microphone_status()
        if not ok:
            log.info("Learn my voice: no microphone (%s)", message)
            self._say(enrol_no_microphone_text(), Priority.INTERRUPT)
            return
        try:
            microphone = self.microphone_factory()
        except MicrophoneUnavailableError as exc:
            self._say(enrol_failed_text(str(exc)), Priority.INTERRUPT)
            return
        self._learned_checked = True  # what is learned now replaces what was kept
        if self.recording or self.continuous:
            self._close_microphone(stop_following=False)  # one microphone at a time
        session = EnrolmentSession(self._say, store, PLAYER, load_reference(), self._adapt)
        self.enrolment = EnrolmentDialog(self.ctx.window, session, microphone, measure)
        self.enrolment.ended.connect(self._enrolment_ended)
        self.enrolment.start()

    def _enrolment_ended(self, learned: bool) -> None:
        dialog, self.enrolment = self.enrolment, None
        if dialog is not None:
            dialog.deleteLater()
        if self.enabled and self.continuous:
            self._open_continuous()

    def _say(self, text: str, priority: Priority) -> None:
        self.ctx.say(text, priority)

    # --- the window's side (session.voice.VoiceHost) ----------------------------------------
    def answer_question(self, yes: bool) -> bool:
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

    def question_open(self) -> bool:
        return open_question_box() is not None

    def closed_to_voice(self) -> bool:
        return closed_to_voice()

    def read(self, command_id: str) -> None:
        assert self.ctx.reading is not None  # made with the window
        self.ctx.reading.run_reading(command_id)

    def hint(self) -> None:
        """As F9: the hint of the problem on the board, else of the game."""
        self.ctx.actions["hint"].trigger()

    def practice_command(self, name: str) -> None:
        """"show-solution" and "next-problem": as the Practice menu's items."""
        self.ctx.actions["show_solution" if name == "show-solution" else "next_problem"].trigger()

    def take_back(self) -> None:
        assert self.ctx.practice is not None  # made with the window
        self.ctx.practice.take_back()

    def offer_draw(self) -> None:
        """Confirmed by voice: a match's draw offer (named, logged; the Event menu asks again),
        else the game's, answered by the opponent or the computer."""
        assert self.ctx.matches is not None  # made with the window
        self.ctx.matches.offer_draw(confirmed=True)

    def stop_speaking(self) -> None:
        assert self.ctx.reading is not None  # made with the window
        self.ctx.reading.stop_speaking()

    def point_at(self, square: int) -> None:
        self.ctx.board.set_cursor(square, focus=False)
