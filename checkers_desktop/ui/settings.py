"""The app's settings, declared once with their defaults, kept in ``QSettings``.

Where they live: the ini file named by the environment variable ``CHECKERS_DESKTOP_SETTINGS`` when it
is set (tests and CI use a temporary file), else Qt's native place for organisation and application
"checkers-desktop".
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSettings

SETTINGS_ENV = "CHECKERS_DESKTOP_SETTINGS"
ORGANIZATION = "checkers-desktop"
APPLICATION = "checkers-desktop"


@dataclass(frozen=True)
class SettingSpec:
    """One setting: its QSettings key, its type and its default."""

    key: str
    type: type
    default: Any
    help_text: str


SPEECH_ENABLED = SettingSpec("speech/enabled", bool, True,
                             "The app speaks moves and messages with its own voice.")
ENGINE_LEVEL = SettingSpec("engine/level", int, 3,
                           "Strength of the computer, 1 (gentle) and up; about a second a move.")
PROFILE_KEY = SettingSpec("game/profile", str, "practice",
                          "Rule profile whose side names are used (Black and Red for practice).")

SPECS: tuple[SettingSpec, ...] = (SPEECH_ENABLED, ENGINE_LEVEL, PROFILE_KEY)


def open_qsettings(path: str | os.PathLike | None = None) -> QSettings:
    """The QSettings store: the ini file ``path``, else ``$CHECKERS_DESKTOP_SETTINGS``, else native."""
    path = path or os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(str(path), QSettings.Format.IniFormat)
    return QSettings(ORGANIZATION, APPLICATION)


class Settings:
    """Typed access to the declared settings. Unknown or unreadable stored values give the default."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self.qsettings = qsettings if qsettings is not None else open_qsettings()

    def get(self, spec: SettingSpec) -> Any:
        raw = self.qsettings.value(spec.key, spec.default)
        try:
            if spec.type is bool:
                if isinstance(raw, str):
                    return raw.strip().lower() in ("1", "true", "yes", "on")
                return bool(raw)
            return spec.type(raw)
        except (TypeError, ValueError):
            return spec.default

    def set(self, spec: SettingSpec, value: Any) -> None:
        self.qsettings.setValue(spec.key, spec.type(value))
        self.qsettings.sync()

    # Convenience properties for the three settings.
    @property
    def speech_enabled(self) -> bool:
        return self.get(SPEECH_ENABLED)

    @speech_enabled.setter
    def speech_enabled(self, value: bool) -> None:
        self.set(SPEECH_ENABLED, value)

    @property
    def engine_level(self) -> int:
        return self.get(ENGINE_LEVEL)

    @engine_level.setter
    def engine_level(self, value: int) -> None:
        self.set(ENGINE_LEVEL, value)

    @property
    def profile_key(self) -> str:
        return self.get(PROFILE_KEY)

    @profile_key.setter
    def profile_key(self, value: str) -> None:
        self.set(PROFILE_KEY, value)
