"""Run by the kill test in a child process: plays a tournament at ``URL`` as fast as it can,
printing "committed N" after each result's transaction returned, until it is killed."""

from __future__ import annotations

import sys

from checkers_desktop.tournament.store import Tournament


def main(url: str) -> None:
    t = Tournament.open(url)
    print("ready", flush=True)
    while True:
        playable = t.playable()
        if not playable:
            print("finished", flush=True)
            return
        for m in playable:
            t.call(m.number, 1 + (m.number % 12))
            t.enter_result(m.number, [m.a.name, None, m.b.name, m.a.name])
            print(f"committed {m.number}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
