"""Practice > Problems and Guess the move in the window: the keys start a problem, F9 hints,
Shift+F9 shows the solution, moves on the board are judged off the GUI thread; a master game is
guessed from the menu."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from checkers_desktop.library import COLLECTIONS, Kind
from checkers_desktop.rules import WHITE
from checkers_desktop.session.problems import State

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier



def key(qtbot, window, k, mods=Qt.KeyboardModifier.NoModifier):
    window.board.focus_cursor()
    qtbot.keyClick(QApplication.focusWidget(), k, mods)


def _quick(window):
    window.problem_controls.analyst.pause = 0.0
    window.problem_controls.analyst.seconds = 0.3


def _said(window) -> str:
    return " | ".join(window.synth.spoken)


def test_a_problem_chosen_by_keys_is_hinted_solved_and_recorded(make_window, qtbot, installed4):
    window = make_window()
    _quick(window)
    problem_keys = [c.key for c in COLLECTIONS if c.kind is Kind.PROBLEMS]
    asked = []

    def choose(title, label, options, say_options=True):
        asked.append(options)
        return problem_keys.index("beginner")

    window.ctx.ask.choose = choose
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_O, CTRL_SHIFT)
    controls = window.problem_controls
    assert asked and asked[0][0].startswith("Beginner's problems: 57 problems, 0 solved")
    problem = controls.problems.problem
    assert problem is not None and problem.collection == "beginner"
    assert problem.name in _said(window) and "to play and" in _said(window)
    # F9 twice: the piece, then the move; then the move is played and judged right
    key(qtbot, window, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: "Hint: move the" in _said(window), timeout=10000)
    key(qtbot, window, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: "Hint: " in window.synth.spoken[-1]
                    and "move the" not in window.synth.spoken[-1], timeout=10000)
    while controls.problems.state is State.PLAYING and window.session.is_human_turn():
        before = len(window.session.board.move_stack)
        key(qtbot, window, Qt.Key.Key_F9)
        key(qtbot, window, Qt.Key.Key_F9)
        qtbot.waitUntil(lambda: window.synth.spoken[-1].startswith("Hint: ")
                        and "move the" not in window.synth.spoken[-1], timeout=10000)
        words = window.synth.spoken[-1][len("Hint: "):-1]
        move = next(m for m in window.session.legal_moves()
                    if words == __import__("checkers_desktop.speech.spoken", fromlist=["x"])
                    .spoken_move(m, window.session.style))
        assert window.session.submit_text(move.pdn())
        qtbot.waitUntil(lambda: controls.problems.state is not State.PLAYING
                        or (window.session.is_human_turn()
                            and len(window.session.board.move_stack) > before), timeout=15000)
    assert controls.problems.state is State.SOLVED
    assert "Solved, with" in _said(window)
    assert (window.ctx.data_folder / "progress" / "player.json").exists()


def test_shift_f9_shows_the_solution_and_counts_it_failed(make_window, qtbot, installed4):
    window = make_window()
    _quick(window)
    controls = window.problem_controls
    from checkers_desktop.session.problem_set import Problem, Stated
    controls._start(Problem("gem/1", "gem", "Gem problems", "Gem Problems #1",
                            "B:W21,K5:BK17,K14.", Stated.BLACK_WINS))
    qtbot.waitUntil(lambda: not controls.problems._busy, timeout=10000)
    key(qtbot, window, Qt.Key.Key_F9, SHIFT)
    qtbot.waitUntil(lambda: "The solution: " in _said(window), timeout=10000)
    assert controls.problems.state is State.FAILED
    assert controls.problems.progress.problems["gem/1"].failed == 1


def test_guess_the_move_from_the_menu(make_window, qtbot):
    window = make_window()
    _quick(window)
    controls = window.problem_controls
    answers = iter([[c.key for c in COLLECTIONS if c.kind is Kind.GAMES].index("tricks"), 0, 1])
    window.ctx.ask.choose = lambda title, label, options, say_options=True: next(answers)
    key(qtbot, window, Qt.Key.Key_U, CTRL_SHIFT)
    assert controls.guess.active and controls.guess.guesser is WHITE
    assert "Guess the move: 1: Black against White, TTS Example 1" in _said(window)
    assert window.session.submit_text("27-23")
    qtbot.waitUntil(lambda: "Right: the master played twenty-seven to twenty-three" in
                    _said(window), timeout=10000)
    qtbot.waitUntil(lambda: len(window.session.board.move_stack) == 2, timeout=10000)


def test_a_players_own_pdn_adds_problems_and_games_and_a_bad_file_changes_nothing(
        make_window, qtbot, tmp_path):
    import os

    window = make_window()
    controls = window.problem_controls
    mine = tmp_path / "mine.pdn"
    mine.write_text('[Event "My shot"]\n[Result "1-0"]\n[SetUp "1"]\n[FEN "B:W18,27:B11,K3"]\n'
                    '1-0\n\n[Event "My game"]\n[Result "*"]\n1. 11-15 23-19 *\n',
                    encoding="utf-8")
    assert controls.add_own_pdn(str(mine))
    assert window.synth.spoken[-1] == "Your file mine: 1 problem, 1 game."
    assert [p.name for p in controls.own] == ["My shot"]
    assert controls.own[0].key == "own:mine/1" and controls.own[0] in controls.catalogue()
    binary = tmp_path / "photo.pdn"
    binary.write_bytes(bytes(range(256)) * 64)
    assert not controls.add_own_pdn(str(binary))
    assert window.synth.spoken[-1].startswith("Your file photo cannot be read:")
    fifo = tmp_path / "pipe.pdn"
    os.mkfifo(fifo)
    assert not controls.add_own_pdn(str(fifo))  # refused before reading: never blocks
    assert window.synth.spoken[-1].startswith("Your file pipe cannot be read:")
    assert [p.name for p in controls.own] == ["My shot"]  # unchanged


def test_replay_a_master_game_opens_it_to_step_through(make_window, qtbot):
    window = make_window()
    games = [c.key for c in COLLECTIONS if c.kind is Kind.GAMES]
    window.ctx.ask.choose = lambda title, label, options, say_options=True: games.index("tricks")
    window.open_game_action.choose_game = lambda listing: 2  # "TTS Example 3"
    with qtbot.waitSignal(window.open_game_action.done, timeout=20000) as opened:
        assert window.problem_controls.handlers["replay_master_game"]()
    assert opened.args == [True]
    assert [m.pdn() for m in window.session.board.move_stack][:2] == ["28-24", "20x27"]
    assert "TTS Example 3" in " | ".join(window.synth.spoken)


def test_f9_in_a_problem_puts_the_cursor_on_the_hinted_piece(make_window, qtbot, installed4):
    """The problem's first hint names the piece to move, and the board's cursor goes to it:
    Enter picks it up."""
    window = make_window()
    _quick(window)
    problem_keys = [c.key for c in COLLECTIONS if c.kind is Kind.PROBLEMS]
    window.ctx.ask.choose = lambda *args, **kwargs: problem_keys.index("beginner")
    key(qtbot, window, Qt.Key.Key_O, CTRL_SHIFT)
    board = window.session.board
    empty = next(sq for sq in range(1, 33) if board.piece_at(sq) is None)
    window.board.set_cursor(empty)
    window.synth.clear()
    key(qtbot, window, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: "Hint: move the" in _said(window), timeout=10000)
    movers = {m.from_square for m in window.session.legal_moves()}
    hinted = window.board.cursor
    assert hinted in movers and window.board.has_cursor_focus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.session.selected == hinted
