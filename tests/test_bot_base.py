"""The shared bot pieces: the moon choice by score and the deductions from a view."""

from __future__ import annotations

from dataclasses import replace

from hearts_desktop.bots.base import choose_moon_by_score
from hearts_desktop.bots.knowledge import Knowledge
from hearts_desktop.engine import Game, MoonScoring, PassAction, Ruleset, card, view_of
from hearts_desktop.engine.cards import SUIT_MASKS, Suit

from .helpers import deal_with, play


def test_moon_choice_adds_when_leading_and_subtracts_when_behind() -> None:
    view = Game(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE), 1).view(0)
    assert choose_moon_by_score(replace(view, totals=(10, 50, 60, 70))) is MoonScoring.ADD_TO_OTHERS
    assert choose_moon_by_score(replace(view, totals=(90, 20, 60, 70))) is MoonScoring.SUBTRACT_FROM_SHOOTER
    # 80 + 26 ends the game for seat 1 while we sit at 85: adding wins it for us.
    assert choose_moon_by_score(replace(view, totals=(85, 80, 90, 95))) is MoonScoring.ADD_TO_OTHERS


def test_knowledge_sees_voids_and_the_cards_we_passed() -> None:
    game = Game(Ruleset(), 3)
    passed = game.view(0).cards()[-3:]
    game.apply(PassAction(0, passed))
    for seat in (1, 2, 3):
        game.apply(PassAction(seat, game.view(seat).cards()[:3]))
    knowledge = Knowledge.from_view(game.view(0))
    for c in passed:
        assert knowledge.known[1] >> c & 1
    assert knowledge.unseen & game.view(0).hand == 0


def test_knowledge_from_failed_follows_and_first_trick_dumps() -> None:
    state = deal_with(Ruleset(), {1: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    play(state, "2C QS")
    k = Knowledge.from_view(view_of(state, 0))
    assert k.is_void(1, Suit.CLUBS)
    assert k.allowed[1] & ~(SUIT_MASKS[Suit.HEARTS]) == 0  # it held only point cards
    assert not k.allowed[1] >> card("QS") & 1  # played
    assert k.counts[1] == 12
