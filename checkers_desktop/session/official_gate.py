"""Who may act as the official: the official's PIN, asked before each of the official's actions.

An :class:`OfficialGate` is protected when a PIN is set for the match (:attr:`match_pin`, set by
the official at the match's start) or for the event (``event_pin()``, set once in the settings).
Before an official's action the window asks for the PIN and the official's name and calls
:meth:`OfficialGate.unlock`; a right PIN grants one action, which :meth:`OfficialGate.take`
consumes (the match's official actions call it first and record the name it returns). Without
the grant :meth:`take` raises :class:`OfficialOnlyError`, whose message tells the player that the
action is the official's.

Wrong PINs are rate-limited: after :data:`MAX_ATTEMPTS` wrong PINs in a row the gate stays shut
for :data:`LOCK_SECONDS`, doubled at each further wrong PIN after that, up to
:data:`MAX_LOCK_SECONDS`; a right PIN resets the count. Time comes from ``time_source``
(monotonic seconds). No Qt.
"""

from __future__ import annotations

import enum
import math
import time
from dataclasses import dataclass
from typing import Callable, Optional

from ..texts import official as official_texts
from .official_pin import PinHash

__all__ = ["OfficialGate", "OfficialOnlyError", "Unlock", "UnlockResult", "MAX_ATTEMPTS",
           "LOCK_SECONDS", "MAX_LOCK_SECONDS"]

MAX_ATTEMPTS = 3
"""Wrong PINs in a row before the gate stays shut for a while."""
LOCK_SECONDS = 30.0
"""How long the gate stays shut after :data:`MAX_ATTEMPTS` wrong PINs, seconds."""
MAX_LOCK_SECONDS = 300.0


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
                 time_source: Callable[[], float] = time.monotonic) -> None:
        self.event_pin = event_pin
        self.time_source = time_source
        self.match_pin: Optional[PinHash] = None
        self.official = ""
        """The official's name last given (at the match's start or with the PIN)."""
        self._granted: Optional[str] = None
        self._wrong = 0
        self._locked_until = 0.0

    # --- state ------------------------------------------------------------------------
    def pins(self) -> list[PinHash]:
        return [p for p in (self.match_pin, self.event_pin()) if p is not None]

    @property
    def protected(self) -> bool:
        """True when a PIN is set: the official's actions ask for it."""
        return bool(self.pins())

    def wait_seconds(self) -> int:
        """Whole seconds before a PIN may be tried again (0: now)."""
        return max(0, math.ceil(self._locked_until - self.time_source()))

    # --- the PIN ----------------------------------------------------------------------
    def unlock(self, pin: str, official: str = "") -> UnlockResult:
        """Try ``pin`` (given with the ``official``'s name, kept for the record). The right PIN
        grants one action; a wrong one counts towards the wait."""
        pins = self.pins()
        if not pins:
            return UnlockResult(Unlock.NOT_SET)
        wait = self.wait_seconds()
        if wait:
            return UnlockResult(Unlock.LOCKED, official_texts.pin_locked_text(wait),
                                wait_seconds=wait)
        if any(p.matches(pin) for p in pins):
            self._wrong = 0
            name = official.strip() or self.official
            self.official = name
            self._granted = name
            return UnlockResult(Unlock.OPEN)
        self._wrong += 1
        if self._wrong >= MAX_ATTEMPTS:
            times = 2 ** (self._wrong - MAX_ATTEMPTS)
            seconds = min(MAX_LOCK_SECONDS, LOCK_SECONDS * times)
            self._locked_until = self.time_source() + seconds
            wait = self.wait_seconds()
            return UnlockResult(Unlock.LOCKED, official_texts.pin_locked_text(wait),
                                wait_seconds=wait)
        left = MAX_ATTEMPTS - self._wrong
        return UnlockResult(Unlock.WRONG, official_texts.pin_wrong_text(left),
                            attempts_left=left)

    def granted(self) -> bool:
        """True when an action was granted and not yet taken (or no PIN is set)."""
        return not self.protected or self._granted is not None

    def take(self, action: str) -> str:
        """Consume the grant for the official's ``action`` (a kind such as "pause") and return the
        acting official's name ("" when none was given). Without a PIN set, the match's
        official. Raises :class:`OfficialOnlyError` when a PIN is set and was not given."""
        if not self.protected:
            return self.official
        if self._granted is None:
            raise OfficialOnlyError(official_texts.officials_action_text(action))
        name, self._granted = self._granted, None
        return name

    def revoke(self) -> None:
        """Drop a grant not used (the official cancelled the action after the PIN)."""
        self._granted = None
