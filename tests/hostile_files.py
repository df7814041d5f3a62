"""Hostile and careless PDN files, made by the tests themselves: the command-line corpus
(``tests/robustness/test_cli_hostile.py``) and the window's Game > Open
(``tests/ui/test_ui_open_hostile.py``) use the same files."""

from __future__ import annotations

from pathlib import Path

GAME = ('[Event "Hostile"]\n[Black "A"]\n[White "B"]\n[Result "*"]\n\n'
        '1. 11-15 23-18 2. 8-11 27-23 *\n')
"""A short, legal game."""


def write_hostile_pdn(root: Path) -> None:
    """Write the hostile PDN files into ``root``: empty, blank, 21 MB (sparse), binary, PNG,
    control characters, UTF-16 with and without a byte-order mark, Latin-1 names and prose,
    990 and 100,000 nested "(", a 10 MB tag, comment and word, a 1 MB unclosed comment, a million
    moves, 10,001 moves, 1,000 tags, a 100 KB move, escape codes in names (with an illegal second
    move)."""
    (root / "empty.pdn").write_bytes(b"")
    (root / "blank.pdn").write_text(" \n\t\n" * 100)
    with open(root / "huge.pdn", "wb") as f:  # sparse: 21 MB on paper, nothing on disk
        f.truncate(21 * 1024 * 1024)
    (root / "binary.pdn").write_bytes(bytes(range(256)) * 256)
    (root / "png.pdn").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(2000))
    (root / "utf16-nobom.pdn").write_bytes(GAME.encode("utf-16-le"))
    (root / "utf16.pdn").write_bytes(GAME.encode("utf-16"))
    (root / "latin1.pdn").write_bytes(GAME.replace('"A"', '"Müller"').encode("latin-1"))
    (root / "latin1-prose.pdn").write_bytes("Le jeu de dames: très bien joué.\n"
                                            .encode("latin-1"))
    (root / "controls.pdn").write_bytes(bytes(range(1, 9)) * 500)
    (root / "nested990.pdn").write_text(
        '[Event "x"]\n1. 11-15 ' + "(" * 990 + "23-18 " + ")" * 990 + " *\n")
    (root / "nested100k.pdn").write_text('[Event "x"]\n1. 11-15 ' + "(" * 100_000 + " *\n")
    (root / "tag10mb.pdn").write_text('[Event "' + "a" * 10_000_000 + '"]\n1. 11-15 *\n')
    (root / "comment10mb.pdn").write_text('[Event "x"]\n1. 11-15 {' + "c" * 10_000_000 + "} *\n")
    (root / "unclosed.pdn").write_text('[Event "x"]\n1. 11-15 {' + "c " * 1_000_000 + "\n")
    (root / "word10mb.pdn").write_text('[Event "x"]\n1. 11-15 ' + "w" * 10_000_000 + " *\n")
    moves = "".join(f"{i}. 9-13 22-18 " for i in range(1, 500_001))
    (root / "million.pdn").write_text('[Event "x"]\n' + moves + "*\n")
    moves = " ".join(f"{i}. 9-13" for i in range(1, 10_002))
    (root / "moves10001.pdn").write_text('[Event "x"]\n' + moves + " *\n")
    (root / "tags1000.pdn").write_text("".join(f'[T{i} "v"]\n' for i in range(1000)) + "*\n")
    (root / "longmove.pdn").write_text('[Event "x"]\n1. ' + "1-" * 50_000 + "2 *\n")
    (root / "escape.pdn").write_text(GAME.replace('"A"', '"\x1b[2J\x1b[31mEvil"')
                                     .replace("2. 8-11", "2. 8-12"))
