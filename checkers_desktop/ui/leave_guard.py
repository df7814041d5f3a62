"""Asks before a command leaves a game or a match in progress (``session/leaving.py`` says what
is at stake and what to ask).

:class:`LeaveGuard` is in the application context (``ctx.leaving``). :meth:`LeaveGuard.allow`
asks the question through the window's interaction object; in a match it is the official's
one form instead (the match, the PIN, what is lost, one confirm: the Event menu's official
desk), and the match is ended with ``MatchSession.leave`` (said and recorded with the official's
name) before the command goes on. On No, Escape, or without the PIN, nothing changes and the
player is told so. :meth:`LeaveGuard.guarded` wraps a command.
"""

from __future__ import annotations

from typing import Callable

from ..session.leaving import Leaving, StakeKind, at_stake
from ..speech.announcer import Priority
from ..texts import leaving as leaving_texts
from .context import AppContext

__all__ = ["LeaveGuard", "Leaving"]


class LeaveGuard:
    """See the module text; ``ctx`` is the window's ``AppContext``."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def _match(self):
        matches = self.ctx.matches
        return getattr(matches, "current", None) if matches is not None else None

    def allow(self, command: Leaving) -> bool:
        """True when ``command`` may go on: nothing is at stake, or the player (in a match: the
        official, with the PIN) said Yes; a match is then ended first unless quitting."""
        match = self._match()
        stake = at_stake(self.ctx.session, match, command)
        if stake.kind is StakeKind.NONE:
            return True
        if stake.kind is StakeKind.MATCH:
            return self._leave_match(match, stake, command)
        # answered, the board is where the keyboard goes back (the window's focus, set while
        # the question is still up): the window, active again before the command has acted,
        # gave it first to where it was before (the legal-moves list), then the board
        if not self.ctx.ask.confirm(stake.question, leaving_texts.question_title(False),
                                    on_answer=lambda _yes: self.ctx.focus_board(),
                                    by_voice=True):
            self._stay(False)
            return False
        return True

    def _leave_match(self, match, stake, command: Leaving) -> bool:
        """The official's one form (the match and its score, the PIN, what is lost, one
        confirm); confirmed, the match is ended (unless quitting, which keeps it to be offered
        again). Escape, or no PIN: nothing changes, and the player hears so."""
        assert self.ctx.matches is not None  # the Event menu is made with the window
        desk = self.ctx.matches.desk
        action = "end_match" if stake.ends_match else "quit_match"

        def done(ev) -> None:
            if stake.ends_match:
                ev.leave(leaving_texts.command_words(command.value))
            else:
                ev.authorize(action)
        left = desk.leave_match(match, action, stake.statement, stake.number, done,
                                cancelled=leaving_texts.stayed_text(True))
        if not left:
            self.ctx.focus_board()
        return left

    def _stay(self, in_match: bool) -> None:
        self.ctx.say(leaving_texts.stayed_text(in_match), Priority.INTERRUPT)
        self.ctx.focus_board()

    def guarded(self, command: Leaving, handler: Callable[[], object]) -> Callable[[], None]:
        """``handler`` run only when :meth:`allow` says so."""
        def run() -> None:
            if self.allow(command):
                handler()
        return run
