"""Write the Flatpak manifest: ``python build/flatpak.py`` (needs PyPI; the manifest is committed).

flatpak-builder builds offline from what a manifest lists, so every Python dependency the
game runs with is listed as a wheel with its address and SHA-256, at the version pinned in
``requirements-lock.txt`` (a test fails when the lock moves and the manifest does not). The
runtime is the freedesktop one, whose Python (3.12 in 24.08) and SDL-free base the wheels
fit: pure wheels where a dependency has one, else CPython 3.12 manylinux wheels per
architecture. The game itself is built from the checkout the manifest sits in; Flathub's
copy of the manifest points that source at the release's tag instead.

    flatpak-builder --user --install-deps-from=flathub --force-clean .flatpak-build \\
        build/linux/io.github.heartsdesktop.HeartsDesktop.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.request
from pathlib import Path
from typing import Any

from packaging.tags import Tag
from packaging.utils import canonicalize_name, parse_wheel_filename

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import LINUX, ROOT, app_info  # modules beside this script
from notices import runtime_distributions

INFO = app_info()
MANIFEST = LINUX / f"{INFO.component_id}.json"
LOCK = ROOT / "build" / "requirements-lock.txt"
RUNTIME_VERSION = "24.08"
PYTHON = "cp312"  # the runtime's Python
SETUPTOOLS = "80.9.0"  # builds the game's wheel (pyproject asks for 68 or newer); not shipped
NEWEST_GLIBC = (2, 39)  # the runtime's: a manylinux wheel must not need a newer one
ARCHES = ("x86_64", "aarch64")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SIMPLE_INDEX = "https://pypi.org/simple/{}/"
_MANYLINUX = re.compile(r"manylinux_(\d+)_(\d+)_(\w+)$|manylinux2014_(\w+)$")

FINISH_ARGS = [
    "--share=ipc",
    "--socket=x11",  # SDL 2 draws through X11 (XWayland on a Wayland desktop)
    "--socket=pulseaudio",
    "--device=dri",
    # Tables with friends on the local network; the game opens no socket unless the player
    # hosts or joins one.
    "--share=network",
]


def pinned_versions(lock: Path = LOCK) -> dict[str, str]:
    """``{name: version}`` of every ``name==version`` line of the lock (markers ignored)."""
    pins = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"^([A-Za-z0-9._-]+)==([^;\s]+)", line):
            pins[canonicalize_name(match[1])] = match[2]
    return pins


def runtime_names() -> list[str]:
    """The distributions the game runs with (its dependencies and theirs), as pip names."""
    return sorted(canonicalize_name(d.metadata["Name"]) for d in runtime_distributions())


def _fits(tag: Tag, arch: str) -> bool:
    """A wheel tag the runtime's Python on ``arch`` can install."""
    if tag.platform == "any":
        return tag.interpreter.startswith("py3")
    match = _MANYLINUX.match(tag.platform)
    if not match or tag.interpreter != PYTHON or tag.abi not in (PYTHON, "abi3"):
        return False
    if match[4]:  # manylinux2014: glibc 2.17
        return match[4] == arch
    return match[3] == arch and (int(match[1]), int(match[2])) <= NEWEST_GLIBC


def choose_wheels(files: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One pure wheel for every architecture, or one fitting wheel per architecture."""
    wheels = [f for f in files if f["filename"].endswith(".whl") and not f.get("yanked")]
    tagged = [(f, parse_wheel_filename(f["filename"])[3]) for f in wheels]
    pure = [f for f, tags in tagged if any(t.platform == "any" and _fits(t, ARCHES[0]) for t in tags)]
    if pure:
        return [{"type": "file", "url": pure[0]["url"], "sha256": pure[0]["hashes"]["sha256"]}]
    chosen = []
    for arch in ARCHES:
        fitting = [f for f, tags in tagged if any(_fits(t, arch) for t in tags)]
        if not fitting:
            sys.exit(f"no wheel of {files[0]['filename']} fits Python {PYTHON} on {arch}")
        chosen.append({"type": "file", "url": fitting[0]["url"], "sha256": fitting[0]["hashes"]["sha256"],
                       "only-arches": [arch]})
    return chosen


def files_of(name: str, version: str) -> list[dict[str, Any]]:
    """The files PyPI holds for ``name`` at ``version`` (the simple index's JSON form)."""
    request = urllib.request.Request(SIMPLE_INDEX.format(name),
                                     headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        files: list[dict[str, Any]] = json.load(response)["files"]
    found = [f for f in files if parse_version_of(f["filename"]) == version]
    if not found:
        sys.exit(f"PyPI has no files of {name} {version}")
    return found


def parse_version_of(filename: str) -> str | None:
    return str(parse_wheel_filename(filename)[1]) if filename.endswith(".whl") else None


def game_module() -> dict[str, Any]:
    """The game, from this checkout, with its menu entry, metainfo and icons under the id."""
    share = "${FLATPAK_DEST}/share"
    commands = [
        # Pure Python, said outright: compiling (setup.py) would need mypy in the sandbox.
        "HEARTS_DESKTOP_PURE=1 pip3 install --no-index --no-deps --no-build-isolation --prefix=${FLATPAK_DEST} .",
        f"install -Dm644 build/linux/{INFO.desktop_entry.name} {share}/applications/{INFO.desktop_entry.name}",
        f"install -Dm644 build/linux/{INFO.metainfo.name} {share}/metainfo/{INFO.metainfo.name}",
    ]
    commands += [f"install -Dm644 assets/icon/{INFO.icon(size).name} "
                 f"{share}/icons/hicolor/{size}x{size}/apps/{INFO.component_id}.png" for size in ICON_SIZES]
    return {"name": INFO.app_id, "buildsystem": "simple", "build-commands": commands,
            "sources": [{"type": "dir", "path": "../.."}]}


def manifest() -> dict[str, Any]:
    pins = pinned_versions()
    wheels = [source for name in runtime_names() for source in choose_wheels(files_of(name, pins[name]))]
    setuptools = choose_wheels(files_of("setuptools", SETUPTOOLS))
    install_wheels = "pip3 install --no-index --no-deps --prefix=${FLATPAK_DEST} *.whl"
    return {
        "id": INFO.component_id,
        "runtime": "org.freedesktop.Platform",
        "runtime-version": RUNTIME_VERSION,
        "sdk": "org.freedesktop.Sdk",
        "command": INFO.app_id,
        "finish-args": FINISH_ARGS,
        "modules": [
            # What pip needs to build the game's wheel; removed from the finished app.
            {"name": "setuptools", "buildsystem": "simple", "build-commands": [install_wheels],
             "cleanup": ["*"], "sources": setuptools},
            {"name": "python-dependencies", "buildsystem": "simple", "build-commands": [install_wheels],
             "sources": wheels},
            game_module(),
        ],
    }


def main() -> int:
    argparse.ArgumentParser(prog="python build/flatpak.py", description=__doc__.split("\n")[0]).parse_args()
    MANIFEST.write_text(json.dumps(manifest(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {MANIFEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
