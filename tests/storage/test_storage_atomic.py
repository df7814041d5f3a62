"""storage/atomic.py is the one way files are written: whole or not at all, from bytes or from
pieces; and nothing else in the package writes a file by hand."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from checkers_desktop.storage.atomic import TEMPORARY_SUFFIX, write_atomic, write_atomic_parts

PACKAGE = Path(__file__).resolve().parents[2] / "checkers_desktop"



def test_pieces_are_written_in_order(tmp_path):
    path = tmp_path / "deep" / "table.bin"
    write_atomic_parts(path, [b"head", bytearray(b"-"), memoryview(b"tail")])
    assert path.read_bytes() == b"head-tail"
    assert [p.name for p in path.parent.iterdir()] == ["table.bin"]


def test_a_failure_while_the_pieces_are_read_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "table.bin"
    write_atomic(path, b"the old table")

    def pieces():
        yield b"half of the new"
        raise ValueError("the pieces do not make the size")

    with pytest.raises(ValueError, match="size"):
        write_atomic_parts(path, pieces())
    assert path.read_bytes() == b"the old table"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(TEMPORARY_SUFFIX)]


def _hand_written_writes(path: Path) -> list[str]:
    """The lines of ``path`` that write or replace a file other than through storage.atomic:
    ``open(..., "w"/"wb"/"a"/"x")``, ``Path.write_text``/``write_bytes``, ``os.replace``/``rename``
    and ``Path.replace``/``rename`` of a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ("write_text", "write_bytes"):
            found.append(f"{node.lineno}: {name}")
        elif name in ("open", "fdopen") and len(node.args) >= 2 and isinstance(
                node.args[1], ast.Constant) and any(c in str(node.args[1].value) for c in "wax"):
            in_memory = (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                         and func.value.id == "wave" and isinstance(node.args[0], ast.Name))
            if not in_memory:  # wave.open(stream, "wb") into an io.BytesIO writes no file
                found.append(f"{node.lineno}: open for writing")
        elif name in ("replace", "rename") and isinstance(func, ast.Attribute) and (
                (isinstance(func.value, ast.Name) and func.value.id == "os")
                or (len(node.args) == 1 and not node.keywords)):
            if isinstance(func.value, ast.Constant) or (
                    len(node.args) == 1 and isinstance(node.args[0], ast.Constant)):
                continue  # str.replace("a", ...) of a literal: not a file
            found.append(f"{node.lineno}: {name}")
    return found


def test_every_file_is_written_through_storage_atomic():
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("storage/"):
            continue
        lines = _hand_written_writes(path)
        if lines:
            offenders[rel] = lines
    assert offenders == {}, f"files written by hand, not through storage.atomic: {offenders}"
