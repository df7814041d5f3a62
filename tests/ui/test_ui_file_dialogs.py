"""Every file dialog is the window's Interaction's: it starts in the Documents folder and is faked
in tests by faking the Interaction. The score sheet's name says who played and when."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import checkers_desktop
from checkers_desktop.ui.event.menu import score_sheet_file_name

UI = Path(checkers_desktop.__file__).parent / "ui"


def test_no_module_of_the_window_opens_a_file_dialog_of_its_own():
    """Only ui/interaction.py touches QFileDialog or its helpers (``file_dialog``,
    ``chosen_file``): every other file dialog is asked through an Interaction."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "interaction.py" and path.parent == UI:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.id if isinstance(node, ast.Name) else \
                node.attr if isinstance(node, ast.Attribute) else \
                None
            if isinstance(node, ast.alias):
                name = node.name
            if name in ("QFileDialog", "file_dialog", "chosen_file"):
                found.append(f"{path.relative_to(UI)}:{getattr(node, 'lineno', '?')} {name}")
    assert found == []


def test_no_module_of_the_window_opens_a_question_of_its_own():
    """Message boxes and input dialogs are opened only by ui/interaction.py, so every question is
    spoken by the app and can be answered in tests; the modules listed may only leave the
    list."""
    allowed = {
        "app.py",          # "Checkers is already open": before any window or interaction exists
    }
    found = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(UI).as_posix()
        if rel == "interaction.py" or rel in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                func = func.value  # QMessageBox.question(...), QInputDialog.getText(...)
            if isinstance(func, ast.Name) and func.id in ("QMessageBox", "QInputDialog"):
                found.append(f"{rel}:{node.lineno} {func.id}")
    assert found == []


def test_the_tournament_menu_asks_through_the_windows_interaction(make_window):
    """The Tournament menu's questions are the window's Interaction's, opened over the window
    the command came from."""
    from PySide6.QtWidgets import QWidget

    window = make_window()
    menu = window.tournament_menu
    assert menu.ask is window.ask
    other = QWidget()
    over = window.ask.over(other)
    assert over.parent is other and over.say is window.ask.say and over.echo is window.ask.echo
    assert window.ask.over(None) is window.ask


def test_the_tournaments_questions_are_spoken(qapp, monkeypatch):
    """A number, a line of text and a form of the Tournament menu are said by the app as they
    open (the screen reader reads the dialog itself)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from checkers_desktop.ui.interaction import Interaction

    echoed: list[str] = []
    ask = Interaction(None, say=lambda text: None, echo=echoed.append)

    def cancel_soon() -> None:  # once the dialog is up, however long a loaded machine takes
        def attempt() -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(20, attempt)
                return
            dialog.reject()
        QTimer.singleShot(0, attempt)

    cancel_soon()
    assert ask.ask_integer("Tables", "How many tables?", 4, 1, 200) is None
    cancel_soon()
    assert ask.ask_text("Draw", "Seed, or Enter for a random one:", "7") is None
    cancel_soon()
    assert ask.ask_games(3, "Ann Lee", "Bo Diaz", "va_standard") is None
    assert echoed[:2] == ["How many tables?", "Seed, or Enter for a random one:"]
    assert len(echoed) == 3 and "3" in echoed[2]


def test_the_tournaments_file_dialogs_start_in_documents(qapp, monkeypatch, tmp_path):
    """A bare name, or a folder that is gone, starts in the Documents folder; the import list
    too."""
    from checkers_desktop.ui import interaction
    from checkers_desktop.ui.interaction import Interaction

    docs = tmp_path / "home" / "Documents"
    docs.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(docs.parent))
    started = []

    def fake_chosen(dialog, ahead=None):
        folder = Path(dialog.directory().absolutePath())
        chosen = dialog.selectedFiles()
        started.append(str(folder / Path(chosen[0]).name) if chosen and chosen[0]
                       and dialog.acceptMode() == dialog.AcceptMode.AcceptSave else str(folder))
        return None

    monkeypatch.setattr(interaction, "chosen_file", fake_chosen)
    ask = Interaction(None, say=lambda text: None, echo=lambda text: None)
    assert ask.save_file("Save the results", "results.csv", "CSV (*.csv)") is None
    assert ask.save_file("Save the bracket", str(tmp_path / "gone" / "b.pdf"),
                         "PDF (*.pdf)") is None
    assert ask.open_file("Import competitors", "CSV (*.csv)") is None
    assert started == [str(docs / "results.csv"), str(docs / "b.pdf"), str(docs)]


@pytest.mark.parametrize("folder, name", [
    ("2026-06-14_103000_Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-06-14-1030.pdf"),
    ("2026-11-22_1405_Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz-2026-11-22-1405.pdf"),
    ("Ann-Lee-vs-Bo-Diaz", "score-sheet-Ann-Lee-vs-Bo-Diaz.pdf"),
    ("a_b_c", "score-sheet-a_b_c.pdf"),
    ("", "score-sheet.pdf"),
])
def test_the_score_sheet_is_offered_under_who_played_and_when(folder, name):
    assert score_sheet_file_name(folder) == name


def test_a_name_typed_while_the_open_dialog_is_made_goes_to_its_name_field(make_window, qtbot,
                                                                           monkeypatch,
                                                                           tmp_path):
    """Keys pressed as the dialog is asked for (Alt+Y to "leave the game?", then the name at
    once) wait in the window system's queue while Qt makes the dialog: they reach its name
    field, in order, and none acts on the board (N moves the board's cursor)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication, QLineEdit

    from modal import when_modal

    monkeypatch.setenv("HOME", str(tmp_path))
    window = make_window()
    window.board.setFocus()
    cursor = window.board.cursor if hasattr(window.board, "cursor") else None
    seen = {}

    def answer(dialog):
        field = dialog.findChild(QLineEdit, "fileNameEdit")
        try:
            qtbot.waitUntil(lambda: field.text() == "tinsley-2.pdn", timeout=1000)
        except Exception:
            pass  # compared below
        seen["name"] = field.text()
        dialog.reject()
    when_modal(answer)
    for ch in "tinsley-2.pdn":
        key = Qt.Key(ord(ch.upper())) if ch.isalnum() else \
            {"-": Qt.Key.Key_Minus, ".": Qt.Key.Key_Period}[ch]
        QApplication.postEvent(window.board, QKeyEvent(QEvent.Type.KeyPress, key,
                                                       Qt.KeyboardModifier.NoModifier, ch))
    assert window.ask.open_file("Open a game", "PDN games (*.pdn)") is None
    assert seen["name"] == "tinsley-2.pdn"
    if cursor is not None:
        assert window.board.cursor == cursor


def _typist(text, every_ms, window, typed):
    """Types ``text`` from now, ``every_ms`` a key, each key to the widget that has the keyboard
    as it is typed, as the window system sends it; ``typed`` gets each character sent."""
    from PySide6.QtCore import QEvent, Qt, QTimer
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    keys = {"-": Qt.Key.Key_Minus, ".": Qt.Key.Key_Period, "\r": Qt.Key.Key_Return}

    def type_next() -> None:
        ch = text[len(typed)]
        key = keys.get(ch) or Qt.Key(ord(ch.upper()))
        target = QApplication.focusWidget()
        if target is None or not target.isVisible():  # between two windows: the dialog
            # shown (where keys_to sends them on X11), else the window under the question;
            # in it, as Qt does, the widget that has its focus
            shown = QApplication.activeModalWidget() or QApplication.activeWindow()
            target = shown if shown is not None and shown.isVisible() else window
            target = target.focusWidget() or target
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.postEvent(target, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier,
                                                     ch))
        typed.append(ch)
        if len(typed) < len(text):
            QTimer.singleShot(every_ms, type_next)

    type_next()


def _alt_y_then_type(qtbot, box, text, every_ms, window, typed):
    """Alt+Y to the Yes/No ``box`` once it has the keyboard, and ``text`` typed at once."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QMessageBox

    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(lambda: box.isActiveWindow() and box.isAncestorOf(QApplication.focusWidget()))
    qtbot.keyClick(box, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)
    _typist(text, every_ms, window, typed)


def _name_typed(qtbot, dialog, name, typed):
    """The file dialog's name field once ``name`` is all typed (``typed`` holds it) and has
    had a second to arrive; the dialog is then closed."""
    from PySide6.QtWidgets import QLineEdit

    field = dialog.findChild(QLineEdit, "fileNameEdit")
    qtbot.waitUntil(lambda: len(typed) == len(name), timeout=5000)
    try:
        qtbot.waitUntil(lambda: field.text() == name, timeout=1000)
    except Exception:
        pass  # compared by the caller
    text = field.text()
    dialog.reject()
    return text


@pytest.mark.parametrize("every_ms", [5, 30, 80])
def test_a_name_typed_right_after_alt_y_reaches_the_file_dialog_whole(make_window, qtbot,
                                                                      monkeypatch, tmp_path,
                                                                      every_ms):
    """Alt+Y to a Yes/No question that leads to a file dialog ("Leave the game?", then Open),
    and the file's name typed at once, ``every_ms`` a key. Qt keeps the Yes button down 100 ms
    after Alt+Y, and the question had the keyboard until it was gone: the keys it got were
    lost ("Ramsey-copy-80.pdn" arrived as "msey-copy-80.pdn", typed 5 ms a key not at all).
    They reach the dialog's name field, whole and in order."""
    from PySide6.QtWidgets import QFileDialog

    from modal import when_modal

    monkeypatch.setenv("HOME", str(tmp_path))
    window = make_window(confirm=None)
    window.board.setFocus()
    name = "Ramsey-copy-80.pdn"
    typed, seen = [], {}

    def read(dialog):
        assert isinstance(dialog, QFileDialog)
        seen["name"] = _name_typed(qtbot, dialog, name, typed)

    when_modal(lambda box: _alt_y_then_type(qtbot, box, name, every_ms, window, typed))
    assert window.ask.confirm("Leave the game?", "Leave")
    when_modal(read)
    assert window.ask.open_file("Open a game", "PDN games (*.pdn)") is None
    assert seen["name"] == name


@pytest.mark.parametrize("every_ms", [5, 30])
def test_keys_typed_right_after_alt_y_with_no_dialog_after_reach_the_window(
        make_window, qtbot, every_ms):
    """Alt+Y to a Yes/No question after which no dialog comes, and a move typed at once into
    the move box the question was asked from: the keys the closing question got reach the
    move box, in order (they were lost)."""
    window = make_window(confirm=None)
    window.move_box.setFocus()
    qtbot.waitUntil(window.move_box.hasFocus)
    typed = []
    from modal import when_modal

    when_modal(lambda box: _alt_y_then_type(qtbot, box, "11-15", every_ms, window, typed))
    assert window.ask.confirm("Go on?", "Checkers")
    qtbot.waitUntil(lambda: len(typed) == 5, timeout=5000)
    qtbot.wait(1500)
    assert window.move_box.text() == "11-15"


@pytest.mark.parametrize("every_ms", [5, 30])
def test_keys_typed_right_after_alt_y_never_answer_the_next_question(make_window, qtbot,
                                                                      every_ms):
    """Alt+Y to a question that leads at once to another (a draw offered, then the opponent
    asked to accept it), and Return typed at once: the second question is not answered by the
    keys the first one kept (Return would have pressed its No, for the other player); it waits
    for its own answer."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QMessageBox

    from modal import when_modal

    window = make_window(confirm=None)
    window.board.focus_cursor()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board.table)
    typed: list = []
    second: list = []

    def answer_second(box) -> None:
        assert isinstance(box, QMessageBox)
        second.append(box)
        qtbot.waitUntil(lambda: len(typed) == 1, timeout=5000)
        qtbot.wait(400)  # the kept keys' time to arrive, had they been given to it
        second.append(box.isVisible())
        qtbot.keyClick(box, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)

    when_modal(lambda box: _alt_y_then_type(qtbot, box, "\r", every_ms, window, typed))
    assert window.ask.confirm("Offer a draw?", "Checkers")
    when_modal(answer_second)
    assert window.ask.confirm("Do you accept the draw?", "Checkers")
    assert second[1] is True  # still up, unanswered, until its own answer


@pytest.mark.parametrize("every_ms", [5, 80])
def test_a_command_key_pressed_right_after_alt_y_runs_once_the_question_is_gone(
        make_window, qtbot, monkeypatch, tmp_path, every_ms):
    """Ctrl+O pressed at once after Alt+Y to a question (before Qt's Yes button came up), then
    a file's name typed ``every_ms`` a key: Ctrl+O is the window's command once the question
    has closed (the closing question took the key, and nothing came), and the name reaches
    the open dialog's name field whole (the keys after the command waited behind its dialog,
    and went to the board once it closed)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

    from modal import when_modal

    monkeypatch.setenv("HOME", str(tmp_path))
    window = make_window(confirm=None)
    window.board.setFocus()
    name = "Ramsey-copy-80.pdn"
    typed, seen = [], []

    def answer(box):
        assert isinstance(box, QMessageBox)
        qtbot.waitUntil(lambda: box.isActiveWindow() and box.isAncestorOf(
            QApplication.focusWidget()))
        qtbot.keyClick(box, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.postEvent(QApplication.focusWidget(), QKeyEvent(
                kind, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier, ""))
        _typist(name, every_ms, window, typed)

    def read(dialog):
        seen.append((type(dialog), _name_typed(qtbot, dialog, name, typed)))

    when_modal(answer)
    assert window.ask.confirm("Go on?", "Checkers")
    when_modal(read)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [(QFileDialog, name)]
