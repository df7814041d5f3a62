"""Practice > Problems and Guess the move: the window's side of :mod:`..session.problems` and
:mod:`..session.guess`.

:func:`install_problems` adds the handlers of the commands declared in ``actions.py`` (Problems,
Next problem for me, Show the solution, Guess the move, My progress, Add my own problems or
games) and routes Hint (F9) to the problem while one is on the board. The engine's analyses run
off the GUI thread (:class:`QtAnalyst`, a :class:`~.jobs.BackgroundJob`); every question goes
through the interaction object, every sentence through the window's announcer.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, QTimer

from ..engine.proof import Analysis, analyse
from ..inputs import InputError
from ..library import COLLECTIONS, Kind
from ..rules import BLACK, WHITE, Board
from ..rules.errors import InvalidPdnError
from ..rules.pdn import Game, GameHeader, PdnReader
from ..session.guess import GuessSession
from ..session.leaving import Leaving
from ..session.problem_set import Problem, problems_of_games, shipped_problems
from ..session.problems import ANALYSIS_SECONDS, ProblemSession, next_problem
from ..speech.announcer import Priority
from ..storage.integrity import KeyRing
from ..storage.progress import ProgressStore
from ..texts import problems as texts
from .context import AppContext
from .jobs import BackgroundJob
from .paths import key_folder

__all__ = ["QtAnalyst", "ProblemControls", "install_problems", "REPLY_PAUSE"]

REPLY_PAUSE = 0.8
"""The shortest time, seconds, before an analysis is answered: the other side's reply comes
after the player's own move has been said."""

GUESS_SECONDS = 1.5
"""How long the engine compares a guess with the master's move, seconds."""

PLAYER = "player"
"""Whose progress is kept: the one player at home (the file ``progress/player.json``)."""


def _run(stop: threading.Event, board: Board, seconds: float, all_scores: bool,
         pause: float) -> Analysis:
    started = time.monotonic()
    result = analyse(board, seconds, stop, all_scores=all_scores)
    remaining = pause - (time.monotonic() - started)
    if remaining > 0:
        stop.wait(remaining)
    return result


class QtAnalyst(QObject):
    """The session's :class:`~..session.problems.Analyst` on the thread ``checkers-problem``.
    ``seconds``: per position; ``pause``: the shortest answer time (tests pass 0)."""

    def __init__(self, parent: QObject, seconds: float = ANALYSIS_SECONDS,
                 pause: float = REPLY_PAUSE,
                 on_error: Optional[Callable[[BaseException], None]] = None) -> None:
        super().__init__(parent)
        self.seconds = seconds
        self.pause = pause
        self.on_error = on_error
        self.job = BackgroundJob("problem", self)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self._replies: dict[int, Callable[[Analysis], None]] = {}

    def request(self, board: Board, reply: Callable[[Analysis], None], *,
                all_scores: bool = False) -> None:
        seconds = GUESS_SECONDS if all_scores else self.seconds
        token = self.job.start(_run, board.copy(), seconds, all_scores, self.pause)
        self._replies = {token: reply}

    def cancel(self) -> None:
        self._replies.clear()
        self.job.cancel()

    def _finished(self, result: Analysis, token: int) -> None:
        reply = self._replies.pop(token, None)
        if reply is not None:
            reply(result)

    def _failed(self, error: BaseException, token: int) -> None:
        if self._replies.pop(token, None) is not None and self.on_error is not None:
            self.on_error(error)

    def shutdown(self) -> None:
        self.cancel()
        self.job.shutdown()


class ProblemControls(QObject):
    """The Practice menu's problems and master games for the window of ``ctx``."""

    def __init__(self, ctx: AppContext, analyst: Optional[QtAnalyst] = None) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.analyst = analyst or QtAnalyst(self)
        keys = KeyRing(key_folder(ctx.data_folder))
        store = ProgressStore(Path(ctx.data_folder) / "progress", keys)
        self.problems = ProblemSession(ctx.session, self.analyst, store, PLAYER)
        self.guess = GuessSession(ctx.session, self.analyst, self.problems,
                                  delay=self._delay)
        self.analyst.on_error = self.problems.analysis_failed
        self.problems.hint_found = self._cursor_to_hint
        self._catalogue: Optional[list[Problem]] = None
        self.own: list[Problem] = []
        self.own_games: list[tuple[str, Game]] = []
        self.ask_path: Callable[[], Optional[str]] = self._ask_path
        self.handlers: dict[str, Callable[[], Any]] = {
            "problems": self.choose_collection,
            "next_problem": self.next_problem,
            "show_solution": self.show_solution,
            "guess_the_move": self.choose_master_game,
            "replay_master_game": self.replay_master_game,
            "practice_progress": self.say_progress,
            "add_own_pdn": self.add_own_pdn,
        }

    def _delay(self, seconds: float, fn: Callable[[], None]) -> None:
        """``fn`` after ``seconds`` on the GUI thread (at most the analyst's pause: tests pass
        0)."""
        QTimer.singleShot(int(1000 * min(seconds, self.analyst.pause)), fn)

    # --- the problems -----------------------------------------------------------------------
    def catalogue(self) -> list[Problem]:
        """Every problem offered: the shipped collections' (read once) and the player's own."""
        if self._catalogue is None:
            self._catalogue = shipped_problems()
        return self._catalogue + self.own

    def _say(self, text: str, priority: Priority = Priority.INTERRUPT) -> None:
        self.ctx.say(text, priority)

    def _start(self, problem: Problem) -> None:
        self.guess.leave()
        self.ctx.board.set_flipped(problem.solver is BLACK)
        self.problems.start(problem)
        if self.problems.load_notice:
            self._say(self.problems.load_notice, Priority.QUEUE)
            self.problems.load_notice = None
        self.ctx.focus_board()

    def choose_collection(self) -> bool:
        """Practice > Problems: choose a collection; its next problem for the player starts."""
        catalogue = self.catalogue()
        keys = [c.key for c in COLLECTIONS if c.kind is Kind.PROBLEMS]
        titles = {c.key: c.title for c in COLLECTIONS}
        if self.own:
            keys.append("own")
            titles["own"] = self.own[0].title
        options = []
        for key in keys:
            items = [p for p in catalogue if p.collection == key]
            solved = sum(1 for p in items if self._solved(p))
            options.append(texts.collection_item_text(titles[key], len(items), solved))
        chosen = self.ctx.ask.choose(texts.choose_collection_title(),
                                     texts.choose_collection_label(), options)
        if chosen is None:
            return False
        key = keys[chosen]
        items = [p for p in catalogue if p.collection == key]
        problem = next_problem(items, self.problems.progress)
        if problem is None:
            self._say(texts.none_left_text(titles[key]))
            return False
        self._start(problem)
        return True

    def _solved(self, problem: Problem) -> bool:
        record = self.problems.progress.problems.get(problem.key)
        return record is not None and record.last == "solved"

    def next_problem(self) -> bool:
        """Next problem for me: near the player's rating, of any collection (the one just
        shown is skipped)."""
        skip = [self.problems.problem.key] if self.problems.problem is not None else []
        problem = next_problem(self.catalogue(), self.problems.progress, skip)
        if problem is None:
            self._say(texts.none_left_text("the collections"))
            return False
        self._say(texts.next_for_you_text(problem.rating))
        self._start(problem)
        return True

    def _cursor_to_hint(self, move) -> None:
        """The board's cursor on the hinted piece (unless a piece is picked up), so that Enter
        picks it up; the focus stays where it is."""
        if self.ctx.session.selected is None:
            self.ctx.board.set_cursor(move.from_square, focus=False)

    def hint(self, fallback: Callable[[], Any]) -> Any:
        """F9: the problem's hint while a problem is on the board, else the game's."""
        if self.problems.active:
            return self.problems.hint()
        return fallback()

    def show_solution(self) -> bool:
        return self.problems.show_solution()

    def say_progress(self) -> None:
        progress = self.problems.progress
        text = texts.progress_text(progress.rating, self.problems.solved_count(),
                                   progress.streak)
        if self.guess.active:
            text += " " + self.guess.score_text()
        self._say(text)

    # --- master games -----------------------------------------------------------------------
    def choose_master_game(self) -> bool:
        """Practice > Guess the move: choose a collection of games, a game and a side."""
        collections = [c for c in COLLECTIONS if c.kind is Kind.GAMES]
        names = [c.title for c in collections] + ([texts.own_games_item_text()] if self.own_games else [])
        chosen = self.ctx.ask.choose(texts.choose_game_title(), texts.choose_game_label(), names)
        if chosen is None:
            return False
        reader: Optional[PdnReader] = None
        headers: list[GameHeader] = []
        names_and_games: list[tuple[str, Game]] = []
        if chosen >= len(collections):
            names_and_games = self.own_games
            options = [name for name, _ in names_and_games]
        else:
            reader = PdnReader(collections[chosen].path)
            headers = list(reader.headers())
            options = [texts.game_item_text(h.number, h.tags.get("Black", ""),
                                            h.tags.get("White", ""), h.tags.get("Event", ""),
                                            h.tags.get("Result", "*")) for h in headers]
        if not options:
            return False
        picked = self.ctx.ask.choose(texts.choose_game_title(), texts.choose_game_label(),
                                     options, say_options=False)
        if picked is None:
            return False
        if reader is None:
            name, record = names_and_games[picked]
        else:
            parsed = reader.game(headers[picked].number)
            if parsed is None or not parsed.game.moves:
                self._say(texts.no_moves_text())
                return False
            name, record = options[picked], parsed.game
        side = self.ctx.ask.choose(texts.choose_game_title(), texts.guess_side_label(),
                                   [self.ctx.session.side_names[BLACK],
                                    self.ctx.session.side_names[WHITE]])
        if side is None:
            return False
        self.start_guess(record, name, BLACK if side == 0 else WHITE)
        return True

    def replay_master_game(self) -> bool:
        """Practice > Replay a master game: choose a collection; its games are listed and the
        one chosen opened as Game > Open game opens a file (its moves on the Moves played list,
        to step through). Returns True when the file's reading started."""
        collections = [c for c in COLLECTIONS if c.kind is Kind.GAMES]
        chosen = self.ctx.ask.choose(texts.choose_game_title(), texts.choose_game_label(),
                                     [c.title for c in collections])
        if chosen is None:
            return False
        self.guess.leave()
        self.problems.leave()
        return bool(self.ctx.window.open_game_action.open(str(collections[chosen].path)))

    def start_guess(self, record: Game, name: str, side: Any) -> None:
        self.ctx.board.set_flipped(side is BLACK)
        self.guess.start(record, name, side)
        self.ctx.focus_board()

    @staticmethod
    def _read_games(path: Path) -> list[tuple[str, Game]]:
        out = []
        for parsed in PdnReader(path):
            if not parsed.game.moves:
                continue
            tags = parsed.game.tags
            name = texts.game_item_text(parsed.number, tags.get("Black", ""),
                                        tags.get("White", ""), tags.get("Event", ""),
                                        parsed.game.result)
            out.append((name, parsed.game))
        return out

    # --- a player's own file -----------------------------------------------------------------
    def _ask_path(self) -> Optional[str]:
        return self.ctx.ask.open_file("Add my own problems or games",
                                      "PDN files (*.pdn *.txt);;All files (*)")

    def add_own_pdn(self, path: Optional[str] = None) -> bool:
        """Read a player's PDN: its games with a position and a stated result become problems
        (a collection "Your file NAME"), its games with moves master games to guess. A file that
        cannot be read is said with why and changes nothing."""
        path = path or self.ask_path()
        if not path:
            return False
        title = Path(path).stem[:60]
        try:
            problems = problems_of_games(Path(path), "own", f"Your file {title}")
            games = self._read_games(Path(path))
        except (InputError, InvalidPdnError, OSError, ValueError) as exc:
            self._say(texts.own_file_unreadable_text(title, str(exc)))
            return False
        if not problems and not games:
            self._say(texts.own_file_empty_text(title))
            return False
        self.own = [Problem(f"own:{title}/{p.key.split('/')[-1]}", "own", p.title, p.name,
                            p.fen, p.stated) for p in problems]
        self.own_games = games
        self._say(texts.own_file_text(title, len(problems), len(games)))
        return True

    def shutdown(self) -> None:
        self.analyst.shutdown()


def install_problems(ctx: AppContext, handlers: dict[str, Callable[[], Any]]) -> ProblemControls:
    """Make the controls, add their handlers to ``handlers`` (the window's, before its menus
    are made) and route Hint to the problem on the board. Starting a problem or a master game
    asks first when it would leave a game in progress."""
    controls = ProblemControls(ctx)
    guarded = dict(controls.handlers)
    if ctx.leaving is not None:
        for action_id in ("problems", "next_problem", "guess_the_move"):
            guarded[action_id] = _unless_practising(
                controls, controls.handlers[action_id],
                ctx.leaving.guarded(Leaving.NEW_GAME, controls.handlers[action_id]))
        guarded["replay_master_game"] = _unless_practising(
            controls, controls.handlers["replay_master_game"],
            ctx.leaving.guarded(Leaving.OPEN_GAME, controls.handlers["replay_master_game"]))
    handlers.update(guarded)
    game_hint = handlers.get("hint")
    if game_hint is not None:
        handlers["hint"] = lambda: controls.hint(game_hint)
    return controls


def _unless_practising(controls: ProblemControls, plain: Callable[[], Any],
                       guarded: Callable[[], Any]) -> Callable[[], Any]:
    """``plain`` while a problem or master game is on the board (moving on from one asks
    nothing: nothing of it is lost, its progress is kept), else ``guarded`` (asks first when a
    game or match would be left)."""
    def run() -> Any:
        if controls.problems.active or controls.guess.active:
            return plain()
        return guarded()
    return run
