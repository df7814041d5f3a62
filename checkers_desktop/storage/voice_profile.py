"""A player's learned voice on disk (Voice > Learn my voice): one sealed JSON file a player.

``<data>/voice/<player>.json`` is written atomically (:func:`.atomic.write_atomic`) and sealed
(:mod:`.integrity`, the install's key) over its canonical JSON, like the practice progress. What
the file holds is checked by the caller's ``parse`` (the speech layer's own reader, which raises
``ValueError`` for any field it does not accept): this module only keeps it whole and honest. A
file that is damaged, too large, unreadable, refused by ``parse`` or changed outside the app is
never used nor deleted, nor is one that carries no seal or another install's (a learned voice
lowers the recogniser's margins, so only this install's own is trusted): it is kept aside (``<player>.<damaged|changed>-<time>.json``) and the
caller is told, so that voice commands go on with their standard settings and say so.

Pure Python, no Qt.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, Optional, TypeVar, Union

from .integrity import Integrity, KeyRing
from .sealed_json import read_sealed_json, seal_check, set_aside, write_sealed_json
from .progress import LoadProblem, ProgressStore

__all__ = ["VoiceProfileStore", "LoadedVoice", "LoadProblem", "MAX_BYTES"]

log = logging.getLogger(__name__)

MAX_BYTES = 64 * 1024
"""The largest voice file read (one is about 2 kB: a few margins and one number a mel band)."""

T = TypeVar("T")


@dataclass(frozen=True)
class LoadedVoice(Generic[T]):
    """What :meth:`VoiceProfileStore.load` found: the parsed ``value`` (None when there is no
    file or it could not be used), ``problem`` and the file ``kept`` aside when it could not."""

    value: Optional[T] = None
    problem: Optional[LoadProblem] = None
    kept: Optional[Path] = None


class VoiceProfileStore:
    """Learned voices in ``folder`` (the data folder's ``voice``), sealed with ``keys`` (None:
    unsealed, and never checked)."""

    def __init__(self, folder: Union[str, "os.PathLike[str]"], keys: Optional[KeyRing] = None
                 ) -> None:
        self.folder = Path(folder)
        self.keys = keys

    def path(self, player: str) -> Path:
        """The file of ``player`` (named as the practice progress's: letters, digits, ``-`` and
        ``_`` kept; "player" when none)."""
        return self.folder / ProgressStore(self.folder).path(player).name

    def load(self, player: str, parse: Callable[[Any], T]) -> LoadedVoice[T]:
        """``player``'s learned voice, read by ``parse`` (which raises ``ValueError`` or
        ``TypeError`` for what it does not accept); an empty :class:`LoadedVoice` when there is
        no file. A file that cannot be used is kept aside and named in the result."""
        path = self.path(player)
        try:
            data, seal = read_sealed_json(path, MAX_BYTES)
            value = parse(data)
        except FileNotFoundError:
            return LoadedVoice()
        except (OSError, ValueError, TypeError, RecursionError) as exc:
            log.warning("learned voice %s cannot be used: %s", path, exc)
            return LoadedVoice(None, LoadProblem.DAMAGED, set_aside(path, "damaged"))
        integrity = seal_check(self.keys, data, seal)
        if integrity not in (Integrity.VERIFIED, Integrity.NOT_CHECKED):
            # a learned voice loosens the recogniser's margins: one that is not this install's
            # own, unchanged (no seal, another install's, changed) is not used
            log.warning("learned voice %s is not this install's own (%s)", path, integrity.value)
            return LoadedVoice(None, LoadProblem.CHANGED, set_aside(path, "changed"))
        return LoadedVoice(value)

    def save(self, player: str, data: dict[str, Any]) -> Path:
        """Write ``data`` (JSON-able) as ``player``'s learned voice, atomically and sealed.
        Raises ``OSError`` when it cannot be written (the previous file is then whole)."""
        return write_sealed_json(self.path(player), data, self.keys)
