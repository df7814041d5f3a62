"""A checker removed as a penalty (VA rulebook 3:00 s4) survives a PDN round trip.

PDN has no notation for a removal; the app writes ``[%remove N]`` in the comment after the move it
followed, and the reader takes that piece off before the next move.
"""

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.rules.pdn import Game, apply_removals, read_games, write_game


def _game_with_penalty():
    board = Board()
    board.push_pdn("11-15")
    game = Game.from_board(board)
    game.nodes[-1].comments.append("0:30 Red's time ran out; Black removes 22. [%remove 22]")
    return game


def test_removal_is_applied_when_replaying_the_record():
    """VA rulebook 3:00 s4: the removed checker is gone for the rest of the game."""
    game = _game_with_penalty()
    text = write_game(game)
    # After the removal, 25-22 is legal for Red (the square is empty); without it, it is not.
    text = text.replace(" *", " 25-22 *", 1) if text.rstrip().endswith("*") else text
    parsed = list(read_games(text))
    assert len(parsed) == 1
    assert parsed[0].problems == []
    replayed = parsed[0].game.board()
    assert replayed.piece_at(22) is not None  # the man from 25 now stands there
    assert replayed.piece_at(25) is None
    assert replayed.count(replayed.turn.other)[0] == 11  # Red has lost the removed man


def test_a_removal_marker_naming_an_empty_square_is_reported():
    game = _game_with_penalty()
    game.nodes[-1].comments[-1] = "[%remove 18]"
    parsed = list(read_games(write_game(game)))
    assert parsed[0].problems and "18" in parsed[0].problems[0].reason


def test_apply_removals_changes_nothing_when_one_marker_is_bad():
    board = Board()
    before = board.fen()
    with pytest.raises(ValueError, match="remove 16"):
        apply_removals(board, ["[%remove 22] [%remove 16]"])
    assert board.fen() == before
