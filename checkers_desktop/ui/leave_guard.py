"""Asks before a command leaves a game or a match in progress (``session/leaving.py`` says what
is at stake and what to ask).

:class:`LeaveGuard` is in the application context (``ctx.leaving``). :meth:`LeaveGuard.allow`
asks the question through the window's interaction object; in a match it then asks the
official's PIN (the Event menu's official desk) and ends the match with ``MatchSession.leave``
(said and recorded with the official's name) before the command goes on. On No, or without the
PIN, nothing changes and the player is told so. :meth:`LeaveGuard.guarded` wraps a command.
"""

from __future__ import annotations

from typing import Callable

from ..session.leaving import Leaving, StakeKind, at_stake
from ..session.official_gate import OfficialOnlyError
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
        in_match = stake.kind is StakeKind.MATCH
        if not self.ctx.ask.confirm(stake.question, leaving_texts.question_title(in_match)):
            self._stay(in_match)
            return False
        if not in_match:
            return True
        assert self.ctx.matches is not None  # the Event menu is made with the window
        desk = self.ctx.matches.desk
        action = "end_match" if stake.ends_match else "quit_match"
        if not desk.official(match, action):
            self.ctx.focus_board()
            return False
        try:
            if stake.ends_match:
                match.leave(leaving_texts.command_words(command.value))
            else:
                match.authorize(action)
        except OfficialOnlyError as exc:
            self.ctx.say(str(exc), Priority.INTERRUPT)
            return False
        finally:
            match.gate.revoke()
        return True

    def _stay(self, in_match: bool) -> None:
        self.ctx.say(leaving_texts.stayed_text(in_match), Priority.INTERRUPT)
        self.ctx.focus_board()

    def guarded(self, command: Leaving, handler: Callable[[], object]) -> Callable[[], None]:
        """``handler`` run only when :meth:`allow` says so."""
        def run() -> None:
            if self.allow(command):
                handler()
        return run
