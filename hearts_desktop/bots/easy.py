"""Easy: a beginner's opponent that plays legally and plausibly but weakly.

It passes roughly its highest cards and plays, half the time, any card that is not an
outright blunder; the other half it follows one simple rule (duck under the winning card,
throw its worst card when void, lead its lowest card). It keeps no count of the cards
played and never thinks about the moon, so a beginner can beat it.
"""

from __future__ import annotations

import random

from ..engine import CARDS, Card, PlayerView
from ..engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, cards_of
from ..engine.rules import CARDS_PASSED
from ..words import Level
from .base import Bot, Cancel, SeatLevels, never_cancel
from .heuristics import QUEEN_BIT, below_in_suit, best_discard, highest, lowest, suit_mask_of, winning_card

RANDOM_SHARE = 0.5
"""How often Easy plays any sensible card instead of following its simple rule."""
PASS_JITTER = 5.0
"""Ranks of noise added before passing the highest cards: it passes them only roughly."""


class EasyBot(Bot):
    level = Level.EASY

    def choose_pass(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel
    ) -> tuple[Card, ...]:
        ranked = sorted(view.cards(), key=lambda c: c.rank + rng.uniform(0.0, PASS_JITTER), reverse=True)
        return tuple(ranked[:CARDS_PASSED])

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        legal = view.legal
        if not legal & (legal - 1):
            return CARDS[lowest(legal)]
        if rng.random() < RANDOM_SHARE:
            return rng.choice(cards_of(sensible_cards(view)))
        return CARDS[_simple_rule(view)]


def sensible_cards(view: PlayerView) -> int:
    """The legal cards minus outright blunders: leading the queen, taking a trick with her,
    throwing away the jack of diamonds when it is worth -10."""
    legal = view.legal
    blunders = 0
    if not view.trick:
        blunders |= QUEEN_BIT
    elif legal & suit_mask_of(view.trick[0]):
        if winning_card(view.trick) < QUEEN_OF_SPADES:
            blunders |= QUEEN_BIT
    elif view.rules.tables.jack_bonus:
        blunders |= 1 << JACK_OF_DIAMONDS
    return legal & ~blunders or legal


def _simple_rule(view: PlayerView) -> int:
    legal = view.legal
    if not view.trick:
        return lowest(legal)
    if legal & suit_mask_of(view.trick[0]):
        ducks = legal & below_in_suit(winning_card(view.trick))
        return highest(ducks) if ducks else lowest(legal)
    return best_discard(view.rules.tables, legal, view.hand, view.unseen_mask)
