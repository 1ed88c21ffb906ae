"""The files that speak for the game outside it (menu entry, software centre, installer, Mac
app) name every language the game has a catalogue for."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

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
