"""A whole match run from the Event menu of the window, with a fake clock: the coin flip, a drawn
game, a game adjudicated at the time limit after a 30-second penalty, a won game, the PDN records
and the PDF score sheet (read back with pdftotext)."""

from __future__ import annotations

import random
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.rules.profiles import get_profile
from checkers_desktop.speech.spoken import number_words
from checkers_desktop.ui.event.match_dialog import MatchDialog
from checkers_desktop.session.match_model import format_game_time

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
PIN = "2468"


def official_types_the_pin(action, official, check):
    """The official's PIN dialog, answered by the official (the right PIN)."""
    return official if check(PIN, official).ok else None


class FakeTime:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def shortcut(qtbot, key, modifiers) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def form_factory(qtbot, profile_key, names=("Ann Lee", "Bo Diaz")):
    """The real new-match form, filled in by typing, accepted as if OK were pressed."""
    def make(parent):
        dialog = MatchDialog(parent)
        qtbot.keyClicks(dialog.fields["name-1"], names[0])
        qtbot.keyClicks(dialog.fields["center-1"], "Tampa VAMC")
        qtbot.keyClicks(dialog.fields["name-2"], names[1])
        qtbot.keyClicks(dialog.fields["center-2"], "Reno VAMC")
        for key, data in (("age-1", "70-74"), ("age-2", "85-up"), ("profile", profile_key)):
            combo = dialog.fields[key]
            combo.setCurrentIndex(combo.findData(data))
        qtbot.keyClicks(dialog.fields["official"], "Carol Ruiz")
        qtbot.keyClicks(dialog.fields["pin"], PIN)
        qtbot.keyClicks(dialog.fields["pin-again"], PIN)

        def exec_():
            dialog.accept()
            return dialog.result()
        dialog.exec = exec_
        return dialog
    return make


def _no_other_file_dialog(*args, **kwargs):
    raise AssertionError("a file dialog opened outside the window's Interaction")


def start_match(window, qtbot, tmp_path, profile_key, seed):
    clock = FakeTime()
    window.session.time_source = clock
    menu = window.event_menu
    menu.records_dir = tmp_path
    menu.rng = random.Random(seed)
    menu.now = lambda: datetime(2026, 6, 14, 10, 30, 0)
    menu.dialog_factory = form_factory(qtbot, profile_key)
    window.board.focus_cursor()
    window.synth.clear()
    menu.desk.ask_pin = official_types_the_pin  # the players-ready step asks it first
    shortcut(qtbot, Qt.Key.Key_M, CTRL_SHIFT)  # Event > New match...
    qtbot.waitUntil(lambda: menu.current is not None and menu.current.game is not None)
    return menu.current, clock, menu


def play_text(window, text: str) -> None:
    window.move_box.setText(text)
    window.submit_move_box()


def press_on_square(qtbot, window, square: int) -> None:
    window.board.set_cursor(square)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def said(window, fragment: str) -> bool:
    return any(fragment in line for line in window.synth.spoken)


@pytest.mark.timeout(120)
def test_whole_match_from_the_event_menu(make_window, qtbot, tmp_path, monkeypatch):
    from checkers_desktop.ui import interaction

    monkeypatch.setattr(QFileDialog, "getSaveFileName", _no_other_file_dialog)
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))  # the score sheet is offered in its Documents folder
    window = make_window()
    event, clock, menu = start_match(window, qtbot, tmp_path, "va-standard", seed=11)
    profile = get_profile("va-standard")
    first = event.match.first_black
    other = "Bo Diaz" if first == "Ann Lee" else "Ann Lee"
    # The coin flip and who plays which side are announced; the game runs for two players.
    assert window.synth.spoken[0].startswith(f"The coin flip gives {first} Black in game one")
    assert said(window, f"Game one, VA Golden Age, standard rules. {first} plays Black, {other} "
                        f"plays Red.")
    assert window.session.referee is event.referee
    assert window.session.mode.name == "TWO_PLAYERS"
    assert window.session.player_names == {BLACK: first, WHITE: other}
    # The clocks are on screen in large type.
    assert menu.panel.isVisible() and menu.panel.accessibleName() == "Clocks"
    menu.refresh_clocks()
    assert menu.panel.readings["game"] == f"Game {format_game_time(profile.game_limit)} left"
    assert menu.panel.readings["move"] == \
        f"Move 0:00 of {format_game_time(profile.move_limit.limit)}"
    assert menu.panel.labels["game"].font().pointSizeF() >= 18  # large print at least

    # The board is shown (and read) from the mover's side: Black's home row at the bottom.
    assert window.board.flipped is True
    # --- game 1: two moves, then the official declares it drawn (Event > Official > Adjudicate)
    play_text(window, "11-15")
    assert window.board.flipped is False  # Red to move: Red's home row at the bottom
    play_text(window, "23-19")
    assert window.session.board.ply == 2
    menu.desk.choose = lambda title, label, options: len(options) - 1  # "Drawn: ..."
    questions = []
    menu.desk.confirm = lambda q: questions.append(q) or True
    shortcut(qtbot, Qt.Key.Key_A, CTRL_ALT)
    assert questions == ["Game 1 is drawn: neither player can force a win. A new game follows."]
    qtbot.waitUntil(lambda: event.game.number == 2)
    assert event.games[0].result.winner is None
    assert said(window, "Game one is drawn")
    game2 = event.game
    assert (game2.black, game2.white, game2.play_out) == (other, first, True)
    assert said(window, f"{other} plays Black, {first} plays Red")
    # the official starts game 2 once the players are ready (asked after the result)
    qtbot.waitUntil(lambda: not event.awaiting_start)
    assert questions[-1].startswith("Game 1 is drawn") or "game 2 starts" in questions[-1]

    # --- game 2: Black moves on the board by keyboard; Red lets 30 seconds pass: the penalty
    press_on_square(qtbot, window, 11)
    press_on_square(qtbot, window, 15)
    assert window.session.board.piece_at(15) is not None
    clock.advance(profile.move_limit.warning + 0.5)
    window.session.poll_clock()
    assert event.actions[-1].kind == "move_warning"
    clock.advance(profile.move_limit.limit - profile.move_limit.warning)
    window.session.poll_clock()
    due = event.pending_penalty
    assert due is not None and due.chooser is BLACK and due.victim is WHITE
    assert said(window, f"{other}, choose one of {first}'s checkers to remove")  # the chooser
    # Black's player chooses Red's checker on 22 on the board (keyboard; a click does the same),
    # confirmed (the fixture answers Yes)
    press_on_square(qtbot, window, 22)
    qtbot.waitUntil(lambda: window.session.board.piece_at(22) is None)
    assert event.pending_penalty is None
    assert said(window, f"{other} removes {first}'s Red man on twenty-two.")
    assert event.actions[-1].kind == "checker_removed"
    assert f"{other} removes {first}'s Red man on twenty-two." == event.actions[-1].text
    # on paper the square is in digits
    assert f"{other} removes {first}'s Red man on 22." == event.actions[-1].paper
    # play on, a move every 20 seconds, to the game limit: adjudicated by the count
    while event.game is game2 and game2.result is None:
        clock.advance(20)
        window.session.poll_clock()
        if game2.result is None:
            play_text(window, window.session.legal_moves()[0].pdn())
    qtbot.waitUntil(lambda: event.game is not game2 or event.is_over)
    result2 = game2.result
    assert result2.reason.value == "adjudication" and result2.winner is not None
    assert result2.at == pytest.approx(profile.game_limit)
    mat = result2.material
    winner = game2.player(result2.winner)
    loser = first if winner == other else other
    # one announcement: the named result, the count, the score (the game session's own "Black
    # wins by adjudication" is not said as well)
    count = (f"The count: Black {number_words(mat[BLACK])}, Red {number_words(mat[WHITE])} "
             "(man 1, king 2).")
    end = [line for line in window.synth.spoken if f"{winner} wins game two with" in line]
    assert len(end) == 1 and count in end[0] and "Score: Ann Lee " in end[0]
    assert not said(window, "wins by adjudication")

    # --- game 3: the loser of game 2 resigns (Game > Resign, side to move) after any moves
    game3 = event.game
    assert game3.number == 3 and game3.play_out is False
    if game3.player(BLACK) != loser:
        play_text(window, "11-15")
    shortcut(qtbot, Qt.Key.Key_R, CTRL_SHIFT)  # Resign (confirmed by the fixture)
    qtbot.waitUntil(lambda: event.is_over)
    assert event.match.winner == winner
    assert said(window, f"{winner} wins the match, two games to none.")
    assert not menu.timer.isActive()

    # --- records: three PDN games with the event's tags, the official's action with its time
    folder = event.folder
    pdns = sorted(folder.glob("game-*.pdn"))
    assert [p.name for p in pdns] == ["game-1.pdn", "game-2.pdn", "game-3.pdn"]
    parsed = [next(read_games(p.read_text(encoding="utf-8"))) for p in pdns]
    for g, played in zip(parsed, event.games):
        tags = g.game.tags
        assert (tags["Black"], tags["White"]) == (played.black, played.white)
        assert tags["Event"] == "National Veterans Golden Age Games"
        assert tags["Profile"] == "va-standard" and tags["Date"] == "2026.06.14"
        assert tags["Result"] == played.pdn_result
    assert [g.game.tags["Termination"] for g in parsed] == ["declared drawn", "adjudication",
                                                             "resignation"]
    assert parsed[0].ok and [m.pdn() for m in parsed[0].game.moves] == ["11-15", "23-19"]
    comments1 = [c for cs in parsed[0].game.comments.values() for c in cs]
    assert any(c.startswith("0:00 (10:30:00) Official: The official, Carol Ruiz, declares the "
                            "game drawn") for c in comments1)
    comments2 = " ".join(c for cs in parsed[1].game.comments.values() for c in cs)
    assert "Red man on 22. [%remove 22]" in comments2
    assert "25 seconds" in comments2 and "twenty" not in comments2
    assert f"{format_game_time(profile.game_limit)} (10:30:00) {winner} wins game 2" in comments2

    # --- the score sheet: saved at the end, and again where the official asks; printable
    sheet = folder / "score-sheet.pdf"
    assert sheet.exists()
    target = tmp_path / "sheet-copy"
    offered = []
    monkeypatch.setattr(interaction, "chosen_file", lambda dialog, ahead=None: offered.append(
        str(Path(dialog.directory().absolutePath()) / dialog.selectedFiles()[0])) or str(target))
    shortcut(qtbot, Qt.Key.Key_E, CTRL_SHIFT)
    assert (tmp_path / "sheet-copy.pdf").exists()
    # the window's one file dialog, in Documents, on a name saying who played and when
    assert offered == [str(home / "Documents"
                           / "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-06-14-1030.pdf")]
    assert window.synth.spoken[-1] == f"Score sheet saved: sheet-copy.pdf in {tmp_path.name}."
    assert f"Score sheet saved: {tmp_path / 'sheet-copy.pdf'}." in window.status.text()
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True,
                          text=True, check=True).stdout
    text = " ".join(text.split())  # lines wrap anywhere
    for name in ("Ann Lee", "Bo Diaz", "Tampa VAMC", "Reno VAMC", "Carol Ruiz"):
        assert name in text
    for fragment in ("Game 1", "Game 2", "Game 3", "11-15", "Official", "adjudication",
                     "wins the match, 2 games to"):  # digits on paper
        assert fragment in text


@pytest.mark.timeout(60)
def test_visually_impaired_match_stalling_warning_penalty_and_forfeit(make_window, qtbot,
                                                                      tmp_path):
    window = make_window()
    event, clock, menu = start_match(window, qtbot, tmp_path, "va-vi", seed=2)
    menu.refresh_clocks()
    assert menu.panel.readings["move"].endswith("no move limit")
    play_text(window, "11-15")
    clock.advance(90)  # no move timer under -VI: no penalty however long Red thinks
    window.session.poll_clock()
    assert event.pending_penalty is None
    red = event.player(WHITE)
    # the official warns Red for stalling (Ctrl+Alt+W), chooses the player, confirms
    menu.desk.choose = lambda title, label, options: options.index(f"{red} (Red)")
    asked = []
    menu.desk.confirm = lambda q: asked.append(q) or True
    shortcut(qtbot, Qt.Key.Key_W, CTRL_ALT)
    assert asked == [f"{red}, Red, is warned for stalling. If it goes on, a checker will be "
                     "removed."]
    assert said(window, f"The official, Carol Ruiz, warns {red}, Red, for stalling.")
    warning = event.actions[-1]
    assert (warning.kind, warning.official, warning.at) == ("stalling_warning", True, 90.0)
    # it goes on: stalling penalty (Ctrl+Alt+S); Black's player types the square (Ctrl+Shift+X)
    shortcut(qtbot, Qt.Key.Key_S, CTRL_ALT)
    assert event.pending_penalty is not None and event.pending_penalty.victim is WHITE
    menu.ask_square = lambda chooser, victim, allowed: 24
    shortcut(qtbot, Qt.Key.Key_X, CTRL_SHIFT)
    qtbot.waitUntil(lambda: window.session.board.piece_at(24) is None)  # after Yes
    # pause and resume the clocks
    shortcut(qtbot, Qt.Key.Key_P, CTRL_ALT)
    assert event.paused and menu.panel.readings["state"] == "Paused"
    clock.advance(300)
    shortcut(qtbot, Qt.Key.Key_R, CTRL_ALT)
    assert not event.paused and event.referee.clock.elapsed() == pytest.approx(90.0)
    # the official declares that Red forfeits (Ctrl+Alt+F) with a reason
    menu.desk.ask_text = lambda title, label: "left the table"
    shortcut(qtbot, Qt.Key.Key_F, CTRL_ALT)
    qtbot.waitUntil(lambda: event.game.number == 2)
    first_game = event.games[0]
    assert first_game.result.reason.value == "forfeit" and first_game.result.winner is BLACK
    record = next(read_games((event.folder / "game-1.pdn").read_text(encoding="utf-8"))).game
    assert record.tags["Profile"] == "va-vi"
    comments = [c for cs in record.comments.values() for c in cs]
    kinds = ["warns", "stalling penalty", "removes", "pauses the clocks", "restarts the clocks",
             "forfeits game 1: left the table"]
    for fragment in kinds:
        assert any(fragment in c for c in comments), fragment
    assert any(c.startswith("1:30 (10:30:00) Official: The official, Carol Ruiz, warns")
               for c in comments)
    # F4 says the score, whose turn and the clocks
    shortcut(qtbot, Qt.Key.Key_F4, Qt.KeyboardModifier.NoModifier)
    assert window.synth.spoken[-1].startswith(f"Score: {event.settings.names[0]} ")
    limit = format_game_time(get_profile("va-vi").game_limit)  # game 2 has just started
    assert f"Game {limit} left. Move 0:00, no move limit." in window.synth.spoken[-1]
    # Game > New game asks, the official gives the PIN: the match ends; records are kept
    shortcut(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert menu.current is None and not menu.panel.isVisible()
    assert said(window, "The official, Carol Ruiz, ends the match")
    assert (event.folder / "game-2.pdn").exists()
    assert '[Result "*"]' in (event.folder / "game-2.pdn").read_text(encoding="utf-8")
    assert window.session.player_names is None


def test_every_tab_stop_of_the_match_form_is_a_field_or_a_button(qtbot):
    """Tab goes round the new-match form's fields and buttons only: its scrolling area had a Tab
    stop of its own, which a screen reader heard as an unnamed "filler" and nothing on screen
    showed focused."""
    from PySide6.QtWidgets import (QAbstractButton, QComboBox, QLineEdit, QSpinBox,
                                   QAbstractScrollArea)
    dialog = MatchDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    first = dialog.fields["name-1"]
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    stops = []
    for _ in range(80):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if widget is first:
            break
        stops.append(widget)
    assert stops and widget is first  # round the form and back
    assert not any(isinstance(w, QAbstractScrollArea) for w in stops)
    assert all(isinstance(w, (QLineEdit, QComboBox, QSpinBox, QAbstractButton)) for w in stops), \
        [type(w).__name__ for w in stops]
    assert set(dialog.fields.values()) - {first} <= set(stops)
