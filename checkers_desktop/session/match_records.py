"""PDN records of the games of a match, with the event's tags and the official's actions.

Each game is written with :func:`checkers_desktop.rules.pdn.write_game`: the seven standard tags
(Event, Site, Date, Round, Black, White, Result), GameType 21, then the event's own tags
(``Profile``, ``Rules``, ``Termination``, ``TerminationDetail``, ``Game``, ``BlackCenter``,
``WhiteCenter``, ``BlackAgeGroup``, ``WhiteAgeGroup``, ``Official``, ``Division``). Every logged action (the
official's actions, penalties, clock warnings) becomes a comment after the move at which it
happened, stamped with the game time and the time of day.

A checker removed as a penalty (VA rulebook 3:00 s4) is not a move: PDN has no way to write it, so
it stands in a comment, with a machine-readable ``[%remove 22]`` after the text (the form PGN uses
for clock times, ``[%clk ...]``). A reader that does not apply it may find a later move illegal.

Files go in the folder given (the window gives ``event`` in the app's data folder), one folder
per match. Each is written atomically and sealed (``storage.records.write_record``): a crash
while writing leaves the previous record whole, and a record changed outside the app is found.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Optional

from ..rules import BLACK, WHITE
from ..rules.pdn import Game, write_game
from ..rules.profiles import get_profile
from ..storage.records import write_record
from .match_model import LoggedAction, MatchSettings, PlayedGame, format_game_time

__all__ = ["match_folder_name", "game_tags", "game_to_pdn", "save_game",
           "pdn_date", "game_record_name", "write_record"]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-") or "player"


def match_folder_name(settings: MatchSettings, stamp: str) -> str:
    """"<stamp>_<first>-vs-<second>" with only letters, digits and dashes in the names;
    ``stamp`` is the match's start ("2026-11-22_1405")."""
    a, b = settings.names
    return f"{stamp}_{_slug(a)}-vs-{_slug(b)}"


def game_record_name(number: int) -> str:
    """The file name of game ``number``'s record: "game-2.pdn"."""
    return f"game-{number}.pdn"


def pdn_date(date_iso: str) -> str:
    """"2026-11-22" as PDN writes dates: "2026.11.22"."""
    return date_iso.replace("-", ".")


def game_tags(settings: MatchSettings, game: PlayedGame, date_iso: str) -> dict[str, str]:
    """The tags of one game, in order (see the module text)."""
    profile = get_profile(settings.profile_key)
    black, white = settings.player(game.black), settings.player(game.white)
    rnd = f"{settings.round}.{game.number}" if settings.round else str(game.number)
    tags = {
        "Event": settings.event or "?",
        "Site": settings.site or "?",
        "Date": pdn_date(date_iso),
        "Round": rnd,
        "Black": game.black,
        "White": game.white,
        "Result": game.pdn_result,
        "Game": str(game.number),
        "Profile": profile.key,
        "Rules": profile.title,
        "Sides": f"{profile.side_names[BLACK]}, {profile.side_names[WHITE]}",
        "BlackCenter": black.medical_center or "?",
        "WhiteCenter": white.medical_center or "?",
        "BlackAgeGroup": black.age_group or "?",
        "WhiteAgeGroup": white.age_group or "?",
    }
    if settings.official:
        tags["Official"] = settings.official
    if settings.division:
        tags["Division"] = settings.division
    if game.result is not None:
        tags["Termination"] = game.result.reason.value
        tags["TerminationDetail"] = game.result.detail
        tags["GameTime"] = format_game_time(game.result.at)
    if game.play_out:
        tags["PlayOut"] = "after a drawn game (VA rulebook 4:00 s4)"
    return tags


def _comment(action: LoggedAction) -> str:
    who = "Official: " if action.official else ""
    command = f" {action.command}" if action.command else ""
    return f"{format_game_time(action.at)} ({action.wall}) {who}{action.paper}{command}"


def game_to_pdn(settings: MatchSettings, game: PlayedGame, actions: Iterable[LoggedAction],
                date_iso: str) -> str:
    """The PDN text of ``game``; ``actions`` of this game become comments after the move at their
    ply (before the first move for ply 0, after the last for a later ply)."""
    tags = game_tags(settings, game, date_iso)
    record = Game.from_board(game.board, tags=tags, result=game.pdn_result)
    for action in actions:
        if action.game != game.number:
            continue
        text = _comment(action)
        ply = min(action.ply, len(record.nodes))
        if ply == 0:
            record.intro.append(text)
        else:
            record.nodes[ply - 1].comments.append(text)
    return write_game(record)


def save_game(folder: Path, settings: MatchSettings, game: PlayedGame,
              actions: Iterable[LoggedAction], date_iso: str) -> Path:
    """Write ``game-<n>.pdn`` into ``folder`` (created when missing), atomically and sealed, and
    return its path. Raises ``OSError`` when the folder cannot be written (a previous record of
    the game is then left whole)."""
    path = Path(folder) / game_record_name(game.number)
    write_record(path, game_to_pdn(settings, game, actions, date_iso).encode("utf-8"))
    game.pdn_path = str(path)
    _keep_result(Path(folder), game)
    return path


RESULTS_FILE = "results.json"
"""Each game's result as the app recorded it, sealed with the records: what a record changed
outside the app is checked against (:func:`sealed_result`)."""


def _keep_result(folder: Path, game: PlayedGame) -> None:
    """Add ``game``'s result to the folder's sealed ``results.json`` (a result never written
    leaves the others as they are). Raises ``OSError``."""
    import json

    path = folder / RESULTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    result = game.result
    winner = None if result is None or result.winner is None else game.player(result.winner)
    data[game_record_name(game.number)] = {
        "number": game.number, "black": game.black, "white": game.white,
        "result": game.pdn_result, "winner": winner}
    write_record(path, json.dumps(data, sort_keys=True).encode("utf-8"))


def sealed_result(pdn_path: Path) -> Optional[dict[str, Any]]:
    """The result the app recorded for the game record ``pdn_path`` (from the folder's
    ``results.json``, only when its own seal vouches for it): ``{"number", "black", "white",
    "result", "winner"}``, or None."""
    import json

    from ..storage.records import check_record

    path = Path(pdn_path).parent / RESULTS_FILE
    try:
        raw = path.read_bytes()
        if not check_record(path, data=raw).trusted:
            return None
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError):
        return None
    entry = data.get(Path(pdn_path).name) if isinstance(data, dict) else None
    return entry if isinstance(entry, dict) else None


def record_check(path: Path) -> Optional[tuple[str, Optional[dict[str, Any]]]]:
    """Whether the file ``path`` is one of the app's match records and what its seal says: None
    when it is not a sealed record (no seals beside it, or this install cannot check), else
    ``(integrity value, sealed result or None)``: "verified", "changed", "unsealed", "other
    install"."""
    from ..storage.records import SEALS_FILE, check_record

    path = Path(path)
    if not (path.parent / SEALS_FILE).is_file():
        return None
    try:
        verdict = check_record(path)
    except OSError:
        return None
    if verdict.value == "not checked":
        return None
    return verdict.value, sealed_result(path)
