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

from ..engine import CARDS, Card, PlayerView
from ..words import Level
from .base import Bot, Cancel, SeatLevels, never_cancel
from .expert import MOON_SUCCESS
from .inference import DealSampler
from .medium import MediumBot
from .search import Budget, CandidateStats, PlayoutPolicy, defended, policy_play, runner_lead, search_play

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
        # Not the early take: against three sparring partners it cost Hard 0.30 points a hand
        # [0.15, 0.45] over 200 paired deals (benchmarks/arena_outside.txt).
        defended(view, result, active=False)
        if not view.trick and shoots(result.best):
            return self.run_lead(view, rng, cancel, policy, sampler) or result.best.card
        return result.best.card

    def run_lead(self, view: PlayerView, rng: random.Random, cancel: Cancel, policy: PlayoutPolicy,
                 sampler: DealSampler) -> Card | None:
        """Leading in a moon run: the runner's lead (its sure side winners before the hearts,
        ``runner_lead``) if the run still shoots after it, searched with our seat running
        from here; None if it does not.

        Hard's playouts run our moon only past a share of the points, so the leads that reach
        it at once, the hearts, looked best (issue 24's hand), and over its few deals leads
        that all shoot tie and the lowest card won: a club nobody else held, leading from 21
        points and the top heart.
        """
        lead = CARDS[runner_lead(view.legal, view.unseen_mask)]
        result = search_play(view, rng, cancel, self.budget, policy, sampler=sampler, moon_attempts=True)
        run = next(c for c in result.candidates if c.attempt and lead in c.equivalents)
        return lead if shoots(run) else None


def shoots(stats: CandidateStats) -> bool:
    """Whether a candidate's playouts shoot the moon in most deals (see ``MOON_SUCCESS``)."""
    return stats.share(stats.moons_shot) >= MOON_SUCCESS
