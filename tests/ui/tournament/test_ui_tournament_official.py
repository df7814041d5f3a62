"""Who may change the tournament, and how its questions behave for the organiser: with the event
PIN set (Event > Official > Set the event PIN), a player at the organiser's laptop cannot record,
correct, draw or withdraw; an empty reason for the audit log is asked for again; the dialogs of
a command given in the bracket window open over it, so the keyboard comes back there."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from checkers_desktop.session.desk_steps import CorrectionAnswer, WalkoverAnswer
from checkers_desktop.session.official_pin import PinHash
from checkers_desktop.tournament.model import MatchStatus
from checkers_desktop.ui.settings import EVENT_PIN
from checkers_desktop.ui.tournament.bracket_tree import KEY_ROLE
from checkers_desktop.ui.tournament.dialogs import ResultDialog

from tournament_ui_helpers import drawn_division, open_bracket


def test_with_the_event_pin_only_the_official_changes_the_tournament(
        tournament_window, prompts, settings, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    settings.set(EVENT_PIN, PinHash.make("9090").to_text())

    # a player: no PIN (cancelled), then a wrong one; nothing is asked after it, nothing changes
    for typed in (None, "1234"):
        prompts.asked.clear()
        prompts.answers["pin"] = [typed]
        prompts.answers["games"] = [[match.a.name, match.a.name]]
        menu.run(lambda: menu.enter_result(match.number))
        assert [k for k, _ in prompts.asked] == ["pin"]
        assert prompts.asked[0][1] == "record_result"
        assert window.synth.spoken[-1] == ("Recording a result is the official's action. Ask "
                                           "the official.")
        assert t.match(match.number).status != MatchStatus.DECIDED
    prompts.answers["games"] = []

    # the walkover, the withdrawal and the draw again are refused the same way
    prompts.answers["pin"] = [None]
    menu.run(lambda: menu.walkover(match.number))
    assert window.synth.spoken[-1].startswith("A walkover is the official's action.")
    prompts.answers["pin"] = [None]
    menu.run(lambda: menu.withdraw(match.a.id))
    assert window.synth.spoken[-1].startswith("Withdrawing a competitor is the official's")
    prompts.answers["pin"] = [None]
    menu.run(lambda: menu.draw(t.divisions()[0].key))
    assert window.synth.spoken[-1].startswith("The draw is the official's action.")
    assert t.match(match.number).status != MatchStatus.DECIDED
    assert all(not c.withdrawn for c in t.competitors())

    # the official, with the PIN: the result is recorded (one PIN, one action)
    prompts.answers["pin"] = ["9090"]
    prompts.answers["games"] = [[match.a.name, match.a.name]]
    menu.run(lambda: menu.enter_result(match.number))
    assert t.match(match.number).status == MatchStatus.DECIDED
    assert window.synth.spoken[-1] == f"{match.a.name} beat {match.b.name}, 2 games to 0."
    other = ready[1]
    prompts.answers["games"] = [[other.a.name, other.a.name]]
    menu.run(lambda: menu.enter_result(other.number))  # no PIN given this time
    assert t.match(other.number).status != MatchStatus.DECIDED

    # reading stays open to everyone: the bracket, the standings
    settings.set(EVENT_PIN, "")
    prompts.answers["games"] = [[other.b.name, other.b.name]]
    menu.run(lambda: menu.enter_result(other.number))  # no PIN set: no question
    assert t.match(other.number).status == MatchStatus.DECIDED
    assert "pin" not in [k for k, _ in prompts.asked[-1:]]


def test_an_empty_reason_is_asked_for_again(tournament_window, prompts, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    prompts.answers["walkover"] = [WalkoverAnswer(1, "")]  # the form's reason emptied
    prompts.answers["text"] = ["   ", "did not come to the table"]
    menu.run(lambda: menu.walkover(match.number))
    texts_asked = [w for k, w in prompts.asked if k == "text"]
    assert len(texts_asked) == 1 + 2  # the draw's seed, then the reason twice
    assert texts_asked[2] == ("A reason is needed: it goes in the audit log. "
                              "Type why, or press Escape to cancel.")
    assert window.synth.spoken[-1].startswith(f"{match.b.name} beat {match.a.name}, by "
                                              f"walkover. {match.a.name} still plays for third "
                                              "place, in match ")
    entry = [e for e in t.audit_log() if e.action == "walkover"][-1]
    assert entry.why == "did not come to the table"

    # left empty every time: nothing changes, and it is said why
    prompts.answers["correction"] = [CorrectionAnswer((match.a.name, match.a.name), None, "")]
    prompts.answers["text"] = ["", "", ""]
    menu.run(lambda: menu.correct_result(match.number))
    assert "A reason is needed: it goes in the audit log." in " ".join(window.synth.spoken[-4:])
    assert window.synth.spoken[-1] == "Say why: it goes in the audit log. Nothing was changed."
    assert t.match(match.number).winner.id == match.b.id


def test_drawing_with_no_division_says_to_make_them(tournament_window, prompts, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    menu.run(menu.draw_all)
    assert window.synth.spoken[-1].startswith("There is no division yet: register the "
                                              "competitors, then make the divisions")
    drawn_division(menu, prompts)
    menu.run(menu.draw_all)
    assert window.synth.spoken[-1] == "Every division with competitors is already drawn."


def test_the_dialogs_of_a_bracket_command_open_over_the_bracket(tournament_window, prompts,
                                                                qtbot, tmp_path):
    """Each of a command's dialogs (the draw: a question, then the seed) opens over the window
    the command came from, even when another window is active between them, so that closing the
    last one gives the keyboard back to the bracket, not to the board."""
    window, menu = tournament_window(tmp_path / "t.db")
    bracket = open_bracket(qtbot, window, menu)
    parents = []

    def command():
        parents.append(menu._parent())
        window.activateWindow()  # as when one dialog has closed and the next is not open yet
        parents.append(menu._parent())

    menu.run(command, origin=bracket)
    assert parents == [bracket, bracket]
    assert menu.origin is None
    menu.run(lambda: parents.append(menu._parent()), origin=window)
    assert parents[-1] is window


def test_an_unfinished_result_is_said_with_the_players_names(qtbot):
    said = []
    dialog = ResultDialog(5, "Fay Wong", "Bo Diaz", "va-standard", announce=said.append)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.set_games(["b", "draw"])
    dialog.accept()
    assert dialog.winners is None
    # the form grows to hold the message when it must (how much depends on the dialog's width,
    # which its title may set): nothing of it, nor of the form, is squeezed out
    assert dialog.height() >= dialog.layout().totalHeightForWidth(dialog.width())
    message = dialog.message
    assert message.isVisible() and message.height() >= message.heightForWidth(message.width())
    assert said[-1].startswith("Not entered: the match is not decided: Fay Wong 0, Bo Diaz 1, "
                               "1 drawn")
    same = ResultDialog(6, "Al Cruz", "Al Cruz", "va-standard", announce=said.append)
    qtbot.addWidget(same)  # two competitors of one name: told apart as a and b
    same.set_games(["a"])
    same.accept()
    assert "a 1, b 0" in said[-1]


def test_a_match_command_on_a_bye_says_it_is_a_bye(tournament_window, prompts, qtbot, tmp_path):
    window, menu = tournament_window(tmp_path / "t.db")
    t, _ready = drawn_division(menu, prompts, names=("Ann Lee", "Bo Diaz", "Cy Rowe"))
    bracket = open_bracket(qtbot, window, menu, t.divisions()[0].key)
    view = bracket.tree.view
    bye = next(m for m in view.matches if m.kind == "bye")
    bracket.tree.select_key(("match", (bye.round, bye.index)))
    qtbot.keyClick(bracket.tree, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    name = (bye.winner or bye.a or bye.b).name
    assert window.synth.spoken[-1] == (f"{name} goes through with a bye: there is no match "
                                       "here. Choose a match to play.")
    assert not [k for k, _ in prompts.asked if k == "games"]


def test_the_bracket_changes_its_lines_in_place(tournament_window, prompts, qtbot, tmp_path):
    """The organiser's view follows the tournament every second or two: a refresh that changes
    nothing keeps the very items, and a result changes its match's line in place and adds the
    winner under the next match, so the line a screen reader is on is never destroyed."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    bracket = open_bracket(qtbot, window, menu, t.divisions()[0].key)
    match = ready[0]
    bracket.tree.select_key(("match", (match.round, match.index)))
    item = bracket.tree.currentItem()
    before = item.text(0)
    lines = bracket.tree.lines()
    menu.refresh()
    bracket.refresh()
    assert bracket.tree.currentItem() is item and bracket.tree.lines() == lines
    prompts.answers["games"] = [[match.a.name, match.a.name]]
    qtbot.keyClick(bracket.tree, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert t.match(match.number).status == MatchStatus.DECIDED
    assert bracket.tree.currentItem() is item  # the same line, its text changed
    assert item.text(0) != before and f"{match.a.name}, Tampa VAMC, beat" in item.text(0)
    assert item.data(0, Qt.ItemDataRole.AccessibleTextRole) == item.text(0)
    # the tree reads as one built afresh from the same view
    fresh = type(bracket.tree)()
    qtbot.addWidget(fresh)
    fresh.show_division(bracket.tree.view)
    assert bracket.tree.lines() == fresh.lines()
    assert _keys(bracket.tree) == _keys(fresh)


def _keys(tree):
    out, stack = [], [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop(0)
        out.append(item.data(0, KEY_ROLE))
        stack[0:0] = [item.child(i) for i in range(item.childCount())]
    return out


def test_the_line_at_the_cursor_is_told_after_a_rebuild_and_on_coming_back(
        tournament_window, prompts, qtbot, tmp_path):
    """After a result rebuilds the tree, and when the keyboard comes back to it from a dialog,
    the screen reader is told of the line at the cursor (a focus event for that item), not only
    of "Bracket"."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    bracket = open_bracket(qtbot, window, menu, t.divisions()[0].key)
    tree = bracket.tree
    told = []  # the focus events (a changed line's new name is told apart)
    tree.post_accessible = lambda event: told.append(event) \
        if event.type() == QAccessible.Event.Focus else None
    tree.setFocus()
    qtbot.waitUntil(tree.hasFocus)
    match = ready[0]
    tree.select_key(("match", (match.round, match.index)))
    prompts.answers["games"] = [[match.a.name, match.a.name]]
    told.clear()
    qtbot.keyClick(tree, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(told))
    child = told[-1].child()
    iface = QAccessible.queryAccessibleInterface(tree)
    assert iface.child(child).text(QAccessible.Text.Name) == tree.currentItem().text(0)
    assert tree.currentItem().data(0, KEY_ROLE) == ("match", (match.round, match.index))
    assert "beat" in tree.currentItem().text(0)
    # told once: the keyboard coming back and the line changing at the same moment
    tree.tell_current()
    assert len(told) == 1

    def a_second_later():
        tree._told = tree._told[:2] + (tree._told[2] - 1.0,)

    # coming back to the tree (as from a dialog), a moment later: told again
    a_second_later()
    told.clear()
    bracket.divisions.setFocus()
    qtbot.waitUntil(lambda: not tree.hasFocus())
    tree.setFocus()
    qtbot.waitUntil(lambda: bool(told))
    assert told[-1].child() == child
    # not while a command's next question is open (between a walkover's two questions)
    from PySide6.QtWidgets import QApplication, QDialog
    told.clear()
    question = QDialog(bracket)
    qtbot.addWidget(question)
    question.open()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is question)
    tree.tell_current()
    assert told == []
    question.reject()
    tree.setFocus()
    a_second_later()
    tree.tell_current()
    assert [e.child() for e in told] == [child]


def test_lines_changed_in_place_follow_any_order(qtbot):
    """The in-place change of the tree's lines ends with exactly the lines asked for, whatever
    was there: lines added, removed, and (not seen in a bracket) reordered."""
    from checkers_desktop.ui.tournament.bracket_tree import BracketTree

    tree = BracketTree()
    qtbot.addWidget(tree)

    def lines(*keys):
        tree._new_top = []
        for k in keys:
            tree._item(None, f"line {k}", ("round", k))
        new, tree._new_top = tree._new_top, []
        return new

    tree.addTopLevelItems(lines(1, 2, 3))
    for wanted in ((1, 3, 2), (2,), (4, 2, 5), (1, 2, 3, 4), ()):
        tree._reconcile(None, lines(*wanted))
        assert _keys(tree) == [("round", k) for k in wanted]
        assert tree.lines() == [f"line {k}" for k in wanted]


def test_a_correction_starts_from_the_games_recorded(tournament_window, prompts, qtbot,
                                                    tmp_path):
    """Correcting a result opens the form on the games as recorded, not on "not played": the
    official changes the one game that was wrong."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    prompts.answers["games"] = [[match.b.name, None, match.a.name, match.a.name]]
    menu.run(lambda: menu.enter_result(match.number))
    prompts.answers["correction"] = [None]  # the form is cancelled: nothing changes
    menu.run(lambda: menu.correct_result(match.number))
    assert prompts.initial_games == ["b", "draw", "a", "a"]
    # the real form shows them so
    dialog = ResultDialog(match.number, match.a.name, match.b.name, "va-standard")
    qtbot.addWidget(dialog)
    dialog.set_games(prompts.initial_games)
    assert dialog.value() == [match.b.name, None, match.a.name, match.a.name]
    # a walkover has no games: the form starts empty
    other = ready[1]
    prompts.answers["walkover"] = [WalkoverAnswer(0, "did not come")]
    menu.run(lambda: menu.walkover(other.number))
    prompts.answers["correction"] = [None]
    menu.run(lambda: menu.correct_result(other.number))
    assert prompts.initial_games == []


def test_drawing_a_division_with_results_again_is_refused_before_any_dialog(
        tournament_window, prompts, settings, tmp_path):
    """The refusal is said first: no PIN asked, no question, no seed, for nothing."""
    window, menu = tournament_window(tmp_path / "t.db")
    t, ready = drawn_division(menu, prompts)
    match = ready[0]
    t.enter_result(match.number, [match.a.name, match.a.name])
    settings.set(EVENT_PIN, PinHash.make("9090").to_text())
    division = t.divisions()[0]
    prompts.asked.clear()
    prompts.answers["pin"] = ["9090"]
    prompts.answers["confirm"] = [True]
    prompts.answers["text"] = ["3"]
    menu.run(lambda: menu.draw(division.key))
    assert prompts.asked == []
    assert window.synth.spoken[-1] == (f"Division {division.label} has results: it cannot be "
                                       "drawn again.")
    assert t.divisions()[0].draw_seed == 7 and t.match(match.number).status is MatchStatus.DECIDED


def test_drawing_a_division_with_nobody_left_is_refused_before_any_dialog(
        tournament_window, prompts, tmp_path):
    from checkers_desktop.tournament.model import CompetitorInput

    window, menu = tournament_window(tmp_path / "t.db")
    t = menu.tournament
    c = t.add_competitor(CompetitorInput("Ann Lee", "Tampa VAMC", "55-59"))
    t.make_divisions()
    t.withdraw(c.id, why="went home")
    prompts.answers["confirm"] = [True]
    prompts.answers["text"] = [""]
    menu.run(lambda: menu.draw(t.divisions()[0].key))
    assert prompts.asked == []
    assert window.synth.spoken[-1] == "Division 55-59 has no competitor to draw."
    assert not t.divisions()[0].drawn
