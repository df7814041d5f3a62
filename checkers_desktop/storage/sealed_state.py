"""Small state files that grant or limit the official's authority, sealed with the install's key.

A :class:`SealedFile` is one JSON object in a file, written atomically and sealed in the seals of
its folder (:func:`.records.write_record` with an explicit key ring), and read back with what its
seal says (:class:`SealedRead`): SOUND, MISSING (never written), REMOVED (its seal is there, the
file is not), DAMAGED (not a JSON object, or too large), CHANGED (the seal does not match) or
UNSEALED (no seal although the install has a key). The callers fail closed on anything but SOUND
and MISSING. Without a key (a key folder that cannot be written) every file reads SOUND when it
can be parsed: nothing can be checked, as for the records.

Used for the laptop's count of wrong PINs (``pin-tries.json``) and the event PIN's sealed copy
(``event-pin.json``), both in the key folder. Pure Python, no Qt.
"""

from __future__ import annotations

import enum
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from .integrity import Integrity, KeyRing
from .records import check_record, has_seal, write_record

__all__ = ["SealedFile", "SealedRead", "SealedState"]

log = logging.getLogger(__name__)

MAX_BYTES = 16 * 1024
"""The largest state file read (bytes); these hold a few hundred bytes."""


class SealedState(enum.Enum):
    """What was found of a sealed file (data; the texts package words it)."""

    SOUND = "sound"
    """Read, and its seal matches (or this install cannot seal at all)."""
    MISSING = "missing"
    """No file and no seal for one: it was never written."""
    REMOVED = "removed"
    """No file, but the folder's seals name one: removed outside the app."""
    DAMAGED = "damaged"
    """A file that is not what it should be (or cannot be read)."""
    CHANGED = "changed"
    """Its seal does not match: changed outside the app."""
    UNSEALED = "unsealed"
    """It carries no seal although this install seals its records: written outside the app."""

    @property
    def sound(self) -> bool:
        """True for SOUND: read, and its seal matches."""
        return self is SealedState.SOUND

    @property
    def trusted(self) -> bool:
        """True for SOUND and MISSING: nothing was done to the file outside the app."""
        return self in (SealedState.SOUND, SealedState.MISSING)


@dataclass(frozen=True)
class SealedRead:
    """What :meth:`SealedFile.read` found: the ``state`` and, when SOUND, the ``data``."""

    state: SealedState
    data: dict[str, Any] = field(default_factory=dict)


class SealedFile:
    """The JSON state at ``path``, sealed with ``keys`` (None: written and read unsealed)."""

    def __init__(self, path: Path, keys: Optional[KeyRing]) -> None:
        self.path = Path(path)
        self.keys = keys

    def write(self, data: dict[str, Any]) -> None:
        """Write ``data`` (a JSON object) atomically and seal it. Raises ``OSError``."""
        text = json.dumps(data, sort_keys=True).encode("utf-8")
        if self.keys is not None and self.keys.key() is not None:
            write_record(self.path, text, self.keys)
        else:
            from .atomic import write_atomic
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, text)

    def read(self) -> SealedRead:
        """The state of the file (see the module text). Never raises."""
        path = self.path
        try:
            if not path.exists():
                sealed = self.keys is not None and self.keys.key() is not None and has_seal(path)
                return SealedRead(SealedState.REMOVED if sealed else SealedState.MISSING)
            if not path.is_file() or path.stat().st_size > MAX_BYTES:
                return SealedRead(SealedState.DAMAGED)
            raw = path.read_bytes()
            data: Any = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                return SealedRead(SealedState.DAMAGED)
            verdict = Integrity.NOT_CHECKED
            if self.keys is not None and self.keys.key() is not None:
                verdict = check_record(path, self.keys, data=raw)
        except (OSError, ValueError) as exc:
            log.error("the state file %s cannot be read: %s", path, exc)
            return SealedRead(SealedState.DAMAGED)
        if verdict is Integrity.UNSEALED:
            return SealedRead(SealedState.UNSEALED)
        if not verdict.trusted:
            return SealedRead(SealedState.CHANGED)
        return SealedRead(SealedState.SOUND, data)
