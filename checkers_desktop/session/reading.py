"""The reading commands: one key (or one spoken command), one question about the game, answered
in a sentence.

Each command is declared once in ``ui/actions.py`` (id, key, accessible name, help text; the Read
menu); this module holds what each one says, as a function of the game (a
:class:`~.game.GameSession`) and the board cursor. The words come from
:mod:`checkers_desktop.texts`; nothing here speaks: the window announces the text with the
READING priority (a new reading replaces the one being said).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..rules import Board, Color
from ..texts import clock as clock_texts
from ..texts import game as game_texts
from ..texts import reading as reading_texts
from ..rules.geometry import SIZE, row_squares, square_at
from .game import GameSession, Mode

__all__ = ["ReadingContext", "READERS", "read", "screen_rows", "screen_cells", "my_color",
           "board_text", "board_text_lines"]


@dataclass(frozen=True)
class ReadingContext:
    """What a reading command reads: the game, the square under the cursor (1-32), whether the
    board is shown turned round (``flipped``: the reading follows the screen) and ``position``:
    an earlier position of the game shown on the board while the moves played are reviewed
    (None: the game's own). The board, the pieces, the counts and the last move are read from
    the position shown, as a sighted player sees them; the turn, the clocks and the legal moves
    are the game's."""

    session: GameSession
    cursor: int
    flipped: bool = False
    position: Optional[Board] = None

    @property
    def shown(self) -> Board:
        """The position on the board: the reviewed one, else the game's."""
        return self.position if self.position is not None else self.session.board


def screen_rows(flipped: bool = False) -> list[list[int]]:
    """The squares as the screen shows them: top row first, each row left to right (the order the
    arrow keys go)."""
    return [list(row_squares(row, flipped)) for row in range(SIZE)]


def screen_cells(flipped: bool = False) -> list[list[Optional[int]]]:
    """The board's 64 cells as the screen shows them: top row first, each row left to right, a
    playing square's number (1-32) or None for an unused (light) square."""
    return [[square_at(row, col, flipped) for col in range(SIZE)] for row in range(SIZE)]


def board_text_lines(session: GameSession, cursor: Optional[int] = None,
                     flipped: bool = False, board: Optional[Board] = None) -> list[str]:
    """The board as eight lines of text (for a braille display), as the screen shows it, with the
    cursor marked (:func:`checkers_desktop.texts.reading.board_text_lines`); ``board``: another
    position to show (a reviewed one) instead of the game's."""
    return reading_texts.board_text_lines(board if board is not None else session.board,
                                          screen_cells(flipped), session.side_names, cursor)


def board_text(ctx: "ReadingContext") -> str:
    """The board as text (eight lines) for the reading key: the lines joined by line breaks."""
    return "\n".join(board_text_lines(ctx.session, ctx.cursor, ctx.flipped, ctx.position))


def my_color(session: GameSession) -> Color:
    """"My" side: the player's against the computer; the side to move for two players."""
    if session.mode is Mode.COMPUTER:
        return session.human_color
    return session.board.turn


def _board(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.read_rows(ctx.shown, screen_rows(ctx.flipped), c.side_names,
                                   c.verbosity)


def _my_pieces(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.list_pieces(ctx.shown, my_color(c), c.side_names)


def _opponent_pieces(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.list_pieces(ctx.shown, my_color(c).other, c.side_names)


def _counts(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.counts_text(ctx.shown, c.side_names, c.verbosity)


def _last_move(ctx: ReadingContext) -> str:
    c = ctx.session
    text = game_texts.last_move_text(ctx.shown, c.side_names, c.style, c.you, c.player_names,
                                     c.opponent_name)
    # a past position is shown: its last move is not the game's, and is said so
    if ctx.position is None:
        return text
    if ctx.position.peek() is None:
        return reading_texts.reviewed_start_text()
    return reading_texts.reviewed_text(text)


def _move_list(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.move_list_text(c.board, c.side_names, c.style, verbosity=c.verbosity,
                                        notes=c.history_notes())  # penalty removals too


def _turn(ctx: ReadingContext) -> str:
    c = ctx.session
    if not c.running:
        return c.result_text or game_texts.no_game_text()
    choosing = c.removal.headline() or c.hold_text()  # a penalty's choice, a game not started
    if choosing:
        return choosing
    text = game_texts.turn_text(c.board, c.side_names, verbosity="full")
    if c.player_names and c.board.turn in c.player_names:
        text = game_texts.named_turn_text(c.player_names[c.board.turn], text)
    return reading_texts.whose_turn_text(
        text, your_turn=c.is_human_turn() if c.mode is Mode.COMPUTER else None,
        thinking=c.thinking, held=c.selected)


def _clocks(ctx: ReadingContext) -> str:
    c = ctx.session
    return clock_texts.clocks_text(c.referee.clock, c.board, c.side_names, c.profile.has_clock,
                                c.profile.title)


def _all_moves(ctx: ReadingContext) -> str:
    """All the legal moves (A, "my moves" by voice). While a penalty's checker is chosen nobody
    moves: what is to be done instead (the penalty's prompt), not moves that cannot be made."""
    c = ctx.session
    if not c.running:
        return reading_texts.game_over_reading_text(c.result_text or "")
    return c.removal.instead_of_moves() or \
        reading_texts.legal_moves_text(c.board, None, c.side_names, c.style)


def _piece_moves(ctx: ReadingContext) -> str:
    """The moves of the piece picked up when there is one, else of the piece under the cursor.
    Picking a piece up moves the cursor to where it can go, an empty square: the piece in hand is
    what the player asks about then, not the square under the cursor. While a penalty's checker
    is chosen, the penalty's prompt (as for all the moves)."""
    c = ctx.session
    pending = c.removal.instead_of_moves() if c.running else None
    if pending:
        return pending
    square = c.selected if c.selected is not None else ctx.cursor
    return reading_texts.legal_moves_text(c.board, square, c.side_names, c.style)


def _captures(ctx: ReadingContext) -> str:
    """The jumps of the side to move and the opponent's threats; while a penalty's checker is
    chosen, the penalty's prompt (the side to move must not jump now)."""
    c = ctx.session
    pending = c.removal.instead_of_moves() if c.running else None
    if pending:
        return pending
    return reading_texts.captures_text(c.board, c.side_names, c.style, c.verbosity)


def _rules(ctx: ReadingContext) -> str:
    c = ctx.session
    return reading_texts.profile_text(c.profile, c.verbosity)


READERS: dict[str, Callable[[ReadingContext], str]] = {
    "read_board": _board,
    "read_my_pieces": _my_pieces,
    "read_opponent_pieces": _opponent_pieces,
    "read_counts": _counts,
    "read_last_move": _last_move,
    "read_move_list": _move_list,
    "read_turn": _turn,
    "read_clocks": _clocks,
    "read_all_moves": _all_moves,
    "read_piece_moves": _piece_moves,
    "read_captures": _captures,
    "read_rules": _rules,
    "say_board_text": board_text,
}
"""What each reading command of the Read menu says (keyed by the action id in actions.py)."""


def read(command_id: str, ctx: ReadingContext) -> str:
    """The text of the reading command ``command_id`` (raises ``KeyError`` quoting an unknown id)."""
    try:
        reader = READERS[command_id]
    except KeyError:
        raise KeyError(f"{command_id!r} is not a reading command") from None
    return reader(ctx)
