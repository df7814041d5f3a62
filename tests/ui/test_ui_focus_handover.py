"""After a draw is agreed or a forfeit declared, the next game waits for the official: its
start form opens over the question that ended the game, so the focus goes once, from that
question to the form, not to the board, its cell and then the form within a quarter of a
second (a screen reader cut each by the next)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.ui.event.action_form import ActionFormDialog

PIN = "5150"
pytestmark = pytest.mark.timeout(120)


def started(window, tmp_path):
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")), "va-vi",
                             official="Carol Ruiz")
    match = menu.start_match(settings, pin=PIN, ask_ready=False)
    match.official.start_game()  # the match form's PIN starts game 1
    match.gate.revoke()
    window.session.submit_text("11-15")
    return match, menu


def follow(qtbot, window, on_form, shown=None):
    """Answer every Yes/No with Yes; run ``on_form(form)`` on the official's forms. Returns the
    windows shown, in order, and where the focus went, in order (the board, a dialog)."""
    shown = [] if shown is None else shown
    focus: list = []

    def where(widget):
        if widget is None:
            return None
        top = widget.window()
        if top is window:
            return "board" if widget is window.board.table else "window"
        return "question" if isinstance(top, QMessageBox) else type(top).__name__

    QApplication.instance().focusChanged.connect(
        lambda old, new: focus.append(where(new)) if where(new) else None)

    def poll():
        modal = QApplication.activeModalWidget()
        if modal is not None and modal.isVisible() and modal.isEnabled() \
                and (not shown or shown[-1][1] is not modal):
            shown.append(("question" if isinstance(modal, QMessageBox) else type(modal).__name__,
                          modal))
            if isinstance(modal, QMessageBox):
                modal.button(QMessageBox.StandardButton.Yes).click()
            elif isinstance(modal, ActionFormDialog):
                try:
                    on_form(modal)
                except BaseException as exc:  # said by the test, and the form closed
                    shown.append(("error", exc))
                    modal.reject()
        QTimer.singleShot(20, window, poll)
    QTimer.singleShot(0, window, poll)
    return shown, focus


def between(focus, first, then):
    """The focus changes after the last ``first`` and before the first ``then`` after it."""
    end = focus.index(then, len(focus) - focus[::-1].index(first) - 1) \
        if then in focus else len(focus)
    start = len(focus) - focus[::-1].index(first)
    return focus[start:end]


class ShownHidden(QObject):
    """Every dialog shown or hidden, in order: ("show" or "hide", "question" or the class)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[str, str]] = []
        QApplication.instance().installEventFilter(self)

    def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
        if isinstance(obj, QDialog) and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            name = "question" if isinstance(obj, QMessageBox) else type(obj).__name__
            self.events.append(("show" if event.type() == QEvent.Type.Show else "hide", name))
        return False

    def close(self) -> None:
        QApplication.instance().removeEventFilter(self)


def test_after_a_draw_is_agreed_the_start_form_opens_over_the_answer(make_window, qtbot,
                                                                     tmp_path):
    window = make_window(confirm=None)
    match, menu = started(window, tmp_path)
    forms = []
    seen = ShownHidden()
    try:
        follow(qtbot, window, lambda form: (forms.append(form.request.title), form.reject()))
        window.board.focus_cursor()
        menu.offer_draw()
        qtbot.waitUntil(lambda: bool(forms), timeout=10_000)
    finally:
        seen.close()
    assert match.games[0].result is not None and match.games[0].result.winner is None
    assert forms == ["Start the game"]
    # the offer, then the answer over it, then the start form over the answer: each goes
    # only once the next is up
    assert seen.events[:5] == [("show", "question"), ("show", "question"),
                               ("hide", "question"), ("show", "ActionFormDialog"),
                               ("hide", "question")], seen.events


def test_after_a_forfeit_the_start_form_opens_over_the_forfeit_form(make_window, qtbot,
                                                                     tmp_path):
    window = make_window(confirm=None)
    match, menu = started(window, tmp_path)
    forms = []
    seen = ShownHidden()

    def on_form(form):
        forms.append(form.request.title)
        if form.request.title == "Declare a forfeit":
            form.pin.setText(PIN)
            form.accept()
        else:
            form.reject()
    try:
        follow(qtbot, window, on_form)
        window.board.focus_cursor()
        menu.desk.declare_forfeit()
        qtbot.waitUntil(lambda: len(forms) == 2, timeout=10_000)
    finally:
        seen.close()
    assert forms == ["Declare a forfeit", "Start the game"]
    assert match.games[0].result is not None
    assert seen.events[:3] == [("show", "ActionFormDialog"), ("show", "ActionFormDialog"),
                               ("hide", "ActionFormDialog")], seen.events


def test_a_kept_question_deleted_with_its_window_is_forgotten(qtbot):
    """A question kept up for the next one goes with its window when that window is deleted
    first (its release timer with it): the next question still opens, and nothing counts as
    pending."""
    from PySide6.QtWidgets import QWidget

    from checkers_desktop.ui import handover

    owner = QWidget()
    kept = QDialog(owner)
    kept.show()
    handover.answering(kept, handover.keep_up)
    handover.finish(kept, QDialog.DialogCode.Accepted, kept.done)
    assert handover.is_kept(kept) and handover.pending()
    owner.deleteLater()
    qtbot.waitUntil(lambda: not handover.pending(), timeout=2000)
    follow = QDialog()
    qtbot.addWidget(follow)
    QTimer.singleShot(0, follow.accept)
    assert handover.run_modal(follow) == QDialog.DialogCode.Accepted
