"""What the build recipes promise beyond the Linux packages: the same compiled modules from any
folder, the compiler pinned, the macOS app's Info.plist and its oldest macOS, Windows' file
versions, the wheels for PyPI and their README, and the note the first install prints."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hearts_desktop.net import discovery
from tests.build_scripts import ROOT, appinfo, compiled_build, flatpak, long_description, make, release

INFO = appinfo.app_info()


# ---------------------------------------------------------------------------- the compiled build


def build_id(library: Path) -> str:
    notes = subprocess.run(["readelf", "-n", str(library)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"Build ID: ([0-9a-f]+)", notes)
    assert found, notes
    return found[1]


def compile_in(folder: Path, flags: list[str]) -> Path:
    """A small C module built as setuptools builds one: with debug information, in ``folder``."""
    folder.mkdir(parents=True)
    (folder / "module.c").write_text('#include "runtime.h"\nint twice(int x) { return helper(x) * 2; }\n')
    (folder / "lib").mkdir()
    (folder / "lib" / "runtime.h").write_text("static inline int helper(int x) { return x + 1; }\n")
    subprocess.run(["gcc", "-g", "-O2", "-fPIC", "-shared", "-Ilib", *flags, "module.c", "-o", "module.so"],
                   cwd=folder, check=True)
    return folder / "module.so"


@pytest.mark.skipif(not (shutil.which("gcc") and shutil.which("readelf")), reason="needs gcc and readelf")
def test_the_compiler_flags_keep_the_build_folder_out_of_the_compiled_modules(tmp_path: Path) -> None:
    """Two folders give two build IDs without the flags (a different .deb, as issue 45 found),
    and the same bytes with them: the source tree and mypyc's runtime are named, not placed."""
    first, second = tmp_path / "one" / "checkout", tmp_path / "elsewhere" / "another checkout"
    assert build_id(compile_in(first / "plain", [])) != build_id(compile_in(second / "plain", []))

    def flagged(folder: Path) -> list[str]:
        flags: list[str] = compiled_build.folder_independent_flags({str(folder): ".", str(folder / "lib"): "mypyc"})
        return flags

    one = compile_in(first / "flagged", flagged(first / "flagged"))
    other = compile_in(second / "flagged", flagged(second / "flagged"))
    assert build_id(one) == build_id(other) and one.read_bytes() == other.read_bytes()
    assert str(tmp_path).encode() not in one.read_bytes()


def test_the_build_names_the_source_tree_and_mypyc_s_runtime_by_fixed_names() -> None:
    import mypyc

    folders = compiled_build.build_folders(ROOT)
    assert folders == {str(ROOT.resolve()): ".", str(Path(mypyc.__file__).resolve().parent): "mypyc"}
    assert compiled_build.folder_independent_flags(folders) == [
        f"-ffile-prefix-map={ROOT.resolve()}=.", f"-ffile-prefix-map={Path(mypyc.__file__).resolve().parent}=mypyc"]
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "folder_independent_flags(build_folders(HERE))" in setup and 'compiler_type == "unix"' in setup


def test_the_compiler_of_the_engine_is_pinned_in_the_lock_and_asked_for_exactly(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = flatpak.pinned_versions()
    assert compiled_build.MYPYC == f"mypy=={locked['mypy']}"
    monkeypatch.setattr(compiled_build.build_meta, "get_requires_for_build_wheel", lambda settings: ["wheel"])
    monkeypatch.delenv(compiled_build.PURE_VARIABLE, raising=False)
    assert compiled_build.get_requires_for_build_wheel(None) == ["wheel", compiled_build.MYPYC]
    monkeypatch.setenv(compiled_build.PURE_VARIABLE, "1")
    assert compiled_build.get_requires_for_build_wheel(None) == ["wheel"]
    # What mypy needs to run is pinned too, and setuptools at a version pyproject's build accepts.
    assert {"mypy-extensions", "typing-extensions", "pathspec", "librt", "ast-serialize", "setuptools"} <= set(locked)
    assert int(locked["setuptools"].split(".")[0]) >= 68


def test_the_first_install_says_on_the_terminal_that_it_compiles(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = tmp_path / "tty"
    assert compiled_build.tell_the_terminal("compiling", str(terminal))
    assert terminal.read_text() == "\ncompiling\n"
    assert not compiled_build.tell_the_terminal("compiling", str(tmp_path / "no such folder" / "tty"))
    told: list[str] = []

    def build(*args: object) -> str:
        told.append("built")
        return "x.whl"

    monkeypatch.setattr(compiled_build, "tell_the_terminal", told.append)
    monkeypatch.setattr(compiled_build.build_meta, "build_wheel", build)
    monkeypatch.delenv(compiled_build.PURE_VARIABLE, raising=False)
    assert compiled_build.build_wheel(str(tmp_path)) == "x.whl"
    assert told == [compiled_build.COMPILING, "built"]  # before the two minutes, not after
    assert "two minutes" in compiled_build.COMPILING and compiled_build.PURE_VARIABLE in compiled_build.COMPILING
    monkeypatch.setenv(compiled_build.PURE_VARIABLE, "1")
    told.clear()
    compiled_build.build_wheel(str(tmp_path))
    assert told == ["built"]  # nothing to wait for


# ---------------------------------------------------------------------------- PyPI


def test_pypi_shows_the_readme_with_every_link_and_picture_absolute() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = long_description.absolute_links(readme, INFO.homepage, "1.2.0")
    targets = re.findall(r"\]\(([^)\s]+)\)", shown)
    assert targets and all(re.match(r"https://", target) for target in targets), targets
    assert "](https://raw.githubusercontent.com/heartsdesktop/hearts-desktop/v1.2.0/docs/screenshots/table.png)" in shown
    assert "](https://github.com/heartsdesktop/hearts-desktop/blob/v1.2.0/docs/network.md#security)" in shown
    between = long_description.absolute_links("[the manual](docs/playing.md)", INFO.homepage, "1.3.0.dev0+g1a2b3c4")
    assert between == "[the manual](https://github.com/heartsdesktop/hearts-desktop/blob/main/docs/playing.md)"
    assert long_description.absolute_links("[x](https://pipx.pypa.io) [y](#how-to-play)", INFO.homepage,
                                           "1.2.0") == "[x](https://pipx.pypa.io) [y](#how-to-play)"


def test_the_sdist_carries_every_build_module_setup_py_imports() -> None:
    """setuptools leaves its scratch folder out of an sdist; with build/ as that folder the
    sdist lacked the build backend and no wheel could be built from it (check-sdist found it)."""
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    imported = set(re.findall(r"^from (\w+) import", setup, re.MULTILINE))
    beside = {name for name in imported if (ROOT / "build" / f"{name}.py").is_file()}
    backend = appinfo.pyproject()["build-system"]["build-backend"]
    assert {backend, "build_version", "long_description"} <= beside | {backend}
    assert {f"include build/{name}.py" for name in beside | {backend}} <= set(manifest)
    base = re.search(r'^BUILD_BASE = "([^"]+)"', setup, re.MULTILINE)
    assert base and base[1] != "build" and '"build_base": BUILD_BASE' in setup
    assert "prune tests" in manifest and "prune benchmarks" in manifest  # tools beside the game


def fake_wheel(folder: Path, name: str, members: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / name, "w") as archive:
        for member in members:
            archive.writestr(member, b"")
    return folder / name


COMPILED_MEMBERS = ["hearts_desktop/__init__.py", "hearts_desktop/engine/hand.py",
                    "hearts_desktop/engine/hand.cpython-312-x86_64-linux-gnu.so",
                    "hearts_desktop__mypyc.cpython-312-x86_64-linux-gnu.so"]


def test_a_wheel_for_pypi_must_hold_the_compiled_engine_and_no_benchmarks(tmp_path: Path) -> None:
    good = fake_wheel(tmp_path, "a.whl", COMPILED_MEMBERS)
    assert release.wheel_problems(good) == []
    pure = fake_wheel(tmp_path, "pure.whl", ["hearts_desktop/__init__.py", "hearts_desktop/engine/hand.py"])
    assert len(release.wheel_problems(pure)) == 2
    benched = fake_wheel(tmp_path, "bench.whl", [*COMPILED_MEMBERS, "benchmarks/arena.py"])
    assert release.wheel_problems(benched) == ["bench.whl: carries benchmarks or tests"]


def test_pypi_gets_the_checked_sdist_and_one_compiled_wheel_per_python_and_system(tmp_path: Path) -> None:
    artifacts = tmp_path / "artifacts"
    sdist = release.sdist_name(INFO.app_id, "1.2.0")
    (artifacts / "sdist").mkdir(parents=True)
    (artifacts / "sdist" / sdist).write_bytes(b"sdist")
    (artifacts / "sdist" / release.CHECKED).write_text(f"{release.sha256_of(artifacts / 'sdist' / sdist)}  {sdist}\n")
    platforms = {"wheels-ubuntu-22.04": ["manylinux2014_x86_64.manylinux_2_17_x86_64"],  # as auditwheel names it
                 "wheels-windows-2022": ["win_amd64"], "wheels-macos-15": ["macosx_11_0_arm64"],
                 "wheels-macos-15-intel": ["macosx_11_0_x86_64"]}
    for artifact, tags in platforms.items():
        for python in release.WHEEL_PYTHONS:
            for tag in tags:
                fake_wheel(artifacts / artifact, f"hearts_desktop-1.2.0-{python}-{python}-{tag}.whl", COMPILED_MEMBERS)
    files = release.pypi_files(artifacts, INFO.app_id, "1.2.0")
    assert len(files) == 1 + 4 * len(release.WHEEL_PYTHONS) and files[0].name == sdist
    (artifacts / "wheels-macos-15" / "hearts_desktop-1.2.0-cp311-cp311-macosx_11_0_arm64.whl").unlink()
    with pytest.raises(SystemExit, match=r"cp311 on macosx_\\d\+_\\d\+_arm64: 0 wheels"):
        release.pypi_files(artifacts, INFO.app_id, "1.2.0")


def test_the_wheels_are_built_compiled_tested_compiled_and_for_every_supported_python() -> None:
    config = appinfo.pyproject()["tool"]["cibuildwheel"]
    assert config["environment"]["HEARTS_DESKTOP_REQUIRE_COMPILED"] == "1"
    assert config["test-environment"]["HEARTS_DESKTOP_EXPECT_BUILD"] == "compiled"
    assert "tests/test_build_kind.py" in config["test-command"] and "-P" in config["test-command"]
    assert config["build"].split() == [f"{python}-*" for python in release.WHEEL_PYTHONS]
    requires = appinfo.pyproject()["project"]["requires-python"]
    assert requires == ">=3.11" and release.WHEEL_PYTHONS[0] == "cp311"
    assert config["macos"]["environment"]["MACOSX_DEPLOYMENT_TARGET"] == appinfo.MACOS_MINIMUM


# ---------------------------------------------------------------------------- macOS and Windows


def test_the_mac_app_declares_the_local_network_its_bonjour_service_and_its_oldest_macos() -> None:
    plist = appinfo.macos_info_plist(INFO)
    assert discovery.SERVICE == f"{appinfo.BONJOUR_SERVICE}.local."  # what the game advertises and browses
    assert plist["NSBonjourServices"] == [appinfo.BONJOUR_SERVICE]
    description = plist["NSLocalNetworkUsageDescription"]
    assert isinstance(description, str) and "network" in description and description.endswith(".")
    assert plist["LSMinimumSystemVersion"] == appinfo.MACOS_MINIMUM == "11.0"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == INFO.numeric_version
    assert re.fullmatch(r"\d+\.\d+\.\d+", INFO.numeric_version)  # what macOS accepts there
    spec = (ROOT / "packaging.spec").read_text(encoding="utf-8")
    assert "info_plist=macos_info_plist(INFO)" in spec and "version=INFO.numeric_version" in spec


def mach_o(minimum: tuple[int, int, int], command: int = make.LC_BUILD_VERSION) -> bytes:
    """A 64-bit Mach-O header with one load command giving the oldest macOS it runs on."""
    packed = minimum[0] << 16 | minimum[1] << 8 | minimum[2]
    if command == make.LC_BUILD_VERSION:
        load = struct.pack("<IIIIII", command, 24, 1, packed, packed, 0)
    else:
        load = struct.pack("<IIII", command, 16, packed, packed)
    other = struct.pack("<II", 0x19, 8)  # a segment command first, to be stepped over
    return b"\xcf\xfa\xed\xfe" + struct.pack("<IIIIII", 0x0100000C, 0, 6, 2, len(other) + len(load), 0) + \
        b"\0" * 4 + other + load


def test_the_oldest_macos_each_binary_needs_is_read_from_thin_and_universal_mach_o_files(tmp_path: Path) -> None:
    assert make.macos_minimum_of(mach_o((11, 0, 0))) == (11, 0, 0)
    assert make.macos_minimum_of(mach_o((10, 13, 0), make.LC_VERSION_MIN_MACOSX)) == (10, 13, 0)
    thin = [mach_o((10, 9, 0)), mach_o((12, 3, 0))]
    offsets = [4096, 8192]
    fat = b"\xca\xfe\xba\xbe" + struct.pack(">I", 2) + b"".join(
        struct.pack(">IIIII", 0, 0, offset, len(body), 12) for offset, body in zip(offsets, thin, strict=True))
    for offset, body in zip(offsets, thin, strict=True):
        fat = fat.ljust(offset, b"\0") + body
    assert make.macos_minimum_of(fat) == (12, 3, 0)  # the newest of its architectures
    assert make.macos_minimum_of(b"\x7fELF" + b"\0" * 60) is None
    app = tmp_path / "Hearts Desktop.app"
    (app / "Contents/Frameworks").mkdir(parents=True)
    (app / "Contents/Frameworks/libSDL2.dylib").write_bytes(mach_o((10, 11, 0)))
    make.assert_minimum_macos(app, "11.0")
    (app / "Contents/Frameworks/_core.so").write_bytes(fat)
    with pytest.raises(SystemExit, match=r"Contents/Frameworks/_core.so', '12.3.0'"):
        make.assert_minimum_macos(app, "11.0")


def test_windows_shows_the_version_in_the_setup_and_in_the_program_s_file_properties() -> None:
    script = (ROOT / "build" / "windows" / f"{INFO.app_id}.iss").read_text(encoding="utf-8")
    assert "VersionInfoVersion={#FileVersion}" in script.splitlines()  # not Inno Setup's 0.0.0.0
    assert "VersionInfoTextVersion={#AppVersion}" in script.splitlines()
    told = make.inno_defines(ROOT / "dist" / INFO.app_id)
    assert told["FileVersion"] == f"{INFO.numeric_version}.0" and told["AppVersion"] == INFO.version
    spec = (ROOT / "packaging.spec").read_text(encoding="utf-8")
    assert "version=VERSION_RESOURCE" in spec and "windows_version_resource(INFO)" in spec
    assert appinfo.windows_file_version(INFO) == tuple(int(part) for part in told["FileVersion"].split("."))


# ---------------------------------------------------------------------------- OpenSSL


def test_openssl_stays_only_because_the_network_library_imports_ssl_when_it_loads() -> None:
    """The game speaks plain ws:// on the LAN, yet the bundle carries OpenSSL (libssl, libcrypto,
    _ssl, _hashlib: 5.4 MiB of the Linux bundle's 46.4): websockets imports ``ssl`` at import
    time. When it stops doing so, this fails: put ssl, _ssl and _hashlib in packaging.spec's
    EXCLUDES (hashlib has its own SHA-256 and BLAKE2 without OpenSSL)."""
    code = "import sys; import hearts_desktop.net.transport; print('ssl' in sys.modules, '_ssl' in sys.modules)"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env=env).stdout.split()
    assert shown == ["True", "True"], "nothing imports ssl any more: OpenSSL can leave the bundle"
