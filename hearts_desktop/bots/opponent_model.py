"""Deals in which the players shown as Medium would have played exactly what they did.

Medium is a fixed set of rules: given its hand and what it saw, its card is determined. So
a player at the table who knows a seat is a Medium computer (the level is shown beside its
name) learns a lot from each of its plays: a deal where that seat would have played a
different card is, at best, unlikely. Uniform deals get several of its plays wrong by the
middle of a hand; the real deal gets almost all of them right (not all: we cannot see the
cards it passed to a third seat, which it remembers).

``ModelledDealSampler`` draws a deal as its parent does, then repairs it: while some
modelled seat's replayed decision disagrees with its real play, it swaps the card Medium
would have preferred out of that seat for an allowed card of another seat, keeping each
swap that does not add disagreements (or, rarely, one that does). Only legal layouts are
ever visited, so every deal still respects all of ``Knowledge``. A seat's decisions depend
only on its own hand and the public play, so each seat's replay is cached by hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..compiler import mypyc_attr
from ..engine import CARDS, HandState, Phase, PlayerView
from ..engine.cards import iter_bits
from ..words import Level
from .base import SeatLevels
from .heuristics import Position, position_from_view
from .inference import Deal, PlausibleDealSampler
from .knowledge import Knowledge
from .medium import count_losers, medium_play
from .moon import moon_danger

MODELLED_LEVEL = Level.MEDIUM
"""The level whose plays are replayed: deterministic rules we can run for any hand."""
REPAIR_STEPS = 40
"""Most swaps tried to bring one deal into line with the modelled seats' plays."""
DOUBT = 0.2
"""Weight a swap that adds one disagreement is kept with (the model is not exact)."""


@mypyc_attr(native_class=False)  # a native frozen class does not pickle
@dataclass(frozen=True, slots=True)
class Checkpoint:
    """One past decision of a modelled seat: what it knew, and what it played."""

    seat: int
    card: int
    later: int
    """The cards the seat played from this decision on: they were still in its hand."""
    public: Position
    """Its position with an empty hand: everything it knew but its own cards."""
    state: HandState
    """The table at that moment (the other hands are any consistent ones): scratch for the
    engine's legality rules, with the seat's hand swapped in per question."""

    def position(self, hand: int) -> Position:
        """Its position had it held ``hand`` (the cards it still holds now)."""
        held = hand | self.later
        self.state.hands[self.seat] = held
        public = self.public
        return public._replace(
            hand=held,
            legal=self.state.legal_mask(),
            unseen=public.unseen & ~held,
            allowed=tuple(held if s == self.seat else a & ~held for s, a in enumerate(public.allowed)),
        )


def modelled_seats(view: PlayerView, seat_levels: SeatLevels) -> tuple[int, ...]:
    """The other seats the table shows as Medium computer players."""
    return tuple(s for s, level in enumerate(seat_levels) if level == MODELLED_LEVEL and s != view.seat)


class ModelledDealSampler(PlausibleDealSampler):
    """Deals agreeing with the view, repaired until the modelled seats' plays fit them."""

    def __init__(self, view: PlayerView, seats: tuple[int, ...], knowledge: Knowledge | None = None) -> None:
        super().__init__(view, knowledge)
        self.seats = seats
        self.checkpoints: dict[int, list[Checkpoint]] = {s: [] for s in seats}
        self._cache: dict[tuple[int, int], tuple[int, ...]] = {}
        if seats and self.consistent and view.phase is Phase.PLAYING:
            self._record(view, super().sample(random.Random(0)))  # any consistent deal will do

    def _record(self, view: PlayerView, deal: Deal) -> None:
        """Replay the hand so far (in any consistent deal) and note each modelled decision."""
        n = view.players
        sequence = [(seat, c) for trick in view.tricks_so_far() for seat, c in zip(trick.seats(n), trick.cards)]
        state = HandState(view.rules, _dealt(deal, sequence), deal.kitty)
        later = [0] * n
        for seat, c in reversed(sequence):
            later[seat] |= 1 << c
        for seat, c in sequence:
            if seat in self.checkpoints:
                seen = view_at(view, state, seat)
                self.checkpoints[seat].append(
                    Checkpoint(seat, c, later[seat], position_from_view(seen), state.copy())
                )
            later[seat] &= ~(1 << c)
            state.play(c)

    def disagreements(self, seat: int, hand: int) -> tuple[int, ...]:
        """Medium's preferred card at each decision where it differs from the real play."""
        key = (seat, hand)
        found = self._cache.get(key)
        if found is None:
            found = tuple(
                preferred
                for point in self.checkpoints[seat]
                if (preferred := medium_play(point.position(hand))) != point.card
            )
            self._cache[key] = found
        return found

    def sample(self, rng: random.Random, tries: int = 24) -> Deal:
        deal = super().sample(rng, tries)
        if not any(self.checkpoints.values()):
            return deal
        return self._repair(deal, rng)

    def _repair(self, deal: Deal, rng: random.Random) -> Deal:
        hands = list(deal.hands)
        k = self.knowledge
        fixed, allowed = k.known, k.allowed
        others = [s for s in range(k.players) if s != k.seat]
        wrong = {s: self.disagreements(s, hands[s]) for s in self.seats}
        for _ in range(REPAIR_STEPS):
            culprits = [s for s in self.seats if wrong[s]]
            if not culprits:
                break
            a = rng.choice(culprits)
            free_a = hands[a] & ~fixed[a]
            x = rng.choice(wrong[a])
            if not free_a >> x & 1:  # it preferred a card it played later: move another
                if not free_a:
                    continue
                x = rng.choice(list(iter_bits(free_a)))
            takers = [b for b in others if b != a and allowed[b] >> x & 1]
            if not takers:
                continue
            b = rng.choice(takers)
            swaps = [z for z in iter_bits(hands[b] & ~fixed[b]) if allowed[a] >> z & 1]
            if not swaps:
                continue
            both = 1 << x | 1 << rng.choice(swaps)
            trial = {a: hands[a] ^ both, b: hands[b] ^ both}
            now = {s: self.disagreements(s, h) for s, h in trial.items() if s in wrong}
            added = sum(len(now[s]) - len(wrong[s]) for s in now)
            if added <= 0 or rng.random() < DOUBT ** added:
                for s, h in trial.items():
                    hands[s] = h
                wrong.update(now)
        return Deal(tuple(hands), deal.kitty)


def _dealt(deal: Deal, sequence: Sequence[tuple[int, int]]) -> list[int]:
    """Each seat's cards when play began: what it holds now and what it has played."""
    hands = list(deal.hands)
    for seat, c in sequence:
        hands[seat] |= 1 << c
    return hands


def view_at(view: PlayerView, state: HandState, seat: int) -> PlayerView:
    """What ``seat`` knew at ``state`` (without its own cards), as far as we can tell.

    Its hand is left empty (``Checkpoint.position`` fills it in). Of the cards it passed we
    know only those it passed to us.
    """
    received = tuple(c for c, sender in zip(view.received, view.received_from) if sender == seat)
    return replace(
        view,
        seat=seat,
        hand=0,
        legal=0,
        passed=received,
        pass_targets=(view.seat,) * len(received),
        received=(),
        received_from=(),
        leader=state.leader,
        turn=seat,
        trick=tuple(CARDS[c] for c in state.trick),
        tricks=tuple(state.tricks),
        hearts_broken=state.hearts_broken,
        cards_left=tuple(state.cards_left()),
        points_taken=tuple(state.points_taken_in_tricks()),
    )



READ_DANGER = 0.3
"""Moon danger (``moon.moon_danger``) from which a seat's hand is read as a shooter's: a lone
taker of a third of the points, or one that passed us only low cards."""
READ_DRAWS = 6
"""Deals drawn for each one kept while a seat reads as a shooter."""
READ_WEIGHT = 1.0
"""How much one likely loser fewer in a suspect's hand raises a deal's weight (a factor of
``e ** READ_WEIGHT``)."""


class ShooterReadingSampler(ModelledDealSampler):
    """Deals in which a seat reading as a shooter holds a shooter's hand, more than evenly.

    A player who passed away its low cards and has taken every point so far is not holding a
    random hand: it keeps winners. Dealt evenly, its hand is as weak as anyone's, so in the
    playouts its run rarely works and the search prices moon defence (the stopper, an early
    point trick) low. While a seat's danger is at least ``READ_DANGER`` each deal is chosen
    among ``READ_DRAWS`` drawn as the parent draws them, in proportion to
    ``exp(-READ_WEIGHT * losers)`` over the suspects' hands (sampling-importance-resampling:
    no deal is ruled out, the weak ones only grow rarer).
    """

    def __init__(self, view: PlayerView, seats: tuple[int, ...], knowledge: Knowledge | None = None) -> None:
        super().__init__(view, seats, knowledge)
        self.suspects = tuple(s for s, danger in enumerate(moon_danger(view)) if danger >= READ_DANGER)
        self.live = view.unseen_mask | view.hand
        """The cards still to be played, wherever they are."""

    def sample(self, rng: random.Random, tries: int = 24) -> Deal:
        deal = super().sample(rng, tries)
        if not self.suspects:
            return deal
        draws = [deal]
        while len(draws) < READ_DRAWS:  # a loop: zero-argument super() fails in a comprehension
            draws.append(super().sample(rng, tries))
        weights = [self.weight(d) for d in draws]
        pick = rng.random() * sum(weights)
        for drawn, weight in zip(draws, weights):
            pick -= weight
            if pick < 0:
                return drawn
        return draws[-1]

    def weight(self, deal: Deal) -> float:
        """How likely the suspects' plays make this deal: fewer likely losers, likelier."""
        losers = sum(count_losers(deal.hands[s], self.live & ~deal.hands[s]) for s in self.suspects)
        return math.exp(-READ_WEIGHT * losers)
