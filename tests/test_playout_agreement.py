"""The playout-agreement benchmark: arena journals keep every card, replay to the same
scores, and the benchmark prints its figures for each strong player on a tiny input."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from benchmarks.arena import replay, run_arena
from benchmarks.playout_agreement import SITUATIONS, ask, main, read_journal
from benchmarks.playout_agreement import Agreement as Tallies
from hearts_desktop.engine import Ruleset
from hearts_desktop.engine.cards import parse_cards

from .helpers import deal_with, play

LINEUP = ("hard", "easy", "sparring:30", "medium")


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("journal") / "games.jsonl"
    run_arena(LINEUP, hands=2, seed=5, journal=path)
    return path


def test_a_journal_replays_every_rotation_to_its_recorded_scores(journal: Path) -> None:
    header, records = read_journal(journal)
    rules = Ruleset()
    for record in records:
        states = [d.state for d in replay(rules, header["lineup"], header["seed"], record)]
        assert len(states) == rules.players * rules.tables.tricks_per_hand * len(record.plays)
        for rotation, plays in enumerate(record.plays):
            last = states[(rotation + 1) * len(plays) - 1]
            last.play(plays[-1])
            assert last.result is not None
            assert list(last.result.points) == [record.points[rotation][(seat - rotation) % 4] for seat in range(4)]


def test_the_benchmark_prints_each_strong_players_figures(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = journal.parent / "old.jsonl"  # a journal from before the cards were kept
    header, records = read_journal(journal)
    lines = [json.dumps(header)] + [json.dumps({**asdict(r), "passes": [], "plays": []}) for r in records]
    old.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main([journal, old], as_json=True) == 0
    printed = capsys.readouterr().out
    figures = json.loads(printed.splitlines()[-1])
    assert "passed over: old.jsonl (no cards kept)" in printed
    every = figures["situations"]["every decision"]
    assert set(every) == {"hard", "sparring:30"}  # Easy and Medium are no yardstick
    for situation in SITUATIONS:
        assert situation.name in printed
        for tally in figures["situations"][situation.name].values():
            assert 0 <= tally["medium_agrees"] <= tally["decisions"]
            assert 0 <= tally["fast_agrees"] <= tally["decisions"]
    cards_each = 2 * 4 * 13  # two deals, four rotations, thirteen cards
    for player, tally in every.items():
        assert 0 < tally["decisions"] <= cards_each
        not_following = sum(figures["situations"][name].get(player, {"decisions": 0})["decisions"]
                            for name in ("lead", "discard, void in the suit led"))
        assert not_following < tally["decisions"]  # the rest follow suit


def test_the_queen_under_anothers_ace_is_a_situation_with_a_textbook_act() -> None:
    """Seat 3 holds the king and queen of spades under seat 2's ace: dropping the queen is the
    textbook card, and both rule sets play it."""
    hands = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC 2S 2D 3D 4D",
             1: "JC QC KC AC 3S 5S 6S 5D 6D 7D 8D 9D TD",
             2: "AS 7S 8S 9S JD QD KD AD TH JH QH KH AH",
             3: "KS QS 4S TS JS 2H 3H 4H 5H 6H 7H 8H 9H"}  # seat 1 wins the clubs and leads a spade
    state = deal_with(Ruleset(), hands)
    play(state, "2C JC JD JS  3S AS")
    tallies = Tallies()
    ask(tallies, state.rules, state, "sparring", parse_cards("QS")[0])
    queen = tallies.tallies["queen under a higher spade (drops her?)"]["sparring"]
    assert queen.decisions == 1
    assert queen.acts == [1, 1, 1]  # the player, Medium's rules and the fast rules dropped her
    assert queen.medium == queen.fast == 1
    assert not tallies.tallies["follow, points on the trick"]
