"""One small tournament that leaves a match in every status a bracket can show, through the
public API only, so that an older app can run it too: ``tests/tournament/data/
t0002-statuses.db`` is this scenario as the app of schema t0002 stored it (``python
tests/tournament/status_scenario.py FILE`` with that app first on the path).

Sixteen competitors in one division, drawn from seed 7. Round one, by match number: a match
played 2-0, a walkover, a match decided by a withdrawal, a match both of whose players withdrew
(empty), one called to table 2, one taken by table 3 (playing), two ready. Quarter-finals: one
ready (its two players known), one won by a bye (its other side empty), two waiting. Every action
is sealed with the key of :data:`KEY_SECRET`."""

from __future__ import annotations

import sys
from typing import Callable, Optional

KEY_SECRET = bytes(range(32))
"""The record key's secret the scenario is sealed with (the seal tests' key)."""

CENTERS = ("Tampa VAMC", "Bronx VAMC", "Reno VAMC", "Waco VAMC", "Erie VAMC", "Hines VAMC",
           "Togus VAMC", "Biloxi VAMC")


def play(url: str, open_table: Optional[Callable[[int], object]] = None) -> dict[str, int]:
    """Run the scenario on a new tournament at ``url`` (a SQLite path, or the organiser's
    PostgreSQL URL), the key ring in use holding :data:`KEY_SECRET`'s key. ``open_table(n)``
    opens the tournament as table ``n`` (default: ``Tournament.open(url, table=n)``, SQLite).
    Returns the match numbers by what was done to them."""
    from checkers_desktop.tournament import CompetitorInput
    from checkers_desktop.tournament.store import Tournament

    t = Tournament.open(url, name="Statuses")
    try:
        for i in range(16):
            t.add_competitor(CompetitorInput(f"Player {i}", CENTERS[i % len(CENTERS)], "70-74"))
        t.make_divisions()
        key = t.divisions()[0].key
        t.draw(key, seed=7)
        first = sorted((m for m in t.matches(key) if m.round == 1), key=lambda m: m.index)
        played, walkover, withdrawal, empty, called, taken = first[:6]
        t.enter_result(played.number, [played.a.id, played.a.id])
        t.walkover(walkover.number, walkover.b.id, why="did not come")
        t.withdraw(withdrawal.a.id, why="felt unwell")
        t.withdraw(empty.a.id, why="felt unwell")
        t.withdraw(empty.b.id, why="went home")
        t.call(called.number, 2)
    finally:
        t.close()
    table = open_table(3) if open_table is not None else Tournament.open(url, table=3)
    try:
        table.take(taken.number)  # type: ignore[attr-defined]
    finally:
        table.close()  # type: ignore[attr-defined]
    return {"played": played.number, "walkover": walkover.number,
            "withdrawal": withdrawal.number, "empty": empty.number, "called": called.number,
            "taken": taken.number}


def main(path: str) -> None:
    """Write the scenario's SQLite file at ``path``."""
    from checkers_desktop.storage import records
    from checkers_desktop.storage.integrity import KeyRing, RecordKey

    records.use_keys(KeyRing.of(RecordKey.from_secret(KEY_SECRET)))
    play(path)


if __name__ == "__main__":
    main(sys.argv[1])
