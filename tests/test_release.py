"""What a release says about itself agrees: the version, the changelog and the licence."""

from __future__ import annotations

from datetime import date

import pytest

import hearts_desktop
from tests.build_scripts import ROOT, appinfo, changelog


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
