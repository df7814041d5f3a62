"""Draw offers outside a match: a practice game against the computer, or two players at one
keyboard (Game > Offer a draw, Ctrl+Shift+D). In a match the match session runs them instead
(names, record, score sheet).

A draw by agreement is allowed under every rule profile (../shared/RULES.md; WCDF 6.1). The
player to move offers (against the computer: the player at the keyboard); the opponent answers:
at the keyboard, Yes accepts and No plays on; the computer answers by a rule of thumb,
:func:`computer_accepts_draw`. Every ruling goes through ``GameSession.handle_ruling``, which
says it once (a drawn game as its result: "The game is drawn by agreement.").
"""

from __future__ import annotations

from typing import Callable, Optional

from ..rules import Board, Color
from ..rules.profiles import material_totals
from ..rules.rulings import Ruling
from ..texts import event as event_texts
from ..texts import game as game_texts
from .game import GameSession, Mode

__all__ = ["computer_accepts_draw", "offer_draw_in_game"]


def computer_accepts_draw(board: Board, computer: Color) -> bool:
    """True when the computer, playing ``computer``, accepts a draw offered in ``board``'s
    position: when it is not ahead in material (man 1, king 2, as the VA count: VA rulebook
    3:00 s5). A rule of thumb, not a search: a gentle opponent that keeps a won game going."""
    material = material_totals(board)
    return material[computer] <= material[computer.other]


def offer_draw_in_game(game: GameSession, confirm: Callable[[str], bool],
                       ask_answer: Callable[[str], Optional[bool]],
                       say: Callable[[str], None]) -> Optional[Ruling]:
    """Offer a draw in ``game``'s game after ``confirm(question)``;
    the answer comes from ``ask_answer(question)`` (two players; None counts as No) or from
    :func:`computer_accepts_draw`. Returns the last ruling (the answer's), the offer's refusal,
    or None when nothing was done (no game; not confirmed, which is said)."""
    if not game.running:
        say(game_texts.game_not_running_text())
        return None
    vs_computer = game.mode is Mode.COMPUTER
    color = game.human_color if vs_computer else game.board.turn
    sides = game.side_names
    question = (event_texts.computer_draw_offer_question() if vs_computer
                else event_texts.draw_offer_question(sides[color]))
    if not confirm(question):
        say(event_texts.draw_not_offered_text())
        return None
    referee = game.referee
    ruling = referee.offer_draw(color)
    if vs_computer and ruling.ok:  # said to the player as "you", as the computer's answer is
        game.handle_ruling(ruling, say=False)
        say(event_texts.player_draw_offer_text())
    else:
        game.handle_ruling(ruling)  # "Black offers a draw.", or why not
    if not ruling.ok:
        return ruling
    answerer = color.other
    if vs_computer:
        accept = computer_accepts_draw(game.board, answerer)
        say(event_texts.computer_draw_answer_text(accept))
    else:
        accept = bool(ask_answer(event_texts.draw_answer_question(sides[color], sides[answerer])))
    ruling = referee.accept_draw(answerer) if accept else referee.decline_draw(answerer)
    # accepted: the result is said ("The game is drawn by agreement."); declined by the
    # computer: already said
    game.handle_ruling(ruling, say=accept or not vs_computer)
    return ruling
