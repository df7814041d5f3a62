"""Never lose a game, in the window: the game is saved after every move and official's action, and offered
back at the next start through an accessible Yes/No question (Enter = Yes, Escape = No)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.storage import AutosaveStore
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.game import Mode


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def started(window, folder, **kw):
    window.autosave.folder = folder
    window.autosave.start(**kw)
    return window


def type_move(qtbot, window, text: str) -> None:
    window.focus_move_box()
    qtbot.keyClicks(window.move_box, text)
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)


def test_nothing_is_written_before_start(make_window, tmp_path):
    window = make_window()
    window.autosave.folder = tmp_path / "data"
    window.new_game(Mode.TWO_PLAYERS)
    window.session.submit_text("11-15")
    assert not (tmp_path / "data").exists()


def test_every_move_is_saved_through_the_move_box(qtbot, make_window, tmp_path):
    data = tmp_path / "data"
    window = started(make_window(), data, ask=lambda q: pytest.fail("nothing to offer"))
    window.new_game(Mode.TWO_PLAYERS)
    store = AutosaveStore(data)
    assert store.load().ply == 0
    expected = Board()
    for text in ("11-15", "23-19", "8-11", "22-17"):
        type_move(qtbot, window, text)
        expected.push_pdn(text)
        snap = store.load()
        assert snap.fen == expected.fen() and snap.ply == expected.ply
        assert snap.extra["mode"] == Mode.TWO_PLAYERS.value
    # A refused move changes nothing on disk but is no reason to fail either.
    type_move(qtbot, window, "1-5")
    assert store.load().fen == expected.fen()


def _play_three(qtbot, make_window, data):
    window = started(make_window(), data)
    window.new_game(Mode.TWO_PLAYERS)
    for text in ("11-15", "23-19", "8-11"):
        type_move(qtbot, window, text)
    return window  # not closed: as if the power went off


def _answer_offer(qtbot, key, seen: dict) -> None:
    """Answer the resume question with ``key`` once it shows, noting what it showed."""
    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen["text"] = box.text()
        seen["default"] = box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)
        seen["name"] = box.accessibleName()
        qtbot.keyClick(box, key)
    QTimer.singleShot(0, answer)


def test_restart_offers_the_game_and_enter_resumes_it(qtbot, make_window, tmp_path):
    data = tmp_path / "data"
    before = _play_three(qtbot, make_window, data)
    fen = before.session.board.fen()

    window = make_window(confirm=None)  # the real question box
    assert window.session.board.fen() != fen
    seen: dict = {}
    _answer_offer(qtbot, Qt.Key.Key_Return, seen)
    window.autosave.folder = data
    assert window.autosave.start() is True
    assert "after 2 moves" in seen["text"] and seen["text"].endswith("Resume it?")
    assert seen["default"] and seen["name"]
    assert window.announcer.history and any("Resume it?" in t for t, _ in window.announcer.history)
    c = window.session
    assert c.board.fen() == fen and c.board.ply == 3
    assert [m.pdn() for m in c.board.move_stack] == ["11-15", "23-19", "8-11"]
    assert c.mode is Mode.TWO_PLAYERS and c.running
    assert any("The game is resumed" in t for t in window.synth.spoken)
    type_move(qtbot, window, "22-17")  # play goes on, and is saved
    assert AutosaveStore(data).load().ply == 4


def test_the_resume_question_is_asked_through_the_windows_interaction(qtbot, make_window,
                                                                     tmp_path):
    """The resume offer is one more question of the window's Interaction (its confirm
    replacement answers it here), not a message box of the autosave's own."""
    data = tmp_path / "data"
    _play_three(qtbot, make_window, data)
    asked: list = []
    window = make_window(confirm=lambda question: asked.append(question) or True)
    stray: list = []

    def close_stray() -> None:  # a box of its own would wait for a key: note it, close it
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            stray.append(box.text())
            box.reject()

    watch = QTimer(window)
    watch.timeout.connect(close_stray)
    watch.start(50)
    window.autosave.folder = data
    window.autosave.start()
    watch.stop()
    assert stray == []
    assert len(asked) == 1 and asked[0].endswith("Resume it?")
    assert window.session.board.ply == 3


def test_escape_declines_and_the_game_is_kept_aside(qtbot, make_window, tmp_path):
    data = tmp_path / "data"
    _play_three(qtbot, make_window, data)
    window = make_window(confirm=None)  # the real question box
    seen: dict = {}
    _answer_offer(qtbot, Qt.Key.Key_Escape, seen)
    window.autosave.folder = data
    assert window.autosave.start() is False
    assert seen["text"].endswith("Resume it?")
    assert window.session.board.ply == 0
    declined = list(data.glob("autosave.declined-*.json"))
    assert len(declined) == 1 and "8-11" in declined[0].read_text()
    assert AutosaveStore(data).load() is None  # not offered again


def test_computer_game_resumes_with_colour_and_mode(qtbot, make_window, tmp_path):
    data = tmp_path / "data"
    window = started(make_window(), data)
    window.session.new_game(Mode.COMPUTER, WHITE)  # the computer (Black) moves first
    qtbot.waitUntil(lambda: window.session.board.ply == 1)
    fen = window.session.board.fen()
    again = started(make_window(), data, ask=lambda q: True)
    c = again.session
    assert c.board.fen() == fen and c.mode is Mode.COMPUTER and c.human_color is WHITE
    assert c.is_human_turn()


def test_match_is_saved_and_resumed_with_clocks_paused(qtbot, make_window, tmp_path):
    data = tmp_path / "data"
    clock = FakeTime()
    window = make_window()
    window.session.time_source = clock
    started(window, data)
    menu = window.event_menu
    menu.records_dir = tmp_path / "records"
    menu.rng = random.Random(3)
    settings = MatchSettings((PlayerInfo("Ann Lee", "Tampa VAMC", "70-74"),
                              PlayerInfo("Bo Diaz", "Reno VAMC", "85-up")), "va-standard")
    ev = menu.start_match(settings)
    store = AutosaveStore(data)
    snap = store.load()  # saved as soon as game 1 is set up
    assert snap.match is not None and snap.ply == 0 and snap.profile == "va-standard"
    clock.now += 4
    assert window.session.submit_text("11-15")
    clock.now += 3
    before = window.autosave.save_count
    ev.official.pause()  # the official's action
    assert window.autosave.save_count > before
    snap = store.load()
    assert snap.clock["paused"] is True and snap.ply == 1
    assert any(a["kind"] == "pause" for a in snap.actions)
    ev.official.resume()
    clock.now += 2
    fen = window.session.board.fen()
    black = window.session.player_names[BLACK]

    again = make_window()
    again.session.time_source = clock
    again.event_menu.records_dir = tmp_path / "records"
    started(again, data, ask=lambda q: True)
    c = again.session
    ev2 = again.event_menu.current
    assert ev2 is not None and ev2.referee is c.referee
    assert ev2.match.players == ev.match.players and ev2.folder == ev.folder
    assert ev2.match.format == ev.match.format and ev2.match.first_black == ev.match.first_black
    assert c.board.fen() == fen and c.player_names[BLACK] == black
    assert c.referee.clock.paused
    elapsed = c.referee.clock.elapsed()
    clock.now += 60  # paused: no time passes on the clocks
    assert c.referee.clock.elapsed() == pytest.approx(elapsed)
    assert not c.submit_text("23-19" if c.board.turn is WHITE else "9-13")  # paused: refused
    assert any("paused" in t.lower() for t in again.synth.spoken)
    ev2.official.resume()  # the official restarts the clocks
    mover_move = next(m for m in c.legal_moves())
    assert c.submit_text(mover_move.pdn())
    assert AutosaveStore(data).load().ply == 2


def test_the_welcome_follows_the_resume_offer_and_only_for_a_new_game(make_window, tmp_path):
    """At the start an unfinished game is offered first; the welcome ("A game against the
    computer is ready: you play Black and move first...") is said only when the offer is
    declined or there is none, never before the question it would contradict."""
    from checkers_desktop.ui.app import welcome_or_resume

    data = tmp_path / "data"
    first = started(make_window(), data, ask=lambda q: pytest.fail("nothing to offer"))
    first.new_game(Mode.TWO_PLAYERS)
    first.session.submit_text("11-15")

    def welcomes(window):
        return [t for t in window.synth.spoken if "is ready: you play" in t]

    for answer, resumed in ((True, True), (False, False)):
        window = make_window(auto_welcome=False)
        window.autosave.folder = data
        window.synth.clear()
        asked = []
        assert welcome_or_resume(window, ask=lambda q: asked.append(welcomes(window)) or
                                 answer) is resumed
        assert asked == [[]]  # no welcome before the question
        assert len(welcomes(window)) == (0 if resumed else 1)
        if resumed:
            assert window.session.board.ply == 1
            window.session.new_game(Mode.TWO_PLAYERS)  # a fresh save for the next round
            window.session.submit_text("11-15")
