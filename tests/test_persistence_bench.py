"""The persistence benchmark in small (``python -m benchmarks persistence`` prints the
full figures): every part finds no loss on the real code, and the checks can fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import persistence, power_cut
from benchmarks.hostile_files import run_fuzz
from hearts_desktop.persistence import atomic, discard_saved_game


def test_67_hostile_files_of_each_kind_neither_crash_nor_get_overwritten() -> None:
    tallies = run_fuzz(67, seed=9)
    for kind, tally in tallies.items():
        assert tally.cases == 67
        assert tally.crashes == [], kind
        assert tally.overwritten == [], kind
        assert tally.outcomes["accepted"] < 20, "most files are bad"
    labels = set().union(*(t.labels for t in tallies.values()))
    assert {"truncated", "bit flips", "wrong type", "deep nesting", "non-UTF-8"} <= labels


def test_killing_the_windowed_program_while_it_saves_loses_nothing_saved() -> None:
    tally = persistence.run_kills(3, seed=3, max_delay=1.5)
    assert tally.kills == 3 and tally.saves_reported > 0
    assert tally.losses == []


def test_a_second_copy_is_refused_and_a_killed_one_never_blocks() -> None:
    tally = persistence.run_two_copies(1)
    assert (tally.refused, tally.opened_after_kill, tally.losses) == (1, 1, [])


def test_a_full_disk_at_the_end_of_a_game_loses_no_result_unsaid() -> None:
    tally = persistence.run_full_disk(4, seed=5)
    assert tally.cases == 4 and tally.losses == []


def test_lone_backups_are_offered() -> None:
    tally = persistence.run_lone_backups(8, seed=5)
    assert tally.cases == 8 and len(tally.kinds) == 4 and tally.losses == []


def test_a_power_cut_at_any_step_of_a_game_and_its_end_loses_nothing() -> None:
    report = power_cut.run_power_cuts(seed=1, before_end=3, after_end=2)
    assert report.steps > 40 and report.cuts > report.steps
    assert {"create", "write", "fsync", "link", "rename", "unlink", "fsync_dir"} <= set(report.steps_by_kind)
    assert report.losses == []


def test_the_power_cut_check_finds_a_writer_that_renames_before_syncing(monkeypatch: pytest.MonkeyPatch) -> None:
    def create_unsynced(layer: power_cut.RecordingFiles, path: Path, data: bytes) -> None:
        atomic.FileLayer.create(layer, path, data)
        layer.ops.append(("create", path.name))
        layer.data[len(layer.ops)] = data
        layer.ops.append(("write", path.name))

    monkeypatch.setattr(power_cut.RecordingFiles, "create", create_unsynced)
    assert power_cut.run_power_cuts(seed=1, before_end=2, after_end=1).losses


def test_the_power_cut_check_finds_a_save_forgotten_before_its_result_is_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hearts_desktop.controller import session

    def forget_first(self: session.Session, game: object, seats: object, slot: object, *, save_first: bool,
                     keeping_save: bool = True) -> None:
        assert self.paths is not None
        discard_saved_game(self.paths.autosave)
        self._update_statistics(lambda statistics: statistics.record_game(game, seats))  # type: ignore[arg-type]

    monkeypatch.setattr(session.Session, "_count_finished", forget_first)
    assert power_cut.run_power_cuts(seed=1, before_end=2, after_end=1).losses


def test_the_kill_check_finds_lost_and_doubly_counted_games() -> None:
    problem = persistence._kill_problem  # the oracle itself under test
    assert problem((7, 30), [], [], (7, 30), set()) == ""
    assert "had been saved" in problem((7, 29), [], [], (7, 30), set())
    assert "was lost" in problem(None, [], [], (7, 30), set())
    assert "counted twice" in problem(None, ["7:90:1/2/3/4"] * 2, [], (7, 30), set())
    assert "not counted" in problem(None, [], [], None, {"7:90:1/2/3/4"})
