"""The layers of the developers' guide: the rules core and the engine import no Qt, no speech
library and no code of the speech or UI layers, so they can run (and be tested) without either."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "checkers_desktop"
FORBIDDEN = ("PySide6", "pyttsx3", "speech_recognition", "pocketsphinx", "sounddevice",
             "checkers_desktop.speech", "checkers_desktop.ui")


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


@pytest.mark.parametrize("layer", ["rules", "engine"])
def test_layer_imports_no_qt_and_no_speech(layer):
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, f"no modules found in {layer}"
    bad = [(f.name, name) for f in files for name in _imports(f)
           if any(name == x or name.startswith(x + ".") for x in FORBIDDEN)]
    assert bad == [], f"{layer} imports what its layer must not: {bad}"
