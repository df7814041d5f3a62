"""Solving a composed problem on the game's board, with no window.

:class:`ProblemSession` puts a problem's position on the :class:`~.game.GameSession` (against
the computer, the player having the problem's solver side) and stands in for the session's
engine port while the problem is on: every reply of the other side is the engine's best defence
(:func:`..engine.proof.analyse`, off the session's thread through an :class:`Analyst`), and
before it is played the player's move is judged:

- a problem to win: the move is right when the position after it is a proven loss for the other
  side (the endgame database, or a search that proves the win). Any winning move counts, not
  only the book's. A move after which the other side draws or wins (proven) throws the win: the
  defence is played, said with why, and both moves are taken back so the player can try again.
  Where the engine can prove nothing either way (a long line beyond the database), a move after
  which the engine still rates the player a man ahead (:data:`UNPROVEN_MARGIN`) is taken.
- a problem to draw: the move is right unless the other side then has a proven win.

The position itself is checked first: when the engine proves another result than the book's
(:func:`.problem_set.verdict`: the endgame database finds no win in a stated win, say), that is
said, and the player plays for the proven result instead (or, when the solver's side loses,
there is nothing to solve).

A problem is solved when the game ends in the solver's favour, when the endgame database shows
the result is sure (:meth:`ProblemSession._sure`), or, for a draw beyond the database, after
:data:`DRAW_MOVES` moves held. Hints (the piece, then the move), the solution (the engine's line)
and every verdict are said through the announcer; each solved or failed problem is recorded in
the player's :class:`~..storage.progress.Progress` (the rating moves as in Elo:
:func:`update_rating`), and :func:`next_problem` picks the next one near the player's rating.

Pure Python, no Qt.
"""

from __future__ import annotations

import enum
import logging
import threading
from dataclasses import dataclass
from typing import Callable, Iterable, Optional, Protocol, Sequence

from ..engine.proof import Analysis, Outcome, analyse
from ..rules import Board, Color, Move
from ..speech.announcer import Announcer, Priority
from ..storage.progress import ProblemRecord, Progress, ProgressStore
from ..texts import problems as texts
from .events import GameOver, GameStarted
from .game import GameSession, Mode
from .ports import Engine, EngineReply, Scheduler
from .problem_set import Problem, Stated, Verdict, verdict

__all__ = ["ProblemSession", "State", "Analyst", "InlineAnalyst", "update_rating",
           "next_problem", "ANALYSIS_SECONDS", "UNPROVEN_MARGIN", "DRAW_MOVES"]

log = logging.getLogger(__name__)

ANALYSIS_SECONDS = 2.0
"""The most the engine spends on one position of a problem (seconds)."""
UNPROVEN_MARGIN = 100
"""Where nothing is proven, a move is taken when the engine still rates the player this much
ahead after it (hundredths of a man: one man)."""
DRAW_MOVES = 8
"""A draw beyond the database is held after this many of the player's moves."""
UNPROVEN_PENALTY = 400
"""How much farther (rating points) "next problem for me" counts a problem the engine did not
prove when it was rated."""
K_FACTOR = 32.0
"""How far one problem moves the player's rating (Elo's K)."""


class State(enum.Enum):
    IDLE = "idle"
    PLAYING = "playing"
    SOLVED = "solved"
    FAILED = "failed"
    UNSOUND = "unsound"


class Analyst(Protocol):
    """The engine's value of positions, searched somewhere else (a worker thread in the
    window). One request at a time; a new one may cancel the one running."""

    def request(self, board: Board, reply: Callable[[Analysis], None], *,
                all_scores: bool = False) -> None:
        """Analyse ``board`` (a copy the analyst may keep) and call ``reply`` once, on the
        session's thread; on failure ``reply`` is not called and the analyst's ``on_error``
        is (the window gives :meth:`ProblemSession.analysis_failed`)."""

    def cancel(self) -> None:
        """Forget the request running now."""


AnalyseFn = Callable[[Board, float, Optional[threading.Event], bool], Analysis]


def _analyse(board: Board, seconds: float, stop: Optional[threading.Event],
             all_scores: bool) -> Analysis:
    return analyse(board, seconds, stop, all_scores=all_scores)


class InlineAnalyst:
    """An :class:`Analyst` that searches on the session's thread, deferred through
    ``scheduler`` (tests and tools). ``seconds``: the time per position. ``on_error``: called
    with an exception the analysis raised."""

    def __init__(self, scheduler: Scheduler, seconds: float = ANALYSIS_SECONDS,
                 analyse_fn: AnalyseFn = _analyse,
                 on_error: Optional[Callable[[BaseException], None]] = None) -> None:
        self.scheduler = scheduler
        self.seconds = seconds
        self.analyse_fn = analyse_fn
        self.on_error = on_error
        self.requests = 0
        self._generation = 0

    def request(self, board: Board, reply: Callable[[Analysis], None], *,
                all_scores: bool = False) -> None:
        self.requests += 1
        generation = self._generation
        board = board.copy()

        def run() -> None:
            if generation != self._generation:
                return
            try:
                answer = self.analyse_fn(board, self.seconds, None, all_scores)
            except Exception as exc:  # told by on_error; the session goes on
                if self.on_error is not None:
                    self.on_error(exc)
                return
            reply(answer)

        self.scheduler.defer(run)

    def cancel(self) -> None:
        self._generation += 1


def expected_score(player: float, problem: float) -> float:
    """Elo's expected score of a player rated ``player`` against a problem rated ``problem``."""
    return 1.0 / (1.0 + 10 ** ((problem - player) / 400.0))


def update_rating(progress: Progress, problem: Problem, score: float) -> None:
    """Move ``progress.rating`` by the result (``score``: 1 solved alone, 0.5 solved with hints
    or wrong tries, 0 not solved) against the problem's rating (unrated: the player's own, so
    only the result counts); keep the problem's record and the streak."""
    rating = problem.rating if problem.rating is not None else progress.rating
    progress.rating = max(100.0, progress.rating
                          + K_FACTOR * (score - expected_score(progress.rating, rating)))
    record = progress.problems.setdefault(problem.key, ProblemRecord())
    if score > 0:
        record.solved += 1
        record.last = "solved"
        progress.streak += 1
        progress.best_streak = max(progress.best_streak, progress.streak)
    else:
        record.failed += 1
        record.last = "failed"
        progress.streak = 0


def next_problem(problems: Sequence[Problem], progress: Progress,
                 skip: Iterable[str] = ()) -> Optional[Problem]:
    """The problem for the player now: among those not yet solved (and not in ``skip``), the
    one rated nearest a little above the player's rating (50 points: a small stretch); unrated
    problems count as the player's rating, and a problem whose result the engine did not prove
    when it was rated counts as :data:`UNPROVEN_PENALTY` further away (the app can check every
    move of a proven one). None when every one is solved."""
    skipped = set(skip)
    target = progress.rating + 50
    best: Optional[Problem] = None
    best_gap = float("inf")
    for problem in problems:
        record = progress.problems.get(problem.key)
        if problem.key in skipped or (record is not None and record.last == "solved"):
            continue
        rating = problem.rating if problem.rating is not None else progress.rating
        gap = abs(rating - target) + (25 if record is not None else 0)
        if problem.rating is not None and not problem.proven:
            gap += UNPROVEN_PENALTY
        if gap < best_gap:
            best, best_gap = problem, gap
    return best


@dataclass
class _Pending:
    board: Board
    reply: Callable[[Analysis], None]
    all_scores: bool = False


class ProblemSession:
    """One problem at a time on ``game``'s board (see the module docstring).

    ``analyst``: the engine's analyses (:class:`Analyst`). ``store``: where the player's progress
    is kept (None: kept in memory only). ``player``: whose progress. ``announcer``: default the
    game's. Listeners given to :meth:`subscribe` get each :class:`State` change.
    """

    def __init__(self, game: GameSession, analyst: Analyst, store: Optional[ProgressStore] = None,
                 player: str = "player", announcer: Optional[Announcer] = None) -> None:
        self.game = game
        self.analyst = analyst
        self.store = store
        self.announcer = announcer if announcer is not None else game.announcer
        self.problem: Optional[Problem] = None
        self.state = State.IDLE
        self.win = True
        """The result the player plays for now: a win (True) or a draw."""
        self.root: Optional[Analysis] = None
        """The engine's analysis of the problem's position (the side to move's view)."""
        self.hints = 0
        self.mistakes = 0
        self.moves_held = 0
        self.last_verdict: Optional[str] = None
        """"right", "wrong" or None: the last move's judgement (tests, the status line)."""
        self._saved_engine: Optional[Engine] = None
        self._game_reply: Optional[Callable[[EngineReply], None]] = None
        self._queue: list[_Pending] = []
        self._busy = False
        self._generation = 0
        self._starting = False
        self._hint_key: Optional[tuple[int, object]] = None
        self._hint_level = 0
        self.hint_found: Optional[Callable[[Move], None]] = None
        """Called with the hinted move just before its hint is said (the window puts the
        board's cursor on its piece)."""
        self._listeners: list[Callable[[State], None]] = []
        self.progress = Progress(player)
        self.load_notice: Optional[str] = None
        if store is not None:
            loaded = store.load(player)
            self.progress = loaded.progress
            if loaded.problem is not None:
                self.load_notice = texts.progress_restarted_text(
                    loaded.problem.value == "changed", loaded.kept.name if loaded.kept else None)
        game.subscribe(self._on_game_event)

    # --- state ------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """A problem is on the board (being solved, or just finished and still shown)."""
        return self.problem is not None and self._saved_engine is not None

    def subscribe(self, listener: Callable[[State], None]) -> None:
        self._listeners.append(listener)

    def _set_state(self, state: State) -> None:
        self.state = state
        for listener in list(self._listeners):
            listener(state)

    # --- starting and leaving ---------------------------------------------------------------
    def start(self, problem: Problem) -> None:
        """Put ``problem`` on the board and say it; its position is checked by the engine at
        once (the contradiction, if any, is said when found)."""
        self.leave()
        self.problem = problem
        self.win = problem.stated.winner is not None
        self.root = None
        self.hints = self.mistakes = self.moves_held = 0
        self.last_verdict = None
        self._hint_key = None
        self._hint_level = 0
        self._saved_engine = self.game.engine
        self.game.engine = self
        self._set_state(State.PLAYING)
        board = problem.board()
        self._say(texts.problem_intro_text(problem.name, board, problem.solver, self.win,
                                           self.game.side_names, problem.rating),
                  Priority.INTERRUPT)
        self._starting = True
        try:
            self.game.new_game(Mode.COMPUTER, human_color=problem.solver,
                               profile_key="practice", announce=False, fen=problem.fen)
        finally:
            self._starting = False
        if board.turn is problem.solver:
            self._ask(board, self._on_root)
            self._say(texts.your_move_text(), Priority.QUEUE)

    def leave(self) -> None:
        """Stop the problem (another game or problem begins): the game's engine is given back."""
        self._generation += 1
        self._queue.clear()
        self._busy = False
        self.analyst.cancel()
        if self._saved_engine is not None:
            self.game.engine = self._saved_engine
            self._saved_engine = None
        if self.state is State.PLAYING:
            self._set_state(State.IDLE)
        self.problem = None

    def _on_game_event(self, event: object) -> None:
        if isinstance(event, GameStarted) and not self._starting and self.active:
            self.leave()  # a new game or an opened one replaced the problem
        elif isinstance(event, GameOver) and self.active:
            self._on_game_over()

    # --- the engine port (the other side's replies) -----------------------------------------
    def request(self, board: Board, level: int, reply: Callable[[EngineReply], None]) -> None:
        """The game asks for the other side's move: judge the player's move (if any), then
        answer with the best defence."""
        generation = self._generation
        board = board.copy()
        self._game_reply = reply
        self._ask(board, lambda a: self._on_defence(generation, board, a, reply))

    def cancel(self) -> None:
        """The game cancels its request (a take-back, a new game): answers to it are dropped."""
        self._generation += 1
        self._queue.clear()
        self._busy = False
        self.analyst.cancel()

    def wait(self, timeout: float) -> None:
        return None

    # --- analyses, one at a time -----------------------------------------------------------
    def _ask(self, board: Board, reply: Callable[[Analysis], None],
             all_scores: bool = False) -> None:
        self._queue.append(_Pending(board.copy(), reply, all_scores))
        self._next()

    def _next(self) -> None:
        if self._busy or not self._queue:
            return
        pending = self._queue.pop(0)
        self._busy = True
        generation = self._generation

        def done(analysis: Analysis) -> None:
            if generation != self._generation:
                return
            self._busy = False
            pending.reply(analysis)
            self._next()

        self.analyst.request(pending.board, done, all_scores=pending.all_scores)

    def analysis_failed(self, error: BaseException) -> None:
        """The analyst could not analyse (logged): said, and the requests waiting are dropped.
        When the game waits for the other side's move, it gets the error: the game goes on
        with a legal move and says so (``GameSession``), never stalled at the other side's
        turn."""
        log.error("a problem's analysis failed", exc_info=(type(error), error,
                                                          error.__traceback__))
        self._generation += 1
        self._busy = False
        self._queue.clear()
        reply, self._game_reply = self._game_reply, None
        if reply is not None and self.game.is_computer_turn():
            reply(EngineReply(error=error))  # the game says its own sentence for it
            return
        self._say(texts.engine_failed_text(), Priority.INTERRUPT)

    # --- the problem's position ------------------------------------------------------------
    def _on_root(self, analysis: Analysis) -> None:
        """The problem's position analysed (its side to move's view)."""
        problem = self.problem
        if problem is None:
            return
        self.root = analysis
        said, proven = verdict(problem, analysis)
        if said is not Verdict.CONTRADICTED or proven is None:
            return
        winner = proven.winner
        self._say(texts.contradicted_text(problem.stated.winner, winner, problem.solver,
                                          analysis.exact, self.game.side_names),
                  Priority.QUEUE)
        if winner is None:
            self.win = False
        elif winner is problem.solver:
            self.win = True
        else:
            self._set_state(State.UNSOUND)

    def _on_defence(self, generation: int, board: Board, analysis: Analysis,
                    reply: Callable[[EngineReply], None]) -> None:
        """``analysis`` of ``board`` (the other side to move) is in: judge, then reply."""
        if generation != self._generation or self.problem is None:
            return
        if not board.move_stack:  # the problem's own position, the other side moving first
            self._on_root(analysis)
            reply(EngineReply(analysis.move))
            if self.game.running and self.state is State.PLAYING:
                self._say(texts.your_move_text(), Priority.QUEUE)
            return
        if self.state is not State.PLAYING:
            reply(EngineReply(analysis.move))
            return
        move = board.peek()
        assert move is not None
        right, proven = self._judge(analysis)
        if right:
            self.last_verdict = "right"
            self.moves_held += 1
            reply(EngineReply(analysis.move))
            if self.state is State.PLAYING and self.game.running:
                sure = self._sure(analysis)
                if sure:
                    self._solved(sure=True)
                else:
                    self._say(texts.right_text(self.win), Priority.QUEUE)
            return
        self.last_verdict = "wrong"
        self.mistakes += 1
        opponent = board.turn
        reply(EngineReply(analysis.move))
        self._say(texts.wrong_text(move, analysis.move, opponent,
                                   analysis.outcome is Outcome.WIN, self.win, proven,
                                   self.game.side_names, self.game.style),
                  Priority.QUEUE)
        self.game.take_back()

    def _judge(self, analysis: Analysis) -> tuple[bool, bool]:
        """(right, proven) for the player's move, from ``analysis`` of the position after it
        (the other side's view)."""
        outcome = analysis.outcome
        if self.win:
            if outcome is Outcome.LOSS:
                return True, True
            if outcome in (Outcome.WIN, Outcome.DRAW):
                return False, True
            return -analysis.score >= UNPROVEN_MARGIN, False
        return outcome is not Outcome.WIN, True

    def _sure(self, analysis: Analysis) -> bool:
        """After the defence: the rest is certain. A win the endgame database proves with the
        player a piece ahead (or the other side down to one piece), or a draw it proves; for a
        draw beyond the database, :data:`DRAW_MOVES` moves held."""
        board = self.game.board
        me = self.problem.solver if self.problem else board.turn
        mine = sum(board.count(me))
        theirs = sum(board.count(me.other))
        if self.win:
            return (analysis.exact and analysis.outcome is Outcome.LOSS
                    and (mine >= theirs + 2 or theirs <= 1))
        if analysis.exact and analysis.outcome is Outcome.DRAW:
            return True
        return self.moves_held >= DRAW_MOVES

    def _on_game_over(self) -> None:
        if self.state is not State.PLAYING or self.problem is None:
            return
        outcome = self.game.board.outcome()
        solver = self.problem.solver
        winner = getattr(outcome, "winner", None) if outcome is not None else None
        if winner is solver or (not self.win and winner is None):
            self._solved()

    # --- results ----------------------------------------------------------------------------
    def _solved(self, sure: bool = False) -> None:
        assert self.problem is not None
        self._set_state(State.SOLVED)
        score = 1.0 if not self.hints and not self.mistakes else 0.5
        self._say(texts.solved_text(self.hints, self.mistakes, sure, self.win), Priority.QUEUE)
        self._record(score)

    def _record(self, score: float) -> None:
        assert self.problem is not None
        update_rating(self.progress, self.problem, score)
        record = self.progress.problems[self.problem.key]
        record.hints += self.hints
        self.save()
        self._say(texts.progress_text(self.progress.rating, self.solved_count(),
                                      self.progress.streak), Priority.QUEUE)

    def save(self) -> None:
        """Write the player's progress (said when it cannot be)."""
        if self.store is None:
            return
        try:
            self.store.save(self.progress)
        except OSError as exc:
            log.error("progress not saved: %s", exc)
            self._say(texts.progress_not_saved_text(exc.strerror or str(exc)), Priority.QUEUE)

    def solved_count(self) -> int:
        return sum(1 for r in self.progress.problems.values() if r.solved)

    # --- hints and the solution -------------------------------------------------------------
    def _can_ask(self) -> bool:
        if self.problem is None or not self.active:
            self._say(texts.no_problem_text(), Priority.INTERRUPT)
            return False
        if self.state is not State.PLAYING:
            self._say(texts.problem_over_text(), Priority.INTERRUPT)
            return False
        if self.game.is_computer_turn():
            self._say(texts.not_your_turn_text(), Priority.INTERRUPT)
            return False
        return True

    def hint(self) -> bool:
        """The first hint names the piece to move, the next the move itself; off the session's
        thread, said when found. Returns True when one was asked for."""
        if not self._can_ask():
            return False
        board = self.game.board.copy()
        key = (board.ply, board.key())
        if key != self._hint_key:
            self._hint_key, self._hint_level = key, 0
        self._hint_level = min(self._hint_level + 1, 2)
        level = self._hint_level
        self.hints += 1
        self._say(texts.looking_text(), Priority.READING)
        generation = self._generation

        def answer(analysis: Analysis) -> None:
            if generation != self._generation or analysis.move is None:
                return
            if self.hint_found is not None:
                self.hint_found(analysis.move)
            if level == 1:
                self._say(texts.hint_piece_text(board, analysis.move), Priority.INTERRUPT)
            else:
                self._say(texts.hint_move_text(analysis.move, self.game.style),
                          Priority.INTERRUPT)

        self._ask(board, answer)
        return True

    def show_solution(self) -> bool:
        """Say the engine's line from here to the end; the problem counts as not solved."""
        if not self._can_ask():
            return False
        assert self.problem is not None
        board = self.game.board.copy()
        self._say(texts.looking_text(), Priority.READING)
        generation = self._generation
        problem = self.problem

        def answer(analysis: Analysis) -> None:
            if generation != self._generation or self.problem is not problem:
                return
            winner: Optional[Color] = None
            if analysis.outcome is Outcome.WIN:
                winner = board.turn
            elif analysis.outcome is Outcome.LOSS:
                winner = board.turn.other
            self._set_state(State.FAILED)
            self._say(texts.solution_text(analysis.pv, winner, analysis.proven,
                                          self.game.side_names, self.game.style),
                      Priority.INTERRUPT)
            self._record(0.0)

        self._ask(board, answer)
        return True


    # --- output -----------------------------------------------------------------------------
    def _say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)
