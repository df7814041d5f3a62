"""Check the opening book's replies by a deeper search, and write the ones found worse.

The strong levels play the best-scoring master move of checkers_desktop/engine/opening-book.json,
a choice often resting on two to ten games. This script searches the positions where they would
play it, most often met first, and where the master move falls short of the search's best move
it writes the searched move into the book's ``searched`` section (engine/book.py,
``SearchedReply``), which the strong levels then play instead.

Which positions: those where the checked side is to move and plays from the book, reached from
the start and from each three-move ballot of ../shared/ballots (the standard list), the checked
side playing its strong book move and the other any master move; each position is weighted by how
often it is reached (a ballot or the start counting 1, split among the other side's master moves
as the masters played them), and the ``--limit`` most reached are checked.

How: a search of ``--screen-depth`` plies finds the best move; where it is not the master move,
the master move's position is searched one ply less, the difference being the shortfall
(hundredths of a man, the mover's view). A shortfall of at least ``--margin`` is searched again at
``--depth`` plies, and written only when the deep search agrees (its best move is not the master
move and falls short by at least the margin). Searches use the compiled core, the learned
evaluation and the 5-piece endgame database, a fresh table for each position. Results are kept in
``--cache`` (one JSON line a search), so that a run can be stopped and resumed.

Run from the repository root::

    nice -n 5 .venv/bin/python training/book_replies.py --side black --limit 60 --write

Prints each checked position with the master move, the searched move and the shortfall, and the
share of positions where the search agrees with the masters.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checkers_desktop.engine import compiled as _compiled  # noqa: E402
from checkers_desktop.engine.book import (BOOK_FILE, OpeningBook, SearchedReply,  # noqa: E402
                                          load_book)
from checkers_desktop.engine.endgame import ensure_table, install_table  # noqa: E402
from checkers_desktop.engine.params import WIN_BOUND  # noqa: E402
from checkers_desktop.engine.search import Searcher  # noqa: E402
from checkers_desktop.rules import BLACK, Board  # noqa: E402
from checkers_desktop.storage.atomic import write_atomic  # noqa: E402

SHARED = ROOT / ".." / "shared"


def ballot_fens() -> list[str]:
    path = SHARED / "ballots" / "three_move_english.tsv"
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in fh]
    return [row["fen"] for row in rows if row.get("in_standard_list") == "yes"]


def masters_only(book: OpeningBook) -> OpeningBook:
    """The same book without its searched replies: the master choice to check."""
    return OpeningBook(book.positions, book.source)


def reached(book: OpeningBook, black: bool, starts: list[str]) -> dict[str, float]:
    """FEN -> how often the side (``black``) plays from the book there (see the module text)."""
    weight: dict[str, float] = {}

    def walk(board: Board, mass: float) -> None:
        found = book.moves(board)
        if not found:
            return
        if (board.turn is BLACK) == black:
            fen = board.fen()
            weight[fen] = weight.get(fen, 0.0) + mass
            chosen = book.choose(board, True)
            assert chosen is not None
            child = board.copy()
            child.push(chosen[0])
            walk(child, mass)
            return
        total = sum(entry.games for _, entry in found)
        for move, entry in found:
            child = board.copy()
            child.push(move)
            walk(child, mass * entry.games / total)

    for fen in starts:
        walk(Board(fen), 1.0)
    return weight


def compare(fen: str, master: str, depth: int) -> dict[str, Any]:
    """Search ``fen`` at ``depth`` and, where its best move is not ``master``, the position after
    ``master`` at ``depth - 1``: the record kept in the cache."""
    board = Board(fen)
    started = time.perf_counter()
    searcher = Searcher()
    best = searcher.search(board, depth=depth)
    assert best.move is not None
    record: dict[str, Any] = {"fen": fen, "book": master, "best": best.move.pdn(),
                              "best_score": best.score, "depth": depth}
    if best.move.pdn() == master:
        record.update(book_score=best.score, loss=0)
    else:
        after = board.copy()
        after.push_pdn(master)
        reply = searcher.search(after, depth=depth - 1)
        record.update(book_score=-reply.score, loss=best.score + reply.score)
    record["secs"] = round(time.perf_counter() - started, 2)
    return record


def decided(record: dict[str, Any]) -> bool:
    """A proven win or loss on either side: the database or the search settled it, and the
    master move is judged by the proof, not by a margin."""
    return abs(record["best_score"]) > WIN_BOUND or abs(record["book_score"]) > WIN_BOUND


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", choices=("black", "white"), default="black")
    ap.add_argument("--limit", type=int, default=60, help="the most reached positions checked")
    ap.add_argument("--screen-depth", type=int, default=14)
    ap.add_argument("--depth", type=int, default=18, help="the confirming search's plies")
    ap.add_argument("--margin", type=int, default=30,
                    help="the shortfall (hundredths of a man) that replaces a master move")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/checkers-book-replies.jsonl"))
    ap.add_argument("--endgame-cache", default="/tmp/checkers-desktop-bench-cache")
    ap.add_argument("--write", action="store_true",
                    help="write the searched replies into the shipped book")
    args = ap.parse_args(argv)
    print("command: " + " ".join([Path(sys.argv[0]).name] + (sys.argv[1:] if argv is None
                                                               else list(argv))), flush=True)
    book = load_book()
    if book is None:
        print(f"no book at {BOOK_FILE}", file=sys.stderr)
        return 2
    _compiled.warm_up()
    install_table(ensure_table(args.endgame_cache, pieces=5))
    masters = masters_only(book)
    black = args.side == "black"
    weight = reached(masters, black, [Board().fen(), *ballot_fens()])
    order = sorted(weight, key=lambda fen: (-weight[fen], fen))[:args.limit]
    print(f"{len(weight)} positions where {args.side.upper()} plays from the book; checking the "
          f"{len(order)} most reached", flush=True)
    cache: dict[tuple[str, int], dict[str, Any]] = {}
    if args.cache.exists():
        for line in args.cache.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                cache[(record["fen"], record["depth"])] = record
    replies: dict[str, SearchedReply] = {}
    agree = checked = 0
    with open(args.cache, "a", encoding="utf-8") as out:
        def look(fen: str, master: str, depth: int) -> dict[str, Any]:
            key = (fen, depth)
            if key not in cache or cache[key]["book"] != master:
                cache[key] = compare(fen, master, depth)
                out.write(json.dumps(cache[key]) + "\n")
                out.flush()
            return cache[key]

        for fen in order:
            board = Board(fen)
            if len(board.legal_moves) == 1:
                continue
            chosen = masters.choose(board, True)
            assert chosen is not None
            master = chosen[1].move
            checked += 1
            first = look(fen, master, args.screen_depth)
            agree += first["best"] == master
            if first["best"] == master:
                verdict = "agrees"
            elif first["loss"] < args.margin or decided(first):
                verdict = f"{first['best']} by {first['loss']} (under the margin, or proven)"
            else:
                deep = look(fen, master, args.depth)
                if deep["best"] != master and deep["loss"] >= args.margin and not decided(deep):
                    replies[fen] = SearchedReply(deep["best"], args.depth, master, deep["loss"])
                    verdict = f"REPLACED by {deep['best']}: {deep['loss']} short at depth " \
                              f"{args.depth}"
                else:
                    verdict = f"kept: at depth {args.depth} {deep['best']} by {deep['loss']}"
            print(f"  {weight[fen]:6.3f}  {fen}  master {master} ({chosen[1].games} games, "
                  f"{chosen[1].points:g} points): {verdict}", flush=True)
    print(f"{checked} positions checked (forced moves left out): the search's best move at "
          f"depth {args.screen_depth} is the master move or within {args.margin} of it in "
          f"{checked - len(replies)}, the same move in {agree}; {len(replies)} replaced")
    if args.write:
        data = json.loads(BOOK_FILE.read_text(encoding="utf-8"))
        searched = dict(data.get("searched", {}))
        for fen, reply in replies.items():
            searched[fen] = [reply.move, reply.depth, reply.replaces, reply.shortfall]
        data["searched"] = dict(sorted(searched.items()))
        write_atomic(BOOK_FILE, (json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8"))
        print(f"written: {len(searched)} searched replies in {BOOK_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
