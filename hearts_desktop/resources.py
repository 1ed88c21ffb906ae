"""Where the game's files (card art, sounds, icon) are: the one place that knows.

Installed, the top-level ``assets/`` folder is the package ``hearts_desktop.assets``; in a
source checkout it sits beside the package; in a PyInstaller bundle it is unpacked under
``sys._MEIPASS``. Everything else asks ``asset_path`` and gets a clear error naming the
file when it is missing.
"""

from __future__ import annotations

import importlib.resources
import sys
from functools import lru_cache
from pathlib import Path


class MissingAsset(FileNotFoundError):
    """A file the game ships with is missing; the message names it."""


@lru_cache(maxsize=1)
def assets_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "hearts_desktop" / "assets"
    try:
        root = Path(str(importlib.resources.files("hearts_desktop.assets")))
    except ModuleNotFoundError:
        root = Path(__file__).resolve().parent.parent / "assets"
    if not (root / "cards").is_dir():
        root = Path(__file__).resolve().parent.parent / "assets"
    return root


def asset_path(*parts: str) -> Path:
    """The path of a shipped file; raise MissingAsset naming it when it is not there."""
    path = assets_root().joinpath(*parts)
    if not path.is_file():
        raise MissingAsset(f"Hearts Desktop is missing a file it needs: {path}")
    return path
