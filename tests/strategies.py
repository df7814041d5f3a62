"""Hypothesis strategies shared by the property tests and the fuzz tests: random positions and
random games of English draughts. (``tests/conftest.py`` puts this folder on the import path.)"""

from __future__ import annotations

from hypothesis import strategies as st

from checkers_desktop.rules import BLACK, WHITE, Board, format_fen

# square contents: 0 empty, 1 black man, 2 black king, 3 white man, 4 white king (empty is likelier)
CONTENTS = st.sampled_from([0, 0, 0, 0, 0, 1, 2, 3, 4])


@st.composite
def positions(draw) -> Board:
    cells = draw(st.lists(CONTENTS, min_size=32, max_size=32))
    black: dict[int, bool] = {}
    white: dict[int, bool] = {}
    for sq, c in zip(range(1, 33), cells):
        # at most 12 pieces a side, as a FEN may give (each side starts with 12)
        if c in (1, 2) and len(black) < 12:
            black[sq] = c == 2 or sq >= 29   # a man on 29-32 would be a king
        elif c in (3, 4) and len(white) < 12:
            white[sq] = c == 4 or sq <= 4
    turn = draw(st.sampled_from([BLACK, WHITE]))
    return Board(format_fen(turn, black, white))


@st.composite
def games(draw, max_plies: int = 30, from_start: bool = False) -> Board:
    """A board after random legal moves from the start, or (unless ``from_start``) from a random
    position."""
    board = None if from_start else draw(st.one_of(st.just(None), positions()))
    board = Board() if board is None else board
    for _ in range(draw(st.integers(0, max_plies))):
        moves = board.legal_moves
        if not moves:
            break
        board.push(moves[draw(st.integers(0, len(moves) - 1))])
    return board
