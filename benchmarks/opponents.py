"""Opponents from outside the family, for measuring the levels: never offered as a level.

Our levels were tuned against each other, so beating one another says little about
strength. These two play the way players we did not write do, from published
descriptions rather than from our bots:

* ``RuleBot`` ("rules"), a floor: pass the dangerous cards, duck when you can, dump the
  queen and high hearts when void, and never defend against a moon.
* ``SparringPartner`` ("sparring"), the strong published design (Sturtevant's PIMC+UCT
  player): perfect-information Monte Carlo over sampled worlds, with a UCT search in each
  world in which every seat maximises its own score (max^n), and a playout policy that
  avoids points and stops a player who has taken every point so far. About 10,000
  simulations a move by default (``sparring:N`` in an arena line-up sets N), counted, so a
  seeded run replays exactly.

Both read only the ``PlayerView``, as every bot does; the worlds are the plausible deals
of our card inference (voids shown, cards passed), which is public reasoning, not a level.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from hearts_desktop.bots import Bot, Cancel, SeatLevels, make_bot, never_cancel
from hearts_desktop.bots.heuristics import QUEEN_BIT, winning_card
from hearts_desktop.bots.inference import DealSampler, position_of
from hearts_desktop.engine import CARDS, Card, HandState, MoonAction, MoonScoring, Phase, PlayerView
from hearts_desktop.engine.cards import QUEEN_OF_SPADES, SUIT_MASKS, Suit, iter_bits
from hearts_desktop.engine.rules import CARDS_PASSED, RuleTables
from hearts_desktop.words import Level

HEARTS = SUIT_MASKS[Suit.HEARTS]
SPADES = SUIT_MASKS[Suit.SPADES]
HIGH_SPADES = SPADES & ~((1 << QUEEN_OF_SPADES) - 1)  # queen, king and ace


RANK_MASKS = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))
"""Every suit's card of each rank: the rank scans below test a rank at a time, which the
playouts (the arena's hot path) do far faster than sorting cards by a key."""


def _rank(card: int) -> int:
    return card % 13


def top_by_rank(mask: int, below: int = 13) -> int:
    """The card of highest rank under ``below`` in ``mask`` (any suits; ties go to the later
    suit), or -1 if there is none."""
    for rank in range(below - 1, -1, -1):
        if of_rank := mask & RANK_MASKS[rank]:
            return of_rank.bit_length() - 1
    return -1


def bottom_by_rank(mask: int, above: int = -1) -> int:
    """The card of lowest rank over ``above`` in ``mask`` (ties go to the earlier suit), or -1."""
    for rank in range(above + 1, 13):
        if of_rank := mask & RANK_MASKS[rank]:
            return (of_rank & -of_rank).bit_length() - 1
    return -1


def pass_by_danger(hand: int, count: int = CARDS_PASSED) -> tuple[Card, ...]:
    """The queen, king and ace of spades, then the highest hearts, then the highest cards."""
    chosen: list[int] = []
    for group in (hand & HIGH_SPADES, hand & HEARTS, hand):
        for card in sorted(iter_bits(group & ~sum(1 << c for c in chosen)), key=lambda c: -_rank(c)):
            if len(chosen) < count:
                chosen.append(card)
    return tuple(CARDS[c] for c in chosen)


def rule_card(hand: int, legal: int, trick: tuple[int, ...], points: int, last: bool) -> int:
    """The rule player's card: lead low, follow under the winner, dump danger when void.

    ``points`` are the cards that score (to know what to dump); ``last`` says whether
    nobody plays after us in this trick.
    """
    if not trick:
        safe = legal & ~HEARTS & ~QUEEN_BIT
        return bottom_by_rank(safe or legal)
    led = SUIT_MASKS[trick[0] // 13]
    if legal & led:
        under = top_by_rank(legal & led, _rank(winning_card(trick)))
        if under >= 0:
            return under  # duck as high as we can
        if last and not any(1 << c & points for c in trick):
            return top_by_rank(legal)  # a free trick: win it with our highest
        return top_by_rank(legal & ~QUEEN_BIT) if legal & ~QUEEN_BIT else top_by_rank(legal)
    if legal & QUEEN_BIT:
        return QUEEN_OF_SPADES
    for group in (legal & HIGH_SPADES, legal & HEARTS):
        if group:
            return top_by_rank(group)
    return top_by_rank(legal)


class RuleBot(Bot):
    """The floor of the ladder: simple rules, and no moon defence at all."""

    level: ClassVar[Level | None] = None

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return pass_by_danger(view.hand)

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        last = len(view.trick) == view.players - 1
        points = view.rules.tables.scoring_mask
        return CARDS[rule_card(view.hand, view.legal, tuple(view.trick), points, last)]


# ----------------------------------------------------------------- the sparring partner


def runner_of(state: HandState, t: RuleTables) -> int | None:
    """The one seat that has taken every point card taken so far (at least one), if any:
    the player the others must stop from shooting the moon."""
    runner = None
    for seat in range(state.n):
        if state.taken[seat] & t.moon_mask:
            if runner is not None:
                return None
            runner = seat
    return runner


def playout_card(state: HandState, t: RuleTables, rng: random.Random, explore: float = 0.1) -> int:
    """The simulated players' card: the rules above, except that when one seat is running
    the points, the others take a point trick from it when they can; a little randomness
    keeps the simulations varied."""
    legal = state.legal_mask()
    if rng.random() < explore:
        return rng.choice(list(iter_bits(legal)))
    seat, trick = state.turn, tuple(state.trick)
    runner = runner_of(state, t)
    if runner is not None and runner != seat and trick:
        winning = winning_card(trick)
        led = SUIT_MASKS[trick[0] // 13]
        by_runner = trick.index(winning) == (runner - state.leader) % state.n
        over = bottom_by_rank(legal & led, _rank(winning))
        if by_runner and over >= 0:
            return over  # stop the run with the cheapest winner
        if not legal & led and by_runner:
            return bottom_by_rank(legal & ~t.moon_mask or legal)  # no points onto the runner
    last = len(trick) == state.n - 1
    return rule_card(state.hands[seat], legal, trick, t.scoring_mask, last)


def finish(state: HandState, t: RuleTables, rng: random.Random) -> tuple[int, ...]:
    """Play the hand out with the playout policy; every seat's points."""
    while state.phase is Phase.PLAYING:
        state.play(playout_card(state, t, rng))
    for chooser in state.to_act():  # a moon's shooter adds to the others (same gaps either way)
        state.apply(MoonAction(chooser, MoonScoring.ADD_TO_OTHERS))
    assert state.result is not None
    return state.result.points


@dataclass(slots=True)
class Node:
    """A position in one world's UCT tree: the seat to move and its tried moves."""

    seat: int
    untried: list[int]
    children: dict[int, Node] = field(default_factory=dict)
    visits: int = 0
    rewards: list[float] = field(default_factory=list)
    """Summed rewards of every seat over the simulations through this node."""


def _node(state: HandState) -> Node:
    playing = state.phase is Phase.PLAYING
    return Node(state.turn, list(iter_bits(state.legal_mask())) if playing else [], rewards=[0.0] * state.n)


def uct_values(root_state: HandState, simulations: int, rng: random.Random, exploration: float) -> dict[int, float]:
    """Each root move's mean reward for the seat to move, after ``simulations`` UCT
    simulations in this perfect-information world (max^n: each seat picks for itself)."""
    t = root_state.t
    scale = t.penalty_total
    root = _node(root_state)
    for _ in range(simulations):
        state = root_state.copy()
        path = [root]
        node = root
        while not node.untried and node.children:  # select: the first child of highest UCB
            log_n = math.log(node.visits)
            seat = node.seat
            best_card, best, best_value = -1, node, -math.inf
            for card, child in node.children.items():
                value = child.rewards[seat] / child.visits + exploration * math.sqrt(log_n / child.visits)
                if value > best_value:
                    best_card, best, best_value = card, child, value
            node = best
            state.play(best_card)
            path.append(node)
        if node.untried:  # expand
            card = node.untried.pop(rng.randrange(len(node.untried)))
            state.play(card)
            child = _node(state)
            node.children[card] = child
            path.append(child)
        points = finish(state, t, rng)
        for visited in path:  # back up every seat's reward
            visited.visits += 1
            for s in range(len(points)):
                visited.rewards[s] -= points[s] / scale
    return {card: child.rewards[root.seat] / child.visits for card, child in root.children.items()}


class SparringPartner(Bot):
    """PIMC over ``worlds`` sampled deals with ``simulations`` UCT simulations in all."""

    level: ClassVar[Level | None] = None

    def __init__(self, simulations: int = 10_000, worlds: int = 30, exploration: float = 0.7) -> None:
        self.simulations = simulations
        self.worlds = worlds
        self.exploration = exploration

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return pass_by_danger(view.hand)  # the published players pass by rules too

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        legal = view.legal_cards()
        if len(legal) == 1:
            return legal[0]
        sampler = DealSampler(view)
        totals = dict.fromkeys((int(c) for c in legal), 0.0)
        per_world = max(len(legal), self.simulations // self.worlds)
        for _ in range(self.worlds):
            if cancel():
                break
            world = position_of(view, sampler.sample(rng))
            for card, value in uct_values(world, per_world, rng, self.exploration).items():
                totals[card] += value
        return CARDS[max(totals, key=lambda c: (totals[c], -c))]


OPPONENTS: dict[str, Callable[[int | None], Bot]] = {
    "rules": lambda _simulations: RuleBot(),
    "sparring": lambda simulations: SparringPartner(simulations or 10_000),
}
"""The outside opponents by their arena names; ``sparring:N`` passes N simulations."""


def make_player(name: str) -> Bot:
    """A bot by arena name: one of our levels, ``rules``, ``sparring`` or ``sparring:N``."""
    if name in tuple(Level):
        return make_bot(Level(name))
    base, _, count = name.partition(":")
    if base not in OPPONENTS or (count and not count.isdigit()):
        raise ValueError(f"unknown player {name!r}; choose from {', '.join([*Level, *OPPONENTS])} or sparring:N")
    return OPPONENTS[base](int(count) if count else None)
