"""The folder boundaries hold: the engine is pure, imports flow UI -> controller -> engine/bots."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hearts_desktop"

# What each layer may import from the rest of the package, and which outside modules it may not.
FORBIDDEN = {
    "engine": ({"hearts_desktop.bots", "hearts_desktop.controller", "hearts_desktop.ui",
                "hearts_desktop.persistence", "hearts_desktop.net"}, {"pygame", "os", "socket", "pathlib", "io", "json"}),
    "bots": ({"hearts_desktop.controller", "hearts_desktop.ui", "hearts_desktop.persistence", "hearts_desktop.net"},
             {"pygame", "socket"}),
    "controller": ({"hearts_desktop.ui", "hearts_desktop.net"}, {"pygame", "socket"}),
    "persistence": ({"hearts_desktop.ui", "hearts_desktop.controller", "hearts_desktop.bots", "hearts_desktop.net"},
                    {"pygame", "socket"}),
    # The network table sits beside the controller: it drives one, and the window drives it.
    "net": ({"hearts_desktop.ui"}, {"pygame"}),
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    package = "hearts_desktop." + ".".join(path.relative_to(PACKAGE).parent.parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rstrip(".").split(".")
                base = base[: len(base) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                names.add(node.module)
    return names


def test_layers_import_only_what_they_may() -> None:
    checked = 0
    for layer, (internal, external) in FORBIDDEN.items():
        for path in (PACKAGE / layer).rglob("*.py") if (PACKAGE / layer).is_dir() else []:
            checked += 1
            for name in imported_modules(path):
                top = name.split(".")[0]
                assert top not in external, f"{path.name} ({layer}) imports {name}"
                assert not any(name == f or name.startswith(f + ".") for f in internal), (
                    f"{path.name} ({layer}) imports {name}"
                )
    assert checked >= 5


def test_importing_the_engine_loads_no_pygame() -> None:
    code = "import sys, hearts_desktop.engine; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
