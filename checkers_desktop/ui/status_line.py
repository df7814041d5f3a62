"""The window's status line: the game's status, then what is wrong (the app's own voice, the latest
failure told), in one label the screen reader can reach with Tab; its accessible name follows the
text ("Status: Ann Lee, Black to move. ..."), so a screen reader reads the line itself, not only
the word "Status"."""

from __future__ import annotations

from typing import Callable, Optional

from ..texts import game as game_texts

__all__ = ["StatusLine", "NOTES"]

NOTES = ("listening", "score", "hint", "review", "lesson", "last game")
"""The notes the status line can show, in this order: "Listening." while the microphone takes in
what is said (the talk key held, or continuous listening), *before* the game's status, where it
stays put and is seen first (shown, not spoken: a player who sees the screen, and an official
watching, know the game is hearing); then, after the game's status, the match's score, the hint
found, where the review's findings are shown, the lesson's latest step, the result of the game
before this one (each was only heard, and gone once said)."""


class StatusLine:
    """Shows ``game_status()`` (the session's status text) in ``label`` (a ``QLabel``), followed by
    :attr:`engine_note`, :attr:`speech_error` and :attr:`notice` when set; while a past position
    is shown (review), :attr:`review_note` takes the place of the game's status and of the
    engine's note, which describe another position than the one on the board.

    :attr:`notice` is the latest failure told to the player (see ``failures.report``); it stays
    until a newer one replaces it, the player starts a new game, or (a failed autosave) saving
    works again. :attr:`told` keeps every failure told this session, for the problem report.
    """

    def __init__(self, label, game_status: Callable[[], str], name: str = "") -> None:
        self.label = label
        self.game_status = game_status
        self.name = name
        """The label's accessible name is ``name: text`` (a screen reader reads the whole line
        when Tab reaches it, and the name changes with the text); "" leaves the name alone."""
        self.speech_error: Optional[str] = None
        self.notice: Optional[str] = None
        self.engine_note: Optional[str] = None
        """What the computer is still preparing at the start (None once it is ready)."""
        self.review_note: Optional[str] = None
        """Which past position the board shows while the moves played are reviewed (None when
        the board shows the game)."""
        self.told: list[str] = []
        self.notes: dict[str, str] = {}
        """What was said and must stay on the screen, by kind (:data:`NOTES`)."""
        self.sources: dict[str, Callable[[], Optional[str]]] = {}
        """Notes read afresh each time the line is shown, by kind (the match's score)."""

    def set_note(self, kind: str, text: Optional[str]) -> None:
        """Show ``text`` as the note of ``kind`` (one of :data:`NOTES`), or take it off (None).
        Raises ``ValueError`` for another kind."""
        if kind not in NOTES:
            raise ValueError(f"{kind!r} is not one of {', '.join(NOTES)}")
        if text == self.notes.get(kind):
            return
        if text:
            self.notes[kind] = text
        else:
            self.notes.pop(kind, None)
        self.show()

    def _note(self, kind: str) -> Optional[str]:
        source = self.sources.get(kind)
        if source is not None:
            try:
                return source()
            except Exception:  # noqa: BLE001 - a note never stops the status line
                return None
        return self.notes.get(kind)

    def show(self, text: Optional[str] = None) -> None:
        """Show ``text`` (default: the game's status now) with the error and the notice."""
        if self.review_note:  # the game's own status would describe another position
            parts = [self.review_note, self.speech_error]
        else:
            parts = [self._note("listening"), self.game_status() if text is None else text]
            parts += [self._note(k) for k in NOTES if k != "listening"]
            parts += [self.engine_note, self.speech_error]
        if self.notice and self.notice != self.speech_error:
            parts.append(self.notice)
        text = game_texts.status_line(*(p for p in parts if p))
        self.label.setText(text)
        if self.name:
            self.label.setAccessibleName(f"{self.name}: {text}" if text else self.name)

    def show_after_status(self, text: str) -> None:
        """Show the game's status now followed by ``text`` (a file just saved, with its whole
        path), until the status changes: whose turn it is stays on the line after Ctrl+S, not
        "Game saved: ..." alone."""
        self.show(game_texts.status_line(self.game_status(), text))

    def set_notice(self, text: str) -> None:
        """Keep ``text`` (a failure just told) on the status line."""
        self.told.append(text)
        self.notice = text
        self.show()

    def clear_notice(self, only: Optional[str] = None) -> None:
        """Take the notice off (only when it is ``only``, if given)."""
        if self.notice is not None and (only is None or self.notice == only):
            self.notice = None
            self.show()

    def set_engine_note(self, text: Optional[str]) -> None:
        """Show (or, with None, take off) what the computer is still preparing."""
        if text != self.engine_note:
            self.engine_note = text
            self.show()

    def set_review_note(self, text: Optional[str]) -> None:
        """Show (or, with None, take off) which past position the board shows."""
        if text != self.review_note:
            self.review_note = text
            self.show()

    def set_speech_error(self, text: Optional[str]) -> None:
        if text != self.speech_error:
            self.speech_error = text
            self.show()
