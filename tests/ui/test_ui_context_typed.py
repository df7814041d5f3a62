"""The window's features reach each other through the typed AppContext only: every ``ctx``
parameter says it is an AppContext (so a reader, and mypy, can follow it), and nothing reads the
window or the context by name with getattr/hasattr (which no checker can follow)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "checkers_desktop" / "ui"


def _functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def test_every_ctx_parameter_is_an_app_context():
    untyped = []
    for path in sorted(UI.rglob("*.py")):
        for fn in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
            for arg in args:
                if arg.arg == "ctx" and (arg.annotation is None
                                         or "AppContext" not in ast.unparse(arg.annotation)):
                    untyped.append(f"{path.relative_to(UI)}:{fn.lineno} {fn.name}")
    assert untyped == []


def test_nothing_reads_the_window_or_the_context_by_name():
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2):
                continue
            target = ast.unparse(node.args[0])
            name = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
            if (target in ("window", "ctx") or target.endswith((".window", ".ctx"))
                    or (target == "self" and name == "ctx")):
                found.append(f"{path.relative_to(UI)}:{node.lineno} {ast.unparse(node)}")
    assert found == []
