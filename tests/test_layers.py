"""The layers of the developers' guide: rules, engine, session, texts, storage and speech import
no Qt, and none imports a layer above it, so each can run (and be tested) without a window."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "checkers_desktop"
ROOT = PACKAGE.parent
SPEECH_LIBRARIES = ("pyttsx3", "speech_recognition", "pocketsphinx", "sounddevice")
LAYERS = {
    # layer: what its modules must not import
    "rules": ("PySide6",) + SPEECH_LIBRARIES + (
        "checkers_desktop.speech", "checkers_desktop.ui", "checkers_desktop.session",
        "checkers_desktop.texts", "checkers_desktop.storage", "checkers_desktop.engine"),
    "engine": ("PySide6",) + SPEECH_LIBRARIES + (
        "checkers_desktop.speech", "checkers_desktop.ui", "checkers_desktop.session",
        "checkers_desktop.texts"),
    "storage": ("PySide6",) + SPEECH_LIBRARIES + (
        "checkers_desktop.speech", "checkers_desktop.ui", "checkers_desktop.session",
        "checkers_desktop.texts"),
    "texts": ("PySide6",) + SPEECH_LIBRARIES + ("checkers_desktop.ui", "checkers_desktop.session"),
    "speech": ("PySide6", "checkers_desktop.ui", "checkers_desktop.session"),
    "session": ("PySide6",) + SPEECH_LIBRARIES + ("checkers_desktop.ui",),
    "tournament": ("PySide6",) + SPEECH_LIBRARIES + (
        "checkers_desktop.ui", "checkers_desktop.session", "checkers_desktop.speech"),
}


def _imports(path: Path) -> list[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[:len(parts) - node.level]
                names.append(".".join(base + ([node.module] if node.module else [])))
            else:
                names.append(node.module or "")
    return names


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_no_qt_and_nothing_above_it(layer):
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, f"no modules found in {layer}"
    forbidden = LAYERS[layer]
    bad = [(f.name, name) for f in files for name in _imports(f)
           if any(name == x or name.startswith(x + ".") for x in forbidden)]
    assert bad == [], f"{layer} imports what its layer must not: {bad}"


def test_the_layers_load_without_qt():
    """Importing every module below the window loads no PySide6 module."""
    # (Alembic's migration scripts run only inside Alembic: they are not imported here)
    modules = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
                     for layer in LAYERS for p in (PACKAGE / layer).rglob("*.py")
                     if "migrations" not in p.parts)
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name.removesuffix('.__init__'))\n"
            "print([m for m in sys.modules if m.startswith('PySide6')])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.slow  # every session test a second time, in a process of its own
def test_session_tests_run_with_qt_unavailable():
    """tests/session run with PySide6 made unimportable: no QApplication, no Qt at all."""
    code = ("import sys\n"
            "sys.modules['PySide6'] = None  # any import of PySide6 now fails\n"
            "import pytest\n"
            "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-p', 'no:pytest-qt',\n"
            "                      'tests/session']))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert " passed" in out.stdout
