"""The README as PyPI shows it: the same text, its links and pictures made absolute.

PyPI renders the README (the package's long description) on its own site, where a link such
as ``docs/network.md`` or a picture such as ``docs/screenshots/table.png`` leads nowhere. So
``setup.py`` gives PyPI the README with every relative link and picture pointing at the
project's repository at this version's tag (``main`` between releases), where they are.
"""

from __future__ import annotations

import re

from build_version import is_development

# [text](target) and ![alt](target); a target with a scheme or a bare #anchor is left alone.
LINK = re.compile(r"(?P<bang>!?)\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]+)\)")
ABSOLUTE = re.compile(r"^([a-z][a-z0-9+.-]*:|#)", re.IGNORECASE)


def ref_of(version: str) -> str:
    """The git ref whose files a version's README describes: its tag, or main between releases."""
    return "main" if is_development(version) else f"v{version}"


def absolute_links(text: str, homepage: str, version: str) -> str:
    """``text`` with each relative Markdown link and picture made absolute under ``homepage``
    (a GitHub project): pictures from raw.githubusercontent.com, so PyPI can show them."""
    ref = ref_of(version)
    owner_and_name = homepage.removeprefix("https://github.com/").rstrip("/")

    def absolute(match: re.Match[str]) -> str:
        target = match["target"]
        if ABSOLUTE.match(target):
            return match[0]
        if match["bang"]:
            url = f"https://raw.githubusercontent.com/{owner_and_name}/{ref}/{target}"
        else:
            url = f"{homepage.rstrip('/')}/blob/{ref}/{target}"
        return f"{match['bang']}[{match['text']}]({url})"

    return LINK.sub(absolute, text)
