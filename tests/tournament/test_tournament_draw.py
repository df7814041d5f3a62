"""The draw's properties on random registrations (1 to 64 competitors, 1 to 10 medical centers of
skewed sizes, with and without seeds): every competitor exactly once, byes only in round one and
never against a bye, byes spread over the halves and quarters, seeds at the standard seeded positions
with the first byes, the same seed giving the same draw, and the number of round-one pairs from one
medical center equal to the smallest possible, computed here independently: by brute force over
every pairing for small registrations, and as a minimum-weight perfect matching (networkx) for all.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.tournament.bracket import resolve
from checkers_desktop.tournament.draw import (Entrant, bracket_size, draw_bracket,
                                              first_round_pairs, same_center_pairs, seed_order)
from checkers_desktop.tournament.errors import DrawError


@st.composite
def registrations(draw, max_n=64, seeds=True):
    n = draw(st.integers(1, max_n))
    k = draw(st.integers(1, 10))
    # skewed: center weights from 1 to 1000, so one center often has most competitors
    weights = draw(st.lists(st.integers(1, 1000), min_size=k, max_size=k))
    pick = random.Random(draw(st.integers(0, 2 ** 32)))
    names = [f"VAMC {chr(65 + i)}" for i in range(k)]
    centers = pick.choices(names, weights=weights, k=n)
    if draw(st.booleans()):
        centers = [c if pick.random() > 0.1 else "" for c in centers]  # some without a center
    n_seeds = draw(st.integers(0, min(8, max(1, bracket_size(n) // 2), n))) if seeds else 0
    ranks = pick.sample(range(n), n_seeds)
    return [Entrant(i, centers[i], (ranks.index(i) + 1) if i in ranks else None)
            for i in range(n)]


def _same(a: Entrant, b: Entrant) -> bool:
    return bool(a.medical_center) and a.medical_center.lower() == b.medical_center.lower()


def _reference_parts(entrants):
    """The problem stated from the rules alone: bracket size, byes to the top seeds first; a seed
    without a bye faces some unseeded competitor; byes left go to unseeded competitors; the rest of
    the unseeded pair up freely."""
    n = len(entrants)
    size = bracket_size(n)
    byes = size - n
    seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed)
    free = [e for e in entrants if e.seed is None]
    seeds_facing = seeded[byes:]            # seeds ranked after the byes run out
    bye_places = max(0, byes - len(seeded))
    return free, seeds_facing, bye_places


def reference_minimum_matching(entrants) -> int:
    """Minimum-weight perfect matching: free competitors, a node per seed without a bye (its
    opponent's place) and per bye left; weight 1 for a same-center pair."""
    if len(entrants) == 1:
        return 0
    free, seeds_facing, bye_places = _reference_parts(entrants)
    g = nx.Graph()
    for i, a in enumerate(free):
        g.add_node(("f", i))
        for j in range(i + 1, len(free)):
            g.add_edge(("f", i), ("f", j), weight=int(_same(a, free[j])))
        for s, seed in enumerate(seeds_facing):
            g.add_edge(("f", i), ("s", s), weight=int(_same(a, seed)))
        for b in range(bye_places):
            g.add_edge(("f", i), ("b", b), weight=0)
    matching = nx.min_weight_matching(g)
    assert 2 * len(matching) == g.number_of_nodes(), "no perfect matching"
    return sum(g.edges[u, v]["weight"] for u, v in matching)


def reference_minimum_brute(entrants) -> int:
    """Every way to fill the places, tried (small registrations only)."""
    if len(entrants) == 1:
        return 0
    free, seeds_facing, bye_places = _reference_parts(entrants)
    places = [("s", s) for s in seeds_facing] + [("b", None)] * bye_places

    def best(pool, places):
        if places:
            kind, seed = places[0]
            return min(int(kind == "s" and _same(pool[i], seed))
                       + best(pool[:i] + pool[i + 1:], places[1:]) for i in range(len(pool)))
        if not pool:
            return 0
        first, rest = pool[0], pool[1:]
        return min(int(_same(first, rest[i])) + best(rest[:i] + rest[i + 1:], [])
                   for i in range(len(rest)))

    return best(list(free), places)


def _check_structure(entrants, d):
    n = len(entrants)
    assert d.size == bracket_size(n)
    placed = [x for x in d.slots if x is not None]
    assert sorted(placed) == sorted(e.id for e in entrants)       # everyone exactly once
    assert d.byes == d.size - n
    for a, b in first_round_pairs(d.slots):
        assert not (a is None and b is None)                      # never bye against bye
    states = resolve(d.slots)
    last = max(r for r, _ in states) if states else 0
    for pos, state in states.items():                             # byes only in round one
        if pos[0] > 1 and pos != (last, 1):   # (the third place lacks a side only with 3 players)
            assert state.a is not None and state.b is not None
        if pos == (last, 1) and n > 3:
            assert state.a is not None and state.b is not None
    # byes spread: in every sub-bracket the two halves differ by at most one bye
    width = d.size
    while width >= 4:
        for start in range(0, d.size, width):
            left = d.slots[start:start + width // 2].count(None)
            right = d.slots[start + width // 2:start + width].count(None)
            assert abs(left - right) <= 1, (width, start, d.slots)
        width //= 2
    # seeds at the standard seeded positions, with the first byes
    order = seed_order(d.size)
    seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed)
    for rank, e in enumerate(seeded, 1):
        pos = order.index(rank)
        assert d.slots[pos] == e.id
        if rank <= d.byes:
            assert d.slots[pos ^ 1] is None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(registrations(), st.integers(0, 2 ** 31 - 1))
def test_draw_properties_and_minimum_against_matching(entrants, seed):
    d = draw_bracket(entrants, seed)
    _check_structure(entrants, d)
    expected = reference_minimum_matching(entrants)
    assert same_center_pairs(d.slots, entrants) == expected
    assert d.same_center_pairs == d.minimum_same_center_pairs == expected
    assert draw_bracket(entrants, seed) == d                      # the same seed, the same draw


@settings(max_examples=100, deadline=None)
@given(registrations(max_n=9), st.integers(0, 2 ** 31 - 1))
def test_minimum_against_brute_force(entrants, seed):
    d = draw_bracket(entrants, seed)
    assert d.same_center_pairs == reference_minimum_brute(entrants)


def test_different_seeds_give_different_draws():
    entrants = [Entrant(i, f"VAMC {i % 5}") for i in range(24)]
    draws = {draw_bracket(entrants, s).slots for s in range(20)}
    assert len(draws) == 20


def test_every_allowed_opponent_is_possible():
    """The mixing reaches draws beyond the construction's pattern: over many seeds, competitor 0
    meets every competitor of another center in round one."""
    entrants = [Entrant(i, "Tampa" if i < 4 else f"VAMC {i % 3}") for i in range(8)]
    met = set()
    for s in range(300):
        d = draw_bracket(entrants, s)
        for a, b in first_round_pairs(d.slots):
            if 0 in (a, b):
                met.add(b if a == 0 else a)
    assert met == set(range(4, 8))


def test_one_center_gives_half_the_pairs_same_center():
    entrants = [Entrant(i, "Tampa VAMC") for i in range(8)]
    d = draw_bracket(entrants, 1)
    assert d.same_center_pairs == d.minimum_same_center_pairs == 4


def test_seed_order_is_the_standard_one():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(4) == [1, 4, 2, 3]


def test_bad_draws_are_refused():
    with pytest.raises(DrawError):
        draw_bracket([], 1)
    with pytest.raises(DrawError):
        draw_bracket([Entrant(1), Entrant(1)], 1)
    with pytest.raises(DrawError, match="seeds"):
        draw_bracket([Entrant(i, "", i + 1) for i in range(4)], 1)
