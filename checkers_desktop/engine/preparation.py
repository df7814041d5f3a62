"""What the computer opponent is still preparing at the app's start: its compiled search and its
endgame database. Worker threads report here; the window reads :func:`current` (a snapshot) on
its own thread to show one line of progress, so no worker touches a widget."""

from __future__ import annotations

import threading
from dataclasses import dataclass

__all__ = ["Preparation", "current", "set_compiling", "set_endgame"]


@dataclass(frozen=True)
class Preparation:
    """``compiling``: the compiled search is being compiled or loaded (about 10 s the first time,
    then a second or two); ``endgame_ready``/``endgame_target``: pieces of the endgame database
    installed and being built (``endgame_target`` 0: nothing is being built)."""

    compiling: bool = False
    endgame_ready: int = 0
    endgame_target: int = 0

    @property
    def busy(self) -> bool:
        return self.compiling or self.endgame_target > 0


_lock = threading.Lock()
_state = Preparation()


def current() -> Preparation:
    """The state now (safe from any thread)."""
    return _state


def set_compiling(on: bool) -> None:
    global _state
    with _lock:
        _state = Preparation(on, _state.endgame_ready, _state.endgame_target)


def set_endgame(ready: int, target: int) -> None:
    """``ready`` pieces installed, ``target`` being built (0 once nothing more is built)."""
    global _state
    with _lock:
        _state = Preparation(_state.compiling, ready, target)
