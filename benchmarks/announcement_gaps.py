"""Announcements closer than a gap, and announcements per segment, in an a11y-session transcript.

Reads the ``events.log`` written by ``../shared/tools/a11y-session`` (one event a line: seconds since
the epoch, a kind such as ``SAY``, ``FOCUS``, ``KEYS``, then its text) and prints:

* every pair of consecutive announcements (``SAY`` lines) less than ``--gap`` milliseconds apart
  (default 300 ms: a screen reader may cut or drop the first), with both texts;
* the same count for an announcement and a focus change (``FOCUS``) within the gap, which a screen
  reader also reads and so may cut the announcement;
* when the transcript has ``MARK`` lines (written by a script driving the session, e.g.
  ``echo "$(date +%s.%N) MARK move 12" >> events.log``), the number of ``KEYS`` steps and of
  announcements between one mark and the next, as a table and as a summary (min, median, max).

Usage::

    python benchmarks/announcement_gaps.py /tmp/a11y-play2/home1366/events.log [--gap 300] [--quiet]

Only reads the file; nothing is written. Times are printed in seconds from the first line.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from typing import List, Sequence


@dataclass(frozen=True)
class Event:
    """One transcript line: ``time`` in seconds since the epoch, ``kind`` (SAY, FOCUS...), ``text``."""

    time: float
    kind: str
    text: str


def read_events(path: str) -> List[Event]:
    """The events of ``path`` in file order; lines that do not start with a time are skipped."""
    events: List[Event] = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            parts = line.rstrip("\n").split(None, 2)
            if len(parts) < 2:
                continue
            try:
                t = float(parts[0])
            except ValueError:
                continue
            events.append(Event(t, parts[1], parts[2] if len(parts) > 2 else ""))
    return events


def close_pairs(events: Sequence[Event], gap_s: float, kinds: Sequence[str] = ("SAY",),
                other: Sequence[str] = ("SAY",)) -> List[tuple]:
    """Pairs (first, second) with first.kind in ``kinds``, second.kind in ``other``, second the next
    such event after first (or first the previous one before second), less than ``gap_s`` apart."""
    pairs = []
    wanted = [e for e in events if e.kind in set(kinds) | set(other)]
    for a, b in zip(wanted, wanted[1:]):
        if b.time - a.time < gap_s and ((a.kind in kinds and b.kind in other)
                                         or (a.kind in other and b.kind in kinds)):
            if a.kind == b.kind == "FOCUS":
                continue
            if "SAY" not in (a.kind, b.kind):
                continue
            pairs.append((a, b))
    return pairs


def segments(events: Sequence[Event]) -> List[tuple]:
    """(mark text, keys steps, announcements) between each MARK line and the next (or the end)."""
    out = []
    current = None
    keys = says = 0
    for e in events:
        if e.kind == "MARK":
            if current is not None:
                out.append((current, keys, says))
            current, keys, says = e.text, 0, 0
        elif current is not None and e.kind == "KEYS":
            keys += len(e.text.split()) if not e.text.startswith("type:") else len(e.text) - 5
        elif current is not None and e.kind == "SAY":
            says += 1
    if current is not None:
        out.append((current, keys, says))
    return out


def main(argv: Sequence[str] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="an a11y-session events.log")
    parser.add_argument("--gap", type=float, default=300.0, help="milliseconds (default 300)")
    parser.add_argument("--quiet", action="store_true", help="counts only, no list of pairs or segments")
    args = parser.parse_args(argv)
    events = read_events(args.log)
    if not events:
        print("no events", file=sys.stderr)
        return 1
    t0 = events[0].time
    gap = args.gap / 1000.0
    says = [e for e in events if e.kind == "SAY"]
    pairs = close_pairs(events, gap)
    focus_pairs = close_pairs(events, gap, kinds=("SAY",), other=("FOCUS",))
    print(f"{args.log}: {len(says)} announcements; {len(pairs)} pairs closer than {args.gap:.0f} ms; "
          f"{len(focus_pairs)} announcements with a focus change closer than {args.gap:.0f} ms")
    if not args.quiet:
        for a, b in pairs:
            print(f"  SAY-SAY {a.time - t0:8.2f} -> {b.time - t0:8.2f} ({(b.time - a.time) * 1000:4.0f} ms)"
                  f"\n      {a.text[:150]}\n      {b.text[:150]}")
    segs = segments(events)
    if segs:
        key_counts = [k for _, k, _ in segs]
        say_counts = [s for _, _, s in segs]
        print(f"{len(segs)} marked segments: keys min {min(key_counts)} median "
              f"{statistics.median(key_counts)} max {max(key_counts)}; announcements min "
              f"{min(say_counts)} median {statistics.median(say_counts)} max {max(say_counts)}")
        if not args.quiet:
            for text, k, s in segs:
                print(f"  {text:<40} keys {k:3d}  announcements {s:3d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
