"""The computer's worker thread, the GUI while it thinks, and the settings store."""

from __future__ import annotations

import threading

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import Board
from checkers_desktop.ui.engine_worker import EngineWorker, first_legal_move
from checkers_desktop.ui.settings import (ENGINE_LEVEL, PROFILE_KEY, SETTINGS_ENV, SPEECH_ENABLED,
                                          Settings, open_qsettings)
from checkers_desktop.session.game import Mode


def test_worker_answers_on_the_gui_thread(qtbot):
    seen = []
    replies = []

    def choose(board, level, stop=None):
        seen.append((threading.current_thread() is threading.main_thread(), level))
        return first_legal_move(board, level, stop)

    def reply(answer) -> None:
        replies.append((answer, threading.current_thread() is threading.main_thread()))

    worker = EngineWorker(choose, min_seconds=0)
    worker.request(Board(), 2, reply)
    qtbot.waitUntil(lambda: bool(replies), timeout=5000)
    answer, on_gui_thread = replies[0]
    assert answer.move == Board().legal_moves[0] and answer.error is None
    assert on_gui_thread
    assert seen == [(False, 2)]  # searched off the GUI thread
    worker.shutdown()


def test_a_failing_search_is_answered_with_its_error(qtbot):
    replies = []

    def broken(board, level, stop=None):
        raise RuntimeError("no search today")

    worker = EngineWorker(broken, min_seconds=0)
    worker.request(Board(), 2, replies.append)
    qtbot.waitUntil(lambda: bool(replies), timeout=5000)
    assert replies[0].move is None and "no search today" in str(replies[0].error)
    worker.shutdown()


def test_cancelled_search_sends_no_move(qtbot):
    started = threading.Event()

    def slow(board, level, stop=None):
        started.set()
        stop.wait(5)
        return first_legal_move(board, level)

    worker = EngineWorker(slow, min_seconds=0)
    got = []
    worker.request(Board(), 3, got.append)
    assert started.wait(5)
    worker.cancel()
    worker.wait()
    qtbot.wait(50)
    assert got == []
    worker.shutdown()


def test_gui_answers_keys_while_the_computer_thinks(make_window, qtbot):
    release = threading.Event()

    def thoughtful(board, level, stop=None):
        release.wait(10)
        return first_legal_move(board, level)

    window = make_window(engine_choose=thoughtful)
    window.move_box.setFocus()
    qtbot.keyClicks(window.move_box, "11-15")
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)
    assert window.session.thinking
    assert "The computer is thinking." in window.status.text()
    window.board.set_cursor(22)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)  # Black's side at the bottom
    assert window.board.cursor == 18
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.synth.spoken[-1] == "Please wait: it is the computer's turn."
    release.set()
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert not window.session.thinking


def test_new_game_drops_the_old_search(make_window, qtbot):
    release = threading.Event()

    def thoughtful(board, level, stop=None):
        release.wait(10)
        return first_legal_move(board, level)

    window = make_window(engine_choose=thoughtful)
    window.session.submit_text("11-15")
    window.new_game(Mode.COMPUTER)
    release.set()
    window.worker.wait()
    qtbot.wait(50)
    assert window.session.board.ply == 0


def test_settings_defaults_and_round_trip(tmp_path):
    path = tmp_path / "s.ini"
    settings = Settings(QSettings(str(path), QSettings.Format.IniFormat))
    assert settings.speech_enabled is SPEECH_ENABLED.default is True
    assert settings.engine_level == ENGINE_LEVEL.default == 3
    assert settings.profile_key == PROFILE_KEY.default == "practice"
    settings.engine_level = 5
    settings.speech_enabled = False
    again = Settings(QSettings(str(path), QSettings.Format.IniFormat))
    assert again.engine_level == 5 and again.speech_enabled is False


def test_unreadable_setting_gives_the_default(tmp_path):
    path = tmp_path / "s.ini"
    path.write_text("[engine]\nlevel=strong\n", encoding="utf-8")
    assert Settings(QSettings(str(path), QSettings.Format.IniFormat)).engine_level == 3


def test_settings_file_from_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "env.ini"
    monkeypatch.setenv(SETTINGS_ENV, str(path))
    qsettings = open_qsettings()
    assert qsettings.fileName() == str(path)
    Settings(qsettings).engine_level = 2
    assert "level=2" in path.read_text(encoding="utf-8")


def test_engine_level_setting_reaches_the_engine(make_window, settings, qtbot):
    levels = []

    def recording(board, level, stop=None):
        levels.append(level)
        return first_legal_move(board, level)

    settings.engine_level = 4
    window = make_window(engine_choose=recording)
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert levels == [4]
