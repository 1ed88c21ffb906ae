"""What a tagged release needs besides the installers: the tag checked, the notes, SHA256SUMS.

    python build/release.py check-tag v0.2.0    # fails unless the tag is "v" + hearts_desktop.__version__
    python build/release.py notes NOTES.md      # this version's CHANGELOG.md section, as the release notes
    python build/release.py checksums FOLDER    # FOLDER/SHA256SUMS for every file in FOLDER

``.github/workflows/installers.yml`` runs these around the installer builds on a ``v*`` tag
(and as a dry run by hand), so a release can only carry the version the program says it is,
with the notes the changelog gives for it.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import app_info  # modules beside this script
from changelog import release

CHECKSUMS = "SHA256SUMS"


def tag_problem(tag: str, version: str) -> str | None:
    """Why ``tag`` cannot release ``version`` (None when it can: the tag is exactly ``v`` + version)."""
    if tag == f"v{version}":
        return None
    return (f"the tag {tag!r} does not match the program's version {version!r} "
            f"(hearts_desktop/__init__.py): tag v{version}, or change __version__ and CHANGELOG.md first")


def release_notes(version: str) -> str:
    """The release page's text: the changelog's section, and how to check a download."""
    return (f"{release(version).notes}\n\n"
            f"Check a download with `sha256sum --check --ignore-missing {CHECKSUMS}` "
            f"(macOS: `shasum -a 256 --check --ignore-missing {CHECKSUMS}`).\n")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksums(folder: Path) -> Path:
    """``folder/SHA256SUMS`` in ``sha256sum``'s own format, one line a file, sorted by name."""
    files = sorted(path for path in folder.iterdir() if path.is_file() and path.name != CHECKSUMS)
    if not files:
        raise SystemExit(f"{folder} holds no files to release")
    checksums = folder / CHECKSUMS
    checksums.write_text("".join(f"{sha256_of(path)}  {path.name}\n" for path in files), encoding="utf-8")
    return checksums


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/release.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check-tag", help="fail unless TAG is v + the program's version").add_argument("tag")
    commands.add_parser("notes", help="write this version's release notes to FILE").add_argument("file", type=Path)
    commands.add_parser("checksums", help="write FOLDER/SHA256SUMS").add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    version = app_info().version
    if args.command == "check-tag":
        problem = tag_problem(args.tag, version)
        if problem:
            sys.exit(problem)
        print(f"{args.tag} releases version {version}")
    elif args.command == "notes":
        args.file.write_text(release_notes(version), encoding="utf-8")
    else:
        print(write_checksums(args.folder).read_text(encoding="utf-8"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
