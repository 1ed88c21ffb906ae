"""Hints: the coach's best move for the player's seat, with a reason that names the facts."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hearts_desktop.bots import Hint, make_bot
from hearts_desktop.coach.hint import hint
from hearts_desktop.coach.review import CoachBudget, Mark, judge_pass, judge_play
from hearts_desktop.engine import (
    PRESETS,
    Game,
    MoonAction,
    MoonScoring,
    PassAction,
    Phase,
    PlayAction,
    Ruleset,
    view_of,
)
from hearts_desktop.engine.rules import PassDirection
from hearts_desktop.words import Level

from .helpers import deal_with
from .test_search_bots import FIRST_TRICK, MOON_DEAL, MOON_TRICKS, SPADES_DEAL, after

QUICK = CoachBudget(first=48, batch=48, most=96, pass_screen=8)
AGREEMENT = CoachBudget(first=96, batch=96, most=384, pass_screen=16)


def quick_hint(view: object) -> Hint:
    return hint(view, random.Random(1), budget=QUICK)  # type: ignore[arg-type]


def test_a_play_hint_dumps_the_queen_and_says_why() -> None:
    result = quick_hint(after(SPADES_DEAL, FIRST_TRICK + " KC"))
    assert result.action == PlayAction(0, result.cards[0]) and str(result.cards[0]) == "QS"
    assert result.reason.startswith("Dump the queen of spades: you are void in clubs.")


def test_a_duck_hint_names_the_card_to_duck_under_and_the_danger() -> None:
    result = quick_hint(after(SPADES_DEAL, FIRST_TRICK + " JS"))
    assert str(result.cards[0]) == "2S"
    assert result.reason.startswith("Duck under the jack of spades: your queen would win this trick unless")


def test_a_moon_stopping_hint_names_the_shooter() -> None:
    result = quick_hint(after(MOON_DEAL, MOON_TRICKS))
    assert str(result.cards[0]) == "9H"
    assert "the player on your left has every point so far" in result.reason


def test_a_pass_hint_gives_three_cards_and_the_danger_they_remove() -> None:
    hand = "QS AH KH 2C 5C 9C 3D 8D JD 4H 7H 9H TC"
    state = deal_with(Ruleset(), {0: hand}, direction=PassDirection.LEFT)
    result = quick_hint(view_of(state, 0))
    assert isinstance(result.action, PassAction) and len(set(result.cards)) == 3
    assert {str(c) for c in result.cards} <= set(hand.split())
    assert "QS" in {str(c) for c in result.cards}
    assert result.reason.endswith("you hold no low spade to guard the queen.")


def test_a_forced_card_says_it_is_forced() -> None:
    state = deal_with(Ruleset(), {})
    result = quick_hint(view_of(state, state.turn))
    assert str(result.cards[0]) == "2C"
    assert result.reason == "The first trick must be led with the two of clubs."


def test_the_moon_choice_hint_explains_the_choice() -> None:
    view = Game(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE), 1).view(0)
    choosing = replace(view, phase=Phase.MOON_CHOICE, moon_chooser=0, totals=(90, 20, 60, 70))
    result = quick_hint(choosing)
    assert result.action == MoonAction(0, MoonScoring.SUBTRACT_FROM_SHOOTER) and result.cards == ()
    assert "26" in result.reason


def test_no_hint_when_the_seat_has_nothing_to_decide() -> None:
    state = deal_with(Ruleset(), {})
    with pytest.raises(ValueError):
        quick_hint(view_of(state, (state.turn + 1) % 4))


ONE_LINE = 180
"""Characters a hint's reason stays under: a run-on sentence is a bug. The longest seen is a
moon-defence lead with its note, 173 ("Lead the ten of hearts: the player on your left has
every point so far, and a heart taken by anyone else stops the moon. (Expected points: ...")."""


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.key)
def test_every_hint_in_a_hand_is_legal_and_one_readable_line(preset: object) -> None:
    rules = preset.rules  # type: ignore[attr-defined]
    game = Game(rules, 21)
    fast = CoachBudget(first=6, batch=6, most=6, pass_screen=2)
    rng = random.Random(21)
    while game.hand_index == 0:
        seat = game.to_act()[0]
        result = hint(game.view(seat), rng, budget=fast)
        assert "\n" not in result.reason and result.reason[-1] in ".)"
        assert len(result.reason) < ONE_LINE, result.reason
        game.apply(result.action)  # refuses anything illegal


def test_the_review_marks_the_hints_choice_best_on_the_same_views() -> None:
    """Issue 42: the Hint said the four of spades and the review called it an inaccuracy.
    The Hint is now the review's own judgement, so on every view of a hand at a table of
    Medium computers the review, with its own deals, marks the Hint's choice best."""
    game = Game(Ruleset(), 8)
    medium = make_bot(Level.MEDIUM)
    rng = random.Random(8)
    marks: list[Mark] = []
    while game.hand_index == 0:
        seat = game.to_act()[0]
        view = game.view(seat)
        if seat == 0:
            suggested = hint(view, random.Random(len(marks)), budget=AGREEMENT)
            judged = (judge_pass(view, suggested.cards, random.Random(-len(marks)), AGREEMENT)
                      if isinstance(suggested.action, PassAction)
                      else judge_play(view, suggested.cards[0], random.Random(-len(marks)), AGREEMENT))
            marks.append(judged.mark)
        game.apply(medium.decide(view, rng))
    assert len(marks) == 14
    assert marks == [Mark.BEST] * 14
