""""Guess the move" in a master game, on the game's board, with no window.

:class:`GuessSession` replays a recorded game (a :class:`~..rules.pdn.Game`) from its start on
the :class:`~.game.GameSession`; the player has one side and proposes that side's move at each
turn, as a move played on the board (keys, typed or spoken). The other side's moves are the
master's, played for the player: the session stands in for the game's engine port while the
game is guessed.

Each guess is scored against the master's move: **right** (the same move, 2 points), a **close
second** (the engine scores it within :data:`CLOSE_MARGIN` of the master's, or better: 1
point), or **wrong** (0), said with the master's move and the engine's comment (whether it
agrees with the master, why, and how much worse the guess is). A guess that was not the
master's move is taken back and the master's move played, so the game goes on as it was
played. The other side's move comes after a pause (``delay``, so that the player's own move is
heard first), and the verdict is said after it: the other side's move is said at once
(interrupting), as every reply of the computer is, and would cut a verdict said before it. The
score goes into the player's progress (:class:`~..storage.progress.Progress`).

Pure Python, no Qt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable, Optional

DelayFn = Callable[[float, Callable[[], None]], None]

from ..engine.hint import reason_for
from ..engine.proof import Analysis
from ..engine.search import SearchResult
from ..rules import Board, Color, Move
from ..rules.pdn import Game
from ..speech.announcer import Announcer, Priority
from ..texts import problems as texts
from .events import GameOver, GameStarted
from .game import GameSession, Mode
from .ports import Engine, EngineReply
from .problems import Analyst, ProblemSession

__all__ = ["GuessSession", "GuessKind", "Guess", "CLOSE_MARGIN", "POINTS"]

REPLY_PAUSE = 0.8
"""Seconds between the player's move and the other side's (a computer's reply pauses as long)."""

CLOSE_MARGIN = 30
"""A guess scored at most this much below the master's move by the engine is a close second
(hundredths of a man)."""


class GuessKind(enum.Enum):
    RIGHT = "right"
    CLOSE = "close"
    WRONG = "wrong"


POINTS = {GuessKind.RIGHT: 2, GuessKind.CLOSE: 1, GuessKind.WRONG: 0}


@dataclass(frozen=True)
class Guess:
    """One guess scored: ``kind``, the ``guess`` and the ``master``'s move, ``gap`` (how much
    the engine scores the master's move above the guess, hundredths of a man; 0 when right),
    ``master_is_best`` (the engine's own choice is the master's move) and the engine's
    ``reason`` for the master's move ("wins a man", or "")."""

    kind: GuessKind
    guess: Move
    master: Move
    gap: int = 0
    master_is_best: bool = False
    reason: str = ""


def score_guess(board: Board, guess: Move, master: Move, analysis: Analysis) -> Guess:
    """Score ``guess`` against ``master`` in ``board`` (before either) from ``analysis`` of
    ``board`` with every move scored (``all_scores``)."""
    if guess == master:
        return Guess(GuessKind.RIGHT, guess, master)
    scores = dict(analysis.scores)
    master_score = scores.get(master)
    guess_score = scores.get(guess)
    if master_score is None or guess_score is None:
        return Guess(GuessKind.WRONG, guess, master)
    gap = master_score - guess_score
    best = analysis.move == master
    pv = list(analysis.pv) if best else [master]
    result = SearchResult(master, master_score, analysis.depth, analysis.nodes, pv)
    reason = reason_for(board, result)
    kind = GuessKind.CLOSE if gap <= CLOSE_MARGIN else GuessKind.WRONG
    return Guess(kind, guess, master, gap, best, reason)


class GuessSession:
    """"Guess the move" on ``game``'s board (see the module docstring). ``analyst``: the
    engine's analyses. ``problems``: whose progress the score goes to (None: not kept).
    ``delay(seconds, fn)``: call ``fn`` on the session's thread after ``seconds`` (default: at
    once, deferred through the game's scheduler)."""

    def __init__(self, game: GameSession, analyst: Analyst,
                 problems: Optional[ProblemSession] = None,
                 announcer: Optional[Announcer] = None,
                 delay: Optional[DelayFn] = None) -> None:
        self.game = game
        self.analyst = analyst
        self.problems = problems
        self.announcer = announcer if announcer is not None else game.announcer
        self.record: Optional[Game] = None
        self.moves: list[Move] = []
        self.guesser: Optional[Color] = None
        self.guesses: list[Guess] = []
        self.over = False
        self._saved_engine: Optional[Engine] = None
        self._starting = False
        self._replaying = False
        self._generation = 0
        self._listeners: list[Callable[[Guess], None]] = []
        self._verdict: Optional[str] = None
        self.delay: DelayFn = delay or (lambda seconds, fn: game.scheduler.defer(fn))
        game.subscribe(self._on_game_event)

    # --- state ------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.record is not None and self._saved_engine is not None

    @property
    def points(self) -> int:
        return sum(POINTS[g.kind] for g in self.guesses)

    def count(self, kind: GuessKind) -> int:
        return sum(1 for g in self.guesses if g.kind is kind)

    def subscribe(self, listener: Callable[[Guess], None]) -> None:
        """Call ``listener(guess)`` after each guess is scored and said."""
        self._listeners.append(listener)

    # --- starting and leaving ---------------------------------------------------------------
    def start(self, record: Game, name: str, guesser: Color) -> None:
        """Replay ``record`` from its start; the player guesses ``guesser``'s moves. Raises
        ``InvalidFenError`` for a start position that is not one (nothing changes then)."""
        board = record.start_board()
        self.leave()
        if self.problems is not None:
            self.problems.leave()
        self.record = record
        self.moves = list(record.moves)
        self.guesser = guesser
        self.guesses = []
        self.over = False
        self._replaying = False
        self._saved_engine = self.game.engine
        self.game.engine = self
        self._say(texts.guess_intro_text(name, guesser, self.game.side_names),
                  Priority.INTERRUPT)
        self._starting = True
        try:
            self.game.new_game(Mode.COMPUTER, human_color=guesser, profile_key="practice",
                               announce=False, fen=board.fen())
        finally:
            self._starting = False
        self.game.opponent_name = texts.master_name()
        if self.game.board.turn is guesser:
            self._your_turn()

    def leave(self) -> None:
        """Stop guessing (another game or problem begins): the game's engine is given back."""
        self._generation += 1
        self.analyst.cancel()
        if self._saved_engine is not None:
            self.game.engine = self._saved_engine
            self._saved_engine = None
        self.record = None

    def _on_game_event(self, event: object) -> None:
        if isinstance(event, GameStarted) and not self._starting and self.active:
            self.leave()
        elif isinstance(event, GameOver) and self.active and not self.over:
            self._finish()

    # --- the engine port --------------------------------------------------------------------
    def request(self, board: Board, level: int, reply: Callable[[EngineReply], None]) -> None:
        """The other side is to move: score the guess just played (if it was one), then play
        the master's move for the other side."""
        generation = self._generation
        ply = len(board.move_stack)
        if self._replaying or ply == 0 or board.turn is self.guesser:
            self._replaying = False
            self.delay(REPLY_PAUSE, lambda: self._master_reply(generation, ply, reply))
            return
        guess = board.peek()
        assert guess is not None
        before = board.copy()
        before.pop()
        if ply - 1 >= len(self.moves):
            self.game.scheduler.defer(lambda: self._finish())
            return
        master = self.moves[ply - 1]
        if guess == master:
            self.delay(REPLY_PAUSE, lambda: self._scored(
                generation, Guess(GuessKind.RIGHT, guess, master), ply, reply))
            return
        self._say(texts.checking_guess_text(), Priority.READING)
        self.analyst.request(
            before, lambda a: self._scored(generation, score_guess(before, guess, master, a),
                                           ply, reply),
            all_scores=True)

    def cancel(self) -> None:
        self._generation += 1
        self.analyst.cancel()

    def wait(self, timeout: float) -> None:
        return None

    def _master_reply(self, generation: int, ply: int,
                      reply: Callable[[EngineReply], None]) -> None:
        if generation != self._generation:
            return
        if ply >= len(self.moves):
            self._finish()
            return
        reply(EngineReply(self.moves[ply]))
        self._say_verdict()
        if self.game.running and self.game.board.turn is self.guesser:
            if len(self.game.board.move_stack) >= len(self.moves):
                self._finish()
            else:
                self._your_turn()

    def _scored(self, generation: int, guess: Guess, ply: int,
                reply: Callable[[EngineReply], None]) -> None:
        if generation != self._generation:
            return
        self.guesses.append(guess)
        style = self.game.style
        if guess.kind is GuessKind.RIGHT:
            text = texts.guess_right_text(guess.master, style)
        elif guess.kind is GuessKind.CLOSE:
            text = texts.guess_close_text(guess.guess, guess.master, guess.gap, style)
        else:
            text = texts.guess_wrong_text(guess.guess, guess.master, guess.gap,
                                          guess.master_is_best, guess.reason, style)
        self._verdict = text
        self._keep_score(guess)
        for listener in list(self._listeners):
            listener(guess)
        if guess.kind is GuessKind.RIGHT:
            self._master_reply(generation, ply, reply)
            return
        # the master's move replaces the guess; the other side's reply follows it
        self.game.take_back()
        self._replaying = True
        self.game.submit_text(guess.master.pdn())

    def _say_verdict(self) -> None:
        """The last guess's verdict, once, after the other side's move (see the module)."""
        if self._verdict is not None:
            text, self._verdict = self._verdict, None
            self._say(text, Priority.QUEUE)

    def _your_turn(self) -> None:
        self._say(texts.your_move_text(), Priority.QUEUE)

    def _keep_score(self, guess: Guess) -> None:
        if self.problems is None:
            return
        progress = self.problems.progress
        progress.guess_moves += 1
        progress.guess_points += POINTS[guess.kind]
        self.problems.save()

    def _finish(self) -> None:
        if self.over:
            return
        self.over = True
        self._say_verdict()
        self._say(texts.guess_over_text(self.points, len(self.guesses),
                                        self.count(GuessKind.RIGHT), self.count(GuessKind.CLOSE)),
                  Priority.QUEUE)
        if self.problems is not None:
            self.problems.progress.guess_games += 1
            self.problems.save()

    def score_text(self) -> str:
        """The score so far, as said by the "score" command."""
        if not self.active:
            return texts.no_guess_game_text()
        return texts.guess_score_text(self.points, len(self.guesses),
                                      self.count(GuessKind.RIGHT), self.count(GuessKind.CLOSE))

    def _say(self, text: str, priority: Priority) -> None:
        self.announcer.announce(text, priority)
