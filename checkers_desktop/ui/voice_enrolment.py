"""The window's side of Voice > Learn my voice: a small dialog that shows the phrase to read,
opens and closes the microphone when Space or Enter is pressed, and measures each recording off
the GUI thread. Every step, sentence and decision is
:class:`~checkers_desktop.session.enrolment.EnrolmentSession`'s; Escape stops with nothing kept.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from ..session.enrolment import EnrolmentSession, EnrolmentStep
from ..speech.voice.enrol import measure_phrase
from .display import question_font
from .jobs import BackgroundJob

__all__ = ["EnrolmentDialog", "TITLE"]

TITLE = "Learn my voice"

LABEL_WIDTH = 520
"""The prompt's width in pixels: a phrase and its instructions on a few lines, at the large
text of the app's questions."""

START_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)


def _pcm_of(audio: Any) -> Optional[bytes]:
    """16 kHz 16-bit mono PCM of what the microphone gave (``AudioData``, bytes or None)."""
    if audio is None:
        return None
    if isinstance(audio, (bytes, bytearray)):
        return bytes(audio) or None
    return audio.get_raw_data(convert_rate=16000, convert_width=2) or None


class EnrolmentDialog(QDialog):
    """Learn my voice for ``session`` over ``parent``. ``microphone``: a ``Microphone`` (its
    ``start()`` and ``stop() -> AudioData | None``); ``measure``: the recogniser's
    ``measure`` (see ``speech.voice.enrol.measure_phrase``). Signal ``ended(bool)`` when it
    closes: True when the voice was learned."""

    ended = Signal(bool)

    def __init__(self, parent: Optional[QWidget], session: EnrolmentSession, microphone: Any,
                 measure: Callable[..., Any]) -> None:
        super().__init__(parent)
        self.session = session
        self.microphone = microphone
        self.measure = measure
        self.measure_threads: list[int] = []
        self.setWindowTitle(TITLE)
        self.setAccessibleName(TITLE)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.label.setFont(question_font(self.label))
        self.label.setMinimumWidth(LABEL_WIDTH)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        self._job = BackgroundJob("voice-enrolment", self)
        self._job.finished.connect(self._measured)
        self._job.failed.connect(self._failed)
        self.finished.connect(self._closed)

    def start(self) -> None:
        """Show the dialog (window-modal, not blocking) and prompt the first phrase."""
        self.session.begin()
        self._show()
        self.open()
        self.label.setFocus()

    def _show(self) -> None:
        self.label.setText(self.session.shown)
        self.label.setAccessibleName(self.session.shown)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key in START_KEYS and not event.isAutoRepeat():
            self.press()
            return
        if key == Qt.Key.Key_Escape:
            self.reject()
            return
        super().keyPressEvent(event)

    def press(self) -> None:
        """Space or Enter: start or end the phrase's recording."""
        what = self.session.press()
        if what == "record":
            try:
                self.microphone.start()
            except Exception as exc:  # noqa: BLE001 - told, and nothing is kept
                self.session.failed(str(exc))
                self._show()
                self.done(QDialog.DialogCode.Rejected)
                return
        elif what == "stop":
            try:
                pcm = _pcm_of(self.microphone.stop())
            except Exception as exc:  # noqa: BLE001
                self.session.failed(str(exc))
                self._show()
                self.done(QDialog.DialogCode.Rejected)
                return
            if pcm is None:
                self.session.nothing_recorded()
            else:
                self._job.start(self._measure, self.session.index, pcm, replace=False)
        self._show()

    def _measure(self, stop: threading.Event, index: int, pcm: bytes):
        self.measure_threads.append(threading.get_ident())
        return measure_phrase(self.measure, index, pcm)

    def _measured(self, measure, token: int) -> None:
        self.session.measured(measure)
        self._show()
        if self.session.step is EnrolmentStep.DONE:
            self.done(QDialog.DialogCode.Accepted)

    def _failed(self, error: object, token: int) -> None:
        self.session.failed(str(error))
        self._show()
        self.done(QDialog.DialogCode.Rejected)

    def reject(self) -> None:
        """Escape (or the window closed): stopped, nothing kept."""
        self.session.stop()
        self._show()
        super().reject()

    def _closed(self, code: int) -> None:
        if getattr(self.microphone, "active", False):
            try:
                self.microphone.stop()
            except Exception:  # noqa: BLE001 - closing must never break the game
                pass
        self._job.cancel()
        self.ended.emit(self.session.step is EnrolmentStep.DONE)
