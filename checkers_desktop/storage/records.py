"""A match's records on disk: every file written atomically and sealed, and checked when read.

A match folder (``<data>/event/<date>_<A>-vs-<B>``) holds ``game-<n>.pdn`` for each game, the
score sheet (``score-sheet.pdf``, or ``.html`` without a PDF writer) and ``seals.json``: for each
record, the seal (:mod:`.integrity`) of its name and bytes. :func:`write_record` writes a record
with :func:`.atomic.write_atomic` and seals it; :func:`check_record` and :func:`check_folder` say
whether each record is still as the app wrote it.

A crash between writing a record and its seal must not make an honest record look changed, so a
seal is changed in three atomic steps: the manifest first accepts the old *and* the new seal, then
the record is replaced, then the manifest keeps only the new seal. Killed at any moment, the
record on disk (old or new) matches a seal.

The install's key (:class:`~.integrity.KeyRing`) and the app's records folder are given once by the
app at start-up (:func:`use_keys`): the match session (which knows no Qt and no install) writes its
records through :func:`write_record` without carrying them. Only records inside that folder are
sealed (a copy of the score sheet saved in the player's documents gets no ``seals.json`` beside
it). Without a key the records are written unsealed, and every check says ``NOT_CHECKED``.

Pure Python, no Qt.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Optional, Union

from .atomic import write_atomic
from .integrity import Integrity, KeyRing
from .keep_aside import keep_aside

__all__ = ["SEALS_FILE", "write_record", "check_record", "check_folder", "use_keys",
           "keys_in_use", "current_keys", "RECORD_SUFFIXES", "has_seal"]

log = logging.getLogger(__name__)

SEALS_FILE = "seals.json"
"""The seals of a folder's records (never a record itself)."""

SEALS_FORMAT = "checkers-desktop seals"
SEALS_MAX_BYTES = 4 * 1024 * 1024
"""The largest seals file read (bytes): a seal is about 100 bytes, a match has a few records."""

RECORD_SUFFIXES = (".pdn", ".pdf", ".html", ".json")
"""What :func:`check_folder` looks at (besides :data:`SEALS_FILE`)."""

PathArg = Union[str, "os.PathLike[str]"]

_keys: Optional[KeyRing] = None
_root: Optional[Path] = None


def use_keys(keys: Optional[KeyRing], root: Optional[PathArg] = None) -> None:
    """Seal the records written under ``root`` (the app's records folder; None: anywhere) with
    ``keys`` from now on (None: unsealed)."""
    global _keys, _root
    _keys, _root = keys, None if root is None else Path(root)


def keys_in_use() -> tuple[Optional[KeyRing], Optional[Path]]:
    """``(keys, root)`` as :func:`use_keys` set them (tests put them back)."""
    return _keys, _root


def current_keys() -> Optional[KeyRing]:
    """The key ring records are sealed with, or None."""
    return _keys


def _default_keys(path: Path) -> Optional[KeyRing]:
    if _keys is None or _root is None:
        return _keys
    try:
        path.resolve().relative_to(_root.resolve())
    except ValueError:
        return None
    return _keys


def _sealed_bytes(name: str, data: bytes) -> bytes:
    """What a record's seal covers: its file name and its bytes (a record copied under another
    record's name does not match)."""
    return name.encode("utf-8", "surrogateescape") + b"\0" + data


def _read_seals(folder: Path) -> dict[str, list[str]]:
    """The folder's seals (name -> accepted seals). A missing file is no seals; a file that is not
    a seals file raises ``ValueError``."""
    from ..inputs import InputError, InputProblem, read_bytes

    try:
        data = read_bytes(folder / SEALS_FILE, SEALS_MAX_BYTES, "seals file")
    except InputError as exc:
        if exc.problem is InputProblem.MISSING:
            return {}
        raise ValueError(exc.reason) from None
    try:
        d = json.loads(data)
    except (ValueError, RecursionError):
        raise ValueError("it is not JSON") from None
    files = d.get("files") if isinstance(d, dict) and d.get("format") == SEALS_FORMAT else None
    if not isinstance(files, dict):
        raise ValueError("it is not a seals file")
    seals: dict[str, list[str]] = {}
    for name, value in files.items():
        values = value if isinstance(value, list) else [value]
        seals[name] = [v for v in values if isinstance(v, str)]
    return seals


def _write_seals(folder: Path, seals: dict[str, list[str]]) -> None:
    text = json.dumps({"format": SEALS_FORMAT, "version": 1, "files": seals}, indent=1,
                      sort_keys=True)
    write_atomic(folder / SEALS_FILE, text.encode("utf-8"))


def _seals_for_update(folder: Path) -> dict[str, list[str]]:
    try:
        return _read_seals(folder)
    except ValueError as exc:
        kept = keep_aside(folder / SEALS_FILE, "damaged", default_suffix=".json")
        log.error("the seals of %s could not be read (%s); kept as %s", folder, exc, kept.name)
        return {}


def _still_matching(path: Path, accepted: list[str], keys: KeyRing) -> list[str]:
    """The seals in ``accepted`` that the record now on disk at ``path`` matches (at most one;
    none when there is no such record or it cannot be read)."""
    if not accepted or not path.is_file():
        return []
    try:
        sealed = _sealed_bytes(path.name, _read_record(path))
    except OSError:
        return []
    return [s for s in accepted if keys.check(sealed, s) is Integrity.VERIFIED][:1]


def write_record(path: PathArg, data: bytes, keys: Optional[KeyRing] = None) -> Path:
    """Write ``data`` to ``path`` atomically (folder created when missing) and seal it in the
    folder's ``seals.json`` with ``keys`` (default: those of :func:`use_keys` when ``path`` is
    under its records folder; none: unsealed).
    Returns the path. Raises ``OSError`` when the record cannot be written (the old record and its
    seal are then still valid)."""
    path = Path(path)
    keys = keys if keys is not None else _default_keys(path)
    key = keys.key() if keys is not None else None
    if keys is None or key is None:
        return write_atomic(path, data)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    seal = key.seal(_sealed_bytes(path.name, data))
    seals = _seals_for_update(folder)
    seals[path.name] = _still_matching(path, seals.get(path.name, []), keys) + [seal]
    _write_seals(folder, seals)          # both the record on disk and the new one match
    write_atomic(path, data)             # the new record
    seals[path.name] = [seal]
    _write_seals(folder, seals)          # only the new one
    return path


RECORD_MAX_BYTES = 64 * 1024 * 1024
"""The largest record checked (bytes); a score sheet PDF is about 50 KB, a game's PDN 2 KB."""


def _read_record(path: Path) -> bytes:
    from ..inputs import InputError, read_bytes

    try:
        return read_bytes(path, RECORD_MAX_BYTES, "record")
    except InputError as exc:
        raise OSError(exc.reason) from None


def check_record(path: PathArg, keys: Optional[KeyRing] = None,
                 data: Optional[bytes] = None) -> Integrity:
    """Whether the record ``path`` (its bytes ``data``, read here when not given) is as this
    install wrote it. A seals file that cannot be read counts as no seals (UNSEALED). Raises
    ``OSError`` when the record itself cannot be read."""
    path = Path(path)
    keys = keys if keys is not None else _keys
    if keys is None or keys.key() is None:
        return Integrity.NOT_CHECKED
    if data is None:
        data = _read_record(path)
    try:
        seals = _read_seals(path.parent)
    except ValueError as exc:
        log.warning("the seals of %s cannot be read: %s", path.parent, exc)
        seals = {}
    accepted = seals.get(path.name, [])
    if not accepted:
        return Integrity.UNSEALED
    sealed = _sealed_bytes(path.name, data)
    verdicts = [keys.check(sealed, seal) for seal in accepted]
    if Integrity.VERIFIED in verdicts:
        return Integrity.VERIFIED
    return verdicts[-1]


def has_seal(path: PathArg) -> bool:
    """True when the seals of ``path``'s folder name ``path`` (it was written and sealed by the
    app; a record missing then was removed outside it). A seals file that cannot be read counts
    as True (fail closed)."""
    path = Path(path)
    try:
        return bool(_read_seals(path.parent).get(path.name))
    except ValueError:
        return True


def check_folder(folder: PathArg, keys: Optional[KeyRing] = None) -> dict[str, Integrity]:
    """Each record in ``folder`` (names ending in :data:`RECORD_SUFFIXES`, temporary and kept-aside
    files skipped) and what its seal says; sealed records that are missing are left out. A
    record that cannot be read counts as CHANGED."""
    folder = Path(folder)
    found: dict[str, Integrity] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.iterdir()):
        name = path.name
        if name == SEALS_FILE or name.startswith(".") or not name.endswith(RECORD_SUFFIXES) \
                or ".changed-" in name or ".damaged-" in name or not path.is_file():
            continue
        try:
            found[name] = check_record(path, keys)
        except OSError as exc:
            log.warning("record %s cannot be read: %s", path, exc)
            found[name] = Integrity.CHANGED
    return found
