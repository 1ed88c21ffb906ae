"""The version a build carries: the package's ``__version__``, and between releases the commit.

``hearts_desktop/__init__.py`` says ``0.3.0.dev0`` from the day after a release until the next
one (PEP 440's development release: it sorts before ``0.3.0``). A build of such a version
adds the commit it was made from as PEP 440's local label, ``0.3.0.dev0+g1a2b3c4``, so two
builds between releases never pass for each other or for the release; a release's version
(``0.3.0``) is never changed. ``setup.py`` writes it into the installed package's
``__version__`` and its metadata, and ``build/appinfo.py`` gives it to the installers, both
from here; where there is no git history (an sdist), the version stays as written.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

DEV_RELEASE = re.compile(r"^\d+\.\d+\.\d+\.dev\d+$")
NUMERIC = re.compile(r"^(\d+)\.(\d+)\.(\d+)")
COMMIT_LENGTH = 7
COMMIT_VARIABLE = "HEARTS_DESKTOP_COMMIT"


def is_development(version: str) -> bool:
    return DEV_RELEASE.match(version.split("+", 1)[0]) is not None


def commit_of(folder: Path) -> str | None:
    """The abbreviated commit checked out in ``folder``, or None outside a git checkout.

    ``HEARTS_DESKTOP_COMMIT`` says it instead where a copy of a checkout has no history
    (``make.py --repro`` builds a copy in another folder).
    """
    if os.environ.get(COMMIT_VARIABLE):
        return os.environ[COMMIT_VARIABLE][:COMMIT_LENGTH]
    try:
        found = subprocess.run(["git", "-C", str(folder), "rev-parse", f"--short={COMMIT_LENGTH}", "HEAD"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return found or None


def build_version(version: str, commit: str | None) -> str:
    """``version`` with ``+g<commit>`` when it is a development release and the commit is known."""
    if commit is None or not is_development(version) or "+" in version:
        return version
    return f"{version}+g{commit}"


def numeric_version(version: str) -> tuple[int, int, int]:
    """The release a version leads to, as three numbers: what Windows' file version and macOS's
    CFBundleShortVersionString can hold (``0.3.0.dev0+g1a2b3c4`` -> (0, 3, 0))."""
    found = NUMERIC.match(version)
    if found is None:
        raise ValueError(f"{version!r} does not start with MAJOR.MINOR.PATCH")
    major, minor, patch = (int(part) for part in found.groups())
    return major, minor, patch
