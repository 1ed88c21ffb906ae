"""What the bundle and installers say about the program, read from the package and pyproject.

``packaging.spec`` and ``make.py`` both import this, so the executable's name, the version
on every installer and the list of shipped data files each have one source: the package's
``__version__`` and ``pyproject.toml``. The data files are the ones pyproject's package-data
ships in a wheel, so a pip-installed game and a frozen one carry the same assets.
"""

from __future__ import annotations

import re
import shutil
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_version import build_version, commit_of, numeric_version  # a module beside this script

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
ASSETS_PACKAGE = "hearts_desktop.assets"
ICONS = ASSETS / "icon"
NOTICES = ROOT / "THIRD_PARTY_NOTICES.md"
CATALOGUE_SCRATCH = ROOT / ".pyinstaller" / "catalogues"
"""Where a build compiles the translations it bundles (PyInstaller's scratch folder, ignored by git)."""
LINUX = ROOT / "build" / "linux"
_GITHUB_HOMEPAGE = re.compile(r"^https://github\.com/(?P<owner>[a-z0-9-]+)/[A-Za-z0-9._-]+$")
_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.MULTILINE)
# The oldest macOS the app says it runs on (LSMinimumSystemVersion): every Apple-silicon Mac,
# and the Intel Macs of 2013 on. make.py --check on a Mac fails if a binary in the bundle
# (Python, pygame-ce's SDL, the wheels' modules) was built for a newer one.
MACOS_MINIMUM = "11.0"
# The Bonjour service type the LAN table advertises and browses (hearts_desktop/net/discovery.py's
# SERVICE without its ".local." domain; a test holds the two together). macOS 15 and later ask
# before a program browses for it, and only if the app declares it in NSBonjourServices.
BONJOUR_SERVICE = "_hearts-desktop._tcp"
# The languages the game has catalogues for, as macOS names them (pt-BR, not pt_BR): English,
# then every folder of assets/locale.
MACOS_LOCALIZATIONS = ("en", *sorted(p.name.replace("_", "-") for p in (ASSETS / "locale").iterdir() if p.is_dir()))


@dataclass(frozen=True)
class AppInfo:
    app_id: str  # the command, the executable, the Debian package and the /opt folder
    display_name: str  # menus, window titles, the macOS .app
    # What the built program says and the files are named by: __version__, and between
    # releases the commit too (build/build_version.py), as setup.py installs it.
    version: str
    summary: str  # one line of at most 80 characters: the .deb's synopsis
    # The reverse-DNS id (io.github.OWNER.HeartsDesktop) of the menu entry, the icon, the
    # AppStream metainfo, the Flatpak and the macOS bundle alike.
    component_id: str
    homepage: str
    maintainer: str  # "Name <address>"

    def icon(self, size: int) -> Path:
        return ICONS / f"{self.app_id}-{size}.png"

    @property
    def desktop_entry(self) -> Path:
        return LINUX / f"{self.component_id}.desktop"

    @property
    def metainfo(self) -> Path:
        return LINUX / f"{self.component_id}.metainfo.xml"

    @property
    def windows_icon(self) -> Path:
        return ICONS / f"{self.app_id}.ico"

    @property
    def macos_icon(self) -> Path:
        return ICONS / f"{self.app_id}.icns"

    @property
    def numeric_version(self) -> str:
        """MAJOR.MINOR.PATCH alone: what Windows' file versions and macOS's bundle versions hold."""
        return ".".join(map(str, numeric_version(self.version)))


@lru_cache(maxsize=1)
def pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _project_table() -> dict[str, object]:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    return project


@lru_cache(maxsize=1)
def app_info() -> AppInfo:
    """The program's names and version; the version is read from the package's source."""
    project = _project_table()
    app_id = str(project["name"])
    found = _VERSION.search((ROOT / "hearts_desktop" / "__init__.py").read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit("hearts_desktop/__init__.py has no __version__ = \"...\" line")
    display_name = app_id.replace("-", " ").title()
    urls = project["urls"]
    assert isinstance(urls, dict)
    homepage = str(urls["Homepage"])
    on_github = _GITHUB_HOMEPAGE.match(homepage)
    if on_github is None:
        raise SystemExit(f"the Homepage {homepage!r} is not a GitHub project: no io.github id can be made from it")
    maintainer = project["maintainers"][0]  # type: ignore[index]
    return AppInfo(
        app_id=app_id,
        display_name=display_name,
        version=build_version(found.group(1), commit_of(ROOT)),
        summary=str(project["description"]),
        component_id=f"io.github.{on_github['owner']}.{display_name.replace(' ', '')}",
        homepage=homepage,
        maintainer=f"{maintainer['name']} <{maintainer['email']}>",
    )


def macos_info_plist(info: AppInfo) -> dict[str, object]:
    """Info.plist of the macOS app (packaging.spec's BUNDLE): names, version, and what macOS asks
    of a program that plays on the local network: without NSLocalNetworkUsageDescription and
    its Bonjour service type, macOS 15 and later block hosting and joining without a word."""
    return {
        "CFBundleDisplayName": info.display_name,
        "CFBundleName": info.display_name,
        # The languages the game speaks, so macOS shows its menus and dialogs in the player's.
        "CFBundleDevelopmentRegion": "en",
        "CFBundleLocalizations": list(MACOS_LOCALIZATIONS),
        "CFBundleShortVersionString": info.numeric_version,
        "CFBundleVersion": info.numeric_version,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "MIT License; card art CC0, fonts under the Bitstream Vera license",
        # What macOS shows when the player first hosts or joins a table.
        "NSLocalNetworkUsageDescription": (f"{info.display_name} finds and joins the card tables your friends "
                                           "host on this network, and lets them join yours."),
        "NSBonjourServices": [BONJOUR_SERVICE],
    }


def windows_file_version(info: AppInfo) -> tuple[int, int, int, int]:
    """Windows' four-number file version: the release a build leads to, then 0."""
    return (*numeric_version(info.version), 0)


def windows_version_resource(info: AppInfo) -> Any:
    """The executable's Windows version resource (PyInstaller's VSVersionInfo): file and product
    version as four numbers, with the whole version as text; without it Windows shows none."""
    from PyInstaller.utils.win32 import versioninfo as vi  # only where PyInstaller builds the bundle

    numbers = windows_file_version(info)
    strings = [vi.StringStruct("CompanyName", "Hearts Desktop developers"),
               vi.StringStruct("FileDescription", info.display_name),
               vi.StringStruct("FileVersion", info.version),
               vi.StringStruct("InternalName", info.app_id),
               vi.StringStruct("OriginalFilename", f"{info.app_id}.exe"),
               vi.StringStruct("ProductName", info.display_name),
               vi.StringStruct("ProductVersion", info.version)]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[vi.StringFileInfo([vi.StringTable("040904B0", strings)]),  # US English, Unicode
              vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])])])


def shipped_assets() -> list[Path]:
    """Every file under assets/ that pyproject's package-data puts in the installed package."""
    tool = pyproject()["tool"]
    assert isinstance(tool, dict)
    patterns = tool["setuptools"]["package-data"][ASSETS_PACKAGE]
    files = {path for pattern in patterns for path in ASSETS.glob(pattern) if path.is_file()}
    return sorted(files)


def bundle_datas(catalogues: Path = CATALOGUE_SCRATCH) -> list[tuple[str, str]]:
    """PyInstaller ``datas``: each shipped asset into the folder resources.py looks in, plus notices.

    The translations go compiled from the ``.po`` files of this checkout (into ``catalogues``,
    emptied first), as ``pip install .`` compiles them: a checkout holds no ``.mo``, and one
    left by an earlier ``catalogues.py compile`` may be stale."""
    from catalogues import LOCALE, compile_into  # beside this

    target = Path(*ASSETS_PACKAGE.split("."))
    datas = [(str(path), str(target / path.parent.relative_to(ASSETS))) for path in shipped_assets()
             if path.suffix != ".mo"]
    shutil.rmtree(catalogues, ignore_errors=True)
    for compiled in compile_into(catalogues):
        folder = LOCALE / compiled.parent.relative_to(catalogues)
        datas.append((str(compiled), str(target / folder.relative_to(ASSETS))))
    datas.append((str(NOTICES), "."))
    return datas



BABEL_LOCALE_DATA = re.compile(r"^babel[\\/]locale-data[\\/](?P<name>[^\\/]+)\.dat$")
"""A file of Babel's CLDR data as PyInstaller bundles it: 32 MB in 1,149 files, of which the
game's languages read 14 (each language, the locales it inherits from, and root)."""


def babel_locales_read(codes: Iterable[str]) -> frozenset[str]:
    """The Babel locale-data files (names without ``.dat``) that the languages ``codes`` read:
    each and every locale it inherits from, as Babel loads them (``pt_BR`` reads ``pt``,
    ``en_GB`` reads ``en_001``, CLDR's exception, then ``en``), and ``root``."""
    from babel.core import get_global

    exceptions = get_global("parent_exceptions")
    names = {"root"}
    for code in codes:
        name = code
        while name not in names:
            names.add(name)
            name = exceptions.get(name) or "_".join(name.split("_")[:-1]) or "root"
    return frozenset(names)


def without_unread_locale_data(datas: Iterable[tuple[str, str, str]], codes: Iterable[str]) -> list[tuple[str, str, str]]:
    """PyInstaller's data entries without the Babel locale data no shipped language reads."""
    kept = babel_locales_read(codes)
    return [entry for entry in datas
            if (found := BABEL_LOCALE_DATA.match(entry[0])) is None or found["name"] in kept]
