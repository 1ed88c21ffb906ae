"""CHANGELOG.md read as data: the release notes, the .deb's changelog and the metainfo's releases.

Each version is a ``## VERSION - YYYY-MM-DD`` heading followed by its notes; the newest
comes first and must be ``hearts_desktop.__version__`` (a test checks it), so a release
cannot be tagged without saying what changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"
_HEADING = re.compile(r"^## (?P<version>\d+\.\d+\.\d+) - (?P<day>\d{4}-\d{2}-\d{2})$", re.MULTILINE)


@dataclass(frozen=True)
class Release:
    version: str
    day: date
    notes: str  # the Markdown under the heading, without it


def parse(text: str) -> list[Release]:
    """Every version in ``text``, newest first; a heading that is not ``## X.Y.Z - DATE`` is refused."""
    stray = [line for line in text.splitlines() if line.startswith("## ") and not _HEADING.match(line)]
    if stray:
        raise ValueError(f"CHANGELOG heading not of the form '## 1.2.3 - 2026-12-31': {stray[0]!r}")
    headings = list(_HEADING.finditer(text))
    releases = []
    for heading, following in zip(headings, [*headings[1:], None]):
        notes = text[heading.end(): following.start() if following else len(text)].strip()
        releases.append(Release(heading["version"], date.fromisoformat(heading["day"]), notes))
    return releases


@lru_cache(maxsize=1)
def releases() -> list[Release]:
    return parse(CHANGELOG.read_text(encoding="utf-8"))


def release(version: str) -> Release:
    """The changelog entry of ``version``; a version without one cannot be released."""
    for entry in releases():
        if entry.version == version:
            return entry
    raise SystemExit(f"CHANGELOG.md has no '## {version} - DATE' section: say what changed before releasing")
