"""The files that speak for the game outside it (menu entry, software centre, installer, Mac
app) name every language the game has a catalogue for."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ElementTree
from collections import Counter

import yaml

from tests.build_scripts import ROOT, appinfo

INFO = appinfo.app_info()
CATALOGUES = sorted(p.name for p in (ROOT / "assets" / "locale").iterdir() if p.is_dir())
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# Inno Setup's names for its shipped translations of the installer.
INNO_NAMES = {"de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pt_BR": "BrazilianPortuguese",
              "nl": "Dutch", "pl": "Polish", "ru": "Russian", "he": "Hebrew"}
# Languages the pinned Inno Setup (6.4.3, .github/workflows/installers.yml) has no translation
# for: its installer speaks English to them. Arabic.isl ships from Inno Setup 6.5.0 on.
INNO_LACKS = {"ar"}


def test_there_are_catalogues_to_speak_for() -> None:
    assert len(CATALOGUES) >= 9


def test_the_menu_entry_says_its_comment_name_and_keywords_in_every_language() -> None:
    entry = (appinfo.LINUX / f"{INFO.component_id}.desktop").read_text(encoding="utf-8")
    for code in CATALOGUES:
        for key in ("GenericName", "Comment", "Keywords"):
            assert re.search(rf"^{key}\[{code}\]=\S", entry, re.MULTILINE), f"{key}[{code}] missing"


def test_the_software_centre_summary_is_in_every_language() -> None:
    root = ElementTree.parse(INFO.metainfo).getroot()
    languages = {s.get(XML_LANG) for s in root.findall("summary")}
    assert set(CATALOGUES) <= languages


def languages_of(parent: ElementTree.Element, tag: str) -> Counter[str | None]:
    """How many ``tag`` children ``parent`` has in each language (None: the English source)."""
    return Counter(child.get(XML_LANG) for child in parent.iterfind(tag))


def test_the_software_centre_description_and_caption_are_in_every_language() -> None:
    """AppStream translates a metainfo description paragraph by paragraph and item by item
    (xml:lang on each <p> and <li>), so a language that misses one shows a half-English page."""
    root = ElementTree.parse(INFO.metainfo).getroot()
    parts = [(root.find("description"), "p"), (root.find("description/ul"), "li")]
    parts += [(screenshot, "caption") for screenshot in root.iterfind("screenshots/screenshot")]
    for parent, tag in parts:
        assert parent is not None
        said = languages_of(parent, tag)
        english = {" ".join((child.text or "").split()) for child in parent.iterfind(tag) if child.get(XML_LANG) is None}
        for code in CATALOGUES:
            assert said[code] == said[None], f"{said[code]} of the {said[None]} <{tag}> in {code}"
            translated = {" ".join((child.text or "").split()) for child in parent.iterfind(f"{tag}[@{XML_LANG}='{code}']")}
            assert not translated & english, f"a <{tag}> in {code} is the English text"


def test_release_notes_stay_english_and_are_marked_so() -> None:
    """Release notes are written at release time, after the translators have had their say:
    translate="no" keeps translation tools (AppStream's metainfo.its) from offering them."""
    root = ElementTree.parse(INFO.metainfo).getroot()
    notes = list(root.iterfind("releases/release/description"))
    assert notes
    for description in notes:
        assert description.get("translate") == "no"
        assert all(part.get(XML_LANG) is None for part in description.iter())


def test_the_validator_has_nothing_to_say_about_a_translated_line(appstreamcli: str) -> None:
    """A translation can pass validation and still draw a hint (a summary ending in a full stop);
    test_release checks that the file passes, this that no hint lands on a translated line."""
    result = subprocess.run([appstreamcli, "validate", "--no-net", "--pedantic", "--format", "yaml", str(INFO.metainfo)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = INFO.metainfo.read_text(encoding="utf-8").splitlines()
    translated = {number for number, line in enumerate(lines, start=1) if "xml:lang=" in line}
    issues = yaml.safe_load(result.stdout).get("Issues") or []
    assert [issue for issue in issues if issue.get("line") in translated] == []


def test_the_windows_installer_speaks_every_language() -> None:
    script = (ROOT / "build" / "windows" / "hearts-desktop.iss").read_text(encoding="utf-8")
    for code in set(CATALOGUES) - INNO_LACKS:
        assert f"compiler:Languages\\{INNO_NAMES[code]}.isl" in script, code


def test_the_installer_lacks_only_what_its_inno_setup_has_no_translation_for() -> None:
    workflow = (ROOT / ".github" / "workflows" / "installers.yml").read_text(encoding="utf-8")
    assert "innosetup --version 6.4.3" in workflow, "a newer Inno Setup may speak more: revisit INNO_LACKS"
    assert INNO_LACKS <= set(CATALOGUES)


def test_the_mac_app_declares_every_language() -> None:
    declared = appinfo.macos_info_plist(INFO)["CFBundleLocalizations"]
    assert isinstance(declared, list)
    assert {code.replace("_", "-") for code in CATALOGUES} | {"en"} == set(declared)
