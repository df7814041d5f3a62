"""Divisions: one bracket per age group, which the organiser may split into visually impaired and
standard divisions or merge when small (VA rulebook, Event 4, "Age Groups"; the -VI sections set the
visually impaired rules: 3:00 s4-VI, s5-VI, 4:00 s1-VI).

Pure planning: :func:`plan_divisions` turns competitors and the organiser's choices into
:class:`DivisionPlan` records; the store keeps them, with the merge recorded in ``note`` (printed on
the bracket).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, Optional, Sequence

from .errors import DivisionError
from .model import AGE_GROUPS, VISION_ALL, VISION_STANDARD, VISION_VI, parse_age_group

__all__ = ["DivisionPlan", "plan_divisions", "suggest_merges", "division_profile",
           "match_profile"]


@dataclass(frozen=True)
class DivisionPlan:
    """One division: ``key`` ("70-74", "70-74 vi", "80-84+85-up"), ``label`` for people
    ("70-74, visually impaired", "80-84 and 85-up"), its age groups, ``vision`` ("all", "vi",
    "standard"), the rule profile key, the ``note`` recording a merge or split, and member ids."""

    key: str
    label: str
    age_groups: tuple[str, ...]
    vision: str
    profile_key: str
    note: str
    members: tuple[Hashable, ...]


def division_profile(vision: str) -> str:
    """The rule profile of a division: "va-vi" for a visually impaired division, otherwise
    "va-standard" (VA rulebook 3:00 s4-VI, s5-VI, 4:00 s1-VI)."""
    return "va-vi" if vision == VISION_VI else "va-standard"


def match_profile(division_profile_key: str, vision: str, a_vi: bool, b_vi: bool) -> str:
    """The rule profile a match is played under: the division's, except that in an age group that
    was not split a game with a visually impaired competitor is played under the -VI rules
    ("Games with visually impaired will have a 15 minute time limit", VA 3:00 s5-VI)."""
    if vision == VISION_ALL and division_profile_key == "va-standard" and (a_vi or b_vi):
        return "va-vi"
    return division_profile_key


def _label(groups: Sequence[str]) -> str:
    return groups[0] if len(groups) == 1 else " and ".join([", ".join(groups[:-1]), groups[-1]])


def plan_divisions(competitors: Iterable[tuple[Hashable, str, bool]], *,
                   split_vi: Iterable[str] = (), merges: Iterable[Sequence[str]] = (),
                   profiles: Optional[Mapping[str, str]] = None) -> list[DivisionPlan]:
    """Divisions for ``competitors`` given as (id, age group, visually impaired).

    ``merges``: groups of age groups to play as one division (e.g. ``[("80-84", "85-up")]``).
    ``split_vi``: age groups (or any age group of a merge) to split into a visually impaired and a
    standard division. ``profiles``: division key -> rule profile key, to override the default.
    Divisions without competitors are left out. Raises :class:`DivisionError` for an unknown age
    group, an age group in two merges, or a merge of one group.
    """
    split = set()
    for g in split_vi:
        try:
            split.add(parse_age_group(g))
        except ValueError as exc:
            raise DivisionError(str(exc)) from None
    merged_of: dict[str, tuple[str, ...]] = {}
    for merge in merges:
        try:
            groups = tuple(sorted({parse_age_group(g) for g in merge}, key=AGE_GROUPS.index))
        except ValueError as exc:
            raise DivisionError(str(exc)) from None
        if len(groups) < 2:
            raise DivisionError(f"a merge needs two age groups or more, got {list(merge)!r}")
        for g in groups:
            if g in merged_of:
                raise DivisionError(f"age group {g} is in two merges")
            merged_of[g] = groups
    units: list[tuple[str, ...]] = []
    for g in AGE_GROUPS:
        unit = merged_of.get(g, (g,))
        if unit not in units:
            units.append(unit)
    people = list(competitors)
    counts = Counter(parse_age_group(g) for _, g, _ in people)
    plans: list[DivisionPlan] = []
    for unit in units:
        members = [(cid, vi) for cid, g, vi in people if parse_age_group(g) in unit]
        if not members:
            continue
        base_key = "+".join(unit)
        label = _label(unit)
        note = ""
        if len(unit) > 1:
            note = "Merged: " + ", ".join(f"{g} ({counts[g]})" for g in unit)
        if any(g in split for g in unit):
            parts = ((VISION_VI, "visually impaired", [c for c, vi in members if vi]),
                     (VISION_STANDARD, "standard", [c for c, vi in members if not vi]))
            for vision, word, ids in parts:
                if not ids:
                    continue
                key = f"{base_key} {vision}"
                split_note = (note + "; " if note else "") + \
                    f"Split into visually impaired ({sum(1 for _, v in members if v)}) and " \
                    f"standard ({sum(1 for _, v in members if not v)})"
                prof = (profiles or {}).get(key, division_profile(vision))
                plans.append(DivisionPlan(key, f"{label}, {word}", unit, vision, prof, split_note,
                                          tuple(ids)))
        else:
            prof = (profiles or {}).get(base_key, division_profile(VISION_ALL))
            plans.append(DivisionPlan(base_key, label, unit, VISION_ALL, prof, note,
                                      tuple(c for c, _ in members)))
    return plans


def suggest_merges(counts: Mapping[str, int], minimum: int = 4) -> list[tuple[str, ...]]:
    """Merges an organiser might make: each age group with fewer than ``minimum`` competitors
    (but some) joined with its older neighbour (the younger one for 85-up), until every merged
    division has ``minimum`` or no neighbour is left. Only a suggestion; nothing is merged."""
    groups = [g for g in AGE_GROUPS if counts.get(g, 0) > 0]
    units: list[list[str]] = [[g] for g in groups]
    changed = True
    while changed and len(units) > 1:
        changed = False
        for i, unit in enumerate(units):
            if sum(counts.get(g, 0) for g in unit) < minimum:
                j = i + 1 if i + 1 < len(units) else i - 1
                lo, hi = min(i, j), max(i, j)
                units[lo:hi + 1] = [units[lo] + units[hi]]
                changed = True
                break
    return [tuple(u) for u in units if len(u) > 1]
