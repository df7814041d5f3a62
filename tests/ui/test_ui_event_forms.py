"""Event mode's parts: the new-match form, the square choice, the clock readings, the menu and its
shortcuts, the PDN tags and the score sheet."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.clock import GameClock
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.rules.rulings import EndReason, GameResult
from checkers_desktop.ui.actions import ACTIONS, EVENT_ACTIONS, keyboard_help_markdown
from checkers_desktop.ui.event.clock_panel import ClockPanel, clock_readings
from checkers_desktop.ui.event.match_dialog import MatchDialog
from checkers_desktop.session.match_model import (AGE_GROUPS, LoggedAction, MatchSettings,
                                             MatchSettingsError, PlayedGame, PlayerInfo)
from checkers_desktop.ui.event.penalty import SquareChoiceError, parse_square_choice
from checkers_desktop.session.match_records import game_to_pdn
from checkers_desktop.session.score_sheet import move_rows, score_sheet_html

PLAYERS = (PlayerInfo("Ann Lee", "Tampa VAMC", "70-74"), PlayerInfo("Bo Diaz", "", "85-up"))


# --- the form -----------------------------------------------------------------------------------
def test_form_fields_have_labels_as_buddies_and_accessible_names(qtbot):
    dialog = MatchDialog()
    qtbot.addWidget(dialog)
    buddies = {label.buddy(): label.text() for label in dialog.findChildren(QLabel)
               if label.buddy() is not None}
    for key, widget in dialog.fields.items():
        assert widget in buddies, key
        assert "&" in buddies[widget]  # an access key (Alt+letter)
        assert widget.accessibleName() == buddies[widget].replace("&", "").rstrip(":")
    keys = [text[text.index("&") + 1].lower() for text in buddies.values()]
    assert len(keys) == len(set(keys)), sorted(keys)  # Alt+letter reaches one field only
    buttons = [b.text() for b in dialog.buttons.buttons()]
    assert not any("&" in t and t[t.index("&") + 1].lower() in keys for t in buttons)
    ages = dialog.fields["age-1"]
    assert [ages.itemData(i) for i in range(1, ages.count())] == list(AGE_GROUPS)
    profiles = dialog.fields["profile"]
    assert [profiles.itemData(i) for i in range(2)] == ["va-standard", "va-vi"]


def test_form_refuses_a_missing_or_repeated_name_and_says_why(qtbot):
    spoken = []
    dialog = MatchDialog(announce=spoken.append)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.fields["name-1"], "Ann Lee")
    dialog.accept()
    assert dialog.result() != MatchDialog.DialogCode.Accepted
    assert dialog.message.text() == "Please correct the form. Player 2 has no name."
    assert spoken == [dialog.message.text()]
    assert dialog.focusWidget() is dialog.fields["name-2"]
    qtbot.keyClicks(dialog.fields["name-2"], "ann lee")
    dialog.accept()
    assert "same name" in dialog.message.text()
    dialog.fields["name-2"].clear()
    qtbot.keyClicks(dialog.fields["name-2"], "Bo Diaz")
    dialog.fields["profile"].setCurrentIndex(dialog.fields["profile"].findData("va-vi"))
    dialog.accept()  # no official's PIN, and no event PIN set: refused, said why
    assert dialog.result() != MatchDialog.DialogCode.Accepted
    assert "Set the official's PIN" in spoken[-1]
    assert dialog.focusWidget() is dialog.fields["pin"]
    qtbot.keyClicks(dialog.fields["pin"], "2468")
    qtbot.keyClicks(dialog.fields["pin-again"], "2469")
    dialog.accept()  # the two entries differ
    assert spoken[-1] == "The two PINs are not the same. Type the PIN twice."
    assert dialog.fields["pin"].text() == "" and dialog.fields["pin-again"].text() == ""
    qtbot.keyClicks(dialog.fields["pin"], "2468")
    qtbot.keyClicks(dialog.fields["pin-again"], "2468")
    dialog.accept()  # a PIN needs the official's name: the record names who acts
    assert spoken[-1].startswith("Give the official's name")
    qtbot.keyClicks(dialog.fields["official"], "Carol Ruiz")  # the PIN typed stays
    dialog.accept()
    assert dialog.result() == MatchDialog.DialogCode.Accepted
    assert dialog.result_pin == "2468"
    assert dialog.fields["pin"].text() == ""  # not kept in the form
    got = dialog.result_settings
    assert got.names == ("Ann Lee", "Bo Diaz") and got.profile_key == "va-vi" and got.best_of == 3


def test_settings_validation_quotes_the_bad_value():
    with pytest.raises(MatchSettingsError, match="'50-54'"):
        MatchSettings((PlayerInfo("A", age_group="50-54"), PlayerInfo("B"))).validated()
    with pytest.raises(MatchSettingsError, match="'nope'"):
        MatchSettings(PLAYERS, "nope").validated()
    with pytest.raises(MatchSettingsError, match="best of 2"):
        MatchSettings(PLAYERS, best_of=2).validated()


# --- choosing the checker -----------------------------------------------------------------------
@pytest.mark.parametrize("text, square", [("22", 22), ("remove 22", 22), ("Take twenty-two", 22),
                                          ("twenty two", 22), ("the checker on 5", 5)])
def test_square_choice_reads_digits_and_words(text, square):
    assert parse_square_choice(text) == square


@pytest.mark.parametrize("text", ["", "33", "eleven to fifteen", "0", "abc"])
def test_square_choice_refuses_what_is_not_a_square(text):
    with pytest.raises(SquareChoiceError):
        parse_square_choice(text)


def test_square_choice_refuses_a_square_not_allowed():
    with pytest.raises(SquareChoiceError, match="21 or 22"):
        parse_square_choice("9", allowed=(21, 22))


# --- clocks ---------------------------------------------------------------------------------------
def test_clock_readings_count_down_and_say_when_there_is_no_move_limit(qtbot):
    now = [0.0]
    standard = GameClock(lambda: now[0], game_limit=600, move_warning=25, move_limit=30)
    standard.start_turn(BLACK)
    now[0] = 12.4
    got = clock_readings(standard, "Ann Lee, Black, to move")
    assert got == {"turn": "Ann Lee, Black, to move", "game": "Game 9:48 left",
                   "move": "Move 0:12 of 0:30", "state": ""}
    vi = GameClock(lambda: now[0], game_limit=900)
    vi.start_turn(WHITE)
    now[0] = 75.0
    assert clock_readings(vi, "x", paused=True)["move"] == "Move 1:02, no move limit"
    panel = ClockPanel()
    qtbot.addWidget(panel)
    panel.show_clock(vi, "Bo Diaz, Red, to move", paused=True)
    assert panel.labels["state"].text() == "Paused"
    assert panel.accessibleDescription() == panel.spoken_text()
    assert panel.spoken_text().startswith("Bo Diaz, Red, to move. Game 13:58 left.")


def test_a_running_clock_tells_screen_readers_once_a_minute_and_a_turn_at_once(qtbot):
    """The clocks' text changes every second; their accessible name and the panel's description
    (what screen readers are told, an event each) change when the minute, the turn or the
    state does: four events a second flooded Orca until it went silent."""
    now = [0.0]
    clock = GameClock(lambda: now[0], game_limit=900)
    clock.start_turn(BLACK)
    panel = ClockPanel()
    qtbot.addWidget(panel)
    now[0] = 1.0
    panel.show_clock(clock, "Ann Lee, Black, to move")
    told = (panel.labels["game"].accessibleName(), panel.accessibleDescription())
    assert told == ("Game 14:59 left", panel.spoken_text())
    for second in range(2, 51):
        now[0] = second
        panel.show_clock(clock, "Ann Lee, Black, to move")
    assert panel.labels["game"].text() == "Game 14:10 left"  # shown to the second
    assert (panel.labels["game"].accessibleName(), panel.accessibleDescription()) == told
    now[0] = 61.0  # the next minute
    panel.show_clock(clock, "Ann Lee, Black, to move")
    assert panel.labels["game"].accessibleName() == "Game 13:59 left"
    assert panel.accessibleDescription() == panel.spoken_text()
    now[0] = 62.0
    clock.start_turn(WHITE)  # the turn changes: told at once
    panel.show_clock(clock, "Bo Diaz, Red, to move")
    assert panel.labels["turn"].accessibleName() == "Bo Diaz, Red, to move"
    assert panel.accessibleDescription() == panel.spoken_text()


# --- menu and shortcuts -------------------------------------------------------------------------
def test_event_shortcuts_are_unique_listed_and_on_the_window(make_window):
    keys = [QKeySequence(s.shortcut).toString() for s in ACTIONS + EVENT_ACTIONS if s.shortcut]
    assert len(keys) == len(set(keys))
    markdown = keyboard_help_markdown()
    window = make_window()
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert "Event" in titles and titles.index("Event") < titles.index("Help")
    for spec in EVENT_ACTIONS:
        assert f"| {spec.shortcut} | {spec.accessible_name} |" in markdown
        action = window.event_menu.actions[spec.id]
        assert action.shortcut().toString() == QKeySequence(spec.shortcut).toString()
    official = [s.id for s in EVENT_ACTIONS if s.menu == "Event/Official"]
    assert len(official) == 10  # start, pause, restart, warning, penalty, adjudicate, forfeit,
    # correct, forty-move ruling


def test_official_action_without_a_match_is_refused_aloud(make_window, qtbot):
    window = make_window()
    window.board.focus_cursor()
    window.synth.clear()
    window.event_menu.actions["official_pause"].trigger()
    assert window.synth.spoken[-1].startswith("No match is in progress")


# --- records ------------------------------------------------------------------------------------
def _finished_game() -> PlayedGame:
    board = Board()
    for text in ("11-15", "23-19", "8-11"):
        board.push_pdn(text)
    game = PlayedGame(2, "Bo Diaz", "Ann Lee", True, board)
    game.result = GameResult(WHITE, EndReason.ADJUDICATION, "time limit: Black 5, Red 7", 600.0,
                             {BLACK: 5, WHITE: 7})
    return game


def test_pdn_has_the_event_tags_and_the_actions_as_timed_comments():
    settings = MatchSettings(PLAYERS, "va-standard", site="Tampa", round="3",
                             official="Carol Ruiz").validated()
    game = _finished_game()
    actions = [LoggedAction(2, 0.0, 0, "10:00:00", "start", "Game two starts."),
               LoggedAction(2, 65.0, 2, "10:01:05", "pause", "The official pauses the clocks.",
                            True),
               LoggedAction(1, 5.0, 1, "09:50:00", "other", "from another game")]
    text = game_to_pdn(settings, game, actions, "2026-06-14")
    parsed = next(read_games(text))
    assert parsed.ok
    tags = parsed.game.tags
    assert list(tags)[:7] == ["Event", "Site", "Date", "Round", "Black", "White", "Result"]
    assert (tags["Round"], tags["Result"], tags["Black"], tags["WhiteCenter"]) == \
        ("3.2", "0-1", "Bo Diaz", "Tampa VAMC")
    assert (tags["Termination"], tags["Profile"], tags["PlayOut"][:5]) == \
        ("adjudication", "va-standard", "after")
    assert parsed.game.comments == {0: ["0:00 (10:00:00) Game two starts."],
                                    2: ["1:05 (10:01:05) Official: The official pauses the "
                                        "clocks."]}


def test_score_sheet_lists_moves_in_two_columns_and_the_result():
    game = _finished_game()
    assert move_rows(game) == [(1, "11-15", "23-19"), (2, "8-11", "")]
    settings = MatchSettings(PLAYERS, "va-vi").validated()
    html = score_sheet_html(settings, [game], [], "2026-06-14", "Score: Ann Lee 1, Bo Diaz 0.")
    for fragment in ("Ann Lee", "Bo Diaz", "Tampa VAMC", "85-up", "Game 2", "8-11",
                     "Ann Lee wins (0-1) by adjudication", "VA Golden Age, visually impaired"):
        assert fragment in html


def test_print_sends_the_score_sheet_to_the_printer_chosen(make_window, qtbot, tmp_path):
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    from checkers_desktop.session.match_model import MatchSettings as Settings

    window = make_window()
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.start_match(Settings(PLAYERS, "va-standard"))
    out = tmp_path / "printed.pdf"
    asked = []

    class FakePrintDialog:
        def __init__(self, printer, parent):
            asked.append(parent)
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(out))

        def exec(self):
            return QPrintDialog.DialogCode.Accepted

    menu.print_dialog_factory = FakePrintDialog
    menu.actions["event_print"].trigger()
    assert asked == [window]
    assert out.exists() and out.stat().st_size > 0
    assert out.read_bytes().startswith(b"%PDF")
