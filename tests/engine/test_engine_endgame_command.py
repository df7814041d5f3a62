"""``checkers-desktop endgame``: builds the endgame database ahead of play, into a folder the
window reads, and refuses clearly what it cannot do (no numba for 5-6 pieces, too little disk,
a folder it cannot write, a piece count outside 2-6)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import namedtuple

import pytest

from checkers_desktop.cli import build_parser, main
from checkers_desktop.engine import endgame as eg
from checkers_desktop.engine import endgame_command as command


def _run(argv, capsys):
    args = build_parser().parse_args(["endgame", *argv])
    status = command.endgame_command(args)
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


def test_builds_the_table_once_and_says_so(tmp_path, capsys):
    status, lines, err = _run(["--pieces", "3", "--cache", str(tmp_path)], capsys)
    assert status == 0 and err == ""
    assert lines[0] == f"Building the endgame database of 3 pieces in {tmp_path}."
    assert [line.split(":")[0] for line in lines[1:3]] == ["2 pieces", "3 pieces"]
    assert lines[-1].startswith("Done in ") and str(tmp_path) in lines[-1]
    table = eg.load_table(tmp_path, 3)
    assert table is not None and len(table) > 100_000  # decided positions, not an empty file
    status, lines, _ = _run(["--pieces", "3", "--cache", str(tmp_path)], capsys)
    assert status == 0
    assert lines == [f"The endgame database of 3 pieces is already in {tmp_path}."]


def test_too_little_disk_is_refused_before_anything_is_built(tmp_path, capsys, monkeypatch):
    Usage = namedtuple("Usage", "total used free")
    monkeypatch.setattr(command.shutil, "disk_usage", lambda _: Usage(10**9, 10**9 - 10**6,
                                                                       10**6))
    status, lines, err = _run(["--pieces", "6", "--cache", str(tmp_path)], capsys)
    assert status == 1 and lines == []
    assert err == (f"error: 6 pieces need 5.7 GB of free disk in {tmp_path}; 0.0 GB is free\n")
    assert list(tmp_path.iterdir()) == []


def test_the_disk_needed_counts_every_table_to_write_compressed(tmp_path):
    """Each piece count above the largest cached one is written, compressed from 5 pieces."""
    eg.save_table(eg.build_table(3, compiled=False), tmp_path)
    assert command.disk_needed(tmp_path, 3) == 0
    assert command.disk_needed(tmp_path, 4) == eg.layout(4)[1]  # exact bytes below 5
    assert command.disk_needed(tmp_path, 6) == (eg.layout(4)[1] + sum(
        int(eg.layout(n)[1] * command.DISK_PER_POSITION) for n in (5, 6)) + eg.layout(6)[1])


def test_a_folder_that_cannot_be_made_is_refused(tmp_path, capsys):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    status, lines, err = _run(["--pieces", "2", "--cache", str(blocker / "endgame")], capsys)
    assert status == 1 and lines == []
    assert err.startswith(f"error: the folder {blocker / 'endgame'} cannot be used: ")


def test_five_pieces_without_numba_are_refused(tmp_path):
    env = dict(os.environ, CHECKERS_DESKTOP_COMPILED="0")
    done = subprocess.run([sys.executable, "-m", "checkers_desktop", "endgame", "--pieces", "5",
                           "--cache", str(tmp_path)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1
    assert "5 pieces need the compiled builder (numba)" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("pieces", ["7", "1", "six"])
def test_a_piece_count_outside_two_to_six_is_refused(pieces, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["endgame", "--pieces", pieces])
    assert exit_.value.code == 2
    assert "--pieces" in capsys.readouterr().err
