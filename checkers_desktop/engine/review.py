"""After a game: which of the player's moves changed the result. Pure Python, no Qt.

:func:`review_game` replays a finished game from its first position and, at each move of the
player's side, searches the position briefly (a fixed small depth, capped in seconds) scoring every
legal move exactly (``Searcher.search(all_scores=True)``). A move is reported when the search
scores it about a man (:data:`THRESHOLD`, hundredths of a man) or more below the best move there,
when it let a won game slip, or when it turned a game that was not lost into a lost one, and the
strongest search, given as long as a hint, agrees (:data:`CONFIRM_SECONDS`). The
material consequence is counted along the lines the engine expects after the played move and after
the better one (``hint.material_along``).

Scores are hundredths of a man from the mover's view (man 100, king 140; see ``evaluate``). The
search is short, so a finding means "the engine, looking a few moves ahead, saw this"; a quiet
positional slip below a man is not reported, on purpose: the review is for the moves a player can
learn from.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Optional, Sequence

from checkers_desktop.rules import Board, Color, Move, move_number

from .evaluate import MAN
from .hint import material_along
from .pool import borrowed_searcher
from .params import WIN_BOUND
from .search import Searcher

THRESHOLD = MAN * 4 // 5
"""A move is reported when it scores this many hundredths of a man (or more) below the best:
"about a man"."""

DECISIVE = 3 * MAN
"""A lead this large (hundredths of a man: three men) decides the game: a move that keeps it, or
a move in a position already this far behind, did not change the result, even when another
move scored higher ("lost a man" said of a move that left the player five men up taught
nothing)."""

REVIEW_DEPTH = 6
"""Plies searched at each of the player's positions."""

REVIEW_SECONDS = 0.3
"""The most a position's search may take, seconds (the depth is cut short beyond it)."""

CONFIRM_SECONDS = 1.0
"""Each move the short search would report is searched again by the strongest search, as long
as a hint searches (1 s, ``ui/practice.HINT_SECONDS``), scoring every move of the position in one
search (the move it scores highest is the better one). The move is reported only when that search
agrees it changed the result. Without this, the review blamed moves the hint had just recommended: in a
won game at level 1, "five jumps fourteen lost two men" after the hint had said "five jumps
fourteen. Wins the game." (the short search saw 557 against 268: two winning moves)."""

LOST_MATERIAL = "lost_material"
THREW_AWAY_WIN = "threw_away_win"
LOST_GAME = "lost_game"
LOST_GROUND = "lost_ground"


@dataclass(frozen=True)
class Finding:
    """One move that changed the result.

    ``ply``: index of the move in the game's move list (0 = the first move played).
    ``move_number``: the move's number as a score sheet counts (Black's move and the reply share a
    number; 1 = the first). ``color``: the side that played it. ``move``: the move played;
    ``better``: the engine's choice in that position. ``best_score``/``played_score``: the
    search's scores of the two moves, hundredths of a man from the mover's view. ``men_lost``:
    pieces lost by the played move compared with the better one, counted along the expected lines
    (0 when the loss is in position or a king rather than a piece). ``kind``: one of
    ``"lost_material"``, ``"threw_away_win"``, ``"lost_game"``, ``"lost_ground"`` (about a man's
    worth of position, no piece lost). The sentence to say is made by
    ``checkers_desktop.speech.messages.review_text``: the engine knows no words.
    """

    ply: int
    move_number: int
    color: Color
    move: Move
    better: Move
    best_score: int
    played_score: int
    men_lost: int
    kind: str

    @property
    def score_drop(self) -> int:
        """How much worse the played move scored than the better one, hundredths of a man."""
        return self.best_score - self.played_score


def review_game(board: Board, color: Color, *, depth: int = REVIEW_DEPTH,
                time_limit: Optional[float] = REVIEW_SECONDS,
                stop: Optional[threading.Event] = None, threshold: int = THRESHOLD,
                confirm_seconds: float = CONFIRM_SECONDS) -> list[Finding]:
    """The moves of ``color`` in the game on ``board`` that changed the result, in game order.

    ``board``: the game (its ``move_stack`` from ``board.root()``; it is not changed).
    ``depth``: plies searched at each position of ``color`` (about ``depth`` x 2-30 ms each);
    ``time_limit``: seconds, the most each position's search may take (None: no cap).
    ``stop``: a ``threading.Event``; once set the review returns what it found so far.
    ``threshold``: hundredths of a man (default :data:`THRESHOLD`). ``confirm_seconds``: the
    strongest search's time for each move the short search would report (see
    :data:`CONFIRM_SECONDS`; 0 reports the short search's findings as they are). Run it off
    the GUI thread: a 40-move game takes a few seconds, and up to two seconds more for each
    move reported.
    """
    position = board.root()
    moves = list(board.move_stack)
    root_turn = position.turn
    findings: list[Finding] = []
    for ply, played in enumerate(moves):
        if stop is not None and stop.is_set():
            break
        if position.turn is color and len(position.legal_moves) > 1:
            finding = _judge(position, played, ply, move_number(root_turn, ply), depth,
                             time_limit, stop, threshold, confirm_seconds)
            if finding is not None:
                findings.append(finding)
        position.push(played)
    return findings


def _kind(best: int, mine: int, threshold: int) -> Optional[str]:
    """What the played move (scored ``mine``) did against the best (``best``), or None when it
    did not change the result (hundredths of a man, the mover's view)."""
    win_before, loss_before = best > WIN_BOUND, best < -WIN_BOUND
    win_after, loss_after = mine > WIN_BOUND, mine < -WIN_BOUND
    if mine >= DECISIVE or best <= -DECISIVE:
        return None  # still far ahead, or far behind whatever was played
    if win_before and not win_after:
        return THREW_AWAY_WIN
    if loss_after and not loss_before:
        return LOST_GAME
    if loss_before or win_after:
        return None  # lost anyway, or still winning: nothing changed the result
    if best - mine >= threshold:
        return LOST_GROUND
    return None


def _confirm(position: Board, played: Move, seconds: float, stop: Optional[threading.Event]
             ) -> Optional[tuple[Move, int, int, list[Move]]]:
    """(the better move, its score, the played move's score, the better line) by the strongest
    search, ``seconds`` long, scoring every move of the position in the same search (so that a
    win found for one move and not yet for another is not read as a difference); None when it
    scores the played move as high as any, or was stopped."""
    with borrowed_searcher() as searcher:
        top = searcher.search(position, time_limit=seconds, stop=stop, all_scores=True)
    if stop is not None and stop.is_set():
        return None
    scores = dict(top.root_scores)
    if top.move is None or played not in scores:
        return None
    better = max(scores, key=lambda m: scores[m])
    if better == played or scores[played] >= scores[better]:
        return None
    return better, scores[better], scores[played], top.pv if top.move == better else [better]


def _judge(position: Board, played: Move, ply: int, number: int, depth: int,
           time_limit: Optional[float], stop: Optional[threading.Event], threshold: int,
           confirm_seconds: float = CONFIRM_SECONDS) -> Optional[Finding]:
    result = Searcher().search(position, depth=depth, time_limit=time_limit, stop=stop,
                               all_scores=True)
    if stop is not None and stop.is_set():
        return None
    scores = dict(result.root_scores)
    if result.move is None or played not in scores or not scores:
        return None
    best_move = max(scores, key=lambda m: scores[m])
    best, mine = scores[best_move], scores[played]
    if best_move == played or best - mine <= 0:
        return None
    kind = _kind(best, mine, threshold)
    pv = result.pv
    if kind is not None and confirm_seconds > 0:
        confirmed = _confirm(position, played, confirm_seconds, stop)
        if confirmed is None:
            return None
        best_move, best, mine, pv = confirmed
        kind = _kind(best, mine, threshold)
    if kind is None:
        return None
    men_lost = _men_lost(position, played, best_move, pv, depth, time_limit, stop)
    if kind == LOST_GROUND and men_lost > 0:
        kind = LOST_MATERIAL
    return Finding(ply, number, position.turn, played, best_move, best, mine, max(0, men_lost),
                   kind)


def _men_lost(position: Board, played: Move, better: Move, best_pv: Sequence[Move], depth: int,
              time_limit: Optional[float], stop: Optional[threading.Event]) -> int:
    """Pieces the played move loses against the better one, along the lines the engine expects."""
    # both lines as far as the short search looks (a long line of the strongest search would
    # blame the move for what happens many moves later)
    best_line = list(best_pv)[:depth] if best_pv and best_pv[0] == better else [better]
    if len(best_line) == 1:
        after_best = position.copy()
        after_best.push(better)
        reply = Searcher().search(after_best, depth=max(1, depth - 1), time_limit=time_limit,
                                  stop=stop)
        best_line += reply.pv
    after = position.copy()
    after.push(played)
    reply = Searcher().search(after, depth=max(1, depth - 1), time_limit=time_limit, stop=stop)
    played_line = [played] + list(reply.pv)
    gained_best, _, _ = material_along(position, best_line)
    gained_played, _, _ = material_along(position, played_line)
    return gained_best - gained_played
