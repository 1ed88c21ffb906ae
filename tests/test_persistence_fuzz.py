"""Hostile files and kills, in small: the reliability script's own checks on fewer cases
(``benchmarks/persistence_reliability.py`` prints the full figures)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "persistence_reliability.py"


@pytest.fixture(scope="module")
def reliability() -> ModuleType:
    spec = importlib.util.spec_from_file_location("persistence_reliability", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_200_hostile_files_neither_crash_nor_get_overwritten(reliability: ModuleType) -> None:
    tallies = reliability.run_fuzz(67, seed=9)
    for kind, tally in tallies.items():
        assert tally.cases == 67
        assert tally.crashes == [], kind
        assert tally.overwritten == [], kind
        assert tally.outcomes["accepted"] < 20, "most files are bad"
    labels = set().union(*(t.labels for t in tallies.values()))
    assert {"truncated", "bit flips", "wrong type", "deep nesting", "non-UTF-8"} <= labels


def test_a_few_kills_while_autosaving_lose_at_most_the_action_being_saved(reliability: ModuleType) -> None:
    command = [sys.executable, str(SCRIPT), "--child"]
    tally = reliability.run_kills(4, command, seed=3, max_delay=0.2)
    assert tally.kills == 4
    assert tally.corrupt == [] and tally.no_game == 0
    assert set(tally.behind) <= {0, 1} and sum(tally.behind.values()) == 4
    assert tally.resumed_ok == tally.resumed_checked == 3
