"""The moon autopsy reads from a journal the chances the defenders had against a moon."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.moon_autopsy import main

JOURNAL = Path(__file__).with_name("moon_autopsy.journal")
"""Two deals of the shooter against three Experts (arena, seed 1, deals 10 and 190), decision
times left out. In deal 10 (fourth rotation) the shooter leads the seven of spades in the fifth
trick and the Expert after it plays the four holding the ace, with a heart thrown on the
trick: a point trick it could have overtaken. In deal 190 (second rotation) an Expert, void in
spades, plays the ace of diamonds on another Expert's winning five of spades after the
shooter: a heart there would have ended the moon. Both moons were shot."""


def test_the_autopsy_finds_the_overtake_and_the_heart_that_could_have_been_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(JOURNAL), "--json"]) == 0
    out = capsys.readouterr().out.splitlines()
    figures = json.loads(out[-1])
    assert figures["moons"] == 2
    assert figures["with_overtake"] == 1 and figures["first_overtake_trick"] == {"5": 1}
    assert figures["with_feed"] == 1 and figures["with_neither"] == 0
    assert figures["defenders_tricks"] == {"3": 1, "4": 1}
    assert out[0] == "moons and sweeps of the entry: 2"
    # Both shooters were the lone taker from their second trick won (deal 10: the king of
    # clubs, then the seven of spades with a heart on it) to their eighth; in deal 10 to its ninth.
    assert [figures["lone_taker"][str(won)][1] for won in range(2, 10)] == [2, 2, 2, 2, 2, 2, 2, 1]
    assert "1" not in figures["lone_taker"] or figures["lone_taker"]["1"][1] == 0


def test_the_autopsy_of_an_entry_that_never_shot_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(JOURNAL), "--entry", "2", "--json"]) == 0
    assert '"moons": 0' in capsys.readouterr().out


def test_a_file_that_is_not_a_journal_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "notes.txt"
    garbage.write_text("not json\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main([str(garbage)])
    assert stopped.value.code == 2
    assert "is not an arena journal we can read" in capsys.readouterr().err
