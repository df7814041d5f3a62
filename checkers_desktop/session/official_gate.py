"""Who may act as the official: the official's PIN, asked before each of the official's actions.

An :class:`OfficialGate` is protected when a PIN is set for the match (:attr:`match_pin`, set by
the official at the match's start) or for the event (``event_pin()``, set once in the settings).
Before an official's action the window asks for the PIN and the official's name and calls
:meth:`OfficialGate.unlock`; a right PIN grants one action, which :meth:`OfficialGate.take`
consumes (the match's official actions call it first and record the name it returns). Without
the grant :meth:`take` raises :class:`OfficialOnlyError`, whose message tells the player that the
action is the official's.

Fail closed: a gate whose PIN cannot be trusted (its file removed, damaged, changed or unsealed
outside the app, or the event PIN changed outside it) is *locked* (:meth:`lock`): it is
protected even with no PIN left, every action is refused with a sentence saying how the official
recovers, and only a recovery PIN (``recovery_pins()``: the event PIN in force and the event's
recovery code) opens it again, once, after which ``on_recovered(pin)`` lets the match guard
itself with the PIN that opened it.

Wrong PINs are counted by a :class:`~.official_tries.TryCounter` (``tries``): the window gives
every gate the laptop's one counter, kept sealed across restarts; by default a gate counts alone,
in memory, on ``time_source``. After :data:`MAX_ATTEMPTS` wrong PINs each further one makes the
next try wait, growing. A right PIN resets the count. No Qt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
import time
from typing import Callable, Optional

from ..texts import official as official_texts
from .official_pin import PinHash
from .official_tries import (FIRST_WAIT_SECONDS, FREE_TRIES, LONGEST_WAIT_SECONDS, TryCounter)

__all__ = ["OfficialGate", "OfficialOnlyError", "Unlock", "UnlockResult", "MAX_ATTEMPTS",
           "LOCK_SECONDS", "MAX_LOCK_SECONDS"]

MAX_ATTEMPTS = FREE_TRIES
"""Wrong PINs in a row before the gate stays shut for a while."""
LOCK_SECONDS = FIRST_WAIT_SECONDS
"""How long the gate stays shut after :data:`MAX_ATTEMPTS` wrong PINs, seconds."""
MAX_LOCK_SECONDS = LONGEST_WAIT_SECONDS


class OfficialOnlyError(ValueError):
    """An official's action was tried without the official's PIN; the message says whose action
    it is ("Pausing the clocks is the official's action. Ask the official.")."""


class Unlock(enum.Enum):
    OPEN = "open"          # the right PIN: one action granted
    WRONG = "wrong"        # a wrong PIN: attempts_left more before the wait
    LOCKED = "locked"      # too many wrong PINs: wait_seconds before the next try
    NOT_SET = "not set"    # no PIN is set: nothing to unlock


@dataclass(frozen=True)
class UnlockResult:
    """What :meth:`OfficialGate.unlock` found, and the sentence to show and say (``text``; ""
    when the gate opened)."""

    outcome: Unlock
    text: str = ""
    attempts_left: int = 0
    wait_seconds: int = 0

    @property
    def ok(self) -> bool:
        return self.outcome in (Unlock.OPEN, Unlock.NOT_SET)


class OfficialGate:
    """See the module text. ``event_pin()`` returns the event's PIN hash (or None);
    :attr:`match_pin` and :attr:`official` are the match's PIN hash and official's name."""

    def __init__(self, event_pin: Callable[[], Optional[PinHash]] = lambda: None, *,
                 time_source: Callable[[], float] = time.monotonic,
                 tries: Optional[TryCounter] = None) -> None:
        self.event_pin = event_pin
        self.time_source = time_source
        self.tries = tries if tries is not None else TryCounter(clock=time_source)
        self.match_pin: Optional[PinHash] = None
        self.official = ""
        """The official's name last given (at the match's start or with the PIN)."""
        self.locked: Optional[str] = None
        """Why the gate is locked (a ``PinFileState`` value or "event changed"...), or None."""
        self.recovery_pins: Callable[[], list[PinHash]] = lambda: []
        """The PINs that open a locked gate (the window: the event PIN and its recovery code)."""
        self.on_recovered: Optional[Callable[[PinHash], None]] = None
        self.event_lock: Callable[[], Optional[str]] = lambda: None
        """Why the event PIN cannot be trusted now (the window's event PIN store), or None."""
        self._granted: Optional[str] = None

    # --- state ------------------------------------------------------------------------
    def pins(self) -> list[PinHash]:
        if self.lock_problem() is not None:
            return list(self.recovery_pins())
        return [p for p in (self.match_pin, self.event_pin()) if p is not None]

    def lock_problem(self) -> Optional[str]:
        """Why the official's actions are locked now, or None."""
        if self.locked is not None:
            return self.locked
        if self.match_pin is None:
            return self.event_lock()
        return None

    def lock(self, problem: str) -> None:
        """Lock the gate: its PIN cannot be trusted (``problem`` names why)."""
        self.locked = problem
        self._granted = None

    def locked_text(self) -> str:
        """What a player or the official hears about a locked gate ("" when open)."""
        problem = self.lock_problem()
        if problem is None:
            return ""
        return official_texts.pin_locked_state_text(problem, bool(self.recovery_pins()))

    @property
    def protected(self) -> bool:
        """True when a PIN is set (or the gate is locked): the official's actions ask for it."""
        return self.lock_problem() is not None or bool(self.pins())

    def wait_seconds(self) -> int:
        """Whole seconds before a PIN may be tried again (0: now)."""
        return self.tries.wait_seconds()

    # --- the PIN ----------------------------------------------------------------------
    def unlock(self, pin: str, official: str = "") -> UnlockResult:
        """Try ``pin`` (given with the ``official``'s name, kept for the record). The right PIN
        grants one action; a wrong one counts towards the wait, on the laptop's counter."""
        problem = self.lock_problem()
        pins = self.pins()
        if not pins and problem is None:
            return UnlockResult(Unlock.NOT_SET)
        wait = self.wait_seconds()
        if wait:
            return UnlockResult(Unlock.LOCKED, official_texts.pin_locked_text(wait),
                                wait_seconds=wait)
        opened = next((p for p in pins if p.matches(pin)), None)
        if opened is not None:
            self.tries.right_pin()
            name = official.strip() or self.official
            self.official = name
            self._granted = name
            if problem is not None:
                self.locked = None
                if self.on_recovered is not None:
                    self.on_recovered(opened)
            return UnlockResult(Unlock.OPEN)
        wait = self.tries.wrong_pin()
        if wait:
            return UnlockResult(Unlock.LOCKED, official_texts.pin_wait_text(wait,
                                                                            self.tries.wrong),
                                wait_seconds=wait)
        left = self.tries.left
        text = official_texts.pin_wrong_text(left)
        if problem is not None:
            text = f"{text} {self.locked_text()}"
        return UnlockResult(Unlock.WRONG, text, attempts_left=left)

    def granted(self) -> bool:
        """True when an action was granted and not yet taken (or no PIN is set)."""
        return not self.protected or self._granted is not None

    def take(self, action: str) -> str:
        """Consume the grant for the official's ``action`` (a kind such as "pause") and return the
        acting official's name ("" when none was given). Without a PIN set, the match's
        official. Raises :class:`OfficialOnlyError` when a PIN is set (or the gate is locked)
        and was not given."""
        if not self.protected:
            return self.official
        if self._granted is None:
            locked = self.locked_text()
            text = official_texts.officials_action_text(action)
            raise OfficialOnlyError(f"{text} {locked}" if locked else text)
        name, self._granted = self._granted, None
        return name

    def revoke(self) -> None:
        """Drop a grant not used (the official cancelled the action after the PIN)."""
        self._granted = None
