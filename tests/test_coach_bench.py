"""The coach bench: ``--levels`` chooses the levels reviewed."""

from __future__ import annotations

import json

import pytest

from hearts_desktop.bench.__main__ import coach_levels, main
from hearts_desktop.words import Level


def test_the_command_line_reviews_only_the_levels_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coach", "--levels", "medium", "--hands", "2", "--stable", "0", "--workers", "1", "--json"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out.splitlines()[-1])
    assert list(report["levels"]) == ["medium"]
    assert report["levels"]["medium"]["decisions"] == 2 * 14
    assert not any(level in out for level in ("easy", "hard", "expert"))


def test_the_levels_are_taken_weakest_first_and_an_unknown_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert coach_levels("expert, medium,hard") == (Level.MEDIUM, Level.HARD, Level.EXPERT)
    with pytest.raises(SystemExit):
        main(["coach", "--levels", "hard,grandmaster"])
    assert "unknown level grandmaster; the levels: easy, medium, hard, expert" in capsys.readouterr().err
