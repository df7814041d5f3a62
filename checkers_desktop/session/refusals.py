"""Why the player's action was refused, in the player's words, worked out from the referee's ruling
(its code, its touch-move result) and the board. The referee's own sentence is for the record;
these are what is said and shown."""

from __future__ import annotations

from typing import Optional

from ..rules import Board, Piece, RulesError
from ..rules.profiles import RefusalRule
from ..rules.rulings import Ruling, RulingCode, Verdict
from ..rules.touch import TouchStatus
from ..texts import game as game_texts
from ..texts import touch as touch_texts
from ..texts.words import SideNames, side_name

__all__ = ["pick_up_refusal", "move_refusal", "with_offence"]

_JUMP_REFUSALS = (RulingCode.JUMP_REQUIRED, RulingCode.JUMP_INCOMPLETE)
_MOVE_REFUSALS = (RulingCode.NOT_A_MOVE, RulingCode.AMBIGUOUS, RulingCode.ILLEGAL_MOVE) + \
    _JUMP_REFUSALS
"""Refusals of a typed move whose words are worked out from the board's own error."""


def pick_up_refusal(ruling: Ruling, board: Board, square: int, piece: Optional[Piece],
                    side_names: SideNames, style: str) -> str:
    """Why the piece on ``square`` (1-32; ``piece`` what stood there) could not be picked up."""
    status = ruling.touch.status if ruling.touch is not None else None
    if status is TouchStatus.EMPTY_SQUARE:
        return game_texts.empty_square_text(square)
    if status is TouchStatus.NOT_YOUR_PIECE and piece is not None:
        return game_texts.not_yours_text(square, side_name(side_names, piece.color))
    if status is TouchStatus.NO_LEGAL_MOVE:
        if board.is_capture_required():
            return game_texts.must_jump_text(tuple(board.legal_moves), style)
        return game_texts.no_move_text(square)
    if status is TouchStatus.MUST_MOVE_HELD and ruling.touch is not None \
            and ruling.touch.held is not None:
        return touch_texts.must_move_held_text(ruling.touch.held)
    return ruling.message


def move_refusal(ruling: Ruling, board: Board, text: str, side_names: SideNames, style: str,
                 refusal: RefusalRule) -> str:
    """Why the move ``text`` (as typed or said) was refused on ``board`` (the position it was
    tried in), under the profile's ``refusal`` rule for a refused jump."""
    if ruling.code is RulingCode.TOUCH_VIOLATION and ruling.touch is not None and \
            ruling.touch.held:
        return touch_texts.must_move_held_text(ruling.touch.held)
    if ruling.code in _MOVE_REFUSALS:
        try:
            board.parse_move(text)
        except RulesError as error:
            words = game_texts.refused_text(error, board, side_names, text=text, style=style)
            if ruling.code is RulingCode.JUMP_INCOMPLETE:
                words = game_texts.jump_incomplete_text(words)
            if ruling.code in _JUMP_REFUSALS and ruling.verdict is Verdict.REFUSED and \
                    refusal is RefusalRule.RETRACT:
                words = game_texts.retracted_text(words)
            return words
    return ruling.message


def with_offence(text: str, ruling: Ruling, side_names: SideNames, refusal: RefusalRule) -> str:
    """``text`` followed by what a counted offence brings: a warning (a reminder under
    Caseville's rules) or the forfeit (WCDF 3.3, 3.4)."""
    if ruling.verdict in (Verdict.WARNING, Verdict.FORFEIT) and ruling.color is not None:
        reminded = refusal is RefusalRule.REMIND_THEN_FORFEIT
        return game_texts.with_offence_text(text, game_texts.offence_text(
            ruling.verdict is Verdict.FORFEIT, ruling.color, side_names, reminded))
    return text
