"""The rules of English draughts on :class:`Board`, one test per rule, positions given as FEN.

Sources (../shared/seeds): the VA National Veterans Golden Age Games rulebook ("VA 3:00 s6" = Rule
3:00 Section 6) and the WCDF rules of play (cited by part and item: "WCDF play 7" = the seventh
item of the part on playing, "WCDF win 2" = the second item of the part on winning).

Square geometry used to derive the expected moves by hand: rows 1-4, 5-8, ... 29-32 from Black's
side; on rows 1-4, 9-12, 17-20, 25-28 square s touches s+4 and s+5 going up (s+4 only at the right
edge, 4, 12, 20, 28); on the other rows s touches s+3 and s+4 (s+4 only at the left edge, 5, 13, 21,
29). Black's men move up (towards 32), White's men down.
"""

from __future__ import annotations

import pytest

from checkers_desktop.rules import (BLACK, STARTING_FEN, WHITE, AmbiguousMoveError, Board,
                                    IllegalMoveError, InvalidMoveError, Move, Piece, PieceKind)


def paths(board: Board) -> set[tuple[int, ...]]:
    return {m.path for m in board.legal_moves}


# --- moving -------------------------------------------------------------------------------------
def test_start_position_has_the_seven_opening_moves():
    """VA 3:00 s1-2: Black moves first, one square diagonally forward. Men on 9-12 can step to
    13-16 (12 only to 16): 9-13 9-14 10-14 10-15 11-15 11-16 12-16."""
    board = Board()
    assert board.turn is BLACK
    assert paths(board) == {(9, 13), (9, 14), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)}


def test_black_man_steps_forward_only():
    """VA 3:00 s2: "A single piece may move only forward". Black's man on 14 goes to 17 or 18,
    never back to 9 or 10."""
    assert paths(Board("B:W32:B14")) == {(14, 17), (14, 18)}


def test_white_man_steps_forward_only_towards_square_1():
    """VA 3:00 s2; WCDF play 4: White's man on 14 moves towards its crowning row (9 or 10)."""
    assert paths(Board("W:W14:B5")) == {(14, 9), (14, 10)}


def test_king_steps_both_ways():
    """VA 3:00 s9, WCDF play 10: a king moves diagonally forward or backward."""
    assert paths(Board("B:W32:BK14")) == {(14, 9), (14, 10), (14, 17), (14, 18)}


# --- jumping ------------------------------------------------------------------------------------
def test_capture_is_forced():
    """VA 3:00 s6, WCDF play 7: a jump must be made in preference to a simple move. Black's man on
    14 can jump 18 (to 23), so 9-13 or 9-14 are not allowed."""
    board = Board("B:W18:B9,14")
    assert paths(board) == {(14, 23)}
    assert board.is_capture_required()
    with pytest.raises(IllegalMoveError) as info:
        board.parse_move("9-13")
    assert "'9-13'" in str(info.value)
    assert {m.path for m in info.value.required_captures} == {(14, 23)}


def test_player_chooses_among_captures_not_the_longest():
    """VA 3:00 s7, WCDF play 7 ("he is not required to jump capturing the most pieces"): 6 can
    jump 10 and then 19 (to 24) or 18 (to 22); 14 can jump 18 alone. All three are legal."""
    board = Board("B:W10,18,19:B6,14")
    assert paths(board) == {(6, 15, 24), (6, 15, 22), (14, 23)}
    board.push(Move((14, 23), (18,)))
    assert board.piece_at(18) is None and board.piece_at(10) is not None


def test_multi_jump_must_be_completed():
    """VA 3:00 s3 ("it must do so in the same turn"), WCDF play 7: stopping at 15 after jumping 10
    is not a move when 15 can jump on."""
    board = Board("B:W10,19:B6")
    assert paths(board) == {(6, 15, 24)}
    with pytest.raises(IllegalMoveError):
        board.parse_move("6x15")
    with pytest.raises(IllegalMoveError):
        board.push(Move((6, 15), (10,)))
    assert board.fen() == Board("B:W10,19:B6").fen()


def test_man_does_not_jump_backwards():
    """VA 3:00 s3: "A single playing piece captures only forward" (WCDF play 5). Black's man on 23
    with White's man behind it on 18 can only step forward."""
    assert paths(Board("B:W18:B23")) == {(23, 26), (23, 27)}


def test_king_jumps_backwards():
    """VA 3:00 s6: "A king may capture forward or backward" (WCDF play 11)."""
    board = Board("B:W18:BK23")
    assert [(m.path, m.captures) for m in board.legal_moves] == [((23, 14), (18,))]


def test_crowning_ends_the_move_even_in_a_jump_series():
    """VA 3:00 s9 ("The crown is the end of the move"), WCDF play 8: the man jumping into 31 stops
    there although as a king it could jump 27 next."""
    board = Board("B:W26,27:B22")
    assert paths(board) == {(22, 31)}
    with pytest.raises(IllegalMoveError):
        board.parse_move("22x31x24")
    assert board.is_crowning(board.parse_move("22x31"))
    move = board.push_pdn("22x31")
    assert move.captures == (26,)
    assert board.piece_at(31) == Piece(BLACK, PieceKind.KING)
    assert board.piece_at(27) == Piece(WHITE, PieceKind.MAN)
    assert board.turn is WHITE


def test_king_jumping_through_the_crown_row_goes_on():
    """WCDF play 12: "the King does not pause for a turn at the King-row"."""
    assert paths(Board("B:W26,27:BK22")) == {(22, 31, 24)}


def test_white_man_is_crowned_on_squares_1_to_4():
    """VA 3:00 s8: a man reaching the last rank is crowned (White's far row is 1-4)."""
    board = Board("W:W10:B6,20")
    assert board.is_crowning(board.parse_move("10x1"))
    board.push_pdn("10x1")
    assert board.piece_at(1) == Piece(WHITE, PieceKind.KING)


# --- end of game --------------------------------------------------------------------------------
def test_player_without_pieces_loses():
    """VA 2:00 s1, WCDF win 2: a competitor who has lost all pieces cannot move and loses."""
    board = Board("W:W:B1")
    outcome = board.outcome()
    assert board.is_game_over()
    assert outcome is not None and outcome.winner is BLACK
    assert outcome.result() == "1-0"


def test_player_whose_pieces_are_all_blocked_loses():
    """VA 2:00 s2, WCDF win 2: White's only man (5) can go only to 1, where Black stands, and
    cannot jump off the board: White loses."""
    board = Board("W:W5:B1")
    assert board.legal_moves == []
    assert board.outcome().winner is BLACK


def test_black_blocked_loses_and_white_wins():
    """VA 2:00 s2: Black's man on 28 (right edge) can only go to 32, held by a White king."""
    board = Board("B:WK32:B28")
    assert board.outcome().winner is WHITE
    assert board.outcome().result() == "0-1"


def test_game_goes_on_while_the_side_to_move_can_move():
    """VA 2:00: the game is won only when the opponent can make no move."""
    assert Board().outcome() is None and not Board().is_game_over()


# --- push and pop -------------------------------------------------------------------------------
def test_push_then_pop_restores_the_position_and_history():
    """Taking back a move restores everything (VA 3:00 s6A: an illegal move "will be replaced";
    also undo in practice games)."""
    board = Board("B:W10,19,27:B6,K20")
    before = (board.fen(), board.turn, board.ply, board.quiet_plies)
    move = board.legal_moves[0]
    board.push(move)
    assert board.peek() == move and board.ply == 1 and board.turn is WHITE
    assert board.pop() == move
    assert (board.fen(), board.turn, board.ply, board.quiet_plies) == before
    assert board.peek() is None


def test_pop_without_moves_raises_index_error():
    """Nothing to retract (VA 3:00 s6A) is an IndexError, as for an empty list."""
    with pytest.raises(IndexError):
        Board().pop()


def test_illegal_push_changes_nothing():
    """VA 3:00 s1 (moves alternate, Black first): moving White's man on Black's turn is refused with
    a ValueError subclass quoting the move, and changes nothing."""
    board = Board()
    with pytest.raises(IllegalMoveError) as info:
        board.push(Move((21, 17)))  # White's man, but Black is to move
    assert "'21-17'" in str(info.value)
    assert board.fen() == STARTING_FEN and board.ply == 0


def test_root_is_the_position_before_the_first_move():
    """The score sheet (VA rulebook, equipment) starts from the position before the first move."""
    board = Board()
    for text in ("11-15", "23-19", "8-11"):
        board.push_pdn(text)
    assert board.root().fen() == STARTING_FEN
    assert [m.pdn() for m in board.move_stack] == ["11-15", "23-19", "8-11"]


# --- reading moves ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["11-15", "11 15", "11x15", " 11-15 "])
def test_parse_plain_move_forms(text):
    """WCDF board 4: the square numbers are the notation. Real records write plain moves with "x"
    too (../shared/pdn/README.md); typed moves may use a space."""
    assert Board().parse_move(text) == Move((11, 15))


def test_parse_single_jump():
    """WCDF board 4 numbering: 22x15 is White's man on 22 jumping Black's man on 18."""
    assert Board("W:W22:B18").parse_move("22x15") == Move((22, 15), (18,))


@pytest.mark.parametrize("text", ["26x17x10", "26x10", "26-17-10"])
def test_parse_double_jump_whole_path_or_short(text):
    """WCDF board 4 numbering: 26x17x10 jumps 22 then 14; "26x10" is the short form printed games
    use (VA 3:00 s3: a series of jumps is one move)."""
    assert Board("W:W26:B22,14").parse_move(text) == Move((26, 17, 10), (22, 14))


def test_invalid_move_error_quotes_the_input():
    """WCDF board 4: squares are numbered 1-32; anything else is not a move."""
    for text in ("eleven", "11-", "40-45", "", "11-15-"):
        with pytest.raises(InvalidMoveError) as info:
            Board().parse_move(text)
        assert repr(text) in str(info.value)


def test_illegal_move_names_the_move():
    """VA 3:00 s2: a man moves to an adjacent square; 11-17 is refused naming the move."""
    with pytest.raises(IllegalMoveError) as info:
        Board().parse_move("11-17")
    assert "'11-17'" in str(info.value)
    assert info.value.required_captures == ()


def test_ambiguous_short_capture_lists_candidates():
    """A short capture is ambiguous when two paths join its ends (tricks_traps_and_shots.pdn has
    "10x26"): 10 can jump 14 then 22, or 15 then 23, both ending on 26."""
    board = Board("B:W14,15,22,23:B10")
    with pytest.raises(AmbiguousMoveError) as info:
        board.parse_move("10x26")
    assert "'10x26'" in str(info.value)
    assert {m.path for m in info.value.candidates} == {(10, 17, 26), (10, 19, 26)}
    assert board.parse_move("10x17x26").captures == (14, 22)


def test_every_error_is_a_value_error():
    """Bad input of every kind is a ValueError subclass, so callers catch one type."""
    for exc in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(exc, ValueError)
