"""The tournament's forms as the organiser fills them: a competitor, a result game by game, the
divisions; mistakes shown in the form and said, the form kept open; Settings > Tournament server
refusing what is not a PostgreSQL address. Also the link to a match being played, kept across a
restart: a result the official confirmed is sent when the tournament is opened again."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from checkers_desktop.session.tournament_match import PlayedHere
from checkers_desktop.tournament.model import CompetitorInput
from checkers_desktop.tournament.store import Tournament
from checkers_desktop.tournament.table import GameOutcome, MatchReport
from checkers_desktop.ui.tournament.dialogs import CompetitorDialog, DivisionsDialog, ResultDialog
from checkers_desktop.ui.tournament.server_dialog import ServerDialog, split_password
from checkers_desktop.ui.tournament.tournament_settings import SERVER_URL


def test_a_duplicate_is_refused_in_the_competitor_form_which_stays_open(qtbot, tmp_path):
    """The tournament's own refusal (here a duplicate) is shown and said in the form, which
    stays open with the name chosen; it closed before, and the reason went to the main window's
    status line behind the Competitors list. Another failure closes it and is raised."""
    t = Tournament.open(str(tmp_path / "t.db"), name="Spring Open")
    t.add_competitor(CompetitorInput("Bo Diaz", "Bronx", "70-74"))
    said = []
    dialog = CompetitorDialog(announce=said.append, save=t.add_competitor)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.fields["name"], "bo diaz ")
    qtbot.keyClicks(dialog.fields["center"], "Bronx")
    dialog.fields["age"].setCurrentIndex(dialog.fields["age"].findData("70-74"))
    dialog.accept()
    assert dialog.isVisible() and dialog.saved is None and dialog.entry is None
    assert said[-1] == "Not saved: Bo Diaz, Bronx is already registered."
    assert dialog.message.text() == said[-1]
    assert dialog.message.accessibleName() == said[-1]  # read as itself, not "Form message"
    assert dialog.focusWidget() is dialog.fields["name"]
    assert len(t.competitors()) == 1
    dialog.fields["name"].clear()
    qtbot.keyClicks(dialog.fields["name"], "Cy Ott")
    dialog.accept()
    assert not dialog.isVisible() and dialog.saved.name == "Cy Ott"
    assert [c.name for c in t.competitors()] == ["Bo Diaz", "Cy Ott"]
    t.close()

    def gone(entry):
        raise OSError("the server went away")

    broken = CompetitorDialog(save=gone)
    qtbot.addWidget(broken)
    broken.show()
    qtbot.keyClicks(broken.fields["name"], "Di Park")
    qtbot.keyClicks(broken.fields["center"], "Reno")
    broken.accept()
    assert not broken.isVisible() and isinstance(broken.failure, OSError)


def test_the_competitor_form(qtbot):
    said = []
    dialog = CompetitorDialog(announce=said.append)
    qtbot.addWidget(dialog)
    dialog.accept()                       # no name: refused, said, still open
    assert dialog.entry is None and said == ["Not saved: missing name."]
    assert dialog.message.text() == said[0]
    qtbot.keyClicks(dialog.fields["name"], "  Ann   Lee ")
    qtbot.keyClicks(dialog.fields["center"], "Tampa VAMC")
    dialog.fields["age"].setCurrentIndex(dialog.fields["age"].findData("85-up"))
    dialog.fields["vi"].setChecked(True)
    dialog.fields["seed"].setValue(1)
    dialog.accept()
    assert dialog.entry == CompetitorInput("Ann Lee", "Tampa VAMC", "85-up", True, 1)
    for key in ("name", "center", "age", "seed"):
        assert dialog.fields[key].accessibleName()


def test_the_result_form_puts_the_keyboard_on_the_game_to_put_right(qtbot):
    """Game 1 left "not played" before games 2 and 3: refused for that (it said "no game was
    entered"), on game 1; a fourth game after a match decided in two: refused, on game 3."""
    said = []
    dialog = ResultDialog(5, "Ann Lee", "Bo Diaz", "va-standard", announce=said.append)
    qtbot.addWidget(dialog)
    dialog.fields["game-2"].setCurrentIndex(dialog.fields["game-2"].findData("a"))
    dialog.fields["game-3"].setCurrentIndex(dialog.fields["game-3"].findData("a"))
    dialog.accept()
    assert dialog.winners is None
    assert said[-1] == ("Not entered: game 1 is not played but game 2 is; enter the games in "
                        "the order they were played, from game 1.")
    assert dialog.focusWidget() is dialog.fields["game-1"]
    dialog.set_games(["a", "a", "b"])
    dialog.accept()
    assert dialog.winners is None and said[-1].startswith(
        "Not entered: the match was decided after game 2")
    assert dialog.focusWidget() is dialog.fields["game-3"]
    dialog.set_games(["a", "a", "none"])
    dialog.accept()
    assert dialog.winners == ["Ann Lee", "Ann Lee"]


def test_the_result_form_checks_best_of_three(qtbot):
    said = []
    dialog = ResultDialog(5, "Ann Lee", "Bo Diaz", "va-standard", announce=said.append)
    qtbot.addWidget(dialog)
    dialog.set_games(["a", "draw"])       # not decided yet
    dialog.accept()
    assert dialog.winners is None and said[-1].startswith("Not entered: the match is not decided")
    dialog.set_games(["a", "draw", "b", "b"])
    dialog.accept()
    assert dialog.winners == ["Ann Lee", None, "Bo Diaz", "Bo Diaz"]
    assert dialog.fields["game-1"].accessibleName() == "Game 1"


def test_the_divisions_form_splits_and_merges(qtbot):
    counts = {"70-74": (9, 3), "75-79": (2, 0), "80-84": (1, 0), "85-up": (1, 1)}
    dialog = DivisionsDialog(counts, ["70-74"], [("80-84", "85-up")])
    qtbot.addWidget(dialog)
    assert dialog.fields["split-70-74"].isChecked()
    assert dialog.fields["merge-80-84"].isChecked() and not dialog.fields["merge-75-79"].isChecked()
    dialog.fields["merge-75-79"].setChecked(True)   # 75-79, 80-84 and 85-up together
    dialog.accept()
    assert dialog.choice == (["70-74"], [("75-79", "80-84", "85-up")])
    assert "85-up" not in [k.split("-", 1)[1] for k in dialog.fields if k.startswith("merge-")]


def test_the_server_form_takes_postgresql_addresses_only(qtbot, settings):
    said = []
    dialog = ServerDialog(settings, announce=said.append,
                          tester=lambda url, password=None: (_ for _ in ()).throw(AssertionError))
    qtbot.addWidget(dialog)
    dialog.url.setText("/home/organiser/tournament.db")
    dialog.test()
    assert said[-1].startswith("That is not a PostgreSQL address")
    dialog.url.setText("mysql://x@y/z")
    dialog.test()
    assert "'mysql' databases are not supported" in said[-1]
    dialog.url.setText("")
    dialog.test()
    assert said[-1] == "No tournament server is set: give its address in Settings, " \
                       "Tournament server."
    assert settings.get(SERVER_URL) == ""
    assert split_password("postgresql+psycopg://t3:s3cret@10.0.0.2:5432/checkers") == \
        ("postgresql+psycopg://t3@10.0.0.2:5432/checkers", "s3cret")


def test_a_confirmed_result_is_sent_after_a_restart(tournament_window, qtbot, tmp_path):
    path = tmp_path / "t.db"
    with Tournament.open(str(path), name="Restart") as t:
        for name in ("Ann Lee", "Bo Diaz"):
            t.add_competitor(CompetitorInput(name, "Tampa VAMC", "70-74"))
        t.make_divisions()
        t.draw("70-74", seed=1)
        final = t.matches("70-74")[0]
        t.call(final.number, 2)
        setup = t.take(final.number, table=2)
    # the app was stopped between the official's yes and the sending
    report = MatchReport(final.number, (GameOutcome(1, "Bo Diaz"), GameOutcome(2, "Bo Diaz")))
    played = PlayedHere(setup, str(path), report, confirmed=True)
    folder = tmp_path / "data" / "tournament"
    folder.mkdir(parents=True)
    (folder / "playing.json").write_text(json.dumps(played.to_dict()), encoding="utf-8")
    window, menu = tournament_window()
    with qtbot.waitSignal(menu.play.finished, timeout=20000):
        with qtbot.waitSignal(menu.opened, timeout=20000):
            menu.open(str(path))
    assert f"Match {final.number}: the result is in the bracket." in window.synth.spoken
    assert not (folder / "playing.json").exists()
    with Tournament.open(str(path)) as t:
        m = t.match(final.number)
        assert m.winner.name == "Bo Diaz" and m.reported_by == "table 2"
    assert Qt  # (the window fixture runs the Qt loop)


def test_a_list_button_that_starts_work_elsewhere_closes_the_list(qtbot):
    from checkers_desktop.ui.tournament.dialogs import LinesDialog

    rows = []
    dialog = LinesDialog("Matches called", "heading", ["Semi-final 1, match 1: A against B"],
                         buttons=[("&Play this match here", lambda row: rows.append(row) or True),
                                  ("&Read", lambda row: rows.append(-row) and False)])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.action_buttons[1].click()
    assert dialog.isVisible() and rows == [0]
    dialog.action_buttons[0].click()
    assert not dialog.isVisible() and rows == [0, 0]
    assert dialog.result() == dialog.DialogCode.Accepted


def test_the_divisions_form_is_not_cut_at_200_percent_text_on_1280x720(qtbot):
    """Every age group at 200 % text: no check box's text wider than the box, every line's
    text whole, the dialog on the screen; the form scrolls instead."""
    from PySide6.QtWidgets import QApplication, QCheckBox, QLabel

    from checkers_desktop.tournament.model import AGE_GROUPS

    app = QApplication.instance()
    font = app.font()
    before = QFont(font)
    font.setPointSizeF((font.pointSizeF() if font.pointSizeF() > 0 else 10.0) * 2)
    app.setFont(font)
    try:
        counts = {g: (12, 3) for g in AGE_GROUPS}
        dialog = DivisionsDialog(counts)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        room = dialog.screen().availableGeometry()
        assert dialog.frameGeometry().width() <= room.width()
        assert dialog.frameGeometry().height() <= room.height()
        for box in dialog.findChildren(QCheckBox):
            assert box.sizeHint().width() <= box.width(), box.text()
        for label in dialog.findChildren(QLabel):
            if label.isVisible() and label.wordWrap() and label.text():
                assert label.heightForWidth(label.width()) <= label.height(), label.text()
        assert dialog.fields["split-70-74"].accessibleName() == (
            "Split 70-74 (12 competitors, 3 visually impaired) into visually impaired and "
            "standard")
    finally:
        app.setFont(before)
