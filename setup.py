"""The optional compiled build: mypyc compiles the engine and the search core where it can.

``pip install .`` on a machine with a C compiler builds the modules in ``COMPILED`` from the
same typed Python (about twice as fast; ``hearts-desktop --version`` says which build runs),
like the C speedups of well-known libraries; anywhere it cannot (no compiler, a failed
build, or ``HEARTS_DESKTOP_PURE=1``) it installs pure Python and prints one line saying so
(pip shows it with ``-v``). Editable installs (``pip install -e``, the test command) are
always pure Python: a compiled module beside its ``.py`` would be imported instead of it,
so edits would be silently ignored. The build backend (``build/compiled_build.py``) asks
for mypy only when compiling. Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The hot path of a playout and of the search around it (what their loops call), and nothing
# that a test or a caller subclasses from pure Python or reads through ``__slots__``.
COMPILED = [
    "hearts_desktop/engine/cards.py",
    "hearts_desktop/engine/draws.py",
    "hearts_desktop/engine/hand.py",
    "hearts_desktop/engine/rules.py",
    "hearts_desktop/bots/expert.py",
    "hearts_desktop/bots/heuristics.py",
    "hearts_desktop/bots/inference.py",
    "hearts_desktop/bots/knowledge.py",
    "hearts_desktop/bots/medium.py",
    "hearts_desktop/bots/opponent_model.py",
    "hearts_desktop/bots/search.py",
]
PURE_VARIABLE = "HEARTS_DESKTOP_PURE"
EDITABLE_COMMANDS = {"editable_wheel", "develop"}
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}  # not just reading the metadata


def say(line: str) -> None:
    print(f"hearts-desktop: {line}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Compiles the modules, or leaves the pure Python in place when that fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, or it failed: each platform raises its own
            for extension in self.extensions:  # no half-built set in the wheel
                built = self.get_ext_fullpath(extension.name)
                if os.path.exists(built):
                    os.remove(built)
            reason = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
            say(f"installing pure Python: the compiled engine did not build ({reason})")


def compiled_extensions() -> list[Any]:
    if not BUILD_COMMANDS & set(sys.argv):
        return []
    if os.environ.get(PURE_VARIABLE) == "1":
        say(f"installing pure Python, as {PURE_VARIABLE}=1 asks")
        return []
    if EDITABLE_COMMANDS & set(sys.argv):
        say("installing pure Python: an editable install runs the .py files it is edited through")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("installing pure Python: mypy (mypyc) is not installed to compile the engine")
        return []
    try:
        return list(mypycify(COMPILED, opt_level="3", separate=[(COMPILED, "hearts_desktop")],
                             target_dir=os.path.join("build", "mypyc")))
    except (Exception, SystemExit) as error:  # mypyc exits on a type error it cannot compile
        say(f"installing pure Python: mypyc could not compile the engine ({error})")
        return []


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})
