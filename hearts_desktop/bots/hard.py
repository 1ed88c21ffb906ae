"""Hard: determinized Monte Carlo search with a club player's rules as the playout policy.

For each decision it deals the unseen cards a few dozen ways consistent with what it has
seen, plays each distinct legal card out to the end of the hand in every deal with the
fast playout rules, and keeps the card with the best mean outcome (its points against the
others' mean, moons included). Passing is Medium's: the rules of thumb of a club player.
The small budget is deliberate: it is a quick thinker that clearly beats Medium, and the
Expert's far deeper search is what sets it apart.

The bot holds no state between decisions and its constructor takes no arguments beyond
the budget, so it pickles and rebuilds cheaply in a worker process; the UI runs it there
so a long think never starves the render loop. ``cancel`` is checked after every deal.
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..engine import Card, PlayerView
from ..words import Level
from .base import Bot, Cancel, SeatLevels, never_cancel
from .inference import DealSampler
from .medium import MediumBot
from .search import Budget, PlayoutPolicy, policy_play, search_play

HARD_BUDGET = Budget(max_deals=40, min_deals=12, confidence=3.0, safety_seconds=2.0)
"""Counted in deals (its 95th-percentile decision stays under 0.4 s on a loaded 2-core
machine); the seconds are only a safety cap, so a seeded game replays the same anywhere."""


class HardBot(Bot):
    level: ClassVar[Level] = Level.HARD

    def __init__(self, budget: Budget = HARD_BUDGET) -> None:
        self.budget = budget

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return MediumBot().choose_pass(view, rng, cancel)

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        policy = PlayoutPolicy(view.rules)
        sampler = DealSampler(view)
        result = search_play(view, rng, cancel, self.budget, policy, sampler=sampler)
        if result.deals == 0 and len(result.candidates) > 1:
            return policy_play(view, rng, policy, sampler)
        return result.best.card
