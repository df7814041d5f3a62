"""Draws in the window, in a match and outside it: a draw offer answered by keyboard, WCDF's
repetition and 40-move count with the official's ruling, each announced with the players' names
and written to the record and the score sheet; one announcement at a game's end; the Game menu's
draw offer in a practice game; the clock panel's type following View > Text size. (The match's
own rules for draws are tested without a window in tests/session.)"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.profiles import get_profile
from checkers_desktop.ui.event.clock_panel import BASE_POINTS
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.game import Mode

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
WCDF = get_profile("wcdf")


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def named(event, color) -> str:
    return f"{event.player(color)} ({event.sides[color]})"


# --- the window ---------------------------------------------------------------------------------------
def shortcut(qtbot, key, modifiers) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def start_wcdf_match(window, tmp_path):
    window.session.time_source = FakeTime()
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(5)
    menu.now = lambda: datetime(2026, 6, 14, 10, 30, 0)
    window.board.focus_cursor()
    settings = MatchSettings((PlayerInfo("Ann Lee", "Tampa VAMC"),
                              PlayerInfo("Bo Diaz", "Reno VAMC")), "wcdf",
                             event="Golden Age Games", official="Carol Ruiz")
    return menu.start_match(settings), menu


@pytest.mark.timeout(60)
def test_draw_offer_declined_count_requested_then_accepted_and_a_resignation(make_window, qtbot,
                                                                            tmp_path):
    window = make_window()
    menu = window.event_menu
    # the WCDF items are hidden outside a match, and Offer a draw is in both menus
    assert not menu.actions["event_forty_request"].isVisible()
    offer = window.actions_by_id["offer_draw"]
    assert offer in menu.menus["Event"].actions()
    event, menu = start_wcdf_match(window, tmp_path)
    for key in ("event_repetition", "event_forty_request", "event_strengthened",
                "official_forty_ruling"):
        assert menu.actions[key].isVisible(), key
    red, white = named(event, BLACK), named(event, WHITE)
    questions, answers = [], []
    menu.desk.confirm = lambda q: questions.append(q) or True
    menu.ask_player = lambda q, who: questions.append(q) or True  # a player's own question
    menu.ask_answer = lambda q: answers.append(q) or False  # the opponent says No
    window.move_box.setText("11-15")
    window.submit_move_box()
    window.move_box.setText("23-19")
    window.submit_move_box()
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_D, CTRL_SHIFT)  # Offer a draw (Red to move)
    assert questions == [f"Offer a draw for {red}, the player to move?"]
    assert answers and answers[0].startswith(f"{white}: {red} offers a draw.")
    assert window.synth.spoken[:2] == [f"{red} offers a draw. {white}, do you accept?",
                                       f"{white} declines the draw. Play goes on."]
    shortcut(qtbot, Qt.Key.Key_F, CTRL_SHIFT)  # Request the forty-move count
    assert questions[-1].startswith(f"{red} requests the forty-move count")
    assert event.draws.forty_move_attacker is WHITE
    shortcut(qtbot, Qt.Key.Key_G, CTRL_SHIFT)  # The position was strengthened
    assert window.synth.spoken[-1].startswith(f"{red} concedes that {white} has strengthened")
    # a man's move restarts the count anyway; then a new offer, accepted this time
    window.move_box.setText("9-14")
    window.submit_move_box()
    menu.ask_answer = lambda q: True
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_D, CTRL_SHIFT)  # White offers, Red accepts
    qtbot.waitUntil(lambda: event.game.number == 2)
    assert event.games[0].result.reason.value == "agreement"
    # one announcement for the game's end: names, how, the score (not the game session's own)
    ends = [line for line in window.synth.spoken if "is drawn" in line]
    assert ends == ["Game one is drawn: the players agree to a draw. Score: Ann Lee zero, "
                    "Bo Diaz zero, one drawn."]
    assert window.synth.spoken.index(f"{red} accepts the draw.") < \
        window.synth.spoken.index(ends[0])

    # game 2: the player with the first move resigns (Game > Resign, confirmed by the fixture)
    game2 = event.game
    loser = game2.player(BLACK)
    winner = game2.player(WHITE)
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_R, CTRL_SHIFT)
    qtbot.waitUntil(lambda: game2.result is not None)
    ends = [line for line in window.synth.spoken if "resigns" in line]
    assert len(ends) == 1 and ends[0].startswith(f"{winner} wins game two with White: {loser} "
                                                 "resigns. Score: ")
    assert not any(line.startswith("Red resigns") for line in window.synth.spoken)

    # the score sheet: the draw offers and the count with their times, the named resignation
    path = event.save_score_sheet(tmp_path / "sheet.pdf")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = " ".join(text.split())
    flat = re.sub(r"(\w)- (\w)", r"\1-\2", flat)  # "40-" at a line's end, "move" on the next
    assert f"{red} offers a draw." in flat
    assert f"{white} declines the draw." in flat
    assert "requests the 40-move count" in flat
    assert f"{red} accepts the draw." in flat
    assert f"by resignation: {loser} (Red) resigns" in flat
    assert "forty" not in flat and "twenty" not in flat


def test_va_match_hides_the_wcdf_items_and_refuses_their_shortcuts(make_window, qtbot, tmp_path):
    window = make_window()
    window.session.time_source = FakeTime()
    menu = window.event_menu
    menu.records_dir = tmp_path
    event = menu.start_match(MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")),
                                           "va-standard"))
    assert not menu.actions["event_forty_request"].isVisible()
    window.synth.clear()
    menu.actions["event_forty_request"].trigger()
    assert "have no forty-move count" in window.synth.spoken[-1]
    assert event.game.result is None


def test_game_menu_draw_offer_two_players_and_against_the_computer(make_window, qtbot):
    window = make_window()
    window.board.focus_cursor()
    shortcut(qtbot, Qt.Key.Key_N, CTRL_SHIFT)  # two players
    asked = []
    window.event_menu.ask_answer = lambda q: asked.append(q) or True
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_D, CTRL_SHIFT)
    assert asked and asked[0].startswith("Red: Black offers a draw.")
    assert not window.session.running
    assert window.session.referee.result.reason.value == "agreement"
    assert window.synth.spoken == ["Black offers a draw.", "The game is drawn by agreement."]
    assert "offers" not in window.status.text()  # the offer is over: the result is shown
    # against the computer, ahead in material: the computer declines; play goes on
    window.session.load_position("B:W21,22,23,24:B1,2", Mode.COMPUTER, human_color=BLACK)
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_D, CTRL_SHIFT)
    assert window.session.running
    assert window.synth.spoken == ["You offer the computer a draw.",
                                   "The computer declines the draw. Play goes on."]
    # No (or Escape) to the question: nothing is offered, and the player hears so
    window.ctx.confirm = lambda question: False
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_D, CTRL_SHIFT)
    assert window.session.running and window.session.referee.draw_offer is None
    assert window.synth.spoken == ["No draw offered. The game goes on."]


def test_clock_panel_type_follows_the_text_size(make_window, tmp_path):
    window = make_window()
    panel = window.event_menu.panel
    window.display.set_text_size(100)
    assert panel.labels["game"].font().pointSizeF() == pytest.approx(BASE_POINTS)
    assert BASE_POINTS >= 26
    window.display.set_text_size(200)
    assert panel.point_size == pytest.approx(2 * BASE_POINTS)  # asked for
    # shown as large as the side column allows, never below large print nor the window's text
    from checkers_desktop.ui.event.clock_panel import LARGE_PRINT_POINTS

    shown = panel.labels["game"].font().pointSizeF()
    assert LARGE_PRINT_POINTS <= shown <= 2 * BASE_POINTS
    assert shown >= panel.floor_points()
    assert panel.labels["turn"].font().pointSizeF() == pytest.approx(shown)
    window.display.set_text_size(100)
    assert panel.labels["move"].font().pointSizeF() <= BASE_POINTS


def test_result_texts_say_how_a_draw_or_forfeit_came_about():
    from checkers_desktop.rules.rulings import EndReason, GameResult
    from checkers_desktop.texts import game as game_texts

    sides = {BLACK: "Black", WHITE: "Red"}
    agreed = GameResult(None, EndReason.AGREEMENT, "the players agree", 10.0)
    assert game_texts.result_text(agreed, sides) == "The game is drawn by agreement."
    forfeit = GameResult(WHITE, EndReason.FORFEIT, "Black forfeits: left the table", 10.0,
                         forfeit_reason="left the table")
    assert game_texts.result_text(forfeit, sides) == \
        "Red wins. Black forfeits the game: left the table."
    forty = GameResult(None, EndReason.FORTY_MOVE_DRAW, "", 10.0)
    assert "forty-move count" in game_texts.result_text(forty, sides)


def test_the_official_is_asked_to_rule_when_the_forty_moves_are_counted(make_window, qtbot,
                                                                       tmp_path):
    from checkers_desktop.rules.rulings import FortyMovesCompleted
    from checkers_desktop.session.match_events import FortyMovesDue

    window = make_window()
    event, menu = start_wcdf_match(window, tmp_path)
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_M, CTRL_ALT)  # Forty-move ruling: none is due yet
    assert window.synth.spoken[-1] == "No forty-move count awaits a ruling."
    asked = []
    menu.desk.choose = lambda title, label, options: asked.append((label, options)) or 0
    menu.desk.confirm = lambda q: True
    # The referee's state as after forty counted moves of White's (played out in
    # test_declined_offer_then_forty_move_count_and_the_officials_ruling).
    referee = event.referee
    referee.forty_move_attacker = WHITE
    referee._forty_judging = True
    event._emit(FortyMovesDue(FortyMovesCompleted(0.0, WHITE)))
    qtbot.waitUntil(lambda: event.games[0].result is not None)
    white = f"{event.games[0].white} (White)"
    assert asked == [(f"Has {white} strengthened the position?",
                      ["Not strengthened: the game is drawn", "Strengthened: play goes on"])]
    assert event.games[0].result.reason.value == "40-move count"
    ruling = [a for a in event.actions if a.kind == "forty_move_ruling"]
    assert len(ruling) == 1 and ruling[0].official
    assert ruling[0].text == (f"The official, Carol Ruiz, rules that {white} did not strengthen "
                              "the position "
                              "in forty moves: the game is drawn.")


def test_hidden_wcdf_shortcut_is_inactive_under_va_rules(make_window, qtbot, tmp_path):
    window = make_window()
    window.session.time_source = FakeTime()
    menu = window.event_menu
    menu.records_dir = tmp_path
    event = menu.start_match(MatchSettings((PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")),
                                           "va-standard"))
    window.board.focus_cursor()
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_F, CTRL_SHIFT)  # a hidden item's key is inactive
    assert not any("forty-move" in line for line in window.synth.spoken)
    assert event.draws.forty_move_attacker is None and event.game.result is None


def test_no_to_resign_says_the_game_goes_on(make_window, qtbot):
    """Answering No to "resign this game?" is told, as No to the draw question is."""
    window = make_window()
    window.board.focus_cursor()
    asked = []
    window.confirm = lambda question, title="Checkers", **_: asked.append(title) and False
    window.synth.clear()
    shortcut(qtbot, Qt.Key.Key_R, CTRL_SHIFT)
    assert asked == ["Resign the game?"]  # the title says what is asked
    assert window.session.running
    assert window.synth.spoken == ["Nothing changed: the game goes on."]
    # at the same level as No to leaving the game (it was polite here, assertive there)
    assert window.events.events[-1][:2] == ("Nothing changed: the game goes on.",
                                            QAccessible.AnnouncementPoliteness.Assertive)
