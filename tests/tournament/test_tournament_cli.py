"""``checkers-desktop bracket PLAYERS.csv [--seed N]``: the draw without a window, one line per
first-round pairing and a same-center line per division, refused rows on standard error with their
line numbers, exit status 2 for bad input; the same numbers and pairs as the app's own draw."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from checkers_desktop.cli import main
from checkers_desktop.tournament.store import Tournament

PLAYERS = Path(__file__).parent / "data" / "players40.csv"
ROOT = Path(__file__).resolve().parents[2]


def _run(capsys, *args):
    status = main(["bracket", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err.splitlines()


def test_forty_competitors(capsys):
    status, lines, err = _run(capsys, PLAYERS, "--seed", 2026)
    assert status == 0
    pairs = [ln.split("\t") for ln in lines if "same-center pairs" not in ln]
    summaries = [ln.split("\t") for ln in lines if "same-center pairs" in ln]
    assert all(len(p) == 4 for p in pairs)
    names = [x for p in pairs for x in p[2:] if x != "bye"]
    assert len(names) == 40 and len(set(names)) == 40
    assert all(" (" in x and x.endswith(")") for x in names)
    for division, text in summaries:
        k, m = text.removeprefix("same-center pairs: ").rstrip(")").split(" (minimum possible: ")
        assert k == m
    assert {p[0] for p in pairs} == {s[0] for s in summaries}
    numbers = [int(p[1]) for p in pairs if p[1] != "-"]
    assert numbers == sorted(set(numbers))          # increasing: division by division
    assert any(ln.startswith("draw seed: 2026") for ln in err)
    # the same seed gives the same draw, another seed another one
    assert _run(capsys, PLAYERS, "--seed", 2026)[1] == lines
    assert _run(capsys, PLAYERS, "--seed", 2027)[1] != lines


def test_the_app_draws_the_same(capsys, tmp_path):
    status, lines, _ = _run(capsys, PLAYERS, "--seed", 11)
    t = Tournament.open(tmp_path / "t.db")
    t.import_competitors(PLAYERS)
    t.make_divisions()
    app_lines = []
    for d in sorted(t.divisions(), key=lambda d: d.key):
        t.draw(d.key, seed=11)
    for d in sorted(t.divisions(), key=lambda d: d.key):
        view = t.division_view(d.key)
        for m in view.matches:
            if m.round != 1 and view.division.bracket_size > 1:
                continue
            a, b = m.a, m.b
            if a is None:
                a, b = b, a
            app_lines.append(f"{d.label}\t{m.number or '-'}\t{a.label()}\t"
                             f"{b.label() if b else 'bye'}")
        if view.division.bracket_size == 1:
            app_lines.append(f"{d.label}\t-\t{view.slots[0].label()}\tbye")
    t.close()
    assert app_lines == [ln for ln in lines if "same-center" not in ln]


def test_refused_rows_and_bad_files(capsys, tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("name;medical center;age group\nAnn Lee;Tampa;70-74\n;Reno;70-74\n"
                    "Bo Diaz;Reno;70-74\nCy Rowe;Bronx;40-44\n", encoding="utf-8")
    status, lines, err = _run(capsys, path, "--seed", 1)
    assert status == 2
    assert lines[0] == "70-74\t1\tAnn Lee (Tampa)\tBo Diaz (Reno)" or \
        lines[0] == "70-74\t1\tBo Diaz (Reno)\tAnn Lee (Tampa)"
    assert f"{path}: line 3: missing name" in err
    assert any(e.startswith(f"{path}: line 5: unknown age group '40-44'") for e in err)
    status, lines, err = _run(capsys, tmp_path / "none.csv")
    assert status == 2 and lines == [] and "cannot read" in err[0]
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("who,where\nAnn,Tampa\n")
    status, lines, err = _run(capsys, wrong)
    assert status == 2 and lines == [] and "no column for" in err[0]


def test_command_loads_no_qt(tmp_path):
    code = ("import sys; from checkers_desktop.cli import main; "
            f"s = main(['bracket', {str(PLAYERS)!r}, '--seed', '3']); "
            "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(s)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=str(ROOT), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("same-center pairs") == 7


def test_tournament_package_imports_no_qt():
    """The tournament is plain Python: no module of it imports Qt, speech or the window."""
    import ast

    package = ROOT / "checkers_desktop" / "tournament"
    bad = []
    for f in package.rglob("*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for n in names:
                if n.startswith(("PySide6", "pyttsx3", "checkers_desktop.ui", "checkers_desktop.speech")) \
                        or (isinstance(node, ast.ImportFrom) and node.level >= 2
                            and n.split(".")[0] in ("ui", "speech")):
                    bad.append((f.name, n))
    assert bad == []
