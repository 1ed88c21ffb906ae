"""The coach bench: ``--levels`` chooses the levels reviewed, and neighbouring levels get the
paired difference of their mean cost per decision, deal by deal."""

from __future__ import annotations

import json

import pytest

from benchmarks.__main__ import coach_levels, main
from benchmarks.coach import HandFigures, print_report, summarize
from hearts_desktop.words import Level


def hand(level: Level, index: int, *costs: float) -> HandFigures:
    return HandFigures(level, index, costs, ("best",) * len(costs), (False,) * len(costs), 1.0, None, None)


def test_neighbouring_levels_get_the_paired_difference_of_their_mean_cost_per_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Medium costs 0.5, 1 and 1.5 more a decision than Hard on deals 0-2; the deals differ
    so much that each level's own interval is wide, but the differences pair by deal index
    (not by order) and per decision of the hand (not the hand's total)."""
    figures = [
        hand(Level.MEDIUM, 0, 1.0, 0.0), hand(Level.MEDIUM, 1, 6.0, 6.0), hand(Level.MEDIUM, 2, 10.0, 13.0),
        hand(Level.HARD, 2, 10.0, 10.0), hand(Level.HARD, 0, 0.0, 0.0, 0.0, 0.0), hand(Level.HARD, 1, 5.0, 5.0),
        hand(Level.EXPERT, 0, 0.0), hand(Level.EXPERT, 1, 5.0), hand(Level.EXPERT, 2, 10.0),
    ]
    report = summarize(figures, (Level.MEDIUM, Level.HARD, Level.EXPERT), hands=3)
    assert report["paired"] == {  # the differences 0.5, 1, 1.5: 1 +- 1.96 * 0.5 / sqrt(3)
        "medium-hard": {"mean_difference": 1.0, "ci95": [0.434, 1.566]},
        "hard-expert": {"mean_difference": 0.0, "ci95": [0.0, 0.0]},
    }
    levels = report["levels"]
    assert isinstance(levels, dict)
    medium, hard = levels["medium"]["ci95"], levels["hard"]["ci95"]
    assert medium[0] < hard[1]  # apart deal by deal, though their own intervals overlap
    print_report(report)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].split() == ["medium", "-", "hard", "1.000", "[0.434,", "1.566]"]
    assert lines[-1].split() == ["hard", "-", "expert", "0.000", "[0.0,", "0.0]"]


def test_the_command_line_reviews_only_the_levels_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coach", "--levels", "medium", "--hands", "2", "--stable", "0", "--workers", "1", "--json"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out.splitlines()[-1])
    assert list(report["levels"]) == ["medium"]
    assert report["levels"]["medium"]["decisions"] == 2 * 14
    assert report["paired"] == {}
    assert not any(level in out for level in ("easy", "hard", "expert"))


def test_the_levels_are_taken_weakest_first_and_an_unknown_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert coach_levels("expert, medium,hard") == (Level.MEDIUM, Level.HARD, Level.EXPERT)
    with pytest.raises(SystemExit):
        main(["coach", "--levels", "hard,grandmaster"])
    assert "unknown level grandmaster; the levels: easy, medium, hard, expert" in capsys.readouterr().err


def test_the_report_prints_the_share_of_marks_another_seed_changed(capsys: pytest.CaptureFixture[str]) -> None:
    figures = [HandFigures(Level.MEDIUM, i, (0.0,) * 50, ("best",) * 50, (False,) * 50, 1.0, changed, changed)
               for i, changed in enumerate((1, 2))]
    report = summarize(figures, (Level.MEDIUM,), hands=2)
    assert report["stability"] == {"decisions": 100, "changed": 3, "bar_share": 0.02}
    print_report(report)
    assert capsys.readouterr().out.splitlines()[-1] == (
        "marks changed by another review seed: 3 of 100 (3.0%; bar 2%: not met)")
