"""The build backend: setuptools, asking for mypy only when a wheel may be compiled.

``setup.py`` compiles the engine with mypyc when it can; an editable install, or a wheel
built with ``HEARTS_DESKTOP_PURE=1``, never compiles, so it needs no mypy to build. A wheel
that compiles says so on the terminal first: pip shows a build's own output only with ``-v``,
and the first ``pip install .`` would otherwise sit for about two minutes without a word.
Also here, for ``setup.py``: the compiler flags that keep the build folder out of the modules.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every other hook is setuptools' own)

# The compiler of the shipped engine, exactly: every compiled build (pip install ., the wheels
# on PyPI, the installers, the Flatpak) is made by the same mypyc. build/requirements-lock.txt
# pins the same version (a test holds the two together).
MYPYC = "mypy==2.4.1"


PURE_VARIABLE = "HEARTS_DESKTOP_PURE"
# Where a line reaches the person at the keyboard past pip's capture of the build's output.
TERMINAL = "CONOUT$" if sys.platform == "win32" else "/dev/tty"
COMPILING = ("hearts-desktop: compiling the game's engine with mypyc, which takes about two minutes "
             f"(set {PURE_VARIABLE}=1 to install the slower pure-Python engine at once)...")


def tell_the_terminal(line: str, terminal: str = TERMINAL) -> bool:
    """Write ``line`` on the terminal pip runs in, around its progress line; False where there
    is none (CI, a pipe), and then the line goes to the build's own output, which pip logs."""
    try:
        with open(terminal, "w", encoding="utf-8") as out:
            out.write(f"\n{line}\n")
    except OSError:
        print(line, file=sys.stderr)
        return False
    return True


def build_wheel(wheel_directory: str, config_settings: dict[str, str | list[str]] | None = None,
                metadata_directory: str | None = None) -> str:
    if os.environ.get(PURE_VARIABLE) != "1":
        tell_the_terminal(COMPILING)
    built: str = build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)
    return built


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    requirements: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return requirements if os.environ.get(PURE_VARIABLE) == "1" else [*requirements, MYPYC]


def folder_independent_flags(folders: dict[str, str]) -> list[str]:
    """GCC's and Clang's flags that write each of ``folders`` (a path -> the name it gets) as that
    name into what they compile. The debug information names the C files by path, and the
    linker's build ID is a hash over it all, so without them a build in another folder, or in
    pip's randomly named build environment that holds mypyc's C runtime, differs in every
    compiled module (``readelf -n`` shows the build ID)."""
    return [f"-ffile-prefix-map={path}={name}" for path, name in folders.items()]


def build_folders(source: Path) -> dict[str, str]:
    """The folders whose paths reach the compiled modules: the source tree, and mypyc's C runtime,
    which lives wherever pip installed mypy for this build."""
    import mypyc

    return {str(source.resolve()): ".", str(Path(mypyc.__file__).resolve().parent): "mypyc"}
