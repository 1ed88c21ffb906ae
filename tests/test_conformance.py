"""Our engine agrees with reference hands recorded by an independent implementation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import conformance

SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance"
needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason="../shared/conformance is not present beside this checkout"
)


@needs_shared
def test_standard_files_have_no_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in SHARED.glob("standard*.jsonl"))
    assert len(files) == 2
    assert conformance.main(files) == 0
    assert capsys.readouterr().out.startswith("300 hands, 0 mismatches")


@needs_shared
def test_every_option_file_has_no_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in SHARED.glob("*.jsonl"))
    assert len(files) == 5
    assert conformance.main(files) == 0
    assert capsys.readouterr().out.startswith("600 hands, 0 mismatches")


@needs_shared
def test_a_tampered_hand_is_reported_as_a_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads((SHARED / "standard.jsonl").read_text().splitlines()[0])
    record["plays"][5]["legal"] = record["plays"][5]["legal"][:1] + ["AH"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n")
    assert conformance.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "1 hands, 1 mismatches" in out and "play 5" in out


def test_unreadable_and_unsupported_files_fail_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert conformance.main([str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{not json\n")
    assert conformance.main([str(garbage)]) == 2
    assert "not JSON" in capsys.readouterr().err
    unsupported = tmp_path / "unsupported.jsonl"
    unsupported.write_text(json.dumps({"format": "hearts-trace-v1", "params": {"can_lead_any_club": True}}) + "\n")
    assert conformance.main([str(unsupported)]) == 2
    assert "can_lead_any_club" in capsys.readouterr().err
