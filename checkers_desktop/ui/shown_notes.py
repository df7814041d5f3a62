"""What is said and must also stay on the screen: the hint found, the lesson's latest step, the
match's score and the result of the game before this one, each a note of the status line
(:class:`~.status_line.StatusLine`), so that a player who looks (a low-vision player, or anyone
who missed the words) finds it there.

The hint stays until a move is played or another game starts; where the review's findings are
shown (each under its move in the moves played list) until another game starts; the lesson's step until the next
step or the lesson's end (``ui/tutorial.py`` sets it); the score while a match is the Event
menu's; the last game's result from the start of the next game until that one ends."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QTimer, SignalInstance

from ..texts import app as app_texts
from .context import AppContext

__all__ = ["install_shown_notes"]


def install_shown_notes(ctx: AppContext, hint_ready: Optional[SignalInstance] = None,
                        review_ready: Optional[SignalInstance] = None) -> None:
    """Tie the notes of ``ctx.status`` to the game (``ctx.game``'s signals), the practice
    controls' ``hint_ready`` signal (the hint's text), their ``review_ready`` signal (where the
    review is shown) and the Event menu (``ctx.matches``)."""
    status = ctx.status
    last: list[Optional[str]] = [None]  # the result of the game that ended last

    def score() -> Optional[str]:
        current = ctx.matches.current if ctx.matches is not None else None
        return current.summary_text() if current is not None else None

    status.sources["score"] = score

    def started() -> None:
        status.set_note("hint", None)
        status.set_note("review", None)
        status.set_note("last game", app_texts.last_game_text(last[0]) if last[0] else None)

    def ended(text: str) -> None:
        last[0] = text
        status.set_note("last game", None)  # the line's headline is this result now
        # the match counts the game in a later handler of the same signal: the score is read
        # again once they have all run (the last game of a match starts no next game to do it)
        QTimer.singleShot(0, status.show)

    ctx.game.game_started.connect(started)
    ctx.game.game_ended.connect(ended)
    ctx.game.move_played.connect(lambda _move: status.set_note("hint", None))
    if hint_ready is not None:
        hint_ready.connect(lambda text: status.set_note("hint", text))
    if review_ready is not None:
        review_ready.connect(lambda text: status.set_note("review", text))
