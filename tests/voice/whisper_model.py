"""Whether the Whisper path can run here, for the voice tests that decode real speech: the model
found, CTranslate2 and faster-whisper importable. ``HAVE_MODEL`` is False where any of them is
missing (the tests then skip, saying which part)."""

from __future__ import annotations

try:
    from checkers_desktop.speech.voice.whisper import model_path

    model_path()
    import ctranslate2  # noqa: F401
    import faster_whisper  # noqa: F401
    HAVE_MODEL = True
except Exception:  # noqa: BLE001 - any failure to find or load the model means: skip
    HAVE_MODEL = False
