"""Issue 42, part 2: the pass made is judged on the same deals as the coach's best, and the
best shown is one a player would consider, not the luckiest of a field of near-equals."""

from __future__ import annotations

import random

import pytest

from hearts_desktop.coach.review import judge_pass
from hearts_desktop.engine import Ruleset, parse_cards, view_of
from hearts_desktop.engine.rules import PassDirection

from .helpers import deal_with

LOW_HEARTS = "AH KH 7H 3H 2H 7D 9C 6C 2C 3D 4D 4S 5S"
"""The issue's hand: passing the two, three and seven of hearts keeps the ace and king
alone. The coach advised passing the seven of diamonds and the nine and six of clubs,
keeping both top hearts, the one thing a player would not do."""


@pytest.mark.parametrize("seed", range(3))
def test_the_best_pass_shown_never_keeps_both_top_hearts_bare(seed: int) -> None:
    view = view_of(deal_with(Ruleset(), {0: LOW_HEARTS}, direction=PassDirection.LEFT), 0)
    judgement = judge_pass(view, tuple(parse_cards("2H 3H 7H")), random.Random(seed))
    assert set(judgement.best.cards) & set(parse_cards("AH KH")), [str(c) for c in judgement.best.cards]


def test_the_pass_made_and_the_best_are_measured_on_the_same_deals() -> None:
    view = view_of(deal_with(Ruleset(), {0: LOW_HEARTS}, direction=PassDirection.LEFT), 0)
    judgement = judge_pass(view, tuple(parse_cards("2H 3H 7H")), random.Random(0))
    assert judgement.chosen in judgement.options
    assert len({len(o.values) for o in judgement.options}) == 1
