"""What the bundle and installers say about the program, read from the package and pyproject.

``packaging.spec`` and ``make.py`` both import this, so the executable's name, the version
on every installer and the list of shipped data files each have one source: the package's
``__version__`` and ``pyproject.toml``. The data files are the ones pyproject's package-data
ships in a wheel, so a pip-installed game and a frozen one carry the same assets.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
ASSETS_PACKAGE = "hearts_desktop.assets"
ICONS = ASSETS / "icon"
NOTICES = ROOT / "THIRD_PARTY_NOTICES.md"
LINUX = ROOT / "build" / "linux"
_GITHUB_HOMEPAGE = re.compile(r"^https://github\.com/(?P<owner>[a-z0-9-]+)/[A-Za-z0-9._-]+$")
_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.MULTILINE)


@dataclass(frozen=True)
class AppInfo:
    app_id: str  # the command, the executable, the Debian package and the /opt folder
    display_name: str  # menus, window titles, the macOS .app
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
        version=found.group(1),
        summary=str(project["description"]),
        component_id=f"io.github.{on_github['owner']}.{display_name.replace(' ', '')}",
        homepage=homepage,
        maintainer=f"{maintainer['name']} <{maintainer['email']}>",
    )


def shipped_assets() -> list[Path]:
    """Every file under assets/ that pyproject's package-data puts in the installed package."""
    tool = pyproject()["tool"]
    assert isinstance(tool, dict)
    patterns = tool["setuptools"]["package-data"][ASSETS_PACKAGE]
    files = {path for pattern in patterns for path in ASSETS.glob(pattern) if path.is_file()}
    return sorted(files)


def bundle_datas() -> list[tuple[str, str]]:
    """PyInstaller ``datas``: each shipped asset into the folder resources.py looks in, plus notices."""
    target = Path(*ASSETS_PACKAGE.split("."))
    datas = [(str(path), str(target / path.parent.relative_to(ASSETS))) for path in shipped_assets()]
    datas.append((str(NOTICES), "."))
    return datas

