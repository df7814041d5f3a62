"""What a saved game keeps besides the game itself, in its snapshot's ``extra``: the session's
mode, the player's colour against the computer, the computer's level, the players' names, and for
a match its settings, records folder, date and history (:class:`SessionExtra`, :class:`MatchInfo`).
Read back field by field: a field that is not usable is left at its default and named (see
:meth:`SessionExtra.read`). :mod:`.resume` saves and resumes sessions with it; :mod:`.match`
reads a match back from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

from ..rules import BLACK, WHITE, Color
from ..texts import app as app_texts
from .game import Mode
from .match_model import MatchSettings, MatchSettingsError, PlayerInfo

__all__ = ["SessionExtra", "MatchInfo"]

_SETTINGS_TEXT_FIELDS = ("profile_key", "event", "site", "round", "official", "division")


@dataclass(frozen=True)
class MatchInfo:
    """A match's part of ``extra``: its settings, its records folder, its date ("YYYY-MM-DD"),
    and its ``history`` (:func:`.history.history_of`'s JSON values, checked when read back by
    :func:`resume`)."""

    settings: MatchSettings
    folder: Optional[str] = None
    date: Optional[str] = None
    history: Optional[dict[str, Any]] = None
    pin: Optional[str] = None
    """The PIN hash guarding the match (``PinHash.to_text``), part of the sealed match state."""
    guard: str = "match"
    """"match" (its own PIN) or "event" (the event PIN in force at its start)."""
    guarded: bool = False
    """True when a PIN guarded the match: a copy missing then fails closed."""

    def to_dict(self) -> dict[str, Any]:
        s = self.settings
        data = {"settings": {"players": [{"name": p.name, "medical_center": p.medical_center,
                                          "age_group": p.age_group} for p in s.players],
                             "profile_key": s.profile_key, "best_of": s.best_of,
                             "event": s.event, "site": s.site, "round": s.round,
                             "official": s.official, "division": s.division},
                "folder": self.folder, "date": self.date}
        if self.history is not None:
            data["history"] = self.history
        if self.guarded:
            data["official_pin"] = {"pin": self.pin, "guard": self.guard}
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "MatchInfo":
        """Raises ``ValueError`` (a ``MatchSettingsError`` among them) saying which field is
        wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("settings"), dict):
            raise ValueError("the saved match has no settings")
        s = data["settings"]
        players = s.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise ValueError("the saved match does not have two players")
        infos = []
        for p in players:
            if not isinstance(p, dict) or not all(isinstance(p.get(k, ""), str) for k in
                                                  ("name", "medical_center", "age_group")):
                raise ValueError(f"a saved player is malformed: {_short(p)}")
            infos.append(PlayerInfo(p.get("name", ""), p.get("medical_center", ""),
                                    p.get("age_group", "")))
        texts = {k: s.get(k, "") for k in _SETTINGS_TEXT_FIELDS}
        bad = [k for k, v in texts.items() if not isinstance(v, str)]
        best_of = s.get("best_of", 3)
        if bad or isinstance(best_of, bool) or not isinstance(best_of, int):
            raise ValueError(f"the saved match settings are malformed: {', '.join(bad) or 'best_of'}")
        settings = MatchSettings((infos[0], infos[1]), best_of=best_of, **texts).validated()
        folder, date = data.get("folder"), data.get("date")
        if folder is not None and not isinstance(folder, str):
            raise ValueError(f"the saved match folder is malformed: {_short(folder)}")
        if date is not None and (not isinstance(date, str) or not _is_date(date)):
            raise ValueError(f"the saved match date is malformed: {_short(date)}")
        history = data.get("history")
        guard = data.get("official_pin")
        pin: Optional[str] = None
        kind, guarded = "match", guard is not None
        if isinstance(guard, dict):
            pin = guard["pin"] if isinstance(guard.get("pin"), str) else None
            kind = "event" if guard.get("guard") == "event" else "match"
        return cls(settings, folder or None, date or None,
                   history if isinstance(history, dict) else None, pin, kind, guarded)


@dataclass(frozen=True)
class SessionExtra:
    """The sessions' part of a snapshot (its ``extra``): ``mode``, ``human_color`` (the player's
    side against the computer), ``level`` (the computer's, 1 = gentlest), ``player_names`` (by
    colour, or None), ``event`` (:class:`MatchInfo`, in a match), ``move_levels`` (the level
    that played each of the computer's moves: index in the move stack to level)."""

    mode: Mode = Mode.COMPUTER
    human_color: Color = BLACK
    level: Optional[int] = None
    player_names: Optional[dict[Color, str]] = None
    event: Optional[MatchInfo] = None
    move_levels: Optional[dict[int, int]] = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"mode": self.mode.value, "human_color": self.human_color.value}
        if self.level is not None:
            data["level"] = self.level
        if self.player_names:
            data["player_names"] = {c.value: n for c, n in self.player_names.items()}
        if self.event is not None:
            data["event"] = self.event.to_dict()
        if self.move_levels:
            data["move_levels"] = {str(i): n for i, n in self.move_levels.items()}
        return data

    @classmethod
    def read(cls, data: Any, *, in_match: bool) -> tuple["SessionExtra", list[str]]:
        """``data`` (a snapshot's ``extra``) checked field by field: the extra, and a sentence for
        each field that was not usable (left at its default). ``in_match``: the snapshot holds a
        match (the default mode is then two players)."""
        problems: list[str] = []
        data = data if isinstance(data, dict) else {}
        mode = Mode.TWO_PLAYERS if in_match else Mode.COMPUTER
        if "mode" in data:
            try:
                mode = Mode(data["mode"])
            except ValueError:
                problems.append(f"the saved game mode {_short(data['mode'])} is unknown")
        human = BLACK
        if "human_color" in data:
            try:
                human = Color(data["human_color"])
            except ValueError:
                problems.append(f"the saved player's side {_short(data['human_color'])} is "
                                "unknown")
        level = data.get("level")
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or not 1 <= level <= 99):
            problems.append(f"the saved computer level {_short(level)} is not a level")
            level = None
        names = data.get("player_names")
        player_names = None
        if names is not None:
            if isinstance(names, dict) and all(isinstance(names.get(k), str) and names.get(k)
                                               for k in ("B", "W")):
                player_names = {BLACK: names["B"], WHITE: names["W"]}
            else:
                problems.append(f"the saved players' names are malformed: {_short(names)}")
        event = None
        if "event" in data:
            try:
                event = MatchInfo.from_dict(data["event"])
            except (ValueError, MatchSettingsError) as exc:
                problems.append(app_texts.match_not_rebuilt_text(str(exc)))
        saved_levels = data.get("move_levels")
        move_levels = None
        if isinstance(saved_levels, dict) and len(saved_levels) <= 10_000:
            move_levels = {int(i): n for i, n in saved_levels.items()
                           if isinstance(i, str) and i.isdigit() and len(i) <= 5
                           and isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 99}
        return cls(mode, human, level, player_names, event, move_levels), problems


def _is_date(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return True


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
