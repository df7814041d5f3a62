"""A test hook: the real app plays a scripted game through its move box (the kill test,
``tests/ui/test_ui_kill_resume.py``).

Only active when the environment variable ``CHECKERS_DESKTOP_SCRIPT`` names a file of moves, one a
line in PDN ("11-15", "22x15"; blank lines and lines starting with ``#`` are skipped). Then, once
the resume offer has been handled (set ``CHECKERS_DESKTOP_AUTORESUME=1`` to answer it Yes):

- with no game resumed, a game for two players is set up;
- every ``CHECKERS_DESKTOP_SCRIPT_MS`` milliseconds (default 30) the move of the current ply is
  typed into the move box and Enter is pressed (``MainWindow.submit_move_box``: the normal path);
- when the script's moves are all played, the app quits.

Lines printed to standard output (flushed at once), for the test to compare after a SIGKILL:
``resumed PLY FEN`` or ``fresh`` at the start; ``problem TEXT`` for each failure told at start;
``saved PLY FEN`` after each completed autosave (PLY = moves played, FEN = the position saved);
``done PLY FEN`` at the end.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

__all__ = ["SCRIPT_ENV", "SCRIPT_MS_ENV", "read_script", "start_script_from_env"]

SCRIPT_ENV = "CHECKERS_DESKTOP_SCRIPT"
SCRIPT_MS_ENV = "CHECKERS_DESKTOP_SCRIPT_MS"


def read_script(path: Path) -> list[str]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def _say(text: str) -> None:
    print(text, flush=True)


def start_script_from_env(window) -> Optional[QTimer]:
    """Start the scripted game when ``$CHECKERS_DESKTOP_SCRIPT`` is set; returns its timer (keep
    it), or None."""
    path = os.environ.get(SCRIPT_ENV)
    if not path:
        return None
    from ..session.game import Mode

    moves = read_script(Path(path))
    c = window.session
    for text in window.status_line.told:
        _say(f"problem {text}")
    window.autosave.saved.connect(lambda snap: _say(f"saved {c.board.ply} {snap.fen}"))
    if window.autosave.resumed_at_start:
        _say(f"resumed {c.board.ply} {c.board.fen()}")
    else:
        _say("fresh")
        c.new_game(Mode.TWO_PLAYERS, announce=False)
    timer = QTimer(window)
    timer.setInterval(int(os.environ.get(SCRIPT_MS_ENV, "30")))

    def step() -> None:
        ply = c.board.ply
        if ply >= len(moves) or not c.running:
            timer.stop()
            _say(f"done {ply} {c.board.fen()}")
            window.close()
            QApplication.quit()
            return
        window.move_box.setText(moves[ply])
        window.submit_move_box()

    timer.timeout.connect(step)
    timer.start()
    return timer
