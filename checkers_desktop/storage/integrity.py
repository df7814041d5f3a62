"""Seals on the app's records: an HMAC-SHA256 with a key that belongs to this install.

Every record the app writes (the autosave, each game's PDN, the score sheet) carries a *seal*: an
HMAC-SHA256 (RFC 2104, the standard library's :mod:`hmac`) of its bytes under a secret key of 32
random bytes made once for this install (:func:`secrets.token_bytes`). A record edited outside the
app (in a text editor, by a script) no longer matches its seal, and the app says so. The key is
kept apart from the records, in the app's own configuration area, readable by its owner only
(0o600 in a 0o700 folder), so that handing the records folder to an organiser never hands over the
key.

What a seal can and cannot tell: it shows that a record was changed by something other than this
install of the app; it does not stop someone who can read the key (the same user account) from
forging one. It is a tamper-*evident* check for an event laptop, not a signature.

Seal text: ``hmac-sha256:<key id>:<64 hex digits>``; the key id is the first 8 hex digits of the
SHA-256 of the key (public: it tells "sealed on another install" from "changed").

Pure Python, no Qt. The UI gives the key's folder.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
import logging
import os
import secrets
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from .atomic import discard_temporary, fsync_folder, write_temporary
from .keep_aside import keep_aside

__all__ = ["Integrity", "RecordKey", "KeyRing", "KEY_FILE_NAME", "SEAL_SCHEME", "canonical_json",
           "load_or_create_key", "KeyUnavailableError"]

log = logging.getLogger(__name__)

KEY_FILE_NAME = "record-key"
"""The key's file name inside the key folder."""

KEY_BYTES = 32
"""Length of the secret key (bytes): SHA-256's block-sized security level, as RFC 2104 advises
(at least the hash's output length)."""

SEAL_SCHEME = "hmac-sha256"
"""The first part of every seal."""

_KEY_HEADER = "checkers-desktop-record-key-1"
"""The first word of a key file; the second is the key in hex."""
_KEY_FILE_MAX = 1024
"""A key file is about 100 bytes; anything larger is not a key file."""


class Integrity(enum.Enum):
    """What a record's seal says (data; ``texts.app`` words it for players and officials)."""

    VERIFIED = "verified"
    """Sealed by this install and unchanged since."""
    CHANGED = "changed"
    """Sealed by this install, but its content no longer matches: changed outside the app (or a
    seal that is not a seal)."""
    UNSEALED = "unsealed"
    """It carries no seal: written by an older version, or the seal was removed."""
    OTHER_INSTALL = "other install"
    """Sealed with another install's key: it cannot be checked here."""
    NOT_CHECKED = "not checked"
    """This install has no key (its folder cannot be written), so nothing can be checked."""

    @property
    def trusted(self) -> bool:
        """True when nothing needs saying (verified, or nothing could be checked at all)."""
        return self in (Integrity.VERIFIED, Integrity.NOT_CHECKED)


class KeyUnavailableError(OSError):
    """The install's key can neither be read nor made (a folder that cannot be written)."""


def canonical_json(value: Any) -> bytes:
    """The bytes a JSON value is sealed over: sorted keys, no spaces, UTF-8, no NaN. The same value
    read back from any JSON layout gives the same bytes. Raises ``TypeError``/``ValueError`` for
    what JSON cannot hold."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


@dataclass(frozen=True)
class RecordKey:
    """This install's secret (``secret``: 32 bytes, never shown) and its public ``key_id``."""

    secret: bytes = field(repr=False)
    key_id: str = ""

    @classmethod
    def from_secret(cls, secret: bytes) -> "RecordKey":
        return cls(secret, hashlib.sha256(secret).hexdigest()[:8])

    def seal(self, data: bytes) -> str:
        """The seal of ``data``: ``hmac-sha256:<key id>:<hex>``."""
        digest = hmac.new(self.secret, data, hashlib.sha256).hexdigest()
        return f"{SEAL_SCHEME}:{self.key_id}:{digest}"

    def check(self, data: bytes, seal: Optional[str]) -> Integrity:
        """What ``seal`` says about ``data`` (constant-time comparison, ``hmac.compare_digest``).
        None or "" is UNSEALED; a seal of another key is OTHER_INSTALL; anything else that does
        not match (a wrong digest, a malformed seal) is CHANGED."""
        if not seal:
            return Integrity.UNSEALED
        if not isinstance(seal, str):
            return Integrity.CHANGED
        parts = seal.split(":")
        if len(parts) == 3 and parts[0] == SEAL_SCHEME and parts[1] != self.key_id \
                and len(parts[1]) == 8:
            return Integrity.OTHER_INSTALL
        if hmac.compare_digest(seal.encode("utf-8", "replace"), self.seal(data).encode()):
            return Integrity.VERIFIED
        return Integrity.CHANGED


def _read_key(path: Path) -> Optional[RecordKey]:
    """The key in ``path``; None when there is no such file. Raises ``ValueError`` for a file that
    is not a key file, ``OSError`` when it cannot be read."""
    from ..inputs import InputError, InputProblem, read_bytes

    try:
        data = read_bytes(path, _KEY_FILE_MAX, "key file")
    except InputError as exc:
        if exc.problem is InputProblem.MISSING:
            return None
        if exc.problem in (InputProblem.TOO_LARGE, InputProblem.FOLDER,
                           InputProblem.NOT_REGULAR):
            raise ValueError(exc.reason) from None
        raise OSError(exc.reason) from None
    try:
        header, digits = data.decode("ascii").split()
        secret = bytes.fromhex(digits)
    except ValueError:
        raise ValueError("it is not a key file") from None
    if header != _KEY_HEADER or len(secret) != KEY_BYTES:
        raise ValueError("it is not a key file")
    mode = os.stat(path).st_mode
    if mode & 0o077:
        try:
            os.chmod(path, 0o600)
            log.warning("the record key %s could be read by others; now owner-only", path)
        except OSError as exc:  # pragma: no cover - a file owned by someone else
            log.warning("the record key %s could be read by others (%s)", path, exc)
    return RecordKey.from_secret(secret)


def _key_text(secret: bytes) -> bytes:
    return f"{_KEY_HEADER} {secret.hex()}\n".encode("ascii")


def load_or_create_key(folder: Union[str, os.PathLike[str]]) -> RecordKey:
    """This install's key, from ``folder/record-key``, made there the first time.

    The folder is made owner-only (0o700). The key is written once, atomically and exclusively:
    a temporary file (0o600, ``fsync``-ed) is hard-linked to the real name, which fails if another
    process made the key first, and then that key is used. A key file that is not a key file is
    kept aside (``record-key.damaged-<time>``) and a new key made; records sealed with the old one
    then read as changed. Raises :class:`KeyUnavailableError` when the folder cannot be written.
    """
    folder = Path(folder)
    path = folder / KEY_FILE_NAME
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if stat.S_IMODE(os.stat(folder).st_mode) & 0o077:
            os.chmod(folder, 0o700)
        try:
            key = _read_key(path)
        except ValueError as exc:
            kept = keep_aside(path, "damaged")
            log.error("the record key %s is not a key file (%s); kept as %s, a new key is made",
                      path, exc, kept.name)
            key = None
        if key is not None:
            return key
        secret = secrets.token_bytes(KEY_BYTES)
        tmp = write_temporary(folder, _key_text(secret), prefix=".record-key-", mode=0o600)
        try:
            os.link(tmp, path)
        except FileExistsError:
            log.info("another process made the record key first; using it")
        finally:
            discard_temporary(tmp)
        fsync_folder(folder)
        key = _read_key(path)
        if key is None:  # pragma: no cover - removed between link and read
            raise KeyUnavailableError(f"the record key {path} vanished")
        return key
    except KeyUnavailableError:
        raise
    except (OSError, ValueError) as exc:
        raise KeyUnavailableError(f"the record key cannot be kept in {folder} "
                                  f"({getattr(exc, 'strerror', None) or exc})") from None


class KeyRing:
    """This install's key, found (or made) on first use in ``folder``, then kept in memory.

    :meth:`key` returns the :class:`RecordKey`, or None when it cannot be had (the reason is then
    in :attr:`problem`, and records are written unsealed). Safe to call from any thread.
    """

    def __init__(self, folder: Union[str, os.PathLike[str]]) -> None:
        self.folder = Path(folder)
        self.problem: Optional[str] = None
        self._key: Optional[RecordKey] = None
        self._tried = False
        self._lock = threading.Lock()

    @classmethod
    def of(cls, key: RecordKey) -> "KeyRing":
        """A key ring holding ``key`` (tests, tools): nothing is read or written."""
        ring = cls(Path("."))
        ring._key, ring._tried = key, True
        return ring

    def key(self) -> Optional[RecordKey]:
        with self._lock:
            if not self._tried:
                self._tried = True
                try:
                    self._key = load_or_create_key(self.folder)
                except KeyUnavailableError as exc:
                    self.problem = str(exc)
                    log.error("records will not be sealed: %s", exc)
            return self._key

    def seal(self, data: bytes) -> Optional[str]:
        """The seal of ``data``, or None without a key."""
        key = self.key()
        return None if key is None else key.seal(data)

    def check(self, data: bytes, seal: Optional[str]) -> Integrity:
        """What ``seal`` says about ``data`` (NOT_CHECKED without a key)."""
        key = self.key()
        return Integrity.NOT_CHECKED if key is None else key.check(data, seal)
