"""Writing a file so that a crash never leaves it half-written: the one helper for every record.

The autosave, each game's PDN, the score sheet (PDF or HTML), the seals of a match folder and the
install's key are all written the same way:

1. the bytes go to a temporary file in the *same* folder (so the rename below stays on one file
   system), which is flushed and ``fsync``-ed;
2. the temporary file takes the real name with ``os.replace`` (atomic on POSIX and on Windows);
3. the folder itself is ``fsync``-ed (POSIX), so that the rename survives a power cut.

A process killed at any moment leaves the old file or the new one under the real name, never a
truncated one; at worst a temporary file (``.<name>-XXXX.tmp``) is left over, which readers
ignore. Pure Python, no Qt.
"""

from __future__ import annotations

import errno
import os
import tempfile
from enum import Enum
from pathlib import Path
from typing import Iterable, Optional, Union

__all__ = ["write_atomic", "write_atomic_parts", "write_temporary", "fsync_folder", "discard_temporary",
           "TEMPORARY_SUFFIX", "WriteFailure", "write_failure"]

TEMPORARY_SUFFIX = ".tmp"
"""Every temporary file made here ends so (and starts with a dot): readers skip such names."""

PathArg = Union[str, "os.PathLike[str]"]
ByteParts = Iterable[Union[bytes, bytearray, memoryview]]
"""A file's bytes in consecutive pieces (a large file written without holding it whole)."""


class WriteFailure(Enum):
    """Why a file could not be written, as the player can act on it (``texts.app`` says it)."""

    NOT_A_FOLDER = "not_a_folder"
    """The folder to write in is a file (or a path through a file)."""
    NOT_PERMITTED = "not_permitted"
    """This user may not write there."""
    DISK_FULL = "disk_full"
    """No space (or quota) left on the disk."""
    READ_ONLY = "read_only"
    """The disk is mounted read-only."""
    OTHER = "other"
    """Anything else: the system's own words are shown with it."""


_FAILURES = {errno.EEXIST: WriteFailure.NOT_A_FOLDER, errno.ENOTDIR: WriteFailure.NOT_A_FOLDER,
             errno.EACCES: WriteFailure.NOT_PERMITTED, errno.EPERM: WriteFailure.NOT_PERMITTED,
             errno.ENOSPC: WriteFailure.DISK_FULL, errno.EROFS: WriteFailure.READ_ONLY}
if hasattr(errno, "EDQUOT"):
    _FAILURES[errno.EDQUOT] = WriteFailure.DISK_FULL


def write_failure(error: BaseException) -> WriteFailure:
    """What kind of failure ``error`` (raised while writing a file or making its folder) is.
    ``FileExistsError`` counts as NOT_A_FOLDER: writing only ever makes folders, and making one
    fails so where a file stands in its place."""
    if isinstance(error, OSError) and error.errno is not None:
        return _FAILURES.get(error.errno, WriteFailure.OTHER)
    return WriteFailure.OTHER


def fsync_folder(folder: PathArg) -> None:
    """Make the renames in ``folder`` durable (POSIX); a no-op where folders cannot be opened or
    synced (Windows, some network file systems)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - unusual file systems
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on folders
        pass
    finally:
        os.close(fd)


def write_temporary(folder: PathArg, data: bytes, *, prefix: str,
                    mode: Optional[int] = None) -> Path:
    """Write ``data`` to a new temporary file ``<prefix>XXXX.tmp`` in ``folder`` (created when
    missing), flushed and ``fsync``-ed, and return its path. ``mode`` (e.g. ``0o600``) sets the
    file's permission bits (the default is the temporary file's own, 0o600 on POSIX).

    Raises ``OSError`` (disk full, no permission); no temporary file is left behind then."""
    return _write_temporary_parts(folder, (data,), prefix=prefix, mode=mode)


def _write_temporary_parts(folder: PathArg, parts: ByteParts, *, prefix: str,
                           mode: Optional[int] = None, make_folder: bool = True) -> Path:
    """:func:`write_temporary` of ``parts`` written one after the other (``make_folder`` False:
    a missing ``folder`` is an error). Whatever ``parts`` raises while it is read passes on, and
    no temporary file is left behind."""
    folder = Path(folder)
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as stream:
            for part in parts:
                stream.write(part)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(name, mode)
    except BaseException:
        discard_temporary(name)
        raise
    return Path(name)


def discard_temporary(path: PathArg) -> None:
    """Remove a temporary file (gone already is fine)."""
    try:
        os.unlink(path)
    except OSError:
        pass


def write_atomic(path: PathArg, data: bytes, *, mode: int = 0o644,
                 make_folder: bool = True) -> Path:
    """Write ``data`` to ``path`` atomically (see the module text) and return the path.

    ``mode``: the permission bits of the new file (0o644: records are for the organiser to read;
    the key uses 0o600). ``make_folder``: make the folder when it is missing (False: a file the
    player chose the place of, whose folder went away meanwhile, is not written). Raises
    ``OSError`` when the file cannot be written; the old file, if any, is then untouched and no
    temporary file is left behind.
    """
    return write_atomic_parts(path, (data,), mode=mode, make_folder=make_folder)


def write_atomic_parts(path: PathArg, parts: ByteParts, *, mode: int = 0o644,
                       make_folder: bool = True) -> Path:
    """:func:`write_atomic` of ``parts`` written one after the other (a large file, such as the
    endgame database, without its bytes in memory at once). What ``parts`` raises while it is
    read passes on, with the old file untouched and no temporary file left."""
    path = Path(path)
    tmp = _write_temporary_parts(path.parent, parts, prefix=f".{path.name}-", mode=mode,
                                 make_folder=make_folder)
    try:
        os.replace(tmp, path)
    except BaseException:
        discard_temporary(tmp)
        raise
    fsync_folder(path.parent)
    return path
