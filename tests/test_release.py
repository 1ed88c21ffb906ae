"""What a release says about itself agrees: the version, the changelog and the licence; and the
release workflow publishes only a tag that is the program's version, with checksums."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml

import hearts_desktop
from tests.build_scripts import ROOT, appinfo, build_version, changelog, downloads, flatpak, notices, release

INFO = appinfo.app_info()


def newest_release() -> str:
    version: str = changelog.releases()[0].version
    return version


def test_the_newest_changelog_entry_is_the_package_version_or_the_release_before_it() -> None:
    entries = changelog.releases()
    version = hearts_desktop.__version__
    if build_version.is_development(version):  # between releases: the next one has no section yet
        assert build_version.numeric_version(entries[0].version) < build_version.numeric_version(version)
    else:
        assert entries[0].version == version
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
        prefix = "https://raw.githubusercontent.com/heartsdesktop/hearts-desktop/v" + newest_release() + "/"
        assert image.text is not None and image.text.startswith(prefix)
        assert (ROOT / image.text.removeprefix(prefix)).is_file()


def test_metainfo_releases_are_the_changelog_versions_and_dates() -> None:
    metainfo = ElementTree.parse(INFO.metainfo).getroot()
    listed = [(release.get("version"), release.get("date")) for release in metainfo.iterfind("releases/release")]
    assert listed == [(entry.version, entry.day.isoformat()) for entry in changelog.releases()]


def test_appstreamcli_validates_the_metainfo(appstreamcli: str) -> None:
    result = subprocess.run([appstreamcli, "validate", "--no-net", "--explain", str(INFO.metainfo)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_tag_releases_only_the_version_the_program_says() -> None:
    assert release.tag_problem("v0.2.0", "0.2.0") is None
    for wrong in ["0.2.0", "v0.2.1", "v0.2", "release-0.2.0"]:
        problem = release.tag_problem(wrong, "0.2.0")
        assert problem is not None and repr(wrong) in problem and "'0.2.0'" in problem
    with pytest.raises(SystemExit, match="does not match the program's version|between releases"):
        release.main(["check-tag", "v9.9.9"])
    # A version between releases is never released, whatever the tag says.
    for dev in ["0.3.0.dev0", "0.3.0.dev0+g1a2b3c4"]:
        problem = release.tag_problem(f"v{dev}", dev)
        assert problem is not None and "between releases" in problem


def test_release_notes_are_this_versions_changelog_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert release.release_notes(newest_release()).startswith(changelog.release(newest_release()).notes)
    assert release.release_notes("0.3.0.dev0+g1a2b3c4").startswith(
        "A build of Hearts Desktop between releases (0.3.0.dev0+g1a2b3c4)")
    release.main(["notes", str(tmp_path / "notes.md")])
    notes = (tmp_path / "notes.md").read_text(encoding="utf-8")
    assert notes == release.release_notes(INFO.version)
    assert "sha256sum --check --ignore-missing SHA256SUMS" in notes


def test_between_releases_the_version_carries_the_commit_and_debian_and_windows_can_order_it() -> None:
    assert build_version.build_version("0.3.0.dev0", "1a2b3c4") == "0.3.0.dev0+g1a2b3c4"
    assert build_version.build_version("0.3.0", "1a2b3c4") == "0.3.0"  # a release is what it says
    assert build_version.build_version("0.3.0.dev0", None) == "0.3.0.dev0"  # an sdist: no history
    assert release.debian_version("0.3.0.dev0+g1a2b3c4") == "0.3.0~dev0+g1a2b3c4"
    assert release.debian_version("0.3.0") == "0.3.0" and release.debian_version("1.0.0rc2") == "1.0.0~rc2"
    if shutil.which("dpkg"):  # dpkg orders the build between releases before the release it leads to
        for lower, higher in [("0.2.0", "0.3.0~dev0+g1a2b3c4"), ("0.3.0~dev0+g1a2b3c4", "0.3.0")]:
            subprocess.run(["dpkg", "--compare-versions", lower, "lt", higher], check=True)
    assert build_version.numeric_version("0.3.0.dev0+g1a2b3c4") == (0, 3, 0)
    assert appinfo.windows_file_version(INFO) == (*build_version.numeric_version(INFO.version), 0)
    # This checkout: its commit in the version, as setup.py installs it.
    commit = build_version.commit_of(ROOT)
    if build_version.is_development(hearts_desktop.__version__) and commit:
        assert INFO.version == f"{hearts_desktop.__version__}+g{commit}"


def test_the_commit_can_be_given_where_a_copy_has_no_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(build_version.COMMIT_VARIABLE, raising=False)
    assert build_version.commit_of(tmp_path) is None
    monkeypatch.setenv(build_version.COMMIT_VARIABLE, "6ec99bd59d8c")
    assert build_version.commit_of(tmp_path) == "6ec99bd"


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


def workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load((ROOT / ".github/workflows/installers.yml").read_text(encoding="utf-8"))
    return loaded


def test_the_workflow_publishes_a_checked_tag_with_exactly_the_checked_files_by_name() -> None:
    triggers = workflow()[True]  # YAML 1.1 reads the key "on" as true
    assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
    jobs = workflow()["jobs"]
    check_tag = [step for step in jobs["version"]["steps"] if "check-tag" in step.get("run", "")]
    assert check_tag and check_tag[0]["if"] == "startsWith(github.ref, 'refs/tags/')"
    assert jobs["installer"]["needs"] == "version"
    assert "python build/make.py --check" in [step.get("run") for step in jobs["installer"]["steps"]]
    inno = next(step["run"] for step in jobs["installer"]["steps"] if "innosetup" in step.get("run", ""))
    assert re.search(r"--version \d+\.\d+\.\d+", inno)  # pinned, like the Python packages
    upload = next(step for step in jobs["installer"]["steps"] if step.get("uses", "").startswith("actions/upload"))
    assert upload["with"]["name"] == "installer-${{ matrix.name }}" and "dist/checked.sha256" in upload["with"]["path"]
    installer_artifacts = {f"installer-{entry['name']}" for entry in jobs["installer"]["strategy"]["matrix"]["include"]}
    job = jobs["release"]
    assert job["needs"] == ["installer", "linux-start", "sdist", "wheels"] and job["permissions"] == {"contents": "write"}
    steps = job["steps"]
    downloads = [step["with"] for step in steps if step.get("uses", "").startswith("actions/download-artifact")]
    # Each artifact by its exact name, into the folder plan reads it from; never a pattern.
    assert all("pattern" not in download and download["path"] == f"artifacts/{download['name']}"
               for download in downloads)
    taken = set(release.release_files(INFO.app_id, "1.0.0"))
    assert {download["name"] for download in downloads} == taken == installer_artifacts | {"sdist"}
    script = " ".join(step.get("run", "") for step in steps)
    assert "python build/release.py plan artifacts release" in script
    assert "python build/release.py checksums release" in script
    publish = next(step for step in steps if "gh release create" in step.get("run", ""))
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"  # a dry run never publishes
    assert '"${files[@]}" release/SHA256SUMS' in publish["run"] and "*" not in publish["run"].replace("${files[@]}", "")
    assert "--notes-file" in publish["run"]
    # The Flatpak's artifact is named so that nothing the release or PyPI takes can be it.
    flatpak_bundle = next(step["with"]["bundle"] for step in jobs["flatpak"]["steps"]
                          if "flatpak-builder" in step.get("uses", ""))
    artifact = flatpak_bundle.removesuffix(".flatpak") + "-x86_64.flatpak"  # what the action uploads it as
    assert artifact not in taken | set(release.WHEEL_ARTIFACTS)


def test_every_action_is_pinned_by_a_full_commit_with_its_tag_beside_it() -> None:
    text = (ROOT / ".github/workflows/installers.yml").read_text(encoding="utf-8")
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert uses
    for action, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r"\s+# v\d+(\.\d+)*", comment), f"{action}: say which release the commit is"


def test_every_download_the_linux_job_runs_is_checked_against_its_pinned_digest() -> None:
    get_tool = next(step for step in workflow()["jobs"]["installer"]["steps"] if "appimagetool" in step.get("run", ""))
    assert "python build/downloads.py" in get_tool["run"] and "curl" not in get_tool["run"]
    assert "--require-pinned" in get_tool["run"]  # on a tag
    listed = {download.file: download for download in downloads.read_list()}
    assert set(listed) == {"appimagetool.AppImage", "runtime-x86_64"}
    assert re.search(r"appimagetool/releases/download/\d+\.\d+\.\d+/", listed["appimagetool.AppImage"].url)
    assert re.search(r"type2-runtime/releases/download/\d{8}/", listed["runtime-x86_64"].url)


def serve(tmp_path: Path, content: bytes) -> str:
    source = tmp_path / "served" / "tool"
    source.parent.mkdir(exist_ok=True)
    source.write_bytes(content)
    return source.as_uri()


def test_a_download_is_kept_only_with_its_pinned_bytes_and_a_release_refuses_an_unpinned_one(tmp_path: Path) -> None:
    url = serve(tmp_path, b"appimagetool")
    good = downloads.Download("tool", url, hashlib.sha256(b"appimagetool").hexdigest())
    assert downloads.fetch(good, tmp_path, require_pinned=True).read_bytes() == b"appimagetool"
    (tmp_path / "tool").unlink()
    tampered = downloads.Download("tool", url, hashlib.sha256(b"something else").hexdigest())
    with pytest.raises(SystemExit, match="not the pinned"):
        downloads.fetch(tampered, tmp_path, require_pinned=False)
    assert not (tmp_path / "tool").exists() and not list(tmp_path.glob("*.part"))
    unpinned = downloads.Download("tool", url, downloads.UNPINNED)
    with pytest.raises(SystemExit, match="no pinned SHA-256"):
        downloads.fetch(unpinned, tmp_path, require_pinned=True)
    assert not (tmp_path / "tool").exists()
    assert downloads.fetch(unpinned, tmp_path, require_pinned=False).is_file()  # a push build: warned, printed
    listing = tmp_path / "downloads.txt"
    listing.write_text("tool https://example.invalid/tool 1234\n")
    with pytest.raises(SystemExit, match="expected FILE URL SHA256"):
        downloads.read_list(listing)


def fake_artifacts(folder: Path, version: str) -> dict[str, list[str]]:
    """What the release job's downloads lay out: each artifact's files and its checked.sha256."""
    expected: dict[str, list[str]] = release.release_files(INFO.app_id, version)
    for artifact, names in expected.items():
        (folder / artifact).mkdir(parents=True)
        for name in names:
            (folder / artifact / name).write_bytes(f"{artifact}/{name}".encode())
        (folder / artifact / release.CHECKED).write_text(
            "".join(f"{release.sha256_of(folder / artifact / name)}  {name}\n" for name in names))
    return expected


def test_a_dry_run_of_the_release_attaches_exactly_the_checked_files_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = fake_artifacts(tmp_path / "artifacts", "1.2.0")
    assert sorted(name for names in expected.values() for name in names) == sorted([
        "hearts-desktop_1.2.0_amd64.deb", "hearts-desktop-1.2.0-linux-x86_64.tar.gz",
        "hearts-desktop-1.2.0-x86_64.AppImage", "hearts-desktop-1.2.0-windows-setup.exe",
        "hearts-desktop-1.2.0-macos-arm64.dmg", "hearts-desktop-1.2.0-macos-x86_64.dmg", "hearts_desktop-1.2.0.tar.gz"])
    planned = release.stage(release.plan(tmp_path / "artifacts", expected), tmp_path / "release")
    assert sorted(path.name for path in (tmp_path / "release").iterdir()) == sorted(path.name for path in planned)
    assert len(planned) == 7
    # The command the workflow runs, for this checkout's version: it prints the files, one a line.
    fake_artifacts(tmp_path / "now", INFO.version)
    release.main(["plan", str(tmp_path / "now"), str(tmp_path / "out")])
    printed = capsys.readouterr().out.splitlines()
    assert sorted(Path(line).name for line in printed) == sorted(
        name for names in release.release_files(INFO.app_id, INFO.version).values() for name in names)


@pytest.mark.parametrize("damage, refusal", [
    ("stranger", r"artifacts the release does not take: \['hearts-desktop-x86_64.flatpak'\]"),
    ("altered", "is not the file that was checked"),
    ("unlisted", "no checked.sha256"),
    ("extra", r"unexpected files \['hearts-desktop-1.2.0-debug.tar.gz'\]"),
    ("missing", "installer-macos-arm64: not downloaded"),
])
def test_the_release_refuses_anything_that_is_not_exactly_what_was_checked(
    tmp_path: Path, damage: str, refusal: str
) -> None:
    artifacts = tmp_path / "artifacts"
    expected = fake_artifacts(artifacts, "1.2.0")
    linux = artifacts / "installer-linux-x86_64"
    if damage == "stranger":  # the Flatpak action's artifact, as a pattern download would bring it
        (artifacts / "hearts-desktop-x86_64.flatpak").mkdir()
        (artifacts / "hearts-desktop-x86_64.flatpak" / "hearts-desktop.flatpak").write_bytes(b"untested")
    elif damage == "altered":
        (linux / "hearts-desktop_1.2.0_amd64.deb").write_bytes(b"rebuilt after the check")
    elif damage == "unlisted":
        (linux / release.CHECKED).unlink()
    elif damage == "extra":
        (linux / "hearts-desktop-1.2.0-debug.tar.gz").write_bytes(b"")
    else:
        shutil.rmtree(artifacts / "installer-macos-arm64")
    with pytest.raises(SystemExit, match=refusal):
        release.plan(artifacts, expected)


def test_the_readme_download_table_names_exactly_the_installers_a_release_carries() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Download and play", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(hearts-desktop[^`]*VERSION[^`]*)`", table))
    installers = {name.replace("9.8.7", "VERSION") for artifact, names in release.release_files(INFO.app_id, "9.8.7").items()
                  if artifact.startswith("installer-") for name in names}
    assert named == installers


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
    assert "APPIMAGE_RUNTIME=" in get_tool["run"] and "APPIMAGETOOL=" in get_tool["run"]
    assert steps.index(get_tool) < [step.get("run") for step in steps].index("python build/make.py --check")
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact"))
    assert "dist/*.AppImage" in upload["with"]["path"]
    started = " ".join(step.get("run", "") for step in workflow["jobs"]["linux-start"]["steps"])
    assert "*.AppImage --appimage-extract-and-run --smoke" in started  # in the real X server too


def flatpak_modules() -> dict[str, dict[str, Any]]:
    modules = json.loads(flatpak.DEPENDENCIES.read_text(encoding="utf-8"))["modules"]
    return {module["name"].removeprefix("python3-"): module for module in modules}


def test_the_flatpak_builds_every_python_package_from_source_at_its_locked_version() -> None:
    modules = flatpak_modules()
    pins = flatpak.pinned_versions() | flatpak.pinned_versions(flatpak.BUILD_TOOLS)
    runtime = {flatpak.canonical(d.metadata["Name"]) for d in notices.runtime_distributions()}
    assert set(flatpak.RUNTIME_PACKAGES) == runtime  # python build/flatpak.py dependencies after a change
    assert list(modules) == [*flatpak.pinned_versions(flatpak.BUILD_TOOLS), *flatpak.RUNTIME_PACKAGES]  # tools first
    for name, module in modules.items():
        (source,) = module["sources"]
        assert source["url"].startswith("https://files.pythonhosted.org/") and re.fullmatch(r"[0-9a-f]{64}",
                                                                                            source["sha256"])
        filename = source["url"].rsplit("/", 1)[1]
        # No compiled wheel anywhere: an sdist, or a wheel that holds only Python.
        assert filename.endswith((".tar.gz", "-none-any.whl")), filename
        assert flatpak.name_and_version(filename) == (name, pins[name]), f"{name}: python build/flatpak.py dependencies"
        assert f'"{name}=={pins[name]}"' in module["build-commands"][0] and "--no-index" in module["build-commands"][0]
        assert module.get("cleanup") == (["*"] if name in flatpak.pinned_versions(flatpak.BUILD_TOOLS) else None)
    compiled = {"pygame-ce", "zeroconf", "msgspec", "librt"}  # their C code is built here
    assert all(modules[name]["sources"][0]["url"].endswith(".tar.gz") for name in compiled)
    assert flatpak.pinned_versions(flatpak.BUILD_TOOLS)["mypy"] == locked("mypy")  # the engine's compiler


def locked(name: str) -> str:
    version: str = flatpak.pinned_versions()[name]
    return version


def test_the_flatpak_manifest_takes_the_game_from_its_release_tarball_compiled_with_no_wider_rights(
    tmp_path: Path
) -> None:
    sdist = tmp_path / f"hearts_desktop-{INFO.version}.tar.gz"
    sdist.write_bytes(b"the release tarball")
    manifest = flatpak.manifest(sdist)
    assert manifest["id"] == INFO.component_id and manifest["command"] == INFO.app_id
    assert manifest["runtime"] == "org.freedesktop.Platform" and manifest["runtime-version"] == "25.08"
    # The LAN table is the only reason for the network; no file system, no session bus.
    assert sorted(manifest["finish-args"]) == sorted(["--share=ipc", "--socket=wayland", "--socket=fallback-x11",
                                                       "--socket=pulseaudio", "--device=dri", "--share=network"])
    game = manifest["modules"][-1]
    assert game["name"] == INFO.app_id and [m["name"] for m in manifest["modules"][:-1]] == [
        m["name"] for m in flatpak_modules().values()]
    assert game["sources"] == [{"type": "archive", "sha256": hashlib.sha256(b"the release tarball").hexdigest(),
                                "url": f"{INFO.homepage}/releases/download/v{INFO.version}/{sdist.name}"}]
    assert game["build-commands"][0].startswith("HEARTS_DESKTOP_REQUIRE_COMPILED=1 pip3 install")
    for command in game["build-commands"][1:]:  # each installs a file the sdist carries
        assert command.startswith("install -Dm644 ") and (ROOT / command.split()[2]).is_file()
        assert command.split()[2] in (ROOT / "MANIFEST.in").read_text() or command.split()[2].startswith("assets/")
    installed = " ".join(game["build-commands"])
    assert f"/share/applications/{INFO.component_id}.desktop" in installed
    assert f"/share/icons/hicolor/256x256/apps/{INFO.component_id}.png" in installed
    local = flatpak.manifest(sdist, local_to=tmp_path.parent)["modules"][-1]["sources"][0]
    assert local["path"] == f"{tmp_path.name}/{sdist.name}" and "url" not in local


def test_a_package_is_built_from_its_pure_wheel_where_it_has_one_else_from_its_sdist() -> None:
    def listed(name: str) -> dict[str, object]:
        return {"filename": name, "url": f"https://files.pythonhosted.org/{name}", "hashes": {"sha256": "0" * 64}}

    compiled = [listed("m_pkg-1.0-cp312-cp312-manylinux_2_28_x86_64.whl"), listed("m_pkg-1.0.tar.gz"),
                listed("m_pkg-1.1.tar.gz")]
    assert flatpak.source_of("m-pkg", "1.0", compiled)["url"].endswith("/m_pkg-1.0.tar.gz")
    pure = [*compiled, listed("m_pkg-1.0-py2.py3-none-any.whl")]
    assert flatpak.source_of("m-pkg", "1.0", pure)["url"].endswith("/m_pkg-1.0-py2.py3-none-any.whl")
    with pytest.raises(SystemExit, match="neither a pure wheel nor an sdist of m-pkg 2.0"):
        flatpak.source_of("m-pkg", "2.0", pure)
