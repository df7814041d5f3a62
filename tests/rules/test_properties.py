"""Property tests (hypothesis) of the rules core and of PDN records, on random legal positions.

A random position puts men and kings anywhere except a man on its own crowning row (a man there
would have been crowned, VA 3:00 s8). The moves are checked against a small reference generator
written here from the rules of ../shared/RULES.md in row/column terms (independent of the
bitboards): men step and jump forward, kings both ways (VA 3:00 s2-3, s6, s9); a jump series goes on
while it can and stops at crowning (VA 3:00 s3, s9); capture is compulsory (VA 3:00 s6).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import (BLACK, WHITE, AmbiguousMoveError, Board, PieceKind, format_fen,
                                    parse_fen)
from checkers_desktop.rules.pdn import RESULTS, Game, GameNode, read_game, write_game
from strategies import games, positions

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- a reference move generator in row/column terms ---------------------------------------------
def rc(square: int) -> tuple[int, int]:
    """Row 0-7 from Black's side and column 0-7 of a square 1-32 (WCDF board 4 numbering)."""
    row = (square - 1) // 4
    col = 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)
    return row, col


SQUARE_AT = {rc(s): s for s in range(1, 33)}


def reference_moves(board: Board) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    me = board.turn
    pieces = {s: board.piece_at(s) for s in range(1, 33)}
    forward = 1 if me is BLACK else -1
    crown_row = 7 if me is BLACK else 0

    def dirs(king: bool):
        rows = (1, -1) if king else (forward,)
        return [(dr, dc) for dr in rows for dc in (1, -1)]

    jumps = set()

    def extend(start, sq, king, path, caps):
        r, c = rc(sq)
        went_on = False
        for dr, dc in dirs(king):
            mid = SQUARE_AT.get((r + dr, c + dc))
            land = SQUARE_AT.get((r + 2 * dr, c + 2 * dc))
            if mid is None or land is None or mid in caps:
                continue
            p = pieces[mid]
            if p is None or p.color is me:
                continue
            if pieces[land] is not None and land != start:
                continue
            went_on = True
            if not king and rc(land)[0] == crown_row:
                jumps.add((path + (land,), caps + (mid,)))   # crowning ends the move
            else:
                extend(start, land, king, path + (land,), caps + (mid,))
        if not went_on and caps:
            jumps.add((path, caps))

    for sq, p in pieces.items():
        if p is not None and p.color is me:
            extend(sq, sq, p.is_king, (sq,), ())
    if jumps:
        return jumps
    steps = set()
    for sq, p in pieces.items():
        if p is not None and p.color is me:
            r, c = rc(sq)
            for dr, dc in dirs(p.is_king):
                to = SQUARE_AT.get((r + dr, c + dc))
                if to is not None and pieces[to] is None:
                    steps.add(((sq, to), ()))
    return steps


# --- properties ---------------------------------------------------------------------------------
@SETTINGS
@given(positions())
def test_legal_moves_match_the_reference_generator(board):
    assert {(m.path, m.captures) for m in board.legal_moves} == reference_moves(board)


@SETTINGS
@given(games())
def test_captures_are_forced(board):
    """VA 3:00 s6, WCDF play 7: if any capture exists, every legal move is a capture."""
    moves = board.legal_moves
    capture_exists = any(m.is_capture for m in moves)
    assert board.is_capture_required() == capture_exists
    if capture_exists:
        assert all(m.is_capture for m in moves)


@SETTINGS
@given(games(max_plies=8), st.data())
def test_push_pop_restores_the_position(board, data):
    before = (board.fen(), board.key(), board.ply, board.quiet_plies, board.move_stack)
    pushed = 0
    for _ in range(data.draw(st.integers(1, 6))):
        moves = board.legal_moves
        if not moves:
            break
        board.push(data.draw(st.sampled_from(moves)))
        pushed += 1
    for _ in range(pushed):
        board.pop()
    assert (board.fen(), board.key(), board.ply, board.quiet_plies, board.move_stack) == before


@SETTINGS
@given(positions())
def test_fen_round_trip(board):
    fen = board.fen()
    again = Board(fen)
    assert again.fen() == fen and again.key() == board.key()
    pos = parse_fen(fen)
    assert format_fen(pos.turn, pos.black, pos.white) == fen


@SETTINGS
@given(games(max_plies=10))
def test_every_legal_move_leaves_a_valid_position(board):
    """No two pieces on a square, no man on its own crowning row, the mover keeps its pieces and
    the opponent loses exactly the pieces jumped; counts never rise."""
    for move in board.legal_moves:
        mover = board.turn
        before_me = sum(board.count(mover))
        before_them = sum(board.count(mover.other))
        board.push(move)
        assert board.black_bb & board.white_bb == 0
        assert not set(board.squares(BLACK, PieceKind.MAN)) & {29, 30, 31, 32}
        assert not set(board.squares(WHITE, PieceKind.MAN)) & {1, 2, 3, 4}
        assert sum(board.count(mover)) == before_me
        assert sum(board.count(mover.other)) == before_them - len(move.captures)
        assert board.turn is mover.other
        assert Board(board.fen()).key() == board.key()   # the FEN reader accepts it
        board.pop()


COMMENT = st.text(st.characters(whitelist_categories=("L", "N"), whitelist_characters=" .,'\"!?-"),
                  min_size=1, max_size=20).map(str.strip).filter(bool)
NAG = st.sampled_from(["$1", "$2", "$14", "!", "?", "!!", "??", "!?", "?!"])
TAG_NAME = st.sampled_from(["Event", "Site", "Date", "Round", "Black", "White", "Annotator"])
TAG_VALUE = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)


@SETTINGS
@given(games(), st.data())
def test_pdn_write_then_read_gives_the_game_back(board, data):
    root = board.root()
    tags = data.draw(st.dictionaries(TAG_NAME, TAG_VALUE, max_size=4))
    if root.fen() != Board().fen():
        tags["FEN"] = root.fen()
    game = Game(tags, [], data.draw(st.sampled_from(RESULTS)),
                data.draw(st.lists(COMMENT, max_size=1)))
    for move in board.move_stack:
        game.nodes.append(GameNode(move, move.pdn(), data.draw(st.lists(NAG, max_size=1)),
                                   data.draw(st.lists(COMMENT, max_size=2))))
    again = read_game(write_game(game))
    assert again == game
    assert again.tags == game.tags and again.moves == board.move_stack
    assert again.comments == game.comments and again.result == game.result
    assert again.board().key() == board.key()


@SETTINGS
@given(games(max_plies=12))
def test_short_form_of_each_move_reads_back_or_is_ambiguous(board):
    """The whole path always reads back as the move; the short form ("26x10") reads back as the move
    or raises AmbiguousMoveError listing it among moves with the same ends."""
    for move in board.legal_moves:
        assert board.parse_move(move.pdn()) == move
        try:
            assert board.parse_move(move.short_pdn()) == move
        except AmbiguousMoveError as exc:
            assert move in exc.candidates and len(exc.candidates) > 1
            assert {(m.from_square, m.to_square) for m in exc.candidates} == {
                (move.from_square, move.to_square)}


def test_reference_geometry():
    """Square 1 touches 5 and 6, square 5 touches 1 and 9, square 4 touches 8 (standard board)."""
    def near(s):
        r, c = rc(s)
        return {SQUARE_AT[(r + dr, c + dc)] for dr in (1, -1) for dc in (1, -1)
                if (r + dr, c + dc) in SQUARE_AT}

    assert near(1) == {5, 6} and near(5) == {1, 9} and near(4) == {8}
    assert near(14) == {9, 10, 17, 18} and near(32) == {27, 28}
