"""Where the game's files (card art, sounds, fonts, icon) are: the one place that knows.

Three layouts, tried in this order:

- a PyInstaller bundle: the files are unpacked under ``sys._MEIPASS`` (the ``_internal``
  folder beside the executable; ``Contents/Frameworks`` in a macOS ``.app``), in
  ``hearts_desktop/assets`` as ``packaging.spec`` puts them;
- an installed package: pyproject maps the top-level ``assets/`` folder into the package
  as ``hearts_desktop/assets``, found through ``importlib.resources``;
- a source checkout or editable install: the top-level ``assets/`` beside the package.

Everything else asks ``asset_path`` and gets a clear error naming the file when it is missing;
``ui/startup.py`` reads them all at start-up, so a damaged one is named too.
"""

from __future__ import annotations

import importlib.resources
import sys
from functools import lru_cache
from pathlib import Path


class MissingAsset(FileNotFoundError):
    """A file the game ships with is missing; the message names it."""


class DamagedAsset(ValueError):
    """A file the game ships with is there but cannot be read; the message names it."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"Hearts Desktop cannot read a file it needs, which may be damaged: {path}. "
                         "Installing the game again repairs it.")


@lru_cache(maxsize=1)
def assets_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "hearts_desktop" / "assets"
    # The package has an __init__, so this is a plain folder (assets/ alone is a namespace
    # package, whose files() would be a MultiplexedPath rather than a path).
    installed = Path(str(importlib.resources.files("hearts_desktop") / "assets"))
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a shipped file; raise MissingAsset naming it when it is not there."""
    path = assets_root().joinpath(*parts)
    if not path.is_file():
        raise MissingAsset(f"Hearts Desktop is missing a file it needs: {path}. "
                           "Installing the game again repairs it.")
    return path
