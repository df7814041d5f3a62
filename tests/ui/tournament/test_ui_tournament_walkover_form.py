"""A walkover is one form in the real window, driven with the keyboard only: the PIN (with the
event PIN set), who came to the table, why (filled in with the usual reason, required), the
outcome in words, one confirm. Tab goes picker, reason, then the confirm button; no second
dialog asks the reason."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton

from checkers_desktop.session.official_pin import PinHash
from checkers_desktop.ui.event.action_form import ActionFormDialog
from checkers_desktop.ui.settings import EVENT_PIN

from modal import watch_modals
from tournament_ui_helpers import drawn_division

PIN = "9090"


def test_a_walkover_is_one_form_picker_then_reason_then_confirm(tournament_window, prompts,
                                                                 qtbot, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    menu.ask = window.ask  # the real forms from here on
    seen = {}

    def act(form):
        picker = form.focusWidget()
        assert isinstance(picker, QComboBox) and picker.accessibleName() == \
            "Who came to the table"
        qtbot.keyClick(picker, Qt.Key.Key_Down)  # the second player came
        seen["outcome"] = form.outcome.text()
        qtbot.keyClick(picker, Qt.Key.Key_Tab)
        why = form.focusWidget()
        seen["why"] = (isinstance(why, QLineEdit), why.accessibleName(), why.text())
        why.clear()
        qtbot.keyClick(why, Qt.Key.Key_Return)  # left empty: said, the form stays open
        seen["empty"] = (form.isVisible(), form.message.text(), form.focusWidget() is why)
        qtbot.keyClicks(why, "Did not come by 10:15")
        qtbot.keyClick(why, Qt.Key.Key_Tab)
        button = form.focusWidget()
        seen["button"] = isinstance(button, QPushButton) and button is form.confirm
        qtbot.keyClick(button, Qt.Key.Key_Return)
    opened = watch_modals(window, act, ActionFormDialog)
    menu.run(lambda: menu.walkover(match.number))
    assert [name for name, _ in opened] == ["ActionFormDialog"], opened
    assert seen["outcome"] == (f"{match.b.name} wins match {match.number} by walkover: "
                               f"{match.a.name} did not come to the table.")
    assert seen["why"] == (True, "Why (for the audit log)", "did not come to the table in time")
    visible, message, focused = seen["empty"]
    assert visible and message.startswith("A reason is needed") and focused
    assert message in window.synth.spoken
    assert seen["button"]
    assert t.match(match.number).winner.id == match.b.id
    assert [e for e in t.audit_log() if e.action == "walkover"][-1].why == \
        "Did not come by 10:15"
    assert window.synth.spoken[-1].startswith(f"{match.b.name} beat {match.a.name}, by walkover")


def test_with_the_event_pin_the_walkover_form_asks_it_first_and_escape_changes_nothing(
        tournament_window, prompts, settings, qtbot, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    settings.set(EVENT_PIN, PinHash.make(PIN).to_text())
    menu.ask = window.ask
    order = []

    def act(form):
        for _ in range(4):
            widget = form.focusWidget()
            order.append(widget.accessibleName())
            qtbot.keyClick(widget, Qt.Key.Key_Tab)
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Escape)
    opened = watch_modals(window, act, ActionFormDialog)
    menu.run(lambda: menu.walkover(match.number))
    assert [name for name, _ in opened] == ["ActionFormDialog"], opened
    assert order[1:] == ["Who came to the table", "Why (for the audit log)",
                         "Official's name"], order
    assert t.match(match.number).status.name != "DECIDED"
    assert window.synth.spoken[-1].startswith("A walkover is the official's action.")
