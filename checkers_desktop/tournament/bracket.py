"""A single-elimination bracket worked out from its draw and the results entered (pure, no storage).

Positions are those of :mod:`.draw`. Round 1 match ``i`` is positions ``2i`` and ``2i + 1``; round
``r`` match ``i`` is played by the winners of round ``r - 1`` matches ``2i`` and ``2i + 1``. In the
last round, match 0 is the final and match 1 the third-place match between the two semi-final
losers (VA rulebook, Event 4: "Third place games will match the two losers of the two semi-final
games against each other").

A side of a match is a competitor, *nobody* (a bye in round one; later, a side whose competitors all
withdrew) or *not known yet*. A match with a competitor against nobody is won without play (a bye,
or a walkover after a withdrawal). A withdrawn competitor who has not played a match that is due
loses it by withdrawal. A stored result counts only while its two players are the match's two
players: a correction upstream that changes who plays makes later results stale, and those matches
are to be played again (:func:`stale_results`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Callable, Hashable, Mapping, Optional, Sequence

from .model import MatchStatus

__all__ = [
    "PENDING", "MatchPos", "StoredResult", "MatchState", "Standings", "rounds_for", "match_positions",
    "round_name", "feeders", "resolve", "standings", "stale_results", "KIND_PLAYED", "KIND_WALKOVER",
    "KIND_WITHDRAWAL", "KIND_BYE", "MatchStatus", "later_matches", "round_title",
    "BracketPart", "split_bracket",
]

KIND_PLAYED = "played"
KIND_WALKOVER = "walkover"      # entered by the organiser: the opponent did not come
KIND_WITHDRAWAL = "withdrawal"  # worked out: a withdrawn competitor's due match
KIND_BYE = "bye"                # worked out: a competitor against nobody


class _Pending:
    def __repr__(self) -> str:
        return "PENDING"


PENDING = _Pending()
"""A side not known yet (its feeding match is undecided)."""

MatchPos = tuple[int, int]
"""(round, index): round 1 first; in the last round index 0 is the final, 1 the third place."""


@dataclass(frozen=True)
class StoredResult:
    """A result as entered: the two players it was between, the winner, and ``kind``
    (:data:`KIND_PLAYED` or :data:`KIND_WALKOVER`)."""

    a: Hashable
    b: Hashable
    winner: Hashable
    kind: str = KIND_PLAYED


@dataclass(frozen=True)
class MatchState:
    """One match as worked out. ``a``/``b``: a competitor id, None (nobody) or :data:`PENDING`.
    ``winner``/``loser``: ids or None. ``kind``: how it was decided (None while undecided).
    ``status``: WAITING, READY, DECIDED or EMPTY (the bracket knows nothing of tables).
    ``stale``: a stored result exists but its players are no longer this match's players."""

    pos: MatchPos
    a: object
    b: object
    status: MatchStatus
    winner: Optional[Hashable] = None
    loser: Optional[Hashable] = None
    kind: Optional[str] = None
    stale: bool = False

    @property
    def round(self) -> int:
        return self.pos[0]

    @property
    def index(self) -> int:
        return self.pos[1]

    @property
    def players(self) -> tuple[object, ...]:
        return tuple(x for x in (self.a, self.b) if x is not None and x is not PENDING)


@dataclass(frozen=True)
class Standings:
    """A division's final places: ids or None where not decided (or nobody). ``vacant``: the
    places ("silver", "bronze", "fourth") that nobody will take, as opposed to those not decided
    yet: fewer than four competitors, a bye in the third-place match, or a withdrawn loser."""

    gold: Optional[Hashable] = None
    silver: Optional[Hashable] = None
    bronze: Optional[Hashable] = None
    fourth: Optional[Hashable] = None
    vacant: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.gold is not None


def rounds_for(size: int) -> int:
    """Rounds in a bracket of ``size`` positions (1 -> 0, 2 -> 1, 4 -> 2, 8 -> 3, ...)."""
    r = 0
    while (1 << r) < size:
        r += 1
    return r


def match_positions(size: int) -> list[MatchPos]:
    """Every match of a bracket of ``size``, in playing order: round by round, the third-place match
    before the final."""
    rounds = rounds_for(size)
    out: list[MatchPos] = []
    for r in range(1, rounds):
        out += [(r, i) for i in range(size >> r)]
    if rounds >= 2:
        out.append((rounds, 1))
    if rounds >= 1:
        out.append((rounds, 0))
    return out


def feeders(size: int, pos: MatchPos) -> tuple[Optional[MatchPos], Optional[MatchPos], bool]:
    """The two matches whose winners play the match at ``pos`` of a bracket of ``size`` (its a and
    b sides), and whether it is their losers instead (the third place: the semi-finals' losers,
    VA rulebook, Event 4). (None, None, False) in round one."""
    r, i = pos
    rounds = rounds_for(size)
    if r <= 1:
        return None, None, False
    if r == rounds and i == 1:
        return (r - 1, 0), (r - 1, 1), True
    return (r - 1, 2 * i), (r - 1, 2 * i + 1), False


def round_name(size: int, pos: MatchPos) -> str:
    """"Final", "Third place", "Semi-final 2", "Quarter-final 1", "Round of 16, pairing 3"."""
    rounds = rounds_for(size)
    r, i = pos
    if r == rounds:
        return "Final" if i == 0 else "Third place"
    if r == rounds - 1:
        return f"Semi-final {i + 1}"
    if r == rounds - 2:
        return f"Quarter-final {i + 1}"
    return f"Round of {size >> (r - 1)}, pairing {i + 1}"


def round_title(size: int, round_: int) -> str:
    """The heading of a whole round: "Round of 16", "Quarter-finals", "Semi-finals", "Final and
    third place" (a bracket of 2: "Final")."""
    rounds = rounds_for(size)
    if round_ == rounds:
        return "Final and third place" if size >= 4 else "Final"
    if round_ == rounds - 1:
        return "Semi-finals"
    if round_ == rounds - 2:
        return "Quarter-finals"
    return f"Round of {size >> (round_ - 1)}"


def _decide(pos: MatchPos, a: object, b: object, stored: Optional[StoredResult],
            withdrawn: AbstractSet[Hashable]) -> MatchState:
    stale = False
    if stored is not None:
        if {a, b} == {stored.a, stored.b} and stored.winner in (a, b):
            loser = b if stored.winner == a else a
            return MatchState(pos, a, b, MatchStatus.DECIDED, stored.winner, loser, stored.kind)
        stale = True
    if a is PENDING or b is PENDING:
        return MatchState(pos, a, b, MatchStatus.WAITING, stale=stale)
    if a is None and b is None:
        return MatchState(pos, a, b, MatchStatus.EMPTY, stale=stale)
    if a is None or b is None:
        return MatchState(pos, a, b, MatchStatus.DECIDED, a if b is None else b, None, KIND_BYE,
                          stale)
    out_a, out_b = a in withdrawn, b in withdrawn
    if out_a and out_b:
        return MatchState(pos, a, b, MatchStatus.EMPTY, stale=stale)
    if out_a or out_b:
        winner, loser = (b, a) if out_a else (a, b)
        return MatchState(pos, a, b, MatchStatus.DECIDED, winner, loser, KIND_WITHDRAWAL, stale)
    return MatchState(pos, a, b, MatchStatus.READY, stale=stale)


def _advance(state: MatchState, loser: bool = False) -> object:
    if state.status == MatchStatus.EMPTY:
        return None
    if state.status != MatchStatus.DECIDED:
        return PENDING
    # a loser by withdrawal goes on to the third place too, and loses it the same way
    return state.loser if loser else state.winner


def resolve(slots: Sequence[Optional[Hashable]], results: Mapping[MatchPos, StoredResult] = {},
            withdrawn: AbstractSet[Hashable] = frozenset()) -> dict[MatchPos, MatchState]:
    """Every match of the bracket whose positions hold ``slots`` (ids, None for a bye), given the
    stored ``results`` and the ``withdrawn`` competitor ids. Returns states keyed by position in
    playing order (see :func:`match_positions`)."""
    size = len(slots)
    rounds = rounds_for(size)
    states: dict[MatchPos, MatchState] = {}
    for r in range(1, rounds + 1):
        for i in range(size >> r):
            if r == 1:
                a, b = slots[2 * i], slots[2 * i + 1]
            else:
                a = _advance(states[(r - 1, 2 * i)])
                b = _advance(states[(r - 1, 2 * i + 1)])
            states[(r, i)] = _decide((r, i), a, b, results.get((r, i)), withdrawn)
        if r == rounds and rounds >= 2:
            a = _advance(states[(r - 1, 0)], loser=True)
            b = _advance(states[(r - 1, 1)], loser=True)
            states[(r, 1)] = _decide((r, 1), a, b, results.get((r, 1)), withdrawn)
    return {pos: states[pos] for pos in match_positions(size)}


def standings(slots: Sequence[Optional[Hashable]], states: Mapping[MatchPos, MatchState],
              withdrawn: AbstractSet[Hashable] = frozenset()) -> Standings:
    """Gold, silver, bronze and fourth from resolved ``states``. One competitor alone takes gold;
    a withdrawn competitor gets no place (fourth stays empty when the third-place loser
    withdrew). Places nobody will take are listed in ``vacant``: an organiser told "fourth: not
    decided yet" when the event is over cannot tell whether a match is missing."""
    size = len(slots)
    rounds = rounds_for(size)
    if rounds == 0:
        return Standings(gold=slots[0] if slots and slots[0] not in withdrawn else None,
                         vacant=("silver", "bronze", "fourth"))
    final = states[(rounds, 0)]
    gold = silver = bronze = fourth = None
    vacant: list[str] = []
    if final.status == MatchStatus.DECIDED:
        gold, silver = final.winner, final.loser
    if silver in withdrawn and final.kind == KIND_WITHDRAWAL:
        silver = None
    if final.status == MatchStatus.DECIDED and silver is None:
        vacant.append("silver")
    if rounds >= 2:
        third = states[(rounds, 1)]
        if third.status == MatchStatus.DECIDED:
            bronze, fourth = third.winner, third.loser
            if fourth in withdrawn:
                fourth = None
            if fourth is None:
                vacant.append("fourth")
    else:
        vacant += ["bronze", "fourth"]  # two competitors: no third-place match
    return Standings(gold, silver, bronze, fourth, tuple(vacant))


def later_matches(size: int, pos: MatchPos) -> list[MatchPos]:
    """The matches a result at ``pos`` feeds, directly or not: the winner's path to the final and,
    from a semi-final (or earlier), the third-place match."""
    rounds = rounds_for(size)
    out: list[MatchPos] = []
    r, i = pos
    if r == rounds:
        return out
    while r < rounds - 1:
        r, i = r + 1, i // 2
        out.append((r, i))
    if rounds >= 2:
        out.append((rounds, 1))
    out.append((rounds, 0))
    return out


def stale_results(states: Mapping[MatchPos, MatchState]) -> list[MatchPos]:
    """Positions whose stored result no longer counts (their players changed)."""
    return [pos for pos, s in states.items() if s.stale]


@dataclass(frozen=True)
class BracketPart:
    """A piece of a bracket of ``size`` cut at match boundaries, to be printed on one page:
    rounds ``first_round`` to ``last_round``, and in ``first_round`` the ``count`` matches from
    index ``start`` (a power of two, aligned), with every later match they feed up to
    ``last_round``; the third-place match comes with the last round."""

    size: int
    first_round: int
    last_round: int
    start: int
    count: int

    def indices(self, round_: int) -> range:
        """The indices of this part's matches in ``round_`` (the third place excluded)."""
        if not self.first_round <= round_ <= self.last_round:
            return range(0)
        d = round_ - self.first_round
        return range(self.start >> d, (self.start >> d) + max(1, self.count >> d))

    def positions(self) -> list[MatchPos]:
        """Every match of the part, round by round (the third place after the final)."""
        rounds = rounds_for(self.size)
        out = [(r, i) for r in range(self.first_round, self.last_round + 1)
               for i in self.indices(r)]
        if self.last_round == rounds and self.size >= 4:
            out.append((rounds, 1))
        return out

    @property
    def whole(self) -> bool:
        """True for the whole bracket."""
        return self.first_round == 1 and self.last_round == rounds_for(self.size) \
            and self.count >= max(1, self.size // 2)

    def leaving(self) -> list[tuple[MatchPos, MatchPos]]:
        """(match, where its winner plays next) for each of the part's matches whose winner
        goes on to a match printed elsewhere; its loser goes to the third place when it is a
        semi-final."""
        if self.last_round >= rounds_for(self.size):
            return []
        r = self.last_round
        return [((r, i), (r + 1, i // 2)) for i in self.indices(r)]

    def entering(self) -> list[MatchPos]:
        """The matches printed elsewhere whose winners come into this part (those of the round
        before its first)."""
        if self.first_round <= 1:
            return []
        r = self.first_round - 1
        return [(r, j) for i in self.indices(self.first_round) for j in (2 * i, 2 * i + 1)]


def split_bracket(size: int, fits: Callable[[BracketPart], bool]) -> list[BracketPart]:
    """The bracket of ``size`` cut into parts that each ``fits`` a page, at match boundaries
    (a match is never split): the whole bracket when it fits; else its earlier rounds in the
    largest equal pieces that fit (halves, quarters, eighths...), in bracket order, then the
    later rounds (cut the same way when they do not fit). A single match that does not fit is
    still one part: the caller shrinks it."""
    rounds = rounds_for(size)
    if rounds < 1:
        return []

    def plan(first: int, last: int, start: int, count: int) -> list[BracketPart]:
        part = BracketPart(size, first, last, start, count)
        if first == last or fits(part):
            return [part]
        for cut in range(1, last - first + 1):
            root = last - cut                      # the round the earlier pieces end with
            pieces = max(1, count >> (root - first))
            each = count // pieces
            subs = [BracketPart(size, first, root, start + j * each, each)
                    for j in range(pieces)]
            if cut < last - first and not all(fits(sub) for sub in subs):
                continue
            out: list[BracketPart] = []
            for sub in subs:
                out += plan(sub.first_round, sub.last_round, sub.start, sub.count)
            top = root + 1
            out += plan(top, last, start >> (top - first), max(1, count >> (top - first)))
            return out
        return [part]  # not reached: the last cut always returns

    return plan(1, rounds, 0, max(1, size // 2))
