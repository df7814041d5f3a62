"""A correction is one form in the real window, driven with the keyboard only: the PIN, the new
result, the games (from those recorded), why, and the outcome stating the new winner and the
later matches affected; Enter confirms, a wrong PIN or an empty reason keeps it open (said),
Escape changes nothing. No other dialog opens before or after it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from checkers_desktop.session.official_pin import PinHash
from checkers_desktop.ui.settings import EVENT_PIN
from checkers_desktop.ui.tournament.dialogs import CorrectionDialog

from modal import watch_modals as watch_all
from tournament_ui_helpers import drawn_division

PIN = "9090"


def watch_modals(qtbot, act, window):
    """Record every modal window that opens; run ``act(form)`` on the CorrectionDialog, close any
    other unanswered (see ``modal.watch_modals``)."""
    return watch_all(window, act, CorrectionDialog)


def setup(tournament_window, prompts, settings, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    t.enter_result(match.number, [match.a.name, match.a.name])
    settings.set(EVENT_PIN, PinHash.make(PIN).to_text())
    menu.ask = window.ask  # the real forms from here on
    return window, menu, t, match


def test_a_correction_is_one_form_driven_by_the_keyboard(tournament_window, prompts, settings,
                                                        qtbot, tmp_path):
    window, menu, t, match = setup(tournament_window, prompts, settings, tmp_path)
    seen = {}

    def act(form):
        assert form.focusWidget() is form.pin  # the PIN first
        qtbot.keyClicks(form.pin, "1234")
        qtbot.keyClick(form.pin, Qt.Key.Key_Tab)
        kind = form.focusWidget()
        assert isinstance(kind, QComboBox) and kind.accessibleName() == "New result"
        qtbot.keyClick(kind, Qt.Key.Key_Tab)
        game1 = form.focusWidget()
        assert game1 is form.fields["game-1"] and game1.currentData() == "a"  # as recorded
        qtbot.keyClick(game1, Qt.Key.Key_Down)  # "B won"
        qtbot.keyClick(game1, Qt.Key.Key_Tab)
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Down)  # game 2: "B won"
        seen["outcome"] = form.outcome.text()
        seen["described"] = form.confirm.accessibleDescription()
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Return)  # no reason yet
        seen["no reason"] = (form.isVisible(), form.message.text(),
                             form.focusWidget() is form.fields["why"])
        qtbot.keyClicks(form.fields["why"], "score sheet misread")
        qtbot.keyClick(form.fields["why"], Qt.Key.Key_Return)  # the wrong PIN
        seen["wrong pin"] = (form.isVisible(), form.message.text(),
                             form.focusWidget() is form.pin and not form.pin.text())
        qtbot.keyClicks(form.pin, PIN)
        qtbot.keyClick(form.pin, Qt.Key.Key_Return)
    opened = watch_modals(qtbot, act, window)
    menu.run(lambda: menu.correct_result(match.number))
    assert [name for name, _ in opened] == ["CorrectionDialog"], opened
    assert seen["outcome"].startswith(f"Correct match {match.number}: {match.b.name} becomes "
                                      f"the winner instead of {match.a.name}.")
    assert seen["described"] == seen["outcome"]
    visible, message, focused = seen["no reason"]
    assert visible and message.startswith("A reason is needed") and focused
    visible, message, focused = seen["wrong pin"]
    assert visible and message.startswith("Wrong PIN") and focused
    assert message in window.synth.spoken
    assert t.match(match.number).winner.id == match.b.id
    assert [e for e in t.audit_log() if e.action == "correction"][-1].why == \
        "score sheet misread"
    assert window.synth.spoken[-1].startswith(f"Match {match.number} corrected")


def test_a_walkover_correction_skips_the_games_and_escape_changes_nothing(
        tournament_window, prompts, settings, qtbot, tmp_path):
    window, menu, t, match = setup(tournament_window, prompts, settings, tmp_path)
    seen = {}

    def act(form):
        qtbot.keyClicks(form.pin, PIN)
        qtbot.keyClick(form.pin, Qt.Key.Key_Tab)
        kind = form.focusWidget()
        qtbot.keyClick(kind, Qt.Key.Key_Down)
        qtbot.keyClick(kind, Qt.Key.Key_Down)  # a walkover: B came, A did not
        qtbot.keyClick(kind, Qt.Key.Key_Tab)
        seen["after the result"] = form.focusWidget()
        seen["outcome"] = form.outcome.text()
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Escape)
    opened = watch_modals(qtbot, act, window)
    menu.run(lambda: menu.correct_result(match.number))
    assert [name for name, _ in opened] == ["CorrectionDialog"], opened
    assert isinstance(seen["after the result"], QLineEdit)  # the games are skipped
    assert seen["outcome"].startswith(f"Correct match {match.number}: {match.b.name} becomes "
                                      "the winner")
    assert t.match(match.number).winner.id == match.a.id  # Escape: nothing changed


def test_f7_leaves_the_line_at_the_cursor_to_the_focus_and_says_it_when_asked_again(
        tournament_window, prompts, qtbot, tmp_path):
    """Opening the bracket puts the focus on its list, whose line at the cursor the screen
    reader reads: said as well, it was heard twice (20 ms apart). F7 again, with the focus
    there already, says it."""
    from tournament_ui_helpers import open_bracket

    window, menu = tournament_window(tmp_path / "t.db")
    drawn_division(menu, prompts)
    spoken = len(window.synth.spoken)
    bracket = open_bracket(qtbot, window, menu)
    line = bracket.tree.currentItem().text(0)
    assert line and line not in window.synth.spoken[spoken:]
    assert bracket.status.text() == line  # shown
    bracket.tree.setFocus()
    qtbot.waitUntil(bracket.tree.hasFocus)
    menu.show_bracket()  # F7 again
    assert window.synth.spoken[-1] == line


def test_the_correction_form_shows_the_games_played_and_why_is_a_few_tabs_away(
        tournament_window, prompts, qtbot, tmp_path):
    """A match won 2-0: the form shows games 1 and 2 (not seven rows, five of them "not
    played"), so that Why is three Tabs from the new result; a game changed so that the match
    is not decided shows the next game's row. Every line of text in it has the height its
    wrapped text needs (the heading's second line was cut at 1280x720)."""
    from PySide6.QtWidgets import QApplication, QLabel

    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    t.enter_result(match.number, [match.a.name, match.a.name])
    menu.ask = window.ask
    seen = {}

    def cut(form):
        """The lines of text shorter than their wrapped text needs."""
        QApplication.processEvents()
        return [(label.text()[:30], label.height(), label.heightForWidth(label.width()))
                for label in form.findChildren(QLabel)
                if label.isVisible() and label.wordWrap() and label.text()
                and label.height() < label.heightForWidth(label.width())]

    def act(form):
        kind = form.focusWidget()
        seen["games shown"] = [n for n in range(1, 8) if form.fields[f"game-{n}"].isVisible()]
        tabs = 0
        while form.focusWidget() is not form.fields["why"] and tabs < 12:
            qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Tab)
            tabs += 1
        seen["tabs"] = tabs
        seen["cut"] = cut(form)
        qtbot.keyClick(form.fields["game-2"], Qt.Key.Key_Down)  # game 2: B won, 1-1
        qtbot.waitUntil(lambda: form.fields["game-3"].isVisible())
        seen["after 1-1"] = [n for n in range(1, 8) if form.fields[f"game-{n}"].isVisible()]
        qtbot.wait(50)  # the form's height fitted to its rows and its longer outcome
        seen["cut"] += cut(form)
        assert kind is not None
        qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Escape)
    opened = watch_modals(qtbot, act, window)
    menu.run(lambda: menu.correct_result(match.number))
    assert [name for name, _ in opened] == ["CorrectionDialog"], opened
    assert seen["games shown"] == [1, 2]
    assert seen["tabs"] == 3
    assert seen["after 1-1"] == [1, 2, 3]
    assert seen["cut"] == []


def test_the_correction_form_grows_with_its_rows_and_no_line_of_text_is_cut(qtbot):
    """A 2-1 match corrected to a win each and a draw: the fourth game's row appears and
    the outcome takes two lines; the form grows, and its heading keeps both its lines (the
    second was cut, at 1280x720, once the form had more to show)."""
    from PySide6.QtWidgets import QApplication, QLabel

    from checkers_desktop.session.desk_steps import AskCorrection

    def outcome(winners, present):
        if winners is not None and None in winners:
            return ("Not a result yet: the match is not decided: Dennis Ortega 1, Patricia "
                    "Gallagher 1, 1 drawn; best two out of three.")
        return "Correct match 1: Dennis Ortega stays the winner; the score changes."
    request = AskCorrection(1, "Dennis Ortega", "Patricia Gallagher", "va-standard",
                            ("Dennis Ortega, Bronx VAMC", "Patricia Gallagher, Reno VAMC"),
                            outcome, ("a", "b", "a"))
    form = CorrectionDialog(request)
    qtbot.addWidget(form)
    form.resize(630, form.sizeHint().height())
    form.show()
    qtbot.waitExposed(form)

    def cut():
        QApplication.processEvents()
        return [(label.text()[:30], label.height(), label.heightForWidth(label.width()))
                for label in form.findChildren(QLabel)
                if label.isVisible() and label.wordWrap() and label.text()
                and label.height() < label.heightForWidth(label.width())]
    assert cut() == []
    game3 = form.field("game-3", QComboBox)
    game3.setCurrentIndex(game3.findData("b"))
    game2 = form.field("game-2", QComboBox)
    game2.setCurrentIndex(game2.findData("draw"))
    qtbot.waitUntil(lambda: form.fields["game-4"].isVisible())
    qtbot.waitUntil(lambda: not cut(), timeout=2000)


def test_the_correction_form_introduces_itself_once(qtbot):
    """Orca reads a dialog's description and then its labels that name no field: the correction
    form's description and its text above the fields both said which match it corrects, and
    the match was heard introduced twice. One introduction, shown and read."""
    from PySide6.QtWidgets import QLabel

    from checkers_desktop.session.desk_steps import AskCorrection
    from checkers_desktop.texts import tournament as texts

    request = AskCorrection(2, "Jose Villanueva", "Patricia Gallagher", "va-standard",
                            ("Jose Villanueva, Tampa VAMC", "Patricia Gallagher, Reno VAMC"),
                            lambda winners, present: "Correct match 2: no change.",
                            ("a", "a"))
    form = CorrectionDialog(request)
    qtbot.addWidget(form)
    read = [form.accessibleDescription()] + [
        label.text() for label in form.findChildren(QLabel)
        if label.buddy() is None and label not in (form.outcome, form.message)]
    introductions = [text for text in read if "Jose Villanueva against Patricia Gallagher" in text]
    assert introductions == [texts.correction_form_text(2, "Jose Villanueva",
                                                        "Patricia Gallagher")]
    assert form.intro.text() == introductions[0]
