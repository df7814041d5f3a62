"""The draw of one division's single-elimination bracket.

VA rulebook, Event 4, competition format: "a single elimination tournament format. Whenever
possible, competitors from the same medical center will not be matched against each other in first
round matches." So the draw here is random (from a recorded seed, so it can be shown again and
audited) among the draws whose number of first-round pairs from one medical center is the smallest
possible for the registration.

The bracket has ``size`` = the next power of two positions (1, 2, 4, 8, ...); position ``2k`` meets
``2k + 1`` in round one. With ``n`` competitors there are ``size - n`` byes, fewer than ``size / 2``,
so a bye never meets a bye, and byes exist only in round one. Positions follow the standard seeding
order (seed 1 at the top, seed 2 at the bottom, seeds 3 and 4 in the other quarters, ...; the order
every seeded knock-out uses): the byes go opposite the lines of seeds 1, 2, ..., so they are spread
over the halves (and quarters, ...) as evenly as can be, and real seeds (last year's medallists, say)
take the seeded positions and the first byes.

How the smallest number of same-center pairs is found: the free (unseeded) competitors go to three
kinds of places: a place facing a bye, a place facing a seed, or the pool of unseeded pairs. A pool
whose largest center has ``r`` of its ``2q`` players can be paired with exactly ``max(0, r - q)``
same-center pairs (put that center first, pair place ``i`` with ``i + q``), and no fewer. Choosing how
many of each center go where is a min-cost flow (networkx's network simplex), tried for every cap on
the pool's largest center. The placement found is then mixed by random swaps that never add a
same-center pair, so every competitor can meet every other one the rules allow.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Hashable, Optional, Sequence

from .errors import DrawError
from .model import normal_name

Slot = Optional[Hashable]
"""A bracket position's entrant id, or None for a bye."""

__all__ = [
    "Entrant", "Draw", "bracket_size", "seed_order", "bye_pairs", "draw_bracket",
    "first_round_pairs", "same_center_pairs", "minimum_same_center_pairs", "center_key",
]


@dataclass(frozen=True)
class Entrant:
    """One competitor as the draw sees them: ``id`` (any hashable, unique), ``medical_center``
    (compared case- and space-insensitively; an empty center is never "the same" as another), and
    ``seed`` (1 the top seed, None when unseeded)."""

    id: Hashable
    medical_center: str = ""
    seed: Optional[int] = None


@dataclass(frozen=True)
class Draw:
    """A drawn bracket. ``slots[p]`` is the entrant id at position ``p`` (None for a bye);
    ``random_seed`` is the recorded seed that gives the same draw again;
    ``same_center_pairs`` is counted from the first-round pairs, ``minimum_same_center_pairs`` is
    the smallest number any draw of this registration could have."""

    size: int
    slots: tuple[Slot, ...]
    random_seed: int
    same_center_pairs: int
    minimum_same_center_pairs: int

    @property
    def byes(self) -> int:
        return sum(1 for s in self.slots if s is None)


def bracket_size(n: int) -> int:
    """The number of positions for ``n`` competitors: the smallest power of two >= n (1 for 1)."""
    if n < 1:
        raise DrawError("a division needs at least one competitor to draw")
    size = 1
    while size < n:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """``order[p]`` is the seed line (1-based) of position ``p`` in a standard bracket of ``size``:
    for 8, ``[1, 8, 4, 5, 2, 7, 3, 6]`` (1 meets 8, 4 meets 5, ...; 1 and 2 meet only in the final).
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def bye_pairs(size: int, byes: int) -> list[int]:
    """Indices ``k`` of the first-round pairs (positions ``2k``, ``2k + 1``) that have a bye: those
    of seed lines 1..``byes``, so the byes spread evenly over halves, quarters, ..."""
    order = seed_order(size)
    return sorted(k for k in range(size // 2) if min(order[2 * k], order[2 * k + 1]) <= byes)


def center_key(entrant: Entrant) -> Hashable:
    """The key two entrants share when they come from the same medical center."""
    c = normal_name(entrant.medical_center or "")
    return ("center", c) if c else ("alone", entrant.id)


def first_round_pairs(slots: Sequence[Slot]) -> list[tuple[Slot, Slot]]:
    """The round-one pairs ``(slots[2k], slots[2k + 1])``."""
    return [(slots[2 * k], slots[2 * k + 1]) for k in range(len(slots) // 2)]


def same_center_pairs(slots: Sequence[Slot], entrants: Sequence[Entrant]) -> int:
    """How many round-one pairs have two competitors from one medical center."""
    by_id = {e.id: center_key(e) for e in entrants}
    return sum(1 for a, b in first_round_pairs(slots)
               if a is not None and b is not None and by_id[a] == by_id[b])


# --- the layout: which positions are fixed, which are free ------------------------------------

@dataclass
class _Layout:
    size: int
    fixed: dict[int, Slot]                  # position -> entrant id (seeds) or None (byes)
    bye_seats: list[int]                    # free positions facing a bye
    seed_seats: list[tuple[int, Hashable]]  # (free position, seed's center key)
    pool_pairs: list[tuple[int, int]]       # (position, position), both free


def _layout(entrants: Sequence[Entrant]) -> tuple[_Layout, list[Entrant], list[Entrant]]:
    n = len(entrants)
    size = bracket_size(n)
    ids = [e.id for e in entrants]
    if len(set(ids)) != n:
        raise DrawError("two competitors have the same id")
    seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: (e.seed, str(e.id)))
    if len(seeded) > max(1, size // 2):
        raise DrawError(f"{len(seeded)} seeds in a bracket of {size}: at most {max(1, size // 2)} "
                        "can be kept apart in round one")
    free = [e for e in entrants if e.seed is None]
    byes = size - n
    order = seed_order(size)
    line_position = {line: p for p, line in enumerate(order)}
    fixed: dict[int, Slot] = {}
    for rank, e in enumerate(seeded, 1):
        fixed[line_position[rank]] = e.id
    layout = _Layout(size, fixed, [], [], [])
    if size == 1:
        return layout, seeded, free
    seed_keys = {e.id: center_key(e) for e in seeded}
    for k in range(size // 2):
        p, q = 2 * k, 2 * k + 1
        low = p if order[p] < order[q] else q   # the position of the lower seed line
        high = q if low == p else p
        line = order[low]
        has_bye = line <= byes
        is_seed = line <= len(seeded)
        if has_bye:
            fixed[high] = None
            if not is_seed:
                layout.bye_seats.append(low)
        elif is_seed:
            layout.seed_seats.append((high, seed_keys[fixed[low]]))
        else:
            layout.pool_pairs.append((p, q))
    return layout, seeded, free


def _pool_cost(counts: dict[Hashable, int], q: int) -> int:
    return max(0, max(counts.values(), default=0) - q)


def _allocation(layout: _Layout, free: Sequence[Entrant]
                ) -> tuple[int, dict[Any, dict[Any, int]]]:
    """The optimal number of each center's free competitors at bye places, at each seed center's
    places and in the pool, and its cost (the smallest number of same-center pairs)."""
    import networkx as nx

    supply: dict[Hashable, int] = defaultdict(int)
    for e in free:
        supply[center_key(e)] += 1
    seat_caps: dict[Hashable, int] = defaultdict(int)
    for _, key in layout.seed_seats:
        seat_caps[key] += 1
    q = len(layout.pool_pairs)
    biggest = max(supply.values(), default=0)
    best: Optional[tuple[int, dict[Any, dict[Any, int]]]] = None
    for cap in range(q, max(q, min(2 * q, biggest)) + 1):
        extra = cap - q
        if best is not None and extra >= best[0]:
            break
        g = nx.DiGraph()
        g.add_node("end", demand=len(free))
        for c, count in supply.items():
            cn = ("c", c)
            g.add_node(cn, demand=-count)
            if layout.bye_seats:
                g.add_edge(cn, "bye", weight=0)
            for key in seat_caps:
                g.add_edge(cn, ("s", key), weight=1 if key == c else 0)
            if q:
                g.add_edge(cn, "pool", weight=0, capacity=cap)
        if layout.bye_seats:
            g.add_edge("bye", "end", weight=0, capacity=len(layout.bye_seats))
        for key, n_seats in seat_caps.items():
            g.add_edge(("s", key), "end", weight=0, capacity=n_seats)
        if q:
            g.add_edge("pool", "end", weight=0, capacity=2 * q)
        try:
            flow = nx.min_cost_flow(g)
        except nx.NetworkXUnfeasible:
            continue
        cost = int(nx.cost_of_flow(g, flow)) + extra
        if best is None or cost < best[0]:
            best = (cost, flow)
    if best is None:  # pragma: no cover - the flow is always feasible with cap = 2q
        raise DrawError("no draw found")
    return best


def _cost_at(slots: list[Slot], p: int, key_of: dict[Hashable, Hashable]) -> int:
    mate = p ^ 1
    a, b = slots[p], slots[mate]
    return int(a is not None and b is not None and key_of[a] == key_of[b])


def draw_bracket(entrants: Sequence[Entrant], random_seed: int, *, mixing: int = 30) -> Draw:
    """Draw a bracket for ``entrants`` (at least one) from ``random_seed`` (any int; the same seed
    and entrants in the same order give the same draw).

    Byes only in round one, never against a bye, spread over the halves; seeds at the standard
    seeded positions, taking the first byes; the number of round-one pairs from one medical center
    the smallest possible (see the module docstring). ``mixing`` swaps per free competitor shuffle
    the optimal placement. Raises :class:`DrawError` for no entrants, repeated ids or more seeds
    than half the bracket.
    """
    entrants = list(entrants)
    layout, seeded, free = _layout(entrants)
    rng = random.Random(f"checkers-desktop draw {int(random_seed)}")
    size = layout.size
    slots: list[Slot] = [None] * size
    for p, who in layout.fixed.items():
        slots[p] = who
    key_of = {e.id: center_key(e) for e in entrants}
    if size == 1:
        slots[0] = entrants[0].id
        return Draw(1, tuple(slots), int(random_seed), 0, 0)

    minimum, flow = _allocation(layout, free)
    groups: dict[Hashable, list[Hashable]] = defaultdict(list)
    for e in free:
        groups[center_key(e)].append(e.id)
    for members in groups.values():
        rng.shuffle(members)
    centers = sorted(groups, key=str)
    rng.shuffle(centers)

    def take(center: Hashable, count: int) -> list[Hashable]:
        taken, groups[center] = groups[center][:count], groups[center][count:]
        return taken

    # bye places
    bye_seats = list(layout.bye_seats)
    rng.shuffle(bye_seats)
    people: list[Hashable] = []
    for c in centers:
        people += take(c, flow.get(("c", c), {}).get("bye", 0))
    for p, who in zip(bye_seats, people):
        slots[p] = who
    # places facing seeds, by the seed's center
    seats_by_key: dict[Hashable, list[int]] = defaultdict(list)
    for p, key in layout.seed_seats:
        seats_by_key[key].append(p)
    for key, seats in seats_by_key.items():
        rng.shuffle(seats)
        people = []
        for c in centers:
            people += take(c, flow.get(("c", c), {}).get(("s", key), 0))
        for p, who in zip(seats, people):
            slots[p] = who
    # the pool: the largest center first, pair i with i + q
    q = len(layout.pool_pairs)
    if q:
        rest = [c for c in centers if groups[c]]
        rest.sort(key=lambda c: -len(groups[c]))  # stable: ties keep the shuffled order
        line = [who for c in rest for who in take(c, len(groups[c]))]
        if len(line) != 2 * q:  # pragma: no cover - a defect in the allocation
            raise DrawError("internal error: the pool does not fill its places")
        pairs = [(line[i], line[i + q]) for i in range(q)]
        rng.shuffle(pairs)
        places = list(layout.pool_pairs)
        rng.shuffle(places)
        for (x, y), (p, r) in zip(pairs, places):
            if rng.random() < 0.5:
                x, y = y, x
            slots[p], slots[r] = x, y
    if any(groups[c] for c in groups):  # pragma: no cover - a defect in the allocation
        raise DrawError("internal error: a competitor was left out of the draw")

    # mixing: random swaps of two free competitors that add no same-center pair
    free_positions = [p for p in range(size) if p not in layout.fixed]
    if len(free_positions) > 1:
        for _ in range(mixing * len(free_positions)):
            p, r = rng.sample(free_positions, 2)
            if p ^ 1 == r:
                continue
            before = _cost_at(slots, p, key_of) + _cost_at(slots, r, key_of)
            slots[p], slots[r] = slots[r], slots[p]
            after = _cost_at(slots, p, key_of) + _cost_at(slots, r, key_of)
            if after > before:
                slots[p], slots[r] = slots[r], slots[p]
    count = same_center_pairs(slots, entrants)
    if count != minimum:  # pragma: no cover - a defect in the construction above
        raise DrawError(f"internal error: the draw has {count} same-center pairs, minimum {minimum}")
    return Draw(size, tuple(slots), int(random_seed), count, minimum)


def minimum_same_center_pairs(entrants: Sequence[Entrant]) -> int:
    """The smallest number of round-one same-center pairs any draw of ``entrants`` can have (with
    the seeds at their seeded positions)."""
    entrants = list(entrants)
    layout, _, free = _layout(entrants)
    if layout.size == 1:
        return 0
    return _allocation(layout, free)[0]
