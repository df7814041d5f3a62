"""A small JSON file that carries its own seal (the ``"seal"`` key, over the canonical JSON of the
rest, made with the install's key: :mod:`.integrity`): a player's practice progress, a player's
learned voice. Written atomically (:func:`.atomic.write_atomic`); read in bounded memory. What a
caller does with a file that is not its install's own is the caller's rule, so reading only says
what was found (:func:`seal_check`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from .atomic import write_atomic
from .integrity import Integrity, KeyRing, canonical_json
from .keep_aside import keep_aside

__all__ = ["write_sealed_json", "read_sealed_json", "seal_check", "set_aside"]


def write_sealed_json(path: Path, data: dict[str, Any], keys: Optional[KeyRing]) -> Path:
    """Write ``data`` (a JSON object) to ``path`` with its seal (none when ``keys`` is None),
    atomically, making the folder. Raises ``OSError`` when it cannot be written (the previous
    file is then whole)."""
    data = dict(data)
    seal = keys.seal(canonical_json(data)) if keys is not None else None
    if seal is not None:
        data["seal"] = seal
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))


def read_sealed_json(path: Path, max_bytes: int) -> tuple[Any, Any]:
    """``(data, seal)``: the file's JSON without its seal, and the seal (None when it has none).
    Raises ``FileNotFoundError`` when there is no file, ``ValueError`` when it is larger than
    ``max_bytes`` or not JSON, ``OSError`` when it cannot be read."""
    if path.stat().st_size > max_bytes:
        raise ValueError("too large")
    data = json.loads(path.read_bytes())
    seal = data.pop("seal", None) if isinstance(data, dict) else None
    return data, seal


def seal_check(keys: Optional[KeyRing], data: Any, seal: Any) -> Integrity:
    """Whether ``seal`` is this install's seal of ``data`` (NOT_CHECKED without ``keys``)."""
    return keys.check(canonical_json(data), seal) if keys is not None else Integrity.NOT_CHECKED


def set_aside(path: Path, label: str) -> Optional[Path]:
    """Keep a file that cannot be used aside (``<name>.<label>...json``); its new path, or None
    when it could not be moved."""
    try:
        return keep_aside(path, label, default_suffix=".json")
    except OSError:
        return None
