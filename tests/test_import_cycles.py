"""No import cycle between the modules of checkers_desktop.

Every ``import`` and ``from ... import`` counts, at module level and inside functions alike (an
import deferred into a function still makes the two modules depend on each other); imports under
``if TYPE_CHECKING:`` do not, since they never run. ``from package import name`` is an edge to the
submodule ``package.name`` when there is one, else to the package itself.
"""

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "checkers_desktop"
ROOT = PACKAGE.name


def _module_names() -> dict[str, Path]:
    """Dotted name of every module of the package -> its file (a package is its __init__.py)."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that can run: all but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph() -> "nx.DiGraph[str]":
    """The package's modules and, for each, an edge to every module of the package it imports."""
    modules = _module_names()
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = here[:len(here) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                for alias in node.names:
                    sub = f"{origin}.{alias.name}"
                    targets.append(sub if sub in modules else origin)
            for target in targets:
                if target in modules and target != name:
                    graph.add_edge(name, target)
    return graph


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert graph.number_of_nodes() > 100
    # cli.py imports its commands' modules inside the functions that run them
    assert any(t.startswith(f"{ROOT}.") for t in graph.successors(f"{ROOT}.cli"))


def test_no_import_cycle():
    graph = import_graph()
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == [], (
        "modules that import each other (directly or round a loop; move what they share into a "
        f"module both import): {cycles}")
