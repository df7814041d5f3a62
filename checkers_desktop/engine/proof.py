"""What a position is worth with perfect play, as far as the engine can prove it in a given time.

Composed problems ("Black to play and win") are checked with this: the endgame database gives
the exact value of every position of at most its number of pieces (a win, a loss or a draw), and
beyond it a timed search proves a win or a loss when the won line ends within its depth (every
move searched, so a forced win's score is a proof: :data:`~.search.WIN_BOUND`). A draw beyond the
database cannot be proven by a search: it stays :attr:`Outcome.UNKNOWN`.

The values are from the side to move's view. Pure Python, no Qt; call from a worker thread.
"""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass, field
from typing import Optional

from checkers_desktop.rules import BLACK, Board, Move

from . import endgame as _endgame
from .pool import borrowed_searcher
from .params import WIN_BOUND

__all__ = ["Outcome", "Analysis", "analyse", "database_outcome"]


class Outcome(enum.Enum):
    """The value of a position for the side to move."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    UNKNOWN = "unknown"
    """Neither proven: a draw beyond the database, or a line longer than the search reached."""

    @property
    def reversed(self) -> "Outcome":
        """The same value seen by the other side."""
        return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(self, self)


@dataclass(frozen=True)
class Analysis:
    """One position's value and the engine's line.

    ``outcome``: for the side to move. ``exact``: read from the endgame database (a draw is only
    ever exact). ``move``: the engine's best move (the quickest win, the longest defence; None when
    the side to move has no move). ``pv``: the expected line, starting with ``move``. ``score``:
    hundredths of a man for the side to move. ``depth`` (plies), ``nodes`` and ``seconds``: what
    the search spent. ``scores``: each legal move's score (hundredths of a man, the mover's view)
    when asked for with ``all_scores``, else empty.
    """

    outcome: Outcome
    exact: bool
    move: Optional[Move]
    pv: tuple[Move, ...] = ()
    score: int = 0
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    scores: tuple[tuple[Move, int], ...] = field(default=())

    @property
    def proven(self) -> bool:
        """A win, a loss or a draw that holds against any play."""
        return self.outcome is not Outcome.UNKNOWN


def _view(board: Board) -> tuple[int, int, int, bool]:
    black = board.turn is BLACK
    my, opp = (board.black_bb, board.white_bb) if black else (board.white_bb, board.black_bb)
    return my, opp, board.kings_bb, black


def database_outcome(board: Board, table: Optional[_endgame.EndgameTable] = None
                     ) -> Optional[Outcome]:
    """The endgame database's exact value of ``board`` for the side to move (``table``, default
    the installed one), or None when there is no table or the position has more pieces than it.
    A side with no piece or no move has lost."""
    if not board.legal_moves:
        return Outcome.LOSS
    table = _endgame.installed_table() if table is None else table
    if table is None:
        return None
    my, opp, kings, black = _view(board)
    if not opp:
        return Outcome.WIN
    if (my | opp).bit_count() > table.pieces:
        return None
    value = table.probe(my, opp, kings, black)
    return Outcome.WIN if value > 0 else Outcome.LOSS if value < 0 else Outcome.DRAW


def analyse(board: Board, seconds: float = 2.0, stop: Optional[threading.Event] = None, *,
            all_scores: bool = False,
            table: Optional[_endgame.EndgameTable] = None) -> Analysis:
    """The value of ``board`` for the side to move and the engine's line, searching at most
    ``seconds`` (less once the value is proven). ``stop``: an Event that ends the search early
    (what was proven by then is returned). ``all_scores``: score every legal move (slower; the
    "guess the move" comparison). ``table``: an endgame database (default: the installed one).
    """
    if not board.legal_moves:
        return Analysis(Outcome.LOSS, True, None)
    exact = database_outcome(board, table)
    with borrowed_searcher() as searcher:
        saved = searcher.endgame
        if table is not None:
            searcher.endgame = table
        try:
            result = searcher.search(board, time_limit=seconds, stop=stop,
                                     all_scores=all_scores)
        finally:
            searcher.endgame = saved
    if exact is not None:
        outcome = exact
    elif result.score > WIN_BOUND:
        outcome = Outcome.WIN
    elif result.score < -WIN_BOUND:
        outcome = Outcome.LOSS
    else:
        outcome = Outcome.UNKNOWN
    return Analysis(outcome, exact is not None, result.move, tuple(result.pv), result.score,
                    result.depth, result.nodes, result.seconds,
                    tuple(result.root_scores) if all_scores else ())
