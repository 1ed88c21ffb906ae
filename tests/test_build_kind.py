"""The optional compiled build (setup.py): the suite says which build it tests, and the
checkout's own Python is what an editable install runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hearts_desktop import __version__
from hearts_desktop.engine import build

ROOT = Path(__file__).resolve().parents[1]
# CI's second run sets it to "compiled" for the installed compiled build (.ci/run).
EXPECTED = os.environ.get("HEARTS_DESKTOP_EXPECT_BUILD", "pure")


def test_the_suite_tests_the_build_it_expects_and_says_which() -> None:
    print(f"engine build under test: {build()}")
    assert build() == EXPECTED


def test_the_game_as_installed_holds_no_benchmark_code() -> None:
    """The benchmarks live beside the package (``benchmarks/``), so no wheel or installer needs
    a rule to leave them out; the sparring partner is compiled only by ``benchmarks.compile``."""
    import hearts_desktop

    assert not (Path(hearts_desktop.__file__).parent / "bench").exists()
    if EXPECTED == "compiled":
        import hearts_desktop__mypyc  # type: ignore[import-not-found]

        assert b"SparringPartner" not in Path(hearts_desktop__mypyc.__file__).read_bytes()


def test_the_suite_tests_the_benchmarks_source_not_a_compiled_copy() -> None:
    from benchmarks import compile as benchmarks_compile

    assert not benchmarks_compile.compiled_files(), (
        "the sparring partner compiled by python -m benchmarks.compile hides edits to its .py: "
        "python -m benchmarks.compile --clean"
    )


def test_the_version_line_names_the_build(tmp_path: Path) -> None:
    shown = subprocess.run([sys.executable, "-m", "hearts_desktop", "--version"], capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout.strip()  # the installed build
    assert shown == f"Hearts Desktop {__version__} ({EXPECTED} build)"


def test_no_compiled_module_sits_in_the_checkout_where_it_would_hide_edits() -> None:
    built = [p.relative_to(ROOT) for p in (ROOT / "hearts_desktop").rglob("*") if p.suffix in {".so", ".pyd"}]
    assert not built, (
        f"{built}: a compiled module beside its .py is imported instead of it, so edits to the .py "
        "would be ignored; delete them and install with pip install -e (always pure Python)"
    )
