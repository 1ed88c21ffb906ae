"""What a release says about itself agrees: the version, the changelog and the licence; and the
release workflow publishes only a tag that is the program's version, with checksums."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from datetime import date
from pathlib import Path

import pytest
import yaml
from packaging.utils import parse_wheel_filename

import hearts_desktop
from tests.build_scripts import ROOT, appinfo, changelog, flatpak, notices, release

INFO = appinfo.app_info()


def test_the_newest_changelog_entry_is_the_package_version() -> None:
    entries = changelog.releases()
    assert entries[0].version == hearts_desktop.__version__
    assert [entry.day for entry in entries] == sorted((entry.day for entry in entries), reverse=True)
    assert all(entry.notes.startswith("- ") for entry in entries)


def test_changelog_headings_are_parsed_and_a_malformed_one_is_refused() -> None:
    entries = changelog.parse("# Changelog\n\n## 1.2.0 - 2026-01-31\n\n- Two.\n\n## 1.1.0 - 2025-12-01\n- One.\n")
    assert [(e.version, e.day, e.notes) for e in entries] == [
        ("1.2.0", date(2026, 1, 31), "- Two."), ("1.1.0", date(2025, 12, 1), "- One.")]
    with pytest.raises(ValueError, match="## v1.3"):
        changelog.parse("## v1.3 (soon)\n- Three.\n")
    with pytest.raises(SystemExit, match="no '## 9.9.9 - DATE' section"):
        changelog.release("9.9.9")


def test_the_project_licence_is_mit_at_the_top() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in licence
    assert appinfo.pyproject()["project"]["license"] == {"text": "MIT"}


def test_one_reverse_dns_id_names_the_menu_entry_icon_metainfo_and_mac_bundle() -> None:
    assert INFO.component_id == "io.github.heartsdesktop.HeartsDesktop"
    assert INFO.homepage == "https://github.com/heartsdesktop/hearts-desktop"
    metainfo = ElementTree.parse(INFO.metainfo).getroot()
    assert metainfo.findtext("id") == INFO.component_id
    assert metainfo.findtext("launchable[@type='desktop-id']") == INFO.desktop_entry.name
    assert metainfo.findtext("url[@type='homepage']") == INFO.homepage
    assert metainfo.findtext("provides/binary") == INFO.app_id
    assert "bundle_identifier=INFO.component_id" in (ROOT / "packaging.spec").read_text(encoding="utf-8")


def test_metainfo_declares_the_game_offline_rated_and_shown() -> None:
    metainfo = ElementTree.parse(INFO.metainfo).getroot()
    assert metainfo.findtext("supports/internet") == "offline-only"
    assert metainfo.find("content_rating[@type='oars-1.1']") is not None
    assert metainfo.findtext("project_license") == "MIT"
    for image in metainfo.iterfind("screenshots/screenshot/image"):
        # Shown from the tagged source, so the picture is the one of that version.
        prefix = "https://raw.githubusercontent.com/heartsdesktop/hearts-desktop/v" + INFO.version + "/"
        assert image.text is not None and image.text.startswith(prefix)
        assert (ROOT / image.text.removeprefix(prefix)).is_file()


def test_metainfo_releases_are_the_changelog_versions_and_dates() -> None:
    metainfo = ElementTree.parse(INFO.metainfo).getroot()
    listed = [(release.get("version"), release.get("date")) for release in metainfo.iterfind("releases/release")]
    assert listed == [(entry.version, entry.day.isoformat()) for entry in changelog.releases()]


def test_appstreamcli_validates_the_metainfo() -> None:
    """Runs wherever the tool is (Debian package ``appstream``); CI installs it, so there it always runs."""
    if shutil.which("appstreamcli") is None:
        if os.environ.get("CI"):
            pytest.fail("appstreamcli is missing in CI: .ci/run installs the appstream package")
        pytest.skip("needs appstreamcli (Debian package appstream)")
    result = subprocess.run(["appstreamcli", "validate", "--no-net", "--explain", str(INFO.metainfo)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_tag_releases_only_the_version_the_program_says() -> None:
    assert release.tag_problem("v0.2.0", "0.2.0") is None
    for wrong in ["0.2.0", "v0.2.1", "v0.2", "release-0.2.0"]:
        problem = release.tag_problem(wrong, "0.2.0")
        assert problem is not None and repr(wrong) in problem and "'0.2.0'" in problem
    assert release.main(["check-tag", f"v{hearts_desktop.__version__}"]) == 0
    with pytest.raises(SystemExit, match="does not match the program's version"):
        release.main(["check-tag", "v9.9.9"])


def test_release_notes_are_this_versions_changelog_section(tmp_path: Path) -> None:
    release.main(["notes", str(tmp_path / "notes.md")])
    notes = (tmp_path / "notes.md").read_text(encoding="utf-8")
    assert notes.startswith(changelog.release(hearts_desktop.__version__).notes)
    assert "sha256sum --check --ignore-missing SHA256SUMS" in notes


def test_sha256sums_lists_every_file_once_and_sha256sum_accepts_it(tmp_path: Path) -> None:
    (tmp_path / "b.deb").write_bytes(b"deb")
    (tmp_path / "a.tar.gz").write_bytes(b"")
    (tmp_path / "SHA256SUMS").write_text("stale\n")
    assert release.write_checksums(tmp_path).read_text() == (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n"
        f"{hashlib.sha256(b'deb').hexdigest()}  b.deb\n")
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=tmp_path, check=True,
                       capture_output=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SystemExit, match="holds no files"):
        release.write_checksums(empty)


def test_the_workflow_publishes_a_checked_tag_with_every_installer_unzipped() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/installers.yml").read_text(encoding="utf-8"))
    triggers = workflow[True]  # YAML 1.1 reads the key "on" as true
    assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
    jobs = workflow["jobs"]
    check_tag = [step for step in jobs["version"]["steps"] if "check-tag" in step.get("run", "")]
    assert check_tag and check_tag[0]["if"] == "startsWith(github.ref, 'refs/tags/')"
    assert jobs["installer"]["needs"] == "version"
    assert "python build/make.py --check" in [step.get("run") for step in jobs["installer"]["steps"]]
    inno = next(step["run"] for step in jobs["installer"]["steps"] if "innosetup" in step.get("run", ""))
    assert re.search(r"--version \d+\.\d+\.\d+", inno)  # pinned, like the Python packages
    job = jobs["release"]
    assert job["needs"] == ["installer", "linux-start"] and job["permissions"] == {"contents": "write"}
    steps = job["steps"]
    download = next(step for step in steps if step.get("uses", "").startswith("actions/download-artifact"))
    assert download["with"]["merge-multiple"] is True  # the files themselves, not zips
    assert "python build/release.py checksums release" in " ".join(step.get("run", "") for step in steps)
    publish = next(step for step in steps if "gh release create" in step.get("run", ""))
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"  # a dry run never publishes
    assert "release/*" in publish["run"] and "--notes-file" in publish["run"]


def test_the_runtime_dependencies_are_the_game_s_and_theirs_without_test_or_build_tools() -> None:
    names = {distribution.metadata["Name"].lower().replace("_", "-")
             for distribution in notices.runtime_distributions()}
    assert {"pygame-ce", "pygame-gui", "platformdirs", "filelock", "websockets", "zeroconf", "ifaddr",
            "msgspec", "python-i18n"} <= names  # python-i18n: pygame_gui's own dependency
    assert not names & {"pytest", "hypothesis", "pyinstaller", "hearts-desktop"}


def test_every_runtime_dependency_python_and_native_library_has_its_licence_text(tmp_path: Path) -> None:
    licences = notices.gather(tmp_path / "licenses")
    assert notices.missing_in(licences) == []
    for distribution in notices.runtime_distributions():
        assert any((licences / f"{distribution.metadata['Name']}-{distribution.version}").iterdir())

    def text(pattern: str) -> str:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace") for path in licences.glob(pattern))

    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text("python/*")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text("pygame[-_]ce-*/*")
    assert "SIL Open Font License" in text("pygame[-_]gui-*/*")  # the fonts of the name boxes
    assert "MIT License" in text(f"{INFO.app_id}/LICENSE") and "CC0" in text(f"{INFO.app_id}/*.md")
    assert "Upstream-Name: SDL" in text("native/SDL2.txt") and "zlib" in text("native/SDL2.txt")
    assert "Version 2.1" in text("common/LGPL-2.1.txt")  # what the LGPL libraries' texts refer to
    (licences / "native" / "SDL2.txt").unlink()
    assert notices.missing_in(licences) == ["native/SDL2.txt"]


def test_a_dependency_that_installed_no_licence_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notices, "licence_files", lambda distribution: [])
    with pytest.raises(SystemExit, match="installed no licence file"):
        notices.gather(tmp_path / "licenses")


def test_every_library_a_bundle_carries_is_covered_by_a_native_licence_text() -> None:
    assert all((notices.KEPT_TEXTS / "native" / f"{component}.txt").is_file()
               for component in notices.NATIVE_LIBRARIES)
    seen_in_a_linux_bundle = [
        "libSDL2-2-50d19f93.0.so.0.3200.10", "libSDL2_mixer-2-6719e6f6.0.so.0.800.2", "libFLAC-e7027ec5.so.14.0.0",
        "libvorbisfile-07b6198b.so.3.3.8", "libsharpyuv-f86ac02c.so.0.1.2", "libopus-ddd6afb9.so.0.11.1",
        "libpython3.11.so.1.0", "libcrypto.so.3", "libz.so.1", "libuuid.so.1"]
    assert notices.uncovered_libraries(seen_in_a_linux_bundle) == []
    assert notices.uncovered_libraries(["libSDL2-2.0.so.0", "libnewcodec-1a2b.so.3"]) == ["libnewcodec-1a2b.so.3"]
    bundle = ROOT / "dist" / INFO.app_id
    if bundle.is_dir():  # a bundle built here: every library in it, by name
        assert notices.uncovered_libraries([path.name for path in bundle.rglob("lib*.so*")]) == []


def test_the_linux_bundle_plays_in_a_real_x_server_with_mesa_on_the_oldest_and_newest_ubuntu() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/installers.yml").read_text(encoding="utf-8"))
    job = workflow["jobs"]["linux-start"]
    assert job["strategy"]["matrix"]["os"] == ["ubuntu-22.04", "ubuntu-latest"]
    script = " ".join(step.get("run", "") for step in job["steps"])
    assert "xvfb-run" in script and "+extension GLX" in script and "libgl1-mesa-dri" in script
    assert "--smoke" in script and "SDL_VIDEODRIVER" not in str(job)  # the real X11 driver, not the dummy


def test_the_linux_job_packs_an_appimage_with_a_pinned_tool_and_runtime_and_ships_it() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/installers.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["installer"]["steps"]
    get_tool = next(step for step in steps if "appimagetool" in step.get("run", ""))
    assert get_tool["if"] == "runner.os == 'Linux'"
    assert re.search(r"appimagetool/releases/download/\d+\.\d+\.\d+/", get_tool["run"])  # a release, not "continuous"
    assert re.search(r"type2-runtime/releases/download/\d{8}/", get_tool["run"])
    assert "APPIMAGE_RUNTIME=" in get_tool["run"] and "APPIMAGETOOL=" in get_tool["run"]
    assert steps.index(get_tool) < [step.get("run") for step in steps].index("python build/make.py --check")
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact"))
    assert "dist/*.AppImage" in upload["with"]["path"]
    started = " ".join(step.get("run", "") for step in workflow["jobs"]["linux-start"]["steps"])
    assert "*.AppImage --appimage-extract-and-run --smoke" in started  # in the real X server too


def test_the_flatpak_manifest_lists_every_runtime_dependency_at_its_locked_version_for_both_arches() -> None:
    manifest = json.loads(flatpak.MANIFEST.read_text(encoding="utf-8"))
    assert manifest["id"] == INFO.component_id and manifest["command"] == INFO.app_id
    assert "--share=network" in manifest["finish-args"]  # tables with friends on the local network
    modules = {module["name"]: module for module in manifest["modules"]}
    pins = flatpak.pinned_versions()
    listed: dict[str, set[str]] = {}
    for source in modules["python-dependencies"]["sources"]:
        assert source["url"].startswith("https://files.pythonhosted.org/") and re.fullmatch(r"[0-9a-f]{64}",
                                                                                            source["sha256"])
        name, version, _, _ = parse_wheel_filename(source["url"].rsplit("/", 1)[1])
        assert str(version) == pins[name], f"{name}: the manifest has {version}, the lock {pins[name]}"
        listed.setdefault(name, set()).update(source.get("only-arches", flatpak.ARCHES))
    assert listed == {name: set(flatpak.ARCHES) for name in flatpak.runtime_names()}  # run python build/flatpak.py
    assert modules["setuptools"]["cleanup"] == ["*"]  # a build tool only
    game = modules[INFO.app_id]
    assert game["sources"] == [{"type": "dir", "path": "../.."}]  # the checkout the manifest is in
    for command in game["build-commands"][1:]:  # each installs a file that exists here
        assert command.startswith("install -Dm644 ") and (ROOT / command.split()[2]).is_file()
    installed = " ".join(game["build-commands"])
    assert f"/share/applications/{INFO.component_id}.desktop" in installed
    assert f"/share/icons/hicolor/256x256/apps/{INFO.component_id}.png" in installed


def test_wheels_are_chosen_pure_first_else_one_per_arch_for_the_runtime_s_python() -> None:
    def wheel(name: str) -> dict[str, object]:
        return {"filename": name, "url": f"https://files.pythonhosted.org/{name}", "hashes": {"sha256": "0" * 64}}

    compiled = [wheel("m-1-cp311-cp311-manylinux_2_17_x86_64.whl"), wheel("m-1-cp312-cp312-win_amd64.whl"),
                wheel("m-1-cp312-cp312-manylinux_2_41_x86_64.whl"),  # needs a newer glibc than the runtime's
                wheel("m-1-cp312-cp312-manylinux_2_28_x86_64.whl"), wheel("m-1-cp312-cp312-manylinux2014_aarch64.whl")]
    chosen = flatpak.choose_wheels(compiled)
    assert [(c["url"].rsplit("/", 1)[1], c["only-arches"]) for c in chosen] == [
        ("m-1-cp312-cp312-manylinux_2_28_x86_64.whl", ["x86_64"]), ("m-1-cp312-cp312-manylinux2014_aarch64.whl", ["aarch64"])]
    assert flatpak.choose_wheels([*compiled, wheel("m-1-py3-none-any.whl")]) == [
        {"type": "file", "url": "https://files.pythonhosted.org/m-1-py3-none-any.whl", "sha256": "0" * 64}]
    with pytest.raises(SystemExit, match="aarch64"):
        flatpak.choose_wheels(compiled[:4])
