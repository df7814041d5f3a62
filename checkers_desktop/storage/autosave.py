"""Autosave: the game in progress written after every move and every official's action.

Files in the folder the UI gives (the app's data folder):

- ``autosave.json``: the last save (a :class:`~.snapshot.Snapshot` as JSON, sealed);
- ``autosave.prev.json``: the save before it;
- ``.autosave-XXXX.tmp``: a save being written (or one whose renames a crash interrupted);
- ``autosave.<label>-YYYYmmdd-HHMMSS.json`` with ``<label>.txt`` beside it: a save that was not
  used, kept aside for the organiser with the reason (``damaged``: not a save, a malformed field,
  moves that do not replay; ``refused``: a position no game could reach; ``unreadable``: a file
  this user may not read, or not a file at all; ``declined``: the player said No). Nothing kept
  aside is ever deleted.

**Writing.** Each save carries a sequence number (1, 2, ...) and a seal (:mod:`.integrity`, the
install's key). Its text goes to a temporary file in the same folder, flushed and ``fsync``-ed
(:mod:`.atomic`); the last save becomes ``autosave.prev.json`` and the temporary file takes its
place (``os.replace`` both times), then the folder is ``fsync``-ed.

**Reading** (:meth:`AutosaveStore.load_result`). A crash can stop that sequence anywhere, so every
candidate is read: ``autosave.json``, ``autosave.prev.json`` and each temporary file. A temporary
file that is not complete JSON was never a finished save and is removed; every other candidate is
checked in full (JSON, format and version, every field, the seal, the moves replayed, the referee
and the match rebuilt), and the *newest complete save* (the highest sequence number) wins, whatever
was interrupted. A save completed but left under its temporary name is put in place. Every
exception while reading a candidate is caught here, in one place: the file is kept aside with the
reason and named in the result. Pure Python, no Qt; no sentences for players (the session layer
words the result).
"""

from __future__ import annotations

import enum
import json
import logging
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Optional, Union

from .atomic import TEMPORARY_SUFFIX, discard_temporary, fsync_folder, write_atomic, \
    write_temporary
from .integrity import Integrity, KeyRing, canonical_json
from .keep_aside import keep_aside
from .snapshot import (DamagedAutosaveError, Snapshot, UnreachablePositionError, restore_match,
                       restore_referee)

__all__ = ["AutosaveStore", "LoadResult", "SaveProblem", "SetAside", "Source",
           "MAX_SAVE_BYTES"]

log = logging.getLogger(__name__)

_TMP_PREFIX = ".autosave-"

MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The largest save read (bytes). A save of a 200-move match game with its earlier games and
every logged action is under 100 KB; the longest game the PDN reader accepts (10,000 plies) under
1 MB."""


class SaveProblem(enum.Enum):
    """Why a save was not used (data; the texts package words it)."""

    DAMAGED = "damaged"
    """Not a save of this app, a malformed field, moves that do not replay."""
    UNREACHABLE = "refused"
    """A position no game could reach (:class:`~.snapshot.UnreachablePositionError`)."""
    NOT_PERMITTED = "not permitted"
    """This user may not read the file: it is not damaged, and not changed."""
    UNREADABLE = "unreadable"
    """Not a file (a folder, a FIFO), too large, or an input/output error."""


_LABELS = {SaveProblem.DAMAGED: "damaged", SaveProblem.UNREACHABLE: "refused",
           SaveProblem.NOT_PERMITTED: "unreadable", SaveProblem.UNREADABLE: "unreadable"}


class Source(enum.Enum):
    """Which file a save came from."""

    LAST = "last"
    PREVIOUS = "previous"
    INTERRUPTED = "interrupted"
    """A complete save whose renames a crash interrupted (left under its temporary name)."""


@dataclass(frozen=True)
class SetAside:
    """A save that was not used: ``original`` (its name then), ``kept`` (where it is now; the same
    path when it could not be renamed), ``problem`` and ``reason`` (words from the checks, for the
    log and the reason file), ``source``."""

    original: Path
    kept: Path
    problem: SaveProblem
    reason: str
    source: Source = Source.LAST

    @property
    def moved(self) -> bool:
        return self.kept != self.original


@dataclass
class LoadResult:
    """What :meth:`AutosaveStore.load_result` found.

    ``snapshot``: the unfinished game to offer for resuming, or None; ``path``: its file now.
    ``source``: where it came from (``from_previous`` is ``source is Source.PREVIOUS``).
    ``integrity``: what its seal says. ``set_aside``: each save that was not used, kept aside
    with its reason.
    """

    snapshot: Optional[Snapshot] = None
    path: Optional[Path] = None
    source: Optional[Source] = None
    integrity: Integrity = Integrity.NOT_CHECKED
    set_aside: list[SetAside] = field(default_factory=list)

    @property
    def from_previous(self) -> bool:
        return self.source is Source.PREVIOUS

    @property
    def damaged(self) -> list[Path]:
        """Where each unused save was kept."""
        return [s.kept for s in self.set_aside]


@dataclass
class _Candidate:
    path: Path
    source: Source
    snapshot: Optional[Snapshot] = None
    integrity: Integrity = Integrity.NOT_CHECKED
    problem: Optional[SaveProblem] = None
    reason: str = ""
    incomplete: bool = False

    @property
    def order(self) -> tuple[int, int]:
        rank = {Source.LAST: 2, Source.PREVIOUS: 1, Source.INTERRUPTED: 0}[self.source]
        return (self.snapshot.seq if self.snapshot is not None else -1, rank)


class AutosaveStore:
    """The autosave files of one folder (created when missing).

    ``keys``: the install's :class:`~.integrity.KeyRing` (saves sealed and checked), or None
    (unsealed; every save reads as ``NOT_CHECKED``). ``save`` after every move and official's
    action, ``load_result`` (or ``load``) at start-up, ``discard`` when a game ends normally.
    Methods raise ``OSError`` only for a folder that cannot be written or read at all; a damaged
    file never raises out of :meth:`load_result`.
    """

    NAME = "autosave"

    def __init__(self, folder: Union[str, os.PathLike[str]], keys: Optional[KeyRing] = None) -> None:
        self.folder = Path(folder)
        self.keys = keys
        self.path = self.folder / f"{self.NAME}.json"
        self.prev_path = self.folder / f"{self.NAME}.prev.json"
        self._seq: Optional[int] = None

    # --- writing ----------------------------------------------------------------------------
    def encode(self, snapshot: Snapshot) -> bytes:
        """The bytes a save of ``snapshot`` is written as: its JSON with ``seal`` added (the seal
        covers every other field, :func:`~.integrity.canonical_json`). Raises ``TypeError`` /
        ``ValueError`` for ``extra`` data JSON cannot hold."""
        data = snapshot.to_dict()
        seal = self.keys.seal(canonical_json(data)) if self.keys is not None else None
        if seal is not None:
            data["seal"] = seal
        return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False).encode("utf-8")

    def save(self, snapshot: Snapshot) -> Path:
        """Write ``snapshot`` atomically as the last save, numbered after every save in the folder;
        the save before it becomes ``autosave.prev.json``. Returns the path written. Raises
        ``OSError`` (disk full, no permission) leaving the old save readable, and
        ``TypeError``/``ValueError`` for ``extra`` data JSON cannot hold."""
        self.folder.mkdir(parents=True, exist_ok=True)
        seq = self._next_seq()
        snapshot.seq = seq
        data = self.encode(snapshot)
        tmp = write_temporary(self.folder, data, prefix=_TMP_PREFIX)
        try:
            if self.path.exists():
                os.replace(self.path, self.prev_path)
            os.replace(tmp, self.path)
        except BaseException:
            discard_temporary(tmp)
            raise
        fsync_folder(self.folder)
        self._seq = seq
        return self.path

    def try_save(self, snapshot: Snapshot) -> Optional[BaseException]:
        """:meth:`save` for the game in progress, which must never stop the game: returns None when
        saved, else the error (logged here); the previous save stays readable."""
        try:
            self.save(snapshot)
        except (OSError, TypeError, ValueError) as exc:
            log.exception("autosave to %s failed", self.path)
            return exc
        return None

    def _next_seq(self) -> int:
        if self._seq is None:
            self._seq = max((self._peek_seq(p) for p in self._candidate_paths()), default=0)
        return self._seq + 1

    def _peek_seq(self, path: Path) -> int:
        """The sequence number written in ``path`` (0 when it cannot be read)."""
        from ..inputs import InputError, read_bytes

        try:
            d = json.loads(read_bytes(path, MAX_SAVE_BYTES, "saved game"))
            seq = d.get("seq", 0) if isinstance(d, dict) else 0
            return seq if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0 else 0
        except (InputError, ValueError, RecursionError):
            return 0

    def discard(self) -> None:
        """The game ended normally: remove the last and previous saves (not those kept aside,
        which stay for the organiser). Missing files are fine."""
        for path in (self.path, self.prev_path):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        if self.folder.is_dir():
            fsync_folder(self.folder)

    # --- reading ----------------------------------------------------------------------------
    def exists(self) -> bool:
        """True when there is a save file (readable or not)."""
        return self.path.exists() or self.prev_path.exists()

    def _candidate_paths(self) -> list[Path]:
        paths = [p for p in (self.path, self.prev_path) if os.path.lexists(p)]
        if self.folder.is_dir():
            paths += sorted(self.folder.glob(f"{_TMP_PREFIX}*{TEMPORARY_SUFFIX}"))
        return paths

    def _source(self, path: Path) -> Source:
        if path == self.path:
            return Source.LAST
        if path == self.prev_path:
            return Source.PREVIOUS
        return Source.INTERRUPTED

    def read(self, path: Path) -> _Candidate:
        """Read and fully check one save. Never raises: every exception is turned into the
        candidate's ``problem`` and ``reason`` here, the one place a save is read."""
        from ..inputs import InputError, InputProblem, read_bytes

        cand = _Candidate(path, self._source(path))
        try:
            try:
                raw = read_bytes(path, MAX_SAVE_BYTES, "saved game")
            except InputError as exc:
                cand.problem = (SaveProblem.NOT_PERMITTED
                                if exc.problem is InputProblem.NOT_PERMITTED
                                else SaveProblem.UNREADABLE)
                cand.reason = exc.reason
                return cand
            try:
                data = json.loads(raw)
            except (ValueError, RecursionError) as exc:
                cand.incomplete = cand.source is Source.INTERRUPTED
                raise DamagedAutosaveError(f"the saved game is not valid JSON ({exc})") from None
            seal = data.pop("seal", None) if isinstance(data, dict) else None
            snapshot = Snapshot.from_dict(data)
            snapshot.restore()
            if snapshot.referee is not None:
                restore_referee(snapshot)
            if snapshot.match is not None:
                restore_match(snapshot)
            cand.integrity = (self.keys.check(canonical_json(data), seal)
                              if self.keys is not None else Integrity.NOT_CHECKED)
            cand.snapshot = snapshot
        except UnreachablePositionError as exc:
            cand.problem, cand.reason = SaveProblem.UNREACHABLE, str(exc)
        except DamagedAutosaveError as exc:
            cand.problem, cand.reason = SaveProblem.DAMAGED, str(exc)
        except Exception as exc:  # noqa: BLE001 - the one place a save's faults are caught
            log.exception("reading the save %s failed", path)
            cand.problem = SaveProblem.DAMAGED
            cand.reason = f"the saved game could not be read ({type(exc).__name__}: " \
                          f"{str(exc)[:120]})"
        return cand

    def keep_aside(self, path: Path, problem: SaveProblem, reason: str,
                   source: Optional[Source] = None) -> SetAside:
        """Rename the save ``path`` to ``<name>.<label>-<time>.json`` beside it, with the reason in
        ``<that name>.txt``, and say where it went. A file that cannot be renamed stays where it
        is (logged); never raises."""
        source = source or self._source(path)
        original = path
        if source is Source.INTERRUPTED:
            # a temporary name would be skipped by readers: give it a save's name
            path_name = self.folder / f"{self.NAME}.interrupted.json"
            try:
                os.replace(path, path_name)
                path = path_name
            except OSError as exc:
                log.error("could not rename the interrupted save %s: %s", path, exc)
        try:
            kept = keep_aside(path, _LABELS[problem], default_suffix=".json")
        except OSError as exc:
            log.error("could not keep the save %s aside: %s", path, exc)
            return SetAside(original, path, problem, reason, source)
        try:
            stamp = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
            write_atomic(kept.with_name(kept.name + ".txt"),
                         f"{original.name}, kept aside on {stamp}: {reason}\n".encode("utf-8"))
        except OSError as exc:
            log.error("could not write the reason beside %s: %s", kept, exc)
        fsync_folder(self.folder)
        log.error("%s save %s kept as %s: %s", problem.value, original.name, kept.name, reason)
        return SetAside(original, kept, problem, reason, source)

    def set_aside(self) -> Optional[Path]:
        """The player declined the saved game: ``autosave.json`` becomes
        ``autosave.declined-<time>.json`` (kept, never offered again) and the save before it,
        an older state of the same game, is removed. Returns the kept file, or None when there
        was none. Raises ``OSError`` when the folder cannot be changed."""
        kept = None
        if self.path.exists():
            kept = keep_aside(self.path, "declined")
            log.info("declined save kept as %s", kept)
        if self.prev_path.exists():
            self.prev_path.unlink()
        fsync_folder(self.folder)
        return kept

    def _promote(self, cand: _Candidate) -> None:
        """Finish the renames a crash interrupted: the complete save under a temporary name
        becomes ``autosave.json`` (the save it replaces becoming ``autosave.prev.json``)."""
        try:
            if self.path.exists():
                os.replace(self.path, self.prev_path)
            os.replace(cand.path, self.path)
            fsync_folder(self.folder)
            log.info("an interrupted save (number %s) was put in place",
                     cand.snapshot.seq if cand.snapshot is not None else "?")
            cand.path = self.path
        except OSError as exc:  # pragma: no cover - a folder that changed under us
            log.error("could not put the interrupted save %s in place: %s", cand.path, exc)

    def load_result(self) -> LoadResult:
        """Look for an unfinished game to offer at start-up (see the module text): the newest
        complete save wins; the saves that cannot be used are kept aside with their reasons;
        incomplete temporary files are removed. A finished game gives no snapshot. Never raises
        for a damaged file."""
        result = LoadResult()
        candidates = []
        for path in self._candidate_paths():
            cand = self.read(path)
            if cand.incomplete:
                discard_temporary(cand.path)
                log.info("removed an interrupted save's incomplete temporary file %s", path.name)
                continue
            candidates.append(cand)
        good = sorted((c for c in candidates if c.snapshot is not None), key=lambda c: c.order,
                      reverse=True)
        self._seq = max([c.snapshot.seq for c in good if c.snapshot is not None]
                        + [self._seq or 0])
        winner = good[0] if good else None
        for cand in candidates:
            if cand.problem is not None:
                result.set_aside.append(self.keep_aside(cand.path, cand.problem, cand.reason,
                                                        cand.source))
        for cand in good[1:]:
            if cand.source is Source.INTERRUPTED:
                discard_temporary(cand.path)  # an older complete save: the winner is newer
        if winner is None or winner.snapshot is None:  # good holds only readable saves
            return result
        if winner.source is Source.INTERRUPTED:
            self._promote(winner)
        if winner.snapshot.finished:
            log.info("the saved game in %s is finished; nothing to resume", winner.path.name)
            return result
        result.snapshot = winner.snapshot
        result.path = winner.path
        result.source = winner.source
        result.integrity = winner.integrity
        return result

    def load(self) -> Optional[Snapshot]:
        """The unfinished game to offer for resuming, or None (no save, or the game is finished).

        Falls back to an older save when the newest cannot be read. Raises
        :class:`DamagedAutosaveError` (its reason and where the file was kept) when a save
        existed but none could be used.
        """
        result = self.load_result()
        if result.snapshot is None and result.set_aside:
            first = result.set_aside[0]
            raise DamagedAutosaveError(f"{first.reason}; it was kept as {first.kept}")
        return result.snapshot
