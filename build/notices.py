"""The licence texts that travel with the bundle: one folder, ``licenses/``, inside it.

Gathered when the bundle is built, so they are those of what is actually bundled:

- ``hearts-desktop/``: the game's own MIT licence and THIRD_PARTY_NOTICES.md (card art, fonts, sounds);
- ``python/``: Python's licence (PSF), from the Python that runs PyInstaller;
- ``DIST-VERSION/``: each runtime dependency's licence files, found through
  ``importlib.metadata`` (pygame-ce's LGPL, pygame_gui's and the OFL of its fonts, platformdirs, ...);
  a dependency without one stops the build;
- ``native/``: the C libraries inside pygame-ce's wheel (SDL and its image, sound and font
  libraries) and those Python links (OpenSSL, libffi, zlib, ...). Wheels carry no licence
  for these, so ``build/licenses/native/`` keeps their Debian ``copyright`` files (which quote
  each upstream licence), with the full texts they refer to in ``build/licenses/common/``.
  ``make.py --check`` fails if the bundle holds a library that no text there covers.
"""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import sys
import sysconfig
from pathlib import Path

from packaging.requirements import Requirement

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appinfo import NOTICES, ROOT, app_info  # modules beside this script

KEPT_TEXTS = ROOT / "build" / "licenses"
FOLDER = "licenses"  # in the bundle, beside the program's other data
SOURCES = "SOURCES.md"  # in FOLDER: where the LGPL components' source is, and the written offer
_LICENCE_FILE = re.compile(r"(licen[cs]e|copying|notice|^l?gpl)", re.IGNORECASE)
_TEXT_SUFFIXES = {"", ".txt", ".md", ".rst"}

# A bundled library's file name (Linux, or a Windows DLL) -> its text in build/licenses/native.
NATIVE_LIBRARIES: dict[str, re.Pattern[str]] = {
    component: re.compile(pattern) for component, pattern in {
        "SDL2": r"^(lib)?SDL2[-.]",
        "SDL2_image": r"^(lib)?SDL2_image",
        "SDL2_mixer": r"^(lib)?SDL2_mixer",
        "SDL2_ttf": r"^(lib)?SDL2_ttf",
        "FLAC": r"^libFLAC[-.]",
        "fluidsynth": r"^libfluidsynth[-.]",
        "mpg123": r"^libmpg123[-.]",
        "libogg": r"^libogg[-.]",
        "opus": r"^libopus[-.]",
        "opusfile": r"^libopusfile[-.]",
        "libsndfile": r"^libsndfile[-.]",
        "libvorbis": r"^libvorbis(enc|file)?[-.]",
        "wavpack": r"^libwavpack[-.]",
        "libxmp": r"^libxmp[-.]",
        "brotli": r"^libbrotli(common|dec|enc)[-.]",
        "freetype": r"^libfreetype[-.]",
        "harfbuzz": r"^libharfbuzz[-.]",
        "libjpeg-turbo": r"^libjpeg[-.]",
        "libpng": r"^libpng16[-.]",
        "libtiff": r"^libtiff[-.]",
        "libwebp": r"^lib(webp|webpdemux|webpmux|sharpyuv)[-.]",
        "openssl": r"^lib(ssl|crypto)[-.]",
        "libffi": r"^libffi[-.]",
        "zlib": r"^(libz|zlib1)[-.]",
        "bzip2": r"^libbz2[-.]",
        "xz": r"^liblzma[-.]",
        "util-linux-libuuid": r"^libuuid[-.]",
    }.items()
}
# Python's own shared library: its licence is the PSF one in python/.
_PYTHON_LIBRARY = re.compile(r"^(libpython3|python3)")

# Each bundled component's licence, as Debian's copyright format names it (DEP-5 short names):
# what the .deb's copyright file says of its files. The C libraries' are those of the library
# itself, from the Debian copyright file kept for it in build/licenses/native (whose first
# paragraph can be the whole source package's: FLAC's tools are GPL, libFLAC is BSD).
NATIVE_LICENCES = {
    "SDL2": "Zlib", "SDL2_image": "Zlib", "SDL2_mixer": "Zlib", "SDL2_ttf": "Zlib",
    "FLAC": "BSD-3-clause", "fluidsynth": "LGPL-2.1+", "mpg123": "LGPL-2.1", "libogg": "BSD-3-clause",
    "opus": "BSD-3-clause", "opusfile": "BSD-3-clause", "libsndfile": "LGPL-2.1+", "libvorbis": "BSD-3-clause",
    "wavpack": "BSD-3-clause", "libxmp": "LGPL-2.1+", "brotli": "Expat", "freetype": "FTL or GPL-2+",
    "harfbuzz": "MIT", "libjpeg-turbo": "IJG and BSD-3-clause and Zlib", "libpng": "libpng", "libtiff": "libtiff",
    "libwebp": "BSD-3-clause", "openssl": "Apache-2.0", "libffi": "Expat", "zlib": "Zlib", "bzip2": "bzip2-1.0.6",
    "xz": "PD", "util-linux-libuuid": "BSD-3-clause",
}
# The Python packages the game runs with (their licence files are in licenses/NAME-VERSION/);
# a test fails when a runtime dependency is missing here.
PYTHON_LICENCES = {
    "babel": "BSD-3-clause", "filelock": "Expat", "ifaddr": "Expat", "msgspec": "BSD-3-clause", "platformdirs": "Expat",
    "pygame-ce": "LGPL-2.1", "pygame-gui": "Expat", "python-i18n": "Expat", "websockets": "BSD-3-clause",
    "zeroconf": "LGPL-2.1+",
}
# Where each package's source is, for the LGPL's sake (SOURCES.md, below).
PYPI_SOURCE = "https://pypi.org/project/{name}/{version}/#files"
PYGAME_BUILD_RECIPES = "https://github.com/pygame-community/pygame-ce/tree/{version}/buildconfig"


def canonical(name: str) -> str:
    return name.lower().replace("_", "-")


def is_lgpl(licence: str) -> bool:
    return "LGPL" in licence


def sources_text(distributions: list[importlib.metadata.Distribution]) -> str:
    """SOURCES.md for the bundle: where the source of every LGPL component is, and the offer.

    The LGPL lets the game ship these libraries compiled if their source stays available to
    whoever has the game: each is named with its version and where its exact source is, and
    the maintainers offer the source itself for three years after each release. They are
    separate files in the bundle (shared libraries and Python packages), so a player can
    replace any of them with a version of their own.
    """
    versions = {canonical(d.metadata["Name"]): d.version for d in distributions}
    pygame = versions.get("pygame-ce", "")
    lines = [
        "# The source of the LGPL components in this copy of Hearts Desktop",
        "",
        "These parts of the game are under the GNU Lesser General Public License (LGPL; its",
        "text is in `common/LGPL-2.1.txt`). Each is a separate file or folder of the game",
        "(a Python package or a shared library), which you may replace with your own build.",
        "",
    ]
    for name in sorted(versions):
        if is_lgpl(PYTHON_LICENCES.get(name, "")):
            url = PYPI_SOURCE.format(name=name, version=versions[name])
            lines.append(f"- {name} {versions[name]} ({PYTHON_LICENCES[name]}): the source is on PyPI, {url}")
    for component, licence in sorted(NATIVE_LICENCES.items()):
        if is_lgpl(licence):
            lines.append(f"- {component} ({licence}), inside pygame-ce's wheel: the versions, the addresses "
                         f"and the checksums of its source are in pygame-ce {pygame}'s build recipes, "
                         f"{PYGAME_BUILD_RECIPES.format(version=pygame)}")
    lines += [
        "",
        "Written offer: for three years after each release of Hearts Desktop, its maintainers",
        f"({app_info().maintainer}) will send anyone who asks the complete source code of",
        "these components, as they are in that release, for no more than the cost of sending it.",
        f"Ask through {app_info().homepage}/issues or by e-mail.",
        "",
    ]
    return "\n".join(lines)


def _applies(requirement: Requirement, extra: str) -> bool:
    """Whether a requirement holds here: on this platform, and for ``extra`` when it is an extra's."""
    return requirement.marker is None or requirement.marker.evaluate({"extra": extra})


def runtime_distributions(extra: str = "") -> list[importlib.metadata.Distribution]:
    """The installed distributions the game needs at run time: its dependencies and theirs
    (with ``extra``, also those of that extra of the game's, e.g. ``build``)."""
    found: dict[str, importlib.metadata.Distribution] = {}
    direct = map(Requirement, importlib.metadata.requires(app_info().app_id) or [])
    waiting = [requirement for requirement in direct if _applies(requirement, extra)]
    while waiting:
        distribution = importlib.metadata.distribution(waiting.pop().name)
        key = distribution.metadata["Name"].lower().replace("_", "-")
        if key not in found:
            found[key] = distribution
            waiting.extend(requirement for requirement in map(Requirement, distribution.requires or [])
                           if _applies(requirement, ""))
    return [found[key] for key in sorted(found)]


def licence_files(distribution: importlib.metadata.Distribution) -> list[Path]:
    """The licence texts a distribution installed (its metadata's and any shipped beside its code)."""
    files = [Path(str(distribution.locate_file(entry))) for entry in distribution.files or []
             if _LICENCE_FILE.search(entry.name) and Path(entry.name).suffix.lower() in _TEXT_SUFFIXES]
    return sorted({path for path in files if path.is_file()})


def python_licence() -> Path:
    """Python's LICENSE.txt: in the standard library's folder on Linux and macOS, the prefix on Windows."""
    for candidate in [Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"]:
        if candidate.is_file():
            return candidate
    raise SystemExit(f"Python's LICENSE.txt is not under {sys.base_prefix}: the bundle cannot ship Python's licence")


def gather(into: Path) -> Path:
    """Lay out the ``licenses`` folder under ``into`` (emptied first); fail if a text is missing."""
    shutil.rmtree(into, ignore_errors=True)
    own = into / app_info().app_id
    own.mkdir(parents=True)
    shutil.copy(ROOT / "LICENSE", own)
    shutil.copy(NOTICES, own)
    (into / "python").mkdir()
    shutil.copy(python_licence(), into / "python" / "LICENSE.txt")
    for distribution in runtime_distributions():
        texts = licence_files(distribution)
        if not texts:
            raise SystemExit(f"{distribution.metadata['Name']} installed no licence file: "
                             "its licence text must ship with the bundle")
        folder = into / f"{distribution.metadata['Name']}-{distribution.version}"
        folder.mkdir()
        for text in texts:
            shutil.copy(text, folder / text.name)
    bootloader = pyinstaller_distribution()
    if bootloader is not None:  # the program's executable is PyInstaller's bootloader
        folder = into / f"{bootloader.metadata['Name']}-{bootloader.version}"
        folder.mkdir()
        for text in licence_files(bootloader):
            shutil.copy(text, folder / text.name)
    shutil.copytree(KEPT_TEXTS / "native", into / "native")
    shutil.copytree(KEPT_TEXTS / "common", into / "common")
    (into / SOURCES).write_text(sources_text(runtime_distributions()), encoding="utf-8")
    return into


def pyinstaller_distribution() -> importlib.metadata.Distribution | None:
    """PyInstaller, where it is installed: the bundle's executable is its bootloader (GPL-2.0
    or later, with an exception that lets programs ship it), whose licence travels too."""
    try:
        return importlib.metadata.distribution("pyinstaller")
    except importlib.metadata.PackageNotFoundError:
        return None


def uncovered_libraries(library_names: list[str]) -> list[str]:
    """The bundled libraries (file names) whose licence no text in ``native/`` covers."""
    return sorted({name for name in library_names if not _PYTHON_LIBRARY.match(name)
                   and not any(pattern.match(name) for pattern in NATIVE_LIBRARIES.values())})


def missing_in(licenses: Path) -> list[str]:
    """What a bundle's ``licenses`` folder lacks: a runtime dependency's folder, Python's, a native text."""
    bootloader = pyinstaller_distribution()
    expected = [app_info().app_id, "python", SOURCES,
                *(f"{d.metadata['Name']}-{d.version}" for d in runtime_distributions()),
                *([f"{bootloader.metadata['Name']}-{bootloader.version}"] if bootloader else []),
                *(f"native/{component}.txt" for component in NATIVE_LIBRARIES)]
    return [name for name in expected if not (licenses / name).exists()
            or ((licenses / name).is_dir() and not any((licenses / name).iterdir()))]
