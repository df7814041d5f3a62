"""Rate the shipped composed problems: how hard the engine finds each, and whether it proves the
stated result. Writes ``checkers_desktop/library/problem-ratings.json``, which the app ships.

Run from the repository root (the endgame database of the window's cache, or one built with
``checkers-desktop endgame --cache DIR``)::

    .venv/bin/python benchmarks/problem_ratings.py --endgame-cache DIR --seconds 2
    .venv/bin/python benchmarks/problem_ratings.py --endgame-cache DIR --rerate OLD.json

``--rerate`` takes the searches of an earlier run (its verdicts, depths and nodes) and only
computes the ratings again (the win's length read from the database where it is exact): seconds,
not the half hour of a full run on a shared machine.

For each problem of ``checkers_desktop.library`` one search of at most ``--seconds`` (it stops
once the result is proven), with the database installed (``--pieces``, 5 by default): the verdict
(verified, contradicted, unproven: ``session.problem_set.verdict``), the depth and nodes at which
it was proven, and the rating (``session.problem_set.difficulty``). Prints the figures: how many
are verified by collection, the contradictions with their lines, and the spread of the ratings.
The machine's load changes how far a timed search reaches, so the figures name the time used.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import compiled as _compiled  # noqa: E402
from checkers_desktop.engine.endgame import install_cached  # noqa: E402
from checkers_desktop.engine.evaluate import WIN  # noqa: E402
from checkers_desktop.engine.proof import Analysis, Outcome, analyse  # noqa: E402
from checkers_desktop.library import COLLECTIONS, RATINGS_FILE, Kind  # noqa: E402
from checkers_desktop.session.problem_set import (Verdict, difficulty, read_problems,  # noqa: E402
                                                  verdict)


def _plies(analysis: Analysis) -> int:
    """The length of the proven win or loss (plies), else the depth searched."""
    if analysis.outcome in (Outcome.WIN, Outcome.LOSS) and abs(analysis.score) > WIN - 1000:
        return WIN - abs(analysis.score)
    return analysis.depth


def _earlier(row: dict, board, table) -> Analysis:
    """An earlier run's result for ``board``, its length read from the database where exact."""
    from checkers_desktop.engine.endgame import plies_of
    from checkers_desktop.rules import BLACK as _BLACK

    proven = row.get("proven")
    mover = "1-0" if board.turn is _BLACK else "0-1"
    outcome = (Outcome.UNKNOWN if proven is None else Outcome.DRAW if proven == "1/2-1/2"
               else Outcome.WIN if proven == mover else Outcome.LOSS)
    score = 0
    if outcome in (Outcome.WIN, Outcome.LOSS):
        plies = row.get("plies", row["depth"])
        if row.get("exact") and table is not None and board.legal_moves:
            black = board.turn is _BLACK
            my, opp = ((board.black_bb, board.white_bb) if black
                       else (board.white_bb, board.black_bb))
            plies = plies_of(table.probe(my, opp, board.kings_bb, black))
        score = (WIN - plies) * (1 if outcome is Outcome.WIN else -1)
    return Analysis(outcome, bool(row.get("exact")), None, (), score, row["depth"],
                    row["nodes"], row["seconds"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="most seconds per problem")
    ap.add_argument("--endgame-cache", default=None, help="folder of the cached endgame database")
    ap.add_argument("--pieces", type=int, default=5, help="largest database to use")
    ap.add_argument("--limit", type=int, default=0, help="only the first N of each collection")
    ap.add_argument("--out", default=str(RATINGS_FILE), help="where to write the ratings")
    ap.add_argument("--rerate", default=None,
                    help="an earlier run's JSON: its searches are used, not done again")
    args = ap.parse_args(argv)

    table = install_cached(args.endgame_cache, args.pieces) if args.endgame_cache else None
    print(f"endgame database: {table.pieces if table else 0} pieces; compiled search: "
          f"{'on' if _compiled.warm_up() else 'off'}; {args.seconds} s a problem", flush=True)
    earlier = None
    if args.rerate:
        earlier = json.loads(Path(args.rerate).read_text(encoding="utf-8"))
        args.seconds = earlier["seconds"]
    rows: dict[str, dict] = {}
    by_collection: dict[str, Counter] = {}
    contradictions = []
    started = time.perf_counter()
    for item in COLLECTIONS:
        if item.kind is not Kind.PROBLEMS:
            continue
        counts = by_collection.setdefault(item.key, Counter())
        for n, problem in enumerate(read_problems(item.path, item.key, item.title), 1):
            if args.limit and n > args.limit:
                break
            board = problem.board()
            if earlier is not None:
                analysis = _earlier(earlier["problems"][problem.key], board, table)
            else:
                analysis = analyse(board, args.seconds)
            said, proven = verdict(problem, analysis)
            counts[said.value] += 1
            counts["all"] += 1
            plies = _plies(analysis)
            rating = difficulty(plies, analysis.nodes, item.offset,
                                proven=said is Verdict.VERIFIED,
                                draw=analysis.outcome is Outcome.DRAW)
            rows[problem.key] = {
                "rating": rating, "verdict": said.value,
                "proven": proven.value if proven else None, "depth": analysis.depth,
                "plies": plies, "nodes": analysis.nodes, "seconds": round(analysis.seconds, 3),
                "exact": analysis.exact}
            if said is Verdict.CONTRADICTED:
                line = " ".join(m.pdn() for m in analysis.pv[:10]) or "(line as in the earlier run)"
                contradictions.append(f"{problem.name} ({problem.fen}): stated "
                                      f"{problem.stated.value}, proven {proven.value if proven else '?'}"
                                      f"{' by the database' if analysis.exact else ''}; {line}")
        print(f"{item.key:16s} verified {counts['verified']:4d} contradicted "
              f"{counts['contradicted']:3d} unproven {counts['unproven']:4d} / {counts['all']:4d}",
              flush=True)
    total = Counter()
    for counts in by_collection.values():
        total.update(counts)
    print(f"{'all':16s} verified {total['verified']:4d} contradicted {total['contradicted']:3d} "
          f"unproven {total['unproven']:4d} / {total['all']:4d} "
          f"({time.perf_counter() - started:.0f} s)")
    for line in contradictions:
        print("  contradicted:", line)
    ratings = sorted(row["rating"] for row in rows.values())
    if ratings:
        bands = Counter(min(r // 200 * 200, 2200) for r in ratings)
        print("ratings: " + ", ".join(f"{band}-{band + 199}: {bands[band]}"
                                      for band in sorted(bands)))
        q = [ratings[int(len(ratings) * f)] for f in (0.1, 0.25, 0.5, 0.75, 0.9)]
        print(f"  deciles 10/25/50/75/90 %: {q}; min {ratings[0]}, max {ratings[-1]}")
    header = {"seconds": args.seconds, "pieces": table.pieces if table else 0,
              "command": "python benchmarks/problem_ratings.py --endgame-cache DIR "
                         + " ".join(a for a in (argv or sys.argv[1:])
                                    if "cache" not in a and not a.startswith("/")),
              "problems": rows}
    Path(args.out).write_text(json.dumps(header, indent=0, sort_keys=True) + "\n",
                              encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
