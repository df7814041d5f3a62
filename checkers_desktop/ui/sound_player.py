"""Plays the earcons of :mod:`checkers_desktop.speech.sounds` with Qt's ``QSoundEffect``.

Never raises where there is no audio device (offscreen tests, CI, a machine without a sound card):
an effect that cannot load or play is skipped and :attr:`SoundPlayer.unavailable` is emitted once
with the reason. GUI thread only, like every ``QObject`` here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Union

from PySide6.QtCore import QObject, QStandardPaths, QUrl, Signal

from checkers_desktop.speech.sounds import SOUND_NAMES, placed_sound_path, sound_path
from checkers_desktop.texts import app as app_texts

__all__ = ["SoundPlayer"]


class SoundPlayer(QObject):
    """Short sounds by name: "move", "capture", "crown", "refused", "edge", "warning", "game_over",
    "cursor"; each may be placed on the board (``place``: its screen column and row, 0-7), heard
    left to right by column and high to low by row while :attr:`placed` is on.

    ``cache_dir``: where to generate the WAV files when the checkout's ``assets/sounds`` is absent
    (an installed wheel); defaults to the app's ``QStandardPaths`` cache location + "/sounds".

    Signals: ``played(name)`` each time a sound is asked for while not muted (also where no
    device can render it);
    ``unavailable(message)`` once, when sounds cannot be played here.
    """

    played = Signal(str)
    unavailable = Signal(str)

    def __init__(self, parent: Optional[QObject] = None, *,
                 cache_dir: Optional[Union[str, Path]] = None, volume: float = 0.8,
                 muted: bool = False) -> None:
        super().__init__(parent)
        self._cache_dir = cache_dir
        self._effects: dict = {}
        self._volume = 0.8
        self._muted = bool(muted)
        self.placed = True
        """Sounds given a place are heard there (stereo by column, pitch by row)."""
        self._reported = False
        self.volume = volume

    # --- settings ---------------------------------------------------------------------------
    @property
    def volume(self) -> float:
        """Loudness from 0.0 to 1.0 (setting it outside raises ``ValueError`` quoting it)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise ValueError(f"{value!r} is not a volume from 0.0 to 1.0")
        self._volume = float(value)
        for effect in self._effects.values():
            if effect is not None:
                effect.setVolume(self._volume)

    @property
    def muted(self) -> bool:
        """When True, :meth:`play` does nothing."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            for effect in self._effects.values():
                if effect is not None:
                    effect.stop()

    # --- playing ----------------------------------------------------------------------------
    def play(self, name: str, place: Optional[tuple[int, int]] = None) -> bool:
        """Play the sound ``name``, at ``place`` ((column, row) on the screen, 0-7) when given
        and :attr:`placed` is on; returns False only when muted.

        ``played(name)`` is emitted for every sound asked for while not muted, also when this
        machine cannot render it (no audio device): the request is what the UI and its tests care
        about. Unknown names raise ``ValueError`` quoting the name (a programming error). A missing
        audio device never raises: the sound is skipped and ``unavailable`` says so once.
        """
        if name not in SOUND_NAMES:
            raise ValueError(f"{name!r} is not a sound; the sounds are {', '.join(SOUND_NAMES)}")
        if self._muted:
            return False
        key = (name, *place) if place is not None and self.placed else name
        effect = self._effect(key)
        if effect is not None:
            try:
                from PySide6.QtMultimedia import QSoundEffect
                if effect.status() == QSoundEffect.Status.Error:
                    self._report(app_texts.sound_unplayable_text(name))
                else:
                    effect.stop()
                    effect.play()
            except Exception as exc:  # pragma: no cover - depends on the platform's audio stack
                self._report(app_texts.sounds_unavailable_text(str(exc)))
        self.played.emit(name)
        return True

    def stop(self) -> None:
        """Stop every sound that is playing."""
        for effect in self._effects.values():
            if effect is not None:
                effect.stop()

    # --- internals --------------------------------------------------------------------------
    def _cache(self) -> Path:
        if self._cache_dir is not None:
            return Path(self._cache_dir)
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
        return Path(base or ".") / "sounds"

    def _effect(self, key):
        """The effect of ``key``: a sound's name, or (name, column, row) for a placed one."""
        if key in self._effects:
            return self._effects[key]
        name = key if isinstance(key, str) else key[0]
        effect = None
        try:
            from PySide6.QtMultimedia import QSoundEffect
            path = sound_path(name, self._cache()) if isinstance(key, str) else \
                placed_sound_path(name, key[1], key[2], self._cache())
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effect.setVolume(self._volume)
            effect.statusChanged.connect(lambda n=name, e=effect: self._status_changed(n, e))
        except Exception as exc:  # no QtMultimedia plugin, unwritable cache...
            self._report(app_texts.sounds_unavailable_text(str(exc)))
            effect = None
        self._effects[key] = effect
        return effect

    def _status_changed(self, name: str, effect) -> None:
        from PySide6.QtMultimedia import QSoundEffect
        if effect.status() == QSoundEffect.Status.Error:
            self._report(app_texts.sound_unplayable_text(name))

    def _report(self, message: str) -> None:
        if not self._reported:
            self._reported = True
            self.unavailable.emit(message)
