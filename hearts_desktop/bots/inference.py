"""Deals of the hidden cards that agree with everything a seat has seen, sampled uniformly.

Search bots cannot see the other hands, so they imagine them: many times a decision they
deal the unseen cards to the other seats (and the face-down kitty) and play each deal
out. A deal is only worth imagining if it agrees with what the seat knows (``Knowledge``:
voids, the cards it passed, first-trick dumps, hearts-only leads, hand sizes) and with
what the opening lead reveals about the kitty.

Sampling is exact and uniform over the consistent deals, and cannot get stuck: unseen
cards fall into a few classes by the set of places each may lie in, and a small dynamic
programme counts, once per view, the ways of filling every seat from the classes; each
sample then walks the counts (pick how many cards of each class go where, in proportion
to the deals that choice leaves possible) and shuffles within classes. A view that admits
no deal at all (it cannot arise in a real game) falls back to dealing by hand sizes only.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate
from math import factorial
from typing import NamedTuple

from ..engine import HandState, Phase, PlayerView
from ..engine.cards import (
    ACE_OF_SPADES,
    HEARTS_MASK,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Suit,
    iter_bits,
)
from .heuristics import QUEEN_BIT
from .knowledge import Knowledge

QUEEN_CATCHERS = 1 << KING_OF_SPADES | 1 << ACE_OF_SPADES
"""The king and ace of spades: they win the tricks the queen is thrown on."""
_FACTORIALS = tuple(float(factorial(k)) for k in range(53))


class Deal(NamedTuple):
    """One imagined layout: every seat's hand (ours as it is) and the face-down kitty."""

    hands: tuple[int, ...]
    kitty: int


class _Split(NamedTuple):
    """Ways to send one class's cards to its holders, with cumulative deal counts."""

    counts: tuple[tuple[int, ...], ...]
    cumulative: tuple[float, ...]


def kitty_certain(view: PlayerView) -> int:
    """Cards that must lie in the kitty: clubs below the opening card (nobody held them)."""
    if not view.kitty_size or view.phase is Phase.PASSING or view.opening_card < 0:
        return 0
    below = (1 << view.opening_card) - 1
    return below & SUIT_MASKS[Suit.CLUBS] & view.unseen_mask


class DealSampler:
    """Uniform sampler of the deals consistent with one view; build once per decision."""

    def __init__(self, view: PlayerView, knowledge: Knowledge | None = None) -> None:
        self.view = view
        self.knowledge = knowledge or Knowledge.from_view(view)
        k = self.knowledge
        n = k.players
        self._fixed = list(k.known)
        self._fixed_kitty = kitty_certain(view)
        # Holders are the other seats, then the kitty (index ``n``) when it hides cards.
        self._holders = [s for s in range(n) if s != k.seat]
        if k.kitty_hidden:
            self._holders.append(n)
        capacity = [k.counts[s] - k.known[s].bit_count() for s in self._holders[: n - 1]]
        if k.kitty_hidden:
            capacity.append(k.kitty_hidden - self._fixed_kitty.bit_count())
        free = k.unseen & ~self._fixed_kitty
        for s in range(n):
            free &= ~k.known[s]
        self._capacity = tuple(capacity)
        self.consistent = self._build(free, strict=True)
        if not self.consistent:
            self._build(free, strict=False)

    def _build(self, free: int, strict: bool) -> bool:
        """Group the free cards by where they may lie and count the deals; False if none."""
        places = [
            self.knowledge.allowed[h] if h < self.knowledge.players else -1 for h in self._holders
        ]
        if min(self._capacity, default=0) < 0:
            strict = False
        groups: dict[int, list[int]] = {}
        for c in iter_bits(free):
            signature = 0
            for index, allowed in enumerate(places):
                if not strict or allowed >> c & 1:
                    signature |= 1 << index
            groups.setdefault(signature, []).append(c)
        # Classes with fewer possible holders first keeps the counting table small.
        ordered = sorted(groups.items(), key=lambda item: (item[0].bit_count(), item[0]))
        self._classes = [cards for _, cards in ordered]
        self._class_holders = [
            tuple(i for i in range(len(places)) if signature >> i & 1) for signature, _ in ordered
        ]
        # What the classes after each one can still give each holder (prunes the counting).
        self._reach: list[list[int]] = []
        for index in range(len(self._classes) + 1):
            reach = [0] * len(places)
            for cards, holders in zip(self._classes[index:], self._class_holders[index:]):
                for h in holders:
                    reach[h] += len(cards)
            self._reach.append(reach)
        self._splits: dict[tuple[int, tuple[int, ...]], _Split] = {}
        capacity = tuple(max(0, c) for c in self._capacity)
        if not strict and sum(capacity) != free.bit_count():
            capacity = self._even_capacity(free.bit_count())
        self._start = capacity
        return self._ways(0, capacity) > 0

    def _even_capacity(self, cards: int) -> tuple[int, ...]:
        """Hand sizes that add up to the free cards (only for views no game can produce)."""
        capacity = [max(0, c) for c in self._capacity]
        index = 0
        while sum(capacity) < cards:
            capacity[index % len(capacity)] += 1
            index += 1
        while sum(capacity) > cards:
            if capacity[index % len(capacity)]:
                capacity[index % len(capacity)] -= 1
            index += 1
        return tuple(capacity)

    def _ways(self, index: int, capacity: tuple[int, ...]) -> float:
        """Deals that send classes ``index..`` into exactly the remaining ``capacity``."""
        if index == len(self._classes):
            return 1.0 if not any(capacity) else 0.0
        key = (index, capacity)
        split = self._splits.get(key)
        if split is None:
            split = self._split(index, capacity)
            self._splits[key] = split
        return split.cumulative[-1] if split.cumulative else 0.0

    def _split(self, index: int, capacity: tuple[int, ...]) -> _Split:
        cards = len(self._classes[index])
        holders = self._class_holders[index]
        counts: list[tuple[int, ...]] = []
        weights: list[float] = []
        later = self._reach[index + 1]
        if any(capacity[h] > later[h] for h in range(len(capacity)) if h not in holders):
            return _Split((), ())
        lows = [max(0, capacity[h] - later[h]) for h in holders]
        for split in _compositions(cards, lows, [capacity[h] for h in holders]):
            remaining = list(capacity)
            for h, taken in zip(holders, split):
                remaining[h] -= taken
            ways = self._ways(index + 1, tuple(remaining))
            if ways:
                weight = _FACTORIALS[cards]
                for taken in split:
                    weight /= _FACTORIALS[taken]
                counts.append(split)
                weights.append(weight * ways)
        return _Split(tuple(counts), tuple(accumulate(weights)))

    @property
    def deal_count(self) -> float:
        """How many deals agree with the view (a float: it can exceed 10**16)."""
        return self._ways(0, self._start)

    def sample(self, rng: random.Random) -> Deal:
        """One deal, every consistent deal equally likely."""
        k = self.knowledge
        hands = list(self._fixed)
        kitty = self._fixed_kitty
        got = [0] * len(self._holders)
        capacity = self._start
        for index, cards in enumerate(self._classes):
            split = self._splits[(index, capacity)]
            choice = bisect_right(split.cumulative, rng.random() * split.cumulative[-1])
            counts = split.counts[min(choice, len(split.counts) - 1)]
            shuffled = shuffle_drawn(rng, cards)
            start = 0
            remaining = list(capacity)
            for h, taken in zip(self._class_holders[index], counts):
                for c in shuffled[start:start + taken]:
                    got[h] |= 1 << c
                start += taken
                remaining[h] -= taken
            capacity = tuple(remaining)
        for h, mask in zip(self._holders, got):
            if h == k.players:
                kitty |= mask
            else:
                hands[h] |= mask
        return Deal(tuple(hands), kitty)

    def samples(self, rng: random.Random, count: int) -> Iterator[Deal]:
        for _ in range(count):
            yield self.sample(rng)


class PlausibleDealSampler(DealSampler):
    """Deals weighted by how sensible the opponents' plays would have been in them.

    A player who threw a small card while void is unlikely to hold the queen of spades
    (or a higher heart) it could have thrown instead; see ``unlikely_cards``. Each such
    card a deal puts in that player's hand multiplies the deal's weight by ``doubt``;
    sampling accepts uniform deals with that probability, so a deal is never ruled out,
    only made rarer, and a view with no such hints costs nothing extra.
    """

    def __init__(self, view: PlayerView, knowledge: Knowledge | None = None, doubt: float = 0.15) -> None:
        super().__init__(view, knowledge)
        self.doubt = doubt
        known = self.knowledge.known
        self.unlikely = tuple(m & ~known[s] for s, m in enumerate(unlikely_cards(view)))
        self._hinted = any(self.unlikely) and self.consistent

    def sample(self, rng: random.Random, tries: int = 24) -> Deal:
        deal = super().sample(rng)
        if not self._hinted:
            return deal
        best, fewest = deal, self._doubts(deal)
        for _ in range(tries):
            if fewest == 0 or rng.random() < self.doubt ** fewest:
                return best
            deal = super().sample(rng)
            doubts = self._doubts(deal)
            if doubts < fewest:
                best, fewest = deal, doubts
        return best

    def _doubts(self, deal: Deal) -> int:
        return sum((hand & unlikely).bit_count() for hand, unlikely in zip(deal.hands, self.unlikely))


def unlikely_cards(view: PlayerView) -> tuple[int, ...]:
    """Per seat: unplayed cards its own plays suggest it does not hold.

    A sensible player who cannot follow throws its most dangerous card: the queen of
    spades first, then (while she is out) the ace and king of spades, then its highest
    heart. So a void player who threw something else probably held none of those, and one
    who threw a heart probably held no higher heart. A player who followed a spade trick
    already won by the ace or king with a smaller spade would have dropped the queen.
    """
    rules = view.rules
    t = rules.tables
    n = view.players
    unlikely = [0] * n
    queen_hurts = bool(t.penalty_mask & QUEEN_BIT)
    played = 0
    for number, trick in enumerate(view.tricks_so_far()):
        led = trick.cards[0] // RANKS_PER_SUIT
        winning = trick.cards[0]
        for position, c in enumerate(trick.cards):
            seat = trick.seat_of(position, n)
            queen_out = queen_hurts and not (played | 1 << c) & QUEEN_BIT
            if position and seat != view.seat:
                if c // RANKS_PER_SUIT != led:
                    if number > 0 or rules.points_on_first_trick:
                        if queen_out:
                            unlikely[seat] |= QUEEN_BIT
                            if not 1 << c & QUEEN_CATCHERS:
                                unlikely[seat] |= QUEEN_CATCHERS
                        if c // RANKS_PER_SUIT == Suit.HEARTS:
                            unlikely[seat] |= HEARTS_MASK & ~((2 << c) - 1)
                elif led == Suit.SPADES and queen_out and winning > QUEEN_OF_SPADES and c < QUEEN_OF_SPADES:
                    unlikely[seat] |= QUEEN_BIT
            if c // RANKS_PER_SUIT == led and c > winning:
                winning = c
            played |= 1 << c
    return tuple(m & view.unseen_mask for m in unlikely)


def shuffle_drawn(rng: random.Random, cards: list[int]) -> list[int]:
    """``rng.sample(cards, len(cards))`` drawn from the same random bits in the same order, so
    a seeded search deals the same cards: the library's ``sample`` is interpreted Python, about
    a sixth of the compiled search's time (10,000 -> 11,900 playouts/s with this, e0a822c and
    ``benchmarks/compiled_build.txt``). (``tests/test_inference.py`` checks the two agree.)"""
    pool = cards[:]
    drawn = []
    for left in range(len(pool), 0, -1):
        bits = left.bit_length()
        pick = rng.getrandbits(bits)
        while pick >= left:
            pick = rng.getrandbits(bits)
        drawn.append(pool[pick])
        pool[pick] = pool[left - 1]
    return drawn


def _compositions(total: int, lows: list[int], highs: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as an ordered sum whose part ``i`` lies in
    ``lows[i]..highs[i]``."""
    if len(highs) == 1:
        if lows[0] <= total <= highs[0]:
            yield (total,)
        return
    rest_low, rest_high = sum(lows[1:]), sum(highs[1:])
    for first in range(max(lows[0], total - rest_high), min(total - rest_low, highs[0]) + 1):
        for tail in _compositions(total - first, lows[1:], highs[1:]):
            yield (first, *tail)


def position_of(view: PlayerView, deal: Deal) -> HandState:
    """The full hand state for an imagined deal at exactly the view's point of play.

    While passing, the hands are the dealt ones and no one (but perhaps us) has passed.
    """
    rules = view.rules
    if view.phase is Phase.PASSING:
        state = HandState(rules, deal.hands, deal.kitty, view.direction)
        if view.passed is not None:
            state.pass_cards(view.seat, view.passed)
        return state
    return HandState.position(rules, deal.hands, deal.kitty, view.leader, view.trick, view.tricks)
