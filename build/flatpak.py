"""The Flatpak: every Python package built from source, the game from its release tarball.

    python build/flatpak.py dependencies                         # rewrite build/linux/python-dependencies.json (PyPI)
    python build/flatpak.py manifest --archive SDIST --out FILE  # the app's manifest, for Flathub
    python build/flatpak.py manifest --archive SDIST --local --out FILE   # ...for a build of that file here

flatpak-builder builds offline from what a manifest lists, and Flathub builds everything from
source. So, the way flatpak-pip-generator does it, ``dependencies`` writes one module per
Python package the game runs with, at the version ``requirements-lock.txt`` pins, from its
sdist on PyPI (by address and SHA-256), or from its pure-Python wheel where it has one (no
compiled code in it to build); and one module per tool those sdists and the game's compiled
engine need to build (``flatpak-build-tools.txt`` pins them; pure wheels, removed from the
finished app). A test fails when the lock moves and the file does not.

``manifest`` puts them into the app's manifest with the game itself: its sdist (the release's
``hearts_desktop-VERSION.tar.gz``) by its address on the Releases page and its SHA-256,
compiled with mypyc like every other build; ``--local`` names the file by path instead, for
CI's build of an sdist that is not released yet. The runtime is the current freedesktop one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import LINUX, ROOT, app_info  # modules beside this script

INFO = app_info()
DEPENDENCIES = LINUX / "python-dependencies.json"
LOCK = ROOT / "build" / "requirements-lock.txt"
BUILD_TOOLS = LINUX / "flatpak-build-tools.txt"
RUNTIME_VERSION = "25.08"  # freedesktop's current runtime (its Python is 3.13)
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SIMPLE_INDEX = "https://pypi.org/simple/{}/"
RELEASE_DOWNLOAD = "{homepage}/releases/download/v{version}/{file}"
# What the game runs with: its dependencies and theirs (a test checks this against what pip
# installs for it), each built in this order.
RUNTIME_PACKAGES = ("babel", "platformdirs", "filelock", "python-i18n", "pygame-ce", "pygame-gui", "ifaddr", "zeroconf",
                    "websockets", "msgspec")
# Extra pip options a package's own build needs: pygame.midi is the one part of pygame-ce
# that needs a library the runtime lacks (PortMidi), and the game plays no MIDI.
PIP_OPTIONS = {"pygame-ce": ["--config-settings=setup-args=-Dmidi=disabled"]}

FINISH_ARGS = [
    "--share=ipc",
    "--socket=wayland",  # SDL draws on Wayland where the desktop has it,
    "--socket=fallback-x11",  # and on X11 only where it has not
    "--socket=pulseaudio",
    "--device=dri",
    # Tables with friends on the local network; the game opens no socket unless the player
    # hosts or joins one. No file system access: the player's data stays in the sandbox's own.
    "--share=network",
]


def pinned_versions(lock: Path = LOCK) -> dict[str, str]:
    """``{name: version}`` of every ``name==version`` line of a lock (markers ignored)."""
    pins = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"^([A-Za-z0-9._-]+)==([^;\s]+)", line):
            pins[canonical(match[1])] = match[2]
    return pins


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def files_of(name: str) -> list[dict[str, Any]]:
    """The files PyPI holds for ``name`` (the simple index's JSON form)."""
    request = urllib.request.Request(SIMPLE_INDEX.format(name), headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        files: list[dict[str, Any]] = json.load(response)["files"]
    return files


def name_and_version(filename: str) -> tuple[str, str] | None:
    """A wheel's or an sdist's distribution name (canonical) and version, from its file name."""
    if filename.endswith(".whl"):
        name, version = filename.removesuffix(".whl").split("-")[:2]
    elif filename.endswith(".tar.gz"):
        name, _, version = filename.removesuffix(".tar.gz").rpartition("-")
    else:
        return None
    return canonical(name), version


def source_of(name: str, version: str, files: list[dict[str, Any]]) -> dict[str, str]:
    """The file to build ``name`` ``version`` from: its pure-Python wheel, else its sdist.

    A package with compiled code has no pure wheel, so it is built from source; one without
    any is installed from the wheel that holds exactly its ``.py`` files.
    """
    found = [f for f in files if not f.get("yanked") and name_and_version(f["filename"]) == (canonical(name), version)]
    pure = [f for f in found if f["filename"].endswith("-none-any.whl")
            and "py3" in f["filename"].split("-")[-3].split(".")]  # the wheel's Python tag: py3, py2.py3
    sdist = [f for f in found if f["filename"].endswith(".tar.gz")]
    if not pure + sdist:
        raise SystemExit(f"PyPI has neither a pure wheel nor an sdist of {name} {version}")
    chosen = (pure + sdist)[0]
    return {"type": "file", "url": chosen["url"], "sha256": chosen["hashes"]["sha256"]}


def module(name: str, version: str, source: dict[str, str], build_tool: bool) -> dict[str, Any]:
    """One package's module, as flatpak-pip-generator writes them: pip from the file alone."""
    command = " ".join(["pip3 install --verbose --exists-action=i --no-index --find-links=\"file://${PWD}\"",
                        "--prefix=${FLATPAK_DEST}", "--no-deps --no-build-isolation", *PIP_OPTIONS.get(name, []),
                        f'"{name}=={version}"'])
    built: dict[str, Any] = {"name": f"python3-{name}", "buildsystem": "simple", "build-commands": [command],
                             "sources": [source]}
    if build_tool:
        built["cleanup"] = ["*"]  # needed to build what follows, not to play
    return built


def dependency_modules() -> list[dict[str, Any]]:
    """Every build tool's module, then every runtime package's, at their pinned versions."""
    tools = pinned_versions(BUILD_TOOLS)
    runtime = pinned_versions(LOCK)
    modules = [module(name, version, source_of(name, version, files_of(name)), build_tool=True)
               for name, version in tools.items()]
    modules += [module(name, runtime[name], source_of(name, runtime[name], files_of(name)), build_tool=False)
                for name in RUNTIME_PACKAGES]
    return modules


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def game_module(archive: Path, local_to: Path | None) -> dict[str, Any]:
    """The game from its sdist, compiled, with its menu entry, metainfo and icons under the id.

    ``local_to``: name the sdist by its path from that folder (where the manifest is), for a
    build of an sdist that is not released yet; otherwise by its address on the Releases page.
    """
    share = "${FLATPAK_DEST}/share"
    commands = [
        # The compiled engine, as every release build has it; a failed compile fails the build.
        "HEARTS_DESKTOP_REQUIRE_COMPILED=1 pip3 install --verbose --no-index --no-deps --no-build-isolation "
        "--prefix=${FLATPAK_DEST} .",
        f"install -Dm644 build/linux/{INFO.desktop_entry.name} {share}/applications/{INFO.desktop_entry.name}",
        f"install -Dm644 build/linux/{INFO.metainfo.name} {share}/metainfo/{INFO.metainfo.name}",
    ]
    commands += [f"install -Dm644 assets/icon/{INFO.icon(size).name} "
                 f"{share}/icons/hicolor/{size}x{size}/apps/{INFO.component_id}.png" for size in ICON_SIZES]
    source: dict[str, str] = {"type": "archive", "sha256": sha256_of(archive)}
    if local_to is None:
        source["url"] = RELEASE_DOWNLOAD.format(homepage=INFO.homepage, version=version_of(archive), file=archive.name)
    else:
        source["path"] = str(archive.resolve().relative_to(local_to.resolve()))
    return {"name": INFO.app_id, "buildsystem": "simple", "build-commands": commands, "sources": [source]}


def version_of(archive: Path) -> str:
    """The version an sdist's name says (``hearts_desktop-0.3.0.tar.gz`` -> ``0.3.0``)."""
    found = re.fullmatch(rf"{INFO.app_id.replace('-', '_')}-(.+)\.tar\.gz", archive.name)
    if found is None:
        raise SystemExit(f"{archive.name} is not an sdist of {INFO.app_id}")
    return found[1]


def manifest(archive: Path, local_to: Path | None = None) -> dict[str, Any]:
    dependencies = json.loads(DEPENDENCIES.read_text(encoding="utf-8"))
    return {
        "id": INFO.component_id,
        "runtime": "org.freedesktop.Platform",
        "runtime-version": RUNTIME_VERSION,
        "sdk": "org.freedesktop.Sdk",
        "command": INFO.app_id,
        "finish-args": FINISH_ARGS,
        "modules": [*dependencies["modules"], game_module(archive, local_to)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/flatpak.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("dependencies", help=f"rewrite {DEPENDENCIES.relative_to(ROOT)} from the locks (needs PyPI)")
    writer = commands.add_parser("manifest", help="write the app's manifest for an sdist")
    writer.add_argument("--archive", type=Path, required=True, help="the game's sdist")
    writer.add_argument("--local", action="store_true", help="name the sdist by its path, not its release address")
    writer.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "dependencies":
        written = {"name": "python-dependencies", "buildsystem": "simple", "build-commands": [],
                   "modules": dependency_modules()}
        DEPENDENCIES.write_text(json.dumps(written, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DEPENDENCIES.relative_to(ROOT)}")
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        built = manifest(args.archive, args.out.parent if args.local else None)
        args.out.write_text(json.dumps(built, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
