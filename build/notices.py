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
    shutil.copytree(KEPT_TEXTS / "native", into / "native")
    shutil.copytree(KEPT_TEXTS / "common", into / "common")
    return into


def uncovered_libraries(library_names: list[str]) -> list[str]:
    """The bundled libraries (file names) whose licence no text in ``native/`` covers."""
    return sorted({name for name in library_names if not _PYTHON_LIBRARY.match(name)
                   and not any(pattern.match(name) for pattern in NATIVE_LIBRARIES.values())})


def missing_in(licenses: Path) -> list[str]:
    """What a bundle's ``licenses`` folder lacks: a runtime dependency's folder, Python's, a native text."""
    expected = [app_info().app_id, "python",
                *(f"{d.metadata['Name']}-{d.version}" for d in runtime_distributions()),
                *(f"native/{component}.txt" for component in NATIVE_LIBRARIES)]
    return [name for name in expected if not (licenses / name).exists()
            or ((licenses / name).is_dir() and not any((licenses / name).iterdir()))]
