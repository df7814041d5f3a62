"""Saving and resuming sessions: a game session (and its match) as a
:class:`~checkers_desktop.storage.snapshot.Snapshot`, and back.

The snapshot holds the game, the referee and the match (``storage.snapshot``); its ``extra`` holds
what only the sessions know, as :class:`SessionExtra`: the mode, the player's colour against the
computer, the computer's level, the players' names, and for a match its settings, folder and date.
Every field of ``extra`` is checked when read back: a field that is not usable is left at its
default and named in :attr:`Resumed.problems` (the game is still resumed); a match whose settings
are not usable is not rebuilt, and the game is resumed on its own with the players' names.

A resumed match keeps its clocks paused until the official restarts them (the players may not be
at the table yet); a resumed game outside a match runs again at once (the player said yes).

A match carries its earlier games and its logged actions (:mod:`.history`), so that the score
sheet of a match resumed any number of times lists every game. Its records always go to the
app's own records folder, whatever folder the save names (only the match folder's own name is
taken from it, and only when it is a plain name). A save whose seal does not vouch for it
(``storage.Integrity``) is still resumed when it is a legal game, but the match's record says
"changed outside the app"; so does a record of the match folder that its seal does not vouch for,
which is kept aside and written again from the app's own copy when the save itself is sound.
"""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..rules import BLACK, WHITE
from ..speech.announcer import Priority
from ..storage import (DamagedAutosaveError, Integrity, Snapshot, restore_match, restore_referee,
                       snapshot_from_referee)
from ..storage.keep_aside import keep_aside
from ..storage.records import check_folder, current_keys
from ..texts import app as app_texts
from .game import GameSession
from .history import history_of, read_history
from .match_model import MatchSettings
from .score_sheet import INTEGRITY_KIND
from .session_extra import MatchInfo, SessionExtra

if TYPE_CHECKING:
    from ..storage.integrity import KeyRing
    from .match import MatchSession, ScoreSheetWriter

__all__ = ["SessionExtra", "MatchInfo", "Resumed", "snapshot_of", "resume", "safe_match_folder"]

log = logging.getLogger(__name__)

_FOLDER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,199}")
"""What a match folder's name may be (``match_records.match_folder_name`` makes such names)."""

@dataclass
class Resumed:
    """What :func:`resume` put back: the ``match`` (a ``MatchSession``) or None, the
    ``problems`` found in the saved extra data (each told, none stopped the game), and the
    ``notices`` about changes made outside the app (each told)."""

    match: Any = None
    problems: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def snapshot_of(game: GameSession, match: Optional[MatchSession] = None) -> Snapshot:
    """The game on ``game``'s board (and ``match``, a ``MatchSession`` playing it, if any), with
    what resuming needs (:class:`SessionExtra`)."""
    event = None
    if match is not None:
        event = MatchInfo(match.settings, str(match.folder), match.date_iso,
                          history_of(match.games, match.actions, match.settings.profile_key))
    extra = SessionExtra(game.mode, game.human_color, game.level,
                         dict(game.player_names) if game.player_names else None, event,
                         game.computer_move_levels() or None)
    players = None
    if match is None and game.player_names:
        players = {"black": game.player_names.get(BLACK, ""),
                   "white": game.player_names.get(WHITE, "")}
    return snapshot_from_referee(game.referee, match=None if match is None else match.match,
                                 players=players, extra=extra.to_dict())


def safe_match_folder(records_dir: Path, saved: Optional[str], settings: MatchSettings,
                      now: Callable[[], datetime] = datetime.now) -> Path:
    """The match's records folder: always inside ``records_dir`` (the app's own). The saved
    folder's last part is kept when it is a plain name ("2026-11-22_140500_Ann-vs-Bo"); otherwise
    (none saved, "..", a name with odd characters) a new folder is named from the players and
    ``now``. Never follows a path from a save."""
    from .match_records import match_folder_name

    records_dir = Path(records_dir)
    name = Path(saved).name if saved else ""
    if _FOLDER_NAME.fullmatch(name) and name not in (".", ".."):
        folder = records_dir / name
        if saved and Path(saved) != folder:
            log.warning("the save names the records folder %r; records go to %s", saved, folder)
        return folder
    if saved:
        log.warning("the save names the records folder %r; a new one is used", saved)
    return records_dir / match_folder_name(settings, now().strftime("%Y-%m-%d_%H%M%S"))


def resume(game: GameSession, snapshot: Snapshot, *, records_dir: Path,
           rng: Optional[random.Random] = None, now: Callable[[], datetime] = datetime.now,
           write_score_sheet: Optional[ScoreSheetWriter] = None,
           integrity: Integrity = Integrity.NOT_CHECKED,
           keys: Optional[KeyRing] = None) -> Resumed:
    """Put ``snapshot``'s game on ``game``'s board, with its match when it had one (rebuilt on
    ``game`` with its earlier games and record, its records in :func:`safe_match_folder`), and
    say so. ``integrity``: what the save's seal said (see the module text); ``keys``: the key ring
    the match folder's records are checked with (default ``storage.records.current_keys()``).

    Raises :class:`~checkers_desktop.storage.DamagedAutosaveError`, changing nothing, when the
    game cannot be rebuilt (moves that do not replay, a malformed referee state or match)."""
    from .match import MatchSession

    referee = restore_referee(snapshot, time_source=game.time_source)
    match = restore_match(snapshot)
    extra, problems = SessionExtra.read(snapshot.extra, in_match=match is not None)
    if extra.level is not None:
        game.level = extra.level
    resumed = Resumed(problems=problems)
    if match is not None and not match.is_over and extra.event is not None:
        info = extra.event
        folder = safe_match_folder(records_dir, info.folder, info.settings, now)
        event = dict(snapshot.extra.get("event") or {}, folder=str(folder))
        snapshot = replace(snapshot, extra={**snapshot.extra, "event": event})
        resumed.match = MatchSession.restore(game, snapshot, records_dir, referee=referee,
                                             rng=rng, now=now,
                                             write_score_sheet=write_score_sheet)
        _carry_history(resumed, info)
        _flag_changes(resumed, integrity, keys if keys is not None else current_keys())
    else:
        if referee.clock.paused and not referee.is_over:
            referee.clock.resume()  # outside a match the player's yes restarts the clocks
        game.new_game(extra.mode, extra.human_color, referee=referee, announce=False,
                      player_names=extra.player_names)
        game.move_levels = dict(extra.move_levels or {})
        text = app_texts.integrity_resumed_text(integrity.value, False)
        if text:
            resumed.notices.append(text)
    game.announcer.announce(app_texts.resumed_text(game.headline(), resumed.match is not None),
                            Priority.QUEUE)
    return resumed


def _carry_history(resumed: Resumed, info: MatchInfo) -> None:
    """Put the match's earlier games and logged actions back (told, not fatal, when they cannot
    be read)."""
    match = resumed.match
    try:
        games, actions = read_history(info.history, match.settings.profile_key,
                                      before=match.game.number, folder=match.folder)
    except DamagedAutosaveError as exc:
        log.warning("the match's earlier games could not be read back: %s", exc)
        resumed.problems.append(app_texts.history_not_read_text(str(exc)))
        return
    match.games[:0] = games
    match.actions[:0] = actions


def _flag_changes(resumed: Resumed, integrity: Integrity, keys: Optional[KeyRing]) -> None:
    """Say and record what was changed outside the app: the save itself, and each record of the
    match folder whose seal does not vouch for it. A changed record of an earlier game is kept
    aside and written again from the carried game when the save is sound."""
    match = resumed.match
    wall = match.now().strftime("%H:%M:%S")
    if not integrity.trusted:
        resumed.notices.append(app_texts.integrity_resumed_text(integrity.value, True))
        match.log(INTEGRITY_KIND, app_texts.integrity_paper_text(integrity.value, wall),
                  speak=False)
    if keys is None:
        return
    carried = {f"game-{g.number}.pdn": g for g in match.games if g.result is not None}
    for name, verdict in check_folder(match.folder, keys).items():
        if verdict.trusted:
            continue
        kept = None
        game = carried.get(name)
        if game is not None and integrity is Integrity.VERIFIED:
            try:
                kept = keep_aside(match.folder / name, "changed")
                match.save_game(game)
            except OSError as exc:
                log.error("the changed record %s could not be replaced: %s", name, exc)
                kept = None
        resumed.notices.append(app_texts.record_changed_text(name, verdict.value, kept))
        match.log(INTEGRITY_KIND, app_texts.record_changed_paper_text(name, verdict.value, wall),
                  speak=False)
