"""What the seal on the results costs: entering every result of a field, and opening it (which
checks the whole chain, every checkpoint and every result against the log).

Run: ``nice -n 10 python benchmarks/tournament_seal.py [--competitors 500 2000] [--key]``

For each field size, on a SQLite file in a temporary folder: N competitors in the seven VA age
groups (one division each), drawn, then every match entered by hand (``enter_result``) until each
division has its medals; prints the seconds to enter them all, the results per second, the number
of events in the chain, and the seconds ``Tournament.open`` takes to verify it. ``--key`` anchors
with an install key (as the app does: one HMAC checkpoint per event); without it the chain is
computed but not anchored. Run it on an older checkout (``PYTHONPATH=OLD``) for the cost without
the seal (the open time is then the open alone).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from checkers_desktop.tournament import CompetitorInput  # noqa: E402
from checkers_desktop.tournament.model import AGE_GROUPS  # noqa: E402
from checkers_desktop.tournament.store import Tournament  # noqa: E402


def run(n: int, keys) -> dict:
    folder = tempfile.mkdtemp(prefix="seal-bench-")
    path = os.path.join(folder, "t.db")
    extra = {"keys": keys} if keys is not None else {}
    t = Tournament.open(path, **extra)
    for i in range(n):
        t.add_competitor(CompetitorInput(f"Player {i}", f"VAMC {i % 23}",
                                         AGE_GROUPS[i % len(AGE_GROUPS)]))
    t.make_divisions()
    for d in t.divisions():
        t.draw(d.key, seed=11)
    start = time.perf_counter()
    results = 0
    while True:
        ready = t.playable()
        if not ready:
            break
        for m in ready:
            t.enter_result(m.number, [m.a.id, m.a.id])
            results += 1
    entered = time.perf_counter() - start
    events = t.last_event_id()
    t.close()
    start = time.perf_counter()
    t = Tournament.open(path, **extra)
    opened = time.perf_counter() - start
    report = getattr(t, "verification", None)
    t.close()
    return {"n": n, "results": results, "enter_s": entered, "per_s": results / entered,
            "events": events, "open_s": opened,
            "clean": None if report is None else report.clean}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--competitors", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--key", action="store_true", help="anchor with an install key")
    args = parser.parse_args()
    keys = None
    if args.key:
        from checkers_desktop.storage.integrity import KeyRing

        keys = KeyRing(tempfile.mkdtemp(prefix="seal-key-"))
    print("competitors  results  enter_s  results/s  events  open+verify_s  clean")
    for n in args.competitors:
        r = run(n, keys)
        print(f"{r['n']:11d}  {r['results']:7d}  {r['enter_s']:7.1f}  {r['per_s']:9.1f}  "
              f"{r['events']:6d}  {r['open_s']:13.2f}  {r['clean']}", flush=True)


if __name__ == "__main__":
    main()
