"""Non-visual play in the window: the reading commands and the speech and sound settings.

:class:`SpeechControls` gives the window the handlers of the Read menu's commands (declared in
``actions.py``; their words come from :mod:`.reading`), adds the settings submenus to the Speech
menu (verbosity, spoken notation, where speech goes, the own voice's rate, volume and voice, the
sounds' volume and mute; declared in ``settings.py``), applies every setting at once, saves it, and
says the change.

Where speech goes (the "output" setting, see :func:`.a11y.output_routes`): by default the screen
reader alone when one is listening (``QAccessible.isActive()``), else the app's own voice, so that
nothing is heard twice.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from ..speech.announcer import Priority
from ..texts import app as app_texts
from ..session import reading
from . import a11y, a11y_bus
from .settings import (CHOICES, MENU_TITLES, NOTATION, OUTPUT, SOUND_MUTED, SOUND_PLACED,
                       SOUND_VOLUME,
                       SPEECH_RATE, SPEECH_SPECS, SPEECH_VOICE, SPEECH_VOLUME, VERBOSITY,
                       SettingSpec)
from .context import AppContext

log = logging.getLogger(__name__)


class SpeechControls:
    """The reading commands and the speech/sound settings, for the window of ``ctx`` (an
    :class:`~.context.AppContext`)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.handlers: dict[str, Any] = {cid: (lambda cid=cid: self.run_reading(cid))
                                         for cid in reading.READERS}
        self.handlers["stop_speaking"] = self.stop_speaking
        self.setting_actions: dict[str, dict[Any, QAction]] = {}
        self.voice_menu: QMenu | None = None
        self.mute_action: QAction | None = None

    # --- reading commands -------------------------------------------------------------------
    def reading_text(self, command_id: str) -> str:
        board = self.ctx.board
        return reading.read(command_id, reading.ReadingContext(
            self.ctx.session, board.cursor, board.flipped,
            getattr(board, "reviewed_position", None)))

    def run_reading(self, command_id: str) -> str:
        """Say the answer of a reading command (READING priority: it replaces an earlier reading)."""
        text = self.reading_text(command_id)
        self.ctx.announcer.announce(text, Priority.READING)
        return text

    def stop_speaking(self) -> None:
        """Silence the app's own voice now (the screen reader has its own stop key)."""
        self.ctx.announcer.stop()
        self.ctx.echo.stop()

    # --- applying settings ------------------------------------------------------------------
    def apply_all(self) -> None:
        """Apply every speech and sound setting (at start, and when the window is shown)."""
        self.apply_routes()
        self.apply_game_words()
        self.apply_voice()
        self.apply_sound()

    def apply_routes(self) -> None:
        """Enable the screen reader and own-voice sinks as the output setting and the speech on/off
        switch say."""
        w = self.ctx
        mode = w.settings.get(OUTPUT)
        active = a11y.screen_reader_active()
        heard = a11y_bus.announcements_heard() if active and mode not in (
            "screen_reader", "self_voice", "both") else None
        to_reader, to_voice = a11y.output_routes(mode, active, heard)
        log.info("speech output %s: screen reader %s (listening: %s, hears announcements: %s), "
                 "own voice %s", mode, to_reader, active, heard, to_voice)
        w.announcer.set_sink_enabled(w.screen_reader, to_reader)
        if w.speech_sink is not None:
            on = to_voice and w.settings.speech_enabled
            w.announcer.set_sink_enabled(w.speech_sink, on)
            w.echo.set_sink_enabled(w.speech_sink, on)

    def apply_game_words(self) -> None:
        c = self.ctx.session
        c.verbosity = self.ctx.settings.get(VERBOSITY)
        c.style = self.ctx.settings.get(NOTATION)
        if c.verbosity not in ("full", "normal", "brief"):
            c.verbosity = VERBOSITY.default
        if c.style not in ("jumps", "takes", "to"):
            c.style = NOTATION.default
        self.ctx.refresh_board()

    def apply_voice(self) -> None:
        sink = self.ctx.speech_sink
        settings = self.ctx.settings
        if sink is None:
            return
        for method, value in (("set_rate", settings.get(SPEECH_RATE)),
                              ("set_volume", settings.get(SPEECH_VOLUME) / 100.0),
                              ("set_voice", settings.get(SPEECH_VOICE) or None)):
            fn = getattr(sink, method, None)
            if fn is not None and value is not None:
                try:
                    fn(value)
                except Exception:  # a voice the engine lacks must not stop the game
                    log.exception("the app's voice did not take %s=%r", method, value)

    def apply_sound(self) -> None:
        player = self.ctx.sounds.player
        settings = self.ctx.settings
        if player is None:
            return
        player.volume = settings.get(SOUND_VOLUME) / 100.0
        player.muted = settings.get(SOUND_MUTED)
        if hasattr(player, "placed"):
            player.placed = settings.get(SOUND_PLACED)

    def set_setting(self, spec: SettingSpec, value: Any, label: str | None = None) -> None:
        """Save ``value`` for ``spec``, apply it and say it ("Verbosity: Brief.")."""
        w = self.ctx
        w.settings.set(spec, value)
        if spec is OUTPUT:
            self.apply_routes()
        elif spec in (VERBOSITY, NOTATION):
            self.apply_game_words()
        elif spec in (SPEECH_RATE, SPEECH_VOLUME, SPEECH_VOICE):
            self.apply_voice()
        else:
            self.apply_sound()
        self._check(spec, value)
        title = MENU_TITLES[spec.key].replace("&", "")
        if spec is SOUND_MUTED:
            words = app_texts.sounds_text(bool(value))
        elif spec.type is bool:
            words = app_texts.setting_text(title, "on" if value else "off")
        else:
            words = app_texts.setting_text(title, str(label if label is not None else value))
        w.announcer.announce(words, Priority.INTERRUPT)

    # --- the Speech menu --------------------------------------------------------------------
    def build_menu(self, menu: QMenu) -> None:
        """Add the settings submenus to the Speech menu: radio items for each choice, the voices
        (filled when the submenu opens), and Mute sounds."""
        w = self.ctx
        menu.addSeparator()
        for spec in SPEECH_SPECS:
            title = MENU_TITLES[spec.key]
            if spec.type is bool:  # a check item: Mute sounds, Place sounds on the board
                action = QAction(title, w.window)
                action.setObjectName("setting:" + spec.key)
                action.setCheckable(True)
                action.setChecked(w.settings.get(spec))
                action.setStatusTip(spec.help_text)
                action.toggled.connect(lambda on, s=spec: self.set_setting(s, bool(on)))
                menu.addAction(action)
                if spec is SOUND_MUTED:
                    self.mute_action = action
                continue
            sub = menu.addMenu(title)
            sub.setObjectName("menu:" + spec.key)
            sub.setToolTip(spec.help_text)
            if spec is SPEECH_VOICE:
                self.voice_menu = sub
                sub.aboutToShow.connect(self._fill_voices)
                self._fill_voices()
                continue
            group = QActionGroup(sub)
            group.setExclusive(True)
            current = w.settings.get(spec)
            self.setting_actions[spec.key] = {}
            for value, label in CHOICES[spec.key]:
                action = QAction(label, sub)
                action.setObjectName(f"setting:{spec.key}={value}")
                action.setCheckable(True)
                action.setChecked(value == current)
                action.setStatusTip(spec.help_text)
                action.triggered.connect(
                    lambda checked=False, s=spec, v=value, lb=label: self.set_setting(s, v, lb))
                group.addAction(action)
                sub.addAction(action)
                self.setting_actions[spec.key][value] = action

    def _fill_voices(self) -> None:
        sub = self.voice_menu
        if sub is None:
            return
        sub.clear()
        sink = self.ctx.speech_sink
        voices = []
        if sink is not None and hasattr(sink, "voices"):
            try:
                voices = list(sink.voices())
            except Exception:  # the speech engine cannot list its voices: only the system's
                log.exception("the app's voice could not list its voices")
                voices = []
        current = self.ctx.settings.get(SPEECH_VOICE)
        group = QActionGroup(sub)
        self.setting_actions[SPEECH_VOICE.key] = {}
        for voice_id, name in [("", "System voice")] + voices[:40]:
            action = QAction(name, sub)
            action.setObjectName(f"setting:{SPEECH_VOICE.key}={voice_id}")
            action.setCheckable(True)
            action.setChecked(voice_id == current)
            action.triggered.connect(
                lambda checked=False, v=voice_id, n=name: self.set_setting(SPEECH_VOICE, v, n))
            group.addAction(action)
            sub.addAction(action)
            self.setting_actions[SPEECH_VOICE.key][voice_id] = action

    def _check(self, spec: SettingSpec, value: Any) -> None:
        action = self.setting_actions.get(spec.key, {}).get(value)
        if action is not None and not action.isChecked():
            # a radio item: ticked with its signals on, so its exclusive group unticks the
            # others (its command is on triggered, which setChecked does not emit)
            action.setChecked(True)
        if spec is SOUND_MUTED and self.mute_action is not None and \
                self.mute_action.isChecked() != bool(value):
            self.mute_action.blockSignals(True)
            self.mute_action.setChecked(bool(value))
            self.mute_action.blockSignals(False)
