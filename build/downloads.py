"""Fetch the build tools CI downloads, each checked against the SHA-256 pinned for it.

    python build/downloads.py FOLDER                    # fetch every download into FOLDER, check each
    python build/downloads.py FOLDER --require-pinned   # ...and refuse one whose digest is not pinned

``build/linux/downloads.txt`` lists each download (appimagetool and the AppImage runtime it
packs with, which no package registry carries) as ``FILE URL SHA256``. A file whose bytes
are not the pinned ones stops the build before it is run. A digest written ``unpinned`` (a
new version not yet checked) passes with a warning that prints the digest to pin, except with
``--require-pinned``, which a tagged release uses: no release is built with a tool nobody
pinned.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

LIST = Path(__file__).resolve().parent / "linux" / "downloads.txt"
UNPINNED = "unpinned"
TIMEOUT_SECONDS = 120
BLOCK = 1 << 20


@dataclass(frozen=True)
class Download:
    file: str
    url: str
    sha256: str  # or UNPINNED


def read_list(listing: Path = LIST) -> list[Download]:
    """The downloads named in ``listing``: ``FILE URL SHA256`` a line; # starts a comment."""
    downloads = []
    for number, line in enumerate(listing.read_text(encoding="utf-8").splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 3 or not (words[2] == UNPINNED or (len(words[2]) == 64 and set(words[2]) <= set("0123456789abcdef"))):
            raise SystemExit(f"{listing.name}:{number}: expected FILE URL SHA256 (64 hex digits or {UNPINNED})")
        downloads.append(Download(*words))
    return downloads


def fetch(download: Download, folder: Path, require_pinned: bool) -> Path:
    """Download into ``folder`` and check the bytes; the file is only kept when they pass."""
    target = folder / download.file
    partial = target.with_name(target.name + ".part")
    digest = hashlib.sha256()
    with urllib.request.urlopen(download.url, timeout=TIMEOUT_SECONDS) as response, partial.open("wb") as out:
        for block in iter(lambda: response.read(BLOCK), b""):
            digest.update(block)
            out.write(block)
    found = digest.hexdigest()
    if download.sha256 == UNPINNED:
        if require_pinned:
            partial.unlink()
            raise SystemExit(f"{download.file} has no pinned SHA-256 in {LIST.name} (it is {found}): "
                             "a release is built only with checked downloads")
        print(f"::warning::{download.file} is not pinned: write its SHA-256 {found} in build/linux/{LIST.name}")
    elif found != download.sha256:
        partial.unlink()
        raise SystemExit(f"{download.file} from {download.url} has SHA-256 {found}, not the pinned "
                         f"{download.sha256}: not used")
    partial.replace(target)
    print(f"{found}  {download.file}")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/downloads.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--require-pinned", action="store_true", help="refuse a download whose digest is unpinned")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for download in read_list():
        fetch(download, args.folder, args.require_pinned)
    return 0


if __name__ == "__main__":
    sys.exit(main())
