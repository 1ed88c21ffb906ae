"""The claim checker of ``python -m benchmarks claims``: it catches each false sentence the
issue found, and a short run of arena decisions makes no false claim."""

from __future__ import annotations

import json

import pytest

from benchmarks.__main__ import main
from benchmarks.claims import Said, claims_in
from hearts_desktop.engine import parse_cards, view_of
from hearts_desktop.engine.rules import PassDirection

from .helpers import deal_with
from .test_coach_facts import STANDARD, card, queen_played, right_out_of_spades


def verdicts(said: Said) -> list[tuple[str, bool]]:
    return list(claims_in(said))


def test_the_checker_catches_the_false_sentences_of_the_issue() -> None:
    view = queen_played()
    old = "Throw the king of spades: you are void in diamonds and the queen is still out to catch it."
    assert verdicts(Said(view, old, (card("KS"),), None)) == [
        ("you are void in a suit", True), ("the queen is still out", False)]
    hand = deal_with(STANDARD, {0: "AH KH 7D 9C 6C 2C 3C 2D 3D 4D 2S 3S 4S"}, direction=PassDirection.LEFT)
    highest = "Pass the nine of clubs, the seven of diamonds and the six of clubs: they are your highest cards."
    assert verdicts(Said(view_of(hand, 0), highest, tuple(parse_cards("7D 9C 6C")), None)) == [
        ("the cards are your highest", False)]
    spades = right_out_of_spades()
    assert ("another player could hold the queen", False) in verdicts(Said(
        spades, "the player on your right is out of spades and could hold the queen.", (card("8C"),), None))
    note = "Lead the eight of clubs. (Expected points: 0.0; 1.0 with the three of diamonds.)"
    assert verdicts(Said(spades, note, (card("8C"),), card("KS"))) == [
        ("the expected points name the card played", False)]
    found = "Playing the king of spades costs 5.0 points more than the eight of clubs, on average."
    assert verdicts(Said(spades, found, (card("8C"),), card("KS"))) == [("a cost said as found", False)]


def test_a_short_run_of_arena_decisions_makes_no_false_claim(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["claims", "--decisions", "120", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert figures["decisions"] == 120 and figures["false_claims"] == 0
    assert figures["claims"] > 120 and len(figures["by_kind"]) >= 10
