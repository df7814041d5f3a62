"""The players' draw actions in a match: a draw offer and its answer (WCDF 6.1; agreement is
allowed under every profile), the "see-saw" repetition pointed out (WCDF 6.4), and the 40-move
count (WCDF 6.2, 6.2a), each said and logged with the players' names and sides.

The referee rules; the game session gets every ruling (its sound, a result that ends the game)
without saying it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..rules import Color
from ..rules.rulings import Ruling, RulingCode, Verdict
from ..speech.announcer import Priority
from ..texts import event as event_texts

if TYPE_CHECKING:  # pragma: no cover
    from .match import MatchSession

__all__ = ["MatchDraws"]


class MatchDraws:
    """The draw actions on ``match`` (a :class:`~.match.MatchSession`). Each raises
    ``MatchSessionError`` when no game is running; refusals are said."""

    def __init__(self, match: "MatchSession") -> None:
        self.match = match

    @property
    def offer(self) -> Optional[Color]:
        """The colour whose draw offer (or pointed-out repetition) awaits an answer, or None."""
        referee = self.match.referee
        return None if referee is None or referee.is_over else referee.draw_offer

    def settle(self, ruling: Ruling) -> Ruling:
        """After a draw action (said and logged with the players' names): a refusal is said; the
        ruling goes to the game session (its sound; a result ends the game; nothing said
        twice)."""
        if ruling.verdict is Verdict.REFUSED:
            self.match.say(ruling.message, Priority.INTERRUPT)
        self.match.host.handle_ruling(ruling, say=False)
        return ruling

    def offer_draw(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: the player to move) offers a draw (WCDF 6.1); the opponent answers
        with :meth:`answer`. Said with both names ("Ann Lee (Black) offers a draw. Bo Diaz (Red),
        do you accept?") and logged."""
        m = self.match
        referee = m.running_referee()
        color = referee.board.turn if color is None else color
        ruling = referee.offer_draw(color)
        if ruling.ok:
            m.log("draw_offer", event_texts.draw_offered_text(m.named(color),
                                                              m.named(color.other)),
                  written=event_texts.draw_offer_logged_text(m.named(color)))
        return self.settle(ruling)

    def answer(self, accept: bool) -> Ruling:
        """The player offered a draw (or shown a repetition) accepts it (the game is drawn) or
        declines it (play goes on; under WCDF rules the offerer may then request the 40-move
        count). Refused, and said, when no offer stands."""
        m = self.match
        referee = m.running_referee()
        offerer = referee.draw_offer
        if offerer is None:
            text = event_texts.no_draw_offer_text()
            m.say(text, Priority.INTERRUPT)
            return Ruling(Verdict.REFUSED, RulingCode.NO_DRAW_OFFER, text)
        answerer = offerer.other
        if accept:
            ruling = referee.accept_draw(answerer)
            if ruling.ok:
                m.log("draw_accepted", event_texts.draw_accepted_text(m.named(answerer)))
        else:
            ruling = referee.decline_draw(answerer)
            if ruling.ok:
                m.log("draw_declined", event_texts.draw_declined_text(m.named(answerer)))
        return self.settle(ruling)

    def point_out_repetition(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: the player to move) points out that the position has stood on the
        board before and suggests a draw (WCDF 6.4); the opponent answers with :meth:`answer`.
        Refused (and said) under rules without it, or with no repetition."""
        m = self.match
        referee = m.running_referee()
        color = referee.board.turn if color is None else color
        ruling = referee.point_out_repetition(color)
        if ruling.ok:
            n = referee.board.repetitions()
            m.log("repetition", event_texts.repetition_text(m.named(color), n,
                                                            m.named(color.other)),
                  written=event_texts.repetition_text(m.named(color), n, "", False))
        return self.settle(ruling)

    def forty_move_requester(self) -> Optional[Color]:
        """Who may request the 40-move count now: the player whose last draw offer was declined
        (WCDF 6.2), or None."""
        referee = self.match.referee
        if referee is None:
            return None
        for entry in reversed(referee.record):
            if entry.kind == "draw_declined" and entry.color is not None:
                return entry.color.other
            if entry.kind == "forty_move_count":
                return None
        return None

    @property
    def forty_move_attacker(self) -> Optional[Color]:
        referee = self.match.referee
        return None if referee is None else referee.forty_move_attacker

    @property
    def forty_move_judgement_due(self) -> bool:
        referee = self.match.referee
        return referee is not None and referee.forty_move_judgement_due

    def request_forty_move_count(self, color: Optional[Color] = None) -> Ruling:
        """``color`` (default: :meth:`forty_move_requester`, else the player to move), whose draw
        offer was declined, requests the 40-move count: the opponent has forty moves to show a
        strengthened position (WCDF 6.2). Refused (and said) under rules without the count."""
        m = self.match
        referee = m.running_referee()
        if color is None:
            color = self.forty_move_requester()
            color = referee.board.turn if color is None else color
        ruling = referee.request_forty_move_count(color)
        if ruling.ok:
            args = (m.named(color), m.named(color.other))
            m.log("forty_move_count", event_texts.forty_requested_text(*args),
                  written=event_texts.forty_requested_text(*args, spoken=False))
        return self.settle(ruling)

    def concede_strengthening(self) -> Ruling:
        """The player who requested the count concedes that the attacker strengthened the
        position: the count starts again (WCDF 6.2a). Refused (and said) with no count running."""
        m = self.match
        referee = m.running_referee()
        attacker = referee.forty_move_attacker
        color = attacker.other if attacker is not None else referee.board.turn
        ruling = referee.concede_strengthening(color)
        if ruling.ok:
            assert attacker is not None  # a count was running
            args = (m.named(color), m.named(attacker))
            m.log("forty_move_restart", event_texts.strengthened_text(*args),
                  written=event_texts.strengthened_text(*args, spoken=False))
        return self.settle(ruling)
