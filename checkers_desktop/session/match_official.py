"""The official's actions in a match: pause and restart the clocks, a stalling warning and penalty
(VA rulebook 3:00 s4-VI), adjudication (3:00 s5), a declared draw (4:00 s4), a forfeit, the
forty-move ruling (WCDF 6.2, 6.3), and correcting a result.

Each is an official's action: it first takes the official's grant from the match's gate (see
:mod:`.official_gate`; ``OfficialOnlyError`` without the PIN, nothing changed), then is logged with
the game time as the official's, naming the official who acted (the PDN comments and the score
sheet say "Official:"), and goes to the game session, which ends the game when it does; the match
then records the result as for any other end. Each is said once. The window asks the questions and
the PIN first (``ui/event/official.py``).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Callable, Optional

from ..rules import BLACK, WHITE, Color
from ..rules.match import GameRecord
from ..rules.referee import Referee
from ..rules.rulings import AdjudicationCause, EndReason, GameResult, Ruling, Verdict
from ..speech.announcer import Priority
from ..texts import event as event_texts
from ..texts import official as official_texts
from .match_model import MatchSessionError

if TYPE_CHECKING:  # pragma: no cover
    from .match import MatchSession

__all__ = ["MatchOfficial", "OfficialRefusal", "official_refusal"]


class OfficialRefusal(enum.Enum):
    """Why an official's action cannot be done now, known before the official is asked anything
    (the sentence: ``texts.official.official_refusal_text``)."""

    NO_MATCH = "no match"                  # no match is being played
    NO_GAME = "no game"                    # the match has no game in progress
    ALREADY_PAUSED = "already paused"      # pause: the clocks are stopped already
    CLOCKS_RUNNING = "clocks running"      # restart: the clocks run already
    NO_STALLING_RULE = "no stalling rule"  # the profile has no stalling warning or penalty
    NOT_WARNED = "not warned"              # a stalling penalty: neither player was warned
    PAUSED = "paused"                      # a penalty while the official paused the clocks
    PENALTY_PENDING = "penalty pending"    # a checker is still to be removed for a penalty
    NO_ADJUDICATION = "no adjudication"    # neither the count nor a declared draw applies now
    NO_FORTY_COUNT = "no forty count"      # no forty-move count awaits the official's ruling


_RUNNING = frozenset({"pause", "resume", "stalling_warning", "stalling_penalty", "adjudicate",
                      "forfeit", "forty_move_ruling"})
"""The official's actions on the game in progress (the others act on the match)."""


def official_refusal(match: Optional["MatchSession"], action: str) -> Optional[OfficialRefusal]:
    """Why the official's ``action`` (a kind: "pause", "stalling_penalty", "adjudicate"...)
    cannot be done on ``match`` now, or None when it can. Decided before any question or PIN
    is asked; the action itself still checks again when it is done."""
    if match is None:
        return OfficialRefusal.NO_MATCH
    if action not in _RUNNING:
        return None if match.games else OfficialRefusal.NO_MATCH
    if not match.game_running or match.referee is None:
        return OfficialRefusal.NO_GAME
    referee = match.referee
    if action == "pause" and match.paused:
        return OfficialRefusal.ALREADY_PAUSED
    if action == "resume" and not match.paused:
        return OfficialRefusal.CLOCKS_RUNNING
    if action in ("stalling_warning", "stalling_penalty") and not referee.profile.stalling_rule:
        return OfficialRefusal.NO_STALLING_RULE
    if action == "stalling_penalty":
        if referee.pending_penalty is not None:
            return OfficialRefusal.PENALTY_PENDING
        if not match.official.penalty_players():
            return OfficialRefusal.NOT_WARNED
        if match.paused:
            return OfficialRefusal.PAUSED
    if action == "adjudicate" and not match.official.adjudication_ways():
        return OfficialRefusal.NO_ADJUDICATION
    if action == "forty_move_ruling" and referee.forty_move_attacker is None:
        return OfficialRefusal.NO_FORTY_COUNT
    return None


class MatchOfficial:
    """The official's actions on ``match`` (a :class:`~.match.MatchSession`). Each raises
    ``MatchSessionError`` when no game is running (except :meth:`correct_result`) and
    ``OfficialOnlyError`` when the official's PIN was not given."""

    def __init__(self, match: "MatchSession") -> None:
        self.match = match

    # --- what the official may choose (asked before the action, no PIN needed) ----------
    def penalty_players(self) -> tuple[Color, ...]:
        """The players a stalling penalty may be given to now: those warned for stalling in
        this game (VA rulebook 3:00 s4-VI: the penalty comes after a warning), Black first."""
        referee = self.match.referee
        if referee is None:
            return ()
        return tuple(c for c in (BLACK, WHITE) if referee.stalling_warnings[c] > 0)

    def adjudication_ways(self) -> tuple[Optional[AdjudicationCause], ...]:
        """The ways the official may end the game now: each cause by the count (VA rulebook
        3:00 s5), while no jump is pending and the count is not equal after a drawn game, and
        None, a declared draw (4:00 s4), when the profile has it."""
        referee = self.match.referee
        if referee is None or referee.is_over:
            return ()
        _mat, _winner, refused = referee.adjudication_preview()
        ways: list[Optional[AdjudicationCause]] = []
        if refused is None:
            ways += [AdjudicationCause.OFFICIAL, AdjudicationCause.STALLING,
                     AdjudicationCause.TIME_LIMIT]
        if referee.profile.draws.official_declares:
            ways.append(None)
        return tuple(ways)

    def pause(self) -> Ruling:
        """The official stops every clock."""
        return self._clocks("pause", official_texts.paused_text, lambda referee: referee.pause())

    def resume(self) -> Ruling:
        """The official starts the clocks again (a game waiting for its start starts too)."""
        ruling = self._clocks("resume", official_texts.resumed_text,
                              lambda referee: referee.resume())
        if ruling.ok:
            self.match.awaiting_start = False
        return ruling

    def start_game(self) -> Ruling:
        """The players-ready step: the official starts the game waiting on the board, and its
        clocks (no clock runs before: a match's game, the next game after one ends, and a match
        resumed after a restart all wait for this). Raises ``MatchSessionError`` when no game
        waits."""
        m = self.match
        referee = m.running_referee()
        if not m.awaiting_start:
            raise MatchSessionError(official_texts.no_game_waiting_text())
        number = m.game.number if m.game is not None else 0

        def started_text(by: str = "") -> str:
            return official_texts.game_started_text(number, by)
        ruling = self._clocks("start_game", started_text, lambda referee: referee.resume())
        if ruling.ok:
            m.awaiting_start = False
            m.last_result_text = m.last_result_headline = ""
            m.clocks_changed()
        return ruling

    def _clocks(self, kind: str, text: Callable[[str], str],
                act: Callable[[Referee], Ruling]) -> Ruling:
        """Act on the referee; say and log ``text(by)`` (the game session shows the ruling
        without saying it), show the clocks."""
        m = self.match
        referee = m.running_referee()
        by = m.authorize(kind)
        ruling = act(referee)
        m.host.handle_ruling(ruling, say=not ruling.ok)
        if ruling.ok:
            m.log(kind, text(by), official=True)
            m.host.show_message(text(by))  # the status line says it as it was said
        m.clocks_changed()
        return ruling

    def stalling_warning(self, color: Color) -> Ruling:
        """The official warns ``color`` for stalling (VA rulebook 3:00 s4-VI). Refused (and said)
        under a profile without the stalling rule."""
        m = self.match
        m.running_referee()
        by = m.authorize("stalling_warning")
        ruling = m.host.stalling_warning(color, say=False)  # a refusal is said there
        if ruling.verdict is not Verdict.REFUSED:
            text = official_texts.stalling_warning_text(m.player(color), m.sides[color], by)
            m.log("stalling_warning", text, official=True)
            m.host.show_message(text)  # the status line says it as it was said
        return ruling

    def stalling_penalty(self, color: Color) -> Ruling:
        """Stalling went on after a warning: the opponent chooses one of ``color``'s checkers to
        remove (VA rulebook 3:00 s4-VI). Refused (and said) before a warning."""
        m = self.match
        referee = m.running_referee()
        by = m.authorize("stalling_penalty")
        ruling = m.host.stalling_penalty(color)  # said once: the prompt to the chooser
        if ruling.verdict is Verdict.REFUSED:
            return ruling
        m.log("stalling_penalty", official_texts.stalling_penalty_logged_text(m.player(color),
                                                                             by),
              official=True, speak=False)
        if referee.pending_penalty is not None:
            m.penalty_logged(referee.pending_penalty, speak=False)
        return ruling

    def adjudicate(self, cause: Optional[AdjudicationCause] = None) -> Ruling:
        """The official ends the game now by the count, man 1, king 2 (VA rulebook 3:00 s5), for
        ``cause`` (default: the official's decision), recorded with the result. With an equal
        count after a draw the game is played out instead, and a jump pending is made first
        (each refused, and said)."""
        m = self.match
        referee = m.running_referee()
        cause = cause or AdjudicationCause.OFFICIAL
        by = m.authorize("adjudicate")
        m.log("adjudicate", official_texts.adjudication_requested_text(by), official=True)
        ruling = referee.adjudicate(cause)
        m.host.handle_ruling(ruling)
        return ruling

    def declare_draw(self) -> Ruling:
        """The official declares the game drawn: neither player can force a win (VA rulebook
        4:00 s4). A new game follows."""
        m = self.match
        referee = m.running_referee()
        by = m.authorize("declare_draw")
        m.log("declare_draw", official_texts.declare_draw_text(by), official=True)
        ruling = referee.declare_draw()
        m.host.handle_ruling(ruling)
        return ruling

    def declare_forfeit(self, color: Color, reason: str = "") -> Ruling:
        """The official declares that ``color`` forfeits the current game, for ``reason``."""
        m = self.match
        referee = m.running_referee()
        assert m.game is not None  # a referee runs only with its game
        by = m.authorize("forfeit")
        name = m.player(color)
        m.log("forfeit", official_texts.forfeit_text(name, m.game.number, reason, by=by),
              official=True,
              written=official_texts.forfeit_text(name, m.game.number, reason, False, by=by))
        ruling = referee.declare_forfeit(color, reason or official_texts.forfeit_by_official_text())
        m.host.handle_ruling(ruling)
        return ruling

    def forty_move_ruling(self, strengthened: bool) -> Ruling:
        """The official's judgement once the attacker has made forty counted moves (WCDF 6.2,
        6.3): not strengthened, the game is drawn; strengthened, play goes on. Refused (and said)
        when no count awaits a judgement."""
        m = self.match
        referee = m.running_referee()
        by = m.authorize("forty_move_ruling")
        attacker = referee.forty_move_attacker
        ruling = referee.forty_move_ruling(strengthened)
        if ruling.ok and attacker is not None:
            name = m.named(attacker)
            m.log("forty_move_ruling", official_texts.forty_ruling_text(name, strengthened,
                                                                        by=by),
                  official=True, written=official_texts.forty_ruling_text(name, strengthened,
                                                                          False, by=by))
        return m.draws.settle(ruling)

    def correct_result(self, number: int, winner: Optional[str], detail: str = "") -> GameResult:
        """The official sets the result of game ``number`` (1 first): ``winner`` is a player's name,
        or None for a draw. For the game in progress it ends the game; for a finished one it
        rewrites that game's record and the match score. Raises ``MatchSessionError`` for a game
        number that does not exist or a name that is not a player."""
        m = self.match
        if not 1 <= number <= len(m.games):
            raise MatchSessionError(event_texts.no_such_game_text(number, len(m.games)))
        if winner is not None and winner not in m.settings.names:
            raise MatchSessionError(event_texts.not_a_player_text(winner))
        by = m.authorize("correct_result")
        game = m.games[number - 1]
        color = None if winner is None else (BLACK if winner == game.black else WHITE)
        text = official_texts.corrected_detail_text(
            official_texts.corrected_text(number, winner, by=by), detail)
        written = official_texts.corrected_detail_text(
            official_texts.corrected_text(number, winner, False, by=by), detail)
        detail = detail or official_texts.corrected_by_official_text()
        if game is m.game and game.result is None:
            m.log("correct_result", text, official=True, written=written)
            assert m.referee is not None  # the current game has a referee
            ruling = m.referee.correct_result(color, detail)
            m.host.handle_ruling(ruling)
            assert ruling.result is not None  # a corrected game has its result
            return ruling.result
        was_over = m.match.is_over
        at = game.result.at if game.result is not None else 0.0
        game.result = GameResult(color, EndReason.CORRECTED, detail, at)
        game.corrected = detail
        index = number - 1
        rec = m.match.games[index]
        m.match.games[index] = GameRecord(rec.number, rec.black, rec.white, rec.play_out,
                                          winner, color, EndReason.CORRECTED.value, detail)
        m.log("correct_result", text, official=True, game=game, written=written)
        m.save_game(game)
        m.say(m.summary_text(), Priority.QUEUE)
        if m.match.is_over and not was_over:
            m.drop_game_in_progress()
            m.finish_match()
        elif was_over and not m.match.is_over:
            m.restart_after_correction()
        else:
            m.result_text = m.result_text and m.match_result_text()
            m.keep_score_sheet()
        return game.result
