"""The laptop's count of wrong official's PINs, shared by every gate and kept across restarts.

One :class:`TryCounter` serves every :class:`~.official_gate.OfficialGate` of the window (each
match, the Event menu's event PIN, the Tournament menu), so a player cannot get fresh tries by
going to another menu or by restarting the app. After :data:`FREE_TRIES` wrong PINs in a row each
further wrong PIN makes the next try wait, :data:`FIRST_WAIT_SECONDS` doubled at each one up to
:data:`LONGEST_WAIT_SECONDS`; a right PIN clears the count.

Kept with a ``store`` (:class:`TriesStore`): ``load() -> (wrong, wait_until, sound)`` and
``save(wrong, wait_until)``; the window's store is a sealed file (``storage.sealed_state``), and
a file that is missing after having been written, damaged or unsealed reads as not sound, which
counts as :data:`FREE_TRIES` wrong tries (fail closed: the next wrong PIN waits). ``wait_until``
is wall-clock seconds (``time.time``), so a restart does not end a wait. No Qt.
"""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING, Callable, Optional, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from ..storage.sealed_state import SealedFile

__all__ = ["TryCounter", "TriesStore", "SealedTriesStore", "FREE_TRIES", "FIRST_WAIT_SECONDS",
           "LONGEST_WAIT_SECONDS"]

log = logging.getLogger(__name__)

FREE_TRIES = 3
"""Wrong PINs in a row before a wait."""
FIRST_WAIT_SECONDS = 30.0
"""The first wait, seconds; doubled at each further wrong PIN."""
LONGEST_WAIT_SECONDS = 15 * 60.0
"""The longest wait, seconds."""


class TriesStore(Protocol):
    def load(self) -> tuple[int, float, bool]: ...

    def save(self, wrong: int, wait_until: float) -> None: ...


class TryCounter:
    """See the module text. ``clock``: wall-clock seconds (tests pass a fake)."""

    def __init__(self, store: Optional[TriesStore] = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.wrong = 0
        self.wait_until = 0.0
        self.load()

    def load(self) -> None:
        """Read the count back from the store (a store that cannot be trusted: the wait)."""
        if self.store is None:
            return
        try:
            wrong, until, sound = self.store.load()
        except Exception:  # noqa: BLE001 - a store that fails keeps the door shut
            log.exception("the count of wrong PINs cannot be read")
            wrong, until, sound = 0, 0.0, False
        if not sound:
            wrong = max(wrong, FREE_TRIES)
        self.wrong = max(0, int(wrong))
        self.wait_until = float(until)

    def _save(self) -> None:
        if self.store is None:
            return
        try:
            self.store.save(self.wrong, self.wait_until)
        except Exception:  # noqa: BLE001 - the count still holds in memory
            log.exception("the count of wrong PINs cannot be kept")

    def wait_seconds(self) -> int:
        """Whole seconds before a PIN may be tried (0: now)."""
        return max(0, math.ceil(self.wait_until - self.clock()))

    def wrong_pin(self) -> int:
        """Count a wrong PIN; returns the wait it starts (0: none yet)."""
        self.wrong += 1
        wait = 0
        if self.wrong >= FREE_TRIES:
            seconds = min(LONGEST_WAIT_SECONDS,
                          FIRST_WAIT_SECONDS * 2 ** (self.wrong - FREE_TRIES))
            self.wait_until = self.clock() + seconds
            wait = math.ceil(seconds)
        self._save()
        return wait

    def right_pin(self) -> None:
        if self.wrong or self.wait_until:
            self.wrong, self.wait_until = 0, 0.0
            self._save()

    @property
    def left(self) -> int:
        """Wrong PINs left before the wait."""
        return max(0, FREE_TRIES - self.wrong)


class SealedTriesStore:
    """The count kept in a sealed state file (``file``: a ``storage.SealedFile``). A file never
    written is a count of zero; one removed, damaged, changed or unsealed outside the app is not
    sound (see :meth:`TryCounter.load`)."""

    def __init__(self, file: "SealedFile") -> None:
        self.file = file

    def load(self) -> tuple[int, float, bool]:
        from ..storage.sealed_state import SealedState

        found = self.file.read()
        if found.state is SealedState.MISSING:
            return 0, 0.0, True
        if found.state is not SealedState.SOUND:
            return 0, 0.0, False
        wrong, until = found.data.get("wrong"), found.data.get("wait_until")
        if isinstance(wrong, bool) or not isinstance(wrong, int) or wrong < 0 \
                or isinstance(until, bool) or not isinstance(until, (int, float)):
            return 0, 0.0, False
        return wrong, float(until), True

    def save(self, wrong: int, wait_until: float) -> None:
        self.file.write({"wrong": int(wrong), "wait_until": float(wait_until)})
