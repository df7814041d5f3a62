"""The official's PIN, kept only as a salted hash (standard library ``hashlib.scrypt``).

A PIN is set by the official at a match's start (kept with the match's records, in
``official.json`` in the match's folder, so that it survives a restart) or once for the whole
event in the settings (the window keeps :meth:`PinHash.to_text` there). The PIN itself is never
stored: :class:`PinHash` holds a random 16-byte salt, the scrypt parameters and the 32-byte key
derived from the PIN, and compares in constant time (``hmac.compare_digest``).

scrypt parameters: n = 2**14, r = 8, p = 1 (16 MiB, about 50 ms on an event laptop), as
recommended for interactive logins in RFC 7914 s2 and the Python documentation of
``hashlib.scrypt``. Stored hashes with larger parameters than :data:`MAX_N`, :data:`MAX_R`,
:data:`MAX_P` are refused as damaged (a forged file must not make the app hash for minutes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import os
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..texts import official as official_texts

__all__ = ["PinError", "PinHash", "MIN_PIN_LENGTH", "MAX_PIN_LENGTH", "check_new_pin",
           "PIN_FILE", "save_match_pin", "load_match_pin"]

log = logging.getLogger(__name__)

MIN_PIN_LENGTH = 4
"""Shortest PIN, characters (digits or letters)."""
MAX_PIN_LENGTH = 64
"""Longest PIN, characters."""
SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES, SALT_BYTES = 2 ** 14, 8, 1, 32, 16
MAX_N, MAX_R, MAX_P = 2 ** 16, 16, 4
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
        b64 = lambda b: base64.b64encode(b).decode("ascii")  # noqa: E731
        return f"scrypt${self.n}${self.r}${self.p}${b64(self.salt)}${b64(self.key)}"

    @classmethod
    def from_text(cls, text: str) -> "PinHash":
        """The hash written by :meth:`to_text`. Raises :class:`PinError` for anything else
        (including parameters above the limits)."""
        parts = text.split("$") if isinstance(text, str) and len(text) < 400 else []
        try:
            name, n, r, p, salt, key = parts
            n, r, p = int(n), int(r), int(p)
            salt = base64.b64decode(salt, validate=True)
            key = base64.b64decode(key, validate=True)
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


def check_new_pin(pin: str, again: str) -> str:
    """``pin`` when it may be set: long enough, not too long, typed the same twice. Raises
    :class:`PinError` saying what is wrong."""
    _check_length(pin)
    if pin != again:
        raise PinError(official_texts.pins_differ_text())
    return pin


def save_match_pin(folder: Path, pin: PinHash, official: str) -> Path:
    """Write the match's PIN hash and official's name to ``folder``/``official.json``
    atomically (a temporary file, ``fsync``, ``os.replace``). Raises ``OSError``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PIN_FILE
    data = json.dumps({"official": official, "pin": pin.to_text()}).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=".official-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load_match_pin(folder: Optional[Path]) -> Optional[tuple[PinHash, str]]:
    """The PIN hash and official's name kept with the match in ``folder``, or None when there is
    none or it cannot be read (logged: the event PIN, if any, then guards the match)."""
    if folder is None:
        return None
    path = Path(folder) / PIN_FILE
    try:
        if path.stat().st_size > _MAX_FILE_BYTES:
            raise PinError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
        official = data.get("official", "") if isinstance(data, dict) else ""
        return PinHash.from_text(data["pin"]), official if isinstance(official, str) else ""
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.error("the match's official PIN in %s cannot be read: %s", path, exc)
        return None
