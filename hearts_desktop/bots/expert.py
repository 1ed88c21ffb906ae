"""Expert: a deeper determinized search that plays the scoreboard, shoots moons and passes by
simulation.

What makes it stronger than Hard:

* **Search**: several times Hard's deals per decision (a fixed count, so a seeded game
  replays the same on any machine), stopping early only
  when the best card is clear (or nothing depends on the choice), and Medium's own
  cost-weighing rules for every seat in the trick after the decision, where the playout
  policy matters most. The fast rules finish the hand: Medium's rules to the end model a
  club player better but cost ten times as much, and measured against three Hard the lost
  deals cost more than the better model won (see ``benchmarks/arena_ladder.txt``).
  Seats the table shows as Medium are the exception: for them its rules are not a model
  but the truth, so they play them to the end.
* **Reading the players**: the deals it imagines agree with everything seen, and those
  of players its own plays suggest are unlikely are rarer. Seats the table shows as Medium
  computer players are read exactly: Medium's rules are fixed, so each imagined deal is
  repaired until those seats, replayed, would have played what they did
  (``opponent_model``). Against other levels and people it reads only the cards, and one
  sign more: a seat that reads as a shooter (a lone taker of a third of the points, or one
  that passed us only low cards) gets a shooter's hand more often than an even share
  (``ShooterReadingSampler``), and runs its moon in the playouts from its first point.
* **Moons**: whenever no opponent has taken a penalty card it also tries every card with
  itself playing for the moon to the end, against defenders who notice the run once the
  points taken show it, as players at the table do, and keeps that plan if it is sure
  enough and pays clearly better. Moon defence comes from the playouts: a card that lets
  someone run the table scores badly.
* **The game, not just the hand**: an outcome is scored by its effect on our chance to win
  the game (``Scoreboard``): far from the end that is our points against the others', near
  the end it pushes points onto the player whose total threatens us and ends the game when
  we are the single lowest. Variant rules (the jack, spot values, Black Maria spades, 3 and
  5 players, the kitty) enter through the engine's own scoring of every playout.
* **Passing**: it plays out the hand after each of the most promising passes, with the
  others passing as Medium does, and passes what leads to the best result, keeping Medium's
  choice unless another is clearly better.

Like Hard it is stateless between decisions and cheap to build, so the UI runs it in a
worker process (a second of search would otherwise stall the render loop);
``cancel`` is checked after every deal and the best answer so far is returned.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from ..engine import CARDS, Card, HandState, MoonScoring, PlayerView, Ruleset
from ..engine.rules import CARDS_PASSED
from ..words import Level
from .base import Bot, Cancel, SeatLevels, never_cancel
from .inference import DealSampler
from .knowledge import Knowledge
from .medium import count_losers, medium_pass, pass_priority
from .moon import moon_possible
from .opponent_model import READ_DANGER, ShooterReadingSampler, modelled_seats
from .search import (
    Budget,
    MediumLookahead,
    SearchResult,
    defended,
    paired_gap,
    play_out,
    policy_play,
    search_play,
    settled,
)

EXPERT_BUDGET = Budget(max_deals=300, min_deals=64, confidence=3.0, safety_seconds=10.0)
PASS_BUDGET = Budget(max_deals=192, min_deals=96, confidence=3.0, safety_seconds=10.0)
"""Counted in deals, where the Expert's strength against its budget flattens: against three
sparring partners 300 deals a card beat 150 by 0.93 points a hand, [0.23, 1.63] over 196
paired deals, and 600 or 1,200 beat 300 by nothing measurable (``benchmarks/moon_shooter.txt``).
The seconds are only a safety cap."""
EXPERT_LOOKAHEAD = 1
"""Tricks after the decision in which every seat plays Medium's rules in the playouts."""
EXPERT_MOON_SHARE = 0.3
"""Share of the points a lone taker holds from which, in the Expert's playouts, it runs the
moon and the others stop it (Hard's playouts wait for 0.6). A strong shooter is on its way
long before it holds most of the points; against three shooters (``bench/opponents.py``)
this made the Expert 1.1 points a hand better, [0.26, 1.93] over 99 paired deals, its
opponents' moons 46 -> 38 and its own 6 -> 15 (``benchmarks/moon_shooter.txt``)."""
PASS_ROUND = 16
"""Deals between halvings of the passes still in the running (and checks for a settled answer)."""
PASS_POOL = 6
"""Passes are chosen among the triples of this many cards Medium most wants to pass."""
PASS_MARGIN = 1.5
"""Standard errors by which another pass must beat Medium's before we prefer it."""
MOON_LOSERS = 3
"""At most this many likely losing cards in hand before a moon is worth simulating."""
MOON_SUCCESS = 0.75
"""Share of playouts a moon plan must win before we commit to it."""
MOON_MARGIN = 1.5
"""Points (of expected value) a moon plan must gain over the best ordinary card."""


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """Scores a hand's outcome by how it changes our chance of winning the game.

    Each player's chance is modelled as a softmax of minus their total, with a spread that
    grows with the hands likely left (the game ends when someone reaches the target); an
    outcome that ends the game is a win only for the single lowest total. The chance is
    expressed in points (scaled so that, early on, one point of ours weighs one point),
    lower being better, so it averages and compares like the Hard player's points.
    """

    totals: tuple[int, ...]
    target: int
    per_hand: float
    """Points a player takes in an average hand."""

    @classmethod
    def of(cls, view: PlayerView) -> Scoreboard:
        t = view.rules.tables
        return cls(tuple(view.totals), view.rules.target, t.penalty_total / t.players)

    def spread(self, totals: Sequence[int]) -> float:
        """How far totals may still move before the game ends (in points)."""
        hands_left = max(1.0, (self.target - max(totals)) / self.per_hand)
        return 1.2 * self.per_hand * math.sqrt(hands_left)

    def win_chance(self, totals: Sequence[int], seat: int) -> float:
        lowest = min(totals)
        if max(totals) >= self.target:
            if totals[seat] != lowest:
                return 0.0
            return 1.0 / totals.count(lowest)  # a tie for lowest plays on: a coin toss
        spread = self.spread(totals)
        weights = [math.exp((lowest - t) / spread) for t in totals]
        return weights[seat] / sum(weights)

    def utility(self, points: Sequence[int], seat: int) -> float:
        n = len(points)
        after = [t + p for t, p in zip(self.totals, points)]
        scale = n * n * self.spread(self.totals) / (n - 1)
        return -scale * self.win_chance(after, seat)


def expert_policy(rules: Ruleset, medium_seats: tuple[int, ...] = ()) -> MediumLookahead:
    """The playout policy of the Expert's card search: Medium's rules for the next trick (to
    the end for ``medium_seats``), moons run and stopped from ``EXPERT_MOON_SHARE``, and from
    the first point of a seat whose hand its deals read as a shooter's (``READ_DANGER``)."""
    policy = MediumLookahead(rules, EXPERT_LOOKAHEAD, EXPERT_MOON_SHARE, medium_seats)
    policy.suspect_danger = READ_DANGER
    policy.suspect_runs = True
    return policy


class ExpertBot(Bot):
    level: ClassVar[Level] = Level.EXPERT

    def __init__(self, budget: Budget = EXPERT_BUDGET, pass_budget: Budget = PASS_BUDGET,
                 read: Callable[[PlayerView], Knowledge] | None = None) -> None:
        self.budget = budget
        self.pass_budget = pass_budget
        self.read = read
        """What the card search knows of the hidden hands; None: what the view shows
        (``Knowledge.from_view``). A benchmark shows it more, to measure what reading is worth."""

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        return self.search(view, rng, cancel, seat_levels).best.card

    def search(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> SearchResult:
        """Every distinct legal card with its playout statistics, best first."""
        medium_seats = modelled_seats(view, seat_levels)
        policy = expert_policy(view.rules, medium_seats)
        knowledge = self.read(view) if self.read else Knowledge.from_view(view)
        sampler = ShooterReadingSampler(view, medium_seats, knowledge)
        result = search_play(
            view, rng, cancel, self.budget, policy, Scoreboard.of(view).utility, sampler,
            moon_attempts=moon_worth_trying(view, knowledge),
        )
        if result.deals == 0 and len(result.candidates) > 1:
            card = policy_play(view, rng, policy, sampler)
            result.candidates.sort(key=lambda s: card not in s.equivalents)
        elif result.best.attempt and not _moon_is_on(result):
            result.candidates.sort(key=lambda s: s.attempt)  # stable: the best safe card first
        return defended(view, result)

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return self.rank_passes(view, rng, cancel)[0].cards

    def rank_passes(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> list[PassStats]:
        """Candidate passes with their simulated outcomes, the one to pass first."""
        t = view.rules.tables
        moon_on = view.rules.moon is not MoonScoring.OFF
        usual = tuple(CARDS[c] for c in medium_pass(t, view.hand, moon_on))
        pool = sorted(view.cards(), key=lambda c: -pass_priority(t, c, view.hand))[:PASS_POOL]
        triples = {usual} | {
            tuple(sorted(triple, key=lambda c: pass_priority(t, c, view.hand)))
            for triple in combinations(pool, CARDS_PASSED)
        }
        candidates = [PassStats(usual)] + [PassStats(tr) for tr in sorted(triples) if tr != usual]
        sampler = DealSampler(view)
        policy = MediumLookahead(view.rules, 0)
        utility = Scoreboard.of(view).utility
        budget = self.pass_budget
        start = time.perf_counter()
        deals = 0
        alive = candidates
        while deals < budget.max_deals and not cancel():
            if deals >= budget.min_deals and (
                (deals % PASS_ROUND == 0 and settled([s.values for s in alive], budget))
                or budget.out_of_time(start)
            ):
                break
            deal = sampler.sample(rng)
            their_passes = {
                s: medium_pass(t, deal.hands[s], moon_on) for s in range(view.players) if s != view.seat
            }
            for stats in alive:
                state = HandState(view.rules, deal.hands, deal.kitty, view.direction)
                state.pass_cards(view.seat, stats.cards)
                for seat, cards in their_passes.items():
                    state.pass_cards(seat, cards)
                stats.values.append(utility(play_out(state, policy, 0), view.seat))
            deals += 1
            if deals % PASS_ROUND == 0 and len(alive) > 2:
                alive = _halve(alive)
        return _rank(candidates, alive)


@dataclass(slots=True)
class PassStats:
    """Simulated outcomes after passing ``cards``, deal by deal."""

    cards: tuple[Card, ...]
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0


def _halve(alive: list[PassStats]) -> list[PassStats]:
    """Keep Medium's pass and the better half of the others (successive halving)."""
    usual, others = alive[0], sorted(alive[1:], key=lambda s: s.mean)
    return [usual] + others[: max(1, len(others) // 2)]


def _rank(candidates: list[PassStats], alive: list[PassStats]) -> list[PassStats]:
    """Best first: another pass goes ahead of Medium's only when clearly better."""
    usual = candidates[0]
    challenger = min(alive[1:], key=lambda s: s.mean, default=None)
    if challenger is not None:
        gap, error = paired_gap(challenger.values, usual.values)
        if gap + PASS_MARGIN * error < 0:
            return [challenger, usual] + [s for s in candidates if s is not challenger and s is not usual]
    return candidates


def _moon_is_on(result: SearchResult) -> bool:
    """Whether the best moon plan is sure enough, and worth enough more, to commit to.

    A failed moon costs nearly every point in the hand, and the playouts' defenders are
    weaker than real ones, so a plan needs most of its playouts to succeed and a clear
    margin over the best ordinary card.
    """
    plan = result.best
    safe = min((c.mean_utility for c in result.candidates if not c.attempt), default=math.inf)
    return plan.share(plan.moons_shot) >= MOON_SUCCESS and safe - plan.mean_utility >= MOON_MARGIN


def moon_worth_trying(view: PlayerView, knowledge: Knowledge) -> bool:
    """Whether to simulate a moon: it is still possible (nobody else has won a moon card, and
    none we passed away is out of our reach) and our hand is strong."""
    return moon_possible(view, view.seat) and count_losers(view.hand, knowledge.unseen) <= MOON_LOSERS

