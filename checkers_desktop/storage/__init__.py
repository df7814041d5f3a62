"""Keeping the game and its records: autosave, resume, match records, seals. Pure Python, no Qt.

The UI passes the folders (the app's data folder, the key's folder); nothing here asks Qt for
paths.

- :class:`Snapshot` (:mod:`.snapshot`): one game as PDN plus what PDN does not hold (clocks,
  warnings, touch-move state, penalties, the match), versioned JSON; :func:`replay_game` checks
  that the moves reach the saved position.
- :func:`snapshot_from_referee` / :func:`restore_referee` / :func:`restore_match`: build a snapshot
  from the rules objects and rebuild them from it (clocks restored paused).
- :class:`AutosaveStore` (:mod:`.autosave`): numbered, sealed, atomic saves; the newest complete
  save found whatever a crash interrupted; saves that cannot be used kept aside with the reason.
- :mod:`.atomic`: the one helper that writes a file atomically (temporary file, fsync, rename,
  fsync of the folder).
- :mod:`.integrity`: the install's key and the HMAC seals; :mod:`.records`: a match folder's
  records written atomically and sealed, and checked.
"""

from .autosave import AutosaveStore, LoadResult, SaveProblem, SetAside, Source
from .integrity import Integrity, KeyRing, RecordKey
from .snapshot import (SNAPSHOT_VERSION, DamagedAutosaveError, Snapshot, UnreachablePositionError,
                       replay_game, restore_match, restore_referee, snapshot_from_referee)

__all__ = [
    "AutosaveStore", "LoadResult", "SaveProblem", "SetAside", "Source", "Integrity", "KeyRing",
    "RecordKey", "SNAPSHOT_VERSION", "DamagedAutosaveError", "UnreachablePositionError",
    "Snapshot", "replay_game", "restore_match", "restore_referee", "snapshot_from_referee",
]
