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

import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build"))
from build_version import build_version, commit_of  # noqa: E402  (build/ is scripts, not a package)
from compiled_build import build_folders, folder_independent_flags  # noqa: E402
from long_description import absolute_links  # noqa: E402

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
# setuptools' scratch folder. Not its default, build/: that holds the recipes, and an sdist
# leaves out the scratch folder, so it lacked the build backend and could not be built.
BUILD_BASE = ".setuptools-build"
# Set by the wheel builds for PyPI (cibuildwheel): a wheel that is not compiled is an error there,
# not a quiet fall-back to pure Python under a platform tag.
REQUIRE_VARIABLE = "HEARTS_DESKTOP_REQUIRE_COMPILED"
EDITABLE_COMMANDS = {"editable_wheel", "develop"}
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}  # not just reading the metadata


SOURCE_VERSION = re.compile(r'^__version__ = "([^"]+)"$', re.MULTILINE)


def source_version() -> str:
    found = SOURCE_VERSION.search((HERE / "hearts_desktop" / "__init__.py").read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit('hearts_desktop/__init__.py has no __version__ = "..." line')
    return found.group(1)


def version() -> str:
    """What this build installs: between releases with the commit (build/build_version.py);
    an editable install runs the checkout's own ``__version__``, so it says that; an sdist has
    no git history, so a wheel built from it has the version the sdist was made with."""
    if EDITABLE_COMMANDS & set(sys.argv):
        return source_version()
    made = HERE / "PKG-INFO"  # only in an sdist
    if made.is_file() and (found := re.search(r"^Version: (\S+)$", made.read_text(encoding="utf-8"), re.MULTILINE)):
        return found[1]
    return build_version(source_version(), commit_of(HERE))


def long_description() -> str:
    """The README with absolute links, for PyPI (build/long_description.py)."""
    import tomllib

    homepage = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Homepage"]
    return absolute_links((HERE / "README.md").read_text(encoding="utf-8"), homepage, version())


class VersionedBuildPy(build_py):
    """Copies the package, with the built version in the installed ``__init__.py`` and each
    translation compiled (``.mo``; an editable install reads the ``.po`` files themselves)."""

    def run(self) -> None:
        super().run()
        built = Path(self.build_lib) / "hearts_desktop" / "__init__.py"
        text = built.read_text(encoding="utf-8")
        built.write_text(SOURCE_VERSION.sub(f'__version__ = "{version()}"', text, count=1), encoding="utf-8")
        if not self.editable_mode:
            from catalogues import compile_into  # build/catalogues.py; needs Babel, a build requirement

            for compiled in compile_into(Path(self.build_lib) / "hearts_desktop" / "assets" / "locale"):
                say(f"compiled {compiled.parent.parent.name}'s translation")


def say(line: str) -> None:
    print(f"hearts-desktop: {line}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Compiles the modules, or leaves the pure Python in place when that fails."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":  # GCC or Clang; MSVC writes no such paths into a .pyd
            flags = folder_independent_flags(build_folders(HERE))
            for extension in self.extensions:
                extension.extra_compile_args = [*(extension.extra_compile_args or []), *flags]
        super().build_extensions()

    def run(self) -> None:
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            super().run()  # a failure fails the build
            return
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
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            raise
        say("installing pure Python: mypy (mypyc) is not installed to compile the engine")
        return []
    # mypy parses with its Rust extension (ast_serialize) where it is installed; where it is
    # not (the Flatpak builds mypy from source without Rust), with its own Python parser.
    options = [] if importlib.util.find_spec("ast_serialize") else ["--no-native-parser"]
    try:
        return list(mypycify([*options, *COMPILED], opt_level="3", separate=[(COMPILED, "hearts_desktop")],
                             target_dir=os.path.join(BUILD_BASE, "mypyc")))
    except (Exception, SystemExit) as error:  # mypyc exits on a type error it cannot compile
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            raise
        say(f"installing pure Python: mypyc could not compile the engine ({error})")
        return []


setup(version=version(), long_description=long_description(), long_description_content_type="text/markdown",
      ext_modules=compiled_extensions(), options={"build": {"build_base": BUILD_BASE}},
      cmdclass={"build_ext": OptionalBuildExt, "build_py": VersionedBuildPy})
