"""The autosave of a game session, without Qt: find the saves at start-up, tell what was set aside,
offer the newest unfinished game, resume it or set it aside, and save after every change.

The window (``ui/autosave.py``) asks the question and shows what is told; everything else is here:

- :meth:`SaveKeeping.find`: the store's :meth:`~checkers_desktop.storage.AutosaveStore.load_result`
  (the one place a save's faults are caught); each save set aside is told in plain words ("The
  saved game could not be read; it was kept as ... and a new game started."); the game to offer
  comes back as an :class:`Offer` whose question also warns when the save's seal does not vouch
  for it.
- :meth:`SaveKeeping.resume`: ``session.resume.resume``; any fault while the game is rebuilt is
  caught here, the save kept aside with the reason, the player told, and a new game set up, so
  that autosave goes on for it and the unreadable save is never overwritten nor offered again.
- :meth:`SaveKeeping.decline` and :meth:`SaveKeeping.save`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
import random
from datetime import datetime
from typing import TYPE_CHECKING, Callable, Optional

from ..speech.announcer import Priority
from ..storage import AutosaveStore, Integrity, LoadResult, SaveProblem, Snapshot
from ..storage.atomic import write_failure
from ..texts import app as app_texts
from .game import GameSession
from .resume import Resumed, resume, snapshot_of

if TYPE_CHECKING:
    from .match import MatchSession, ScoreSheetWriter

__all__ = ["Offer", "SaveKeeping"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Offer:
    """An unfinished game found at start-up: the ``snapshot``, its file ``path``, what its seal
    says (``integrity``), and the ``question`` to show and speak."""

    snapshot: Snapshot
    path: Optional[Path]
    integrity: Integrity
    question: str


def offer_summary(snapshot: Snapshot) -> str:
    """The sentence naming ``snapshot``'s game in the resume offer: how it was played (against
    the computer at its level, or two players), the rules, the players, the moves and whose
    turn. Never raises: what cannot be read is left out."""
    from .game import Mode
    from .session_extra import SessionExtra

    data = snapshot.summary()
    extra = snapshot.extra if isinstance(snapshot.extra, dict) else {}
    try:
        read, _problems = SessionExtra.read(extra, in_match="event" in extra)
        computer, level = read.mode is Mode.COMPUTER, read.level
    except Exception:  # noqa: BLE001 - a damaged extra: the offer still names the rest
        computer, level = "event" not in extra, None
    return app_texts.unfinished_game_text(
        data.title, against_computer=computer, level=level if computer else None,
        players=data.players, sides=data.sides, moves=data.moves, turn_side=data.turn_side)


class SaveKeeping:
    """The saves of ``game`` in ``store``. ``tell(text)``: show and speak a sentence the player
    must hear (a damaged save, a change made outside the app, a failing save)."""

    def __init__(self, game: GameSession, store: AutosaveStore,
                 tell: Callable[[str], None]) -> None:
        self.game = game
        self.store = store
        self.tell = tell
        self.found: Optional[LoadResult] = None
        self.last_saved: Optional[Snapshot] = None
        """The snapshot of the last save that worked."""

    # --- start-up ---------------------------------------------------------------------------
    def find(self) -> Optional[Offer]:
        """Read the saves; tell each one set aside; return the game to offer, or None. Raises
        ``OSError`` only when the folder itself cannot be read."""
        found = self.store.load_result()
        self.found = found
        offered = found.snapshot is not None
        for i, aside in enumerate(found.set_aside):
            last = i == len(found.set_aside) - 1
            self.tell(app_texts.save_set_aside_text(
                aside.problem.value, aside.kept, aside.original, aside.reason, moved=aside.moved,
                fallback=offered and last, new_game=not offered and last))
        snapshot = found.snapshot
        if snapshot is None:
            return None
        summary = offer_summary(snapshot)
        note = app_texts.integrity_offer_note(found.integrity.value)
        question = app_texts.resume_offer_text(f"{summary} {note}" if note else summary)
        return Offer(snapshot, found.path, found.integrity, question)

    def resume(self, offer: Offer, *, records_dir: Path, rng: Optional[random.Random] = None,
               now: Optional[Callable[[], datetime]] = None,
               write_score_sheet: Optional[ScoreSheetWriter] = None) -> Optional[Resumed]:
        """Put the offered game back (see ``session.resume.resume``) and tell what was changed
        outside the app and what was not usable. Returns None when it could not be rebuilt: the
        save is then kept aside with the reason, the player told, and a new game set up."""
        try:
            if now is None:
                resumed = resume(self.game, offer.snapshot, records_dir=records_dir, rng=rng,
                                 write_score_sheet=write_score_sheet, integrity=offer.integrity)
            else:
                resumed = resume(self.game, offer.snapshot, records_dir=records_dir, rng=rng,
                                 write_score_sheet=write_score_sheet, integrity=offer.integrity,
                                 now=now)
        except Exception as exc:  # noqa: BLE001 - the one place a resume's faults are caught
            log.exception("the saved game could not be resumed")
            self._resume_failed(offer, exc)
            return None
        for text in resumed.notices + resumed.problems:
            self.tell(text)
        return resumed

    def _resume_failed(self, offer: Offer, exc: Exception) -> None:
        reason = str(exc) or type(exc).__name__
        path = offer.path or self.store.path
        aside = self.store.keep_aside(path, SaveProblem.DAMAGED, reason)
        if self.store.prev_path.exists():  # an older state of the same game: not offered again
            self.store.keep_aside(self.store.prev_path, SaveProblem.DAMAGED,
                                  f"the save after it could not be resumed ({reason})")
        try:
            self.game.new_game(announce=False)
        except Exception:  # noqa: BLE001 - the game on the board stays as it was
            log.exception("no new game after a failed resume")
        self.tell(app_texts.save_not_resumed_text(aside.kept, reason, aside.moved))

    def decline(self) -> None:
        """The player said No: the save is kept aside as declined (never offered again); a folder
        that cannot be changed is logged."""
        try:
            self.store.set_aside()
        except OSError as exc:
            log.error("could not put the declined save aside: %s", exc)
        self.game.announcer.announce(app_texts.put_aside_text(), Priority.QUEUE)

    # --- saving -----------------------------------------------------------------------------
    def save(self, match: Optional[MatchSession] = None) -> Optional[str]:
        """Save the game on the board now (with ``match``, a ``MatchSession`` playing it).
        Returns None when saved, else the sentence to tell (logged; play goes on)."""
        try:
            snap = snapshot_of(self.game, match)
        except Exception as exc:  # noqa: BLE001 - never stop the game over a save
            log.exception("could not build the autosave snapshot")
            return app_texts.autosave_failed_text(str(exc) or type(exc).__name__)
        error = self.store.try_save(snap)
        if error is not None:
            detail = getattr(error, "strerror", None) or str(error) or type(error).__name__
            why = app_texts.write_failure_words(write_failure(error).value,
                                                self.store.path.parent, detail)
            return app_texts.autosave_not_saved_text(why, kept=self.store.path.exists())
        self.last_saved = snap
        return None
