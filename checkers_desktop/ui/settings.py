"""The app's settings, declared once with their defaults, kept in ``QSettings``.

Where they live: the ini file named by the environment variable ``CHECKERS_DESKTOP_SETTINGS`` when it
is set (tests and CI use a temporary file), else Qt's native place for organisation and application
"checkers-desktop".
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
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
                           "Strength of the computer, 1 (gentle) to 6 (master) as in "
                           "engine.LEVELS; set in Game > Computer level or with Ctrl+L (up) and "
                           "Ctrl+Shift+K (down).")
PROFILE_KEY = SettingSpec("game/profile", str, "practice",
                          "Rule profile whose side names are used (Black and Red for practice).")

LESSON_OFFERED = SettingSpec("tutorial/offered", bool, False,
                            "The welcome has offered the spoken lesson (Help > Learn checkers) "
                            "once; it is not offered again.")
GAMES_FOLDER = SettingSpec("files/games_folder", str, "",
                          "The folder of the last game opened or saved: Open game and Save game "
                          "start there (empty: the Documents folder, else the home folder).")
ENGINE_PREPARED = SettingSpec("engine/prepared", bool, False,
                             "The computer finished getting ready once on this install (its "
                             "compiled search and endgame database cached): a later start does "
                             "not say 'the first time only'.")
SPECS: tuple[SettingSpec, ...] = (SPEECH_ENABLED, ENGINE_LEVEL, PROFILE_KEY, LESSON_OFFERED,
                                  GAMES_FOLDER, ENGINE_PREPARED)

# --- display settings (applied by ui/display.py) ---------------------------------------
from .themes import DEFAULT_THEME_KEY  # noqa: E402  (themes.py is plain data, no Qt)

THEME_KEY = SettingSpec("display/theme", str, DEFAULT_THEME_KEY,
                        "Colour theme of the board and window (a key of ui/themes.THEMES).")
ZOOM_PERCENT = SettingSpec("display/zoom", int, 100,
                           "Board magnification, 100 to 400 percent; above 100 the view follows "
                           "the cursor.")
TEXT_SIZE_PERCENT = SettingSpec("display/text_size", int, 100,
                                "Size of every label, menu and the move box, 100 to 300 percent of "
                                "the system font.")
LARGE_NUMBERS = SettingSpec("display/large_numbers", bool, False,
                            "Square numbers written large: in the middle of an empty square, "
                            "larger in the corner of one with a piece.")
DISPLAY_SPECS: tuple[SettingSpec, ...] = (THEME_KEY, ZOOM_PERCENT, TEXT_SIZE_PERCENT, LARGE_NUMBERS)
SPECS = SPECS + DISPLAY_SPECS
# --- end of display settings ---------------------------------------------------------------------

# --- speech and sound settings (applied by ui/speech_menu.py) -----------------
VERBOSITY = SettingSpec("speech/verbosity", str, "normal",
                        "How much is said: brief (fewest words, for experienced players), normal "
                        "(one announcement per move: the move, what it took, the jump you must "
                        "make) or full (every detail, whose turn after every move).")
NOTATION = SettingSpec("speech/notation", str, "jumps",
                       "How moves are spoken: \"twenty-two jumps fifteen\", \"twenty-two takes "
                       "fifteen\" or \"twenty-two to fifteen\".")
OUTPUT = SettingSpec("speech/output", str, "auto",
                     "Where speech goes: auto (your screen reader when one is running, else the "
                     "app's own voice), screen reader only, the app's own voice only, or both.")
SPEECH_RATE = SettingSpec("speech/rate", int, 200, "Speed of the app's own voice, words a minute.")
SPEECH_VOLUME = SettingSpec("speech/volume", int, 100,
                            "Loudness of the app's own voice, percent.")
SPEECH_VOICE = SettingSpec("speech/voice", str, "",
                           "The app's own voice (an id of the speech engine; empty: the system's "
                           "default voice).")
SOUND_VOLUME = SettingSpec("sound/volume", int, 80,
                           "Loudness of the short sounds (move, capture, crowning, refused, edge, "
                           "warning, end of game), percent, separate from speech.")
SOUND_MUTED = SettingSpec("sound/muted", bool, False, "The short sounds are off.")
SOUND_PLACED = SettingSpec("sound/placed", bool, True,
                           "The sounds of moves and of the cursor are heard where they happen on "
                           "the board: left to right by column, higher to lower by row.")
SPEECH_SPECS: tuple[SettingSpec, ...] = (VERBOSITY, NOTATION, OUTPUT, SPEECH_RATE, SPEECH_VOLUME,
                                         SPEECH_VOICE, SOUND_VOLUME, SOUND_MUTED, SOUND_PLACED)
SPECS = SPECS + SPEECH_SPECS

CHOICES: dict[str, tuple[tuple[object, str], ...]] = {
    VERBOSITY.key: (("brief", "Brief"), ("normal", "Normal"), ("full", "Full")),
    NOTATION.key: (("jumps", "Twenty-two jumps fifteen"), ("takes", "Twenty-two takes fifteen"),
                   ("to", "Twenty-two to fifteen")),
    OUTPUT.key: (("auto", "Automatic: screen reader if running, else own voice"),
                 ("screen_reader", "Screen reader only"), ("self_voice", "Own voice only"),
                 ("both", "Screen reader and own voice")),
    SPEECH_RATE.key: ((130, "Slow"), (170, "Relaxed"), (200, "Normal"), (250, "Fast"),
                      (300, "Very fast")),
    SPEECH_VOLUME.key: ((25, "25 percent"), (50, "50 percent"), (75, "75 percent"),
                        (100, "100 percent")),
    SOUND_VOLUME.key: ((25, "25 percent"), (50, "50 percent"), (80, "80 percent"),
                       (100, "100 percent")),
}
"""The values a menu offers for a setting (value, spoken and shown label), in menu order."""
MENU_TITLES: dict[str, str] = {
    VERBOSITY.key: "&Verbosity", NOTATION.key: "Spoken &notation", OUTPUT.key: "Speech &output",
    SPEECH_RATE.key: "Speech ra&te", SPEECH_VOLUME.key: "Speech vo&lume", SPEECH_VOICE.key: "Voi&ce",
    SOUND_VOLUME.key: "Sound volu&me", SOUND_MUTED.key: "M&ute sounds",
    SOUND_PLACED.key: "Place sounds on the &board",
}
"""The Speech menu's item for each speech or sound setting (a submenu, or a check item for a bool)."""
# --- end of speech and sound settings -----------------------------------------------------------

# --- voice commands (applied by ui/voice_input.py, Voice menu) -------------------------
VOICE_ENABLED = SettingSpec("voice/enabled", bool, False,
                            "Voice commands are on (the microphone is opened only when you talk, "
                            "or all the time with continuous listening).")
VOICE_CONTINUOUS = SettingSpec("voice/continuous", bool, False,
                               "Listen all the time instead of only while the push-to-talk key "
                               "(F12) is used.")
VOICE_PTT_TOGGLES = SettingSpec("voice/push_to_talk_toggles", bool, False,
                                "F12 is pressed once to start talking and once to stop, instead "
                                "of held down while you speak.")
VOICE_CONFIRMATION = SettingSpec("voice/confirmation", str, "every-move",
                                 "Which voice commands wait for \"yes\": every move "
                                 "(\"every-move\") or only resigning and draw offers "
                                 "(\"resign-and-draw\").")
VOICE_SPECS: tuple[SettingSpec, ...] = (VOICE_ENABLED, VOICE_CONTINUOUS, VOICE_PTT_TOGGLES,
                                        VOICE_CONFIRMATION)
SPECS = SPECS + VOICE_SPECS
# --- end of voice commands ----------------------------------------------------------------------

# --- the event (applied by ui/event/menu.py) ----------------------------------------------------
EVENT_PIN = SettingSpec("event/official_pin", str, "",
                        "The event's official PIN as a salted scrypt hash (never the PIN "
                        "itself); empty when none is set. Set in Event > Official > Set the "
                        "event PIN.")
SPECS = SPECS + (EVENT_PIN,)
# --- end of the event ---------------------------------------------------------------------------


def open_qsettings(path: str | os.PathLike | None = None) -> QSettings:
    """The QSettings store: the ini file ``path``, else ``$CHECKERS_DESKTOP_SETTINGS``, else native."""
    path = path or os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(str(path), QSettings.Format.IniFormat)
    return QSettings(ORGANIZATION, APPLICATION)


class Settings:
    """Typed access to the declared settings. Unknown or unreadable stored values give the default."""

    def __init__(self, qsettings: QSettings | None = None, *, keep_alive: object = None) -> None:
        """``keep_alive``: an object that must live as long as these settings (the temporary
        folder that holds them when the real file could not be used)."""
        self.qsettings = qsettings if qsettings is not None else open_qsettings()
        self._keep_alive = keep_alive

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

    def games_folder(self) -> Path:
        """Where Open game and Save game start: the folder of the last game opened or saved,
        while it still exists; else the Documents folder (else the home folder: see
        :func:`.paths.documents_folder`)."""
        from .paths import documents_folder

        folder = self.get(GAMES_FOLDER)
        if folder and Path(folder).is_dir():
            return Path(folder)
        return documents_folder()

    def remember_games_folder(self, path) -> None:
        """Keep the folder of the file ``path`` just opened or saved."""
        self.set(GAMES_FOLDER, str(Path(path).resolve().parent))

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
