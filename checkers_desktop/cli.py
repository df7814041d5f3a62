"""The command line. With no sub-command the app's window opens; the sub-commands are tools.

Each sub-command lives beside the layer it uses and is imported only when called, so that
``checkers-desktop perft`` never loads Qt.
"""

from __future__ import annotations

import argparse
import importlib

# name -> (module, function taking the parsed arguments and returning an exit status, adder)
_COMMANDS = {
    "perft": "checkers_desktop.rules.commands:perft_command",
    "moves": "checkers_desktop.rules.commands:moves_command",
    "replay": "checkers_desktop.rules.commands:replay_command",
    "bestmove": "checkers_desktop.engine.commands:bestmove_command",
    "listen": "checkers_desktop.speech.voice.commands:listen_command",
    "bracket": "checkers_desktop.tournament.commands:bracket_command",
    "tournament-server": "checkers_desktop.tournament.commands:tournament_server_command",
}


def _load(spec: str):
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="checkers-desktop",
        description="Accessible English draughts. With no command, the game window opens.")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("perft", help="count the move tree: one line per depth, DEPTH NODES SECONDS")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--fen", default=None)
    p = sub.add_parser("moves", help="legal moves in PDN for each FEN read (one FEN a line)")
    p.add_argument("--fen-file", default=None)
    p = sub.add_parser("replay", help="replay every game of a PDN file and report each problem")
    p.add_argument("file")
    p.add_argument("--profile", default=None)
    p = sub.add_parser("bestmove", help="the computer's move for a position")
    p.add_argument("--fen", required=True)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--level", type=int)
    g.add_argument("--time", type=float)
    g.add_argument("--depth", type=int)
    p = sub.add_parser("listen", help="decode voice commands from WAV files in a position")
    p.add_argument("--fen", required=True)
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
    return parser


def main(argv: list[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from .ui.app import run_app

        return run_app()
    return int(_load(_COMMANDS[args.command])(args) or 0)
