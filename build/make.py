"""Build Hearts Desktop for players: the frozen program, then this platform's installer.

    python build/make.py            # PyInstaller bundle, then the installer for this OS
    python build/make.py --check    # ...then install it in a scratch place, play a smoke game, remove it
    python build/make.py --repro    # ...then build again from scratch in another folder: the packages must be byte-identical

Needs the project installed with the ``build`` extra, at the locked versions
and compiled (``PIP_CONSTRAINT=build/requirements-lock.txt pip install '.[build]'``, not editable: the
installers ship the compiled build, see ``setup.py``).
Everything lands in ``dist/``; PyInstaller's scratch files go to ``.pyinstaller/work``
because ``build/`` holds these recipes. What each platform gets:

- Linux: ``hearts-desktop_VERSION_ARCH.deb`` (the bundle in /opt/hearts-desktop, a menu
  entry with its icon, the ``hearts-desktop`` command) and a portable
  ``hearts-desktop-VERSION-linux-MACHINE.tar.gz``. Needs ``dpkg-deb`` (Debian, Ubuntu).
- Windows: ``hearts-desktop-VERSION-windows-setup.exe`` from ``build/windows/hearts-desktop.iss``
  (needs Inno Setup 6's ``ISCC.exe``).
- macOS: ``hearts-desktop-VERSION-macos-MACHINE.dmg`` holding ``Hearts Desktop.app``.

The check runs the installed program with ``--smoke`` under SDL's dummy drivers, so it
needs no display, and verifies the program wrote nothing into its own install folder.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata
import io
import os
import platform
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from email.utils import format_datetime
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import (  # beside this
    NOTICES,
    ROOT,
    app_info,
    macos_info_plist,
    shipped_assets,
    windows_file_version,
)
from build_version import commit_of, is_development
from catalogues import catalogue_files
from changelog import releases
from linux_libraries import DEB_DEPENDS, DEB_RECOMMENDS, build_paths_in, strip_build_paths, system_only_in
from notices import FOLDER as LICENCE_FOLDER
from notices import (
    NATIVE_LIBRARIES,
    NATIVE_LICENCES,
    PYTHON_LICENCES,
    SOURCES,
    canonical,
    missing_in,
    runtime_distributions,
    uncovered_libraries,
)
from release import CHECKED, debian_version, sha256_of

INFO = app_info()
COMMIT = commit_of(ROOT) or ""
BUILD = ROOT / "build"
DIST = ROOT / "dist"
WORK = ROOT / ".pyinstaller" / "work"
SPEC = ROOT / "packaging.spec"
INSTALL_DIR = Path("/opt") / INFO.app_id
# Debian's place for games' commands (in everyone's PATH), which Section: games asks for.
COMMAND_DIR = Path("/usr/games")
LINUX_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# zstd -9 packs the .deb in under a second and unpacks it five times faster than xz, which
# takes tens of seconds for a file 15% smaller (figures in docs/building.md). dpkg reads zstd since 1.21.18 (Debian 12; Ubuntu since 18.04): every system
# new enough to run a bundle built on Ubuntu 22.04's glibc has it.
DEB_COMPRESSION = ("zstd", "9")
ADD_TO_MENU = BUILD / "linux" / "add-to-menu"
APP_RUN = BUILD / "linux" / "AppRun"
APPDIR = WORK.parent / f"{INFO.app_id}.AppDir"
SMOKE_ARGS = ("--smoke", "--seed", "7")
SMOKE_TIMEOUT_SECONDS = 600
ENGLISH_DESCRIPTION = "Play Hearts on your desktop."
"""The command line's description (hearts_desktop/app.py), which every catalogue translates."""
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

timings: dict[str, float] = {}


@contextmanager
def timed(step: str) -> Iterator[None]:
    start = time.perf_counter()
    yield
    timings[step] = time.perf_counter() - start
    print(f"== {step}: {timings[step]:.1f} s", flush=True)


def run(command: Sequence[str | Path], capture_output: bool = False) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(str(part) for part in command), flush=True)
    return subprocess.run([str(part) for part in command], check=True, text=True, capture_output=capture_output)


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """A temporary folder for one check: the install target, the player's data, a home."""
    with tempfile.TemporaryDirectory(prefix="hearts-check-") as tmp:
        yield Path(tmp)


def tree_bytes(folder: Path) -> int:
    """Bytes in the files under ``folder``; links count as nothing (PyInstaller links libraries)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


# ---------------------------------------------------------------------------- reproducible


def source_date_epoch() -> int:
    """The time the packages say their files were made: SOURCE_DATE_EPOCH if set, else the last commit's."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        last_commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], check=True,
                                     capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        sys.exit("not a git checkout: set SOURCE_DATE_EPOCH to the release's time (seconds since 1970)")
    return int(last_commit)


def make_reproducible() -> None:
    """What every tool run from here needs to give the same bytes for the same commit.

    PyInstaller dates base_library.zip and the executable's archive by SOURCE_DATE_EPOCH, and
    dpkg-deb its ar headers; the .deb's and the .tar.gz's files are dated by it below. A fixed
    PYTHONHASHSEED keeps set and dict orders, and so the bytes PyInstaller writes, the same.
    """
    os.environ["SOURCE_DATE_EPOCH"] = str(source_date_epoch())
    os.environ["PYTHONHASHSEED"] = "0"


# ---------------------------------------------------------------------------- the bundle


COMPILED_VERSION = f"{INFO.display_name} {INFO.version} (compiled build)"


def require_compiled_install() -> None:
    """The installers ship the compiled build (setup.py), and PyInstaller freezes what is
    installed: stop unless that is the compiled build, not an editable (pure Python) one."""
    with tempfile.TemporaryDirectory() as elsewhere:  # where no checkout's .py files answer instead
        shown = subprocess.run([sys.executable, "-P", "-m", "hearts_desktop", "--version"], cwd=elsewhere,
                               check=True, text=True, capture_output=True).stdout.strip()
    if shown != COMPILED_VERSION:
        sys.exit(f"this Python runs {shown!r}, not {COMPILED_VERSION!r}: the installers ship the compiled "
                 "build, so install it without -e on a machine with a C compiler: "
                 "PIP_CONSTRAINT=build/requirements-lock.txt pip install '.[build]'")


def build_bundle() -> Path:
    """Run PyInstaller on packaging.spec; return the one-folder bundle."""
    require_compiled_install()
    with timed("PyInstaller bundle"):
        # -P: not the current folder first on the path, where a checkout's .py files would be
        # frozen instead of the installed compiled modules.
        run([sys.executable, "-P", "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
             "--workpath", WORK, "--distpath", DIST, SPEC])
    bundle = DIST / INFO.app_id
    records = records_without_scripts(bundle)
    print(f"{len(records)} bundled RECORD files no longer list the build environment's scripts")
    if sys.platform.startswith("linux"):
        with timed("RUNPATHs stripped of build paths"):
            changed = strip_build_paths(bundle)
        print(f"build paths removed from the RUNPATH of {len(changed)} files")
    print(f"bundle: {bundle} ({mib(tree_bytes(bundle))})")
    return bundle


def records_without_scripts(bundle: Path) -> list[Path]:
    """Each bundled ``*.dist-info/RECORD`` (PyInstaller copies some packages' metadata) without
    its lines for files outside the package, the console scripts pip wrote into the build
    environment's ``bin/``: the bundle has none of them, and their hashes depend on where that
    environment is, written into their first line, so the same commit built in another folder
    gave another websockets RECORD. Return the RECORD files changed."""
    changed = []
    for record in sorted(bundle.rglob("*.dist-info/RECORD")):
        lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
        kept = [line for line in lines if not line.startswith("../")]
        if kept != lines:
            record.write_text("".join(kept), encoding="utf-8")
            changed.append(record)
    return changed


def bundle_executable(bundle: Path) -> Path:
    return bundle / (INFO.app_id + (".exe" if sys.platform == "win32" else ""))


def run_smoke(command: Sequence[Path | str], scratch: Path, label: str) -> None:
    """Play the smoke game with the given command; fail loudly on a bad exit or a hang."""
    data = scratch / "player-data"
    env = dict(os.environ, **HEADLESS, HOME=str(scratch / "home"), XDG_CONFIG_HOME=str(scratch / "config"),
               XDG_DATA_HOME=str(scratch / "share"), XDG_STATE_HOME=str(scratch / "state"))
    with timed(f"smoke game ({label})"):
        result = subprocess.run([*map(str, command), *SMOKE_ARGS, "--data-dir", str(data)], env=env, check=False,
                                timeout=SMOKE_TIMEOUT_SECONDS, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"smoke game failed with exit code {result.returncode}:\n{result.stdout}\n{result.stderr}")


def assert_speaks_its_languages(executable: Path) -> None:
    """The bundle's command line in each language it has a catalogue for: the catalogues went
    in compiled (a bundle without them spoke English alone and listed no other language)."""
    if platform.system() == "Windows":  # a windowed program has no standard output to read
        return
    for catalogue in catalogue_files():
        code = catalogue.parts[-3]
        shown = run([executable, "--language", code, "--help"], capture_output=True).stdout
        if ENGLISH_DESCRIPTION in shown:
            sys.exit(f"the bundle speaks English when asked for {code}: its catalogue is not in the bundle")


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def smoke_installed(install_dir: Path, executable: Path, scratch: Path, label: str) -> None:
    """Play the smoke game from an installed copy, which must write nothing into ``install_dir``.

    That, with the package manager removing what it installed, is why uninstalling leaves
    nothing behind but the player's own saves.
    """
    before = files_under(install_dir)
    run_smoke([executable], scratch, label)
    written = files_under(install_dir) - before
    if written:
        sys.exit(f"the program wrote into its install folder: {sorted(written)[:5]}")


def assert_assets_in(assets_dir: Path) -> None:
    """Every asset pyproject ships must be in the bundle, where resources.py looks."""
    source = ROOT / "assets"
    missing = [str(p.relative_to(source)) for p in shipped_assets()
               if not (assets_dir / p.relative_to(source)).is_file()]
    if missing:
        sys.exit(f"the bundle lacks {len(missing)} asset files, e.g. {missing[:3]}")


def assert_licences_in(data_dir: Path) -> None:
    """The bundle's licences folder (beside the assets) has every component's text."""
    missing = missing_in(data_dir / LICENCE_FOLDER)
    if missing:
        sys.exit(f"the bundle's {LICENCE_FOLDER}/ lacks {missing}")


# ---------------------------------------------------------------------------- Linux


@lru_cache(maxsize=1)
def debian_architecture() -> str:
    return run(["dpkg", "--print-architecture"], capture_output=True).stdout.strip()


def glibc_version() -> str:
    """The C library the bundle was built against: it runs on this version or newer only."""
    found = os.confstr("CS_GNU_LIBC_VERSION")  # "glibc 2.35"
    if found is None:
        sys.exit("not a glibc system: the .deb's libc6 dependency cannot be stated")
    return found.split()[1]


def control_file(installed_kib: int) -> str:
    synopsis = INFO.summary.rstrip(".")
    if len(synopsis) > 80:  # Debian Policy 3.4.1: what apt and software centres show in one line
        sys.exit(f"pyproject's description is {len(synopsis)} characters: the .deb's synopsis allows 80")
    return "\n".join([
        f"Package: {INFO.app_id}",
        f"Version: {debian_version(INFO.version)}",
        f"Architecture: {debian_architecture()}",
        f"Maintainer: {INFO.maintainer}",
        f"Homepage: {INFO.homepage}",
        f"Installed-Size: {installed_kib}",
        f"Depends: {', '.join([f'libc6 (>= {glibc_version()})', *DEB_DEPENDS])}",
        f"Recommends: {', '.join(DEB_RECOMMENDS)}",
        "Section: games",
        "Priority: optional",
        f"Description: {synopsis}",
        " Standard Hearts and its common variants (Black Lady, Omnibus, Spot Hearts,",
        " Black Maria, five players), against computer players or friends taking turns",
        " at one computer, or with friends at their own computers on the local network.",
        " It opens no network connection until the player hosts or joins such a table,",
        f" and then only on the local network. Everything it needs is in {INSTALL_DIR}.",
        "",
    ])


DEP5_FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"


def license_paragraph_text(text: str) -> str:
    """Plain text as a DEP-5 license body: each line indented, blank lines written " .". """
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.strip().splitlines())


def notices_license(name: str) -> str:
    """A DEP-5 ``License: NAME`` body quoted in THIRD_PARTY_NOTICES.md (the fonts' licence)."""
    lines = NOTICES.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"License: {name}") + 1
    body = []
    for line in lines[start:]:
        if not line.startswith(" "):
            break
        body.append(line)
    if not body:
        sys.exit(f"THIRD_PARTY_NOTICES.md quotes no text under 'License: {name}'")
    return "\n".join(body)


COMMON_LICENCES = {  # DEP-5 name -> its text in /usr/share/common-licenses on every Debian system
    "LGPL-2.1": "LGPL-2.1", "LGPL-2.1+": "LGPL-2.1", "Apache-2.0": "Apache-2.0", "GPL-2+": "GPL-2",
    "CC0-1.0": "CC0-1.0",
}


def paragraph(files: list[str], copyright_holder: str, licence: str, *body: str) -> str:
    """One DEP-5 files paragraph; the body says where the licence's whole text is."""
    text = [f"Files: {' '.join(files)}", f"Copyright: {copyright_holder}", f"License: {licence}", *body]
    common = sorted({COMMON_LICENCES[part] for part in re.split(r" (?:and|or) ", licence) if part in COMMON_LICENCES})
    text += [f" On Debian systems, the complete text of the {name} licence is in /usr/share/common-licenses/{name}."
             for name in common]
    return "\n".join(text) + "\n"


def bundled_paths(internal: Path, names: list[str]) -> list[str]:
    """The DEP-5 patterns for the named files and folders that are in the bundle's ``_internal``."""
    app = f"{INSTALL_DIR.relative_to('/')}/{internal.name}"
    return [f"{app}/{name}/*" if (internal / name).is_dir() else f"{app}/{name}"
            for name in sorted(names) if (internal / name).exists()]


def library_files(internal: Path) -> dict[str, list[str]]:
    """The bundle's C libraries (paths under ``_internal``) by the component whose text covers them."""
    found: dict[str, list[str]] = {}
    for path in sorted(internal.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        relative = str(path.relative_to(internal))
        if path.name.startswith("libpython3") or "lib-dynload" in path.parts:
            found.setdefault("python", []).append(relative)
            continue
        for component, pattern in NATIVE_LIBRARIES.items():
            if pattern.match(path.name):
                found.setdefault(component, []).append(relative)
    return found


def top_levels(distribution: importlib.metadata.Distribution) -> list[str]:
    """The folders and modules a distribution installs (``pygame``, ``pygame_ce.libs``, ...)."""
    return sorted({Path(entry).parts[0] for entry in distribution.files or []
                   if not Path(entry).parts[0].endswith((".dist-info", ".data")) and Path(entry).parts[0] != ".."})


def debian_copyright(bundle: Path) -> str:
    """usr/share/doc/PACKAGE/copyright in Debian's machine-readable format (DEP-5): each bundled
    component's files under its own licence, found in the bundle itself."""
    internal = bundle / "_internal"
    app = f"{INSTALL_DIR.relative_to('/')}/{internal.name}"
    texts = f"{INSTALL_DIR}/{internal.name}/{LICENCE_FOLDER}"
    own = (ROOT / "LICENSE").read_text(encoding="utf-8").split("\n", 1)[1]  # without the "MIT License" title
    distributions = runtime_distributions()
    libraries = library_files(internal)
    python_packages = [paragraph(bundled_paths(internal, top_levels(d)) or [f"{app}/{top_levels(d)[0]}"],
                                 f"the authors of {d.metadata['Name']}",
                                 PYTHON_LICENCES[canonical(d.metadata["Name"])],
                                 f" {d.metadata['Name']} {d.version}: the licence text is in "
                                 f"{texts}/{d.metadata['Name']}-{d.version}/.")
                       for d in distributions if bundled_paths(internal, top_levels(d))]
    native = [paragraph([f"{app}/{name}" for name in names], f"the authors of {component}", NATIVE_LICENCES[component],
                        f" The copyright and licence of {component} in detail (Debian's copyright file for it)"
                        f" are in {texts}/native/{component}.txt.")
              for component, names in sorted(libraries.items()) if component != "python"]
    everything = sorted({PYTHON_LICENCES[canonical(d.metadata["Name"])] for d in distributions} | {"PSF-2.0"})
    return "\n".join([
        f"Format: {DEP5_FORMAT}",
        f"Upstream-Name: {INFO.display_name}",
        f"Upstream-Contact: {INFO.maintainer}",
        f"Source: {INFO.homepage}",
        "Comment: The game is frozen with Python and the libraries it uses into",
        f" {INSTALL_DIR}. Each part is listed below under its own licence; the texts are in",
        f" {texts}/: a folder for each Python package, python/ for Python's own, native/",
        " for the C libraries (Debian's copyright files for them) and common/ for the texts",
        f" those refer to. {texts}/{SOURCES} says where the source of the LGPL parts is,",
        " with the maintainers' written offer of it.",
        "",
        paragraph(["*"], "Hearts Desktop developers", "Expat", license_paragraph_text(own)),
        paragraph([f"{INSTALL_DIR.relative_to('/')}/{INFO.app_id}"],
                  "Hearts Desktop developers, the Python Software Foundation, the authors of the Python packages "
                  "below and of PyInstaller", " and ".join(["Expat", *(name for name in everything if name != "Expat"),
                                                             "GPL-2+ with PyInstaller-bootloader exception"]),
                  " The program: PyInstaller's bootloader (GPL-2.0 or later, with an exception that lets",
                  " programs ship it under their own terms), which runs the game's Python code with",
                  " that of Python's standard library and of the Python packages below, under their",
                  f" licences. The texts are in {texts}/."),
        paragraph([f"{app}/hearts_desktop/assets/cards/*"], "Adrian Kennard", "CC0-1.0",
                  " The card art is dedicated to the public domain."),
        paragraph([f"{app}/hearts_desktop/assets/fonts/*"], "2003 Bitstream, Inc.", "Bitstream-Vera",
                  notices_license("bitstream-vera")),
        paragraph([f"{app}/{name}" for name in libraries.get("python", [])] + bundled_paths(internal, ["base_library.zip"]),
                  "Python Software Foundation", "PSF-2.0", f" Python's licence is in {texts}/python/LICENSE.txt."),
        *python_packages,
        paragraph(bundled_paths(internal, ["pygame_gui/data"]) or [f"{app}/pygame_gui/data/*"],
                  "the authors of the Noto and Fira fonts", "OFL-1.1",
                  f" pygame_gui's fonts; the licence text is in {texts}/ beside pygame_gui's."),
        *native,
    ])


def debian_changelog() -> str:
    """CHANGELOG.md in Debian's changelog format (what apt-listchanges and lintian read)."""
    entries = []
    for entry in releases():
        bullets = [" ".join(item.split()) for item in entry.notes.removeprefix("- ").split("\n- ")]
        items = "\n".join(textwrap.fill(item, 80, initial_indent="  * ", subsequent_indent="    ") for item in bullets)
        signed = format_datetime(datetime(entry.day.year, entry.day.month, entry.day.day, tzinfo=UTC))
        entries.append(f"{INFO.app_id} ({entry.version}) unstable; urgency=medium\n\n{items}\n\n"
                       f" -- {INFO.maintainer}  {signed}\n")
    if is_development(INFO.version):  # the package's own version heads its changelog, as dpkg expects
        built = format_datetime(datetime.fromtimestamp(source_date_epoch(), UTC))
        entries.insert(0, f"{INFO.app_id} ({debian_version(INFO.version)}) UNRELEASED; urgency=medium\n\n"
                          f"  * A build between releases, for testing.\n\n -- {INFO.maintainer}  {built}\n")
    return "\n".join(entries)


def install_desktop_files(share: Path) -> None:
    """The menu entry, the icon in every size and the AppStream metainfo, under ``share``
    (``usr/share`` of a package or an AppDir), each named by the reverse-DNS id."""
    (share / "applications").mkdir(parents=True)
    shutil.copy(INFO.desktop_entry, share / "applications")
    (share / "metainfo").mkdir()
    shutil.copy(INFO.metainfo, share / "metainfo")
    for size in LINUX_ICON_SIZES:
        icons = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        icons.mkdir(parents=True)
        shutil.copy(INFO.icon(size), icons / f"{INFO.component_id}.png")


def verify_desktop_files(share: Path) -> None:
    """What ``install_desktop_files`` laid out is there and passes the freedesktop validators."""
    for size in LINUX_ICON_SIZES:
        if not (share / f"icons/hicolor/{size}x{size}/apps/{INFO.component_id}.png").is_file():
            sys.exit(f"no {size}px icon installed")
    if shutil.which("desktop-file-validate"):
        run(["desktop-file-validate", share / "applications" / INFO.desktop_entry.name])
    if shutil.which("appstreamcli"):
        run(["appstreamcli", "validate", "--no-net", share / "metainfo" / INFO.metainfo.name])


def stage_deb(bundle: Path, stage: Path) -> None:
    """Lay out the package's files under ``stage`` as they will be on the player's disk."""
    app = stage / INSTALL_DIR.relative_to("/")
    shutil.copytree(bundle, app, symlinks=True)
    command = stage / COMMAND_DIR.relative_to("/") / INFO.app_id
    command.parent.mkdir(parents=True)
    command.symlink_to(INSTALL_DIR / bundle_executable(bundle).name)
    share = stage / "usr" / "share"
    install_desktop_files(share)
    doc = share / "doc" / INFO.app_id
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(debian_copyright(bundle), encoding="utf-8")
    # gzip -9n: no name or time in the header, so the same bytes from every build.
    (doc / "changelog.gz").write_bytes(gzip.compress(debian_changelog().encode("utf-8"), 9, mtime=0))
    installed_kib = (tree_bytes(stage) + 1023) // 1024
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control_file(installed_kib), encoding="utf-8")
    settle_modes_and_dates(stage)


def settle_modes_and_dates(root: Path) -> None:
    """Every file under ``root`` readable by all and dated by the release, so that a package
    of it has the same bytes from every build of a commit."""
    epoch = source_date_epoch()
    for path in [root, *root.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
        os.utime(path, (epoch, epoch), follow_symlinks=False)


def build_deb(bundle: Path) -> Path:
    deb = DIST / f"{INFO.app_id}_{debian_version(INFO.version)}_{debian_architecture()}.deb"
    with tempfile.TemporaryDirectory(prefix="deb-stage-") as tmp:
        stage = Path(tmp) / "root"
        stage_deb(bundle, stage)
        kind, level = DEB_COMPRESSION
        with timed(f"dpkg-deb ({kind} -{level})"):
            run(["dpkg-deb", "--root-owner-group", f"-Z{kind}", f"-z{level}", "--build", stage, deb])
    print(f"package: {deb} ({mib(deb.stat().st_size)})")
    return deb


def build_tarball(bundle: Path) -> Path:
    """The portable build: unpack anywhere, run ``hearts-desktop/hearts-desktop``; its
    ``add-to-menu`` puts it in the applications menu with the icon from its ``share/``."""
    tarball = DIST / f"{INFO.app_id}-{INFO.version}-linux-{platform.machine()}.tar.gz"

    epoch = source_date_epoch()

    def owned_by_root(member: tarfile.TarInfo) -> tarfile.TarInfo:
        member.uid = member.gid = 0
        member.uname = member.gname = "root"
        member.mtime = min(member.mtime, epoch)  # the same bytes from every build of a commit
        return member

    # tarfile adds a folder's entries sorted by name; gzip's header is dated and named by hand.
    with (timed("portable .tar.gz"), tarball.open("wb") as raw,
          gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=epoch) as packed,
          tarfile.open(fileobj=packed, mode="w") as archive):
        archive.add(bundle, arcname=INFO.app_id, filter=owned_by_root)
        with tempfile.TemporaryDirectory(prefix="menu-") as tmp:
            install_desktop_files(Path(tmp) / "share")
            archive.add(Path(tmp) / "share", arcname=f"{INFO.app_id}/share", filter=owned_by_root)
        archive.add(ADD_TO_MENU, arcname=f"{INFO.app_id}/{ADD_TO_MENU.name}", filter=owned_by_root)
    print(f"portable: {tarball} ({mib(tarball.stat().st_size)})")
    return tarball


def stage_appdir(bundle: Path, appdir: Path) -> None:
    """The AppImage's contents: the bundle under ``usr/lib``, AppRun (which the AppImage
    runtime starts), and the menu entry and icon at the top, where appimagetool and the
    desktops' AppImage integration look, besides the usual ``usr/share`` files."""
    shutil.copytree(bundle, appdir / "usr" / "lib" / INFO.app_id, symlinks=True)
    share = appdir / "usr" / "share"
    install_desktop_files(share)
    # appimagetool looks for the metainfo under its older name, and validates it if found.
    metainfo = share / "metainfo" / INFO.metainfo.name
    metainfo.rename(metainfo.with_name(f"{INFO.component_id}.appdata.xml"))
    shutil.copy(INFO.desktop_entry, appdir)
    shutil.copy(INFO.icon(256), appdir / f"{INFO.component_id}.png")
    (appdir / ".DirIcon").symlink_to(f"{INFO.component_id}.png")
    shutil.copy(APP_RUN, appdir / "AppRun")  # copy keeps the executable bit
    settle_modes_and_dates(appdir)


def appimagetool() -> str | None:
    """appimagetool, from $APPIMAGETOOL or the PATH (it is not packaged by distributions:
    the release workflow downloads a pinned release)."""
    return os.environ.get("APPIMAGETOOL") or shutil.which("appimagetool")


def build_appimage(bundle: Path) -> Path | None:
    """The one-file Linux build; None, saying so, where appimagetool is missing (the AppDir
    is still staged, and ``--check`` plays a smoke game from it)."""
    shutil.rmtree(APPDIR, ignore_errors=True)
    stage_appdir(bundle, APPDIR)
    tool = appimagetool()
    if tool is None:
        print(f"no appimagetool (set APPIMAGETOOL or put it on the PATH): no .AppImage, AppDir in {APPDIR}")
        return None
    appimage = DIST / f"{INFO.app_id}-{INFO.version}-{platform.machine()}.AppImage"
    # A pinned runtime ($APPIMAGE_RUNTIME), or appimagetool downloads the newest one.
    runtime = ["--runtime-file", os.environ["APPIMAGE_RUNTIME"]] if os.environ.get("APPIMAGE_RUNTIME") else []
    with timed("AppImage"):
        subprocess.run([tool, *runtime, str(APPDIR), str(appimage)], check=True,
                       env=dict(os.environ, ARCH=platform.machine(), VERSION=INFO.version))
    print(f"AppImage: {appimage} ({mib(appimage.stat().st_size)})")
    return appimage


def check_appimage(appimage: Path | None) -> None:
    """Play a smoke game from the AppImage, unpacked by its own runtime (no FUSE needed),
    or, without one, from the AppDir it would hold."""
    with scratch_folder() as scratch:
        if appimage is None:
            run_smoke([APPDIR / "AppRun"], scratch, "AppDir")
        else:
            run_smoke([appimage, "--appimage-extract-and-run"], scratch, "AppImage")


def dpkg_in(root: Path, *arguments: str) -> None:
    """dpkg acting on the scratch ``root`` (its own package database) instead of the system."""
    not_root = ["--force-not-root"] if os.geteuid() != 0 else []
    log = root / "var" / "log" / "dpkg.log"  # not the build machine's own log
    log.parent.mkdir(parents=True, exist_ok=True)
    run(["dpkg", f"--root={root}", f"--log={log}", "--force-depends", *not_root, *arguments], capture_output=True)


def install_deb(deb: Path, root: Path) -> bool:
    """Install into a scratch root with dpkg; unpack with dpkg-deb if that is refused.

    Return True when dpkg installed it (so dpkg must remove it).
    """
    admin = root / "var" / "lib" / "dpkg"
    for folder in ("info", "updates", "triggers"):
        (admin / folder).mkdir(parents=True)
    (admin / "status").touch()
    try:
        dpkg_in(root, "--install", str(deb))
        return True
    except subprocess.CalledProcessError as refused:
        print(f"dpkg -i --root refused ({refused.stderr.strip()}); unpacking with dpkg-deb -x instead")
        shutil.rmtree(root)
        run(["dpkg-deb", "-x", deb, root])
        return False


def assert_no_system_only_libraries(bundle: Path) -> None:
    """The bundle carries none of the libraries that must be the player's own (libstdc++ and the like)."""
    bundled = system_only_in(bundle)
    if bundled:
        sys.exit(f"the bundle carries libraries that must come from the system: {bundled}")


def verify_linux_layout(root: Path) -> Path:
    """The installed files are where menus and shells look; return the installed executable."""
    app = root / INSTALL_DIR.relative_to("/")
    assert_no_system_only_libraries(app)
    if leaked := build_paths_in(app):
        sys.exit(f"{len(leaked)} bundled files look for libraries outside the bundle: {sorted(leaked.items())[:3]}")
    libraries = [path.name for path in app.rglob("lib*.so*")]
    if uncovered := uncovered_libraries(libraries):
        sys.exit(f"no licence text in build/licenses/native covers {uncovered}")
    assert_licences_in(app / "_internal")
    executable = app / INFO.app_id
    command = root / COMMAND_DIR.relative_to("/") / INFO.app_id
    if os.readlink(command) != str(INSTALL_DIR / INFO.app_id):
        sys.exit(f"{command} points at {os.readlink(command)}, not {INSTALL_DIR / INFO.app_id}")
    if not os.access(executable, os.X_OK):
        sys.exit(f"{executable} is not executable")
    verify_desktop_files(root / "usr" / "share")
    assert_assets_in(app / "_internal" / "hearts_desktop" / "assets")
    return executable


def check_linux(deb: Path) -> None:
    """Install the .deb into a scratch root, play a smoke game from it, remove it."""
    with scratch_folder() as scratch:
        root = scratch / "root"
        root.mkdir()
        by_dpkg = install_deb(deb, root)
        executable = verify_linux_layout(root)
        # Started the way the menu and the shell start it: through the /usr/games link.
        on_path = scratch / "bin" / INFO.app_id
        on_path.parent.mkdir()
        on_path.symlink_to(executable)
        version = run([on_path, "--version"], capture_output=True).stdout.strip()
        if version != COMPILED_VERSION:
            sys.exit(f"--version says {version!r}")
        smoke_installed(root, on_path, scratch, "installed .deb")
        if by_dpkg:
            dpkg_in(root, "--purge", INFO.app_id)
            left = [p for p in root.rglob("*") if not p.is_dir() and p.relative_to(root).parts[0] != "var"]
            if left:
                sys.exit(f"files left after removal: {sorted(map(str, left))[:10]}")
    print("check passed: installed, played a smoke game, removed cleanly")


# ---------------------------------------------------------------------------- Windows


def iscc() -> Path:
    found = shutil.which("iscc")
    for candidate in [found, *(Path(os.environ.get(var, "")) / "Inno Setup 6" / "ISCC.exe"
                               for var in ("ProgramFiles(x86)", "ProgramFiles"))]:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    sys.exit("Inno Setup 6 (ISCC.exe) not found: install it, e.g. `choco install innosetup`")


def inno_defines(bundle: Path) -> dict[str, str]:
    """What the .iss script is told on the command line: names, version and paths."""
    return {
        "AppName": INFO.display_name,
        "AppVersion": INFO.version,
        "FileVersion": ".".join(map(str, windows_file_version(INFO))),
        "AppExeName": bundle_executable(bundle).name,
        "BundleDir": str(bundle),
        "IconFile": str(INFO.windows_icon),
    }


def build_windows_installer(bundle: Path) -> Path:
    name = f"{INFO.app_id}-{INFO.version}-windows-setup"
    defines = [f"/D{key}={value}" for key, value in inno_defines(bundle).items()]
    with timed("Inno Setup installer"):
        run([iscc(), *defines, f"/O{DIST}", f"/F{name}", BUILD / "windows" / f"{INFO.app_id}.iss"])
    setup = DIST / f"{name}.exe"
    print(f"installer: {setup} ({mib(setup.stat().st_size)})")
    return setup


def check_windows(setup: Path) -> None:
    """Install silently for this user into a scratch folder, play a smoke game, uninstall."""
    with scratch_folder() as scratch:
        target = scratch / "installed"
        run([setup, "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", f"/DIR={target}"])
        executable = target / f"{INFO.app_id}.exe"
        assert_assets_in(target / "_internal" / "hearts_desktop" / "assets")
        assert_licences_in(target / "_internal")
        smoke_installed(target, executable, scratch, "installed setup")
        # The uninstaller copies itself elsewhere and returns at once: wait for the folder to go.
        run([target / "unins000.exe", "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"])
        deadline = time.monotonic() + 120
        while target.exists() and time.monotonic() < deadline:
            time.sleep(1)
        if target.exists():
            sys.exit(f"uninstalling left {sorted(files_under(target))[:10]}")
    print("check passed: installed, played a smoke game, uninstalled cleanly")


# ---------------------------------------------------------------------------- macOS


def app_bundle() -> Path:
    return DIST / f"{INFO.display_name}.app"


def run_with_retries(command: Sequence[str | Path], attempts: int = 5, pause_seconds: float = 10) -> None:
    """Run a command that fails now and then for reasons outside it, waiting longer after each failure.

    ``hdiutil create`` is one: on CI's Macs it fails at random with "Resource busy" while
    Spotlight or XProtect still hold the new image.
    """
    for attempt in range(1, attempts + 1):
        try:
            run(command)
            return
        except subprocess.CalledProcessError:
            if attempt == attempts:
                raise
            print(f"failed (attempt {attempt} of {attempts}); trying again in {pause_seconds * attempt:.0f} s")
            time.sleep(pause_seconds * attempt)


MACHO_THIN = {b"\xcf\xfa\xed\xfe": 32, b"\xce\xfa\xed\xfe": 28}  # 64- and 32-bit, little-endian: header size
FAT_MAGIC = {b"\xca\xfe\xba\xbe": 20, b"\xca\xfe\xba\xbf": 32}  # universal binaries: size of one slice entry
MOST_SLICES = 8  # more "slices" than that and it is no universal binary (a Java class starts the same way)
LC_VERSION_MIN_MACOSX = 0x24
LC_BUILD_VERSION = 0x32


def _macos_version(packed: int) -> tuple[int, int, int]:
    """Mach-O's xxxx.yy.zz nibbles as numbers."""
    return packed >> 16, (packed >> 8) & 0xFF, packed & 0xFF


def _thin_minimum(data: bytes, start: int) -> tuple[int, int, int] | None:
    header = MACHO_THIN.get(data[start:start + 4])
    if header is None:
        return None
    count = struct.unpack_from("<I", data, start + 16)[0]
    position = start + header
    for _ in range(count):
        command, size = struct.unpack_from("<II", data, position)
        if command in (LC_BUILD_VERSION, LC_VERSION_MIN_MACOSX):
            # LC_BUILD_VERSION: platform, then minos; LC_VERSION_MIN_MACOSX: the version first.
            offset = 12 if command == LC_BUILD_VERSION else 8
            return _macos_version(struct.unpack_from("<I", data, position + offset)[0])
        position += size
    return None


def macos_minimum_of(data: bytes) -> tuple[int, int, int] | None:
    """The newest macOS any architecture of a Mach-O file asks for (None: not Mach-O, or unsaid)."""
    entry = FAT_MAGIC.get(data[:4])
    if entry is None:
        return _thin_minimum(data, 0)
    count = struct.unpack_from(">I", data, 4)[0]
    if count > MOST_SLICES:
        return None
    starts = [(struct.unpack_from(">I", data, 8 + i * entry + 8)[0] if entry == 20
               else struct.unpack_from(">Q", data, 8 + i * entry + 8)[0]) for i in range(count)]
    found = [minimum for start in starts if (minimum := _thin_minimum(data, start)) is not None]
    return max(found, default=None)


def assert_minimum_macos(app: Path, declared: str) -> None:
    """No binary in the app needs a newer macOS than its LSMinimumSystemVersion says."""
    floor = tuple(int(part) for part in declared.split(".")) + (0,) * (3 - declared.count(".") - 1)
    newer = {}
    for path in app.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) not in {*MACHO_THIN, *FAT_MAGIC}:
                    continue
            needs = macos_minimum_of(path.read_bytes())
            if needs is not None and needs > floor:
                newer[str(path.relative_to(app))] = ".".join(map(str, needs))
    if newer:
        sys.exit(f"LSMinimumSystemVersion is {declared}, but these need a newer macOS: {sorted(newer.items())[:5]}")


def build_dmg(app: Path) -> Path:
    dmg = DIST / f"{INFO.app_id}-{INFO.version}-macos-{platform.machine()}.dmg"
    with tempfile.TemporaryDirectory(prefix="dmg-stage-") as tmp:
        stage = Path(tmp)
        shutil.copytree(app, stage / app.name, symlinks=True)
        (stage / "Applications").symlink_to("/Applications")  # drag the game onto this
        with timed("hdiutil .dmg"):
            run_with_retries(["hdiutil", "create", "-volname", INFO.display_name, "-srcfolder", stage,
                              "-fs", "HFS+", "-format", "UDZO", "-ov", dmg])
    print(f"disk image: {dmg} ({mib(dmg.stat().st_size)})")
    return dmg


def check_macos(dmg: Path) -> None:
    """Open the disk image, check the app's Info.plist, play a smoke game from it, eject."""
    with scratch_folder() as scratch:
        mount = scratch / "mnt"
        mount.mkdir()
        run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", mount, dmg])
        try:
            app = mount / app_bundle().name
            with (app / "Contents" / "Info.plist").open("rb") as handle:
                plist = plistlib.load(handle)
            if plist.get("CFBundleShortVersionString") != INFO.numeric_version:
                sys.exit(f"Info.plist has version {plist.get('CFBundleShortVersionString')}")
            if missing := sorted(set(macos_info_plist(INFO)) - set(plist)):
                sys.exit(f"Info.plist lacks {missing}")
            assert_minimum_macos(app, plist["LSMinimumSystemVersion"])
            assert_assets_in(app / "Contents" / "Frameworks" / "hearts_desktop" / "assets")  # sys._MEIPASS
            assert_licences_in(app / "Contents" / "Frameworks")
            smoke_installed(app, app / "Contents" / "MacOS" / INFO.app_id, scratch, ".app in the .dmg")
        finally:
            run(["hdiutil", "detach", mount])
    print("check passed: opened the disk image and played a smoke game from the app")


# ---------------------------------------------------------------------------- entry


def build_installers(bundle: Path) -> list[Path]:
    """This platform's installers from the bundle; the first is the one ``--check`` installs."""
    if sys.platform.startswith("linux"):
        appimage = build_appimage(bundle)
        return [build_deb(bundle), build_tarball(bundle), *([appimage] if appimage else [])]
    if sys.platform == "win32":
        return [build_windows_installer(bundle)]
    if sys.platform == "darwin":
        return [build_dmg(app_bundle())]
    sys.exit(f"no installer recipe for {sys.platform}")


def check_installers(installers: list[Path]) -> None:
    """Install (or open) what was built in a scratch place and play a smoke game from it."""
    if sys.platform.startswith("linux"):
        check_linux(installers[0])
        check_appimage(next((path for path in installers if path.suffix == ".AppImage"), None))
    else:
        {"win32": check_windows, "darwin": check_macos}[sys.platform](installers[0])


LOCK = BUILD / "requirements-lock.txt"


def copy_checkout(into: Path) -> None:
    """The checkout's files (tracked, or new and not ignored) as they are in the working tree, into ``into``."""
    tracked = run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                  capture_output=True).stdout.split("\0")
    for name in filter(None, tracked):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name, follow_symlinks=False)


def build_elsewhere(folder: Path) -> Path:
    """Install the compiled game with the locked tools into a new environment in ``folder`` and
    build the installers there from a copy of the checkout; return that copy's ``dist``.

    A second folder, a second environment and a second compile: whatever of the build
    machine's layout reaches the packages (a build ID that hashes the build folder's path,
    a pip RECORD) shows as a difference.
    """
    checkout = folder / "checkout"
    copy_checkout(checkout)
    environment = folder / "venv"
    run([sys.executable, "-m", "venv", environment])
    python = environment / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    # The same commit, so the same version (the copy has no git history to say it).
    env = dict(os.environ, PIP_CONSTRAINT=str(checkout / LOCK.relative_to(ROOT)), HEARTS_DESKTOP_COMMIT=COMMIT)
    with timed("second environment, compiled game installed"):
        subprocess.run([python, "-m", "pip", "install", "-q", ".[build]"], cwd=checkout, env=env, check=True)
    with timed("second build, in another folder"):
        subprocess.run([python, checkout / "build" / "make.py"], cwd=checkout, env=env, check=True)
    return checkout / "dist"


def package_members(package: Path) -> dict[str, str]:
    """``{member: sha256}`` of the files inside a .tar.gz or a .deb, to say where two differ."""
    if package.suffix == ".deb":
        data = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(package)], capture_output=True, check=True).stdout
        archive = tarfile.open(fileobj=io.BytesIO(data))
    else:
        archive = tarfile.open(package)
    with archive:
        return {member.name: hashlib.sha256(handle.read()).hexdigest() for member in archive.getmembers()
                if member.isfile() and (handle := archive.extractfile(member)) is not None}


def check_reproducible(first: list[Path]) -> None:
    """Build everything again from scratch in another folder and require the same bytes in every package."""
    if not sys.platform.startswith("linux"):
        sys.exit("--repro compares the .deb and .tar.gz: Windows and macOS installers carry their build time")
    before = {path.name: sha256_of(path) for path in first}
    kept = DIST / "second-build"  # the other folder's packages, kept to compare when they differ
    shutil.rmtree(kept, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="hearts-repro-") as elsewhere:
        shutil.copytree(build_elsewhere(Path(elsewhere)), kept, ignore=shutil.ignore_patterns(INFO.app_id, CHECKED))
    after = {path.name: sha256_of(path) for path in kept.iterdir()}
    print(f"first build in {ROOT}, second in another folder (SOURCE_DATE_EPOCH={os.environ['SOURCE_DATE_EPOCH']}):")
    for name, digest in sorted(before.items()):
        print(f"{digest}  {name}  {'same' if after.get(name) == digest else 'DIFFERS: ' + str(after.get(name))}")
        if name in after and after[name] != digest and name.endswith((".deb", ".tar.gz")):
            one, other = package_members(DIST / name), package_members(kept / name)
            differing = sorted(member for member in one.keys() | other.keys() if one.get(member) != other.get(member))
            print(f"  {len(differing)} files differ inside, e.g. {differing[:15]}")
    if before != after:
        sys.exit(f"two builds of the same commit in two folders differ (the second's packages: {kept})")
    shutil.rmtree(kept)
    print("reproducible: two builds in two folders gave byte-identical packages")


def write_checked(installers: list[Path]) -> Path:
    """``dist/checked.sha256``: the installers that were installed and played, as ``sha256sum``
    writes them. The release takes only files listed here with these bytes (build/release.py)."""
    checked = DIST / CHECKED
    checked.write_text("".join(f"{sha256_of(path)}  {path.name}\n" for path in installers), encoding="utf-8")
    return checked


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/make.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="then install what was built in a scratch place, play a smoke game, remove it")
    parser.add_argument("--repro", action="store_true",
                        help="then build again from scratch and fail unless the packages are byte-identical")
    parser.add_argument("--reuse-bundle", action="store_true",
                        help="package the bundle already in dist/ instead of running PyInstaller")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    make_reproducible()
    bundle = DIST / INFO.app_id if args.reuse_bundle else build_bundle()
    with scratch_folder() as scratch:
        run_smoke([bundle_executable(bundle)], scratch, "bundle")  # before packing it
    assert_speaks_its_languages(bundle_executable(bundle))
    installers = build_installers(bundle)
    (DIST / CHECKED).unlink(missing_ok=True)  # what an earlier --check vouched for is not this build
    if args.check:
        check_installers(installers)
        print(f"checked: {write_checked(installers)}")
    if args.repro:
        check_reproducible(installers)
    print(f"done in {time.perf_counter() - start:.1f} s: "
          + ", ".join(f"{step} {seconds:.1f} s" for step, seconds in timings.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
