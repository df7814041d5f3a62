"""The official's PIN, kept only as a salted hash (standard library ``hashlib.scrypt``).

A PIN is set by the official at a match's start (kept with the match's records, in
``official.json`` in the match's folder, so that it survives a restart) or once for the whole
event in the settings (the window keeps :meth:`PinHash.to_text` there). The PIN itself is never
stored: :class:`PinHash` holds a random 16-byte salt, the scrypt parameters and the 32-byte key
derived from the PIN, and compares in constant time (``hmac.compare_digest``).

scrypt parameters: n = 2**16, r = 8, p = 1 (64 MiB of memory per check): one check takes about
0.15 s on a 2-core laptop (``benchmarks/pin_hash.py`` measures it and the cost of an offline
search), so that trying every 6-digit PIN against a copied hash costs about 40 CPU-hours, while
the official waits well under half a second (RFC 7914 s2: n is the cost to raise). Hashes stored
with the older n = 2**14 still verify (the parameters travel with the hash). Stored hashes with
larger parameters than :data:`MAX_N`, :data:`MAX_R`, :data:`MAX_P` are refused as damaged (a
forged file must not make the app hash for minutes).

PIN rules (:func:`check_new_pin`): a match PIN has at least :data:`MIN_PIN_LENGTH` characters,
the event PIN at least :data:`MIN_EVENT_PIN_LENGTH` (it guards every match on the laptop); a PIN
that is one character repeated ("1111"), a run up or down ("1234", "4321", "abcd") or a short
block repeated ("1212", "123123") is refused (:func:`weak_pin_reason`): those are the first PINs
anyone tries.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..storage.sealed_state import SealedState
from ..texts import official as official_texts

__all__ = ["PinError", "PinHash", "MIN_PIN_LENGTH", "MIN_EVENT_PIN_LENGTH", "MAX_PIN_LENGTH",
           "check_new_pin", "weak_pin_reason", "PIN_FILE", "save_match_pin", "load_match_pin",
           "MatchPin", "PinFileState"]

log = logging.getLogger(__name__)

MIN_PIN_LENGTH = 4
"""Shortest match PIN, characters (digits or letters)."""
MIN_EVENT_PIN_LENGTH = 6
"""Shortest event PIN, characters: it guards every match on the laptop."""
MAX_PIN_LENGTH = 64
"""Longest PIN, characters."""
SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES, SALT_BYTES = 2 ** 16, 8, 1, 32, 16
MAX_N, MAX_R, MAX_P = 2 ** 17, 16, 4
_SCRYPT_MAXMEM = 256 * 1024 * 1024
PIN_FILE = "official.json"
"""The match's PIN file in its records folder."""
_MAX_FILE_BYTES = 4096


class PinError(ValueError):
    """A PIN that cannot be used (too short, too long, the two entries differ) or a stored hash
    that cannot be read; the message is the sentence to say."""


@dataclass(frozen=True)
class PinHash:
    """A salted scrypt hash of a PIN. Make one with :meth:`make`, check a PIN with
    :meth:`matches`, store it with :meth:`to_text` and read it back with :meth:`from_text`."""

    salt: bytes
    key: bytes
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    @classmethod
    def make(cls, pin: str, salt: Optional[bytes] = None) -> "PinHash":
        """The hash of ``pin`` with a new random salt (or ``salt``). Raises :class:`PinError`
        for a PIN shorter than :data:`MIN_PIN_LENGTH` or longer than :data:`MAX_PIN_LENGTH`."""
        _check_length(pin)
        salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
        return cls(salt, _derive(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))

    def matches(self, pin: str) -> bool:
        """True when ``pin`` is the PIN hashed (constant-time comparison); a PIN of a length no
        PIN can have is False without hashing."""
        if not isinstance(pin, str) or not MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH:
            return False
        return hmac.compare_digest(_derive(pin, self.salt, self.n, self.r, self.p), self.key)

    def to_text(self) -> str:
        """"scrypt$16384$8$1$<salt, base64>$<key, base64>"."""
        salt = base64.b64encode(self.salt).decode("ascii")
        key = base64.b64encode(self.key).decode("ascii")
        return f"scrypt${self.n}${self.r}${self.p}${salt}${key}"

    @classmethod
    def from_text(cls, text: str) -> "PinHash":
        """The hash written by :meth:`to_text`. Raises :class:`PinError` for anything else
        (including parameters above the limits)."""
        parts = text.split("$") if isinstance(text, str) and len(text) < 400 else []
        try:
            name, n_text, r_text, p_text, salt_text, key_text = parts
            n, r, p = int(n_text), int(r_text), int(p_text)
            salt = base64.b64decode(salt_text, validate=True)
            key = base64.b64decode(key_text, validate=True)
        except (ValueError, binascii.Error):
            raise PinError(official_texts.pin_damaged_text()) from None
        if name != "scrypt" or not (2 <= n <= MAX_N and n & (n - 1) == 0 and 1 <= r <= MAX_R
                                    and 1 <= p <= MAX_P and 8 <= len(salt) <= 64
                                    and len(key) == KEY_BYTES):
            raise PinError(official_texts.pin_damaged_text())
        return cls(salt, key, n, r, p)


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=KEY_BYTES,
                          maxmem=_SCRYPT_MAXMEM)


def _check_length(pin: str) -> None:
    if len(pin) < MIN_PIN_LENGTH:
        raise PinError(official_texts.pin_too_short_text(MIN_PIN_LENGTH))
    if len(pin) > MAX_PIN_LENGTH:
        raise PinError(official_texts.pin_too_long_text(MAX_PIN_LENGTH))


def weak_pin_reason(pin: str) -> Optional[str]:
    """Why ``pin`` is too easy to guess ("repeat", "sequence"), or None. A run is each character
    one code point above (or below) the one before it; a repeat is a block of one to three
    characters written again and again to fill the PIN."""
    if not pin:
        return None
    low = pin.lower()
    for block in (1, 2, 3):
        if len(low) >= 2 * block and len(low) % block == 0 \
                and low == low[:block] * (len(low) // block):
            return "repeat"
    steps = {ord(b) - ord(a) for a, b in zip(low, low[1:])}
    if steps in ({1}, {-1}):
        return "sequence"
    return None


def check_new_pin(pin: str, again: str, *, event: bool = False) -> str:
    """``pin`` when it may be set: long enough (:data:`MIN_EVENT_PIN_LENGTH` for the event PIN,
    ``event``; :data:`MIN_PIN_LENGTH` for a match's), not too long, not a repeat nor a run
    (:func:`weak_pin_reason`), typed the same twice. Raises :class:`PinError` saying what is
    wrong."""
    shortest = MIN_EVENT_PIN_LENGTH if event else MIN_PIN_LENGTH
    if len(pin) < shortest:
        raise PinError(official_texts.pin_too_short_text(shortest))
    _check_length(pin)
    weak = weak_pin_reason(pin)
    if weak is not None:
        raise PinError(official_texts.pin_too_easy_text(weak))
    if pin != again:
        raise PinError(official_texts.pins_differ_text())
    return pin


PinFileState = SealedState
"""What was found of a match's PIN file (``texts.official`` words it): the states of every
sealed file; MISSING there means the match was started without a PIN of its own."""


@dataclass(frozen=True)
class MatchPin:
    """What :func:`read_match_pin` found: the ``state``, and when sound the ``pin``, the
    ``official``'s name and the ``guard`` ("match": the official's own PIN for the match;
    "event": the event PIN in force when the match started)."""

    state: PinFileState
    pin: Optional[PinHash] = None
    official: str = ""
    guard: str = "match"


_FORMAT = "checkers-desktop official"


def save_match_pin(folder: Path, pin: PinHash, official: str, *, guard: str = "match") -> Path:
    """Write the match's PIN hash, the official's name and what the PIN is (``guard``: "match"
    or "event") to ``folder``/``official.json``, atomically and sealed with the install's key
    (``storage.records.write_record``: a changed, removed or unsealed file is noticed by
    :func:`read_match_pin`). Raises ``OSError``."""
    from ..storage.records import write_record

    folder = Path(folder)
    data = json.dumps({"format": _FORMAT, "official": official, "pin": pin.to_text(),
                       "guard": guard}, sort_keys=True).encode("utf-8")
    return write_record(folder / PIN_FILE, data)


def read_match_pin(folder: Optional[Path]) -> MatchPin:
    """The match's PIN file in ``folder``, checked against its seal (see :class:`PinFileState`).
    Never raises: what cannot be read is DAMAGED (logged)."""
    from ..storage.integrity import Integrity
    from ..storage.records import check_record, has_seal

    if folder is None:
        return MatchPin(PinFileState.MISSING)
    path = Path(folder) / PIN_FILE
    try:
        if not path.exists():
            return MatchPin(PinFileState.REMOVED if has_seal(path) else PinFileState.MISSING)
        if not path.is_file() or path.stat().st_size > _MAX_FILE_BYTES:
            raise PinError("not a PIN file")
        raw = path.read_bytes()
        integrity = check_record(path, data=raw)
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise PinError("not a PIN file")
        official = data.get("official", "")
        guard = data.get("guard", "match")
        pin = PinHash.from_text(data["pin"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.error("the match's official PIN in %s cannot be read: %s", path, exc)
        return MatchPin(PinFileState.DAMAGED)
    if integrity is Integrity.UNSEALED:
        return MatchPin(PinFileState.UNSEALED)
    if not integrity.trusted:
        return MatchPin(PinFileState.CHANGED)
    return MatchPin(PinFileState.SOUND, pin, official if isinstance(official, str) else "",
                    guard if guard in ("match", "event") else "match")


def load_match_pin(folder: Optional[Path]) -> Optional[tuple[PinHash, str]]:
    """The PIN hash and official's name kept with the match in ``folder`` when the file is sound
    (:func:`read_match_pin`), else None."""
    found = read_match_pin(folder)
    if not found.state.sound or found.pin is None:
        return None
    return found.pin, found.official
