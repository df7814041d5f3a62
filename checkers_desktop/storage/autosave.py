"""Autosave: the game in progress written after every move and every official's action.

Files in the folder the UI gives (``QStandardPaths.writableLocation(AppLocalDataLocation)``):

- ``autosave.json``: the last save (a :class:`~.snapshot.Snapshot` as JSON);
- ``autosave.prev.json``: the save before it, for when the last one cannot be read;
- ``autosave.damaged-YYYYmmdd-HHMMSS.json`` (and ``autosave.prev.damaged-...``): a save that could
  not be read, kept aside for the organiser. Damaged saves are never deleted.

Each save is atomic: the text goes to a temporary file in the same folder, is flushed and
``fsync``-ed, the last save becomes ``autosave.prev.json`` and the temporary file takes its place
(``os.replace`` both times), then the folder itself is ``fsync``-ed on POSIX so the renames
survive a power cut. A process killed at any moment leaves either the old save or the new one,
never a half-written file under the real name.
"""

from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from .keep_aside import keep_aside
from .snapshot import DamagedAutosaveError, Snapshot, restore_match, restore_referee

__all__ = ["AutosaveStore", "LoadResult"]

log = logging.getLogger(__name__)

_TMP_PREFIX = ".autosave-"
_TMP_SUFFIX = ".tmp"


@dataclass
class LoadResult:
    """What :meth:`AutosaveStore.load_result` found.

    ``snapshot``: the unfinished game to offer for resuming, or None. ``from_previous``: True when
    it is the save before the last (the last could not be read). ``damaged``: where each unreadable
    save was kept. ``message``: a plain sentence for the UI to show and speak when something was
    damaged (None otherwise).
    """

    snapshot: Optional[Snapshot] = None
    from_previous: bool = False
    damaged: list[Path] = field(default_factory=list)
    message: Optional[str] = None


def _fsync_folder(folder: Path) -> None:
    """Make the folder's renames durable (POSIX); a no-op where folders cannot be opened."""
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


class AutosaveStore:
    """The autosave files of one folder (created when missing).

    ``save`` after every move and official's action, ``load_result`` (or ``load``) at start-up,
    ``discard`` when a game ends normally. All methods raise ``OSError`` only for a folder that
    cannot be written or read at all; a damaged file never raises out of :meth:`load_result`.
    """

    NAME = "autosave"

    def __init__(self, folder: Union[str, os.PathLike]) -> None:
        self.folder = Path(folder)
        self.path = self.folder / f"{self.NAME}.json"
        self.prev_path = self.folder / f"{self.NAME}.prev.json"

    # --- writing ----------------------------------------------------------------------------
    def save(self, snapshot: Snapshot) -> Path:
        """Write ``snapshot`` atomically as the last save; the save before it becomes
        ``autosave.prev.json``. Returns the path written. Raises ``OSError`` (disk full, no
        permission) leaving the old save readable (as ``autosave.json``, or as
        ``autosave.prev.json`` if the failure fell between the two renames, which :meth:`load`
        falls back to), and ``TypeError``/``ValueError`` for ``extra`` data JSON cannot hold."""
        text = snapshot.to_json()
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=_TMP_PREFIX, suffix=_TMP_SUFFIX)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            if self.path.exists():
                os.replace(self.path, self.prev_path)
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _fsync_folder(self.folder)
        return self.path

    def try_save(self, snapshot: Snapshot) -> Optional[str]:
        """:meth:`save` for the game in progress, which must never stop the game: returns None when
        saved, else a plain sentence to show and speak (the error is logged). The previous save
        stays readable."""
        try:
            self.save(snapshot)
        except (OSError, TypeError, ValueError) as exc:
            log.exception("autosave to %s failed", self.path)
            why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            return (f"The game could not be saved automatically ({why}). Play goes on; the last "
                    "saved position is kept.")
        return None

    def discard(self) -> None:
        """The game ended normally: remove the last and previous saves (not damaged ones, which
        stay for the organiser). Missing files are fine."""
        for path in (self.path, self.prev_path):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        if self.folder.is_dir():
            _fsync_folder(self.folder)

    # --- reading ----------------------------------------------------------------------------
    def exists(self) -> bool:
        """True when there is a save file (readable or not)."""
        return self.path.exists() or self.prev_path.exists()

    def _read(self, path: Path) -> Snapshot:
        """Read and fully check one save: JSON, version, fields, the moves replay, the referee
        and match rebuild. Raises :class:`DamagedAutosaveError`."""
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise DamagedAutosaveError(f"the saved game cannot be opened ({exc.strerror or exc})") \
                from None
        snapshot = Snapshot.from_json(data)
        snapshot.restore()
        if snapshot.referee is not None:
            restore_referee(snapshot)
        if snapshot.match is not None:
            restore_match(snapshot)
        return snapshot

    def _keep_aside(self, path: Path) -> Path:
        """Rename a damaged save to ``<name>.damaged-YYYYmmdd-HHMMSS.json`` (a counter added
        when that exists) and return the new path."""
        target = keep_aside(path, "damaged", default_suffix=".json")
        _fsync_folder(self.folder)
        return target

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
        _fsync_folder(self.folder)
        return kept

    def _clean_temporary(self) -> None:
        """Remove temporary files left by a save that was interrupted (they never held a save
        that was completed: the real name only ever gets a complete file)."""
        if not self.folder.is_dir():
            return
        for tmp in self.folder.glob(f"{_TMP_PREFIX}*{_TMP_SUFFIX}"):
            try:
                tmp.unlink()
                log.info("removed an interrupted save's temporary file %s", tmp.name)
            except OSError:  # pragma: no cover - another process holds it
                pass

    def load_result(self) -> LoadResult:
        """Look for an unfinished game to offer at start-up.

        Tries ``autosave.json``, then ``autosave.prev.json``. A save that cannot be read is
        renamed aside (see :meth:`_keep_aside`) and named in ``damaged`` and ``message``; a
        finished game gives no snapshot. Never raises for a damaged file.
        """
        self._clean_temporary()
        result = LoadResult()
        reasons: list[str] = []
        for path, previous in ((self.path, False), (self.prev_path, True)):
            if not path.exists():
                continue
            try:
                snapshot = self._read(path)
            except DamagedAutosaveError as exc:
                try:
                    kept = self._keep_aside(path)
                except OSError as move_exc:
                    kept = path
                    log.error("could not rename the damaged save %s: %s", path, move_exc)
                result.damaged.append(kept)
                reasons.append(str(exc))
                log.error("damaged save %s kept as %s: %s", path.name, kept, exc)
                continue
            if snapshot.finished:
                log.info("the saved game in %s is finished; nothing to resume", path.name)
                break
            result.snapshot = snapshot
            result.from_previous = previous
            break
        if result.damaged:
            kept = " and ".join(str(p) for p in result.damaged)
            if result.snapshot is not None:
                result.message = (f"The last saved game could not be read; it was kept as {kept}. "
                                  "The save before it can be resumed instead.")
            else:
                result.message = (f"The saved game could not be read; it was kept as {kept}. "
                                  f"({reasons[0]})")
        return result

    def load(self) -> Optional[Snapshot]:
        """The unfinished game to offer for resuming, or None (no save, or the game is finished).

        Falls back to the previous save when the last cannot be read. Raises
        :class:`DamagedAutosaveError` (message: where the damaged file was kept) when a save
        existed but none could be read.
        """
        result = self.load_result()
        if result.snapshot is None and result.damaged:
            raise DamagedAutosaveError(result.message)
        return result.snapshot
