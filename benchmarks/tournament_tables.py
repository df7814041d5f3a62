"""Twelve table laptops reporting to the PostgreSQL tournament server, as separate processes.

Each table is its own process (a :class:`TableClient` signed in with that table's role, its outbox
on disk): it picks a ready match, takes it and reports a result (two games to none), again and
again, printing a line after each report returns. Needs an administrator's URL of a throw-away
PostgreSQL cluster (``--pg-url``, or ``CHECKERS_TEST_PG_URL``, as ``.ci/postgres.sh`` sets it); it
makes a new database (dropped at the end) and sets it up with ``tournament-server init``.

Two measurements::

    python benchmarks/tournament_tables.py scale   # results a minute at 140 and 2,000 competitors
    python benchmarks/tournament_tables.py freeze  # one table stopped (SIGSTOP) 10 s, 5 times

``scale`` registers the field (spread over the seven age groups), draws it, and times the first
``--results`` results of 12 tables (50: first-round matches, plenty for 12 tables in either field),
``--repeat`` times each field, in turn; the figure to watch is the ratio of the two fields' median
rates (the aim: at least 80 %).

``freeze`` runs 12 tables on a field of 3,500 (each waiting ``--pause`` 0.5 s between two
matches, so the field lasts the run) and, 5 times, stops one table with SIGSTOP while it sends a
result, at the worst moment it finds (the table's connection idle inside a transaction holding a
lock, as the server's ``pg_stat_activity`` and ``pg_locks`` show; else idle inside a transaction;
else between two results), for ``--seconds`` (10), then lets it go on. It prints, per freeze,
the other tables' results a second in the 10 s before and during the freeze (the aim: during at
least 80 % of before), and checks that the frozen table's result was
recorded exactly once. Both print one line per figure; ``--json FILE`` also writes them.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PREFIX = "bench"


# --- one table, in its own process -------------------------------------------------------------

def table_worker(url: str, password: str, outbox: str, seed: int, pause: float = 0.0) -> None:
    """Take and report ready matches until none is left; one line per event on stdout:
    ``send NUMBER KEY`` just before a report is sent, ``done T NUMBER KEY STATUS`` after it
    returned (T: time.time())."""
    from sqlalchemy import text

    from checkers_desktop.tournament import (GameOutcome, MatchNotPlayableError, MatchReport,
                                             MatchTakenError, ServerUnavailableError)
    from checkers_desktop.tournament.store import TableClient

    rng = random.Random(seed)
    client = TableClient(url, password=password, outbox=outbox)
    engine = client.tournament.engine
    print("ready", flush=True)
    idle_since = None
    while True:
        if client.pending():
            for o in client.flush():
                print(f"done {time.time():.4f} {o.match_number} {o.key} {o.status.value}",
                      flush=True)
        try:
            with engine.connect() as conn:
                numbers = conn.execute(text(
                    "SELECT number FROM matches WHERE status = 'ready' ORDER BY round, number "
                    "LIMIT 48")).scalars().all()
        except Exception:  # noqa: BLE001 - the server away for a moment: try again
            time.sleep(0.2)
            continue
        if not numbers:
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since > 5:
                print("finished", flush=True)
                return
            time.sleep(0.05)
            continue
        idle_since = None
        rng.shuffle(numbers)
        for number in numbers:
            setup = None
            took = time.monotonic()
            for _ in range(50):      # taking again a match this table took gives it again
                try:
                    setup = client.take(number)
                    break
                except ServerUnavailableError:
                    time.sleep(0.2)
                except (MatchTakenError, MatchNotPlayableError):
                    break
            if setup is None:
                continue
            name = setup.players[rng.randrange(2)].name
            report = MatchReport(number, (GameOutcome(1, name), GameOutcome(2, name)))
            print(f"send {number} {report.key}", flush=True)
            sent = time.monotonic()
            outcome = client.report(report)
            print(f"done {time.time():.4f} {number} {report.key} {outcome.status.value} "
                  f"{1000 * (sent - took):.1f} {1000 * (time.monotonic() - sent):.1f}",
                  flush=True)
            time.sleep(pause)
            break


# --- the organiser's side ----------------------------------------------------------------------

def make_database(admin_url: str) -> str:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = "bench_" + uuid.uuid4().hex[:10]
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def drop_database(admin_url: str, url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from checkers_desktop.tournament.store import drop_roles

    name = make_url(url).database
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()
    drop_roles(admin_url, PREFIX)


def set_up(admin_url: str, competitors: int, tables: int, folder: Path):
    """A new database with ``competitors`` drawn; returns (url, table passwords by number)."""
    from checkers_desktop.tournament.model import AGE_GROUPS
    from checkers_desktop.tournament.store import Tournament, drop_roles, init_server
    from checkers_desktop.tournament.store.server import organiser_url

    _drop_left_over(admin_url)
    drop_roles(admin_url, PREFIX)
    url = make_database(admin_url)
    try:
        return _fill(url, competitors, tables, folder)
    except BaseException:
        drop_database(admin_url, url)
        raise


def _drop_left_over(admin_url: str) -> None:
    """Databases of an earlier run of this prefix that was stopped half-way."""
    from sqlalchemy import create_engine, text

    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for name in conn.execute(text(
                "SELECT DISTINCT d.datname FROM pg_shdepend s JOIN pg_database d ON d.oid = "
                "s.dbid JOIN pg_roles r ON r.oid = s.refobjid WHERE r.rolname = :r"),
                {"r": f"{PREFIX}_organiser"}).scalars():
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


def _fill(url: str, competitors: int, tables: int, folder: Path):
    from checkers_desktop.tournament.model import AGE_GROUPS
    from checkers_desktop.tournament.store import Tournament, init_server
    from checkers_desktop.tournament.store.server import organiser_url

    passwords = {f"{PREFIX}_organiser": "organiser"}
    passwords.update({f"{PREFIX}_table_{n}": f"table-{n}" for n in range(1, tables + 1)})
    init_server(url, tables=tables, prefix=PREFIX, passwords=passwords,
                save_organiser_password=False)
    players = folder / f"players-{competitors}.csv"
    with open(players, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["name", "medical center", "age group"])
        for i in range(competitors):
            w.writerow([f"Player {i}", f"VAMC {i % 40}", AGE_GROUPS[i % len(AGE_GROUPS)]])
    org = Tournament.open(organiser_url(url, PREFIX), password="organiser")
    try:
        report = org.import_competitors(players)
        assert not report.refused, report.refused[:3]
        org.make_divisions()
        for d in org.divisions():
            org.draw(d.key, seed=1)
    finally:
        org.close()
    return url, {n: f"table-{n}" for n in range(1, tables + 1)}


class Tables:
    """``count`` table processes on ``url``; their lines are gathered in :attr:`lines` as
    (time received, table, words)."""

    def __init__(self, url: str, passwords: dict, folder: Path, count: int,
                 pause: float = 0.0) -> None:
        from checkers_desktop.tournament.store.server import table_url

        self.procs: dict[int, subprocess.Popen] = {}
        self.lines: list[tuple[float, int, list[str]]] = []
        self.lock = threading.Lock()
        self.armed: Optional[int] = None
        self.stopped = threading.Event()
        self.stopped_key: Optional[str] = None
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH",
                                                                                   "")}
        for n in range(1, count + 1):
            self.procs[n] = subprocess.Popen(
                [sys.executable, __file__, "worker", table_url(url, PREFIX, n), passwords[n],
                 str(folder / f"outbox-{n}.db"), str(n), str(pause)],
                stdout=subprocess.PIPE, text=True, env=env)
        self.readers = [threading.Thread(target=self._read, args=(n, p), daemon=True)
                        for n, p in self.procs.items()]
        for r in self.readers:
            r.start()

    def _read(self, n: int, proc: subprocess.Popen) -> None:
        for line in proc.stdout:
            words = line.split()
            with self.lock:
                self.lines.append((time.time(), n, words))
                if self.armed == n and words[:1] == ["send"]:
                    self.armed = None
                    self.stopped_key = words[2]
                    self.stopped.set()

    def next_send(self, n: int, timeout: float = 30.0) -> Optional[str]:
        """The key of the next result table ``n`` starts sending (None: none in ``timeout``)."""
        self.stopped.clear()
        with self.lock:
            self.armed = n
        if not self.stopped.wait(timeout):
            with self.lock:
                self.armed = None
            return None
        return self.stopped_key

    def answered(self, n: int, key: str) -> bool:
        with self.lock:
            return any(w[:1] == ["done"] and w[3] == key for _, m, w in self.lines if m == n)

    def stop_mid_transaction(self, n: int, admin, role: str, tries: int = 8):
        """SIGSTOP table ``n`` while it sends a result, at the worst moment there is: its
        connection idle inside a transaction while holding a lock (tried over ``tries`` results),
        else idle inside a transaction, else between two results. Returns (the key of the result
        being sent or None, "holding a lock" | "inside a transaction" | "between results")."""
        from sqlalchemy import text

        query = text(
            "SELECT bool_or(EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.granted "
            "AND l.locktype IN ('advisory', 'tuple', 'transactionid'))) FROM pg_stat_activity a "
            "WHERE a.usename = :u AND a.state LIKE 'idle in transaction%'")
        for attempt in range(2 * tries):
            want_lock = attempt < tries
            key = self.next_send(n)
            if key is None:
                break
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline and not self.answered(n, key):
                locked = admin.execute(query, {"u": role}).scalar()
                if locked or (locked is not None and not want_lock):
                    self.procs[n].send_signal(signal.SIGSTOP)
                    return key, "holding a lock" if locked else "inside a transaction"
        self.procs[n].send_signal(signal.SIGSTOP)
        return None, "between results"

    def check_alive(self) -> None:
        """Raises RuntimeError when every table process has ended (each says why on stderr)."""
        codes = {n: p.poll() for n, p in self.procs.items()}
        if all(c is not None for c in codes.values()):
            raise RuntimeError(f"every table process ended: exit codes {codes}")

    def wait_ready(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if sum(1 for _, _, w in self.lines if w[:1] == ["ready"]) == len(self.procs):
                    return
            self.check_alive()
            time.sleep(0.1)
        raise RuntimeError("the table processes did not start")

    def done(self, table=None, since=0.0, until=None, exclude=None) -> list:
        """Reports returned (recorded or already), as (time, table, number, key)."""
        with self.lock:
            out = []
            for _, n, w in self.lines:
                if w[:1] != ["done"] or w[4] not in ("recorded", "already"):
                    continue
                t = float(w[1])
                if t < since or (until is not None and t >= until):
                    continue
                if (table is not None and n != table) or (exclude is not None and n == exclude):
                    continue
                out.append((t, n, int(w[2]), w[3]))
            return out

    def timings(self) -> dict:
        """Milliseconds a take and a report took, end to end on the table (median, 99th
        percentile, most), over every result since the start."""
        with self.lock:
            rows = [(float(w[5]), float(w[6])) for _, _, w in self.lines
                    if w[:1] == ["done"] and len(w) >= 7]
        out = {}
        for i, what in enumerate(("take_ms", "report_ms")):
            xs = sorted(r[i] for r in rows)
            if xs:
                out[what] = {"median": xs[len(xs) // 2], "p99": xs[int(0.99 * (len(xs) - 1))],
                             "most": xs[-1]}
        return out

    def last_send(self, table: int):
        with self.lock:
            for _, n, w in reversed(self.lines):
                if n == table and w[:1] in (["send"], ["done"]):
                    return w
        return None

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.terminate()
        for p in self.procs.values():
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


def results_once(url: str, keys) -> dict:
    """How many results rows hold each key."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return {k: conn.execute(text("SELECT count(*) FROM results WHERE key = :k"),
                                    {"k": k}).scalar() for k in keys}
    finally:
        engine.dispose()


def duplicated_matches(url: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(text(
                "SELECT count(*) FROM (SELECT match_id FROM results WHERE replaced_by IS NULL AND "
                "void_reason IS NULL GROUP BY match_id HAVING count(*) > 1) d")).scalar()
    finally:
        engine.dispose()


def _scale_once(admin_url: str, competitors: int, tables: int, results: int,
                folder: Path) -> dict:
    folder.mkdir()
    url, passwords = set_up(admin_url, competitors, tables, folder)
    group = Tables(url, passwords, folder, tables)
    try:
        group.wait_ready()
        started = time.time()
        deadline = time.monotonic() + 120
        while len(group.done(since=started)) < results and time.monotonic() < deadline:
            group.check_alive()
            time.sleep(0.05)
        done = sorted(group.done(since=started))[:results]
        seconds = done[-1][0] - started
        return {"competitors": competitors, "tables": tables, "results": len(done),
                "seconds": round(seconds, 2),
                "results_per_minute": round(60 * len(done) / seconds, 1),
                "duplicated_matches": duplicated_matches(url), "timings": group.timings()}
    finally:
        group.stop()
        drop_database(admin_url, url)


def run_scale(admin_url: str, fields, tables: int, results: int, folder: Path,
              repeat: int = 3) -> dict:
    """Each field ``repeat`` times, the fields in turn (so a busy moment of the machine falls on
    both); the median run of each field counts."""
    runs: dict[int, list[dict]] = {c: [] for c in fields}
    for rep in range(repeat):
        for competitors in fields:
            run = _scale_once(admin_url, competitors, tables, results,
                              folder / f"scale-{competitors}-{rep}")
            runs[competitors].append(run)
            t = run["timings"].get("report_ms", {})
            print(f"{competitors} competitors, {tables} tables: {run['results']} results in "
                  f"{run['seconds']} s = {run['results_per_minute']} results a minute (a report "
                  f"took {t.get('median')} ms, at most {t.get('most')} ms)", flush=True)
    medians = {c: sorted(r["results_per_minute"] for r in rs)[len(rs) // 2]
               for c, rs in runs.items()}
    for c, m in medians.items():
        print(f"median, {c} competitors: {m} results a minute", flush=True)
    first, last = fields[0], fields[-1]
    ratio = medians[last] / medians[first]
    print(f"{last} against {first} competitors: {100 * ratio:.0f} % of the rate", flush=True)
    return {"runs": runs, "medians": medians, "ratio": round(ratio, 3)}


def run_freeze(admin_url: str, tables: int, freezes: int, seconds: float, competitors: int,
               folder: Path, pause: float = 0.5, warm: float = 5.0) -> dict:
    url, passwords = set_up(admin_url, competitors, tables, folder)
    group = Tables(url, passwords, folder, tables, pause=pause)
    rows = []
    try:
        group.wait_ready()
        time.sleep(max(warm, seconds))
        from sqlalchemy import create_engine

        admin_engine = create_engine(url, isolation_level="AUTOCOMMIT")
        admin = admin_engine.connect()
        for i in range(freezes):
            victim = 1 + (i * 5) % tables
            frozen_key, where = group.stop_mid_transaction(victim, admin,
                                                           f"{PREFIX}_table_{victim}")
            stop = time.time()
            time.sleep(seconds)
            group.procs[victim].send_signal(signal.SIGCONT)
            resumed = time.time()
            before = len(group.done(since=stop - seconds, until=stop, exclude=victim)) / seconds
            during = len(group.done(since=stop, until=resumed, exclude=victim)) / seconds
            # the frozen table's result lands once after it goes on
            deadline = time.monotonic() + 30
            recorded = None
            while frozen_key and time.monotonic() < deadline:
                if any(k == frozen_key for _, _, _, k in group.done(table=victim)):
                    recorded = results_once(url, [frozen_key])[frozen_key]
                    break
                time.sleep(0.05)
            rows.append({"freeze": i + 1, "table": victim, "stopped": where,
                         "before_per_second": round(before, 2),
                         "during_per_second": round(during, 2),
                         "ratio": round(during / before, 3) if before else None,
                         "frozen_result_recorded": recorded})
            print(f"freeze {i + 1}: table {victim} stopped {seconds:g} s "
                  f"({where}); "
                  f"the other tables {before:.2f} results/s before, {during:.2f} during "
                  f"({100 * during / before if before else 0:.0f} %); its result recorded "
                  f"{recorded} time(s)", flush=True)
            time.sleep(seconds)   # the next "before" window runs with every table going
        admin.close()
        admin_engine.dispose()
        dup = duplicated_matches(url)
        timings = group.timings()
    finally:
        group.stop()
        drop_database(admin_url, url)
    summary = {"tables": tables, "competitors": competitors, "seconds": seconds,
               "pause": pause, "freezes": rows, "duplicated_matches": dup, "timings": timings,
               "worst_ratio": min((r["ratio"] for r in rows if r["ratio"] is not None),
                                  default=None)}
    print(f"worst ratio {summary['worst_ratio']}, matches with two results: {dup}; take and "
          f"report, end to end on a table, in ms: {timings}", flush=True)
    return summary


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["worker"]:
        url, password, outbox, seed, pause = argv[1:6]
        table_worker(url, password, outbox, int(seed), float(pause))
        return 0
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("scale", "freeze"))
    p.add_argument("--pg-url", default=os.environ.get("CHECKERS_TEST_PG_URL", ""))
    p.add_argument("--tables", type=int, default=12)
    p.add_argument("--fields", default="140,2000", help="scale: competitors of each run")
    p.add_argument("--results", type=int, default=50, help="scale: results timed per run")
    p.add_argument("--repeat", type=int, default=3, help="scale: runs of each field (median)")
    p.add_argument("--freezes", type=int, default=5)
    p.add_argument("--seconds", type=float, default=10.0, help="freeze: seconds stopped")
    p.add_argument("--competitors", type=int, default=3500, help="freeze: the field")
    p.add_argument("--pause", type=float, default=0.5,
                   help="freeze: seconds a table waits between two matches")
    p.add_argument("--json", help="also write the figures to this file")
    args = p.parse_args(argv)
    if not args.pg_url:
        p.error("give --pg-url (an administrator's URL of a throw-away cluster) or set "
                "CHECKERS_TEST_PG_URL")
    import keyring
    from keyring.backends import null

    keyring.set_keyring(null.Keyring())   # passwords are given; nothing goes in a keyring
    with tempfile.TemporaryDirectory() as tmp:
        if args.what == "scale":
            figures = run_scale(args.pg_url, [int(x) for x in args.fields.split(",")],
                                args.tables, args.results, Path(tmp), repeat=args.repeat)
        else:
            figures = run_freeze(args.pg_url, args.tables, args.freezes, args.seconds,
                                 args.competitors, Path(tmp), pause=args.pause)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
