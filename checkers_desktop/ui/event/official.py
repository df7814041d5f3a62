"""The official's actions, each behind the official's PIN: pause and resume the clocks, a
stalling warning and penalty (VA rulebook 3:00 s4-VI), adjudication by the count (3:00 s5) or a
declared draw (4:00 s4), a forfeit, the forty-move ruling (WCDF 6.2, 6.3) and correcting a
result. Each is announced and written to the game record with the time and the official's name
by the match session (``checkers_desktop.session.match_official``); this module asks.

Each of these actions is one form (``ask_form(FormRequest) -> FormAnswer | None``): the PIN
field when the match's gate is protected (a PIN set at the match's start, or the event PIN), the
choices, the outcome in words, one confirm button. What can be known before asking (no match, no
game, a penalty for a player never warned...: ``session.match_official.official_refusal``) is
said instead of opening the form. A form closed without the PIN tells the player that the action
is the official's; the grant is dropped after each action, done or not.

Starting a game, keeping a match for later and ending (or quitting) a match before its end are
one form each too. ``confirm(question) -> bool`` and ``ask_pin(action, official, check) -> str |
None`` are kept for the tests' stand-ins of the form. Every callable is replaceable (tests pass
fakes; the window passes its one :class:`~..interaction.Interaction`).
"""

from __future__ import annotations

from typing import Callable, Optional

from ...rules import BLACK, WHITE
from ...rules.rulings import Verdict
from ...session.match import MatchSession, MatchSessionError
from ...session.match_official import official_refusal
from ...session.official_gate import OfficialOnlyError
from ...texts import event as event_texts
from ...texts import official as official_texts
from ..interaction import FormChoice, FormRequest, FormText, Interaction

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
                 ask_pin: Optional[Callable[..., Optional[str]]] = None,
                 ask_form: Optional[Callable[[FormRequest], object]] = None) -> None:
        self.event = event
        self.say = say
        ask = ask or Interaction(None, say, lambda text: None)
        self.confirm = confirm or (lambda question: ask.confirm(question, TITLE))
        self.ask_pin = ask_pin or ask.ask_pin
        self.ask_form = ask_form or ask.ask_form

    # --- the actions --------------------------------------------------------------------
    def start_game(self) -> bool:
        """The players-ready step, one form: the last game's result, the game, the players and
        their sides, the PIN (when the gate asks it), the outcome, Start. Confirmed: the game
        and its clocks start. Cancelled: the game waits, and the player hears how the official
        starts it."""
        ev = self.event()
        if ev is None or not ev.awaiting_start or not ev.game_running or ev.game is None:
            self.say(official_texts.no_game_waiting_text())
            return False
        game = ev.game
        number = game.number
        before = official_texts.start_game_intro_text(
            number, game.black, game.white, (ev.sides[BLACK], ev.sides[WHITE]),
            ev.last_result_text)
        mover = ev.named(ev.referee.board.turn) if ev.referee is not None else ev.named(BLACK)
        return self._form(
            ev, "start_game",
            lambda values: official_texts.start_game_outcome_text(number, mover),
            before=before, done=lambda ev, values: ev.official.start_game().ok,
            cancelled=official_texts.awaiting_start_text(number))

    def hold_match(self) -> bool:
        """After a restart the match was not resumed: the official keeps it for later, in one
        form (the PIN, the outcome, Keep). True when the official did; logged with the
        official's name."""
        ev = self.event()
        if ev is None:
            return False
        a, b = ev.settings.names

        def done(ev: MatchSession, values: tuple) -> bool:
            by = ev.authorize("hold_match")
            ev.log("hold_match", event_texts.match_held_text(a, b, by), official=True,
                   speak=False)
            return True
        return self._form(ev, "hold_match",
                          lambda values: official_texts.hold_match_outcome_text(a, b),
                          done=done)

    def leave_match(self, ev: MatchSession, action: str, before: str, number: int,
                    done: Callable[[MatchSession], object], *, cancelled: str = "") -> bool:
        """Ending the match before its end (``action`` "end_match") or quitting during it
        ("quit_match"), the official's decision, in one form: ``before`` (the match and its
        score), the PIN, the outcome (``number``: the game recorded unfinished), one confirm.
        Confirmed with the right PIN: ``done(match)`` runs and True is returned. Cancelled:
        ``cancelled`` is said (nothing changed)."""
        outcome = (official_texts.quit_match_outcome_text() if action == "quit_match"
                   else official_texts.end_match_outcome_text(number))

        def act(ev: MatchSession, values: tuple) -> bool:
            done(ev)
            return True
        return self._form(ev, action, lambda values: outcome, before=before, done=act,
                          cancelled=cancelled or None)

    # --- one form per action --------------------------------------------------------------
    def _ready(self, action: str) -> Optional[MatchSession]:
        """The match when the official's ``action`` can be done now; otherwise None, and why
        is said (before any form opens: ``session.match_official.official_refusal``)."""
        ev = self.event()
        refusal = official_refusal(ev, action)
        if refusal is None:
            return ev
        profile = chooser = victim = ""
        if ev is not None and ev.referee is not None:
            profile = ev.referee.profile.title
            pending = ev.referee.pending_penalty
            if pending is not None:
                chooser, victim = ev.player(pending.chooser), ev.player(pending.victim)
        self.say(official_texts.official_refusal_text(refusal.value, profile=profile,
                                                      chooser=chooser, victim=victim))
        return None

    def _form(self, ev: MatchSession, action: str, outcome: Callable[[tuple], str],
              fields: tuple = (), *, before: str = "",
              done: Callable[[MatchSession, tuple], bool],
              cancelled: Optional[str] = None) -> bool:
        """Open the one form of ``action`` (the PIN when the gate asks one, ``fields``, the
        ``outcome`` in words, the confirm button); once confirmed with the right PIN, run
        ``done(match, values)``. The grant is dropped afterwards whatever happened. A form
        closed without the PIN says ``cancelled`` (default: that the action is the official's,
        when the PIN was asked)."""
        gate = ev.gate
        pin = not gate.granted()
        request = FormRequest(
            title=official_texts.FORM_TITLES[action],
            prompt=official_texts.form_prompt_text(action, pin=pin, before=before,
                                                   fields=bool(fields)),
            confirm=official_texts.CONFIRM_LABELS[action], outcome=outcome, fields=fields,
            pin_action=action if pin else None, official=gate.official, check=gate.unlock)
        answer = self.ask_form(request)
        try:
            if answer is None or not gate.granted():
                if cancelled is not None:
                    self.say(cancelled)
                elif pin:
                    self.say(official_texts.officials_action_text(action))
                return False
            return done(ev, answer.values)
        except (OfficialOnlyError, MatchSessionError) as exc:  # said, nothing changed
            self.say(str(exc))
            return False
        finally:
            gate.revoke()

    def _player_field(self, ev: MatchSession, colors=(BLACK, WHITE)) -> FormChoice:
        return FormChoice(official_texts.PLAYER_LABEL,
                          tuple(official_texts.player_choice_text(ev.player(c), ev.sides[c])
                                for c in colors))

    # --- the actions --------------------------------------------------------------------
    def pause(self) -> bool:
        """Stop every clock: one form (the PIN, the outcome, confirm)."""
        ev = self._ready("pause")
        if ev is None:
            return False
        return self._form(ev, "pause", lambda values: official_texts.pause_outcome_text(),
                          done=lambda ev, values: ev.official.pause().ok or True)

    def resume(self) -> bool:
        """Start the clocks again: one form."""
        ev = self._ready("resume")
        if ev is None:
            return False
        return self._form(ev, "resume", lambda values: official_texts.resume_outcome_text(),
                          done=lambda ev, values: ev.official.resume().ok or True)

    def stalling_warning(self) -> bool:
        """Warn a player for stalling (VA rulebook 3:00 s4-VI): one form, the player chosen
        in it."""
        ev = self._ready("stalling_warning")
        if ev is None:
            return False
        colors = (BLACK, WHITE)

        def outcome(values: tuple) -> str:
            color = colors[int(values[0])]
            return official_texts.warning_outcome_text(ev.player(color), ev.sides[color])

        def done(ev: MatchSession, values: tuple) -> bool:
            ruling = ev.official.stalling_warning(colors[int(values[0])])
            return ruling.verdict is not Verdict.REFUSED
        return self._form(ev, "stalling_warning", outcome, (self._player_field(ev, colors),),
                          done=done)

    def stalling_penalty(self) -> bool:
        """Penalize a player warned for stalling (VA rulebook 3:00 s4-VI): refused before the
        form when neither player was warned; the form offers only the players warned."""
        ev = self._ready("stalling_penalty")
        if ev is None:
            return False
        colors = ev.official.penalty_players()

        def outcome(values: tuple) -> str:
            color = colors[int(values[0])]
            return official_texts.penalty_outcome_text(ev.player(color), ev.player(color.other))

        def done(ev: MatchSession, values: tuple) -> bool:
            ruling = ev.official.stalling_penalty(colors[int(values[0])])
            return ruling.verdict is not Verdict.REFUSED
        return self._form(ev, "stalling_penalty", outcome, (self._player_field(ev, colors),),
                          done=done)

    ADJUDICATIONS = official_texts.ADJUDICATIONS

    def adjudicate(self) -> bool:
        """By the count now, for the cause the official chooses (the official's decision,
        stalling, the time limit: VA rulebook 3:00 s5), the outcome stating the count and the
        winner; or a draw because neither player can force a win (4:00 s4). One form: while a
        jump is pending the count is not offered (the form says why)."""
        ev = self._ready("adjudicate")
        if ev is None:
            return False
        assert ev.referee is not None and ev.game is not None  # a game is running
        ways = ev.official.adjudication_ways()
        mat, winner, refused = ev.referee.adjudication_preview()
        counts = ", ".join(f"{ev.named(c)} {mat[c]}" for c in (BLACK, WHITE))
        number = ev.game.number
        before = "" if refused is None else official_texts.adjudicate_refused_text(
            refused, ev.named(ev.referee.board.turn))
        choices = official_texts.adjudication_choices(
            tuple(None if way is None else way.value for way in ways))

        def outcome(values: tuple) -> str:
            way = ways[int(values[0])]
            if way is None:
                return official_texts.draw_outcome_text(number)
            return official_texts.count_outcome_text(
                official_texts.CAUSE_WORDS[way.value], counts,
                official_texts.adjudicate_outcome_text(
                    None if winner is None else ev.named(winner), number))

        def done(ev: MatchSession, values: tuple) -> bool:
            way = ways[int(values[0])]
            if way is None:
                ev.official.declare_draw()
            else:
                ev.official.adjudicate(way)
            return True
        action = "adjudicate"
        return self._form(ev, action, outcome,
                          (FormChoice(official_texts.HOW_LABEL, choices),), before=before,
                          done=done)

    def declare_forfeit(self) -> bool:
        """A player forfeits the game in progress (WCDF 5.3): one form, the player and the
        reason in it."""
        ev = self._ready("forfeit")
        if ev is None:
            return False
        assert ev.game is not None
        colors = (BLACK, WHITE)
        number = ev.game.number

        def outcome(values: tuple) -> str:
            color = colors[int(values[0])]
            return official_texts.forfeit_outcome_text(ev.player(color),
                                                       ev.player(color.other), number,
                                                       str(values[1]))

        def done(ev: MatchSession, values: tuple) -> bool:
            ev.official.declare_forfeit(colors[int(values[0])], str(values[1]))
            return True
        return self._form(ev, "forfeit", outcome,
                          (self._player_field(ev, colors), FormText(official_texts.REASON_LABEL)),
                          done=done)

    def correct_result(self) -> bool:
        """Set the result of a game of the match (the one in progress or a finished one): one
        form, the game, the result and the reason in it."""
        ev = self._ready("correct_result")
        if ev is None:
            return False
        games = list(ev.games)
        a, b = ev.settings.names
        results = official_texts.result_choices(a, b)
        winners = (a, b, None)

        def outcome(values: tuple) -> str:
            game = games[int(values[0])]
            return official_texts.correction_outcome_text(
                game.number, game.pdn_result, results[int(values[1])], str(values[2]))

        def done(ev: MatchSession, values: tuple) -> bool:
            game = games[int(values[0])]
            ev.official.correct_result(game.number, winners[int(values[1])], str(values[2]))
            return True
        fields = (FormChoice(official_texts.GAME_LABEL,
                             tuple(official_texts.game_choice_text(g.number, g.black, g.white,
                                                                   g.pdn_result)
                                   for g in games), len(games) - 1),
                  FormChoice(official_texts.RESULT_LABEL, results),
                  FormText(official_texts.REASON_LABEL))
        return self._form(ev, "correct_result", outcome, fields, done=done)

    def forty_move_ruling(self, ev: MatchSession, attacker: str) -> bool:
        """WCDF 6.2, 6.3: once the forty-move count is complete, the official rules in one
        form."""
        if self._ready("forty_move_ruling") is None:
            return False

        def outcome(values: tuple) -> str:
            return official_texts.forty_ruling_text(attacker, int(values[0]) == 1)

        def done(ev: MatchSession, values: tuple) -> bool:
            ev.official.forty_move_ruling(int(values[0]) == 1)
            return True
        return self._form(ev, "forty_move_ruling", outcome,
                          (FormChoice(official_texts.strengthened_by_question(attacker),
                                      official_texts.FORTY_RULINGS),), done=done)
