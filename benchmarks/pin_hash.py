"""What the official's PIN hash costs: one check (the official waits for it) and an offline
search of every PIN against a copied hash (what a player with the file would pay).

Prints, for the scrypt parameters the app uses (``session.official_pin``) and for the older
ones (n = 2**14): the median seconds of one check over ``--repeat`` checks, and the CPU-hours
an exhaustive search of every 4-digit and 6-digit PIN costs at that speed on one core
(``cores``: divided by the cores an attacker brings). The app's target: one check under 0.5 s on
an event laptop, a 6-digit search in hours.

    python benchmarks/pin_hash.py [--repeat 7] [--cores 8]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from checkers_desktop.session import official_pin


def one_check(n: int, r: int, p: int) -> float:
    start = time.perf_counter()
    hashlib.scrypt(b"905173", salt=b"\x01" * 16, n=n, r=r, p=p, dklen=32,
                   maxmem=512 * 1024 * 1024)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cores", type=int, default=8)
    args = parser.parse_args()
    rows = [("app", official_pin.SCRYPT_N, official_pin.SCRYPT_R, official_pin.SCRYPT_P),
            ("older", 2 ** 14, 8, 1)]
    print(f"{'params':<8}{'n':>8}{'check s':>10}{'4 digits h':>12}{'6 digits h':>12}"
          f"{'6 digits h/' + str(args.cores) + ' cores':>20}")
    for name, n, r, p in rows:
        seconds = statistics.median(one_check(n, r, p) for _ in range(args.repeat))
        four = 10 ** 4 * seconds / 3600
        six = 10 ** 6 * seconds / 3600
        print(f"{name:<8}{n:>8}{seconds:>10.3f}{four:>12.2f}{six:>12.1f}{six / args.cores:>20.1f}")


if __name__ == "__main__":
    main()
