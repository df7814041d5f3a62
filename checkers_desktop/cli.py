"""The command line. With no sub-command the app's window opens; the sub-commands are tools.

Each sub-command lives beside the layer it uses and is imported only when called, so that
``checkers-desktop perft`` never loads Qt.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> (module, function taking the parsed arguments and returning an exit status, adder)
_COMMANDS = {
    "perft": "checkers_desktop.rules.commands:perft_command",
    "moves": "checkers_desktop.rules.commands:moves_command",
    "replay": "checkers_desktop.rules.commands:replay_command",
    "bestmove": "checkers_desktop.engine.commands:bestmove_command",
    "engine": "checkers_desktop.engine.protocol:engine_command",
    "endgame": "checkers_desktop.engine.endgame_command:endgame_command",
    "listen": "checkers_desktop.speech.voice.commands:listen_command",
    "bracket": "checkers_desktop.tournament.commands:bracket_command",
    "tournament-server": "checkers_desktop.tournament.commands:tournament_server_command",
}


def _load(spec: str):
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line (exit status 2) that quotes what was typed briefly (an
    argument of 120 KB is not echoed back) and points to ``--help`` for the usage."""

    def error(self, message: str):
        from .inputs import brief_message

        self.exit(2, f"{self.prog}: error: {brief_message(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    from .inputs import int_argument, seconds_argument
    from .rules.commands import MAX_PERFT_DEPTH

    parser = _Parser(
        prog="checkers-desktop",
        description="Accessible English draughts. With no command, the game window opens.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p = sub.add_parser("perft", help="count the move tree: one line per depth, DEPTH NODES SECONDS")
    p.add_argument("--depth", type=int_argument(1, MAX_PERFT_DEPTH, "depth"), required=True)
    p.add_argument("--fen", default=None)
    p = sub.add_parser("moves", help="legal moves in PDN for each FEN read (one FEN a line)")
    p.add_argument("--fen-file", default=None)
    p = sub.add_parser("replay", help="replay every game of a PDN file and report each problem")
    p.add_argument("file")
    p.add_argument("--profile", default=None)
    p = sub.add_parser("bestmove", help="the computer's move for a position")
    p.add_argument("--fen", required=True)
    g = p.add_mutually_exclusive_group()
    # bounds that keep a typing slip from running for ever: 64 plies is the engine's deepest
    # search (engine/search.py MAX_DEPTH), an hour more than any time control gives a move
    g.add_argument("--level", type=int_argument(1, 99, "level"))
    g.add_argument("--time", type=seconds_argument(3600.0, "time"))
    g.add_argument("--depth", type=int_argument(1, 64, "depth"))
    p.add_argument("--no-book", action="store_true",
                   help="search from the first move instead of playing the opening book's move")
    sub.add_parser("engine", help="the computer player as one process: commands on standard "
                                  "input (position, go, newgame, isready, quit), answers on "
                                  "standard output")
    p = sub.add_parser("endgame", help="build the endgame database now, into the window's cache "
                                       "folder (5 pieces: under a minute; 6 pieces, only built "
                                       "here: about 20 minutes or more, and 5.7 GB of free disk "
                                       "while it builds)")
    p.add_argument("--pieces", type=int_argument(2, 6, "pieces"), default=5)
    p.add_argument("--cache", default=None, help="another folder (default: the window's)")
    p = sub.add_parser("listen", help="decode voice commands from WAV files in a position")
    p.add_argument("--fen", required=True)
    p.add_argument("--answer", action="store_true",
                   help="decode each file as the answer to a question the game waits on "
                        "(\"Eleven to fifteen? Say yes or no.\"): yes, no, repeat, stop "
                        "talking or help")
    p.add_argument("--picked-up", type=int_argument(1, 32, "picked-up square"), default=None,
                   metavar="SQUARE",
                   help="decode each file as said after \"pick up SQUARE\": where to put the "
                        "piece down (\"fifteen\", \"to fifteen\"), printed as \"square 15\"")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("bracket", help="print the first-round draw of a list of competitors "
                                       "(CSV or Excel): DIVISION, MATCH, A, B per line")
    p.add_argument("players", help="CSV or .xlsx with columns name, medical center, age group")
    p.add_argument("--seed", type=int, default=None, help="the draw seed (printed when not given)")
    p = sub.add_parser("tournament-server", help="set up (init), test or sign in to (login) a "
                                                 "PostgreSQL tournament server")
    p.add_argument("action", choices=("init", "test", "login"))
    p.add_argument("url", help="postgresql+psycopg://USER@HOST:PORT/DATABASE")
    p.add_argument("--tables", type=int, default=12, help="number of tables (init; default 12)")
    p.add_argument("--prefix", default="checkers", help="role name prefix (init)")
    p.add_argument("--name", default="Tournament", help="the tournament's name (init)")
    p.add_argument("--new-password", action="append", default=[], metavar="ROLE",
                   help="init: give ROLE (e.g. checkers_table_3) a new password, printed once")
    return parser


def _install_cached_endgame() -> None:
    """The computer plays as in the window: the largest endgame database cached (up to the
    pieces ``CHECKERS_DESKTOP_ENDGAME_PIECES`` allows, 6 where it is not set, "0" for none) is
    loaded and used; none is built here (a tool answers at once)."""
    from .engine.endgame import install_cached, pieces_to_load

    pieces = pieces_to_load()
    if not pieces:
        return
    try:
        from .ui.paths import endgame_cache_folder

        install_cached(endgame_cache_folder(), pieces)
    except ImportError:  # no Qt to find the folder with: the search goes on without the table
        pass


def _warm_up_compiled_search() -> None:
    """Load the compiled search as the window does (under a second from numba's disk cache); the
    first run compiles it, about 10 s, and says so on standard error after a second."""
    import threading

    from .engine.compiled import warm_up

    notice = threading.Timer(1.0, lambda: print(
        "checkers-desktop: preparing the compiled search (the first run only, about 10 s)...",
        file=sys.stderr, flush=True))
    notice.daemon = True
    notice.start()
    try:
        warm_up()
    finally:
        notice.cancel()


def _prepare_search() -> None:
    """What the engine needs before it searches as in the window: the cached endgame database
    and the compiled search."""
    _install_cached_endgame()
    _warm_up_compiled_search()


def main(argv: list[str]) -> int:
    """Run the window (no command) or a tool; returns the exit status. A tool's output that cannot
    be encoded for the terminal is escaped, a closed output pipe (``| head``) and Ctrl+C end it
    quietly, without a traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from .ui.app import run_app

        return run_app()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    if args.command == "endgame" and args.cache is None:
        from .ui.paths import endgame_cache_folder

        args.cache = str(endgame_cache_folder())
    if args.command == "engine":
        _install_cached_endgame()
        _warm_up_compiled_search()
    elif args.command == "bestmove":
        # after the FEN and the level are checked: bad input is refused at once
        args.prepare = _prepare_search
    try:
        return int(_load(_COMMANDS[args.command])(args) or 0)
    except KeyboardInterrupt:
        print(f"{parser.prog} {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader of our output went away: stop quietly (Python's documented recipe)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
