"""The event PIN, kept twice and sealed, read failing closed; and its recovery code.

The event PIN's hash is kept in the settings (``get_text``/``set_text``: the line the window has
always kept, with its seal beside it, ``get_seal``/``set_seal``) and in a sealed file in the key
folder (``file``, a ``storage.SealedFile``: the hash and the hash of the recovery code). Both are
written by :meth:`EventPinStore.set` only. :meth:`EventPinStore.read` compares them:

- both there, sealed and the same: the event PIN (:attr:`EventPinState.pin`);
- neither there, and no trace of the file (its seal): no event PIN;
- the settings line removed or changed outside the app (a hash of someone's own, the seal
  removed), or the file removed, damaged, unsealed or changed: *locked* (:attr:`problem`: "event
  removed", "event changed", "event damaged"), the event PIN guards nothing and opens nothing,
  and only a recovery PIN (:attr:`recovery`: the event PIN from the copy that is still sound, and
  the recovery code) opens the official's actions; :meth:`repair` then writes both copies again.

The recovery code (12 digits, :func:`new_recovery_code`) is made when the event PIN is set and
shown once; only its scrypt hash is kept. An install whose settings have an event PIN without a
seal and no file at all (written by an older version) is taken as it is and sealed (the one case
where an unsealed copy is believed: nothing shows it was ever sealed). No Qt.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Callable, Optional

from ..storage.integrity import Integrity, KeyRing, RecordKey
from ..storage.sealed_state import SealedFile, SealedState
from .official_pin import PinError, PinHash

__all__ = ["EventPinStore", "EventPinState", "new_recovery_code", "RECOVERY_DIGITS"]

log = logging.getLogger(__name__)

RECOVERY_DIGITS = 12
"""Digits of a recovery code: 10**12 codes, far beyond an offline search at scrypt's cost."""

_SEALED_PREFIX = b"checkers-desktop event pin\0"


def new_recovery_code() -> str:
    """A random recovery code of :data:`RECOVERY_DIGITS` digits (``secrets``)."""
    return "".join(str(secrets.randbelow(10)) for _ in range(RECOVERY_DIGITS))


@dataclass(frozen=True)
class EventPinState:
    """The event PIN now: ``pin`` (None: none set, or locked), ``problem`` (why the official's
    actions are locked, or None) and ``recovery`` (the PINs that open them again)."""

    pin: Optional[PinHash] = None
    problem: Optional[str] = None
    sound_pin: Optional[PinHash] = None
    """The event PIN of the copy that is still sound (None: none)."""
    code: Optional[PinHash] = None
    """The recovery code's hash (None: none kept)."""

    @property
    def recovery(self) -> list[PinHash]:
        return [p for p in (self.sound_pin, self.code) if p is not None]


class EventPinStore:
    """See the module text. ``keys``: the install's key ring (None: nothing sealed)."""

    def __init__(self, get_text: Callable[[], str], set_text: Callable[[str], None],
                 get_seal: Callable[[], str], set_seal: Callable[[str], None],
                 file: SealedFile, keys: Optional[KeyRing]) -> None:
        self.get_text, self.set_text = get_text, set_text
        self.get_seal, self.set_seal = get_seal, set_seal
        self.file = file
        self.keys = keys

    # --- sealing the settings line ------------------------------------------------------------
    def _key(self) -> Optional[RecordKey]:
        return self.keys.key() if self.keys is not None else None

    def _seal_of(self, text: str) -> str:
        key = self._key()
        return "" if key is None else key.seal(_SEALED_PREFIX + text.encode("utf-8"))

    def _line_sealed(self, text: str, seal: str) -> Optional[bool]:
        """True when the settings line carries this install's seal; None without a key."""
        key = self._key()
        if key is None:
            return None
        return key.check(_SEALED_PREFIX + text.encode("utf-8"), seal or None) \
            is Integrity.VERIFIED

    # --- reading ------------------------------------------------------------------------------
    def read(self) -> EventPinState:
        text = (self.get_text() or "").strip()
        seal = (self.get_seal() or "").strip()
        found = self.file.read()
        line_sealed = self._line_sealed(text, seal) if text else False
        line_pin = _parse(text)
        if found.state is SealedState.SOUND:
            raw_pin = found.data.get("pin")
            file_pin = _parse(raw_pin)
            code = _parse(found.data.get("recovery"))
            if raw_pin and file_pin is None:
                return EventPinState(problem="event damaged", code=code)
            if file_pin is None:  # the event PIN was removed in the app
                if text:
                    return EventPinState(problem="event changed", code=code)
                return EventPinState(code=code)
            if not text:
                return EventPinState(problem="event removed", sound_pin=file_pin, code=code)
            if line_pin != file_pin or line_sealed is False:
                return EventPinState(problem="event changed", sound_pin=file_pin, code=code)
            return EventPinState(file_pin, None, file_pin, code)
        if found.state is SealedState.MISSING:
            if not text:
                return EventPinState()
            if line_pin is None or (line_sealed is False and seal):
                return EventPinState(problem="event changed")
            # sealed line with no file (the file never made), or an older install's line
            self._write_file(line_pin, None)
            if line_sealed is False:
                self.set_seal(self._seal_of(text))
            return EventPinState(line_pin, None, line_pin)
        # the file removed, damaged, unsealed or changed outside the app
        sound = line_pin if line_pin is not None and line_sealed else None
        problem = "event removed" if found.state is SealedState.REMOVED else "event damaged" \
            if found.state is SealedState.DAMAGED else "event changed"
        return EventPinState(problem=problem, sound_pin=sound)

    # --- writing ------------------------------------------------------------------------------
    def _write_file(self, pin: Optional[PinHash], recovery: Optional[PinHash]) -> None:
        data = {"format": "checkers-desktop event pin",
                "pin": pin.to_text() if pin is not None else "",
                "recovery": recovery.to_text() if recovery is not None else ""}
        try:
            self.file.write(data)
        except OSError as exc:
            log.error("the event PIN's sealed copy cannot be written: %s", exc)

    def set(self, pin: Optional[PinHash], recovery_code: Optional[str] = None) -> None:
        """Set the event PIN to ``pin`` (None: remove it) with the hash of ``recovery_code``."""
        text = pin.to_text() if pin is not None else ""
        recovery = PinHash.make(recovery_code) if recovery_code else None
        self._write_file(pin, recovery)
        self.set_text(text)
        self.set_seal(self._seal_of(text) if text else "")

    def repair(self) -> None:
        """The official opened the locked actions with a recovery PIN: both copies are written
        again from the sound one (no sound copy, opened by the recovery code: the event PIN is
        removed, to be set again; the recovery code is kept)."""
        state = self.read()
        pin = state.sound_pin
        text = pin.to_text() if pin is not None else ""
        data = {"format": "checkers-desktop event pin", "pin": text,
                "recovery": state.code.to_text() if state.code is not None else ""}
        try:
            self.file.write(data)
        except OSError as exc:
            log.error("the event PIN's sealed copy cannot be written: %s", exc)
        self.set_text(text)
        self.set_seal(self._seal_of(text) if text else "")

def _parse(text: object) -> Optional[PinHash]:
    if not isinstance(text, str) or not text:
        return None
    try:
        return PinHash.from_text(text)
    except PinError:
        return None
