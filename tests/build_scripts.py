"""The recipes in build/ loaded as modules for the tests (build/ is scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"build_{name}", ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make = load_script("make")
appinfo = load_script("appinfo")
changelog = load_script("changelog")
linux_libraries = load_script("linux_libraries")
release = load_script("release")
notices = load_script("notices")
flatpak = load_script("flatpak")
build_version = load_script("build_version")
compiled_build = load_script("compiled_build")
downloads = load_script("downloads")
long_description = load_script("long_description")
