"""A question that leads to another hands the focus straight to it.

An answer applied while its dialog is still on the screen (a draw offer's answer, an
official's form confirmed: :func:`answering`) may end a game whose next game waits for the
official. The window then asks for the next question to follow (:func:`keep_up`): the answered
dialog stays up, its modal loop ended (:func:`finish`, called by its
``done``), until the next dialog opens over it (:func:`run_modal`), which then hides it. A
screen reader hears one focus change, from one question to the next, instead of the board, its
cell, and then the next question within a quarter of a second. A dialog kept up and followed by
nothing goes after :data:`KEEP_UP_MS`.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QDialog, QWidget
from shiboken6 import isValid

__all__ = ["KEEP_UP_MS", "answering", "keep_up", "finish", "run_modal", "is_kept", "pending"]

KEEP_UP_MS = 1000
"""How long an answered question may stay on the screen waiting for the question that follows
it (milliseconds, see :func:`keep_up`)."""


class _Handover:
    """The question being answered now (its answer applied before it closes), the one asked to
    stay up, and the one kept on the screen until the next question opens over it."""

    answering: Optional[QDialog] = None
    wanted: Optional[QDialog] = None
    kept: Optional[QDialog] = None


_HANDOVER = _Handover()


def _kept() -> Optional[QDialog]:
    """The dialog kept up, forgotten once Qt has deleted it (with its window, before its
    :data:`KEEP_UP_MS` ran out: the release timer went with it)."""
    kept = _HANDOVER.kept
    if kept is not None and not isValid(kept):
        _HANDOVER.kept = kept = None
    return kept


def answering(dialog: QDialog, apply: Callable[[], object]) -> None:
    """Run ``apply`` (what the answer changes) while ``dialog`` is still on the screen, as the
    question being answered (:func:`keep_up` may keep it up)."""
    before = _HANDOVER.answering
    _HANDOVER.answering = dialog
    try:
        apply()
    finally:
        _HANDOVER.answering = before


def finish(dialog: QDialog, result: int, close: Callable[[int], None]) -> None:
    """How an interaction dialog's ``done(result)`` ends it: ``close(result)`` (QDialog's own),
    unless its answer asked for the question that follows to come first; then it stays on the
    screen until that question opens over it (or :data:`KEEP_UP_MS` passed),
    and only its modal loop ends now."""
    if _HANDOVER.wanted is not dialog:
        close(result)
        return
    _HANDOVER.wanted = None
    dialog.setResult(result)
    _HANDOVER.kept = dialog
    QTimer.singleShot(KEEP_UP_MS, dialog, lambda: _release(dialog))
    dialog.finished.emit(result)


def _release(dialog: QDialog) -> None:
    if _HANDOVER.kept is dialog:
        _HANDOVER.kept = None
        dialog.hide()
        dialog.deleteLater()


def _take_over(dialog: QWidget) -> None:
    """``dialog`` has just opened: the question kept up for it goes (the focus moves once,
    from that question to this one, not by way of the window behind)."""
    kept = _kept()
    if kept is not None and kept is not dialog:
        _HANDOVER.kept = None
        kept.hide()
        kept.deleteLater()


def run_modal(dialog: QDialog) -> int:
    """Show ``dialog`` modal and wait for its answer (as ``exec``), taking over from a question
    kept up for it; returns its result code."""
    loop = QEventLoop()
    dialog.finished.connect(loop.quit)
    if dialog.windowModality() == Qt.WindowModality.NonModal:
        dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.show()
    _take_over(dialog)
    loop.exec()
    return dialog.result()


def keep_up() -> None:
    """The dialog being answered now (inside :func:`answering`) stays up until the next
    question opens over it; outside an answer, nothing."""
    if _HANDOVER.answering is not None:
        _HANDOVER.wanted = _HANDOVER.answering


def is_kept(dialog: QWidget) -> bool:
    """True while ``dialog`` is kept up for the question that follows it."""
    return _kept() is dialog


def pending() -> bool:
    """True while a dialog is kept up (or asked to stay up) for the question that follows: the
    focus is about to move to that question."""
    wanted = _HANDOVER.wanted
    if wanted is not None and not isValid(wanted):
        _HANDOVER.wanted = wanted = None
    return _kept() is not None or wanted is not None
