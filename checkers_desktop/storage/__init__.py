"""Keeping the game: autosave and resume. Pure Python, no Qt.

The UI passes the folder (``QStandardPaths.writableLocation(AppLocalDataLocation)``); nothing here
asks Qt for paths.

- :class:`Snapshot` (:mod:`.snapshot`): one game as PDN plus what PDN does not hold (clocks,
  warnings, touch-move state, penalties, the match), versioned JSON.
- :func:`snapshot_from_referee` / :func:`restore_referee` / :func:`restore_match`: build a snapshot
  from the rules objects and rebuild them from it (clocks restored paused).
- :class:`AutosaveStore` (:mod:`.autosave`): atomic save, load with fallback to the previous good
  save, damaged files kept aside (never deleted).
"""

from .autosave import AutosaveStore, LoadResult
from .snapshot import (SNAPSHOT_VERSION, DamagedAutosaveError, Snapshot, restore_match,
                       restore_referee, snapshot_from_referee)

__all__ = [
    "AutosaveStore", "LoadResult", "SNAPSHOT_VERSION", "DamagedAutosaveError", "Snapshot",
    "restore_match", "restore_referee", "snapshot_from_referee",
]
