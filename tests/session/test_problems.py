"""Solving composed problems through the game session alone (no window, no Qt): any winning line
is accepted, a move that throws the win is refused with the defence, a stated result the
endgame database contradicts is said, and the player's progress is sealed and survives a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from checkers_desktop.engine import endgame as eg
from checkers_desktop.engine.proof import Outcome, analyse, database_outcome
from checkers_desktop.library import COLLECTIONS, Kind
from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.session.game import GameSession
from checkers_desktop.session.ports import InlineEngine, ManualScheduler
from checkers_desktop.session.problem_set import (Problem, Stated, read_problems,
                                                  shipped_problems)
from checkers_desktop.session.problems import (InlineAnalyst, ProblemSession, State,
                                               next_problem)
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.storage.integrity import KeyRing, RecordKey
from checkers_desktop.storage.progress import Progress, ProgressStore

GEM_1 = Problem("gem/1", "gem", "Gem problems", "Gem Problems #1", "B:W21,K5:BK17,K14.",
                Stated.BLACK_WINS)
"""Black to play and win, four pieces: 17-22 and 17-13 both win; 14-9 lets White draw."""



def _session(tmp_path: Path, seconds: float = 0.5, player: str = "Ann"):
    synth = FakeSynth()
    scheduler = ManualScheduler()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler, poll_seconds=0)
    store = ProgressStore(tmp_path / "progress", KeyRing.of(RecordKey.from_secret(b"k" * 32)))
    problems = ProblemSession(game, InlineAnalyst(scheduler, seconds), store, player)
    return synth, scheduler, game, problems


def _said(synth: FakeSynth) -> str:
    return " | ".join(synth.spoken)


def test_an_alternative_winning_line_is_accepted(installed4, tmp_path):
    board = Board(GEM_1.fen)
    engine_choice = analyse(board, 0.5).move
    winning = []
    for move in board.legal_moves:
        board.push(move)
        if database_outcome(board) is Outcome.LOSS:
            winning.append(move)
        board.pop()
    alternatives = [m for m in winning if m != engine_choice]
    assert len(winning) >= 2 and alternatives, "the test needs a problem with two winning moves"
    synth, scheduler, game, problems = _session(tmp_path)
    problems.start(GEM_1)
    scheduler.run_pending()
    move = alternatives[0]
    assert game.submit_text(move.pdn())
    scheduler.run_pending()
    assert problems.last_verdict == "right"
    assert problems.mistakes == 0
    assert game.board.move_stack[0] == move and len(game.board.move_stack) == 2  # defence played
    assert "Good: the win holds." in _said(synth) or problems.state is State.SOLVED
    # played on to the end with the engine's moves: solved
    for _ in range(40):
        if problems.state is not State.PLAYING:
            break
        best = analyse(game.board, 0.3).move
        assert game.submit_text(best.pdn())
        scheduler.run_pending()
    assert problems.state is State.SOLVED
    assert "Solved!" in _said(synth)
    assert problems.progress.problems["gem/1"].solved == 1


def test_a_move_that_throws_the_win_is_refused_with_the_defence(installed4, tmp_path):
    synth, scheduler, game, problems = _session(tmp_path)
    problems.start(GEM_1)
    scheduler.run_pending()
    assert game.submit_text("14-9")
    scheduler.run_pending()
    assert problems.last_verdict == "wrong" and problems.mistakes == 1
    said = _said(synth)
    assert "That lets the win go: after fourteen to nine, Red draws by" in said
    assert "Taken back; try again" in said
    # both moves taken back: the problem's position, the player to move
    assert game.board.fen() == Board(GEM_1.fen).fen() and not game.board.move_stack
    assert game.is_human_turn() and problems.state is State.PLAYING


def test_a_losing_move_is_told_as_a_loss(installed4, tmp_path):
    synth, scheduler, game, problems = _session(tmp_path)
    problems.start(GEM_1)
    scheduler.run_pending()
    assert game.submit_text("14-10")  # White's king then wins
    scheduler.run_pending()
    assert "That loses: after fourteen to ten, Red wins by" in _said(synth)


def test_hints_give_the_piece_then_the_move_and_the_solution_fails_the_problem(installed4,
                                                                               tmp_path):
    synth, scheduler, game, problems = _session(tmp_path)
    problems.start(GEM_1)
    scheduler.run_pending()
    assert problems.hint()
    scheduler.run_pending()
    assert "Hint: move the king on seventeen." in synth.spoken[-1]
    assert problems.hint()
    scheduler.run_pending()
    assert synth.spoken[-1] in ("Hint: seventeen to twenty-two.", "Hint: seventeen to thirteen.")
    assert problems.show_solution()
    scheduler.run_pending()
    said = _said(synth)
    assert "The solution: seventeen to" in said and "Black wins. Counted as not solved." in said
    assert problems.state is State.FAILED
    assert problems.progress.problems["gem/1"].failed == 1 and problems.progress.streak == 0
    assert problems.hint() is False and "This problem is over" in synth.spoken[-1]


def test_a_stated_result_the_database_contradicts_is_told(installed4, tmp_path):
    """A stated win in a position the database finds drawn (a king against a king, far apart:
    the same finding as Border Classics B-5 and Gould's 97 with the 5- and 6-piece databases,
    see the slow test below)."""
    wrong = Problem("mine/1", "mine", "My problems", "My problem 1", "B:WK32:BK1.",
                    Stated.BLACK_WINS)
    synth, scheduler, game, problems = _session(tmp_path)
    problems.start(wrong)
    scheduler.run_pending()
    assert ("The book says Black wins, but the endgame database proves a draw. Play for the "
            "draw.") in _said(synth)
    assert problems.win is False  # the player now plays for the proven result


GOULD_97_MATERIALS = ((0, 2, 0, 3), (0, 2, 1, 2), (0, 2, 2, 1))
"""(BLACK men, BLACK kings, WHITE men, WHITE kings) of Gould's 97 (two black kings against two
white men and a king) and of every 5-piece position its moves reach (a crowning makes a man a
king; a jump leaves four pieces), solved in this order, kings first, as the builder does."""


def _gould_97_table(table4):
    """A 5-piece database holding the 2-4 piece table and the three materials of Gould's 97, both
    sides to move, solved by the compiled builder in the order it builds them (seconds instead of
    the whole table's minute); every position the problem can reach is in it. Skips where the
    compiled builder cannot run."""
    import numpy as np

    from checkers_desktop.engine import compiled

    if not eg.compiled_builder_available():
        pytest.skip("5-piece endgames need the compiled builder (numba)")
    from checkers_desktop.engine import numba_endgame

    offsets, size = eg.layout(5)
    data = np.zeros(size, np.uint8)
    data[:len(table4.data)] = np.frombuffer(table4.data, np.uint8)
    offs = compiled.offsets_array(offsets)
    mem = np.zeros(compiled.PATH, np.int64)
    for mat in GOULD_97_MATERIALS:
        assert numba_endgame.solve_pair(*mat, offs, data, mem) > 0, mat
    return eg.EndgameTable(5, data)


@pytest.mark.slow  # a 4-piece problem contradicted by the database runs in the quick set
def test_the_lead_s_two_contradicted_problems_are_told(tmp_path_factory, shared_dir, table4):
    """Gould's 97 (five pieces) with a 5-piece database: the materials it reaches solved on the
    4-piece table, or the whole database where CHECKERS_TEST_ENDGAME_CACHE names a folder holding
    it."""
    cache = os.environ.get("CHECKERS_TEST_ENDGAME_CACHE")
    table = eg.load_table(cache, 5) if cache else None
    if table is None:
        table = _gould_97_table(table4)
    before = eg.installed_table()
    eg.install_table(table)
    try:
        goulds = {p.name: p for p in read_problems(shared_dir / "pdn" / "problems" / "goulds.pdn",
                                                   "goulds", "Gould's problems")}
        problem = goulds["Gould's Problems #97"]
        assert problem.fen.startswith("W:W22,21,K11:BK23,K3")
        synth, scheduler, game, problems = _session(tmp_path_factory.mktemp("g97"))
        problems.start(problem)
        scheduler.run_pending()
        assert ("The book says Red wins, but the endgame database proves a draw."
                in _said(synth))
    finally:
        eg.install_table(before)


def test_progress_is_sealed_and_a_changed_file_is_kept_aside(tmp_path):
    keys = KeyRing.of(RecordKey.from_secret(b"s" * 32))
    store = ProgressStore(tmp_path, keys)
    progress = Progress("Ann Lee", rating=1111.0, streak=2, best_streak=3)
    path = store.save(progress)
    assert store.load("Ann Lee").progress.rating == 1111.0
    data = json.loads(path.read_text())
    assert data["seal"].startswith("hmac-sha256:")
    data["rating"] = 3999
    path.write_text(json.dumps(data))
    loaded = store.load("Ann Lee")
    assert loaded.problem is not None and loaded.problem.value == "changed"
    assert loaded.progress.rating == 1000.0 and loaded.kept is not None and loaded.kept.exists()
    path.write_text("{not json")
    assert store.load("Ann Lee").problem.value == "damaged"


_KILL_CHILD = textwrap.dedent("""
    import os, sys, time
    from checkers_desktop.storage.integrity import KeyRing, RecordKey
    from checkers_desktop.storage.progress import Progress, ProgressStore
    store = ProgressStore(sys.argv[1], KeyRing.of(RecordKey.from_secret(b"k" * 32)))
    n = 0
    while True:
        n += 1
        store.save(Progress("Ann", rating=1000.0 + n, streak=n, best_streak=n))
        if n == 50:
            print("saving", flush=True)
""")


def test_progress_survives_a_kill_while_it_is_being_saved(tmp_path):
    """A process saving progress over and over, killed (SIGKILL) at once: the file is whole,
    sealed and one of the saves."""
    proc = subprocess.Popen([sys.executable, "-c", _KILL_CHILD, str(tmp_path)],
                            stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "saving"
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    store = ProgressStore(tmp_path, KeyRing.of(RecordKey.from_secret(b"k" * 32)))
    loaded = store.load("Ann")
    assert loaded.problem is None
    assert loaded.progress.streak >= 50 and loaded.progress.rating == 1000 + loaded.progress.streak


def test_progress_of_a_solved_problem_is_there_after_a_restart(installed4, tmp_path):
    synth, scheduler, game, problems = _session(tmp_path)
    easy = Problem("beginner/20", "beginner", "Beginner's problems", "Beginner's Problem #20",
                   "W:WK15,K14:BK6.", Stated.WHITE_WINS, rating=700)
    problems.start(easy)
    scheduler.run_pending()
    assert game.submit_text("14-17")
    scheduler.run_pending()
    assert problems.state is State.SOLVED
    rating = problems.progress.rating
    assert rating > 1000 - 32  # a problem rated 700 solved: the rating moves up a little
    # a new session (the app started again) reads the same progress
    _, _, _, again = _session(tmp_path)
    assert again.progress.problems["beginner/20"].solved == 1
    assert again.progress.rating == pytest.approx(rating, abs=0.01)
    assert again.progress.streak == 1


def test_next_problem_for_me_is_near_my_rating_and_not_solved():
    problems = [Problem(f"c/{n}", "c", "C", f"C {n}", "B:W32:B1", Stated.BLACK_WINS, rating=r)
                for n, r in enumerate((600, 900, 1050, 1400, 2000), 1)]
    progress = Progress("Ann", rating=1000.0)
    assert next_problem(problems, progress).key == "c/3"
    progress.problems["c/3"] = __import__(
        "checkers_desktop.storage.progress", fromlist=["ProblemRecord"]).ProblemRecord(1, 0, 0,
                                                                                      "solved")
    assert next_problem(problems, progress).key in ("c/2",)
    assert next_problem(problems, progress, skip=["c/2"]).key == "c/4"


def test_the_shipped_collections_are_read_with_their_problems():
    problems = shipped_problems()
    by_collection: dict[str, int] = {}
    for problem in problems:
        by_collection[problem.collection] = by_collection.get(problem.collection, 0) + 1
    expected = {c.key for c in COLLECTIONS if c.kind is Kind.PROBLEMS}
    assert set(by_collection) == expected
    assert sum(by_collection.values()) > 1000
    assert all(p.solver in (BLACK, WHITE) for p in problems[:50])


def test_next_problem_for_me_prefers_a_problem_the_engine_proved():
    near_unproven = Problem("c/1", "c", "C", "C 1", "B:W32:B1", Stated.BLACK_WINS, rating=1050)
    farther_proven = Problem("c/2", "c", "C", "C 2", "B:W32:B1", Stated.BLACK_WINS, rating=1250,
                             proven=True)
    assert next_problem([near_unproven, farther_proven], Progress("Ann")).key == "c/2"


def test_a_failed_analysis_is_said_and_never_stalls_the_game(tmp_path):
    """The engine raising while it looks for the other side's reply: said, and the game goes on
    with a legal move (the game's own engine failure path), the player's turn again."""
    synth = FakeSynth()
    scheduler = ManualScheduler()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler), scheduler, poll_seconds=0)

    def broken(board, seconds, stop, all_scores):
        raise RuntimeError("no memory left")

    analyst = InlineAnalyst(scheduler, 0.1, broken)
    problems = ProblemSession(game, analyst)
    analyst.on_error = problems.analysis_failed
    problems.start(GEM_1)
    scheduler.run_pending()
    assert game.submit_text("17-22")
    scheduler.run_pending()
    from checkers_desktop.texts import app as app_texts
    assert app_texts.engine_failed_text() in _said(synth)
    assert len(game.board.move_stack) == 2 and game.is_human_turn()
    # a hint that fails is said, and changes nothing
    assert problems.hint()
    scheduler.run_pending()
    assert synth.spoken[-1] == "The engine could not check this position. Try again, or take " \
        "the next problem."
    assert len(game.board.move_stack) == 2 and game.is_human_turn()
