"""What a tagged release needs besides the installers: the tag checked, the notes, the files, SHA256SUMS.

    python build/release.py check-tag v0.2.0    # fails unless the tag is "v" + hearts_desktop.__version__
    python build/release.py notes NOTES.md      # this version's CHANGELOG.md section, as the release notes
    python build/release.py plan ARTIFACTS OUT  # the checked files, by name, from each job's folder into OUT
    python build/release.py checksums FOLDER    # FOLDER/SHA256SUMS for every file in FOLDER
    python build/release.py check-sdist FOLDER  # the sdist in FOLDER holds no benchmarks and builds a compiled wheel
    python build/release.py pypi ARTIFACTS OUT  # the sdist and one tested wheel per system and Python, into OUT

``.github/workflows/installers.yml`` runs these around the installer builds on a ``v*`` tag
(and as a dry run by hand), so a release can only carry the version the program says it is,
with the notes the changelog gives for it, and only files that passed their checks.

``plan`` is the release's whole logic: each job that makes a released file uploads it as an
artifact named in ``ARTIFACTS`` with a ``checked.sha256`` beside it (``make.py --check``
writes it once the installer has installed and played; the sdist job once its checks pass).
The release job downloads each of those artifacts by its name into ``ARTIFACTS/NAME/``, and
``plan`` takes from each exactly the files ``release_files`` names for this version, whose
bytes are those that were checked, and stops on anything missing, altered or unexpected.
It prints the files, one a line, which is what ``gh release create`` is given: no pattern
that another job's artifact (the Flatpak's ``hearts-desktop-x86_64.flatpak``) could match.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import app_info  # modules beside this script
from build_version import is_development
from changelog import release

CHECKSUMS = "SHA256SUMS"
# What a job writes beside the files it checked, in sha256sum's format: these bytes passed.
CHECKED = "checked.sha256"


def release_files(app_id: str, version: str) -> dict[str, list[str]]:
    """Each artifact a release takes files from -> the files it must hold, as make.py names them.

    The installer jobs' artifacts are ``installer-`` + the matrix name; the source tarball
    (the sdist, which PyPI gets too and the Flatpak is built from) is ``sdist``'s.
    """
    return {
        "installer-linux-x86_64": [f"{app_id}_{debian_version(version)}_amd64.deb",
                                   f"{app_id}-{version}-linux-x86_64.tar.gz",
                                   f"{app_id}-{version}-x86_64.AppImage"],
        "installer-windows-x64": [f"{app_id}-{version}-windows-setup.exe"],
        "installer-macos-arm64": [f"{app_id}-{version}-macos-arm64.dmg"],
        "installer-macos-x86_64": [f"{app_id}-{version}-macos-x86_64.dmg"],
        "sdist": [sdist_name(app_id, version)],
    }


def debian_version(version: str) -> str:
    """A PEP 440 version as Debian orders it: ``0.3.0.dev0+g1a2b3c4`` -> ``0.3.0~dev0+g1a2b3c4``
    (``~`` sorts before the release, as ``.dev`` does)."""
    for marker in (".dev", "a", "b", "rc"):
        head, found, tail = version.partition(marker)
        if found and head[-1:].isdigit() and tail[:1].isdigit():
            return f"{head}~{marker.lstrip('.')}{tail}"
    return version


def read_checked(folder: Path) -> dict[str, str]:
    """``folder/checked.sha256`` as ``{file name: sha256}``; SystemExit if there is none."""
    listing = folder / CHECKED
    if not listing.is_file():
        raise SystemExit(f"{folder.name}: no {CHECKED}, so nothing in it is known to have passed its checks")
    checked = {}
    for line in listing.read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        checked[name.lstrip("*")] = digest
    return checked


def plan(artifacts: Path, expected: dict[str, list[str]], others: tuple[str, ...] = ()) -> list[Path]:
    """The files a release attaches, taken by name from ``artifacts/ARTIFACT/``.

    Every expected file must be listed in its artifact's ``checked.sha256`` with the bytes it
    has; an artifact folder holding anything else, or an artifact folder no job of the release
    makes (the Flatpak's, say), stops the release rather than being published or ignored.
    """
    problems = []
    known = {*expected, *others}  # ``others``: artifacts taken by another rule (the wheels, for PyPI)
    strangers = sorted(p.name for p in artifacts.iterdir() if p.name not in known) if artifacts.is_dir() else []
    if strangers:
        problems.append(f"artifacts the release does not take: {strangers}")
    files = []
    for artifact, names in expected.items():
        folder = artifacts / artifact
        if not folder.is_dir():
            problems.append(f"{artifact}: not downloaded")
            continue
        checked = read_checked(folder)
        if sorted(checked) != sorted(names):
            problems.append(f"{artifact}: checked {sorted(checked)}, the release needs {sorted(names)}")
        extra = sorted(p.name for p in folder.iterdir() if p.name not in {*names, CHECKED})
        if extra:
            problems.append(f"{artifact}: unexpected files {extra}")
        for name in names:
            path = folder / name
            if not path.is_file():
                problems.append(f"{artifact}: {name} is missing")
            elif checked.get(name) != sha256_of(path):
                problems.append(f"{artifact}: {name} is not the file that was checked")
            else:
                files.append(path)
    if problems:
        raise SystemExit("the release would not be what was tested:\n  " + "\n  ".join(problems))
    return files


def stage(files: list[Path], into: Path) -> list[Path]:
    """Copy the planned files into the empty folder ``into``; return their new paths, in order."""
    into.mkdir(parents=True, exist_ok=True)
    if any(into.iterdir()):
        raise SystemExit(f"{into} is not empty: the release folder holds only what the plan puts there")
    return [Path(shutil.copy2(path, into / path.name)) for path in files]


def tag_problem(tag: str, version: str) -> str | None:
    """Why ``tag`` cannot release ``version`` (None when it can: the tag is exactly ``v`` + version,
    and the version is a release, not a build between releases)."""
    if is_development(version):
        return (f"{version!r} is a version between releases: change __version__ in hearts_desktop/__init__.py "
                "to the release's, and add its CHANGELOG.md section, before tagging")
    if tag == f"v{version}":
        return None
    return (f"the tag {tag!r} does not match the program's version {version!r} "
            f"(hearts_desktop/__init__.py): tag v{version}, or change __version__ and CHANGELOG.md first")


# What PyPI gets: the wheels of each system cibuildwheel builds on (the workflow's "wheels"
# jobs, by their artifacts' names), for every Python pyproject's [tool.cibuildwheel] builds.
WHEEL_ARTIFACTS = ("wheels-ubuntu-22.04", "wheels-windows-2022", "wheels-macos-15", "wheels-macos-15-intel")
WHEEL_PYTHONS = ("cp311", "cp312", "cp313", "cp314")
# auditwheel names a Linux wheel by every tag it fits: manylinux2014_x86_64.manylinux_2_17_x86_64.
WHEEL_PLATFORMS = (r"manylinux\w*_x86_64(\.manylinux\w*_x86_64)*", r"macosx_\d+_\d+_arm64", r"macosx_\d+_\d+_x86_64",
                   r"win_amd64")
EXTENSION = re.compile(r"\.(cpython-\d+[^/]*\.so|cp\d+-win_amd64\.pyd|pyd|so)$")


def wheel_problems(wheel: Path) -> list[str]:
    """What is wrong with a wheel of the game: not compiled, or carrying the benchmarks."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    problems = []
    if not any(name.startswith("hearts_desktop__mypyc") and EXTENSION.search(name) for name in names):
        problems.append(f"{wheel.name}: no compiled engine (hearts_desktop__mypyc)")
    if not any(name.startswith("hearts_desktop/engine/hand.") and EXTENSION.search(name) for name in names):
        problems.append(f"{wheel.name}: hearts_desktop/engine/hand is not compiled")
    if any(name.startswith(("benchmarks/", "tests/")) for name in names):
        problems.append(f"{wheel.name}: carries benchmarks or tests")
    return problems


def sdist_name(app_id: str, version: str) -> str:
    return f"{app_id.replace('-', '_')}-{version}.tar.gz"


def check_sdist(folder: Path, app_id: str, version: str) -> Path:
    """The sdist in ``folder`` holds the build recipe and no benchmarks, and a compiled wheel
    builds from it (as the Flatpak and anyone's pip will); then ``folder/checked.sha256``."""
    sdist = folder / sdist_name(app_id, version)
    if not sdist.is_file():
        raise SystemExit(f"{folder} has no {sdist.name}")
    top = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(f"{top}/") for name in archive.getnames()}
    needed = {"setup.py", "pyproject.toml", "build/compiled_build.py", "build/build_version.py", "README.md",
              "LICENSE", "hearts_desktop/__init__.py", "assets/cards/back.png"}
    problems = [f"{sdist.name} lacks {name}" for name in sorted(needed - names)]
    problems += [f"{sdist.name} carries {name}" for name in sorted(names) if name.startswith("benchmarks/")]
    with tempfile.TemporaryDirectory(prefix="sdist-wheel-") as out:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", out, str(sdist)],
                       check=True, env=dict(os.environ, HEARTS_DESKTOP_REQUIRE_COMPILED="1"))
        problems += [problem for wheel in Path(out).glob("*.whl") for problem in wheel_problems(wheel)]
    if problems:
        raise SystemExit("the sdist is not fit to release:\n  " + "\n  ".join(problems))
    (folder / CHECKED).write_text(f"{sha256_of(sdist)}  {sdist.name}\n", encoding="utf-8")
    return sdist


def pypi_files(artifacts: Path, app_id: str, version: str) -> list[Path]:
    """The sdist (as checked) and exactly one wheel of the game per Python and system, each compiled."""
    sdist = plan(artifacts, {"sdist": [sdist_name(app_id, version)]}, others=WHEEL_ARTIFACTS)
    wheels = [path for name in WHEEL_ARTIFACTS for path in sorted((artifacts / name).glob("*"))]
    stem = f"{app_id.replace('-', '_')}-{version}-"
    problems = [f"{path.name}: not a wheel of {app_id} {version}" for path in wheels
                if not (path.name.startswith(stem) and path.suffix == ".whl")]
    for python in WHEEL_PYTHONS:
        for platform in WHEEL_PLATFORMS:
            pattern = re.compile(re.escape(f"{stem}{python}-{python}-") + platform + r"\.whl$")
            found = [path.name for path in wheels if pattern.match(path.name)]
            if len(found) != 1:
                problems.append(f"{python} on {platform}: {len(found)} wheels {found}")
    problems += [problem for path in wheels if path.suffix == ".whl" for problem in wheel_problems(path)]
    if problems:
        raise SystemExit("PyPI would not get one tested wheel for each system:\n  " + "\n  ".join(problems))
    return [*sdist, *wheels]


def release_notes(version: str) -> str:
    """The release page's text: the changelog's section, and how to check a download (between
    releases, which the changelog has no section for yet, a line saying what the build is)."""
    notes = (f"A build of Hearts Desktop between releases ({version}), for testing."
             if is_development(version) else release(version).notes)
    return (f"{notes}\n\n"
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
    planner = commands.add_parser("plan", help="copy the checked files from ARTIFACTS/NAME/ into OUT and list them")
    planner.add_argument("artifacts", type=Path)
    planner.add_argument("out", type=Path)
    commands.add_parser("check-sdist", help="check FOLDER's sdist and write FOLDER/checked.sha256").add_argument(
        "folder", type=Path)
    pypi = commands.add_parser("pypi", help="copy the sdist and the wheels from ARTIFACTS/NAME/ into OUT")
    pypi.add_argument("artifacts", type=Path)
    pypi.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    info = app_info()
    version = info.version
    if args.command == "check-tag":
        problem = tag_problem(args.tag, version)
        if problem:
            sys.exit(problem)
        print(f"{args.tag} releases version {version}")
    elif args.command == "notes":
        args.file.write_text(release_notes(version), encoding="utf-8")
    elif args.command == "plan":
        for path in stage(plan(args.artifacts, release_files(info.app_id, version)), args.out):
            print(path)
    elif args.command == "check-sdist":
        print(f"checked: {check_sdist(args.folder, info.app_id, version)}")
    elif args.command == "pypi":
        for path in stage(pypi_files(args.artifacts, info.app_id, version), args.out):
            print(path)
    else:
        print(write_checksums(args.folder).read_text(encoding="utf-8"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
