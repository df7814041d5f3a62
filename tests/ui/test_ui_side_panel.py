"""The side panel: the legal moves to arrow through and play, the moves played to step through
(review), the board as text that follows every move and the cursor, saving the game as PDN and
opening it again, and the panel beside the board on a 1366x768 screen (hidden there at a large
text size, where the board needs its width)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK, Board
from checkers_desktop.rules.pdn import read_game
from checkers_desktop.session.game import Mode
from checkers_desktop.session.leaving import Leaving, at_stake
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.texts import reading as reading_texts
from checkers_desktop.ui.side_panel import room_for_panel
from pace import record_pace


def key(qtbot, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def test_f5_lists_the_legal_moves_and_enter_plays_the_selected_one(make_window, qtbot):
    window = make_window()
    panel = window.play_aids.panel
    told: list[tuple[str, bool]] = []  # the current item set while the list has the focus is
    panel.moves.currentItemChanged.connect(  # what a screen reader is told first (AT-SPI focus)
        lambda item, _old: told.append((item.text() if item else "", panel.moves.hasFocus())))
    key(qtbot, Qt.Key.Key_F5)
    assert QApplication.focusWidget() is panel.moves
    assert told[-1] == ("9 to 13", True)
    items = [panel.moves.item(i).text() for i in range(panel.moves.count())]
    assert items == ["9 to 13", "9 to 14", "10 to 14", "10 to 15", "11 to 15", "11 to 16",
                     "12 to 16"]
    for _ in range(4):
        key(qtbot, Qt.Key.Key_Down)
    assert panel.moves.currentItem().text() == "11 to 15"
    current: list[str] = []  # what a screen reader is given as the list's item meanwhile
    panel.moves.currentItemChanged.connect(
        lambda item, _old: current.append(item.text() if item is not None else ""))
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.board.move_stack[0].pdn() == "11-15"
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    # no "Please wait" item in between: the reply refills the list once
    assert not any(text.startswith("Please wait") for text in current), current
    assert QApplication.focusWidget() is panel.moves  # ready for the next move
    qtbot.waitUntil(lambda: panel.moves.count() == len(window.session.legal_moves()))
    key(qtbot, Qt.Key.Key_Escape)
    assert window.board.focused_square() == window.board.cursor


def test_the_history_steps_through_the_positions_and_escape_returns_to_the_game(make_window,
                                                                                qtbot):
    window = make_window()
    panel = window.play_aids.panel
    for text in ("11-15", "9-14"):
        window.session.submit_text(text)
        qtbot.waitUntil(lambda: window.session.board.turn is BLACK, timeout=5000)
    assert panel.history.item(0).text() == "Start position"  # Home goes to it
    assert panel.history.item(1).text()[:13] == "1. You: 11 to"
    # numbered as on a score sheet, as the review of the player's moves and H count
    assert panel.history.item(2).text().startswith("1. Computer: ")
    assert panel.history.item(3).text().startswith("2. You: 9 to 14")
    key(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is panel.history
    assert panel.history.currentRow() == 4
    key(qtbot, Qt.Key.Key_Up)
    key(qtbot, Qt.Key.Key_Up)
    key(qtbot, Qt.Key.Key_Up)  # after move 1: only 11-15 played
    assert panel.reviewing == 1
    assert window.board.squares[15].accessibleName() == "15, black man"
    assert window.board.squares[14].accessibleName() == "14, empty"  # 9-14 not yet
    assert panel.text.toPlainText().split("\n")[4].count("b") == 1  # the reviewed position
    # seen, not only heard: the status line tells of the position shown, and only of it
    assert window.status.text() == ("Reviewing: after move 1 of 2, You: eleven to fifteen. Red "
                                    "to move. The game is not changed; Escape returns to it.")
    assert window.synth.spoken.count(
        "Reviewing: the board shows a past position of the game. Escape returns to the "
        "game.") == 1  # said once, when the board first showed a past position
    key(qtbot, Qt.Key.Key_F3)
    assert window.synth.spoken[-1] == window.status.text()
    # the game's legal moves are not listed beside a past position
    assert not panel.moves.isEnabled()
    assert [panel.moves.item(i).text() for i in range(panel.moves.count())] == [
        "Reviewing a past position: Escape returns to the game and its moves."]
    key(qtbot, Qt.Key.Key_Return)
    assert window.synth.spoken[-1].startswith(
        "After move 1 of 2: You, eleven to fifteen. Black: 12 men")
    assert window.session.board.ply == 4  # the game itself is unchanged
    # the reading keys read the position shown, as a sighted player sees it
    key(qtbot, Qt.Key.Key_L)  # the position's last move, said to be the past's
    assert window.synth.spoken[-1] == "Reviewing. Last move: You, eleven to fifteen."
    key(qtbot, Qt.Key.Key_B)
    shown = window.synth.spoken[-1]
    key(qtbot, Qt.Key.Key_Escape)
    assert panel.reviewing is None
    assert "Reviewing" not in window.status.text()
    assert window.synth.spoken[-1] == "Review ended: the board shows the game."
    assert panel.moves.isEnabled() and panel.moves.count() > 1  # the game's moves again
    # Ctrl+H opens on the game's own position again, not on the move last reviewed
    key(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert panel.history.currentRow() == panel.history.count() - 1 and panel.reviewing is None
    key(qtbot, Qt.Key.Key_Home)  # the position the game started from
    assert panel.reviewing == 0
    assert window.status.text().startswith("Reviewing: the start position. Black to move.")
    assert window.board.squares[11].accessibleName() == "11, black man"
    key(qtbot, Qt.Key.Key_Return)
    assert window.synth.spoken[-1].startswith("The start position. Black: 12 men")
    key(qtbot, Qt.Key.Key_Escape)
    assert window.board.squares[14].accessibleName() == "14, black man"
    key(qtbot, Qt.Key.Key_B)
    assert window.synth.spoken[-1] != shown  # the game's own position again


def test_the_board_as_text_follows_the_moves_and_the_cursor(make_window, qtbot):
    window = make_window()
    panel = window.play_aids.panel
    lines = panel.text.toPlainText().split("\n")
    assert len(lines) == 8
    # seen from Black's chair: Red's men at the top, Black's at the bottom, the cursor on 11
    assert lines[0] == ". r . r . r . r" and lines[7] == "b . b . b . b ."
    assert ">b" in lines[5] and lines[5].count(">") == 1
    window.session.submit_text("11-15")
    assert panel.text.toPlainText().split("\n")[4].count("b") == 1
    window.board.set_cursor(15)
    assert ">b" in panel.text.toPlainText().split("\n")[4]
    key(qtbot, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is panel.text
    assert panel.text.accessibleDescription() == reading_texts.board_text_legend(
        window.session.side_names)
    window.board.focus_cursor()
    key(qtbot, Qt.Key.Key_X)  # the same text from a key
    assert window.synth.spoken[-1] == panel.text.toPlainText()


def test_ctrl_s_saves_the_game_as_pdn_and_open_game_plays_it_on(make_window, qtbot, tmp_path):
    window = make_window()
    for text in ("11-15", "9-14"):
        window.session.submit_text(text)
        qtbot.waitUntil(lambda: window.session.board.turn is BLACK, timeout=5000)
    played = [m.pdn() for m in window.session.board.move_stack]
    target = tmp_path / "my game"
    window.play_aids.saving.ask_path = lambda: str(target)
    key(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    saved = Path(str(target) + ".pdn")
    assert saved.is_file()
    assert window.synth.spoken[-1] == (f"Game saved: 2 moves in my game.pdn in {tmp_path.name}. "
                                       "Game, Open game opens it again.")
    assert f"Game saved: 2 moves in {saved}." in window.status.text()  # the whole path shown
    assert window.status.text().startswith("You, Black to move.")  # whose turn stays first
    # leaving it now loses nothing, and the question says so
    assert at_stake(window.session, None, Leaving.OPEN_GAME).question.endswith(
        "It is saved in my game.pdn; Open game brings it back.")
    game = read_game(saved.read_text())
    assert [m.pdn() for m in game.moves] == played
    assert game.tags["Black"] == "You" and game.tags["White"].startswith("Computer, level")
    assert game.tags["Event"] == "Practice at home" and game.result == "*"
    window.open_game_action.open(str(saved))
    assert [m.pdn() for m in window.session.board.move_stack] == played
    assert window.session.board.fen() == game.board().fen()


def test_nothing_is_saved_before_a_move_and_a_bad_folder_is_told(make_window, tmp_path):
    window = make_window()
    assert window.play_aids.saving.save(str(tmp_path / "x.pdn")) is None
    assert window.synth.spoken[-1] == "There is nothing to save yet: no move has been played."
    window.session.submit_text("11-15")
    assert window.play_aids.saving.save(str(tmp_path / "missing" / "x.pdn")) is None
    assert "The game was not saved: x.pdn cannot be written" in window.status.text()


def test_the_panel_fits_beside_the_board_at_1366x768_and_can_be_hidden(make_window, qtbot):
    window = make_window()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.width() <= 1366)
    panel = window.play_aids.panel
    assert panel.isVisible()
    board = window.board
    right_of_board = board.mapTo(window, board.rect().topRight()).x()
    assert panel.geometry().left() >= right_of_board - 1  # beside, not over, the board
    assert board.visible_squares() == set(range(1, 33))
    assert board.cell_size() >= 50
    window.actions_by_id["side_panel"].trigger()
    assert not panel.isVisible()
    assert window.synth.spoken[-1] == "Side panel hidden."  # a screen-reader user hears it
    key(qtbot, Qt.Key.Key_F5)  # going to a list shows the panel again
    assert panel.isVisible() and QApplication.focusWidget() is panel.moves


def test_at_a_large_text_size_the_panel_gives_an_event_laptop_board_its_width():
    # 1366x768 and 1280x720: shown at 100 %, hidden at 150 % and 200 % (the panel about 24
    # characters of the larger text wide); a wide desktop screen keeps it at 150 %
    for width, height in ((1366, 768), (1280, 720)):
        assert room_for_panel(width, height, 100, 240)
        assert not room_for_panel(width, height, 150, 300)
        assert not room_for_panel(width, height, 200, 380)
    assert room_for_panel(2560, 1440, 150, 300)


def test_the_text_size_hides_the_panel_and_the_players_choice_holds(make_window, qtbot):
    window = make_window()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.width() <= 1366)
    panel, action = window.play_aids.panel, window.actions_by_id["side_panel"]
    assert panel.isVisible() and action.isChecked()
    window.display.set_text_size(200)
    assert not panel.isVisible() and not action.isChecked()
    window.board.focus_cursor()
    key(qtbot, Qt.Key.Key_F5)  # the list of moves: shown while it is used...
    assert panel.isVisible() and QApplication.focusWidget() is panel.moves
    key(qtbot, Qt.Key.Key_Escape)  # ...and hidden again back on the board
    assert not panel.isVisible() and window.board.focused_square() == window.board.cursor
    window.resize(1366, 760)  # a resize alone does not bring it back at 200 %
    qtbot.waitUntil(lambda: window.height() <= 760)
    assert not panel.isVisible()
    action.trigger()  # View > Side panel: the player wants it, resizing keeps it
    assert panel.isVisible() and action.isChecked()
    assert window.synth.spoken[-1].startswith("Side panel shown")
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.height() == 768)
    assert panel.isVisible()
    window.display.set_text_size(100)  # back to normal text: shown by the room there is
    assert panel.isVisible() and action.isChecked()


def test_with_the_panel_hidden_the_legend_is_under_the_status_line(make_window, qtbot):
    window = make_window()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.width() <= 1366)
    beside = window.play_aids.panel.legend_beside_board
    assert not beside.isVisible()  # the panel shows it
    window.display.set_text_size(200)
    qtbot.waitUntil(lambda: beside.isVisible())
    assert beside.text() == window.play_aids.panel.legend.text() == beside.accessibleDescription()
    assert beside.text().startswith("Black, you: yellow solid discs.")
    assert window.table.board_side >= window.centralWidget().height() - 24  # it costs no height


def test_the_board_as_text_grows_with_the_text_size(make_window):
    window = make_window()
    text = window.play_aids.panel.text
    before = text.font().pointSizeF()
    window.display.set_text_size(200)
    assert text.font().pointSizeF() == 2 * before
    assert text.font().fixedPitch() or text.font().styleHint() == text.font().StyleHint.Monospace


def test_a_move_played_during_a_review_ends_it_and_says_so(make_window, qtbot):
    """The computer's reply (here, the other player's move) comes while a past position is
    shown: the board, the status line and the reading keys go back to the game, and the player
    hears that the review ended, not only the move."""
    window = make_window()
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    for text in ("11-15", "22-18"):
        window.session.submit_text(text)
    key(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, Qt.Key.Key_Up)
    assert panel.reviewing == 1 and window.board.reviewed_position is not None
    window.synth.clear()
    assert window.session.submit_text("15x22")
    assert panel.reviewing is None and window.board.reviewed_position is None
    assert not window.status.text().startswith("Reviewing")
    assert "Review ended: the board shows the game." in window.synth.spoken
    assert window.board.squares[22].accessibleName() == "22, black man"


def test_a_long_move_wraps_in_the_panel_and_is_not_cut_off(make_window, qtbot):
    """At 1366x768 the panel is about 24 characters wide: a double jump's item is longer, and
    is wrapped, with no horizontal scroll bar hiding its end."""
    window = make_window()
    window.resize(1366, 768)
    panel = window.play_aids.panel
    window.session.load_position("B:W18,27:B14,5", Mode.TWO_PLAYERS)
    window.session.submit_text("14x23")
    window.session.submit_text("27x18")
    window.session.submit_text("5-9")
    for widget in (panel.history, panel.moves):
        assert widget.wordWrap()
        assert widget.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    item = panel.history.item(1)
    rect = panel.history.visualItemRect(item)
    assert rect.width() <= panel.history.viewport().width()


def test_a_hint_asked_during_a_review_ends_it_first(make_window, qtbot):
    """F9 while a past position is shown: the review ends, and is said to end, before "Looking
    for a hint."; the board has the keyboard again (the next arrow moves on the board, not back
    into the past), and the board, the status line and the reading keys show the game."""
    window = make_window()
    panel = window.play_aids.panel
    for text in ("11-15", "9-14"):
        window.session.submit_text(text)
        qtbot.waitUntil(lambda: window.session.board.turn is BLACK, timeout=5000)
    key(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, Qt.Key.Key_Home)
    assert panel.reviewing == 0 and window.board.squares[14].accessibleName() == "14, empty"
    window.synth.clear()
    key(qtbot, Qt.Key.Key_F9)
    assert panel.reviewing is None and window.board.reviewed_position is None
    assert window.synth.spoken[:2] == ["Review ended: the board shows the game.",
                                       "Looking for a hint."]
    assert QApplication.focusWidget() is not panel.history
    assert window.board.squares[14].accessibleName() == "14, black man"
    assert not window.status.text().startswith("Reviewing")
    qtbot.waitUntil(lambda: window.practice.hint_move is not None, timeout=10000)


def test_a_take_back_during_a_review_does_not_cut_off_that_the_review_ended(make_window,
                                                                            qtbot):
    """Ctrl+Z while a past position is shown, with speech that takes time (an utterance lasts
    until it is finished): "Review ended" is said whole, and what was taken back after it; the
    took-back sentence, which cuts off anything else, does not cut it off."""
    synth = FakeSynth(hold=True)
    window, panel = _reviewing_the_start(make_window, qtbot, synth=synth)
    synth.finish_all()
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.reviewing is None and len(window.session.board.move_stack) == 0
    assert synth.speaking == reading_texts.review_ended_text()
    synth.finish_all()
    assert reading_texts.review_ended_text() not in synth.interrupted
    said = synth.spoken[synth.spoken.index(reading_texts.review_ended_text()):]
    assert said[1].startswith("Took back ") and "eleven to fifteen" in said[1]


def test_a_hint_during_a_review_is_looked_for_after_the_review_ended_is_said(make_window,
                                                                             qtbot):
    """F9 while a past position is shown, with speech that takes time: "Looking for a hint."
    (a reading answer, which cuts off other readings) waits for "Review ended" to be said."""
    synth = FakeSynth(hold=True)
    window, _panel = _reviewing_the_start(make_window, qtbot, synth=synth)
    synth.finish_all()
    key(qtbot, Qt.Key.Key_F9)
    assert synth.speaking == reading_texts.review_ended_text()
    assert [t for t, _ in synth.pending][:1] == ["Looking for a hint."]
    qtbot.waitUntil(lambda: window.practice.hint_move is not None, timeout=10000)
    synth.finish_all()
    assert reading_texts.review_ended_text() not in synth.interrupted


def _reviewing_the_start(make_window, qtbot, **window_options):
    """A window (made with ``window_options``) whose player has moved once and reviews the
    start position (Ctrl+H, Home)."""
    window = make_window(**window_options)
    panel = window.play_aids.panel
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.turn is BLACK, timeout=5000)
    key(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, Qt.Key.Key_Home)
    assert panel.reviewing == 0
    return window, panel


def test_any_redraw_of_the_board_during_a_review_ends_it(make_window, qtbot):
    """A change of the board's marks (a clock warning, a penalty) redraws the game: the review
    ends first, so the board never shows the game under the past position's status line."""
    window, panel = _reviewing_the_start(make_window, qtbot)
    window.refresh_board()
    assert panel.reviewing is None and window.board.reviewed_position is None
    assert window.board.squares[15].accessibleName() == "15, black man"
    assert not window.status.text().startswith("Reviewing")


def test_a_menu_opened_during_a_review_keeps_it_and_its_game_command_ends_it(make_window,
                                                                             qtbot):
    """Opening a menu takes the focus from the moves played list without ending the review
    (Escape comes back to it); a game command chosen there (Practice > Hint) ends it and gives
    the board the keyboard, as its key does."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QFocusEvent

    window, panel = _reviewing_the_start(make_window, qtbot)
    for reason in (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.MenuBarFocusReason):
        QCoreApplication.sendEvent(panel.history, QFocusEvent(QEvent.Type.FocusOut, reason))
        assert panel.reviewing == 0
    key(qtbot, Qt.Key.Key_L)
    assert window.synth.spoken[-1] == ("Reviewing the start position: no move was played "
                                       "before it.")
    window.actions_by_id["hint"].trigger()  # chosen from the Practice menu
    assert panel.reviewing is None
    assert QApplication.focusWidget() is not panel.history
    qtbot.waitUntil(lambda: window.practice.hint_move is not None, timeout=10000)


def test_a_past_position_is_seen_on_the_board_itself(make_window, qtbot):
    """A magnifier user looking only at the board: while a past position is shown, the unused
    squares carry stripes of the theme's focus colour; the game's own board has none."""
    from PySide6.QtGui import QColor

    from checkers_desktop.rules.geometry import square_at

    from checkers_desktop.ui.themes import THEMES

    def pixels(window, colour) -> int:
        board = window.board
        image = board.grab().toImage()
        rect = board._board_rect()
        cell = rect.width() // 8
        col = next(c for c in range(8) if square_at(0, c) is None)  # an unused square
        wanted = QColor(colour).rgb()
        x0, y0 = rect.x() + col * cell, rect.y()
        return sum(image.pixel(x, y) == wanted for x in range(x0 + 2, x0 + cell - 2, 2)
                   for y in range(y0 + 2, y0 + cell - 2, 2))

    window, panel = _reviewing_the_start(make_window, qtbot)
    window.resize(1366, 768)
    for key_name in THEMES:  # every theme; a casing edges the stripes where it has one
        theme = window.display.set_theme(key_name)
        assert pixels(window, theme.focus) > 0, key_name
        if theme.casing:
            assert pixels(window, theme.casing) > 0, key_name
    key(qtbot, Qt.Key.Key_Escape)
    assert panel.reviewing is None
    assert pixels(window, window.board.theme.focus) == 0


def test_save_game_starts_in_documents_until_a_folder_is_remembered(settings, tmp_path,
                                                                     monkeypatch):
    """The save and open dialogs start in the Documents folder (the home folder when there is
    none), then in the folder of the last game saved or opened."""
    monkeypatch.setenv("HOME", str(tmp_path))
    assert settings.games_folder() == tmp_path
    (tmp_path / "Documents").mkdir()
    assert settings.games_folder() == tmp_path / "Documents"
    (tmp_path / "games").mkdir()
    settings.remember_games_folder(tmp_path / "games" / "a.pdn")
    assert settings.games_folder() == tmp_path / "games"


def test_a_move_played_from_the_list_keeps_the_focus_still_while_the_reply_is_said(make_window,
                                                                                 qtbot):
    """The list's new item (a focus change for a screen reader) comes once the computer's
    reply has about been said, not in the same moment, which cut the reply off."""
    from checkers_desktop.ui.a11y import PACE_MIN_MS
    from pace import record_pace

    window = make_window()
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    said, focus = record_pace(window)
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    qtbot.waitUntil(lambda: bool(focus), timeout=5000)
    reply = next(t for t, text in said if text.startswith("Computer:"))
    assert focus[0] - reply >= PACE_MIN_MS / 1000
    assert QApplication.focusWidget() is panel.moves


@pytest.mark.parametrize("pressed", [Qt.Key.Key_Return, Qt.Key.Key_Down, Qt.Key.Key_End])
def test_a_key_before_the_list_is_refilled_brings_the_new_moves_and_plays_nothing(
        make_window, qtbot, pressed):
    """While the list's new moves wait for the reply to be said, Enter or an arrow key brings
    them at once and plays nothing: the item under the cursor was a move of the position before
    the reply, and Down moved through those moves, then the cursor jumped by itself."""
    window = make_window()
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert panel._refill_timer.isActive()
    key(qtbot, pressed)
    assert not panel._refill_timer.isActive()
    assert window.session.board.ply == 2  # nothing played
    legal = {reading_texts.move_item_text(m, window.session.style)
             for m in window.session.legal_moves()}
    assert panel.moves.currentItem().text() in legal
    assert {panel.moves.item(i).text() for i in range(panel.moves.count())} == legal


def test_the_list_waits_for_the_reply_held_behind_the_players_move_to_be_said(make_window,
                                                                              qtbot):
    """A move played from the list: the computer's reply waits behind the player's own move
    ("You: eleven to fifteen.") before it is posted, and the list's new moves (a focus change,
    which cuts what a screen reader says) come only once the reply has been said at a default
    rate, not a fixed moment after the reply was given."""
    import time

    from checkers_desktop.ui.a11y import say_after

    window = make_window(paced_screen_reader=True)
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=15_000)
    key(qtbot, Qt.Key.Key_F5)
    for _ in range(4):
        key(qtbot, Qt.Key.Key_Down)
    posted, refilled = record_pace(window)
    played = time.monotonic()
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any("Computer" in m for _, m in posted), timeout=15_000)
    qtbot.waitUntil(lambda: bool(refilled), timeout=15_000)
    at, reply = next((t, m) for t, m in posted if "Computer" in m)
    # said whole before the list's new item, or the longest wait (15 s from the move) is over
    assert (refilled[0] - at >= say_after(reply) / 1000 - 0.05
            or refilled[0] - played >= 15.0 - 0.05), (reply, refilled[0] - at)


def test_the_panel_is_named_without_its_role_word(make_window):
    """Orca says a container's name and then its role: named "Game panel", the panel was heard
    as "Game panel panel"."""
    panel = make_window().play_aids.panel
    assert panel.accessibleName() == "Game" and panel.windowTitle() == "Game"


def test_while_a_penalty_checker_is_chosen_every_door_to_the_moves_says_so(make_window, qtbot):
    """A penalty is due (VA rules): nobody moves until its checker is chosen. The legal moves
    list (F5) holds one item saying whose choice it is, Enter there plays nothing, and all the
    legal moves by key (A) or from the Read menu say the chooser's prompt instead of listing
    moves that cannot be made; once the checker is removed the list holds the moves again."""
    from checkers_desktop.speech.announcer import Priority

    window = make_window()
    s = window.session
    s.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    assert s.submit_text("11-15") and s.submit_text("22-18")
    s.stalling_warning(BLACK)
    s.stalling_penalty(BLACK)
    assert s.referee.pending_penalty is not None
    headline = ("Penalty: Red chooses one of Black's checkers to remove. Nobody moves until "
                "then.")
    prompt = ("Stalling penalty on Black. Red, choose one of Black's checkers to remove: move "
              "to it and press Enter, or type its square.")
    panel = window.play_aids.panel
    key(qtbot, Qt.Key.Key_F5)
    assert QApplication.focusWidget() is panel.moves
    items = [panel.moves.item(i).text() for i in range(panel.moves.count())]
    assert items == [headline]
    fen = s.board.fen()
    key(qtbot, Qt.Key.Key_Return)
    assert s.board.fen() == fen and s.referee.pending_penalty is not None
    key(qtbot, Qt.Key.Key_Escape)
    assert window.board.focused_square() == window.board.cursor

    def readings() -> list[str]:
        return [text for text, priority in window.synth.outputs
                if priority is Priority.READING]

    window.synth.clear()
    key(qtbot, Qt.Key.Key_A)  # the key
    window.actions_by_id["read_all_moves"].trigger()  # the Read menu's item
    assert readings() == [prompt, prompt]
    # the checker removed, the moves are listed again
    s.remove_checker(1, s.referee.pending_penalty.chooser)
    assert s.referee.pending_penalty is None
    items = [panel.moves.item(i).text() for i in range(panel.moves.count())]
    assert items == [reading_texts.move_item_text(m, s.style)
                     for m in sorted(s.legal_moves(), key=lambda m: m.path)]
