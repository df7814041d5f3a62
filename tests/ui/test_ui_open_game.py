"""Game > Open says what the file says of its game: a composed problem's title and the result
its composer claims, in the window's own names for the sides, before whose turn it is."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from checkers_desktop.rules import WHITE, Board
from checkers_desktop.texts.words import side_name

PROBLEM = (Path(__file__).resolve().parents[1] / "data" / "border-a1.pdn").read_text(
    encoding="utf-8")
"""The first problem of ../shared/pdn/problems/borderclassics.pdn (White to move and win),
copied into tests/data so that the test runs without ../shared."""


def test_opening_a_problem_says_its_title_and_stated_result(qtbot, make_window, tmp_path):
    path = tmp_path / "border-a1.pdn"
    path.write_text(PROBLEM, encoding="utf-8")
    window = make_window()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000) as done:
        assert window.open_game_action.open(str(path))
    assert done.args == [True]
    red = side_name(window.session.side_names, WHITE)
    said = [text for text in window.synth.spoken if text.startswith("Opened the game")]
    assert said == [f"Opened the game from border-a1.pdn: Boland's Border Classics #A-1. "
                    f"No moves played. Stated result: {red} wins. Two players. {red} to move."]
    assert window.session.board.fen() == Board("W:W27,19,K13:BK30,12,5.").fen()
    assert window.windowTitle() == "border-a1.pdn, Boland's Border Classics #A-1"
    assert window.session.player_names is None  # the problem names no players


def test_a_game_with_players_shows_them_until_another_game_starts(qtbot, make_window):
    """The players the file names are the game's: said with each turn and shown on the status
    line; the title shows the file and its event. A new game takes both away again."""
    from checkers_desktop.rules import BLACK
    from checkers_desktop.session.game import Mode

    source = Path(__file__).resolve().parents[1] / "data" / "tinsley_first_two.pdn"
    window = make_window()
    window.open_game_action.choose_game = lambda listing: 0
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000):
        assert window.open_game_action.open(str(source.parent / "border-a1.pdn"))
    titles = []
    window.windowTitleChanged.connect(titles.append)
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000):
        assert window.open_game_action.open(str(source))
    assert titles == ["tinsley_first_two.pdn, Ohio State Ty 1946"]  # once: one title is heard
    names = window.session.player_names
    assert names == {BLACK: "MF Tinsley", WHITE: "M Rex"}
    mover = names[window.session.board.turn]
    assert window.status.text().startswith(f"{mover}, ")
    assert window.windowTitle() == "tinsley_first_two.pdn, Ohio State Ty 1946"
    window.new_game(Mode.COMPUTER)
    assert window.session.player_names is None
    assert mover not in window.status.text()
    assert window.windowTitle() == "Checkers"


def test_a_file_of_several_games_asks_which_one_in_a_list(qtbot, make_window):
    """The list is the window's own question (a list a screen reader reads item by item): the
    question alone is said, not every game; the game chosen is opened and said by its number;
    Escape in the list opens nothing."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog

    from checkers_desktop.ui.interaction import TYPE_AHEAD_MS

    source = Path(__file__).resolve().parents[1] / "data" / "tinsley_first_two.pdn"
    window = make_window()
    action = window.open_game_action
    action.choose_game = action._choose_game  # the real question, answered below
    shown = []

    def answer(pick) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            QTimer.singleShot(20, lambda: answer(pick))
            return
        shown.append((dialog.comboBoxItems(), QApplication.keyboardInputInterval()))
        if pick is None:
            dialog.reject()
        else:
            dialog.setTextValue(dialog.comboBoxItems()[pick])
            dialog.accept()

    QTimer.singleShot(0, lambda: answer(1))
    window.synth.clear()
    with qtbot.waitSignal(action.done, timeout=30_000) as done:
        assert action.open(str(source))
    assert done.args == [True]
    red = side_name(window.session.side_names, WHITE)
    items, interval = shown[0]
    assert items[1] == f"2. US National 1946. Black: MF Tinsley, {red}: E Fuller. A draw."
    assert interval == TYPE_AHEAD_MS  # digits typed a second apart still find the game
    assert QApplication.keyboardInputInterval() != TYPE_AHEAD_MS  # Qt's own, once closed
    assert ("tinsley_first_two.pdn holds 2 games. Choose one with the arrow keys, or type its "
            "number, then press Enter.") in window.synth.spoken
    assert not any("Ohio State" in text for text in window.synth.spoken)  # the list not said
    assert window.session.player_names[WHITE] == "E Fuller"
    assert any(text.startswith("Opened game 2 from tinsley_first_two.pdn: US National 1946.")
               for text in window.synth.spoken)
    fen = window.session.board.fen()
    QTimer.singleShot(0, lambda: answer(None))
    with qtbot.waitSignal(action.done, timeout=30_000) as done:
        assert action.open(str(source))
    assert done.args == [False] and window.session.board.fen() == fen


def test_open_and_save_start_in_the_folder_of_the_last_game(make_window, monkeypatch, tmp_path):
    """The file dialogs start where the player last opened or saved a game (else the Documents
    folder), not in whatever folder the app was started from; the name offered says who played
    and when."""
    import datetime

    from checkers_desktop.ui import interaction

    docs = tmp_path / "home" / "Documents"
    docs.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(docs.parent))
    games = tmp_path / "my games"
    games.mkdir()
    window = make_window()
    starts = []

    def fake_chosen(dialog, ahead=None):
        opening = dialog.acceptMode() == dialog.AcceptMode.AcceptOpen
        folder = dialog.directory().absolutePath()
        starts.append(folder if opening else str(Path(folder) / Path(
            dialog.selectedFiles()[0]).name))
        return str(games / "tinsley.pdn") if opening else None

    monkeypatch.setattr(interaction, "chosen_file", fake_chosen)
    assert window.open_game_action._ask_path() == str(games / "tinsley.pdn")
    window.session.submit_text("11-15")
    assert window.play_aids.saving._ask_path() is None
    today = datetime.date.today().isoformat()
    assert starts[0] == str(docs)
    assert starts[1] == str(games / f"You-vs-Computer-level-3-{today}.pdn")
    games.rmdir()  # a folder gone since: the Documents folder again
    window.open_game_action._ask_path()
    assert starts[2] == str(docs)


def test_enter_on_a_file_in_the_open_dialog_opens_it(make_window, qtbot, tmp_path):
    """In the Open dialog the file under the list's cursor is the one chosen: Enter opens it
    (it did nothing until Space chose it)."""
    from PySide6.QtWidgets import QAbstractItemView, QApplication

    from checkers_desktop.ui.interaction import file_dialog

    (tmp_path / "a game.pdn").write_text("1. 11-15 *\n", encoding="utf-8")
    window = make_window()
    dialog = file_dialog(window, "Open a game", str(tmp_path), "PDN games (*.pdn)", save=False)
    dialog.show()
    qtbot.waitExposed(dialog)
    view = next(v for v in dialog.findChildren(QAbstractItemView)
                if v.isVisible() and v.objectName() in ("listView", "treeView"))
    qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) > 0, timeout=5000)
    # the cursor on the file, not chosen (as when the keyboard comes into the list): Qt's
    # dialog does nothing on Enter then
    from PySide6.QtCore import QItemSelectionModel

    view.selectionModel().clearSelection()
    view.selectionModel().setCurrentIndex(view.model().index(0, 0, view.rootIndex()),
                                          QItemSelectionModel.SelectionFlag.NoUpdate)
    view.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=3000)
    assert dialog.result() == dialog.DialogCode.Accepted
    assert dialog.selectedFiles() == [str(tmp_path / "a game.pdn")]


def test_a_game_saved_against_the_computer_reopens_against_it_at_its_level(qtbot, make_window,
                                                                            tmp_path):
    """Saved with Ctrl+S against the computer at level 4, then at level 2 for its later moves:
    the file credits each of the computer's moves to the level that played it, and Open game
    puts the computer back, at its level, moving when it is its turn."""
    from checkers_desktop.rules import BLACK
    from checkers_desktop.rules.pdn import PdnReader
    from checkers_desktop.session.game import Mode

    window = make_window()
    session = window.session
    window.practice.set_level(4, announce=False)
    window.new_game(Mode.COMPUTER)

    def play_first_legal() -> None:
        ply = len(session.board.move_stack)
        assert session.submit_text(session.legal_moves()[0].pdn())
        qtbot.waitUntil(lambda: len(session.board.move_stack) == ply + 2, timeout=10_000)

    play_first_legal()
    play_first_legal()
    window.practice.set_level(2, announce=False)
    play_first_legal()
    path = tmp_path / "mine.pdn"
    assert window.play_aids.saving.save(str(path)) == path
    text = path.read_text(encoding="utf-8")
    assert '[BlackType "human"]' in text and '[WhiteType "program"]' in text
    game = PdnReader(text).game(1).game
    credited = {i: node.comments for i, node in enumerate(game.nodes) if node.comments}
    assert credited == {1: ["[%level 4]"], 3: ["[%level 4]"], 5: ["[%level 2]"]}

    window.practice.set_level(5, announce=False)
    window.new_game(Mode.TWO_PLAYERS)
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000) as done:
        assert window.open_game_action.open(str(path))
    assert done.args == [True]
    assert session.mode is Mode.COMPUTER and session.human_color is BLACK
    assert session.level == 2
    said = [t for t in window.synth.spoken if t.startswith("Opened the game")]
    assert said and "Against the computer at level 2. You play Black." in said[-1]
    assert "Two players" not in said[-1]
    assert session.computer_move_levels() == {1: 4, 3: 4, 5: 2}
    play_first_legal()  # the computer answers the player's move
    assert session.computer_move_levels()[7] == 2


def test_a_game_saved_by_the_computer_as_black_reopens_with_the_computer_moving(qtbot,
                                                                                make_window,
                                                                                tmp_path):
    """A file of the computer playing Black (the player Red), its turn to move: opened, the
    computer plays on its own."""
    from checkers_desktop.session.game import Mode

    path = tmp_path / "red.pdn"
    path.write_text('[Event "Practice"]\n[Black "Computer, level 3"]\n[White "You"]\n'
                    '[BlackType "program"]\n[WhiteType "human"]\n[Level "3"]\n'
                    '1. 11-15 {[%level 3]} 23-19 *\n', encoding="utf-8")
    window = make_window()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000):
        assert window.open_game_action.open(str(path))
    session = window.session
    assert session.mode is Mode.COMPUTER and session.human_color is WHITE
    qtbot.waitUntil(lambda: len(session.board.move_stack) == 3, timeout=10_000)
