"""The sparring partner compiled for long arena runs: ``python -m benchmarks.compile``.

Its playouts are the arena's hot path (10,000 simulations a move), about four times faster
compiled. The game's own build (``setup.py``) compiles only the game, so nothing of the
benchmarks reaches a wheel or an installer; this builds ``opponents`` with mypyc beside its
``.py`` where Python imports it instead of
the source. Run it against the compiled game (``pip install .``), and ``--clean`` before
editing ``opponents.py``: while the compiled module is there, edits to the source are not run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMPILED = ["opponents.py"]
SUFFIXES = (".so", ".pyd")


def compiled_files() -> list[Path]:
    return sorted(p for p in HERE.iterdir() if p.suffix in SUFFIXES)


def build() -> None:
    """mypyc over ``COMPILED``, the C and objects in a scratch folder, the modules in place."""
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(HERE.parent)  # mypyc names a module by its path from here: benchmarks.opponents
    with tempfile.TemporaryDirectory(prefix="benchmarks-mypyc-") as scratch:
        sources = [str(Path("benchmarks") / name) for name in COMPILED]
        extensions = mypycify(sources, opt_level="3", target_dir=str(Path(scratch) / "c"))
        setup(name="benchmarks-compiled", ext_modules=extensions, script_args=[
            "build_ext", "--inplace", "--build-temp", str(Path(scratch) / "temp"),
            "--build-lib", str(Path(scratch) / "lib")])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compile", description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules (back to the .py)")
    args = parser.parse_args(argv)
    for path in compiled_files():
        path.unlink()
    shutil.rmtree(HERE / "build", ignore_errors=True)
    if not args.clean:
        build()
        print("compiled:", ", ".join(p.name for p in compiled_files()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
