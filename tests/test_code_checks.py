"""The code is checked, not only its behaviour: the layers (import-linter), the types (mypy
--strict, package and tests), lint and complexity (ruff) and dead code (vulture), each
configured in pyproject.toml, so the README's test command runs them all."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    """Run one of the test environment's tools on the checkout; its output says what it found."""
    tool = shutil.which(command[0], path=str(Path(sys.executable).parent))
    if tool is None:
        pytest.fail(f"{command[0]} is missing: pip install -e '.[test]' installs it")
    return subprocess.run([tool, *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=240)


def test_imports_follow_the_layers_stated_in_pyproject() -> None:
    result = run_tool("lint-imports", "--no-cache")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert "0 broken" in result.stdout


def test_the_package_and_the_tests_pass_mypy_strict() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


def test_ruff_finds_nothing_in_the_package_benchmarks_tests_or_build_scripts() -> None:
    result = run_tool("ruff", "check", "hearts_desktop", "benchmarks", "tests", "build")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


def test_vulture_finds_no_dead_code() -> None:
    result = run_tool("vulture")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


def test_every_package_of_the_checkout_is_installed() -> None:
    """pip installs only the packages pyproject lists: a new folder left out is missing from
    every installed copy (the coach was, until this test)."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(("hearts_desktop", *init.parent.relative_to(ROOT / "hearts_desktop").parts))
             for init in (ROOT / "hearts_desktop").rglob("__init__.py")}
    assert found - listed == set()


def test_importing_the_engine_loads_no_pygame() -> None:
    code = "import sys, hearts_desktop.engine; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
