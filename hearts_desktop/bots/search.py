"""Determinized Monte Carlo search shared by the Hard and Expert players (and the hints).

A decision is searched like this: deal the unseen cards in a way that agrees with the view
(``inference.DealSampler``), then for each sensibly different legal card play the whole
hand out with a fast rule-based policy for every seat (optionally Medium's own rules for
the tricks nearest the decision), and score the outcome from our seat. The card with the best mean over many deals wins. Every candidate sees the same
deals, so their differences are measured with far less noise than their means.

The playout policy works on bit masks straight from a ``HandState`` (building a
``PlayerView`` per card would cost more than the rest of the playout): it ducks, dumps the
queen and high hearts when void, fishes for the queen with low spades, sheds dangerous
high spades, wins the jack of diamonds when it can, and runs or stops a moon.

Search is stateless between decisions, checks ``cancel`` and the safety cap after every
deal (a few milliseconds), and returns the best answer found so far when either says stop.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..compiler import mypyc_attr
from ..engine import CARDS, Card, HandState, MoonAction, MoonScoring, Phase, PlayerView, Ruleset
from ..engine.cards import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Suit,
    cards_of,
    iter_bits,
    mask_of,
)
from .base import Cancel
from .heuristics import QUEEN_BIT, highest, lowest, masters, position_from_state
from .inference import QUEEN_CATCHERS, DealSampler, position_of
from .medium import medium_play
from .moon import (
    DANGER_REAL,
    defence_keep,
    defence_take,
    defence_veto,
    kept_from_us,
    likely_shooter,
    moon_possible,
    passed_low,
)

HEARTS: Final = int(Suit.HEARTS)
SPADES: Final = int(Suit.SPADES)
"""The suits as plain ints: the compiled build compares an int with an int natively, with a
``Suit`` only through Python's generic comparison, in the policy's every move."""

Utility = Callable[[Sequence[int], int], float]
"""Scores a hand's final points for a seat: lower is better for that seat."""


def relative_points(points: Sequence[int], seat: int) -> float:
    """Our points minus the others' mean: what a duplicate match measures, moons included."""
    mine = points[seat]
    return mine - (sum(points) - mine) / (len(points) - 1)


class PlayoutPolicy:
    """A fast club player's rules on masks: the move of the seat to act in a ``HandState``.

    ``moon_share`` is the fraction of the penalty points a lone taker must already hold
    before it plays for the moon and the others start stopping it; against a seat whose
    danger the searcher reads as real (``suspect``) they defend from its first point.
    (Defending from the queen alone cost Hard half a point a hand against the rule player,
    who never shoots: ``benchmarks/moon.txt``.)
    """

    def __init__(self, rules: Ruleset, moon_share: float = 0.6) -> None:
        t = rules.tables
        self.tables = t
        self.n = t.players
        self.deck = t.deck
        self.penalty = t.penalty_mask
        self.moon_possible = rules.moon is not MoonScoring.OFF
        self.moon_threshold = t.penalty_total * moon_share
        self.jack = 1 << JACK_OF_DIAMONDS if t.jack_bonus else 0
        self.queen_hurts = bool(self.penalty & QUEEN_BIT)
        # In Black Maria the ace and king of spades are penalty cards in their own right.
        self.catchers_hurt = bool(self.penalty & QUEEN_CATCHERS)
        self.hopeless = -1
        """A seat whose moon the searcher knows cannot happen (-1: none): it never runs one,
        and the others still keep their points from it."""
        self.kept = 0
        """Moon cards the searcher passed away and cannot reach: their holders keep them."""
        self.suspect = -1
        """A seat whose moon danger the searcher reads as real (``moon.likely_shooter``): the
        others defend against it from its first point."""
        self.suspect_danger = DANGER_REAL
        """The moon danger from which a seat is the ``suspect``."""
        self.suspect_signed = False
        """Whether the suspect showed a sign its points do not show (it passed us only low cards)."""
        self.early_stops = True
        """Whether the others take a trick from a suspect to stop its moon while only its points,
        short of the threshold, made it one. The coach's playouts do not: their opponents
        should play as strong players do, who do not spend a high heart on a seat that took
        the queen of spades (``benchmarks/playout_agreement.txt``); they still feed it nothing."""
        self.suspect_runs = False
        """Whether the suspect plays for the moon from its first point. Only worth it where the
        deals give a suspect a shooter's hand (``opponent_model.ShooterReadingSampler``): with
        an even share of the cards it would mostly fail, and the search would price moon
        defence low."""

    def start(self, view: PlayerView) -> None:
        """Called once per search with the position searched from: what the searcher knows
        that the playouts' seats cannot see (subclasses add their own)."""
        self.hopeless = -1 if moon_possible(view, view.seat) else view.seat
        self.kept = kept_from_us(view)
        self.suspect = likely_shooter(view, self.suspect_danger)
        self.suspect_signed = self.suspect >= 0 and passed_low(view, self.suspect)

    # ------------------------------------------------------------------ moon watch

    def shooter(self, state: HandState) -> int | None:
        """The seat that alone has taken penalty cards, once it holds enough that the others
        defend against its moon."""
        if not self.moon_possible:
            return None
        penalty = self.penalty
        holder = None
        for seat, won in enumerate(state.taken):
            if won & penalty:
                if holder is not None:
                    return None
                holder = seat
        if holder is None:
            return None
        taken = self.tables.points_in(state.taken[holder] & penalty)
        return holder if holder == self.suspect or taken >= self.moon_threshold else None

    def watched(self, state: HandState) -> int | None:
        """The seat the others defend against in this trick (``shooter``): from the third
        trick on, or from the first against a ``suspect`` (nobody reads a run earlier)."""
        return self.shooter(state) if state.tricks_played >= 2 or self.suspect >= 0 else None

    def stops(self, state: HandState, shooter: int) -> bool:
        """Whether the others pay a trick now to stop ``shooter``'s moon (see ``early_stops``)."""
        return (self.early_stops or self.suspect_signed
                or self.tables.points_in(state.taken[shooter] & self.penalty) >= self.moon_threshold)

    def runs(self, state: HandState, seat: int) -> bool:
        """Whether ``seat``, the lone taker of points, holds enough of them to play for the moon
        (and its moon can still happen: the others defend all the same)."""
        if seat == self.hopeless:
            return False
        if self.suspect_runs and seat == self.suspect:
            return True
        return self.tables.points_in(state.taken[seat] & self.penalty) >= self.moon_threshold

    def moon_open(self, state: HandState, seat: int) -> bool:
        """Whether no other seat has won a moon card yet: past that an attempt plays on as usual."""
        moon_mask = self.tables.moon_mask
        return not any(won & moon_mask for other, won in enumerate(state.taken) if other != seat)

    # ------------------------------------------------------------------ moves

    def choose(self, state: HandState, played: int, shooter: int | None = None,
               attempt: int | None = None) -> int:
        """The card for the seat to act.

        ``played`` holds every card seen so far; ``shooter`` is the seat the others believe
        is running the moon (what ``shooter()`` said at the start of the trick); ``attempt``
        is a seat that plays for the moon whatever it has taken.
        """
        legal = state.legal_mask()
        if not legal & (legal - 1):
            return highest(legal)
        seat = state.turn
        hand = state.hands[seat]
        out = self.deck & ~played & ~hand
        if (attempt == seat and self.moon_open(state, seat)) or (shooter == seat and self.runs(state, seat)):
            return self._shoot(state, legal, out)
        if not state.trick:
            if shooter is not None:
                stopper = masters(legal & HEARTS_MASK, out)
                if stopper:
                    return highest(stopper)  # a heart trick the shooter cannot win
            return self._lead(hand, legal, out)
        return self._follow(state, hand, legal, out, shooter)

    def _lead(self, hand: int, legal: int, out: int) -> int:
        """Lead the lowest card of the suit where it is least likely to win points."""
        best = -1
        best_score = 1e9
        queen_out = out & QUEEN_BIT
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            low = lowest(mine)
            others = out & SUIT_MASKS[suit]
            below = (others & ((1 << low) - 1)).bit_count()
            if others:
                score = below / others.bit_count()
            else:
                score = 1.5  # nobody else holds the suit: we win, and they discard on us
            if suit == SPADES and self.queen_hurts:
                if hand & QUEEN_BIT or (queen_out and hand & QUEEN_CATCHERS):
                    score += 1.0
                elif queen_out and low < QUEEN_OF_SPADES:
                    score -= 0.4  # fish for the queen with a low spade
            elif suit == HEARTS:
                score += 0.3
            score += 0.02 * (hand & SUIT_MASKS[suit]).bit_count()
            if self.jack and mine & self.jack and low == JACK_OF_DIAMONDS:
                score += 1.0
            if score < best_score:
                best, best_score = low, score
        return best

    def _follow(self, state: HandState, hand: int, legal: int, out: int, shooter: int | None) -> int:
        suit = SUIT_MASKS[state.led_suit]
        on_table = state.trick_mask
        winning = highest(on_table & suit)
        last = len(state.trick) == self.n - 1
        penalty = self.penalty
        points_on = on_table & penalty
        winner_seat = (state.leader + state.trick.index(winning)) % self.n
        if legal & suit:
            if shooter is not None and winner_seat == shooter:
                over = legal & ~((1 << winning) - 1)
                if over and (points_on or state.led_suit == HEARTS) and self.stops(state, shooter):
                    return highest(over)  # take the trick: the moon is stopped
                if not over:
                    return lowest(legal)  # keep the high cards that can stop it later
            if state.led_suit == SPADES and legal & QUEEN_BIT and winning > QUEEN_OF_SPADES:
                return QUEEN_OF_SPADES
            if last and not points_on:
                if self.jack and legal & self.jack and JACK_OF_DIAMONDS > winning:
                    return JACK_OF_DIAMONDS
                safe = legal & ~penalty
                if safe:
                    return highest(safe)
            under = legal & ((1 << winning) - 1)
            if under:
                keep_jack = under & ~self.jack
                return highest(keep_jack or under)
            if last:
                safe = legal & ~penalty
                return highest(safe) if safe else lowest(legal)
            if state.led_suit == HEARTS or (
                state.led_suit == SPADES and self.queen_hurts and out & QUEEN_BIT
            ):
                return lowest(legal)
            safe = legal & ~penalty
            return highest(safe) if safe else lowest(legal)
        return self._void(state, hand, legal, out, shooter, winner_seat)

    def _void(self, state: HandState, hand: int, legal: int, out: int, shooter: int | None,
              winner_seat: int) -> int:
        """A discard, void in the led suit: against a moon run, nothing for the shooter (or,
        holding only point cards, the lowest: the high hearts are the stoppers) or a point
        card that stops it; otherwise the usual discard. The moon cards the searcher passed
        away never go to it (their holder keeps them from it, as any defender would)."""
        if legal & self.kept and (
            winner_seat == self.hopeless or (self.hopeless - state.leader) % self.n > len(state.trick)
        ):
            legal = legal & ~self.kept or legal
        if shooter is not None:
            penalty = self.penalty
            if winner_seat == shooter or (shooter - state.leader) % self.n > len(state.trick):
                # Feed the shooter nothing, keep the cards that win.
                return lowest_rank(legal & ~penalty & ~self.jack or legal)
            elif legal & penalty:
                return highest(legal & penalty)  # a point card for someone else stops the moon
        return self._discard(hand, legal, out)

    def _discard(self, hand: int, legal: int, out: int) -> int:
        """Void in the led suit: shed the queen, dangerous spades, high hearts, high cards."""
        if legal & QUEEN_BIT and self.queen_hurts:
            return QUEEN_OF_SPADES
        catchers = legal & QUEEN_CATCHERS
        if catchers and (self.catchers_hurt or (self.queen_hurts and out & QUEEN_BIT)):
            return highest(catchers)
        hearts = legal & HEARTS_MASK & self.penalty
        if hearts:
            return highest(hearts)
        best = -1
        best_score = -1e9
        candidates = legal & ~self.jack or legal
        for suit in range(4):
            mine = candidates & SUIT_MASKS[suit]
            if not mine:
                continue
            high = highest(mine)
            score = high % 13 - 0.5 * (hand & SUIT_MASKS[suit]).bit_count()
            if score > best_score:
                best, best_score = high, score
        return best

    def _shoot(self, state: HandState, legal: int, out: int) -> int:
        """Playing for the moon: win every trick that holds or may draw points."""
        if not state.trick:
            return runner_lead(legal, out)
        suit = SUIT_MASKS[state.led_suit]
        if legal & suit:
            return highest(legal)
        clean = legal & ~self.penalty
        return lowest(clean) if clean else lowest(legal)


def runner_lead(legal: int, out: int) -> int:
    """A moon runner's lead: its sure winners in the side suits first, then its top hearts.

    While the others still follow a side suit they cannot keep a heart from our trick by
    discarding it elsewhere, and those who run out throw their hearts on our winners; hearts
    run first leave our side losers for the end, when they hand a defender a trick
    (issue 24: the hearts and diamonds run first lost a diamond and a heart). Without a sure
    winner, the highest card of the suit with the fewest others above it. A suit nobody
    else holds is no cash: leading it only gives the others a free discard.
    """
    sure = masters(legal, out)
    side = [c for c in iter_bits(sure & ~HEARTS_MASK) if out & SUIT_MASKS[c // 13]]
    if side:
        return max(side, key=lambda c: ((out & SUIT_MASKS[c // 13]).bit_count(), c))
    if sure:
        return highest(sure)
    best = -1
    best_score = -1e9
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if mine:
            high = highest(mine)
            above = (out & SUIT_MASKS[suit] & ~((1 << high) - 1)).bit_count()
            score = -above * 2 + high % 13 / 13
            if score > best_score:
                best, best_score = high, score
    return best


def lowest_rank(mask: int) -> int:
    """The card of ``mask`` of the lowest rank, whatever its suit (the least use in winning a trick)."""
    best = -1
    for suit in range(4):
        mine = mask & SUIT_MASKS[suit]
        if mine:
            low = lowest(mine)
            if best < 0 or low % 13 < best % 13:
                best = low
    return best


class MediumLookahead(PlayoutPolicy):
    """Medium's own choices for the next ``depth`` tricks, the fast rules after them.

    Medium weighs every card by the points it expects it to cost, which models the
    opponents (and our own later play) far better than the fast rules, at about ten times
    the cost; the tricks nearest the decision matter most, so they get the better model.
    Seats known to be Medium players (``medium_seats``) play its rules to the end: for
    them they are not a model but the truth.
    """

    def __init__(self, rules: Ruleset, depth: int, moon_share: float = 0.6,
                 medium_seats: tuple[int, ...] = ()) -> None:
        super().__init__(rules, moon_share)
        self.depth = depth
        self.horizon = depth
        self.medium_seats = medium_seats

    def start(self, view: PlayerView) -> None:
        super().start(view)
        self.horizon = len(view.tricks) + self.depth

    def choose(self, state: HandState, played: int, shooter: int | None = None,
               attempt: int | None = None) -> int:
        if attempt != state.turn and (state.tricks_played < self.horizon or state.turn in self.medium_seats):
            return medium_play(position_from_state(state))
        return super().choose(state, played, shooter, attempt)


def play_out(state: HandState, policy: PlayoutPolicy, played: int,
             attempt: int | None = None) -> tuple[int, ...]:
    """Finish the hand with ``policy`` for every seat; the hand's final points.

    ``attempt`` names a seat that plays for the moon throughout. The others defend as
    players at the table do: once the points taken show the run (``shooter``), not from
    the start, since neither a club player nor the Hard search can read an attempt
    earlier. A moon under "shooter's choice" adds to the others: both choices keep the
    same gaps.
    """
    shooter = None
    trick_number = -1
    playing = Phase.PLAYING
    while state.phase is playing:
        if state.tricks_played != trick_number:
            trick_number = state.tricks_played
            shooter = policy.watched(state)
        card = policy.choose(state, played, shooter, attempt)  # direct calls: native in the compiled build
        played |= 1 << card
        state.play(card)
    for chooser in state.to_act():  # after the last trick, only a moon's shooter may have to choose
        state.apply(MoonAction(chooser, MoonScoring.ADD_TO_OTHERS))
    assert state.result is not None
    return state.result.points


@mypyc_attr(native_class=False)  # pickled with the bots: a native frozen class is not
@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may think, counted in deals so a seeded decision is the same on
    any machine and under any load.

    The search plays up to ``max_deals`` deals. With ``confidence`` set, it stops earlier
    (after ``min_deals``) once the best candidate leads every other by that many standard
    errors (paired over the same deals), or once no choice differs by more than
    ``indifference`` points: easy decisions are quick. ``safety_seconds`` is a wall-clock
    cap only against a machine far slower than the one the counts were chosen on; hitting
    it makes the answer depend on the clock, so every hit is counted in ``SAFETY_CAP``.
    """

    max_deals: int
    min_deals: int = 16
    confidence: float | None = None
    indifference: float = 0.05
    safety_seconds: float | None = None

    def scaled(self, factor: float) -> Budget:
        """This budget with ``factor`` times its deals: the same search, thinking longer or
        shorter, for measuring strength against thinking time. The safety cap grows with it
        but never shrinks: a smaller budget cut by the clock would no longer be counted in work."""
        cap = None if self.safety_seconds is None else self.safety_seconds * max(1.0, factor)
        return Budget(max(1, round(self.max_deals * factor)), max(1, round(self.min_deals * factor)),
                      self.confidence, self.indifference, cap)

    def out_of_time(self, start: float) -> bool:
        """Whether the safety cap has been hit since ``start`` (a ``perf_counter`` reading);
        a hit is counted."""
        if self.safety_seconds is None or time.perf_counter() - start <= self.safety_seconds:
            return False
        SAFETY_CAP.hits += 1
        return True


class SafetyCapCount:
    """Decisions in this process cut short by a budget's wall-clock cap (the arena reports them)."""

    def __init__(self) -> None:
        self.hits = 0


SAFETY_CAP = SafetyCapCount()


@dataclass(slots=True)
class CandidateStats:
    """What the playouts after one candidate card showed, deal by deal."""

    card: Card
    attempt: bool = False
    """Whether we played for the moon in these playouts."""
    equivalents: tuple[Card, ...] = ()
    values: list[float] = field(default_factory=list)
    points: float = 0.0
    queen_taken: int = 0
    moons_shot: int = 0

    def add(self, value: float, points: int, queen_taken: bool, shooter: int | None, seat: int) -> None:
        self.values.append(value)
        self.points += points
        self.queen_taken += queen_taken
        if shooter == seat:
            self.moons_shot += 1

    @property
    def deals(self) -> int:
        return len(self.values)

    @property
    def mean_utility(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / len(self.values) if self.values else 0.0

    def share(self, count: int) -> float:
        return count / len(self.values) if self.values else 0.0


@dataclass(slots=True)
class SearchResult:
    """Every candidate's statistics, best first, and how much searching was done."""

    candidates: list[CandidateStats]
    deals: int
    seconds: float

    @property
    def best(self) -> CandidateStats:
        return self.candidates[0]


def distinct_plays(view: PlayerView) -> list[tuple[Card, ...]]:
    """Legal cards grouped where the choice cannot matter, lowest card of each group first.

    Two cards of a suit are interchangeable when every card ranked between them is in our
    hand or played to a finished trick, and they are worth the same points: whichever we
    play, the rest of the hand goes the same way. (A card on the table between them is the
    one to beat, so it keeps them apart.)
    """
    points = view.rules.tables.points
    gone = (view.played_mask & ~mask_of(view.trick)) | view.hand
    groups: list[list[Card]] = []
    previous = -1
    for c in cards_of(view.legal):
        if (
            groups
            and previous // 13 == c // 13
            and points[previous] == points[c]
            and _all_in(gone, previous + 1, c)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
        previous = c
    return [tuple(g) for g in groups]


def _all_in(mask: int, start: int, stop: int) -> bool:
    """Whether every card index in ``start..stop-1`` is in ``mask``."""
    span = ((1 << stop) - 1) & ~((1 << start) - 1)
    return mask & span == span


def paired_gap(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``a - b`` over the deals both saw, and its standard error.

    Candidates are compared on the same deals, so the per-deal differences are far less
    noisy than either mean.
    """
    differences = [x - y for x, y in zip(a, b)]
    count = len(differences)
    if count < 2:
        return 0.0, math.inf
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean, math.sqrt(spread / count)


def settled(outcomes: Sequence[Sequence[float]], budget: Budget) -> bool:
    """Whether more deals are unlikely to change the choice among candidates whose
    deal-by-deal outcomes (lower is better) are ``outcomes`` (see ``Budget.confidence``)."""
    if budget.confidence is None:
        return False
    best = min(outcomes, key=lambda values: sum(values) / len(values) if values else 0.0)
    for other in outcomes:
        if other is not best:
            gap, error = paired_gap(other, best)
            if gap - budget.confidence * error <= 0 and gap + error > budget.indifference:
                return False
    return True


def search_play(
    view: PlayerView,
    rng: random.Random,
    cancel: Cancel,
    budget: Budget,
    policy: PlayoutPolicy,
    utility: Utility = relative_points,
    sampler: DealSampler | None = None,
    moon_attempts: bool = False,
) -> SearchResult:
    """Evaluate each distinct legal card over sampled deals; candidates sorted best first.

    With ``moon_attempts`` every card is also tried with our seat playing for the moon in
    the playouts; a plan is chosen for the decision as a whole, never per deal.
    """
    start = time.perf_counter()
    groups = distinct_plays(view)
    candidates = [CandidateStats(g[0], False, g) for g in groups]
    if len(candidates) == 1:
        return SearchResult(candidates, 0, 0.0)
    if moon_attempts:
        candidates += [CandidateStats(g[0], True, g) for g in groups]
    sampler = sampler or DealSampler(view)
    seat = view.seat
    played = view.played_mask
    policy.start(view)
    deals = 0
    while deals < budget.max_deals and not cancel():
        if deals >= budget.min_deals and (
            (deals % 8 == 0 and settled([c.values for c in candidates], budget)) or budget.out_of_time(start)
        ):
            break
        root = position_of(view, sampler.sample(rng))
        for stats in candidates:
            state = root.copy()
            state.play(stats.card)
            points = play_out(state, policy, played | 1 << stats.card, seat if stats.attempt else None)
            result = state.result
            assert result is not None
            stats.add(utility(points, seat), points[seat], bool(result.taken[seat] & QUEEN_BIT),
                      result.moon_shooter, seat)
        deals += 1
    candidates.sort(key=lambda s: (s.mean_utility, s.card, s.attempt))
    return SearchResult(candidates, deals, time.perf_counter() - start)


def defended(view: PlayerView, result: SearchResult, active: bool = True) -> SearchResult:
    """``result`` with moon defence's call first (``moon.defence_take``) or its veto last
    (``moon.defence_veto``, and when ``active`` the stoppers of ``moon.defence_keep``): the
    search deals the hidden cards evenly, so it cannot see that a seat reading as a shooter
    holds a shooter's hand. Hard is not ``active``: it never takes early. Stable: otherwise
    the search's order."""
    take = defence_take(view) if active else -1
    if take >= 0:
        result.candidates.sort(key=lambda s: take not in s.equivalents)
    else:
        veto = defence_veto(view) | (defence_keep(view) if active else 0)
        if veto:
            result.candidates.sort(key=lambda s: bool(veto >> s.card & 1))
    return result


def policy_play(view: PlayerView, rng: random.Random, policy: PlayoutPolicy,
                sampler: DealSampler | None = None) -> Card:
    """The playout policy's own card for the view: the answer when there is no time to search.

    The policy reads only our hand and what is public, so any consistent deal will do.
    """
    state = position_of(view, (sampler or DealSampler(view)).sample(rng))
    return CARDS[policy.choose(state, view.played_mask)]
