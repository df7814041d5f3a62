"""A hint for the player: the move the engine suggests and a short reason in words.

The reason comes from what the search saw: a forced move, a won game, and otherwise the change of
material along the principal variation (the line the engine expects), counted when that line ends
and said only when the search's score agrees with it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Optional, Sequence

from checkers_desktop.rules import Board, Move

from .evaluate import MAN
from .pool import borrowed_searcher
from .search import SearchResult

_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Hint:
    """``move``: the suggested move; ``reason``: a short phrase to say after it ("wins a man").

    ``score`` is hundredths of a man for the player to move; ``pv`` the expected line.
    """

    move: Move
    reason: str
    score: int = 0
    pv: tuple[Move, ...] = field(default=())


def _men_phrase(n: int) -> str:
    word = _COUNT_WORDS.get(n, str(n))
    return f"{word} man" if n == 1 else f"{word} men"


def material_along(board: Board, pv: Sequence[Move]) -> tuple[int, int, bool]:
    """Play ``pv`` on a copy of ``board`` (stopping at the first move that is not legal) and return
    ``(pieces gained, kings gained, crowned)`` for the side to move: the change of its piece count
    minus the opponent's, the same for kings, and whether the first move crowns a man."""
    me = board.turn
    b = board.copy(stack=False)
    men0, kings0 = b.count(me)
    omen0, okings0 = b.count(me.other)
    crowned = bool(pv) and board.is_crowning(pv[0])
    for move in pv:
        try:
            b.push(move)
        except ValueError:
            break
    men1, kings1 = b.count(me)
    omen1, okings1 = b.count(me.other)
    pieces = (men1 + kings1 - men0 - kings0) - (omen1 + okings1 - omen0 - okings0)
    kings = (kings1 - kings0) - (okings1 - okings0)
    return pieces, kings, crowned


def _given_up_first(board: Board, pv: Sequence[Move]) -> str:
    """"a king", "a man", "two men", "pieces": what the line's first reply takes from the mover,
    or "" when it takes nothing. A winning move that lets a piece be taken at once is said so:
    a player told only "wins the game" who then sees the piece taken would think the hint
    wrong."""
    if len(pv) < 2 or not pv[1].is_capture:
        return ""
    b = board.copy(stack=False)
    try:
        b.push(pv[0])
    except ValueError:
        return ""
    taken = [b.piece_at(square) for square in pv[1].captures]
    kings = sum(1 for piece in taken if piece is not None and piece.is_king)
    men = len(taken) - kings
    if kings and men:
        return "pieces"
    if kings:
        return "a king" if kings == 1 else f"{_COUNT_WORDS.get(kings, kings)} kings"
    return _men_phrase(men)


def reason_for(board: Board, result: SearchResult) -> str:
    """The short reason for ``result.move`` in ``board`` (see the module docstring)."""
    legal = board.legal_moves
    move = result.move
    if move is None:  # no move to give a reason for (the game is over)
        return ""
    if len(legal) == 1:
        return "this jump is forced" if move.is_capture else "it is the only move"
    if result.is_win:
        given = _given_up_first(board, result.pv)
        return f"gives up {given} first, then wins the game" if given else "wins the game"
    if result.is_loss:
        return "every move loses; this one holds out longest"
    pieces, kings, crowned = material_along(board, result.pv)
    # The line's tail is the table's guess, not searched to the end: a gain or loss it shows is
    # said only when the search's score agrees (half a man either way).
    if pieces > 0 and result.score < MAN // 2 or pieces < 0 and result.score > -MAN // 2:
        pieces = 0
    if pieces > 0:
        return "wins " + _men_phrase(pieces)
    if crowned:
        return "crowns a king"
    if pieces < 0:
        return "loses " + _men_phrase(-pieces) + ", the least of the choices"
    if kings > 0:
        # not "heads for a king": said of a king's own move, that sounds like crowning it
        return "leads to a new king"
    if move.is_capture:
        return "an even exchange"
    return "keeps the material even"


def hint(board: Board, time_limit: float = 1.0, stop: Optional[threading.Event] = None
         ) -> Optional[Hint]:
    """The engine's suggestion for the side to move after searching ``time_limit`` seconds.

    Returns None when the side to move has no legal move. Run it off the GUI thread.
    """
    with borrowed_searcher() as searcher:
        result = searcher.search(board, time_limit=time_limit, stop=stop)
    if result.move is None:
        return None
    return Hint(result.move, reason_for(board, result), result.score, tuple(result.pv))
