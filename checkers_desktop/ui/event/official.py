"""The official's actions, each behind the official's PIN and a confirmation: pause and resume the
clocks, a stalling warning and penalty (VA rulebook 3:00 s4-VI), adjudication (3:00 s5), a
forfeit, and correcting a result. Each is announced and written to the game record with the time
and the official's name by the match session (``checkers_desktop.session.match_official``); this
module asks the questions.

The PIN comes first: when the match's gate is protected (a PIN set at the match's start, or the
event PIN), :meth:`OfficialDesk.official` asks the official's name and PIN
(``ask_pin(action, official, check)``); a player without it is told that the action is the
official's, and nothing else is asked. The grant is dropped after each action, done or not.

The questions go through replaceable callables (tests pass fakes; the window passes its one
:class:`~..interaction.Interaction`): ``confirm(question) -> bool``, ``choose(title, label,
options) -> int | None`` (index of the option chosen), ``ask_text(title, label) -> str | None``
and ``ask_pin(action, official, check) -> str | None`` (the official's name once the PIN was
right).
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ...rules import BLACK, WHITE
from ...rules.rulings import Verdict
from ...session.match import MatchSession, MatchSessionError
from ...session.official_gate import OfficialOnlyError
from ...texts import event as event_texts
from ...texts import official as official_texts
from ..interaction import Interaction

__all__ = ["OfficialDesk"]

TITLE = "Official"


class OfficialDesk:
    """The official's commands for the match ``event()`` (a callable returning the current
    ``MatchSession`` or None). ``say(text)`` tells why an action cannot be done now. ``ask``: the
    window's :class:`~..interaction.Interaction` (its methods are the defaults of the four
    callables)."""

    def __init__(self, event: Callable[[], Optional[MatchSession]], say: Callable[[str], None],
                 ask: Optional[Interaction] = None, *,
                 confirm: Optional[Callable[[str], bool]] = None,
                 choose: Optional[Callable[[str, str, Sequence[str]], Optional[int]]] = None,
                 ask_text: Optional[Callable[[str, str], Optional[str]]] = None,
                 ask_pin: Optional[Callable[..., Optional[str]]] = None) -> None:
        self.event = event
        self.say = say
        ask = ask or Interaction(None, say, lambda text: None)
        self.confirm = confirm or (lambda question: ask.confirm(question, TITLE))
        self.choose = choose or ask.choose
        self.ask_text = ask_text or ask.ask_text
        self.ask_pin = ask_pin or ask.ask_pin

    # --- the official's PIN -------------------------------------------------------------
    def official(self, ev: MatchSession, action: str) -> bool:
        """True when the official may do ``action`` now: no PIN is set, or the official gave the
        right PIN (the grant is for one action). Otherwise the player hears that the action is
        the official's."""
        gate = ev.gate
        if gate.granted():  # no PIN set, or the PIN was just given (the match form's)
            return True
        name = self.ask_pin(action, gate.official, gate.unlock)
        if name is None or not gate.granted():
            gate.revoke()
            self.say(official_texts.officials_action_text(action))
            return False
        return True

    def _act(self, action: str, body: Callable[[MatchSession], bool], *,
             running: bool = True) -> bool:
        """Check the match (a game running, unless ``running`` is False), ask the PIN, then run
        ``body(match)``; the grant is dropped afterwards whatever happened."""
        ev = self._running() if running else self._any_match()
        if ev is None or not self.official(ev, action):
            return False
        try:
            return body(ev)
        except OfficialOnlyError as exc:  # the grant was spent: said, nothing changed
            self.say(str(exc))
            return False
        finally:
            ev.gate.revoke()

    # --- helpers ------------------------------------------------------------------------
    def _running(self) -> Optional[MatchSession]:
        ev = self.event()
        if ev is None or not ev.game_running:
            self.say(event_texts.no_match_text() if ev is None
                     else event_texts.no_game_in_match_text())
            return None
        return ev

    def _any_match(self) -> Optional[MatchSession]:
        ev = self.event()
        if ev is None or not ev.games:
            self.say(event_texts.no_match_text())
            return None
        return ev

    def _choose_player(self, ev: MatchSession, title: str):
        """The colour of the player the official picks (names with their side), or None."""
        options = [event_texts.named(ev.player(c), ev.sides[c]) for c in (BLACK, WHITE)]
        index = self.choose(title, official_texts.which_player_question(), options)
        if index is None:
            return None
        return (BLACK, WHITE)[index]

    # --- the actions --------------------------------------------------------------------
    def start_game(self) -> bool:
        """The players-ready step: the question first (naming the game, the players and their
        sides, after the last game's result), then the PIN, then the game and its clocks
        start. Declined: the game waits, and the player hears how the official starts it."""
        ev = self.event()
        if ev is None or not ev.awaiting_start or not ev.game_running:
            self.say(official_texts.no_game_waiting_text())
            return False
        game = ev.game
        question = official_texts.start_game_question(
            game.number, game.black, game.white, (ev.sides[BLACK], ev.sides[WHITE]),
            ev.last_result_text)
        if not self.confirm(question):
            self.say(official_texts.awaiting_start_text(game.number))
            return False
        return self._act("start_game", lambda ev: ev.official.start_game().ok)

    def hold_match(self) -> bool:
        """After a restart the match was not resumed: the official (with the PIN) keeps it for
        later. True when the official did; logged with the official's name."""
        ev = self.event()
        if ev is None:
            return False
        a, b = ev.settings.names
        if not self.confirm(event_texts.hold_match_question(a, b)):
            return False

        def body(ev: MatchSession) -> bool:
            by = ev.authorize("hold_match")
            ev.log("hold_match", event_texts.match_held_text(a, b, by), official=True,
                   speak=False)
            return True
        return self._act("hold_match", body, running=False)

    def pause(self) -> bool:
        ev = self.event()
        if ev is not None and ev.game_running and ev.paused:
            self.say(official_texts.already_paused_text())
            return False

        def body(ev: MatchSession) -> bool:
            if not self.confirm(official_texts.pause_question()):
                return False
            ev.official.pause()
            return True
        return self._act("pause", body)

    def resume(self) -> bool:
        ev = self.event()
        if ev is not None and ev.game_running and not ev.paused:
            self.say(official_texts.clocks_running_text())
            return False

        def body(ev: MatchSession) -> bool:
            if not self.confirm(official_texts.resume_question()):
                return False
            ev.official.resume()
            return True
        return self._act("resume", body)

    def stalling_warning(self) -> bool:
        def body(ev: MatchSession) -> bool:
            color = self._choose_player(ev, "Stalling warning")
            if color is None or not self.confirm(
                    official_texts.stalling_warning_question(ev.player(color))):
                return False
            return ev.official.stalling_warning(color).verdict is not Verdict.REFUSED
        return self._act("stalling_warning", body)

    def stalling_penalty(self) -> bool:
        def body(ev: MatchSession) -> bool:
            color = self._choose_player(ev, "Stalling penalty")
            if color is None or not self.confirm(official_texts.stalling_penalty_question(
                    ev.player(color), ev.player(color.other))):
                return False
            return ev.official.stalling_penalty(color).verdict is not Verdict.REFUSED
        return self._act("stalling_penalty", body)

    ADJUDICATIONS = official_texts.ADJUDICATIONS

    def adjudicate(self) -> bool:
        """By the count now, for the cause the official chooses (the official's decision,
        stalling, the time limit: VA rulebook 3:00 s5), the confirmation stating the count and
        the outcome first; or a draw because neither player can force a win (4:00 s4). A jump
        pending is made first (refused until then, and said)."""
        from ...rules.rulings import AdjudicationCause

        ev = self._running()
        if ev is None:
            return False
        choice = self.choose("Adjudicate", official_texts.adjudicate_how_question(),
                             self.ADJUDICATIONS)
        if choice is None:
            return False
        drawn = choice == len(self.ADJUDICATIONS) - 1
        action = "declare_draw" if drawn else "adjudicate"
        causes = (AdjudicationCause.OFFICIAL, AdjudicationCause.STALLING,
                  AdjudicationCause.TIME_LIMIT)
        question = official_texts.declare_draw_question()
        if not drawn:
            cause = causes[choice]
            mat, winner, refused = ev.referee.adjudication_preview()
            if refused is not None:
                self.say(official_texts.adjudicate_refused_text(
                    refused, ev.named(ev.referee.board.turn)))
                return False
            counts = ", ".join(f"{ev.named(c)} {mat[c]}" for c in (BLACK, WHITE))
            outcome = official_texts.adjudicate_outcome_text(
                None if winner is None else ev.named(winner), ev.game.number)
            question = official_texts.adjudicate_outcome_question(
                official_texts.CAUSE_WORDS[cause.value], counts, outcome, ev.game.number)

        def body(ev: MatchSession) -> bool:
            if not self.confirm(question):
                return False
            if drawn:
                ev.official.declare_draw()
            else:
                ev.official.adjudicate(cause)
            return True
        return self._act(action, body)

    def declare_forfeit(self) -> bool:
        def body(ev: MatchSession) -> bool:
            color = self._choose_player(ev, "Declare a forfeit")
            if color is None:
                return False
            reason = self.ask_text("Declare a forfeit",
                                   official_texts.forfeit_reason_question(ev.player(color)))
            if reason is None or not self.confirm(
                    official_texts.forfeit_question(ev.player(color), ev.game.number)):
                return False
            ev.official.declare_forfeit(color, reason.strip())
            return True
        return self._act("forfeit", body)

    def correct_result(self) -> bool:
        def body(ev: MatchSession) -> bool:
            games = [official_texts.game_choice_text(g.number, g.black, g.white, g.pdn_result)
                     for g in ev.games]
            index = self.choose("Correct a result", official_texts.which_game_question(), games)
            if index is None:
                return False
            game = ev.games[index]
            options = list(official_texts.result_choices(game.black, game.white))
            choice = self.choose("Correct a result",
                                 official_texts.result_of_game_question(game.number), options)
            if choice is None:
                return False
            winner = (game.black, game.white, None)[choice]
            detail = self.ask_text("Correct a result", official_texts.correction_reason_question())
            if detail is None or not self.confirm(
                    official_texts.correction_question(game.number, options[choice])):
                return False
            try:
                ev.official.correct_result(game.number, winner, detail.strip())
            except MatchSessionError as exc:
                self.say(str(exc))
                return False
            return True
        return self._act("correct_result", body, running=False)

    def forty_move_ruling(self, ev: MatchSession, attacker: str) -> bool:
        """WCDF 6.2, 6.3: once the forty-move count is complete, the official rules."""
        def body(ev: MatchSession) -> bool:
            choice = self.choose("Forty-move ruling",
                                 official_texts.strengthened_by_question(attacker),
                                 official_texts.FORTY_RULINGS)
            if choice is None or not self.confirm(
                    official_texts.forty_ruling_question(official_texts.FORTY_RULINGS[choice])):
                return False
            ev.official.forty_move_ruling(choice == 1)
            return True
        return self._act("forty_move_ruling", body)
