"""Command-line tools of the tournament (no window, no Qt).

``checkers-desktop bracket PLAYERS.csv [--seed N]`` prints the first-round draw of every age group:
one line per pairing, ``DIVISION<TAB>MATCH<TAB>NAME A (CENTER)<TAB>NAME B (CENTER)`` (``bye`` for B,
``-`` for the match number of a bye), then per division ``DIVISION<TAB>same-center pairs: K
(minimum possible: M)``. Match numbers are those the app gives when it draws the same list with the
same seed. Rows refused are reported on standard error with their line numbers; the draw seed too,
and, per division, how many competitors have "no center" (the draw keeps them apart as one group).
Nothing printed carries a raw control character (:func:`terminal_text`).
Exit status 0; 2 when the file cannot be used or a row was refused (the draw of the rows accepted is
still printed).

``checkers-desktop tournament-server init URL`` makes the schema and the roles on a PostgreSQL
server (:mod:`.store.server`); ``tournament-server test URL`` tries a URL; ``tournament-server login
URL`` asks for the password, tests it and keeps it in this laptop's keyring.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Hashable, Optional, Sequence, TextIO

from . import bracket as br
from .divisions import plan_divisions
from .draw import Entrant, draw_bracket, first_round_pairs, minimum_same_center_pairs, \
    same_center_pairs
from .errors import ImportFileError, TournamentError
from .model import AGE_GROUPS, NO_CENTER, CompetitorInput
from .registration import read_competitors

__all__ = ["bracket_command", "bracket_lines", "tournament_server_command", "terminal_text"]


def _label(c: CompetitorInput) -> str:
    return f"{c.name} ({c.medical_center})" if c.medical_center else c.name


def terminal_text(text: object) -> str:
    """``text`` safe to print on a terminal: every control character (C0 but tab, DEL, C1, so any
    ANSI escape sequence) and every bidirectional control is written as its ``\\x1b`` /
    ``\\u202e`` escape, so a name or a file name can neither recolour the terminal nor reorder
    what follows it."""
    from .model import hidden_character

    out = []
    for ch in str(text):
        if ch != "\t" and hidden_character(ch):
            out.append(ch.encode("unicode_escape").decode("ascii"))
        elif ch in "\n\r":
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return "".join(out)


def _print(text: object, stream: TextIO) -> None:
    print(terminal_text(text), file=stream)


def bracket_lines(competitors: Sequence[CompetitorInput], seed: int
                  ) -> tuple[list[str], list[str]]:
    """The ``bracket`` command's output lines for ``competitors`` (CompetitorInput, in file
    order) drawn from ``seed``, and notes for standard error."""
    people: dict[Hashable, CompetitorInput] = dict(enumerate(competitors, 1))
    plans = plan_divisions([(i, c.age_group, c.visually_impaired) for i, c in people.items()])
    plans.sort(key=lambda p: AGE_GROUPS.index(p.age_groups[0]))
    out: list[str] = []
    notes: list[str] = []
    number = 1
    for plan in plans:
        entrants = [Entrant(i, people[i].medical_center, people[i].seed) for i in plan.members]
        draw = draw_bracket(entrants, seed)
        states = br.resolve(draw.slots)
        numbers = {}
        for pos in br.match_positions(draw.size):
            st = states[pos]
            if st.status in (br.MatchStatus.READY, br.MatchStatus.WAITING) and st.a is not None \
                    and st.b is not None:
                numbers[pos] = number
                number += 1
        if draw.size == 1:
            out.append(f"{plan.label}\t-\t{_label(people[draw.slots[0]])}\tbye")
            notes.append(f"{plan.label}: one competitor only; merge this age group with a "
                         "neighbour to give a match")
        for k, (a, b) in enumerate(first_round_pairs(draw.slots)):
            if a is None:
                a, b = b, a
            n = numbers.get((1, k))
            out.append(f"{plan.label}\t{n if n is not None else '-'}\t{_label(people[a])}\t"
                       f"{_label(people[b]) if b is not None else 'bye'}")
        loners = sum(1 for i in plan.members if people[i].medical_center == NO_CENTER)
        if loners:
            notes.append(f"{plan.label}: {loners} competitor{'s' if loners != 1 else ''} with "
                         f"no medical center ({NO_CENTER!r}), kept apart in the draw as if "
                         "from one center")
        count = same_center_pairs(draw.slots, entrants)
        out.append(f"{plan.label}\tsame-center pairs: {count} (minimum possible: "
                   f"{minimum_same_center_pairs(entrants)})")
    return out, notes


def bracket_command(args: argparse.Namespace, stdout: Optional[TextIO] = None,
                    stderr: Optional[TextIO] = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        report = read_competitors(args.players)
    except ImportFileError as exc:
        _print(f"{args.players}: {exc}", stderr)
        return 2
    for message in report.messages():
        _print(f"{args.players}: {message}", stderr)
    if not report.accepted:
        _print(f"{args.players}: no competitor to draw", stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2 ** 31)
    try:
        lines, notes = bracket_lines(report.competitors, seed)
    except TournamentError as exc:
        _print(f"{args.players}: {exc}", stderr)
        return 2
    for line in lines:
        _print(line, stdout)
    for note in notes:
        _print(note, stderr)
    _print(f"draw seed: {seed} (the same list with --seed {seed} gives the same draw)", stderr)
    return 2 if report.refused else 0


def tournament_server_command(args: argparse.Namespace, stdout: Optional[TextIO] = None,
                              stderr: Optional[TextIO] = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    from .store.engine import save_password, try_connection

    try:
        if args.action == "init":
            from .store.server import init_server, make_password, organiser_url, table_url

            password = _password_if_needed(args.url, stderr)
            renew = {role: make_password() for role in getattr(args, "new_password", None) or ()}
            report = init_server(args.url, tables=args.tables, prefix=args.prefix,
                                 name=args.name, password=password, passwords=renew)
            print(f"Tournament schema ready in database {report.database!r}.", file=stdout)
            rows = [report.organiser] + report.tables
            for role in rows:
                pw = role.password if role.password else "(unchanged)"
                print(f"{role.role}\t{pw}", file=stdout)
            for warning in report.warnings:
                print(f"Note: {warning}", file=stdout)
            where = organiser_url(args.url, args.prefix)
            if report.organiser_kept:
                print(f"Organiser's laptop: {where} (password kept in this laptop's keyring)",
                      file=stdout)
            elif report.organiser.password:
                print(f"Organiser's laptop: {where} (this laptop's keyring could not keep the "
                      "password: note it, and enter it in Settings, Tournament server)",
                      file=stdout)
            else:
                print(f"Organiser's laptop: {where} (password unchanged)", file=stdout)
            print(f"Table 1: {table_url(args.url, args.prefix, 1)} (and so on for each table; "
                  "enter the password on that laptop)", file=stdout)
            return 0
        if args.action == "test":
            password = _password_if_needed(args.url, stderr)
            info = try_connection(args.url, password=password)
            who = f"table {info.table}" if info.table is not None else "the organiser"
            print(f"{info.backend} {info.version}: signed in as {info.user or '-'} ({who}); "
                  f"schema {info.schema}", file=stdout)
            if info.backend == "postgresql" and info.table is None:
                from .store.server import table_role_rights

                problems = table_role_rights(args.url, args.prefix, password=password)
                for problem in problems:
                    print(f"Too much right for a table: {problem}", file=stdout)
                if problems:
                    print("Run 'checkers-desktop tournament-server init' as the administrator to "
                          "set the rights again.", file=stdout)
                    return 1
                if info.schema is not None:
                    print(f"The {args.prefix} table roles, if any, may only read and call the "
                          "table functions.", file=stdout)
            return 0
        if args.action == "login":
            import getpass

            password = getpass.getpass(f"Password for {args.url}: ")
            info = try_connection(args.url, password=password)
            save_password(args.url, password)
            who = f"table {info.table}" if info.table is not None else "the organiser"
            print(f"Password kept in the keyring; signed in as {info.user} ({who}).", file=stdout)
            return 0
    except TournamentError as exc:
        print(str(exc), file=stderr)
        return 2
    print(f"unknown action {args.action!r}", file=stderr)
    return 2


def _password_if_needed(url: str, stderr: TextIO) -> Optional[str]:
    """None (the URL's, the keyring's or none); asks at a terminal when the server wants one."""
    from .errors import ConnectionTestError
    from .store.engine import try_connection

    try:
        try_connection(url, require_schema=False)
        return None
    except ConnectionTestError as exc:
        if exc.reason != "password" or not sys.stdin.isatty():
            raise
        import getpass

        print(str(exc), file=stderr)
        return getpass.getpass(f"Password for {url}: ")

